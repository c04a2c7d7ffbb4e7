/*
 * process.c - the guest's processes: fork, exec, wait, signals to other
 * processes, pipes and descriptor duplication (MIPS o32 system calls, for
 * syscall.c).
 *
 * A guest process is a host process.  fork (and clone without CLONE_VM, and
 * CLONE_VM | CLONE_VFORK as posix_spawn and system() use it) forks hwprof itself:
 * the child carries on with its own copy of the board, the translator and the IP,
 * so it runs the same translated code, profiled, and everything the two share
 * (descriptors, pipes, the terminal) is shared by the host kernel exactly as
 * Linux shares it.  The child writes no summary or report -- the profile is the
 * first process's -- and when its guest exits (or dies of a signal) it exits (or
 * dies of it) at once, so the parent's wait sees the status Linux would give.  A
 * vfork-style clone keeps the parent waiting until the child has called execve
 * or exited, as vfork does (a pipe closed on exec).
 *
 * execve of a MIPS ELF executable runs it translated: hwprof runs it under
 * 'hwprof run --quiet --profile none' (and --messages, when the runtime's
 * messages go to a file: guest_log.c) with the guest's arguments and environment
 * (qemu-mips needs binfmt_misc for this and fails with ENOEXEC without it).  Any
 * other file is handed to the host's execve as it is (a shell script, the host's
 * /bin/sh), as qemu-mips does.
 *
 * Threads (clone with CLONE_VM but not CLONE_VFORK, or CLONE_THREAD) are not
 * run: -ENOSYS, said once on stderr.  Signal numbers differ between MIPS and the
 * host and are translated both ways (kill, wait statuses).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "guest.h"
#include "mips_syscalls.h"

/* clone's flags (the same on MIPS). */
#define CL_VM            0x00000100u
#define CL_VFORK         0x00004000u
#define CL_THREAD        0x00010000u
#define CL_SETTLS        0x00080000u
#define CL_PARENT_SETTID 0x00100000u
#define CL_CHILD_SETTID  0x01000000u
#define MIPS_O_NONBLOCK  0x80u
#define MIPS_O_CLOEXEC   0x80000u
#define MIPS_ENOSYS      89
#define MIPS_SIGNALS     32

/* MIPS signal n is host signal mips_sig[n] (0: none there). */
static const int mips_sig[MIPS_SIGNALS] = {
    0,       SIGHUP,  SIGINT,  SIGQUIT, SIGILL,    SIGTRAP, SIGABRT, 0 /* EMT */,
    SIGFPE,  SIGKILL, SIGBUS,  SIGSEGV, SIGSYS,    SIGPIPE, SIGALRM, SIGTERM,
    SIGUSR1, SIGUSR2, SIGCHLD, SIGPWR,  SIGWINCH,  SIGURG,  SIGIO,   SIGSTOP,
    SIGTSTP, SIGCONT, SIGTTIN, SIGTTOU, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ};

int guest_host_signal(int mips) {
  return mips > 0 && mips < MIPS_SIGNALS ? mips_sig[mips] : 0;
}

static int mips_signal(int host) {
  for (int i = 1; i < MIPS_SIGNALS; i++)
    if (mips_sig[i] == host)
      return i;
  return host;
}

/* A host wait status in the guest's encoding (only signal numbers differ). */
static uint32_t mips_status(int st) {
  if (WIFSIGNALED(st))
    return (uint32_t)(mips_signal(WTERMSIG(st)) | (WCOREDUMP(st) ? 0x80 : 0));
  if (WIFSTOPPED(st))
    return (uint32_t)(mips_signal(WSTOPSIG(st)) << 8 | 0x7F);
  return (uint32_t)st;
}

static int host_flags(uint32_t f) {
  return guest_host_oflags(f & (MIPS_O_CLOEXEC | MIPS_O_NONBLOCK));
}

/* A NULL-terminated guest array of strings as a host one (NULL: out of memory
 * or outside guest memory); *bad set for the latter. */
static char **strings(const guest *g, uint32_t a, int *bad) {
  size_t n = 0;
  char **v = NULL;
  for (;; n++) {
    char **w = realloc(v, (n + 1) * sizeof *v);
    if (!w)
      break;
    v = w;
    if (!a) { /* a NULL array: empty */
      v[n] = NULL;
      return v;
    }
    if (!guest_owns(g, a + 4 * (uint32_t)n, 4)) {
      *bad = 1;
      break;
    }
    uint32_t p = guest_rd32(g, a + 4 * (uint32_t)n);
    if (!p) {
      v[n] = NULL;
      return v;
    }
    if (!(v[n] = (char *)guest_str(g, p))) {
      *bad = 1;
      break;
    }
  }
  free(v);
  return NULL;
}

/* 1 when path is a 32-bit big-endian MIPS ELF executable. */
static int mips_elf(const char *path) {
  unsigned char h[20];
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return 0;
  ssize_t n = read(fd, h, sizeof h);
  close(fd);
  return n == (ssize_t)sizeof h && !memcmp(h, "\177ELF", 4) && h[4] == 1 && h[5] == 2 &&
         h[18] == 0 && h[19] == 8;
}

static int64_t do_execve(guest *g, uint32_t path_a, uint32_t argv_a, uint32_t envp_a) {
  const char *path = guest_str(g, path_a);
  if (!path)
    return -EFAULT;
  if (!strcmp(path, "/proc/self/exe"))
    path = g->exe;
  int bad = 0;
  char **argv = strings(g, argv_a, &bad), **envp = strings(g, envp_a, &bad);
  if (!argv || !envp) {
    free(argv);
    free(envp);
    return bad ? -EFAULT : -ENOMEM;
  }
  fflush(NULL);
  if (mips_elf(path)) { /* translated: hwprof run, by its own path */
    size_t n = 0;
    while (argv[n])
      n++;
    char self[PATH_MAX];
    ssize_t k = readlink("/proc/self/exe", self, sizeof self - 1);
    char **v = calloc(n + 10, sizeof *v);
    if (k > 0 && v) {
      self[k] = 0;
      size_t i = 0;
      v[i++] = self;
      v[i++] = "run";
      v[i++] = "--quiet";
      v[i++] = "--clock";
      v[i++] = g->clock == GUEST_CLOCK_HOST ? "host" : "board";
      if (g->log_path) { /* its messages where ours go */
        v[i++] = "--messages";
        v[i++] = g->log_path;
      }
      v[i++] = (char *)path;
      for (size_t j = 1; j < n; j++)
        v[i++] = argv[j];
      execve(self, v, envp);
    }
    free(v);
  } else {
    execve(path, argv, envp);
  }
  int64_t r = -guest_errno(errno);
  free(argv);
  free(envp);
  return r;
}

/* fork, or clone without CLONE_VM, or vfork-style: see the top of the file. */
static int64_t do_fork(guest *g, uint32_t r[32], uint32_t flags, uint32_t newsp, uint32_t ptid,
                       uint32_t tls, uint32_t ctid) {
  if ((flags & CL_THREAD) || ((flags & CL_VM) && !(flags & CL_VFORK))) {
    return guest_refuse(g, -MIPS_ENOSYS, "thread: clone with flags %#x (threads are not supported)",
                        flags);
  }
  int done[2] = {-1, -1}; /* vfork: closed when the child execs or exits */
  if ((flags & CL_VFORK) && pipe2(done, O_CLOEXEC) != 0)
    return -guest_errno(errno);
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    int e = errno;
    if (done[0] >= 0)
      close(done[0]), close(done[1]);
    return -guest_errno(e);
  }
  if (pid == 0) {
    g->child = 1;
    if (done[0] >= 0)
      close(done[0]); /* done[1] stays open until execve (O_CLOEXEC) or exit */
    if (newsp)
      r[29] = newsp;
    if (flags & CL_SETTLS)
      g->tls = tls;
    uint32_t self = (uint32_t)getpid();
    if ((flags & CL_CHILD_SETTID) && guest_owns(g, ctid, 4))
      guest_wr32(g, ctid, self);
    if ((flags & CL_PARENT_SETTID) && guest_owns(g, ptid, 4))
      guest_wr32(g, ptid, self);
    return 0;
  }
  if ((flags & CL_PARENT_SETTID) && guest_owns(g, ptid, 4))
    guest_wr32(g, ptid, (uint32_t)pid);
  if (done[0] >= 0) {
    char c;
    close(done[1]);
    while (read(done[0], &c, 1) < 0 && errno == EINTR)
      ;
    close(done[0]);
  }
  return pid;
}

static int64_t do_wait4(guest *g, uint32_t pid, uint32_t status_a, uint32_t options,
                        uint32_t rusage_a) {
  int st = 0;
  if ((status_a && !guest_owns(g, status_a, 4)) || (rusage_a && !guest_owns(g, rusage_a, 72)))
    return -EFAULT;
  pid_t p = wait4((pid_t)(int32_t)pid, &st, (int)options, NULL);
  if (p < 0)
    return -guest_errno(errno);
  if (p > 0 && status_a)
    guest_wr32(g, status_a, mips_status(st));
  if (rusage_a) /* struct rusage, o32: not measured for a child */
    memset(g->mem + rusage_a, 0, 72);
  return p;
}

int guest_process_call(guest *g, uint32_t nr, uint32_t r[32], const uint32_t a[6], int64_t *ret) {
  int fd[2];
  switch (nr) {
  case SYS_fork: *ret = do_fork(g, r, 18 /* SIGCHLD */, 0, 0, 0, 0); return 1;
  case SYS_clone: *ret = do_fork(g, r, a[0], a[1], a[2], a[3], a[4]); return 1;
  case SYS_execve: *ret = do_execve(g, a[0], a[1], a[2]); return 1;
  case SYS_wait4: *ret = do_wait4(g, a[0], a[1], a[2], a[3]); return 1;
  case SYS_waitpid: *ret = do_wait4(g, a[0], a[1], a[2], 0); return 1;
  case SYS_getresuid:
  case SYS_getresgid: {
    uid_t v[3];
    gid_t w[3];
    if (nr == SYS_getresuid ? getresuid(&v[0], &v[1], &v[2]) : getresgid(&w[0], &w[1], &w[2]))
      *ret = -guest_errno(errno);
    else if (!guest_owns(g, a[0], 4) || !guest_owns(g, a[1], 4) || !guest_owns(g, a[2], 4))
      *ret = -EFAULT;
    else {
      for (int i = 0; i < 3; i++)
        guest_wr32(g, a[i], nr == SYS_getresuid ? v[i] : w[i]);
      *ret = 0;
    }
    return 1;
  }
  case SYS_getgroups: { /* size, list (32-bit ids) */
    gid_t l[256];
    int n = getgroups(256, l);
    if (n < 0)
      *ret = -guest_errno(errno);
    else if (a[0] && (int32_t)a[0] < n)
      *ret = -EINVAL;
    else if (a[0] && !guest_owns(g, a[1], 4 * (uint32_t)n))
      *ret = -EFAULT;
    else {
      for (int i = 0; a[0] && i < n; i++)
        guest_wr32(g, a[1] + 4 * (uint32_t)i, l[i]);
      *ret = n;
    }
    return 1;
  }
  case SYS_sched_getaffinity: /* pid, size, mask: the board's one CPU */
    if (a[1] < 4 || (a[1] & 3))
      *ret = -EINVAL;
    else if (!guest_owns(g, a[2], a[1]))
      *ret = -EFAULT;
    else {
      memset(g->mem + a[2], 0, a[1]);
      guest_wr32(g, a[2], 1);
      *ret = 4;
    }
    return 1;
  case SYS_getcpu: /* cpu, node: 0 and 0 */
    for (int i = 0; i < 2; i++)
      if (a[i] && guest_owns(g, a[i], 4))
        guest_wr32(g, a[i], 0);
    *ret = 0;
    return 1;
  case SYS_getppid: *ret = getppid(); return 1;
  case SYS_getpgrp: *ret = getpgrp(); return 1;
  case SYS_getpgid: *ret = guest_ret(getpgid((pid_t)a[0])); return 1;
  case SYS_setpgid: *ret = guest_ret(setpgid((pid_t)a[0], (pid_t)a[1])); return 1;
  case SYS_getsid: *ret = guest_ret(getsid((pid_t)a[0])); return 1;
  case SYS_setsid: *ret = guest_ret(setsid()); return 1;
  case SYS_sched_yield: *ret = 0; return 1; /* one thread: nothing to yield to */
  case SYS_dup2: *ret = guest_ret(dup2((int)a[0], (int)a[1])); return 1;
  case SYS_dup3: *ret = guest_ret(dup3((int)a[0], (int)a[1], host_flags(a[2]))); return 1;
  case SYS_pipe: /* the old ABI: the descriptors in v0 and v1 */
    if (pipe(fd) != 0) {
      *ret = -guest_errno(errno);
    } else {
      r[3] = (uint32_t)fd[1];
      *ret = fd[0];
    }
    return 1;
  case SYS_pipe2:
    if (!guest_owns(g, a[0], 8))
      *ret = -EFAULT;
    else if (pipe2(fd, host_flags(a[1])) != 0)
      *ret = -guest_errno(errno);
    else {
      guest_wr32(g, a[0], (uint32_t)fd[0]);
      guest_wr32(g, a[0] + 4, (uint32_t)fd[1]);
      *ret = 0;
    }
    return 1;
  default: return 0;
  }
}

int guest_kill_other(guest *g, uint32_t pid, uint32_t sig, int64_t *ret) {
  (void)g;
  if ((int32_t)pid == getpid() || sig >= MIPS_SIGNALS)
    return 0;
  int hs = sig ? guest_host_signal((int)sig) : 0;
  if (sig && !hs) {
    *ret = -EINVAL;
    return 1;
  }
  *ret = guest_ret(kill((pid_t)(int32_t)pid, hs));
  return 1;
}

void guest_child_exit(const guest *g, int status) {
  if (status > 128 && status < 128 + MIPS_SIGNALS && g->exited_by_signal) {
    int hs = guest_host_signal(status - 128);
    if (hs) {
      signal(hs, SIG_DFL);
      struct rlimit no_core = {0, 0};
      setrlimit(RLIMIT_CORE, &no_core);
      raise(hs);
    }
  }
  _exit(status & 0xFF);
}
