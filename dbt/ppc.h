/*
 * ppc.h - PowerPC instruction encoders for the emitter (32-bit, the PPC405's
 * integer subset: no floating point, no isel, no 64-bit forms).
 *
 * Each function returns one instruction word; IBM bit numbering in the comments
 * (bit 0 is the MSB).  Register numbers are 0..31; BI is 4 * crfield + bit with
 * bits LT 0, GT 1, EQ 2, SO 3.
 */
#ifndef HWPROF_DBT_PPC_H
#define HWPROF_DBT_PPC_H

#include <stdint.h>

enum { PPC_LT = 0, PPC_GT = 1, PPC_EQ = 2, PPC_SO = 3 };
enum { PPC_BO_FALSE = 4, PPC_BO_TRUE = 12, PPC_BO_ALWAYS = 20 };

static inline uint32_t ppc_d(unsigned op, unsigned rt, unsigned ra, uint16_t d) {
  return op << 26 | rt << 21 | ra << 16 | d;
}
static inline uint32_t ppc_x(unsigned rt, unsigned ra, unsigned rb, unsigned xo, unsigned rc) {
  return 31u << 26 | rt << 21 | ra << 16 | rb << 11 | xo << 1 | rc;
}
/* XO form (arithmetic): rt = f(ra, rb). */
static inline uint32_t ppc_xo(unsigned rt, unsigned ra, unsigned rb, unsigned xo) {
  return 31u << 26 | rt << 21 | ra << 16 | rb << 11 | xo << 1;
}
/* X form with the source in the rs slot (logical, shifts): ra = f(rs, rb). */
static inline uint32_t ppc_xl(unsigned ra, unsigned rs, unsigned rb, unsigned xo, unsigned rc) {
  return ppc_x(rs, ra, rb, xo, rc);
}

/* D-form arithmetic and memory. */
static inline uint32_t ppc_addi(unsigned rt, unsigned ra, int16_t si) {
  return ppc_d(14, rt, ra, (uint16_t)si);
}
static inline uint32_t ppc_addis(unsigned rt, unsigned ra, int16_t si) {
  return ppc_d(15, rt, ra, (uint16_t)si);
}
static inline uint32_t ppc_li(unsigned rt, int16_t si) {
  return ppc_addi(rt, 0, si);
}
static inline uint32_t ppc_lis(unsigned rt, int16_t si) {
  return ppc_addis(rt, 0, si);
}
static inline uint32_t ppc_mulli(unsigned rt, unsigned ra, int16_t si) {
  return ppc_d(7, rt, ra, (uint16_t)si);
}
static inline uint32_t ppc_ori(unsigned ra, unsigned rs, uint16_t ui) {
  return ppc_d(24, rs, ra, ui);
}
static inline uint32_t ppc_oris(unsigned ra, unsigned rs, uint16_t ui) {
  return ppc_d(25, rs, ra, ui);
}
static inline uint32_t ppc_xori(unsigned ra, unsigned rs, uint16_t ui) {
  return ppc_d(26, rs, ra, ui);
}
static inline uint32_t ppc_xoris(unsigned ra, unsigned rs, uint16_t ui) {
  return ppc_d(27, rs, ra, ui);
}
static inline uint32_t ppc_andi_(unsigned ra, unsigned rs,
                                 uint16_t ui) { /* sets cr0 (emitters: tr_cr0_clobbered) */
  return ppc_d(28, rs, ra, ui);
}
static inline uint32_t ppc_nop(void) {
  return ppc_ori(0, 0, 0);
}
enum {
  PPC_LWZ = 32,
  PPC_LBZ = 34,
  PPC_STW = 36,
  PPC_STB = 38,
  PPC_LHZ = 40,
  PPC_LHA = 42,
  PPC_STH = 44
};
static inline uint32_t ppc_mem(unsigned op, unsigned rt, unsigned ra, int16_t d) {
  return ppc_d(op, rt, ra, (uint16_t)d);
}
static inline uint32_t ppc_lwz(unsigned rt, unsigned ra, int16_t d) {
  return ppc_mem(PPC_LWZ, rt, ra, d);
}
static inline uint32_t ppc_stw(unsigned rs, unsigned ra, int16_t d) {
  return ppc_mem(PPC_STW, rs, ra, d);
}
static inline uint32_t ppc_stb(unsigned rs, unsigned ra, int16_t d) {
  return ppc_mem(PPC_STB, rs, ra, d);
}

/* tw to, ra, rb: a program exception when ra compares to rb as TO says. */
enum { PPC_TO_LT = 16, PPC_TO_GT = 8, PPC_TO_EQ = 4, PPC_TO_LLT = 2, PPC_TO_LGT = 1 };
static inline uint32_t ppc_tw(unsigned to, unsigned ra, unsigned rb) {
  return ppc_x(to, ra, rb, 4, 0);
}

/* Compares (L = 0: 32-bit). */
static inline uint32_t ppc_cmpw(unsigned crf, unsigned ra, unsigned rb) {
  return ppc_x(crf << 2, ra, rb, 0, 0);
}
static inline uint32_t ppc_cmplw(unsigned crf, unsigned ra, unsigned rb) {
  return ppc_x(crf << 2, ra, rb, 32, 0);
}
static inline uint32_t ppc_cmpwi(unsigned crf, unsigned ra, int16_t si) {
  return ppc_d(11, crf << 2, ra, (uint16_t)si);
}
static inline uint32_t ppc_cmplwi(unsigned crf, unsigned ra, uint16_t ui) {
  return ppc_d(10, crf << 2, ra, ui);
}

/* Arithmetic (XO form). */
static inline uint32_t ppc_add(unsigned rt, unsigned ra, unsigned rb) {
  return ppc_xo(rt, ra, rb, 266);
}
static inline uint32_t ppc_addc(unsigned rt, unsigned ra, unsigned rb) {
  return ppc_xo(rt, ra, rb, 10);
}
static inline uint32_t ppc_adde(unsigned rt, unsigned ra, unsigned rb) {
  return ppc_xo(rt, ra, rb, 138);
}
static inline uint32_t ppc_subf(unsigned rt, unsigned ra, unsigned rb) { /* rt = rb - ra */
  return ppc_xo(rt, ra, rb, 40);
}
static inline uint32_t ppc_subfc(unsigned rt, unsigned ra, unsigned rb) {
  return ppc_xo(rt, ra, rb, 8);
}
static inline uint32_t ppc_subfe(unsigned rt, unsigned ra, unsigned rb) {
  return ppc_xo(rt, ra, rb, 136);
}
static inline uint32_t ppc_neg(unsigned rt, unsigned ra) {
  return ppc_xo(rt, ra, 0, 104);
}
static inline uint32_t ppc_mullw(unsigned rt, unsigned ra, unsigned rb) {
  return ppc_xo(rt, ra, rb, 235);
}
static inline uint32_t ppc_mulhw(unsigned rt, unsigned ra, unsigned rb) {
  return ppc_xo(rt, ra, rb, 75);
}
static inline uint32_t ppc_mulhwu(unsigned rt, unsigned ra, unsigned rb) {
  return ppc_xo(rt, ra, rb, 11);
}
static inline uint32_t ppc_divw(unsigned rt, unsigned ra, unsigned rb) {
  return ppc_xo(rt, ra, rb, 491);
}
static inline uint32_t ppc_divwu(unsigned rt, unsigned ra, unsigned rb) {
  return ppc_xo(rt, ra, rb, 459);
}

/* Logical and shifts (X form, ra = f(rs, rb)). */
static inline uint32_t ppc_and(unsigned ra, unsigned rs, unsigned rb) {
  return ppc_xl(ra, rs, rb, 28, 0);
}
static inline uint32_t ppc_andc(unsigned ra, unsigned rs, unsigned rb) {
  return ppc_xl(ra, rs, rb, 60, 0);
}
static inline uint32_t ppc_or(unsigned ra, unsigned rs, unsigned rb) {
  return ppc_xl(ra, rs, rb, 444, 0);
}
static inline uint32_t ppc_mr(unsigned ra, unsigned rs) {
  return ppc_or(ra, rs, rs);
}
static inline uint32_t ppc_xor(unsigned ra, unsigned rs, unsigned rb) {
  return ppc_xl(ra, rs, rb, 316, 0);
}
static inline uint32_t ppc_nor(unsigned ra, unsigned rs, unsigned rb) {
  return ppc_xl(ra, rs, rb, 124, 0);
}
static inline uint32_t ppc_slw(unsigned ra, unsigned rs, unsigned rb) {
  return ppc_xl(ra, rs, rb, 24, 0);
}
static inline uint32_t ppc_srw(unsigned ra, unsigned rs, unsigned rb) {
  return ppc_xl(ra, rs, rb, 536, 0);
}
static inline uint32_t ppc_sraw(unsigned ra, unsigned rs, unsigned rb) {
  return ppc_xl(ra, rs, rb, 792, 0);
}
static inline uint32_t ppc_srawi(unsigned ra, unsigned rs, unsigned sh) {
  return ppc_xl(ra, rs, sh, 824, 0);
}
static inline uint32_t ppc_cntlzw(unsigned ra, unsigned rs) {
  return ppc_xl(ra, rs, 0, 26, 0);
}
static inline uint32_t ppc_extsb(unsigned ra, unsigned rs) {
  return ppc_xl(ra, rs, 0, 954, 0);
}
static inline uint32_t ppc_extsh(unsigned ra, unsigned rs) {
  return ppc_xl(ra, rs, 0, 922, 0);
}
static inline uint32_t ppc_mfcr(unsigned rt) {
  return ppc_x(rt, 0, 0, 19, 0);
}
static inline uint32_t ppc_rlwinm(unsigned ra, unsigned rs, unsigned sh, unsigned mb, unsigned me) {
  return 21u << 26 | rs << 21 | ra << 16 | sh << 11 | mb << 6 | me << 1;
}
static inline uint32_t ppc_rlwimi(unsigned ra, unsigned rs, unsigned sh, unsigned mb, unsigned me) {
  return 20u << 26 | rs << 21 | ra << 16 | sh << 11 | mb << 6 | me << 1;
}
static inline uint32_t ppc_rlwnm(unsigned ra, unsigned rs, unsigned rb, unsigned mb, unsigned me) {
  return 23u << 26 | rs << 21 | ra << 16 | rb << 11 | mb << 6 | me << 1;
}

/* Branches: displacements are byte offsets from the branch itself. */
static inline uint32_t ppc_b(int32_t disp) {
  return 18u << 26 | ((uint32_t)disp & 0x03FFFFFCu);
}
static inline uint32_t ppc_bl(int32_t disp) {
  return ppc_b(disp) | 1;
}
static inline uint32_t ppc_bc(unsigned bo, unsigned bi, int32_t disp) {
  return 16u << 26 | bo << 21 | bi << 16 | ((uint32_t)disp & 0xFFFCu);
}
static inline uint32_t ppc_mtctr(unsigned rs) {
  return ppc_x(rs, 9, 0, 467, 0); /* mtspr CTR (spr 9: split field 9 << 5 | 0) */
}
static inline uint32_t ppc_bctr(void) {
  return 19u << 26 | 20u << 21 | 528u << 1;
}
static inline uint32_t ppc_blr(void) {
  return 19u << 26 | 20u << 21 | 16u << 1;
}

/* Does a displacement fit b (26-bit) or bc (16-bit)? */
static inline int ppc_b_fits(int64_t disp) {
  return disp >= -0x2000000 && disp < 0x2000000 && !(disp & 3);
}
static inline int ppc_bc_fits(int64_t disp) {
  return disp >= -0x8000 && disp < 0x8000 && !(disp & 3);
}

#endif
