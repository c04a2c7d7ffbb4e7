/*
 * profile.h - one translated run of a guest program on the virtual board, with
 * its profiles side by side, and the reports made from it (summary, JSON, CSV,
 * Callgrind).  The run, compare and bench commands are built on it.
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

/* "none", "hw", "sw", "all" and back (-1 for a bad name). */
const char *prof_mode_name(int profile);
int prof_mode_parse(const char *s);
/* --clock board|host into o->clock; prints why and returns -1 for anything else. */
int prof_clock_parse(const char *cmd, const char *s, dbt_options *o);
/* The --clock option's help, for the commands that take it. */
#define PROF_CLOCK_HELP                                                                            \
  "  --clock board|host the guest's time calls (clock_gettime, gettimeofday, time,\n"              \
  "                     times, clock) and sleeps: board (default) gives the board's\n"             \
  "                     simulated time, cycles at the CPU clock from 2000-01-01, so\n"             \
  "                     runs are deterministic; host gives the host's clocks\n"

/* --unaligned allow|trap into o->unaligned_trap; prints why and returns -1 for anything else. */
int prof_unaligned_parse(const char *cmd, const char *s, dbt_options *o);
#define PROF_UNALIGNED_HELP                                                                        \
  "  --unaligned MODE   a load or store not aligned to its size: allow (default) lets\n"           \
  "                     it happen, as MIPS Linux does by emulating it; trap raises\n"              \
  "                     SIGBUS, as qemu-mips does (a check before each access)\n"

/* --confine on|off into o->confine; prints why and returns -1 for anything else. */
int prof_confine_parse(const char *cmd, const char *s, dbt_options *o);
#define PROF_CONFINE_HELP                                                                          \
  "  --confine MODE     on: a guest load or store to memory it has not mapped (the\n"              \
  "                     translator's state, counters and code, the IP, its own free\n"             \
  "                     pages) raises SIGSEGV, as qemu-mips does (a one-cycle check\n"             \
  "                     before each access whose base is not known safe: about +8 %%\n"            \
  "                     cycles on the suite); off (default) leaves them unchecked:\n"              \
  "                     the guest can then change its own profile\n"

/* The host's monotonic clock, in seconds (wall times). */
double prof_now_s(void);

/* --cct (tools/cct_report.c): the run's calling-context tree, built sequentially
 * and in parallel and timed, summed up on f (NULL: not), kept in pr->cct; -1
 * (said on stderr) when out of memory or when the two trees differ. */
int prof_cct_summary(FILE *f, prof_run *pr);
void prof_cct_free(prof_run *pr);
/* Its reports (pr->cct set): the JSON's ,"cct":{...} member; the folded stacks
 * and the SVG flame graph (-1 when out of memory, said on stderr), whose chains
 * of calls are cut at PROF_CCT_MAX_FRAMES frames (deeper calls summed in a frame
 * "[deeper calls]": a 100,000-deep recursion stays a file of megabytes). */
#define PROF_CCT_MAX_FRAMES 1000
void prof_cct_json(FILE *f, const prof_run *pr);
int prof_write_folded(FILE *f, const prof_run *pr);
int prof_write_flame(FILE *f, const prof_run *pr);

/* The tree's functions (cct_functions) against qemu-mips's (tools/qemu_count.c's
 * cct= FILE): per function, calls and inclusive instructions equal, or within
 * the address-dependent paths -- the inclusive count off by at most `slack` (the
 * run's instruction counts' total difference from qemu's) and, for the
 * program's own functions, the calls equal.  The `show` largest differences are
 * listed on rep.  -1 (why) when the file cannot be read. */
typedef struct prof_cct_ref {
  size_t functions, equal, within, unaccounted;
  uint64_t slack;
} prof_cct_ref;
int prof_cct_vs_file(const prof_run *pr, const char *path, uint64_t slack, prof_cct_ref *r,
                     FILE *rep, unsigned show, char *why, size_t wl);

/* --caches on|off into o->no_caches; prints why and returns -1 for anything else. */
int prof_caches_parse(const char *cmd, const char *s, dbt_options *o);
#define PROF_CACHES_HELP                                                                           \
  "  --caches on|off    on (default): the board models the PPC405's instruction and\n"             \
  "                     data caches and the memory's latency from the device tree;\n"              \
  "                     off: every fetch and access hits (the ideal model)\n"

/* "name+0x1c" for a guest address, or its hex when no symbol covers it. */
void prof_where(const prof_run *pr, uint32_t pc, char *buf, size_t len);
/* The events the IP must have stored in a hw run (pr->hw set): one per block entry,
 * except that in superblocks the entries and side exits are counted instead of
 * their members (dbt_hw_profile.sb_events, sb_derived). */
uint64_t prof_events_expected(const prof_run *pr);

/* The run's summary, lines starting "hwprof: ", with the top hottest blocks. */
void prof_summary(FILE *f, const prof_run *pr, unsigned top);

/* System calls per (site, number) (tools/syscalls.c): as the runtime executed them
 * and, with a hw profile, as the IP recorded them. */
typedef struct prof_sys_check {
  size_t pairs, differ; /* rows; rows where the IP's count is not the runtime's */
  uint64_t calls, lost; /* system calls; records the IP lost (STAT_SYSCALL_LOST) */
  int has_hw;           /* the IP has a system-call table */
  int ok;               /* no hw, or hw = sw on every row and nothing lost */
} prof_sys_check;
prof_sys_check prof_syscalls_check(const prof_run *pr);
void prof_syscalls_summary(FILE *f, const prof_run *pr, unsigned top);
void prof_syscalls_json(FILE *f, const prof_run *pr); /* ,"syscalls":[...] */
/* Against a reference's pairs (qemu_count.c's sys=FILE): the rows that differ
 * (listed on rep, at most show); -1 with err when the file cannot be read. */
typedef struct prof_sys_ref {
  size_t pairs, differ; /* the reference's pairs; pairs whose counts differ, either side */
  uint64_t calls;       /* the reference's system calls */
} prof_sys_ref;
int prof_syscalls_vs_file(const prof_run *pr, const char *path, prof_sys_ref *q, FILE *rep,
                          unsigned show, char *err, size_t errlen);

/* Indirect edges per (source, target) (tools/edges.c): as the IP and the sw profile
 * counted them. */
typedef struct prof_edge_check {
  size_t edges, differ, hot; /* rows; rows where the IP's count is not sw's; hot rows */
  uint64_t traversals, lost; /* traversals (sw's, else the IP's); the IP's lost */
  int has_hw, has_sw, all;   /* the IP has an edge table; a sw profile; --all-edges */
  int ok;                    /* no hw, or hw = sw on every row and nothing lost */
} prof_edge_check;
prof_edge_check prof_edges_check(const prof_run *pr);
void prof_edges_summary(FILE *f, const prof_run *pr, unsigned top);
void prof_edges_json(FILE *f, const prof_run *pr); /* ,"edges":{...} */
/* Against a reference's "SITE TARGET COUNT" lines (qemu_count.c's edge=FILE), by
 * (jump site, target); -1 with err when the file cannot be read. */
typedef struct prof_edge_ref {
  size_t edges;        /* the reference's (jump, target) pairs */
  size_t differ;       /* pairs whose counts differ, either side, at jumps in own code */
  size_t lib_differ;   /* the same in library code (address-dependent paths) */
  uint64_t traversals; /* the reference's */
} prof_edge_ref;
int prof_edges_vs_file(const prof_run *pr, const char *path, prof_edge_ref *q, FILE *rep,
                       unsigned show, char *err, size_t errlen);

/* Reports, to files opened before the run (outfiles.h). */
void prof_write_json(FILE *f, const prof_run *pr, unsigned top);
void prof_write_csv(FILE *f, const prof_run *pr);
void prof_write_callgrind(FILE *f, const prof_run *pr);

/* 1 when files a and b have the same bytes (*size: bytes compared). */
int prof_same_file(const char *a, const char *b, long *size);

/* JSON string output (quotes and escapes). */
void prof_json_str(FILE *f, const char *s);

#endif
