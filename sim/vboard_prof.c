/*
 * vboard_prof.c - where the board's CPU spends its cycles in one range of code: a
 * profile of the runtime's own image (firmware/xlate.elf) by code word.
 *
 * Each block the CPU runs in the range is charged the cycles from its fetch to the
 * next block's boundary (or to the end of the host's call into the board,
 * vboard_call): its own cycles, its fetch and data-cache stalls, its bus waits, its
 * mispredicted branch.  What the board charges at a block boundary (an interrupt's
 * entry) and what the host charges between two calls (a system call's kernel path)
 * are not in it.  A block is keyed
 * by the word it starts at; vboard_elf_functions names the words by function.
 */
#include <stdlib.h>
#include <string.h>

#include "vboard_int.h"

struct vb_prof {
  uint32_t lo, hi;
  uint64_t *cycles, *insns, *entries; /* per code word of [lo, hi) */
  uint32_t last;                      /* the word of the block running, or UINT32_MAX */
  uint64_t last_start;                /* the cycle it started at */
};

int vboard_prof_range(vboard *b, uint32_t lo, uint32_t hi) {
  if (b->prof || hi <= lo || (lo | hi) & 3)
    return -1;
  vb_prof *p = calloc(1, sizeof *p);
  size_t n = (hi - lo) / 4;
  if (!p || !(p->cycles = calloc(n, sizeof *p->cycles)) ||
      !(p->insns = calloc(n, sizeof *p->insns)) || !(p->entries = calloc(n, sizeof *p->entries))) {
    vb_prof_free(p);
    return -1;
  }
  p->lo = lo, p->hi = hi, p->last = UINT32_MAX;
  b->prof = p;
  return 0;
}

void vb_prof_free(vb_prof *p) {
  if (!p)
    return;
  free(p->cycles);
  free(p->insns);
  free(p->entries);
  free(p);
}

void vb_prof_block(vboard *b, uint32_t addr, uint32_t size) {
  vb_prof *p = b->prof;
  if (addr < p->lo || addr >= p->hi)
    return;
  uint32_t w = (addr - p->lo) / 4;
  p->last = w, p->last_start = b->cycles;
  p->insns[w] += size / 4;
  p->entries[w]++;
}

void vb_prof_stop(vboard *b) { /* the block running ends now */
  vb_prof *p = b->prof;
  if (p->last != UINT32_MAX)
    p->cycles[p->last] += b->cycles - p->last_start;
  p->last = UINT32_MAX;
}

int vboard_prof_get(const vboard *b, vboard_prof *out) {
  const vb_prof *p = b->prof;
  if (!p)
    return -1;
  out->lo = p->lo, out->hi = p->hi;
  out->cycles = p->cycles, out->insns = p->insns, out->entries = p->entries;
  return 0;
}
