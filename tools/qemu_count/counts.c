/*
 * counts.c - the instructions executed per address (out=FILE): every translated
 * instruction in the range gets an inline "add 1 to a uint64_t" op (no callback
 * per execution).  All translations of one address share one counter: a table
 * maps the address to a counter at a fixed place on the heap from its first
 * translation on (its address is baked into translated code, so counters never
 * move: they are carved from slabs never freed or reallocated).  Open
 * addressing, load factor at most 1/2; an empty slot has counter == NULL.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "qemu_count.h"

#define SLAB_COUNTERS 4096

struct slab {
  struct slab *next;
  size_t used;
  uint64_t counter[SLAB_COUNTERS];
};

struct slot {
  uint64_t vaddr;
  uint64_t *counter;
};

static struct slot *table;
static size_t table_size; /* a power of two */
static size_t table_used;
static struct slab *slabs;
static uint64_t range_lo, range_hi;
static bool range_hi_set;

void counts_range(uint64_t lo, uint64_t hi, bool hi_set) {
  range_lo = lo;
  range_hi = hi;
  range_hi_set = hi_set;
}

static bool grow(void) {
  size_t size = table_size ? table_size * 2 : 1 << 16;
  struct slot *t = calloc(size, sizeof *t);
  if (!t)
    return false;
  for (size_t i = 0; i < table_size; i++) {
    if (table[i].counter) {
      size_t j = qc_hash(table[i].vaddr, size);
      while (t[j].counter)
        j = (j + 1) & (size - 1);
      t[j] = table[i];
    }
  }
  free(table);
  table = t;
  table_size = size;
  return true;
}

/* The counter of vaddr, created (zero) on first use; NULL if out of memory. */
static uint64_t *counter_of(uint64_t vaddr) {
  size_t i;
  if (table_size) {
    for (i = qc_hash(vaddr, table_size); table[i].counter; i = (i + 1) & (table_size - 1))
      if (table[i].vaddr == vaddr)
        return table[i].counter;
  }
  if ((table_used + 1) * 2 > table_size && !grow())
    return NULL;
  if (!slabs || slabs->used == SLAB_COUNTERS) {
    struct slab *s = calloc(1, sizeof *s);
    if (!s)
      return NULL;
    s->next = slabs;
    slabs = s;
  }
  for (i = qc_hash(vaddr, table_size); table[i].counter; i = (i + 1) & (table_size - 1))
    ;
  table[i].vaddr = vaddr;
  table[i].counter = &slabs->counter[slabs->used++];
  table_used++;
  return table[i].counter;
}

void counts_translate(struct qemu_plugin_insn *insn, uint64_t vaddr) {
  if (vaddr < range_lo || (range_hi_set && vaddr >= range_hi))
    return;
  uint64_t *c = counter_of(vaddr);
  if (!c) {
    if (!qc_out_of_memory)
      qc_report("qemu_count: out of memory; the counts are incomplete and will not be written\n");
    qc_out_of_memory = true;
    return;
  }
  qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, c, 1);
}

static int by_vaddr(const void *a, const void *b) {
  uint64_t x = ((const struct slot *)a)->vaddr, y = ((const struct slot *)b)->vaddr;
  return (x > y) - (x < y);
}

/* The addresses with a non-zero count, sorted (the table is done with). */
static struct slot *sorted;
static size_t nsorted;
static uint64_t total;

int counts_collect(const char *path) {
  sorted = malloc((table_used ? table_used : 1) * sizeof *sorted);
  if (!sorted) {
    qc_report("qemu_count: out of memory at exit; %s not written\n", path);
    return -1;
  }
  for (size_t i = 0; i < table_size; i++)
    if (table[i].counter && *table[i].counter) {
      sorted[nsorted++] = table[i];
      total += *table[i].counter;
    }
  qsort(sorted, nsorted, sizeof *sorted, by_vaddr);
  return 0;
}

static int emit(FILE *f, void *ctx) {
  (void)ctx;
  for (size_t i = 0; i < nsorted; i++)
    if (fprintf(f, "%08" PRIx64 " %" PRIu64 "\n", sorted[i].vaddr, *sorted[i].counter) < 0)
      return -1;
  return 0;
}

int counts_write(const char *path) {
  int rc = qc_write_whole(path, emit, NULL);
  if (rc == 0) {
    char buf[256];
    snprintf(buf, sizeof buf, "qemu_count: %zu addresses, %" PRIu64 " instructions\n", nsorted,
             total);
    qemu_plugin_outs(buf); /* shown with -d plugin only */
  }
  free(sorted);
  sorted = NULL;
  return rc;
}
