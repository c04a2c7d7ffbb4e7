/*
 * report.c - the reports of one run (report.h): the summary on stderr, the JSON,
 * the CSV and the Callgrind file; each topic's part (system calls, edges,
 * calling contexts) from its own file.
 */
#define _GNU_SOURCE
#include "report.h"

#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "io.h"
#include "options.h"

/* ------------------------------------------------------------ summary */

/* The instruction-cache misses outside the code cache and the runtime's image on the
 * board: the runtime's stubs. */
static uint64_t misses_runtime(const vboard_result *b, const dbt_stats *s) {
  uint64_t code = s->icache_misses_sb + s->icache_misses_blocks + s->icache_misses_cold +
                  s->icache_misses_image;
  return b->icache_misses > code ? b->icache_misses - code : 0;
}

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
    /* (Built with STATS = 0 the IP counts its losses only.) */
    fprintf(f, "hwprof: IP events            ");
    if (h->cfg.stats && h->cfg.ways)
      fprintf(f, "%u stored, %u counted on chip, %u entries evicted to the spill ring; ",
              t->events_in, t->events, t->evicted);
    else if (h->cfg.stats)
      fprintf(f, "%u stored, %u counted on chip, %u in the spill ring; ", t->events_in, t->events,
              t->spilled);
    fprintf(f, "lost %u (FIFO full %u, table full %u, ring errors %u); ",
            t->lost_fifo + t->lost_table + t->spill_errors, t->lost_fifo, t->lost_table,
            t->spill_errors);
    if (h->cfg.stats)
      fprintf(f, "ignored %u\n", t->ignored);
    else
      fprintf(f, "the other statistics are not built (STATS = 0)\n");
    if (h->sb_events)
      fprintf(
          f,
          "hwprof: IP superblock events %llu superblocks' ends, side exits and entries, from which "
          "%llu block entries are derived\n",
          (unsigned long long)h->sb_events, (unsigned long long)h->sb_derived);
    if (h->cfg.stats && h->cfg.ways)
      fprintf(f,
              "hwprof: IP table             %u of %u entries in %u-way sets, %zu more %s counted "
              "only from the spill ring\n",
              t->occupied, h->cfg.entries, h->cfg.ways, h->n_entries - h->n_chip,
              h->n_entries - h->n_chip == 1 ? "block" : "blocks");
    else if (h->cfg.stats)
      fprintf(f,
              "hwprof: IP table             %u of %u entries, %zu more %s counted from the "
              "spill ring; max probe length %u; %u probe cycles\n",
              t->occupied, h->cfg.entries, h->n_entries - h->n_chip,
              h->n_entries - h->n_chip == 1 ? "block" : "blocks", t->max_probe, t->probes);
    if (h->cfg.stats) {
      fprintf(f,
              "hwprof: IP FIFO              high-water %u of %u; %u IP cycles holding the bus, "
              "%llu CPU stall cycles\n",
              t->fifo_high, h->cfg.fifo_depth, t->stall, (unsigned long long)b->stall_cycles);
    } else {
      fprintf(f, "hwprof: IP table             %zu of %u entries (read from the table)\n",
              h->n_chip, h->cfg.entries);
      fprintf(f, "hwprof: IP FIFO              %u deep; %llu CPU stall cycles\n", h->cfg.fifo_depth,
              (unsigned long long)b->stall_cycles);
    }
    fprintf(f,
            "hwprof: IP interrupts        %llu raised and serviced; %u threshold crossings, "
            "%u lost (hot FIFO full)\n",
            (unsigned long long)h->irqs, t->hot, t->hot_lost);
  }
  if (prof_has_sw(pr)) {
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
  if (prof_has_sw(pr))
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
          "\"distinct_blocks\":%zu,\"far_event_words\":%llu",
          (unsigned long long)s->guest_insns, (unsigned long long)b->cpu_cycles,
          (unsigned long long)b->insns, (unsigned long long)s->blocks_executed, pr->n,
          (unsigned long long)s->far_words);
  fprintf(f, ",\"cycles_by\":{");
  for (int k = 0; k < DBT_CYC_KINDS; k++)
    fprintf(f, "%s\"%s\":%llu", k ? "," : "", dbt_cycles_name[k],
            (unsigned long long)s->cycles_by[k]);
  fprintf(f, "},\"syscall_bytes\":%llu", (unsigned long long)s->syscall_bytes);
  fprintf(f, ",\"signals\":{\"delivered\":%llu,\"returned\":%llu,\"cycles\":%llu}",
          (unsigned long long)s->signals_delivered, (unsigned long long)s->signal_returns,
          (unsigned long long)s->signal_cycles);
  fprintf(f,
          ",\"runtime\":{\"where\":\"%s\",\"translate_cycles\":%llu,\"superblock_cycles\":%llu,"
          "\"calls\":%llu,\"dispatch_cycles\":%llu,\"dispatch_calls\":%llu,\"refills\":%llu,"
          "\"irq_cycles\":%llu,\"irq_calls\":%llu,\"record_cycles\":%llu,\"record_calls\":%llu}",
          prof_runtime_name(pr->runtime), (unsigned long long)s->translate_cycles,
          (unsigned long long)s->sb_translate_cycles, (unsigned long long)s->board_translations,
          (unsigned long long)s->dispatch_cycles, (unsigned long long)s->board_dispatches,
          (unsigned long long)s->flushes, (unsigned long long)s->irq_board_cycles,
          (unsigned long long)s->board_irqs, (unsigned long long)s->record_cycles,
          (unsigned long long)s->record_trips);
  vboard_cache_info ci;
  if (vboard_caches(pr->b, &ci) && ci.on && ci.icache_size)
    fprintf(f,
            ",\"icache\":{\"lookups\":%llu,\"misses\":%llu,\"stall_cycles\":%llu,\"misses_in\":{"
            "\"superblocks\":%llu,\"blocks\":%llu,\"out_of_line\":%llu,\"runtime_image\":%llu,"
            "\"runtime\":%llu}}",
            (unsigned long long)b->icache_lines, (unsigned long long)b->icache_misses,
            (unsigned long long)b->icache_stall_cycles, (unsigned long long)s->icache_misses_sb,
            (unsigned long long)s->icache_misses_blocks, (unsigned long long)s->icache_misses_cold,
            (unsigned long long)s->icache_misses_image, (unsigned long long)misses_runtime(b, s));
  else
    fprintf(f, ",\"icache\":null");
  const char *const *fpn;
  const uint32_t *fpc;
  size_t nfp = dbt_fp_costs(&fpn, &fpc);
  fprintf(f, ",\"fp\":{\"insns\":%llu,\"in_run\":%llu,\"exits\":%llu,\"cycles\":%llu,\"costs\":{",
          (unsigned long long)(s->fp_gate + s->fp_exits), (unsigned long long)s->fp_gate,
          (unsigned long long)s->fp_exits, (unsigned long long)s->fp_cycles);
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
            "\"stats_built\":%s,\"ways\":%u,\"evicted\":%u,\"hot\":[",
            t->events_in, t->events, t->spilled, t->lost_fifo + t->lost_table + t->spill_errors,
            t->lost_fifo, t->lost_table, t->spill_errors, t->ignored, t->max_probe, t->probes,
            t->occupied, pr->hw->cfg.entries, pr->hw->n_entries - pr->hw->n_chip, t->fifo_high,
            pr->hw->cfg.fifo_depth, t->stall, (unsigned long long)b->stall_cycles, t->hot,
            t->hot_lost, (unsigned long long)pr->hw->irqs, t->syscalls, t->syscall_lost,
            (unsigned long long)pr->hw->sb_events, (unsigned long long)pr->hw->sb_derived,
            pr->hw->cfg.stats ? "true" : "false", pr->hw->cfg.ways, t->evicted);
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
  fprintf(f, ",\"superblock_bytes\":%llu,\"superblock_dup_bytes\":%llu,\"superblock_budget\":",
          (unsigned long long)s->superblock_bytes, (unsigned long long)s->superblock_dup_bytes);
  if (s->superblock_budget == UINT64_MAX)
    fprintf(f, "null");
  else
    fprintf(f, "%llu", (unsigned long long)s->superblock_budget);
  fprintf(f, ",\"superblock_exits_hot\":%llu,\"superblock_exits_taken\":%llu",
          (unsigned long long)s->superblock_exits_hot,
          (unsigned long long)s->superblock_exits_taken);
  fprintf(f,
          ",\"regions\":{\"formed\":%llu,\"dropped\":%llu,\"members\":%llu,\"derived_ways\":%llu,"
          "\"adjacent\":%llu,\"board_cycles\":%llu,\"events\":%llu,\"block_entries\":%llu}",
          (unsigned long long)s->regions, (unsigned long long)s->regions_dropped,
          (unsigned long long)s->region_members, (unsigned long long)s->region_derived,
          (unsigned long long)s->region_adjacent, (unsigned long long)s->region_cycles,
          (unsigned long long)(pr->hw ? pr->hw->region_events : 0),
          (unsigned long long)(pr->hw ? pr->hw->region_derived : 0));
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
    if (prof_has_sw(pr))
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

/* ------------------------------------------------------------ --stats */

static double pct(uint64_t a, uint64_t b) {
  return b ? 100.0 * (double)a / (double)b : 0.0;
}

void prof_write_stats(FILE *f, const prof_run *pr) {
  const dbt_stats *s = &pr->st;
  const vboard_result *b = &pr->r.board;
  double wall = pr->wall;
  uint64_t gi = s->guest_insns ? s->guest_insns : 1;
  uint64_t dispatch = 0;
  for (int k = 0; k < DBT_EXIT_KINDS; k++)
    dispatch += s->exits[k];
  fprintf(
      f,
      "hwprof: guest instructions     %llu\n"
      "hwprof: blocks executed        %llu (%.2f instructions per block)\n"
      "hwprof: PowerPC instructions   %llu (%.3f per guest instruction)\n"
      "hwprof: simulated CPU cycles   %llu (%.3f per guest instruction)\n"
      "hwprof: dispatcher entries     %llu (%.1f per million guest instructions): chain "
      "%llu, indirect %llu, syscall %llu, helper %llu\n"
      "hwprof: blocks translated      %llu (%llu distinct, %llu refills of the cache, %llu of "
      "them for code the guest changed; %llu placed where the block before falls into them)\n"
      "hwprof: code size              %llu bytes for %llu guest bytes (%.2fx); profile "
      "%.2f instructions per block\n",
      (unsigned long long)s->guest_insns, (unsigned long long)s->blocks_executed,
      s->blocks_executed ? (double)s->guest_insns / (double)s->blocks_executed : 0.0,
      (unsigned long long)b->insns, (double)b->insns / (double)gi,
      (unsigned long long)b->cpu_cycles, (double)b->cpu_cycles / (double)gi,
      (unsigned long long)dispatch, 1e6 * (double)dispatch / (double)gi,
      (unsigned long long)s->exits[DBT_EXIT_CHAIN], (unsigned long long)s->exits[DBT_EXIT_INDIRECT],
      (unsigned long long)s->exits[DBT_EXIT_SYSCALL], (unsigned long long)s->exits[DBT_EXIT_HELPER],
      (unsigned long long)s->blocks_translated, (unsigned long long)s->distinct_blocks,
      (unsigned long long)s->flushes, (unsigned long long)s->code_flushes,
      (unsigned long long)s->fell_through, (unsigned long long)s->code_bytes,
      (unsigned long long)(4 * s->guest_insns_translated),
      s->guest_insns_translated ? (double)s->code_bytes / (4.0 * (double)s->guest_insns_translated)
                                : 0.0,
      s->blocks_translated ? (double)s->prof_insns / (double)s->blocks_translated : 0.0);
  if (s->superblocks || s->superblocks_dropped)
    fprintf(f,
            "hwprof: superblocks            %llu formed (%.2f blocks each), %llu not formed "
            "(no room in the cache); %.1f %% of the guest instructions ran in them; "
            "%.1f host ms forming them (not in the cycles)\n",
            (unsigned long long)s->superblocks,
            (double)s->superblock_members / (double)(s->superblocks ? s->superblocks : 1),
            (unsigned long long)s->superblocks_dropped,
            s->guest_insns ? 100.0 * (double)s->superblock_insns / (double)s->guest_insns : 0.0,
            (double)s->superblock_ns / 1e6);
  if (s->regions || s->regions_dropped)
    fprintf(f,
            "hwprof: probe regions          %llu formed (%llu not: no room), "
            "%llu members, %llu of them with a derived way out (%llu into the member laid "
            "next); %llu of the IP's events were theirs, for %llu block entries; %llu "
            "cycles (%.2f %%) forming them on the board\n",
            (unsigned long long)s->regions, (unsigned long long)s->regions_dropped,
            (unsigned long long)s->region_members, (unsigned long long)s->region_derived,
            (unsigned long long)s->region_adjacent,
            (unsigned long long)(pr->hw ? pr->hw->region_events : 0),
            (unsigned long long)(pr->hw ? pr->hw->region_derived : 0),
            (unsigned long long)s->region_cycles, pct(s->region_cycles, b->cpu_cycles));
  if (s->superblocks) {
    char budget[32] = "no limit";
    if (s->superblock_budget != UINT64_MAX)
      snprintf(budget, sizeof budget, "budget %llu", (unsigned long long)s->superblock_budget);
    fprintf(f,
            "hwprof: superblock code        %llu bytes, %llu of them duplicated (%s): code "
            "for blocks already in a superblock, or repeated in an unrolled loop\n",
            (unsigned long long)s->superblock_bytes, (unsigned long long)s->superblock_dup_bytes,
            budget);
    if (s->superblock_exits_hot)
      fprintf(f,
              "hwprof: superblock side exits  %llu turned hot, %llu of them taken more often than "
              "the path went on past them: predicted taken from then on\n",
              (unsigned long long)s->superblock_exits_hot,
              (unsigned long long)s->superblock_exits_taken);
  }
  if (s->fp_gate + s->fp_exits)
    fprintf(f,
            "hwprof: floating point         %llu FPU instructions (%llu at the gate, %llu through "
            "the dispatcher), %llu cycles as soft-float (%.1f%% of the run)\n",
            (unsigned long long)(s->fp_gate + s->fp_exits), (unsigned long long)s->fp_gate,
            (unsigned long long)s->fp_exits, (unsigned long long)s->fp_cycles,
            100.0 * (double)s->fp_cycles / (double)(b->cpu_cycles ? b->cpu_cycles : 1));
  if ((pr->profile == DBT_PROFILE_HW || pr->profile == DBT_PROFILE_ALL) && pr->hw)
    fprintf(f,
            "hwprof: profile stores         %llu to the IP for %llu block entries (%s); %llu "
            "other stores to it (system-call records)\n",
            (unsigned long long)b->ip_events, (unsigned long long)s->blocks_executed,
            b->ip_events != prof_events_expected(pr) ? "MISMATCH"
            : pr->hw->sb_derived                     ? "one each, but superblocks' members: derived"
            : pr->hw->region_derived                 ? "one each, but probe regions': derived"
                                                     : "one each",
            (unsigned long long)(b->ip_writes - b->ip_events));
  if ((pr->profile == DBT_PROFILE_HW || pr->profile == DBT_PROFILE_ALL) && pr->hw && s->far_words) {
    uint64_t one = s->far_words < DBT_FAR_NEAR ? s->far_words : DBT_FAR_NEAR;
    uint64_t two = s->far_words - one < DBT_FAR_MID ? s->far_words - one : DBT_FAR_MID;
    fprintf(f,
            "hwprof: far event words        %llu blocks and superblock words beyond the "
            "first 64 KiB's reach, each counted under a word of its own: %llu one stb away, "
            "%llu two instructions, %llu four\n",
            (unsigned long long)s->far_words, (unsigned long long)one, (unsigned long long)two,
            (unsigned long long)(s->far_words - one - two));
  }
  vboard_cache_info ci;
  if (!vboard_caches(pr->b, &ci) || !ci.on)
    fprintf(f, "hwprof: caches                 %s: every fetch and access hits\n",
            ci.icache_size + ci.dcache_size ? "off (--caches off)" : "none in the device tree");
  else
    fprintf(f,
            "hwprof: instruction cache      %u KB %u-way, %u-byte lines: %llu lookups, %llu "
            "misses (%.3f %%), %llu stall cycles (%.1f %% of the run)\n"
            "hwprof: data cache             %u KB %u-way: %llu accesses, %llu misses (%.3f "
            "%%), %llu castouts, %llu stall cycles (%.1f %%); a line fill costs %u cycles\n"
            "hwprof: code-cache sync        %llu lines made visible to fetch (dcbst, icbi), %llu "
            "cycles (%.2f %%)\n",
            ci.icache_size / 1024, ci.icache_ways, ci.icache_line,
            (unsigned long long)b->icache_lines, (unsigned long long)b->icache_misses,
            pct(b->icache_misses, b->icache_lines), (unsigned long long)b->icache_stall_cycles,
            pct(b->icache_stall_cycles, b->cpu_cycles), ci.dcache_size / 1024, ci.dcache_ways,
            (unsigned long long)b->dcache_accesses, (unsigned long long)b->dcache_misses,
            pct(b->dcache_misses, b->dcache_accesses), (unsigned long long)b->dcache_castouts,
            (unsigned long long)b->dcache_stall_cycles, pct(b->dcache_stall_cycles, b->cpu_cycles),
            ci.fill_cycles, (unsigned long long)b->code_sync_lines,
            (unsigned long long)b->code_sync_cycles, pct(b->code_sync_cycles, b->cpu_cycles));
  if (ci.on && ci.icache_size)
    fprintf(
        f,
        "hwprof: fetch misses in        %llu superblocks' lines (%.1f %%), %llu plain "
        "blocks' (%.1f %%), %llu out-of-line code's (exit stubs: %.1f %%), %llu the "
        "runtime's on the board (translator, dispatcher, interrupt handler: %.1f %%), %llu "
        "its stubs' (%.1f %%)\n",
        (unsigned long long)s->icache_misses_sb, pct(s->icache_misses_sb, b->icache_misses),
        (unsigned long long)s->icache_misses_blocks, pct(s->icache_misses_blocks, b->icache_misses),
        (unsigned long long)s->icache_misses_cold, pct(s->icache_misses_cold, b->icache_misses),
        (unsigned long long)s->icache_misses_image, pct(s->icache_misses_image, b->icache_misses),
        (unsigned long long)misses_runtime(b, s), pct(misses_runtime(b, s), b->icache_misses));
  fprintf(f, "hwprof: cycles by where      ");
  for (int k = 0; k < DBT_CYC_KINDS; k++)
    fprintf(f, "%s%s %llu (%.2f %%)", k ? ", " : "", dbt_cycles_name[k],
            (unsigned long long)s->cycles_by[k], pct(s->cycles_by[k], b->cpu_cycles));
  fprintf(f, "\n");
  if (s->board_translations)
    fprintf(f,
            "hwprof: translator on board    %llu calls, %llu cycles (%.2f %%) translating blocks, "
            "%llu cycles (%.2f %%) superblocks\n",
            (unsigned long long)s->board_translations, (unsigned long long)s->translate_cycles,
            pct(s->translate_cycles, b->cpu_cycles), (unsigned long long)s->sb_translate_cycles,
            pct(s->sb_translate_cycles, b->cpu_cycles));
  if (s->board_dispatches)
    fprintf(f,
            "hwprof: dispatcher on board    %llu requests, %llu cycles (%.2f %%): lookups, "
            "chaining's patches, jump-table entries, superblocks' redirections, flushes, the sw "
            "profile's scans and packet-ring drains, and %llu blocks recorded on superblocks' "
            "paths, %llu cycles\n",
            (unsigned long long)s->board_dispatches, (unsigned long long)s->dispatch_cycles,
            pct(s->dispatch_cycles, b->cpu_cycles), (unsigned long long)s->record_trips,
            (unsigned long long)s->record_cycles);
  if (s->board_irqs)
    fprintf(f,
            "hwprof: interrupt handler      %llu interrupts, %llu cycles (%.2f %%): on the board "
            "%llu requests draining the hot FIFO, the spill ring, the system-call and edge "
            "tables and the packet ring, and acknowledging, %llu cycles; the vector and rfi, "
            "%llu\n",
            (unsigned long long)b->irqs_serviced,
            (unsigned long long)(s->irq_board_cycles + b->irq_cycles),
            pct(s->irq_board_cycles + b->irq_cycles, b->cpu_cycles),
            (unsigned long long)s->board_irqs, (unsigned long long)s->irq_board_cycles,
            (unsigned long long)b->irq_cycles);
  else if (b->irqs_serviced)
    fprintf(f,
            "hwprof: interrupt handler      %llu interrupts, %llu cycles (%.2f %%): vector, "
            "prologue, epilogue and its %s bus transactions to the IP\n",
            (unsigned long long)b->irqs_serviced, (unsigned long long)b->irq_cycles,
            pct(b->irq_cycles, b->cpu_cycles), "uncached");
  fprintf(f,
          "hwprof: host time, not cycles  %.1f ms translating, %.1f ms forming superblocks, "
          "%.1f ms in system calls, %.1f ms else in the runtime (dispatcher, chaining); %.1f ms in "
          "the interrupt handler (its bus work is in the cycles)\n",
          (double)s->translate_ns / 1e6, (double)s->superblock_ns / 1e6,
          (double)s->syscall_ns / 1e6,
          (double)(s->host_ns - s->translate_ns - s->superblock_ns - s->syscall_ns) / 1e6,
          (double)s->irq_ns / 1e6);
  struct mallinfo2 mi = mallinfo2();
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  fprintf(f,
          "hwprof: host memory            %.1f MB peak resident; heap %.1f MB in use (malloc; "
          "Unicorn's translation buffer is mapped apart); the CPU's emulator renewed %llu times "
          "to free replaced code's translations\n",
          (double)ru.ru_maxrss / 1e3, (double)mi.uordblks / 1e6, (unsigned long long)b->renewals);
  fprintf(f, "hwprof: wall time              %.3f s (%.2f M guest instructions/s)\n", wall,
          wall > 0 ? (double)s->guest_insns / wall / 1e6 : 0.0);
}
