/*
 * onirq.c - the IP's interrupt handler's drains on the board (--runtime board and
 * checked): the runtime's side of firmware/irq.c.  When the IP's line rises, the
 * board's CPU pops the hot FIFO and counts the spill ring into the spill table,
 * which lives in the board's RAM, as a handler running on the PPC405 would; the
 * runtime (hwside.c) takes the crossings it reports, in its order, for its hot list.
 * With --superblocks the board also makes the crossings pending heads
 * (firmware/heads.c), and each crossing's head must be the one the runtime makes of it
 * (superblock.c; else the run stops naming the word).  It also
 * drains the IP's system-call table into its own list of pairs (sysprof.c takes it
 * after the run) and its edge table into its own edges (edgeprof.c), takes the
 * IP's call/return packets out of their ring and hands them to the calling-context
 * tree's builder (cctsrc.c, which runs beside the board's CPU: docs/cct.md), and
 * acknowledges the interrupt.
 *
 * The request is entered the dispatcher's way (XLATE_ENTRY_DISPATCH: the registers
 * the translated code holds saved and restored), at the block boundary where the
 * host's handler runs; its cycles are the run's (the interrupt span's, cycles.c).
 * The host does not drain the FIFO or the ring again (a pop is a pop): what checks
 * the board's drains is the run's counts, the same as the sw profile's and as
 * --runtime host's (tests/e2e/test_runtime.sh).  After the run the runtime takes the
 * board's table and the ring's place (rt_irq_take) and drains what is left itself,
 * as readout, outside the run's cycles either way.
 */
#include <stdlib.h>

#include "../firmware/xlate.h"
#include "runtime.h"

_Static_assert(XLATE_IRQ_TABLE >= DBT_COUNTERS + 4u * DBT_MAX_COUNTERS &&
                   XLATE_IRQ_END <= DBT_SPILL,
               "the interrupt handler's table lies between the counters and the spill ring");
_Static_assert(XLATE_IRQ_EDGES >= DBT_EDGES + DBT_EDGE_SITES * DBT_EDGE_SITE_BYTES &&
                   XLATE_IRQ_EDGE_END <= DBT_CCT_RING,
               "the handler's edges lie between the sw profile's edge sites and the packet rings");
_Static_assert(XLATE_IRQ_CCT >= DBT_CCT_HW_RING + 4u * DBT_CCT_HW_WORDS &&
                   XLATE_IRQ_CCT + 4u * XLATE_IRQ_CCT_WORDS <= XLATE_BASE &&
                   DBT_CCT_HW_WORDS <= XLATE_IRQ_CCT_WORDS,
               "the packets' queue lies between the IP's packet ring and the image, and "
               "holds a whole ring");
_Static_assert(XLATE_HEADS_WORDS >= DBT_SPILL + 4u * DBT_SPILL_WORDS &&
                   XLATE_HEADS_END <= DBT_EDGES,
               "the choice of heads' tables lie between the spill ring and the sw edge sites");

/* Request q (its op and what set) run on the board; its reply in q and s. */
static int call(dbt *d, xlate_disp *q, rt_irq_state *s) {
  int64_t c = rt_image_call(d, XLATE_ENTRY_DISPATCH, q, XLATE_DISP_WORDS);
  d->st.board_irqs++;
  if (c < 0)
    return errf(d->failed, sizeof d->failed,
                "profiling IP: the interrupt handler on the board stopped: %s",
                vboard_message(d->b)),
           -1;
  d->st.irq_board_cycles += (uint64_t)c;
  *s = (rt_irq_state){.slots = q->tab,
                      .cap = q->tab_cap,
                      .used = q->tab_used,
                      .tail = q->tail,
                      .sys_n = q->sys_n,
                      .edge_n = q->edge_n,
                      .edge_hot_reported = q->edge_hot_reported,
                      .edge_hot_at_drain = q->edge_hot_at_drain,
                      .edge_drains = q->edge_drains,
                      .cct_tail = q->cct_tail,
                      .counted = (uint64_t)q->tab_counted_hi << 32 | q->tab_counted_lo};
  int err = (int)q->err;
  if (err == -HWPROF_ENOSPC && q->full == XLATE_IRQ_RING)
    return errf(d->failed, sizeof d->failed,
                "profiling IP: the interrupt handler on the board counts at most %u spilled "
                "blocks (its table of %u slots is full)",
                XLATE_IRQ_TABLE_CAP / 4 * 3, XLATE_IRQ_TABLE_CAP),
           -1;
  if (err == -HWPROF_ENOSPC && q->full == XLATE_IRQ_SYSCALLS)
    return errf(d->failed, sizeof d->failed,
                "profiling IP: the interrupt handler on the board counts at most %u (call site, "
                "system-call number) pairs",
                XLATE_IRQ_SYS_CAP),
           -1;
  if (err == -HWPROF_ENOSPC && q->full == XLATE_IRQ_HEADS)
    return errf(d->failed, sizeof d->failed,
                "profiling IP: the choice of superblock heads on the board holds at most %u "
                "words reported hot",
                XLATE_HEADS_SEEN_CAP / 2),
           -1;
  if (err == -HWPROF_ENOSPC && q->full == XLATE_IRQ_EDGE_TABLE)
    return errf(d->failed, sizeof d->failed,
                "profiling IP: the interrupt handler on the board counts at most %u edges",
                XLATE_IRQ_EDGE_CAP),
           -1;
  if (err < 0)
    return errf(d->failed, sizeof d->failed, "profiling IP: the interrupt handler on the board: %s",
                hwprof_strerror(err)),
           -1;
  return 0;
}

int rt_irq_drain(dbt *d, unsigned what, void (*on_hot)(void *ctx, uint32_t word), void *ctx,
                 rt_irq_state *s, const hwprof_ring *ring, uint32_t mark) {
  xlate_disp q = {.op = XLATE_IRQ, .what = what};
  if (!s->cap) /* the run's first request sets the handler up */
    q = (xlate_disp){.op = XLATE_IRQ,
                     .what = what | XLATE_IRQ_START,
                     .ip = vboard_ip_base(d->b),
                     .ring = ring->bus_addr,
                     .ring_words = ring->words,
                     .ring_mark = mark,
                     .threshold = d->o.threshold,
                     .edge_threshold = d->o.edge_threshold,
                     .cct_ring = d->core.cct_hw ? DBT_CCT_HW_RING : 0,
                     .cct_words = d->core.cct_hw ? DBT_CCT_HW_WORDS : 0,
                     .heads = d->o.superblocks};
  do {
    if (call(d, &q, s) < 0)
      return -1;
    /* the side exits the crossings' words evaluated, in order (firmware/heads.c) */
    uint32_t nflips = d->o.superblocks ? rd32(d, XLATE_HEADS_FLIPS) : 0, f = 0;
    for (uint32_t i = 0; i < q.found; i++) {
      uint32_t word = rd32(d, XLATE_IRQ_HOT + 4 * i), at = XLATE_HEADS_FLIPS + 16 * (f + 1);
      rt_sb_pended(d);
      if (d->o.superblocks)
        rt_sb_board_eval(d, f < nflips && rd32(d, at) == i ? (f++, at) : 0);
      on_hot(ctx, word);
      if (d->o.superblocks && (rt_sb_check_head(d, rd32(d, XLATE_HEADS_PENDED + 4 * i),
                                                "the crossing of word", word) < 0 ||
                               rt_sb_check_eval(d, word) < 0))
        return -1;
    }
    for (unsigned i = 0; i < d->nhooks && q.cct_n; i++)
      if (d->hooks[i]->ip_packets)
        d->hooks[i]->ip_packets(d, q.cct_at, q.cct_n);
    q.what &= ~XLATE_IRQ_START;
  } while (q.more);
  return 0;
}

int rt_irq_take(dbt *d, const rt_irq_state *s, hwprof_spill_table *t, hwprof_ring *ring) {
  if (!s->cap) /* the board never drained: the host's empty table and ring as set up */
    return 0;
  hwprof_entry *slots = malloc((size_t)s->cap * sizeof *slots);
  if (!slots)
    return errf(d->failed, sizeof d->failed, "out of memory for the board's spill table"), -1;
  for (uint32_t i = 0; i < s->cap; i++)
    slots[i] = (hwprof_entry){rd32(d, s->slots + 8 * i), rd32(d, s->slots + 8 * i + 4)};
  free(t->slots);
  t->slots = slots;
  t->cap = s->cap;
  t->used = s->used;
  t->counted = s->counted;
  ring->tail = s->tail;
  return 0;
}

int rt_irq_syscalls(dbt *d, const rt_irq_state *s,
                    int (*add)(dbt *d, uint32_t site, uint32_t number, uint64_t n)) {
  for (uint32_t i = 0; i < s->sys_n; i++) {
    uint32_t a = XLATE_IRQ_SYS + (uint32_t)sizeof(xlate_sys) * i;
    uint64_t n = (uint64_t)rd32(d, a + 8) << 32 | rd32(d, a + 12);
    if (add(d, rd32(d, a), rd32(d, a + 4), n) < 0)
      return errf(d->failed, sizeof d->failed, "out of memory for the board's system calls"), -1;
  }
  return 0;
}

int rt_irq_edges(dbt *d, const rt_irq_state *s,
                 int (*add)(dbt *d, uint32_t src, uint32_t dst, uint64_t n, int hot)) {
  uint32_t at = XLATE_IRQ_EDGES + 4 * XLATE_IRQ_EDGE_HEADS;
  for (uint32_t i = 0; i < s->edge_n; i++, at += (uint32_t)sizeof(xlate_edge)) {
    uint64_t n = (uint64_t)rd32(d, at + 8) << 32 | rd32(d, at + 12);
    if (add(d, rd32(d, at), rd32(d, at + 4), n, rd32(d, at + 16) != 0) < 0)
      return errf(d->failed, sizeof d->failed, "out of memory for the board's edges"), -1;
  }
  return 0;
}
