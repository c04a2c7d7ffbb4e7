/*
 * edges.c - the indirect edges of a run: a count per (source block, target block)
 * of each traversal of an indirect jump (jr rs, rs != $ra), as the IP counted them
 * (hw, all: IP 1.5's edge table) and as the sw profile's probes did (sw, all;
 * dbt/edgeprof.c).
 *
 * The rows are the union of the two lists, by (source, target).  hw = sw means
 * every row's two counts are equal and the IP lost no traversal.  With
 * --all-edges the IP counts every pair of blocks, the sw profile still only the
 * indirect jumps: then the IP's rows are shown but not held against the sw ones.
 * The reference (qemu-mips, tools/qemu_count/edges.c, edge=FILE) counts per (jump
 * instruction, target); the rows are summed the same way to compare.  As with
 * instruction counts, a difference at a jump in the program's own code fails the
 * comparison; one in library code is counted apart (its paths may depend on the
 * process's addresses).
 */
#include <stdint.h>
#include <stdlib.h>

#include "errf.h"
#include "io.h"
#include "options.h"
#include "profile.h"
#include "report.h"

typedef struct edge_row {
  uint32_t src, dst, site;
  uint64_t hw, sw; /* 0: not in that list */
  int hot;
} edge_row;

static uint64_t key(uint32_t a, uint32_t b) {
  return (uint64_t)a << 32 | b;
}

/* The union of the IP's and the sw lists (both sorted by (src, dst)); malloc'ed. */
static edge_row *rows(const prof_run *pr, size_t *n) {
  const dbt_edge_count *s, *h = pr->hw ? pr->hw->edges : NULL;
  size_t ns = dbt_sw_edges(pr->d, &s), nh = pr->hw ? pr->hw->n_edges : 0, i = 0, j = 0, k = 0;
  edge_row *r = calloc(ns + nh + 1, sizeof *r);
  if (!r) {
    *n = 0;
    return NULL;
  }
  while (i < nh || j < ns) {
    uint64_t kh = i < nh ? key(h[i].src, h[i].dst) : UINT64_MAX;
    uint64_t ks = j < ns ? key(s[j].src, s[j].dst) : UINT64_MAX;
    const dbt_edge_count *e = kh <= ks ? &h[i] : &s[j];
    r[k] = (edge_row){e->src, e->dst, e->site, 0, 0, e->hot};
    if (kh <= ks)
      r[k].hw = h[i++].count;
    if (ks <= kh)
      r[k].sw = s[j++].count, r[k].hot |= s[j - 1].hot;
    k++;
  }
  *n = k;
  return r;
}

static prof_edge_check check_rows(const prof_run *pr, const edge_row *r, size_t n) {
  prof_edge_check c = {0};
  c.has_hw = pr->hw && pr->hw->cfg.edge_entries;
  c.has_sw = pr->profile == DBT_PROFILE_SW || pr->profile == DBT_PROFILE_ALL;
  c.all = pr->hw && pr->all_edges;
  c.lost = c.has_hw ? pr->hw->stats.edge_lost : 0;
  for (size_t i = 0; i < n; i++) {
    c.edges++;
    c.traversals += c.has_sw ? r[i].sw : r[i].hw;
    c.hot += r[i].hot;
    c.differ += c.has_hw && c.has_sw && !c.all && r[i].hw != r[i].sw;
  }
  c.ok = !c.has_hw || (c.differ == 0 && c.lost == 0);
  return c;
}

prof_edge_check prof_edges_check(const prof_run *pr) {
  size_t n;
  edge_row *r = rows(pr, &n);
  prof_edge_check c = check_rows(pr, r, n);
  free(r);
  return c;
}

/* Most traversals first; ties by (src, dst). */
static int by_count(const void *a, const void *b) {
  const edge_row *x = a, *y = b;
  uint64_t cx = x->hw > x->sw ? x->hw : x->sw, cy = y->hw > y->sw ? y->hw : y->sw;
  if (cx != cy)
    return cx < cy ? 1 : -1;
  return key(x->src, x->dst) < key(y->src, y->dst) ? -1 : 1;
}

void prof_edges_summary(FILE *f, const prof_run *pr, unsigned top) {
  size_t n;
  edge_row *r = rows(pr, &n);
  prof_edge_check c = check_rows(pr, r, n);
  if (!c.has_hw && !c.has_sw) {
    free(r);
    return;
  }
  if (r)
    qsort(r, n, sizeof *r, by_count);
  fprintf(f, "hwprof: indirect edges       %llu traversals of %zu edges%s, %zu hot at %u",
          (unsigned long long)c.traversals, c.edges, c.all ? " (the IP: every pair of blocks)" : "",
          c.hot, pr->edge_threshold);
  if (c.has_hw) {
    fprintf(f, "; the IP's: ");
    if (c.has_sw && !c.all)
      fprintf(f, "%zu differ from sw, ", c.differ);
    fprintf(f,
            "%llu lost, %llu drains while running, hot reported %llu by the IP and %llu at a drain",
            (unsigned long long)c.lost, (unsigned long long)pr->hw->edge_drains,
            (unsigned long long)pr->hw->edge_hot_reported,
            (unsigned long long)pr->hw->edge_hot_at_drain);
  }
  fprintf(f, "\n");
  for (size_t i = 0; i < n && i < top; i++) {
    char from[320], to[320];
    prof_where(pr, r[i].site ? r[i].site : r[i].src, from, sizeof from);
    prof_where(pr, r[i].dst, to, sizeof to);
    fprintf(f, "hwprof: %12llu  %s -> %s%s%s\n", (unsigned long long)(c.has_sw ? r[i].sw : r[i].hw),
            from, to, r[i].hot ? " (hot)" : "",
            c.has_hw && c.has_sw && !c.all && r[i].hw != r[i].sw ? " (IP: differs)" : "");
  }
  if (n > top)
    fprintf(f, "hwprof: %12s  (%zu more edges in the JSON)\n", "", n - top);
  free(r);
}

static void json_fn(FILE *f, const prof_run *pr, const char *field, uint32_t pc) {
  uint32_t off = 0;
  const char *fn = guest_symbol(dbt_guest(pr->d), pc, &off);
  fprintf(f, ",\"%s\":", field);
  fn ? prof_json_str(f, fn) : (void)fprintf(f, "null");
}

void prof_edges_json(FILE *f, const prof_run *pr) {
  size_t n;
  edge_row *r = rows(pr, &n);
  prof_edge_check c = check_rows(pr, r, n);
  fprintf(f, ",\"edges\":{\"threshold\":%u,\"all\":%s,\"traversals\":%llu,\"hot\":%zu",
          pr->edge_threshold, c.all ? "true" : "false", (unsigned long long)c.traversals, c.hot);
  if (c.has_hw)
    fprintf(f,
            ",\"hw_lost\":%llu,\"hw_differ\":%zu,\"hw_hot_reports\":%llu,"
            "\"hw_hot_at_drain\":%llu,\"hw_drains\":%llu",
            (unsigned long long)c.lost, c.differ, (unsigned long long)pr->hw->edge_hot_reported,
            (unsigned long long)pr->hw->edge_hot_at_drain, (unsigned long long)pr->hw->edge_drains);
  fprintf(f, ",\"list\":[");
  for (size_t i = 0; i < n; i++) {
    fprintf(f, "%s\n{\"src\":\"%#010x\",\"dst\":\"%#010x\",\"site\":\"%#010x\"", i ? "," : "",
            r[i].src, r[i].dst, r[i].site);
    json_fn(f, pr, "src_function", r[i].src);
    json_fn(f, pr, "dst_function", r[i].dst);
    if (c.has_hw)
      fprintf(f, ",\"hw\":%llu", (unsigned long long)r[i].hw);
    if (c.has_sw)
      fprintf(f, ",\"sw\":%llu", (unsigned long long)r[i].sw);
    fprintf(f, ",\"hot\":%s}", r[i].hot ? "true" : "false");
  }
  fprintf(f, "]}");
  free(r);
}

/* (site, dst) sums of the sw rows (the IP's without a sw profile), sorted. */
typedef struct site_row {
  uint32_t site, dst;
  uint64_t count;
  int seen;
} site_row;

static int by_site(const void *a, const void *b) {
  const site_row *x = a, *y = b;
  uint64_t kx = key(x->site, x->dst), ky = key(y->site, y->dst);
  return (kx > ky) - (kx < ky);
}

static void differ(const prof_run *pr, prof_edge_ref *q, FILE *rep, unsigned show, uint32_t site,
                   uint32_t dst, uint64_t ours, uint64_t ref, int in_ref) {
  int own = guest_own_code(dbt_guest(pr->d), site);
  size_t *n = own ? &q->differ : &q->lib_differ;
  char from[320], to[320];
  if ((*n)++ >= show)
    return;
  prof_where(pr, site, from, sizeof from);
  prof_where(pr, dst, to, sizeof to);
  if (in_ref)
    fprintf(rep, "  %-7s %s -> %s: %llu here, %llu under the reference\n", own ? "own" : "library",
            from, to, (unsigned long long)ours, (unsigned long long)ref);
  else
    fprintf(rep, "  %-7s %s -> %s: %llu here, none under the reference\n", own ? "own" : "library",
            from, to, (unsigned long long)ours);
}

int prof_edges_vs_file(const prof_run *pr, const char *path, prof_edge_ref *q, FILE *rep,
                       unsigned show, char *err, size_t errlen) {
  size_t n, m = 0;
  edge_row *r = rows(pr, &n);
  prof_edge_check c = check_rows(pr, r, n);
  site_row *s = calloc(n + 1, sizeof *s);
  FILE *f = fopen(path, "r");
  *q = (prof_edge_ref){0};
  if (!f || !s || !r) {
    errf(err, errlen, f ? "out of memory" : "cannot read %s: the reference wrote no edges", path);
    if (f)
      fclose(f);
    free(r);
    free(s);
    return -1;
  }
  for (size_t i = 0; i < n; i++)
    s[i] = (site_row){r[i].site, r[i].dst, c.has_sw ? r[i].sw : r[i].hw, 0};
  qsort(s, n, sizeof *s, by_site);
  for (size_t i = 0; i < n; i++) /* merge rows of one (site, dst) */
    if (m && s[m - 1].site == s[i].site && s[m - 1].dst == s[i].dst)
      s[m - 1].count += s[i].count;
    else
      s[m++] = s[i];
  unsigned long site, dst;
  unsigned long long count;
  int rc = 0, line = 0;
  while (rc == 0) {
    int k = fscanf(f, "%lx %lx %llu", &site, &dst, &count);
    if (k == EOF)
      break;
    line++;
    if (k != 3 || site > UINT32_MAX || dst > UINT32_MAX) {
      errf(err, errlen, "%s:%d: not SITE TARGET COUNT", path, line);
      rc = -1;
      break;
    }
    q->edges++;
    q->traversals += count;
    site_row want = {(uint32_t)site, (uint32_t)dst, 0, 0};
    site_row *hit = bsearch(&want, s, m, sizeof *s, by_site);
    uint64_t ours = hit ? hit->count : 0;
    if (hit)
      hit->seen = 1;
    if (ours != count)
      differ(pr, q, rep, show, (uint32_t)site, (uint32_t)dst, ours, count, 1);
  }
  for (size_t i = 0; rc == 0 && i < m; i++)
    if (!s[i].seen && s[i].count)
      differ(pr, q, rep, show, s[i].site, s[i].dst, s[i].count, 0, 0);
  fclose(f);
  free(r);
  free(s);
  return rc;
}
