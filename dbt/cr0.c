/*
 * cr0.c - a branch on a register against zero tests the condition its ALU instruction
 * recorded.
 *
 * MIPS branches compare a register with zero (beqz, bnez, bltz, bgez, bgtz, blez), most
 * often the register an ALU instruction of the block just computed: a loop's counter
 * (`addiu $a3,$a3,-1 ... bnez $a3`), a mask (`andi $v1,$v1,1 ... beqz $v1`).  Translated,
 * the branch compared the register again (`cmpwi cr7, r, 0`) where the 405's own code
 * lets the ALU instruction record its result's comparison with zero in cr0, free: its
 * record form (`add.`, `subf.`, `and.`, `or.`, `xor.`, `nor.`, `slw.`, `srw.`, `sraw.`,
 * `srawi.`, `rlwinm.`, `mullw.`, `addic.` for `addi`; `andi.` always records).
 *
 * So the translator notes, after each guest ALU instruction, the mapped register whose
 * value its last PowerPC word computed in a form that can record (tr_cr0_emitted), and
 * forgets the notes when a word that writes cr0 is emitted (an `andi.`, the alignment
 * checks' `andi.`: tr_cr0_clobbered; the FPU helper's gate) or the register is
 * written again.  When the block's branch then tests a noted register against zero,
 * the word is patched to its record form and the branch tests cr0 (tr_cr0_branch): one
 * instruction fewer, as the 405's code.  It does so in superblocks only: the notes
 * cost the translator on the board more than they save in plain blocks, most of which
 * run a few times (bzip2 at test size, unprofiled: 2.2 M cycles more translating,
 * 18 %, for 0.2 M fewer in the guest's code), where a superblock's code runs often.  The
 * delay slot runs between the two in the translation, so it must not write cr0: a
 * slot that is a load or store (its checks), an `andi` or a coprocessor instruction
 * keeps the compare.  In a superblock cr0 carries from one member into the next (each
 * is entered only from the one before): a word is patched only when no branch that
 * reads cr0 lies between it and the branch that would read it (a branch that tests cr0
 * keeps only its own register's word, and nothing of its delay slot).  Nothing else in
 * translated code reads cr0 across a guest
 * instruction (each `andi.` of a check is read by the branch right after it), and CA,
 * which `addic.` also writes, is read only by the `adde`/`subfe` right after the
 * `addc`/`subfc` that set it.
 */
#include "emit.h"

/* The register word x computes, if it has a record form that compares it with zero
 * (*patch: the word that records; x itself when it records already); -1 if not. */
static int records(uint32_t x, uint32_t *patch) {
  unsigned op = x >> 26, rt = (x >> 21) & 31, ra = (x >> 16) & 31;
  *patch = x | 1; /* Rc */
  switch (op) {
  case 14: /* addi rt, ra, si: addic. (rA = 0 reads 0 there, r0 in addic.) */
    *patch = (x & 0x03FFFFFFu) | 13u << 26;
    return ra ? (int)rt : -1;
  case 28: *patch = x; return (int)ra; /* andi. */
  case 21:
  case 23: return (int)ra; /* rlwinm, rlwnm */
  case 31:
    if (x & 1)
      return -1;
    switch ((x >> 1) & 0x3FF) {
    case 28:
    case 444:
    case 316:
    case 124:
    case 24:
    case 536:
    case 792:
    case 824: return (int)ra; /* and, or (mr), xor, nor, slw, srw, sraw, srawi */
    case 266:
    case 40:
    case 104:
    case 235: return (int)rt; /* add, subf, neg, mullw (OE clear) */
    default: return -1;
    }
  default: return -1;
  }
}

/* Whether MIPS instruction w, in a delay slot, is translated without writing cr0:
 * not a load or store (their alignment checks), an andi, or a coprocessor's. */
static int keeps_cr0(uint32_t w) {
  unsigned op = mips_op(w);
  return op != OP_ANDI && op < OP_LB && op != OP_COP0 && op != OP_COP1 && op != OP_COP1X;
}

/* Whether MIPS instruction w computes a register's whole value, unconditionally, in
 * its translation's last word (an ALU instruction that cannot trap; not a conditional
 * move, which may skip it). */
static int computes(uint32_t w) {
  unsigned op = mips_op(w), f = mips_funct(w);
  switch (op) {
  case OP_SPECIAL:
    return f == F_SLL || f == F_SRL || f == F_SRA || f == F_SLLV || f == F_SRLV || f == F_SRAV ||
           (f >= F_ADDU && f <= F_NOR && f != F_SUB);
  case OP_SPECIAL2: return f == F2_MUL;
  default: return op == OP_ADDIU || op == OP_ANDI;
  }
}

void tr_cr0_emitted(em *e, uint32_t w, int r, uint32_t mark) {
  if (r == T_HELPER) /* the helper's gate compares into cr0 (dbt_emit_stubs) */
    tr_cr0_clobbered(e);
  if (e->cr0_regs)
    e->cr0_regs &= ~gpr_writes(w);
  uint32_t patched;
  unsigned rd = alu_dest(w);
  if (r != T_OK || e->cr0_hold || !computes(w) || !rd || e->hr[rd] < 0 || e->n == mark ||
      records(word_at(e, e->n - 4), &patched) != e->hr[rd])
    return;
  e->cr0_regs |= 1u << rd;
  e->cr0_at[rd] = e->n - 4;
}

int tr_cr0_branch(em *e, uint32_t pc, unsigned reg) {
  uint32_t ds, patched;
  if (!(e->cr0_regs >> reg & 1) || tr_fetch(e->c, pc + 4, &ds) < 0 || !keeps_cr0(ds))
    return 0;
  uint32_t at = e->cr0_at[reg];
  records(word_at(e, at), &patched);
  patch(e, at, patched);
  e->cr0_regs = 1u << reg; /* the others' words lie before the bc that reads it */
  e->cr0_hold = 1;         /* as does the delay slot's, emitted before the bc */
  return 1;
}
