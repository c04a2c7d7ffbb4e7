/*
 * fpvec.c - every FP instruction the PPC405's math emulation handles, run on the
 * reference: a static PPC32 program for qemu-ppc that executes each case of
 * fpvec_cases.h and prints its result; tests/unit/test_ppcfpu.c prints the same
 * cases through native/ppcfpu.c, and tests/native/test_fpu.sh diffs the two.
 *
 *   qemu-ppc build/native/fpvec base           # the default CPU (a 750)
 *   qemu-ppc -cpu 7400 build/native/fpvec sqrt # fsqrt, fsqrts: a CPU that has them
 *
 * Each case's instruction word is written into an executable page followed by blr,
 * the instruction cache made coherent, and the page called from fpvec_run (below),
 * which loads the case's FPSCR (mtfsf 0xff), f1-f4, CR, r5 and r6, calls it, and
 * stores f1, the FPSCR (mffs), CR and r5 back.  One mechanism covers every
 * encoding, reserved fields included: an instruction the CPU refuses raises
 * SIGILL, which returns here through siglongjmp and prints as ILLEGAL.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "fpvec_cases.h"

/* What fpvec_run loads and stores (offsets fixed by the assembly below). */
typedef struct regs {
  uint64_t f[4];  /* 0: f1-f4 */
  uint64_t fpscr; /* 32: the FPSCR in the low word */
  uint32_t cr;    /* 40 */
  uint32_t r5;    /* 44 */
  uint32_t r6;    /* 48 */
  uint32_t pad;
} regs;

/* fpvec_run(regs *r, const uint32_t *code): calls code with the case's registers. */
void fpvec_run(regs *r, const uint32_t *code);
__asm__(".text\n"
        ".globl fpvec_run\n"
        ".type fpvec_run, @function\n"
        "fpvec_run:\n"
        "  stwu 1, -32(1)\n"
        "  mflr 0\n"
        "  stw 0, 36(1)\n"
        "  mfcr 0\n"
        "  stw 0, 8(1)\n"  /* CR2-CR4 are the caller's */
        "  stw 3, 12(1)\n" /* r */
        "  mtctr 4\n"
        "  lfd 0, 32(3)\n"
        "  mtfsf 0xff, 0\n"
        "  lfd 1, 0(3)\n"
        "  lfd 2, 8(3)\n"
        "  lfd 3, 16(3)\n"
        "  lfd 4, 24(3)\n"
        "  lwz 0, 40(3)\n"
        "  mtcrf 0xff, 0\n"
        "  lwz 5, 44(3)\n"
        "  lwz 6, 48(3)\n"
        "  bctrl\n"
        "  lwz 3, 12(1)\n"
        "  stfd 1, 0(3)\n"
        "  mffs 0\n"
        "  stfd 0, 32(3)\n"
        "  mfcr 0\n"
        "  stw 0, 40(3)\n"
        "  stw 5, 44(3)\n"
        "  stw 6, 48(3)\n"
        "  lwz 0, 8(1)\n"
        "  mtcrf 0xff, 0\n"
        "  lwz 0, 36(1)\n"
        "  mtlr 0\n"
        "  addi 1, 1, 32\n"
        "  blr\n"
        ".size fpvec_run, . - fpvec_run\n");

static uint32_t *code;                                     /* the executable page */
static uint8_t buf[FPVEC_MEM] __attribute__((aligned(8))); /* the loads' and stores' memory */
static sigjmp_buf escape;

static void on_signal(int sig) {
  siglongjmp(escape, sig);
}

/* The FPSCR back to its default (round to nearest, nothing set) for our own code. */
static void fpscr_clear(void) {
  double zero = 0.0;
  __asm__ volatile("mtfsf 0xff, %0" : : "f"(zero));
}

static void run(void *ctx, const fpvec_case *c) {
  (void)ctx;
  uint32_t base = (uint32_t)(uintptr_t)buf;
  regs r;
  memset(&r, 0, sizeof r);
  memcpy(r.f, c->f, sizeof r.f);
  r.fpscr = c->fpscr;
  r.cr = FPVEC_CR;
  r.r5 = base + c->ra;
  r.r6 = c->rb + (c->rb_addr ? base : 0);
  fpvec_out o;
  memset(&o, 0, sizeof o);
  fpvec_fill(c, buf);
  code[0] = c->insn;
  code[1] = 0x4E800020u; /* blr */
  __builtin___clear_cache((char *)code, (char *)(code + 2));
  int sig = sigsetjmp(escape, 1);
  if (sig == 0) {
    fpvec_run(&r, code);
    o.f1 = r.f[0];
    o.fpscr = (uint32_t)r.fpscr;
    o.cr = r.cr;
    o.ra = r.r5 - base;
    memcpy(o.mem, buf, FPVEC_MEM);
  } else {
    o.illegal = sig == SIGILL ? 1 : sig;
  }
  fpscr_clear();
  fpvec_print(c, &o);
}

int main(int argc, char **argv) {
  unsigned groups = fpvec_groups(argc > 1 ? argv[1] : NULL);
  if (!groups) {
    fprintf(stderr, "usage: fpvec [base|sqrt|all]\n");
    return 2;
  }
  code = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (code == MAP_FAILED) {
    perror("fpvec: mmap");
    return 1;
  }
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigaction(SIGILL, &sa, NULL);
  sigaction(SIGSEGV, &sa, NULL);
  sigaction(SIGFPE, &sa, NULL);
  sigaction(SIGBUS, &sa, NULL);
  static char out[1 << 16];
  setvbuf(stdout, out, _IOFBF, sizeof out);
  fpvec_generate(groups, run, NULL);
  return 0;
}
