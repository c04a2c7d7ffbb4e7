/*
 * insn_alu.c - the integer instructions by opcode group: SPECIAL (by funct),
 * REGIMM's traps, the immediates, SPECIAL2 and SPECIAL3 (emit.h's handlers).
 */
#include "emit.h"

/* rd = f(rs, rt) with a single PowerPC X/XO instruction built by `mk`. */
static void alu3(em *e, unsigned rd, unsigned rs, unsigned rt,
                 uint32_t (*mk)(unsigned, unsigned, unsigned)) {
  unsigned s = src_any(e, rs, R3), t = src_any(e, rt, R4), d = dst(e, rd);
  put(e, mk(d, s, t)); /* (one word, an X or XO form: r0 is a register in each place) */
  commit(e, rd, d);
}

static uint32_t mk_subu(unsigned d, unsigned s, unsigned t) {
  return ppc_subf(d, t, s);
}

/* Set-on-less-than at pc, its comparison made into field f: copy its LT bit into rd,
 * unless only the block's branch and conditional moves read the value, testing f in
 * its place (liveness.c). */
static void set_lt(em *e, uint32_t pc, unsigned rd, unsigned f) {
  if (tr_lt_dead(e, pc, rd, f))
    return;
  unsigned d = dst(e, rd);
  put(e, ppc_mfcr(R0));
  put(e, ppc_rlwinm(d, R0, 4 * f + PPC_LT + 1, 31, 31));
  commit(e, rd, d);
}

static void shift_var(em *e, uint32_t w, unsigned xo) {
  unsigned rd = mips_rd(w), t = src(e, mips_rt(w), R3), s = src(e, mips_rs(w), R4);
  unsigned d = dst(e, rd);
  put(e, ppc_rlwinm(R4, s, 0, 27, 31));
  put(e, ppc_xl(d, t, R4, xo, 0));
  commit(e, rd, d);
}

/* HI:LO from a 32x32 multiply, or HI:LO +/-= it (madd/msub families). */
static void mul64(em *e, uint32_t w, int is_unsigned, int acc) {
  unsigned s = src(e, mips_rs(w), R3), t = src(e, mips_rt(w), R4);
  put(e, ppc_mullw(R0, s, t));
  put(e, is_unsigned ? ppc_mulhwu(R4, s, t) : ppc_mulhw(R4, s, t));
  if (acc > 0) { /* HI:LO += R4:R0 */
    tr_held_load(e, R3, DBT_ST_LO);
    put(e, ppc_addc(R0, R0, R3));
    tr_held_load(e, R3, DBT_ST_HI);
    put(e, ppc_adde(R4, R4, R3));
  } else if (acc < 0) { /* HI:LO -= R4:R0 */
    tr_held_load(e, R3, DBT_ST_LO);
    put(e, ppc_subfc(R0, R0, R3));
    tr_held_load(e, R3, DBT_ST_HI);
    put(e, ppc_subfe(R4, R4, R3));
  }
  put(e, ppc_stw(R0, RS, DBT_ST_LO));
  put(e, ppc_stw(R4, RS, DBT_ST_HI));
}

/* div/divu as qemu-mips does them: a zero divisor (and INT_MIN / -1) divides
 * by 1, so LO = rs and HI = 0.  The PPC405 leaves those cases undefined. */
static void divide(em *e, uint32_t w, int is_unsigned) {
  unsigned s = src(e, mips_rs(w), R3), t = src(e, mips_rt(w), R4);
  /* r4 = divisor (t or 1); the checks branch forward over each other. */
  if (t != R4)
    put(e, ppc_mr(R4, t));
  put(e, ppc_cmpwi(CR1, R4, 0));
  uint32_t to_one = e->n;
  put(e, ppc_bc(PPC_BO_TRUE, 4 * CR1 + PPC_EQ, 0)); /* zero: use 1 */
  uint32_t skip1 = 0, skip2 = 0;
  if (!is_unsigned) {
    put(e, ppc_cmpwi(CR1, R4, -1));
    skip1 = e->n;
    put(e, ppc_bc(PPC_BO_FALSE, 4 * CR1 + PPC_EQ, 0));
    put(e, ppc_lis(R0, (int16_t)0x8000));
    put(e, ppc_cmpw(CR1, s, R0));
    skip2 = e->n;
    put(e, ppc_bc(PPC_BO_FALSE, 4 * CR1 + PPC_EQ, 0));
  } else {
    skip1 = e->n;
    put(e, ppc_b(0));
  }
  patch(e, to_one, ppc_bc(PPC_BO_TRUE, 4 * CR1 + PPC_EQ, (int32_t)(e->n - to_one)));
  put(e, ppc_li(R4, 1));
  if (is_unsigned)
    patch(e, skip1, ppc_b((int32_t)(e->n - skip1)));
  else {
    patch(e, skip1, ppc_bc(PPC_BO_FALSE, 4 * CR1 + PPC_EQ, (int32_t)(e->n - skip1)));
    patch(e, skip2, ppc_bc(PPC_BO_FALSE, 4 * CR1 + PPC_EQ, (int32_t)(e->n - skip2)));
  }
  put(e, is_unsigned ? ppc_divwu(R0, s, R4) : ppc_divw(R0, s, R4));
  put(e, ppc_stw(R0, RS, DBT_ST_LO));
  put(e, ppc_mullw(R4, R0, R4)); /* (r4, so that r0 still holds LO: held.c) */
  put(e, ppc_subf(R4, R4, s));
  put(e, ppc_stw(R4, RS, DBT_ST_HI));
}

/* movz/movn: rd = rs when rt is (not) zero; rt set by an slt whose comparison a CR
 * field still holds (liveness.c) is tested there: 1 exactly when LT is set. */
static void cond_move(em *e, uint32_t w, int on_zero) {
  unsigned rd = mips_rd(w);
  if (!rd)
    return;
  unsigned s = src(e, mips_rs(w), R3), f = tr_lt_of(e, mips_rt(w));
  if (f) {
    put(e, ppc_bc(on_zero ? PPC_BO_TRUE : PPC_BO_FALSE, 4 * f + PPC_LT, 8));
  } else {
    unsigned t = src(e, mips_rt(w), R4);
    put(e, ppc_cmpwi(CR1, t, 0));
    put(e, ppc_bc(on_zero ? PPC_BO_FALSE : PPC_BO_TRUE, 4 * CR1 + PPC_EQ, 8));
  }
  if (e->hr[rd] >= 0)
    put(e, ppc_mr((unsigned)e->hr[rd], s));
  else
    put(e, ppc_stw(s, RS, DBT_ST_GPR(rd)));
}

/* Traps: teq/tne/tge/tgeu/tlt/tltu and their immediate forms.  The guest takes
 * SIGTRAP whatever the code field, as under qemu-mips (Linux sends SIGFPE for
 * codes 6 and 7). */
static void trap_cmp(em *e, uint32_t pc, unsigned s, int is_unsigned, int has_imm, int16_t imm,
                     unsigned rt, unsigned bo, unsigned bit) {
  if (has_imm) {
    if (is_unsigned) {
      put(e, ppc_li(R4, imm)); /* sign-extended, compared unsigned */
      put(e, ppc_cmplw(CR1, s, R4));
    } else {
      put(e, ppc_cmpwi(CR1, s, imm));
    }
  } else {
    unsigned t = src(e, rt, R4);
    put(e, is_unsigned ? ppc_cmplw(CR1, s, t) : ppc_cmpw(CR1, s, t));
  }
  trap_if(e, bo, 4 * CR1 + bit, pc, DBT_SIGTRAP);
}

/* add/addi/sub: trap on signed overflow before writing rd. */
static void add_trap(em *e, uint32_t pc, uint32_t w) {
  unsigned op = mips_op(w), s = src(e, mips_rs(w), R3), rd;
  if (op == OP_ADDI) {
    int16_t imm = mips_imm(w);
    rd = mips_rt(w);
    put(e, ppc_addi(R0, s, imm)); /* s is never r0 */
    /* overflow iff the sign changed the wrong way */
    put(e, imm >= 0 ? ppc_xl(R4, R0, s, 60, 1) : ppc_xl(R4, s, R0, 60, 1)); /* andc. */
  } else {
    unsigned t = src(e, mips_rt(w), R4);
    rd = mips_rd(w);
    if (mips_funct(w) == F_ADD) {
      put(e, ppc_add(R0, s, t));
      put(e, ppc_xor(R3, R0, s));
      put(e, ppc_xor(R4, R0, t));
    } else {
      put(e, ppc_subf(R0, t, s));
      put(e, ppc_xor(R4, s, t));
      put(e, ppc_xor(R3, s, R0));
    }
    put(e, ppc_xl(R3, R3, R4, 28, 1)); /* and. */
  }
  trap_if(e, PPC_BO_TRUE, 4 * CR0 + PPC_LT, pc, DBT_SIGFPE);
  if (rd) {
    if (e->hr[rd] >= 0)
      put(e, ppc_mr((unsigned)e->hr[rd], R0));
    else
      commit(e, rd, R0);
  }
}

/* SPECIAL: shifts, moves, HI and LO, multiply and divide, add and subtract, logic,
 * set-on-less-than, traps; by funct. */
int tr_special(em *e, uint32_t pc, uint32_t w) {
  unsigned rs = mips_rs(w), rt = mips_rt(w), rd = mips_rd(w), sa = mips_sa(w);
  switch (mips_funct(w)) {
  case F_SLL:
  case F_SRL:
  case F_SRA: {
    if (!rd)
      return T_OK; /* nop, ssnop, ehb */
    if (mips_funct(w) == F_SRL && rs > 1)
      return T_UNIMPL;
    unsigned t = src_any(e, rt, R3), d = dst(e, rd); /* (one word: rlwinm, srawi) */
    if (mips_funct(w) == F_SLL)
      put(e, ppc_rlwinm(d, t, sa, 0, 31 - sa));
    else if (mips_funct(w) == F_SRA)
      put(e, ppc_srawi(d, t, sa));
    else if (rs == 1) /* rotr */
      put(e, ppc_rlwinm(d, t, (32 - sa) & 31, 0, 31));
    else
      put(e, ppc_rlwinm(d, t, (32 - sa) & 31, sa, 31));
    commit(e, rd, d);
    return T_OK;
  }
  case F_SLLV:
    if (rd)
      shift_var(e, w, 24);
    return T_OK;
  case F_SRLV:
    if (!rd)
      return T_OK;
    if (sa == 1) { /* rotrv: rotate left by -rs */
      unsigned t = src(e, rt, R3), s = src(e, rs, R4), d = dst(e, rd);
      put(e, ppc_neg(R4, s));
      put(e, ppc_rlwnm(d, t, R4, 0, 31));
      commit(e, rd, d);
      return T_OK;
    }
    shift_var(e, w, 536);
    return T_OK;
  case F_SRAV:
    if (rd)
      shift_var(e, w, 792);
    return T_OK;
  case F_MOVZ: cond_move(e, w, 1); return T_OK;
  case F_MOVN: cond_move(e, w, 0); return T_OK;
  case F_MOVCI: return T_HELPER;
  case F_SYNC: return T_OK; /* one CPU, in-order, no other bus masters */
  case F_MFHI:
  case F_MFLO:
    if (rd) {
      unsigned d = dst(e, rd);
      tr_held_load(e, d, mips_funct(w) == F_MFHI ? DBT_ST_HI : DBT_ST_LO);
      commit(e, rd, d);
    }
    return T_OK;
  case F_MTHI:
  case F_MTLO: {
    unsigned s = src(e, rs, R3);
    put(e, ppc_stw(s, RS, mips_funct(w) == F_MTHI ? DBT_ST_HI : DBT_ST_LO));
    return T_OK;
  }
  case F_MULT: mul64(e, w, 0, 0); return T_OK;
  case F_MULTU: mul64(e, w, 1, 0); return T_OK;
  case F_DIV: divide(e, w, 0); return T_OK;
  case F_DIVU: divide(e, w, 1); return T_OK;
  case F_ADD:
  case F_SUB: add_trap(e, pc, w); return T_OK;
  case F_ADDU:
  case F_OR:
    if (!rd)
      return T_OK;
    if (rt == 0 || rs == 0) { /* move idioms: move, li 0 */
      unsigned m = rt == 0 ? rs : rt, d = dst(e, rd);
      if (m == 0)
        put(e, ppc_li(d, 0));
      else if (e->hr[m] < 0)
        tr_held_load(e, d, DBT_ST_GPR(m));
      else
        put(e, ppc_mr(d, (unsigned)e->hr[m]));
      commit(e, rd, d);
      return T_OK;
    }
    alu3(e, rd, rs, rt, mips_funct(w) == F_ADDU ? ppc_add : ppc_or);
    return T_OK;
  case F_SUBU:
    if (!rd)
      return T_OK;
    if (rs == 0) { /* negu */
      unsigned t = src(e, rt, R4), d = dst(e, rd);
      put(e, ppc_neg(d, t));
      commit(e, rd, d);
      return T_OK;
    }
    alu3(e, rd, rs, rt, mk_subu);
    return T_OK;
  case F_AND:
  case F_XOR:
  case F_NOR:
    if (rd)
      alu3(e, rd, rs, rt,
           mips_funct(w) == F_AND   ? ppc_and
           : mips_funct(w) == F_XOR ? ppc_xor
                                    : ppc_nor);
    return T_OK;
  case F_SLT:
  case F_SLTU: {
    if (!rd)
      return T_OK;
    unsigned s = src_any(e, rs, R3), t = src_any(e, rt, R4), f = tr_lt_take(e);
    put(e, mips_funct(w) == F_SLT ? ppc_cmpw(f, s, t) : ppc_cmplw(f, s, t));
    set_lt(e, pc, rd, f);
    return T_OK;
  }
  case F_TGE:
  case F_TGEU:
  case F_TLT:
  case F_TLTU:
  case F_TEQ:
  case F_TNE: {
    unsigned f = mips_funct(w), s = src(e, rs, R3);
    unsigned bo = f == F_TGE || f == F_TGEU || f == F_TNE ? PPC_BO_FALSE : PPC_BO_TRUE;
    unsigned bit = f == F_TEQ || f == F_TNE ? PPC_EQ : PPC_LT;
    trap_cmp(e, pc, s, f == F_TGEU || f == F_TLTU, 0, 0, rt, bo, bit);
    return T_OK;
  }
  default: return T_UNIMPL;
  }
}

/* REGIMM: the immediate traps and synci (the branches are branch.c's). */
int tr_regimm(em *e, uint32_t pc, uint32_t w) {
  unsigned rs = mips_rs(w), rt = mips_rt(w);
  int16_t imm = mips_imm(w);
  unsigned s;
  switch (rt) {
  case R_TGEI:
  case R_TGEIU:
  case R_TLTI:
  case R_TLTIU:
  case R_TEQI:
  case R_TNEI:
    s = src(e, rs, R3);
    trap_cmp(e, pc, s, rt == R_TGEIU || rt == R_TLTIU, 1, imm, 0,
             rt == R_TGEI || rt == R_TGEIU || rt == R_TNEI ? PPC_BO_FALSE : PPC_BO_TRUE,
             rt == R_TEQI || rt == R_TNEI ? PPC_EQ : PPC_LT);
    return T_OK;
  case R_SYNCI:
    return T_OK; /* the code cache never holds stale guest code: no self-modifying code */
  default: return T_UNIMPL;
  }
}

/* addi, addiu, lui, slti, sltiu, andi, ori, xori. */
int tr_immediate(em *e, uint32_t pc, uint32_t w) {
  unsigned op = mips_op(w), rs = mips_rs(w), rt = mips_rt(w);
  int16_t imm = mips_imm(w);
  switch (op) {
  case OP_ADDI: add_trap(e, pc, w); return T_OK;
  case OP_ADDIU:
  case OP_LUI: {
    if (!rt)
      return T_OK;
    unsigned d = dst(e, rt);
    if (op == OP_LUI)
      put(e, ppc_lis(d, imm));
    else
      put(e, ppc_addi(d, base(e, rs), imm));
    commit(e, rt, d);
    return T_OK;
  }
  case OP_SLTI:
  case OP_SLTIU: {
    if (!rt)
      return T_OK;
    unsigned s = src(e, rs, R3), f = tr_lt_take(e);
    if (op == OP_SLTI) {
      put(e, ppc_cmpwi(f, s, imm));
    } else if (imm >= 0) {
      put(e, ppc_cmplwi(f, s, (uint16_t)imm));
    } else {
      put(e, ppc_li(R4, imm));
      put(e, ppc_cmplw(f, s, R4));
    }
    set_lt(e, pc, rt, f);
    return T_OK;
  }
  case OP_ANDI:
  case OP_ORI:
  case OP_XORI: {
    if (!rt)
      return T_OK;
    unsigned s = src(e, rs, R3), d = dst(e, rt);
    uint16_t u = mips_uimm(w);
    if (op == OP_ANDI)
      tr_cr0_clobbered(e); /* (andi. records: cr0.c notes rt after it) */
    put(e, op == OP_ANDI  ? ppc_andi_(d, s, u)
           : op == OP_ORI ? ppc_ori(d, s, u)
                          : ppc_xori(d, s, u));
    commit(e, rt, d);
    return T_OK;
  }
  default: return T_UNIMPL;
  }
}

/* SPECIAL2: mul, madd(u), msub(u), clz, clo. */
int tr_special2(em *e, uint32_t pc, uint32_t w) {
  (void)pc;
  unsigned rs = mips_rs(w), rt = mips_rt(w), rd = mips_rd(w);
  switch (mips_funct(w)) {
  case F2_MUL:
    if (rd)
      alu3(e, rd, rs, rt, ppc_mullw);
    return T_OK;
  case F2_MADD: mul64(e, w, 0, 1); return T_OK;
  case F2_MADDU: mul64(e, w, 1, 1); return T_OK;
  case F2_MSUB: mul64(e, w, 0, -1); return T_OK;
  case F2_MSUBU: mul64(e, w, 1, -1); return T_OK;
  case F2_CLZ:
  case F2_CLO: {
    if (!rd)
      return T_OK;
    unsigned s = src(e, rs, R3), d = dst(e, rd);
    if (mips_funct(w) == F2_CLO) {
      put(e, ppc_nor(R0, s, s));
      s = R0;
    }
    put(e, ppc_cntlzw(d, s));
    commit(e, rd, d);
    return T_OK;
  }
  default: return T_UNIMPL;
  }
}

/* SPECIAL3: ext, ins, seb, seh, wsbh, rdhwr $29. */
int tr_special3(em *e, uint32_t pc, uint32_t w) {
  (void)pc;
  unsigned rs = mips_rs(w), rt = mips_rt(w), rd = mips_rd(w), sa = mips_sa(w);
  switch (mips_funct(w)) {
  case F3_EXT: {
    if (!rt)
      return T_OK;
    unsigned size = rd + 1, pos = sa, s = src(e, rs, R3), d = dst(e, rt);
    if (pos + size > 32)
      return T_UNIMPL;
    put(e, ppc_rlwinm(d, s, (32 - pos) & 31, 32 - size, 31));
    commit(e, rt, d);
    return T_OK;
  }
  case F3_INS: {
    if (!rt)
      return T_OK;
    unsigned msb = rd, lsb = sa, s = src(e, rs, R3), d = dst(e, rt);
    if (msb < lsb)
      return T_UNIMPL;
    if (d == R0)
      tr_held_load(e, R0, DBT_ST_GPR(rt));
    put(e, ppc_rlwimi(d, s, lsb, 31 - msb, 31 - lsb));
    commit(e, rt, d);
    return T_OK;
  }
  case F3_BSHFL: {
    if (!rd)
      return T_OK;
    unsigned t = src(e, rt, R3), d = dst(e, rd);
    if (sa == BSHFL_SEB)
      put(e, ppc_extsb(d, t));
    else if (sa == BSHFL_SEH)
      put(e, ppc_extsh(d, t));
    else if (sa == BSHFL_WSBH) {
      put(e, ppc_rlwinm(R4, t, 24, 0, 31));
      put(e, ppc_rlwimi(R4, t, 8, 0, 7));
      put(e, ppc_rlwimi(R4, t, 8, 16, 23));
      put(e, ppc_mr(d, R4));
    } else
      return T_UNIMPL;
    commit(e, rd, d);
    return T_OK;
  }
  case F3_RDHWR:
    if (rd != 29)
      return T_UNIMPL;
    if (rt) {
      unsigned d = dst(e, rt);
      put(e, ppc_lwz(d, RS, DBT_ST_TLS));
      commit(e, rt, d);
    }
    return T_OK;
  default: return T_UNIMPL;
  }
}
