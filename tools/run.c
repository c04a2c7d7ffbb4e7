/*
 * run.c - 'hwprof run': a static MIPS32 Linux program on the virtual board,
 * through the binary translator (dbt/).
 *
 * Exit status: the guest's own; 128 + N when the guest died of signal N (as a
 * shell shows it); 125 when it reached an instruction the translator cannot
 * execute; 126 when the board stopped (fault, cycle limit); 130 or 143 when hwprof
 * itself was sent SIGINT or SIGTERM (the reports cover the run so far); 2 for bad
 * usage, a bad device tree, a bad executable or a report that cannot be opened
 * (before anything runs), and for a report that could not be written when the
 * status would have been 0.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dbt.h"
#include "io.h"
#include "options.h"
#include "outfiles.h"
#include "profile.h"
#include "report.h"
#include "rtprof.h"
#include "sbplan.h"
#include "tools.h"

#define RUN_TOP_MAX 100000 /* --top */

#define MESSAGES_HELP                                                                              \
  "  --messages FILE    the runtime's own messages (an unsupported system call, a\n"               \
  "                     refused thread, how a forked or exec'd guest process ended)\n"             \
  "                     are appended to FILE, not written to stderr: the guest's alone\n"

static void help(FILE *f) {
  fprintf(f,
          "usage: hwprof run [OPTIONS] PROGRAM [ARGS...]\n"
          "\n"
          "Runs a static MIPS32r2 big-endian Linux executable (mips-linux-gnu-gcc -static) on\n"
          "the virtual PowerPC 405 board: each block is translated to PowerPC code once, and\n"
          "the board's CPU runs it, with the hwprof IP (RTL) on its bus.  The guest's stdin,\n"
          "stdout and stderr are this program's; its environment is this program's.  Then a\n"
          "summary goes to stderr, each line starting 'hwprof: ': guest instructions,\n"
          "simulated cycles, blocks, the IP's statistics, the system calls per call site\n"
          "and number (as the runtime made them and, hw and all, as the IP recorded them),\n"
          "the indirect edges (each indirect jump's source and target block, as the IP and\n"
          "the sw profile counted them) and the hottest blocks.\n"
          "\n"
          "options:\n"
          "  --profile MODE     none (default); hw: one store of the block's address to the\n"
          "                     IP's EVENT register per block; sw: a counter per block in RAM;\n"
          "                     all: both in every block (one run, both profiles)\n"
          "  --threshold N      hw: the IP's threshold: a block reaching N entries raises the\n"
          "                     interrupt, and the runtime drains the hot FIFO (default 0: off)\n"
          "  --superblocks      each hot block heads a superblock, the path the CPU takes\n"
          "                     from it next, translated as one unit (sw: the counters are\n"
          "                     scanned every 65,536 block entries); --threshold defaults\n"
          "                     to " DBT_SB_THRESHOLD_S " with it\n" PROF_SB_BUDGET_HELP
          "  --member-probes    superblocks keep a probe in every member (default: only where\n"
          "                     their passes leave is counted, side exits and ends, and the\n"
          "                     members' counts derived from it, as exact); so do --regions'\n"
          "  --regions          hw: the hot blocks are translated again as probe regions,\n"
          "                     where most of their entries run no probe and their counts\n"
          "                     are derived, as exact; on the board, its CPU forms them\n"
          "                     (--threshold defaults to " DBT_RG_THRESHOLD_S " with it)\n"
          "  --superblocks-from FILE\n"
          "                     form, before the run starts, the superblocks listed in the\n"
          "                     JSON report (--json) of an earlier run of the same program:\n"
          "                     a profile-guided run, with any --profile (none too)\n"
          "  --hw-probe KIND    hw, all: how a block in the text's first 64 KiB stores its\n"
          "                     event: window (default: one byte store into the IP's EVENT\n"
          "                     window, the address is the event) or word (addi + stw to\n"
          "                     EVENT); blocks past it use lis + ori + stw either way\n"
          "  --edge-threshold N an indirect edge traversed N times is hot: the IP reports it\n"
          "                     (hw, all) and the reports mark it (default 5000; 0: never)\n"
          "  --all-edges        hw, all: the IP counts every pair of blocks entered one after\n"
          "                     the other, not only indirect jumps (the sw profile still\n"
          "                     counts those only)\n"
          "  --top N            the N hottest blocks in the summary (default 10)\n"
          "  --quiet            no summary\n"
          "  --json FILE        the summary, every block's counts, every (call site,\n"
          "                     system-call number) pair's and every indirect edge's as\n"
          "                     JSON ('-': stdout)\n"
          "  --csv FILE         a line per block: address, function, offset, instructions,\n"
          "                     entries, hw, sw, own code\n"
          "  --callgrind FILE   a Callgrind profile (KCachegrind): per block and function,\n"
          "                     Ir = instructions executed, Blocks = entries; with --cct\n"
          "                     also the calls (call graph, inclusive costs)\n"
          "  --dtb FILE         board device tree (default: dtb/ml300-virtual.dtb beside\n"
          "                     this program)\n" PROF_IP_MODEL_HELP PROF_RUNTIME_HELP
              PROF_CONFINE_HELP MESSAGES_HELP
          "  --strict           a system call (or a case of one) the runtime does not carry\n"
          "                     out stops the run (default: an error for the guest, reported\n"
          "                     once; the README lists them)\n" PROF_UNALIGNED_HELP PROF_CLOCK_HELP
              PROF_CACHES_HELP
          "  --event-trace FILE write the IP's event stream to FILE, one hex word a line, as\n"
          "                     the IP accepts it (hw, all): 'hwprof ip --trace FILE' replays it\n"
          "  --runtime-profile FILE\n"
          "                     --runtime board, checked: the runtime's cycles on the board\n"
          "                     by function of its image (firmware/xlate.elf): cycles,\n"
          "                     their share of the image's and of the run's, PowerPC\n"
          "                     instructions, blocks run, cycles per instruction\n"
          "  --dump FILE        write every translated block, MIPS and PowerPC side by side\n"
          "                     (capstone), to FILE ('-': stderr)\n"
          "  --code-cache N     code cache bytes (default and most %u); a full cache is\n"
          "                     flushed and refilled\n"
          "  --max-block N      guest instructions per block, at most (default 64)\n"
          "  --max-cycles N     stop after N simulated CPU cycles (default: no limit)\n"
          "  --stats            the translator's figures too (dispatcher, code size, speed)\n"
          "  --cct              the calling-context tree of the run from its call and\n"
          "                     return packets: in hw mode the IP's (a ring in board RAM,\n"
          "                     each probe weighted with its block's instructions), in sw\n"
          "                     mode the translated code's own; each checked against the\n"
          "                     runtime's view and built sequentially and in parallel,\n"
          "                     timed (the same tree, or exit status 2); with --json,\n"
          "                     every context and every function's inclusive instructions\n"
          "                     in \"cct\"\n"
          "  --folded FILE      the calling contexts as folded stacks (implies --cct): a\n"
          "                     line 'program;f;g N' per chain of functions, N = guest\n"
          "                     instructions executed in it itself (the lines add up to the\n"
          "                     run's); chains are cut at %u frames ('[deeper calls]')\n"
          "  --flame FILE       the same as an SVG flame graph (implies --cct)\n"
          "  --help             this text\n"
          "\n"
          "A progress line (guest instructions, rate) is shown on stderr when it is a terminal.\n"
          "\n"
          "Every report file is opened before the guest runs (one that cannot be, or that\n"
          "is the program or another input, is refused); SIGINT or SIGTERM stops the run\n"
          "at the next block and writes the reports for what has run.\n"
          "\n"
          "Exit status: the guest's; 128+N if it died of signal N; 125 for an instruction\n"
          "the translator cannot execute; 126 when the board stopped; 130/143 when hwprof\n"
          "got SIGINT/SIGTERM; 2 for bad usage or input, or a report not written.\n",
          DBT_CODE_MAX, PROF_CCT_MAX_FRAMES);
}

/* SIGINT and SIGTERM stop the board at the next block boundary (vboard_interrupt),
 * and the run ends as at the cycle limit, its reports written; a second one kills
 * at once (SA_RESETHAND).  No SA_RESTART: a guest system call blocked on a
 * terminal returns, so the board gets to that boundary. */
static volatile sig_atomic_t caught;

static void on_signal(int sig) {
  caught = sig;
  vboard_interrupt(sig);
}

static void catch_signals(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_RESETHAND;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
}

int cmd_run(int argc, char **argv) {
  prof_opts o = prof_defaults("run");
  const char *dump = NULL, *json = NULL, *csv = NULL, *callgrind = NULL, *plan_path = NULL,
             *event_trace = NULL, *folded = NULL, *flame = NULL, *rtprof = NULL;
  int stats = 0, quiet = 0, c;
  uint64_t v, top = 10;
  static const struct option opts[] = {{"profile", required_argument, 0, 'p'},
                                       {"threshold", required_argument, 0, 't'},
                                       {"superblocks", no_argument, 0, 'B'},
                                       {"superblocks-from", required_argument, 0, 'F'},
                                       {"member-probes", no_argument, 0, 'M'},
                                       {"regions", no_argument, 0, 'Z'},
                                       {"sb-budget", required_argument, 0, 'u'},
                                       {"hw-probe", required_argument, 0, 'P'},
                                       {"edge-threshold", required_argument, 0, 'e'},
                                       {"all-edges", no_argument, 0, 'A'},
                                       {"top", required_argument, 0, 'T'},
                                       {"quiet", no_argument, 0, 'q'},
                                       {"json", required_argument, 0, 'j'},
                                       {"csv", required_argument, 0, 'C'},
                                       {"callgrind", required_argument, 0, 'g'},
                                       OPT_ENTRY_DTB,
                                       {"strict", no_argument, 0, 's'},
                                       {"messages", required_argument, 0, 'G'},
                                       OPT_ENTRY_UNALIGNED,
                                       OPT_ENTRY_CONFINE,
                                       OPT_ENTRY_CACHES,
                                       OPT_ENTRY_IP_MODEL,
                                       OPT_ENTRY_RUNTIME,
                                       {"omit-cache-sync", required_argument, 0, 'Y'},
                                       {"cct", no_argument, 0, 'X'},
                                       {"folded", required_argument, 0, 'O'},
                                       {"flame", required_argument, 0, 'L'},
                                       {"dump", required_argument, 0, 'D'},
                                       {"runtime-profile", required_argument, 0, 'R'},
                                       {"event-trace", required_argument, 0, 'E'},
                                       {"code-cache", required_argument, 0, 'c'},
                                       {"max-block", required_argument, 0, 'b'},
                                       {"max-cycles", required_argument, 0, 'm'},
                                       {"stats", no_argument, 0, 'S'},
                                       OPT_ENTRY_CLOCK,
                                       {"help", no_argument, 0, 'h'},
                                       {0, 0, 0, 0}};
  optind = 1;
  while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
    int k = tools_board_option("run", c, optarg, &o.dtb_path, &o.dbt);
    if (k < 0)
      return 2;
    if (k)
      continue;
    switch (c) {
    case 'p':
      if ((o.dbt.profile = prof_mode_parse(optarg)) < 0) {
        fprintf(stderr, "hwprof run: --profile is none, hw, sw or all, not '%s'\n", optarg);
        return 2;
      }
      break;
    case 't':
      if (tools_range("run", "--threshold", optarg, 0, UINT32_MAX, &v) < 0)
        return 2;
      o.dbt.threshold = (uint32_t)v;
      break;
    case 'T':
      if (tools_range("run", "--top", optarg, 0, RUN_TOP_MAX, &top) < 0)
        return 2;
      break;
    case 'e':
      if (tools_range("run", "--edge-threshold", optarg, 0, HWPROF_EDGE_CTRL_THRESHOLD, &v) < 0)
        return 2;
      o.dbt.edge_threshold = (uint32_t)v;
      break;
    case 'A': o.dbt.all_edges = 1; break;
    case 'P':
      if (strcmp(optarg, "window") == 0)
        o.dbt.probe = DBT_PROBE_WINDOW;
      else if (strcmp(optarg, "word") == 0)
        o.dbt.probe = DBT_PROBE_WORD;
      else {
        fprintf(stderr, "hwprof run: --hw-probe is window or word, not '%s'\n", optarg);
        return 2;
      }
      break;
    case 'B': o.dbt.superblocks = 1; break;
    case 'M': o.dbt.member_probes = 1; break;
    case 'Z': o.dbt.regions = 1; break;
    case 'u':
      if (prof_sb_budget_parse("run", optarg, &o.dbt) < 0)
        return 2;
      break;
    case 'F': plan_path = optarg; break;
    case 'q': quiet = 1; break;
    case 'j': json = optarg; break;
    case 'C': csv = optarg; break;
    case 'g': callgrind = optarg; break;
    case 's': o.dbt.strict = 1; break;
    case 'G': o.dbt.messages = optarg; break;
    case 'Y': /* testing (not in --help): the board must catch the missing instructions */
      if (strcmp(optarg, "dcbst") && strcmp(optarg, "icbi") && strcmp(optarg, "both")) {
        fprintf(stderr, "hwprof run: --omit-cache-sync is dcbst, icbi or both, not '%s'\n", optarg);
        return 2;
      }
      o.dbt.omit_cache_sync = !strcmp(optarg, "dcbst")  ? VBOARD_SYNC_DCBST
                              : !strcmp(optarg, "icbi") ? VBOARD_SYNC_ICBI
                                                        : VBOARD_SYNC_BOTH;
      break;
    case 'D': dump = optarg; break;
    case 'R': rtprof = optarg, o.dbt.runtime_profile = 1; break;
    case 'E': event_trace = optarg; break;
    case 'c':
      if (tools_range("run", "--code-cache", optarg, 4096, DBT_CODE_MAX, &v) < 0)
        return 2;
      o.dbt.code_size = (uint32_t)v; /* a multiple of 4: dbt_new says so */
      break;
    case 'b':
      if (tools_range("run", "--max-block", optarg, 1, 64, &v) < 0)
        return 2;
      o.dbt.max_block = (unsigned)v;
      break;
    case 'm':
      if (tools_number("run", "--max-cycles", optarg, &o.dbt.max_cycles) < 0)
        return 2;
      break;
    case 'S': stats = 1; break;
    case 'X': o.dbt.cct = 1; break;
    case 'O': folded = optarg, o.dbt.cct = 1; break;
    case 'L': flame = optarg, o.dbt.cct = 1; break;
    case 'h': help(stdout); return 0;
    default: help(stderr); return 2;
    }
  }
  if (optind >= argc) {
    fprintf(stderr, "hwprof run: no PROGRAM given\n");
    help(stderr);
    return 2;
  }
  if (o.dbt.superblocks && o.dbt.profile == DBT_PROFILE_NONE) {
    fprintf(stderr, "hwprof run: --superblocks needs --profile hw, sw or all (the profile finds "
                    "the hot blocks; --superblocks-from forms a list without one)\n");
    return 2;
  }
  if (o.dbt.superblocks && !o.dbt.threshold)
    o.dbt.threshold = DBT_SB_THRESHOLD;
  if (o.dbt.regions && !o.dbt.threshold && o.dbt.profile == DBT_PROFILE_HW)
    o.dbt.threshold = DBT_RG_THRESHOLD;
  if (o.dbt.threshold && (o.dbt.profile == DBT_PROFILE_NONE ||
                          (o.dbt.profile == DBT_PROFILE_SW && !o.dbt.superblocks))) {
    fprintf(stderr, "hwprof run: --threshold needs --profile hw or all (or sw with "
                    "--superblocks)\n");
    return 2;
  }
  int hw = o.dbt.profile == DBT_PROFILE_HW || o.dbt.profile == DBT_PROFILE_ALL;
  if (event_trace && !hw) {
    fprintf(stderr,
            "hwprof run: --event-trace needs --profile hw or all (it records the stores "
            "to the IP; --profile %s makes none)\n",
            prof_mode_name(o.dbt.profile));
    return 2;
  }
  if (o.dbt.all_edges && !hw) {
    fprintf(stderr,
            "hwprof run: --all-edges needs --profile hw or all (the IP counts the "
            "pairs; --profile %s has no IP)\n",
            prof_mode_name(o.dbt.profile));
    return 2;
  }
  if (rtprof && o.dbt.runtime == DBT_RUNTIME_HOST) {
    fprintf(stderr, "hwprof run: --runtime-profile needs --runtime board or checked (with "
                    "--runtime host the runtime's work is not the board's)\n");
    return 2;
  }
  dbt_trace *plan = NULL;
  char perr[512];
  if (plan_path && sbplan_read(plan_path, &plan, &o.sb_plan_n, perr, sizeof perr) < 0) {
    fprintf(stderr, "hwprof run: --superblocks-from %s\n", perr);
    return 2;
  }
  o.sb_plan = plan;
  /* Every report file is opened now: none is lost, or written over an input,
   * after the guest has run. */
  outs out;
  FILE *jf, *cf, *gf, *ff, *sf, *rf;
  outs_init(&out, "run");
  outs_input(&out, "the program", argv[optind]);
  outs_input(&out, "the device tree", o.dtb_path);
  outs_input(&out, "the superblock list", plan_path);
  outs_output(&out, "--json", json, stdout, &jf);
  outs_output(&out, "--csv", csv, stdout, &cf);
  outs_output(&out, "--callgrind", callgrind, stdout, &gf);
  outs_output(&out, "--folded", folded, stdout, &ff);
  outs_output(&out, "--flame", flame, stdout, &sf);
  outs_output(&out, "--dump", dump, stderr, &o.dbt.dump);
  outs_output(&out, "--runtime-profile", rtprof, stdout, &rf);
  outs_output(&out, "--event-trace", event_trace, stdout, &o.event_trace);
  if (outs_open(&out) < 0) {
    free(plan);
    return 2;
  }
  catch_signals();
  unsigned n_top = (unsigned)top;
  prof_run pr;
  int rc = 2;
  int ran = prof_exec(&o, argc - optind, argv + optind, &pr) == 0;
  if (ran) {
    rc = pr.status;
    if (pr.r.how != DBT_EXITED) /* with --messages, there (an exec'd guest's end, say) */
      fprintf(dbt_guest(pr.d)->log, "hwprof: %s\n", pr.r.message);
    if (!quiet)
      prof_summary(stderr, &pr, n_top);
    if (stats)
      prof_write_stats(stderr, &pr);
    if (o.dbt.cct && prof_cct_summary(stderr, &pr) < 0)
      rc = rc ? rc : 2;
    if (jf)
      prof_write_json(jf, &pr, n_top);
    if (cf)
      prof_write_csv(cf, &pr);
    if (gf)
      prof_write_callgrind(gf, &pr);
    if (ff && pr.cct && prof_write_folded(ff, &pr) < 0)
      rc = rc ? rc : 2;
    if (sf && pr.cct && prof_write_flame(sf, &pr) < 0)
      rc = rc ? rc : 2;
    if (rf && rtprof_write(rf, &pr, o.dbt.xlate_image, perr, sizeof perr) < 0) {
      fprintf(stderr, "hwprof run: --runtime-profile: %s\n", perr);
      rc = rc ? rc : 2;
    }
  }
  if (!ran)
    outs_abandon(&out); /* the guest never ran: earlier reports stay */
  else if (outs_close(&out) < 0)
    rc = rc ? rc : 2;
  int sig = caught;
  if (sig) {
    fprintf(stderr, "hwprof run: interrupted by SIG%s; the reports cover the run up to there\n",
            sigabbrev_np(sig));
    rc = 128 + sig;
  }
  prof_free(&pr);
  free(plan);
  return rc;
}
