/* ipstream.c - see ipstream.h. */
#define _POSIX_C_SOURCE 200809L
#include "ipstream.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int rd(hwprof_sim *s, uint32_t off, uint32_t *v) {
  int rc = hwprof_sim_read(s, off, v, NULL);
  if (rc != HWPROF_RESP_OKAY) {
    fprintf(stderr, "hwprof: IP read of offset %#x failed (%d)\n", off, rc);
    return -1;
  }
  return 0;
}

static int wr(hwprof_sim *s, uint32_t off, uint32_t v) {
  int rc = hwprof_sim_write(s, off, v, 0xF, NULL);
  if (rc != HWPROF_RESP_OKAY) {
    fprintf(stderr, "hwprof: IP write of %#x to offset %#x failed (%d)\n", v, off, rc);
    return -1;
  }
  return 0;
}

const char *ip_hash_name(unsigned hash) {
  static const char *names[] = {"low16", "low16_shr2", "xor_fold", "mult"};
  return hash < 4 ? names[hash] : "unknown";
}

int ip_read_params(hwprof_sim *s, hwprof_model_params *p) {
  uint32_t id, cfg, cfg2;
  if (rd(s, HWPROF_ID_OFFSET, &id) || rd(s, HWPROF_CONFIG_OFFSET, &cfg) ||
      rd(s, HWPROF_CONFIG2_OFFSET, &cfg2))
    return -1;
  if (id != HWPROF_ID_MAGIC) {
    fprintf(stderr, "hwprof: ID register reads %#x, not %#x\n", id, HWPROF_ID_MAGIC);
    return -1;
  }
  hwprof_model_params_from_config(p, cfg, cfg2);
  return 0;
}

int ip_read_table(hwprof_sim *s, const hwprof_model_params *p, hwprof_model_entry *tab) {
  for (uint32_t i = 0; i < (1u << p->index_bits); i++) {
    if (rd(s, HWPROF_TABLE_OFFSET + 8 * i, &tab[i].key) ||
        rd(s, HWPROF_TABLE_OFFSET + 8 * i + 4, &tab[i].count))
      return -1;
    tab[i].hot = 0;
  }
  return 0;
}

/* The ring, in host memory at RING_BASE as the IP sees it. */
#define RING_BASE 0x40000000u
static uint32_t ring[IP_RING_MAX_WORDS];
static uint32_t ring_words, ring_tail;

static int ring_store(void *ctx, uint32_t addr, uint32_t data) {
  (void)ctx;
  if (addr < RING_BASE || addr - RING_BASE >= 4u * ring_words || (addr & 3))
    return -1;
  ring[(addr - RING_BASE) / 4] = data;
  return 0;
}

static int push(uint32_t **v, size_t *n, size_t *cap, uint32_t x) {
  if (*n == *cap) {
    *cap = *cap ? 2 * *cap : 256;
    uint32_t *grown = realloc(*v, *cap * sizeof *grown);
    if (!grown) {
      fprintf(stderr, "hwprof: out of memory\n");
      return -1;
    }
    *v = grown;
  }
  (*v)[(*n)++] = x;
  return 0;
}

/* Consumes what the ring holds: HEAD, the words, TAIL. */
static int drain_ring(hwprof_sim *s, ip_run *r, size_t *cap) {
  uint32_t head;
  if (!ring_words || rd(s, HWPROF_SPILL_HEAD_OFFSET, &head))
    return ring_words ? -1 : 0;
  if (head == ring_tail)
    return 0;
  for (; ring_tail != head; ring_tail++)
    if (push(&r->spilled, &r->n_spilled, cap, ring[ring_tail & (ring_words - 1u)]))
      return -1;
  return wr(s, HWPROF_SPILL_TAIL_OFFSET, ring_tail);
}

static int drain_hot(hwprof_sim *s, ip_run *r, size_t *cap) {
  for (;;) {
    uint32_t st, spc;
    if (rd(s, HWPROF_STATUS_OFFSET, &st))
      return -1;
    if (!(st & HWPROF_STATUS_HOT_PENDING))
      return 0;
    if (rd(s, HWPROF_HOT_POP_OFFSET, &spc) || push(&r->hot, &r->n_hot, cap, spc))
      return -1;
  }
}

static uint32_t edge_entries; /* the IP's edge table, 0: none */

/* The edge table at half full: wait until the events written have reached it, read
 * it, empty it (the drain libhwprof's hwprof_drain_edges does). */
static int drain_edges(hwprof_sim *s, ip_run *r) {
  uint32_t st = 0, used, c, ctrl;
  if (!edge_entries || rd(s, HWPROF_EDGE_USED_OFFSET, &used))
    return edge_entries ? -1 : 0;
  if (used < edge_entries / 2)
    return 0;
  while (!(st & HWPROF_STATUS_IDLE))
    if (rd(s, HWPROF_STATUS_OFFSET, &st))
      return -1;
  for (uint32_t i = 0; i < edge_entries; i++) {
    if (rd(s, HWPROF_EDGE_TABLE_OFFSET + HWPROF_EDGE_ENTRY_BYTES * i + 8, &c))
      return -1;
    r->edges_drained += c;
  }
  r->edge_drains++;
  return rd(s, HWPROF_CTRL_OFFSET, &ctrl) ||
         wr(s, HWPROF_CTRL_OFFSET, (ctrl & HWPROF_CTRL_RW_MASK) | HWPROF_CTRL_EDGE_CLEAR);
}

/* The interrupt handler. */
static int service(hwprof_sim *s, ip_run *r, size_t *hot_cap, size_t *ring_cap) {
  return drain_hot(s, r, hot_cap) || drain_ring(s, r, ring_cap) || drain_edges(s, r) ||
         wr(s, HWPROF_IRQ_STATUS_OFFSET, HWPROF_IRQ_MASK);
}

int ip_stream(hwprof_sim *s, const trace *t, uint32_t threshold, uint32_t words, ip_run *r) {
  size_t cap = 0, ring_cap = 0;
  r->hot = NULL;
  r->n_hot = 0;
  r->irqs = 0;
  r->spilled = NULL;
  r->n_spilled = 0;
  if (words > IP_RING_MAX_WORDS || words == 1 || (words & (words - 1u))) {
    fprintf(stderr, "hwprof: a spill ring of %u words: want 0 or a power of two up to %u\n", words,
            IP_RING_MAX_WORDS);
    return -1;
  }
  uint32_t cfg2;
  if (rd(s, HWPROF_CONFIG2_OFFSET, &cfg2))
    return -1;
  edge_entries =
      (cfg2 & HWPROF_CONFIG2_EDGE_BITS_MASK)
          ? 1u << ((cfg2 & HWPROF_CONFIG2_EDGE_BITS_MASK) >> HWPROF_CONFIG2_EDGE_BITS_SHIFT)
          : 0;
  r->edges_drained = 0;
  r->edge_drains = 0;
  uint32_t irqs = (threshold ? HWPROF_IRQ_HOT : 0) | (words ? HWPROF_IRQ_SPILL : 0) |
                  (edge_entries ? HWPROF_IRQ_EDGE : 0);
  /* Let any reset clear finish first: SPILL_SIZE is taken only while idle. */
  for (uint32_t st = 0; !(st & HWPROF_STATUS_IDLE) || (st & HWPROF_STATUS_BUSY);) {
    if (rd(s, HWPROF_STATUS_OFFSET, &st))
      return -1;
  }
  ring_words = words;
  ring_tail = 0;
  hwprof_sim_on_mem_write(s, ring_store, NULL);
  if (wr(s, HWPROF_SPILL_BASE_OFFSET, RING_BASE) || wr(s, HWPROF_SPILL_SIZE_OFFSET, words) ||
      wr(s, HWPROF_SPILL_MARK_OFFSET, words / 4) || wr(s, HWPROF_THRESHOLD_OFFSET, threshold) ||
      (edge_entries && wr(s, HWPROF_EDGE_MARK_OFFSET, edge_entries / 2)) ||
      wr(s, HWPROF_IRQ_ENABLE_OFFSET, irqs) || wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE))
    return -1;
  for (uint32_t st = 0; !(st & HWPROF_STATUS_IDLE);) {
    if (rd(s, HWPROF_STATUS_OFFSET, &st))
      return -1;
  }
  double t0 = now();
  uint64_t c0 = hwprof_sim_cycle(s);
  int irq_was = 0;
  for (size_t i = 0; i < t->n; i++) {
    hwprof_sim_post_wait(s, HWPROF_EVENT_OFFSET, t->spc[i]);
    /* The interrupt line is level-sensitive: a handler runs while it is high,
     * at most 16 stores after it rose (a CPU takes it within a few). */
    if (irqs && (i & 15) == 0) {
      int irq = hwprof_sim_irq(s);
      r->irqs += irq && !irq_was;
      if (irq && service(s, r, &cap, &ring_cap))
        return -1;
      irq_was = irq;
    }
  }
  if (hwprof_sim_drain(s) != 0) {
    fprintf(stderr, "hwprof: the IP stopped accepting events\n");
    return -1;
  }
  /* Idle covers the spill path: drain the ring (and the hot FIFO) until then. */
  for (uint32_t st = 0; !(st & HWPROF_STATUS_IDLE);) {
    if (rd(s, HWPROF_STATUS_OFFSET, &st) || drain_ring(s, r, &ring_cap) ||
        (threshold && drain_hot(s, r, &cap)))
      return -1;
  }
  r->cycles = hwprof_sim_cycle(s) - c0;
  r->wall_s = now() - t0;
  if (service(s, r, &cap, &ring_cap))
    return -1;
  for (unsigned i = 0; i < HWPROF_STAT_COUNT; i++)
    if (rd(s, HWPROF_STAT_FIRST_OFFSET + 4 * i, &r->stat[i]))
      return -1;
  return 0;
}
