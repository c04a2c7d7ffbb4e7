/*
 * profile.h - one translated run of a guest program on the virtual board, with
 * its profiles side by side (profile.c); the reports made from it are report.h's.
 * The run, compare and bench commands are built on both.
 *
 *   prof_opts o = prof_defaults("run");
 *   o.dbt.profile = DBT_PROFILE_ALL;
 *   prof_run pr;
 *   if (prof_exec(&o, argc, argv, &pr) == 0)
 *     prof_summary(stderr, &pr, 10);    // pr.status: the exit status
 *   prof_free(&pr);
 */
#ifndef HWPROF_TOOLS_PROFILE_H
#define HWPROF_TOOLS_PROFILE_H

#include <stdio.h>

#include "dbt.h"

/* One guest block (a distinct entry address) and its counts. */
typedef struct prof_block {
  uint32_t pc, insns; /* insns: guest instructions, delay slot included */
  uint64_t count;     /* entries, as the runtime saw them (block observer) */
  uint64_t sw;        /* the sw profile's counter (sw, all) */
  uint64_t hw;        /* the IP's count (hw, all); 0 when not in its table */
  int in_hw;          /* the IP's table holds the block */
} prof_block;

typedef struct prof_opts {
  const char *cmd;      /* for messages: "hwprof CMD: ..." */
  const char *dtb_path; /* NULL: the default board */
  dbt_options dbt;
  int progress;             /* a progress line on stderr, if it is a terminal */
  const char *guest_out;    /* NULL: the guest's stdout and stderr are ours; else a file */
  FILE *event_trace;        /* NULL, or where the IP's event stream goes (--event-trace) */
  const dbt_trace *sb_plan; /* superblocks formed before the run (--superblocks-from) */
  size_t sb_plan_n;
} prof_opts;

prof_opts prof_defaults(const char *cmd);

typedef struct prof_run {
  const char *program;
  int argc;
  char **argv;
  int profile; /* DBT_PROFILE_* */
  int runtime; /* DBT_RUNTIME_*: where the translator ran */
  int status;  /* the exit status (dbt_run) */
  dbt_result r;
  dbt_stats st;
  const dbt_hw_profile *hw; /* hw, all: NULL if the IP could not be read */
  prof_block *blocks;       /* by address */
  size_t n;
  hwprof_entry *hw_only; /* IP entries for addresses that were never a block */
  size_t n_hw_only;
  uint32_t edge_threshold; /* the run's (dbt_options) */
  int all_edges;
  double wall; /* host seconds */
  vboard *b;
  dbt *d;
  void *dtb;
  cct *cct; /* --cct: the calling-context tree (prof_cct_summary), or NULL */
} prof_run;

/* Runs argv[0] with its arguments.  0 when it ran (pr->status is how it
 * ended), -1 when it could not start (the reason printed); prof_free either way. */
int prof_exec(const prof_opts *o, int argc, char **argv, prof_run *pr);
void prof_free(prof_run *pr);

/* The host's monotonic clock, in seconds (wall times). */
double prof_now_s(void);

/* "name+0x1c" for a guest address, or its hex when no symbol covers it. */
void prof_where(const prof_run *pr, uint32_t pc, char *buf, size_t len);
/* The events the IP must have stored in a hw run (pr->hw set): one per block entry,
 * except that in superblocks where the passes leave (and indirect entries) are counted
 * instead of their members (dbt_hw_profile.sb_events, sb_derived). */
uint64_t prof_events_expected(const prof_run *pr);

/* The run has a sw profile (sw, all). */
static inline int prof_has_sw(const prof_run *pr) {
  return pr->profile == DBT_PROFILE_SW || pr->profile == DBT_PROFILE_ALL;
}

#endif
