/*
 * ipdemo.c - 'hwprof ip': stream a trace through the simulated IP and print
 * the counts and statistics, checked against the C reference model.  What the
 * IP's table cannot place comes back through the spill ring and is counted in
 * a software table (driver/hwprof_spill.h), so no event is lost however many
 * distinct blocks the trace has.
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hwprof_model.h"
#include "hwprof_sim.h"
#include "hwprof_spill.h"
#include "ipstream.h"
#include "options.h"
#include "outfiles.h"
#include "tools.h"
#include "trace.h"

static const char *const stat_names[HWPROF_STAT_COUNT] = {
    "events_in", "events",    "lost_fifo",     "lost_table",   "ignored",   "hot",
    "hot_lost",  "probes",    "max_probe",     "occupied",     "fifo_high", "stall_cycles",
    "cycles_lo", "cycles_hi", "spilled",       "spill_errors", "syscalls",  "syscall_lost",
    "edges",     "edge_lost", "edge_hot_lost", "evicted"};

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
             "  --events N         events to generate, 1..100000000 (default 1000000)\n"
             "  --distinct N       distinct blocks in a generated trace, 1..1000000 (loop: 4,\n"
             "                     random: 2000)\n"
             "  --threshold N      hot-block threshold; 0 disables (default 0)\n"
             "  --spill-words N    the spill ring's size in words, a power of two; 0: no ring,\n"
             "                     events the table cannot place are lost (default 4096)\n"
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

typedef struct {
  uint32_t *v;
  size_t n, cap;
  int oom;
} seq;

static void seq_push(void *ctx, uint32_t spc) {
  seq *q = ctx;
  if (q->n == q->cap) {
    size_t cap = q->cap ? 2 * q->cap : 256;
    uint32_t *grown = realloc(q->v, cap * sizeof *grown);
    if (!grown) {
      q->oom = 1;
      return;
    }
    q->v = grown;
    q->cap = cap;
  }
  q->v[q->n++] = spc;
}

/* Counts what came back through the ring (SPCs, and evicted entries' records),
 * growing as needed; hot gets the keys that reach the threshold.  Returns 0 or -1
 * (out of memory). */
static int count_spilled(hwprof_spill_table *t, const uint32_t *spc, size_t n, uint32_t threshold,
                         unsigned count_width, seq *hot) {
  uint32_t cap = 1024;
  if (hwprof_spill_table_init(t, malloc(cap * sizeof *t->slots), cap, threshold, count_width))
    return -1;
  for (size_t i = 0; i < n; i += HWPROF_SPILL_WORDS_OF(spc[i])) {
    uint32_t next = i + 1 < n ? spc[i + 1] : 0;
    int rc = hwprof_spill_table_count(t, spc[i], next);
    if (rc == -HWPROF_ENOSPC) {
      hwprof_spill_table bigger;
      cap *= 4;
      hwprof_entry *slots = malloc(cap * sizeof *slots);
      if (!slots || hwprof_spill_table_init(&bigger, slots, cap, 0, 1) ||
          hwprof_spill_table_move(&bigger, t)) {
        free(slots);
        return -1;
      }
      free(t->slots);
      *t = bigger;
      rc = hwprof_spill_table_count(t, spc[i], next);
    }
    if (rc == 1)
      seq_push(hot, HWPROF_SPILL_KEY(spc[i]));
  }
  return 0;
}

/* A temporary file for the simulator's waveform (in TMPDIR); -1 with the reason
 * printed. */
static int wave_temp(char *path, size_t len) {
  const char *dir = getenv("TMPDIR");
  snprintf(path, len, "%s/hwprof-wave.XXXXXX", dir && *dir ? dir : "/tmp");
  int fd = mkstemp(path);
  if (fd < 0) {
    fprintf(stderr, "hwprof ip: cannot make a temporary file for the waveform (%s): %s\n", path,
            strerror(errno));
    return -1;
  }
  close(fd);
  return 0;
}

/* Copies the waveform read back from tmp to f (outs_close checks the writes);
 * -1 with the reason printed when it was cut short. */
static int copy_wave(const char *tmp, FILE *f, const char *wave) {
  FILE *in = fopen(tmp, "rb");
  if (!in) {
    fprintf(stderr, "hwprof ip: cannot write %s (--wave): the simulator's waveform %s: %s\n", wave,
            tmp, strerror(errno));
    return -1;
  }
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, in)) > 0 && fwrite(buf, 1, n, f) == n)
    ;
  fclose(in);
  return 0;
}

int cmd_ip(int argc, char **argv) {
  const char *kind = "loop", *wave = NULL;
  size_t events = 1000000;
  unsigned distinct = 0, top = 10;
  uint32_t threshold = 0, ring_words = 4096;
  uint64_t seed = 1;
  static const struct option opts[] = {
      {"trace", required_argument, 0, 't'},    {"events", required_argument, 0, 'n'},
      {"distinct", required_argument, 0, 'd'}, {"threshold", required_argument, 0, 'T'},
      {"top", required_argument, 0, 'k'},      {"seed", required_argument, 0, 's'},
      {"wave", required_argument, 0, 'w'},     {"spill-words", required_argument, 0, 'S'},
      {"help", no_argument, 0, 'h'},           {0, 0, 0, 0}};
  int c;
  optind = 1;
  /* The numeric options' limits: a generated trace's addresses stay within 64 MiB
   * of 0x00400000 and its events within 400 MB of memory. */
  static const struct {
    int opt;
    const char *name;
    uint64_t lo, hi;
  } limits[] = {{'n', "--events", 1, 100000000},     {'d', "--distinct", 1, 1000000},
                {'T', "--threshold", 0, UINT32_MAX}, {'k', "--top", 0, 100000},
                {'s', "--seed", 0, UINT64_MAX},      {'S', "--spill-words", 0, IP_RING_MAX_WORDS}};
  while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
    uint64_t v = 0;
    for (size_t i = 0; i < sizeof limits / sizeof *limits; i++)
      if (limits[i].opt == c &&
          tools_range("ip", limits[i].name, optarg, limits[i].lo, limits[i].hi, &v) < 0)
        return 2;
    switch (c) {
    case 't': kind = optarg; break;
    case 'n': events = (size_t)v; break;
    case 'd': distinct = (unsigned)v; break;
    case 'T': threshold = (uint32_t)v; break;
    case 'k': top = (unsigned)v; break;
    case 's': seed = v; break;
    case 'w': wave = optarg; break;
    case 'S': ring_words = (uint32_t)v; break;
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
  if (ring_words > IP_RING_MAX_WORDS || ring_words == 1 || (ring_words & (ring_words - 1u))) {
    fprintf(stderr, "hwprof ip: --spill-words %u: want 0 or a power of two up to %u\n", ring_words,
            IP_RING_MAX_WORDS);
    return 2;
  }

  trace t;
  if (trace_make(&t, kind, events, distinct, seed) != 0)
    return 2;
  /* The waveform: its file is opened now (outfiles.h); the simulator writes a
   * temporary, read back at the end (the FST writer ignores write errors), then
   * copied there with every write checked. */
  outs out;
  FILE *wf;
  char wtmp[4200] = "";
  outs_init(&out, "ip");
  outs_input(&out, "the trace", strcmp(kind, "loop") && strcmp(kind, "random") ? kind : NULL);
  outs_output(&out, "--wave", wave, stdout, &wf);
  if (outs_open(&out) < 0 || (wave && wave_temp(wtmp, sizeof wtmp) < 0)) {
    outs_abandon(&out);
    trace_free(&t);
    return 2;
  }
  hwprof_sim_config cfg = {wave ? wtmp : NULL, seed, HWPROF_SIM_CHECKED};
  hwprof_sim *s = hwprof_sim_new(&cfg);
  if (!s) {
    fprintf(stderr, "hwprof ip: cannot start the simulator%s%s\n", wave ? " writing " : "",
            wave ? wtmp : "");
    outs_abandon(&out);
    if (wave)
      unlink(wtmp);
    trace_free(&t);
    return 2;
  }
  hwprof_model_params p;
  ip_run r;
  hwprof_model m;
  hwprof_spill_table off = {0};
  seq model_hot = {0}, model_spilled = {0}, ip_hot = {0};
  int rc = 1;
  r.hot = r.spilled = NULL;
  if (ip_read_params(s, &p) || ip_stream(s, &t, threshold, ring_words, &r) ||
      ip_read_table(s, &p, ip_tab) ||
      hwprof_model_init(&m, &p, model_tab, sizeof model_tab / sizeof model_tab[0]))
    goto out;
  for (size_t i = 0; i < r.n_hot; i++)
    seq_push(&ip_hot, r.hot[i]);
  if (count_spilled(&off, r.spilled, r.n_spilled, threshold, p.count_width, &ip_hot) ||
      ip_hot.oom) {
    fprintf(stderr, "hwprof ip: out of memory\n");
    goto out;
  }

  printf("hwprof ip: %zu events, %s\n", t.n, t.desc);
  printf("IP: event FIFO %u, table %u entries", 1u << p.fifo_log2, 1u << p.index_bits);
  if (p.ways)
    printf(" in %u-way sets", p.ways);
  else
    printf(" (linear), max probe %u", p.max_probe);
  printf(", hash %s, %u-bit counters, hot FIFO %u, spill ring %u words%s\n", ip_hash_name(p.hash),
         p.count_width, 1u << p.hot_log2, ring_words, ring_words ? "" : " (off)");
  printf("\n  IP cycles        %llu\n  events/cycle     %.4f\n  simulated        %.2f Mcycles/s\n",
         (unsigned long long)r.cycles, (double)t.n / (double)r.cycles,
         (double)r.cycles / r.wall_s / 1e6);
  printf("\nstatistics:\n");
  for (unsigned i = 0; i < HWPROF_STAT_COUNT; i++)
    if (i != 12 && i != 13) /* the cycle counter: above */
      printf("  %-14s %u\n", stat_names[i], r.stat[i]);
  uint32_t lost = r.stat[2] + r.stat[3] + r.stat[15];
  printf("  %-14s %u\n", "lost (total)", lost);
  printf("\nblocks: %u counted on chip, %u in the spill ring's table (%zu ring words)\n", r.stat[9],
         off.used, r.n_spilled);

  /* The oracle: the same trace through the C model, spilling in the same
   * order; its crossings and the software table's must be the IP's. */
  m.on_hot = seq_push;
  m.on_hot_ctx = &model_hot;
  m.on_spill = seq_push;
  m.on_spill_ctx = &model_spilled;
  hwprof_model_set_threshold(&m, threshold);
  hwprof_model_set_spill(&m, ring_words != 0);
  for (size_t i = 0; i < t.n; i++)
    hwprof_model_event(&m, t.spc[i]);
  hwprof_spill_table model_off = {0};
  if (model_hot.oom || model_spilled.oom ||
      count_spilled(&model_off, model_spilled.v, model_spilled.n, threshold, p.count_width,
                    &model_hot)) {
    fprintf(stderr, "hwprof ip: out of memory\n");
    free(model_off.slots);
    goto out;
  }
  free(model_off.slots);
  size_t diff_entries = 0;
  for (uint32_t i = 0; i < m.entries; i++)
    diff_entries += ip_tab[i].key != model_tab[i].key || ip_tab[i].count != model_tab[i].count;
  int spill_ok =
      model_spilled.n == r.n_spilled &&
      (!r.n_spilled || !memcmp(model_spilled.v, r.spilled, r.n_spilled * sizeof *r.spilled));
  int stats_ok =
      r.stat[0] == m.st.events_in && r.stat[1] == m.st.events && r.stat[3] == m.st.lost_table &&
      r.stat[5] == m.st.hot && r.stat[7] == m.st.probes && r.stat[8] == m.st.max_probe &&
      r.stat[9] == m.occupied && r.stat[14] == m.st.spilled && r.stat[21] == m.st.evicted &&
      /* (the table is drained at half full, the model's is not: the
       * traversals are the same, counted or lost) */
      r.stat[18] + r.stat[19] == m.st.edges + m.st.edge_lost;
  int hot_ok = hwprof_model_hot_missing(model_hot.v, model_hot.n, ip_hot.v, ip_hot.n) == r.stat[6];

  if (threshold) {
    printf("\nhot blocks (threshold %u): %zu reported through %u interrupts (%zu from the "
           "spill ring)",
           threshold, ip_hot.n, r.irqs, ip_hot.n - r.n_hot);
    for (size_t i = 0; i < ip_hot.n && i < 8; i++)
      printf("%s%#010x", i ? " " : "\n  first: ", ip_hot.v[i]);
    printf("\n");
  }
  if (top) {
    /* The two tables' entries together: a block is in one of them, or (sets) in
     * both, its counts summed. */
    size_t n_all = 0;
    hwprof_model_entry *all = malloc(((size_t)m.entries + off.used) * sizeof *all);
    if (!all) {
      fprintf(stderr, "hwprof ip: out of memory\n");
      goto out;
    }
    for (uint32_t i = 0; i < m.entries; i++)
      if (ip_tab[i].count) {
        all[n_all] = ip_tab[i];
        all[n_all++].count += hwprof_spill_table_lookup(&off, ip_tab[i].key);
      }
    for (uint32_t i = 0; i < off.cap; i++)
      if (off.slots[i].count && !hwprof_model_lookup(&m, off.slots[i].spc))
        all[n_all++] = (hwprof_model_entry){off.slots[i].spc, off.slots[i].count, 0, 0};
    qsort(all, n_all, sizeof all[0], by_count);
    printf("\ntop %u blocks:\n  %4s  %-10s  %10s  %6s\n", top, "rank", "spc", "count", "share");
    for (unsigned i = 0; i < top && i < n_all; i++)
      printf("  %4u  %#010x  %10u  %5.2f%%\n", i + 1, all[i].key, all[i].count,
             100.0 * all[i].count / (double)(t.n ? t.n : 1));
    free(all);
  }
  int ok = !diff_entries && stats_ok && hot_ok && spill_ok;
  printf("\nreference model: %s (%u table entries %s, spilled SPCs %s, statistics %s, hot SPCs "
         "%s); %u events lost\n",
         ok ? "agrees" : "DISAGREES", m.entries, diff_entries ? "differ" : "equal",
         spill_ok ? "equal" : "differ", stats_ok ? "equal" : "differ", hot_ok ? "equal" : "differ",
         lost);
  rc = !ok;
out:
  if (wave && hwprof_sim_close_wave(s) < 0) {
    fprintf(stderr,
            "hwprof ip: cannot write %s (--wave): the simulator's waveform %s does not read "
            "back whole (is its file system full?)\n",
            wave, wtmp);
    rc = 2;
  } else if (wave && copy_wave(wtmp, wf, wave) < 0) {
    rc = 2;
  }
  if (wave)
    unlink(wtmp);
  if (rc == 2)
    outs_abandon(&out);
  else if (outs_close(&out) < 0)
    rc = 2;
  hwprof_sim_free(s);
  trace_free(&t);
  free(model_hot.v);
  free(model_spilled.v);
  free(ip_hot.v);
  free(off.slots);
  free(r.hot);
  free(r.spilled);
  return rc;
}
