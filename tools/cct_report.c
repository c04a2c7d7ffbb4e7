/*
 * cct_report.c - hwprof run --cct: the calling-context tree of the run, built from
 * its call and return packets (dbt_cct_packets) by the sequential builder and by
 * the parallel one (cct/cct.c), timed; the two trees must be the same.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <unistd.h>

#include "cct.h"
#include "profile.h"

/* The host's CPUs, for the parallel builder's threads (2 at least, to be parallel). */
static unsigned cpus(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 2 ? (unsigned)n : 2;
}

int prof_cct_summary(FILE *f, prof_run *pr) {
  size_t n = 0;
  const cct_packet *p = dbt_cct_packets(pr->d, &n);
  cct seq, par;
  if (!p || cct_init(&seq) < 0 || cct_init(&par) < 0) {
    fprintf(f, "hwprof: calling contexts       out of memory for the call and return packets\n");
    return -1;
  }
  unsigned threads = cpus();
  double t0 = prof_now_s();
  int rc = cct_build(&seq, p, n);
  double t1 = prof_now_s();
  rc |= cct_build_parallel(&par, p, n, threads, 1u << 16);
  double t2 = prof_now_s();
  if (rc < 0) {
    fprintf(f, "hwprof: calling contexts       out of memory building the tree\n");
    cct_free(&seq);
    cct_free(&par);
    return -1;
  }
  cct_finish(&seq);
  cct_finish(&par);
  int same = cct_equal(&seq, &par);
  double ts = t1 - t0 > 1e-9 ? t1 - t0 : 1e-9, tp = t2 - t1 > 1e-9 ? t2 - t1 : 1e-9;
  fprintf(f,
          "hwprof: calling contexts       %zu contexts, %u deep at most, from %zu call and "
          "return packets (%llu returns matched no frame); %llu guest instructions in them\n"
          "hwprof: building the tree      sequential %.1f ms (%.1f M packets/s), parallel on %u "
          "threads %.1f ms (%.1f M packets/s, %.2fx): %s\n",
          seq.len, seq.max_depth, n, (unsigned long long)seq.unmatched_returns,
          (unsigned long long)seq.n[0].incl_insns, 1e3 * ts, (double)n / ts / 1e6, threads,
          1e3 * tp, (double)n / tp / 1e6, ts / tp, same ? "the same tree" : "DIFFERENT TREES");
  cct_free(&seq);
  cct_free(&par);
  return same ? 0 : -1;
}
