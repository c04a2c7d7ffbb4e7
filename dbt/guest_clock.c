/*
 * guest_clock.c - the guest's clocks: what time the MIPS Linux time calls return
 * (clock_gettime and clock_gettime64 for every clock id, clock_getres,
 * gettimeofday, time, times, and the sleeps nanosleep and clock_nanosleep).
 *
 * Two sources (hwprof run --clock):
 *
 *   board  the board's simulated time: the CPU cycles of the run so far at the
 *          device tree's CPU clock (g->board_ns, set by the runtime before each
 *          system call).  CLOCK_REALTIME starts at GUEST_BOARD_EPOCH
 *          (2000-01-01 00:00:00 UTC), the monotonic clocks at 0, and both go on
 *          through the guest's sleeps, which take no host time and no cycles
 *          (g->slept_ns: the board is idle then).  The CPU-time clocks
 *          (CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID, the per-process
 *          ids clock() and clock_getcpuclockid() make, times()'s user time) are
 *          the cycles alone.  A run is then deterministic: a program that times
 *          itself reads the same figures on every run, whatever the host's load,
 *          and each profiling mode's cost shows in them as it would on a board.
 *   host   the host's clocks, as a process on the host would read them.
 *
 * What is not modelled: the time the translator spends on the host (translation,
 * system calls) is not in the board's time, as it is not in the cycles.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>

#include "guest.h"
#include "mips_syscalls.h"

#define NS  1000000000ull
#define TCK 100 /* sysconf(_SC_CLK_TCK) on MIPS Linux: times() counts in 1/100 s */

enum { REALTIME, MONOTONIC, CPU };

/* Linux clock ids: which kind, or -1 for an id that is not one.  Negative ids are
 * the CPU clocks of a process or thread (clock_getcpuclockid); the guest is the
 * only process, so all of them are its own. */
static int kind_of(int32_t id) {
  if (id < 0)
    return CPU;
  switch (id) {
  case 0: /* CLOCK_REALTIME */
  case 5: /* CLOCK_REALTIME_COARSE */
  case 8: /* CLOCK_REALTIME_ALARM */
  case 11: /* CLOCK_TAI (the board has no leap seconds) */ return REALTIME;
  case 1: /* CLOCK_MONOTONIC */
  case 4: /* CLOCK_MONOTONIC_RAW */
  case 6: /* CLOCK_MONOTONIC_COARSE */
  case 7: /* CLOCK_BOOTTIME */
  case 9: /* CLOCK_BOOTTIME_ALARM */ return MONOTONIC;
  case 2: /* CLOCK_PROCESS_CPUTIME_ID */
  case 3: /* CLOCK_THREAD_CPUTIME_ID */ return CPU;
  default: return -1;
  }
}

/* A clock's time in ns: the board's, or the host's (-errno when the host refuses). */
static int64_t now_ns(const guest *g, int32_t id, uint64_t *ns) {
  int k = kind_of(id);
  if (k < 0)
    return -EINVAL;
  if (g->clock == GUEST_CLOCK_BOARD) {
    *ns = k == CPU ? g->board_ns : g->board_ns + g->slept_ns;
    if (k == REALTIME)
      *ns += GUEST_BOARD_EPOCH * NS;
    return 0;
  }
  struct timespec ts;
  if (clock_gettime(k == REALTIME ? CLOCK_REALTIME
                    : k == CPU    ? CLOCK_PROCESS_CPUTIME_ID
                                  : CLOCK_MONOTONIC,
                    &ts) < 0)
    return -errno;
  *ns = (uint64_t)ts.tv_sec * NS + (uint64_t)ts.tv_nsec;
  return 0;
}

/* Stores a timespec (o32: two 32-bit words; time64: two 64-bit words). */
static int64_t put_timespec(guest *g, uint32_t a, uint64_t ns, int wide) {
  if (!guest_owns(g, a, wide ? 16 : 8))
    return -EFAULT;
  if (wide) {
    guest_wr32(g, a, (uint32_t)(ns / NS >> 32));
    guest_wr32(g, a + 4, (uint32_t)(ns / NS));
    guest_wr32(g, a + 8, 0);
    guest_wr32(g, a + 12, (uint32_t)(ns % NS));
  } else {
    guest_wr32(g, a, (uint32_t)(ns / NS));
    guest_wr32(g, a + 4, (uint32_t)(ns % NS));
  }
  return 0;
}

/* Reads a timespec; -EINVAL for one Linux refuses (negative, nsec out of range). */
static int64_t get_timespec(const guest *g, uint32_t a, int wide, uint64_t *ns) {
  if (!guest_owns(g, a, wide ? 16 : 8))
    return -EFAULT;
  int64_t sec;
  uint32_t nsec;
  if (wide) {
    sec = (int64_t)guest_rd64(g, a);
    nsec = guest_rd32(g, a + 12);
  } else {
    sec = (int32_t)guest_rd32(g, a);
    nsec = guest_rd32(g, a + 4);
  }
  if (sec < 0 || nsec >= NS || (uint64_t)sec > UINT64_MAX / NS - 1)
    return -EINVAL;
  *ns = (uint64_t)sec * NS + nsec;
  return 0;
}

static int64_t do_gettime(guest *g, uint32_t id, uint32_t a, int wide) {
  uint64_t ns;
  int64_t rc = now_ns(g, (int32_t)id, &ns);
  return rc < 0 ? rc : put_timespec(g, a, ns, wide);
}

/* The resolution: one CPU cycle on the board (rounded up to whole ns). */
static int64_t do_getres(guest *g, uint32_t id, uint32_t a, int wide) {
  if (kind_of((int32_t)id) < 0)
    return -EINVAL;
  if (!a)
    return 0;
  uint64_t ns = 1;
  if (g->clock == GUEST_CLOCK_HOST) {
    struct timespec ts;
    if (clock_getres(CLOCK_MONOTONIC, &ts) == 0)
      ns = (uint64_t)ts.tv_sec * NS + (uint64_t)ts.tv_nsec;
  } else if (g->cpu_hz) {
    ns = (NS + g->cpu_hz - 1) / g->cpu_hz;
  }
  return put_timespec(g, a, ns, wide);
}

/* nanosleep and clock_nanosleep (flags bit 0: TIMER_ABSTIME).  On the board the
 * time passes at once; on the host the call sleeps (not interrupted: nothing is
 * delivered to the guest). */
static int64_t do_sleep(guest *g, uint32_t id, uint32_t flags, uint32_t req, int wide) {
  uint64_t want, now;
  int64_t rc;
  int k = kind_of((int32_t)id);
  if (k != REALTIME && k != MONOTONIC) /* not a CPU clock: it would not pass while asleep */
    return -EINVAL;
  if ((rc = get_timespec(g, req, wide, &want)) < 0)
    return rc;
  if (flags & 1) { /* an absolute time on that clock */
    if ((rc = now_ns(g, (int32_t)id, &now)) < 0)
      return rc;
    want = want > now ? want - now : 0;
  }
  if (g->clock == GUEST_CLOCK_BOARD) {
    g->slept_ns += want;
    return 0;
  }
  struct timespec ts = {(time_t)(want / NS), (long)(want % NS)};
  while (nanosleep(&ts, &ts) < 0)
    if (errno != EINTR)
      return -errno;
  return 0;
}

int guest_clock_call(guest *g, uint32_t nr, const uint32_t a[4], int64_t *ret) {
  uint64_t ns;
  switch (nr) {
  case SYS_clock_gettime: *ret = do_gettime(g, a[0], a[1], 0); return 1;
  case SYS_clock_gettime64: *ret = do_gettime(g, a[0], a[1], 1); return 1;
  case SYS_clock_getres: *ret = do_getres(g, a[0], a[1], 0); return 1;
  case SYS_clock_getres_time64: *ret = do_getres(g, a[0], a[1], 1); return 1;
  case SYS_gettimeofday: /* struct timeval, then struct timezone (UTC) */
    if ((*ret = now_ns(g, 0, &ns)) < 0)
      return 1;
    if ((a[0] && !guest_owns(g, a[0], 8)) || (a[1] && !guest_owns(g, a[1], 8))) {
      *ret = -EFAULT;
      return 1;
    }
    if (a[0])
      guest_wr32(g, a[0], (uint32_t)(ns / NS)), guest_wr32(g, a[0] + 4, (uint32_t)(ns % NS / 1000));
    if (a[1])
      guest_wr32(g, a[1], 0), guest_wr32(g, a[1] + 4, 0);
    *ret = 0;
    return 1;
  case SYS_time:
    if ((*ret = now_ns(g, 0, &ns)) < 0)
      return 1;
    if (a[0] && !guest_owns(g, a[0], 4)) {
      *ret = -EFAULT;
      return 1;
    }
    if (a[0])
      guest_wr32(g, a[0], (uint32_t)(ns / NS));
    *ret = (uint32_t)(ns / NS);
    return 1;
  case SYS_times: { /* user time: the CPU clock; no system time, no children */
    uint64_t cpu, up;
    if ((*ret = now_ns(g, 2, &cpu)) < 0 || (*ret = now_ns(g, 1, &up)) < 0)
      return 1;
    if (a[0] && !guest_owns(g, a[0], 16)) {
      *ret = -EFAULT;
      return 1;
    }
    if (a[0]) {
      guest_wr32(g, a[0], (uint32_t)(cpu / (NS / TCK)));
      for (int i = 1; i < 4; i++)
        guest_wr32(g, a[0] + 4 * (uint32_t)i, 0);
    }
    *ret = (uint32_t)(up / (NS / TCK));
    return 1;
  }
  case SYS_getrusage: { /* o32 struct rusage (72 bytes): user time, the CPU clock */
    uint64_t cpu;
    int32_t who = (int32_t)a[0];
    if (who != 0 && who != -1 && who != 1) /* SELF, CHILDREN, THREAD */
      *ret = -EINVAL;
    else if (!guest_owns(g, a[1], 72))
      *ret = -EFAULT;
    else if ((*ret = now_ns(g, 2, &cpu)) >= 0) {
      memset(g->mem + a[1], 0, 72);
      if (who != -1) { /* children: none measured */
        guest_wr32(g, a[1], (uint32_t)(cpu / NS));
        guest_wr32(g, a[1] + 4, (uint32_t)(cpu % NS / 1000));
      }
      *ret = 0;
    }
    return 1;
  }
  case SYS_nanosleep: *ret = do_sleep(g, 1, 0, a[0], 0); return 1;
  case SYS_clock_nanosleep: *ret = do_sleep(g, a[0], a[1], a[2], 0); return 1;
  case SYS_clock_nanosleep_time64: *ret = do_sleep(g, a[0], a[1], a[2], 1); return 1;
  default: return 0;
  }
}
