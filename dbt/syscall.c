/*
 * syscall.c - Linux MIPS o32 system calls for static glibc programs, carried out
 * on the host (the clocks and sleeps: guest_clock.c).  Structures are converted
 * to the guest's big-endian o32 layouts; flags and errno values that differ
 * between MIPS and the host are translated.
 *
 * Processes (fork, exec, wait, pipes): process.c; signals (actions, timers,
 * pause): guest_signal.c.  Not carried out: threads, and file mappings that are
 * shared.  Anything else returns -ENOSYS, reported once on stderr; with
 * g->strict it stops the run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/times.h>
#include <sys/uio.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "guest.h"
#include "mips_syscalls.h"

#define MIPS_ENOSYS 89

static void put32(guest *g, uint32_t a, uint32_t v) {
  guest_wr32(g, a, v);
}

/* struct stat64, o32 (104 bytes). */
static int64_t put_stat64(guest *g, uint32_t a, const struct stat *st) {
  if (!guest_owns(g, a, 104))
    return -EFAULT;
  memset(g->mem + a, 0, 104);
  put32(g, a, (uint32_t)st->st_dev);
  guest_wr64(g, a + 16, st->st_ino);
  put32(g, a + 24, st->st_mode);
  put32(g, a + 28, (uint32_t)st->st_nlink);
  put32(g, a + 32, st->st_uid);
  put32(g, a + 36, st->st_gid);
  put32(g, a + 40, (uint32_t)st->st_rdev);
  guest_wr64(g, a + 56, (uint64_t)st->st_size);
  put32(g, a + 64, (uint32_t)st->st_atim.tv_sec);
  put32(g, a + 68, (uint32_t)st->st_atim.tv_nsec);
  put32(g, a + 72, (uint32_t)st->st_mtim.tv_sec);
  put32(g, a + 76, (uint32_t)st->st_mtim.tv_nsec);
  put32(g, a + 80, (uint32_t)st->st_ctim.tv_sec);
  put32(g, a + 84, (uint32_t)st->st_ctim.tv_nsec);
  put32(g, a + 88, (uint32_t)st->st_blksize);
  guest_wr64(g, a + 96, (uint64_t)st->st_blocks);
  return 0;
}

/* struct statx (256 bytes, the same on every architecture). */
static int64_t put_statx(guest *g, uint32_t a, const struct statx *s) {
  if (!guest_owns(g, a, 256))
    return -EFAULT;
  memset(g->mem + a, 0, 256);
  put32(g, a, s->stx_mask);
  put32(g, a + 4, s->stx_blksize);
  guest_wr64(g, a + 8, s->stx_attributes);
  put32(g, a + 16, s->stx_nlink);
  put32(g, a + 20, s->stx_uid);
  put32(g, a + 24, s->stx_gid);
  guest_wr16(g, a + 28, s->stx_mode);
  guest_wr64(g, a + 32, s->stx_ino);
  guest_wr64(g, a + 40, s->stx_size);
  guest_wr64(g, a + 48, s->stx_blocks);
  guest_wr64(g, a + 56, s->stx_attributes_mask);
  const struct statx_timestamp *ts[4] = {&s->stx_atime, &s->stx_btime, &s->stx_ctime,
                                         &s->stx_mtime};
  for (int i = 0; i < 4; i++) {
    guest_wr64(g, a + 64 + 16 * i, (uint64_t)ts[i]->tv_sec);
    put32(g, a + 72 + 16 * i, ts[i]->tv_nsec);
  }
  put32(g, a + 128, s->stx_rdev_major);
  put32(g, a + 132, s->stx_rdev_minor);
  put32(g, a + 136, s->stx_dev_major);
  put32(g, a + 140, s->stx_dev_minor);
  return 0;
}

static int64_t do_writev(guest *g, uint32_t fd, uint32_t iov, uint32_t cnt) {
  struct iovec v[1024];
  int64_t e = guest_iovec(g, iov, cnt, v);
  return e ? e : guest_ret(writev((int)fd, v, (int)cnt));
}

/* The blocked set is kept (sigsetjmp/siglongjmp save and restore it) but no
 * signal is ever delivered. how: 1 SIG_BLOCK, 2 SIG_UNBLOCK, 3 SIG_SETMASK. */
static int64_t do_sigprocmask(guest *g, uint32_t how, uint32_t set, uint32_t old, uint32_t size) {
  if (size != 16)
    return -EINVAL;
  if ((set && !guest_owns(g, set, 16)) || (old && !guest_owns(g, old, 16)))
    return -EFAULT;
  uint32_t prev[4];
  memcpy(prev, g->sigmask, sizeof prev);
  if (set) {
    if (how < 1 || how > 3)
      return -EINVAL;
    for (int i = 0; i < 4; i++) {
      uint32_t w = guest_rd32(g, set + 4 * (uint32_t)i);
      g->sigmask[i] = how == 1 ? prev[i] | w : how == 2 ? prev[i] & ~w : w;
    }
  }
  if (old)
    for (int i = 0; i < 4; i++)
      guest_wr32(g, old + 4 * (uint32_t)i, prev[i]);
  return 0;
}

static int64_t do_ioctl(guest *g, uint32_t fd, uint32_t req, uint32_t arg) {
  if (req == 0x540d) { /* TCGETS: struct termios, o32 (4 flags, c_line, c_cc[23]) */
    struct termios t;
    if (tcgetattr((int)fd, &t) < 0)
      return -guest_errno(errno);
    if (!guest_owns(g, arg, 40))
      return -EFAULT;
    memset(g->mem + arg, 0, 40);
    put32(g, arg, t.c_iflag);
    put32(g, arg + 4, t.c_oflag);
    put32(g, arg + 8, t.c_cflag);
    put32(g, arg + 12, t.c_lflag);
    return 0;
  }
  if (req == 0x40087468) { /* TIOCGWINSZ */
    struct winsize w;
    if (ioctl((int)fd, TIOCGWINSZ, &w) < 0)
      return -guest_errno(errno);
    if (!guest_owns(g, arg, 8))
      return -EFAULT;
    guest_wr16(g, arg, w.ws_row), guest_wr16(g, arg + 2, w.ws_col);
    guest_wr16(g, arg + 4, w.ws_xpixel), guest_wr16(g, arg + 6, w.ws_ypixel);
    return 0;
  }
  switch (req) { /* the descriptor's own: an int in or out, or nothing */
  case 0x467f: { /* FIONREAD */
    int n;
    if (ioctl((int)fd, FIONREAD, &n) < 0)
      return -guest_errno(errno);
    if (!guest_owns(g, arg, 4))
      return -EFAULT;
    put32(g, arg, (uint32_t)n);
    return 0;
  }
  case 0x667e: { /* FIONBIO */
    if (!guest_owns(g, arg, 4))
      return -EFAULT;
    int on = (int)guest_rd32(g, arg);
    return guest_ret(ioctl((int)fd, FIONBIO, &on));
  }
  case 0x6601: return guest_ret(ioctl((int)fd, FIOCLEX));  /* FIOCLEX */
  case 0x6602: return guest_ret(ioctl((int)fd, FIONCLEX)); /* FIONCLEX */
  }
  if (fcntl((int)fd, F_GETFD) < 0)
    return -guest_errno(errno);
  return guest_refuse(g, -ENOTTY, "ioctl request %#x", req);
}

static int64_t do_uname(guest *g, uint32_t a) {
  static const char *const f[6] = {"Linux", "hwprof", "6.1.0", "#1 SMP", "mips", "(none)"};
  if (!guest_owns(g, a, 6 * 65))
    return -EFAULT;
  memset(g->mem + a, 0, 6 * 65);
  for (int i = 0; i < 6; i++)
    memcpy(g->mem + a + 65 * i, f[i], strlen(f[i]));
  return 0;
}

/* A memory-map call's result (guest_mem.c: -errno the host's) with MIPS's errno. */
static int64_t mips_ret(int64_t r) {
  return r < 0 ? -guest_errno((int)-r) : r;
}

/* A call the runtime does not have: -ENOSYS, reported once per number. */
static int64_t unknown(guest *g, uint32_t n, uint32_t pc) {
  uint32_t k = n - 4000;
  if (k < sizeof g->warned * 8 ? !(g->warned[k / 8] >> (k % 8) & 1) : 1) {
    const char *nm = guest_syscall_name(n);
    fprintf(g->log, "hwprof: unsupported system call %u%s%s%s at pc %#x: -ENOSYS\n", n,
            nm ? " (" : "", nm ? nm : "", nm ? ")" : "", pc);
    if (k < sizeof g->warned * 8)
      g->warned[k / 8] |= (uint8_t)(1u << (k % 8));
  }
  if (g->strict)
    snprintf(g->fatal, sizeof g->fatal, "unsupported system call %u (--strict)", n);
  return -MIPS_ENOSYS;
}

int guest_syscall(guest *g, uint32_t r[32], uint32_t pc) {
  uint32_t n = r[2], a0 = r[4], a1 = r[5], a2 = r[6], a3 = r[7], sp = r[29];
  uint32_t a4 = guest_owns(g, sp + 16, 8) ? guest_rd32(g, sp + 16) : 0;
  uint32_t a5 = guest_owns(g, sp + 20, 4) ? guest_rd32(g, sp + 20) : 0;
  int64_t ret;
  struct stat st;
  const char *path;
  g->syscalls++;
  g->call_nr = n, g->call_pc = pc;
  if (guest_clock_call(g, n, (const uint32_t[4]){a0, a1, a2, a3}, &ret) ||
      guest_signal_call(g, n, (const uint32_t[4]){a0, a1, a2, a3}, sp, &ret) ||
      guest_rlimit_call(g, n, (const uint32_t[4]){a0, a1, a2, a3}, &ret) ||
      guest_fs_call(g, n, (const uint32_t[6]){a0, a1, a2, a3, a4, a5}, &ret) ||
      guest_socket_call(g, n, (const uint32_t[6]){a0, a1, a2, a3, a4, a5}, &ret) ||
      guest_process_call(g, n, r, (const uint32_t[6]){a0, a1, a2, a3, a4, a5}, &ret))
    goto done;
  switch (n) {
  case SYS_exit:
  case SYS_exit_group:
    g->exited = 1;
    g->exit_status = (int)(a0 & 0xFF);
    if (g->child)
      guest_child_exit(g, g->exit_status);
    return 1;
  case SYS_read:
    ret = guest_owns(g, a1, a2) ? guest_ret(read((int)a0, g->mem + a1, a2)) : -EFAULT;
    break;
  case SYS_write:
    ret = guest_owns(g, a1, a2) ? guest_ret(write((int)a0, g->mem + a1, a2)) : -EFAULT;
    break;
  case SYS_writev: ret = do_writev(g, a0, a1, a2); break;
  case SYS_open:
    ret = (path = guest_str(g, a0)) ? guest_ret(open(path, guest_host_oflags(a1), a2)) : -EFAULT;
    break;
  case SYS_openat:
    ret = (path = guest_str(g, a1))
              ? guest_ret(openat(guest_dirfd(a0), path, guest_host_oflags(a2), a3))
              : -EFAULT;
    break;
  case SYS_close: /* the console stays open for the translator's own messages */
    ret = a0 <= 2 ? 0 : guest_ret(close((int)a0));
    break;
  case SYS_dup: ret = guest_ret(dup((int)a0)); break;
  case SYS_lseek: ret = guest_ret((long)lseek((int)a0, (off_t)(int32_t)a1, (int)a2)); break;
  case SYS__llseek: { /* fd, high, low, result *, whence */
    off_t o = lseek((int)a0, (off_t)((uint64_t)a1 << 32 | a2), (int)a4);
    if (o < 0)
      ret = -guest_errno(errno);
    else if (!guest_owns(g, a3, 8))
      ret = -EFAULT;
    else
      guest_wr64(g, a3, (uint64_t)o), ret = 0;
    break;
  }
  case SYS_pread64: /* fd, buf, count, pad, offset high, low (64-bit pair on the stack) */
  case SYS_pwrite64:
    if (!guest_owns(g, a1, a2))
      ret = -EFAULT;
    else if (n == SYS_pread64)
      ret = guest_ret(pread((int)a0, g->mem + a1, a2, (off_t)((uint64_t)a4 << 32 | a5)));
    else
      ret = guest_ret(pwrite((int)a0, g->mem + a1, a2, (off_t)((uint64_t)a4 << 32 | a5)));
    break;
  case SYS_ftruncate: ret = guest_ret(ftruncate((int)a0, (off_t)(int32_t)a1)); break;
  case SYS_ftruncate64: /* fd, pad, high, low */
    ret = guest_ret(ftruncate((int)a0, (off_t)((uint64_t)a2 << 32 | a3)));
    break;
  case SYS_getpid:
  case SYS_gettid:
  case SYS_set_tid_address: ret = getpid(); break;
  case SYS_getuid:
  case SYS_geteuid:
  case SYS_getgid:
  case SYS_getegid:
    ret = n == SYS_getuid    ? getuid()
          : n == SYS_geteuid ? geteuid()
          : n == SYS_getgid  ? getgid()
                             : getegid();
    break;
  case SYS_brk: ret = guest_brk(g, a0); break;
  case SYS_mmap2: ret = mips_ret(guest_mmap(g, a0, a1, a2, a3, a4, (uint64_t)a5 * DBT_PAGE)); break;
  case SYS_munmap: ret = mips_ret(guest_munmap(g, a0, a1)); break;
  case SYS_mremap: ret = mips_ret(guest_mremap(g, a0, a1, a2, a3)); break;
  case SYS_msync: /* private copies: nothing to write back */
    ret = (a0 & (DBT_PAGE - 1)) ? -EINVAL : guest_owns(g, a0, a1) ? 0 : -ENOMEM;
    break;
  case SYS_mlock:
  case SYS_munlock:
  case SYS_mlockall:
  case SYS_munlockall: ret = 0; break; /* nothing is ever paged out */
  case SYS_rt_sigprocmask: ret = do_sigprocmask(g, a0, a1, a2, a3); break;
  case SYS_mprotect: ret = mips_ret(guest_mprotect(g, a0, a1, a2)); break;
  case SYS_cacheflush: /* code written: retranslate (the whole cache, as a refill) */
    g->code_changed = 1;
    ret = 0;
    break;
  case SYS_madvise:
  case SYS_set_robust_list:
  case SYS_rseq: ret = -MIPS_ENOSYS; break;
  case SYS_set_thread_area:
    g->tls = a0;
    ret = 0;
    break;
  case SYS_getrandom: ret = guest_getrandom(g, a0, a1); break;
  case SYS_uname: ret = do_uname(g, a0); break;
  case SYS_sysinfo: /* o32 struct sysinfo, 64 bytes: the board's 256 MiB, fixed figures */
    if (!guest_owns(g, a0, 64))
      ret = -EFAULT;
    else {
      static const uint32_t info[16] = {1000, 0, 0, 0, 256u << 20, 192u << 20,
                                        0,    0, 0, 0, 1u << 16, /* procs 1 */
                                        0,    0, 1 /* mem_unit */};
      for (unsigned i = 0; i < 16; i++)
        put32(g, a0 + 4 * i, info[i]);
      ret = 0;
    }
    break;
  case SYS_fstat64:
    ret = fstat((int)a0, &st) < 0 ? -guest_errno(errno) : put_stat64(g, a1, &st);
    break;
  case SYS_stat64:
  case SYS_lstat64:
    if (!(path = guest_str(g, a0)))
      ret = -EFAULT;
    else
      ret = (n == SYS_stat64 ? stat(path, &st) : lstat(path, &st)) < 0 ? -guest_errno(errno)
                                                                       : put_stat64(g, a1, &st);
    break;
  case SYS_fstatat64:
    if (!(path = guest_str(g, a1)))
      ret = -EFAULT;
    else
      ret = fstatat(guest_dirfd(a0), path, &st, (int)a3) < 0 ? -guest_errno(errno)
                                                             : put_stat64(g, a2, &st);
    break;
  case SYS_statx: {
    struct statx sx;
    if (!(path = guest_str(g, a1)))
      ret = -EFAULT;
    else
      ret = statx(guest_dirfd(a0), path, (int)a2, a3, &sx) < 0 ? -guest_errno(errno)
                                                               : put_statx(g, a4, &sx);
    break;
  }
  case SYS_ioctl: ret = do_ioctl(g, a0, a1, a2); break;
  case SYS_getcwd:
    if (!guest_owns(g, a0, a1))
      ret = -EFAULT;
    else
      ret = getcwd((char *)g->mem + a0, a1) ? (int64_t)strlen((char *)g->mem + a0) + 1
                                            : -guest_errno(errno);
    break;
  case SYS_access:
    ret = (path = guest_str(g, a0)) ? guest_ret(access(path, (int)a1)) : -EFAULT;
    break;
  case SYS_faccessat:
    ret = (path = guest_str(g, a1)) ? guest_ret(faccessat(guest_dirfd(a0), path, (int)a2, 0))
                                    : -EFAULT;
    break;
  case SYS_unlink: ret = (path = guest_str(g, a0)) ? guest_ret(unlink(path)) : -EFAULT; break;
  case SYS_unlinkat:
    ret = (path = guest_str(g, a1))
              ? guest_ret(unlinkat(guest_dirfd(a0), path, a2 ? AT_REMOVEDIR : 0))
              : -EFAULT;
    break;
  case SYS_kill:
  case SYS_tgkill: { /* to itself: pending, delivered when the call returns (guest_signal.c) */
    uint32_t sig = n == SYS_kill ? a1 : a2;
    if (guest_kill_other(g, n == SYS_kill ? a0 : a1, sig, &ret))
      break;
    if (sig >= GUEST_NSIG) {
      ret = -EINVAL;
      break;
    }
    if (sig)
      guest_raise(g, (int)sig, n == SYS_kill ? 0 : -6 /* SI_USER, SI_TKILL */);
    ret = 0;
    break;
  }
  default: ret = unknown(g, n, pc); break;
  }
done:
  if (ret < 0 && ret > -4096) {
    r[2] = (uint32_t)-ret;
    r[7] = 1;
  } else {
    r[2] = (uint32_t)ret;
    r[7] = 0;
  }
  return g->fatal[0] != 0; /* --strict refused it */
}
