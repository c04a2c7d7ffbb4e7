/*
 * cctsrc.c - call and return packets (cct/cct.h) from the guest blocks the
 * runtime sees entered (its entered hook, cache.c), for --cct.
 *
 * Each block's translation records how it ends (HWPROF_EVENT_CALL: jal, jalr,
 * bal, bgezal, bltzal and their -likely forms; HWPROF_EVENT_RETURN: jr $ra).  The
 * block entered after a call is the callee, unless it is the call's own return
 * address (a bgezal or bltzal not taken: no call); the block entered after a
 * return is where it returned to.  Each packet carries the block entries and
 * guest instructions since the one before, so the tree's costs add up to the
 * run's guest instructions; the last costs go in a CCT_COST packet at the end.
 *
 * This is the runtime's own view, in every profiling mode (superblock members
 * included, as they are counted): the reference the hw and sw packet streams are
 * checked against.  A signal handler's blocks count in the context the signal
 * interrupted (its return to the sigreturn trampoline matches no frame).
 *
 * The board's own stream (sw, all: the inline code's packet ring, translate.h
 * "Call and return packets") is turned into the same packets here: each ring
 * packet says which block ended in a call, return or indirect jump, where it went,
 * and the running totals of blocks and instructions, whose differences are the
 * costs; a call's return address is its block's end.
 */
#include <stdlib.h>
#include <string.h>

#include "../firmware/xlate.h"
#include "hwprof_cct.h"
#include "runtime.h"

/* A stream of call and return packets. */
typedef struct rt_cct_stream {
  cct_packet *p;
  size_t n, cap;
  uint32_t blocks, insns; /* since the last packet */
  uint32_t prev_pc, prev_end, prev_flags;
  uint32_t *rp; /* the return points of the calls made so far: a set (0: free) */
  size_t rp_n, rp_cap;
  uint32_t tot_blocks, tot_insns; /* the board's stream: the running totals at its last packet */
  uint32_t cut_insns;  /* the IP's: instructions of cut blocks in its totals (cctsrc.c, cut) */
  uint32_t drop_site;  /* the IP's: the next packet is this cut block's, which never ended */
  uint32_t owed;       /* the sw ring's: a cut block's packet owed (pc | flags; 0 none) */
  struct rt_cct_mark { /* the runtime's: its state before each block it entered at the */
    uint32_t id;       /* CPU's last PowerPC block (a superblock's members: cctsrc.c, cut) */
    size_t n;
    uint32_t blocks, insns, prev_pc, prev_end, prev_flags;
  } mark[DBT_TRACE_MAX];
  unsigned nmark;
  int oom;
} rt_cct_stream;

/* The streams of --cct (d->cct). */
struct rt_cct {
  rt_cct_stream run; /* the runtime's view */
  rt_cct_stream sw;  /* sw, all: the sw probes' packets (the ring, drained) */
  rt_cct_stream hw;  /* hw, all: the IP's packets (its ring, drained) */
  hwprof_ring ring;  /* ... that ring */
  int hw_ended;      /* ... its totals read (ip_end) */
  int sw_corrupt;    /* the guest overwrote the sw ring's pointer: no sw stream */
};

/* Appends packet {kind, site, target, ret} with costs (blocks, insns) to c. */
static int push(rt_cct_stream *c, uint32_t kind, uint32_t site, uint32_t target, uint32_t ret,
                uint32_t blocks, uint32_t insns) {
  if (rt_grow(&c->p, c->n, &c->cap, sizeof *c->p, 1u << 16) < 0) {
    c->oom = 1;
    return -1;
  }
  c->p[c->n++] = (cct_packet){kind, site, target, ret, blocks, insns};
  return 0;
}

/* The runtime's view: with the costs since the last packet. */
static int emit(dbt *d, uint32_t kind, uint32_t site, uint32_t target, uint32_t ret) {
  rt_cct_stream *c = &d->cct->run;
  int rc = push(c, kind, site, target, ret, c->blocks, c->insns);
  c->blocks = 0;
  c->insns = 0;
  return rc;
}

static size_t rp_slot(const rt_cct_stream *c, uint32_t a) {
  size_t s = (size_t)((a >> 2) * 0x9E3779B1u) & (c->rp_cap - 1);
  while (c->rp[s] && c->rp[s] != a)
    s = (s + 1) & (c->rp_cap - 1);
  return s;
}

/* Adds return point a to the set; -1 when out of memory. */
static int rp_add(rt_cct_stream *c, uint32_t a) {
  if (2 * (c->rp_n + 1) > c->rp_cap) {
    rt_cct_stream old = *c;
    c->rp_cap = c->rp_cap ? 2 * c->rp_cap : 1024;
    if (!(c->rp = calloc(c->rp_cap, sizeof *c->rp))) {
      c->rp = old.rp;
      c->rp_cap = old.rp_cap;
      return -1;
    }
    for (size_t i = 0; i < old.rp_cap; i++)
      if (old.rp[i])
        c->rp[rp_slot(c, old.rp[i])] = old.rp[i];
    free(old.rp);
  }
  size_t s = rp_slot(c, a);
  c->rp_n += !c->rp[s];
  c->rp[s] = a;
  return 0;
}

static int is_return_point(const rt_cct_stream *c, uint32_t a) {
  return c->rp_cap && c->rp[rp_slot(c, a)] == a;
}

static void board_packet(dbt *d, rt_cct_stream *c, const uint32_t pkt[4]);
static void ip_packet(dbt *d, const uint32_t pkt[HWPROF_CCT_PACKET_WORDS]);

static void entered(dbt *d, uint32_t id) {
  rt_cct_stream *c = &d->cct->run;
  const rec *r = &d->tab[d->by_id[id]];
  if (d->cct->sw.owed) { /* a cut block's packet, going here (cctsrc.c, cut) */
    uint32_t pkt[4] = {d->cct->sw.owed, r->pc, rd32(d, DBT_STATE + DBT_ST_CCT_BLOCKS),
                       rd32(d, DBT_STATE + DBT_ST_CCT_INSNS)};
    if (rt_cct_drain(d) == 0) /* (else d->failed: the dispatcher stops the run) */
      board_packet(d, &d->cct->sw, pkt);
    d->cct->sw.owed = 0;
  }
  if (c->oom)
    return;
  if (c->nmark < DBT_TRACE_MAX)
    c->mark[c->nmark++] =
        (struct rt_cct_mark){id, c->n, c->blocks, c->insns, c->prev_pc, c->prev_end, c->prev_flags};
  if (c->prev_flags == HWPROF_EVENT_CALL && r->pc != c->prev_end) {
    if (rp_add(c, c->prev_end) < 0)
      c->oom = 1;
    emit(d, CCT_CALL, c->prev_pc, r->pc, c->prev_end);
  } else if (c->prev_flags == HWPROF_EVENT_RETURN)
    emit(d, CCT_RET, c->prev_pc, r->pc, 0);
  else if (c->prev_flags == HWPROF_EVENT_INDIRECT && is_return_point(c, r->pc))
    emit(d, CCT_JUMP, c->prev_pc, r->pc, 0);
  if (c->insns > UINT32_MAX - r->insns || c->blocks == UINT32_MAX)
    emit(d, CCT_COST, 0, 0, 0); /* the costs' fields would overflow */
  c->blocks++;
  c->insns += r->insns;
  c->prev_pc = r->pc;
  c->prev_end = r->pc + 4 * r->insns;
  c->prev_flags = r->flags;
}

const cct_packet *dbt_cct_packets(dbt *d, size_t *n) {
  *n = 0;
  if (!d->cct)
    return NULL;
  rt_cct_stream *c = &d->cct->run;
  if (c->blocks || c->insns)
    emit(d, CCT_COST, 0, 0, 0);
  *n = c->oom ? 0 : c->n;
  return c->oom ? NULL : c->p;
}

/* ------------------------------------------------------------ the board's */

/* One packet of the board's (the sw ring's or the IP's, the same four words): the
 * block at pkt[0] (pc | flags) went to pkt[1], with the running totals of blocks
 * and guest instructions then.  A call that went to its own return address (a
 * branch-and-link not taken) and an indirect jump to no return point are no
 * packets: their costs stay with the next one. */
static void board_packet(dbt *d, rt_cct_stream *c, const uint32_t pkt[4]) {
  uint32_t flags = pkt[0] & HWPROF_EVENT_FLAGS, site = pkt[0] & ~HWPROF_EVENT_FLAGS, to = pkt[1];
  uint32_t kind, ret = 0, insns = pkt[3] - c->cut_insns;
  if (c->drop_site && site == c->drop_site) { /* a block cut short never ended */
    c->drop_site = 0;
    return;
  }
  if (flags == HWPROF_EVENT_CALL) {
    const rec *r = rt_find(d, site, 0);
    ret = r ? site + 4 * r->insns : 0;
    if (to == ret)
      return;
    if (rp_add(c, ret) < 0)
      c->oom = 1;
    kind = CCT_CALL;
  } else if (flags == HWPROF_EVENT_RETURN) {
    kind = CCT_RET;
  } else if (flags == HWPROF_EVENT_INDIRECT && is_return_point(c, to)) {
    kind = CCT_JUMP;
  } else {
    return;
  }
  push(c, kind, site, to, ret, pkt[2] - c->tot_blocks, insns - c->tot_insns);
  c->tot_blocks = pkt[2];
  c->tot_insns = insns;
}

/* The costs after the last packet, from the final totals. */
static void board_end(rt_cct_stream *c, uint32_t blocks, uint32_t insns) {
  insns -= c->cut_insns;
  if (blocks == c->tot_blocks && insns == c->tot_insns)
    return;
  push(c, CCT_COST, 0, 0, 0, blocks - c->tot_blocks, insns - c->tot_insns);
  c->tot_blocks = blocks;
  c->tot_insns = insns;
}

int rt_cct_drain(dbt *d) {
  rt_cct_stream *c = &d->cct->sw;
  uint32_t end = rd32(d, DBT_STATE + DBT_ST_CCT_PTR);
  if (end - DBT_CCT_RING > DBT_CCT_RING_BYTES || (end - DBT_CCT_RING) % DBT_CCT_PACKET) {
    /* (the guest can store there: without --confine nothing keeps it out) */
    if (!d->failed[0])
      errf(d->failed, sizeof d->failed,
           "the guest wrote the translator's state at %#x: the sw packet ring's next free "
           "word is %#x, not in the ring [%#x, %#x); no sw call/return packets",
           DBT_STATE + DBT_ST_CCT_PTR, end, DBT_CCT_RING, DBT_CCT_RING + DBT_CCT_RING_BYTES);
    d->cct->sw_corrupt = 1;
    wr32(d, DBT_STATE + DBT_ST_CCT_PTR, DBT_CCT_RING);
    return -1;
  }
  for (uint32_t a = DBT_CCT_RING; a < end && !c->oom; a += DBT_CCT_PACKET) {
    uint32_t pkt[4] = {rd32(d, a), rd32(d, a + 4), rd32(d, a + 8), rd32(d, a + 12)};
    board_packet(d, c, pkt);
  }
  wr32(d, DBT_STATE + DBT_ST_CCT_PTR, DBT_CCT_RING);
  return 0;
}

/* ------------------------------------------------------------ the board's queue */

_Static_assert(DBT_CCT_RING_BYTES / 4 <= XLATE_IRQ_CCT_WORDS,
               "a whole sw ring's packets fit the board's queue (it wraps around)");

/* The n packets the board queued from the queue's word at (XLATE_IRQ_CCT), into the sw
 * or the hw stream (DBT_CCT_SW, DBT_CCT_HW), as the tree's builder reads them. */
static void taken(dbt *d, int which, uint32_t at, uint32_t n) {
  for (uint32_t i = 0, w = at; i < n; i++) { /* (the builder's reads) */
    uint32_t pkt[4];
    for (unsigned k = 0; k < 4; k++, w = (w + 1) & (XLATE_IRQ_CCT_WORDS - 1u))
      pkt[k] = rd32(d, XLATE_IRQ_CCT + 4 * w);
    if (which == DBT_CCT_HW)
      ip_packet(d, pkt);
    else
      board_packet(d, &d->cct->sw, pkt);
  }
}

int rt_cct_full(dbt *d) {
  if (!rt_disp_on_board(d))
    return rt_cct_drain(d);
  xlate_disp q = {.op = XLATE_CCT_SW,
                  .cct_ring = DBT_CCT_RING,
                  .cct_words = DBT_CCT_RING_BYTES / 4,
                  .cct_ptr = DBT_STATE + DBT_ST_CCT_PTR};
  if (rt_disp(d, &q, 1) < 0)
    return -1;
  if (q.err) /* the guest wrote the pointer: the same check here names it */
    return rt_cct_drain(d);
  taken(d, DBT_CCT_SW, q.cct_at, q.cct_n);
  return 0;
}

/* After the run: what the sw ring still holds (-1 with d->failed: the guest
 * overwrote its pointer). */
static int readout(dbt *d) {
  return d->core.cct_ring && !d->cct->sw_corrupt ? rt_cct_drain(d) : 0;
}

/* ------------------------------------------------------------ cut blocks */

/* A fault cut block id short (fault.c, rt_cut_block): every view leaves its last tail
 * instructions out, and unless it ended (the fault was its last instruction: a
 * branch's delay slot, the branch having started, as qemu-mips counts it) none
 * takes its flags for a call, return or jump to what runs next (the handler).
 *   the runtime's: it was the last block entered (superblock members after it in
 *     the same PowerPC block were entered with it: their packets and costs are
 *     taken back, from the state before the first of them): its costs and flags;
 *   the sw ring's: the running total in the state; its packet, which the inline
 *     code writes after the delay slot, is owed when it ended (entered);
 *   the IP's: its totals count the block's whole weight from its event on, and the
 *     event after it makes the packet of a flagged block: once the IP is idle, the
 *     packets drained are all earlier ones, and later ones are corrected. */
static int cut(dbt *d, uint32_t id, uint32_t tail, int ended) {
  const rec *r = &d->tab[d->by_id[id]];
  rt_cct_stream *c = &d->cct->run;
  uint32_t flags = r->flags & HWPROF_EVENT_FLAGS;
  unsigned k = c->nmark; /* after its own mark; all of them when it began before */
  while (k > 0 && c->mark[k - 1].id != id)
    k--;
  if (k < c->nmark) { /* superblock members entered after it never ran */
    const struct rt_cct_mark *m = &c->mark[k];
    c->n = m->n, c->blocks = m->blocks, c->insns = m->insns;
    c->prev_pc = m->prev_pc, c->prev_end = m->prev_end, c->prev_flags = m->prev_flags;
    c->nmark = k;
  }
  c->insns -= tail <= c->insns ? tail : c->insns;
  if (!ended)
    c->prev_flags = HWPROF_EVENT_PLAIN;
  if (d->core.cct_ring) {
    wr32(d, DBT_STATE + DBT_ST_CCT_INSNS, rd32(d, DBT_STATE + DBT_ST_CCT_INSNS) - tail);
    if (ended && flags != HWPROF_EVENT_PLAIN)
      d->cct->sw.owed = r->pc | flags;
  }
  if (d->core.cct_hw) {
    if (rt_hw_settle(d) < 0)
      return -1;
    d->cct->hw.cut_insns += tail;
    if (!ended && flags != HWPROF_EVENT_PLAIN)
      d->cct->hw.drop_site = r->pc;
  }
  return 0;
}

/* ------------------------------------------------------------ the IP's */

static uint32_t hw_ring_load(void *ctx, uint32_t index) {
  return rd32(ctx, DBT_CCT_HW_RING + 4u * index);
}

static void ip_packet(dbt *d, const uint32_t pkt[HWPROF_CCT_PACKET_WORDS]) {
  uint32_t keyed[HWPROF_CCT_PACKET_WORDS]; /* its two event words by key (far words) */
  memcpy(keyed, pkt, sizeof keyed);
  keyed[0] = rt_ip_key(d, pkt[0]);
  keyed[1] = rt_ip_key(d, pkt[1]);
  board_packet(d, &d->cct->hw, keyed);
}

static void hw_packet(void *ctx, const uint32_t pkt[HWPROF_CCT_PACKET_WORDS]) {
  ip_packet(ctx, pkt);
}

/* The IP's packet ring: on at set-up, drained by the interrupt handler and while
 * the IP settles, and at readout drained and its totals read.  With the handler on
 * the board (--runtime board, checked) the board drains it, in the handler and
 * while the IP settles, and queues the packets, which ip_packets reads (onirq.c);
 * readout takes the ring's place first (ip_take). */
static int ip_setup(dbt *d) {
  if (!d->core.cct_hw)
    return 0;
  if (!hwprof_cct_present(rt_ip_dev(d))) {
    d->core.cct_hw = 0; /* an IP built without the packet unit (or older than 1.6): */
    return 0;           /* no packets, and the probes carry no weights */
  }
  d->cct->ring = (hwprof_ring){DBT_CCT_HW_RING, DBT_CCT_HW_WORDS, hw_ring_load, d, 0};
  int rc = hwprof_cct_start(rt_ip_dev(d), &d->cct->ring, DBT_CCT_HW_WORDS / 4);
  return rc < 0 ? rt_hw_fail(d, "set-up", rc) : 0;
}

static int hw_drain(dbt *d) {
  if (!d->core.cct_hw || rt_hw_board_state(d)) /* (on the board: the handler's) */
    return 0;
  return hwprof_cct_drain(rt_ip_dev(d), &d->cct->ring, hw_packet, d);
}

static int ip_take(dbt *d) {
  d->cct->ring.tail = rt_hw_board_state(d)->cct_tail;
  return 0;
}

static void ip_packets(dbt *d, uint32_t at, uint32_t n) {
  taken(d, DBT_CCT_HW, at, n);
}

static int ip_drain(dbt *d) {
  int rc = hw_drain(d);
  return rc < 0 ? rt_hw_fail(d, "call/return packet ring", rc) : 0;
}

static int ip_ring(dbt *d) {
  int rc = hw_drain(d);
  return rc < 0 ? rt_hw_fail(d, "drain", rc) : 0;
}

/* IDLE (the settle's) covers the packets too, so what the ring holds now is all;
 * then the totals. */
static int ip_end(dbt *d) {
  uint32_t blocks, insns, errors;
  if (!d->core.cct_hw)
    return 0;
  if (ip_drain(d) < 0)
    return -1;
  int rc = hwprof_cct_totals(rt_ip_dev(d), &blocks, &insns, &errors);
  if (rc < 0 || errors) /* errors: words lost, the stream is out of step */
    return rt_hw_fail(d, "call/return packets (STAT_CCT_ERRORS not 0?)", rc < 0 ? rc : -HWPROF_EIO);
  board_end(&d->cct->hw, blocks, insns);
  d->cct->hw_ended = 1;
  return 0;
}

static void tb_entered(dbt *d) {
  d->cct->run.nmark = 0;
}

static void streams_free(dbt *d) {
  free(d->cct->run.p);
  free(d->cct->run.rp);
  free(d->cct->sw.p);
  free(d->cct->sw.rp);
  free(d->cct->hw.p);
  free(d->cct->hw.rp);
  free(d->cct);
  d->cct = NULL;
}

int rt_cct_register(dbt *d) {
  static const rt_hooks hooks = {
      .what = "call and return packets",
      .tb_entered = tb_entered,
      .entered = entered,
      .cut = cut,
      .readout = readout,
      .free = streams_free,
      .ip_setup = ip_setup,
      .ip_drain = ip_drain,
      .ip_ring = ip_ring,
      .ip_take = ip_take,
      .ip_packets = ip_packets,
      .ip_end = ip_end,
  };
  if (!d->o.cct)
    return 0;
  if (!(d->cct = calloc(1, sizeof *d->cct)))
    return -1;
  rt_register(d, &hooks);
  if (d->o.profile == DBT_PROFILE_SW || d->o.profile == DBT_PROFILE_ALL) {
    d->core.cct_ring = DBT_CCT_RING; /* the sw probes' packet ring */
    d->core.cct_ring_end = DBT_CCT_RING + DBT_CCT_RING_BYTES;
    wr32(d, DBT_STATE + DBT_ST_CCT_PTR, DBT_CCT_RING);
  }
  d->core.cct_hw = rt_hw_mode(d);
  return 0;
}

const cct_packet *dbt_cct_board_packets(dbt *d, int which, size_t *n) {
  *n = 0;
  if (!d->cct)
    return NULL;
  rt_cct_stream *c = which == DBT_CCT_HW ? &d->cct->hw : &d->cct->sw;
  if (which == DBT_CCT_SW) {
    if (!d->core.cct_ring || d->cct->sw_corrupt || rt_cct_drain(d) < 0)
      return NULL;
    board_end(c, rd32(d, DBT_STATE + DBT_ST_CCT_BLOCKS), rd32(d, DBT_STATE + DBT_ST_CCT_INSNS));
  } else if (!d->core.cct_hw || !d->cct->hw_ended) {
    return NULL;
  }
  *n = c->oom ? 0 : c->n;
  return c->oom ? NULL : c->p;
}
