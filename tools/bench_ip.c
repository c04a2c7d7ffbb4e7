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
 *   --edge-streams FILE...
 *                 the same streams with the edge table counting the indirect jumps'
 *                 edges (EDGE_CTRL's reset value) and every pair of events (ALL):
 *                 events per IP cycle, edge traversals, and the table's drains (the
 *                 replay drains it at half full as the runtime does, waiting for the
 *                 IP to be idle and reading it over the bus: those cycles included)
 *   --table-sweep FILE...
 *                 what other tables would give on those streams, from the reference
 *                 model: every hash at INDEX_BITS 12..16, without the slot cache and
 *                 with its default 4 entries, events / (events + extra probes), which is the RTL's
 * back-to-back rate less its 8-cycle pipeline fill (--streams measures the same figure on the RTL
 * for this build's hash and size); the geometric mean and the worst stream
 */
#include <math.h>
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

static int run_edges(const char *kind, size_t events, unsigned distinct, uint32_t edge_ctrl,
                     ip_run *r, hwprof_model_params *p) {
  trace t;
  r->hot = r->spilled = NULL;
  hwprof_sim *s = hwprof_sim_new(NULL);
  if (!s || trace_make(&t, kind, events, distinct, 1) != 0)
    return -1;
  int rc = ip_read_params(s, p) ||
           hwprof_sim_write(s, HWPROF_EDGE_CTRL_OFFSET, edge_ctrl, 0xF, NULL) != HWPROF_RESP_OKAY ||
           ip_stream(s, &t, 0, 4096, r);
  free(r->hot);
  free(r->spilled);
  trace_free(&t);
  hwprof_sim_free(s);
  return rc ? -1 : 0;
}

static int run(const char *kind, size_t events, unsigned distinct, ip_run *r,
               hwprof_model_params *p) {
  return run_edges(kind, events, distinct, HWPROF_EDGE_CTRL_RESET, r, p);
}

/* Events per cycle of the model's table on one stream: events / (events + probes). */
static double model_rate(const trace *t, unsigned hash, unsigned index_bits, unsigned cache) {
  static hwprof_model_entry table[1u << 16];
  hwprof_model m;
  hwprof_model_params p = HWPROF_MODEL_DEFAULTS;
  p.hash = hash;
  p.index_bits = index_bits;
  p.slot_cache = cache;
  if (hwprof_model_init(&m, &p, table, 1u << index_bits) != 0)
    return 0;
  hwprof_model_set_spill(&m, 1);
  for (size_t i = 0; i < t->n; i++)
    hwprof_model_event(&m, t->spc[i]);
  /* STAT_PROBES saturates at 2^32 - 1: at most MAX_PROBE per event, far from it here. */
  return (double)t->n / (double)(t->n + m.st.probes);
}

static int table_sweep(int nfiles, char **files) {
  trace *t = calloc((size_t)nfiles, sizeof *t);
  char(*names)[64] = calloc((size_t)nfiles, sizeof *names);
  if (!t || !names)
    return 1;
  for (int i = 0; i < nfiles; i++) {
    stream_name(files[i], names[i], sizeof names[i]);
    if (trace_make(&t[i], files[i], 0, 0, 1) != 0)
      return 1;
  }
  static const unsigned caches[] = {0, 4};
  for (unsigned c = 0; c < 2; c++)
    for (unsigned hash = 0; hash <= HWPROF_HASH_MULT; hash++)
      for (unsigned ib = 12; ib <= 16; ib++) {
        double logsum = 0, worst = 2;
        int w = 0;
        for (int i = 0; i < nfiles; i++) {
          double r = model_rate(&t[i], hash, ib, caches[c]);
          logsum += log(r);
          if (r < worst)
            worst = r, w = i;
        }
        printf("model_events_per_cycle_%s_i%u_cache%u: geomean %.4f, worst %.4f (%s)\n",
               ip_hash_name(hash), ib, caches[c], exp(logsum / nfiles), worst, names[w]);
      }
  for (int i = 0; i < nfiles; i++)
    trace_free(&t[i]);
  free(t);
  free(names);
  return 0;
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
  if (argc >= 3 && !strcmp(argv[1], "--edge-streams")) {
    static const char *modes[] = {"indirect", "all"};
    for (int i = 2; i < argc; i++) {
      char name[64];
      stream_name(argv[i], name, sizeof name);
      for (int k = 0; k < 2; k++) {
        if (run_edges(argv[i], 0, 0, HWPROF_EDGE_CTRL_RESET | (k ? HWPROF_EDGE_CTRL_ALL : 0), &r,
                      &p))
          return 1;
        printf("edges_%s_%s: events_per_cycle %.4f, traversals %u, lost %u, drains %u\n", modes[k],
               name, (double)r.stat[0] / (double)r.cycles, r.stat[18], r.stat[19], r.edge_drains);
      }
    }
    return 0;
  }
  if (argc >= 3 && !strcmp(argv[1], "--table-sweep"))
    return table_sweep(argc - 2, argv + 2);
  fprintf(stderr, "usage: bench_ip --throughput | --probes | --streams FILE... | --edge-streams "
                  "FILE... | --table-sweep FILE...\n");
  return 2;
}
