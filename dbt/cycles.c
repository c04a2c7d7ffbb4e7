/*
 * cycles.c - where the run's cycles go (dbt_stats.cycles_by, the JSON's cycles_by):
 * guest code, probes, translation, dispatch, superblock forming, the interrupt
 * handler, system calls and cache stalls, adding up to the run's cycles.
 *
 * The runtime's work is done in spans, each named for what it does:
 *
 *   rt_span s = rt_work_begin(d, DBT_CYC_TRANSLATE);
 *   ...                                  (translate, place, publish the code)
 *   d->st.translate_ns += rt_work_end(d, &s);
 *
 * Every cycle the board counts from one switch of span to the next goes to the span
 * that was open: the cycles of the translator on the board (--runtime board), the
 * code made visible to fetch (dcbst, icbi), the kernel's share of a system call
 * (syscost.c), the interrupt handler's bus work.  Spans nest: one begun inside
 * another takes its own cycles, and the outer one goes on when it ends.  Outside
 * every span the board's CPU runs the code cache (DBT_CYC_GUEST), and the board splits
 * those cycles by the words they were spent on (vboard_mark_words): the profile's
 * words (DBT_INSN_PROF in insn_of: probes, counters, packets, records) are `probes`,
 * with the cycles the CPU waited for the IP to take its stores; the ways to the
 * dispatcher (the runtime's exit stubs, li r0, kind; b STOP, and the units' out-of-line
 * code, DBT_INSN_COLD: chain exits' stubs, lookups' misses) and chaining's patches made
 * visible to fetch while the CPU ran are `dispatch`; instruction- and data-cache fills
 * are `stalls`; the rest, branch mispredictions and the FPU gate's soft-float
 * included, is `guest`.
 *
 * What is not in any of them is not in the run's cycles either: the dispatcher's own
 * work on the host (lookups, chaining), superblock forming's on the host
 * (--runtime host: all of it but its code's publishing), the translator's on the host
 * (--runtime host) - their host time is in dbt_stats' *_ns.
 */
#include <string.h>

#include "errf.h"
#include "runtime.h"

const char *const dbt_cycles_name[DBT_CYC_KINDS] = {
    "guest", "probes", "translate", "dispatch", "superblocks", "irq", "syscalls", "stalls"};

/* The parts of the code cache the board counts apart (vboard_mark_words). */
enum { PART_CODE, PART_PROFILE, PART_STUBS };

static unsigned part_of(void *ctx, uint32_t a) {
  const dbt *d = ctx;
  if (a - DBT_CODE < d->o.code_size) {
    unsigned k = d->insn_of[(a - DBT_CODE) / 4];
    return k & DBT_INSN_PROF                       ? PART_PROFILE
           : (k & DBT_INSN_INDEX) == DBT_INSN_COLD ? PART_STUBS
                                                   : PART_CODE;
  }
  return a - DBT_STUBS < DBT_STOP - DBT_STUBS ? PART_STUBS : PART_CODE;
}

static rt_tally tally_now(const dbt *d) {
  const vboard_result *r = vboard_counters(d->b);
  rt_tally t = {vboard_cycles(d->b),
                r->part_cycles[PART_PROFILE],
                r->part_cycles[PART_STUBS],
                r->stall_cycles + r->load_cycles,
                r->icache_stall_cycles + r->dcache_stall_cycles,
                r->code_sync_cycles};
  return t;
}

/* What the board counted since the last switch goes to the span open until now. */
static void settle(dbt *d) {
  if (!d->cyc.on)
    return;
  rt_tally now = tally_now(d), *to = &d->cyc.sum[d->cyc.open];
  to->cycles += now.cycles - d->cyc.mark.cycles;
  to->profile += now.profile - d->cyc.mark.profile;
  to->stubs += now.stubs - d->cyc.mark.stubs;
  to->ip_wait += now.ip_wait - d->cyc.mark.ip_wait;
  to->fills += now.fills - d->cyc.mark.fills;
  to->sync += now.sync - d->cyc.mark.sync;
  d->cyc.mark = now;
}

void rt_cycles_start(dbt *d) {
  memset(&d->cyc, 0, sizeof d->cyc);
  vboard_mark_words(d->b, part_of, d);
  d->cyc.open = DBT_CYC_DISPATCH; /* the runtime starts the guest */
  d->cyc.mark = tally_now(d);
  d->cyc.on = 1;
}

int rt_work_switch(dbt *d, int what) {
  int was = d->cyc.open;
  settle(d);
  d->cyc.open = what;
  return was;
}

rt_span rt_work_begin(dbt *d, int what) {
  rt_span s = {rt_work_switch(d, what), rt_now_ns()};
  return s;
}

uint64_t rt_work_end(dbt *d, const rt_span *s) {
  rt_work_switch(d, s->was);
  return rt_now_ns() - s->t0;
}

int rt_cycles_finish(dbt *d) {
  settle(d);
  d->cyc.on = 0;
  uint64_t *by = d->st.cycles_by;
  const rt_tally *sum = d->cyc.sum, *run = &sum[DBT_CYC_GUEST];
  memset(d->st.cycles_by, 0, sizeof d->st.cycles_by);
  for (int k = 0; k < DBT_CYC_KINDS; k++)
    if (k != DBT_CYC_GUEST)
      by[k] = sum[k].cycles;
  by[DBT_CYC_PROBES] = run->profile + run->ip_wait;
  by[DBT_CYC_DISPATCH] += run->stubs + run->sync; /* chaining's patches made visible */
  by[DBT_CYC_STALLS] = run->fills;
  uint64_t apart = by[DBT_CYC_PROBES] + run->stubs + run->sync + by[DBT_CYC_STALLS];
  if (apart > run->cycles)
    return errf(d->failed, sizeof d->failed,
                "internal error: the code cache's %llu cycles are fewer than their probes', "
                "stubs', patches' and stalls' %llu",
                (unsigned long long)run->cycles, (unsigned long long)apart),
           -1;
  by[DBT_CYC_GUEST] = run->cycles - apart;
  return 0;
}
