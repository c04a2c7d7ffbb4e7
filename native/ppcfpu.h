/*
 * ppcfpu.h - the PowerPC FPU's instructions emulated as a PPC405 Linux kernel's
 * math emulation runs them (ppcfpu.c): one instruction word on the FPRs, the FPSCR,
 * the GPRs and CR, bit for bit as qemu-ppc executes it.  Pure C99: the caller
 * supplies the registers and the memory.
 *
 *   ppc_fpu f = {0};                  // the FPRs and the FPSCR, kept across calls
 *   ppc_fpu_cpu c;                    // the GPRs and CR, read and written back
 *   ppc_fpu_mem m = {ctx, load, store};
 *   ppc_fpu_cost cost;
 *   switch (ppc_fpu_exec(&f, &c, insn, &m, &cost)) {
 *   case PPC_FPU_OK:     ...;  // done: charge cost.op[0 .. cost.n - 1]
 *   case PPC_FPU_NOT_FP: ...;  // an illegal instruction (not one this emulates)
 *   case PPC_FPU_FAULT:  ...;  // a load or store faulted; nothing was written
 *   }
 */
#ifndef HWPROF_PPCFPU_H
#define HWPROF_PPCFPU_H

#include <stdint.h>

/* FPSCR bits, named as the architecture names them (its bit 0 is FX, the MSB). */
#define PPC_FPSCR_FX     0x80000000u /* exception summary (sticky) */
#define PPC_FPSCR_FEX    0x40000000u /* enabled exception summary */
#define PPC_FPSCR_VX     0x20000000u /* invalid operation summary */
#define PPC_FPSCR_OX     0x10000000u /* overflow */
#define PPC_FPSCR_UX     0x08000000u /* underflow */
#define PPC_FPSCR_ZX     0x04000000u /* zero divide */
#define PPC_FPSCR_XX     0x02000000u /* inexact */
#define PPC_FPSCR_VXSNAN 0x01000000u /* invalid: signalling NaN */
#define PPC_FPSCR_VXISI  0x00800000u /* invalid: inf - inf */
#define PPC_FPSCR_VXIDI  0x00400000u /* invalid: inf / inf */
#define PPC_FPSCR_VXZDZ  0x00200000u /* invalid: 0 / 0 */
#define PPC_FPSCR_VXIMZ  0x00100000u /* invalid: inf x 0 */
#define PPC_FPSCR_VXVC   0x00080000u /* invalid: ordered compare of a NaN */
#define PPC_FPSCR_FR     0x00040000u /* fraction rounded (not set: see ppcfpu.c) */
#define PPC_FPSCR_FI     0x00020000u /* fraction inexact (the last instruction's) */
#define PPC_FPSCR_FPRF   0x0001F000u /* result class (C) and condition (FL FG FE FU) */
#define PPC_FPSCR_C      0x00010000u
#define PPC_FPSCR_FPCC   0x0000F000u
#define PPC_FPSCR_VXSOFT 0x00000400u /* invalid: software request */
#define PPC_FPSCR_VXSQRT 0x00000200u /* invalid: square root of a negative */
#define PPC_FPSCR_VXCVI  0x00000100u /* invalid: conversion to integer */
#define PPC_FPSCR_VE     0x00000080u /* enables: invalid, overflow, underflow, ... */
#define PPC_FPSCR_OE     0x00000040u
#define PPC_FPSCR_UE     0x00000020u
#define PPC_FPSCR_ZE     0x00000010u /* ... zero divide, */
#define PPC_FPSCR_XE     0x00000008u /* ... inexact */
#define PPC_FPSCR_NI     0x00000004u /* non-IEEE mode (kept, not modelled) */
#define PPC_FPSCR_RN     0x00000003u /* rounding: nearest, zero, +inf, -inf */

/* The FPU's state: the FPRs as doubles' bits, and the FPSCR. */
typedef struct ppc_fpu {
  uint64_t fpr[32];
  uint32_t fpscr;
} ppc_fpu;

/* The integer state an FP instruction touches: rA and rB for addresses (the update
 * forms write rA), CR1 for Rc = 1, a CR field for fcmpu, fcmpo and mcrfs. */
typedef struct ppc_fpu_cpu {
  uint32_t gpr[32];
  uint32_t cr;
} ppc_fpu_cpu;

/* Memory for the loads and stores: size 4 or 8 bytes at addr, the value
 * big-endian (a word in the low 32 bits).  0 on success, -1 for a fault. */
typedef struct ppc_fpu_mem {
  void *ctx;
  int (*load)(void *ctx, uint32_t addr, unsigned size, uint64_t *v);
  int (*store)(void *ctx, uint32_t addr, unsigned size, uint64_t v);
} ppc_fpu_mem;

/* The soft-float operations (FPCOST_* of firmware/fpcost.h) a PPC405 kernel's math
 * emulation runs for the instruction: op[0 .. n - 1], n = 0 for a move, a load or
 * store of a double, or an FPSCR instruction. */
typedef struct ppc_fpu_cost {
  int op[3];
  unsigned n;
} ppc_fpu_cost;

enum {
  PPC_FPU_OK,
  PPC_FPU_NOT_FP, /* not an instruction this emulates: the caller reports an illegal
                     instruction (nothing was changed) */
  PPC_FPU_FAULT   /* a load or store faulted: nothing was written */
};

/* Executes insn (primary opcode 48-55, 59, 63, or 31 with an FP load/store XO) on f
 * and c.  m: the memory for loads and stores.  cost (may be NULL): what the
 * instruction costs a soft-float kernel.  Returns PPC_FPU_*. */
int ppc_fpu_exec(ppc_fpu *f, ppc_fpu_cpu *c, uint32_t insn, const ppc_fpu_mem *m,
                 ppc_fpu_cost *cost);

#endif
