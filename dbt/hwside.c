/*
 * hwside.c - the profiling IP, host side: set-up before the run, the interrupt
 * handler, and readout after it.
 *
 * The IP counts blocks in its on-chip table.  What that table cannot place
 * the IP writes to a ring in board RAM (DBT_SPILL; driver/hwprof_spill.h): the
 * linear table's SPCs that found no free slot within MAX_PROBE, or the
 * set-associative table's evicted entries, each with its count.  The handler
 * counts them here, in a table that grows as the program needs, and readout
 * adds this table's counts to the chip's (merge_spilled: with the linear table
 * a block is in one of the two; with sets in either or both).  A block counted
 * here crosses the threshold once, like one counted on chip; with sets a block
 * may be reported again by a later entry of it on chip, and the second report
 * is dropped (first_report).
 *
 * The handler runs at the next block boundary after the interrupt line rises
 * (IRQ_HOT, IRQ_SPILL at a quarter-full ring, IRQ_SYSCALL at a half-full
 * system-call table (sysprof.c), IRQ_EDGE at a half-full edge table and
 * IRQ_EDGE_HOT (edgeprof.c), IRQ_LOST).  With --runtime board (and checked) the
 * board's CPU pops the hot FIFO and counts the ring into a table in its own RAM
 * (onirq.c, firmware/irq.c): those cycles are the board's, caches included, and so
 * are those of making the crossings pending heads (firmware/heads.c); the runtime
 * takes the crossings it reports, makes its own heads of them to check the board's,
 * and after the run takes its table.  The rest
 * of the handler (the features' drains, the acknowledgement) is host-side, and
 * with --runtime host all of it: what it would cost the board's CPU is charged
 * (vboard_charge_irq, vboard_charge_irq_rest): the vector, a prologue and
 * epilogue where the board did not run them, and each of its loads and stores to
 * the IP, an instruction plus the bus time the transaction took in the RTL.  With
 * --runtime host the counting of spilled words is host work, not charged; making
 * the crossings heads and forming superblocks are the superblock former's.
 *
 * The ring keeps three quarters of its words free when the line rises, far more than the
 * event FIFO and the write buffer can still send before the handler runs, so
 * the IP never holds the CPU on a full ring.
 *
 * That is with a threshold and the linear table, whose blocks that found no slot are
 * counted only in the ring: each must be reported as it crosses.  The set-associative
 * table places every block on chip (evicting a colder one to the ring), so a hot block
 * crosses there; a run with it, or without a threshold, needs the ring's records only
 * at readout: its ring is 4 MiB past the translator's RAM (DBT_SPILL_LAZY), and the
 * handler counts it only once it holds three quarters of its words (its mark, which
 * raises the IP's line), its last quarter again far more than can come before the
 * handler runs.  A run whose records fit in that is spared the handler's counting of
 * each (a miss in a table too big for the data cache: 275 cycles a record in SQLite's
 * run); readout counts them, as it counts what is left in the ring after any run.  (A
 * block whose count the sets split crosses in the ring's table when that is counted:
 * at the mark, or at readout.)
 */
#include <stdlib.h>
#include <string.h>

#include "../firmware/xlate.h"
#include "envnum.h"
#include "hwprof_sim_bus.h"
#include "runtime.h"

#define SPILL_TAB_FIRST (1u << 12)

/* The IP's side: the driver's device, the readout, the blocks counted from the
 * spill ring (d->ip; the other features reach it through rt_ip_dev, rt_ip_profile
 * and rt_hw_fail, which says why the IP failed in d->failed). */
struct rt_ip {
  hwprof_dev dev;        /* over rt_hw_bus: the IP's bus, counting the accesses */
  uint64_t bus_accesses; /* the driver's loads and stores to the IP */
  int on;                /* the IP was set up for this run */
  int got;               /* prof holds the readout */
  dbt_hw_profile prof;
  size_t hot_cap;
  int hot_oom;
  hwprof_ring ring;         /* the IP's spill ring at DBT_SPILL, or DBT_SPILL_LAZY */
  uint32_t mark;            /* ... drained at interrupts once it holds mark words (0: at every
                             * one), and its IRQ_SPILL at mark (at a quarter of it with 0) */
  hwprof_spill_table spill; /* the blocks counted from it */
  int board;                /* the hot FIFO and the ring drained on the board (onirq.c) */
  rt_irq_state on_board;    /* ... its table and ring, until readout takes them */
  hwprof_spill_table seen;  /* with sets: the words reported hot (count 1 each) */
};

uint32_t rt_ip_key(const dbt *d, uint32_t word) {
  return d->core.words ? dbt_words_key(d->core.words, word) : word;
}

uint64_t rt_ip_count(dbt *d, uint32_t key) {
  uint32_t word = d->core.words ? dbt_words_word(d->core.words, key) : key, c = 0;
  if (hwprof_lookup(&d->ip->dev, word, &c) < 0)
    c = 0;
  return (uint64_t)c + hwprof_spill_table_lookup(&d->ip->spill, word);
}

uint64_t rt_ip_take_words(dbt *d, int64_t (*number)(const void *ctx, uint32_t key), const void *ctx,
                          uint64_t *cnt) {
  dbt_hw_profile *p = &d->ip->prof;
  hwprof_entry *e = p->entries;
  size_t n = 0, chip = 0;
  uint64_t events = 0;
  for (size_t i = 0; i < p->n_entries; i++) {
    int64_t k = number(ctx, e[i].spc);
    if (k >= 0) {
      cnt[k] += e[i].count;
      events += e[i].count;
    } else {
      chip += i < p->n_chip;
      e[n++] = e[i];
    }
  }
  p->n_entries = n;
  p->n_chip = chip;
  return events;
}

int rt_ip_add_blocks(dbt *d, uint64_t *add) {
  dbt_hw_profile *p = &d->ip->prof;
  size_t extra = 0, n = p->n_entries;
  for (uint32_t id = 0; id < d->nblocks; id++)
    extra += add[id] != 0;
  hwprof_entry *e = realloc(p->entries, (n + extra + 1) * sizeof *e);
  if (!e)
    return -1;
  p->entries = e;
  for (size_t i = 0; i < n; i++) {
    rec *r = rt_find(d, e[i].spc, 0);
    if (r && add[r->id]) {
      e[i].count += (uint32_t)add[r->id];
      add[r->id] = 0;
    }
  }
  for (uint32_t id = 0; id < d->nblocks; id++)
    if (add[id]) {
      e[n++] = (hwprof_entry){d->tab[d->by_id[id]].pc, (uint32_t)add[id]};
      add[id] = 0;
    }
  p->n_entries = n;
  return 0;
}

static uint32_t trace_key(void *ctx, uint32_t word) {
  return rt_ip_key(ctx, word);
}

/* The driver's bus: the simulated IP's, counting the loads and stores. */
static int bus_read32(void *ctx, uint32_t off, uint32_t *v) {
  dbt *d = ctx;
  d->ip->bus_accesses++;
  return hwprof_sim_bus_ops.read32(vboard_ip(d->b), off, v);
}

static int bus_write32(void *ctx, uint32_t off, uint32_t v) {
  dbt *d = ctx;
  d->ip->bus_accesses++;
  return hwprof_sim_bus_ops.write32(vboard_ip(d->b), off, v);
}

static const hwprof_bus_ops rt_hw_bus = {bus_read32, bus_write32};

int rt_hw_fail(dbt *d, const char *what, int err) {
  errf(d->failed, sizeof d->failed, "profiling IP: %s: %s", what, hwprof_strerror(err));
  d->ip->on = 0;
  return -1;
}

hwprof_dev *rt_ip_dev(dbt *d) {
  return &d->ip->dev;
}

dbt_hw_profile *rt_ip_profile(dbt *d) {
  return &d->ip->prof;
}

static int table_grow(hwprof_spill_table *t);
static int table_room(hwprof_spill_table *t, uint32_t cap);

/* Whether word is reported hot for the first time.  Only the set-associative IP
 * reports a word twice (see the top); with the linear one every report is new. */
static int first_report(dbt *d, uint32_t word) {
  int rc;
  if (!d->ip->dev.cfg.ways)
    return 1;
  if (!d->ip->seen.slots) {
    if (table_room(&d->ip->seen, 1u << 10) < 0)
      return d->ip->hot_oom = 1, 0;
    d->ip->seen.threshold = 1; /* add answers 1 for a word's first report */
  }
  while ((rc = hwprof_spill_table_add(&d->ip->seen, word)) == -HWPROF_ENOSPC)
    if (table_grow(&d->ip->seen) < 0)
      return d->ip->hot_oom = 1, 0;
  return rc == 1;
}

/* A threshold crossing, from the hot FIFO or from the spill table: the features'
 * hot hooks, and unless one of them claims it (a superblock's entry or side exit,
 * not a block), the hot list. */
static void hot(void *ctx, uint32_t word) {
  dbt *d = ctx;
  uint32_t spc = rt_ip_key(d, word);
  int claimed = 0;
  if (!first_report(d, word))
    return;
  for (unsigned i = 0; i < d->nhooks && !claimed; i++)
    if (d->hooks[i]->hot)
      claimed = d->hooks[i]->hot(d, spc);
  if (claimed)
    return;
  if (rt_grow(&d->ip->prof.hot, d->ip->prof.n_hot, &d->ip->hot_cap, sizeof *d->ip->prof.hot, 64) <
      0) {
    d->ip->hot_oom = 1;
    return;
  }
  d->ip->prof.hot[d->ip->prof.n_hot++] = (struct dbt_hot){spc, d->st.guest_insns};
}

static uint32_t ring_load(void *ctx, uint32_t index) {
  dbt *d = ctx;
  return rd32(d, d->ip->ring.bus_addr + 4u * index);
}

/* An empty table of cap slots (a power of two), counting to 2^32 - 1, no threshold. */
static int table_room(hwprof_spill_table *t, uint32_t cap) {
  hwprof_entry *slots = malloc((size_t)cap * sizeof *slots);
  if (!slots || hwprof_spill_table_init(t, slots, cap, 0, 32) < 0) {
    free(slots);
    return -HWPROF_ENOSPC;
  }
  return 0;
}

/* A table four times the size, holding what the full one held. */
static int table_grow(hwprof_spill_table *t) {
  hwprof_spill_table bigger;
  if (table_room(&bigger, 4u * t->cap) < 0)
    return -HWPROF_ENOSPC;
  if (hwprof_spill_table_move(&bigger, t) < 0) {
    free(bigger.slots);
    return -HWPROF_ENOSPC;
  }
  free(t->slots);
  *t = bigger;
  return 0;
}

const rt_irq_state *rt_hw_board_state(const dbt *d) {
  return d->ip && d->ip->board ? &d->ip->on_board : NULL;
}

/* The board's drains (what: XLATE_IRQ_*), the crossings to hot; -1 with d->failed.
 * The path recorder's requests still queued go first: a path begun before the
 * interrupt is begun on the board too when the handler there makes its heads. */
static int board_drain(dbt *d, unsigned what) {
  if (d->sb)
    rt_sb_trips(d);
  if (d->failed[0] ||
      rt_irq_drain(d, what, hot, d, &d->ip->on_board, &d->ip->ring, d->ip->mark) < 0)
    return d->ip->on = 0, -1;
  return 0;
}

/* Counts what the ring holds (with a mark, only once it holds that many words), growing the
 * table when it is full. */
static int spill_drain(dbt *d) {
  uint32_t held;
  int rc;
  if (d->ip->mark &&
      ((rc = hwprof_spill_held(&d->ip->dev, &d->ip->ring, &held)) < 0 || held < d->ip->mark))
    return rc < 0 ? rc : 0;
  while ((rc = hwprof_spill_drain(&d->ip->dev, &d->ip->ring, &d->ip->spill, hot, d)) ==
         -HWPROF_ENOSPC)
    if ((rc = table_grow(&d->ip->spill)) < 0)
      return rc;
  return rc;
}

/* Readout: entries[0, *n) are the chip's; the spill table's counts are added to
 * the keys the chip holds and its other keys appended (entries has room for all). */
static int merge_spilled(dbt *d, hwprof_entry *e, size_t *n) {
  const hwprof_spill_table *t = &d->ip->spill;
  hwprof_spill_table chip;
  size_t n_chip = *n;
  uint32_t cap = 16;
  while (cap < 2u * n_chip + 4u)
    cap *= 2;
  if (table_room(&chip, cap) < 0)
    return -HWPROF_ENOSPC;
  for (size_t i = 0; i < n_chip; i++) {
    uint32_t c = hwprof_spill_table_lookup(t, e[i].spc);
    hwprof_spill_table_add(&chip, e[i].spc);
    e[i].count = c > t->count_max - e[i].count ? t->count_max : e[i].count + c;
  }
  for (uint32_t i = 0; i < t->cap; i++)
    if (t->slots[i].count && !hwprof_spill_table_lookup(&chip, t->slots[i].spc))
      e[(*n)++] = t->slots[i];
  free(chip.slots);
  return 0;
}

/* The spill ring (above): DBT_SPILL with a threshold and the linear table, else
 * DBT_SPILL_LAZY, of $HWPROF_SPILL_WORDS words when set (a power of two, 64 to
 * DBT_SPILL_LAZY_WORDS). */
static int ring_of(dbt *d) {
  uint64_t words = DBT_SPILL_LAZY_WORDS;
  if (env_number("HWPROF_SPILL_WORDS", 64, DBT_SPILL_LAZY_WORDS, &words, d->failed,
                 sizeof d->failed) < 0)
    return -1;
  if (words & (words - 1))
    return errf(d->failed, sizeof d->failed,
                "HWPROF_SPILL_WORDS=%s: not a power of two from 64 to %u",
                getenv("HWPROF_SPILL_WORDS"), DBT_SPILL_LAZY_WORDS),
           -1;
  if (d->o.threshold && !d->ip->dev.cfg.ways) {
    d->ip->ring = (hwprof_ring){DBT_SPILL, DBT_SPILL_WORDS, ring_load, d, 0};
    d->ip->mark = 0;
  } else {
    d->ip->ring = (hwprof_ring){DBT_SPILL_LAZY, (uint32_t)words, ring_load, d, 0};
    d->ip->mark = (uint32_t)words / 4u * 3u;
  }
  return 0;
}

/* Before the run: an empty table and statistics, the threshold, the spill
 * ring, the features' parts of the IP (ip_setup), and the interrupts (hot with a
 * threshold; the ring and losses always). */
static int setup(dbt *d) {
  int rc;
  hwprof_entry *slots;
  d->ip->on = 1;
  vboard_trace_keys(d->b, d->core.words ? trace_key : NULL, d); /* --event-trace by key */
  if ((rc = hwprof_init(&d->ip->dev, &rt_hw_bus, d)) < 0)
    return rt_hw_fail(d, "init", rc);
  free(d->ip->spill.slots);
  d->ip->spill.slots = NULL;
  free(d->ip->seen.slots);
  d->ip->seen.slots = NULL;
  if (!(slots = malloc(SPILL_TAB_FIRST * sizeof *slots)))
    return rt_hw_fail(d, "spill table", -HWPROF_ENOSPC);
  hwprof_spill_table_init(&d->ip->spill, slots, SPILL_TAB_FIRST, d->o.threshold,
                          d->ip->dev.cfg.count_width);
  if ((rc = ring_of(d)) < 0)
    return rc;
  d->ip->board = rt_disp_on_board(d);
  memset(&d->ip->on_board, 0, sizeof d->ip->on_board);
  uint32_t irqs = HWPROF_IRQ_SPILL | HWPROF_IRQ_LOST | (d->o.threshold ? HWPROF_IRQ_HOT : 0) |
                  (d->ip->dev.cfg.syscall_entries ? HWPROF_IRQ_SYSCALL : 0) |
                  (d->ip->dev.cfg.edge_entries ? HWPROF_IRQ_EDGE | HWPROF_IRQ_EDGE_HOT : 0) |
                  (d->core.cct_hw ? HWPROF_IRQ_CCT : 0);
  if ((rc = hwprof_enable(&d->ip->dev, 0)) < 0 || (rc = hwprof_clear(&d->ip->dev)) < 0 ||
      (rc = hwprof_clear_stats(&d->ip->dev)) < 0 ||
      (rc = hwprof_set_threshold(&d->ip->dev, d->o.threshold)) < 0 ||
      (d->core.probe_window &&
       (rc = hwprof_set_event_origin(&d->ip->dev, d->core.prof_near - HWPROF_EVENT_WINDOW_PROBE)) <
           0) ||
      (d->ip->dev.cfg.spill && /* without it a miss is lost and counted: LOST_TABLE */
       (rc = hwprof_spill_start(&d->ip->dev, &d->ip->ring,
                                d->ip->mark ? d->ip->mark : d->ip->ring.words / 4u)) < 0))
    return rt_hw_fail(d, "set-up", rc);
  for (unsigned i = 0; i < d->nhooks; i++)
    if (d->hooks[i]->ip_setup && d->hooks[i]->ip_setup(d) < 0)
      return -1;
  if ((rc = hwprof_irq_enable(&d->ip->dev, irqs)) < 0 || (rc = hwprof_enable(&d->ip->dev, 1)) < 0 ||
      (rc = hwprof_wait_idle(&d->ip->dev)) < 0)
    return rt_hw_fail(d, "set-up", rc);
  return 0;
}

/* Pop the hot SPCs and count the ring (on the board: its drains, the features'
 * tables and rings, and the acknowledgement). */
static int drain(dbt *d) {
  uint32_t spc[16];
  size_t n;
  int rc;
  if (d->ip->board)
    return board_drain(d, XLATE_IRQ_FIFO | XLATE_IRQ_RING |
                              (d->core.sys_hw ? XLATE_IRQ_SYSCALLS : 0) |
                              (d->ip->dev.cfg.edge_entries ? XLATE_IRQ_EDGE_TABLE : 0) |
                              (d->core.cct_hw ? XLATE_IRQ_CCT_RING : 0) | XLATE_IRQ_ACK);
  do {
    if ((rc = hwprof_drain_hot(&d->ip->dev, spc, 16, &n)) < 0)
      return rt_hw_fail(d, "hot FIFO", rc);
    for (size_t i = 0; i < n; i++)
      hot(d, spc[i]);
  } while (n == 16);
  if ((rc = spill_drain(d)) < 0)
    return rt_hw_fail(d, "spill ring", rc);
  return 0;
}

/* After drain: the features' tables drained, the hot list's room checked, the
 * interrupt acknowledged (on the board, drain did both but the check). */
static int service_rest(dbt *d) {
  uint32_t pending;
  int rc;
  for (unsigned i = 0; i < d->nhooks; i++)
    if (d->hooks[i]->ip_drain && d->hooks[i]->ip_drain(d) < 0)
      return -1;
  if (d->ip->hot_oom)
    return rt_hw_fail(d, "hot list", -HWPROF_ENOSPC);
  if (!d->ip->board && (rc = hwprof_irq_ack(&d->ip->dev, &pending)) < 0)
    return rt_hw_fail(d, "interrupt", rc);
  return 0;
}

/* The interrupt's work: the drains, the features', the acknowledgement. */
static int service(dbt *d) {
  d->ip->prof.irqs++;
  return drain(d) < 0 ? -1 : service_rest(d);
}

/* The interrupt handler, at the next block boundary after the line rises,
 * charged to the board as it would run on its CPU.  With the drains on the board
 * their cycles are the board's (the span's); what stays on the host is charged as
 * its bus transactions, with the vector. */
static void boundary(dbt *d) {
  hwprof_sim *ip = vboard_ip(d->b);
  if (!d->ip->on || !hwprof_sim_irq(ip))
    return;
  rt_span span = rt_work_begin(d, DBT_CYC_IRQ);
  uint64_t c0 = hwprof_sim_cycle(ip), a0 = d->ip->bus_accesses;
  if (d->ip->board) {
    d->ip->prof.irqs++;
    if (drain(d) == 0) {
      vboard_sync_ip(d->b); /* (the board's acknowledgement is a posted store) */
      c0 = hwprof_sim_cycle(ip);
      service_rest(d);
      vboard_charge_irq_rest(d->b, hwprof_sim_cycle(ip) - c0, d->ip->bus_accesses - a0);
    }
  } else {
    service(d);
    vboard_charge_irq(d->b, hwprof_sim_cycle(ip) - c0, d->ip->bus_accesses - a0);
  }
  d->st.irq_ns += rt_work_end(d, &span);
}

/* Until the IP is idle, draining the spill ring and the features' rings (ip_ring):
 * any may be what it waits for (the event queue can still hold more packets than
 * the packet ring's free words).  The rings are drained after the status is read:
 * idle, they then hold all there is.  On the board the board drains them (the
 * packet ring's hook leaves it).  -1 with d->ip->err. */
int rt_hw_settle(dbt *d) {
  for (uint32_t polls = 0; polls < HWPROF_POLL_LIMIT; polls++) {
    uint32_t st;
    int rc = hwprof_read(&d->ip->dev, HWPROF_STATUS_OFFSET, &st);
    if (rc < 0)
      return rt_hw_fail(d, "drain", rc);
    for (unsigned i = 0; i < d->nhooks; i++)
      if (d->hooks[i]->ip_ring && d->hooks[i]->ip_ring(d) < 0)
        return -1;
    int idle = (st & (HWPROF_STATUS_IDLE | HWPROF_STATUS_BUSY)) == HWPROF_STATUS_IDLE;
    if (d->ip->board) {
      unsigned what = (idle ? 0 : XLATE_IRQ_RING) | (d->core.cct_hw ? XLATE_IRQ_CCT_RING : 0);
      if (what && board_drain(d, what) < 0)
        return -1;
    }
    if (idle)
      return 0;
    if (!d->ip->board && (rc = spill_drain(d)) < 0)
      return rt_hw_fail(d, "drain", rc);
  }
  return rt_hw_fail(d, "drain", -HWPROF_ETIMEDOUT);
}

/* After the run (the bus drained): drain until the IP is idle, then read it all:
 * the features' ends (ip_end), the statistics and the table, merged with the
 * blocks counted from the spill ring, then the features' readouts (ip_readout). */
static void hw_readout(dbt *d) {
  int rc;
  size_t n;
  if (d->ip->board) { /* after the run the host drains, from where the board stopped */
    if (rt_irq_take(d, &d->ip->on_board, &d->ip->spill, &d->ip->ring) < 0)
      return (void)(d->ip->on = 0);
    for (unsigned i = 0; i < d->nhooks; i++)
      if (d->hooks[i]->ip_take && d->hooks[i]->ip_take(d) < 0)
        return (void)(d->ip->on = 0);
    d->ip->board = 0;
  }
  if (rt_hw_settle(d) < 0)
    return;
  for (;;) {
    rc = hwprof_spill_settle(&d->ip->dev, &d->ip->ring, &d->ip->spill, hot, d);
    if (rc != -HWPROF_ENOSPC)
      break;
    if ((rc = table_grow(&d->ip->spill)) < 0)
      break;
  }
  if (rc < 0)
    return (void)rt_hw_fail(d, "drain", rc);
  if (hwprof_sim_irq(vboard_ip(d->b)) && service(d) < 0) /* after the run: not charged */
    return;
  for (unsigned i = 0; i < d->nhooks; i++)
    if (d->hooks[i]->ip_end && d->hooks[i]->ip_end(d) < 0)
      return;
  d->ip->prof.cfg = d->ip->dev.cfg;
  free(d->ip->prof.entries);
  if (!(d->ip->prof.entries = calloc((size_t)d->ip->dev.cfg.entries + d->ip->spill.used,
                                     sizeof *d->ip->prof.entries)))
    return (void)rt_hw_fail(d, "table", -HWPROF_ENOSPC);
  if ((rc = hwprof_read_stats(&d->ip->dev, &d->ip->prof.stats)) < 0 ||
      (rc = hwprof_read_entries(&d->ip->dev, d->ip->prof.entries, d->ip->dev.cfg.entries, &n)) < 0)
    return (void)rt_hw_fail(d, "readout", rc);
  d->ip->prof.n_chip = n;
  if ((rc = merge_spilled(d, d->ip->prof.entries, &n)) < 0)
    return (void)rt_hw_fail(d, "readout", rc);
  d->ip->prof.n_entries = n;
  for (size_t i = 0; i < n; i++) /* by key: far words back to their SPCs */
    d->ip->prof.entries[i].spc = rt_ip_key(d, d->ip->prof.entries[i].spc);
  d->st.far_words = d->core.words ? d->core.words->n : 0;
  for (unsigned i = 0; i < d->nhooks; i++)
    if (d->hooks[i]->ip_readout && d->hooks[i]->ip_readout(d) < 0)
      return;
  d->ip->got = 1;
}

static int readout(dbt *d) {
  if (d->ip->on)
    hw_readout(d);
  return 0; /* (a failure is d->failed: dbt_hw_error) */
}

static void hw_free(dbt *d) {
  free(d->ip->prof.entries);
  free(d->ip->prof.hot);
  free(d->ip->spill.slots);
  free(d->ip->seen.slots);
  free(d->ip);
  d->ip = NULL;
}

int rt_hw_register(dbt *d) {
  static const rt_hooks hooks = {
      .what = "the IP's profile",
      .start = setup,
      .boundary = boundary,
      .readout = readout,
      .free = hw_free,
  };
  if (!(d->ip = calloc(1, sizeof *d->ip)))
    return -1;
  rt_register(d, &hooks);
  return 0;
}

const dbt_hw_profile *dbt_hw(const dbt *d) {
  return d->ip && d->ip->got ? &d->ip->prof : NULL;
}

const char *dbt_hw_error(const dbt *d) {
  return d->failed[0] ? d->failed : rt_hw_mode(d) ? "the run did not finish" : "no hw profile";
}
