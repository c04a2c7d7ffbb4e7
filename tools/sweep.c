/*
 * sweep.c - 'hwprof sweep': design-space sweeps.  A grid of IP build parameters x
 * thresholds x caches x workloads; every IP configuration built (a hwprof linked
 * with its Verilated model, tools/ipcfg.mk) and synthesized, every point run on the
 * board; one result per point, one joined table, plots of area against cost.
 *
 * The work is jobs (jobs.h), run --jobs at a time:
 *   - one 'make ipcfg-prereqs' first (what every later job reads: the tool, the
 *     synthesis helper, the firmware), so that no two makes build the same file;
 *   - per IP configuration other than the default: 'make ipcfg' (the model and its
 *     hwprof, in $(BUILD)/ipcfg/KEY/), and per family 'make ipcfg-synth'; make
 *     remakes neither while the RTL is unchanged, so a configuration is built and
 *     synthesized once, whatever sweep asks for it again;
 *   - per run, 'hwprof run --json' of that configuration's hwprof: the profiled runs
 *     of each point (hw, hw+sb, sw: --modes) and the unprofiled one they are measured
 *     against (none), by the same program on the same board.  Each run's environment
 *     is PATH=/usr/bin:/bin and nothing else (env -i, as test_golden's runs), and it
 *     runs in the build tree, as workloads/NAME, its output to /dev/null: the guest's
 *     stack holds its path and its environment, its cycles depend on where the
 *     stack's words fall, and its C library sizes stdout's buffer by what stdout is.
 *     So a run gives the same cycles wherever it runs, and whoever starts it.  A run's
 *     result is OUT/runs/RUN.json, and OUT/runs/RUN.done (its host time) marks it
 *     complete: a run with a .done file is not run again, so an interrupted sweep
 *     resumes where it stopped.
 * Then the join: per point OUT/points/POINT.json, and OUT/sweep.csv, OUT/sweep.json
 * with one row per point, and the plots OUT/NAME.svg (sweep_plot.h).
 *
 * --slurm runs the builds and synthesis here and submits the runs as a Slurm job
 * array (sweep_task.h: each task is 'hwprof sweep --run-task FILE', the command a
 * local job runs); --collect runs nothing and joins what is there.
 *
 * Exit status: 0 every point ran; 1 a job failed (its row says which); 2 bad usage.
 */
#define _GNU_SOURCE
#include <cjson/cJSON.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hwprof_model.h"
#include "io.h"
#include "jobs.h"
#include "options.h"
#include "slurp.h"
#include "sweep_plot.h"
#include "sweep_table.h"
#include "sweep_task.h"
#include "tools.h"

#ifndef HWPROF_SRCDIR
#error "HWPROF_SRCDIR: the source tree, for make (tools/tools.mk defines it)"
#endif

/* The IP's build parameters (rtl/hwprof_axil.v; tools/ipcfg.mk has the same list). */
#define NPARAM 13
static const struct {
  const char *name;
  size_t off; /* in hwprof_model_params: the default */
} ip_params[NPARAM] = {
    {"FIFO_LOG2", offsetof(hwprof_model_params, fifo_log2)},
    {"HOT_LOG2", offsetof(hwprof_model_params, hot_log2)},
    {"INDEX_BITS", offsetof(hwprof_model_params, index_bits)},
    {"HASH", offsetof(hwprof_model_params, hash)},
    {"MAX_PROBE", offsetof(hwprof_model_params, max_probe)},
    {"COUNT_WIDTH", offsetof(hwprof_model_params, count_width)},
    {"SYSCALL_BITS", offsetof(hwprof_model_params, syscall_bits)},
    {"SLOT_CACHE", offsetof(hwprof_model_params, slot_cache)},
    {"EDGE_BITS", offsetof(hwprof_model_params, edge_bits)},
    {"CCT", offsetof(hwprof_model_params, cct)},
    {"STATS", offsetof(hwprof_model_params, stats)},
    {"SPILL", offsetof(hwprof_model_params, spill)},
    {"WAYS", offsetof(hwprof_model_params, ways)},
};

/* The profiled runs of a point; NONE is the baseline. */
enum { NONE, HW, HW_SB, SW, NMODES };
static const char *const mode_name[NMODES] = {"none", "hw", "hw+sb", "sw"};
static const char *const mode_col[NMODES] = {"none", "hw", "hw_sb", "sw"};

static const char *const families[] = {"xc2vp", "xc4v", "xc5v", "xc7", "ice40"};
#define NFAM         (sizeof families / sizeof *families)
/* The XC2VP7 of the ML300 board: 4,928 slices of two LUT4s, 44 RAMB16s. */
#define XC2VP7_LUTS  9856
#define XC2VP7_BRAMS 44

/* One axis of the grid: a build parameter, the threshold or the caches. */
typedef struct dim {
  int param; /* index in ip_params, or DIM_THRESHOLD, DIM_CACHES */
  unsigned *v;
  size_t n;
} dim;
enum { DIM_THRESHOLD = NPARAM, DIM_CACHES, NDIMS };

typedef struct config {
  unsigned v[NPARAM];
  char key[256];    /* tools/ipcfg.mk's IPCFG_KEY; "default" */
  char params[256]; /* "-GINDEX_BITS=10 -GFIFO_LOG2=6" (only those not at their default) */
  char bin[4096];   /* its hwprof */
  long build;       /* its build job, or -1 (the default: already built) */
  long synth[NFAM]; /* its synthesis jobs, or -1 */
} config;

typedef struct run {
  size_t cfg;
  int mode;
  unsigned threshold; /* hw+sb only; else 0 */
  int caches;
  size_t workload;
  char key[512];
  long job; /* -1: done before (resumed) */
  double host_s;
  cJSON *result; /* OUT/runs/KEY.json, when the run succeeded */
  char why[600]; /* why it failed */
} run;

typedef struct sweep {
  const char *out, *size, *workdir;
  char self[3800];  /* this program */
  char build[3800]; /* its directory: the build tree */
  char *sbatch[32]; /* --sbatch's */
  size_t n_sbatch;
  dim dims[NDIMS];
  int modes[NMODES]; /* which profiled runs a point has */
  int fam[NFAM];     /* which families are synthesized */
  char **workloads;
  size_t n_workloads;
  config *cfg;
  size_t n_cfg;
  run *runs;
  size_t n_runs, cap_runs;
  job *jobs;
  size_t n_jobs, cap_jobs;
  unsigned max_jobs;
} sweep;

static void help(FILE *f) {
  fprintf(f,
          "usage: hwprof sweep --out DIR [OPTIONS] [--slurm | --collect]\n"
          "\n"
          "Runs a grid of IP configurations x thresholds x caches x workloads on the\n"
          "virtual board: builds the IP of every configuration (its Verilated model and a\n"
          "hwprof linked with it, kept in the build tree and reused while the RTL is\n"
          "unchanged), synthesizes it, runs each point's profiled runs against an\n"
          "unprofiled one, and writes one result per point, the joined table and plots of\n"
          "area against overhead and against spilled events, the Pareto front marked.\n"
          "A sweep run again into the same DIR runs only what is not there yet.\n"
          "\n"
          "options:\n"
          "  --set NAME=V1[,V2...]  the values of one axis of the grid (repeatable):\n"
          "                     an IP build parameter (FIFO_LOG2, HOT_LOG2, INDEX_BITS,\n"
          "                     HASH, MAX_PROBE, COUNT_WIDTH, SYSCALL_BITS, SLOT_CACHE,\n"
          "                     EDGE_BITS, CCT, STATS, SPILL, WAYS; rtl/hwprof_axil.v),\n"
          "                     threshold (hw+sb's, default " DBT_SB_THRESHOLD_S ") or\n"
          "                     caches (on, off; default on); an axis not set has\n"
          "                     its default\n"
          "  --workloads W1[,W2...] the suite's workloads to run (default: all of them)\n"
          "  --size test|train  their input size (default test)\n"
          "  --modes M1[,M2...] the profiled runs of each point, each against none: hw,\n"
          "                     hw+sb (superblocks at the threshold), sw (default hw)\n"
          "  --synth F1[,F2...] the families to synthesize each configuration for: xc2vp,\n"
          "                     xc4v, xc5v, xc7, ice40 (placed and routed: Fmax), or none\n"
          "                     (default xc2vp)\n"
          "  --out DIR          where the results go (made if missing):\n"
          "                     sweep.csv, sweep.json  one row per point\n"
          "                     points/POINT.json      each point's row\n"
          "                     runs/, logs/           each run's result and output\n"
          "                     *.svg                  LUTs and block RAMs (xc2vp) against\n"
          "                                            hw overhead, LUTs against spilled events\n"
          "  --jobs N           jobs at a time (default: the processors, %u here)\n"
          "  --slurm            build and synthesize here, then submit the runs not done\n"
          "                     yet as a Slurm job array (sbatch --array; DIR/slurm/ has\n"
          "                     its script), each task running a run as a local sweep does:\n"
          "                     DIR and the build tree must be on the nodes, at the same\n"
          "                     paths\n"
          "  --sbatch ARG       with --slurm: an argument for sbatch (repeatable), e.g.\n"
          "                     --sbatch=--partition=long --sbatch=--time=2:00:00\n"
          "  --collect          run nothing: join the results in DIR (after --slurm's job\n"
          "                     array has ended; a point whose runs are not done is\n"
          "                     incomplete)\n"
          "  --help             this text\n"
          "\n"
          "Figures: cycles are simulated CPU cycles; overhead_pct_MODE is MODE's cycles\n"
          "over none's, in percent; host_s_MODE is the host's wall-clock seconds of the run\n"
          "(the co-simulation's cost, not a simulated figure).  docs/commands.md lists every\n"
          "column.\n"
          "\n"
          "Exit status: 0 every point ran; 1 a build, synthesis or run failed (its row\n"
          "names it); 2 bad usage.\n",
          jobs_cores());
}

/* ------------------------------------------------------------------ the grid */

static int split_list(const char *opt, const char *s, char ***out, size_t *n) {
  char *copy = strdup(s);
  if (!copy)
    return -1;
  for (char *save = NULL, *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    char **nn = realloc(*out, (*n + 1) * sizeof *nn);
    if (!nn || !(nn[*n] = strdup(t))) {
      free(copy);
      return -1;
    }
    *out = nn;
    (*n)++;
  }
  free(copy);
  if (!*n) {
    fprintf(stderr, "hwprof sweep: %s names nothing\n", opt);
    return -1;
  }
  return 0;
}

static void free_list(char **v, size_t n) {
  for (size_t i = 0; i < n; i++)
    free(v[i]);
  free(v);
}

/* --set NAME=V1,V2,... */
static int set_arg(sweep *s, const char *arg) {
  const char *eq = strchr(arg, '=');
  int d = -1;
  if (eq) {
    size_t len = (size_t)(eq - arg);
    for (int i = 0; i < NPARAM; i++)
      if (strlen(ip_params[i].name) == len && !strncasecmp(arg, ip_params[i].name, len))
        d = i;
    if (len == 9 && !strncmp(arg, "threshold", 9))
      d = DIM_THRESHOLD;
    if (len == 6 && !strncmp(arg, "caches", 6))
      d = DIM_CACHES;
  }
  if (d < 0) {
    fprintf(stderr,
            "hwprof sweep: --set takes NAME=V1[,V2...] with NAME an IP parameter (FIFO_LOG2, "
            "HOT_LOG2, INDEX_BITS, HASH, MAX_PROBE, COUNT_WIDTH, SYSCALL_BITS, SLOT_CACHE, "
            "EDGE_BITS, CCT, STATS, SPILL, WAYS), threshold or caches, not '%s'\n",
            arg);
    return -1;
  }
  dim *x = &s->dims[d];
  if (x->n) {
    fprintf(stderr, "hwprof sweep: --set %.*s given twice\n", (int)(eq - arg), arg);
    return -1;
  }
  char **vals = NULL;
  size_t n = 0;
  char opt[64];
  snprintf(opt, sizeof opt, "--set %.*s", (int)(eq - arg), arg);
  if (split_list(opt, eq + 1, &vals, &n) < 0 || !(x->v = calloc(n, sizeof *x->v))) {
    free_list(vals, n);
    return -1;
  }
  for (size_t i = 0; i < n; i++) {
    uint64_t v = 0;
    int bad = 0;
    if (d == DIM_CACHES) {
      bad = strcmp(vals[i], "on") && strcmp(vals[i], "off");
      if (bad)
        fprintf(stderr, "hwprof sweep: --set caches takes on and off, not '%s'\n", vals[i]);
      v = !strcmp(vals[i], "on");
    } else {
      bad = tools_range("sweep", opt, vals[i], d == DIM_THRESHOLD ? 1 : 0,
                        d == DIM_THRESHOLD ? 0x7FFFFFFF : 65536, &v) < 0;
    }
    for (size_t k = 0; !bad && k < x->n; k++)
      if (x->v[k] == v) {
        fprintf(stderr, "hwprof sweep: %s lists %s twice\n", opt, vals[i]);
        bad = 1;
      }
    if (bad) {
      free_list(vals, n);
      return -1;
    }
    x->v[x->n++] = (unsigned)v;
  }
  free_list(vals, n);
  x->param = d;
  return 0;
}

/* An axis not set: its one default value. */
static int default_dims(sweep *s) {
  hwprof_model_params def = HWPROF_MODEL_DEFAULTS;
  for (int d = 0; d < NDIMS; d++) {
    dim *x = &s->dims[d];
    x->param = d;
    if (x->n)
      continue;
    if (!(x->v = malloc(sizeof *x->v)))
      return -1;
    x->n = 1;
    x->v[0] = d < NPARAM        ? *(const unsigned *)((const char *)&def + ip_params[d].off)
              : d == DIM_CACHES ? 1
                                : DBT_SB_THRESHOLD;
  }
  return 0;
}

static int grow(void **p, size_t *cap, size_t n, size_t size) {
  if (n < *cap)
    return 0;
  size_t c = *cap ? 2 * *cap : 64;
  void *q = realloc(*p, c * size);
  if (!q)
    return -1;
  *p = q;
  *cap = c;
  return 0;
}

static long add_job(sweep *s, char **argv, const char *log, const char *what, long after) {
  if (grow((void **)&s->jobs, &s->cap_jobs, s->n_jobs, sizeof *s->jobs) < 0)
    return -1;
  job *j = &s->jobs[s->n_jobs];
  *j = (job){.argv = argv, .log = strdup(log), .what = strdup(what), .after = after};
  return (long)s->n_jobs++;
}

/* A NULL-ended argument vector of strdup'ed words. */
static char **argv_of(const char *first, ...) {
  char **v = calloc(32, sizeof *v);
  va_list ap;
  va_start(ap, first);
  size_t n = 0;
  for (const char *w = first; w && n < 31; w = va_arg(ap, const char *))
    v[n++] = strdup(w);
  va_end(ap);
  return v;
}

static void argv_add(char **v, const char *w) {
  size_t n = 0;
  while (v[n])
    n++;
  if (n < 31)
    v[n] = strdup(w);
}

/* Every IP configuration of the grid, each with its build and synthesis jobs. */
static int make_configs(sweep *s, long prereq) {
  size_t n = 1;
  for (int d = 0; d < NPARAM; d++)
    n *= s->dims[d].n;
  if (!(s->cfg = calloc(n, sizeof *s->cfg)))
    return -1;
  hwprof_model_params def = HWPROF_MODEL_DEFAULTS;
  for (size_t i = 0; i < n; i++) {
    config *c = &s->cfg[i];
    size_t rest = i;
    for (int d = NPARAM - 1; d >= 0; d--) {
      c->v[d] = s->dims[d].v[rest % s->dims[d].n];
      rest /= s->dims[d].n;
    }
    /* The key as tools/ipcfg.mk makes it: NAME=VALUE pairs in byte order, '=' as '-',
     * joined with '+'; only the parameters not at their defaults. */
    char pairs[NPARAM][48];
    size_t np = 0;
    for (int d = 0; d < NPARAM; d++)
      if (c->v[d] != *(const unsigned *)((const char *)&def + ip_params[d].off))
        snprintf(pairs[np++], sizeof pairs[0], "%s=%u", ip_params[d].name, c->v[d]);
    qsort(pairs, np, sizeof pairs[0], (int (*)(const void *, const void *))strcmp);
    c->key[0] = c->params[0] = 0;
    for (size_t k = 0; k < np; k++) {
      size_t kl = strlen(c->key), pl = strlen(c->params);
      snprintf(c->key + kl, sizeof c->key - kl, "%s%s", k ? "+" : "", pairs[k]);
      snprintf(c->params + pl, sizeof c->params - pl, "%s-G%s", k ? " " : "", pairs[k]);
    }
    for (char *p = c->key; *p; p++)
      if (*p == '=')
        *p = '-';
    if (!np)
      strcpy(c->key, "default");
    if (np)
      snprintf(c->bin, sizeof c->bin, "%s/ipcfg/%s/hwprof", s->build, c->key);
    else
      snprintf(c->bin, sizeof c->bin, "%s/hwprof", s->build);

    char log[4600], what[400], ipp[300], bld[4200];
    snprintf(ipp, sizeof ipp, "IP_PARAMS=%s", c->params);
    snprintf(bld, sizeof bld, "BUILD=%s", s->build);
    c->build = -1;
    if (np) {
      snprintf(log, sizeof log, "%s/logs/build-%s.log", s->out, c->key);
      snprintf(what, sizeof what, "build of the IP %s", c->key);
      c->build = add_job(s, argv_of("make", "-s", "-C", HWPROF_SRCDIR, bld, "ipcfg", ipp, NULL),
                         log, what, prereq);
    }
    for (size_t f = 0; f < NFAM; f++) {
      c->synth[f] = -1;
      if (!s->fam[f])
        continue;
      char fam[32];
      snprintf(fam, sizeof fam, "FAMILY=%s", families[f]);
      snprintf(log, sizeof log, "%s/logs/synth-%s-%s.log", s->out, families[f], c->key);
      snprintf(what, sizeof what, "%s synthesis of the IP %s", families[f], c->key);
      c->synth[f] =
          add_job(s, argv_of("make", "-s", "-C", HWPROF_SRCDIR, bld, "ipcfg-synth", fam, ipp, NULL),
                  log, what, prereq);
    }
  }
  s->n_cfg = n;
  return 0;
}

/* The run of (configuration, mode, threshold, caches, workload), shared by every
 * point that needs it. */
static long add_run(sweep *s, size_t cfg, int mode, unsigned threshold, int caches, size_t w) {
  char key[512];
  snprintf(key, sizeof key, "%s.%s%s%.0u.%s.%s.%s", s->cfg[cfg].key, mode_name[mode],
           mode == HW_SB ? ".t" : "", mode == HW_SB ? threshold : 0, caches ? "on" : "off",
           s->workloads[w], s->size);
  for (size_t i = 0; i < s->n_runs; i++)
    if (!strcmp(s->runs[i].key, key))
      return (long)i;
  if (grow((void **)&s->runs, &s->cap_runs, s->n_runs, sizeof *s->runs) < 0)
    return -1;
  run *r = &s->runs[s->n_runs];
  *r = (run){.cfg = cfg,
             .mode = mode,
             .threshold = mode == HW_SB ? threshold : 0,
             .caches = caches,
             .workload = w,
             .job = -1};
  snprintf(r->key, sizeof r->key, "%s", key);
  return (long)s->n_runs++;
}

/* The job of every run not done before. */
static int make_run_jobs(sweep *s) {
  for (size_t i = 0; i < s->n_runs; i++) {
    run *r = &s->runs[i];
    char done[4700], result[4700], log[4700], task[4700], what[700], prog[4200], num[32];
    snprintf(done, sizeof done, "%s/runs/%s.done", s->out, r->key);
    if (!access(done, F_OK))
      continue;
    snprintf(result, sizeof result, "%s/runs/%s.json", s->out, r->key);
    snprintf(log, sizeof log, "%s/logs/%s.log", s->out, r->key);
    snprintf(task, sizeof task, "%s/runs/%s.task", s->out, r->key);
    snprintf(prog, sizeof prog, "workloads/%s", s->workloads[r->workload]);
    const config *c = &s->cfg[r->cfg];
    snprintf(what, sizeof what, "%s run of %s (IP %s, caches %s)", mode_name[r->mode],
             s->workloads[r->workload], c->key, r->caches ? "on" : "off");
    char **v = argv_of(c->bin, "run", "--quiet", "--profile",
                       r->mode == NONE ? "none"
                       : r->mode == SW ? "sw"
                                       : "hw",
                       "--caches", r->caches ? "on" : "off", "--json", result, NULL);
    if (r->mode == HW_SB) {
      argv_add(v, "--superblocks");
      argv_add(v, "--threshold");
      snprintf(num, sizeof num, "%u", r->threshold);
      argv_add(v, num);
    }
    argv_add(v, prog);
    argv_add(v, s->size);
    /* Run in the build tree, as workloads/NAME (sweep_task.h says why). */
    if (sweep_task_write(task, s->build, done, v) < 0)
      return -1;
    r->job = add_job(s, argv_of(s->self, "sweep", "--run-task", task, NULL), log, what, c->build);
    if (r->job < 0)
      return -1;
  }
  return 0;
}
/* ----------------------------------------------------------------- results */

static cJSON *read_json(const char *path, char *why, size_t whylen) {
  size_t len;
  const char *err;
  char *text = slurp(path, 1u << 30, &len, &err);
  if (!text) {
    snprintf(why, whylen, "cannot read %s: %s", path, err);
    return NULL;
  }
  cJSON *j = cJSON_Parse(text);
  free(text);
  if (!j)
    snprintf(why, whylen, "%s is not JSON", path);
  return j;
}

static double num(const cJSON *o, const char *path) {
  char buf[128];
  snprintf(buf, sizeof buf, "%s", path);
  for (char *save = NULL, *t = strtok_r(buf, ".", &save); t && o; t = strtok_r(NULL, ".", &save))
    o = cJSON_GetObjectItemCaseSensitive(o, t);
  return cJSON_IsNumber(o) ? o->valuedouble : NAN;
}

/* A run ended with status 0: its guest must have too; then the run is marked done. */

/* Reads back every run's result (those done before too). */
static void load_runs(sweep *s) {
  for (size_t i = 0; i < s->n_runs; i++) {
    run *r = &s->runs[i];
    const job *j = r->job >= 0 ? &s->jobs[r->job] : NULL;
    if (j && j->state == JOB_FAILED) {
      snprintf(r->why, sizeof r->why, "%s: %s", j->what, j->why);
      continue;
    }
    char path[4700];
    snprintf(path, sizeof path, "%s/runs/%s.done", s->out, r->key);
    if (access(path, F_OK)) {
      snprintf(r->why, sizeof r->why, "%s run of %s (IP %s) not done yet: no runs/%.200s.done",
               mode_name[r->mode], s->workloads[r->workload], s->cfg[r->cfg].key, r->key);
      continue;
    }
    cJSON *d = read_json(path, r->why, sizeof r->why);
    if (!d)
      continue;
    r->host_s = num(d, "host_s");
    cJSON_Delete(d);
    snprintf(path, sizeof path, "%s/runs/%s.json", s->out, r->key);
    r->result = read_json(path, r->why, sizeof r->why);
  }
}
static void synth_cols(sweep *s, const config *c, row *w) {
  for (size_t f = 0; f < NFAM; f++) {
    if (!s->fam[f])
      continue;
    cJSON *rep = NULL;
    char why[600] = "";
    const job *j = &s->jobs[c->synth[f]];
    if (j->state == JOB_FAILED) {
      snprintf(why, sizeof why, "%s: %s", j->what, j->why);
    } else { /* done now, or before (--collect) */
      char path[4700];
      snprintf(path, sizeof path, "%s/ipcfg/%s/synth-%s/report.json", s->build, c->key,
               families[f]);
      rep = read_json(path, why, sizeof why);
    }
    if (!rep)
      row_error(w, why);
    row_num(w, col_name("luts_%s", families[f]), num(rep, "luts"));
    row_num(w, col_name("ffs_%s", families[f]), num(rep, "ffs"));
    row_num(w, col_name("brams_%s", families[f]), num(rep, "brams"));
    row_num(w, col_name("dsps_%s", families[f]), num(rep, "dsps"));
    row_num(w, col_name("depth_%s", families[f]), num(rep, "logic_depth"));
    if (!strcmp(families[f], "ice40"))
      row_num(w, "fmax_mhz_ice40", num(rep, "fmax_mhz"));
    cJSON_Delete(rep);
  }
}

static double pct(double a, double base) {
  return (a / base - 1) * 100;
}

/* The row of the point (configuration, threshold, caches, workload). */
static void make_row(sweep *s, size_t ci, unsigned threshold, int caches, size_t w, row *r) {
  const config *c = &s->cfg[ci];
  memset(r, 0, sizeof *r);
  snprintf(r->key, sizeof r->key, "%s.t%u.%s.%s.%s", c->key, threshold, caches ? "on" : "off",
           s->workloads[w], s->size);
  for (int d = 0; d < NPARAM; d++)
    row_num(r, ip_params[d].name, c->v[d]);
  row_num(r, "threshold", threshold);
  row_text(r, "caches", caches ? "on" : "off");
  row_text(r, "workload", s->workloads[w]);
  row_text(r, "size", s->size);
  row_text(r, "config", c->key);
  synth_cols(s, c, r);
  const run *base = &s->runs[add_run(s, ci, NONE, 0, caches, w)];
  double none = num(base->result, "cycles");
  row_num(r, "guest_insns", num(base->result, "guest_insns"));
  row_num(r, "cycles_none", none);
  row_num(r, "host_s_none", base->result ? base->host_s : NAN);
  if (!base->result)
    row_error(r, base->why);
  int ip_done = 0;
  for (int m = HW; m < NMODES; m++) {
    if (!s->modes[m])
      continue;
    const run *x = &s->runs[add_run(s, ci, m, threshold, caches, w)];
    const cJSON *res = x->result;
    double cyc = num(res, "cycles");
    row_num(r, col_name("cycles_%s", mode_col[m]), cyc);
    row_num(r, col_name("overhead_pct_%s", mode_col[m]), pct(cyc, none));
    row_num(r, col_name("host_s_%s", mode_col[m]), res ? x->host_s : NAN);
    if (m == HW_SB) {
      row_num(r, "speedup_pct_hw_sb", pct(none, cyc));
      cJSON *sb = cJSON_GetObjectItemCaseSensitive(res, "superblocks");
      row_num(r, "superblocks", cJSON_IsArray(sb) ? cJSON_GetArraySize(sb) : NAN);
    }
    if (m != SW && !ip_done) { /* the IP's figures, of the first hw run */
      ip_done = 1;
      /* The IP's statistics (a 1 marks those an IP built with STATS = 0 has not: empty
       * cells then), the board's and the runtime's figures. */
      static const struct {
        const char *col, *path;
        int stat;
      } ipf[] = {
          {"events", "ip.events", 1},
          {"events_spilled", "ip.events_spilled", 1},
          {"entries_evicted", "ip.evicted", 1},
          {"events_lost", "ip.events_lost", 0},
          {"blocks_spilled", "ip.blocks_spilled", 0},
          {"table_entries", "ip.entries", 0},
          {"occupied", "ip.occupied", 1},
          {"max_probe", "ip.max_probe", 1},
          {"probe_cycles", "ip.probe_cycles", 1},
          {"fifo_high_water", "ip.fifo_high_water", 1},
          {"fifo_stall_cycles", "ip.fifo_stall_cycles", 1},
          {"cpu_stall_cycles", "ip.cpu_stall_cycles", 0},
          {"interrupts", "ip.interrupts", 0},
      };
      const cJSON *ip = cJSON_GetObjectItemCaseSensitive(res, "ip");
      int measured = !cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(ip, "stats_built"));
      for (size_t k = 0; k < sizeof ipf / sizeof *ipf; k++)
        row_num(r, ipf[k].col, ipf[k].stat && !measured ? NAN : num(res, ipf[k].path));
      row_num(r, "distinct_blocks", num(res, "distinct_blocks"));
    }
    if (!res)
      row_error(r, x->why);
  }
  row_text(r, "error", r->error);
}

/* The point's line in the plots: its workload, and the run axes that vary. */
static void series_of(const sweep *s, row *r) {
  int n = snprintf(r->series, sizeof r->series, "%s", row_str(r, "workload"));
  if (s->dims[DIM_THRESHOLD].n > 1 && s->modes[HW_SB])
    n += snprintf(r->series + n, sizeof r->series - (size_t)n, " threshold=%.0f",
                  row_get(r, "threshold"));
  if (s->dims[DIM_CACHES].n > 1)
    snprintf(r->series + n, sizeof r->series - (size_t)n, " caches=%s", row_str(r, "caches"));
}

/* The rows: OUT/points/, sweep.csv, sweep.json, the plots; a table on stdout. */
static int join(sweep *s, size_t *failed_points) {
  size_t n = s->n_cfg * s->dims[DIM_THRESHOLD].n * s->dims[DIM_CACHES].n * s->n_workloads;
  row *rows = calloc(n, sizeof *rows);
  if (!rows)
    return -1;
  size_t k = 0;
  for (size_t c = 0; c < s->n_cfg; c++)
    for (size_t t = 0; t < s->dims[DIM_THRESHOLD].n; t++)
      for (size_t ca = 0; ca < s->dims[DIM_CACHES].n; ca++)
        for (size_t w = 0; w < s->n_workloads; w++, k++) {
          make_row(s, c, s->dims[DIM_THRESHOLD].v[t], (int)s->dims[DIM_CACHES].v[ca], w, &rows[k]);
          series_of(s, &rows[k]);
        }
  int rc = 0;
  char path[4700];
  *failed_points = 0;
  for (size_t i = 0; i < n; i++) {
    if (rows[i].error[0] && ++*failed_points <= 5)
      fprintf(stderr, "hwprof sweep: %s: %s\n", rows[i].key, rows[i].error);
    snprintf(path, sizeof path, "%s/points/%s.json", s->out, rows[i].key);
    rc |= table_write_point(path, &rows[i]);
  }
  snprintf(path, sizeof path, "%s/sweep.csv", s->out);
  rc |= table_write_csv(path, rows, n);
  snprintf(path, sizeof path, "%s/sweep.json", s->out);
  rc |= table_write_json(path, rows, n);
  if (s->fam[0] && s->modes[HW]) {
    char title[200];
    snprintf(title, sizeof title, "hw profiling overhead against LUTs (xc2vp, size %s)", s->size);
    sweep_plot p = {title,       "LUTs (xc2vp)",       "hw overhead (% of cycles over none)",
                    XC2VP7_LUTS, "XC2VP7: 9,856 LUTs", 0};
    snprintf(path, sizeof path, "%s/luts-overhead.svg", s->out);
    rc |= table_plot(path, rows, n, "luts_xc2vp", "overhead_pct_hw", &p);
    snprintf(title, sizeof title, "hw profiling overhead against block RAMs (xc2vp, size %s)",
             s->size);
    p = (sweep_plot){title,        "RAMB16s (xc2vp)",    "hw overhead (% of cycles over none)",
                     XC2VP7_BRAMS, "XC2VP7: 44 RAMB16s", 0};
    snprintf(path, sizeof path, "%s/brams-overhead.svg", s->out);
    rc |= table_plot(path, rows, n, "brams_xc2vp", "overhead_pct_hw", &p);
    snprintf(title, sizeof title, "Events spilled to RAM against LUTs (xc2vp, size %s)", s->size);
    p = (sweep_plot){title,       "LUTs (xc2vp)",       "events spilled (log)",
                     XC2VP7_LUTS, "XC2VP7: 9,856 LUTs", 1};
    snprintf(path, sizeof path, "%s/luts-spilled.svg", s->out);
    rc |= table_plot(path, rows, n, "luts_xc2vp", "events_spilled", &p);
  }
  table_print(stdout, rows, n, s->modes[HW_SB]);
  for (size_t r = 0; r < n; r++)
    row_free(&rows[r]);
  free(rows);
  return rc ? -1 : 0;
}

/* ----------------------------------------------------------------- command */

static int list_arg(const char *opt, const char *arg, const char *const *names, size_t n, int *on) {
  char **v = NULL;
  size_t nv = 0;
  if (split_list(opt, arg, &v, &nv) < 0)
    return -1;
  for (size_t i = 0; i < nv; i++) {
    size_t k = 0;
    while (k < n && strcmp(v[i], names[k]))
      k++;
    if (k == n) {
      fprintf(stderr, "hwprof sweep: %s: no '%s' (", opt, v[i]);
      for (size_t m = 0; m < n; m++)
        fprintf(stderr, "%s%s", m ? ", " : "", names[m]);
      fprintf(stderr, ")\n");
      free_list(v, nv);
      return -1;
    }
    on[k] = 1;
  }
  free_list(v, nv);
  return 0;
}

/* --slurm: the runs as a job array; the builds and synthesis have run here. */
static int submit(sweep *s) {
  char **tasks = calloc(s->n_runs + 1, sizeof *tasks), **logs = calloc(s->n_runs + 1, sizeof *logs);
  size_t n = 0;
  for (size_t i = 0; tasks && logs && i < s->n_runs; i++) {
    const run *r = &s->runs[i];
    if (r->job < 0)
      continue; /* done before */
    long b = s->cfg[r->cfg].build;
    if (b >= 0 && s->jobs[b].state != JOB_OK)
      continue; /* its IP was not built: the table says so */
    tasks[n] = (char *)s->jobs[r->job].argv[3];
    logs[n++] = (char *)s->jobs[r->job].log;
  }
  int rc = 0;
  if (!tasks || !logs) {
    rc = -1;
  } else if (!n) {
    fprintf(stderr, "hwprof sweep: every run is done: nothing to submit (--collect joins them)\n");
  } else {
    char dir[4200], id[64];
    snprintf(dir, sizeof dir, "%s/slurm", s->out);
    rc = tools_mkdirs(dir);
    if (rc < 0)
      fprintf(stderr, "hwprof sweep: cannot make %s: %s\n", dir, strerror(errno));
    else if (!(rc = sweep_slurm_submit(dir, s->self, tasks, logs, n, s->sbatch, s->n_sbatch, id,
                                       sizeof id)))
      fprintf(stderr,
              "hwprof sweep: submitted %zu runs as Slurm job array %s; when it has ended, "
              "the same command with --collect instead of --slurm joins them\n",
              n, id);
  }
  free(tasks), free(logs);
  return rc;
}

int cmd_sweep(int argc, char **argv) {
  if (argc == 3 && !strcmp(argv[1], "--run-task"))
    return sweep_task_run(argv[2]);
  sweep s = {.size = "test", .max_jobs = jobs_cores()};
  const char *workloads = NULL;
  int slurm = 0, collect = 0;
  s.modes[HW] = 1;
  s.fam[0] = 1;
  static const struct option opts[] = {
      {"set", required_argument, 0, 'S'},    {"workloads", required_argument, 0, 'w'},
      {"size", required_argument, 0, 's'},   {"modes", required_argument, 0, 'm'},
      {"synth", required_argument, 0, 'y'},  {"out", required_argument, 0, 'o'},
      {"jobs", required_argument, 0, 'j'},   {"slurm", no_argument, 0, 'L'},
      {"sbatch", required_argument, 0, 'B'}, {"collect", no_argument, 0, 'C'},
      {"help", no_argument, 0, 'h'},         {0, 0, 0, 0}};
  int c;
  uint64_t v;
  while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    switch (c) {
    case 'S':
      if (set_arg(&s, optarg) < 0)
        return 2;
      break;
    case 'w': workloads = optarg; break;
    case 's':
      if (strcmp(optarg, "test") && strcmp(optarg, "train")) {
        fprintf(stderr, "hwprof sweep: --size is test or train, not '%s'\n", optarg);
        return 2;
      }
      s.size = optarg;
      break;
    case 'm':
      memset(s.modes, 0, sizeof s.modes);
      if (list_arg("--modes", optarg, mode_name + HW, NMODES - HW, s.modes + HW) < 0)
        return 2;
      break;
    case 'y':
      memset(s.fam, 0, sizeof s.fam);
      if (strcmp(optarg, "none") && list_arg("--synth", optarg, families, NFAM, s.fam) < 0)
        return 2;
      break;
    case 'o': s.out = optarg; break;
    case 'j':
      if (tools_range("sweep", "--jobs", optarg, 1, 1024, &v) < 0)
        return 2;
      s.max_jobs = (unsigned)v;
      break;
    case 'L': slurm = 1; break;
    case 'C': collect = 1; break;
    case 'B':
      if (s.n_sbatch == sizeof s.sbatch / sizeof *s.sbatch) {
        fprintf(stderr, "hwprof sweep: more than %zu --sbatch options\n", s.n_sbatch);
        return 2;
      }
      s.sbatch[s.n_sbatch++] = optarg;
      break;
    case 'h': help(stdout); return 0;
    default: help(stderr); return 2;
    }
  }
  if (optind < argc) {
    fprintf(stderr, "hwprof sweep: unexpected argument '%s' (--workloads names the workloads)\n",
            argv[optind]);
    return 2;
  }
  if (!s.out) {
    fprintf(stderr, "hwprof sweep: --out DIR is needed: where the results go\n");
    return 2;
  }
  if (slurm && collect) {
    fprintf(stderr, "hwprof sweep: --slurm submits the runs, --collect joins them: one or the "
                    "other\n");
    return 2;
  }
  if (s.n_sbatch && !slurm) {
    fprintf(stderr, "hwprof sweep: --sbatch is for --slurm\n");
    return 2;
  }
  if (s.dims[DIM_THRESHOLD].n && !s.modes[HW_SB]) {
    fprintf(stderr, "hwprof sweep: --set threshold is hw+sb's: add it to --modes\n");
    return 2;
  }
  if (default_dims(&s) < 0)
    return 2;

  /* This program, and the build tree: its directory. */
  ssize_t el = readlink("/proc/self/exe", s.self, sizeof s.self - 1);
  if (el <= 0) {
    fprintf(stderr, "hwprof sweep: cannot find this program: %s\n", strerror(errno));
    return 2;
  }
  s.self[el] = 0;
  snprintf(s.build, sizeof s.build, "%.*s", (int)(strrchr(s.self, '/') - s.self), s.self);
  char dir[4200];
  snprintf(dir, sizeof dir, "%s/workloads", s.build);
  if (workloads ? split_list("--workloads", workloads, &s.workloads, &s.n_workloads) < 0
                : tools_list_suite("sweep", dir, &s.workloads, &s.n_workloads) < 0)
    return 2;
  for (size_t i = 0; i < s.n_workloads; i++) {
    char p[8400];
    snprintf(p, sizeof p, "%s/%s", dir, s.workloads[i]);
    if (strchr(s.workloads[i], '/') || access(p, X_OK)) {
      fprintf(stderr, "hwprof sweep: no workload '%s' in %s (make workloads builds them)\n",
              s.workloads[i], dir);
      return 2;
    }
  }
  if (!s.n_workloads) {
    fprintf(stderr, "hwprof sweep: no workloads in %s (make workloads builds them)\n", dir);
    return 2;
  }
  static const char *const sub[] = {"", "/runs", "/logs", "/points"};
  for (size_t i = 0; i < sizeof sub / sizeof *sub; i++) {
    snprintf(dir, sizeof dir, "%s%s", s.out, sub[i]);
    if (tools_mkdirs(dir) < 0) {
      fprintf(stderr, "hwprof sweep: cannot make %s: %s\n", dir, strerror(errno));
      return 2;
    }
  }
  char *out_abs = realpath(s.out, NULL); /* the runs do not run here */
  if (!out_abs || strchr(out_abs, '\n') || strchr(s.build, '\n')) {
    fprintf(stderr, "hwprof sweep: %s: %s\n", s.out,
            out_abs ? "a path with a newline cannot be a task's" : strerror(errno));
    return 2;
  }
  s.out = out_abs;

  /* The jobs: the prerequisites, the configurations, then the runs. */
  char log[4700], bld[4200], jn[32];
  snprintf(log, sizeof log, "%s/logs/prereqs.log", s.out);
  snprintf(bld, sizeof bld, "BUILD=%s", s.build);
  snprintf(jn, sizeof jn, "-j%u", s.max_jobs);
  long prereq =
      add_job(&s, argv_of("make", "-s", jn, "-C", HWPROF_SRCDIR, bld, "ipcfg-prereqs", NULL), log,
              "make ipcfg-prereqs", -1);
  if (prereq < 0 || make_configs(&s, prereq) < 0)
    return 2;
  size_t n_build_jobs = s.n_jobs;
  for (size_t ci = 0; ci < s.n_cfg; ci++)
    for (size_t t = 0; t < s.dims[DIM_THRESHOLD].n; t++)
      for (size_t ca = 0; ca < s.dims[DIM_CACHES].n; ca++)
        for (size_t w = 0; w < s.n_workloads; w++) {
          int caches = (int)s.dims[DIM_CACHES].v[ca];
          if (add_run(&s, ci, NONE, 0, caches, w) < 0)
            return 2;
          for (int m = HW; m < NMODES; m++)
            if (s.modes[m] && add_run(&s, ci, m, s.dims[DIM_THRESHOLD].v[t], caches, w) < 0)
              return 2;
        }
  if (!collect && make_run_jobs(&s) < 0)
    return 2;
  size_t resumed = 0,
         points = s.n_cfg * s.dims[DIM_THRESHOLD].n * s.dims[DIM_CACHES].n * s.n_workloads;
  for (size_t i = 0; i < s.n_runs; i++)
    resumed += s.runs[i].job < 0;
  size_t failed = 0;
  if (!collect) {
    fprintf(stderr,
            "hwprof sweep: %zu IP configurations, %zu points, %zu runs (%zu done before), %zu "
            "jobs%s, %u at a time\n",
            s.n_cfg, points, s.n_runs, resumed, slurm ? n_build_jobs : s.n_jobs,
            slurm ? " here (the runs go to Slurm)" : "", s.max_jobs);
    failed = jobs_run(s.jobs, slurm ? n_build_jobs : s.n_jobs, s.max_jobs, "sweep");
  }
  if (slurm)
    return submit(&s) < 0 ? 2 : failed ? 1 : 0;
  load_runs(&s);
  size_t failed_points = 0;
  int rc = join(&s, &failed_points);
  fprintf(stderr, "hwprof sweep: %s/sweep.csv: %zu points%s", s.out, points,
          failed_points ? "" : ", all complete");
  if (failed_points)
    fprintf(stderr, ", %zu incomplete (see their 'error' column, and %s/logs)", failed_points,
            s.out);
  fputc('\n', stderr);
  return rc < 0 ? 2 : failed_points || failed ? 1 : 0;
}
