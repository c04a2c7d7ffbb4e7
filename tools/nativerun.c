/*
 * nativerun.c - 'hwprof native': a static PPC32 Linux program (built for the
 * PPC405: powerpc-linux-gnu-gcc -mcpu=405 -mhard-float -O2 -static
 * -Wl,-Ttext-segment=0x400000) run directly on the virtual board's CPU, with the
 * same cycle model, caches and memory as a translated run (native/native.h).  The
 * floor that translated runs are read against; 'hwprof bench' runs it beside them.
 *
 * Exit status: the program's own; 128 + N when it sent itself signal N (abort);
 * 126 when the board stopped it (a fault, an instruction neither the 405 nor the
 * math emulation has, the cycle limit); 2 for bad usage, a bad device tree or a
 * bad executable.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io.h"
#include "nativerun.h"
#include "options.h"
#include "profile.h"
#include "tools.h"

static void help(FILE *f) {
  fprintf(f, "usage: hwprof native [OPTIONS] PROGRAM [ARGS...]\n"
             "\n"
             "Runs a static 32-bit big-endian PowerPC Linux executable directly on the virtual\n"
             "PowerPC 405 board, with no translator: the floor for every translated run.  Build\n"
             "it for the 405 and link it where the board's programs go:\n"
             "\n"
             "  powerpc-linux-gnu-gcc -mcpu=405 -mhard-float -O2 -static \\\n"
             "    -Wl,-Ttext-segment=0x400000 prog.c -o prog\n"
             "\n"
             "The board's CPU runs it with the same cycle model, caches and memory latency as a\n"
             "translated program.  Its system calls are carried out on the host (PPC32 Linux\n"
             "numbers and layouts); its FP instructions, which the 405 lacks, are emulated as a\n"
             "405 Linux kernel does and charged the kernel's exception path plus the soft-float\n"
             "routines' cycles measured on this board.  Its stdin, stdout, stderr and\n"
             "environment are this program's.  Then a summary goes to stderr, each line\n"
             "starting 'hwprof: '.\n"
             "\n"
             "options:\n"
             "  --dtb FILE         board device tree (default: dtb/ml300-virtual.dtb beside\n"
             "                     this program)\n" PROF_CACHES_HELP
             "  --max-cycles N     stop after N CPU cycles (default: no limit)\n"
             "  --quiet            no summary\n"
             "  --help             this text\n"
             "\n"
             "Exit status: the program's; 128 + N when it sent itself signal N; 126 when the\n"
             "board stopped it (fault, cycle limit); 2 for bad usage or input.\n");
}

int native_exec(const native_opts *o, int argc, char **argv, native_result *r, double *wall) {
  void *dtb = NULL;
  vboard *b = tools_board(o->cmd, o->dtb_path, &dtb);
  if (!b)
    return -1;
  vboard_set_caches(b, !o->no_caches);
  char err[512], fp_image[4096];
  native *n = native_new(b, tools_beside("firmware/fpcost.elf", fp_image, sizeof fp_image), err,
                         sizeof err);
  int rc = -1, saved[2] = {-1, -1};
  if (!n || native_load(n, argv[0], argc, argv, environ, err, sizeof err) < 0) {
    fprintf(stderr, "hwprof %s: %s\n", o->cmd, err);
    goto out;
  }
  native_log_to(n, o->log);
  fflush(stdout);
  fflush(stderr);
  if (o->out) {
    int fd = open(o->out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
      fprintf(stderr, "hwprof %s: cannot write %s: %s\n", o->cmd, o->out, strerror(errno));
      goto out;
    }
    saved[0] = dup(1);
    saved[1] = dup(2);
    dup2(fd, 1);
    dup2(fd, 2);
    close(fd);
  }
  double t0 = prof_now_s();
  native_run(n, o->max_cycles, r);
  *wall = prof_now_s() - t0;
  if (o->out) {
    dup2(saved[0], 1);
    dup2(saved[1], 2);
    close(saved[0]);
    close(saved[1]);
  }
  rc = 0;
out:
  native_free(n);
  vboard_free(b);
  free(dtb);
  return rc;
}

void native_summary(FILE *f, const native_result *r) {
  const vboard_result *v = &r->board;
  fprintf(f, "hwprof: native run: %s", r->exited ? "exited" : "stopped");
  if (r->exited)
    fprintf(f, " with status %d\n", r->status);
  else
    fprintf(f, ": %s\n", r->message);
  fprintf(f, "hwprof: PowerPC instructions %llu, cycles %llu (%.3f per instruction)\n",
          (unsigned long long)v->insns, (unsigned long long)v->cpu_cycles,
          v->insns ? (double)v->cpu_cycles / (double)v->insns : 0.0);
  fprintf(f, "hwprof: FP instructions emulated %llu, %llu cycles (%.2f %% of the run)\n",
          (unsigned long long)r->fp_insns, (unsigned long long)r->fp_cycles,
          v->cpu_cycles ? 100.0 * (double)r->fp_cycles / (double)v->cpu_cycles : 0.0);
  fprintf(f, "hwprof: system calls %llu (their work on the host, not in the cycles)\n",
          (unsigned long long)r->syscalls);
  fprintf(f, "hwprof: instruction cache: %llu lookups, %llu misses (%.2f %%), %llu stall cycles\n",
          (unsigned long long)v->icache_lines, (unsigned long long)v->icache_misses,
          v->icache_lines ? 100.0 * (double)v->icache_misses / (double)v->icache_lines : 0.0,
          (unsigned long long)v->icache_stall_cycles);
  fprintf(f, "hwprof: data cache: %llu accesses, %llu misses (%.2f %%), %llu stall cycles\n",
          (unsigned long long)v->dcache_accesses, (unsigned long long)v->dcache_misses,
          v->dcache_accesses ? 100.0 * (double)v->dcache_misses / (double)v->dcache_accesses : 0.0,
          (unsigned long long)v->dcache_stall_cycles);
}

int cmd_native(int argc, char **argv) {
  native_opts o = {.cmd = "native"};
  dbt_options board = dbt_defaults(); /* only its caches: --caches */
  int quiet = 0, c;
  static const struct option opts[] = {OPT_ENTRY_DTB,
                                       OPT_ENTRY_CACHES,
                                       OPT_ENTRY_IP_MODEL,
                                       {"max-cycles", required_argument, 0, 'm'},
                                       {"quiet", no_argument, 0, 'q'},
                                       {"help", no_argument, 0, 'h'},
                                       {0, 0, 0, 0}};
  optind = 1;
  while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
    int k = tools_board_option("native", c, optarg, &o.dtb_path, &board);
    if (k < 0)
      return 2;
    if (k)
      continue;
    switch (c) {
    case 'm':
      if (tools_number("native", "--max-cycles", optarg, &o.max_cycles) < 0)
        return 2;
      break;
    case 'q': quiet = 1; break;
    case 'h': help(stdout); return 0;
    default: help(stderr); return 2;
    }
  }
  if (optind >= argc) {
    fprintf(stderr, "hwprof native: no program given\n");
    help(stderr);
    return 2;
  }
  o.no_caches = board.no_caches;
  native_result r;
  double wall;
  if (native_exec(&o, argc - optind, argv + optind, &r, &wall) < 0)
    return 2;
  if (!quiet)
    native_summary(stderr, &r);
  if (!r.exited) {
    fprintf(stderr, "hwprof native: %s\n", r.message);
    return 126;
  }
  return r.status;
}
