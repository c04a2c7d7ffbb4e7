/*
 * hwprof.c - the hwprof program: one binary, one subcommand per job.
 *
 * Exit status: 0 success; 1 the job ran and found a mismatch or failure;
 * 2 bad usage or input.
 */
#include <stdio.h>
#include <string.h>

#include "io.h"
#include "tools.h"

static const struct {
  const char *name;
  int (*fn)(int argc, char **argv);
  const char *what;
} commands[] = {
    {"ip", cmd_ip, "stream a trace of block addresses through the simulated IP (RTL)"},
    {"vp", cmd_vp, "run PPC405 firmware on the virtual board (CPU + RTL of the IP)"},
    {"run", cmd_run, "run a static MIPS Linux program on the board through the translator"},
    {"native", cmd_native, "run a static PPC405 Linux program on the board, no translator"},
    {"compare", cmd_compare, "hw vs sw counts of one run, and both against qemu-mips's counts"},
    {"bench", cmd_bench, "the SPEC-like workloads: profiling overhead table and chart"},
    {"sweep", cmd_sweep, "IP configurations x workloads: overhead and area, table and plots"},
};

static void usage(FILE *f) {
  fprintf(f, "usage: hwprof COMMAND [OPTIONS]\n\ncommands:\n");
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].what);
  fprintf(f, "\n'hwprof COMMAND --help' describes a command.\n"
             "Exit status: 0 success, 1 a check failed, 2 bad usage or input.\n");
}

int main(int argc, char **argv) {
  tools_argv0 = argv[0];
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
    usage(stdout);
    return 0;
  }
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (!strcmp(argv[1], commands[i].name))
      return commands[i].fn(argc - 1, argv + 1);
  fprintf(stderr, "hwprof: unknown command '%s'\n", argv[1]);
  usage(stderr);
  return 2;
}
