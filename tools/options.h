/*
 * options.h - the options the commands share (options.c): numbers with their
 * ranges, the profiling modes, and the two-way options with their help text.
 */
#ifndef HWPROF_TOOLS_OPTIONS_H
#define HWPROF_TOOLS_OPTIONS_H

#include <getopt.h>
#include <stdint.h>

#include "dbt.h"

/* Parses an option's number (decimal digits only: no sign, no 0x hex, 010 is ten)
 * into *v; on a bad one prints "hwprof CMD: OPT wants a decimal number, not 'S'",
 * on one out of lo..hi (or of 64 bits) "hwprof CMD: OPT is LO..HI, not 'S'", and
 * returns -1. */
int tools_range(const char *cmd, const char *opt, const char *s, uint64_t lo, uint64_t hi,
                uint64_t *v);
int tools_number(const char *cmd, const char *opt, const char *s, uint64_t *v); /* 0..2^64-1 */

/* "none", "hw", "sw", "all" and back (-1 for a bad name). */
const char *prof_mode_name(int profile);
int prof_mode_parse(const char *s);
/* --clock board|host into o->clock; prints why and returns -1 for anything else. */
int prof_clock_parse(const char *cmd, const char *s, dbt_options *o);
/* The --clock option's help, for the commands that take it. */
#define PROF_CLOCK_HELP                                                                            \
  "  --clock board|host the guest's time calls (clock_gettime, gettimeofday, time,\n"              \
  "                     times, clock) and sleeps: board (default) gives the board's\n"             \
  "                     simulated time, cycles at the CPU clock from 2000-01-01, so\n"             \
  "                     runs are deterministic; host gives the host's clocks\n"

/* --sb-budget auto|BYTES into o->sb_budget; prints why and returns -1 for anything else. */
int prof_sb_budget_parse(const char *cmd, const char *s, dbt_options *o);
#define PROF_SB_BUDGET_HELP                                                                        \
  "  --sb-budget BYTES  superblocks: the code they may duplicate (unrolled loops, paths\n"         \
  "                     run through another superblock's head); once it is spent,\n"               \
  "                     paths end at heads and loops are not unrolled (default auto:\n"            \
  "                     an eighth of the board's instruction cache; no limit without\n"            \
  "                     one or with --caches off)\n"

/* --unaligned allow|trap into o->unaligned_trap; prints why and returns -1 for anything else. */
int prof_unaligned_parse(const char *cmd, const char *s, dbt_options *o);
#define PROF_UNALIGNED_HELP                                                                        \
  "  --unaligned MODE   a load or store not aligned to its size: allow (default) lets\n"           \
  "                     it happen, as MIPS Linux does by emulating it; trap raises\n"              \
  "                     SIGBUS, as qemu-mips does (a check before each access)\n"

/* --confine on|off into o->confine; prints why and returns -1 for anything else. */
int prof_confine_parse(const char *cmd, const char *s, dbt_options *o);
#define PROF_CONFINE_HELP                                                                          \
  "  --confine MODE     on: a guest load or store to memory it has not mapped (the\n"              \
  "                     translator's state, counters and code, the IP, its own free\n"             \
  "                     pages) raises SIGSEGV, as qemu-mips does (a one-cycle check\n"             \
  "                     before each access whose base is not known safe: about +8 %%\n"            \
  "                     cycles on the suite); off (default) leaves them unchecked:\n"              \
  "                     the guest can then change its own profile\n"

/* --caches on|off into o->no_caches; prints why and returns -1 for anything else. */
int prof_caches_parse(const char *cmd, const char *s, dbt_options *o);
#define PROF_CACHES_HELP                                                                           \
  "  --caches on|off    on (default): the board models the PPC405's instruction and\n"             \
  "                     data caches and the memory's latency from the device tree;\n"              \
  "                     off: every fetch and access hits (the ideal model)\n"

/* --ip-model fast|checked: the IP model of the boards made after it
 * (vboard_use_ip_model); prints why and returns -1 for anything else. */
int prof_ip_model_parse(const char *cmd, const char *s);
#define PROF_IP_MODEL_HELP                                                                         \
  "  --ip-model MODEL   the Verilated IP the board runs: fast (default), or checked,\n"            \
  "                     with the RTL's assertions (same cycles and counts, about 1.4x\n"           \
  "                     the host time of a hw run)\n"

/* --runtime host|board|checked into o->runtime (DBT_RUNTIME_*, in that order); prints why
 * and returns -1 for anything else.  The name of a DBT_RUNTIME_* value. */
int prof_runtime_parse(const char *cmd, const char *s, dbt_options *o);
const char *prof_runtime_name(int runtime);
/* Where hwprof's commands run the runtime unless told (--runtime): on the board, its
 * work in the cycles (the library's dbt_defaults say host). */
#define PROF_RUNTIME_DEFAULT DBT_RUNTIME_BOARD
#define PROF_RUNTIME_HELP                                                                          \
  "  --runtime WHERE    where the runtime runs: board (default: the translator, the\n"             \
  "                     dispatcher, the superblock former and the interrupt handler\n"             \
  "                     built for the PPC405 and run by the board's CPU: their cycles,\n"          \
  "                     fetches and accesses are the run's), host (their work is not\n"            \
  "                     in the simulated cycles: the fast check), or checked (on the\n"            \
  "                     board, then on the host, which must emit the same bytes)\n"

/* The board's options, which the commands that run a guest or firmware share:
 * their entries for a command's getopt_long table (each command lists those it
 * takes), and one parser for all of them, before the command's own. */
enum {
  OPT_DTB = 0x200,
  OPT_CACHES,
  OPT_CLOCK,
  OPT_UNALIGNED,
  OPT_CONFINE,
  OPT_IP_MODEL,
  OPT_RUNTIME
};
#define OPT_ENTRY_DTB                                                                              \
  { "dtb", required_argument, 0, OPT_DTB }
#define OPT_ENTRY_CACHES                                                                           \
  { "caches", required_argument, 0, OPT_CACHES }
#define OPT_ENTRY_CLOCK                                                                            \
  { "clock", required_argument, 0, OPT_CLOCK }
#define OPT_ENTRY_UNALIGNED                                                                        \
  { "unaligned", required_argument, 0, OPT_UNALIGNED }
#define OPT_ENTRY_CONFINE                                                                          \
  { "confine", required_argument, 0, OPT_CONFINE }
#define OPT_ENTRY_IP_MODEL                                                                         \
  { "ip-model", required_argument, 0, OPT_IP_MODEL }
#define OPT_ENTRY_RUNTIME                                                                          \
  { "runtime", required_argument, 0, OPT_RUNTIME }
/* getopt_long's c with its argument: a board option, into *dtb_path, *o or (the IP's
 * model) the boards made after it (1); not one (0); a bad value, said on stderr as
 * "hwprof CMD: ..." (-1). */
int tools_board_option(const char *cmd, int c, const char *arg, const char **dtb_path,
                       dbt_options *o);

#endif
