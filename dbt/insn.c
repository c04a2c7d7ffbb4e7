/*
 * insn.c - one MIPS instruction (not a branch, syscall or break: a unit's end is
 * branch.c's) to PowerPC code: dispatched on its major opcode to its group's
 * handler (insn_alu.c, insn_mem.c, insn_fpu.c).
 */
#include "emit.h"

/* The handler of each major opcode; the branches and jumps are not here (a
 * unit's end: branch.c), nor syscall and break (translate.c, emit_block). */
static tr_handler *const by_op[64] = {
    [OP_SPECIAL] = tr_special, [OP_REGIMM] = tr_regimm,     [OP_ADDI] = tr_immediate,
    [OP_ADDIU] = tr_immediate, [OP_LUI] = tr_immediate,     [OP_SLTI] = tr_immediate,
    [OP_SLTIU] = tr_immediate, [OP_ANDI] = tr_immediate,    [OP_ORI] = tr_immediate,
    [OP_XORI] = tr_immediate,  [OP_SPECIAL2] = tr_special2, [OP_SPECIAL3] = tr_special3,
    [OP_LB] = tr_memory,       [OP_LBU] = tr_memory,        [OP_LH] = tr_memory,
    [OP_LHU] = tr_memory,      [OP_LW] = tr_memory,         [OP_LL] = tr_memory,
    [OP_SB] = tr_memory,       [OP_SH] = tr_memory,         [OP_SW] = tr_memory,
    [OP_SC] = tr_memory,       [OP_LWL] = tr_memory,        [OP_LWR] = tr_memory,
    [OP_SWL] = tr_memory,      [OP_SWR] = tr_memory,        [OP_PREF] = tr_memory,
    [OP_LWC1] = tr_fpu_mem,    [OP_SWC1] = tr_fpu_mem,      [OP_LDC1] = tr_fpu_mem,
    [OP_SDC1] = tr_fpu_mem,    [OP_COP1] = tr_cop1,         [OP_COP1X] = tr_cop1x,
};

int tr_insn(em *e, uint32_t pc, uint32_t w) {
  e->cur_pc = pc;
  tr_handler *h = by_op[mips_op(w)];
  return h ? h(e, pc, w) : T_UNIMPL;
}
