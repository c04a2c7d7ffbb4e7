/*
 * fpu.h - the MIPS FPU helper (fpu.c): one FPU instruction on the guest's state.
 */
#ifndef HWPROF_DBT_FPU_H
#define HWPROF_DBT_FPU_H

#include <stdint.h>

typedef struct mips_fpu {
  uint32_t fpr[32]; /* FR=0: a double is the pair (2k low word, 2k+1 high word) */
  uint32_t fcsr;
  uint32_t gpr[32];     /* the GPRs, read by movn.fmt, movf, ctc1, indexed loads */
  uint32_t gpr_written; /* set by the helper: GPRs it wrote (cfc1, movf/movt) */
} mips_fpu;

enum { MIPS_FPU_OK, MIPS_FPU_RESERVED, MIPS_FPU_SIGFPE, MIPS_FPU_SIGSEGV };

/* Executes w (COP1, COP1X or SPECIAL MOVCI).  mem/mem_top: guest memory for the
 * indexed loads and stores.  Returns MIPS_FPU_OK or why the guest stops. */
int mips_fpu_exec(mips_fpu *f, uint32_t w, uint8_t *mem, uint32_t mem_top);

#endif
