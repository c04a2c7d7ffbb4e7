/*
 * edges.c - indirect edges per (jump, target) (edge=FILE), sorted by jump, then
 * target.  The jumps are `jr rs` and `jalr $0, rs` with rs != $ra (found by their
 * encoding when translated; hwprof's HWPROF_EVENT_INDIRECT).  A callback on each
 * marks the jump as it starts; the next translation block to start (not the
 * jump's own delay slot, should qemu have put it in a block of its own) is the
 * target.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "qemu_count.h"

struct edge {
  uint64_t jump, target, count; /* jump == 0: a free slot */
};
static struct edge *edges; /* open addressing */
static size_t slots, used;
static uint64_t jump_now; /* the indirect jump now executing, 0 if none */

static size_t edge_index(uint64_t jump, uint64_t target, size_t n) {
  return (size_t)(((jump >> 2) * 0x9E3779B97F4A7C15ull ^ (target >> 2)) * 0x9E3779B97F4A7C15ull >>
                  32) &
         (n - 1);
}

/* Counts one traversal (under the lock); false when out of memory. */
static bool edge_add(uint64_t jump, uint64_t target) {
  if (2 * (used + 1) > slots) {
    size_t n = slots ? 2 * slots : 1024;
    struct edge *e = calloc(n, sizeof *e);
    if (!e)
      return false;
    for (size_t i = 0; i < slots; i++)
      if (edges[i].jump) {
        size_t j = edge_index(edges[i].jump, edges[i].target, n);
        while (e[j].jump)
          j = (j + 1) & (n - 1);
        e[j] = edges[i];
      }
    free(edges);
    edges = e;
    slots = n;
  }
  size_t i = edge_index(jump, target, slots);
  while (edges[i].jump && !(edges[i].jump == jump && edges[i].target == target))
    i = (i + 1) & (slots - 1);
  if (!edges[i].jump) {
    edges[i] = (struct edge){jump, target, 0};
    used++;
  }
  edges[i].count++;
  return true;
}

static void jump_insn(unsigned int vcpu, void *jump) {
  (void)vcpu;
  jump_now = (uint64_t)(uintptr_t)jump;
}

void edges_translate(struct qemu_plugin_insn *insn, uint64_t vaddr) {
  uint32_t w;
  if (qc_word(insn, &w) && qc_is_indirect_jump(w))
    qemu_plugin_register_vcpu_insn_exec_cb(insn, jump_insn, QEMU_PLUGIN_CB_NO_REGS,
                                           (void *)(uintptr_t)vaddr);
}

void edges_tb_start(uint64_t pc) {
  if (!jump_now || pc == jump_now + 4) /* none, or the jump's own delay slot */
    return;
  pthread_mutex_lock(&qc_lock);
  if (!edge_add(jump_now, pc))
    qc_no_memory();
  pthread_mutex_unlock(&qc_lock);
  jump_now = 0;
}

static int by_jump(const void *a, const void *b) {
  const struct edge *x = a, *y = b;
  if (x->jump != y->jump)
    return x->jump < y->jump ? -1 : 1;
  return (x->target > y->target) - (x->target < y->target);
}

/* One line per pair: jump and target in hex, count in decimal. */
static int emit(FILE *f, void *ctx) {
  (void)ctx;
  size_t n = 0;
  for (size_t i = 0; i < slots; i++) /* packed in place: the table is done with */
    if (edges[i].jump)
      edges[n++] = edges[i];
  qsort(edges, n, sizeof *edges, by_jump);
  slots = 0;
  for (size_t i = 0; i < n; i++)
    if (fprintf(f, "%08" PRIx64 " %08" PRIx64 " %" PRIu64 "\n", edges[i].jump, edges[i].target,
                edges[i].count) < 0)
      return -1;
  return 0;
}

int edges_write(const char *path) {
  return qc_write_whole(path, emit, NULL);
}
