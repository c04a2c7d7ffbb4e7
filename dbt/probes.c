/*
 * probes.c - what profiling adds to a block: the hw probe (an event to the IP,
 * with its flags and, with --cct, its weight), the sw counter and the sw
 * calling-context packets, and the IP's system-call record.
 */
#include "emit.h"

/* --cct, sw: the running totals of blocks and guest instructions (translate.h,
 * "Call and return packets"); the instruction count is patched in at the block's
 * end (cct_insns_at).  Uses r3 and r4. */
void tr_cct_count(em *e) {
  put(e, ppc_lwz(R3, RS, DBT_ST_CCT_BLOCKS));
  put(e, ppc_lwz(R4, RS, DBT_ST_CCT_INSNS));
  put(e, ppc_addi(R3, R3, 1));
  e->cct_insns_at = e->n;
  put(e, ppc_addi(R4, R4, 0));
  put(e, ppc_stw(R3, RS, DBT_ST_CCT_BLOCKS));
  put(e, ppc_stw(R4, RS, DBT_ST_CCT_INSNS));
}

/* --cct, sw: the packet of a block that ends at the branch at pc with flags, going
 * to register t (t < 0: to the constant `to`; t == CCT_BY_CR7: to `to` when the
 * branch condition in cr7 holds (bo, bi), else pc + 8).  Uses r0, r4, cr1. */
void tr_cct_packet(em *e, uint32_t pc, uint32_t flags, int t, uint32_t to, unsigned bo,
                   unsigned bi) {
  const dbt_core *c = e->c;
  if (!c->cct_ring || flags == HWPROF_EVENT_PLAIN)
    return;
  uint32_t mark = e->n;
  put(e, ppc_lwz(R4, RS, DBT_ST_CCT_PTR));
  load_imm(e, R0, e->blk_pc | flags);
  put(e, ppc_stw(R0, R4, 0));
  if (t >= 0) {
    put(e, ppc_stw((unsigned)t, R4, 4));
  } else {
    load_imm(e, R0, to);
    if (t == CCT_BY_CR7) { /* taken: over the not-taken pc */
      uint32_t bc = e->n;
      put(e, ppc_bc(bo, bi, 0));
      load_imm(e, R0, pc + 8);
      patch(e, bc, ppc_bc(bo, bi, (int32_t)(e->n - bc)));
    }
    put(e, ppc_stw(R0, R4, 4));
  }
  put(e, ppc_lwz(R0, RS, DBT_ST_CCT_BLOCKS));
  put(e, ppc_stw(R0, R4, 8));
  put(e, ppc_lwz(R0, RS, DBT_ST_CCT_INSNS));
  put(e, ppc_stw(R0, R4, 12));
  put(e, ppc_addi(R4, R4, DBT_CCT_PACKET));
  put(e, ppc_stw(R4, RS, DBT_ST_CCT_PTR));
  load_imm(e, R0, c->cct_ring_end);
  put(e, ppc_cmplw(CR1, R4, R0));
  put(e, ppc_bc(PPC_BO_TRUE, 4 * CR1 + PPC_LT, 8)); /* room left: over the exit */
  exit_to(e, DBT_EXIT_CCT);
  e->block->prof_insns += (e->n - mark) / 4;
}

/* A counter increment: lwz/addi/stw on base + off, the value in rv (r0: addic,
 * since addi reads r0 as 0; CA is dead between guest instructions), the address's
 * high half in ra when off is out of reach.  A block's probe uses r3 and r4; a side
 * exit's r4 and r0 (r3 may hold an indirect target there). */
void tr_count(em *e, unsigned base, int32_t off, unsigned ra, unsigned rv) {
  if (off != (int16_t)off) {
    int32_t lo = (int16_t)off, hi = (off - lo) >> 16;
    put(e, ppc_addis(ra, base, (int16_t)hi));
    base = ra;
    off = lo;
  }
  put(e, ppc_lwz(rv, base, (int16_t)off));
  put(e, rv == R0 ? ppc_d(12, R0, R0, 1) /* addic */ : ppc_addi(rv, rv, 1));
  put(e, ppc_stw(rv, base, (int16_t)off));
}

/* The instruction of the hw probe that carries the EVENT word's low half: near r5,
 * the store into the EVENT window whose address is the word, or the addi that makes
 * it; else the ori. */
uint32_t tr_probe_insn(const em *e, uint32_t flags) {
  uint32_t word = e->probe_pc | flags;
  int16_t d = (int16_t)(int32_t)(word - e->c->prof_near);
  if (!e->probe_near)
    return ppc_ori(R0, R0, (uint16_t)word);
  return e->c->probe_window ? ppc_stb(R0, RH, d) : ppc_addi(R0, RH, d);
}

/* The EVENT word's flags of a block that ends in branch b (hwprof_regs.h).  A call
 * is a jump or branch that links (bltzal $0 links but never branches: plain). */
uint32_t tr_event_flags(const branch *b) {
  if (b->link && b->kind != B_NEVER)
    return HWPROF_EVENT_CALL;
  if (b->kind == B_INDIRECT)
    return b->reg == 31 ? HWPROF_EVENT_RETURN : HWPROF_EVENT_INDIRECT;
  return HWPROF_EVENT_PLAIN;
}

/* The hw probe of event word key | flags (hwprof_regs.h).  Within 32 KiB of r5,
 * flags included: one stb into the EVENT window, or addi + stw; else lis + ori + stw
 * (the ori even when the low half is 0, so that there is a place for the flags).
 * e->probe_* say where it is, for flags known later. */
void tr_probe_event(em *e, uint32_t key, uint32_t flags) {
  const dbt_core *c = e->c;
  int32_t d = (int32_t)(key - c->prof_near);
  int32_t dmax = d + (int32_t)HWPROF_EVENT_FLAGS;
  e->probe_pc = key;
  e->probe_near = d == (int16_t)d && dmax == (int16_t)dmax;
  if (c->cct_hw && e->probe_near && c->probe_window) { /* the weight: the stored byte */
    e->weight_at = e->n;
    put(e, ppc_li(R0, 0));
  }
  if (!e->probe_near)
    put(e, ppc_lis(R0, (int16_t)(key >> 16)));
  e->probe_at = e->n;
  put(e, tr_probe_insn(e, flags));
  if (!(e->probe_near && c->probe_window)) {
    e->weight_at = e->n; /* with --cct, EVENT_W + 4 * weight: patched at the end */
    put(e, ppc_stw(R0, RP, (int16_t)c->event_offset));
  }
}

/* --cct, hw: the probe's weight, the block's guest instructions (hwprof_regs.h,
 * EVENT_W and the window's data byte). */
void tr_probe_weight(em *e, uint32_t insns) {
  const dbt_core *c = e->c;
  if (e->probe_near && c->probe_window)
    patch(e, e->weight_at, ppc_li(R0, (int16_t)insns));
  else
    patch(e, e->weight_at,
          ppc_stw(R0, RP,
                  (int16_t)(c->event_offset - HWPROF_EVENT_OFFSET + HWPROF_EVENT_W_OFFSET +
                            4 * insns)));
}

/* The block's probe: hw event key (its flags set once the block's end is known),
 * sw counter `counter`. */
void tr_profile(em *e, uint32_t key, uint32_t counter) {
  const dbt_core *c = e->c;
  e->probe = 0;
  if (c->profile == DBT_PROFILE_HW || c->profile == DBT_PROFILE_ALL) {
    tr_probe_event(e, key, HWPROF_EVENT_PLAIN);
    e->probe = 1;
  }
  if (c->profile == DBT_PROFILE_SW)
    tr_count(e, RP, (int32_t)(4 * counter) - DBT_SW_BIAS, R3, R4);
  else if (c->profile == DBT_PROFILE_ALL) /* r2 is the IP's: the counter by its address */
    tr_count(e, 0, (int32_t)(c->counters + 4 * counter), R3, R4);
}

/* hw, all: the system-call record (IP 1.4, hwprof_regs.h): the call site to
 * SYSCALL_SITE, then the number ($v0) to SYSCALL, on the way to the runtime's
 * system-call exit.  Returns the instructions it added. */
uint32_t tr_syscall_record(em *e, uint32_t pc) {
  const dbt_core *c = e->c;
  if ((c->profile != DBT_PROFILE_HW && c->profile != DBT_PROFILE_ALL) || !c->sys_hw)
    return 0;
  uint32_t mark = e->n;
  int32_t ip = (int32_t)c->event_offset - (int32_t)HWPROF_EVENT_OFFSET; /* IP base - r2 */
  load_imm(e, R0, pc);
  put(e, ppc_stw(R0, RP, (int16_t)(ip + (int32_t)HWPROF_SYSCALL_SITE_OFFSET)));
  put(e, ppc_stw((unsigned)e->hr[2], RP, (int16_t)(ip + (int32_t)HWPROF_SYSCALL_OFFSET)));
  return (e->n - mark) / 4;
}
