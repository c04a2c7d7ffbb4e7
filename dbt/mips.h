/*
 * mips.h - MIPS32 release 2 instruction fields and the opcodes the translator
 * and its helpers decode (MIPS32 Architecture for Programmers, vol. II).
 */
#ifndef HWPROF_DBT_MIPS_H
#define HWPROF_DBT_MIPS_H

#include <stdint.h>

static inline unsigned mips_op(uint32_t w) {
  return w >> 26;
}
static inline unsigned mips_rs(uint32_t w) {
  return (w >> 21) & 31;
}
static inline unsigned mips_rt(uint32_t w) {
  return (w >> 16) & 31;
}
static inline unsigned mips_rd(uint32_t w) {
  return (w >> 11) & 31;
}
static inline unsigned mips_sa(uint32_t w) {
  return (w >> 6) & 31;
}
static inline unsigned mips_funct(uint32_t w) {
  return w & 63;
}
static inline int16_t mips_imm(uint32_t w) {
  return (int16_t)(w & 0xFFFF);
}
static inline uint16_t mips_uimm(uint32_t w) {
  return (uint16_t)(w & 0xFFFF);
}

/* Major opcodes. */
enum {
  OP_SPECIAL = 0,
  OP_REGIMM = 1,
  OP_J = 2,
  OP_JAL = 3,
  OP_BEQ = 4,
  OP_BNE = 5,
  OP_BLEZ = 6,
  OP_BGTZ = 7,
  OP_ADDI = 8,
  OP_ADDIU = 9,
  OP_SLTI = 10,
  OP_SLTIU = 11,
  OP_ANDI = 12,
  OP_ORI = 13,
  OP_XORI = 14,
  OP_LUI = 15,
  OP_COP0 = 16,
  OP_COP1 = 17,
  OP_COP1X = 19,
  OP_BEQL = 20,
  OP_BNEL = 21,
  OP_BLEZL = 22,
  OP_BGTZL = 23,
  OP_SPECIAL2 = 28,
  OP_SPECIAL3 = 31,
  OP_LB = 32,
  OP_LH = 33,
  OP_LWL = 34,
  OP_LW = 35,
  OP_LBU = 36,
  OP_LHU = 37,
  OP_LWR = 38,
  OP_SB = 40,
  OP_SH = 41,
  OP_SWL = 42,
  OP_SW = 43,
  OP_SWR = 46,
  OP_CACHE = 47,
  OP_LL = 48,
  OP_LWC1 = 49,
  OP_PREF = 51,
  OP_LDC1 = 53,
  OP_SC = 56,
  OP_SWC1 = 57,
  OP_SDC1 = 61
};

/* SPECIAL functions. */
enum {
  F_SLL = 0,
  F_MOVCI = 1,
  F_SRL = 2,
  F_SRA = 3,
  F_SLLV = 4,
  F_SRLV = 6,
  F_SRAV = 7,
  F_JR = 8,
  F_JALR = 9,
  F_MOVZ = 10,
  F_MOVN = 11,
  F_SYSCALL = 12,
  F_BREAK = 13,
  F_SYNC = 15,
  F_MFHI = 16,
  F_MTHI = 17,
  F_MFLO = 18,
  F_MTLO = 19,
  F_MULT = 24,
  F_MULTU = 25,
  F_DIV = 26,
  F_DIVU = 27,
  F_ADD = 32,
  F_ADDU = 33,
  F_SUB = 34,
  F_SUBU = 35,
  F_AND = 36,
  F_OR = 37,
  F_XOR = 38,
  F_NOR = 39,
  F_SLT = 42,
  F_SLTU = 43,
  F_TGE = 48,
  F_TGEU = 49,
  F_TLT = 50,
  F_TLTU = 51,
  F_TEQ = 52,
  F_TNE = 54
};

/* REGIMM rt values. */
enum {
  R_BLTZ = 0,
  R_BGEZ = 1,
  R_BLTZL = 2,
  R_BGEZL = 3,
  R_TGEI = 8,
  R_TGEIU = 9,
  R_TLTI = 10,
  R_TLTIU = 11,
  R_TEQI = 12,
  R_TNEI = 14,
  R_BLTZAL = 16,
  R_BGEZAL = 17,
  R_BLTZALL = 18,
  R_BGEZALL = 19,
  R_SYNCI = 31
};

/* SPECIAL2 / SPECIAL3 functions. */
enum { F2_MADD = 0, F2_MADDU = 1, F2_MUL = 2, F2_MSUB = 4, F2_MSUBU = 5, F2_CLZ = 32, F2_CLO = 33 };
enum { F3_EXT = 0, F3_INS = 4, F3_BSHFL = 32, F3_RDHWR = 59 };
enum { BSHFL_WSBH = 2, BSHFL_SEB = 16, BSHFL_SEH = 24 };

/* COP1 rs (fmt) values. */
enum {
  C1_MFC1 = 0,
  C1_CFC1 = 2,
  C1_MFHC1 = 3,
  C1_MTC1 = 4,
  C1_CTC1 = 6,
  C1_MTHC1 = 7,
  C1_BC = 8,
  C1_S = 16,
  C1_D = 17,
  C1_W = 20,
  C1_L = 21
};
enum { C1F_MOV = 6, C1F_MOVZ = 0x12, C1F_MOVN = 0x13 };

#endif
