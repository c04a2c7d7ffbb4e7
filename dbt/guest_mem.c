/*
 * guest_mem.c - the guest's memory and errors, as the system calls see them: which
 * pages it owns (guest_own, guest_owns), its strings, MIPS errno values, the
 * system calls' names, and the report of what the runtime refuses (guest_refuse).  The
 * lowest part of the guest's OS: the loader, the clocks, the processes, the
 * signals and syscall.c all use it; it uses none of them.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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
