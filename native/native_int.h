/*
 * native_int.h - the native runtime's state and what its files share
 * (native.c: loading, the stack, the run and the exceptions; syscall.c: the
 * system calls).  Internal to native/: the interface is native.h.
 */
#ifndef HWPROF_NATIVE_INT_H
#define HWPROF_NATIVE_INT_H

#include <stdint.h>
#include <stdio.h>

#include "guest.h"
#include "native.h"
#include "ppcfpu.h"

/* A program exception's entry and return in a PPC405 Linux kernel's math
 * emulation, beside the soft-float routine itself (which dbt/fpcost.c measures):
 * the vector's branch (1); the prologue saving the whole register frame (r0-r31,
 * CR, LR, CTR, XER, SRR0, SRR1: 38 stores and 6 mfspr); fetching and decoding
 * the instruction up to the routine's call (30); moving its operands and result
 * between the FPRs' save area and the routine (8 loads and stores); the
 * epilogue (38 loads, 6 mtspr) and rfi (4).  A count of the path's shape, one
 * cycle an instruction, not a measured kernel. */
#define NATIVE_EMU_ENTRY (1 + 38 + 6 + 30 + 8 + 38 + 6 + 4)

struct native {
  vboard *b;
  /* The program's memory as the MIPS guest's (dbt/guest.h): mem, the pages it owns,
   * its map (brk, mmap area), entry, program headers, stack pointer, path, getrandom's
   * state, the log.  Only those fields: the rest of the guest's OS is MIPS's. */
  guest g;
  const char *fp_image;
  ppc_fpu fpu;
  uint8_t warned[512]; /* unknown system call numbers reported once */
  native_result *r;
};

/* syscall.c: the system call in r0 with arguments in r3-r8, as a PPC32 Linux
 * kernel answers it: r3 the result, CR0[SO] set on an error (r3 then the errno).
 * Returns 1 when the program exited (r->exited, r->status). */
int native_syscall(native *n, uint32_t pc);

#endif
