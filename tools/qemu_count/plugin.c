/*
 * plugin.c - qemu_count, a QEMU TCG plugin that counts executed guest instructions by
 * virtual address: an independent reference for hwprof's per-instruction
 * execution counts of a MIPS guest run under Debian 12's qemu-mips (qemu-user
 * 7.2).
 *
 * Every translated instruction gets an inline "add 1 to a uint64_t" op (no
 * callback per execution). All translations of one address (retranslation,
 * overlapping blocks) share one counter: a hash table maps the address to a
 * counter that lives at a fixed place on the heap from its first translation
 * on. At exit the plugin writes FILE, one line per address with a non-zero
 * count, sorted by address:
 *
 *   0040019c 1          (address in hex without 0x, count in decimal)
 *
 * It writes FILE.tmp.PID first and renames it, so FILE is never partial.
 *
 * Build (Debian ships qemu-user with plugin support but no qemu-plugin.h, so
 * the few declarations used are in plugin_abi.h; no glib):
 *
 *   gcc -O2 -Wall -Wextra -shared -fPIC -fvisibility=hidden -o /tmp/qemu_count.so \
 *     (the .c files of tools/qemu_count/)
 *
 * Run:
 *
 *   qemu-mips -plugin /tmp/qemu_count.so,out=/tmp/counts.txt PROGRAM ARGS
 *   qemu-mips -plugin /tmp/qemu_count.so,out=c.txt,lo=0x400000,hi=0x500000 ...
 *
 * Arguments: out=FILE (required); lo=ADDR and hi=ADDR (optional, any base
 * strtoull accepts) count only lo <= vaddr < hi. A relative FILE is taken
 * from qemu's working directory at start-up (the guest may chdir).
 *
 * sys=FILE, edge=FILE and cct=FILE (optional) also count system calls per (call
 * site, number), indirect edges per (jump, target), and per function the
 * instructions executed inside it and its calls; each oracle is a file of its own
 * in tools/qemu_count/ (syscalls.c, edges.c, cct.c, with the counts in counts.c),
 * which says what it counts and the file's lines; this one takes the arguments,
 * hooks every translation block and writes the files at exit.
 *
 * Messages: qemu_plugin_outs() writes to qemu's log, which qemu 7.2 shows only
 * with "-d plugin" (to stderr, or to the -D file). So errors are also written
 * to stderr directly; with "-d plugin" and no -D they appear twice. A bad
 * argument makes qemu_plugin_install() return non-zero and qemu refuses to
 * start (exit status 1).
 *
 * When the file is written: qemu-user 7.2 runs the plugins' atexit callbacks
 * from preexit_cleanup(), i.e. on the guest's exit_group (and exit of its last
 * thread). On a guest killed by a signal (SIGSEGV, abort(), ...) qemu 7.2's
 * dump_core_and_abort() does not call preexit_cleanup() (that came in QEMU
 * 8.0, commit "linux-user: Clean up when exiting due to a signal"), so no
 * file is written; a stale FILE from an earlier run is removed at start-up so
 * that this cannot go unnoticed. The same holds if qemu itself aborts.
 *
 * Counting semantics (these match, address for address, the "Trace" lines of
 * "qemu-mips -singlestep -d exec,nochain"): the inline op runs when an
 * instruction starts, so an instruction that raises an exception (syscall, a
 * trap, a faulting load) is counted, and counted again if it is restarted.
 * The delay slot of a branch-likely that is not taken at run time IS counted:
 * qemu tests the condition in the slot's own code, after the slot's
 * instrumentation point (target/mips decode_opc, "blikely not taken"). The
 * slot of a branch-likely that can never be taken (bnel $x,$x, bgtzl $0,
 * bltzl $0, ...) is not: qemu skips it when translating. In system mode with
 * several vCPUs the inline adds are not atomic; this plugin is meant for
 * user mode.
 */
#define _POSIX_C_SOURCE 200809L /* strdup, getcwd under -std=c99 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qemu_count.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

static char *out_path;  /* out=FILE */
static char *sys_path;  /* sys=FILE, or NULL */
static char *edge_path; /* edge=FILE, or NULL */
static char *cct_path;  /* cct=FILE, or NULL */
static uint64_t range_lo, range_hi;
static bool range_hi_set;

static void tb_start(unsigned int vcpu, void *start) {
  uint64_t pc = (uint64_t)(uintptr_t)start;
  (void)vcpu;
  cct_tb_start(pc);
  edges_tb_start(pc);
}

/* Each instruction qemu translates, to each oracle that is on. */
static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
  size_t n = qemu_plugin_tb_n_insns(tb);
  (void)id;
  pthread_mutex_lock(&qc_lock);
  if (edge_path || cct_path)
    qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_start, QEMU_PLUGIN_CB_NO_REGS,
                                         (void *)(uintptr_t)qemu_plugin_tb_vaddr(tb));
  for (size_t i = 0; i < n; i++) {
    struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
    uint64_t vaddr = qemu_plugin_insn_vaddr(insn);
    if (edge_path)
      edges_translate(insn, vaddr);
    if (sys_path)
      sys_translate(insn, vaddr);
    if (cct_path)
      cct_translate(insn, vaddr);
    counts_translate(insn, vaddr);
  }
  pthread_mutex_unlock(&qc_lock);
}

/* The files, the system calls first: the counts file's presence says the run was
 * whole. */
static void at_exit(qemu_plugin_id_t id, void *userdata) {
  (void)id;
  (void)userdata;
  pthread_mutex_lock(&qc_lock);
  if (qc_out_of_memory)
    qc_report("qemu_count: ran out of memory; %s not written\n", out_path);
  else if (counts_collect(out_path) == 0) {
    cct_finish();
    if ((!sys_path || sys_write(sys_path) == 0) && (!edge_path || edges_write(edge_path) == 0) &&
        (!cct_path || cct_write(cct_path) == 0))
      counts_write(out_path);
  }
  pthread_mutex_unlock(&qc_lock);
}

static int parse_addr(const char *key, const char *s, uint64_t *v) {
  char *end;
  errno = 0;
  *v = strtoull(s, &end, 0);
  if (!*s || *end || errno || *s == '-') {
    qc_report("qemu_count: %s wants an address (e.g. 0x400000), not '%s'\n", key, s);
    return -1;
  }
  return 0;
}

/* out_path made absolute (the guest may chdir before exit); NULL on error. */
static char *absolute(const char *path) {
  char cwd[4096];
  char *p;
  if (path[0] == '/')
    return strdup(path);
  if (!getcwd(cwd, sizeof cwd)) {
    qc_report("qemu_count: cannot get the working directory: %s\n", strerror(errno));
    return NULL;
  }
  p = malloc(strlen(cwd) + strlen(path) + 2);
  if (p)
    sprintf(p, "%s/%s", cwd, path);
  return p;
}

/* key=FILE for an optional output: made absolute (the guest may chdir), an old
 * file of that name removed (a run that writes none must not leave it); non-zero
 * (said) on an error. */
static int output_arg(const char *key, const char *file, char **path) {
  if (!*file) {
    qc_report("qemu_count: %s= wants a file name\n", key);
    return 1;
  }
  if (!(*path = absolute(file)))
    return 1;
  if (unlink(*path) && errno != ENOENT) {
    qc_report("qemu_count: cannot remove the old %s: %s\n", *path, strerror(errno));
    return 1;
  }
  return 0;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
                                           char **argv) {
  const char *out = NULL;
  int fd;
  (void)info;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i], *eq = strchr(a, '=');
    size_t klen = eq ? (size_t)(eq - a) : strlen(a);
    if (eq && klen == 3 && !strncmp(a, "out", 3)) {
      if (!eq[1]) {
        qc_report("qemu_count: out= wants a file name\n");
        return 1;
      }
      out = eq + 1;
    } else if (eq && klen == 3 && !strncmp(a, "sys", 3)) {
      if (output_arg("sys", eq + 1, &sys_path))
        return 1;
    } else if (eq && klen == 4 && !strncmp(a, "edge", 4)) {
      if (output_arg("edge", eq + 1, &edge_path))
        return 1;
    } else if (eq && klen == 3 && !strncmp(a, "cct", 3)) {
      if (output_arg("cct", eq + 1, &cct_path))
        return 1;
    } else if (eq && klen == 2 && !strncmp(a, "lo", 2)) {
      if (parse_addr("lo", eq + 1, &range_lo))
        return 1;
    } else if (eq && klen == 2 && !strncmp(a, "hi", 2)) {
      if (parse_addr("hi", eq + 1, &range_hi))
        return 1;
      range_hi_set = true;
    } else {
      qc_report("qemu_count: unknown argument '%s' (arguments: out=FILE, sys=FILE, edge=FILE, "
                "cct=FILE, lo=ADDR, hi=ADDR)\n",
                a);
      return 1;
    }
  }
  if (!out) {
    qc_report(
        "qemu_count: missing out=FILE (usage: -plugin qemu_count.so,out=FILE[,lo=ADDR,hi=ADDR])\n");
    return 1;
  }
  if (range_hi_set && range_lo >= range_hi) {
    qc_report("qemu_count: empty range: lo=0x%" PRIx64 " is not below hi=0x%" PRIx64 "\n", range_lo,
              range_hi);
    return 1;
  }
  counts_range(range_lo, range_hi, range_hi_set);
  out_path = absolute(out);
  if (!out_path)
    return 1;
  char *tmp_path = qc_tmp_name(out_path);
  if (!tmp_path)
    return 1;

  /* Fail now, not after a long run, if FILE's directory is not writable. */
  fd = open(tmp_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd < 0) {
    qc_report("qemu_count: cannot create %s: %s\n", tmp_path, strerror(errno));
    free(tmp_path);
    return 1;
  }
  close(fd);
  unlink(tmp_path);
  free(tmp_path);
  /* No stale counts: FILE exists afterwards only if this run wrote it. */
  if (unlink(out_path) && errno != ENOENT) {
    qc_report("qemu_count: cannot remove the old %s: %s\n", out_path, strerror(errno));
    return 1;
  }

  qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
  if (sys_path)
    qemu_plugin_register_vcpu_syscall_cb(id, sys_made);
  qemu_plugin_register_atexit_cb(id, at_exit, NULL);
  return 0;
}
