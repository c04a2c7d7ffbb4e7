/*
 * report.h - the reports of one run (profile.h): the summary, JSON, CSV and
 * Callgrind (report.c), and each topic's part of them -- calling contexts
 * (cct_report.c), system calls (syscalls.c), indirect edges (edges.c) -- with
 * their checks against a reference's files.
 */
#ifndef HWPROF_TOOLS_REPORT_H
#define HWPROF_TOOLS_REPORT_H

#include <stdio.h>

#include "profile.h"

/* --cct (tools/cct_report.c): the run's calling-context tree, built sequentially
 * and in parallel and timed, summed up on f (NULL: not), kept in pr->cct; -1
 * (said on stderr) when out of memory or when the two trees differ. */
int prof_cct_summary(FILE *f, prof_run *pr);
/* The packet rings in the board's RAM whose trees prof_cct_summary also checks against
 * the runtime's (the same, or -1): the sw probes' (sw and all profiles) and the IP's
 * (hw and all, when the IP has the packet unit). */
#define PROF_CCT_RING_SW 1u
#define PROF_CCT_RING_IP 2u
unsigned prof_cct_rings(const prof_run *pr);
/* Its reports (pr->cct set): the JSON's ,"cct":{...} member; the folded stacks
 * and the SVG flame graph (-1 when out of memory, said on stderr), whose chains
 * of calls are cut at PROF_CCT_MAX_FRAMES frames (deeper calls summed in a frame
 * "[deeper calls]": a 100,000-deep recursion stays a file of megabytes). */
#define PROF_CCT_MAX_FRAMES 1000
void prof_cct_json(FILE *f, const prof_run *pr);
int prof_write_folded(FILE *f, const prof_run *pr);
int prof_write_flame(FILE *f, const prof_run *pr);

/* The tree's functions (cct_functions) against qemu-mips's (tools/qemu_count/cct.c,
 * cct=FILE): per function, calls and inclusive instructions equal, or within
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

/* The run's summary, lines starting "hwprof: ", with the top hottest blocks. */
void prof_summary(FILE *f, const prof_run *pr, unsigned top);
/* --stats: the translator's figures (dispatcher, code size, caches, host time and
 * memory, wall time), lines starting "hwprof: ". */
void prof_write_stats(FILE *f, const prof_run *pr);

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
/* Against a reference's pairs (tools/qemu_count/syscalls.c, sys=FILE): the rows that differ
 * (listed on rep, at most show), but for the numbers the runtime refused; -1 with err
 * when the file cannot be read. */
#define PROF_SYS_REFUSED_MAX 32
typedef struct prof_sys_ref {
  size_t pairs, differ; /* the reference's pairs; pairs whose counts differ, either side */
  uint64_t calls;       /* the reference's system calls */
  /* The numbers the runtime refused as unsupported (-ENOSYS, guest_refused): not
   * compared, their calls here and under the reference summed per number. */
  struct prof_sys_refused {
    uint32_t number;
    uint64_t here, ref;
  } refused[PROF_SYS_REFUSED_MAX];
  size_t n_refused; /* numbers (at most PROF_SYS_REFUSED_MAX listed) */
} prof_sys_ref;
int prof_syscalls_vs_file(const prof_run *pr, const char *path, prof_sys_ref *q, FILE *rep,
                          unsigned show, char *err, size_t errlen);
/* "mremap x3 (qemu-mips: 2), 4999 x1 (qemu-mips: none)": the refused numbers. */
void prof_syscalls_refused(FILE *f, const prof_sys_ref *q, const char *ref_name);

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
/* Against a reference's "SITE TARGET COUNT" lines (tools/qemu_count/edges.c, edge=FILE), by
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

#endif
