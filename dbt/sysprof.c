/*
 * sysprof.c - the system-call profile: a count per (call site, system-call number).
 *
 * Two tables of the same shape, each in order of first call:
 *   - the runtime's own: the dispatcher counts every system call it executes, in
 *     every profile mode (this is the sw profile's record, and the reference the
 *     IP's is checked against);
 *   - the IP's (hw, all): translated code records each call in the IP's
 *     system-call table (translate.c: SYSCALL_SITE, SYSCALL), which holds
 *     2^SYSCALL_BITS pairs.  The interrupt handler drains it at half full
 *     (IRQ_SYSCALL; a system call goes through the dispatcher, so the handler
 *     always runs before the table could fill), and readout drains the rest.
 *     With --runtime board the handler's drains run on the board, into a list of
 *     its own (firmware/irq.c), which readout takes first (ip_take).
 * The runtime's count costs no simulated cycles (it is part of the host-side
 * system-call emulation); the IP's costs the four instructions of the record.
 */
#include <stdlib.h>

#include "runtime.h"

/* System calls per (site, number), in order of first call. */
typedef struct rt_sys_table {
  dbt_syscall_count *v;
  size_t n, cap;
} rt_sys_table;

struct rt_sys {
  rt_sys_table run; /* as the dispatcher executed them */
  rt_sys_table hw;  /* as the IP recorded them */
};

static int add(rt_sys_table *t, uint32_t site, uint32_t number, uint64_t n) {
  for (size_t i = 0; i < t->n; i++)
    if (t->v[i].site == site && t->v[i].number == number) {
      t->v[i].count += n;
      return 0;
    }
  if (rt_grow(&t->v, t->n, &t->cap, sizeof *t->v, 16) < 0)
    return -1;
  t->v[t->n++] = (dbt_syscall_count){site, number, n};
  return 0;
}

static void table_free(rt_sys_table *t) {
  free(t->v);
  *t = (rt_sys_table){0};
}

/* The IP's table: empty, with its mark.  A drain is read, add, then clear
 * (nothing writes SYSCALL while the handler runs). */
static int ip_setup(dbt *d) {
  int rc;
  table_free(&d->sys->hw);
  /* An IP older than 1.4, or built without the table: the blocks record no call. */
  d->core.sys_hw = rt_ip_dev(d)->cfg.syscall_entries != 0;
  if (!d->core.sys_hw)
    return 0;
  /* IRQ_SYSCALL at half full (the table has 2 entries at least) */
  if ((rc = hwprof_clear_syscalls(rt_ip_dev(d))) < 0 ||
      (rc = hwprof_set_syscall_mark(rt_ip_dev(d), rt_ip_dev(d)->cfg.syscall_entries / 2)) < 0)
    return rt_hw_fail(d, "set-up", rc);
  return 0;
}

/* The IP's table into d->sys->hw, emptied. */
static int drain(dbt *d) {
  hwprof_syscall v[HWPROF_SYSCALL_MAX_ENTRIES];
  size_t n = 0;
  int rc;
  if (!rt_ip_dev(d)->cfg.syscall_entries)
    return 0;
  if ((rc = hwprof_read_syscalls(rt_ip_dev(d), v, HWPROF_SYSCALL_MAX_ENTRIES, &n)) < 0)
    return rc;
  for (size_t i = 0; i < n; i++)
    if (add(&d->sys->hw, v[i].site, v[i].number, v[i].count) < 0)
      return -HWPROF_ENOSPC;
  return n ? hwprof_clear_syscalls(rt_ip_dev(d)) : 0;
}

static int ip_drain(dbt *d) {
  if (rt_hw_board_state(d)) /* the board's handler drained it */
    return 0;
  int rc = drain(d);
  return rc < 0 ? rt_hw_fail(d, "system-call table", rc) : 0;
}

/* A pair the board's handler counted. */
static int take_one(dbt *d, uint32_t site, uint32_t number, uint64_t n) {
  return add(&d->sys->hw, site, number, n);
}

static int ip_take(dbt *d) {
  return rt_irq_syscalls(d, rt_hw_board_state(d), take_one);
}

static int ip_readout(dbt *d) {
  if (ip_drain(d) < 0)
    return -1;
  dbt_hw_profile *p = rt_ip_profile(d);
  p->syscalls = d->sys->hw.v;
  p->n_syscalls = d->sys->hw.n;
  return 0;
}

int rt_sys_record(dbt *d, uint32_t site, uint32_t number) {
  return add(&d->sys->run, site, number, 1);
}

static void sys_free(dbt *d) {
  table_free(&d->sys->run);
  table_free(&d->sys->hw);
  free(d->sys);
  d->sys = NULL;
}

int rt_sys_register(dbt *d) {
  static const rt_hooks hooks = {
      .what = "system-call records",
      .free = sys_free,
      .ip_setup = ip_setup,
      .ip_drain = ip_drain,
      .ip_take = ip_take,
      .ip_readout = ip_readout,
  };
  if (!(d->sys = calloc(1, sizeof *d->sys)))
    return -1;
  rt_register(d, &hooks);
  return 0;
}

size_t dbt_syscall_counts(const dbt *d, const dbt_syscall_count **out) {
  *out = d->sys->run.v;
  return d->sys->run.n;
}
