/*
 * profile.c - one translated run and its reports.  See profile.h.
 */
#define _GNU_SOURCE
#include "profile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tools.h"

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
  o.progress = 1;
  return o;
}

static const char *const mode_names[] = {"none", "hw", "sw", "all"};

const char *prof_mode_name(int profile) {
  return profile >= 0 && profile < 4 ? mode_names[profile] : "?";
}

int prof_mode_parse(const char *s) {
  for (int i = 0; i < 4; i++)
    if (!strcmp(s, mode_names[i]))
      return i;
  return -1;
}

/* An option of two values: 0 for the first, 1 for the second, -1 (said why)
 * for anything else. */
static int two_way(const char *cmd, const char *opt, const char *s, const char *v0,
                   const char *v1) {
  if (!strcmp(s, v0) || !strcmp(s, v1))
    return !strcmp(s, v1);
  fprintf(stderr, "hwprof %s: %s is %s or %s, not '%s'\n", cmd, opt, v0, v1, s);
  return -1;
}

int prof_clock_parse(const char *cmd, const char *s, dbt_options *o) {
  int v = two_way(cmd, "--clock", s, "board", "host");
  if (v >= 0)
    o->clock = v ? GUEST_CLOCK_HOST : GUEST_CLOCK_BOARD;
  return v < 0 ? -1 : 0;
}

int prof_unaligned_parse(const char *cmd, const char *s, dbt_options *o) {
  int v = two_way(cmd, "--unaligned", s, "allow", "trap");
  if (v >= 0)
    o->unaligned_trap = v;
  return v < 0 ? -1 : 0;
}

int prof_confine_parse(const char *cmd, const char *s, dbt_options *o) {
  int v = two_way(cmd, "--confine", s, "off", "on");
  if (v >= 0)
    o->confine = v;
  return v < 0 ? -1 : 0;
}

int prof_caches_parse(const char *cmd, const char *s, dbt_options *o) {
  int v = two_way(cmd, "--caches", s, "on", "off");
  if (v >= 0)
    o->no_caches = v;
  return v < 0 ? -1 : 0;
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

static int has_sw(const prof_run *pr) {
  return pr->profile == DBT_PROFILE_SW || pr->profile == DBT_PROFILE_ALL;
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
  return pr->st.blocks_executed - pr->hw->sb_derived + pr->hw->sb_events;
}

int prof_exec(const prof_opts *o, int argc, char **argv, prof_run *pr) {
  memset(pr, 0, sizeof *pr);
  pr->program = argv[0];
  pr->argc = argc;
  pr->argv = argv;
  pr->profile = o->dbt.profile;
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
  prof_cct_free(pr);
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

/* ------------------------------------------------------------ summary */

static int by_count(const void *a, const void *b) {
  const prof_block *x = *(prof_block *const *)a, *y = *(prof_block *const *)b;
  if (x->count != y->count)
    return x->count < y->count ? 1 : -1;
  return x->pc < y->pc ? -1 : x->pc > y->pc;
}

/* The top blocks, hottest first (NULL on no memory); *k gets how many. */
static prof_block **hottest(const prof_run *pr, unsigned top, size_t *k) {
  prof_block **v = malloc((pr->n ? pr->n : 1) * sizeof *v);
  if (!v)
    return NULL;
  for (size_t i = 0; i < pr->n; i++)
    v[i] = &pr->blocks[i];
  qsort(v, pr->n, sizeof *v, by_count);
  *k = pr->n < top ? pr->n : top;
  return v;
}

static const char *ended(const prof_run *pr, char *buf, size_t len) {
  switch (pr->r.how) {
  case DBT_EXITED: snprintf(buf, len, "exited with status %d", pr->r.status); break;
  case DBT_SIGNALED:
    snprintf(buf, len, "killed by signal %d at pc %#x", pr->r.signal, pr->r.pc);
    break;
  case DBT_UNIMPL: snprintf(buf, len, "stopped: an instruction the translator cannot run"); break;
  default: snprintf(buf, len, "stopped: %.280s", pr->r.message); break;
  }
  return buf;
}

void prof_summary(FILE *f, const prof_run *pr, unsigned top) {
  char buf[320];
  const dbt_stats *s = &pr->st;
  const vboard_result *b = &pr->r.board;
  double gi = s->guest_insns ? (double)s->guest_insns : 1.0;
  fprintf(f, "hwprof: ---- %s, profile %s: %s\n", pr->program, prof_mode_name(pr->profile),
          ended(pr, buf, sizeof buf));
  fprintf(f, "hwprof: guest instructions   %llu\n", (unsigned long long)s->guest_insns);
  fprintf(f, "hwprof: simulated cycles     %llu (%.3f per guest instruction)\n",
          (unsigned long long)b->cpu_cycles, (double)b->cpu_cycles / gi);
  fprintf(f, "hwprof: blocks executed      %llu (%.2f guest instructions per block)\n",
          (unsigned long long)s->blocks_executed,
          s->blocks_executed ? gi / (double)s->blocks_executed : 0.0);
  fprintf(f, "hwprof: distinct blocks      %zu\n", pr->n);
  const dbt_hw_profile *h = pr->hw;
  if (h) {
    const hwprof_stats *t = &h->stats;
    fprintf(f,
            "hwprof: IP events            %u stored, %u counted on chip, %u in the spill ring; "
            "lost %u (FIFO full %u, table full %u, ring errors %u); ignored %u\n",
            t->events_in, t->events, t->spilled, t->lost_fifo + t->lost_table + t->spill_errors,
            t->lost_fifo, t->lost_table, t->spill_errors, t->ignored);
    if (h->sb_events)
      fprintf(f,
              "hwprof: IP superblock events %llu superblock entries and side exits, from which "
              "%llu block entries are derived\n",
              (unsigned long long)h->sb_events, (unsigned long long)h->sb_derived);
    fprintf(f,
            "hwprof: IP table             %u of %u entries, %zu more %s counted from the "
            "spill ring; max probe length %u; %u probe cycles\n",
            t->occupied, h->cfg.entries, h->n_entries - h->n_chip,
            h->n_entries - h->n_chip == 1 ? "block" : "blocks", t->max_probe, t->probes);
    fprintf(f,
            "hwprof: IP FIFO              high-water %u of %u; %u IP cycles holding the bus, "
            "%llu CPU stall cycles\n",
            t->fifo_high, h->cfg.fifo_depth, t->stall, (unsigned long long)b->stall_cycles);
    fprintf(f,
            "hwprof: IP interrupts        %llu raised and serviced; %u threshold crossings, "
            "%u lost (hot FIFO full)\n",
            (unsigned long long)h->irqs, t->hot, t->hot_lost);
  }
  if (has_sw(pr)) {
    uint64_t sum = 0;
    size_t same = 0, hw_same = 0;
    for (size_t i = 0; i < pr->n; i++) {
      sum += pr->blocks[i].sw;
      same += pr->blocks[i].sw == pr->blocks[i].count;
      hw_same += pr->blocks[i].sw == pr->blocks[i].hw;
    }
    fprintf(f, "hwprof: sw counters          %llu in %zu blocks; %zu equal to the block entries",
            (unsigned long long)sum, pr->n, same);
    if (h)
      fprintf(f, ", %zu equal to the IP's", hw_same);
    fprintf(f, "\n");
  }
  prof_syscalls_summary(f, pr, top);
  prof_edges_summary(f, pr, top);
  size_t k;
  prof_block **v = top ? hottest(pr, top, &k) : NULL;
  if (!v)
    return;
  fprintf(f, "hwprof: the %zu hottest blocks (entries, %% of all, guest instructions):\n", k);
  for (size_t i = 0; i < k; i++) {
    const prof_block *p = v[i];
    prof_where(pr, p->pc, buf, sizeof buf);
    fprintf(f, "hwprof: %12llu %5.1f%% %3u  %#010x %s\n", (unsigned long long)p->count,
            s->blocks_executed ? 100.0 * (double)p->count / (double)s->blocks_executed : 0.0,
            p->insns, p->pc, buf);
    const guest *g = dbt_guest(pr->d);
    for (uint32_t j = 0; j < p->insns && j < 16; j++) {
      uint32_t a = p->pc + 4 * j;
      dbt_disasm_mips(a, guest_rd32(g, a), buf, sizeof buf);
      fprintf(f, "hwprof: %28s %08x  %s\n", "", a, buf);
    }
    if (p->insns > 16)
      fprintf(f, "hwprof: %28s ...\n", "");
  }
  free(v);
}

/* ------------------------------------------------------------ files */

int prof_same_file(const char *a, const char *b, long *size) {
  FILE *x = fopen(a, "rb"), *y = fopen(b, "rb");
  int same = x && y;
  long n = 0;
  while (same) {
    int c = getc(x), d = getc(y);
    if (c != d)
      same = 0;
    if (c == EOF)
      break;
    n++;
  }
  if (x)
    fclose(x);
  if (y)
    fclose(y);
  *size = n;
  return same;
}

void prof_json_str(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c < 0x20)
      fprintf(f, "\\u%04x", c);
    else
      fputc(c, f);
  }
  fputc('"', f);
}

static void json_block(FILE *f, const prof_run *pr, const prof_block *p) {
  uint32_t off = 0;
  const char *s = guest_symbol(dbt_guest(pr->d), p->pc, &off);
  fprintf(f, "{\"pc\":\"%#010x\",\"function\":", p->pc);
  if (s)
    prof_json_str(f, s);
  else
    fprintf(f, "null");
  fprintf(f, ",\"offset\":%u,\"insns\":%u,\"count\":%llu", off, p->insns,
          (unsigned long long)p->count);
  if (pr->hw)
    fprintf(f, ",\"hw\":%llu", (unsigned long long)p->hw);
  if (has_sw(pr))
    fprintf(f, ",\"sw\":%llu", (unsigned long long)p->sw);
  fprintf(f, "}");
}

void prof_write_json(FILE *f, const prof_run *pr, unsigned top) {
  const dbt_stats *s = &pr->st;
  const vboard_result *b = &pr->r.board;
  fprintf(f, "{\"program\":");
  prof_json_str(f, pr->program);
  fprintf(f, ",\"argv\":[");
  for (int i = 0; i < pr->argc; i++) {
    fprintf(f, i ? "," : "");
    prof_json_str(f, pr->argv[i]);
  }
  fprintf(f, "],\"profile\":\"%s\",\"exit_status\":%d,", prof_mode_name(pr->profile), pr->status);
  fprintf(f,
          "\"guest_insns\":%llu,\"cycles\":%llu,\"ppc_insns\":%llu,\"blocks_executed\":%llu,"
          "\"distinct_blocks\":%zu",
          (unsigned long long)s->guest_insns, (unsigned long long)b->cpu_cycles,
          (unsigned long long)b->insns, (unsigned long long)s->blocks_executed, pr->n);
  const char *const *fpn;
  const uint32_t *fpc;
  size_t nfp = dbt_fp_costs(&fpn, &fpc);
  fprintf(f, ",\"fp\":{\"insns\":%llu,\"in_run\":%llu,\"exits\":%llu,\"cycles\":%llu,\"costs\":{",
          (unsigned long long)(s->fp_gate + s->fp_exits), (unsigned long long)s->fp_gate,
          (unsigned long long)s->fp_exits, (unsigned long long)b->service_cycles);
  for (size_t i = 0; i < nfp; i++)
    fprintf(f, "%s\"%s\":%u", i ? "," : "", fpn[i], fpc[i]);
  fprintf(f, "}}");
  if (pr->hw) {
    const hwprof_stats *t = &pr->hw->stats;
    fprintf(f,
            ",\"ip\":{\"events\":%u,\"events_counted\":%u,\"events_spilled\":%u,"
            "\"events_lost\":%u,\"lost_fifo\":%u,\"lost_table\":%u,\"lost_spill\":%u,"
            "\"ignored\":%u,\"max_probe\":%u,\"probe_cycles\":%u,\"occupied\":%u,"
            "\"entries\":%u,\"blocks_spilled\":%zu,\"fifo_high_water\":%u,\"fifo_depth\":%u,"
            "\"fifo_stall_cycles\":%u,\"cpu_stall_cycles\":%llu,\"threshold_crossings\":%u,"
            "\"hot_lost\":%u,\"interrupts\":%llu,\"syscalls_recorded\":%u,"
            "\"syscalls_lost\":%u,\"superblock_events\":%llu,\"derived_entries\":%llu,"
            "\"hot\":[",
            t->events_in, t->events, t->spilled, t->lost_fifo + t->lost_table + t->spill_errors,
            t->lost_fifo, t->lost_table, t->spill_errors, t->ignored, t->max_probe, t->probes,
            t->occupied, pr->hw->cfg.entries, pr->hw->n_entries - pr->hw->n_chip, t->fifo_high,
            pr->hw->cfg.fifo_depth, t->stall, (unsigned long long)b->stall_cycles, t->hot,
            t->hot_lost, (unsigned long long)pr->hw->irqs, t->syscalls, t->syscall_lost,
            (unsigned long long)pr->hw->sb_events, (unsigned long long)pr->hw->sb_derived);
    for (size_t i = 0; i < pr->hw->n_hot; i++)
      fprintf(f, "%s{\"pc\":\"%#010x\",\"guest_insns\":%llu}", i ? "," : "", pr->hw->hot[i].pc,
              (unsigned long long)pr->hw->hot[i].guest_insns);
    fprintf(f, "]}");
  }
  prof_syscalls_json(f, pr);
  prof_edges_json(f, pr);
  const dbt_trace *sb;
  size_t nsb = dbt_superblocks(pr->d, &sb);
  fprintf(f, ",\"superblocks\":[");
  for (size_t i = 0; i < nsb; i++) {
    fprintf(f, "%s\n{\"head\":\"%#010x\",\"blocks\":[", i ? "," : "", sb[i].pc[0]);
    for (unsigned m = 0; m < sb[i].n; m++)
      fprintf(f, "%s\"%#010x\"", m ? "," : "", sb[i].pc[m]);
    fprintf(f, "],\"next\":\"%#010x\"}", sb[i].next);
  }
  fprintf(f, "],\"superblock_insns\":%llu,\"superblock_host_ms\":%.3f",
          (unsigned long long)s->superblock_insns, (double)s->superblock_ns / 1e6);
  if (pr->cct)
    prof_cct_json(f, pr);
  size_t k;
  prof_block **v = hottest(pr, top, &k);
  fprintf(f, ",\"top\":[");
  for (size_t i = 0; v && i < k; i++) {
    fprintf(f, i ? ",\n" : "\n");
    json_block(f, pr, v[i]);
  }
  free(v);
  fprintf(f, "],\"blocks\":[");
  for (size_t i = 0; i < pr->n; i++) {
    fprintf(f, i ? ",\n" : "\n");
    json_block(f, pr, &pr->blocks[i]);
  }
  fprintf(f, "]}\n");
}

void prof_write_csv(FILE *f, const prof_run *pr) {
  const guest *g = dbt_guest(pr->d);
  fprintf(f, "address,function,offset,insns,count,hw,sw,own_code\n");
  for (size_t i = 0; i < pr->n; i++) {
    const prof_block *p = &pr->blocks[i];
    uint32_t off = 0;
    const char *s = guest_symbol(g, p->pc, &off);
    fprintf(f, "%#010x,%s,%u,%u,%llu,", p->pc, s ? s : "", off, p->insns,
            (unsigned long long)p->count);
    if (pr->hw)
      fprintf(f, "%llu", (unsigned long long)p->hw);
    fprintf(f, ",");
    if (has_sw(pr))
      fprintf(f, "%llu", (unsigned long long)p->sw);
    fprintf(f, ",%d\n", guest_own_code(g, p->pc));
  }
}

/* Callgrind's name for the function at or around pc: its symbol, or the address
 * of its 4 KiB page when no symbol covers it. */
static const char *callgrind_fn(const guest *g, uint32_t pc, char *buf, size_t size) {
  uint32_t off;
  const char *s = guest_symbol(g, pc, &off);
  if (s)
    return s;
  snprintf(buf, size, "%#010x", pc & ~0xFFFu);
  return buf;
}

typedef struct call_edge {
  uint32_t site, callee;
  uint64_t calls, insns, blocks;
} call_edge;

static int by_site(const void *a, const void *b) {
  const call_edge *x = a, *y = b;
  if (x->site != y->site)
    return x->site < y->site ? -1 : 1;
  return (x->callee > y->callee) - (x->callee < y->callee);
}

/* The calling-context tree's calls, per (calling block, callee): the times made
 * and their inclusive costs (recursive calls' costs nest, as in Callgrind's own
 * files; KCachegrind finds the cycles). */
static void callgrind_calls(FILE *f, const prof_run *pr) {
  const cct *t = pr->cct;
  const guest *g = dbt_guest(pr->d);
  call_edge *e = malloc(t->len * sizeof *e);
  size_t n = 0;
  if (!e) {
    fprintf(stderr, "hwprof: out of memory writing the Callgrind file's calls\n");
    return;
  }
  for (size_t i = 1; i < t->len; i++) {
    const cct_node *x = &t->n[i];
    e[n++] = (call_edge){x->site, x->callee, x->calls, x->incl_insns, x->incl_blocks};
  }
  qsort(e, n, sizeof *e, by_site);
  char a[16], b[16];
  for (size_t i = 0; i < n;) {
    call_edge c = e[i];
    for (i++; i < n && e[i].site == c.site && e[i].callee == c.callee; i++) {
      c.calls += e[i].calls;
      c.insns += e[i].insns;
      c.blocks += e[i].blocks;
    }
    fprintf(f, "fn=%s\ncfn=%s\ncalls=%llu %#x\n%#x %llu %llu\n",
            callgrind_fn(g, c.site, a, sizeof a), callgrind_fn(g, c.callee, b, sizeof b),
            (unsigned long long)c.calls, c.callee, c.site, (unsigned long long)c.insns,
            (unsigned long long)c.blocks);
  }
  free(e);
}

/* Callgrind's format (valgrind.org/docs/manual/cl-format.html): one cost line
 * per block at its address, under its function: Ir = instructions executed
 * (entries x length), Blocks = entries; with --cct, the calls (cfn=, calls=) and
 * their inclusive costs, so KCachegrind shows the call graph. */
void prof_write_callgrind(FILE *f, const prof_run *pr) {
  const guest *g = dbt_guest(pr->d);
  fprintf(f, "# callgrind format\nversion: 1\ncreator: hwprof\ncmd:");
  for (int i = 0; i < pr->argc; i++)
    fprintf(f, " %s", pr->argv[i]);
  fprintf(f, "\npositions: instr\nevents: Ir Blocks\nsummary: %llu %llu\n\nob=%s\nfl=???\n",
          (unsigned long long)pr->st.guest_insns, (unsigned long long)pr->st.blocks_executed,
          pr->program);
  char cur[256] = "", buf[16];
  for (size_t i = 0; i < pr->n; i++) {
    const prof_block *p = &pr->blocks[i];
    if (!p->count)
      continue;
    const char *s = callgrind_fn(g, p->pc, buf, sizeof buf);
    if (strcmp(s, cur)) {
      fprintf(f, "fn=%s\n", s);
      snprintf(cur, sizeof cur, "%s", s);
    }
    fprintf(f, "%#x %llu %llu\n", p->pc, (unsigned long long)p->count * p->insns,
            (unsigned long long)p->count);
  }
  if (pr->cct)
    callgrind_calls(f, pr);
}
