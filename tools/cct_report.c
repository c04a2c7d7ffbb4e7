/*
 * cct_report.c - hwprof run --cct: the calling-context tree of the run, built from
 * its call and return packets (dbt_cct_packets) by the sequential builder and by
 * the parallel one (cct/cct.c), timed; the two trees must be the same.  The tree
 * is kept in the run (pr->cct) for its reports: the summary, the JSON's "cct"
 * (every context, and every function's inclusive count), the Callgrind file's
 * calls (profile.c), the folded stacks and the flame graph (cct/cct_out.c); and
 * 'hwprof compare' checks its per-function counts against qemu-mips's.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cct.h"
#include "io.h"
#include "options.h"
#include "profile.h"
#include "report.h"

/* The host's CPUs, for the parallel builder's threads (2 at least, to be parallel). */
static unsigned cpus(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 2 ? (unsigned)n : 2;
}

/* The finished tree of n packets, built by the sequential builder or (threads > 1)
 * the parallel one, and the seconds it took; NULL when out of memory. */
static cct *tree_of(const cct_packet *p, size_t n, unsigned threads, double *secs) {
  cct *t = malloc(sizeof *t);
  if (!t || cct_init(t) < 0) {
    free(t);
    return NULL;
  }
  double t0 = prof_now_s();
  int rc = threads > 1 ? cct_build_parallel(t, p, n, threads, 1u << 16) : cct_build(t, p, n);
  *secs = prof_now_s() - t0;
  if (*secs < 1e-9)
    *secs = 1e-9;
  if (rc < 0) {
    cct_free(t);
    free(t);
    return NULL;
  }
  cct_finish(t);
  return t;
}

static void drop(cct *t) {
  if (t)
    cct_free(t);
  free(t);
}

unsigned prof_cct_rings(const prof_run *pr) {
  /* (An IP built without the packet unit writes none: only the sw probes' then.) */
  return (pr->profile == DBT_PROFILE_SW || pr->profile == DBT_PROFILE_ALL ? PROF_CCT_RING_SW : 0) |
         ((pr->profile == DBT_PROFILE_HW || pr->profile == DBT_PROFILE_ALL) && pr->hw &&
                  pr->hw->cfg.cct
              ? PROF_CCT_RING_IP
              : 0);
}

int prof_cct_summary(FILE *f, prof_run *pr) {
  static const char *const board_name[2] = {"the sw probes' packets", "the IP's packets     "};
  size_t n = 0, nb[2] = {0, 0};
  const cct_packet *p = dbt_cct_packets(pr->d, &n), *bp[2];
  unsigned rings = prof_cct_rings(pr);
  int has[2] = {!!(rings & PROF_CCT_RING_SW), !!(rings & PROF_CCT_RING_IP)};
  unsigned threads = cpus();
  double ts = 0, tp = 0, tb = 0;
  cct *seq = p ? tree_of(p, n, 1, &ts) : NULL, *par = seq ? tree_of(p, n, threads, &tp) : NULL;
  cct *brd[2] = {NULL, NULL};
  int ok = seq && par;
  for (int k = 0; k < 2 && ok; k++)
    if (has[k]) {
      bp[k] = dbt_cct_board_packets(pr->d, k == 0 ? DBT_CCT_SW : DBT_CCT_HW, &nb[k]);
      ok = bp[k] && (brd[k] = tree_of(bp[k], nb[k], 1, &tb));
    }
  if (!ok) {
    fprintf(stderr, "hwprof: calling contexts       no packets (out of memory, the IP's could "
                    "not be read, or the guest overwrote the sw ring's pointer) or no memory "
                    "for the tree\n");
    drop(seq);
    drop(par);
    drop(brd[0]);
    drop(brd[1]);
    return -1;
  }
  int same = cct_equal(seq, par), board_same[2] = {1, 1};
  if (!f && !same)
    fprintf(stderr, "hwprof: the sequential and the parallel builders made DIFFERENT TREES\n");
  if (f)
    fprintf(f,
            "hwprof: calling contexts       %zu contexts, %u deep at most, from %zu call and "
            "return packets (%llu returns matched no frame, %llu jumps unwound); %llu guest "
            "instructions in them\n"
            "hwprof: building the tree      sequential %.1f ms (%.1f M packets/s), parallel on %u "
            "threads %.1f ms (%.1f M packets/s, %.2fx): %s\n",
            seq->len, seq->max_depth, n, (unsigned long long)seq->unmatched_returns,
            (unsigned long long)seq->unwinds, (unsigned long long)seq->n[0].incl_insns, 1e3 * ts,
            (double)n / ts / 1e6, threads, 1e3 * tp, (double)n / tp / 1e6, ts / tp,
            same ? "the same tree" : "DIFFERENT TREES");
  if (f && !has[1] && pr->hw)
    fprintf(f, "hwprof: the IP's packets        none: the IP is built without the packet unit "
               "(CCT = 0)\n");
  for (int k = 0; k < 2; k++)
    if (brd[k]) {
      board_same[k] = cct_equal(seq, brd[k]);
      if (!f && !board_same[k])
        fprintf(stderr, "hwprof: %s made A DIFFERENT TREE than the runtime's\n", board_name[k]);
      if (f)
        fprintf(f, "hwprof: %s %zu from the board's ring, %llu guest instructions: %s\n",
                board_name[k], nb[k], (unsigned long long)brd[k]->n[0].incl_insns,
                board_same[k] ? "the runtime's tree" : "A DIFFERENT TREE from the runtime's");
    }
  drop(par);
  /* The profile's own: the IP's in hw (and all) mode, the sw probes' in sw mode. */
  pr->cct = brd[1] ? brd[1] : brd[0] ? brd[0] : seq;
  for (int k = 0; k < 2; k++)
    if (brd[k] != pr->cct)
      drop(brd[k]);
  if (seq != pr->cct)
    drop(seq);
  return same && board_same[0] && board_same[1] ? 0 : -1;
}

/* A function's name: its symbol, "symbol+0x1c" for an address inside one, or its
 * address. */
static const char *fn_name(void *ctx, uint32_t addr, char *buf, size_t size) {
  const prof_run *pr = ctx;
  uint32_t off = 0;
  const char *s = guest_symbol(dbt_guest(pr->d), addr, &off);
  if (s && !off)
    return s;
  if (s)
    snprintf(buf, size, "%s+%#x", s, off);
  else
    snprintf(buf, size, "%#010x", addr);
  return buf;
}

void prof_cct_json(FILE *f, const prof_run *pr) {
  const cct *t = pr->cct;
  char buf[64];
  fprintf(f,
          ",\"cct\":{\"contexts\":%zu,\"max_depth\":%u,\"packets\":%llu,"
          "\"unmatched_returns\":%llu,\"unwinds\":%llu,\"nodes\":[",
          t->len, t->max_depth, (unsigned long long)t->packets,
          (unsigned long long)t->unmatched_returns, (unsigned long long)t->unwinds);
  for (size_t i = 0; i < t->len; i++) {
    const cct_node *x = &t->n[i];
    fprintf(f, "%s\n{\"parent\":%u,\"site\":\"%#010x\",\"callee\":\"%#010x\",\"function\":",
            i ? "," : "", x->parent, x->site, x->callee);
    if (i)
      prof_json_str(f, fn_name((void *)pr, x->callee, buf, sizeof buf));
    else
      fprintf(f, "null");
    fprintf(f,
            ",\"calls\":%llu,\"self_blocks\":%llu,\"self_insns\":%llu,\"incl_blocks\":%llu,"
            "\"incl_insns\":%llu}",
            (unsigned long long)x->calls, (unsigned long long)x->self_blocks,
            (unsigned long long)x->self_insns, (unsigned long long)x->incl_blocks,
            (unsigned long long)x->incl_insns);
  }
  size_t nf = 0;
  cct_function *fn = cct_functions(t, &nf);
  fprintf(f, "],\"functions\":[");
  for (size_t i = 0; fn && i < nf; i++) {
    fprintf(f, "%s\n{\"addr\":\"%#010x\",\"function\":", i ? "," : "", fn[i].addr);
    prof_json_str(f, fn_name((void *)pr, fn[i].addr, buf, sizeof buf));
    fprintf(f, ",\"calls\":%llu,\"incl_insns\":%llu}", (unsigned long long)fn[i].calls,
            (unsigned long long)fn[i].incl_insns);
  }
  fprintf(f, "]}");
  free(fn);
}

/* The folded stacks or the flame graph; 0, or -1 (said on stderr) when out of memory. */
static int by_function(FILE *f, const prof_run *pr, int flame) {
  cct byfn;
  char *prog = strdup(pr->program);
  int rc = -1;
  if (prog && cct_by_function(pr->cct, &byfn, PROF_CCT_MAX_FRAMES) == 0) {
    const char *root = basename(prog);
    if (flame) {
      char title[512];
      int len = snprintf(title, sizeof title, "hwprof run --profile %s: %s",
                         prof_mode_name(pr->profile), root);
      for (int i = 1; i < pr->argc && len > 0 && (size_t)len < sizeof title; i++)
        len += snprintf(title + len, sizeof title - (size_t)len, " %s", pr->argv[i]);
      rc = cct_write_flame(f, &byfn, root, title, fn_name, (void *)pr);
    } else
      rc = cct_write_folded(f, &byfn, root, fn_name, (void *)pr);
    cct_free(&byfn);
  }
  free(prog);
  if (rc < 0)
    fprintf(stderr, "hwprof: out of memory writing the %s\n",
            flame ? "flame graph" : "folded stacks");
  return rc;
}

int prof_write_folded(FILE *f, const prof_run *pr) {
  return by_function(f, pr, 0);
}

int prof_write_flame(FILE *f, const prof_run *pr) {
  return by_function(f, pr, 1);
}

/* ------------------------------------------------------------ vs qemu-mips */

typedef struct fn_diff {
  uint32_t addr;
  uint64_t incl, calls, ref_incl, ref_calls;
} fn_diff;

static uint64_t absdiff(uint64_t a, uint64_t b) {
  return a > b ? a - b : b - a;
}

static int by_incl_diff(const void *a, const void *b) {
  const fn_diff *x = a, *y = b;
  uint64_t dx = absdiff(x->incl, x->ref_incl), dy = absdiff(y->incl, y->ref_incl);
  return dx < dy ? 1 : dx > dy ? -1 : (x->addr > y->addr) - (x->addr < y->addr);
}

/* Appends x to d (n of cap); -1 when out of memory. */
static int add_diff(fn_diff **d, size_t *n, size_t *cap, fn_diff x) {
  if (*n == *cap) {
    fn_diff *v = realloc(*d, (2 * *cap + 16) * sizeof *v);
    if (!v)
      return -1;
    *d = v;
    *cap = 2 * *cap + 16;
  }
  (*d)[(*n)++] = x;
  return 0;
}

int prof_cct_vs_file(const prof_run *pr, const char *path, uint64_t slack, prof_cct_ref *r,
                     FILE *rep, unsigned show, char *why, size_t wl) {
  memset(r, 0, sizeof *r);
  r->slack = slack;
  size_t nf = 0, nq = 0, qcap = 0, nd = 0, dcap = 0;
  cct_function *fn = pr->cct ? cct_functions(pr->cct, &nf) : NULL;
  fn_diff *q = NULL, *d = NULL; /* qemu's functions (ref_ fields), the differences */
  FILE *f = fopen(path, "r");
  int rc = -1;
  if (!fn || !f) {
    snprintf(why, wl, "%s (%.200s: %s)",
             !fn ? "out of memory for the tree's functions" : "qemu-mips wrote no calling contexts",
             path, strerror(errno));
    goto out;
  }
  char line[128];
  while (fgets(line, sizeof line, f)) {
    unsigned long long a, incl, calls;
    if (line[0] == '#')
      continue;
    if (sscanf(line, "%llx %llu %llu", &a, &incl, &calls) != 3 || (nq && a <= q[nq - 1].addr)) {
      snprintf(why, wl, "%.200s: not a calling-context line in order: %.40s", path, line);
      goto out;
    }
    if (add_diff(&q, &nq, &qcap, (fn_diff){(uint32_t)a, 0, 0, incl, calls}) < 0)
      goto oom;
  }
  /* Both sorted by address: one merge. */
  for (size_t i = 0, k = 0; i < nf || k < nq;) {
    fn_diff x;
    if (k == nq || (i < nf && fn[i].addr < q[k].addr))
      x = (fn_diff){fn[i].addr, fn[i].incl_insns, fn[i].calls, 0, 0}, i++;
    else if (i == nf || q[k].addr < fn[i].addr)
      x = q[k++];
    else
      x = (fn_diff){fn[i].addr, fn[i].incl_insns, fn[i].calls, q[k].ref_incl, q[k].ref_calls}, i++,
      k++;
    r->functions++;
    if (x.incl == x.ref_incl && x.calls == x.ref_calls)
      r->equal++;
    else if (add_diff(&d, &nd, &dcap, x) < 0)
      goto oom;
  }
  const guest *g = dbt_guest(pr->d);
  for (size_t k = 0; k < nd; k++) {
    /* Within the address-dependent paths: the inclusive count off by no more than
     * the run's instruction counts are, and an own function called as often. */
    int own = guest_own_code(g, d[k].addr);
    if (absdiff(d[k].incl, d[k].ref_incl) <= slack && (!own || d[k].calls == d[k].ref_calls))
      r->within++;
    else
      r->unaccounted++;
  }
  qsort(d, nd, sizeof *d, by_incl_diff);
  char buf[64];
  for (size_t k = 0; k < nd && k < show; k++)
    fprintf(rep, "  %-7s %-28s inclusive %llu here, %llu under qemu-mips; calls %llu, %llu\n",
            guest_own_code(g, d[k].addr) ? "own" : "library",
            fn_name((void *)pr, d[k].addr, buf, sizeof buf), (unsigned long long)d[k].incl,
            (unsigned long long)d[k].ref_incl, (unsigned long long)d[k].calls,
            (unsigned long long)d[k].ref_calls);
  rc = 0;
  goto out;
oom:
  snprintf(why, wl, "out of memory");
out:
  if (f)
    fclose(f);
  free(fn);
  free(q);
  free(d);
  return rc;
}
