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

static int drain_hot(hwprof_sim *s, ip_run *r, size_t *cap) {
  for (;;) {
    uint32_t st, spc;
    if (rd(s, HWPROF_STATUS_OFFSET, &st))
      return -1;
    if (!(st & HWPROF_STATUS_HOT_PENDING))
      return wr(s, HWPROF_IRQ_STATUS_OFFSET, HWPROF_IRQ_MASK);
    if (rd(s, HWPROF_HOT_POP_OFFSET, &spc))
      return -1;
    if (r->n_hot == *cap) {
      *cap = *cap ? 2 * *cap : 256;
      uint32_t *grown = realloc(r->hot, *cap * sizeof *grown);
      if (!grown)
        return -1;
      r->hot = grown;
    }
    r->hot[r->n_hot++] = spc;
  }
}

int ip_stream(hwprof_sim *s, const trace *t, uint32_t threshold, ip_run *r) {
  size_t cap = 0;
  r->hot = NULL;
  r->n_hot = 0;
  r->irqs = 0;
  if (wr(s, HWPROF_THRESHOLD_OFFSET, threshold) ||
      wr(s, HWPROF_IRQ_ENABLE_OFFSET, threshold ? HWPROF_IRQ_MASK : 0) ||
      wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE))
    return -1;
  /* Let the THRESHOLD command and any reset clear finish first. */
  for (uint32_t st = 0; !(st & HWPROF_STATUS_IDLE) || (st & HWPROF_STATUS_BUSY);) {
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
    if (threshold && (i & 15) == 0) {
      int irq = hwprof_sim_irq(s);
      r->irqs += irq && !irq_was;
      if (irq && drain_hot(s, r, &cap))
        return -1;
      irq_was = irq;
    }
  }
  if (hwprof_sim_drain(s) != 0) {
    fprintf(stderr, "hwprof: the IP stopped accepting events\n");
    return -1;
  }
  for (uint32_t st = 0; !(st & HWPROF_STATUS_IDLE);) {
    if (rd(s, HWPROF_STATUS_OFFSET, &st))
      return -1;
  }
  r->cycles = hwprof_sim_cycle(s) - c0;
  r->wall_s = now() - t0;
  if (threshold && drain_hot(s, r, &cap))
    return -1;
  for (unsigned i = 0; i < HWPROF_STAT_COUNT; i++)
    if (rd(s, HWPROF_STAT_FIRST_OFFSET + 4 * i, &r->stat[i]))
      return -1;
  return 0;
}
