/*
 * onrecord.c - the superblock former's path recorder on the board (--runtime board
 * and checked): the runtime's side of firmware/record.c.  While a path is recorded
 * (superblock.c: a pending head entered, and the blocks after it until the path is
 * complete), each block the CPU enters is one request to the board's dispatcher,
 * entered from translated code with the registers saved, as a trace builder takes
 * back control at every block of the trace it builds: the board looks the block up,
 * and ends the path or adds the block to it.  Its cycles are the run's, the
 * superblock former's (cycles_by's `superblocks`).
 *
 * The block observer that sees the CPU enter a block runs inside the CPU's run,
 * where the board cannot be called: superblock.c queues the block (rt_sb_trip) with
 * what the host's own recorder made of it, and pauses the CPU before the next block;
 * the requests run as soon as the CPU is back (rt_sb_trips), in order, before the
 * dispatcher's work for the exit that brought it back, and each must leave the
 * board's path as the host's (its length, complete or not, and once complete every
 * block and where it goes on), or the run stops naming the guest pc.  In the hw profile
 * a path must begin at a block pending on the board too (firmware/heads.c: the
 * interrupt handler there chose it).
 */
#include <stddef.h>
#include <stdio.h>

#include "../firmware/xlate.h"
#include "runtime.h"
#include "superblock.h"

/* The board's choice of heads (firmware/heads.c) against the runtime's (superblock.c,
 * which notes the head it made last): onirq.c's crossings, superblock.c's counters. */
uint32_t rt_sb_pended(dbt *d) {
  uint32_t pc = d->sb ? d->sb->pended : 0;
  if (d->sb)
    d->sb->pended = 0;
  return pc;
}

void rt_sb_board_eval(dbt *d, uint32_t at) {
  sb_state *s = d->sb;
  s->board_evaluated = at != 0;
  for (unsigned i = 0; at && i < 3; i++)
    s->board_eval[i] = rd32(d, at + 4 + 4 * i);
}

int rt_sb_check_eval(dbt *d, uint32_t word) {
  if (!d->sb->board_evaluated)
    return 0;
  d->sb->board_evaluated = 0;
  return errf(d->failed, sizeof d->failed,
              "the board evaluated a side exit's prediction (its bc at %#x) at the crossing of "
              "word %#x, the runtime none",
              d->sb->board_eval[0], word),
         -1;
}

int rt_sb_check_head(dbt *d, uint32_t board, const char *what, uint32_t v) {
  uint32_t host = rt_sb_pended(d);
  char b[32] = "no pending head", h[32] = "none";
  if (board == host)
    return 0;
  if (board)
    snprintf(b, sizeof b, "%#x a pending head", board);
  if (host)
    snprintf(h, sizeof h, "%#x", host);
  return errf(d->failed, sizeof d->failed,
              "the choice of superblock heads on the board made %s at %s %#x, the runtime %s", b,
              what, v, h),
         -1;
}

void rt_sb_trip(dbt *d, uint32_t pc, uint32_t id, int spent) {
  sb_state *s = d->sb;
  if (s->ntrips == DBT_SB_TRIPS) {
    if (!d->failed[0])
      errf(d->failed, sizeof d->failed,
           "the path recorder: more than %u blocks entered before the CPU came back (guest pc "
           "%#x)",
           DBT_SB_TRIPS, pc);
    return;
  }
  s->trips[s->ntrips++] =
      (sb_trip){.pc = pc, .id = id, .spent = (uint32_t)spent, .n = s->t.n, .ready = s->ready};
  d->pause = 1;
}

/* The board's path, once complete, against the host's. */
static int same_path(dbt *d, const dbt_trace *t, uint32_t at) {
  if (rd32(d, at + offsetof(dbt_trace, next)) != t->next)
    return 0;
  for (unsigned i = 0; i < t->n; i++)
    if (rd32(d, at + 4 * i) != t->pc[i] ||
        rd32(d, at + offsetof(dbt_trace, counter) + 4 * i) != t->counter[i])
      return 0;
  return 1;
}

static int trip(dbt *d, const sb_trip *tr) {
  xlate_disp q = {.op = XLATE_RECORD, .pc = tr->pc, .id = tr->id, .spent = tr->spent};
  uint64_t before = d->st.dispatch_cycles;
  if (rt_disp(d, &q, 1) < 0)
    return -1;
  d->st.record_trips++;
  d->st.record_cycles += d->st.dispatch_cycles - before;
  if (q.err)
    return errf(d->failed, sizeof d->failed,
                "the path recorder on the board began a path at guest pc %#x, which is not a "
                "pending head there",
                tr->pc),
           -1;
  if (q.n != tr->n || q.found != tr->ready)
    return errf(d->failed, sizeof d->failed,
                "the path recorder on the board has %u blocks%s after guest pc %#x, the "
                "runtime %u%s",
                q.n, q.found ? ", complete," : "", tr->pc, tr->n, tr->ready ? ", complete" : ""),
           -1;
  if (q.found && !same_path(d, &d->sb->t, q.at))
    return errf(d->failed, sizeof d->failed,
                "the path recorder on the board completed a path from guest pc %#x that is not "
                "the runtime's",
                d->sb->t.pc[0]),
           -1;
  return 0;
}

void rt_sb_trips(dbt *d) {
  sb_state *s = d->sb;
  if (!s->ntrips)
    return;
  rt_span span = rt_work_begin(d, DBT_CYC_SUPERBLOCKS);
  for (unsigned i = 0; i < s->ntrips && !d->failed[0]; i++)
    if (trip(d, &s->trips[i]) < 0)
      break;
  s->ntrips = 0;
  d->pause = s->ready || s->scan_due;
  d->st.superblock_ns += rt_work_end(d, &span);
}
