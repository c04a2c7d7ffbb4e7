/*
 * syscalls.c - the system-call records of a run: a count per (call site,
 * system-call number), as the runtime executed the calls (every mode: the sw
 * profile's records) and as the IP recorded them (hw, all: IP 1.4, through the
 * stores translated code makes on its system-call path; dbt/sysprof.c).
 *
 * The rows are the runtime's pairs in order of first call, each with the IP's
 * count beside it, then any pair only the IP has (a wrong record).  hw = sw means
 * every row's two counts are equal and the IP lost no record.
 */
#include <stdlib.h>

#include "profile.h"

typedef struct sys_row {
  uint32_t site, number;
  uint64_t count, hw; /* the runtime's; the IP's (0: not in its table) */
  size_t order;
} sys_row;

static uint64_t hw_count(const dbt_hw_profile *h, uint32_t site, uint32_t number, char *seen) {
  for (size_t i = 0; h && i < h->n_syscalls; i++)
    if (h->syscalls[i].site == site && h->syscalls[i].number == number) {
      seen[i] = 1;
      return h->syscalls[i].count;
    }
  return 0;
}

/* The rows (malloc'ed; *n of them), NULL with *n = 0 when there are none. */
static sys_row *rows(const prof_run *pr, size_t *n) {
  const dbt_syscall_count *v;
  const dbt_hw_profile *h = pr->hw;
  size_t nv = dbt_syscall_counts(pr->d, &v), nh = h ? h->n_syscalls : 0, k = 0;
  sys_row *r = calloc(nv + nh + 1, sizeof *r);
  char *seen = calloc(nh + 1, 1);
  if (!r || !seen) {
    free(r);
    free(seen);
    *n = 0;
    return NULL;
  }
  for (size_t i = 0; i < nv; i++, k++)
    r[k] =
        (sys_row){v[i].site, v[i].number, v[i].count, hw_count(h, v[i].site, v[i].number, seen), 0};
  for (size_t i = 0; i < nh; i++)
    if (!seen[i])
      r[k++] = (sys_row){h->syscalls[i].site, h->syscalls[i].number, 0, h->syscalls[i].count, 0};
  free(seen);
  for (size_t i = 0; i < k; i++)
    r[i].order = i;
  *n = k;
  return r;
}

prof_sys_check prof_syscalls_check(const prof_run *pr) {
  prof_sys_check c = {0};
  size_t n;
  sys_row *r = rows(pr, &n);
  for (size_t i = 0; i < n; i++) {
    c.pairs++;
    c.calls += r[i].count;
    c.differ += r[i].count != r[i].hw;
  }
  free(r);
  c.has_hw = pr->hw && pr->hw->cfg.syscall_entries;
  c.lost = pr->hw ? pr->hw->stats.syscall_lost : 0;
  c.ok = !c.has_hw || (!c.differ && !c.lost);
  return c;
}

static void name_of(uint32_t number, char *buf, size_t len) {
  const char *s = guest_syscall_name(number);
  snprintf(buf, len, "%s", s ? s : "?");
}

/* Most calls first; ties in order of first call (the rows' order). */
static int by_calls(const void *a, const void *b) {
  const sys_row *x = a, *y = b;
  uint64_t cx = x->count > x->hw ? x->count : x->hw, cy = y->count > y->hw ? y->count : y->hw;
  if (cx != cy)
    return cx < cy ? 1 : -1;
  return (x->order > y->order) - (x->order < y->order);
}

void prof_syscalls_summary(FILE *f, const prof_run *pr, unsigned top) {
  size_t n;
  sys_row *r = rows(pr, &n);
  if (r)
    qsort(r, n, sizeof *r, by_calls);
  prof_sys_check c = prof_syscalls_check(pr);
  fprintf(f, "hwprof: system calls         %llu at %zu (site, number) pairs",
          (unsigned long long)c.calls, c.pairs);
  if (c.has_hw)
    fprintf(f, "; the IP's records: %zu differ, %llu lost", c.differ, (unsigned long long)c.lost);
  fprintf(f, "\n");
  for (size_t i = 0; i < n && i < top; i++) {
    char name[40], where[320];
    name_of(r[i].number, name, sizeof name);
    prof_where(pr, r[i].site, where, sizeof where);
    fprintf(f, "hwprof: %12llu  %5u %-16s at %#010x %s", (unsigned long long)r[i].count,
            r[i].number, name, r[i].site, where);
    if (c.has_hw)
      fprintf(f, "%s", r[i].hw == r[i].count ? "" : " (IP: differs)");
    fprintf(f, "\n");
  }
  if (n > top)
    fprintf(f, "hwprof: %12s  (%zu more pairs in the JSON)\n", "", n - top);
  free(r);
}

void prof_syscalls_json(FILE *f, const prof_run *pr) {
  size_t n;
  sys_row *r = rows(pr, &n);
  int sw = pr->profile == DBT_PROFILE_SW || pr->profile == DBT_PROFILE_ALL;
  int hw = pr->hw && pr->hw->cfg.syscall_entries;
  fprintf(f, ",\"syscalls\":[");
  for (size_t i = 0; i < n; i++) {
    uint32_t off = 0;
    const char *fn = guest_symbol(dbt_guest(pr->d), r[i].site, &off);
    const char *name = guest_syscall_name(r[i].number);
    fprintf(f, "%s\n{\"site\":\"%#010x\",\"function\":", i ? "," : "", r[i].site);
    fn ? prof_json_str(f, fn) : (void)fprintf(f, "null");
    fprintf(f, ",\"offset\":%u,\"number\":%u,\"name\":", off, r[i].number);
    name ? prof_json_str(f, name) : (void)fprintf(f, "null");
    fprintf(f, ",\"count\":%llu", (unsigned long long)r[i].count);
    if (hw)
      fprintf(f, ",\"hw\":%llu", (unsigned long long)r[i].hw);
    if (sw)
      fprintf(f, ",\"sw\":%llu", (unsigned long long)r[i].count);
    fprintf(f, "}");
  }
  fprintf(f, "]");
  free(r);
}

/* The runtime's pairs against a reference's file of "SITE NUMBER COUNT" lines
 * (tools/qemu_count.c, sys=FILE). */
int prof_syscalls_vs_file(const prof_run *pr, const char *path, prof_sys_ref *q, FILE *rep,
                          unsigned show, char *err, size_t errlen) {
  const dbt_syscall_count *v;
  size_t nv = dbt_syscall_counts(pr->d, &v);
  FILE *f = fopen(path, "r");
  *q = (prof_sys_ref){0};
  if (!f) {
    snprintf(err, errlen, "cannot read %s: the reference wrote no system calls", path);
    return -1;
  }
  char *seen = calloc(nv + 1, 1);
  if (!seen) {
    fclose(f);
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  unsigned long site, number;
  unsigned long long count;
  int rc = 0, line = 0;
  while (rc == 0) {
    int k = fscanf(f, "%lx %lu %llu", &site, &number, &count);
    if (k == EOF)
      break;
    line++;
    if (k != 3) {
      snprintf(err, errlen, "%s:%d: not SITE NUMBER COUNT", path, line);
      rc = -1;
      break;
    }
    q->pairs++;
    q->calls += count;
    uint64_t ours = 0;
    for (size_t i = 0; i < nv; i++)
      if (v[i].site == site && v[i].number == number) {
        ours = v[i].count;
        seen[i] = 1;
        break;
      }
    if (ours != count && q->differ++ < show)
      fprintf(rep, "  %#010lx %5lu %-16s %llu here, %llu under the reference\n", site, number,
              guest_syscall_name((uint32_t)number) ? guest_syscall_name((uint32_t)number) : "?",
              (unsigned long long)ours, count);
  }
  for (size_t i = 0; rc == 0 && i < nv; i++)
    if (!seen[i] && q->differ++ < show)
      fprintf(rep, "  %#010x %5u %-16s %llu here, none under the reference\n", v[i].site,
              v[i].number, guest_syscall_name(v[i].number) ? guest_syscall_name(v[i].number) : "?",
              (unsigned long long)v[i].count);
  free(seen);
  fclose(f);
  return rc;
}
