/*
 * insn_fpu.c - the FPU's instructions: its loads and stores inline, through
 * the state's FPRs; the rest at the FPU gate or through the helper (fpgate.c).
 */
#include "emit.h"

/* lwc1/swc1/ldc1/sdc1: through r0 to the FPRs in the state.  A double's high
 * word is at the lower address and in the odd register (FR=0). */
static void fp_mem(em *e, uint32_t pc, uint32_t w) {
  unsigned op = mips_op(w), ft = mips_rt(w), b = base(e, mips_rs(w));
  int16_t off = mips_imm(w);
  tr_check_align(e, pc, mips_rs(w), b, off, op == OP_LDC1 || op == OP_SDC1 ? 8 : 4);
  tr_check_confine(e, mips_rs(w), b, off, op == OP_LDC1 || op == OP_SDC1 ? 8 : 4);
  if (op == OP_LDC1 || op == OP_SDC1) {
    put(e, ppc_addi(R3, b, off));
    b = R3;
    off = 0;
    unsigned hi = ft | 1, lo = ft & ~1u;
    if (op == OP_LDC1) {
      put(e, ppc_lwz(R0, b, 0));
      put(e, ppc_stw(R0, RS, DBT_ST_FPR(hi)));
      put(e, ppc_lwz(R0, b, 4));
      put(e, ppc_stw(R0, RS, DBT_ST_FPR(lo)));
    } else {
      put(e, ppc_lwz(R0, RS, DBT_ST_FPR(hi)));
      put(e, ppc_stw(R0, b, 0));
      put(e, ppc_lwz(R0, RS, DBT_ST_FPR(lo)));
      put(e, ppc_stw(R0, b, 4));
    }
  } else if (op == OP_LWC1) {
    put(e, ppc_lwz(R0, b, off));
    put(e, ppc_stw(R0, RS, DBT_ST_FPR(ft)));
  } else {
    put(e, ppc_lwz(R0, RS, DBT_ST_FPR(ft)));
    put(e, ppc_stw(R0, b, off));
  }
}

/* COP1 moves inline; arithmetic, compares, conversions and FCSR writes go to
 * the runtime's FPU helper. */
static int cop1(em *e, uint32_t w) {
  unsigned fmt = mips_rs(w), rt = mips_rt(w), fs = mips_rd(w);
  switch (fmt) {
  case C1_MFC1:
  case C1_MFHC1:
  case C1_CFC1: {
    if (fmt == C1_CFC1 && fs != 31)
      return T_HELPER;
    unsigned d = dst(e, rt);
    int16_t off = fmt == C1_CFC1 ? DBT_ST_FCSR : DBT_ST_FPR(fmt == C1_MFHC1 ? (fs | 1) : fs);
    if (!rt)
      return T_OK;
    put(e, ppc_lwz(d, RS, off));
    commit(e, rt, d);
    return T_OK;
  }
  case C1_MTC1:
  case C1_MTHC1: {
    unsigned s = src(e, rt, R3);
    put(e, ppc_stw(s, RS, DBT_ST_FPR(fmt == C1_MTHC1 ? (fs | 1) : fs)));
    return T_OK;
  }
  case C1_S:
  case C1_D:
    if (mips_funct(w) == C1F_MOV) {
      unsigned fd = mips_sa(w);
      for (unsigned i = 0; i < (fmt == C1_D ? 2u : 1u); i++) {
        put(e, ppc_lwz(R0, RS, DBT_ST_FPR(fs + i)));
        put(e, ppc_stw(R0, RS, DBT_ST_FPR(fd + i)));
      }
      return T_OK;
    }
    return T_HELPER;
  case C1_CTC1:
  case C1_W:
  case C1_L: return T_HELPER;
  default: return T_UNIMPL;
  }
}

int tr_fpu_mem(em *e, uint32_t pc, uint32_t w) {
  fp_mem(e, pc, w);
  return T_OK;
}

int tr_cop1(em *e, uint32_t pc, uint32_t w) {
  (void)pc;
  return cop1(e, w);
}

/* COP1X (madd.d and the like, the indexed loads and stores): the FPU helper. */
int tr_cop1x(em *e, uint32_t pc, uint32_t w) {
  (void)e, (void)pc, (void)w;
  return T_HELPER;
}
