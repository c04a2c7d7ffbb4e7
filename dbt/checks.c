/*
 * checks.c - the checks before a guest load or store: confinement (--confine
 * on: the access stays in the guest's memory) and alignment (--unaligned trap),
 * with what the unit already knows about its registers to leave checks out.
 */
#include "emit.h"

/* Confinement (dbt_core.confine): the guest owns [0, DBT_GUEST_TOP) of the address
 * space (what of it is mapped: guest.h); above it are a 64 KiB guard off the bus,
 * the translator's memory, the IP and the UART.  Before a load or store whose
 * base register is not known to hold an address below DBT_GUEST_TOP:
 *
 *   tw lge, base, r26             trap when base >= DBT_GUEST_TOP (unsigned)
 *
 * one cycle, no branch: r26 holds DBT_GUEST_TOP (DBT_R_LIMIT; its MIPS register,
 * $s7, lives in the state under --confine: dbt_host_reg_confined).  The 16-bit
 * offset takes a checked base at most 32 KiB past DBT_GUEST_TOP, into the guard, or
 * below 0, to the top of the address space, where the board maps nothing; either
 * faults as unmapped.  A base computed from a checked one by an addiu (near) stays
 * within the 64 KiB guard the same way, for offsets that with the access's size
 * span at most 32 KiB (else it is checked).  The program exception is SIGSEGV at the
 * access's guest pc (fault.c).  Left out: $zero's offsets (the null page or the top),
 * constants known to be below DBT_GUEST_TOP, registers checked or derived earlier in
 * the unit and not written since. */
#define CONFINE_KEPT (1u << 28 | 1u << 29) /* $gp, $sp: see confine_kept */
#define CONFINE_NEAR 0x8000u               /* how far from a checked value near is */

/* The check of MIPS register m, whose value is in PowerPC register b. */
static void confine_check(em *e, unsigned m, unsigned b) {
  put(e, ppc_tw(PPC_TO_LGT | PPC_TO_EQ, b, DBT_R_LIMIT));
  e->checked |= 1u << m;
}

void tr_check_confine(em *e, unsigned mb, unsigned b, int16_t off, unsigned size) {
  uint32_t reach = (off < 0 ? (uint32_t) - (int32_t)off : (uint32_t)off) + size;
  if (!e->c->confine || mb == 0 || (e->checked >> mb & 1) ||
      ((e->near >> mb & 1) && reach <= CONFINE_NEAR))
    return;
  if ((e->konst >> mb & 1) && e->kval[mb] < DBT_GUEST_TOP - 0x10000u &&
      e->kval[mb] + (uint32_t)(int32_t)off + size <= DBT_GUEST_TOP)
    return;
  confine_check(e, mb, b);
}

/* After instruction w: what it writes is no longer known, except constants (lui,
 * addiu and ori of one, a move), moves, and addiu of a checked register (near).
 * Only confinement reads what this notes (tr_check_confine, tr_confine_kept). */
void tr_note_confine(em *e, uint32_t w) {
  if (!e->c->confine)
    return;
  unsigned op = mips_op(w), rs = mips_rs(w), rt = mips_rt(w), rd = mips_rd(w), f = mips_funct(w);
  uint32_t writes = gpr_writes(w), c = 0, n = 0, k = 0, v = 0;
  int16_t imm = mips_imm(w);
  unsigned to = 0;
  if (op == OP_LUI) {
    to = rt, k = 1, v = (uint32_t)(uint16_t)imm << 16;
  } else if (op == OP_ADDIU || op == OP_ORI) {
    to = rt;
    if (e->konst >> rs & 1)
      k = 1, v = op == OP_ORI ? e->kval[rs] | (uint16_t)imm : e->kval[rs] + (uint32_t)(int32_t)imm;
    else if (op == OP_ADDIU && (e->checked >> rs & 1))
      n = 1;
  } else if (op == OP_SPECIAL && (f == F_ADDU || f == F_OR) && (rs == 0 || rt == 0)) {
    unsigned from = rs ? rs : rt; /* move rd, from */
    to = rd, c = e->checked >> from & 1, n = e->near >> from & 1, k = e->konst >> from & 1;
    v = e->kval[from];
  }
  e->checked &= ~writes, e->near &= ~writes, e->konst &= ~writes;
  if (to) {
    e->checked |= c << to, e->near |= n << to, e->konst |= k << to;
    e->kval[to] = v;
  }
  e->checked |= 1u, e->konst |= 1u, e->kval[0] = 0;
}

void tr_confine_start(em *e) {
  e->checked = e->konst = 1u; /* $zero */
  e->near = CONFINE_KEPT;
  e->kval[0] = 0;
}

/* $gp and $sp are near at every unit's start: translated code checks them after
 * any write that leaves them unknown (below), and the runtime before it resumes
 * translated code (dispatch.c).  A constant below DBT_GUEST_TOP is known: the PIC
 * prologue's lui and addiu of $gp need no check, only its addu of $t9. */
void tr_confine_kept(em *e) {
  if (!e->c->confine)
    return;
  for (unsigned m = 28; m <= 29; m++)
    if (!((e->checked | e->near) >> m & 1) && !((e->konst >> m & 1) && e->kval[m] < DBT_GUEST_TOP))
      confine_check(e, m, (unsigned)e->hr[m]);
}

/* MIPS raises an address error -- SIGBUS under Linux -- for a load or store not
 * aligned to its size, where the 405 just makes the access.  With
 * dbt_core.align_checks, a check before it: andi. on the address and a bne to a
 * trap stub (two instructions; three when the offset is not a multiple of the
 * size; none for $zero + an aligned offset). */
void tr_check_align(em *e, uint32_t pc, unsigned mb, unsigned b, int16_t off, unsigned size) {
  uint16_t m = (uint16_t)(size - 1);
  uint32_t *known = size == 2 ? &e->aligned2 : &e->aligned4;
  if (!e->c->align_checks || size < 2 || (size <= 4 && !(off & m) && (*known >> mb & 1)))
    return;
  if (b == 0) { /* $zero: the address is the offset */
    if (off & m)
      trap_if(e, PPC_BO_ALWAYS, 0, pc, DBT_SIGBUS);
    return;
  }
  tr_cr0_clobbered(e); /* (the andi.) */
  if (off & m) {
    put(e, ppc_addi(R0, b, off));
    put(e, ppc_andi_(R0, R0, m));
  } else {
    put(e, ppc_andi_(R0, b, m));
  }
  trap_if(e, PPC_BO_FALSE, PPC_EQ, pc, DBT_SIGBUS);
  if (!(off & m)) /* past the check, the base is aligned */
    e->aligned2 |= 1u << mb, e->aligned4 |= size >= 4 ? 1u << mb : 0;
}

/* After instruction w: what it writes loses its known alignment, except where
 * it is known anyway (lui; addiu of an aligned register and offset; a move;
 * sll by 2 or more).  Registers the ABI keeps aligned ($sp, $gp) and $zero start
 * each unit known (align_start).  Only the checks read what this notes
 * (tr_check_align). */
void tr_note_align(em *e, uint32_t w) {
  if (!e->c->align_checks)
    return;
  unsigned op = mips_op(w), rs = mips_rs(w), rt = mips_rt(w), rd = mips_rd(w), f = mips_funct(w);
  uint32_t writes = gpr_writes(w), k4 = 0, k2 = 0; /* (branches: terminate) */
  int16_t imm = mips_imm(w);
  if (op == OP_LUI) {
    k4 = 1u << rt;
  } else if (op == OP_ADDIU) {
    k4 = (e->aligned4 >> rs & 1) && !(imm & 3) ? 1u << rt : 0;
    k2 = (e->aligned2 >> rs & 1) && !(imm & 1) ? 1u << rt : 0;
  } else if (op == OP_SPECIAL && (f == F_ADDU || f == F_OR) && (rs == 0 || rt == 0)) {
    unsigned from = rs ? rs : rt; /* move rd, from */
    k4 = (e->aligned4 >> from & 1) << rd;
    k2 = (e->aligned2 >> from & 1) << rd;
  } else if (op == OP_SPECIAL && f == F_SLL && rd) {
    unsigned sa = (w >> 6) & 31;
    k4 = sa >= 2 ? 1u << rd : 0;
    k2 = sa >= 1 ? 1u << rd : 0;
  }
  e->aligned4 = ((e->aligned4 & ~writes) | k4) | 1u;
  e->aligned2 = ((e->aligned2 & ~writes) | k2 | k4) | 1u;
}

void tr_align_start(em *e) {
  e->aligned4 = e->aligned2 = 1u | 1u << 28 | 1u << 29; /* $zero, $gp, $sp */
}
