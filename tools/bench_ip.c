/*
 * bench_ip.c - replays event traces through the RTL and prints figures, one
 * "name: value" a line (a benchmark, not a test: nothing here can fail on a
 * number).  Built once per IP configuration (make bench-ip).
 *
 *   --throughput  events per IP cycle on a tight loop of 4 blocks, on a
 *                 single block repeated (the read-after-write case), and on
 *                 1,000,000 random events over 2,000 blocks; and how fast
 *                 Verilator simulates (Mcycles per wall second, busy cycles)
 *   --probes      mean and max probe length of this build's hash on the
 *                 loop and random traces
 *   --streams FILE...
 *                 events per IP cycle and mean probe length on recorded event
 *                 streams (hwprof run --event-trace: the workloads' real streams),
 *                 replayed back to back, as fast as the IP takes them
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ipstream.h"
#include "trace.h"

/* A stream's name: its file name without directories and extension. */
static void stream_name(const char *path, char *out, size_t len) {
  const char *b = strrchr(path, '/');
  b = b ? b + 1 : path;
  size_t n = strcspn(b, ".");
  snprintf(out, len, "%.*s", (int)(n < len ? n : len - 1), b);
}

static int run(const char *kind, size_t events, unsigned distinct, ip_run *r,
               hwprof_model_params *p) {
  trace t;
  r->hot = r->spilled = NULL;
  hwprof_sim *s = hwprof_sim_new(NULL);
  if (!s || trace_make(&t, kind, events, distinct, 1) != 0)
    return -1;
  int rc = ip_read_params(s, p) || ip_stream(s, &t, 0, 4096, r);
  free(r->hot);
  free(r->spilled);
  trace_free(&t);
  hwprof_sim_free(s);
  return rc ? -1 : 0;
}

int main(int argc, char **argv) {
  ip_run r;
  hwprof_model_params p;
  const size_t n = 1000000;
  if (argc == 2 && !strcmp(argv[1], "--throughput")) {
    if (run("loop", n, 4, &r, &p))
      return 1;
    printf("events_per_cycle_loop: %.4f\n", (double)n / (double)r.cycles);
    if (run("loop", n, 1, &r, &p))
      return 1;
    printf("events_per_cycle_repeat: %.4f\n", (double)n / (double)r.cycles);
    if (run("random", n, 2000, &r, &p))
      return 1;
    printf("events_per_cycle_random: %.4f\n", (double)n / (double)r.cycles);
    printf("sim_mcycles_per_s: %.2f\n", (double)r.cycles / r.wall_s / 1e6);
    return 0;
  }
  if (argc == 2 && !strcmp(argv[1], "--probes")) {
    static const char *kinds[] = {"loop", "random"};
    static const unsigned distinct[] = {4, 2000};
    for (int k = 0; k < 2; k++) {
      if (run(kinds[k], n, distinct[k], &r, &p))
        return 1;
      const char *h = ip_hash_name(p.hash);
      printf("probe_mean_%s_%s: %.4f\n", h, kinds[k], (double)r.stat[7] / (double)r.stat[1]);
      printf("probe_max_%s_%s: %u\n", h, kinds[k], r.stat[8]);
      if (k == 1)
        printf("events_per_cycle_%s_%s: %.4f\n", h, kinds[k], (double)n / (double)r.cycles);
    }
    return 0;
  }
  if (argc >= 3 && !strcmp(argv[1], "--streams")) {
    for (int i = 2; i < argc; i++) {
      char name[64];
      stream_name(argv[i], name, sizeof name);
      if (run(argv[i], 0, 0, &r, &p))
        return 1;
      const char *h = ip_hash_name(p.hash);
      printf("events_per_cycle_%s_%s: %.4f\n", h, name, (double)r.stat[0] / (double)r.cycles);
      printf("probe_mean_%s_%s: %.4f\n", h, name, (double)r.stat[7] / (double)r.stat[0]);
    }
    return 0;
  }
  fprintf(stderr, "usage: bench_ip --throughput | --probes | --streams FILE...\n");
  return 2;
}
