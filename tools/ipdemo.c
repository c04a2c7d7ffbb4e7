/*
 * ipdemo.c - 'hwprof ip': stream a trace through the simulated IP and print
 * the counts and statistics, checked against the C reference model.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwprof_model.h"
#include "hwprof_sim.h"
#include "ipstream.h"
#include "tools.h"
#include "trace.h"

static const char *const stat_names[HWPROF_STAT_COUNT] = {
    "events_in", "events",    "lost_fifo", "lost_table", "ignored",      "hot",       "hot_lost",
    "probes",    "max_probe", "occupied",  "fifo_high",  "stall_cycles", "cycles_lo", "cycles_hi"};

static void help(FILE *f) {
  fprintf(f, "usage: hwprof ip [OPTIONS]\n"
             "\n"
             "Streams guest block addresses (SPCs) through the profiling IP's RTL, simulated\n"
             "cycle by cycle with Verilator, as back-to-back EVENT stores on its AXI4-Lite\n"
             "bus; then reads the counter table and statistics back and checks them against\n"
             "the C reference model.\n"
             "\n"
             "options:\n"
             "  --trace KIND|FILE  loop (default), random, or a file with one hex SPC a line\n"
             "  --events N         events to generate (default 1000000)\n"
             "  --distinct N       distinct blocks in a generated trace (loop: 4, random: 2000)\n"
             "  --threshold N      hot-block threshold; 0 disables (default 0)\n"
             "  --top N            print the N most counted blocks (default 10)\n"
             "  --seed N           seed for generated traces (default 1)\n"
             "  --wave FILE        write an FST waveform of the whole run\n"
             "  --help             this text\n"
             "\n"
             "Exit status: 0 the IP agrees with the model; 1 it does not; 2 bad usage or input.\n");
}

static int by_count(const void *a, const void *b) {
  const hwprof_model_entry *x = a, *y = b;
  if (x->count != y->count)
    return x->count < y->count ? 1 : -1;
  return x->key < y->key ? -1 : x->key > y->key;
}

static hwprof_model_entry model_tab[1u << 16], ip_tab[1u << 16];

static size_t n_model_hot;
static uint32_t *model_hot;
static void on_hot(void *ctx, uint32_t spc) {
  (void)ctx;
  uint32_t *grown = realloc(model_hot, (n_model_hot + 1) * sizeof *grown);
  if (grown) {
    model_hot = grown;
    model_hot[n_model_hot++] = spc;
  }
}

int cmd_ip(int argc, char **argv) {
  const char *kind = "loop", *wave = NULL;
  size_t events = 1000000;
  unsigned distinct = 0, top = 10;
  uint32_t threshold = 0;
  uint64_t seed = 1;
  static const struct option opts[] = {{"trace", required_argument, 0, 't'},
                                       {"events", required_argument, 0, 'n'},
                                       {"distinct", required_argument, 0, 'd'},
                                       {"threshold", required_argument, 0, 'T'},
                                       {"top", required_argument, 0, 'k'},
                                       {"seed", required_argument, 0, 's'},
                                       {"wave", required_argument, 0, 'w'},
                                       {"help", no_argument, 0, 'h'},
                                       {0, 0, 0, 0}};
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
    char *end = NULL;
    unsigned long long v = 0;
    if (optarg) {
      v = strtoull(optarg, &end, 0);
      if ((c != 't' && c != 'w') && (*optarg == 0 || *end)) {
        const char *name = "?";
        for (const struct option *o = opts; o->name; o++)
          if (o->val == c)
            name = o->name;
        fprintf(stderr, "hwprof ip: --%s wants a number, not '%s'\n", name, optarg);
        return 2;
      }
    }
    switch (c) {
    case 't': kind = optarg; break;
    case 'n': events = (size_t)v; break;
    case 'd': distinct = (unsigned)v; break;
    case 'T': threshold = (uint32_t)v; break;
    case 'k': top = (unsigned)v; break;
    case 's': seed = v; break;
    case 'w': wave = optarg; break;
    case 'h': help(stdout); return 0;
    default: help(stderr); return 2;
    }
  }
  if (optind != argc) {
    fprintf(stderr, "hwprof ip: unexpected argument '%s'\n", argv[optind]);
    return 2;
  }
  if (!distinct)
    distinct = !strcmp(kind, "loop") ? 4 : 2000;

  trace t;
  if (trace_make(&t, kind, events, distinct, seed) != 0)
    return 2;
  hwprof_sim_config cfg = {wave, seed};
  hwprof_sim *s = hwprof_sim_new(&cfg);
  if (!s) {
    fprintf(stderr, "hwprof ip: cannot start the simulator%s%s\n", wave ? " writing " : "",
            wave ? wave : "");
    trace_free(&t);
    return 2;
  }
  hwprof_model_params p;
  ip_run r;
  hwprof_model m;
  int rc = 1;
  if (ip_read_params(s, &p) || ip_stream(s, &t, threshold, &r) || ip_read_table(s, &p, ip_tab) ||
      hwprof_model_init(&m, &p, model_tab, sizeof model_tab / sizeof model_tab[0]))
    goto out;

  printf("hwprof ip: %zu events, %s\n", t.n, t.desc);
  printf("IP: event FIFO %u, table %u entries, hash %s, max probe %u, %u-bit counters, "
         "hot FIFO %u\n",
         1u << p.fifo_log2, 1u << p.index_bits, ip_hash_name(p.hash), p.max_probe, p.count_width,
         1u << p.hot_log2);
  printf("\n  IP cycles        %llu\n  events/cycle     %.4f\n  simulated        %.2f Mcycles/s\n",
         (unsigned long long)r.cycles, (double)t.n / (double)r.cycles,
         (double)r.cycles / r.wall_s / 1e6);
  printf("\nstatistics:\n");
  for (unsigned i = 0; i < HWPROF_STAT_COUNT - 2; i++)
    printf("  %-14s %u\n", stat_names[i], r.stat[i]);

  /* The oracle: the same trace through the C model. */
  m.on_hot = on_hot;
  hwprof_model_set_threshold(&m, threshold);
  for (size_t i = 0; i < t.n; i++)
    hwprof_model_event(&m, t.spc[i]);
  size_t diff_entries = 0;
  for (uint32_t i = 0; i < m.entries; i++)
    diff_entries += ip_tab[i].key != model_tab[i].key || ip_tab[i].count != model_tab[i].count;
  int stats_ok = r.stat[0] == m.st.events_in && r.stat[1] == m.st.events &&
                 r.stat[3] == m.st.lost_table && r.stat[5] == m.st.hot &&
                 r.stat[7] == m.st.probes && r.stat[8] == m.st.max_probe && r.stat[9] == m.occupied;
  int hot_ok = hwprof_model_hot_missing(model_hot, n_model_hot, r.hot, r.n_hot) == r.stat[6];

  if (threshold) {
    printf("\nhot blocks (threshold %u): %zu reported through %u interrupts", threshold, r.n_hot,
           r.irqs);
    for (size_t i = 0; i < r.n_hot && i < 8; i++)
      printf("%s%#010x", i ? " " : "\n  first: ", r.hot[i]);
    printf("\n");
  }
  if (top) {
    qsort(ip_tab, m.entries, sizeof ip_tab[0], by_count);
    printf("\ntop %u blocks:\n  %4s  %-10s  %10s  %6s\n", top, "rank", "spc", "count", "share");
    for (unsigned i = 0; i < top && i < m.entries && ip_tab[i].count; i++)
      printf("  %4u  %#010x  %10u  %5.2f%%\n", i + 1, ip_tab[i].key, ip_tab[i].count,
             100.0 * ip_tab[i].count / (double)(r.stat[1] ? r.stat[1] : 1));
  }
  printf("\nreference model: %s (%u table entries %s, statistics %s, hot SPCs %s)\n",
         !diff_entries && stats_ok && hot_ok ? "agrees" : "DISAGREES", m.entries,
         diff_entries ? "differ" : "equal", stats_ok ? "equal" : "differ",
         hot_ok ? "equal" : "differ");
  rc = diff_entries || !stats_ok || !hot_ok;
out:
  hwprof_sim_free(s);
  trace_free(&t);
  free(model_hot);
  return rc;
}
