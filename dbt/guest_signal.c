/*
 * guest_signal.c - the guest's signal state, the guest side of its signals (for
 * syscall.c): actions (rt_sigaction, sigaltstack), pending and blocked sets,
 * kill/raise/tgkill to itself, alarm and setitimer on the guest's clock, pause and
 * sigsuspend.  Their delivery on the board is sigframe.c's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "guest.h"
#include "mips_signal.h"
#include "mips_syscalls.h"

void guest_raise(guest *g, int sig, int code) {
  if (sig > 0 && sig < GUEST_NSIG) {
    sig_add(g->sigpending, sig);
    g->sigcode[sig] = code;
  }
}

/* ------------------------------------------------------------ the guest's calls */

static uint64_t now_ns(const guest *g) { /* the guest's monotonic clock */
  if (g->clock == GUEST_CLOCK_BOARD)
    return g->board_ns + g->slept_ns;
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* A timer due by now: SIGALRM pending, the next period armed. */
void guest_timer_check(guest *g) {
  if (!g->timer_at_ns || now_ns(g) < g->timer_at_ns)
    return;
  guest_raise(g, SIGALRM_, SI_KERNEL_);
  g->timer_at_ns = g->timer_interval_ns ? g->timer_at_ns + g->timer_interval_ns : 0;
}

/* The timer as a struct itimerval (o32: interval, then value; seconds and
 * microseconds each) at a. */
static void put_itimer(guest *g, uint32_t a) {
  uint64_t n = now_ns(g), left = g->timer_at_ns > n ? g->timer_at_ns - n
                                 : g->timer_at_ns   ? 1000
                                                    : 0;
  guest_wr32(g, a, (uint32_t)(g->timer_interval_ns / 1000000000u));
  guest_wr32(g, a + 4, (uint32_t)(g->timer_interval_ns % 1000000000u / 1000u));
  guest_wr32(g, a + 8, (uint32_t)(left / 1000000000u));
  guest_wr32(g, a + 12, (uint32_t)((left % 1000000000u + 999) / 1000u));
}

static int64_t do_sigaction(guest *g, uint32_t sig, uint32_t act, uint32_t old, uint32_t size) {
  if (size != 16 || sig == 0 || sig >= GUEST_NSIG || ((sig == 9 || sig == SIGSTOP_) && act))
    return -MIPS_EINVAL;
  if ((act && !guest_owns(g, act, 24)) || (old && !guest_owns(g, old, 24)))
    return -MIPS_EFAULT;
  guest_sigaction prev = g->sigact[sig];
  if (act) { /* struct sigaction, MIPS: sa_flags, sa_handler, sa_mask[4] */
    guest_sigaction *s = &g->sigact[sig];
    s->flags = guest_rd32(g, act);
    s->handler = guest_rd32(g, act + 4);
    for (int i = 0; i < 4; i++)
      s->mask[i] = guest_rd32(g, act + 8 + 4 * (uint32_t)i);
    if (s->handler == GUEST_SIG_IGN)
      sig_del(g->sigpending, (int)sig);
  }
  if (old) {
    guest_wr32(g, old, prev.flags);
    guest_wr32(g, old + 4, prev.handler);
    for (int i = 0; i < 4; i++)
      guest_wr32(g, old + 8 + 4 * (uint32_t)i, prev.mask[i]);
  }
  return 0;
}

static int64_t do_sigaltstack(guest *g, uint32_t ss, uint32_t old, uint32_t sp) {
  if ((ss && !guest_owns(g, ss, 12)) || (old && !guest_owns(g, old, 12)))
    return -MIPS_EFAULT;
  int on = g->alt_size && sp - g->alt_sp < g->alt_size;
  if (old) { /* stack_t, MIPS: ss_sp, ss_size, ss_flags */
    guest_wr32(g, old, g->alt_sp);
    guest_wr32(g, old + 4, g->alt_size);
    guest_wr32(g, old + 8, on ? SS_ONSTACK_ : g->alt_size ? 0 : SS_DISABLE_);
  }
  if (ss) {
    uint32_t flags = guest_rd32(g, ss + 8);
    if (on)
      return -1; /* EPERM */
    if (flags & SS_DISABLE_) {
      g->alt_sp = g->alt_size = 0;
    } else if (flags) {
      return -MIPS_EINVAL;
    } else {
      g->alt_sp = guest_rd32(g, ss);
      g->alt_size = guest_rd32(g, ss + 4);
      if (g->alt_size < 2048)
        return g->alt_size = 0, -12; /* ENOMEM: below MINSIGSTKSZ */
    }
  }
  return 0;
}

/* Waits for a signal (pause, sigsuspend): under the board clock an armed timer's
 * time passes at once (the board is idle); with nothing to wait for, the host
 * process waits (a signal from another process ends it). */
static int64_t wait_signal(guest *g) {
  for (int s = 1; s < GUEST_NSIG; s++)
    if (sig_in(g->sigpending, s) && !sig_in(g->sigmask, s))
      return -MIPS_EINTR;
  if (g->timer_at_ns && g->clock == GUEST_CLOCK_BOARD) {
    if (g->timer_at_ns > now_ns(g))
      g->slept_ns += g->timer_at_ns - now_ns(g);
    guest_timer_check(g);
    return -MIPS_EINTR;
  }
  if (g->timer_at_ns) { /* the host's clock: sleep until it is due */
    uint64_t n = now_ns(g), at = g->timer_at_ns;
    if (at > n)
      usleep((useconds_t)((at - n + 999) / 1000));
    guest_timer_check(g);
    return -MIPS_EINTR;
  }
  pause();
  return -MIPS_EINTR;
}

int guest_signal_call(guest *g, uint32_t nr, const uint32_t a[4], uint32_t sp, int64_t *ret) {
  switch (nr) {
  case SYS_rt_sigaction: *ret = do_sigaction(g, a[0], a[1], a[2], a[3]); return 1;
  case SYS_sigaltstack: *ret = do_sigaltstack(g, a[0], a[1], sp); return 1;
  case SYS_alarm: {
    uint64_t n = now_ns(g), left = g->timer_at_ns > n ? g->timer_at_ns - n : 0;
    *ret = (int64_t)((left + 999999999u) / 1000000000u);
    g->timer_at_ns = a[0] ? n + (uint64_t)a[0] * 1000000000u : 0;
    g->timer_interval_ns = 0;
    return 1;
  }
  case SYS_setitimer:
  case SYS_getitimer: {
    uint32_t which = a[0], val = nr == SYS_setitimer ? a[1] : 0,
             old = nr == SYS_setitimer ? a[2] : a[1];
    if (which > 2)
      *ret = -MIPS_EINVAL;
    else if ((val && !guest_owns(g, val, 16)) || (old && !guest_owns(g, old, 16)))
      *ret = -MIPS_EFAULT;
    else {
      if (old)
        put_itimer(g, old);
      if (val) { /* ITIMER_REAL; the CPU-time timers run on the same clock here */
        uint64_t iv = (uint64_t)guest_rd32(g, val) * 1000000000u + guest_rd32(g, val + 4) * 1000u;
        uint64_t v =
            (uint64_t)guest_rd32(g, val + 8) * 1000000000u + guest_rd32(g, val + 12) * 1000u;
        g->timer_at_ns = v ? now_ns(g) + v : 0;
        g->timer_interval_ns = iv;
      }
      *ret = 0;
    }
    return 1;
  }
  case SYS_pause: *ret = wait_signal(g); return 1;
  case SYS_rt_sigsuspend: {
    if (a[1] != 16 || !guest_owns(g, a[0], 16)) {
      *ret = a[1] != 16 ? -MIPS_EINVAL : -MIPS_EFAULT;
      return 1;
    }
    memcpy(g->sigmask_saved, g->sigmask, sizeof g->sigmask);
    for (int i = 0; i < 4; i++)
      g->sigmask[i] = guest_rd32(g, a[0] + 4 * (uint32_t)i);
    g->suspended = 1; /* the mask comes back when the handler returns */
    *ret = wait_signal(g);
    return 1;
  }
  default: return 0;
  }
}
