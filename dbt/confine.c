/*
 * confine.c - the runtime's side of --confine (the check before guest loads and
 * stores is translate.c's check_confine; its trap becomes SIGSEGV in dispatch.c).
 *
 * Below DBT_GUEST_TOP the check lets every address through, so the pages of the
 * guest's range it has not mapped (below its segments, between the heap and
 * mmap's pages, what munmap gave back: guest.owned) are taken off the board's
 * bus, and its accesses there fault as unmapped, as under Linux.  The runtime
 * brings the bus in line with guest.owned after the load and after each system
 * call that changed it (rt_confine_sync); the board keeps that across renewals
 * of its emulator.  This costs no simulated cycles and stands for no 405
 * hardware: a real board would need the MMU's TLB for it, whose misses would be.
 *
 * $gp and $sp are taken to be near the guest's memory by translated code
 * (translate.c, confine_kept); so must any value the runtime gives them
 * (rt_write_gpr: a signal's frame, sigreturn's context), checked before translated
 * code resumes (rt_confine_kept_ok).  Linux would fault at the first access through
 * them instead, or could not push a handler's frame there.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

/* --confine's state (d->confine). */
struct rt_confine {
  uint8_t *onbus; /* per guest page, on the board's bus (NULL: all of the guest's) */
};

int rt_confine_sync(dbt *d) {
  const uint32_t first = DBT_GUEST_MIN / DBT_PAGE, end = DBT_GUEST_TOP / DBT_PAGE;
  if (!d->confine || !d->g.map_changed)
    return 0;
  d->g.map_changed = 0;
  if (!d->confine->onbus) { /* dbt_new left [DBT_GUEST_MIN, DBT_GUEST_TOP) on the bus, but for
                             * the stack's guard */
    if (!(d->confine->onbus = calloc(end, 1)))
      return -1;
    memset(d->confine->onbus + first, 1, end - first);
    memset(d->confine->onbus + DBT_STACK_BASE / DBT_PAGE, 0, /* (the stack's guard) */
           (DBT_STACK_FLOOR - DBT_STACK_BASE) / DBT_PAGE);
  }
  for (uint32_t p = first; p < end;) {
    uint8_t want = d->g.owned[p];
    uint32_t q = p;
    while (q < end && d->g.owned[q] == want && d->confine->onbus[q] != want)
      q++;
    if (q == p) {
      p++;
      continue;
    }
    uint32_t a = p * DBT_PAGE, n = (q - p) * DBT_PAGE;
    if ((want ? vboard_remap(d->b, a, n) : vboard_unmap(d->b, a, n)) < 0)
      return -1;
    memset(d->confine->onbus + p, want, q - p);
    p = q;
  }
  return 0;
}

/* Within 32 KiB of the guest's memory (translate.c, confine_kept): [0, DBT_GUEST_TOP)
 * and 32 KiB either side, below 0 wrapping to the top of the address space. */
int rt_confine_kept_ok(dbt *d) {
  for (unsigned m = 28; m <= 29; m++) {
    uint32_t v = vboard_get_gpr(d->b, (unsigned)dbt_host_reg_confined[m]);
    if (v >= DBT_GUEST_TOP + 0x8000u && v < 0xFFFF8000u)
      return 0;
  }
  return 1;
}

static void confine_free(dbt *d) {
  free(d->confine->onbus);
  free(d->confine);
  d->confine = NULL;
}

int rt_confine_register(dbt *d) {
  static const rt_hooks hooks = {.what = "--confine's page map", .free = confine_free};
  if (!d->o.confine)
    return 0;
  if (!(d->confine = calloc(1, sizeof *d->confine)))
    return -1;
  rt_register(d, &hooks);
  return 0;
}
