/*
 * run.c - 'hwprof run': a static MIPS32 Linux program on the virtual board,
 * through the binary translator (dbt/).
 *
 * Exit status: the guest's own; 128 + N when the guest died of signal N (as a
 * shell shows it); 125 when it reached an instruction the translator cannot
 * execute; 126 when the board stopped (fault, cycle limit); 2 for bad usage, a
 * bad device tree or a bad executable.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dbt.h"
#include "tools.h"

extern char **environ;

static void help(FILE *f) {
  fprintf(f,
          "usage: hwprof run [OPTIONS] PROGRAM [ARGS...]\n"
          "\n"
          "Runs a static MIPS32r2 big-endian Linux executable (mips-linux-gnu-gcc -static) on\n"
          "the virtual PowerPC 405 board: each block is translated to PowerPC code once, and\n"
          "the board's CPU runs it, with the hwprof IP (RTL) on its bus.  The guest's stdin,\n"
          "stdout and stderr are this program's; its environment is this program's.\n"
          "\n"
          "options:\n"
          "  --profile MODE     none (default); hw: one store of the block's address to the\n"
          "                     IP's EVENT register per block; sw: a counter per block in RAM\n"
          "  --dtb FILE         board device tree (default: dtb/ml300-virtual.dtb beside\n"
          "                     this program)\n"
          "  --strict           an unsupported system call stops the run (default: -ENOSYS,\n"
          "                     reported once)\n"
          "  --dump FILE        write every translated block, MIPS and PowerPC side by side\n"
          "                     (capstone), to FILE ('-': stderr)\n"
          "  --code-cache N     code cache bytes (default and most %u); a full cache is\n"
          "                     flushed and refilled\n"
          "  --max-block N      guest instructions per block, at most (default 64)\n"
          "  --max-cycles N     stop after N simulated CPU cycles (default: no limit)\n"
          "  --stats            print the run's figures to stderr, lines starting 'hwprof: '\n"
          "  --help             this text\n"
          "\n"
          "Exit status: the guest's; 128+N if it died of signal N; 125 for an instruction\n"
          "the translator cannot execute; 126 when the board stopped; 2 for bad usage or\n"
          "input.\n",
          DBT_CODE_MAX);
}

static void print_stats(const dbt *d, const dbt_result *r, int profile, double wall) {
  const dbt_stats *s = dbt_get_stats(d);
  const vboard_result *b = &r->board;
  uint64_t gi = s->guest_insns ? s->guest_insns : 1;
  uint64_t dispatch = 0;
  for (int k = 0; k < DBT_EXIT_KINDS; k++)
    dispatch += s->exits[k];
  fprintf(
      stderr,
      "hwprof: guest instructions     %llu\n"
      "hwprof: blocks executed        %llu (%.2f instructions per block)\n"
      "hwprof: PowerPC instructions   %llu (%.3f per guest instruction)\n"
      "hwprof: simulated CPU cycles   %llu (%.3f per guest instruction)\n"
      "hwprof: dispatcher entries     %llu (%.1f per million guest instructions): chain "
      "%llu, indirect %llu, syscall %llu, helper %llu\n"
      "hwprof: blocks translated      %llu (%llu distinct, %llu refills of the cache)\n"
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
      (unsigned long long)s->flushes, (unsigned long long)s->code_bytes,
      (unsigned long long)(4 * s->guest_insns_translated),
      s->guest_insns_translated ? (double)s->code_bytes / (4.0 * (double)s->guest_insns_translated)
                                : 0.0,
      s->blocks_translated ? (double)s->prof_insns / (double)s->blocks_translated : 0.0);
  if (profile == DBT_PROFILE_HW)
    fprintf(stderr,
            "hwprof: profile stores         %llu to the IP for %llu block entries (%s); %llu "
            "stall cycles\n",
            (unsigned long long)b->ip_writes, (unsigned long long)s->blocks_executed,
            b->ip_writes == s->blocks_executed ? "one each" : "MISMATCH",
            (unsigned long long)b->stall_cycles);
  if (profile == DBT_PROFILE_SW) {
    dbt_block_count *v = NULL;
    size_t n = dbt_block_counts(d, &v);
    uint64_t sum = 0, same = 0;
    for (size_t i = 0; i < n; i++) {
      sum += v[i].sw;
      same += v[i].sw == v[i].count;
    }
    fprintf(stderr,
            "hwprof: software counters      %llu for %llu block entries; %llu of %zu blocks "
            "agree\n",
            (unsigned long long)sum, (unsigned long long)s->blocks_executed,
            (unsigned long long)same, n);
    free(v);
  }
  fprintf(stderr, "hwprof: wall time              %.3f s (%.2f M guest instructions/s)\n", wall,
          wall > 0 ? (double)s->guest_insns / wall / 1e6 : 0.0);
}

int cmd_run(int argc, char **argv) {
  dbt_options o = dbt_defaults();
  const char *dtb_path = NULL, *dump = NULL;
  int stats = 0, c;
  uint64_t v;
  static const struct option opts[] = {{"profile", required_argument, 0, 'p'},
                                       {"dtb", required_argument, 0, 'd'},
                                       {"strict", no_argument, 0, 's'},
                                       {"dump", required_argument, 0, 'D'},
                                       {"code-cache", required_argument, 0, 'c'},
                                       {"max-block", required_argument, 0, 'b'},
                                       {"max-cycles", required_argument, 0, 'm'},
                                       {"stats", no_argument, 0, 'S'},
                                       {"help", no_argument, 0, 'h'},
                                       {0, 0, 0, 0}};
  optind = 1;
  while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
    switch (c) {
    case 'p':
      if (!strcmp(optarg, "none"))
        o.profile = DBT_PROFILE_NONE;
      else if (!strcmp(optarg, "hw"))
        o.profile = DBT_PROFILE_HW;
      else if (!strcmp(optarg, "sw"))
        o.profile = DBT_PROFILE_SW;
      else {
        fprintf(stderr, "hwprof run: --profile is none, hw or sw, not '%s'\n", optarg);
        return 2;
      }
      break;
    case 'd': dtb_path = optarg; break;
    case 's': o.strict = 1; break;
    case 'D': dump = optarg; break;
    case 'c':
      if (tools_number("run", "--code-cache", optarg, &v) < 0)
        return 2;
      o.code_size = (uint32_t)(v > UINT32_MAX ? UINT32_MAX : v);
      break;
    case 'b':
      if (tools_number("run", "--max-block", optarg, &v) < 0)
        return 2;
      if (v < 1 || v > 64) {
        fprintf(stderr, "hwprof run: --max-block is 1..64\n");
        return 2;
      }
      o.max_block = (unsigned)v;
      break;
    case 'm':
      if (tools_number("run", "--max-cycles", optarg, &o.max_cycles) < 0)
        return 2;
      break;
    case 'S': stats = 1; break;
    case 'h': help(stdout); return 0;
    default: help(stderr); return 2;
    }
  }
  if (optind >= argc) {
    fprintf(stderr, "hwprof run: no PROGRAM given\n");
    help(stderr);
    return 2;
  }
  FILE *df = NULL;
  if (dump) {
    df = !strcmp(dump, "-") ? stderr : fopen(dump, "w");
    if (!df) {
      fprintf(stderr, "hwprof run: cannot write %s\n", dump);
      return 2;
    }
    o.dump = df;
  }
  void *dtb = NULL;
  vboard *b = tools_board("run", dtb_path, &dtb);
  if (!b)
    return 2;
  char err[512];
  int rc = 2;
  dbt *d = dbt_new(b, &o, err, sizeof err);
  if (!d || dbt_load(d, argv[optind], argc - optind, argv + optind, environ, err, sizeof err)) {
    fprintf(stderr, "hwprof run: %s\n", err);
  } else {
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    dbt_result r;
    fflush(stdout);
    rc = dbt_run(d, &r);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (r.how != DBT_EXITED)
      fprintf(stderr, "hwprof: %s\n", r.message);
    if (stats)
      print_stats(d, &r, o.profile,
                  (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
  }
  dbt_free(d);
  vboard_free(b);
  free(dtb);
  if (df && df != stderr)
    fclose(df);
  return rc;
}
