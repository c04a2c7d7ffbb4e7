/*
 * guest_mem.c - the guest's memory and errors, as the system calls see them: which
 * pages it owns (guest_own, guest_owns), its memory map (brk, mmap, munmap, mremap,
 * mprotect: guest.h; the native PPC32 runtime's too), its strings, MIPS errno values,
 * the system calls' names, and the report of what the runtime refuses (guest_refuse).  The
 * lowest part of the guest's OS: the loader, the clocks, the processes, the
 * signals and syscall.c all use it; it uses none of them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "guest.h"
#include "mips_errno.h"
#include "mips_syscalls.h"

/* The guest's errno value for a host one: MIPS numbers many of them its own way
 * (mips_errno.h); the rest are the same. */
int guest_errno(int e) {
  switch (e) {
#define X(name, mips)                                                                              \
  case name: return mips;
    MIPS_ERRNOS(X)
#undef X
  default: return e;
  }
}

void guest_own(guest *g, uint32_t a, uint32_t n, int own) {
  if (!n || !guest_in_range(a, n))
    return;
  for (uint32_t p = a / DBT_PAGE; p <= (a + n - 1) / DBT_PAGE; p++)
    if (g->owned[p] != own) {
      g->owned[p] = (uint8_t)own;
      g->map_changed = 1;
    }
}

int guest_owns(const guest *g, uint32_t a, uint32_t n) {
  if (!guest_in_range(a, n))
    return 0;
  for (uint32_t p = a / DBT_PAGE; n && p <= (a + n - 1) / DBT_PAGE; p++)
    if (!g->owned[p])
      return 0;
  return 1;
}

const char *guest_str(const guest *g, uint32_t a) {
  if (!guest_owns(g, a, 1))
    return NULL;
  const char *s = (const char *)g->mem + a;
  return memchr(s, 0, DBT_GUEST_TOP - a) ? s : NULL;
}

int64_t guest_ret(long r) {
  return r < 0 ? -guest_errno(errno) : r;
}

const char *guest_syscall_name(uint32_t n) {
  switch (n) {
#define X(name, nr)                                                                                \
  case nr: return #name;
    MIPS_SYSCALLS(X)
#undef X
  default: return NULL;
  }
}

int64_t guest_refuse(guest *g, int64_t err, const char *fmt, ...) {
  char what[160];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  uint32_t h = 2166136261u; /* FNV-1a: the text, to report it once */
  for (const char *c = what; *c; c++)
    h = (h ^ (uint8_t)*c) * 16777619u;
  unsigned i = 0;
  while (i < g->nrefused && g->refused[i] != h)
    i++;
  if (i == g->nrefused) {
    const char *nm = guest_syscall_name(g->call_nr);
    fprintf(g->log, "hwprof: unsupported %s in system call %u (%s) at pc %#x: error %lld\n", what,
            g->call_nr, nm ? nm : "?", g->call_pc, (long long)-err);
    if (g->nrefused < sizeof g->refused / sizeof *g->refused)
      g->refused[g->nrefused++] = h;
  }
  if (g->strict)
    snprintf(g->fatal, sizeof g->fatal, "unsupported %s (--strict)", what);
  return err;
}

/* ------------------------------------------------------------ the memory map */

/* Pages [first, first + n) of guest memory become executable or not (PROT_EXEC);
 * a change makes the runtime retranslate. */
static void set_exec(guest *g, uint32_t first, uint32_t n, int exec) {
  for (uint32_t p = first; p < first + n && p < DBT_GUEST_TOP / DBT_PAGE; p++)
    if (g->exec[p] != exec) {
      g->exec[p] = (uint8_t)exec;
      g->code_changed = 1;
    }
}

int64_t guest_mprotect(guest *g, uint32_t addr, uint32_t len, uint32_t prot) {
  if (addr & (DBT_PAGE - 1))
    return -EINVAL;
  if (addr >= DBT_GUEST_MIN && addr < DBT_GUEST_TOP)
    set_exec(g, addr / DBT_PAGE, (len + DBT_PAGE - 1) / DBT_PAGE, (prot & 4) != 0);
  return 0;
}

/* The first page of the first run of n free pages in the mmap area, or the area's
 * page count when there is none. */
static uint32_t first_fit(const guest *g, uint32_t n) {
  const uint32_t npages = (DBT_MMAP_END - DBT_MMAP_BASE) / DBT_PAGE;
  for (uint32_t i = 0, run = 0; i < npages; i++) {
    run = g->mmap_used[i] ? 0 : run + 1;
    if (run == n)
      return i + 1 - n;
  }
  return npages;
}

int64_t guest_mmap(guest *g, uint32_t addr, uint32_t len, uint32_t prot, uint32_t flags,
                   uint32_t fd, uint64_t off) {
  const uint32_t npages = (DBT_MMAP_END - DBT_MMAP_BASE) / DBT_PAGE;
  uint32_t n = (len + DBT_PAGE - 1) / DBT_PAGE;
  if (!len || n > npages)
    return -(len ? ENOMEM : EINVAL);
  /* A file mapping is a copy of the file taken now.  A shared one of a file this
   * process can write would miss its later write()s (SQLite's memory-mapped I/O reads
   * the pages it wrote back through it): refused, as by a file system that cannot
   * map, so that the program reads and writes instead (SQLite does). */
  if (!(flags & GUEST_MAP_ANON) && (flags & GUEST_MAP_SHARED)) { /* MAP_SHARED */
    int fl = fcntl((int)fd, F_GETFL);
    if (fl < 0)
      return -errno;
    if ((fl & O_ACCMODE) != O_RDONLY)
      return guest_refuse(g, -ENODEV, "shared mapping of a file open for writing");
  }
  uint32_t first = npages;
  if (flags & GUEST_MAP_FIXED) { /* MAP_FIXED */
    if ((addr & (DBT_PAGE - 1)) || addr < DBT_MMAP_BASE || addr > DBT_MMAP_END - n * DBT_PAGE)
      return -EINVAL;
    first = (addr - DBT_MMAP_BASE) / DBT_PAGE;
  } else if ((first = first_fit(g, n)) == npages)
    return -ENOMEM;
  uint32_t a = DBT_MMAP_BASE + first * DBT_PAGE;
  memset(g->mmap_used + first, 1, n);
  memset(g->mem + a, 0, (size_t)n * DBT_PAGE);
  if (!(flags & GUEST_MAP_ANON)) { /* a file: read its contents (private copy) */
    ssize_t r = pread((int)fd, g->mem + a, len, (off_t)off);
    if (r < 0) {
      memset(g->mmap_used + first, 0, n);
      return -errno;
    }
  }
  set_exec(g, a / DBT_PAGE, n, (prot & 4) != 0);
  guest_own(g, a, n * DBT_PAGE, 1);
  return a;
}

int64_t guest_munmap(guest *g, uint32_t addr, uint32_t len) {
  if (addr & (DBT_PAGE - 1))
    return -EINVAL;
  if (addr >= DBT_MMAP_BASE && addr < DBT_MMAP_END) {
    uint32_t first = (addr - DBT_MMAP_BASE) / DBT_PAGE, n = (len + DBT_PAGE - 1) / DBT_PAGE;
    uint32_t npages = (DBT_MMAP_END - DBT_MMAP_BASE) / DBT_PAGE;
    if (n > npages - first)
      n = npages - first;
    memset(g->mmap_used + first, 0, n);
    set_exec(g, addr / DBT_PAGE, n, 0);
    guest_own(g, addr, n * DBT_PAGE, 0);
  }
  return 0;
}

/* mremap: a mapping of the mmap area shrinks in place, grows in place when the
 * pages after it are free, or moves (MREMAP_MAYMOVE: copied to a first fit, the
 * old pages freed).  flags 1 MREMAP_MAYMOVE, 2 MREMAP_FIXED (refused, reported). */
int64_t guest_mremap(guest *g, uint32_t addr, uint32_t old_len, uint32_t new_len, uint32_t flags) {
  const uint32_t npages = (DBT_MMAP_END - DBT_MMAP_BASE) / DBT_PAGE;
  if ((addr & (DBT_PAGE - 1)) || !new_len || (flags & ~3u))
    return -EINVAL;
  if (flags & 2)
    return guest_refuse(g, -EINVAL, "mremap with MREMAP_FIXED");
  uint32_t n_old = (old_len + DBT_PAGE - 1) / DBT_PAGE, n_new = (new_len + DBT_PAGE - 1) / DBT_PAGE;
  if (addr < DBT_MMAP_BASE || addr >= DBT_MMAP_END || !n_old ||
      n_old > npages - (addr - DBT_MMAP_BASE) / DBT_PAGE)
    return -EFAULT;
  uint32_t first = (addr - DBT_MMAP_BASE) / DBT_PAGE;
  for (uint32_t i = 0; i < n_old; i++)
    if (!g->mmap_used[first + i])
      return -EFAULT;
  int exec = g->exec[addr / DBT_PAGE];
  if (n_new <= n_old) {
    guest_munmap(g, addr + n_new * DBT_PAGE, (n_old - n_new) * DBT_PAGE);
    return addr;
  }
  uint32_t grow = n_new - n_old, end = first + n_old, k = 0;
  while (k < grow && end + k < npages && !g->mmap_used[end + k])
    k++;
  if (k == grow) { /* in place */
    uint32_t a = addr + n_old * DBT_PAGE;
    memset(g->mmap_used + end, 1, grow);
    memset(g->mem + a, 0, (size_t)grow * DBT_PAGE);
    set_exec(g, a / DBT_PAGE, grow, exec);
    guest_own(g, a, grow * DBT_PAGE, 1);
    return addr;
  }
  if (!(flags & 1))
    return -ENOMEM;
  uint32_t to = first_fit(g, n_new);
  if (to == npages)
    return -ENOMEM;
  uint32_t a = DBT_MMAP_BASE + to * DBT_PAGE;
  memset(g->mmap_used + to, 1, n_new);
  memcpy(g->mem + a, g->mem + addr, (size_t)n_old * DBT_PAGE);
  memset(g->mem + a + n_old * DBT_PAGE, 0, (size_t)grow * DBT_PAGE);
  set_exec(g, a / DBT_PAGE, n_new, exec);
  guest_own(g, a, n_new * DBT_PAGE, 1);
  guest_munmap(g, addr, n_old * DBT_PAGE);
  return a;
}

int64_t guest_brk(guest *g, uint32_t want) {
  if (want < g->brk_start || want > DBT_BRK_MAX)
    return g->brk;
  if (want > g->brk)
    memset(g->mem + g->brk, 0, want - g->brk);
  /* The heap's pages: [brk_start, brk) rounded up (the last segment's page below). */
  uint32_t old_end = (g->brk + DBT_PAGE - 1) & ~(DBT_PAGE - 1);
  uint32_t new_end = (want + DBT_PAGE - 1) & ~(DBT_PAGE - 1);
  if (new_end > old_end)
    guest_own(g, old_end, new_end - old_end, 1);
  else if (new_end < old_end)
    guest_own(g, new_end, old_end - new_end, 0);
  g->brk = want;
  return g->brk;
}

/* getrandom's bytes: a deterministic generator, so runs repeat cycle for cycle: each
 * run (each guest) starts from the same state, also when one process makes several
 * runs (hwprof bench: nine). */
#define RAND_SEED 0x9E3779B97F4A7C15ull
int64_t guest_getrandom(guest *g, uint32_t a, uint32_t len) {
  if (!guest_owns(g, a, len))
    return -EFAULT;
  for (uint32_t i = 0; i < len; i++) {
    uint64_t x = g->rand_state ? g->rand_state : RAND_SEED;
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    g->rand_state = x;
    g->mem[a + i] = (uint8_t)x;
  }
  return len;
}
