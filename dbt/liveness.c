/*
 * liveness.c - set-on-less-than fused with the branch that tests it.
 *
 * MIPS has no condition codes: a compiler's `if (a < b)` is
 *
 *   slt   $v0, $a0, $a1          cmpw  cr6, r8, r9
 *   ...                          mfcr  r0                (rd = cr6's LT)
 *   bnez  $v0, L                 rlwinm r6, r0, 25, 31, 31
 *                                ...
 *                                cmpwi cr7, r6, 0        (the branch tests rd)
 *                                bne   cr7, L
 *
 * five PowerPC instructions where the 405's own code has two, cmpw and blt.  The
 * slt-family instructions (slt, sltu, slti, sltiu) compare into cr6, which nothing
 * else in translated code writes, and the block's conditional branch tests cr6's
 * LT in place of rd when it tests rd against zero and nothing between the two
 * (the delay slot included) writes rd or compares into cr6 again: one instruction
 * fewer (tr_lt_plan's fuse).
 *
 * And when rd's value is dead there -- no instruction reads it before the branch,
 * nor its delay slot, and on every path from the branch it is written before it is
 * read -- rd is not set at all (tr_lt_plan's dead): cmpw and bc, as the 405's code.
 * The paths are followed through the guest's code (tr_dead_from), a few branches
 * deep and a few dozen instructions far; where they cannot be (an indirect jump, a
 * return, a system call or trap, the end of the budget) the value is live.  So a
 * dead rd keeps the value it had in the guest state until its next write; only a
 * signal handler that reads the interrupted context's registers could see it (its
 * value is never used by the program: a handler's return restores it unused).
 */
#include "emit.h"

/* Whether major opcode op is an ALU immediate that cannot trap (addiu .. lui), or a
 * load that writes all of rt (lb, lh, lw, lbu, lhu: not lwl, lwr). */
static inline __attribute__((always_inline)) int alu_imm(unsigned op) {
  return op >= OP_ADDIU && op <= OP_LUI;
}
static inline __attribute__((always_inline)) int whole_load(unsigned op) {
  return op >= OP_LB && op <= OP_LHU && op != OP_LWL;
}

/* The GPRs instruction w may read: a superset (bit r for $r). */
static inline __attribute__((always_inline)) uint32_t reads(uint32_t w) {
  unsigned op = mips_op(w), f = mips_funct(w);
  uint32_t rs = 1u << mips_rs(w), rt = 1u << mips_rt(w);
  if (op == OP_LUI || op == OP_J || op == OP_JAL)
    return 0;
  if (op == OP_ADDI || alu_imm(op) || whole_load(op) || (op == OP_SPECIAL3 && f == F3_EXT))
    return rs & ~1u;
  if (op == OP_SPECIAL3 && f == F3_BSHFL) /* seb, seh, wsbh: rd from rt */
    return rt & ~1u;
  if (op == OP_SPECIAL && (f == F_MOVZ || f == F_MOVN || f == F_MOVCI))
    rs |= 1u << mips_rd(w); /* a conditional move keeps rd when it does not move */
  return (rs | rt) & ~1u;
}

/* The GPRs instruction w writes, whatever the operands' values: a subset (the ALU's
 * unconditional writes and the loads' -- a load may fault first, and the signal's
 * handler see the dead value in the context it is given --; not add/addi/sub, which
 * trap on overflow, nor lwl/lwr, which merge). */
static inline __attribute__((always_inline)) uint32_t kills(uint32_t w) {
  unsigned op = mips_op(w), f = mips_funct(w);
  if (alu_imm(op) || whole_load(op))
    return (1u << mips_rt(w)) & ~1u;
  switch (op) {
  case OP_SPECIAL:
    switch (f) {
    case F_SLL:
    case F_SRL:
    case F_SRA:
    case F_SLLV:
    case F_SRLV:
    case F_SRAV:
    case F_MFHI:
    case F_MFLO:
    case F_ADDU:
    case F_SUBU:
    case F_AND:
    case F_OR:
    case F_XOR:
    case F_NOR:
    case F_SLT:
    case F_SLTU: return (1u << mips_rd(w)) & ~1u;
    default: return 0;
    }
  case OP_SPECIAL2: return f == F2_MUL || f == F2_CLZ || f == F2_CLO ? (1u << mips_rd(w)) & ~1u : 0;
  case OP_SPECIAL3:
    return f == F3_EXT ? (1u << mips_rt(w)) & ~1u : f == F3_BSHFL ? (1u << mips_rd(w)) & ~1u : 0;
  default: return 0;
  }
}

/* Whether w hands the guest's registers to someone else: a system call, break or
 * trap (a signal's handler, the kernel), or a coprocessor 0 instruction. */
static inline __attribute__((always_inline)) int exposes(uint32_t w) {
  unsigned op = mips_op(w), f = mips_funct(w), rt = mips_rt(w);
  return (op == OP_SPECIAL && (f == F_SYSCALL || f == F_BREAK || (f >= F_TGE && f <= F_TNE))) ||
         (op == OP_REGIMM && rt >= R_TGEI && rt <= R_TNEI) || op == OP_COP0;
}

/* Whether w cannot fault or trap: an ALU instruction that does not trap on overflow,
 * a multiply, a move from or to HI/LO (no load or store, no FP instruction). */
static int cannot_fault(uint32_t w) {
  unsigned op = mips_op(w), f = mips_funct(w);
  if (alu_imm(op))
    return 1;
  switch (op) {
  case OP_SPECIAL:
    return f != F_ADD && f != F_SUB && f != F_JR && f != F_JALR && f != F_MOVCI && !exposes(w) &&
           !(f >= F_DIV && f <= F_DIVU) && f <= F_SLTU;
  case OP_SPECIAL2: return 1;
  case OP_SPECIAL3: return f == F3_EXT || f == F3_INS || f == F3_BSHFL;
  default: return 0;
  }
}

/* Whether w is one of the set-on-less-than family (which compare into cr6). */
static inline __attribute__((always_inline)) int is_slt(uint32_t w) {
  unsigned op = mips_op(w), f = mips_funct(w);
  return op == OP_SLTI || op == OP_SLTIU || (op == OP_SPECIAL && (f == F_SLT || f == F_SLTU));
}

enum { DEAD_DEPTH = 3, DEAD_BUDGET = 32 }; /* conditional branches followed, instructions read */

/* Whether w may be a branch or jump (tr_decode_branch tells). */
static inline __attribute__((always_inline)) int maybe_branch(uint32_t w) {
  unsigned op = mips_op(w), f = mips_funct(w);
  return op == OP_REGIMM || (op >= OP_J && op <= OP_BGTZ) || (op >= OP_BEQL && op <= OP_BGTZL) ||
         op == OP_COP1 || (op == OP_SPECIAL && (f == F_JR || f == F_JALR));
}

/* The branch or jump at pc, decoded; B_NONE (undecoded) when w cannot be one. */
static inline __attribute__((always_inline)) branch decode(uint32_t pc, uint32_t w) {
  if (maybe_branch(w))
    return tr_decode_branch(pc, w);
  branch none = {B_NONE, 0, 0, 0, 0};
  return none;
}

/* What instruction w, not a branch, does to the registers in r: reads one, hands
 * them on (exposes: LIVE), writes one (KILL), neither (PASS). */
enum { PASS, LIVE, KILL };
static inline __attribute__((always_inline)) int effect(uint32_t w, uint32_t r) {
  if (exposes(w) || (reads(w) & r))
    return LIVE;
  return kills(w) & r ? KILL : PASS;
}

/* Whether the registers in r are written before they are read on every path from
 * guest pc, as far as the paths can be followed: depth more conditional branches,
 * *budget more instructions.  0 when not known. */
static int dead_from(const dbt_core *c, uint32_t pc, uint32_t r, unsigned depth, unsigned *budget) {
  for (;; pc += 4) {
    uint32_t w, ds;
    if (!*budget || tr_fetch(c, pc, &w) < 0)
      return 0;
    --*budget;
    branch b = decode(pc, w);
    if (b.kind == B_NONE) {
      int k = effect(w, r);
      if (k == PASS)
        continue;
      return k == KILL;
    }
    /* The branch reads its registers, then its delay slot runs. */
    if ((reads(w) & r) || tr_fetch(c, pc + 4, &ds) < 0 || maybe_branch(ds) || effect(ds, r) == LIVE)
      return 0;
    uint32_t link = b.link ? 1u << b.link : 0; /* written whether taken or not */
    int taken_kills = ((kills(ds) | link) & r) != 0;
    int fall_kills = ((b.likely ? link : kills(ds) | link) & r) != 0; /* likely: slot annulled */
    if (b.kind == B_INDIRECT)
      return taken_kills;
    if (b.kind == B_NEVER || b.kind == B_ALWAYS) { /* one way on: the budget bounds it */
      if (b.kind == B_NEVER ? fall_kills : taken_kills)
        return 1;
      pc = (b.kind == B_NEVER ? pc + 8 : b.target) - 4;
      continue;
    }
    if (!depth)
      return 0;
    if (!taken_kills && !dead_from(c, b.target, r, depth - 1, budget))
      return 0;
    return fall_kills || dead_from(c, pc + 8, r, depth - 1, budget);
  }
}

/* Whether the conditional branch w tests register rd against zero: beq/bne with
 * $zero (either side), bgtz/blez (rd is 0 or 1: > 0 is its being set), and the
 * likely forms.  *taken_if_lt: whether the branch is taken when rd is 1. */
static int tests_against_zero(uint32_t w, unsigned rd, int *taken_if_lt) {
  unsigned op = mips_op(w), rs = mips_rs(w), rt = mips_rt(w);
  switch (op) {
  case OP_BEQ:
  case OP_BNE:
  case OP_BEQL:
  case OP_BNEL:
    *taken_if_lt = op == OP_BNE || op == OP_BNEL;
    return (rs == rd && rt == 0) || (rs == 0 && rt == rd);
  case OP_BGTZ:
  case OP_BLEZ:
  case OP_BGTZL:
  case OP_BLEZL: *taken_if_lt = op == OP_BGTZ || op == OP_BGTZL; return rs == rd;
  default: return 0;
  }
}

lt_plan tr_lt_plan(const em *e, uint32_t pc, unsigned rd) {
  lt_plan p = {0, 0, 0, 0};
  const dbt_core *c = e->c;
  if (e->in_delay || !rd)
    return p; /* the branch that tests it is the next block's */
  unsigned max = c->max_insns && c->max_insns < MAX_BLOCK ? c->max_insns : MAX_BLOCK;
  uint32_t used = 0; /* rd read between the two */
  int safe = 1;      /* and nothing there can fault (a signal's handler would resume there) */
  for (uint32_t at = pc + 4, n = (pc - e->blk_pc) / 4 + 1; n < max; at += 4, n++) {
    uint32_t w, ds;
    if (tr_fetch(c, at, &w) < 0 || exposes(w))
      return p;
    branch b = decode(at, w);
    if (b.kind == B_NONE) {
      if (is_slt(w) || (gpr_writes(w) >> rd & 1))
        return p; /* cr6 compared again, or the branch would test another value */
      used |= reads(w);
      safe &= cannot_fault(w);
      continue;
    }
    int taken_if_lt;
    if (b.kind != B_COND || !tests_against_zero(w, rd, &taken_if_lt) ||
        tr_fetch(c, at + 4, &ds) < 0 || decode(at + 4, ds).kind != B_NONE || exposes(ds) ||
        is_slt(ds))
      return p;
    p.branch_pc = at;
    p.fuse = 1;
    p.taken_if_lt = taken_if_lt;
    unsigned budget = DEAD_BUDGET;
    uint32_t r = 1u << rd;
    if (safe && cannot_fault(ds) && !((used | reads(ds)) & r)) {
      if ((kills(ds) & r) && !b.likely)
        p.dead = 1;
      else
        p.dead = ((kills(ds) & r) || dead_from(c, b.target, r, DEAD_DEPTH, &budget)) &&
                 dead_from(c, at + 8, r, DEAD_DEPTH, &budget);
    }
    return p;
  }
  return p; /* the block ends before its branch */
}
