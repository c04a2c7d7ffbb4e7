/*
 * superblock.c - superblocks formed at the IP's hot interrupt (NET trace
 * selection, after Duesterwald and Bala, and Dynamo).
 *
 * The IP reports a block hot once, when its count reaches the threshold.  The
 * runtime marks the block pending; the first pending block the CPU enters (when
 * no path is being recorded) becomes a head: the recorder follows the blocks the CPU enters after
 * it (reported by the board's block observer, in order), through backward branches and
 * other superblocks' heads, until the path
 *   - comes back to the head (a loop: the superblock branches to its own head;
 *     a head in the middle of a loop body gives the loop rotated; the body is
 *     repeated up to DBT_UNROLL times, see complete),
 *   - meets a block already on the path (the superblock exits there),
 *   - leaves its function, by a call or a return (leaves_function),
 *   - or reaches DBT_TRACE_MAX blocks.
 * Running through other heads duplicates their code (tail duplication, as in
 * Dynamo's traces): a path through several hot regions is one superblock, one entry
 * to count, instead of one per region (make demo: 3.1 % faster at test size than
 * stopping at heads, 2026-11-24, with an ideal memory).
 * A hot block that is already a head or a member of a superblock heads none of
 * its own; but a side exit that turns hot (its own count reaches the threshold,
 * sbcount.c) makes its target a head, member or not, as Dynamo starts a new trace
 * at a hot exit: the program has moved to another path.
 *
 * The code-growth budget.  Duplicated code is what the board's 16 KB instruction
 * cache punishes: a loop unrolled, or a tail run through from another head, is hot
 * twice.  So duplication is spent from a budget, an eighth of the instruction cache
 * (DBT_SB_BUDGET_DIV; --sb-budget sets it in bytes; no limit on a board without an
 * instruction cache or with the caches off): each superblock's members that were
 * already in a superblock, or repeat in its unrolled loop, charge their code's bytes.
 * Once the budget is spent, a path ends where it reaches another superblock's head
 * (and branches to it, as NET's paths end at trace heads), or one of its members
 * (ends_path): a function called from several hot loops is then one superblock's code,
 * not a copy in each loop's.  A member a path ends at is made a pending head, as a hot
 * side exit's target is, so that what the path goes on to runs in a superblock of its
 * own and not from the member's plain translation beside the superblock's copy; a path
 * from such a head may still copy the rest of the superblock it was a member of (once,
 * not once per caller).  And a loop is not unrolled.
 * The first superblocks, the hottest (the IP reports a block when its count reaches
 * the threshold, so the hottest get there first), spend it.  At test size with the
 * caches on, hw+sb's speed-up over none goes from -13.9 % geomean with no limit to
 * -4.6 % (docs/superblocks.md, "The code-growth budget": the sweep that chose it).
 *
 * The sw profile has no IP to report hot blocks: there, a handler that a periodic
 * timer would run (every 65,536 block entries) scans the counters and reports each
 * block whose counter has reached the threshold, once (sb_scan_sw), as the
 * monitor-thread design checks its counts: on the host, not charged, with --runtime
 * host; on the board's CPU (firmware/swscan.c), charged, with --runtime board.
 * With the runtime on the board (--runtime board, checked) the recording runs there
 * too: each block recorded is a request to the board's dispatcher, as a trace builder
 * takes back control at every block of the path it builds (onrecord.c,
 * firmware/record.c), and the board's path must be the one recorded here; so does the
 * choice of heads in the hw profile: the board's interrupt handler makes the crossings
 * pending heads (firmware/heads.c), and each crossing's must be the one made here
 * (onirq.c).  Noticing the CPU enter a pending head stays here (entered), and so does
 * the sw profile's choice from its scan's reports.
 * Once the path is complete the CPU is paused before the next block it enters
 * (vboard_pause), the path is translated as one unit (dbt_translate_trace: members
 * fall through into each other, side exits are cold code), and the head's predecessors are
 * redirected to it by words written in place: every branch chaining pointed at the
 * head's old translation now points at the superblock, the old translation's first
 * instruction becomes `b superblock` (for whatever still reaches it), and the
 * indirect-jump table's entry for the head is updated.  Each is an aligned word,
 * so a running CPU sees the old or the new instruction, never half.  Nothing is
 * retranslated and nothing is flushed.
 *
 * In the hw and sw profiles a superblock counts where its passes leave: each side
 * exit its traversals, its other ways out (the path's end, the loop back, a system
 * call) together; its entries and the members' counts are derived from them
 * (sbcount.c), and direct branches enter past the head's probe, which only the
 * IP's pairing of indirect jumps with their targets needs.  With the IP counting
 * every pair of blocks (--all-edges) every member keeps its own probe instead.  The
 * runtime's own count of block entries reads every member start that a PowerPC block
 * covers (cache.c, rt_observe), since members reached by fall-through do not start a
 * block of their own.
 *
 * Example: a loop head A (hot) whose body is A -> B -> C -> A: the recorder sees
 * A, B, C, then A again, and the superblock is [A B C] with a branch back to A;
 * B's and C's other successors become side exits.
 */
#define _GNU_SOURCE
#include "superblock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../firmware/xlate.h"
#include "runtime.h"

static void sb_free(dbt *d) {
  rt_sb_free(d);
  free(d->sb->sw_hot);
  free(d->sb->formed);
  free(d->sb->is_head);
  free(d->sb->member_of);
  free(d->sb);
  d->sb = NULL;
}

/* Recording is over (formed, or not): the next pending head to enter starts the next. */
static void idle(dbt *d) {
  d->sb->t.n = 0;
  d->sb->ready = 0;
  d->pause = 0;
}

static void sb_hot(dbt *d, uint32_t pc) {
  sb_state *s = d->sb;
  rec *r = rt_find(d, pc, 0);
  if (r && s->is_head[r->id] == SB_NONE) {
    s->is_head[r->id] = SB_PENDING;
    s->pending++;
    s->pended = pc;
  }
}

/* A superblock's side exit to pc is hot (sbcount.c): pc heads one, member or not. */
static void sb_hot_exit(dbt *d, uint32_t pc) {
  sb_state *s = d->sb;
  rec *r = rt_find(d, pc, 0);
  if (r && (s->is_head[r->id] == SB_NONE || s->is_head[r->id] == SB_MEMBER)) {
    s->is_head[r->id] = SB_PENDING;
    s->pending++;
    s->pended = pc;
  }
}

/* sw profile: reports the blocks whose counters reached the threshold since the
 * last scan, and the side exits'.  With the runtime on the board, the board's CPU
 * scans (board_scan) when the CPU has stopped before the next block. */
static void sb_scan_sw(dbt *d) {
  if (rt_disp_on_board(d)) {
    d->sb->scan_due = 1;
    d->pause = 1;
    return;
  }
  rt_sb_scan_sw(d, sb_hot_exit);
  for (uint32_t id = 0; id < d->nblocks; id++)
    if (!d->sb->sw_hot[id] && d->by_id[id] != UINT32_MAX &&
        rd32(d, DBT_COUNTERS + 4 * id) >= d->o.threshold) {
      d->sb->sw_hot[id] = 1;
      sb_hot(d, d->tab[d->by_id[id]].pc);
    }
}

/* The board scanned counter id (firmware/swscan.c): a block's, a superblock's entry or
 * a side exit's, new at the threshold (-1: not so by the runtime's own counts). */
static int board_hot(dbt *d, uint32_t id) {
  if (id >= d->nblocks || rd32(d, DBT_COUNTERS + 4 * id) < d->o.threshold)
    return -1;
  if (d->by_id[id] == UINT32_MAX)
    return rt_sb_counter_hot(d, id, sb_hot_exit);
  if (d->sb->sw_hot[id])
    return -1;
  d->sb->sw_hot[id] = 1;
  sb_hot(d, d->tab[d->by_id[id]].pc);
  return 0;
}

/* The sw profile's scan on the board (firmware/swscan.c), as a timer's handler would
 * run it: the counters it reports make heads there (firmware/heads.c), and they must be
 * those the runtime's own scan would report, making the same heads (else d->failed:
 * the run stops). */
static void board_scan(dbt *d) {
  xlate_disp q = {
      .op = XLATE_SCAN, .counters = DBT_COUNTERS, .n = d->nblocks, .threshold = d->o.threshold};
  int64_t missed = -1;
  for (int entered = 1; q.from < q.n || entered; entered = 0) {
    if (rt_disp(d, &q, entered) < 0)
      return;
    for (uint32_t i = 0; i < q.found; i++) {
      uint32_t id = rd32(d, XLATE_SCAN_OUT + 4 * i);
      rt_sb_pended(d);
      if (board_hot(d, id) < 0) {
        errf(d->failed, sizeof d->failed,
             "the sw profile's scan on the board reported counter %u, which the runtime's "
             "counts do not make newly hot",
             id);
        return;
      }
      if (rt_sb_check_head(d, rd32(d, XLATE_HEADS_PENDED + 4 * i), "counter", id) < 0)
        return; /* (the heads the board made of it: firmware/heads.c) */
    }
  }
  for (uint32_t id = 0; id < d->nblocks && missed < 0; id++)
    if (d->by_id[id] != UINT32_MAX && !d->sb->sw_hot[id] &&
        rd32(d, DBT_COUNTERS + 4 * id) >= d->o.threshold)
      missed = id;
  if (missed < 0)
    missed = rt_sb_exit_unreported(d);
  if (missed >= 0)
    errf(d->failed, sizeof d->failed,
         "the sw profile's scan on the board did not report counter %lld, at the threshold",
         (long long)missed);
}

/* The duplication budget is spent: paths stop at blocks already in a superblock, loops
 * are not unrolled. */
static int spent(const sb_state *s) {
  return s->dup_bytes >= s->dup_budget;
}

/* Once the budget is spent, whether a path from `head` ends where it reaches block id:
 * at another superblock's head, and at a member of one unless that is the superblock the
 * path's head was a member of (the path copies its tail: once).  A member the path ends
 * at is made a pending head: the code the path goes on to is hot, and would otherwise
 * run from its plain translation beside the superblock's copy (firmware/heads.c,
 * xlate_heads_ends_path, the same on the board). */
static int ends_path(sb_state *s, uint32_t id, uint32_t head) {
  if (s->is_head[id] == SB_HEAD)
    return 1;
  if (s->is_head[id] != SB_MEMBER || (s->member_of[id] && s->member_of[id] == s->member_of[head]))
    return 0;
  s->is_head[id] = SB_PENDING;
  s->pending++;
  return 1;
}

/* Whether a path ends after the block at pc: a call or a return leaves the function,
 * and the path stays in one (firmware/record.c, the same on the board).  A function
 * called from several hot places is then one superblock's code, entered from each, and
 * not copied into the callers' paths: the copies were most of crafty's instruction-cache
 * misses (docs/superblocks.md, "Paths stay in their function"). */
static int leaves_function(dbt *d, uint32_t pc) {
  const rec *r = rt_find(d, pc, 0);
  return r && dbt_leaves_function(r->flags);
}

/* The path is complete, going on to `next`.  A loop (back to the head) is unrolled
 * while the duplication budget lasts: its body repeated while the copies fit, at most
 * DBT_UNROLL times, so that a tight loop takes a branch back, and with derived counts
 * an end event (sbcount.c), once every few trips instead of every trip. */
static void complete(dbt *d, uint32_t next) {
  sb_state *s = d->sb;
  dbt_trace *t = &s->t;
  unsigned body = t->n;
  if (next == t->pc[0] && !spent(s))
    for (unsigned copy = 1; copy < DBT_UNROLL && t->n + body <= DBT_TRACE_MAX; copy++)
      for (unsigned i = 0; i < body; i++, t->n++) {
        t->pc[t->n] = t->pc[i];
        t->counter[t->n] = t->counter[i];
      }
  t->next = next;
  s->ready = 1;
  d->pause = 1; /* the host forms it before the next block runs */
}

/* The block `id` at guest pc was entered: the path recorded so far grows, or is
 * complete (ready). */
static void sb_enter(dbt *d, uint32_t id, uint32_t pc) {
  sb_state *s = d->sb;
  if (s->ready)
    return;
  dbt_trace *t = &s->t;
  int budget_spent = spent(s);
  if (t->n == 0) { /* the first pending head the CPU enters is recorded */
    if (s->is_head[id] != SB_PENDING)
      return;
    s->is_head[id] = SB_NONE;
    s->pending--;
    t->pc[0] = pc;
    t->counter[0] = id;
    t->n = 1;
  } else {
    int seen = 0;
    for (unsigned i = 0; i < t->n; i++)
      seen |= t->pc[i] == pc;
    if (!seen && budget_spent)
      seen = ends_path(s, id, t->counter[0]);
    if (!seen)
      seen = leaves_function(d, t->pc[t->n - 1]);
    if (seen || t->n == DBT_TRACE_MAX) {
      complete(d, pc);
    } else {
      t->pc[t->n] = pc;
      t->counter[t->n] = id;
      t->n++;
    }
  }
  if (rt_disp_on_board(d)) /* the recorder on the board records it too (onrecord.c) */
    rt_sb_trip(d, pc, id, budget_spent);
}

/* A path to translate (rt_place's emitter), its probes, and what it became. */
struct path {
  const dbt_trace *t;
  const dbt_sb_probes *p;
  dbt_block out[DBT_TRACE_MAX];
  unsigned members;
};

static int translate_path(dbt *d, dbt_place *pl, void *ctx) {
  struct path *u = ctx;
  return rt_translate_trace(d, u->t, u->p, pl, u->out, &u->members);
}

/* Translates path t (t->counter: its blocks' ids) and redirects its head to it.
 * -1 when there is no room left in the cache (the head stays as it is). */
static int form(dbt *d, const dbt_trace *t) {
  sb_state *s = d->sb;
  dbt_sb_probes probes, *p = rt_sb_derived(d) ? &probes : NULL;
  if (p && rt_sb_reserve(d, p) < 0)
    return -1;
  rt_fetch_limit(d, t->pc[0]);
  if (rt_words_room(d) < 0)
    return -1;
  struct path u = {t, p, {{0}}, 0};
  dbt_block *out = u.out;
  dbt_place pl;
  int n = rt_place(d, RT_SUPERBLOCKS, translate_path, &u, &pl);
  unsigned members = u.members;
  uint32_t at = pl.at;
  if (n == RT_XLATE_FAILED) /* (the run stops: rt_sb_form) */
    return RT_XLATE_FAILED;
  rec *h = rt_find(d, t->pc[0], 0);
  if (n <= 0 || !h || (p && rt_sb_record(d, t, p, out, members) < 0))
    return -1;
  if (rt_grow(&s->formed, s->nformed, &s->formed_cap, sizeof *s->formed, 16) < 0)
    return -1;
  s->formed[s->nformed++] = *t;
  uint32_t sb = DBT_CODE + at;
  for (unsigned i = 0; i < members; i++)
    rt_fire_translated(d, &out[i]);
  uint64_t dup = 0;
  for (unsigned i = 0; i < members; i++) {
    uint32_t w = (out[i].host_addr - DBT_CODE) / 4;
    rec *r = &d->tab[d->by_id[t->counter[i]]];
    int again = s->is_head[t->counter[i]] == SB_HEAD || s->is_head[t->counter[i]] == SB_MEMBER;
    for (unsigned j = 0; j < i && !again; j++)
      again = t->counter[j] == t->counter[i];
    dup += again ? out[i].host_size : 0;
    if (r->insns == UINT32_MAX) { /* a block first translated here (a planned superblock) */
      r->insns = out[i].guest_insns;
      r->flags = out[i].flags;
      d->st.distinct_blocks++;
    }
    if (rt_sb_start(d, w, t->counter[i]) < 0)
      return -1;
    d->st.prof_insns += out[i].prof_insns;
    d->st.guest_insns_translated += out[i].guest_insns;
  }
  rt_code_placed(d, &pl, (uint32_t)n);
  memset(d->sb_code + at / 4, 1, (uint32_t)n / 4);
  d->st.code_bytes += (uint32_t)n + pl.cold_used;
  d->st.superblocks++;
  d->st.superblock_members += members;
  d->st.superblock_bytes += (uint32_t)n + pl.cold_used;
  d->st.superblock_dup_bytes += dup;
  s->dup_bytes += dup;
  /* the head, its predecessors (past the head's probe) and its jump-table entry */
  rt_redirect(d, h, sb, out[0].host_addr - sb);
  s->is_head[h->id] = SB_HEAD;
  for (unsigned i = 1; i < members; i++) {
    uint8_t *m = &s->is_head[t->counter[i]];
    s->pending -= *m == SB_PENDING;
    if (*m == SB_NONE || *m == SB_PENDING) {
      *m = SB_MEMBER;
      s->member_of[t->counter[i]] = (uint16_t)d->st.superblocks;
    }
  }
  if (d->o.dump) {
    fprintf(d->o.dump, "superblock %#010x: %u blocks at %#010x, %d bytes, %s %#x\n", h->pc, members,
            sb, n, t->next == h->pc && members == t->n ? "loops to" : "then", t->next);
    for (unsigned i = 0; i < members; i++)
      rt_dump_block(d, &out[i]);
    rt_dump_cold(d, &pl);
  }
  return 0;
}

void rt_sb_form(dbt *d) {
  rt_sb_trips(d); /* (after a fault the guest's handler took) */
  if (d->sb->scan_due) {
    rt_span span = rt_work_begin(d, DBT_CYC_SUPERBLOCKS);
    d->sb->scan_due = 0;
    if (!d->sb->ready)
      d->pause = 0;
    board_scan(d);
    d->st.superblock_ns += rt_work_end(d, &span);
  }
  if (!d->sb->ready)
    return;
  rt_span span = rt_work_begin(d, DBT_CYC_SUPERBLOCKS);
  int formed = form(d, &d->sb->t);
  if (formed == RT_XLATE_FAILED)
    vboard_fault(d->b, "%s", d->failed);
  else if (formed < 0)
    d->st.superblocks_dropped++;
  idle(d);
  d->st.superblock_ns += rt_work_end(d, &span);
}

int dbt_plan_superblocks(dbt *d, const dbt_trace *plan, size_t n, char *err, size_t errlen) {
  uint64_t t0 = rt_now_ns(); /* (the runtime's host time: its parts are counted here too) */
  for (size_t k = 0; k < n; k++) {
    dbt_trace t = plan[k];
    if (t.n == 0 || t.n > DBT_TRACE_MAX)
      return errf(err, errlen, "superblock %zu has %u blocks (1..%u)", k + 1, t.n, DBT_TRACE_MAX),
             -1;
    for (unsigned i = 0; i < t.n; i++) {
      uint32_t pc = t.pc[i];
      if (pc & 3)
        return errf(err, errlen,
                    "superblock %zu (head %#x): block %#x is not word-aligned (MIPS instructions "
                    "are 4 bytes, at multiples of 4)",
                    k + 1, t.pc[0], pc),
               -1;
      rec *r = pc < d->g.text_lo || pc >= d->g.text_hi ? NULL : rt_find(d, pc, 1);
      if (!r)
        return errf(err, errlen,
                    "superblock %zu (head %#x): block %#x is not in the program's text "
                    "[%#x, %#x)",
                    k + 1, t.pc[0], pc, d->g.text_lo, d->g.text_hi),
               -1;
      t.counter[i] = r->id;
    }
    if (d->sb->is_head[t.counter[0]] == SB_HEAD)
      return errf(err, errlen, "superblock %zu: %#x heads an earlier one", k + 1, t.pc[0]), -1;
    rt_span span = rt_work_begin(d, DBT_CYC_SUPERBLOCKS);
    int rc = form(d, &t);
    d->st.superblock_ns += rt_work_end(d, &span);
    if (rc < 0)
      return errf(err, errlen, "superblock %zu (head %#x) does not fit in the code cache", k + 1,
                  t.pc[0]),
             -1;
  }
  d->st.host_ns += rt_now_ns() - t0;
  return 0;
}

size_t dbt_superblocks(const dbt *d, const dbt_trace **out) {
  *out = d->sb->formed;
  return d->sb->nformed;
}

/* The code cache was flushed: its superblocks are gone. */
static void flushed(dbt *d) {
  rt_sb_trips(d); /* (a path begun is begun on the board, before both drop it) */
  for (uint32_t id = 0; id < d->nblocks; id++) /* heads still waiting stay so */
    if (d->sb->is_head[id] != SB_PENDING)
      d->sb->is_head[id] = SB_NONE;
  d->sb->dup_bytes = 0;
  idle(d);
}

/* The budget: the options', or a share of the board's instruction cache. */
static int sb_start(dbt *d) {
  vboard_cache_info ci;
  int ic = vboard_caches(d->b, &ci) && ci.on && ci.icache_size;
  d->sb->dup_budget = d->o.sb_budget >= 0 ? (uint64_t)d->o.sb_budget
                      : ic                ? ci.icache_size / DBT_SB_BUDGET_DIV
                                          : UINT64_MAX;
  d->st.superblock_budget = d->sb->dup_budget;
  return 0;
}

/* Each block entered: recorded on the path while one is (pending heads, or a
 * path begun); sw, every 65,536 entries, the counters' scan. */
static void entered(dbt *d, uint32_t id) {
  if (d->sb->pending || d->sb->t.n)
    sb_enter(d, id, d->tab[d->by_id[id]].pc);
  if (!(d->st.blocks_executed & 0xFFFF) && d->o.profile == DBT_PROFILE_SW)
    sb_scan_sw(d);
}

/* A hot SPC from the IP: a superblock's entry or side exit word (claimed: not a
 * block; a side exit's target heads one), or a block, which heads one. */
static int hot(dbt *d, uint32_t spc) {
  if (rt_sb_word(d, spc)) {
    if (d->o.superblocks)
      rt_sb_hot_word(d, spc, sb_hot_exit);
    return 1;
  }
  if (d->o.superblocks)
    sb_hot(d, spc);
  return 0;
}

static int ip_readout(dbt *d) {
  return rt_sb_hw_readout(d) < 0 ? rt_hw_fail(d, "superblocks' counts", -HWPROF_ENOSPC) : 0;
}

static int sw_readout(dbt *d) {
  int sw = d->o.profile == DBT_PROFILE_SW || d->o.profile == DBT_PROFILE_ALL;
  return sw && !d->sb->sw_derived ? rt_sb_sw_readout(d) : 0;
}

/* With --superblocks, the paths are recorded from the blocks entered; without, a
 * run may still have the superblocks of a plan (dbt_plan_superblocks). */
#define SB_HOOKS                                                                                   \
  .what = "the superblocks' counts", .flushed = flushed, .start = sb_start, .left = rt_sb_leave,   \
  .readout = sw_readout, .free = sb_free, .hot = hot, .ip_readout = ip_readout

int rt_sb_register(dbt *d) {
  static const rt_hooks recording = {SB_HOOKS, .entered = entered}, planned = {SB_HOOKS};
  if (!(d->sb = calloc(1, sizeof *d->sb)))
    return -1;
  rt_register(d, d->o.superblocks ? &recording : &planned);
  d->sb->is_head = calloc(d->cap_blocks, 1);
  d->sb->member_of = calloc(d->cap_blocks, sizeof *d->sb->member_of);
  d->sb->sw_hot = calloc(d->cap_blocks, 1);
  return d->sb->is_head && d->sb->member_of && d->sb->sw_hot ? 0 : -1;
}
