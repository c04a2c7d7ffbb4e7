/*
 * compare.c - 'hwprof compare': the hardware and the software profile of one
 * execution side by side, and both against qemu-mips's own count of every
 * instruction executed.
 *
 * The program runs once with --profile all (each block stores its address to
 * the IP and increments its RAM counter).  Three counts per block come out: the
 * IP's table, the sw counter, and the runtime's block observer.  hw and sw must
 * be equal except where the IP says it lost events: the sum of the missing hw
 * counts must equal its lost-event counters exactly.
 *
 * The reference: qemu-mips runs the same file with the same argv and
 * environment under a TCG plugin (tools/qemu_count/) that counts every
 * executed instruction by address.  The counts our blocks imply (a block's
 * entries for each of its instructions, summed over overlapping blocks) must
 * equal qemu's on the program's own code (guest_own_code: the functions of its
 * own object files, dbt/guest_syms.c, and those --own names).  Library code may
 * differ where it depends on the process's addresses (qemu's stack and heap
 * are elsewhere; string functions branch on alignment): those differences are
 * listed by function, and do not fail the comparison.  Own-code differences are
 * checked against a second qemu-mips run, then a second run of ours (compare_vary.c):
 * where either side differs from itself in the same function, they are the
 * program's own nondeterminism (an address, the time) and accounted for.
 *
 * System calls: a count per (call site, number) from three sources -- the IP's
 * records, the runtime's own count, and qemu-mips (the plugin's sys= file) --
 * must agree pair for pair.
 *
 * Indirect edges: a count per (source block, target block) from the IP's edge
 * table and from the sw profile's probes must agree edge for edge, and their sums
 * per (jump, target) must equal qemu-mips's (the plugin's edge= file) at every
 * jump in the program's own code (library code: listed, as for instructions).
 *
 * Calling contexts: the run's calling-context tree (--cct's, built sequentially and
 * in parallel, the same) gives each function's calls and inclusive instructions;
 * they must equal qemu-mips's (the plugin's cct= file, its own shadow stack), or
 * differ within the address-dependent paths: by no more than the instruction
 * counts differ in all, with the program's own functions called as often.
 *
 * Both runs read the same stdin: compare copies its own to a file once and gives
 * each run the copy from its start (not for a terminal, which both share; a
 * closed stdin is /dev/null for both).  The runtime's own messages go to a file
 * of their own (hwprof run --messages), reported apart; the outputs are compared
 * without qemu-mips's notes and the lines --ignore-lines names
 * (compare_output.c).
 * When the guest dies of a signal under qemu-mips, qemu 7.2 writes no counts (see
 * qemu_count/): the exit statuses and the outputs are still compared, and the
 * result is ok when both runs behaved the same.
 *
 * A block a fault or trap cut short (to a handler, or the guest's death) counts
 * as entered, but its instructions after the faulting one did not run: the
 * per-instruction counts leave them out (dbt_cuts), as the calling contexts do.
 *
 * Exit status: 0 every difference accounted for; 1 some difference is not, or
 * the guest's exit status or output differ from qemu-mips's; 2 bad usage, or a
 * run could not start.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "compare_output.h"
#include "compare_vary.h"
#include "io.h"
#include "options.h"
#include "outfiles.h"
#include "profile.h"
#include "report.h"
#include "tools.h"

static void help(FILE *f) {
  fprintf(f,
          "usage: hwprof compare [OPTIONS] PROGRAM [ARGS...]\n"
          "\n"
          "Runs PROGRAM once on the virtual board with both profiles (--profile all) and\n"
          "compares, block by block, the IP's counts with the software counters: equal, or\n"
          "different by exactly the events the IP reports lost.  Then runs it under qemu-mips\n"
          "with a counting plugin and compares the per-instruction counts the blocks imply\n"
          "with qemu's, on the program's own code (the functions of its own object files, by\n"
          "the symbol table and the link order, and those --own names), and the system calls\n"
          "per (call site, number): the IP's records, the runtime's and qemu's (but for the\n"
          "calls the runtime refused as unsupported, listed apart); and the indirect edges per\n"
          "(source, target): the IP's, the sw profile's and qemu's; and each function's calls\n"
          "and inclusive instructions from the run's calling-context tree (built sequentially\n"
          "and in parallel: the same) and from the plugin's own shadow stack.\n"
          "The guests' output goes to a file, and is compared too; the runtime's own messages\n"
          "(an unsupported system call, say) go to another (hwprof run --messages) and are\n"
          "reported apart, never taken for the guest's.  Both runs read the same stdin: it is\n"
          "copied to a file once (unless it is a terminal).  A guest that dies of a signal\n"
          "under qemu-mips leaves no counts there (QEMU 7.2 writes them only at exit): then\n"
          "the exit statuses (128 + the signal) and the outputs are compared, and agree when\n"
          "both runs behaved the same.  When the program's own counts differ, qemu-mips runs a\n"
          "second time (its stack lower, later), and, for what that leaves, so does the guest\n"
          "here (unprofiled, its stack lower): a difference in a function where either side's\n"
          "two runs disagree too is the program's own, address- or time-dependent, and is\n"
          "accounted for.\n"
          "\n"
          "options:\n"
          "  --qemu PATH        the reference emulator (default: qemu-mips)\n"
          "  --plugin FILE      its counting plugin (default: qemu-count.so beside this program)\n"
          "  --no-qemu          compare hw and sw only\n"
          "  --show N           list at most N differing blocks or functions (default 10)\n"
          "  --json FILE        the comparison as JSON ('-': stdout)\n"
          "  --own PATTERN      the functions whose names match PATTERN (fnmatch, as the shell\n"
          "                     does; repeatable) are own code too\n"
          "  --ignore-lines RE  leave the output lines that match RE (a POSIX extended regular\n"
          "                     expression; repeatable) out of the comparison, on both sides\n"
          "  --keep DIR         keep the guests' outputs and qemu's counts in DIR (made, with\n"
          "                     its parents, if it is not there)\n"
          "  --brief            one line: program, blocks, blocks hw = sw, lost events, all\n"
          "                     accounted, own-code instructions and how many differ from\n"
          "                     qemu's, the same for library code, output vs qemu, result\n"
          "  --superblocks N    the run forms superblocks from the blocks the IP reports hot at\n"
          "                     N entries (hwprof run --threshold N --superblocks)\n"
          "  --member-probes    their members keep their own probes (hwprof run)\n"
          "  --dtb FILE         board device tree (default: the ML300 board)\n" PROF_CLOCK_HELP
              PROF_CACHES_HELP PROF_IP_MODEL_HELP PROF_RUNTIME_HELP
          "  --unaligned MODE   trap (default here, as qemu-mips): a load or store not\n"
          "                     aligned to its size raises SIGBUS; allow: it happens\n"
          "  --confine MODE     on (default here, as qemu-mips): a load or store to memory\n"
          "                     the guest has not mapped raises SIGSEGV; off: unchecked\n"
          "  --help             this text\n"
          "\n"
          "Exit status: 0 every difference is accounted for; 1 one is not, or the exit status\n"
          "or output differ from qemu-mips's; 2 bad usage or a run that could not start.\n");
}

/* ------------------------------------------------------------ hw vs sw */

typedef struct hwsw {
  size_t equal, differ, sw_only, hw_only, hw_more, entries_differ;
  uint64_t deficit; /* sum of sw - hw where hw is short */
  uint64_t lost;    /* the IP's lost events */
  int ok;
} hwsw;

static hwsw compare_hwsw(const prof_run *pr, unsigned show, FILE *f) {
  hwsw c = {0};
  const hwprof_stats *t = &pr->hw->stats;
  unsigned listed = 0;
  char where[160];
  for (size_t i = 0; i < pr->n; i++) {
    const prof_block *b = &pr->blocks[i];
    c.entries_differ += b->sw != b->count;
    if (b->hw == b->sw) {
      c.equal++;
      continue;
    }
    if (b->hw > b->sw)
      c.hw_more++;
    else if (!b->in_hw)
      c.sw_only++;
    else
      c.differ++;
    if (b->hw < b->sw)
      c.deficit += b->sw - b->hw;
    if (listed++ < show) {
      prof_where(pr, b->pc, where, sizeof where);
      fprintf(f, "  %#010x %-28s hw %llu, sw %llu%s\n", b->pc, where, (unsigned long long)b->hw,
              (unsigned long long)b->sw, b->in_hw ? "" : " (not in the IP's table)");
    }
  }
  c.hw_only = pr->n_hw_only;
  for (size_t i = 0; i < pr->n_hw_only && listed++ < show; i++)
    fprintf(f, "  %#010x only in the IP's table, count %u\n", pr->hw_only[i].spc,
            pr->hw_only[i].count);
  c.lost = (uint64_t)t->lost_fifo + t->lost_table + t->spill_errors;
  c.ok = !c.hw_more && !c.hw_only && !c.entries_differ && c.deficit == c.lost &&
         (!pr->hw->cfg.stats ||
          t->events_in == prof_events_expected(pr)); /* (STATS = 0: not counted) */
  return c;
}

/* The end of a system-call or edge line: hw against sw, or why the IP has nothing. */
static void hw_vs_sw(FILE *f, int has_hw, size_t differ, uint64_t lost, const char *absent) {
  if (has_hw)
    fprintf(f, "hw vs sw: %zu differ, %llu lost\n", differ, (unsigned long long)lost);
  else
    fprintf(f, "%s\n", absent);
}

/* ------------------------------------------------------------ qemu-mips */

/* The files a comparison writes in its directory: the guest's stdin, both
 * outputs, the runtime's messages, the plugin's four files; a second qemu-mips
 * run's output and counts, and a second run of ours's output and messages
 * (compare_vary.c). */
enum {
  KEPT_STDIN,
  KEPT_OURS,
  KEPT_MSGS,
  KEPT_QEMU,
  KEPT_COUNTS,
  KEPT_SYS,
  KEPT_EDGES,
  KEPT_CCT,
  KEPT_QEMU2,
  KEPT_COUNTS2,
  KEPT_OURS2,
  KEPT_MSGS2,
  KEPT_N
};
static const char *const kept_names[KEPT_N] = {
    "stdin",           "hwprof.out",        "hwprof-messages.txt", "qemu.out",
    "qemu-counts.txt", "qemu-syscalls.txt", "qemu-edges.txt",      "qemu-cct.txt",
    "qemu-2.out",      "qemu-counts-2.txt", "hwprof-2.out",        "hwprof-messages-2.txt"};

/* The file a command name runs: itself when it has a slash, else the first
 * executable of that name in PATH (NULL: none). */
static const char *which(const char *name, char *buf, size_t len) {
  if (strchr(name, '/'))
    return name;
  const char *path = getenv("PATH");
  for (const char *p = path ? path : ""; *p;) {
    size_t n = strcspn(p, ":");
    if (n && (size_t)snprintf(buf, len, "%.*s/%s", (int)n, p, name) < len && !access(buf, X_OK))
      return buf;
    p += n + (p[n] == ':');
  }
  return NULL;
}

/* Runs the reference with stdin from `in` (NULL: ours) and our environment (the
 * second runs' extra variable set in it, set_vary_var), its plugin writing counts
 * (and, unless sys is NULL, sys, edges and cct); its exit status as a shell shows it
 * (128 + N for death by signal N), or -1. */
static int run_qemu(const char *qemu, const char *plugin, const char *counts, const char *sys,
                    const char *edges, const char *cct, const char *in, const char *out, int argc,
                    char **argv) {
  char *arg = NULL;
  if (sys ? asprintf(&arg, "%s,out=%s,sys=%s,edge=%s,cct=%s", plugin, counts, sys, edges, cct) < 0
          : asprintf(&arg, "%s,out=%s", plugin, counts) < 0)
    return -1;
  char **av = calloc((size_t)argc + 4, sizeof *av);
  if (!av) {
    free(arg);
    return -1;
  }
  av[0] = (char *)qemu;
  av[1] = "-plugin";
  av[2] = arg;
  for (int i = 0; i < argc; i++)
    av[3 + i] = argv[i];
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid == 0) {
    int fd = in ? open(in, O_RDONLY) : -1;
    if (in && (fd < 0 || dup2(fd, 0) < 0)) {
      fprintf(stderr, "cannot read %s: %s\n", in, strerror(errno));
      _exit(127);
    }
    fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
    }
    execvp(qemu, av);
    fprintf(stderr, "cannot run %s: %s\n", qemu, strerror(errno));
    _exit(127);
  }
  int st = -1;
  if (pid < 0 || waitpid(pid, &st, 0) < 0)
    st = -1;
  free(av);
  free(arg);
  if (st == -1)
    return -1;
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* An empty file at path (the runtime appends to it); 0, or -1 (printed). */
static int truncate_file(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0 || close(fd) < 0) {
    fprintf(stderr, "hwprof compare: cannot write %s: %s\n", path, strerror(errno));
    return -1;
  }
  return 0;
}

/* Both runs read the same stdin: ours is copied to `path` once, and each run reads
 * the copy from its start.  1 when copied (fd 0 is the copy now), 0 when stdin is a
 * terminal (both runs share it) or closed (both get /dev/null: a closed fd 0 would
 * be taken by the files compare opens), -1 on a failure (printed). */
static int capture_stdin(const char *path) {
  if (fcntl(0, F_GETFD) < 0)
    return open("/dev/null", O_RDONLY) == 0 ? 0 : -1;
  if (isatty(0))
    return 0;
  int out = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600), in = -1;
  char buf[65536];
  ssize_t n = 0;
  while (out >= 0 && (n = read(0, buf, sizeof buf)) > 0)
    if (write(out, buf, (size_t)n) != n) {
      n = -1;
      break;
    }
  if (out < 0 || n < 0 || close(out) < 0 || (in = open(path, O_RDONLY)) < 0 || dup2(in, 0) < 0) {
    fprintf(stderr, "hwprof compare: cannot copy stdin to %s: %s\n", path, strerror(errno));
    return -1;
  }
  close(in);
  return 1;
}

/* Our run's counts per instruction of the text [lo, lo + 4n) added to c (blocks'
 * entries, less the tails a fault cut short); returns every instruction it ran,
 * the text's and the rest. */
static uint64_t our_counts(const prof_run *pr, uint32_t lo, uint32_t n, uint64_t *c) {
  uint64_t total = 0;
  for (size_t i = 0; i < pr->n; i++)
    for (uint32_t k = 0; k < pr->blocks[i].insns; k++) {
      uint32_t a = (pr->blocks[i].pc + 4 * k - lo) / 4;
      if (a < n)
        c[a] += pr->blocks[i].count;
      total += pr->blocks[i].count;
    }
  size_t ncuts;
  const dbt_cut *cut = dbt_cuts(pr->d, &ncuts);
  for (size_t i = 0; i < ncuts; i++) /* blocks a fault cut short: their tails never ran */
    for (uint32_t a = cut[i].from; a < cut[i].to; a += 4) {
      if ((a - lo) / 4 < n)
        c[(a - lo) / 4] -= cut[i].n;
      total -= cut[i].n;
    }
  return total;
}

/* Which side's two runs disagree in a function (compare_vary.c). */
enum { VARIES_QEMU = 1, VARIES_OURS = 2 };

/* One function's differences. */
typedef struct fdiff {
  const char *name;
  uint32_t addr;
  int own;
  unsigned insns; /* addresses that differ */
  uint64_t ours, qemu;
  int varies; /* own: VARIES_QEMU, VARIES_OURS: a side's second run differs in it too */
} fdiff;

typedef struct vsq {
  uint64_t ours_total, qemu_total, outside;
  size_t addrs, own_addrs, own_differ, lib_addrs, lib_differ, annulled;
  size_t own_varies;   /* own_differ's addresses in functions either side varies in */
  int second;          /* qemu-mips ran a second time (own counts differed) */
  int ours_second;     /* ... and we did (qemu-mips's did not explain them all) */
  uint64_t abs_differ; /* the differing counts' differences, summed */
  fdiff *f;
  size_t nf;
  int ok;
} vsq;

static int by_diff(const void *a, const void *b) {
  const fdiff *x = a, *y = b;
  uint64_t dx = x->ours > x->qemu ? x->ours - x->qemu : x->qemu - x->ours;
  uint64_t dy = y->ours > y->qemu ? y->ours - y->qemu : y->qemu - y->ours;
  if (x->own != y->own)
    return y->own - x->own;
  return dx < dy ? 1 : dx > dy ? -1 : 0;
}

static int compare_qemu(const prof_run *pr, const char *counts, vsq *q, char *why, size_t wl) {
  const guest *g = dbt_guest(pr->d);
  uint32_t lo = g->text_lo, n = (g->text_hi - g->text_lo + 3) / 4;
  uint64_t *ours = calloc(n, sizeof *ours), *ref = calloc(n, sizeof *ref);
  memset(q, 0, sizeof *q);
  if (!ours || !ref) {
    free(ours);
    free(ref);
    snprintf(why, wl, "out of memory");
    return -1;
  }
  q->ours_total = our_counts(pr, lo, n, ours);
  if (cmp_read_counts(counts, lo, n, ref, &q->qemu_total, &q->outside) < 0) {
    snprintf(why, wl, "qemu-mips wrote no counts (%.200s: %s)", counts, strerror(errno));
    free(ours);
    free(ref);
    return -1;
  }
  size_t cap = 0;
  int rc = 0;
  for (uint32_t i = 0; i < n && !rc; i++) {
    if (!ours[i] && !ref[i])
      continue;
    uint32_t a = lo + 4 * i, off = 0;
    int own = guest_own_code(g, a);
    q->addrs++;
    own ? q->own_addrs++ : q->lib_addrs++;
    if (ours[i] == ref[i])
      continue;
    if (ours[i] > ref[i] && i && dbt_branch_likely(guest_rd32(g, a - 4))) {
      q->annulled++; /* we count a block's delay slot even when annulled */
      continue;
    }
    own ? q->own_differ++ : q->lib_differ++;
    q->abs_differ += ours[i] > ref[i] ? ours[i] - ref[i] : ref[i] - ours[i];
    const char *name = guest_symbol(g, a, &off);
    uint32_t fa = name ? a - off : a & ~0xFFFu;
    if (!q->nf || q->f[q->nf - 1].addr != fa) {
      if (q->nf == cap) {
        fdiff *nf = realloc(q->f, (2 * cap + 64) * sizeof *nf);
        if (!nf) {
          snprintf(why, wl, "out of memory");
          rc = -1;
          break;
        }
        q->f = nf;
        cap = 2 * cap + 64;
      }
      q->f[q->nf++] = (fdiff){name ? name : "?", fa, own, 0, 0, 0, 0};
    }
    fdiff *d = &q->f[q->nf - 1];
    d->insns++;
    d->ours += ours[i];
    d->qemu += ref[i];
  }
  if (q->nf)
    qsort(q->f, q->nf, sizeof *q->f, by_diff);
  q->ok = !q->own_differ;
  free(ours);
  free(ref);
  return rc;
}

/* Marks the functions where v says one side's two runs differ (f->varies: side,
 * q->own_varies). */
static void mark_varies(const guest *g, const cmp_vary *v, int side, vsq *q) {
  for (size_t i = 0; i < q->nf; i++)
    if (q->f[i].own && !q->f[i].varies && cmp_vary_in_function(v, g, q->f[i].addr)) {
      q->f[i].varies = side;
      q->own_varies += q->f[i].insns;
    }
}

/* The second runs' extra environment variable, CMP_VARY_VAR=2 padded to CMP_VARY_PAD
 * bytes in all (their initial stacks lower), set in ours for both; -1 when out of
 * memory. */
static int set_vary_var(void) {
  char v[CMP_VARY_PAD + 1];
  size_t k = CMP_VARY_PAD - strlen(CMP_VARY_VAR) - 1;
  memset(v, '.', k);
  v[0] = '2';
  v[k] = 0;
  return setenv(CMP_VARY_VAR, v, 1);
}

/* qemu-mips's second run: the functions where its two runs disagree. */
static int qemu_second(const prof_run *pr, const char *qemu, const char *plugin, const char *in,
                       char files[][4200], const char *counts1, vsq *q, char *why, size_t wl) {
  const guest *g = dbt_guest(pr->d);
  const char *counts2 = files[KEPT_COUNTS2];
  int st =
      run_qemu(qemu, plugin, counts2, NULL, NULL, NULL, in, files[KEPT_QEMU2], pr->argc, pr->argv);
  cmp_vary v;
  if (st < 0 || access(counts2, F_OK))
    return snprintf(why, wl, "the second run of %s wrote no counts (status %d)", qemu, st), -1;
  if (cmp_vary_read(&v, counts1, counts2, g->text_lo, g->text_hi, why, wl) < 0)
    return -1;
  mark_varies(g, &v, VARIES_QEMU, q);
  cmp_vary_free(&v);
  q->second = 1;
  return 0;
}

/* Our second run, unprofiled: an address our run branches on may move where
 * qemu-mips's does not (their stacks lie apart), so only ours shows it. */
static int ours_second(const prof_run *pr, const prof_opts *o, const char *in, char files[][4200],
                       vsq *q, char *why, size_t wl) {
  const guest *g = dbt_guest(pr->d);
  prof_opts o2 = *o;
  o2.dbt.profile = DBT_PROFILE_NONE;
  o2.dbt.cct = 0;
  o2.dbt.superblocks = 0;
  o2.dbt.threshold = 0;
  o2.sb_plan = NULL, o2.sb_plan_n = 0;
  o2.guest_out = files[KEPT_OURS2];
  o2.dbt.messages = files[KEPT_MSGS2];
  o2.dbt.dump = NULL;
  o2.event_trace = NULL;
  if (in && lseek(0, 0, SEEK_SET) < 0)
    return snprintf(why, wl, "cannot rewind %.200s: %s", in, strerror(errno)), -1;
  prof_run p2;
  if (prof_exec(&o2, pr->argc, pr->argv, &p2) < 0) {
    prof_free(&p2);
    return snprintf(why, wl, "the second run of ours did not start"), -1;
  }
  uint32_t lo = g->text_lo, n = (g->text_hi - g->text_lo + 3) / 4;
  uint64_t *a = calloc(n + 1, sizeof *a), *b = calloc(n + 1, sizeof *b);
  cmp_vary v;
  int rc = a && b ? 0 : -1;
  if (!rc) {
    our_counts(pr, lo, n, a);
    our_counts(&p2, lo, n, b);
    rc = cmp_vary_from(&v, lo, n, a, b);
  }
  if (!rc) {
    mark_varies(g, &v, VARIES_OURS, q);
    cmp_vary_free(&v);
    q->ours_second = 1;
  }
  free(a);
  free(b);
  prof_free(&p2);
  return rc ? (snprintf(why, wl, "out of memory"), -1) : 0;
}

/* Own-code differences against a second qemu-mips run (compare_vary.c), its
 * environment one variable longer (its stack lower) and its clock later, and, for
 * those it leaves, against a second run of ours (unprofiled, its environment as
 * long): those in functions where either side's two runs disagree are the
 * program's own nondeterminism (f->varies, q->own_varies).  0, or -1 with the
 * reason in why. */
static int second_run(const prof_run *pr, const prof_opts *o, const char *qemu, const char *plugin,
                      const char *in, char files[][4200], const char *counts1, vsq *q, char *why,
                      size_t wl) {
  if (set_vary_var() < 0)
    return snprintf(why, wl, "out of memory"), -1;
  int rc = qemu_second(pr, qemu, plugin, in, files, counts1, q, why, wl);
  if (!rc && q->own_varies < q->own_differ)
    rc = ours_second(pr, o, in, files, q, why, wl);
  unsetenv(CMP_VARY_VAR);
  if (rc)
    return -1;
  q->ok = q->own_varies == q->own_differ;
  return 0;
}

/* ,"syscall_refused":[{"number","name","here","qemu"}]: the numbers the runtime refused. */
static void json_refused(FILE *f, const prof_sys_ref *q) {
  fprintf(f, ",\"syscall_refused\":[");
  for (size_t i = 0; i < q->n_refused; i++) {
    const char *name = guest_syscall_name(q->refused[i].number);
    fprintf(f, "%s{\"number\":%u,\"name\":", i ? "," : "", q->refused[i].number);
    name ? prof_json_str(f, name) : (void)fprintf(f, "null");
    fprintf(f, ",\"here\":%llu,\"qemu\":%llu}", (unsigned long long)q->refused[i].here,
            (unsigned long long)q->refused[i].ref);
  }
  fprintf(f, "]");
}

/* ------------------------------------------------------------ the command */

int cmd_compare(int argc, char **argv) {
  prof_opts o = prof_defaults("compare");
  o.dbt.unaligned_trap = 1; /* as qemu-mips, the reference (run's default is allow) */
  o.dbt.confine = 1;        /* the same */
  const char *qemu = "qemu-mips", *plugin = NULL, *json = NULL, *keep = NULL;
  int use_qemu = 1, brief = 0, c;
  const char **own = calloc((size_t)argc + 1, sizeof *own); /* --own's patterns */
  size_t n_own = 0;
  unsigned own_named = 0; /* functions they named */
  if (!own)
    return fprintf(stderr, "hwprof compare: out of memory\n"), 2;
  FILE *rep = stdout; /* the report; with --brief, one line at the end instead */
  uint64_t show = 10;
  char pbuf[4096], buf[320];
  cmp_ignore ign = {0};
  static const struct option opts[] = {{"qemu", required_argument, 0, 'q'},
                                       {"plugin", required_argument, 0, 'p'},
                                       {"no-qemu", no_argument, 0, 'n'},
                                       {"show", required_argument, 0, 's'},
                                       {"json", required_argument, 0, 'j'},
                                       {"keep", required_argument, 0, 'k'},
                                       {"brief", no_argument, 0, 'b'},
                                       {"ignore-lines", required_argument, 0, 'I'},
                                       {"own", required_argument, 0, 'o'},
                                       OPT_ENTRY_DTB,
                                       {"superblocks", required_argument, 0, 'S'},
                                       {"member-probes", no_argument, 0, 'M'},
                                       OPT_ENTRY_CLOCK,
                                       OPT_ENTRY_UNALIGNED,
                                       OPT_ENTRY_CONFINE,
                                       OPT_ENTRY_CACHES,
                                       OPT_ENTRY_IP_MODEL,
                                       OPT_ENTRY_RUNTIME,
                                       {"help", no_argument, 0, 'h'},
                                       {0, 0, 0, 0}};
  uint64_t v;
  optind = 1;
  while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
    int k = tools_board_option("compare", c, optarg, &o.dtb_path, &o.dbt);
    if (k < 0)
      return 2;
    if (k)
      continue;
    switch (c) {
    case 'q': qemu = optarg; break;
    case 'p': plugin = optarg; break;
    case 'n': use_qemu = 0; break;
    case 's':
      if (tools_range("compare", "--show", optarg, 0, 100000, &show) < 0)
        return 2;
      break;
    case 'j': json = optarg; break;
    case 'k': keep = optarg; break;
    case 'b': brief = 1; break;
    case 'o': own[n_own++] = optarg; break;
    case 'I':
      if (cmp_ignore_add(&ign, optarg, buf, sizeof buf) < 0) {
        fprintf(stderr, "hwprof compare: %s\n", buf);
        cmp_ignore_free(&ign);
        return 2;
      }
      break;
    case 'S':
      if (tools_range("compare", "--superblocks", optarg, 1, UINT32_MAX, &v) < 0)
        return 2;
      o.dbt.threshold = (uint32_t)v;
      o.dbt.superblocks = 1;
      break;
    case 'M': o.dbt.member_probes = 1; break;
    case 'h': help(stdout); return 0;
    default: help(stderr); return 2;
    }
  }
  if (optind >= argc) {
    fprintf(stderr, "hwprof compare: no PROGRAM given\n");
    help(stderr);
    return 2;
  }
  if (!plugin)
    plugin = tools_beside("qemu-count.so", pbuf, sizeof pbuf);
  if (use_qemu && access(plugin, R_OK)) {
    fprintf(stderr, "hwprof compare: no qemu plugin at %s (make builds it; or --no-qemu)\n",
            plugin);
    return 2;
  }
  /* qemu looks a plugin named without a slash up in the library path, not here: it
   * gets the file's whole path. */
  char pabs[PATH_MAX];
  if (use_qemu && realpath(plugin, pabs))
    plugin = pabs;
  /* The JSON report is opened before anything runs: it is not lost after. */
  outs out;
  FILE *jf;
  outs_init(&out, "compare");
  outs_input(&out, "the program", argv[optind]);
  outs_input(&out, "the device tree", o.dtb_path);
  char qpath[PATH_MAX];
  if (use_qemu) {
    outs_input(&out, "the qemu plugin", plugin);
    outs_input(&out, "qemu-mips", which(qemu, qpath, sizeof qpath));
  }
  outs_output(&out, "--json", json, stdout, &jf);
  /* --keep's directory is made (with its parents) when it is not there yet. */
  if (keep && tools_mkdirs(keep) < 0) {
    fprintf(stderr, "hwprof compare: cannot make the --keep directory %s: %s\n", keep,
            strerror(errno));
    return 2;
  }
  /* The files compare writes in its directory (--keep's, or a temporary one): none
   * may be named as a report. */
  char files[KEPT_N][4200];
  for (size_t k = 0; keep && k < KEPT_N; k++) {
    snprintf(files[k], sizeof files[k], "%s/%s", keep, kept_names[k]);
    outs_reserve(&out, "a file --keep keeps", files[k]);
  }
  if (outs_open(&out) < 0)
    return 2;
  char dir[] = "/tmp/hwprof-compare.XXXXXX";
  const char *d = keep;
  if (!d && !(d = mkdtemp(dir))) {
    fprintf(stderr, "hwprof compare: cannot make a temporary directory: %s\n", strerror(errno));
    outs_abandon(&out); /* nothing ran: earlier reports stay */
    return 2;
  }
  for (size_t k = 0; k < KEPT_N; k++)
    snprintf(files[k], sizeof files[k], "%s/%s", d, kept_names[k]);
  const char *in = files[KEPT_STDIN], *our_out = files[KEPT_OURS], *qemu_out = files[KEPT_QEMU],
             *counts = files[KEPT_COUNTS], *sys = files[KEPT_SYS], *edges = files[KEPT_EDGES],
             *cctf = files[KEPT_CCT], *msgs = files[KEPT_MSGS];
  o.dbt.profile = DBT_PROFILE_ALL;
  o.dbt.cct = 1;
  o.guest_out = our_out;
  o.dbt.messages = msgs; /* the runtime's own, apart from the guest's stderr */
  prof_run pr;
  int rc = 2;
  unsigned sh = (unsigned)show;
  cmp_lines ml = {0};
  int stdin_copied = capture_stdin(in);
  if (stdin_copied < 0 || truncate_file(msgs) < 0 ||
      prof_exec(&o, argc - optind, argv + optind, &pr) < 0)
    goto out;
  for (size_t i = 0; i < n_own; i++) {
    unsigned k = dbt_own_functions(pr.d, own[i]);
    if (!k)
      fprintf(stderr, "hwprof compare: --own '%s' names no function of %s\n", own[i], pr.program);
    own_named += k;
  }
  if (cmp_read_lines(msgs, &ml) < 0) {
    fprintf(stderr, "hwprof compare: cannot read %s: %s\n", msgs, strerror(errno));
    goto out;
  }
  if (!pr.hw) {
    fprintf(stderr, "hwprof compare: %s\n",
            pr.r.how == DBT_STOPPED ? pr.r.message : dbt_hw_error(pr.d));
    goto out;
  }
  if (brief && !(rep = fopen("/dev/null", "w"))) {
    fprintf(stderr, "hwprof compare: cannot open /dev/null\n");
    goto out;
  }
  fprintf(rep, "hwprof compare: %s", pr.program);
  for (int i = 1; i < pr.argc; i++)
    fprintf(rep, " %s", pr.argv[i]);
  fprintf(rep,
          "\nguest                 %llu instructions, %llu block entries, %zu distinct blocks\n",
          (unsigned long long)pr.st.guest_insns, (unsigned long long)pr.st.blocks_executed, pr.n);
  fprintf(rep, "hw vs sw, differing blocks:\n");
  hwsw h = compare_hwsw(&pr, sh, rep);
  const hwprof_stats *t = &pr.hw->stats;
  fprintf(rep,
          "hw vs sw              %zu blocks equal, %zu differ, %zu only in sw, %zu only in hw, "
          "%zu with hw > sw\n",
          h.equal, h.differ, h.sw_only, h.hw_only, h.hw_more);
  fprintf(rep,
          "IP lost events        %llu (FIFO full %u, table full %u, ring errors %u); the missing "
          "hw counts sum to %llu: %s\n",
          (unsigned long long)h.lost, t->lost_fifo, t->lost_table, t->spill_errors,
          (unsigned long long)h.deficit,
          h.deficit == h.lost ? "accounted for" : "NOT accounted for");
  if (!pr.hw->cfg.stats) {
    fprintf(rep, "IP events stored      not counted: the IP is built without its statistics "
                 "(STATS = 0)\n");
  } else {
    fprintf(rep, "IP events stored      %u for %llu block entries", t->events_in,
            (unsigned long long)pr.st.blocks_executed);
    if (pr.hw->sb_derived)
      fprintf(rep, ", of them %llu derived in superblocks from %llu entry and exit events",
              (unsigned long long)pr.hw->sb_derived, (unsigned long long)pr.hw->sb_events);
    fprintf(rep, "%s\n", t->events_in == prof_events_expected(&pr) ? "" : " (MISMATCH)");
  }
  fprintf(rep, "sw vs block entries   %zu of %zu blocks equal\n", pr.n - h.entries_differ, pr.n);
  prof_sys_check sc = prof_syscalls_check(&pr);
  fprintf(rep, "system calls          %llu at %zu (site, number) pairs; ",
          (unsigned long long)sc.calls, sc.pairs);
  hw_vs_sw(rep, sc.has_hw, sc.differ, sc.lost, "no hw records (the IP has no system-call table)");
  prof_edge_check ec = prof_edges_check(&pr);
  fprintf(rep, "indirect edges        %llu traversals of %zu edges; ",
          (unsigned long long)ec.traversals, ec.edges);
  hw_vs_sw(rep, ec.has_hw, ec.differ, ec.lost, "no hw edges (the IP has no edge table)");
  int tree_ok = prof_cct_summary(NULL, &pr) == 0;
  unsigned rings = prof_cct_rings(&pr);
  if (pr.cct)
    fprintf(rep,
            "calling contexts      %zu contexts, %u deep at most, %llu guest instructions; "
            "sequential and parallel builders%s%s: %s\n",
            pr.cct->len, pr.cct->max_depth, (unsigned long long)pr.cct->n[0].incl_insns,
            rings & PROF_CCT_RING_SW ? ", the sw probes' packets" : "",
            rings & PROF_CCT_RING_IP ? ", the IP's packets" : "",
            tree_ok ? "the same tree" : "DIFFERENT TREES");
  fprintf(rep, "runtime messages      %zu%s\n", ml.n,
          ml.n ? ", apart from the guest's output:" : "");
  for (size_t i = 0; i < ml.n && i < sh; i++)
    fprintf(rep, "  %s\n", ml.v[i]);
  if (ml.n > sh)
    fprintf(rep, "  (%zu more in the JSON)\n", ml.n - sh);
  int ok = h.ok && sc.ok && ec.ok && tree_ok;
  vsq q = {0};
  prof_cct_ref cq = {0};
  prof_sys_ref sq = {0};
  prof_edge_ref eq = {0};
  int qs = -1, out_same = 0, uncounted = 0;
  cmp_out co = {0};
  if (use_qemu) {
    qs = run_qemu(qemu, plugin, counts, sys, edges, cctf, stdin_copied ? in : NULL, qemu_out,
                  pr.argc, pr.argv);
    if (qs < 0) {
      fprintf(stderr, "hwprof compare: cannot run %s\n", qemu);
      ok = 0;
    } else if (cmp_outputs(our_out, qemu_out, &ign, &co) < 0) {
      fprintf(stderr, "hwprof compare: cannot read %s or %s\n", our_out, qemu_out);
      ok = 0;
      qs = -1;
    } else if (qs > 128 && access(counts, F_OK)) {
      /* qemu-mips 7.2 writes its plugin's files only when the guest exits (the
       * plugin's header comment): a guest it killed leaves statuses and output. */
      uncounted = 1;
    } else if (compare_qemu(&pr, counts, &q, buf, sizeof buf) < 0 ||
               prof_syscalls_vs_file(&pr, sys, &sq, rep, sh, buf, sizeof buf) < 0 ||
               prof_edges_vs_file(&pr, edges, &eq, rep, sh, buf, sizeof buf) < 0 ||
               (pr.cct &&
                prof_cct_vs_file(&pr, cctf, q.abs_differ, &cq, rep, sh, buf, sizeof buf) < 0) ||
               (q.own_differ && second_run(&pr, &o, qemu, plugin, stdin_copied ? in : NULL, files,
                                           counts, &q, buf, sizeof buf) < 0)) {
      fprintf(stderr, "hwprof compare: %s\n", buf);
      ok = 0;
      qs = -1;
    }
  }
  if (qs >= 0) {
    out_same = co.same;
    fprintf(rep, "exit status           %d (qemu-mips: %d)%s\n", pr.status, qs,
            pr.status == qs ? "" : " DIFFERENT");
    fprintf(rep, "guest output          %s (%ld bytes)", out_same ? "identical" : "DIFFERENT",
            co.bytes);
    if (ign.n)
      fprintf(rep, "; --ignore-lines left out %zu lines here, %zu under qemu-mips", co.ignored[0],
              co.ignored[1]);
    fprintf(rep, "\n");
  }
  if (uncounted) {
    fprintf(rep,
            "vs qemu-mips          not counted: the guest died of signal %d under qemu-mips, "
            "which then writes no counts (QEMU 7.2)\n",
            qs - 128);
    ok = ok && out_same && pr.status == qs;
  } else if (qs >= 0) {
    fprintf(rep, "instructions          %llu here, %llu under qemu-mips (%llu outside the text)\n",
            (unsigned long long)q.ours_total, (unsigned long long)q.qemu_total,
            (unsigned long long)q.outside);
    fprintf(rep, "own code              %zu instructions executed, %zu counts differ", q.own_addrs,
            q.own_differ);
    if (n_own)
      fprintf(rep, " (--own named %u functions)", own_named);
    if (q.second) {
      fprintf(rep,
              "; %zu of them where qemu-mips differs from itself (a second run, the stack %d "
              "bytes lower, later)",
              q.own_varies, CMP_VARY_PAD);
      if (q.ours_second)
        fprintf(rep, " or ours does (a second run, unprofiled, its stack %u KiB or more lower)",
                DBT_STACK_ALIGN / 1024);
      fprintf(rep, ": %s", q.ok ? "address- or time-dependent" : "the rest NOT accounted for");
    }
    fprintf(rep, "\n");
    fprintf(rep,
            "library code          %zu instructions executed, %zu counts differ "
            "(address-dependent paths)\n",
            q.lib_addrs, q.lib_differ);
    if (q.annulled)
      fprintf(rep,
              "annulled delay slots  %zu (a branch-likely not taken: counted with its block)\n",
              q.annulled);
    for (size_t i = 0; i < q.nf && i < sh; i++)
      fprintf(rep, "  %-7s %-28s %u instructions differ: %llu here, %llu under qemu-mips%s\n",
              q.f[i].own ? "own" : "library", q.f[i].name, q.f[i].insns,
              (unsigned long long)q.f[i].ours, (unsigned long long)q.f[i].qemu,
              q.f[i].varies == VARIES_QEMU   ? " (varies between qemu-mips runs)"
              : q.f[i].varies == VARIES_OURS ? " (varies between our runs)"
                                             : "");
    fprintf(rep, "system calls vs qemu  %zu pairs, %llu calls under qemu-mips; %zu pairs differ\n",
            sq.pairs, (unsigned long long)sq.calls, sq.differ);
    fprintf(rep, "refused by runtime    ");
    prof_syscalls_refused(rep, &sq, "qemu-mips");
    fprintf(rep, "%s\n", sq.n_refused ? ": unsupported here (-ENOSYS), not compared" : "");
    fprintf(rep,
            "edges vs qemu         %zu (jump, target) pairs, %llu traversals under qemu-mips; "
            "%zu differ in own code, %zu in library code\n",
            eq.edges, (unsigned long long)eq.traversals, eq.differ, eq.lib_differ);
    fprintf(rep,
            "contexts vs qemu      %zu functions (calls, inclusive instructions): %zu equal, %zu "
            "within the address-dependent paths (%llu instructions), %zu NOT accounted for\n",
            cq.functions, cq.equal, cq.within, (unsigned long long)cq.slack, cq.unaccounted);
    /* Paths that vary between two qemu-mips runs account for the own edges and
     * contexts that differ too (compare_vary.c). */
    int varies = q.second && q.ok;
    ok = ok && q.ok && out_same && pr.status == qs && !sq.differ && (!eq.differ || varies) &&
         (!cq.unaccounted || varies);
  }
  fprintf(rep, "result                %s\n", ok ? "every difference accounted for" : "FAILED");
  if (brief) {
    fclose(rep);
    rep = stdout;
    const char *slash = strrchr(pr.program, '/');
    printf("%-12s %7zu %7zu %8llu %-9s", slash ? slash + 1 : pr.program, pr.n, h.equal,
           (unsigned long long)h.lost, h.deficit == h.lost ? "yes" : "NO");
    if (uncounted)
      printf(" %7s %6s %7s %6s %-9s", "-", "-", "-", "-",
             out_same && pr.status == qs ? "identical" : "DIFFERENT");
    else if (qs >= 0)
      printf(" %7zu %6zu %7zu %6zu %-9s", q.own_addrs, q.own_differ, q.lib_addrs, q.lib_differ,
             out_same && pr.status == qs ? "identical" : "DIFFERENT");
    printf(" %s\n", ok ? "ok" : "FAILED");
  }
  if (jf) {
    FILE *f = jf;
    fprintf(f, "{\"program\":");
    prof_json_str(f, pr.program);
    fprintf(f,
            ",\"guest_insns\":%llu,\"blocks_executed\":%llu,\"distinct_blocks\":%zu,"
            "\"hw_sw\":{\"equal\":%zu,\"differ\":%zu,\"sw_only\":%zu,\"hw_only\":%zu,"
            "\"hw_more\":%zu,\"missing_hw_counts\":%llu,\"events_lost\":%llu,"
            "\"lost_fifo\":%u,\"lost_table\":%u,\"lost_spill\":%u,\"spilled\":%u,"
            "\"accounted\":%s}",
            (unsigned long long)pr.st.guest_insns, (unsigned long long)pr.st.blocks_executed, pr.n,
            h.equal, h.differ, h.sw_only, h.hw_only, h.hw_more, (unsigned long long)h.deficit,
            (unsigned long long)h.lost, t->lost_fifo, t->lost_table, t->spill_errors, t->spilled,
            h.ok ? "true" : "false");
    fprintf(f,
            ",\"syscalls\":{\"calls\":%llu,\"pairs\":%zu,\"hw_differ\":%zu,\"hw_lost\":%llu,"
            "\"accounted\":%s}",
            (unsigned long long)sc.calls, sc.pairs, sc.differ, (unsigned long long)sc.lost,
            sc.ok ? "true" : "false");
    fprintf(f,
            ",\"edges\":{\"traversals\":%llu,\"edges\":%zu,\"hw_differ\":%zu,\"hw_lost\":%llu,"
            "\"accounted\":%s}",
            (unsigned long long)ec.traversals, ec.edges, ec.differ, (unsigned long long)ec.lost,
            ec.ok ? "true" : "false");
    fprintf(f, ",\"runtime_messages\":[");
    for (size_t i = 0; i < ml.n; i++) {
      fprintf(f, "%s", i ? "," : "");
      prof_json_str(f, ml.v[i]);
    }
    fprintf(f, "]");
    if (qs >= 0)
      fprintf(f, ",\"output_ignored_lines\":{\"here\":%zu,\"qemu\":%zu}", co.ignored[0],
              co.ignored[1]);
    if (uncounted)
      fprintf(f, ",\"qemu\":{\"exit_status\":%d,\"output_identical\":%s,\"counted\":false}", qs,
              out_same ? "true" : "false");
    else if (qs >= 0)
      fprintf(
          f,
          ",\"qemu\":{\"exit_status\":%d,\"counted\":true,\"output_identical\":%s,\"insns\":%llu,"
          "\"insns_here\":%llu,\"own_insns\":%zu,\"own_differ\":%zu,\"lib_insns\":%zu,"
          "\"lib_differ\":%zu,\"annulled_delay_slots\":%zu,\"syscall_pairs\":%zu,"
          "\"syscall_calls\":%llu,\"syscall_differ\":%zu,\"edge_pairs\":%zu,"
          "\"edge_traversals\":%llu,\"edge_own_differ\":%zu,\"edge_lib_differ\":%zu,"
          "\"cct_functions\":%zu,\"cct_equal\":%zu,\"cct_within\":%zu,"
          "\"cct_unaccounted\":%zu,\"second_run\":%s,\"our_second_run\":%s,\"own_varies\":%zu}",
          qs, out_same ? "true" : "false", (unsigned long long)q.qemu_total,
          (unsigned long long)q.ours_total, q.own_addrs, q.own_differ, q.lib_addrs, q.lib_differ,
          q.annulled, sq.pairs, (unsigned long long)sq.calls, sq.differ, eq.edges,
          (unsigned long long)eq.traversals, eq.differ, eq.lib_differ, cq.functions, cq.equal,
          cq.within, cq.unaccounted, q.second ? "true" : "false", q.ours_second ? "true" : "false",
          q.own_varies);
    if (qs >= 0 && !uncounted)
      json_refused(f, &sq);
    fprintf(f, ",\"exit_status\":%d,\"ok\":%s}\n", pr.status, ok ? "true" : "false");
  }
  free(q.f);
  rc = ok ? 0 : 1;
out:
  if (rc == 2)
    outs_abandon(&out); /* no comparison made: earlier reports stay */
  else if (outs_close(&out) < 0)
    rc = 2;
  prof_free(&pr);
  cmp_lines_free(&ml);
  cmp_ignore_free(&ign);
  free(own);
  if (!keep) {
    unlink(msgs);
    unlink(our_out);
    unlink(qemu_out);
    unlink(counts);
    unlink(sys);
    unlink(edges);
    unlink(cctf);
    unlink(files[KEPT_QEMU2]);
    unlink(files[KEPT_COUNTS2]);
    unlink(in);
    rmdir(d);
  }
  return rc;
}
