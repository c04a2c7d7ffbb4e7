/*
 * guest_rlimit.c - the guest's resource limits: getrlimit, setrlimit and
 * prlimit64 answer as Linux does, from a table the guest's own calls change.
 *
 * At start every limit is infinite but the stack's, which is Linux's default,
 * 8 MiB soft (DBT_STACK_LIMIT: the stack the loader gives the guest, with a guard
 * off the bus below it).  As under Linux a process may lower a limit or raise a
 * soft one up to its hard one; raising a hard one is EPERM (no privileges are
 * modelled), a soft one above its hard one EINVAL.  Setting a limit changes only
 * what the calls answer: the stack stays 8 MiB, as qemu-mips's does (fixed at its
 * start).  o32's getrlimit has 32-bit fields, infinity 0x7fffffff.
 */
#include <errno.h>

#include "guest.h"
#include "mips_syscalls.h"

#define RLIM_STACK 3
#define RLIM_INF   UINT64_MAX
#define RLIM32_INF 0x7FFFFFFFu

void guest_rlimit_init(guest *g) {
  for (unsigned i = 0; i < GUEST_NRLIMIT; i++)
    g->rlim[i][0] = g->rlim[i][1] = RLIM_INF;
  g->rlim[RLIM_STACK][0] = DBT_STACK_LIMIT;
}

static uint64_t from32(uint32_t v) {
  return v >= RLIM32_INF ? RLIM_INF : v;
}

static uint32_t to32(uint64_t v) {
  return v >= RLIM32_INF ? RLIM32_INF : (uint32_t)v;
}

/* Resource res becomes {soft, hard}: 0, or -errno. */
static int64_t set(guest *g, uint32_t res, uint64_t soft, uint64_t hard) {
  if (soft > hard)
    return -EINVAL;
  if (hard > g->rlim[res][1])
    return -EPERM;
  g->rlim[res][0] = soft;
  g->rlim[res][1] = hard;
  return 0;
}

int guest_rlimit_call(guest *g, uint32_t nr, const uint32_t a[4], int64_t *ret) {
  switch (nr) {
  case SYS_getrlimit: /* resource, struct rlimit of two 32-bit words */
    if (a[0] >= GUEST_NRLIMIT)
      *ret = -EINVAL;
    else if (!guest_owns(g, a[1], 8))
      *ret = -EFAULT;
    else {
      guest_wr32(g, a[1], to32(g->rlim[a[0]][0]));
      guest_wr32(g, a[1] + 4, to32(g->rlim[a[0]][1]));
      *ret = 0;
    }
    return 1;
  case SYS_setrlimit:
    if (a[0] >= GUEST_NRLIMIT)
      *ret = -EINVAL;
    else if (!guest_owns(g, a[1], 8))
      *ret = -EFAULT;
    else
      *ret = set(g, a[0], from32(guest_rd32(g, a[1])), from32(guest_rd32(g, a[1] + 4)));
    return 1;
  case SYS_prlimit64: /* pid (0: this one), resource, new (or 0), old (or 0), 64-bit fields */
    if (a[1] >= GUEST_NRLIMIT)
      *ret = -EINVAL;
    else if ((a[2] && !guest_owns(g, a[2], 16)) || (a[3] && !guest_owns(g, a[3], 16)))
      *ret = -EFAULT;
    else {
      uint64_t old[2] = {g->rlim[a[1]][0], g->rlim[a[1]][1]};
      *ret = 0;
      if (a[2]) {
        *ret = set(g, a[1], guest_rd64(g, a[2]), guest_rd64(g, a[2] + 8));
      }
      if (a[3] && *ret == 0) {
        guest_wr64(g, a[3], old[0]);
        guest_wr64(g, a[3] + 8, old[1]);
      }
    }
    return 1;
  default: return 0;
  }
}
