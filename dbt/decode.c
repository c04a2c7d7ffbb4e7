/*
 * decode.c - the guest's code as the translator reads it: its words, fetched from the
 * text (tr_fetch), and its branches and jumps, decoded (tr_decode_branch).  Below
 * the unit's end (branch.c) and the liveness of set-on-less-than (liveness.c), which
 * both follow the guest's code.
 */
#include "emit.h"

int tr_fetch(const dbt_core *c, uint32_t pc, uint32_t *w) {
  if (pc < c->text_base || pc - c->text_base > c->text_size - 4 || (pc & 3))
    return -1;
  const uint8_t *p = c->text + (pc - c->text_base);
  *w = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
  return 0;
}

/* Decodes a branch or jump at pc; B_NONE if w is not one. */
branch tr_decode_branch(uint32_t pc, uint32_t w) {
  branch b = {B_NONE, 0, 0, 0, 0};
  unsigned op = mips_op(w), rs = mips_rs(w), rt = mips_rt(w);
  uint32_t rel = pc + 4 + (uint32_t)((int32_t)mips_imm(w) * 4);
  switch (op) {
  case OP_SPECIAL:
    if (mips_funct(w) == F_JR || mips_funct(w) == F_JALR) {
      b.kind = B_INDIRECT;
      b.reg = rs;
      b.link = mips_funct(w) == F_JALR ? mips_rd(w) : 0;
    }
    break;
  case OP_REGIMM:
    if (rt == R_BLTZ || rt == R_BGEZ || rt == R_BLTZL || rt == R_BGEZL || rt == R_BLTZAL ||
        rt == R_BGEZAL || rt == R_BLTZALL || rt == R_BGEZALL) {
      b.kind = B_COND;
      b.target = rel;
      b.likely = rt == R_BLTZL || rt == R_BGEZL || rt == R_BLTZALL || rt == R_BGEZALL;
      b.link = rt >= R_BLTZAL ? 31 : 0;
      if (rs == 0) /* bgez $0 (bal) always, bltz $0 never */
        b.kind = (rt & 1) ? B_ALWAYS : B_NEVER;
    }
    break;
  case OP_J:
  case OP_JAL:
    b.kind = B_ALWAYS;
    b.target = ((pc + 4) & 0xF0000000u) | (w & 0x03FFFFFFu) << 2;
    b.link = op == OP_JAL ? 31 : 0;
    break;
  case OP_BEQ:
  case OP_BNE:
  case OP_BEQL:
  case OP_BNEL:
    b.kind = rs != rt ? B_COND : (op == OP_BEQ || op == OP_BEQL) ? B_ALWAYS : B_NEVER;
    b.target = rel;
    b.likely = op >= OP_BEQL;
    break;
  case OP_BLEZ:
  case OP_BGTZ:
  case OP_BLEZL:
  case OP_BGTZL:
    if (rt)
      break; /* not a branch (reserved encodings) */
    b.kind = rs ? B_COND : (op == OP_BLEZ || op == OP_BLEZL) ? B_ALWAYS : B_NEVER;
    b.target = rel;
    b.likely = op >= OP_BEQL;
    break;
  case OP_COP1:
    if (rs == C1_BC) {
      b.kind = B_COND;
      b.target = rel;
      b.likely = (rt >> 1) & 1;
    }
    break;
  }
  return b;
}

int dbt_branch_likely(uint32_t w) {
  return tr_decode_branch(0, w).likely;
}
