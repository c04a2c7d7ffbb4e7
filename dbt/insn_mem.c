/*
 * insn_mem.c - loads and stores: the aligned ones (checked by checks.c when
 * asked), lwl/lwr/swl/swr merged from the aligned word, ll and sc.
 */
#include "emit.h"

/* lwl/lwr/swl/swr (big-endian): the aligned word, shifted and merged. */
static void unaligned(em *e, uint32_t w) {
  unsigned op = mips_op(w), rt = mips_rt(w), b = base(e, mips_rs(w));
  int right = op == OP_LWR || op == OP_SWR;
  tr_check_confine(e, mips_rs(w), b, mips_imm(w), 4);
  put(e, ppc_addi(R3, b, mips_imm(w)));
  put(e, ppc_rlwinm(R4, R3, 3, 27, 28)); /* 8 * (addr & 3) */
  if (right)
    put(e, ppc_d(8, R4, R4, 24)); /* subfic r4, r4, 24: 8 * (3 - (addr & 3)) */
  put(e, ppc_rlwinm(R3, R3, 0, 0, 29));
  if (op == OP_LWL || op == OP_LWR) {
    put(e, ppc_lwz(R3, R3, 0));
    put(e, right ? ppc_srw(R3, R3, R4) : ppc_slw(R3, R3, R4));
    put(e, ppc_li(R0, -1));
    put(e, right ? ppc_srw(R0, R0, R4) : ppc_slw(R0, R0, R4)); /* bytes replaced */
    if (!rt)
      return;
    unsigned t = e->hr[rt] >= 0 ? (unsigned)e->hr[rt] : R4;
    if (t == R4)
      put(e, ppc_lwz(R4, RS, DBT_ST_GPR(rt)));
    put(e, ppc_andc(t, t, R0));
    put(e, ppc_or(t, t, R3));
    commit(e, rt, t);
    return;
  }
  /* swl/swr: new = (old & ~mask) | (rt shifted) */
  unsigned t = rt == 0 ? R0 : e->hr[rt] >= 0 ? (unsigned)e->hr[rt] : R0;
  if (rt == 0)
    put(e, ppc_li(R0, 0));
  else if (t == R0)
    put(e, ppc_lwz(R0, RS, DBT_ST_GPR(rt)));
  put(e, right ? ppc_slw(R0, t, R4) : ppc_srw(R0, t, R4));
  put(e, ppc_stw(R0, RS, DBT_ST_TMP));
  put(e, ppc_li(R0, -1));
  put(e, right ? ppc_slw(R4, R0, R4) : ppc_srw(R4, R0, R4)); /* bytes written */
  put(e, ppc_lwz(R0, R3, 0));
  put(e, ppc_andc(R0, R0, R4));
  put(e, ppc_lwz(R4, RS, DBT_ST_TMP));
  put(e, ppc_or(R0, R0, R4));
  put(e, ppc_stw(R0, R3, 0));
}

static void load(em *e, uint32_t pc, uint32_t w, unsigned ppc_op, int sign_byte, unsigned size) {
  unsigned rt = mips_rt(w), b = base(e, mips_rs(w)), d = dst(e, rt);
  tr_check_align(e, pc, mips_rs(w), b, mips_imm(w), size);
  tr_check_confine(e, mips_rs(w), b, mips_imm(w), size);
  put(e, ppc_mem(ppc_op, d, b, mips_imm(w)));
  if (sign_byte)
    put(e, ppc_extsb(d, d));
  commit(e, rt, d);
}

static void store(em *e, uint32_t pc, uint32_t w, unsigned ppc_op, unsigned size) {
  unsigned b = base(e, mips_rs(w));
  tr_check_align(e, pc, mips_rs(w), b, mips_imm(w), size);
  tr_check_confine(e, mips_rs(w), b, mips_imm(w), size);
  unsigned t = src_any(e, mips_rt(w), R4); /* (after the checks, which use r0: rS reads r0) */
  put(e, ppc_mem(ppc_op, t, b, mips_imm(w)));
}

/* Loads and stores: lb .. sw, ll and sc (one thread: the link holds), lwl/lwr/swl/swr, pref. */
int tr_memory(em *e, uint32_t pc, uint32_t w) {
  unsigned op = mips_op(w), rt = mips_rt(w);
  switch (op) {
  case OP_LB: load(e, pc, w, PPC_LBZ, 1, 1); return T_OK;
  case OP_LBU: load(e, pc, w, PPC_LBZ, 0, 1); return T_OK;
  case OP_LH: load(e, pc, w, PPC_LHA, 0, 2); return T_OK;
  case OP_LHU: load(e, pc, w, PPC_LHZ, 0, 2); return T_OK;
  case OP_LW:
  case OP_LL: /* one thread, no interrupts: the link is never broken */
    load(e, pc, w, PPC_LWZ, 0, 4);
    return T_OK;
  case OP_SB: store(e, pc, w, PPC_STB, 1); return T_OK;
  case OP_SH: store(e, pc, w, PPC_STH, 2); return T_OK;
  case OP_SW: store(e, pc, w, PPC_STW, 4); return T_OK;
  case OP_SC:
    store(e, pc, w, PPC_STW, 4);
    if (rt) {
      unsigned d = dst(e, rt);
      put(e, ppc_li(d, 1));
      commit(e, rt, d);
    }
    return T_OK;
  case OP_LWL:
  case OP_LWR:
  case OP_SWL:
  case OP_SWR: unaligned(e, w); return T_OK;
  case OP_PREF: return T_OK;
  default: return T_UNIMPL;
  }
}
