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

#define NATIVE_PAGES (DBT_GUEST_TOP / DBT_PAGE)

struct native {
  vboard *b;
  uint8_t *mem; /* guest address a is mem[a] (RAM from 0) */
  const char *fp_image;
  FILE *log;
  ppc_fpu fpu;
  uint32_t entry, phdr, phnum, sp;
  uint32_t brk_start, brk;
  uint8_t *owned; /* a byte per page: mapped (segments, heap, mmap'ed, stack) */
  uint8_t *mmap_used;
  uint64_t rand_state;
  uint8_t warned[512]; /* unknown system call numbers reported once */
  char exe[4096];
  native_result *r;
};

/* syscall.c: the system call in r0 with arguments in r3-r8, as a PPC32 Linux
 * kernel answers it: r3 the result, CR0[SO] set on an error (r3 then the errno).
 * Returns 1 when the program exited (r->exited, r->status). */
int native_syscall(native *n, uint32_t pc);

/* syscall.c: pages [a, a + len) are mapped (own) or not. */
void native_own(native *n, uint32_t a, uint32_t len, int own);
int native_owns(const native *n, uint32_t a, uint32_t len);

static inline uint32_t native_rd32(const native *n, uint32_t a) {
  return dbt_be32(n->mem + a);
}
static inline void native_wr32(native *n, uint32_t a, uint32_t v) {
  dbt_put_be32(n->mem + a, v);
}
static inline void native_wr64(native *n, uint32_t a, uint64_t v) {
  native_wr32(n, a, (uint32_t)(v >> 32));
  native_wr32(n, a + 4, (uint32_t)v);
}

#endif
