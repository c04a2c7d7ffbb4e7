/*
 * dispatch.c - the dispatcher, the runtime's top: dbt_run is a loop of the
 * board's CPU running translated code until it comes back, and one handler for
 * each way it comes back -- paused at a block boundary (a recorded superblock, a
 * guest timer due), stopped (a fault, the cycle limit, a signal to hwprof), or
 * at an exit stub of translated code, one handler per exit kind (translate.h).
 * It calls down into the features that own an exit (edges, calling contexts,
 * system calls, the FPU helper, signal frames), into fault.c, and into the
 * code-cache core (cache.c).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../firmware/xlate.h"
#include "runtime.h"

/* ------------------------------------------------------------ messages */

static void stopped_before(dbt *d, dbt_result *r) {
  uint32_t at = r->board.stop_pc, pc = at - DBT_CODE < d->used ? rt_guest_pc_of(d, at) : 0;
  rt_fire_left(d, at, 0);
  char where[64] = "";
  if (pc)
    snprintf(where, sizeof where, " at guest pc %#x", pc);
  if (r->board.stop == VBOARD_INTERRUPTED)
    errf(r->message, sizeof r->message, "interrupted by SIG%s%s, after %llu guest instructions",
         sigabbrev_np(r->board.signal), where, (unsigned long long)d->st.guest_insns);
  else
    errf(r->message, sizeof r->message, "cycle limit %llu reached%s, after %llu guest instructions",
         (unsigned long long)d->o.max_cycles, where, (unsigned long long)d->st.guest_insns);
}

static const char *signame(int s) {
  switch (s) {
  case 4: return "SIGILL";
  case 5: return "SIGTRAP";
  case 6: return "SIGABRT";
  case 8: return "SIGFPE";
  case DBT_SIGBUS: return "SIGBUS";
  case 11: return "SIGSEGV";
  default: return "signal";
  }
}

static uint32_t go(dbt *d, uint32_t pc, dbt_result *r);

/* Pending signals that are not blocked, delivered before the guest goes on at pc
 * (sigframe.c; on_syscall: on a system call's way out, a handler's return's too): the pc
 * to go on at (the innermost handler's, or pc), or 0 when one ends the guest (r
 * filled). */
static uint32_t deliver_pending(dbt *d, uint32_t pc, int on_syscall, dbt_result *r) {
  int sig;
  while ((sig = rt_signal_next(d))) {
    uint32_t to;
    int k = rt_signal_deliver(d, sig, 0, on_syscall, pc, 0, &to, r);
    if (k < 0)
      return 0;
    if (k > 0)
      pc = to;
  }
  if (d->g.suspended) { /* sigsuspend's mask ends with the call when nothing ran */
    memcpy(d->g.sigmask, d->g.sigmask_saved, sizeof d->g.sigmask);
    d->g.suspended = 0;
  }
  rt_signal_arm(d);
  return pc;
}

/* A synchronous signal (a trap, a fault) at guest pc that a handler catches:
 * where the handler's code is, or 0 (r filled). */
static uint32_t to_handler(dbt *d, int sig, uint32_t pc, uint32_t addr, dbt_result *r) {
  uint32_t to;
  if (rt_signal_deliver(d, sig, 1, 0, pc, addr, &to, r) <= 0)
    return 0;
  rt_signal_arm(d);
  return go(d, to, r);
}

/* The runtime's code for guest pc, translated on a miss; 0 when the guest cannot go
 * on there (r filled: a signal, a mode it cannot run, or why the run stops). */
static uint32_t code_for(dbt *d, uint32_t pc, dbt_result *r) {
  int sig = 0;
  uint32_t h = rt_block_host(d, pc, &sig, r->message, sizeof r->message);
  if (!h && sig && !(pc & 1) && rt_signal_caught(d, sig))
    return to_handler(d, sig, pc, pc, r);
  if (!h) {
    if (sig == DBT_SIGBUS && (pc & 1)) { /* the ISA mode bit: MIPS16e or microMIPS code */
      r->how = DBT_UNIMPL;
      r->pc = pc;
      r->insn = 0;
    } else if (sig) {
      r->how = DBT_SIGNALED;
      r->signal = sig;
      r->pc = pc;
    } else {
      r->how = DBT_STOPPED;
    }
  }
  return h;
}

/* The dispatcher's request q (its lookup of q->pc, and a chain's patch or an indirect
 * jump's entry): made on the board first when the dispatcher's work runs there
 * (ondispatch.c), then the runtime's lookup, checked against it.  The host address
 * to go on at, or 0 (r filled). */
static uint32_t go_req(dbt *d, xlate_disp *q, dbt_result *r) {
  if (q->pc == DBT_SIGRETURN_PC) { /* a signal handler returned (sigframe.c) */
    uint32_t pc = rt_sigreturn(d, r);
    if (!pc || !(pc = deliver_pending(d, pc, 1, r)))
      return 0;
    q->op = XLATE_LOOKUP; /* (never chained, never in the jump table) */
    q->pc = pc;
  }
  uint32_t gen = d->gen;
  uint64_t translated = d->st.blocks_translated;
  int board = rt_disp_on_board(d);
  if (board && rt_disp(d, q, 1) < 0) {
    rt_stop_failed(d, r);
    return 0;
  }
  uint32_t h = code_for(d, q->pc, r);
  if (board && h && rt_disp_found(d, q, h, gen, translated) < 0) {
    rt_stop_failed(d, r);
    return 0;
  }
  return h;
}

static uint32_t go(dbt *d, uint32_t pc, dbt_result *r) {
  xlate_disp q = {.op = XLATE_LOOKUP, .pc = pc};
  return go_req(d, &q, r);
}

static void finish_message(dbt *d, dbt_result *r) {
  char dis[64];
  switch (r->how) {
  case DBT_SIGNALED:
    if (d->g.fatal[0])
      errf(r->message, sizeof r->message, "%s", d->g.fatal);
    else
      errf(r->message, sizeof r->message, "guest terminated by %s (%d) at pc %#x%s",
           signame(r->signal), r->signal, r->pc,
           r->board.unmapped ? " (an access to unmapped memory)" : "");
    break;
  case DBT_UNIMPL:
    if (r->pc & 1) {
      uint32_t off = 0;
      const char *fn = guest_symbol(&d->g, r->pc & ~1u, &off);
      errf(r->message, sizeof r->message,
           "cannot execute the code at pc %#x%s%s%s: a jump to an odd address enters "
           "MIPS16e or microMIPS code, and the translator runs MIPS32 code only",
           r->pc, fn ? " (" : "", fn ? fn : "", fn ? ")" : "");
      break;
    }
    dbt_disasm_mips(r->pc, r->insn, dis, sizeof dis);
    if ((r->insn >> 26) == 0x1D) { /* jalx */
      errf(r->message, sizeof r->message,
           "cannot execute the instruction at pc %#x: %08x (%s): jalx enters MIPS16e or "
           "microMIPS code, and the translator runs MIPS32 code only",
           r->pc, r->insn, dis);
      break;
    }
    errf(r->message, sizeof r->message, "cannot execute the instruction at pc %#x: %08x (%s)%s",
         r->pc, r->insn, strcmp(dis, "?") ? dis : "not a MIPS32 instruction",
         strcmp(dis, "?") ? "" : ": guest terminated by SIGILL");
    if (!strcmp(dis, "?")) { /* a reserved encoding: the guest's SIGILL, as qemu-mips */
      r->how = DBT_SIGNALED;
      r->signal = DBT_SIGILL;
    }
    break;
  case DBT_STOPPED:
    if (!r->message[0] && r->board.stop == VBOARD_FAULT) {
      /* the board names a PowerPC address in the code cache: name the guest's too */
      uint32_t at = r->board.fetch_fault ? r->board.fetch_fault : d->tb_at;
      if (at - DBT_CODE < d->used)
        errf(r->message, sizeof r->message, "%.200s, in the guest's block at pc %#x",
             r->board.message, rt_guest_pc_of(d, at));
    }
    if (!r->message[0])
      errf(r->message, sizeof r->message, "%s", r->board.message);
    if (!r->message[0]) /* never an empty reason */
      errf(r->message, sizeof r->message, "the board stopped (%s) with no reason given",
           r->board.stop == VBOARD_LIMIT    ? "cycle limit"
           : r->board.stop == VBOARD_EXITED ? "exit"
                                            : "fault");
    break;
  default: break;
  }
}

/* ------------------------------------------------------------ the board stopped */

/* Paused at a block boundary (observe): a recorded path, or a guest timer due.
 * The host address to go on at, or 0 when the guest ends (r filled). */
static uint32_t paused(dbt *d, dbt_result *r) {
  uint32_t at = vboard_paused_pc(d->b), host = at;
  if (d->woke) { /* the guest's timer is due (rt_signal_arm) */
    d->woke = 0;
    d->g.board_ns = rt_board_ns(d);
    guest_timer_check(&d->g);
    uint32_t pc = rt_guest_pc_of(d, at), to = deliver_pending(d, pc, 0, r); /* an interrupt's */
    if (!to)
      return 0;
    if (to != pc) { /* a handler runs first; the path is left before this block */
      rt_fire_left(d, at, 0);
      host = go(d, to, r);
    }
  }
  return host;
}

/* The board stopped: a fault (a guest load or store outside its memory, with
 * --confine a check's trap), the cycle limit, a signal to hwprof.  The host
 * address to go on at when the guest's SIGSEGV handler takes a fault, else 0. */
static uint32_t stopped(dbt *d, dbt_result *r) {
  r->how = DBT_STOPPED;
  if (r->board.stop == VBOARD_LIMIT || r->board.stop == VBOARD_INTERRUPTED)
    stopped_before(d, r);
  uint32_t at = 0, fault = 0;
  if (r->board.trapped && r->board.fault_pc - DBT_CODE < d->used)
    at = r->board.fault_pc, fault = rt_confine_fault(d, at);
  else if (r->board.unmapped && d->tb_at - DBT_CODE < d->used) {
    at = rt_fault_insn(d, r->board.fault_addr), fault = r->board.fault_addr;
    rt_guest_access_ea(d, rt_guest_insn_of(d, at), &fault); /* lwl's, not its aligned word */
  }
  if (!at)
    return 0;
  /* The runtime's work for the fault may run on the board (the IP's packets drained,
   * --runtime board): the fault is set aside meanwhile. */
  vboard_result held = r->board;
  vboard_recover(d->b);
  if (rt_cut_block(d, at, rt_guest_insn_of(d, at), r) < 0)
    return vboard_refault(d->b, &held), 0;
  rt_uncount_after(d, at);
  if (rt_signal_caught(d, DBT_SIGSEGV)) { /* the guest's handler takes it */
    r->how = DBT_EXITED;
    r->message[0] = 0;
    rt_fire_left(d, at, 1);
    return to_handler(d, DBT_SIGSEGV, rt_guest_insn_of(d, at), fault, r);
  }
  rt_fire_left(d, at, 1);
  vboard_refault(d->b, &held);
  r->how = DBT_SIGNALED; /* a guest load or store outside its memory */
  r->signal = DBT_SIGSEGV;
  r->pc = rt_guest_insn_of(d, at);
  return 0;
}

/* ------------------------------------------------------------ exits */

/* Each exit kind's handler: the exit stub was reached with lr after it (the words
 * its block left there, translate.h).  The host address to go on at, or 0 when
 * the run ends (r filled). */
typedef uint32_t exit_handler(dbt *d, uint32_t lr, dbt_result *r);

/* A direct branch to a block not translated yet: translated, and the branch that
 * reached the stub (its site) patched to go there from now on (past a superblock
 * head's probe: rt_redirect); the stub itself when the site cannot reach it (a bc,
 * 32 KiB). */
static uint32_t exit_chain(dbt *d, uint32_t lr, dbt_result *r) {
  uint32_t target = rd32(d, lr), site = rd32(d, lr + 4), stub = lr - 4, gen = d->gen;
  xlate_disp q = {.op = XLATE_CHAIN, .pc = target, .site = site, .stub = stub};
  uint32_t host = go_req(d, &q, r);
  if (host && gen == d->gen && q.pc == target) {
    host += rt_find(d, target, 0)->skip; /* (go_req found it) */
    if (host == site) /* the target went over the branch: the block falls into it (window.c) */
      return host;
    uint32_t insn = rd32(d, site), w, at = site;
    if ((insn >> 26) == 16) /* a bc */
      w = dbt_retarget_bc(insn, site, host), at = site | 1;
    else
      w = dbt_chain_word(site, host);
    if (!w)
      w = dbt_chain_word(stub, host), at = stub;
    if (rt_disp_on_board(d) && w) { /* the board patched it, unless its list is full */
      if (q.full)
        return host;
      if (q.at != at || rt_disp_wrote(d, at & ~1u, w, target) < 0) {
        if (q.at != at)
          errf(d->failed, sizeof d->failed,
               "the dispatcher on the board chained guest pc %#x at %#x, the runtime at %#x",
               target, q.at, at);
        rt_stop_failed(d, r);
        return 0;
      }
    }
    if (w && rt_link(d, at, target, w) == 0)
      d->st.chained++;
  }
  return host;
}

/* The sw edge probe's slots had no room: counted here, and on. */
static uint32_t exit_edge(dbt *d, uint32_t lr, dbt_result *r) {
  if (rt_edge_exit(d, rd32(d, lr), rd32(d, lr + 4), vboard_get_gpr(d->b, 3)) >= 0)
    return lr + 8;
  r->how = DBT_STOPPED;
  errf(r->message, sizeof r->message, "out of memory for indirect edges");
  rt_fire_left(d, lr - 4, 1);
  return 0;
}

/* The sw packet ring is full. */
static uint32_t exit_cct(dbt *d, uint32_t lr, dbt_result *r) {
  if (rt_cct_full(d) < 0) {
    rt_stop_failed(d, r);
    return 0;
  }
  return lr;
}

/* The inline lookup missed: the target translated, and its entry filled. */
static uint32_t exit_indirect(dbt *d, uint32_t lr, dbt_result *r) {
  (void)lr;
  uint32_t target = vboard_get_gpr(d->b, 3);
  xlate_disp q = {.op = XLATE_INDIRECT, .pc = target};
  uint32_t host = go_req(d, &q, r);
  if (host && q.pc == target) { /* (a handler's return: never cached) */
    uint32_t e = DBT_STATE + DBT_ST_JT + 8 * ((target >> 2) & (DBT_JT_ENTRIES - 1));
    if (rt_disp_wrote(d, e, target, target) < 0 || rt_disp_wrote(d, e + 4, host, target) < 0) {
      rt_stop_failed(d, r);
      return 0;
    }
    wr32(d, e, target);
    wr32(d, e + 4, host);
  }
  return host;
}

/* The guest's system call ended it: exit, a fatal signal, or a call that stops
 * the run. */
static uint32_t syscall_ended(dbt *d, uint32_t pc, dbt_result *r) {
  if (d->g.exited && !d->g.fatal[0]) {
    r->how = DBT_EXITED;
    r->status = d->g.exit_status;
  } else if (d->g.exited) {
    r->how = DBT_SIGNALED;
    r->signal = d->g.exit_status - 128;
    r->pc = pc;
  } else {
    r->how = DBT_STOPPED;
    errf(r->message, sizeof r->message, "%s at pc %#x", d->g.fatal, pc);
  }
  vboard_exit(d->b, r->status);
  return 0;
}

/* A system call: recorded, carried out on the host (syscall.c), its results in
 * the guest's registers; then what it changed (the bus's pages, the code) and the
 * signals it made pending. */
static uint32_t exit_syscall(dbt *d, uint32_t lr, dbt_result *r) {
  uint32_t pc = rd32(d, lr), m[32], before[32];
  rt_read_gprs(d, m);
  if (rt_sys_record(d, pc, m[2]) < 0) {
    r->how = DBT_STOPPED;
    errf(r->message, sizeof r->message, "out of memory for system-call records");
    return 0;
  }
  d->g.board_ns = rt_board_ns(d);
  memcpy(before, m, sizeof before);
  rt_span span = rt_work_begin(d, DBT_CYC_SYSCALLS);
  int stop = guest_syscall(&d->g, m, pc);
  uint32_t copied; /* the kernel's share on the board's CPU (syscost.c); o32: a3 set, v0 errno */
  dbt_syscall_charge(d->b, &dbt_sys_mips_o32, before[2], before[5], m[7] ? -1 : (int64_t)m[2],
                     &copied);
  d->st.syscall_bytes += copied;
  d->st.syscall_ns += rt_work_end(d, &span);
  wr32(d, DBT_STATE + DBT_ST_TLS, d->g.tls);
  if (d->g.child) { /* a fork's child (process.c) writes none of the reports */
    vboard_trace_events(d->b, NULL);
    d->o.dump = NULL;
  }
  if (stop)
    return syscall_ended(d, pc, r);
  if (rt_confine_sync(d) < 0) { /* brk, mmap, munmap: the bus follows */
    r->how = DBT_STOPPED;
    errf(r->message, sizeof r->message,
         "--confine: the board cannot change which guest pages are on its bus, at pc %#x", pc);
    return 0;
  }
  if (d->g.code_changed) { /* executable memory changed (mmap, mprotect, cacheflush) */
    d->g.code_changed = 0;
    rt_flush(d);
    d->st.code_flushes++;
  }
  for (unsigned i = 1; i < 32; i++) /* v0, a3; v1 (pipe), sp (a clone's child) */
    if (i == 2 || i == 7 || m[i] != before[i])
      rt_write_gpr(d, i, m[i]);
  guest_timer_check(&d->g);
  uint32_t next = deliver_pending(d, pc + 4, 1, r);
  if (!next) { /* a signal's default action ends it */
    vboard_exit(d->b, 128 + r->signal);
    return 0;
  }
  return go(d, next, r);
}

/* An FPU instruction the gate could not run: the helper runs it here; an FPU
 * exception (or a fault) goes to the guest's handler or ends it. */
static uint32_t exit_helper(dbt *d, uint32_t lr, dbt_result *r) {
  if (rt_fpu_exit(d, rd32(d, lr), r) >= 0)
    return lr + 4;
  if (r->how == DBT_SIGNALED && rt_cut_block(d, lr - 4, r->pc, r) < 0)
    return 0;
  if (r->how == DBT_SIGNALED && rt_signal_caught(d, r->signal)) {
    int sig = r->signal;
    uint32_t fpc = r->pc;
    r->how = DBT_EXITED;
    r->signal = 0;
    rt_fire_left(d, lr - 4, 1);
    return to_handler(d, sig, fpc, fpc, r);
  }
  rt_fire_left(d, lr - 4, 1);
  return 0;
}

/* A trap (teq, break, an overflow, a misaligned access with --unaligned trap):
 * the guest's handler, or its death. */
static uint32_t exit_trap(dbt *d, uint32_t lr, dbt_result *r) {
  uint32_t pc = rd32(d, lr);
  int sig = (int)rd32(d, lr + 4);
  if (rt_cut_block(d, lr - 4, pc, r) < 0)
    return 0;
  if (rt_signal_caught(d, sig)) { /* the guest's handler takes it */
    uint32_t addr = pc;           /* si_addr: the pc, or the misaligned access's address */
    if (sig == DBT_SIGBUS)
      rt_guest_access_ea(d, addr, &addr);
    rt_fire_left(d, lr - 4, 1);
    return to_handler(d, sig, pc, addr, r);
  }
  rt_fire_left(d, lr - 4, 1);
  r->how = DBT_SIGNALED;
  r->pc = pc;
  r->signal = sig;
  return 0;
}

/* An instruction the translator cannot execute. */
static uint32_t exit_unimpl(dbt *d, uint32_t lr, dbt_result *r) {
  rt_fire_left(d, lr - 4, 1);
  r->how = DBT_UNIMPL;
  r->pc = rd32(d, lr);
  r->insn = rd32(d, r->pc);
  return 0;
}

static exit_handler *const exit_handlers[DBT_EXIT_KINDS] = {
    [DBT_EXIT_CHAIN] = exit_chain,     [DBT_EXIT_INDIRECT] = exit_indirect,
    [DBT_EXIT_SYSCALL] = exit_syscall, [DBT_EXIT_HELPER] = exit_helper,
    [DBT_EXIT_TRAP] = exit_trap,       [DBT_EXIT_UNIMPL] = exit_unimpl,
    [DBT_EXIT_EDGE] = exit_edge,       [DBT_EXIT_CCT] = exit_cct,
};

/* Translated code reached the dispatcher: r0 says which exit, lr where its words are. */
static uint32_t exited(dbt *d, dbt_result *r) {
  uint32_t kind = vboard_get_gpr(d->b, 0), lr = vboard_get_lr(d->b);
  if (kind >= DBT_EXIT_KINDS) {
    r->how = DBT_STOPPED;
    errf(r->message, sizeof r->message, "translated code reached the dispatcher with r0 = %u",
         kind);
    return 0;
  }
  d->st.exits[kind]++;
  if (d->failed[0]) { /* a feature failed: the IP's interrupt handler, a drain */
    rt_stop_failed(d, r);
    return 0;
  }
  return exit_handlers[kind](d, lr, r);
}

/* ------------------------------------------------------------ the run */

/* The board's CPU set up to enter translated code: the state pointer, the
 * profile's registers, the guest's stack.  -1 when the IP cannot be set up. */
static int start(dbt *d, dbt_result *r) {
  /* The IP is set up before the measured run starts: its table clear (one
   * cycle per entry) is the translator's start-up, not the program's time. */
  for (unsigned i = 0; i < d->nhooks; i++)
    if (d->hooks[i]->start && d->hooks[i]->start(d) < 0) {
      rt_stop_failed(d, r);
      return -1;
    }
  vboard_start(d->b, d->o.max_cycles, &r->board);
  rt_cycles_start(d);
  rt_count_misses(d);
  for (int i = 0; i < 32; i++)
    vboard_set_gpr(d->b, (unsigned)i, 0);
  vboard_set_gpr(d->b, DBT_R_STATE, DBT_STATE);
  if (d->core.confine)
    vboard_set_gpr(d->b, DBT_R_LIMIT, DBT_GUEST_TOP);
  vboard_set_gpr(d->b, DBT_R_HI,
                 rt_hw_mode(d) && d->core.probe_window
                     ? vboard_ip_base(d->b) + HWPROF_EVENT_WINDOW_OFFSET + HWPROF_EVENT_WINDOW_PROBE
                     : d->core.prof_near);
  vboard_set_gpr(d->b, DBT_R_PROF,
                 d->core.words                    ? vboard_ip_base(d->b) + DBT_FAR_R2 /* (hw) */
                 : rt_hw_mode(d)                  ? vboard_ip_base(d->b)
                 : d->o.profile == DBT_PROFILE_SW ? DBT_COUNTERS + DBT_SW_BIAS
                                                  : 0);
  if (d->o.profile == DBT_PROFILE_SW || d->o.profile == DBT_PROFILE_ALL)
    memset(d->ram + DBT_COUNTERS, 0, 4 * DBT_MAX_COUNTERS);
  rt_write_gpr(d, 29, d->g.sp);
  return 0;
}

/* After the run: every feature's readout (the IP's tables, the sw profile's
 * counters), in the order they registered.  One that finds what the guest did to
 * the translator's memory (d->failed) stops the run, however it ended; one that
 * runs out of memory stops a run that had exited. */
static void readout(dbt *d, dbt_result *r) {
  vboard_finish(d->b);
  rt_misses_by_place(d);
  for (unsigned i = 0; i < d->nhooks; i++) {
    if (!d->hooks[i]->readout || d->hooks[i]->readout(d) >= 0)
      continue;
    if (d->failed[0]) {
      rt_stop_failed(d, r);
    } else if (r->how == DBT_EXITED) {
      r->how = DBT_STOPPED;
      errf(r->message, sizeof r->message, "out of memory for %s", d->hooks[i]->what);
    }
  }
}

/* The exit status a shell would see. */
static int status_of(const dbt_result *r) {
  switch (r->how) {
  case DBT_EXITED: return r->status;
  case DBT_SIGNALED: return 128 + r->signal;
  case DBT_UNIMPL: return 125;
  default: return r->board.stop == VBOARD_INTERRUPTED ? 128 + r->board.signal : 126;
  }
}

int dbt_run(dbt *d, dbt_result *r) {
  memset(r, 0, sizeof *r);
  if (!d->loaded) {
    r->how = DBT_STOPPED;
    errf(r->message, sizeof r->message, "no program loaded");
    return 126;
  }
  if (start(d, r) < 0)
    return 126;
  /* The guest's working directory is this process's: its chdir is undone at the end,
   * so that what hwprof does afterwards (reports, compare's qemu-mips run) sees the
   * directory it started in.  A path, not a descriptor: the guest's descriptors stay
   * numbered as under Linux. */
  char cwd[PATH_MAX];
  int have_cwd = getcwd(cwd, sizeof cwd) != NULL;
  uint64_t host_t0 = rt_now_ns(); /* (the entry's translation, and --superblocks-from's) */
  uint32_t host = go(d, d->g.entry, r);
  while (host) {
    rt_sb_form(d); /* a path recorded before the CPU came back here */
    rt_region_form(d);
    if (d->kept_written && d->core.confine && !rt_confine_kept_ok(d)) {
      r->how = DBT_SIGNALED;
      r->signal = DBT_SIGSEGV;
      r->pc = host - DBT_CODE < d->used ? rt_guest_insn_of(d, host) : 0;
      break;
    }
    d->kept_written = 0;
    d->st.host_ns += rt_now_ns() - host_t0;
    rt_work_switch(d, DBT_CYC_GUEST);
    int stop = vboard_call(d->b, host, DBT_STOP);
    rt_work_switch(d, DBT_CYC_DISPATCH);
    host_t0 = rt_now_ns();
    if (stop != 1) /* the blocks the path recorder took, before this exit's work */
      rt_sb_trips(d);
    host = stop == 2 ? paused(d, r) : stop ? stopped(d, r) : exited(d, r);
  }
  if (rt_cycles_finish(d) < 0 && r->how != DBT_STOPPED)
    rt_stop_failed(d, r);
  readout(d, r);
  if (have_cwd && chdir(cwd) != 0)
    fprintf(stderr, "hwprof: cannot return to %s after the guest's chdir: %s\n", cwd,
            strerror(errno));
  finish_message(d, r);
  if (d->g.child) { /* a fork's child ends as its guest did, with nothing written */
    if (r->how != DBT_EXITED)
      fprintf(d->g.log, "hwprof: %s\n", r->message);
    d->g.exited_by_signal = r->how == DBT_SIGNALED;
    guest_child_exit(&d->g, r->how == DBT_STOPPED ? 126 : status_of(r));
  }
  return status_of(r);
}
