/*
 * sigframe.c - the guest's signals delivered on the board (the runtime side, for
 * the dispatcher; their state is guest_signal.c's): a handler runs on a MIPS o32
 * signal frame as Linux builds it, and its return restores the context.
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
 * Cycles.  A delivery and a handler's return are charged as a PPC405 Linux kernel would
 * spend them (syscost.c, dbt_signal_charge), to cycles_by's `syscalls`: the frame's
 * copy, out to the stack and back in, and the kernel's trip (but for a delivery on a
 * system call's way out, whose trip the call paid).
 *
 * Default actions: SIGCHLD, SIGURG, SIGWINCH and SIGCONT are ignored; the stop
 * signals are ignored too (there is no job control); every other signal ends the
 * guest.  A synchronous signal that is blocked or ignored ends it as well, as
 * Linux forces it.
 */
#define _GNU_SOURCE
#include <string.h>
#include <unistd.h>

#include "mips_signal.h"
#include "runtime.h"

/* ------------------------------------------------------------ delivery (the runtime) */

/* What the kernel's delivery (deliver) or rt_sigreturn would cost the board's CPU
 * (syscost.c), as a system call's share: the frame of `bytes` at `frame` copied, and
 * the kernel's trip when own_trip. */
static void charge(dbt *d, uint32_t frame, uint32_t bytes, int deliver, int own_trip) {
  rt_span span = rt_work_begin(d, DBT_CYC_SYSCALLS);
  d->st.signal_cycles += dbt_signal_charge(d->b, frame, bytes, deliver, own_trip);
  *(deliver ? &d->st.signals_delivered : &d->st.signal_returns) += 1;
  rt_work_end(d, &span);
}

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

int rt_signal_deliver(dbt *d, int sig, int sync, int on_syscall, uint32_t pc, uint32_t addr,
                      uint32_t *to, dbt_result *r) {
  guest *g = &d->g;
  guest_sigaction *s = &g->sigact[sig];
  sig_del(g->sigpending, sig);
  if (sync && (s->handler == GUEST_SIG_IGN || sig_in(g->sigmask, sig)))
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
    sig_add(g->sigmask, sig);
  uint32_t handler = s->handler;
  if (s->flags & SA_RESETHAND_)
    s->handler = GUEST_SIG_DFL;
  rt_write_gpr(d, 4, (uint32_t)sig);
  rt_write_gpr(d, 5, rt ? frame + RS_INFO : 0);
  rt_write_gpr(d, 6, sc - (rt ? UC_MCONTEXT : 0)); /* &uc (rt) or &sc */
  rt_write_gpr(d, 25, handler);
  rt_write_gpr(d, 29, frame);
  rt_write_gpr(d, 31, DBT_SIGRETURN_PC);
  charge(d, frame, rt ? RS_SIZE : SF_SIZE, 1, !on_syscall);
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
         !sig_in(g->sigmask, sig) && live_frames(d, m[29]) < GUEST_MAX_FRAMES;
}

void rt_signal_arm(dbt *d) {
  const guest *g = &d->g;
  uint64_t due = 0;
  if (g->timer_at_ns && g->clock == GUEST_CLOCK_BOARD) {
    uint64_t ns = g->timer_at_ns > g->slept_ns ? g->timer_at_ns - g->slept_ns : 0;
    /* rounded up: at that cycle the guest's clock (rounded down) has reached it */
    due = (uint64_t)(((unsigned __int128)ns * vboard_cpu_hz(d->b) + 999999999u) / 1000000000u);
    if (due <= vboard_cycles(d->b)) /* due already: at the next block */
      due = vboard_cycles(d->b) + 1;
  }
  rt_wake_at(d, due);
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
  charge(d, frame, rt ? RS_SIZE : SF_SIZE, 0, 1);
  return restore_context(d, sc);
}
