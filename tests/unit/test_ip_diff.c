/*
 * test_ip_diff.c - randomized differential test: the Verilated IP against the
 * C reference model (driver/hwprof_model.c), at least 1,000,000 events per
 * IP configuration.
 *
 * Three streams of SPCs:
 *   loop        loop bodies of 1..8 blocks repeated 1..300 times (tight
 *               repeats of one SPC included: the read-after-write path)
 *   random      uniform over 2000 distinct SPCs, a few arbitrary 32-bit ones
 *   adversarial keys that all hash to a few table indices, twice as many
 *               per index as MAX_PROBE allows (probing, wrap, table loss)
 * mixed, while events are in flight, with random threshold changes, table
 * CLEAR and STATS_CLEAR, ENABLE toggles, FREEZE spans, DROP_ON_FULL, hot FIFO
 * pops and resets, and with random AXI stalls (valid delays on AW, W and AR,
 * ready drops on B and R; ready drops and late responses on the spill
 * master's AW, W and B) chosen per segment.
 *
 * The spill ring: in half of the segments SPILL_SIZE is on, with a ring of 4
 * to 4096 words and, in some segments, memory that answers errors at random.
 * The test is the software side: it drains the ring every few events (often
 * enough that the CPU -- this single bus master -- is never held with the ring
 * full), so a small ring fills often and backpressure runs all the way to the
 * bus.  Every ring write must be the model's next table miss, at the next slot;
 * the ring's contents must be exactly the writes answered OKAY; STAT_SPILLED
 * and STAT_SPILL_ERRORS must match.
 *
 * The edge table: a quarter of the events carry HWPROF_EVENT_INDIRECT, so the
 * next event ends an edge; random EDGE_CTRL writes (thresholds, ALL mode on and
 * off) and EDGE_CLEARs.  Each segment compares STAT_EDGES, STAT_EDGE_LOST,
 * EDGE_USED and the hot edges (the model's crossings in order, less exactly
 * STAT_EDGE_HOT_LOST), and every entry of the edge table.
 *
 * The call/return packet ring (1.6): in half of the segments (and the first) CCT_SIZE
 * is on, with a ring of 4 to 4096 words and, until a write has failed and then in a
 * quarter of them, failing memory.  Every event carries random
 * flags (three in four end a block in a call, a return or an indirect jump: a
 * packet each) and, through the EVENT window, a random weight byte.  Every ring
 * write must be the model's next packet word at the next slot, the ring's contents
 * the writes answered OKAY; CCT_BLOCKS, CCT_INSNS and STAT_CCT_ERRORS must match,
 * and the two rings share the write master.
 *
 * The model is driven from the simulator's accept callback, so it sees the
 * writes in exactly the order the IP accepted them.  At the end of each
 * segment the IP is drained and compared: every statistic the model predicts,
 * the sticky status bits, lookups of keys present and absent, and the hot
 * SPCs (the popped sequence must be the model's crossings in order, less
 * exactly as many as STAT_HOT_LOST says were lost).  At the end of each
 * stream every table entry is compared through the read window.
 *
 * Seed: HWPROF_SEED in the environment, else a fixed default; printed with
 * every failure.  Events per stream: HWPROF_DIFF_EVENTS (default 350000; 20000
 * when built over a post-synthesis netlist, HWPROF_NETLIST).  One stream of each
 * kind; over a netlist, more in turn until the coverage checks pass, at most
 * HWPROF_DIFF_ROUNDS of each kind (default 3; 1 over the RTL).  HWPROF_SOAK=K
 * (make soak) multiplies the events per stream by K.
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "ip_util.h"

CHECK_LABEL("");

#ifndef HWPROF_DIFF_DEFAULT_EVENTS
#define HWPROF_DIFF_DEFAULT_EVENTS 350000
#endif
#ifdef HWPROF_NETLIST
#define NETLIST_OR_RTL "Yosys netlist"
#else
#define NETLIST_OR_RTL "RTL"
#endif

typedef struct {
  uint32_t *v;
  size_t n, cap;
} vec;

static void vec_push(vec *a, uint32_t x) {
  if (a->n == a->cap) {
    a->cap = a->cap ? 2 * a->cap : 1024;
    a->v = realloc(a->v, a->cap * sizeof *a->v);
    if (!a->v) {
      fprintf(stderr, "out of memory\n");
      exit(2);
    }
  }
  a->v[a->n++] = x;
}

typedef struct {
  hwprof_sim *s;
  hwprof_model m;
  hwprof_model_params p;
  uint64_t rng;
  int enabled;  /* CTRL.ENABLE as of the last accepted CTRL write */
  int all_miss; /* this stream misses the table: the ring is busiest */
  unsigned spill_segments;
  uint32_t ctrl;   /* RW bits of the last CTRL write posted */
  uint32_t origin; /* EVENT_ORIGIN as last posted, and as last accepted */
  uint32_t origin_accepted;
  uint64_t window_events; /* events stored through the EVENT window */
  vec fired;              /* the model's crossings this segment */
  vec popped;             /* hot SPCs read from the IP this segment */
  int stats_cleared;      /* a STATS_CLEAR went by this segment */
  uint32_t hot_lost_base; /* STAT_HOT_LOST when the segment began */
  uint64_t events;        /* events posted */
  uint64_t segments, resets, clears, stats_clears, thresholds, freezes, drops_seen;
  uint32_t sys_site;             /* SYSCALL_SITE as last accepted */
  uint64_t syscalls, sys_clears; /* SYSCALL writes and SYSCALL_CLEARs posted */
  vec edge_fired, edge_popped;   /* hot edges, src and dst interleaved */
  uint32_t edge_hot_lost_base;   /* STAT_EDGE_HOT_LOST when the segment began */
  uint64_t edge_ctrls, edge_clears, edges_hot, edge_lost; /* for the summary */
  uint64_t sys_lost; /* records the model lost to a full table */
  vec keys;          /* recent SPCs, for lookups */
  /* The spill ring, and the test as its software side. */
  uint32_t ring_words;         /* 0: spilling off this segment */
  uint32_t ring[4096];         /* the memory behind the IP's write master */
  unsigned fail_pct;           /* memory errors, per cent of writes */
  vec expect;                  /* the model's table misses since spilling began */
  size_t attempts;             /* ring writes made (answered either way) */
  vec written;                 /* SPCs of the writes answered OKAY, in order */
  uint32_t tail;               /* SPCs consumed */
  uint32_t since_drain;        /* events posted since the last drain */
  uint32_t failed_seg;         /* writes answered with an error this segment */
  uint32_t failed_since_clear; /* ... since the last CTRL.CLEAR was accepted */
  uint32_t spill_err_base;
  uint64_t spilled_total, spill_errors_total, ring_drains;
  /* The call/return packet ring, likewise. */
  uint32_t cct_words; /* 0: off this segment */
  uint32_t cct_ring[4096];
  unsigned cct_fail_pct;
  vec cct_expect;      /* the model's packet words since the ring went on */
  size_t cct_attempts; /* ring writes made */
  vec cct_written;     /* the words answered OKAY, in order */
  uint32_t cct_tail;   /* words consumed */
  uint32_t cct_failed_seg, cct_err_base;
  uint64_t cct_words_total, cct_errors_total, cct_drains, cct_segments;
} diff;

static unsigned rnd(diff *d, unsigned n) {
  return (unsigned)(ip_rand(&d->rng) % n);
}

static void on_hot(void *ctx, uint32_t spc) {
  vec_push(&((diff *)ctx)->fired, spc);
}

static void on_edge_hot(void *ctx, uint32_t src, uint32_t dst) {
  vec_push(&((diff *)ctx)->edge_fired, src);
  vec_push(&((diff *)ctx)->edge_fired, dst);
}

static void on_spill(void *ctx, uint32_t spc) {
  vec_push(&((diff *)ctx)->expect, spc);
}

static void on_cct(void *ctx, const uint32_t pkt[HWPROF_CCT_PACKET_WORDS]) {
  for (unsigned i = 0; i < HWPROF_CCT_PACKET_WORDS; i++)
    vec_push(&((diff *)ctx)->cct_expect, pkt[i]);
}

#define RING_BASE 0x10000000u
#define CCT_BASE  0x20000000u

/* The packet ring's memory: the model's next word at the next slot. */
static int cct_write(diff *d, uint32_t addr, uint32_t data) {
  uint32_t slot = (uint32_t)d->cct_written.n & (d->cct_words - 1u);
  CHECK(d->cct_words != 0, "packet ring write %#x with the ring off\n", addr);
  if (!d->cct_words)
    return 1;
  CHECK(addr == CCT_BASE + 4u * slot, "packet ring write to %#x, want slot %u\n", addr, slot);
  CHECK(d->cct_attempts < d->cct_expect.n && data == d->cct_expect.v[d->cct_attempts],
        "packet ring write %zu is %#x, the model's word is %#x\n", d->cct_attempts, data,
        d->cct_attempts < d->cct_expect.n ? d->cct_expect.v[d->cct_attempts] : 0u);
  d->cct_attempts++;
  if (d->cct_fail_pct && rnd(d, 100) < d->cct_fail_pct) {
    d->cct_failed_seg++;
    d->cct_errors_total++;
    return 1;
  }
  d->cct_ring[slot] = data;
  vec_push(&d->cct_written, data);
  d->cct_words_total++;
  return 0;
}

/* The memory behind the IP's write master. */
static int mem_write(void *ctx, uint32_t addr, uint32_t data) {
  diff *d = ctx;
  if (addr - CCT_BASE < 4u * 4096u)
    return cct_write(d, addr, data);
  /* With sets every miss is a record of two words: the second goes to the slot after
   * the first's, and the ring holds the record (written) only once both are OKAY; a
   * failed word loses the record (a failed first word is not followed by its second). */
  int second = d->p.ways && d->attempts % 2u == 1u;
  uint32_t slot = ((uint32_t)d->written.n + (second ? 1u : 0u)) & (d->ring_words - 1u);
  CHECK(d->ring_words != 0, "ring write %#x with spilling off\n", addr);
  if (!d->ring_words)
    return 1;
  CHECK(addr == RING_BASE + 4u * slot, "ring write to %#x, want slot %u at %#x\n", addr, slot,
        RING_BASE + 4u * slot);
  CHECK(d->attempts < d->expect.n && data == d->expect.v[d->attempts],
        "ring write %zu is %#x, the model's table miss is %#x\n", d->attempts, data,
        d->attempts < d->expect.n ? d->expect.v[d->attempts] : 0u);
  d->attempts++;
  if (d->fail_pct && rnd(d, 100) < d->fail_pct) {
    d->failed_seg++;
    d->failed_since_clear++;
    d->spill_errors_total++;
    if (d->p.ways && !second)
      d->attempts++; /* the record's second word is never written */
    return 1;
  }
  d->ring[slot] = data;
  if (d->p.ways && !second)
    return 0;
  if (second)
    vec_push(&d->written, d->ring[(slot - 1u) & (d->ring_words - 1u)]);
  vec_push(&d->written, data);
  d->spilled_total++;
  return 0;
}

/* The software side: consume what the ring holds; it must be the writes
 * answered OKAY, in order. */
static void drain_ring(diff *d) {
  d->since_drain = 0;
  if (!d->ring_words)
    return;
  for (unsigned round = 0; round < 64; round++) {
    uint32_t head = ip_rd(d->s, HWPROF_SPILL_HEAD_OFFSET);
    if (head == d->tail)
      return;
    /* HEAD moves when B is taken, after the callback ran, and the value read
     * is as of when the read was answered (RREADY may stall after that). */
    CHECK(head - d->tail <= (uint32_t)d->written.n - d->tail,
          "SPILL_HEAD %u, %zu writes answered OKAY (tail %u)\n", head, d->written.n, d->tail);
    CHECK(head - d->tail <= d->ring_words, "SPILL_HEAD %u beyond the ring (tail %u)\n", head,
          d->tail);
    for (uint32_t i = d->tail; i != head && i < d->written.n; i++) {
      uint32_t w = d->ring[i & (d->ring_words - 1u)];
      if (w != d->written.v[i]) {
        CHECK(0, "ring word %u = %#x, written %#x\n", i, w, d->written.v[i]);
        break;
      }
    }
    ip_wr(d->s, HWPROF_SPILL_TAIL_OFFSET, head);
    d->tail = head;
    d->ring_drains++;
  }
}

/* The software side of the packet ring: what it holds must be the writes answered
 * OKAY, in order. */
static void drain_cct(diff *d) {
  if (!d->cct_words)
    return;
  for (unsigned round = 0; round < 64; round++) {
    uint32_t head = ip_rd(d->s, HWPROF_CCT_HEAD_OFFSET);
    if (head == d->cct_tail)
      return;
    CHECK(head - d->cct_tail <= (uint32_t)d->cct_written.n - d->cct_tail,
          "CCT_HEAD %u, %zu writes answered OKAY (tail %u)\n", head, d->cct_written.n, d->cct_tail);
    CHECK(head - d->cct_tail <= d->cct_words, "CCT_HEAD %u beyond the ring (tail %u)\n", head,
          d->cct_tail);
    for (uint32_t i = d->cct_tail; i != head && i < d->cct_written.n; i++) {
      uint32_t w = d->cct_ring[i & (d->cct_words - 1u)];
      if (w != d->cct_written.v[i]) {
        CHECK(0, "packet ring word %u = %#x, written %#x\n", i, w, d->cct_written.v[i]);
        break;
      }
    }
    ip_wr(d->s, HWPROF_CCT_TAIL_OFFSET, head);
    d->cct_tail = head;
    d->cct_drains++;
  }
}

/* Events posted before the next drain: half the ring, so even if every one
 * of them spills, the single master is never held by a full ring with the
 * drain still to come (the drain leaves the ring nearly empty, and the event
 * FIFO and the spill FIFO take what was in flight then). */
static int ring_wants_drain(const diff *d) {
  return d->ring_words && d->since_drain >= d->ring_words / 2u;
}

/* Room in a ring of `words` for its `used` unread words, the `owed` words the model
 * has made and the IP not yet written, and `per` words for each write still queued in
 * front of the IP (any of them may be an event) and for this event. */
static int room(const diff *d, uint32_t words, uint32_t used, uint32_t owed, uint32_t per) {
  uint32_t queued = hwprof_sim_pending(d->s) + 1u;
  return (uint64_t)used + owed + (uint64_t)queued * per <= words;
}

/* Before an event: room in the packet ring for a packet per event (see room()).  The IP
 * holds its core while the ring is full; software that lets the packets in flight
 * outgrow the room it leaves deadlocks the bus, since an event store that waits behind
 * them holds the reads that would drain the ring.  With this room kept before every
 * event, the read that drains the ring always gets through.  Not while frozen: the
 * freezing code posts fewer events than the FIFO holds. */
static int cct_has_room(const diff *d) {
  return !d->cct_words || (d->ctrl & HWPROF_CTRL_FREEZE) ||
         room(d, d->cct_words, (uint32_t)d->cct_written.n - d->cct_tail,
              (uint32_t)(d->cct_expect.n - d->cct_attempts), HWPROF_CCT_PACKET_WORDS);
}

/* Likewise in the spill ring with sets, where an event may write a record of two words
 * and a small ring fills with the records of the events queued before a drain comes. */
static int ring_has_room(const diff *d) {
  return !d->p.ways || !d->ring_words || (d->ctrl & HWPROF_CTRL_FREEZE) ||
         room(d, d->ring_words, (uint32_t)d->written.n - d->tail,
              (uint32_t)(d->expect.n - d->attempts), HWPROF_SPILL_REC_WORDS);
}

/* Drains both rings (the core may wait on either) until has_room says so. */
static void make_room(diff *d, int (*has_room)(const diff *), const char *ring) {
  uint64_t start = hwprof_sim_cycle(d->s);
  while (!has_room(d)) {
    drain_ring(d);
    drain_cct(d);
    if (has_room(d))
      return;
    REQUIRE(hwprof_sim_cycle(d->s) - start < (1u << 22),
            "no room in the %s ring for 4M cycles (spill: %zu unread, %zu owed; packets: %zu "
            "unread, %zu owed)\n",
            ring, d->written.n - d->tail, d->expect.n - d->attempts, d->cct_written.n - d->cct_tail,
            d->cct_expect.n - d->cct_attempts);
    hwprof_sim_step(d->s, 4);
  }
}

static void on_accept(void *ctx, uint32_t addr, uint32_t data, int dropped) {
  diff *d = ctx;
  uint8_t weight = 0;
  if (HWPROF_EVENT_IN_WINDOW(addr)) {
    weight = (uint8_t)(data >> (24 - 8 * (addr & 3))); /* the store's own byte */
    data = HWPROF_EVENT_WINDOW_WORD(d->origin_accepted, addr);
    addr = HWPROF_EVENT_OFFSET;
  } else if (addr - HWPROF_EVENT_W_OFFSET <= 4 * HWPROF_EVENT_W_MAX) {
    weight = (uint8_t)((addr - HWPROF_EVENT_W_OFFSET) / 4);
    addr = HWPROF_EVENT_OFFSET;
  }
  switch (addr) {
  case HWPROF_EVENT_OFFSET:
    if (!d->enabled)
      hwprof_model_ignore(&d->m);
    else if (dropped) {
      hwprof_model_drop(&d->m);
      d->drops_seen++;
    } else
      hwprof_model_event_weighted(&d->m, data, weight);
    break;
  case HWPROF_EVENT_ORIGIN_OFFSET: d->origin_accepted = data; break;
  case HWPROF_SYSCALL_SITE_OFFSET: d->sys_site = data; break;
  case HWPROF_SYSCALL_OFFSET:
    if (d->enabled) {
      uint32_t lost = d->m.st.syscall_lost;
      hwprof_model_syscall(&d->m, d->sys_site, data);
      d->sys_lost += d->m.st.syscall_lost != lost;
    }
    break;
  case HWPROF_THRESHOLD_OFFSET: hwprof_model_set_threshold(&d->m, data); break;
  case HWPROF_EDGE_CTRL_OFFSET: hwprof_model_set_edge_ctrl(&d->m, data); break;
  case HWPROF_SPILL_SIZE_OFFSET: hwprof_model_set_spill(&d->m, data != 0); break;
  case HWPROF_CCT_BASE_OFFSET: hwprof_model_set_cct(&d->m, d->m.cct); break;
  case HWPROF_CCT_SIZE_OFFSET: hwprof_model_set_cct(&d->m, data != 0); break;
  case HWPROF_CTRL_OFFSET:
    d->enabled = (data & HWPROF_CTRL_ENABLE) != 0;
    if (data & HWPROF_CTRL_CLEAR)
      d->failed_since_clear = 0; /* and STATUS.SPILL_ERROR */
    if (data & HWPROF_CTRL_SYSCALL_CLEAR)
      hwprof_model_syscall_clear(&d->m);
    if (data & HWPROF_CTRL_EDGE_CLEAR)
      hwprof_model_edge_clear(&d->m);
    if (data & (HWPROF_CTRL_CLEAR | HWPROF_CTRL_STATS_CLEAR)) {
      hwprof_model_clear(&d->m, (data & HWPROF_CTRL_CLEAR) != 0,
                         (data & HWPROF_CTRL_STATS_CLEAR) != 0);
      if (data & HWPROF_CTRL_STATS_CLEAR)
        d->stats_cleared = 1;
    }
    break;
  default: break;
  }
}

static void post_strb(diff *d, uint32_t off, uint32_t val, unsigned strb) {
  if (off == HWPROF_EVENT_OFFSET || HWPROF_EVENT_IN_WINDOW(off) ||
      off - HWPROF_EVENT_W_OFFSET <= 4 * HWPROF_EVENT_W_MAX) {
    if (ring_wants_drain(d))
      drain_ring(d);
    make_room(d, ring_has_room, "spill");
    make_room(d, cct_has_room, "packet");
    d->since_drain++;
  }
  uint64_t start = hwprof_sim_cycle(d->s);
  while (hwprof_sim_post_strb(d->s, off, val, strb) == HWPROF_SIM_EBUSY) {
    REQUIRE(hwprof_sim_cycle(d->s) - start < (1u << 22), "the IP held the bus for 4M cycles\n");
    hwprof_sim_step(d->s, 1);
  }
}

static void post(diff *d, uint32_t off, uint32_t val) {
  post_strb(d, off, val, 0xF);
}

static void post_ctrl(diff *d, uint32_t bits) {
  d->ctrl = bits & HWPROF_CTRL_RW_MASK;
  post(d, HWPROF_CTRL_OFFSET, bits);
}

static void pop_hot(diff *d, unsigned max) {
  for (unsigned i = 0; i < max; i++) {
    uint32_t st = ip_rd(d->s, HWPROF_STATUS_OFFSET);
    if (!(st & HWPROF_STATUS_HOT_PENDING))
      return;
    vec_push(&d->popped, ip_rd(d->s, HWPROF_HOT_POP_OFFSET));
  }
}

static void pop_edges(diff *d, unsigned max) {
  for (unsigned i = 0; i < max; i++) {
    if (!(ip_rd(d->s, HWPROF_IRQ_STATUS_OFFSET) & HWPROF_IRQ_EDGE_HOT))
      return;
    uint32_t src = ip_rd(d->s, HWPROF_EDGE_HOT_SRC_OFFSET);
    uint32_t dst = ip_rd(d->s, HWPROF_EDGE_HOT_DST_OFFSET);
    if (!src && !dst) { /* IRQ_EDGE_HOT is sticky until acknowledged */
      ip_wr(d->s, HWPROF_IRQ_STATUS_OFFSET, HWPROF_IRQ_EDGE_HOT);
      return;
    }
    vec_push(&d->edge_popped, src);
    vec_push(&d->edge_popped, dst);
  }
}

/* The popped hot edges must be the model's crossings in order, with gaps only where
 * the edge hot FIFO was full; returns how many are missing, (size_t)-1 if not. */
static size_t edges_missing(const diff *d) {
  size_t i, j = 0;
  for (i = 0; i < d->edge_popped.n; i += 2, j += 2) {
    while (j < d->edge_fired.n && (d->edge_fired.v[j] != d->edge_popped.v[i] ||
                                   d->edge_fired.v[j + 1] != d->edge_popped.v[i + 1]))
      j += 2;
    if (j >= d->edge_fired.n)
      return (size_t)-1;
  }
  return (d->edge_fired.n - d->edge_popped.n) / 2;
}

/* The popped SPCs must be the fired ones in order, with gaps only where the
 * hot FIFO was full.  Returns how many fired SPCs were skipped. */
static size_t check_hot_subsequence(diff *d) {
  size_t missing = hwprof_model_hot_missing(d->fired.v, d->fired.n, d->popped.v, d->popped.n);
  CHECK(missing != (size_t)-1, "the hot SPCs popped are not the model's crossings in order\n");
  return missing == (size_t)-1 ? 0 : missing;
}

/* Spilling on (a ring of 2..4096 words, sometimes failing memory) or off,
 * while the IP is idle, as SPILL_BASE and SPILL_SIZE require. */
static void choose_spill(diff *d) {
  static const uint32_t sizes[] = {4, 4, 16, 64, 512, 4096};
  REQUIRE(ip_wait_idle(d->s, 1u << 22) == 0, "IP not idle before a spill set-up\n");
  /* The adversarial stream's first segment always spills, to failing memory, so
   * that even a short run exercises the ring and its errors. */
  int first = d->all_miss && d->spill_segments == 0;
  d->ring_words =
      d->p.spill && (first || rnd(d, 4) < (d->all_miss ? 3u : 2u)) ? sizes[rnd(d, 6)] : 0;
  d->fail_pct = 0;
  if (d->ring_words && (d->all_miss ? ++d->spill_segments % 2 == 1 : rnd(d, 4) == 0))
    d->fail_pct = 1 + rnd(d, 5);
  d->expect.n = d->written.n = d->attempts = 0;
  d->tail = 0;
  /* (Without the spill path only SPILL_SIZE takes a write: 0.) */
  if (d->p.spill)
    ip_wr(d->s, HWPROF_SPILL_BASE_OFFSET, RING_BASE);
  ip_wr(d->s, HWPROF_SPILL_SIZE_OFFSET, d->ring_words);
  if (d->p.spill)
    ip_wr(d->s, HWPROF_SPILL_MARK_OFFSET, d->ring_words ? 1 + rnd(d, d->ring_words) : 0);
  CHECK_EQ(ip_rd(d->s, HWPROF_SPILL_HEAD_OFFSET), 0);
  /* The packet ring: on in half the segments, sometimes to failing memory. */
  static const uint32_t cct_sizes[] = {4, 8, 16, 64, 512, 4096};
  d->cct_words = d->p.cct && (d->cct_segments == 0 || rnd(d, 2)) ? cct_sizes[rnd(d, 6)] : 0;
  /* ... to failing memory until a write has failed, then now and then, so that even
   * a short run exercises the errors. */
  d->cct_fail_pct =
      d->cct_words && (d->cct_errors_total == 0 || rnd(d, 4) == 0) ? 1 + rnd(d, 5) : 0;
  d->cct_segments += d->cct_words != 0;
  d->cct_expect.n = d->cct_written.n = d->cct_attempts = 0;
  d->cct_tail = 0;
  if (d->p.cct)
    ip_wr(d->s, HWPROF_CCT_BASE_OFFSET, CCT_BASE);
  ip_wr(d->s, HWPROF_CCT_SIZE_OFFSET, d->cct_words);
  if (d->p.cct)
    ip_wr(d->s, HWPROF_CCT_MARK_OFFSET, d->cct_words ? 1 + rnd(d, d->cct_words) : 0);
  CHECK_EQ(ip_rd(d->s, HWPROF_CCT_HEAD_OFFSET), 0);
  CHECK_EQ(ip_rd(d->s, HWPROF_CCT_BLOCKS_OFFSET), 0);
}

static void start_segment(diff *d) {
  d->fired.n = 0;
  d->popped.n = 0;
  d->edge_fired.n = d->edge_popped.n = 0;
  d->stats_cleared = 0;
  d->failed_seg = 0;
  d->cct_failed_seg = 0;
  d->segments++;
  static const unsigned stall_choices[] = {0, 0, 10, 30, 60};
  hwprof_sim_set_stalls(d->s, stall_choices[rnd(d, 5)], ip_rand(&d->rng));
  hwprof_sim_set_mem_latency(d->s, rnd(d, 3) ? 4 : rnd(d, 40));
  choose_spill(d);
  uint32_t ctrl = HWPROF_CTRL_ENABLE;
  if (rnd(d, 4) == 0)
    ctrl |= HWPROF_CTRL_DROP_ON_FULL;
  post_ctrl(d, ctrl);
}

/* Drains the IP and compares everything the model predicts. */
static void end_segment(diff *d, int whole_table) {
  hwprof_sim *s = d->s;
  hwprof_model *m = &d->m;
  post_ctrl(d, HWPROF_CTRL_ENABLE);
  CHECK_EQ(hwprof_sim_drain(s), 0);
  /* The IP is idle only once the ring has taken everything. */
  for (unsigned i = 0; i < 100000; i++) {
    drain_ring(d);
    drain_cct(d);
    if ((ip_rd(s, HWPROF_STATUS_OFFSET) & (HWPROF_STATUS_IDLE | HWPROF_STATUS_BUSY)) ==
        HWPROF_STATUS_IDLE)
      break;
  }
  drain_ring(d);
  drain_cct(d);
  CHECK(d->cct_attempts == d->cct_expect.n,
        "%zu packet ring writes, the model's packets have "
        "%zu words\n",
        d->cct_attempts, d->cct_expect.n);
  uint32_t cct_err_now = ip_rd(s, HWPROF_STAT_CCT_ERRORS_OFFSET);
  if (!d->stats_cleared)
    CHECK(cct_err_now - d->cct_err_base == d->cct_failed_seg,
          "STAT_CCT_ERRORS rose by %u, %u writes failed\n", cct_err_now - d->cct_err_base,
          d->cct_failed_seg);
  d->cct_err_base = cct_err_now;
  CHECK(ip_rd(s, HWPROF_CCT_BLOCKS_OFFSET) == m->cct_blocks, "CCT_BLOCKS %u, model %u\n",
        ip_rd(s, HWPROF_CCT_BLOCKS_OFFSET), m->cct_blocks);
  CHECK(ip_rd(s, HWPROF_CCT_INSNS_OFFSET) == m->cct_insns, "CCT_INSNS %u, model %u\n",
        ip_rd(s, HWPROF_CCT_INSNS_OFFSET), m->cct_insns);
  REQUIRE(ip_wait_idle(s, 1u << 22) == 0, "IP not idle at the end of a segment\n");
  CHECK(d->attempts == d->expect.n, "%zu ring writes, the model missed the table %zu times\n",
        d->attempts, d->expect.n);
  uint32_t spill_err_now = ip_rd(s, HWPROF_STAT_SPILL_ERR_OFFSET);
  if (!d->stats_cleared)
    CHECK(spill_err_now - d->spill_err_base == d->failed_seg,
          "STAT_SPILL_ERRORS rose by %u, %u writes failed\n", spill_err_now - d->spill_err_base,
          d->failed_seg);
  d->spill_err_base = spill_err_now;
  uint32_t status0 = ip_rd(s, HWPROF_STATUS_OFFSET);
  CHECK(!(status0 & (HWPROF_STATUS_SPILL_PENDING | HWPROF_STATUS_SPILL_FULL |
                     HWPROF_STATUS_CCT_PENDING | HWPROF_STATUS_CCT_FULL)),
        "ring drained but STATUS %#x\n", status0);
  if (d->failed_since_clear)
    CHECK(status0 & HWPROF_STATUS_SPILL_ERROR, "a ring write failed, STATUS %#x\n", status0);
  pop_hot(d, 1u << 20);
  pop_edges(d, 1u << 20);

  struct {
    uint32_t off;
    uint32_t want;
    const char *name;
  } st[] = {
      {HWPROF_STAT_EVENTS_IN_OFFSET, m->st.events_in, "EVENTS_IN"},
      {HWPROF_STAT_EVENTS_OFFSET, m->st.events, "EVENTS"},
      {HWPROF_STAT_LOST_FIFO_OFFSET, m->st.lost_fifo, "LOST_FIFO"},
      {HWPROF_STAT_LOST_TABLE_OFFSET, m->st.lost_table, "LOST_TABLE"},
      {HWPROF_STAT_IGNORED_OFFSET, m->st.ignored, "IGNORED"},
      {HWPROF_STAT_HOT_OFFSET, m->st.hot, "HOT"},
      {HWPROF_STAT_PROBES_OFFSET, m->st.probes, "PROBES"},
      {HWPROF_STAT_MAX_PROBE_OFFSET, m->st.max_probe, "MAX_PROBE"},
      {HWPROF_STAT_OCCUPIED_OFFSET, m->occupied, "OCCUPIED"},
      {HWPROF_STAT_SPILLED_OFFSET, m->st.spilled, "SPILLED"},
      {HWPROF_STAT_EVICTED_OFFSET, m->st.evicted, "EVICTED"},
      {HWPROF_STAT_SYSCALLS_OFFSET, m->st.syscalls, "SYSCALLS"},
      {HWPROF_STAT_SYSCALL_LOST_OFFSET, m->st.syscall_lost, "SYSCALL_LOST"},
      {HWPROF_SYSCALL_USED_OFFSET, m->sys_used, "SYSCALL_USED"},
      {HWPROF_STAT_EDGES_OFFSET, m->st.edges, "EDGES"},
      {HWPROF_STAT_EDGE_LOST_OFFSET, m->st.edge_lost, "EDGE_LOST"},
      {HWPROF_EDGE_USED_OFFSET, m->edge_used, "EDGE_USED"},
      {HWPROF_EDGE_CTRL_OFFSET, d->p.edge_bits ? m->edge_ctrl : 0, "EDGE_CTRL"},
  };
  for (unsigned i = 0; i < sizeof st / sizeof st[0]; i++) {
    uint32_t got = ip_rd(s, st[i].off);
    /* A statistic the IP is built without (STATS = 0) reads 0. */
    uint32_t want = hwprof_model_stat_built(&d->p, st[i].off) ? st[i].want : 0;
    CHECK(got == want, "%s = %u, model %u (segment %llu)\n", st[i].name, got, want,
          (unsigned long long)d->segments);
  }
  CHECK(ip_rd(s, HWPROF_STAT_FIFO_HIGH_OFFSET) <= (1u << d->p.fifo_log2), "FIFO high-water\n");
  uint32_t status = ip_rd(s, HWPROF_STATUS_OFFSET);
  CHECK(!!(status & HWPROF_STATUS_TABLE_FULL) == !!m->table_full, "TABLE_FULL %#x\n", status);
  CHECK(!!(status & HWPROF_STATUS_DROPPED) == !!m->dropped, "DROPPED %#x\n", status);
  CHECK(!(status & HWPROF_STATUS_HOT_PENDING), "hot FIFO not drained\n");

  /* Hot SPCs: in order, and every missing one counted as lost. */
  size_t skipped = check_hot_subsequence(d);
  uint32_t hot_lost_now = ip_rd(s, HWPROF_STAT_HOT_LOST_OFFSET);
  uint32_t hot_lost = hot_lost_now - d->hot_lost_base;
  d->hot_lost_base = hot_lost_now;
  if (!d->stats_cleared)
    CHECK(skipped == hot_lost, "%zu crossings missing from the hot FIFO, STAT_HOT_LOST %u\n",
          skipped, hot_lost);
  if (hot_lost == 0 && !d->stats_cleared)
    CHECK(d->popped.n == d->fired.n, "hot sequence length %zu, model %zu\n", d->popped.n,
          d->fired.n);

  /* Hot edges, likewise. */
  size_t edge_skipped = edges_missing(d);
  CHECK(edge_skipped != (size_t)-1,
        "the hot edges popped are not the model's crossings in order\n");
  uint32_t edge_hot_lost_now = ip_rd(s, HWPROF_STAT_EDGE_HOT_LOST_OFFSET);
  if (!d->stats_cleared && edge_skipped != (size_t)-1)
    CHECK(edge_skipped == edge_hot_lost_now - d->edge_hot_lost_base,
          "%zu edge crossings missing from the edge hot FIFO, STAT_EDGE_HOT_LOST rose by %u\n",
          edge_skipped, edge_hot_lost_now - d->edge_hot_lost_base);
  d->edge_hot_lost_base = edge_hot_lost_now;
  d->edges_hot += d->edge_popped.n / 2;

  /* The edge table, every entry. */
  {
    unsigned bad = 0;
    for (uint32_t i = 0; i < (1u << d->p.edge_bits) && bad < 10; i++) {
      uint32_t off = HWPROF_EDGE_TABLE_OFFSET + HWPROF_EDGE_ENTRY_BYTES * i;
      const hwprof_model_edge_entry *w = &m->edge[i];
      uint32_t src = ip_rd(s, off), dst = ip_rd(s, off + 4), count = ip_rd(s, off + 8);
      uint32_t wsrc = w->count ? w->src : 0, wdst = w->count ? w->dst : 0;
      if (src != wsrc || dst != wdst || count != w->count) {
        bad++;
        CHECK(0, "edge entry %u = {%#x, %#x, %u}, model {%#x, %#x, %u}\n", i, src, dst, count, wsrc,
              wdst, w->count);
      }
    }
  }

  /* Lookups: recent keys and keys never sent. */
  for (unsigned i = 0; i < 24 && d->keys.n; i++) {
    uint32_t k = d->keys.v[rnd(d, (unsigned)d->keys.n)];
    if (i % 6 == 5)
      k = (uint32_t)ip_rand(&d->rng) | 1u; /* odd: never in a word-aligned stream */
    ip_wr(s, HWPROF_LOOKUP_KEY_OFFSET, k);
    uint32_t got = ip_rd(s, HWPROF_LOOKUP_COUNT_OFFSET);
    uint32_t want = hwprof_model_lookup(m, k);
    CHECK(got == want, "lookup %#x = %u, model %u\n", k, got, want);
  }

  /* The system-call table, every entry in use and the one after. */
  for (uint32_t i = 0; i <= m->sys_used && i < (1u << d->p.syscall_bits); i++) {
    uint32_t off = HWPROF_SYSCALL_TABLE_OFFSET + HWPROF_SYSCALL_ENTRY_BYTES * i;
    hwprof_model_sys_entry want = {0, 0, 0};
    if (i < m->sys_used)
      want = m->sys[i];
    uint32_t site = ip_rd(s, off), number = ip_rd(s, off + 4), count = ip_rd(s, off + 8);
    CHECK(site == want.site && number == want.number && count == want.count,
          "system-call entry %u = {%#x, %u, %u}, model {%#x, %u, %u}\n", i, site, number, count,
          want.site, want.number, want.count);
  }

  if (whole_table) {
    unsigned bad = 0;
    for (uint32_t i = 0; i < m->entries && bad < 10; i++) {
      uint32_t key = ip_rd(s, HWPROF_TABLE_OFFSET + 8 * i);
      uint32_t cnt = ip_rd(s, HWPROF_TABLE_OFFSET + 8 * i + 4);
      if (key != m->table[i].key || cnt != m->table[i].count) {
        bad++;
        CHECK(0, "entry %u = {%#x, %u}, model {%#x, %u}\n", i, key, cnt, m->table[i].key,
              m->table[i].count);
      }
    }
  }
}

static void do_reset(diff *d) {
  hwprof_sim_step(d->s, rnd(d, 40));
  hwprof_sim_reset(d->s);
  d->origin = d->origin_accepted = 0;
  d->sys_site = 0;
  /* The IP ran a prefix of what the model saw: the popped SPCs are still an
   * in-order part of the model's crossings.  Then both start over. */
  check_hot_subsequence(d);
  CHECK(edges_missing(d) != (size_t)-1, "hot edges before a reset out of order\n");
  hwprof_model_reset(&d->m);
  d->edge_hot_lost_base = 0;
  d->enabled = 0;
  d->hot_lost_base = 0;
  d->spill_err_base = 0;
  d->failed_since_clear = 0;
  d->ring_words = 0; /* reset turns spilling off */
  d->cct_words = 0;  /* ... and the packet ring */
  d->cct_err_base = 0;
  d->resets++;
  start_segment(d);
}

static uint32_t next_threshold(diff *d) {
  uint32_t cmax = d->p.count_width == 32 ? 0xFFFFFFFFu : (1u << d->p.count_width) - 1u;
  switch (rnd(d, 8)) {
  case 0: return 0;
  case 1: return 1;
  case 2: return 2 + rnd(d, 8);
  case 3: return 50 + rnd(d, 100);
  case 4: return 1000 + rnd(d, 4000);
  case 5: return cmax;
  case 6: return cmax == 0xFFFFFFFFu ? cmax : cmax + 1; /* never reached */
  default: return 5 + rnd(d, 300);
  }
}

/* One event plus, now and then, something else in the same stream.  The EVENT word
 * carries random flags (bits 1:0: a call, a return or an indirect jump), which the
 * counter table ignores; lookups of the recent words carry them too.  With the
 * packet ring on, about one event in five is flagged, as in real code, not three in
 * four: each makes a packet of four memory writes, and the netlists' runs cannot
 * skip the cycles those take. */
static void stream_event(diff *d, uint32_t block) {
  uint32_t spc = block | (d->cct_words && rnd(d, 4) ? 0u : (uint32_t)rnd(d, 4));
  /* Half the events go through the EVENT window as byte stores when they are in
   * its reach; now and then the origin moves to bring an event into it. */
  if (spc - d->origin >= HWPROF_EVENT_WINDOW_BYTES && rnd(d, 64) == 0) {
    d->origin = block - (uint32_t)rnd(d, HWPROF_EVENT_WINDOW_BYTES / 4) * 4;
    post(d, HWPROF_EVENT_ORIGIN_OFFSET, d->origin);
  }
  uint32_t o = spc - d->origin;
  if (o < HWPROF_EVENT_WINDOW_BYTES && rnd(d, 2)) {
    post_strb(d, HWPROF_EVENT_WINDOW_OFFSET + o, (uint32_t)ip_rand(&d->rng), 0x8u >> (o & 3));
    d->window_events++;
  } else if (rnd(d, 2)) {
    post(d, HWPROF_EVENT_W_OFFSET + 4 * rnd(d, HWPROF_EVENT_W_MAX + 1), spc);
  } else
    post(d, HWPROF_EVENT_OFFSET, spc);
  d->events++;
  if (d->keys.n < 4096)
    vec_push(&d->keys, spc);
  else
    d->keys.v[rnd(d, 4096)] = spc;

  unsigned r = rnd(d, 1000000);
  if (r < 300) {
    post(d, HWPROF_THRESHOLD_OFFSET, next_threshold(d));
    d->thresholds++;
  } else if (r < 330) {
    post_ctrl(d, d->ctrl | HWPROF_CTRL_CLEAR);
    d->clears++;
  } else if (r < 340) {
    post_ctrl(d, d->ctrl | HWPROF_CTRL_STATS_CLEAR);
    d->stats_clears++;
  } else if (r < 400) {
    /* ENABLE off for a while: those events are ignored, and counted. */
    uint32_t keep = d->ctrl;
    post_ctrl(d, keep & ~HWPROF_CTRL_ENABLE);
    for (unsigned i = rnd(d, 200); i > 0; i--)
      post(d, HWPROF_EVENT_OFFSET, spc + 4 * i);
    post_ctrl(d, keep);
  } else if (r < 900) {
    /* FREEZE while the pipeline is busy.  Without DROP_ON_FULL the FIFO must
     * not fill while frozen (the single master would wait on itself), so wait
     * for it to empty first and queue fewer writes than it holds. */
    uint32_t keep = d->ctrl;
    unsigned depth = 1u << d->p.fifo_log2;
    unsigned n = (keep & HWPROF_CTRL_DROP_ON_FULL) ? rnd(d, 3 * depth + 2) : rnd(d, depth);
    if (!(keep & HWPROF_CTRL_DROP_ON_FULL)) {
      uint64_t start = hwprof_sim_cycle(d->s);
      drain_ring(d);
      drain_cct(d);
      CHECK_EQ(hwprof_sim_drain(d->s), 0);
      while (!(ip_rd(d->s, HWPROF_STATUS_OFFSET) & HWPROF_STATUS_FIFO_EMPTY)) {
        drain_ring(d); /* a full ring holds the FIFO */
        drain_cct(d);
        if (hwprof_sim_cycle(d->s) - start > (1u << 22)) {
          CHECK(0, "event FIFO never emptied\n");
          return;
        }
      }
    }
    post_ctrl(d, keep | HWPROF_CTRL_FREEZE);
    for (unsigned i = 0; i < n; i++)
      post(d, HWPROF_EVENT_OFFSET, spc);
    d->events += n;
    hwprof_sim_step(d->s, rnd(d, 50));
    post_ctrl(d, keep);
    d->freezes++;
  } else if (r < 1400) {
    pop_hot(d, 1 + rnd(d, 8));
  } else if (r < 1403) {
    do_reset(d);
  } else if (r < 5403 && d->p.syscall_bits) {
    /* System calls: 6 numbers at 6 sites, more pairs than the default table holds;
     * the site is written only sometimes (it stays as it was).  Bursts of entries / 8
     * calls (at least one), so that the table fills between the clears (below); a
     * table of 64 or more gets a quarter as many sites as entries, bursts of
     * entries / 16 and fewer clears. */
    uint32_t entries = 1u << d->p.syscall_bits, sites = entries >= 64 ? entries / 4 : 6;
    uint32_t burst = entries >= 64 ? entries / 16 : entries >= 8 ? entries / 8 : 1;
    for (uint32_t k = 0; k < burst; k++) {
      if (rnd(d, 2))
        post(d, HWPROF_SYSCALL_SITE_OFFSET, 0x00400000u + 4u * (uint32_t)rnd(d, sites));
      post(d, HWPROF_SYSCALL_OFFSET, 4000u + (uint32_t)rnd(d, 6));
      d->syscalls++;
    }
  } else if (r < 5503 && d->p.syscall_bits) {
    /* About two clears in a stream of 20,000 events (a netlist run's), so that three
     * streams clear the table; a table of 64 or more fills only with fewer clears: one
     * in eight of these. */
    if ((1u << d->p.syscall_bits) < 64 || rnd(d, 8) == 0) {
      post_ctrl(d, d->ctrl | HWPROF_CTRL_SYSCALL_CLEAR);
      d->sys_clears++;
    }
  } else if (r < 5703 && d->p.edge_bits) {
    /* EDGE_CTRL: a threshold the streams reach (or off), ALL mode now and then. */
    uint32_t v = next_threshold(d) & HWPROF_EDGE_CTRL_THRESHOLD;
    if (rnd(d, 4) == 0)
      v |= HWPROF_EDGE_CTRL_ALL;
    post(d, HWPROF_EDGE_CTRL_OFFSET, v);
    d->edge_ctrls++;
  } else if (r < 5763 && d->p.edge_bits) {
    post_ctrl(d, d->ctrl | HWPROF_CTRL_EDGE_CLEAR);
    d->edge_clears++;
  } else if (r < 6763) {
    pop_edges(d, 1 + rnd(d, 4));
  }
}

enum stream { LOOP, RANDOM, ADVERSARIAL };
static const char *const stream_names[] = {"loop", "random", "adversarial"};

static void run_stream(diff *d, enum stream kind, uint64_t n) {
  uint32_t pool[2000];
  unsigned npool;
  uint64_t done = 0, seg_left = 0;

  d->all_miss = kind == ADVERSARIAL;
  if (kind == ADVERSARIAL) {
    /* Keys for four homes (slots, or sets), twice as many as one holds. */
    uint32_t mask = (1u << d->p.index_bits) / (d->p.ways ? d->p.ways : 1u) - 1u;
    unsigned per = 2 * ip_home_room(&d->p) < 250 ? 2 * ip_home_room(&d->p) : 250;
    npool = 0;
    for (unsigned h = 0; h < 4 && npool + per <= 2000; h++) {
      ip_colliding_keys(&d->p, (uint32_t)(ip_rand(&d->rng) & mask & ~HWPROF_EVENT_FLAGS),
                        pool + npool, per, &d->rng);
      npool += per;
    }
  } else {
    npool = kind == LOOP ? 256 : 2000;
    for (unsigned i = 0; i < npool; i++) {
      pool[i] = 0x00400000u + 4u * (uint32_t)rnd(d, 1u << 18);
      if (kind == RANDOM && i % 97 == 0)
        pool[i] = (uint32_t)ip_rand(&d->rng);
    }
  }

  while (done < n) {
    if (seg_left == 0) {
      if (done)
        end_segment(d, 0);
      start_segment(d);
      seg_left = 20000 + rnd(d, 80000);
    }
    if (kind == LOOP) {
      uint32_t body[8];
      unsigned len = 1 + rnd(d, 8), reps = 1 + rnd(d, 300);
      for (unsigned i = 0; i < len; i++)
        body[i] = pool[rnd(d, npool)];
      for (unsigned r = 0; r < reps && done < n; r++)
        for (unsigned i = 0; i < len && done < n; i++, done++, seg_left -= !!seg_left)
          stream_event(d, body[i]);
    } else {
      stream_event(d, pool[rnd(d, npool)]);
      done++;
      seg_left--;
    }
  }
  end_segment(d, 1);
  printf("  %s: %llu events, %llu cycles so far\n", stream_names[kind], (unsigned long long)n,
         (unsigned long long)hwprof_sim_cycle(d->s));
}

static diff D;
static uint64_t seed;
static uint64_t per_stream;
#ifdef HWPROF_NETLIST
static unsigned max_rounds = 3;
#else
static unsigned max_rounds = 1;
#endif

/* Whether the streams so far reached every part of the IP; with report, each part
 * not reached is a failed check. */
static int reached_every_part(unsigned runs, int report) {
  uint64_t asked = runs * per_stream;
  int syscalls =
      !D.p.syscall_bits || (D.syscalls > asked / 1000 && D.sys_clears > 0 && D.sys_lost > 0);
  /* (A hot edge was counted up to its threshold: STAT_EDGES, which starts again at
   * each statistics clear, may end at 0.) */
  int edges = !D.p.edge_bits || (D.edges_hot > 0 && D.edge_ctrls > 0 && D.edge_clears > 0);
  int spill = !D.p.spill || (D.spilled_total > 0 && D.spill_errors_total > 0 && D.ring_drains > 0);
  int cct = !D.p.cct || (D.cct_words_total > 0 && D.cct_errors_total > 0 && D.cct_drains > 0);
  int window = D.window_events > D.events / 20;
  if (report) {
    CHECK(syscalls, "the system-call table was not exercised\n");
    CHECK(edges, "the edge table was not exercised\n");
    CHECK(spill, "the spill ring was not exercised\n");
    CHECK(cct, "the packet ring was not exercised\n");
    CHECK(D.events >= asked, "fewer events than asked\n");
    CHECK(window, "only %llu events through the EVENT window\n",
          (unsigned long long)D.window_events);
  }
  return syscalls && edges && spill && cct && window;
}

int main(void) {
  static char ctx[256];
  static hwprof_model_entry table[1u << 16];
  const char *e = getenv("HWPROF_SEED");
  seed = e ? strtoull(e, NULL, 0) : 0x5EED2026ull;
  e = getenv("HWPROF_DIFF_EVENTS");
  per_stream = e ? strtoull(e, NULL, 0) : HWPROF_DIFF_DEFAULT_EVENTS;
  e = getenv("HWPROF_SOAK"); /* make soak: K times the events */
  unsigned long soak = e ? strtoul(e, NULL, 0) : 1;
  if (soak > 1)
    per_stream *= soak;
  e = getenv("HWPROF_DIFF_ROUNDS");
  if (e)
    max_rounds = (unsigned)strtoul(e, NULL, 0);
  if (max_rounds < 1)
    max_rounds = 1;
  snprintf(ctx, sizeof ctx, "[seed %#llx, %s, IP params: %s]", (unsigned long long)seed,
           NETLIST_OR_RTL, HWPROF_IP_PARAMS[0] ? HWPROF_IP_PARAMS : "defaults");
  check_context = ctx;

#ifdef HWPROF_NETLIST
  /* A netlist's model is built without tracing (sim/sim.mk): asked for a waveform in a
   * file it could write, the library says no instead of writing none. */
  char wave[] = "/tmp/hwprof-netlist-wave-XXXXXX";
  int fd = mkstemp(wave);
  hwprof_sim_config waved = {wave, seed, HWPROF_SIM_CHECKED};
  hwprof_sim *w = fd >= 0 ? hwprof_sim_new(&waved) : NULL;
  printf("%s: test_netlist_refuses_a_waveform%s\n", fd >= 0 && !w ? "PASS" : "FAIL",
         fd < 0 ? " (no temporary file)" : "");
  check_failed_tests += fd < 0 || w != NULL;
  hwprof_sim_free(w);
  if (fd >= 0)
    close(fd), unlink(wave);
#endif
  ip_built_params(&D.p);
  D.rng = seed;
  hwprof_sim_config cfg = {NULL, seed, HWPROF_SIM_CHECKED};
  D.s = hwprof_sim_new(&cfg);
  if (!D.s || hwprof_model_init(&D.m, &D.p, table, sizeof table / sizeof table[0]) != 0) {
    fprintf(stderr, "cannot set up %s\n", ctx);
    return 2;
  }
  D.m.on_hot = on_hot;
  D.m.on_hot_ctx = &D;
  D.m.on_spill = on_spill;
  D.m.on_edge_hot = on_edge_hot;
  D.m.on_edge_hot_ctx = &D;
  D.m.on_spill_ctx = &D;
  D.m.on_cct = on_cct;
  D.m.on_cct_ctx = &D;
  hwprof_sim_on_mem_write(D.s, mem_write, &D);
  hwprof_sim_on_accept(D.s, on_accept, &D);
  hwprof_sim_set_timeout(D.s, 1u << 24);

  /* The three streams in turn until they have reached every part of the IP: one of
   * each at RTL speed; over a netlist, which cannot skip idle cycles, one of each and
   * then more, in the same order, until the coverage checks pass (at most
   * HWPROF_DIFF_ROUNDS of each), so the gate-level run lasts as long as it adds
   * coverage. */
  unsigned runs = 0;
  do {
    enum stream kind = (enum stream)(runs % 3);
    check_failures = 0;
    run_stream(&D, kind, per_stream);
    printf("%s: test_%s_stream%s\n", check_failures ? "FAIL" : "PASS", stream_names[kind],
           check_label);
    fflush(stdout);
    check_failed_tests += check_failures != 0;
    runs++;
  } while (runs < 3 || (runs < 3 * max_rounds && !reached_every_part(runs, 0)));
  printf("  %llu events in %u streams, %llu segments, %llu resets, "
         "%llu clears, %llu stats clears, "
         "%llu thresholds, %llu freezes, %llu drops, %llu spilled, %llu spill errors, "
         "%llu ring drains, %llu through the EVENT window, %llu system calls (%llu lost to a "
         "full table, %llu table clears), %llu cycles %s\n",
         (unsigned long long)D.events, runs, (unsigned long long)D.segments,
         (unsigned long long)D.resets, (unsigned long long)D.clears,
         (unsigned long long)D.stats_clears, (unsigned long long)D.thresholds,
         (unsigned long long)D.freezes, (unsigned long long)D.drops_seen,
         (unsigned long long)D.spilled_total, (unsigned long long)D.spill_errors_total,
         (unsigned long long)D.ring_drains, (unsigned long long)D.window_events,
         (unsigned long long)D.syscalls, (unsigned long long)D.sys_lost,
         (unsigned long long)D.sys_clears, (unsigned long long)hwprof_sim_cycle(D.s), ctx);
  printf("  edges: %u counted and %u lost since the last statistics clear, %llu hot edges popped, "
         "%llu EDGE_CTRL writes, %llu edge clears\n",
         D.m.st.edges, D.m.st.edge_lost, (unsigned long long)D.edges_hot,
         (unsigned long long)D.edge_ctrls, (unsigned long long)D.edge_clears);
  if (D.p.cct)
    printf("  call/return packets: %llu segments with the ring on, %llu words written, %llu "
           "lost to failing memory, %llu drains\n",
           (unsigned long long)D.cct_segments, (unsigned long long)D.cct_words_total,
           (unsigned long long)D.cct_errors_total, (unsigned long long)D.cct_drains);
  else /* built without the packet unit: CCT_SIZE refuses every ring (test_ip_regs) */
    printf("  call/return packets: none (built without the packet unit)\n");
  /* The streams reached every part of the IP (a test of its own: these checks
   * come after the last stream). */
  check_failures = 0;
  reached_every_part(runs, 1);
  printf("%s: streams_reach_every_part%s\n", check_failures ? "FAIL" : "PASS", check_label);
  check_failed_tests += check_failures != 0;
  hwprof_sim_free(D.s);
  return check_failed_tests ? 1 : 0;
}
