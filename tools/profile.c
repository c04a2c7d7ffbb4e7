/*
 * profile.c - one translated run of a guest program, its profiles side by side
 * (profile.h).  Its reports are report.c's.
 */
#define _GNU_SOURCE
#include "profile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "io.h"
#include "options.h"

extern char **environ;

double prof_now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

prof_opts prof_defaults(const char *cmd) {
  prof_opts o;
  memset(&o, 0, sizeof o);
  o.cmd = cmd;
  o.dbt = dbt_defaults();
  static char fp_image[4096]; /* the soft-float image the FPU helper is charged from */
  o.dbt.fp_image = tools_beside("firmware/fpcost.elf", fp_image, sizeof fp_image);
  static char xlate_image[4096]; /* the translator built for the board (--runtime board) */
  o.dbt.xlate_image = tools_beside("firmware/xlate.elf", xlate_image, sizeof xlate_image);
  o.dbt.runtime = PROF_RUNTIME_DEFAULT;
  o.progress = 1;
  return o;
}

/* ------------------------------------------------------------ the run */

/* The progress line: guest instructions so far and the rate, twice a second. */
typedef struct progress {
  double t0, last;
  const char *what;
  int shown;
  int fd; /* the terminal: stderr, or its copy while the guest's is a file */
} progress;

static void on_progress(void *ctx, uint64_t insns) {
  progress *p = ctx;
  double t = prof_now_s();
  if (t - p->last < 0.5)
    return;
  p->last = t;
  p->shown = 1;
  dprintf(p->fd, "\r\033[Khwprof: %s: %.0f M guest instructions, %.1f M/s", p->what,
          (double)insns / 1e6, (double)insns / 1e6 / (t - p->t0));
}

static int by_pc(const void *a, const void *b) {
  const prof_block *x = a, *y = b;
  return x->pc < y->pc ? -1 : x->pc > y->pc;
}

static prof_block *find_block(const prof_run *pr, uint32_t pc) {
  prof_block key = {.pc = pc};
  return bsearch(&key, pr->blocks, pr->n, sizeof key, by_pc);
}

/* Blocks by address, with the IP's counts joined by address. */
static int gather(prof_run *pr) {
  dbt_block_count *v = NULL;
  size_t n = dbt_block_counts(pr->d, &v);
  if (!v || !(pr->blocks = calloc(n ? n : 1, sizeof *pr->blocks))) {
    free(v);
    return -1;
  }
  for (size_t i = 0; i < n; i++)
    pr->blocks[i] = (prof_block){v[i].pc, v[i].insns, v[i].count, v[i].sw, 0, 0};
  free(v);
  pr->n = n;
  qsort(pr->blocks, n, sizeof *pr->blocks, by_pc);
  pr->hw = dbt_hw(pr->d);
  if (!pr->hw)
    return 0;
  if (!(pr->hw_only = calloc(pr->hw->n_entries + 1, sizeof *pr->hw_only)))
    return -1;
  for (size_t i = 0; i < pr->hw->n_entries; i++) {
    prof_block *b = find_block(pr, pr->hw->entries[i].spc);
    if (b) {
      b->hw = pr->hw->entries[i].count;
      b->in_hw = 1;
    } else {
      pr->hw_only[pr->n_hw_only++] = pr->hw->entries[i];
    }
  }
  return 0;
}

uint64_t prof_events_expected(const prof_run *pr) {
  return pr->st.blocks_executed - pr->hw->sb_derived + pr->hw->sb_events - pr->hw->region_derived +
         pr->hw->region_events;
}

int prof_exec(const prof_opts *o, int argc, char **argv, prof_run *pr) {
  memset(pr, 0, sizeof *pr);
  pr->program = argv[0];
  pr->argc = argc;
  pr->argv = argv;
  pr->profile = o->dbt.profile;
  pr->runtime = o->dbt.runtime;
  pr->edge_threshold = o->dbt.edge_threshold;
  pr->all_edges = o->dbt.all_edges;
  char err[512];
  if (!(pr->b = tools_board(o->cmd, o->dtb_path, &pr->dtb)))
    return -1;
  vboard_set_caches(pr->b, !o->dbt.no_caches);
  progress pg = {prof_now_s(), prof_now_s(), argv[0], 0, 2};
  dbt_options dopt = o->dbt;
  if (o->progress && isatty(2)) {
    dopt.progress = on_progress;
    dopt.progress_ctx = &pg;
  }
  if (!(pr->d = dbt_new(pr->b, &dopt, err, sizeof err)) ||
      dbt_load(pr->d, argv[0], argc, argv, environ, err, sizeof err) ||
      (o->sb_plan_n && dbt_plan_superblocks(pr->d, o->sb_plan, o->sb_plan_n, err, sizeof err))) {
    fprintf(stderr, "hwprof %s: %s\n", o->cmd, err);
    return -1;
  }
  int saved[2] = {-1, -1}, fd = -1;
  fflush(stdout);
  fflush(stderr);
  if (o->guest_out) {
    if ((fd = open(o->guest_out, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0) {
      fprintf(stderr, "hwprof %s: cannot write %s: %s\n", o->cmd, o->guest_out, strerror(errno));
      return -1;
    }
    saved[0] = dup(1);
    saved[1] = dup(2);
    dup2(fd, 1);
    dup2(fd, 2);
    close(fd);
    pg.fd = saved[1];
  }
  if (o->event_trace)
    vboard_trace_events(pr->b, o->event_trace);
  double t0 = prof_now_s();
  pr->status = dbt_run(pr->d, &pr->r);
  pr->wall = prof_now_s() - t0;
  if (o->guest_out) {
    dup2(saved[0], 1);
    dup2(saved[1], 2);
    close(saved[0]);
    close(saved[1]);
  }
  if (pg.shown)
    fprintf(stderr, "\r\033[K");
  if (o->event_trace)
    vboard_trace_events(pr->b, NULL);
  pr->st = *dbt_get_stats(pr->d);
  if (gather(pr) < 0) {
    fprintf(stderr, "hwprof %s: out of memory\n", o->cmd);
    return -1;
  }
  if ((pr->profile == DBT_PROFILE_HW || pr->profile == DBT_PROFILE_ALL) && !pr->hw &&
      pr->r.how != DBT_STOPPED)
    fprintf(stderr, "hwprof %s: %s\n", o->cmd, dbt_hw_error(pr->d));
  return 0;
}

void prof_free(prof_run *pr) {
  if (pr->cct)
    cct_free(pr->cct);
  free(pr->cct);
  free(pr->blocks);
  free(pr->hw_only);
  dbt_free(pr->d);
  vboard_free(pr->b);
  free(pr->dtb);
  memset(pr, 0, sizeof *pr);
}

void prof_where(const prof_run *pr, uint32_t pc, char *buf, size_t len) {
  uint32_t off;
  const char *s = guest_symbol(dbt_guest(pr->d), pc, &off);
  if (s)
    snprintf(buf, len, "%s+%#x", s, off);
  else
    snprintf(buf, len, "%#010x", pc);
}
