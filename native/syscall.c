/*
 * syscall.c - the PPC32 Linux system calls a static glibc program makes, carried
 * out on the host for a native program on the board (native.h).
 *
 * The ABI: the number in r0, the arguments in r3-r8; the result in r3, and on an
 * error CR0[SO] set with the errno in r3.  Numbers are Linux's
 * arch/powerpc/include/uapi/asm/unistd_32.h; the errno values are the generic
 * ones, as on the host.  Structures (stat64, statx, iovec, rlimit, utsname) are
 * written in the PPC32 big-endian layouts.
 *
 * Carried out: the I/O on file descriptors (read, write, readv, writev, open,
 * openat, close, lseek, _llseek, dup, dup2, fcntl64's descriptor flags, ioctl's
 * TCGETS and TIOCGWINSZ), the file system's queries (stat64, lstat64, fstat64,
 * fstatat64, statx, readlink with /proc/self/exe, access, faccessat, getcwd,
 * unlink), memory (brk, mmap, mmap2, munmap, mremap and mprotect on the MIPS
 * guest's memory map, dbt/guest_mem.c; madvise a no-op on mapped pages), the process's
 * identity and limits (getpid, gettid, the ids, uname, ugetrlimit, getrlimit,
 * prlimit64's reading, set_tid_address, set_robust_list, getrandom from a
 * deterministic generator), the clocks (clock_gettime, clock_gettime64,
 * gettimeofday, time: the board's simulated time, as hwprof run --clock board
 * gives the MIPS guest), exit, exit_group, and tgkill/kill of itself (the
 * program dies of the signal: status 128 + N).
 *
 * Not carried out: signal handlers (rt_sigaction and rt_sigprocmask succeed and
 * no signal is ever delivered), threads, processes, sockets; rseq answers
 * -ENOSYS, as a kernel before 4.18 does (glibc goes on without it).  Anything
 * else answers -ENOSYS, reported once per number on the runtime's log.  The call's
 * work is the host's; the board is charged a PPC405 Linux kernel's entry, exit and
 * copy, as for the translated program (dbt/syscost.c), besides the cost of `sc`.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "dbt.h"
#include "native_int.h"

/* clang-format off */
#define PPC_SYSCALLS(X) \
  X(exit, 1) X(read, 3) X(write, 4) X(open, 5) X(close, 6) X(unlink, 10) X(time, 13) \
  X(lseek, 19) X(getpid, 20) X(getuid, 24) X(access, 33) X(kill, 37) X(dup, 41) X(brk, 45) \
  X(getgid, 47) X(geteuid, 49) X(getegid, 50) X(ioctl, 54) X(dup2, 63) X(getrlimit, 76) \
  X(gettimeofday, 78) X(readlink, 85) X(mmap, 90) X(munmap, 91) X(uname, 122) \
  X(mprotect, 125) X(_llseek, 140) X(readv, 145) X(writev, 146) X(mremap, 163) \
  X(rt_sigaction, 173) X(rt_sigprocmask, 174) X(getcwd, 182) X(ugetrlimit, 190) \
  X(mmap2, 192) X(stat64, 195) X(lstat64, 196) X(fstat64, 197) X(fcntl64, 204) \
  X(madvise, 205) X(gettid, 207) X(set_tid_address, 232) X(exit_group, 234) \
  X(clock_gettime, 246) X(tgkill, 250) X(openat, 286) X(fstatat64, 291) X(faccessat, 298) \
  X(set_robust_list, 300) X(prlimit64, 325) X(getrandom, 359) X(statx, 383) X(rseq, 387) \
  X(clock_gettime64, 403)
/* clang-format on */

enum {
#define X(name, nr) NR_##name = nr,
  PPC_SYSCALLS(X)
#undef X
};

static const char *syscall_name(uint32_t nr) {
  switch (nr) {
#define X(name, nr)                                                                                \
  case nr: return #name;
    PPC_SYSCALLS(X)
#undef X
  default: return NULL;
  }
}

#define CR0_SO          0x10000000u
#define BOARD_EPOCH     946684800ull /* CLOCK_REALTIME at cycle 0: 2000-01-01 (guest_clock.c) */
#define RLIM_INF32      0xFFFFFFFFu
#define PPC_O_DIRECTORY 040000
#define PPC_O_NOFOLLOW  0100000
#define PPC_O_LARGEFILE 0200000
#define PPC_O_DIRECT    0400000
#define PPC_TCGETS      0x402C7413u /* _IOR('t', 19, struct termios), 44 bytes */
#define PPC_TIOCGWINSZ  0x40087468u /* _IOR('t', 104, struct winsize) */

static int64_t ret(long r) {
  return r < 0 ? -errno : r;
}

/* The host's open flags for PPC32's: the access mode and the common flags are the
 * same; O_DIRECTORY, O_NOFOLLOW, O_LARGEFILE and O_DIRECT are numbered apart. */
static int host_oflags(uint32_t f) {
  int h = (int)(f & ~(uint32_t)(PPC_O_DIRECTORY | PPC_O_NOFOLLOW | PPC_O_LARGEFILE | PPC_O_DIRECT));
  if (f & PPC_O_DIRECTORY)
    h |= O_DIRECTORY;
  if (f & PPC_O_NOFOLLOW)
    h |= O_NOFOLLOW;
  if (f & PPC_O_DIRECT)
    h |= O_DIRECT;
  return h & ~O_LARGEFILE;
}

static uint32_t ppc_oflags(int h) {
  uint32_t f = (uint32_t)h & ~(uint32_t)(O_DIRECTORY | O_NOFOLLOW | O_LARGEFILE | O_DIRECT);
  if (h & O_DIRECTORY)
    f |= PPC_O_DIRECTORY;
  if (h & O_NOFOLLOW)
    f |= PPC_O_NOFOLLOW;
  if (h & O_DIRECT)
    f |= PPC_O_DIRECT;
  return f | PPC_O_LARGEFILE;
}

/* The host's directory descriptor for a PPC one (AT_FDCWD is -100 on both). */
static int dirfd_of(uint32_t d) {
  return (int)d;
}

/* --------------------------------------------------------------- files */

static int64_t put_stat64(native *n, uint32_t a, const struct stat *st) {
  if (!guest_owns(&n->g, a, 104))
    return -EFAULT;
  memset(n->g.mem + a, 0, 104);
  guest_wr64(&n->g, a, (uint64_t)st->st_dev);
  guest_wr64(&n->g, a + 8, (uint64_t)st->st_ino);
  guest_wr32(&n->g, a + 16, st->st_mode);
  guest_wr32(&n->g, a + 20, (uint32_t)st->st_nlink);
  guest_wr32(&n->g, a + 24, st->st_uid);
  guest_wr32(&n->g, a + 28, st->st_gid);
  guest_wr64(&n->g, a + 32, (uint64_t)st->st_rdev);
  guest_wr64(&n->g, a + 48, (uint64_t)st->st_size);
  guest_wr32(&n->g, a + 56, (uint32_t)st->st_blksize);
  guest_wr64(&n->g, a + 64, (uint64_t)st->st_blocks);
  const struct timespec *t[3] = {&st->st_atim, &st->st_mtim, &st->st_ctim};
  for (int i = 0; i < 3; i++) {
    guest_wr32(&n->g, a + 72 + 8 * (uint32_t)i, (uint32_t)t[i]->tv_sec);
    guest_wr32(&n->g, a + 76 + 8 * (uint32_t)i, (uint32_t)t[i]->tv_nsec);
  }
  return 0;
}

static int64_t put_statx(native *n, uint32_t a, const struct statx *x) {
  if (!guest_owns(&n->g, a, 256))
    return -EFAULT;
  memset(n->g.mem + a, 0, 256);
  guest_wr32(&n->g, a, x->stx_mask);
  guest_wr32(&n->g, a + 4, x->stx_blksize);
  guest_wr64(&n->g, a + 8, x->stx_attributes);
  guest_wr32(&n->g, a + 16, x->stx_nlink);
  guest_wr32(&n->g, a + 20, x->stx_uid);
  guest_wr32(&n->g, a + 24, x->stx_gid);
  n->g.mem[a + 28] = (uint8_t)(x->stx_mode >> 8), n->g.mem[a + 29] = (uint8_t)x->stx_mode;
  guest_wr64(&n->g, a + 32, x->stx_ino);
  guest_wr64(&n->g, a + 40, x->stx_size);
  guest_wr64(&n->g, a + 48, x->stx_blocks);
  guest_wr64(&n->g, a + 56, x->stx_attributes_mask);
  const struct statx_timestamp *t[4] = {&x->stx_atime, &x->stx_btime, &x->stx_ctime, &x->stx_mtime};
  for (uint32_t i = 0; i < 4; i++) {
    guest_wr64(&n->g, a + 64 + 16 * i, (uint64_t)t[i]->tv_sec);
    guest_wr32(&n->g, a + 72 + 16 * i, t[i]->tv_nsec);
  }
  guest_wr32(&n->g, a + 128, x->stx_rdev_major);
  guest_wr32(&n->g, a + 132, x->stx_rdev_minor);
  guest_wr32(&n->g, a + 136, x->stx_dev_major);
  guest_wr32(&n->g, a + 140, x->stx_dev_minor);
  return 0;
}

static int64_t do_ioctl(native *n, uint32_t fd, uint32_t req, uint32_t arg) {
  switch (req) {
  case PPC_TCGETS: /* glibc asks whether a stream is a terminal: only the answer is given */
    if (!isatty((int)fd))
      return -ENOTTY;
    if (!guest_owns(&n->g, arg, 44))
      return -EFAULT;
    memset(n->g.mem + arg, 0, 44);
    return 0;
  case PPC_TIOCGWINSZ: {
    struct winsize w;
    if (ioctl((int)fd, TIOCGWINSZ, &w) < 0)
      return -errno;
    if (!guest_owns(&n->g, arg, 8))
      return -EFAULT;
    uint16_t f[4] = {w.ws_row, w.ws_col, w.ws_xpixel, w.ws_ypixel};
    for (int i = 0; i < 4; i++)
      n->g.mem[arg + 2 * i] = (uint8_t)(f[i] >> 8), n->g.mem[arg + 2 * i + 1] = (uint8_t)f[i];
    return 0;
  }
  }
  fprintf(n->g.log, "hwprof: unsupported ioctl request %#x on descriptor %u: -ENOTTY\n", req, fd);
  return -ENOTTY;
}

/* --------------------------------------------------------------- memory */

/* mmap and mmap2 (off in bytes): PPC32's MAP_ANONYMOUS is 0x20, the guest layer's
 * (MIPS's) 0x800; MAP_SHARED and MAP_FIXED are the same. */
static int64_t do_mmap(native *n, const uint32_t *a, uint64_t off) {
  uint32_t f = a[3] & (GUEST_MAP_SHARED | GUEST_MAP_FIXED);
  return guest_mmap(&n->g, a[0], a[1], a[2], f | (a[3] & 0x20 ? GUEST_MAP_ANON : 0), a[4], off);
}

/* --------------------------------------------------------------- the process */

static int64_t do_rlimit(native *n, uint32_t res, uint32_t a, int wide) {
  uint64_t cur = UINT64_MAX, max = UINT64_MAX;
  if (res == 3) /* RLIMIT_STACK: Linux's 8 MiB */
    cur = DBT_STACK_LIMIT;
  else if (res == 7) /* RLIMIT_NOFILE */
    cur = max = 1024;
  if (!a)
    return 0;
  if (!guest_owns(&n->g, a, wide ? 16 : 8))
    return -EFAULT;
  if (wide) {
    guest_wr64(&n->g, a, cur);
    guest_wr64(&n->g, a + 8, max);
  } else {
    guest_wr32(&n->g, a, cur > RLIM_INF32 ? RLIM_INF32 : (uint32_t)cur);
    guest_wr32(&n->g, a + 4, max > RLIM_INF32 ? RLIM_INF32 : (uint32_t)max);
  }
  return 0;
}

static int64_t do_uname(native *n, uint32_t a) {
  static const char *const f[6] = {"Linux", "hwprof", "6.1.0", "#1", "ppc", "(none)"};
  if (!guest_owns(&n->g, a, 6 * 65))
    return -EFAULT;
  memset(n->g.mem + a, 0, 6 * 65);
  for (int i = 0; i < 6; i++)
    memcpy(n->g.mem + a + 65 * i, f[i], strlen(f[i]));
  return 0;
}

/* The board's time since the run began, in ns. */
static uint64_t board_ns(native *n) {
  return (uint64_t)((unsigned __int128)vboard_cycles(n->b) * 1000000000u / vboard_cpu_hz(n->b));
}

static int64_t do_clock(native *n, uint32_t id, uint32_t a, int wide) {
  uint64_t ns = board_ns(n) + (id == 0 ? BOARD_EPOCH * 1000000000ull : 0); /* 0: REALTIME */
  if (!guest_owns(&n->g, a, wide ? 16 : 8))
    return -EFAULT;
  if (wide) {
    guest_wr64(&n->g, a, ns / 1000000000u);
    guest_wr64(&n->g, a + 8, ns % 1000000000u);
  } else {
    guest_wr32(&n->g, a, (uint32_t)(ns / 1000000000u));
    guest_wr32(&n->g, a + 4, (uint32_t)(ns % 1000000000u));
  }
  return 0;
}

static int64_t unknown(native *n, uint32_t nr, uint32_t pc) {
  if (nr >= sizeof n->warned * 8 || !(n->warned[nr / 8] >> (nr % 8) & 1)) {
    const char *nm = syscall_name(nr);
    fprintf(n->g.log, "hwprof: unsupported PPC32 system call %u%s%s%s at pc %#x: -ENOSYS\n", nr,
            nm ? " (" : "", nm ? nm : "", nm ? ")" : "", pc);
    if (nr < sizeof n->warned * 8)
      n->warned[nr / 8] |= (uint8_t)(1u << (nr % 8));
  }
  return -ENOSYS;
}

/* The call itself: the result, or -errno. */
static int64_t call(native *n, uint32_t nr, const uint32_t *a, uint32_t pc) {
  struct iovec v[1024];
  struct stat st;
  int64_t e;
  switch (nr) {
  case NR_read:
  case NR_write:
    if (a[2] && !guest_owns(&n->g, a[1], a[2]))
      return -EFAULT;
    if (nr == NR_write)
      fflush(NULL); /* (the runtime's own output first) */
    return ret(nr == NR_read ? read((int)a[0], n->g.mem + a[1], a[2])
                             : write((int)a[0], n->g.mem + a[1], a[2]));
  case NR_readv:
  case NR_writev:
    if ((e = guest_iovec(&n->g, a[1], a[2], v)) < 0)
      return e;
    return ret(nr == NR_readv ? readv((int)a[0], v, (int)a[2]) : writev((int)a[0], v, (int)a[2]));
  case NR_open:
  case NR_openat: {
    uint32_t d = nr == NR_open ? (uint32_t)AT_FDCWD : a[0];
    const uint32_t *p = nr == NR_open ? a : a + 1;
    const char *path = guest_str(&n->g, p[0]);
    if (!path)
      return -EFAULT;
    return ret(openat(dirfd_of(d), path, host_oflags(p[1]), (mode_t)p[2]));
  }
  case NR_close: return a[0] <= 2 ? 0 : ret(close((int)a[0])); /* (not the host's own) */
  case NR_lseek: return ret(lseek((int)a[0], (off_t)(int32_t)a[1], (int)a[2]));
  case NR__llseek: {
    off_t r = lseek((int)a[0], (off_t)((uint64_t)a[1] << 32 | a[2]), (int)a[4]);
    if (r < 0)
      return -errno;
    if (!guest_owns(&n->g, a[3], 8))
      return -EFAULT;
    guest_wr64(&n->g, a[3], (uint64_t)r);
    return 0;
  }
  case NR_dup: return ret(dup((int)a[0]));
  case NR_dup2: return a[1] <= 2 ? -EBADF : ret(dup2((int)a[0], (int)a[1]));
  case NR_fcntl64:
    switch (a[1]) {
    case F_DUPFD:
    case F_DUPFD_CLOEXEC:
    case F_GETFD:
    case F_SETFD: return ret(fcntl((int)a[0], (int)a[1], (int)a[2]));
    case F_GETFL: {
      int f = fcntl((int)a[0], F_GETFL);
      return f < 0 ? -errno : (int64_t)ppc_oflags(f);
    }
    }
    return unknown(n, nr, pc);
  case NR_ioctl: return do_ioctl(n, a[0], a[1], a[2]);
  case NR_stat64:
  case NR_lstat64:
  case NR_fstat64:
  case NR_fstatat64: {
    int r;
    if (nr == NR_fstat64)
      r = fstat((int)a[0], &st);
    else {
      const uint32_t *p = nr == NR_fstatat64 ? a + 1 : a;
      const char *path = guest_str(&n->g, p[0]);
      if (!path)
        return -EFAULT;
      r = fstatat(nr == NR_fstatat64 ? dirfd_of(a[0]) : AT_FDCWD, path, &st,
                  nr == NR_lstat64     ? AT_SYMLINK_NOFOLLOW
                  : nr == NR_fstatat64 ? (int)a[3]
                                       : 0);
    }
    return r < 0 ? -errno : put_stat64(n, nr == NR_fstatat64 ? a[2] : a[1], &st);
  }
  case NR_statx: {
    struct statx x;
    const char *path = guest_str(&n->g, a[1]);
    if (!path)
      return -EFAULT;
    if (statx(dirfd_of(a[0]), path, (int)a[2], a[3], &x) < 0)
      return -errno;
    return put_statx(n, a[4], &x);
  }
  case NR_readlink: {
    const char *path = guest_str(&n->g, a[0]);
    if (!path)
      return -EFAULT;
    if (!guest_owns(&n->g, a[1], a[2]))
      return -EFAULT;
    if (!strcmp(path, "/proc/self/exe")) {
      size_t l = strlen(n->g.exe) < a[2] ? strlen(n->g.exe) : a[2];
      memcpy(n->g.mem + a[1], n->g.exe, l);
      return (int64_t)l;
    }
    return ret(readlink(path, (char *)n->g.mem + a[1], a[2]));
  }
  case NR_access:
  case NR_faccessat: {
    const uint32_t *p = nr == NR_access ? a : a + 1;
    const char *path = guest_str(&n->g, p[0]);
    if (!path)
      return -EFAULT;
    return ret(faccessat(nr == NR_access ? AT_FDCWD : dirfd_of(a[0]), path, (int)p[1], 0));
  }
  case NR_getcwd:
    if (!guest_owns(&n->g, a[0], a[1]))
      return -EFAULT;
    if (!getcwd((char *)n->g.mem + a[0], a[1]))
      return -errno;
    return (int64_t)strlen((char *)n->g.mem + a[0]) + 1;
  case NR_unlink: {
    const char *path = guest_str(&n->g, a[0]);
    return path ? ret(unlink(path)) : -EFAULT;
  }
  case NR_brk: return guest_brk(&n->g, a[0]);
  case NR_mmap: return do_mmap(n, a, a[5]);
  case NR_mmap2: return do_mmap(n, a, (uint64_t)a[5] * DBT_PAGE);
  case NR_munmap: return guest_munmap(&n->g, a[0], a[1]);
  case NR_mremap: return guest_mremap(&n->g, a[0], a[1], a[2], a[3]);
  case NR_mprotect: return guest_mprotect(&n->g, a[0], a[1], a[2]);
  case NR_madvise: return guest_owns(&n->g, a[0], a[1] ? a[1] : 1) ? 0 : -ENOMEM;
  case NR_getpid:
  case NR_gettid:
  case NR_set_tid_address: return getpid();
  case NR_getuid:
  case NR_geteuid:
  case NR_getgid:
  case NR_getegid: return 1000;
  case NR_uname: return do_uname(n, a[0]);
  case NR_getrlimit:
  case NR_ugetrlimit: return do_rlimit(n, a[0], a[1], 0);
  case NR_prlimit64:
    if (a[0] && a[0] != (uint32_t)getpid())
      return -ESRCH;
    if (a[2]) /* a new limit */
      return unknown(n, nr, pc);
    return do_rlimit(n, a[1], a[3], 1);
  case NR_set_robust_list:
  case NR_rt_sigaction:
  case NR_rt_sigprocmask:
    if (nr == NR_rt_sigaction && a[2] && guest_owns(&n->g, a[2], 16))
      memset(n->g.mem + a[2], 0, 16); /* no handler was set */
    if (nr == NR_rt_sigprocmask && a[2] && guest_owns(&n->g, a[2], 8))
      memset(n->g.mem + a[2], 0, 8); /* nothing is blocked */
    return 0;
  case NR_rseq: return -ENOSYS;
  case NR_getrandom: return guest_getrandom(&n->g, a[0], a[1]);
  case NR_clock_gettime: return do_clock(n, a[0], a[1], 0);
  case NR_clock_gettime64: return do_clock(n, a[0], a[1], 1);
  case NR_gettimeofday:
    if (a[0]) {
      uint64_t ns = board_ns(n) + BOARD_EPOCH * 1000000000ull;
      if (!guest_owns(&n->g, a[0], 8))
        return -EFAULT;
      guest_wr32(&n->g, a[0], (uint32_t)(ns / 1000000000u));
      guest_wr32(&n->g, a[0] + 4, (uint32_t)(ns % 1000000000u / 1000u));
    }
    return 0;
  case NR_time: {
    uint32_t t = (uint32_t)(board_ns(n) / 1000000000u + BOARD_EPOCH);
    if (a[0] && guest_owns(&n->g, a[0], 4))
      guest_wr32(&n->g, a[0], t);
    return t;
  }
  }
  return unknown(n, nr, pc);
}

int native_syscall(native *n, uint32_t pc) {
  uint32_t r[32];
  vboard_get_gprs(n->b, r);
  uint32_t nr = r[0];
  if (nr == NR_exit || nr == NR_exit_group || (nr == NR_tgkill && r[5]) || (nr == NR_kill && r[4]))
    dbt_syscall_charge(n->b, &dbt_sys_ppc32, nr, 0, 0, NULL); /* the calls that end it */
  if (nr == NR_exit || nr == NR_exit_group) {
    n->r->exited = 1;
    n->r->status = (int)(r[3] & 0xFF);
    return 1;
  }
  if ((nr == NR_tgkill && r[5]) || (nr == NR_kill && r[4])) {
    uint32_t sig = nr == NR_tgkill ? r[5] : r[4];
    fprintf(n->g.log, "hwprof: the program sent itself signal %u at pc %#x: it dies of it\n", sig,
            pc);
    n->r->exited = 1;
    n->r->status = 128 + (int)(sig & 0x7F);
    return 1;
  }
  int64_t v = call(n, nr, r + 3, pc);
  dbt_syscall_charge(n->b, &dbt_sys_ppc32, nr, r[4], v, NULL);
  uint32_t cr = vboard_get_cr(n->b);
  if (v < 0 && v >= -4095) {
    vboard_set_gpr(n->b, 3, (uint32_t)-v);
    vboard_set_cr(n->b, cr | CR0_SO);
  } else {
    vboard_set_gpr(n->b, 3, (uint32_t)v);
    vboard_set_cr(n->b, cr & ~CR0_SO);
  }
  return 0;
}
