/*
 * bench.c - 'hwprof bench': the SPEC-like workloads (workloads/) with no, hw
 * and sw profiling, and with superblocks; the overhead tables in simulated
 * cycles, whether the IP's counts equal the software counters, and a chart.
 *
 * Each workload (the suite's, with its size argument, or a program of the user's
 * with its own arguments: --program) runs nine times on a fresh board (the modes
 * below); its output
 * goes to a file, and the outputs must be the same and the exit status 0.  Each
 * run's host time (wall clock, the whole run) is reported beside its cycles: what
 * the co-simulation costs, not a simulated figure.  hw =
 * sw means: every block's count in the IP's table (hw run) equals its RAM counter
 * (sw run) and the IP holds nothing else.  The opt run forms the hw+sb run's
 * superblocks before it starts and profiles nothing: the optimized run that the
 * profiled ones with superblocks are measured against.  Where the native
 * directory has the same program built for the PPC405 (--native-dir,
 * workloads/workloads.mk), it also runs natively on the board (nativerun.h): the
 * floor each translated run's cycles are read against, its output the same.
 * Workloads run --jobs at a time, each in a child process that writes its row into
 * memory shared with this one (bench_all); the figures are the same as one at a time.
 *
 * Exit status: 0 all ran and agreed; 1 a workload failed, or its runs' outputs
 * differ; 2 bad usage or a workload that is not there.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "io.h"
#include "jobs.h"
#include "nativerun.h"
#include "options.h"
#include "outfiles.h"
#include "profile.h"
#include "report.h"
#include "tools.h"

static void help(FILE *f) {
  fprintf(f,
          "usage: hwprof bench [OPTIONS] [WORKLOAD...]\n"
          "\n"
          "Runs each SPEC-like workload (default: every program in the workloads directory)\n"
          "on the virtual board nine times: profiling off, hw (a store to the IP per block:\n"
          "one byte store into its EVENT window), sw (a RAM counter per block), hw+sb (hw,\n"
          "with superblocks formed from the blocks the IP reports hot, their members'\n"
          "counts derived from where their passes leave), hw-word (hw with the 1.0\n"
          "probe, addi + stw to EVENT), sw+sb (sw with superblocks), and opt (the hw+sb\n"
          "run's superblocks formed before the run, no profiling).  Prints per workload:\n"
          "guest instructions, simulated CPU cycles of each run, the overhead of each over\n"
          "none, whether the hw (and hw+sb) counts equal the sw counts, distinct blocks,\n"
          "mean block length, the IP's lost events and the CPU cycles stalled on the IP's\n"
          "bus (hw run); then the superblock runs: hw+sb and sw+sb over opt, none over\n"
          "hw+sb (the speed-up) and over opt (what the superblocks buy unprofiled),\n"
          "whether hw+sb's counts equal sw+sb's, superblocks formed, the guest\n"
          "instructions run inside them, and the host time forming them took\n"
          "(not in the cycles); then the calling-context collection (--cct): hw+cct (the\n"
          "IP's packet ring, each probe weighted) and sw+cct (the inline shadow stack),\n"
          "their extra cycles over none and the ratio of the two; each with the geometric\n"
          "means (of the cycle ratios); then the probe and the IP per workload: CPU cycles\n"
          "per block entry for the probe, events spilled, entries evicted, the IP's probe\n"
          "cycles, CPU stall cycles; then each run's host time; then the floor: the same C\n"
          "program built for the PPC405 (in --native-dir, where it is there) run on the\n"
          "board without the translator ('hwprof native'), and the none, opt and hw+sb\n"
          "runs' cycles over its.\n"
          "\n"
          "options:\n"
          "  --size test|train  the workloads' input size (default test)\n"
          "  --dir DIR          where the workloads are (default: workloads/ beside this program)\n"
          "  --native-dir DIR   where their PPC405 builds are, for the floor (default:\n"
          "                     workloads-ppc405/ beside this program); a workload without\n"
          "                     one has no native figures\n"
          "  --json FILE        the table as JSON ('-': stdout)\n"
          "  --csv FILE         the table as CSV\n"
          "  --svg FILE         a bar chart of the overhead per workload\n"
          "  --program NAME=COMMAND\n"
          "                     also run a program of your own (static MIPS, as for 'hwprof\n"
          "                     run'): COMMAND is its path and arguments, split at blanks (no\n"
          "                     quoting); NAME names its rows; repeatable.  Its runs are the\n"
          "                     same nine, next to the suite's workloads\n"
          "  --programs-only    run the --program ones, not the suite\n"
          "  --jobs N           workloads at a time, each in a process of its own, its runs\n"
          "                     one after the other (default: the processors online); the\n"
          "                     cycles are the same, the host times share the machine.  1:\n"
          "                     one at a time, in this process.  The --program ones run one\n"
          "                     after the other (they share the current directory and\n"
          "                     stdin), beside the suite's\n"
          "  --threshold N      superblocks: the IP's threshold (default " DBT_SB_THRESHOLD_S
          ")\n" PROF_SB_BUDGET_HELP
          "  --dtb FILE         board device tree (default: the ML300 board)\n" PROF_CLOCK_HELP
              PROF_CACHES_HELP PROF_IP_MODEL_HELP PROF_RUNTIME_HELP
          "  --help             this text\n"
          "\n"
          "Exit status: 0 every run ended with status 0 and the same output; 1 otherwise;\n"
          "2 bad usage or a missing workload.\n");
}

/* The line on a terminal naming the run in progress: only when the workloads run one
 * at a time in this process (several at a time, jobs.c reports them as they end). */
static int progress_line;
static unsigned at_once = 1; /* workloads run at a time (bench_all), for the host times */

/* The runs of each workload: profile, superblocks (at the bench's threshold, or
 * the hw+sb run's, formed before the run starts), the hw probe. */
#define NMODES 9
enum { NONE, HW, SW, HW_SB, HW_WORD, SW_SB, OPT, HW_CCT, SW_CCT };
enum { SB_NO, SB_AT_THRESHOLD, SB_FROM_HW_SB };
static const struct mode {
  int profile;
  int superblocks;
  int probe;
  const char *name;
  int cct; /* --cct: calling contexts collected as well */
} modes[NMODES] = {{DBT_PROFILE_NONE, SB_NO, DBT_PROBE_WINDOW, "none", 0},
                   {DBT_PROFILE_HW, SB_NO, DBT_PROBE_WINDOW, "hw", 0},
                   {DBT_PROFILE_SW, SB_NO, DBT_PROBE_WINDOW, "sw", 0},
                   {DBT_PROFILE_HW, SB_AT_THRESHOLD, DBT_PROBE_WINDOW, "hw+sb", 0},
                   {DBT_PROFILE_HW, SB_NO, DBT_PROBE_WORD, "hw-word", 0},
                   {DBT_PROFILE_SW, SB_AT_THRESHOLD, DBT_PROBE_WINDOW, "sw+sb", 0},
                   {DBT_PROFILE_NONE, SB_FROM_HW_SB, DBT_PROBE_WINDOW, "opt", 0},
                   {DBT_PROFILE_HW, SB_NO, DBT_PROBE_WINDOW, "hw+cct", 1},
                   {DBT_PROFILE_SW, SB_NO, DBT_PROBE_WINDOW, "sw+cct", 1}};

typedef struct row {
  char name[256];
  char size[16]; /* test, train, or "program" (--program: its own arguments) */
  uint64_t insns, cycles[NMODES];
  double oh[NMODES], block_insns;         /* oh: overhead over none, %; block_insns: per block */
  int hw_eq_sw, sb_eq_sw, word_eq_sw, ok; /* the hw (hw+sb, hw-word) IP counts equal sw's */
  int sb_eq_sbsw;                         /* hw+sb's IP counts equal sw+sb's counters */
  size_t distinct;
  uint64_t events, lost, fifo_stall, cpu_stall;
  /* The probe and the IP (hw run): block entries, the probe's cost in CPU cycles per
   * block entry ((hw - none) / entries), events sent to the spill ring, the IP's
   * cycles probing its table for a free or matching slot. */
  uint64_t entries, spilled, evicted, probe_cycles;
  double probe_cpb, probe_own_cpb; /* (hw - none) / entries; the probes' own (cycles_by) */
  /* Superblocks: hw+sb and sw+sb over opt, none over hw+sb, and none over opt (what the
   * superblocks buy unprofiled) (%); how many the hw+sb run formed, the share of its
   * guest instructions run inside them (%), and the host time it took to form them (ms,
   * not in simulated cycles). */
  double oh_hw_sb, oh_sw_sb, speedup_hw_sb, speedup_opt;
  uint64_t superblocks;
  double coverage, form_ms;
  double host_s[NMODES]; /* host wall-clock seconds of each run, whole: not simulated */
  /* Code and the instruction cache: the code each run translated (bytes, superblocks
   * included), and its instruction-cache misses, % of lookups (0 without the cache). */
  uint64_t code_bytes[NMODES];
  double imiss_pct[NMODES];
  /* --runtime board: the translator's share of each run's cycles, blocks and
   * superblocks (%; 0 with the translator on the host). */
  double xlate_pct[NMODES];
  double disp_pct[NMODES]; /* ... and the dispatcher's on the board */
  /* The floor (a native build run): its cycles, the share of them in FP emulation
   * (%), and the none, opt and hw+sb runs' cycles over its. */
  int has_native;
  uint64_t cycles_native;
  double native_fp_pct, to_native[3];
  char why[1200]; /* every failing run: "profile MODE: reason; ..." */
} row;

/* Every block's count in run h's IP table equals its RAM counter in run s, and the
 * IP holds nothing else. */
static int hw_equals_sw(const prof_run *h, const prof_run *s) {
  if (!h->hw || h->n != s->n || h->n_hw_only)
    return 0;
  for (size_t i = 0; i < h->n; i++)
    if (h->blocks[i].pc != s->blocks[i].pc || !h->blocks[i].in_hw ||
        h->blocks[i].hw != s->blocks[i].sw)
      return 0;
  return 1;
}

/* The superblocks run r formed, each head once (a head formed again after a flush
 * of the code cache heads the first only): the plan of the opt run. */
static dbt_trace *formed_plan(const prof_run *r, size_t *n) {
  const dbt_trace *t;
  size_t k = r->d ? dbt_superblocks(r->d, &t) : 0;
  dbt_trace *v = calloc(k + 1, sizeof *v);
  *n = 0;
  for (size_t i = 0; v && i < k; i++) {
    size_t j = 0;
    while (j < *n && v[j].pc[0] != t[i].pc[0])
      j++;
    if (j == *n)
      v[(*n)++] = t[i];
  }
  return v;
}

/* One workload: a suite program and its size argument, or a program of the
 * user's with its own arguments (--program). */
typedef struct workload {
  const char *name;
  char **argv; /* the program's path, then its arguments; NULL-terminated */
  int argc;
  const char *size; /* test, train, or "program" */
  char *native;     /* the same program built for the PPC405, or NULL (no floor) */
} workload;

/* The workload's native build on the board (nativerun.h), its output to out: 1 when
 * it ran to exit status 0 (w->cycles_native ...), else 0 with why in w. */
static int bench_native(const workload *wl, const char *dtb, const dbt_options *base,
                        const char *tmp, char *out, size_t len, row *w) {
  snprintf(out, len, "%s/%s.native.out", tmp, wl->name);
  FILE *log = fopen("/dev/null", "w"); /* (the runs' own messages go nowhere, as theirs) */
  native_opts o = {
      .cmd = "bench", .dtb_path = dtb, .no_caches = base->no_caches, .out = out, .log = log};
  char *argv[3] = {wl->native, (char *)wl->size, NULL};
  native_result r;
  double wall;
  if (progress_line) {
    fprintf(stderr, "\r\033[Khwprof bench: %s %s, native", wl->name, wl->size);
    fflush(stderr);
  }
  int rc = native_exec(&o, 2, argv, &r, &wall);
  if (log)
    fclose(log);
  if (rc < 0 || !r.exited || r.status != 0) {
    size_t k = strlen(w->why);
    char st[24];
    snprintf(st, sizeof st, "exit status %d", rc < 0 ? 0 : r.status);
    snprintf(w->why + k, sizeof w->why - k, "%snative: %s", k ? "; " : "",
             rc < 0     ? "could not start"
             : r.exited ? st
                        : r.message);
    w->ok = 0;
    return 0;
  }
  w->has_native = 1;
  w->cycles_native = r.board.cpu_cycles;
  w->native_fp_pct =
      r.board.cpu_cycles ? 100.0 * (double)r.fp_cycles / (double)r.board.cpu_cycles : 0.0;
  return 1;
}

/* The runs of one workload. */
static void bench_one(const workload *wl, const char *dtb, const dbt_options *base,
                      uint32_t threshold, const char *tmp, row *w) {
  char out[NMODES][4300];
  const char *name = wl->name, *size = wl->size;
  snprintf(w->name, sizeof w->name, "%s", name);
  snprintf(w->size, sizeof w->size, "%s", size);
  prof_run pr[NMODES];
  dbt_trace *plan = NULL;
  size_t nplan = 0;
  w->ok = 1;
  for (int m = 0; m < NMODES; m++) {
    prof_opts o = prof_defaults("bench");
    o.dtb_path = dtb;
    o.dbt.clock = base->clock;
    o.dbt.no_caches = base->no_caches;
    o.dbt.sb_budget = base->sb_budget;
    o.dbt.runtime = base->runtime;
    o.dbt.profile = modes[m].profile;
    o.dbt.threshold = modes[m].superblocks == SB_AT_THRESHOLD ? threshold : 0;
    o.dbt.superblocks = modes[m].superblocks == SB_AT_THRESHOLD;
    o.dbt.probe = modes[m].probe;
    o.dbt.cct = modes[m].cct;
    if (modes[m].superblocks == SB_FROM_HW_SB) {
      plan = formed_plan(&pr[HW_SB], &nplan);
      o.sb_plan = plan;
      o.sb_plan_n = nplan;
    }
    snprintf(out[m], sizeof out[m], "%s/%s.%s.out", tmp, name, modes[m].name);
    o.guest_out = out[m];
    if (progress_line) {
      fprintf(stderr, "\r\033[Khwprof bench: %s %s, profile %s", name, size, modes[m].name);
      fflush(stderr);
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = prof_exec(&o, wl->argc, wl->argv, &pr[m]);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    w->host_s[m] = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    if (rc < 0 || pr[m].status != 0) {
      size_t k = strlen(w->why);
      char st[24];
      snprintf(st, sizeof st, "exit status %d", pr[m].status);
      snprintf(w->why + k, sizeof w->why - k, "%sprofile %s: %s", k ? "; " : "", modes[m].name,
               !pr[m].d                    ? "could not start"
               : pr[m].r.how == DBT_EXITED ? st
                                           : pr[m].r.message);
      w->ok = 0;
    }
    w->cycles[m] = pr[m].r.board.cpu_cycles;
    w->code_bytes[m] = pr[m].st.code_bytes;
    w->xlate_pct[m] =
        w->cycles[m] ? 100.0 * (double)(pr[m].st.translate_cycles + pr[m].st.sb_translate_cycles) /
                           (double)w->cycles[m]
                     : 0.0;
    w->disp_pct[m] =
        w->cycles[m] ? 100.0 * (double)pr[m].st.dispatch_cycles / (double)w->cycles[m] : 0.0;
    w->imiss_pct[m] = pr[m].r.board.icache_lines ? 100.0 * (double)pr[m].r.board.icache_misses /
                                                       (double)pr[m].r.board.icache_lines
                                                 : 0.0;
  }
  long bytes;
  for (int m = 1; m < NMODES && w->ok; m++)
    if (!prof_same_file(out[0], out[m], &bytes)) {
      snprintf(w->why, sizeof w->why, "the runs' outputs differ (%s/)", tmp);
      w->ok = 0;
    }

  w->insns = pr[0].st.guest_insns;
  w->block_insns =
      pr[0].st.blocks_executed ? (double)w->insns / (double)pr[0].st.blocks_executed : 0.0;
  w->distinct = pr[0].n;
  for (int m = 0; m < NMODES; m++)
    w->oh[m] = w->cycles[0] ? 100.0 * ((double)w->cycles[m] / (double)w->cycles[0] - 1) : 0;
  const dbt_hw_profile *h = pr[1].hw;
  if (h) {
    w->events = h->stats.events_in;
    w->lost = (uint64_t)h->stats.lost_fifo + h->stats.lost_table + h->stats.spill_errors;
    w->fifo_stall = h->stats.stall;
    w->cpu_stall = pr[1].r.board.stall_cycles;
    w->spilled = h->stats.spilled;
    w->evicted = h->stats.evicted;
    w->probe_cycles = h->stats.probes;
    w->entries = pr[HW].st.blocks_executed;
    w->probe_cpb =
        w->entries ? ((double)w->cycles[HW] - (double)w->cycles[NONE]) / (double)w->entries : 0.0;
    w->probe_own_cpb =
        w->entries ? (double)pr[HW].st.cycles_by[DBT_CYC_PROBES] / (double)w->entries : 0.0;
    w->hw_eq_sw = hw_equals_sw(&pr[HW], &pr[SW]);
    w->sb_eq_sw = hw_equals_sw(&pr[HW_SB], &pr[SW]);
    w->word_eq_sw = hw_equals_sw(&pr[HW_WORD], &pr[SW]);
    w->sb_eq_sbsw = hw_equals_sw(&pr[HW_SB], &pr[SW_SB]);
  } else if (w->ok) {
    snprintf(w->why, sizeof w->why, "the IP's counts could not be read");
    w->ok = 0;
  }
  if (w->ok && w->cycles[OPT] && w->cycles[HW_SB]) {
    w->oh_hw_sb = 100.0 * ((double)w->cycles[HW_SB] / (double)w->cycles[OPT] - 1);
    w->oh_sw_sb = 100.0 * ((double)w->cycles[SW_SB] / (double)w->cycles[OPT] - 1);
    w->speedup_hw_sb = 100.0 * ((double)w->cycles[NONE] / (double)w->cycles[HW_SB] - 1);
    w->speedup_opt = 100.0 * ((double)w->cycles[NONE] / (double)w->cycles[OPT] - 1);
    w->superblocks = pr[HW_SB].st.superblocks;
    w->coverage = pr[HW_SB].st.guest_insns ? 100.0 * (double)pr[HW_SB].st.superblock_insns /
                                                 (double)pr[HW_SB].st.guest_insns
                                           : 0;
    w->form_ms = (double)pr[HW_SB].st.superblock_ns / 1e6;
  }
  for (int m = 0; m < NMODES; m++)
    prof_free(&pr[m]);
  /* The floor, on a board of its own once the translated runs' are freed. */
  char nout[4300];
  if (wl->native && bench_native(wl, dtb, base, tmp, nout, sizeof nout, w)) {
    if (w->ok && !prof_same_file(out[0], nout, &bytes)) {
      snprintf(w->why, sizeof w->why, "the native run's output differs (%s/)", tmp);
      w->ok = 0;
    }
    if (w->ok)
      unlink(nout);
  }
  if (w->ok && w->has_native) {
    const int to[3] = {NONE, OPT, HW_SB};
    for (int k = 0; k < 3; k++)
      w->to_native[k] = (double)w->cycles[to[k]] / (double)w->cycles_native;
  }
  for (int m = 0; m < NMODES && w->ok; m++)
    unlink(out[m]);
  free(plan);
  if (progress_line)
    fprintf(stderr, "\r\033[K");
}

/* What every workload's runs share, and one workload's job (bench_all). */
typedef struct bench_ctx {
  const workload *wl;
  const char *dtb;
  const dbt_options *base;
  uint32_t threshold;
  const char *tmp;
  row *w;
} bench_ctx;
typedef struct bench_job {
  const bench_ctx *c;
  size_t i;
} bench_job;

static int bench_job_run(void *ctx) {
  const bench_job *b = ctx;
  const bench_ctx *c = b->c;
  bench_one(&c->wl[b->i], c->dtb, c->base, c->threshold, c->tmp, &c->w[b->i]);
  return 0; /* (a failed run is the row's: ok, why) */
}

/* The rows of the n workloads: up to `jobs` at a time, each in a child process that
 * writes its row into memory shared with this one (jobs.h), or with jobs = 1 one
 * after the other in this process.  The programs of --program, from index `first`
 * on, run in the current directory with hwprof's stdin: one after the other (two of
 * them may write the same files), beside the suite's.  A child that dies leaves its
 * row failed, naming how.  NULL when out of memory (munmap the rows). */
static row *bench_all(bench_ctx *c, size_t n, size_t first, uint64_t jobs) {
  row *w = mmap(NULL, n * sizeof *w, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (w == MAP_FAILED)
    return NULL;
  c->w = w; /* (zeroed) */
  progress_line = isatty(2) && (jobs == 1 || n == 1);
  at_once = (unsigned)(jobs < n ? jobs : n);
  if (jobs == 1 || n == 1) {
    for (size_t i = 0; i < n; i++)
      bench_one(&c->wl[i], c->dtb, c->base, c->threshold, c->tmp, &w[i]);
    return w;
  }
  job *j = calloc(n, sizeof *j);
  bench_job *b = calloc(n, sizeof *b);
  char(*what)[300] = calloc(n, sizeof *what);
  if (!j || !b || !what) {
    free(j), free(b), free(what);
    munmap(w, n * sizeof *w);
    return NULL;
  }
  for (size_t i = 0; i < n; i++) {
    snprintf(w[i].name, sizeof w[i].name, "%s", c->wl[i].name);
    snprintf(w[i].size, sizeof w[i].size, "%s", c->wl[i].size);
    snprintf(what[i], sizeof what[i], "%s %s", c->wl[i].name, c->wl[i].size);
    b[i] = (bench_job){c, i};
    j[i] = (job){.fn = bench_job_run,
                 .ctx = &b[i],
                 .what = what[i],
                 .keep_stdin = i >= first,
                 .after = i > first ? (long)i - 1 : -1};
  }
  jobs_run(j, n, (unsigned)jobs, "bench");
  for (size_t i = 0; i < n; i++)
    if (j[i].state != JOB_OK) {
      snprintf(w[i].why, sizeof w[i].why, "its process: %s", j[i].why);
      w[i].ok = 0;
    }
  free(j), free(b), free(what);
  return w;
}

static double geomean_pct(const row *w, size_t n, int m) {
  double s = 0;
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (w[i].ok) {
      s += log(1 + w[i].oh[m] / 100);
      k++;
    }
  return k ? 100 * (exp(s / (double)k) - 1) : 0;
}

/* The geometric mean of a percentage field of the rows that ran (as ratios). */
static double geomean_field(const row *w, size_t n, size_t off) {
  double s = 0;
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (w[i].ok) {
      s += log(1 + *(const double *)((const char *)&w[i] + off) / 100);
      k++;
    }
  return k ? 100 * (exp(s / (double)k) - 1) : 0;
}
#define GEO(field) geomean_field(w, n, offsetof(row, field))

static void print_superblocks(FILE *f, const row *w, size_t n, int nw, uint32_t threshold,
                              int runtime) {
  fprintf(f,
          "\nSuperblocks formed at the IP's hot interrupt (threshold %u), counts derived from "
          "where their passes leave;\nopt: the hw+sb run's superblocks formed before the run, "
          "no profiling.  %s\nspeedup: none over hw+sb; opt speedup: none over opt, what the "
          "superblocks buy unprofiled.\n\n",
          threshold,
          runtime == DBT_RUNTIME_HOST
              ? "Host-side formation is not in the cycles."
              : "Forming them (recording, translation, redirection) is in the cycles.");
  fprintf(f, "%-*s %13s %13s %13s %10s %10s %10s %12s %11s %6s %7s %9s\n", nw, "workload",
          "cycles opt", "cycles hw+sb", "cycles sw+sb", "hw+sb/opt", "sw+sb/opt", "speedup",
          "opt speedup", "hw+sb=sw+sb", "sbs", "cover", "form ms");
  for (size_t i = 0; i < n; i++) {
    const row *r = &w[i];
    if (!r->ok)
      continue;
    fprintf(f,
            "%-*s %13llu %13llu %13llu %9.2f%% %9.2f%% %9.2f%% %11.2f%% %11s %6llu %6.1f%% %9.1f\n",
            nw, r->name, (unsigned long long)r->cycles[OPT], (unsigned long long)r->cycles[HW_SB],
            (unsigned long long)r->cycles[SW_SB], r->oh_hw_sb, r->oh_sw_sb, r->speedup_hw_sb,
            r->speedup_opt, r->sb_eq_sbsw ? "yes" : "NO", (unsigned long long)r->superblocks,
            r->coverage, r->form_ms);
  }
  fprintf(f, "%-*s %13s %13s %13s %9.2f%% %9.2f%% %9.2f%% %11.2f%%\n", nw, "geomean", "", "", "",
          GEO(oh_hw_sb), GEO(oh_sw_sb), GEO(speedup_hw_sb), GEO(speedup_opt));
}

/* What superblocks do to the code and the instruction cache: the code translated
 * without them (none) and with them (hw+sb), and each run's misses. */
static void print_code(FILE *f, const row *w, size_t n, int nw) {
  fprintf(f, "\nCode and the instruction cache: bytes of PowerPC code translated, and misses in\n"
             "%% of instruction-cache lookups (0 without the cache), without superblocks (none)\n"
             "and with them (hw+sb).\n\n");
  fprintf(f, "%-*s %11s %11s %7s %11s %11s\n", nw, "workload", "code none", "code hw+sb", "growth",
          "imiss none", "imiss hw+sb");
  double s = 0;
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    const row *r = &w[i];
    if (!r->ok || !r->code_bytes[NONE])
      continue;
    double g = (double)r->code_bytes[HW_SB] / (double)r->code_bytes[NONE];
    fprintf(f, "%-*s %11llu %11llu %6.2fx %10.3f%% %10.3f%%\n", nw, r->name,
            (unsigned long long)r->code_bytes[NONE], (unsigned long long)r->code_bytes[HW_SB], g,
            r->imiss_pct[NONE], r->imiss_pct[HW_SB]);
    s += log(g);
    k++;
  }
  if (k)
    fprintf(f, "%-*s %11s %11s %6.2fx\n", nw, "geomean", "", "", exp(s / (double)k));
}

/* Calling contexts (--cct): the extra cycles of collecting them in hw (the IP's
 * packet ring, weighted probes) and in sw (the inline shadow stack), over none. */
static void print_cct(FILE *f, const row *w, size_t n, int nw) {
  fprintf(f, "\nCalling-context trees (--cct): the extra cycles of collecting the call/return "
             "packets, over none;\nhw: the IP's packet ring, each probe weighted; sw: inline "
             "code.  Building the tree is host work, not in the cycles.\n\n");
  fprintf(f, "%-*s %13s %13s %10s %10s %8s\n", nw, "workload", "cycles hw+cct", "cycles sw+cct",
          "hw cct %", "sw cct %", "hw/sw");
  double sh = 0, ss = 0;
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    const row *r = &w[i];
    if (!r->ok)
      continue;
    double h = r->oh[HW_CCT] - r->oh[HW], s = r->oh[SW_CCT] - r->oh[SW];
    fprintf(f, "%-*s %13llu %13llu %9.2f%% %9.2f%% %8.2f\n", nw, r->name,
            (unsigned long long)r->cycles[HW_CCT], (unsigned long long)r->cycles[SW_CCT], h, s,
            s > 0 ? h / s : 0);
    sh += log(1 + h / 100);
    ss += log(1 + s / 100);
    k++;
  }
  if (k)
    fprintf(f, "%-*s %13s %13s %9.2f%% %9.2f%% %8.2f\n", nw, "geomean", "", "",
            100 * (exp(sh / (double)k) - 1), 100 * (exp(ss / (double)k) - 1),
            (exp(sh / (double)k) - 1) / (exp(ss / (double)k) - 1));
}

/* The probe and the IP in the hw run: what a block entry costs the CPU, and how
 * the IP keeps up (its table, the spill ring, the bus). */
static void print_probe(FILE *f, const row *w, size_t n, int nw) {
  fprintf(f, "\nThe probe and the IP (hw run): CPU cycles per block entry for the probe ((hw -\n"
             "none) / entries; own: the probes' instructions and the waits for the IP alone,\n"
             "cycles_by.probes / entries), events the IP sent to its spill ring, entries its\n"
             "set-associative table evicted there, its cycles probing the table, CPU cycles\n"
             "stalled on its bus (and their share of the hw run's)\n\n");
  fprintf(f, "%-*s %12s %9s %9s %12s %12s %10s %12s %12s %8s\n", nw, "workload", "entries",
          "cyc/blk", "own/blk", "events", "spilled", "evicted", "probe cyc", "CPU stall",
          "stall %");
  for (size_t i = 0; i < n; i++) {
    const row *r = &w[i];
    if (!r->ok)
      continue;
    fprintf(f, "%-*s %12llu %9.3f %9.3f %12llu %12llu %10llu %12llu %12llu %7.3f%%\n", nw, r->name,
            (unsigned long long)r->entries, r->probe_cpb, r->probe_own_cpb,
            (unsigned long long)r->events, (unsigned long long)r->spilled,
            (unsigned long long)r->evicted, (unsigned long long)r->probe_cycles,
            (unsigned long long)r->cpu_stall,
            r->cycles[HW] ? 100.0 * (double)r->cpu_stall / (double)r->cycles[HW] : 0.0);
  }
}

/* The geometric mean, over the rows that ran, of the host time of run m over none's. */
static double host_ratio(const row *w, size_t n, int m) {
  double s = 0;
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (w[i].ok && w[i].host_s[NONE] > 0) {
      s += log(w[i].host_s[m] / w[i].host_s[NONE]);
      k++;
    }
  return k ? exp(s / (double)k) : 0;
}

/* --runtime board: the translator's share of the cycles of the runs without and with
 * superblocks (translating blocks and superblocks on the board), and the dispatcher's
 * (its lookups and patches on the board). */
static void print_runtime(FILE *f, const row *w, size_t n, int nw) {
  fprintf(f, "\nThe runtime on the board (--runtime board): the translator's share of each run's "
             "cycles,\ntranslating blocks and superblocks, and the dispatcher's (lookups, "
             "patches, redirections).\n\n");
  fprintf(f, "%-*s %9s %9s %9s %9s %11s %11s\n", nw, "workload", "none", "hw", "sw", "hw+sb",
          "disp none", "disp hw+sb");
  for (size_t i = 0; i < n; i++)
    if (w[i].ok)
      fprintf(f, "%-*s %8.2f%% %8.2f%% %8.2f%% %8.2f%% %10.2f%% %10.2f%%\n", nw, w[i].name,
              w[i].xlate_pct[NONE], w[i].xlate_pct[HW], w[i].xlate_pct[SW], w[i].xlate_pct[HW_SB],
              w[i].disp_pct[NONE], w[i].disp_pct[HW_SB]);
}

/* Host time: what each run took on this machine (seconds of wall clock: loading,
 * translating, the board's simulation of CPU, caches and IP, the reports), and the
 * profiled runs' over the unprofiled one.  Not a simulated figure: it measures the
 * co-simulation, and varies with the machine and its load. */
static void print_host(FILE *f, const row *w, size_t n, int nw) {
  fprintf(f, "\nHost time of each run (wall-clock seconds on this machine, the whole run: not "
             "simulated cycles),\nand the profiled runs' over the unprofiled one's");
  if (at_once > 1)
    fprintf(f, " (%u workloads ran at a time, sharing the machine:\n--jobs 1 for one at a time)",
            at_once);
  fprintf(f, ".\n\n");
  fprintf(f, "%-*s %9s %9s %9s %9s %9s %9s %9s\n", nw, "workload", "none s", "hw s", "sw s",
          "hw+sb s", "hw/none", "sw/none", "sb/none");
  for (size_t i = 0; i < n; i++) {
    const row *r = &w[i];
    if (!r->ok || r->host_s[NONE] <= 0)
      continue;
    fprintf(f, "%-*s %9.2f %9.2f %9.2f %9.2f %8.2fx %8.2fx %8.2fx\n", nw, r->name, r->host_s[NONE],
            r->host_s[HW], r->host_s[SW], r->host_s[HW_SB], r->host_s[HW] / r->host_s[NONE],
            r->host_s[SW] / r->host_s[NONE], r->host_s[HW_SB] / r->host_s[NONE]);
  }
  fprintf(f, "%-*s %9s %9s %9s %9s %8.2fx %8.2fx %8.2fx\n", nw, "geomean", "", "", "", "",
          host_ratio(w, n, HW), host_ratio(w, n, SW), host_ratio(w, n, HW_SB));
}

/* The geometric mean of the rows' to_native[k] (the ones with a native run). */
static double geomean_to_native(const row *w, size_t n, int k) {
  double s = 0;
  size_t c = 0;
  for (size_t i = 0; i < n; i++)
    if (w[i].ok && w[i].has_native) {
      s += log(w[i].to_native[k]);
      c++;
    }
  return c ? exp(s / (double)c) : 0;
}

/* The floor: the program built for the PPC405 and run natively on the same board. */
static void print_native(FILE *f, const row *w, size_t n, int nw) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    k += w[i].ok && w[i].has_native;
  if (!k)
    return;
  fprintf(f, "\nThe floor: the same C program built for the PPC405 (gcc -mcpu=405 -O2) and run "
             "on the board\nwithout the translator, its FP instructions emulated as a 405 kernel "
             "does (their share of\nits cycles: FP %%); the translated runs' cycles over its.\n\n");
  fprintf(f, "%-*s %13s %7s %11s %11s %11s\n", nw, "workload", "cycles native", "FP %", "none/nat",
          "opt/nat", "hw+sb/nat");
  for (size_t i = 0; i < n; i++) {
    const row *r = &w[i];
    if (!r->ok || !r->has_native)
      continue;
    fprintf(f, "%-*s %13llu %6.2f%% %10.3fx %10.3fx %10.3fx\n", nw, r->name,
            (unsigned long long)r->cycles_native, r->native_fp_pct, r->to_native[0],
            r->to_native[1], r->to_native[2]);
  }
  fprintf(f, "%-*s %13s %7s %10.3fx %10.3fx %10.3fx\n", nw, "geomean", "", "",
          geomean_to_native(w, n, 0), geomean_to_native(w, n, 1), geomean_to_native(w, n, 2));
}

static void print_table(FILE *f, const row *w, size_t n, const char *size, uint32_t threshold,
                        int runtime) {
  int nw = 10; /* the first column: as wide as the longest name */
  for (size_t i = 0; i < n; i++)
    if ((int)strlen(w[i].name) > nw)
      nw = (int)strlen(w[i].name);
  size_t progs = 0;
  for (size_t i = 0; i < n; i++)
    progs += !strcmp(w[i].size, "program");
  fprintf(f, "%s%s%s: simulated PPC405 cycles and profiling overhead, %s\n\n",
          progs == n ? "" : "SPEC-like workloads, size ", progs == n ? "" : size,
          !progs       ? ""
          : progs == n ? "Programs (--program)"
                       : ", and programs (--program)",
          runtime == DBT_RUNTIME_HOST
              ? "the runtime on the host (--runtime host: its work is not in the cycles)"
              : "the runtime on the board (its work in the cycles)");
  fprintf(f, "%-*s %12s %13s %13s %13s %13s %7s %7s %8s %5s %5s %7s %6s %6s %7s %10s\n", nw,
          "workload", "guest insns", "cycles none", "cycles hw", "cycles sw", "cycles hw+sb",
          "hw %", "sw %", "hw+sb %", "hw=sw", "sb=sw", "blocks", "insn/b", "lost", "stall",
          "hw-word %");
  for (size_t i = 0; i < n; i++) {
    const row *r = &w[i];
    if (!r->ok) {
      fprintf(f, "%-*s FAILED: %s\n", nw, r->name, r->why);
      continue;
    }
    fprintf(f,
            "%-*s %12llu %13llu %13llu %13llu %13llu %6.2f%% %6.2f%% %7.2f%% %5s %5s %7zu %6.2f "
            "%6llu %7llu %9.2f%%%s\n",
            nw, r->name, (unsigned long long)r->insns, (unsigned long long)r->cycles[NONE],
            (unsigned long long)r->cycles[HW], (unsigned long long)r->cycles[SW],
            (unsigned long long)r->cycles[HW_SB], r->oh[HW], r->oh[SW], r->oh[HW_SB],
            r->hw_eq_sw ? "yes" : "NO", r->sb_eq_sw ? "yes" : "NO", r->distinct, r->block_insns,
            (unsigned long long)r->lost, (unsigned long long)r->cpu_stall, r->oh[HW_WORD],
            r->word_eq_sw ? "" : " (hw-word != sw)");
  }
  fprintf(f,
          "%-*s %12s %13s %13s %13s %13s %6.2f%% %6.2f%% %7.2f%% %5s %5s %7s %6s %6s %7s %9.2f%%\n",
          nw, "geomean", "", "", "", "", "", geomean_pct(w, n, HW), geomean_pct(w, n, SW),
          geomean_pct(w, n, HW_SB), "", "", "", "", "", "", geomean_pct(w, n, HW_WORD));
  print_superblocks(f, w, n, nw, threshold, runtime);
  print_code(f, w, n, nw);
  print_cct(f, w, n, nw);
  print_probe(f, w, n, nw);
  if (runtime != DBT_RUNTIME_HOST)
    print_runtime(f, w, n, nw);
  print_host(f, w, n, nw);
  print_native(f, w, n, nw);
}

/* The JSON: every figure of the text table.  overhead_pct.hw_sb and .sw_sb are
 * over opt (the same superblocks, no profiling: what profiling costs the optimized
 * run), overhead_pct.hw_sb_over_none over none. */
static void write_json(FILE *f, const row *w, size_t n, uint32_t threshold, int runtime) {
  char geo_nat[96] = "null"; /* (no workload ran natively) */
  if (geomean_to_native(w, n, 0) > 0)
    snprintf(geo_nat, sizeof geo_nat, "{\"none\":%.4f,\"opt\":%.4f,\"hw_sb\":%.4f}",
             geomean_to_native(w, n, 0), geomean_to_native(w, n, 1), geomean_to_native(w, n, 2));
  fprintf(f, "{\"threshold\":%u,\"runtime\":\"%s\",\"workloads\":[", threshold,
          runtime == DBT_RUNTIME_HOST ? "host" : "board");
  for (size_t i = 0; i < n; i++) {
    const row *r = &w[i];
    char nat[24] = "null", ratio[96] = "null", fp[24] = "null"; /* (no native run) */
    if (r->ok && r->has_native) {
      snprintf(nat, sizeof nat, "%llu", (unsigned long long)r->cycles_native);
      snprintf(ratio, sizeof ratio, "{\"none\":%.4f,\"opt\":%.4f,\"hw_sb\":%.4f}", r->to_native[0],
               r->to_native[1], r->to_native[2]);
      snprintf(fp, sizeof fp, "%.4f", r->native_fp_pct);
    }
    fprintf(f, "%s\n{\"name\":", i ? "," : "");
    prof_json_str(f, r->name);
    fprintf(f,
            ",\"size\":\"%s\",\"ok\":%s,\"guest_insns\":%llu,\"cycles\":{\"none\":%llu,\"hw\":%llu,"
            "\"sw\":%llu,\"hw_sb\":%llu,\"hw_word\":%llu,\"sw_sb\":%llu,\"opt\":%llu,"
            "\"native\":%s},\"ratio_to_native\":%s,\"native_fp_pct\":%s,"
            "\"overhead_pct\":{\"hw\":%.4f,\"sw\":%.4f,\"hw_sb\":%.4f,\"hw_word\":%.4f,"
            "\"sw_sb\":%.4f,\"hw_sb_over_none\":%.4f},"
            "\"speedup_pct\":{\"hw_sb\":%.4f,\"opt\":%.4f},"
            "\"hw_equals_sw\":%s,\"hw_sb_equals_sw\":%s,\"hw_word_equals_sw\":%s,"
            "\"hw_sb_equals_sw_sb\":%s,\"superblocks\":%llu,\"coverage_pct\":%.4f,"
            "\"superblock_host_ms\":%.3f,\"distinct_blocks\":%zu,"
            "\"mean_block_insns\":%.4f,\"events\":%llu,\"events_lost\":%llu,"
            "\"fifo_stall_cycles\":%llu,\"cpu_stall_cycles\":%llu,\"block_entries\":%llu,"
            "\"probe_cycles_per_block\":%.4f,\"probe_own_cycles_per_block\":%.4f,"
            "\"events_spilled\":%llu,\"entries_evicted\":%llu,"
            "\"ip_probe_cycles\":%llu,"
            "\"cct\":{\"cycles_hw\":%llu,\"cycles_sw\":%llu,\"hw_pct\":%.4f,\"sw_pct\":%.4f},"
            "\"host_s\":{\"none\":%.3f,\"hw\":%.3f,\"sw\":%.3f,\"hw_sb\":%.3f},"
            "\"code_bytes\":{\"none\":%llu,\"hw_sb\":%llu},"
            "\"icache_miss_pct\":{\"none\":%.4f,\"hw_sb\":%.4f},"
            "\"translate_pct\":{\"none\":%.4f,\"hw\":%.4f,\"sw\":%.4f,\"hw_sb\":%.4f},"
            "\"dispatch_pct\":{\"none\":%.4f,\"hw\":%.4f,\"sw\":%.4f,\"hw_sb\":%.4f}}",
            r->size, r->ok ? "true" : "false", (unsigned long long)r->insns,
            (unsigned long long)r->cycles[NONE], (unsigned long long)r->cycles[HW],
            (unsigned long long)r->cycles[SW], (unsigned long long)r->cycles[HW_SB],
            (unsigned long long)r->cycles[HW_WORD], (unsigned long long)r->cycles[SW_SB],
            (unsigned long long)r->cycles[OPT], nat, ratio, fp, r->oh[HW], r->oh[SW], r->oh_hw_sb,
            r->oh[HW_WORD], r->oh_sw_sb, r->oh[HW_SB], r->speedup_hw_sb, r->speedup_opt,
            r->hw_eq_sw ? "true" : "false", r->sb_eq_sw ? "true" : "false",
            r->word_eq_sw ? "true" : "false", r->sb_eq_sbsw ? "true" : "false",
            (unsigned long long)r->superblocks, r->coverage, r->form_ms, r->distinct,
            r->block_insns, (unsigned long long)r->events, (unsigned long long)r->lost,
            (unsigned long long)r->fifo_stall, (unsigned long long)r->cpu_stall,
            (unsigned long long)r->entries, r->probe_cpb, r->probe_own_cpb,
            (unsigned long long)r->spilled, (unsigned long long)r->evicted,
            (unsigned long long)r->probe_cycles, (unsigned long long)r->cycles[HW_CCT],
            (unsigned long long)r->cycles[SW_CCT], r->oh[HW_CCT] - r->oh[HW],
            r->oh[SW_CCT] - r->oh[SW], r->host_s[NONE], r->host_s[HW], r->host_s[SW],
            r->host_s[HW_SB], (unsigned long long)r->code_bytes[NONE],
            (unsigned long long)r->code_bytes[HW_SB], r->imiss_pct[NONE], r->imiss_pct[HW_SB],
            r->xlate_pct[NONE], r->xlate_pct[HW], r->xlate_pct[SW], r->xlate_pct[HW_SB],
            r->disp_pct[NONE], r->disp_pct[HW], r->disp_pct[SW], r->disp_pct[HW_SB]);
  }
  fprintf(f,
          "],\n\"geomean_overhead_pct\":{\"hw\":%.4f,\"sw\":%.4f,\"hw_sb\":%.4f,"
          "\"hw_word\":%.4f,\"sw_sb\":%.4f,\"hw_sb_over_none\":%.4f},"
          "\"geomean_speedup_pct\":{\"hw_sb\":%.4f,\"opt\":%.4f},"
          "\"geomean_host_ratio\":{\"hw\":%.4f,\"sw\":%.4f,\"hw_sb\":%.4f},"
          "\"geomean_ratio_to_native\":%s}\n",
          geomean_pct(w, n, HW), geomean_pct(w, n, SW), GEO(oh_hw_sb), geomean_pct(w, n, HW_WORD),
          GEO(oh_sw_sb), geomean_pct(w, n, HW_SB), GEO(speedup_hw_sb), GEO(speedup_opt),
          host_ratio(w, n, HW), host_ratio(w, n, SW), host_ratio(w, n, HW_SB), geo_nat);
}

static void write_csv(FILE *f, const row *w, size_t n) {
  fprintf(f, "name,size,ok,guest_insns,cycles_none,cycles_hw,cycles_sw,cycles_hw_sb,"
             "overhead_hw_pct,overhead_sw_pct,overhead_hw_sb_pct,hw_equals_sw,hw_sb_equals_sw,"
             "distinct_blocks,mean_block_insns,events,events_lost,fifo_stall_cycles,"
             "cycles_hw_word,overhead_hw_word_pct,hw_word_equals_sw,cycles_sw_sb,cycles_opt,"
             "overhead_hw_sb_over_opt_pct,overhead_sw_sb_over_opt_pct,speedup_hw_sb_pct,"
             "hw_sb_equals_sw_sb,superblocks,coverage_pct,superblock_host_ms,host_none_s,"
             "host_hw_s,host_sw_s,host_hw_sb_s,block_entries,probe_cycles_per_block,"
             "events_spilled,ip_probe_cycles,cpu_stall_cycles,code_bytes_none,code_bytes_hw_sb,"
             "icache_miss_none_pct,icache_miss_hw_sb_pct,cycles_native,ratio_to_native_none,"
             "ratio_to_native_opt,ratio_to_native_hw_sb,native_fp_pct,"
             "probe_own_cycles_per_block,speedup_opt_pct\n");
  for (size_t i = 0; i < n; i++) {
    const row *r = &w[i];
    fprintf(f,
            "%s,%s,%d,%llu,%llu,%llu,%llu,%llu,%.4f,%.4f,%.4f,%d,%d,%zu,%.4f,%llu,%llu,%llu,"
            "%llu,%.4f,%d,%llu,%llu,%.4f,%.4f,%.4f,%d,%llu,%.4f,%.3f,%.3f,%.3f,%.3f,%.3f,%llu,"
            "%.4f,%llu,%llu,%llu,%llu,%llu,%.4f,%.4f,",
            r->name, r->size, r->ok, (unsigned long long)r->insns,
            (unsigned long long)r->cycles[NONE], (unsigned long long)r->cycles[HW],
            (unsigned long long)r->cycles[SW], (unsigned long long)r->cycles[HW_SB], r->oh[HW],
            r->oh[SW], r->oh[HW_SB], r->hw_eq_sw, r->sb_eq_sw, r->distinct, r->block_insns,
            (unsigned long long)r->events, (unsigned long long)r->lost,
            (unsigned long long)r->fifo_stall, (unsigned long long)r->cycles[HW_WORD],
            r->oh[HW_WORD], r->word_eq_sw, (unsigned long long)r->cycles[SW_SB],
            (unsigned long long)r->cycles[OPT], r->oh_hw_sb, r->oh_sw_sb, r->speedup_hw_sb,
            r->sb_eq_sbsw, (unsigned long long)r->superblocks, r->coverage, r->form_ms,
            r->host_s[NONE], r->host_s[HW], r->host_s[SW], r->host_s[HW_SB],
            (unsigned long long)r->entries, r->probe_cpb, (unsigned long long)r->spilled,
            (unsigned long long)r->probe_cycles, (unsigned long long)r->cpu_stall,
            (unsigned long long)r->code_bytes[NONE], (unsigned long long)r->code_bytes[HW_SB],
            r->imiss_pct[NONE], r->imiss_pct[HW_SB]);
    if (r->ok && r->has_native) /* (else empty: no native run) */
      fprintf(f, "%llu,%.4f,%.4f,%.4f,%.4f,", (unsigned long long)r->cycles_native, r->to_native[0],
              r->to_native[1], r->to_native[2], r->native_fp_pct);
    else
      fprintf(f, ",,,,,");
    fprintf(f, "%.4f,%.4f\n", r->probe_own_cpb, r->speedup_opt);
  }
}

/* Grouped bars: hw, sw and hw+sb overhead per workload, and the geometric means. */
static void write_svg(FILE *f, const row *w, size_t n, const char *size) {
  double top = 5;
  for (size_t i = 0; i < n; i++)
    if (w[i].ok) {
      for (int m = HW; m <= HW_SB; m++)
        top = fmax(top, w[i].oh[m]);
    }
  top = ceil(top / 5) * 5;
  const int left = 60, width = 90 * ((int)n + 1), height = 260, y0 = 40;
  fprintf(f,
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
          "font-family=\"sans-serif\" font-size=\"12\">\n"
          "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
          "<text x=\"%d\" y=\"20\" font-size=\"14\">Profiling overhead in simulated cycles "
          "(size %s)</text>\n",
          left + (width > 600 ? width : 600) + 20, y0 + height + 50, left, size);
  for (int t = 0; t <= 5; t++) {
    double v = top * t / 5;
    double y = y0 + height - height * t / 5.0;
    fprintf(f,
            "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
            "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.0f%%</text>\n",
            left, y, left + width, y, left - 6, y + 4, v);
  }
  static const char *color[NMODES] = {"", "#1f77b4", "#ff7f0e", "#2ca02c"};
  static const char *legend[NMODES] = {"", "hw (store to the IP)", "sw (counter in RAM)",
                                       "hw+sb (superblocks)"};
  for (size_t i = 0; i <= n; i++) {
    int x = left + 90 * (int)i + 3;
    for (int m = HW; m <= HW_SB; m++, x += 28) {
      double v = i < n ? (w[i].ok ? w[i].oh[m] : 0) : geomean_pct(w, n, m);
      double h = height * fmax(v, 0) / top;
      fprintf(f,
              "<rect x=\"%d\" y=\"%.1f\" width=\"26\" height=\"%.1f\" fill=\"%s\"/>"
              "<text x=\"%d\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"9\">%.1f</text>\n",
              x, y0 + height - h, h, color[m], x + 13, y0 + height - h - 3, v);
    }
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
            left + 90 * (int)i + 45, y0 + height + 16, i < n ? w[i].name : "geomean");
  }
  fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", left,
          y0 + height, left + width, y0 + height);
  for (int m = HW; m <= HW_SB; m++)
    fprintf(f,
            "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>"
            "<text x=\"%d\" y=\"%d\">%s</text>\n",
            left + 200 * (m - HW), y0 + height + 28, color[m], left + 200 * (m - HW) + 16,
            y0 + height + 38, legend[m]);
  fprintf(f, "</svg>\n");
}

/* --program NAME=COMMAND: the program (COMMAND's first word) and its arguments (the
 * other words, split at blanks: no quoting), under NAME in the tables. */
static int program_arg(const char *arg, workload *w) {
  const char *eq = strchr(arg, '=');
  if (!eq || eq == arg || memchr(arg, '/', (size_t)(eq - arg)) ||
      strspn(eq + 1, " \t") == strlen(eq + 1)) {
    fprintf(stderr,
            "hwprof bench: --program takes NAME=COMMAND (a name without '/', then the "
            "program and its arguments), not '%s'\n",
            arg);
    return -1;
  }
  char *name = strndup(arg, (size_t)(eq - arg)), *cmd = strdup(eq + 1 + strspn(eq + 1, " \t"));
  char **v = calloc(strlen(eq + 1) / 2 + 2, sizeof *v);
  if (!name || !cmd || !v) {
    fprintf(stderr, "hwprof bench: out of memory\n");
    free(name), free(cmd), free(v);
    return -1;
  }
  int n = 0;
  for (char *save = NULL, *t = strtok_r(cmd, " \t", &save); t; t = strtok_r(NULL, " \t", &save))
    v[n++] = t;
  if (access(v[0], X_OK)) {
    fprintf(stderr, "hwprof bench: --program %s: cannot run %s: %s\n", name, v[0], strerror(errno));
    free(name), free(cmd), free(v);
    return -1;
  }
  *w = (workload){name, v, n, "program", NULL};
  return 0;
}

int cmd_bench(int argc, char **argv) {
  const char *size = "test", *dir = NULL, *ndir = NULL, *json = NULL, *csv = NULL, *svg = NULL,
             *dtb = NULL;
  char dbuf[4096], nbuf[4096];
  int c;
  dbt_options base = dbt_defaults(); /* only its clock, caches, budget and runtime */
  base.runtime = PROF_RUNTIME_DEFAULT;
  uint64_t threshold = DBT_SB_THRESHOLD, jobs = jobs_cores();
  static const struct option opts[] = {{"size", required_argument, 0, 's'},
                                       {"dir", required_argument, 0, 'D'},
                                       {"native-dir", required_argument, 0, 'N'},
                                       {"json", required_argument, 0, 'j'},
                                       {"csv", required_argument, 0, 'c'},
                                       {"svg", required_argument, 0, 'g'},
                                       OPT_ENTRY_DTB,
                                       OPT_ENTRY_CLOCK,
                                       {"threshold", required_argument, 0, 't'},
                                       {"sb-budget", required_argument, 0, 'u'},
                                       OPT_ENTRY_CACHES,
                                       OPT_ENTRY_IP_MODEL,
                                       OPT_ENTRY_RUNTIME,
                                       {"program", required_argument, 0, 'p'},
                                       {"programs-only", no_argument, 0, 'P'},
                                       {"jobs", required_argument, 0, 'J'},
                                       {"help", no_argument, 0, 'h'},
                                       {0, 0, 0, 0}};
  workload *progs = NULL; /* --program's, in the order given */
  size_t nprogs = 0;
  int programs_only = 0;
  optind = 1;
  while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
    int k = tools_board_option("bench", c, optarg, &dtb, &base);
    if (k < 0)
      return 2;
    if (k)
      continue;
    switch (c) {
    case 's': size = optarg; break;
    case 'D': dir = optarg; break;
    case 'N': ndir = optarg; break;
    case 'j': json = optarg; break;
    case 'c': csv = optarg; break;
    case 'g': svg = optarg; break;
    case 't':
      if (tools_range("bench", "--threshold", optarg, 1, UINT32_MAX, &threshold) < 0)
        return 2;
      break;
    case 'u':
      if (prof_sb_budget_parse("bench", optarg, &base) < 0)
        return 2;
      break;
    case 'p': {
      workload *v = realloc(progs, (nprogs + 1) * sizeof *v);
      if (!v || program_arg(optarg, &v[nprogs]) < 0) {
        free(v ? v : progs);
        return 2;
      }
      progs = v;
      nprogs++;
      break;
    }
    case 'P': programs_only = 1; break;
    case 'J':
      if (tools_range("bench", "--jobs", optarg, 1, 1024, &jobs) < 0)
        return 2;
      break;
    case 'h': help(stdout); return 0;
    default: help(stderr); return 2;
    }
  }
  if (programs_only && (!nprogs || optind < argc)) {
    fprintf(stderr, "hwprof bench: --programs-only runs the --program ones, and only them%s\n",
            nprogs ? ": no workload names with it" : ": there is none");
    return 2;
  }
  if (strcmp(size, "test") && strcmp(size, "train")) {
    fprintf(stderr, "hwprof bench: --size is test or train, not '%s'\n", size);
    return 2;
  }
  if (!dir)
    dir = tools_beside("workloads", dbuf, sizeof dbuf);
  if (!ndir)
    ndir = tools_beside("workloads-ppc405", nbuf, sizeof nbuf);
  char **names = NULL;
  size_t n = 0;
  if (!programs_only && optind < argc) {
    names = calloc((size_t)(argc - optind), sizeof *names);
    for (int i = optind; names && i < argc; i++)
      names[n++] = argv[i];
  } else if (!programs_only && tools_list_suite("bench", dir, &names, &n) < 0)
    return 2;
  if (!n && !programs_only) {
    fprintf(stderr, "hwprof bench: no workloads in %s\n", dir);
    return 2;
  }
  /* The suite's workloads with their size argument, then the --program ones. */
  size_t nw = n + nprogs;
  workload *wl = calloc(nw, sizeof *wl);
  if (!wl)
    return 2;
  for (size_t i = 0; i < n; i++) {
    char **v = calloc(3, sizeof *v);
    if (!v || asprintf(&v[0], "%s/%s", dir, names[i]) < 0)
      return 2;
    v[1] = (char *)size;
    wl[i] = (workload){names[i], v, 2, size, NULL};
    if (asprintf(&wl[i].native, "%s/%s", ndir, names[i]) >= 0 && access(wl[i].native, X_OK))
      free(wl[i].native), wl[i].native = NULL; /* (no native build: no floor) */
    if (access(v[0], X_OK)) {
      fprintf(stderr, "hwprof bench: no workload %s (%s)\n", names[i], v[0]);
      return 2;
    }
  }
  for (size_t i = 0; i < nprogs; i++) {
    for (size_t j = 0; j < n + i; j++)
      if (!strcmp((j < n ? wl[j] : progs[j - n]).name, progs[i].name)) {
        fprintf(stderr, "hwprof bench: two workloads named %s\n", progs[i].name);
        return 2;
      }
    wl[n + i] = progs[i];
  }
  /* The device tree is read and checked once, before any run (else each run would
   * say what is wrong with it). */
  void *dtb_img = NULL;
  vboard *probe = tools_board("bench", dtb, &dtb_img);
  if (!probe)
    return 2;
  vboard_free(probe);
  free(dtb_img);
  /* The report files are opened before the first run: none is lost after it. */
  outs out;
  FILE *jf, *cf, *sf;
  outs_init(&out, "bench");
  outs_input(&out, "the device tree", dtb);
  for (size_t i = 0; i < nw; i++) /* (each workload: not to be written over) */
    outs_input(&out, "a workload", wl[i].argv[0]);
  outs_output(&out, "--json", json, stdout, &jf);
  outs_output(&out, "--csv", csv, stdout, &cf);
  outs_output(&out, "--svg", svg, stdout, &sf);
  char tmp[] = "/tmp/hwprof-bench.XXXXXX";
  if (outs_open(&out) < 0)
    return 2;
  if (!mkdtemp(tmp)) {
    fprintf(stderr, "hwprof bench: cannot make a temporary directory: %s\n", strerror(errno));
    outs_abandon(&out); /* nothing ran: earlier reports stay */
    return 2;
  }
  bench_ctx bc = {wl, dtb, &base, (uint32_t)threshold, tmp, NULL};
  row *w = bench_all(&bc, nw, n, jobs);
  int ok = w != NULL;
  for (size_t i = 0; w && i < nw; i++)
    ok = ok && w[i].ok;
  rmdir(tmp); /* kept when a failed run's outputs are in it */
  if (w) {
    print_table(stdout, w, nw, size, (uint32_t)threshold, base.runtime);
    if (jf)
      write_json(jf, w, nw, (uint32_t)threshold, base.runtime);
    if (cf)
      write_csv(cf, w, nw);
    if (sf)
      write_svg(sf, w, nw, size);
  }
  int written = outs_close(&out) == 0;
  for (size_t i = 0; i < nw; i++) {
    if (i < n)
      free(wl[i].argv[0]);
    else
      free((char *)wl[i].name), free(wl[i].argv[0]);
    free(wl[i].argv);
    free(wl[i].native);
  }
  free(wl);
  free(progs);
  if (optind >= argc)
    for (size_t i = 0; i < n; i++)
      free(names[i]);
  free(names);
  if (w)
    munmap(w, nw * sizeof *w);
  return !written ? 2 : ok ? 0 : 1;
}
