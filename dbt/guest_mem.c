/*
 * guest_mem.c - the guest's memory and errors, as the system calls see them: which
 * pages it owns (guest_own, guest_owns), its strings, and MIPS errno values.  The
 * lowest part of the guest's OS: the loader, the clocks, the processes, the
 * signals and syscall.c all use it; it uses none of them.
 */
#include <errno.h>
#include <string.h>

#include "guest.h"

/* MIPS errno values where they differ from the host's (Linux generic). */
int guest_errno(int e) {
  switch (e) {
  case ENOSYS: return 89;
  case ENAMETOOLONG: return 78;
  case ENOTEMPTY: return 93;
  case ELOOP: return 90;
  case EOVERFLOW: return 79;
  case ENOLCK: return 46;
  default: return e <= 34 ? e : EINVAL;
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
