/*
 * guest_fs.c - the guest's files and descriptors, carried out on the host as
 * qemu-mips does: paths and descriptors are the host's, structures are converted
 * to MIPS o32's big-endian layouts and flags to the host's values.
 *
 *   directories   mkdir(at), rmdir, chdir, fchdir, getdents64
 *   names         rename(at, at2), link(at), symlink(at), readlink(at)
 *   metadata      chmod, fchmod(at), chown, lchown, fchown(at), utimensat (32- and
 *                 64-bit times), utimes, truncate(64), umask
 *   file systems  statfs64, fstatfs64 (o32's struct statfs64)
 *   descriptors   creat, fcntl and fcntl64 (every command Linux has for a file but the
 *                 leases and notifications: those are refused, reported), flock,
 *                 fsync, fdatasync, sync, syncfs, fallocate, fadvise64 (advice: the
 *                 descriptor checked, nothing done), sendfile(64), faccessat2
 *   vectors       readv, preadv, pwritev (writev: syscall.c)
 *   waiting       poll, ppoll, select (_newselect), pselect6 (32- and 64-bit times)
 *
 * The open flags' table is here too (guest_host_oflags, guest_mips_oflags), for
 * open, fcntl's F_GETFL/F_SETFL, pipe2, dup3 and the sockets' type flags.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/file.h>
#include <sys/select.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <unistd.h>

#include <asm/unistd.h> /* the host's __NR_ numbers: SYS_ are the guest's here */

#include "guest.h"
#include "mips_syscalls.h"

#define MIPS_AT_FDCWD (-100)

/* o32's open flags and the host's (the kernel's values: glibc defines O_LARGEFILE
 * as 0 on a 64-bit host, and hides __O_SYNC and __O_TMPFILE's own bit). */
static const struct {
  uint32_t mips;
  int host;
} oflags[] = {
    {0x0008, O_APPEND},    {0x0010, O_DSYNC},    {0x0080, O_NONBLOCK}, {0x0100, O_CREAT},
    {0x0200, O_TRUNC},     {0x0400, O_EXCL},     {0x0800, O_NOCTTY},   {0x1000, FASYNC},
    {0x2000, 0100000},     {0x4000, 04000000},   {0x8000, O_DIRECT},   {0x10000, O_DIRECTORY},
    {0x20000, O_NOFOLLOW}, {0x40000, O_NOATIME}, {0x80000, O_CLOEXEC}, {0x200000, O_PATH},
    {0x400000, 020000000},
};

int guest_host_oflags(uint32_t f) {
  int h = (int)(f & 3);
  for (size_t i = 0; i < sizeof oflags / sizeof *oflags; i++)
    if (f & oflags[i].mips)
      h |= oflags[i].host;
  return h;
}

uint32_t guest_mips_oflags(int h) {
  uint32_t f = (uint32_t)h & 3;
  for (size_t i = 0; i < sizeof oflags / sizeof *oflags; i++)
    if (h & oflags[i].host)
      f |= oflags[i].mips;
  return f;
}

int guest_dirfd(uint32_t d) {
  return (int32_t)d == MIPS_AT_FDCWD ? AT_FDCWD : (int)d;
}

/* ---- fcntl ---------------------------------------------------------------- */

/* o32's commands, where they are not the host's. */
enum {
  MIPS_F_GETLK = 14,
  MIPS_F_SETLK = 6,
  MIPS_F_SETLKW = 7,
  MIPS_F_SETOWN = 24,
  MIPS_F_GETOWN = 23,
  MIPS_F_GETLK64 = 33,
  MIPS_F_SETLK64 = 34,
  MIPS_F_SETLKW64 = 35,
};

/* A lock's description in guest memory: struct flock (o32: short type, whence;
 * long start, len, sysid; pid; 4 longs of padding: 36 bytes) or struct flock64
 * (short type, whence; 4 bytes of padding; long long start, len; pid: 32 bytes,
 * F_*LK64 and the open-file-description locks). */
static int get_flock(const guest *g, uint32_t a, int wide, struct flock *l) {
  if (!guest_owns(g, a, wide ? 32 : 36))
    return -EFAULT;
  memset(l, 0, sizeof *l);
  l->l_type = (short)guest_rd16(g, a);
  l->l_whence = (short)guest_rd16(g, a + 2);
  if (wide) {
    l->l_start = (off_t)guest_rd64(g, a + 8);
    l->l_len = (off_t)guest_rd64(g, a + 16);
  } else {
    l->l_start = (int32_t)guest_rd32(g, a + 4);
    l->l_len = (int32_t)guest_rd32(g, a + 8);
  }
  return 0;
}

static int64_t put_flock(guest *g, uint32_t a, int wide, const struct flock *l) {
  guest_wr16(g, a, (uint16_t)l->l_type);
  guest_wr16(g, a + 2, (uint16_t)l->l_whence);
  if (wide) {
    guest_wr64(g, a + 8, (uint64_t)l->l_start);
    guest_wr64(g, a + 16, (uint64_t)l->l_len);
    guest_wr32(g, a + 24, (uint32_t)l->l_pid);
    return 0;
  }
  if (l->l_start != (int32_t)l->l_start || l->l_len != (int32_t)l->l_len)
    return -guest_errno(EOVERFLOW);
  guest_wr32(g, a + 4, (uint32_t)l->l_start);
  guest_wr32(g, a + 8, (uint32_t)l->l_len);
  guest_wr32(g, a + 12, 0);
  guest_wr32(g, a + 16, (uint32_t)l->l_pid);
  return 0;
}

static int64_t do_lock(guest *g, int fd, int cmd, uint32_t a, int wide) {
  struct flock l;
  int e = get_flock(g, a, wide, &l);
  if (e)
    return e;
  if (fcntl(fd, cmd, &l) < 0)
    return -guest_errno(errno);
  return cmd == F_GETLK || cmd == F_OFD_GETLK ? put_flock(g, a, wide, &l) : 0;
}

static int64_t do_fcntl(guest *g, uint32_t fd, uint32_t cmd, uint32_t arg) {
  int f = (int)fd;
  switch (cmd) {
  case F_DUPFD: /* the same number and an int argument on both */
  case F_DUPFD_CLOEXEC:
  case F_SETFD:
  case F_GETFD:
  case F_GETSIG:
  case F_SETSIG:
  case F_GETPIPE_SZ:
  case F_SETPIPE_SZ:
  case F_GET_SEALS:
  case F_ADD_SEALS: return guest_ret(fcntl(f, (int)cmd, (int)arg));
  case MIPS_F_GETOWN: return guest_ret(fcntl(f, F_GETOWN));
  case MIPS_F_SETOWN: return guest_ret(fcntl(f, F_SETOWN, (int)arg));
  case F_GETFL: {
    int fl = fcntl(f, F_GETFL);
    return fl < 0 ? -guest_errno(errno) : (int64_t)guest_mips_oflags(fl);
  }
  case F_SETFL: return guest_ret(fcntl(f, F_SETFL, guest_host_oflags(arg)));
  case MIPS_F_GETLK: return do_lock(g, f, F_GETLK, arg, 0);
  case MIPS_F_SETLK: return do_lock(g, f, F_SETLK, arg, 0);
  case MIPS_F_SETLKW: return do_lock(g, f, F_SETLKW, arg, 0);
  case MIPS_F_GETLK64: return do_lock(g, f, F_GETLK, arg, 1);
  case MIPS_F_SETLK64: return do_lock(g, f, F_SETLK, arg, 1);
  case MIPS_F_SETLKW64: return do_lock(g, f, F_SETLKW, arg, 1);
  case F_OFD_GETLK:
  case F_OFD_SETLK:
  case F_OFD_SETLKW: return do_lock(g, f, (int)cmd, arg, 1);
  default: /* leases, directory notification, owners by struct: not here */
    return guest_refuse(g, -EINVAL, "fcntl command %u", cmd);
  }
}

/* ---- file systems ------------------------------------------------------- */

/* struct statfs64, o32 (96 bytes): type, bsize, frsize, pad; blocks, bfree, files,
 * ffree, bavail (64-bit); fsid (two words); namelen, flags; 5 spare words. */
static int64_t put_statfs64(guest *g, uint32_t size, uint32_t a, const struct statfs *f) {
  if (size != 96)
    return -EINVAL;
  if (!guest_owns(g, a, 96))
    return -EFAULT;
  memset(g->mem + a, 0, 96);
  guest_wr32(g, a, (uint32_t)f->f_type);
  guest_wr32(g, a + 4, (uint32_t)f->f_bsize);
  guest_wr32(g, a + 8, (uint32_t)f->f_frsize);
  const uint64_t n[5] = {f->f_blocks, f->f_bfree, f->f_files, f->f_ffree, f->f_bavail};
  for (uint32_t i = 0; i < 5; i++)
    guest_wr64(g, a + 16 + 8 * i, n[i]);
  int fsid[2];
  memcpy(fsid, &f->f_fsid, sizeof fsid);
  guest_wr32(g, a + 56, (uint32_t)fsid[0]);
  guest_wr32(g, a + 60, (uint32_t)fsid[1]);
  guest_wr32(g, a + 64, (uint32_t)f->f_namelen);
  guest_wr32(g, a + 68, (uint32_t)f->f_flags);
  return 0;
}

static int64_t do_sendfile(guest *g, uint32_t out, uint32_t in, uint32_t oa, uint32_t n, int wide) {
  off_t o = 0;
  if (oa && !guest_owns(g, oa, wide ? 8 : 4))
    return -EFAULT;
  if (oa)
    o = wide ? (off_t)guest_rd64(g, oa) : (off_t)(int32_t)guest_rd32(g, oa);
  ssize_t r = sendfile((int)out, (int)in, oa ? &o : NULL, n);
  if (r < 0)
    return -guest_errno(errno);
  if (oa && wide)
    guest_wr64(g, oa, (uint64_t)o);
  else if (oa)
    guest_wr32(g, oa, (uint32_t)o);
  return r;
}

/* ---- directories -------------------------------------------------------- */

/* getdents64: struct linux_dirent64 has the same layout everywhere; its numbers
 * become big-endian. */
static int64_t do_getdents64(guest *g, uint32_t fd, uint32_t a, uint32_t n) {
  if (!guest_owns(g, a, n))
    return -EFAULT;
  uint8_t *buf = g->mem + a;
  long r = syscall(__NR_getdents64, (int)fd, buf, n);
  if (r < 0)
    return -guest_errno(errno);
  for (long o = 0; o < r;) {
    uint8_t *d = buf + o;
    uint64_t ino, off;
    uint16_t len;
    memcpy(&ino, d, 8), memcpy(&off, d + 8, 8), memcpy(&len, d + 16, 2);
    guest_wr64(g, a + (uint32_t)o, ino);
    guest_wr64(g, a + (uint32_t)o + 8, off);
    guest_wr16(g, a + (uint32_t)o + 16, len);
    o += len;
  }
  return r;
}

static int64_t do_readlinkat(guest *g, int dfd, uint32_t pa, uint32_t buf, uint32_t n) {
  const char *path = guest_str(g, pa);
  if (!path || !guest_owns(g, buf, n))
    return -EFAULT;
  if (dfd == AT_FDCWD && !strcmp(path, "/proc/self/exe")) { /* the guest, not hwprof */
    size_t l = strlen(g->exe);
    if (l > n)
      l = n;
    memcpy(g->mem + buf, g->exe, l);
    return (int64_t)l;
  }
  return guest_ret(readlinkat(dfd, path, (char *)g->mem + buf, n));
}

/* ---- times -------------------------------------------------------------- */

/* n timespecs at a: o32's (two 32-bit words) or the 64-bit ones (two 64-bit
 * words, the nanoseconds' upper half ignored, as Linux does for a 32-bit task). */
static int get_times(const guest *g, uint32_t a, int wide, struct timespec *t, int n) {
  if (!guest_owns(g, a, (uint32_t)n * (wide ? 16 : 8)))
    return -EFAULT;
  for (int i = 0; i < n; i++, a += wide ? 16 : 8) {
    t[i].tv_sec = wide ? (time_t)guest_rd64(g, a) : (int32_t)guest_rd32(g, a);
    t[i].tv_nsec = (int32_t)guest_rd32(g, a + (wide ? 12 : 4));
  }
  return 0;
}

static int64_t do_utimensat(guest *g, uint32_t dfd, uint32_t pa, uint32_t ta, uint32_t flags,
                            int wide) {
  struct timespec t[2];
  const char *path = NULL;
  if (pa && !(path = guest_str(g, pa)))
    return -EFAULT;
  if (ta) {
    int e = get_times(g, ta, wide, t, 2);
    if (e)
      return e;
  }
  /* The system call, not glibc's wrapper: a NULL path names the descriptor. */
  return guest_ret(syscall(__NR_utimensat, guest_dirfd(dfd), path, ta ? t : NULL, (int)flags));
}

static int64_t do_utimes(guest *g, uint32_t pa, uint32_t ta) {
  const char *path = guest_str(g, pa);
  struct timeval tv[2];
  if (!path || (ta && !guest_owns(g, ta, 16)))
    return -EFAULT;
  for (uint32_t i = 0; ta && i < 2; i++) {
    tv[i].tv_sec = (int32_t)guest_rd32(g, ta + 8 * i);
    tv[i].tv_usec = (int32_t)guest_rd32(g, ta + 8 * i + 4);
  }
  return guest_ret(utimes(path, ta ? tv : NULL));
}

/* ---- vectors ------------------------------------------------------------ */

/* The guest's iovec array (o32: base, length) as the host's, in v[1024]. */
int64_t guest_iovec(const guest *g, uint32_t iov, uint32_t cnt, struct iovec *v) {
  if (cnt > 1024)
    return -EINVAL;
  if (!guest_owns(g, iov, 8 * cnt))
    return -EFAULT;
  for (uint32_t i = 0; i < cnt; i++) {
    uint32_t b = guest_rd32(g, iov + 8 * i), l = guest_rd32(g, iov + 8 * i + 4);
    if (l && !guest_owns(g, b, l))
      return -EFAULT;
    v[i].iov_base = g->mem + b;
    v[i].iov_len = l;
  }
  return 0;
}

/* readv, preadv, pwritev (at = -1: readv). */
static int64_t do_vector(guest *g, uint32_t nr, uint32_t fd, uint32_t iov, uint32_t cnt, off_t at) {
  struct iovec v[1024];
  int64_t e = guest_iovec(g, iov, cnt, v);
  if (e)
    return e;
  if (nr == SYS_readv)
    return guest_ret(readv((int)fd, v, (int)cnt));
  return guest_ret(nr == SYS_preadv ? preadv((int)fd, v, (int)cnt, at)
                                    : pwritev((int)fd, v, (int)cnt, at));
}

/* ---- poll and select ---------------------------------------------------- */

/* poll's event bits where MIPS differs: POLLWRNORM is POLLOUT, POLLWRBAND 0x100. */
static short host_events(uint16_t m) {
  short h = (short)(m & ~0x100u);
  if (m & 0x004)
    h |= POLLWRNORM;
  if (m & 0x100)
    h |= POLLWRBAND;
  return h;
}
static uint16_t mips_events(short h) {
  uint16_t m = (uint16_t)(h & ~(POLLWRNORM | POLLWRBAND));
  if (h & POLLWRNORM)
    m |= 0x004;
  if (h & POLLWRBAND)
    m |= 0x100;
  return m;
}

/* poll (ts: NULL, timeout in ms) and ppoll (ts: the timeout, NULL: none). */
static int64_t do_poll(guest *g, uint32_t fa, uint32_t n, int ms, const struct timespec *ts,
                       int timed) {
  if (n > 4096)
    return -EINVAL;
  if (n && !guest_owns(g, fa, 8 * n))
    return -EFAULT;
  struct pollfd p[4096];
  for (uint32_t i = 0; i < n; i++) {
    p[i].fd = (int)guest_rd32(g, fa + 8 * i);
    p[i].events = host_events(guest_rd16(g, fa + 8 * i + 4));
    p[i].revents = 0;
  }
  int r = timed ? ppoll(p, n, ts, NULL) : poll(p, n, ms);
  if (r < 0)
    return -guest_errno(errno);
  for (uint32_t i = 0; i < n; i++)
    guest_wr16(g, fa + 8 * i + 6, mips_events(p[i].revents));
  return r;
}

/* An o32 fd_set (32-bit big-endian words) as the host's, and back. */
static int get_fdset(const guest *g, uint32_t a, int n, fd_set *s) {
  FD_ZERO(s);
  if (!a)
    return 0;
  uint32_t words = (uint32_t)(n + 31) / 32;
  if (!guest_owns(g, a, 4 * words))
    return -EFAULT;
  for (int fd = 0; fd < n; fd++)
    if (guest_rd32(g, a + 4 * (uint32_t)(fd / 32)) >> (fd % 32) & 1)
      FD_SET(fd, s);
  return 0;
}
static void put_fdset(guest *g, uint32_t a, int n, const fd_set *s) {
  if (!a)
    return;
  for (uint32_t w = 0; w < (uint32_t)(n + 31) / 32; w++) {
    uint32_t v = 0;
    for (int b = 0; b < 32 && (int)w * 32 + b < n; b++)
      if (FD_ISSET((int)w * 32 + b, s))
        v |= 1u << b;
    guest_wr32(g, a + 4 * w, v);
  }
}

/* select (kind 0: a timeval), pselect6 (1: a 32-bit timespec; 2: a 64-bit one).
 * The time left is written back, as Linux does; pselect6's signal mask is not
 * applied (signals are delivered between blocks, not during a host call). */
static int64_t do_select(guest *g, uint32_t n, const uint32_t set[3], uint32_t ta, int kind) {
  if ((int32_t)n < 0 || n > FD_SETSIZE)
    return -EINVAL;
  fd_set s[3];
  for (int i = 0; i < 3; i++)
    if (get_fdset(g, set[i], (int)n, &s[i]))
      return -EFAULT;
  struct timespec ts, *tp = NULL;
  if (ta) {
    if (kind == 0) {
      if (!guest_owns(g, ta, 8))
        return -EFAULT;
      ts.tv_sec = (int32_t)guest_rd32(g, ta);
      ts.tv_nsec = (long)(int32_t)guest_rd32(g, ta + 4) * 1000;
    } else if (get_times(g, ta, kind == 2, &ts, 1))
      return -EFAULT;
    tp = &ts;
  }
  long r = syscall(__NR_pselect6, (int)n, &s[0], &s[1], &s[2], tp, NULL);
  if (r < 0)
    return -guest_errno(errno);
  for (int i = 0; i < 3; i++)
    put_fdset(g, set[i], (int)n, &s[i]);
  if (tp && kind == 0) {
    guest_wr32(g, ta, (uint32_t)ts.tv_sec);
    guest_wr32(g, ta + 4, (uint32_t)(ts.tv_nsec / 1000));
  } else if (tp && kind == 1) {
    guest_wr32(g, ta, (uint32_t)ts.tv_sec);
    guest_wr32(g, ta + 4, (uint32_t)ts.tv_nsec);
  } else if (tp) {
    guest_wr64(g, ta, (uint64_t)ts.tv_sec);
    guest_wr64(g, ta + 8, (uint64_t)ts.tv_nsec);
  }
  return r;
}

/* ---- the calls ---------------------------------------------------------- */

/* Two paths (a[i], a[j]) as host strings, or -EFAULT. */
#define PATH2(i, j)                                                                                \
  if (!(p = guest_str(g, a[i])) || !(q = guest_str(g, a[j]))) {                                    \
    *ret = -EFAULT;                                                                                \
    return 1;                                                                                      \
  }
#define PATH1(i)                                                                                   \
  if (!(p = guest_str(g, a[i]))) {                                                                 \
    *ret = -EFAULT;                                                                                \
    return 1;                                                                                      \
  }

int guest_fs_call(guest *g, uint32_t nr, const uint32_t a[6], int64_t *ret) {
  const char *p, *q;
  struct timespec ts;
  switch (nr) {
  case SYS_mkdir: PATH1(0) *ret = guest_ret(mkdir(p, a[1])); return 1;
  case SYS_mkdirat: PATH1(1) *ret = guest_ret(mkdirat(guest_dirfd(a[0]), p, a[2])); return 1;
  case SYS_rmdir: PATH1(0) *ret = guest_ret(rmdir(p)); return 1;
  case SYS_chdir: PATH1(0) *ret = guest_ret(chdir(p)); return 1;
  case SYS_fchdir: *ret = guest_ret(fchdir((int)a[0])); return 1;
  case SYS_getdents64: *ret = do_getdents64(g, a[0], a[1], a[2]); return 1;
  case SYS_rename: PATH2(0, 1) *ret = guest_ret(rename(p, q)); return 1;
  case SYS_renameat:
  case SYS_renameat2:
    PATH2(1, 3)
    *ret = guest_ret(
        renameat2(guest_dirfd(a[0]), p, guest_dirfd(a[2]), q, nr == SYS_renameat2 ? a[4] : 0));
    return 1;
  case SYS_link: PATH2(0, 1) *ret = guest_ret(link(p, q)); return 1;
  case SYS_linkat:
    PATH2(1, 3)
    *ret = guest_ret(linkat(guest_dirfd(a[0]), p, guest_dirfd(a[2]), q, (int)a[4]));
    return 1;
  case SYS_symlink: PATH2(0, 1) *ret = guest_ret(symlink(p, q)); return 1;
  case SYS_symlinkat: PATH2(0, 2) *ret = guest_ret(symlinkat(p, guest_dirfd(a[1]), q)); return 1;
  case SYS_readlink: *ret = do_readlinkat(g, AT_FDCWD, a[0], a[1], a[2]); return 1;
  case SYS_readlinkat: *ret = do_readlinkat(g, guest_dirfd(a[0]), a[1], a[2], a[3]); return 1;
  case SYS_chmod: PATH1(0) *ret = guest_ret(chmod(p, a[1])); return 1;
  case SYS_fchmod: *ret = guest_ret(fchmod((int)a[0], a[1])); return 1;
  case SYS_fchmodat: PATH1(1) *ret = guest_ret(fchmodat(guest_dirfd(a[0]), p, a[2], 0)); return 1;
  case SYS_chown: PATH1(0) *ret = guest_ret(chown(p, a[1], a[2])); return 1;
  case SYS_lchown: PATH1(0) *ret = guest_ret(lchown(p, a[1], a[2])); return 1;
  case SYS_fchown: *ret = guest_ret(fchown((int)a[0], a[1], a[2])); return 1;
  case SYS_fchownat:
    PATH1(1) *ret = guest_ret(fchownat(guest_dirfd(a[0]), p, a[2], a[3], (int)a[4]));
    return 1;
  case SYS_utimensat:
  case SYS_utimensat_time64:
    *ret = do_utimensat(g, a[0], a[1], a[2], a[3], nr == SYS_utimensat_time64);
    return 1;
  case SYS_utimes: *ret = do_utimes(g, a[0], a[1]); return 1;
  case SYS_truncate: PATH1(0) *ret = guest_ret(truncate(p, (off_t)(int32_t)a[1])); return 1;
  case SYS_truncate64: /* path, pad, high, low */
    PATH1(0) *ret = guest_ret(truncate(p, (off_t)((uint64_t)a[2] << 32 | a[3])));
    return 1;
  case SYS_umask: *ret = umask(a[0] & 0777); return 1;
  case SYS_statfs64: {
    struct statfs f;
    PATH1(0) *ret = statfs(p, &f) < 0 ? -guest_errno(errno) : put_statfs64(g, a[1], a[2], &f);
    return 1;
  }
  case SYS_fstatfs64: {
    struct statfs f;
    *ret = fstatfs((int)a[0], &f) < 0 ? -guest_errno(errno) : put_statfs64(g, a[1], a[2], &f);
    return 1;
  }
  case SYS_creat: PATH1(0) *ret = guest_ret(creat(p, a[1])); return 1;
  case SYS_faccessat2:
    PATH1(1) *ret = guest_ret(faccessat(guest_dirfd(a[0]), p, (int)a[2], (int)a[3]));
    return 1;
  case SYS_fallocate: /* fd, mode, offset (high, low), length (high, low: the stack's) */
    *ret = guest_ret(fallocate((int)a[0], (int)a[1], (off_t)((uint64_t)a[2] << 32 | a[3]),
                               (off_t)((uint64_t)a[4] << 32 | a[5])));
    return 1;
  case SYS_fadvise64: /* advice only: a bad descriptor is still an error */
    *ret = fcntl((int)a[0], F_GETFD) < 0 ? -guest_errno(errno) : 0;
    return 1;
  case SYS_sendfile: *ret = do_sendfile(g, a[0], a[1], a[2], a[3], 0); return 1;
  case SYS_sendfile64: *ret = do_sendfile(g, a[0], a[1], a[2], a[3], 1); return 1;
  case SYS_fcntl:
  case SYS_fcntl64: *ret = do_fcntl(g, a[0], a[1], a[2]); return 1;
  case SYS_flock: *ret = guest_ret(flock((int)a[0], (int)a[1])); return 1;
  case SYS_fsync: *ret = guest_ret(fsync((int)a[0])); return 1;
  case SYS_fdatasync: *ret = guest_ret(fdatasync((int)a[0])); return 1;
  case SYS_sync: sync(), *ret = 0; return 1;
  case SYS_syncfs: *ret = guest_ret(syncfs((int)a[0])); return 1;
  case SYS_readv: *ret = do_vector(g, nr, a[0], a[1], a[2], -1); return 1;
  case SYS_preadv: /* fd, iov, count, offset low, offset high */
  case SYS_pwritev:
    *ret = do_vector(g, nr, a[0], a[1], a[2], (off_t)((uint64_t)a[4] << 32 | a[3]));
    return 1;
  case SYS_poll: *ret = do_poll(g, a[0], a[1], (int)a[2], NULL, 0); return 1;
  case SYS_ppoll: /* fds, n, timeout, sigmask, size: the mask as pselect6's */
  case SYS_ppoll_time64:
    if (a[2] && get_times(g, a[2], nr == SYS_ppoll_time64, &ts, 1))
      *ret = -EFAULT;
    else
      *ret = do_poll(g, a[0], a[1], 0, a[2] ? &ts : NULL, 1);
    return 1;
  case SYS__newselect:
    *ret = do_select(g, a[0], (const uint32_t[3]){a[1], a[2], a[3]}, a[4], 0);
    return 1;
  case SYS_pselect6:
  case SYS_pselect6_time64:
    *ret =
        do_select(g, a[0], (const uint32_t[3]){a[1], a[2], a[3]}, a[4], nr == SYS_pselect6 ? 1 : 2);
    return 1;
  default: return 0;
  }
}
