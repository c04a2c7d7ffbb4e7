/*
 * vp.c - 'hwprof vp': run PPC405 firmware on the virtual board.
 *
 * Exit status: the firmware's own (the value it wrote to the UART's EXIT
 * register, low 8 bits), 125 when the board stopped it (a fault: unmapped access,
 * bus error, bad instruction), 126 when the cycle limit was reached, 2 for bad
 * usage, a bad DTB or a bad ELF.
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "io.h"
#include "options.h"
#include "tools.h"
#include "vboard.h"

static void help(FILE *f) {
  fprintf(f, "usage: hwprof vp --firmware FILE.elf [OPTIONS]\n"
             "\n"
             "Runs PowerPC 405 firmware on the virtual board: the CPU (Unicorn, cycle-\n"
             "approximate), the hwprof IP (the Verilated RTL, cycle-accurate) and a console\n"
             "UART, all placed by the board's device tree.  The firmware's console output goes\n"
             "to stdout.\n"
             "\n"
             "options:\n"
             "  --firmware FILE    32-bit big-endian PowerPC ELF executable (required)\n"
             "  --dtb FILE         board device tree (default: dtb/ml300-virtual.dtb beside\n"
             "                     this program)\n" PROF_IP_MODEL_HELP
             "  --max-cycles N     stop after N CPU cycles (default: no limit)\n"
             "  --stats            print the run's figures to stderr\n" PROF_CACHES_HELP
             "  --help             this text\n"
             "\n"
             "Exit status: the firmware's (what it wrote to the UART's EXIT register), 125 when\n"
             "the board stopped it (fault), 126 at the cycle limit, 2 for bad usage or input.\n");
}

int cmd_vp(int argc, char **argv) {
  const char *fw = NULL, *dtb_path = NULL;
  uint64_t max_cycles = 0;
  int stats = 0, c;
  dbt_options caches = dbt_defaults(); /* only its caches: --caches */
  static const struct option opts[] = {{"firmware", required_argument, 0, 'f'},
                                       OPT_ENTRY_DTB,
                                       {"max-cycles", required_argument, 0, 'm'},
                                       {"stats", no_argument, 0, 's'},
                                       OPT_ENTRY_CACHES,
                                       OPT_ENTRY_IP_MODEL,
                                       {"help", no_argument, 0, 'h'},
                                       {0, 0, 0, 0}};
  optind = 1;
  while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
    int k = tools_board_option("vp", c, optarg, &dtb_path, &caches);
    if (k < 0)
      return 2;
    if (k)
      continue;
    switch (c) {
    case 'f': fw = optarg; break;
    case 'm':
      if (tools_number("vp", "--max-cycles", optarg, &max_cycles) < 0)
        return 2;
      break;
    case 's': stats = 1; break;
    case 'h': help(stdout); return 0;
    default: help(stderr); return 2;
    }
  }
  if (!fw || optind != argc) {
    fprintf(stderr, "hwprof vp: %s\n", fw ? "unexpected argument" : "--firmware is required");
    help(stderr);
    return 2;
  }
  void *dtb = NULL;
  vboard *b = tools_board("vp", dtb_path, &dtb);
  if (!b)
    return 2;
  vboard_set_caches(b, !caches.no_caches);
  char err[512];
  if (vboard_load_elf(b, fw, err, sizeof err) < 0) {
    fprintf(stderr, "hwprof vp: %s\n", err);
    vboard_free(b);
    free(dtb);
    return 2;
  }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  vboard_result r;
  vboard_run(b, max_cycles, &r);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double wall = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
  if (r.stop != VBOARD_EXITED)
    fprintf(stderr, "hwprof vp: %s\n", r.message);
  if (stats) {
    fprintf(stderr,
            "cpu_cycles: %llu\ninstructions: %llu\nblocks: %llu\nip_cycles: %llu\n"
            "ip_stores: %llu\nip_loads: %llu\nstall_cycles: %llu\nload_wait_cycles: %llu\n"
            "interrupts: %llu\n"
            "irq_latency_max: %llu\nirq_latency_mean: %.1f\nwall_s: %.3f\n"
            "sim_cpu_mcycles_per_s: %.2f\n",
            (unsigned long long)r.cpu_cycles, (unsigned long long)r.insns,
            (unsigned long long)r.blocks, (unsigned long long)r.ip_cycles,
            (unsigned long long)r.ip_writes, (unsigned long long)r.ip_reads,
            (unsigned long long)r.stall_cycles, (unsigned long long)r.load_cycles,
            (unsigned long long)r.irqs, (unsigned long long)r.irq_latency_max,
            r.irqs ? (double)r.irq_latency_sum / (double)r.irqs : 0.0, wall,
            wall > 0 ? (double)r.cpu_cycles / wall / 1e6 : 0.0);
  }
  vboard_free(b);
  free(dtb);
  switch (r.stop) {
  case VBOARD_EXITED: return r.exit_status & 0xFF;
  case VBOARD_LIMIT: return 126;
  case VBOARD_INTERRUPTED: return 128 + r.signal;
  default: return 125;
  }
}
