/*
 * syscalls.c - the system-call records of a run: a count per (call site,
 * system-call number), as the runtime executed the calls (every mode: the sw
 * profile's records) and as the IP recorded them (hw, all: IP 1.4, through the
 * stores translated code makes on its system-call path; dbt/sysprof.c).
 *
 * The rows are the runtime's pairs in order of first call, each with the IP's
 * count beside it, then any pair only the IP has (a wrong record).  hw = sw means
 * every row's two counts are equal and the IP lost no record.
 *
 * Against a reference (qemu-mips's plugin), pair for pair, except the numbers the
 * runtime refused as unsupported (-ENOSYS from syscall.c's unknown(), which marks
 * them in g->warned): those say what the runtime lacks, not that the run went
 * astray, so they are counted per number and reported apart.
 */
#include <stdint.h>
#include <stdlib.h>

#include "errf.h"
#include "io.h"
#include "options.h"
#include "profile.h"
#include "report.h"

typedef struct sys_row {
  uint32_t site, number;
  uint64_t count, hw; /* the runtime's; the IP's (0: not in its table) */
  size_t order;
} sys_row;

/* The index of (site, number) in v[0..n-1], or n when it is not there. */
static size_t find_pair(const dbt_syscall_count *v, size_t n, uint32_t site, uint32_t number) {
  size_t i = 0;
  while (i < n && !(v[i].site == site && v[i].number == number))
    i++;
  return i;
}

static const char *name_or_unknown(uint32_t number) {
  const char *s = guest_syscall_name(number);
  return s ? s : "?";
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
  for (size_t i = 0; i < nv; i++, k++) {
    size_t j = find_pair(h ? h->syscalls : NULL, nh, v[i].site, v[i].number);
    r[k] = (sys_row){v[i].site, v[i].number, v[i].count, j < nh ? h->syscalls[j].count : 0, 0};
    if (j < nh)
      seen[j] = 1;
  }
  for (size_t i = 0; i < nh; i++)
    if (!seen[i])
      r[k++] = (sys_row){h->syscalls[i].site, h->syscalls[i].number, 0, h->syscalls[i].count, 0};
  free(seen);
  for (size_t i = 0; i < k; i++)
    r[i].order = i;
  *n = k;
  return r;
}

static prof_sys_check check_rows(const prof_run *pr, const sys_row *r, size_t n) {
  prof_sys_check c = {0};
  for (size_t i = 0; i < n; i++) {
    c.pairs++;
    c.calls += r[i].count;
    c.differ += r[i].count != r[i].hw;
  }
  c.has_hw = pr->hw && pr->hw->cfg.syscall_entries;
  c.lost = pr->hw ? pr->hw->stats.syscall_lost : 0;
  c.ok = !c.has_hw || (!c.differ && !c.lost);
  return c;
}

prof_sys_check prof_syscalls_check(const prof_run *pr) {
  size_t n;
  sys_row *r = rows(pr, &n);
  prof_sys_check c = check_rows(pr, r, n);
  free(r);
  return c;
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
  prof_sys_check c = check_rows(pr, r, n);
  if (r)
    qsort(r, n, sizeof *r, by_calls);
  fprintf(f, "hwprof: system calls         %llu at %zu (site, number) pairs",
          (unsigned long long)c.calls, c.pairs);
  if (c.has_hw)
    fprintf(f, "; the IP's records: %zu differ, %llu lost", c.differ, (unsigned long long)c.lost);
  fprintf(f, "\n");
  for (size_t i = 0; i < n && i < top; i++) {
    char where[320];
    prof_where(pr, r[i].site, where, sizeof where);
    fprintf(f, "hwprof: %12llu  %5u %-16s at %#010x %s", (unsigned long long)r[i].count,
            r[i].number, name_or_unknown(r[i].number), r[i].site, where);
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

/* 1 when the runtime refused system call n as unsupported (reported once,
 * g->warned; numbers past its 4096 bits are not told). */
static int refused(const prof_run *pr, uint32_t n) {
  const guest *g = dbt_guest(pr->d);
  uint32_t k = n - 4000;
  return k < sizeof g->warned * 8 && (g->warned[k / 8] >> (k % 8) & 1);
}

/* Adds calls of a refused number to q->refused (here: ours, else the reference's). */
static void add_refused(prof_sys_ref *q, uint32_t number, uint64_t count, int here) {
  size_t i = 0;
  while (i < q->n_refused && i < PROF_SYS_REFUSED_MAX && q->refused[i].number != number)
    i++;
  if (i == PROF_SYS_REFUSED_MAX)
    return;
  if (i == q->n_refused)
    q->refused[q->n_refused++] = (struct prof_sys_refused){number, 0, 0};
  *(here ? &q->refused[i].here : &q->refused[i].ref) += count;
}

void prof_syscalls_refused(FILE *f, const prof_sys_ref *q, const char *ref_name) {
  if (!q->n_refused)
    fprintf(f, "none");
  for (size_t i = 0; i < q->n_refused; i++) {
    const struct prof_sys_refused *r = &q->refused[i];
    const char *name = guest_syscall_name(r->number);
    fprintf(f, "%s", i ? ", " : "");
    name ? fprintf(f, "%s", name) : fprintf(f, "%u", r->number);
    fprintf(f, " x%llu (%s: ", (unsigned long long)r->here, ref_name);
    r->ref ? fprintf(f, "%llu)", (unsigned long long)r->ref) : fprintf(f, "none)");
  }
}

/* The runtime's pairs against a reference's file of "SITE NUMBER COUNT" lines
 * (tools/qemu_count/syscalls.c, sys=FILE). */
int prof_syscalls_vs_file(const prof_run *pr, const char *path, prof_sys_ref *q, FILE *rep,
                          unsigned show, char *err, size_t errlen) {
  const dbt_syscall_count *v;
  size_t nv = dbt_syscall_counts(pr->d, &v);
  FILE *f = fopen(path, "r");
  *q = (prof_sys_ref){0};
  if (!f) {
    errf(err, errlen, "cannot read %s: the reference wrote no system calls", path);
    return -1;
  }
  char *seen = calloc(nv + 1, 1);
  if (!seen) {
    fclose(f);
    errf(err, errlen, "out of memory");
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
      errf(err, errlen, "%s:%d: not SITE NUMBER COUNT", path, line);
      rc = -1;
      break;
    }
    q->pairs++;
    q->calls += count;
    if (number <= UINT32_MAX && refused(pr, (uint32_t)number)) {
      add_refused(q, (uint32_t)number, count, 0);
      size_t i = find_pair(v, nv, (uint32_t)site, (uint32_t)number);
      if (i < nv)
        seen[i] = 1, add_refused(q, (uint32_t)number, v[i].count, 1);
      continue;
    }
    size_t i = site > UINT32_MAX || number > UINT32_MAX
                   ? nv
                   : find_pair(v, nv, (uint32_t)site, (uint32_t)number);
    uint64_t ours = i < nv ? v[i].count : 0;
    if (i < nv)
      seen[i] = 1;
    if (ours != count && q->differ++ < show)
      fprintf(rep, "  %#010lx %5lu %-16s %llu here, %llu under the reference\n", site, number,
              name_or_unknown((uint32_t)number), (unsigned long long)ours, count);
  }
  for (size_t i = 0; rc == 0 && i < nv; i++)
    if (!seen[i] && refused(pr, v[i].number))
      add_refused(q, v[i].number, v[i].count, 1);
    else if (!seen[i] && q->differ++ < show)
      fprintf(rep, "  %#010x %5u %-16s %llu here, none under the reference\n", v[i].site,
              v[i].number, name_or_unknown(v[i].number), (unsigned long long)v[i].count);
  free(seen);
  fclose(f);
  return rc;
}
