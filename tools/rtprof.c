/*
 * rtprof.c - hwprof run --runtime-profile FILE: where the runtime's own work on the
 * board spends its cycles, by function of its image (firmware/xlate.elf: the
 * translator, the dispatcher, the path recorder, the choice of heads, the interrupt
 * handler's drains, the sw scan).
 *
 * The board charges each block it runs in the image the cycles from its fetch to the
 * next block boundary (sim/vboard_prof.c: its stalls included, an interrupt's entry
 * and the host's charges between two calls not); the image's symbol table gives
 * each block's function.  One line a function, most cycles first (the copies of a
 * static function of a header, one a file, added up under its name), and the words
 * that no symbol covers, if any.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errf.h"
#include "profile.h"
#include "rtprof.h"

typedef struct {
  const char *name;
  uint64_t cycles, insns, entries;
  unsigned copies; /* functions of this name (a static inline function's, one a file) */
} fn_cost;

static int by_name(const void *a, const void *b) {
  return strcmp(((const fn_cost *)a)->name, ((const fn_cost *)b)->name);
}

static int most_cycles(const void *a, const void *b) {
  const fn_cost *x = a, *y = b;
  return x->cycles > y->cycles ? -1 : x->cycles < y->cycles;
}

/* A function's name, and how many functions have it if more than one. */
static const char *name_of(const fn_cost *c, char *buf, size_t len) {
  if (c->copies == 1)
    return c->name;
  snprintf(buf, len, "%s (%u copies)", c->name, c->copies);
  return buf;
}

/* The function at addr: the last symbol at or below it (sorted by address). */
static long function_of(const vboard_sym *s, long n, uint32_t addr) {
  long lo = 0, hi = n - 1, at = -1;
  while (lo <= hi) {
    long mid = lo + (hi - lo) / 2;
    if (s[mid].addr <= addr)
      at = mid, lo = mid + 1;
    else
      hi = mid - 1;
  }
  return at;
}

int rtprof_write(FILE *f, const prof_run *pr, const char *image, char *err, size_t errlen) {
  vboard_prof p;
  if (vboard_prof_get(pr->b, &p) < 0)
    return errf(err, errlen, "the board kept no profile of the runtime (--runtime host?)"), -1;
  vboard_sym *syms;
  long n = vboard_elf_functions(image, p.lo, p.hi, &syms, err, errlen);
  if (n < 0)
    return -1;
  fn_cost *fc = calloc((size_t)n + 1, sizeof *fc); /* the last: no symbol */
  if (!fc) {
    free(syms);
    return errf(err, errlen, "out of memory for %ld functions", n), -1;
  }
  for (long i = 0; i < n; i++)
    fc[i].name = syms[i].name;
  fc[n].name = "(no symbol)";
  uint64_t cycles = 0, insns = 0;
  for (uint32_t w = 0; w < (p.hi - p.lo) / 4; w++) {
    if (!p.entries[w])
      continue;
    long k = function_of(syms, n, p.lo + 4 * w);
    fn_cost *c = &fc[k < 0 ? n : k];
    c->cycles += p.cycles[w], c->insns += p.insns[w], c->entries += p.entries[w];
    cycles += p.cycles[w], insns += p.insns[w];
  }
  qsort(fc, (size_t)n + 1, sizeof *fc, by_name);
  long m = 0;
  for (long i = 0; i <= n; i++) {
    if (m && !strcmp(fc[m - 1].name, fc[i].name)) {
      fn_cost *c = &fc[m - 1];
      c->cycles += fc[i].cycles, c->insns += fc[i].insns, c->entries += fc[i].entries;
      c->copies++;
    } else {
      fc[m] = fc[i];
      fc[m++].copies = 1;
    }
  }
  qsort(fc, (size_t)m, sizeof *fc, most_cycles);
  uint64_t run = pr->r.board.cpu_cycles;
  char buf[64];
  double img = cycles ? (double)cycles : 1.0, all = run ? (double)run : 1.0;
  fprintf(f,
          "# hwprof run --runtime-profile: the runtime's work on the board by function of %s\n"
          "# cycles: from a block's fetch to the next block boundary, its stalls included\n"
          "# the run %llu cycles; the image %llu (%.2f %%), %llu PowerPC instructions\n"
          "%-32s %12s %8s %8s %12s %10s %8s\n",
          image, (unsigned long long)run, (unsigned long long)cycles, 100.0 * (double)cycles / all,
          (unsigned long long)insns, "function", "cycles", "%image", "%run", "instructions",
          "blocks", "cyc/insn");
  for (long i = 0; i < m; i++)
    if (fc[i].entries)
      fprintf(f, "%-32s %12llu %8.2f %8.2f %12llu %10llu %8.2f\n", name_of(&fc[i], buf, sizeof buf),
              (unsigned long long)fc[i].cycles, 100.0 * (double)fc[i].cycles / img,
              100.0 * (double)fc[i].cycles / all, (unsigned long long)fc[i].insns,
              (unsigned long long)fc[i].entries,
              fc[i].insns ? (double)fc[i].cycles / (double)fc[i].insns : 0.0);
  free(fc);
  free(syms);
  return 0;
}
