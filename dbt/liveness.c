/*
 * liveness.c - set-on-less-than fused with the branch and the conditional moves that
 * test it.
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
 * five PowerPC instructions where the 405's own code has two, cmpw and blt; and its
 * `x = a < b ? a : x` is slt and movn, which tested rd again (cmpwi, bc over an mr).
 * Each slt-family instruction (slt, sltu, slti, sltiu) of a block compares into a CR
 * field of its own, cr6 down to cr2 in turn, which nothing else in translated code
 * writes; while the field holds rd's value (rd not written since, fewer than five slts
 * after it) the block's conditional branch tests its LT in place of rd when it tests
 * rd against zero, and so does a movz or movn on rd (tr_lt_branch, cond_move): one
 * instruction fewer each.  Compilers schedule the slts of a min and a max together
 * before their moves: one field would hold only the last.
 *
 * And when nothing else reads rd's value -- no instruction other than those before
 * the branch, nor the delay slot, and on every path from the branch it is written
 * before it is read, or it is written in the block after its moves -- rd is not set at
 * all (tr_lt_dead): cmpw and bc, as the 405's code.  The paths are followed through
 * the guest's code (dead_from), a few branches deep and a few dozen instructions far;
 * where they cannot be (an indirect jump, a return, a system call or trap, the end of
 * the budget) the value is live.  So a dead rd keeps the value it had in the guest
 * state until its next write; only a signal handler that reads the interrupted
 * context's registers could see it (its value is never used by the program: a
 * handler's return restores it unused), and nothing between the slt and the value's
 * end may fault, so that none resumes there.
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

/* Whether the registers in r are written before they are read on every path from the
 * branch b at pc, its delay slot ds having run (not read them). */
static int dead_after(const dbt_core *c, uint32_t pc, branch b, uint32_t ds, uint32_t r,
                      unsigned *budget) {
  uint32_t link = b.link ? 1u << b.link : 0; /* written whether taken or not */
  int taken_kills = ((kills(ds) | link) & r) != 0;
  int fall_kills = ((b.likely ? link : kills(ds) | link) & r) != 0; /* likely: slot annulled */
  switch (b.kind) {
  case B_INDIRECT: return taken_kills;
  case B_ALWAYS: return taken_kills || dead_from(c, b.target, r, DEAD_DEPTH, budget);
  case B_NEVER: return fall_kills || dead_from(c, pc + 8, r, DEAD_DEPTH, budget);
  default:
    return (taken_kills || dead_from(c, b.target, r, DEAD_DEPTH, budget)) &&
           (fall_kills || dead_from(c, pc + 8, r, DEAD_DEPTH, budget));
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

/* The fields the slt family compares into, taken in turn within a block: nothing else
 * in translated code writes them (cr0 and cr1 are scratch, cr7 holds branch
 * conditions across delay slots), and the runtime's entries save and restore the
 * whole CR. */
static const uint8_t lt_fields[] = {6, 5, 4, 3, 2};
enum { LT_FIELDS = sizeof lt_fields };

/* Whether w is an slt-family instruction that compares (not into $zero, which
 * emits nothing): it takes the next field. */
static inline __attribute__((always_inline)) int compares(uint32_t w) {
  return is_slt(w) && alu_dest(w) != 0;
}

/* Whether w is a conditional move (movz, movn) that tests rd against zero, and not into
 * rd: it may test rd's field in its place (insn_alu.c's cond_move). */
static inline __attribute__((always_inline)) int moves_on(uint32_t w, unsigned rd) {
  unsigned f = mips_funct(w);
  return mips_op(w) == OP_SPECIAL && (f == F_MOVZ || f == F_MOVN) && mips_rt(w) == rd &&
         mips_rd(w) != rd;
}

unsigned tr_lt_take(em *e) {
  unsigned f = lt_fields[e->lt_next];
  e->lt_next = e->lt_next + 1 < LT_FIELDS ? e->lt_next + 1 : 0;
  for (uint32_t m = e->lt_regs; m; m &= m - 1) { /* (at most LT_FIELDS of them) */
    unsigned r = (unsigned)__builtin_ctz(m);
    if (e->lt_field[r] == f)
      e->lt_regs &= ~(1u << r);
  }
  return f;
}

void tr_lt_written(em *e, uint32_t pc, uint32_t w) {
  if (pc != e->lt_at) /* (the slt itself sets its register) */
    e->lt_regs &= ~gpr_writes(w);
}

unsigned tr_lt_branch(const em *e, uint32_t pc, uint32_t w, unsigned r, unsigned *bo) {
  uint32_t ds;
  int taken_if_lt;
  if (!r || !tr_lt_of(e, r) || !tests_against_zero(w, r, &taken_if_lt) ||
      tr_fetch(e->c, pc + 4, &ds) < 0 || is_slt(ds))
    return 0; /* (a delay slot's slt would take a field before the bc tests it) */
  *bo = taken_if_lt ? PPC_BO_TRUE : PPC_BO_FALSE;
  return tr_lt_of(e, r);
}

/* The plan: followed from the slt to the end of rd's value in the block (a write of
 * rd) or the block's branch, where the branch and the moves on rd test its field
 * while it holds it (fewer than LT_FIELDS compares after it, rd not written), and
 * nothing else reads rd; and, at the branch, on every path from it (dead_from). */
int tr_lt_dead(em *e, uint32_t pc, unsigned rd, unsigned f) {
  e->lt_at = pc;
  e->lt_field[rd] = (uint8_t)f;
  e->lt_regs |= 1u << rd;
  const dbt_core *c = e->c;
  if (e->in_delay || !rd)
    return 0; /* the branch that tests it is the next block's */
  unsigned max = c->max_insns && c->max_insns < MAX_BLOCK ? c->max_insns : MAX_BLOCK;
  uint32_t r = 1u << rd;
  uint32_t used = 0;  /* rd read other than in its field */
  int safe = 1;       /* and nothing there can fault (a signal's handler would resume there) */
  unsigned later = 0; /* compares since, each taking a field */
  int tested = 0, held = 1; /* rd's field tested in its place; still holding it */
  for (uint32_t at = pc + 4, n = (pc - e->blk_pc) / 4 + 1; n < max; at += 4, n++) {
    uint32_t w, ds;
    if (tr_fetch(c, at, &w) < 0 || exposes(w))
      return 0;
    branch b = decode(at, w);
    if (b.kind == B_NONE) {
      if (held && moves_on(w, rd)) { /* it cannot fault; its rs and rd are read */
        tested = 1;
        used |= ((1u << mips_rs(w)) | (1u << mips_rd(w))) & ~1u;
        continue;
      }
      if (gpr_writes(w) >> rd & 1) /* rd's value ends here */
        return tested && safe && !(used & r) && effect(w, r) == KILL;
      if (compares(w) && ++later == LT_FIELDS)
        held = 0;
      used |= reads(w);
      safe &= cannot_fault(w);
      continue;
    }
    int taken_if_lt;
    int fuse = held && b.kind == B_COND && tests_against_zero(w, rd, &taken_if_lt);
    if (tr_fetch(c, at + 4, &ds) < 0 || decode(at + 4, ds).kind != B_NONE || exposes(ds) ||
        is_slt(ds) || !safe || !cannot_fault(ds))
      return 0;
    if (held && moves_on(ds, rd)) { /* a move in the delay slot tests the field too */
      tested = 1;
      used |= ((1u << mips_rs(ds)) | (1u << mips_rd(ds))) & ~1u;
    } else {
      used |= reads(ds);
    }
    if ((!fuse && !tested) || (used & r))
      return 0;
    unsigned budget = DEAD_BUDGET;
    return dead_after(c, at, b, ds, r, &budget);
  }
  return 0; /* the block ends before its branch */
}
