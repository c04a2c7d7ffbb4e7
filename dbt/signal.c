/*
 * signal.c - the guest's signals: actions (rt_sigaction, sigaltstack), pending
 * and blocked sets, kill/raise/tgkill to itself, alarm and setitimer on the
 * guest's clock, pause and sigsuspend (the guest side, for syscall.c); and their
 * delivery on the board (the runtime side, for dbt.c): a handler runs on a MIPS
 * o32 signal frame as Linux builds it, and its return restores the context.
 *
 * Delivery points.  A synchronous signal (a trap stub: teq/break, SIGILL, the
 * alignment check's SIGBUS; an FPU exception, SIGFPE; an access to unmapped
 * memory or a jump to memory that is not executable, SIGSEGV) goes to its
 * handler at once, with the trapping or faulting instruction's pc in the
 * frame.  A signal raised by the guest on itself is delivered when the system
 * call returns; a timer's SIGALRM at the next guest block the CPU enters once the
 * timer is due (the runtime pauses the CPU there), or when a system call
 * returns.  A blocked signal waits until it is unblocked.
 *
 * Frames.  Without SA_SIGINFO a struct sigframe (sigcontext, then the mask),
 * with it a struct rt_sigframe (siginfo, ucontext), both o32 layouts, 8-byte
 * aligned below the stack pointer or at the top of the alternate stack
 * (SA_ONSTACK).  The handler is entered with a0 = the signal, a1 = &info (or 0),
 * a2 = &context, t9 = the handler and ra = DBT_SIGRETURN_PC, an address no guest
 * code can have: the runtime takes a jump there as the return from the
 * innermost handler (Linux points ra at a sigreturn trampoline; a handler that
 * leaves by longjmp abandons its frame either way).  The context written there
 * (sc_pc, the registers) is what the guest resumes with, so a handler may skip
 * an instruction by advancing sc_pc.
 *
 * Default actions: SIGCHLD, SIGURG, SIGWINCH and SIGCONT are ignored; the stop
 * signals are ignored too (there is no job control); every other signal ends the
 * guest.  A synchronous signal that is blocked or ignored ends it as well, as
 * Linux forces it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "mips_syscalls.h"
#include "runtime.h"

/* MIPS signal numbers and flags. */
enum { SIGALRM_ = 14, SIGCHLD_ = 18, SIGWINCH_ = 20, SIGURG_ = 21 };
enum { SIGSTOP_ = 23, SIGTSTP_ = 24, SIGCONT_ = 25, SIGTTIN_ = 26, SIGTTOU_ = 27 };
#define SA_SIGINFO_   0x00000008u
#define SA_ONSTACK_   0x08000000u
#define SA_NODEFER_   0x40000000u
#define SA_RESETHAND_ 0x80000000u
#define SS_ONSTACK_   1u
#define SS_DISABLE_   2u
#define SI_USER_      0
#define SI_KERNEL_    0x80
#define MIPS_EINTR    4
#define MIPS_EINVAL   22
#define MIPS_EFAULT   14

/* o32 layouts (Linux arch/mips: sigcontext.h, ucontext.h, signal.c). */
#define SC_PC       8
#define SC_REGS     16
#define SC_FPREGS   272
#define SC_FPC_CSR  532
#define SC_USED_FP  540
#define SC_MDHI     552
#define SC_MDLO     560
#define SC_SIZE     592
#define SF_SC       24 /* struct sigframe: sf_ass[4], sf_pad[2], sf_sc, sf_mask */
#define SF_MASK     (SF_SC + SC_SIZE)
#define SF_SIZE     (SF_MASK + 16)
#define RS_INFO     24 /* struct rt_sigframe: rs_ass[4], rs_pad[2], rs_info, rs_uc */
#define RS_UC       (RS_INFO + 128)
#define UC_STACK    8 /* ucontext: uc_flags, uc_link, uc_stack (sp, size, flags) */
#define UC_MCONTEXT 24
#define UC_SIGMASK  (UC_MCONTEXT + SC_SIZE)
#define RS_SIZE     (RS_UC + UC_SIGMASK + 128) /* glibc's sigset_t is 128 bytes */

/* ------------------------------------------------------------ sets */

static uint32_t bit(int sig) {
  return 1u << ((unsigned)(sig - 1) % 32);
}
static int in(const uint32_t set[4], int sig) {
  return (set[(sig - 1) / 32] & bit(sig)) != 0;
}
static void add(uint32_t set[4], int sig) {
  set[(sig - 1) / 32] |= bit(sig);
}
static void del(uint32_t set[4], int sig) {
  set[(sig - 1) / 32] &= ~bit(sig);
}

void guest_raise(guest *g, int sig, int code) {
  if (sig > 0 && sig < GUEST_NSIG) {
    add(g->sigpending, sig);
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
      del(g->sigpending, (int)sig);
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
    if (in(g->sigpending, s) && !in(g->sigmask, s))
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

/* ------------------------------------------------------------ delivery (the runtime) */

static int ignored_by_default(int sig) {
  return sig == SIGCHLD_ || sig == SIGURG_ || sig == SIGWINCH_ || sig == SIGCONT_ ||
         sig == SIGSTOP_ || sig == SIGTSTP_ || sig == SIGTTIN_ || sig == SIGTTOU_;
}

static void put64(dbt *d, uint32_t a, uint32_t v) { /* a register, sign-extended to 64 bits */
  wr32(d, a, (int32_t)v < 0 ? 0xFFFFFFFFu : 0);
  wr32(d, a + 4, v);
}

/* The context at sc: pc, the registers, HI/LO, the FPU. */
static void save_context(dbt *d, uint32_t sc, uint32_t pc) {
  uint32_t m[32];
  rt_read_gprs(d, m);
  memset(d->ram + sc, 0, SC_SIZE);
  put64(d, sc + SC_PC, pc);
  for (int i = 0; i < 32; i++)
    put64(d, sc + SC_REGS + 8 * (uint32_t)i, m[i]);
  for (int i = 0; i < 32; i++)
    wr32(d, sc + SC_FPREGS + 8 * (uint32_t)i + 4, rd32(d, DBT_STATE + DBT_ST_FPR(i)));
  wr32(d, sc + SC_FPC_CSR, rd32(d, DBT_STATE + DBT_ST_FCSR));
  wr32(d, sc + SC_USED_FP, 1);
  put64(d, sc + SC_MDHI, rd32(d, DBT_STATE + DBT_ST_HI));
  put64(d, sc + SC_MDLO, rd32(d, DBT_STATE + DBT_ST_LO));
}

static uint32_t restore_context(dbt *d, uint32_t sc) {
  for (unsigned i = 1; i < 32; i++)
    rt_write_gpr(d, i, rd32(d, sc + SC_REGS + 8 * i + 4));
  for (unsigned i = 0; i < 32; i++)
    wr32(d, DBT_STATE + DBT_ST_FPR(i), rd32(d, sc + SC_FPREGS + 8 * i + 4));
  wr32(d, DBT_STATE + DBT_ST_FCSR, rd32(d, sc + SC_FPC_CSR));
  wr32(d, DBT_STATE + DBT_ST_HI, rd32(d, sc + SC_MDHI + 4));
  wr32(d, DBT_STATE + DBT_ST_LO, rd32(d, sc + SC_MDLO + 4));
  return rd32(d, sc + SC_PC + 4);
}

/* Ends the guest with signal sig (its default action). */
static int die(dbt *d, int sig, int sync, uint32_t pc, dbt_result *r) {
  if (!sync && !d->g.fatal[0] && d->g.sigcode[sig] <= SI_USER_)
    snprintf(d->g.fatal, sizeof d->g.fatal, "guest raised signal %d", sig);
  r->how = DBT_SIGNALED;
  r->signal = sig;
  r->pc = pc;
  d->g.exited_by_signal = 1;
  return -1;
}

/* The handler frames still live when the guest's stack pointer is sp: a handler
 * left by siglongjmp (or longjmp) never returns through sigreturn, and its frame,
 * now above sp on the same stack, is dropped (Linux keeps no list: its frames
 * live on the guest's stack only). */
static unsigned live_frames(const dbt *d, uint32_t sp) {
  const guest *g = &d->g;
  unsigned n = g->nframes;
  int sp_alt = g->alt_size && sp - g->alt_sp < g->alt_size;
  while (n) {
    uint32_t f = g->frames[n - 1].frame;
    int f_alt = g->alt_size && f - g->alt_sp < g->alt_size;
    if (f_alt != sp_alt || f >= sp)
      break;
    n--;
  }
  return n;
}

int rt_signal_deliver(dbt *d, int sig, int sync, uint32_t pc, uint32_t addr, uint32_t *to,
                      dbt_result *r) {
  guest *g = &d->g;
  guest_sigaction *s = &g->sigact[sig];
  del(g->sigpending, sig);
  if (sync && (s->handler == GUEST_SIG_IGN || in(g->sigmask, sig)))
    return die(d, sig, 1, pc, r); /* Linux forces it */
  if (s->handler == GUEST_SIG_IGN || (s->handler == GUEST_SIG_DFL && ignored_by_default(sig)))
    return 0;
  if (s->handler == GUEST_SIG_DFL)
    return die(d, sig, sync, pc, r);
  uint32_t m[32];
  rt_read_gprs(d, m);
  uint32_t sp = m[29];
  g->nframes = live_frames(d, sp);
  if (g->nframes == GUEST_MAX_FRAMES)
    return die(d, DBT_SIGSEGV, 1, pc, r); /* handlers nested too deep: a stack overflow */
  if ((s->flags & SA_ONSTACK_) && g->alt_size && !(sp - g->alt_sp < g->alt_size))
    sp = g->alt_sp + g->alt_size;
  int rt = (s->flags & SA_SIGINFO_) != 0;
  uint32_t frame = (sp - (rt ? RS_SIZE : SF_SIZE)) & ~7u;
  if (!guest_owns(g, frame, rt ? RS_SIZE : SF_SIZE))
    return die(d, DBT_SIGSEGV, 1, pc, r); /* no room for the frame: Linux kills it */
  memset(d->ram + frame, 0, rt ? RS_SIZE : SF_SIZE);
  uint32_t sc = frame + (rt ? RS_UC + UC_MCONTEXT : SF_SC);
  uint32_t mask = frame + (rt ? RS_UC + UC_SIGMASK : SF_MASK);
  save_context(d, sc, pc);
  const uint32_t *old = g->suspended ? g->sigmask_saved : g->sigmask;
  for (int i = 0; i < 4; i++)
    wr32(d, mask + 4 * (uint32_t)i, old[i]);
  if (rt) { /* siginfo (MIPS: si_signo, si_code, si_errno, then the union) */
    uint32_t info = frame + RS_INFO, uc = frame + RS_UC;
    wr32(d, info, (uint32_t)sig);
    wr32(d, info + 4, (uint32_t)(sync ? 1 : g->sigcode[sig]));
    if (sync)
      wr32(d, info + 12, addr); /* si_addr */
    else if (g->sigcode[sig] <= SI_USER_) {
      wr32(d, info + 12, (uint32_t)getpid()); /* si_pid, si_uid */
      wr32(d, info + 16, (uint32_t)getuid());
    }
    wr32(d, uc + UC_STACK, g->alt_sp);
    wr32(d, uc + UC_STACK + 4, g->alt_size);
    wr32(d, uc + UC_STACK + 8, g->alt_size ? 0 : SS_DISABLE_);
  }
  g->frames[g->nframes].frame = frame;
  g->frames[g->nframes].rt = rt;
  g->nframes++;
  if (g->suspended)
    memcpy(g->sigmask, g->sigmask_saved, sizeof g->sigmask);
  g->suspended = 0;
  for (int i = 0; i < 4; i++)
    g->sigmask[i] |= s->mask[i];
  if (!(s->flags & SA_NODEFER_))
    add(g->sigmask, sig);
  uint32_t handler = s->handler;
  if (s->flags & SA_RESETHAND_)
    s->handler = GUEST_SIG_DFL;
  rt_write_gpr(d, 4, (uint32_t)sig);
  rt_write_gpr(d, 5, rt ? frame + RS_INFO : 0);
  rt_write_gpr(d, 6, sc - (rt ? UC_MCONTEXT : 0)); /* &uc (rt) or &sc */
  rt_write_gpr(d, 25, handler);
  rt_write_gpr(d, 29, frame);
  rt_write_gpr(d, 31, DBT_SIGRETURN_PC);
  *to = handler;
  return 1;
}

int rt_signal_next(const dbt *d) {
  const guest *g = &d->g;
  for (int w = 0; w < 4; w++) {
    uint32_t ready = g->sigpending[w] & ~g->sigmask[w];
    if (ready)
      return 32 * w + __builtin_ctz(ready) + 1;
  }
  return 0;
}

int rt_signal_caught(dbt *d, int sig) {
  const guest *g = &d->g;
  uint32_t m[32];
  rt_read_gprs(d, m);
  return sig > 0 && sig < GUEST_NSIG && g->sigact[sig].handler > GUEST_SIG_IGN &&
         !in(g->sigmask, sig) && live_frames(d, m[29]) < GUEST_MAX_FRAMES;
}

void rt_signal_arm(dbt *d) {
  const guest *g = &d->g;
  d->sig_due = 0;
  if (g->timer_at_ns && g->clock == GUEST_CLOCK_BOARD) {
    uint64_t ns = g->timer_at_ns > g->slept_ns ? g->timer_at_ns - g->slept_ns : 0;
    /* rounded up: at that cycle the guest's clock (rounded down) has reached it */
    d->sig_due =
        (uint64_t)(((unsigned __int128)ns * vboard_cpu_hz(d->b) + 999999999u) / 1000000000u);
    if (d->sig_due <= vboard_cycles(d->b)) /* due already: at the next block */
      d->sig_due = vboard_cycles(d->b) + 1;
  }
}

uint32_t rt_sigreturn(dbt *d, dbt_result *r) {
  guest *g = &d->g;
  uint32_t m[32];
  rt_read_gprs(d, m);
  g->nframes = live_frames(d, m[29]);
  if (!g->nframes) {
    r->how = DBT_SIGNALED;
    r->signal = DBT_SIGSEGV;
    r->pc = DBT_SIGRETURN_PC;
    return 0;
  }
  g->nframes--;
  uint32_t frame = g->frames[g->nframes].frame;
  int rt = g->frames[g->nframes].rt;
  uint32_t sc = frame + (rt ? RS_UC + UC_MCONTEXT : SF_SC);
  uint32_t mask = frame + (rt ? RS_UC + UC_SIGMASK : SF_MASK);
  for (int i = 0; i < 4; i++)
    g->sigmask[i] = rd32(d, mask + 4 * (uint32_t)i);
  return restore_context(d, sc);
}
