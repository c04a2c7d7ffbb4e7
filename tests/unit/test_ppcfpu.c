/*
 * test_ppcfpu.c - the PowerPC FPU emulation (native/ppcfpu.c) against qemu-ppc.
 *
 *   test_ppcfpu base|sqrt|all   the cases of tests/native/fpvec_cases.h through
 *                               ppc_fpu_exec, printed as tests/native/fpvec.c prints
 *                               them under qemu-ppc (test_fpu.sh diffs the two)
 *   test_ppcfpu --self          what qemu cannot show: the costs, faults, invalid
 *                               forms, rA = 0 with a displacement, fre, enabled
 *                               exceptions, the host's FP state kept (PASS/FAIL lines)
 *
 * Each case starts as the PPC program's: the FPSCR set by an emulated mtfsf 0xff
 * (so VX and FEX are computed as the hardware would), f1-f4, r5, r6 and CR from
 * the case, the 32-byte buffer at a host-chosen address (printed as offsets).
 */
#include <fenv.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../native/fpvec_cases.h"
#include "check.h"
#include "ppcfpu.h"

#include "../../firmware/fpcost.h"

CHECK_LABEL("");

#define BUF_BASE 0x10000000u /* where the emulated buffer lives */

typedef struct membuf {
  uint8_t b[FPVEC_MEM];
  int accesses;
} membuf;

static int mem_load(void *ctx, uint32_t a, unsigned size, uint64_t *v) {
  membuf *m = ctx;
  m->accesses++;
  if (a < BUF_BASE || a - BUF_BASE > FPVEC_MEM - size)
    return -1;
  uint64_t x = 0;
  for (unsigned i = 0; i < size; i++)
    x = x << 8 | m->b[a - BUF_BASE + i];
  *v = x;
  return 0;
}

static int mem_store(void *ctx, uint32_t a, unsigned size, uint64_t v) {
  membuf *m = ctx;
  m->accesses++;
  if (a < BUF_BASE || a - BUF_BASE > FPVEC_MEM - size)
    return -1;
  for (unsigned i = 0; i < size; i++)
    m->b[a - BUF_BASE + i] = (uint8_t)(v >> (8 * (size - 1 - i)));
  return 0;
}

#define MTFSF_ALL_F0 0xFDFE058Eu /* mtfsf 0xff, f0 */

/* The FPSCR as the PPC program sets it: mtfsf 0xff from f0. */
static void set_fpscr(ppc_fpu *f, ppc_fpu_cpu *c, uint32_t v) {
  f->fpr[0] = v;
  ppc_fpu_exec(f, c, MTFSF_ALL_F0, NULL, NULL);
}

static void run(void *ctx, const fpvec_case *k) {
  (void)ctx;
  membuf m;
  memset(&m, 0, sizeof m);
  ppc_fpu_mem mem = {&m, mem_load, mem_store};
  ppc_fpu f;
  ppc_fpu_cpu c;
  memset(&f, 0, sizeof f);
  memset(&c, 0, sizeof c);
  set_fpscr(&f, &c, k->fpscr);
  for (unsigned i = 0; i < 4; i++)
    f.fpr[1 + i] = k->f[i];
  c.cr = FPVEC_CR;
  c.gpr[5] = BUF_BASE + k->ra;
  c.gpr[6] = k->rb + (k->rb_addr ? BUF_BASE : 0);
  fpvec_fill(k, m.b);
  fpvec_out o;
  memset(&o, 0, sizeof o);
  int rc = ppc_fpu_exec(&f, &c, k->insn, &mem, NULL);
  if (rc == PPC_FPU_OK) {
    o.f1 = f.fpr[1];
    o.fpscr = f.fpscr;
    o.cr = c.cr;
    o.ra = c.gpr[5] - BUF_BASE;
    memcpy(o.mem, m.b, FPVEC_MEM);
  } else {
    o.illegal = rc == PPC_FPU_NOT_FP ? 1 : 11; /* a fault: SIGSEGV's number */
  }
  fpvec_print(k, &o);
}

/* ------------------------------------------------------------------ --self */

/* One instruction on a fresh state with f2-f4 = a, b, c and the FPSCR s. */
typedef struct one {
  ppc_fpu f;
  ppc_fpu_cpu c;
  membuf m;
  ppc_fpu_cost cost;
  int rc;
} one;

static void exec1(one *o, uint32_t w, uint32_t fpscr, uint64_t a, uint64_t b, uint64_t c) {
  memset(o, 0, sizeof *o);
  o->f.fpscr = fpscr;
  o->f.fpr[1] = FPVEC_F1;
  o->f.fpr[2] = a;
  o->f.fpr[3] = b;
  o->f.fpr[4] = c;
  o->c.gpr[5] = BUF_BASE;
  o->c.gpr[6] = 8;
  o->cost.n = 99;
  ppc_fpu_mem mem = {&o->m, mem_load, mem_store};
  o->rc = ppc_fpu_exec(&o->f, &o->c, w, &mem, &o->cost);
}

/* FPSCR bits, short */
#define FX  PPC_FPSCR_FX
#define FEX PPC_FPSCR_FEX
#define VX  PPC_FPSCR_VX
#define XX  PPC_FPSCR_XX
#define ZX  PPC_FPSCR_ZX
#define UX  PPC_FPSCR_UX
#define FI  PPC_FPSCR_FI
#define ZE  PPC_FPSCR_ZE
#define VE  PPC_FPSCR_VE
#define XE  PPC_FPSCR_XE
#define UE  PPC_FPSCR_UE

#define A63(xo)     (63u << 26 | 1u << 21 | 2u << 16 | 3u << 11 | 4u << 6 | (xo) << 1)
#define A59(xo)     (59u << 26 | 1u << 21 | 2u << 16 | 3u << 11 | 4u << 6 | (xo) << 1)
#define AB63(xo)    (63u << 26 | 1u << 21 | 2u << 16 | 3u << 11 | (xo) << 1)
#define AB59(xo)    (59u << 26 | 1u << 21 | 2u << 16 | 3u << 11 | (xo) << 1)
#define B63(xo)     (63u << 26 | 1u << 21 | 3u << 11 | (xo) << 1)
#define B59(xo)     (59u << 26 | 1u << 21 | 3u << 11 | (xo) << 1)
#define LD(op, d)   ((uint32_t)(op) << 26 | 1u << 21 | 5u << 16 | ((d)&0xFFFFu))
#define LDX(xo, ra) (31u << 26 | 1u << 21 | (ra) << 16 | 6u << 11 | (xo) << 1)

/* What each instruction costs a soft-float kernel. */
static void costs(void) {
  static const struct {
    uint32_t w;
    unsigned n;
    int op[3];
  } t[] = {
      {AB63(21), 1, {FPCOST_ADD_D}},
      {AB59(21), 1, {FPCOST_ADD_S}},
      {AB63(20), 1, {FPCOST_SUB_D}},
      {AB59(20), 1, {FPCOST_SUB_S}},
      {A63(25) & ~(31u << 11), 1, {FPCOST_MUL_D}},
      {A59(25) & ~(31u << 11), 1, {FPCOST_MUL_S}},
      {AB63(18), 1, {FPCOST_DIV_D}},
      {AB59(18), 1, {FPCOST_DIV_S}},
      {B63(22), 1, {FPCOST_SQRT_D}},
      {B59(22), 1, {FPCOST_SQRT_S}},
      {B59(24), 1, {FPCOST_DIV_S}},
      {B63(24), 1, {FPCOST_DIV_D}},
      {B63(26), 2, {FPCOST_SQRT_D, FPCOST_DIV_D}},
      {A63(23), 1, {FPCOST_CMP_D}},
      {A63(29), 2, {FPCOST_MUL_D, FPCOST_ADD_D}},
      {A63(28), 2, {FPCOST_MUL_D, FPCOST_SUB_D}},
      {A63(31), 3, {FPCOST_MUL_D, FPCOST_ADD_D, FPCOST_NEG_D}},
      {A63(30), 3, {FPCOST_MUL_D, FPCOST_SUB_D, FPCOST_NEG_D}},
      {A59(29), 2, {FPCOST_MUL_S, FPCOST_ADD_S}},
      {A59(31), 3, {FPCOST_MUL_S, FPCOST_ADD_S, FPCOST_NEG_S}},
      {AB63(0) & ~(31u << 21), 2, {FPCOST_CMP_D, FPCOST_UNORD_D}},
      {AB63(32) & ~(31u << 21), 2, {FPCOST_CMP_D, FPCOST_UNORD_D}},
      {B63(12), 1, {FPCOST_CVT_S_D}},
      {B63(14), 1, {FPCOST_CVT_W_D}},
      {B63(15), 1, {FPCOST_CVT_W_D}},
      {B63(40), 0, {0}},
      {B63(72), 0, {0}},
      {B63(136), 0, {0}},
      {B63(264), 0, {0}},
      {B63(583) & ~(31u << 11), 0, {0}},
      {B63(711) | 0xFFu << 17, 0, {0}},
      {63u << 26 | 134u << 1, 0, {0}},
      {63u << 26 | 70u << 1, 0, {0}},
      {63u << 26 | 64u << 1, 0, {0}},
      {LD(48, 0), 1, {FPCOST_CVT_D_S}},
      {LD(49, 0), 1, {FPCOST_CVT_D_S}},
      {LDX(535, 5u), 1, {FPCOST_CVT_D_S}},
      {LD(52, 0), 1, {FPCOST_CVT_S_D}},
      {LDX(695, 5u), 1, {FPCOST_CVT_S_D}},
      {LD(50, 0), 0, {0}},
      {LD(54, 0), 0, {0}},
      {LDX(983, 5u), 0, {0}},
  };
  one o;
  for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
    exec1(&o, t[i].w, 0, 0x3FF0000000000000ull, 0x4000000000000000ull, 0x4008000000000000ull);
    CHECK(o.rc == PPC_FPU_OK, "%08x: rc %d\n", (unsigned)t[i].w, o.rc);
    CHECK(o.cost.n == t[i].n, "%08x: %u operations, want %u\n", (unsigned)t[i].w, o.cost.n, t[i].n);
    for (unsigned j = 0; j < t[i].n && j < 3; j++)
      CHECK(o.cost.op[j] == t[i].op[j], "%08x: op %u is %d, want %d\n", (unsigned)t[i].w, j,
            o.cost.op[j], t[i].op[j]);
  }
  /* not FP, refused: no cost */
  exec1(&o, 0x7C0802A6u /* mflr r0 */, 0, 0, 0, 0);
  CHECK_EQ(o.rc, PPC_FPU_NOT_FP);
  CHECK_EQ(o.cost.n, 0);
  exec1(&o, AB63(21) | 4u << 6 /* fadd with frC */, 0, 0, 0, 0);
  CHECK_EQ(o.rc, PPC_FPU_NOT_FP);
  CHECK_EQ(o.cost.n, 0);
  /* a NULL cost is allowed */
  ppc_fpu f;
  ppc_fpu_cpu c;
  memset(&f, 0, sizeof f);
  memset(&c, 0, sizeof c);
  CHECK_EQ(ppc_fpu_exec(&f, &c, AB63(21), NULL, NULL), PPC_FPU_OK);
}

/* A fault writes nothing: no FPR, no rA; a refused form changes nothing. */
static void faults(void) {
  one o;
  exec1(&o, LD(51, 0x1000), 0, 0, 0, 0); /* lfdu f1, 0x1000(r5): outside the buffer */
  CHECK_EQ(o.rc, PPC_FPU_FAULT);
  CHECK_EQ(o.f.fpr[1], FPVEC_F1);
  CHECK_EQ(o.c.gpr[5], BUF_BASE);
  CHECK_EQ(o.m.accesses, 1);
  exec1(&o, LD(55, 0xFFF0), 0, 0, 0, 0); /* stfdu f1, -16(r5) */
  CHECK_EQ(o.rc, PPC_FPU_FAULT);
  CHECK_EQ(o.c.gpr[5], BUF_BASE);
  exec1(&o, LDX(631, 5u) /* lfdux */, 0, 0, 0, 0);
  CHECK_EQ(o.rc, PPC_FPU_OK);
  CHECK_EQ(o.c.gpr[5], BUF_BASE + 8);
  /* update forms with rA = 0: invalid, no access */
  static const uint32_t inval[] = {LD(49, 8) & ~(31u << 16),
                                   LD(51, 8) & ~(31u << 16),
                                   LD(53, 8) & ~(31u << 16),
                                   LD(55, 8) & ~(31u << 16),
                                   LDX(567, 0u),
                                   LDX(631, 0u),
                                   LDX(695, 0u),
                                   LDX(759, 0u)};
  for (unsigned i = 0; i < sizeof inval / sizeof inval[0]; i++) {
    exec1(&o, inval[i], 0, 0, 0, 0);
    CHECK(o.rc == PPC_FPU_NOT_FP, "%08x: rc %d\n", (unsigned)inval[i], o.rc);
    CHECK_EQ(o.m.accesses, 0);
  }
  /* other opcode-31 words are not FP */
  exec1(&o, 31u << 26 | 3u << 21 | 4u << 16 | 5u << 11 | 266u << 1 /* add */, 0, 0, 0, 0);
  CHECK_EQ(o.rc, PPC_FPU_NOT_FP);
}

/* EA = (rA|0) + d or (rA|0) + rB: rA = 0 is the number 0, not r0. */
static void absolute(void) {
  membuf m;
  memset(&m, 0, sizeof m);
  for (unsigned i = 0; i < 8; i++)
    m.b[8 + i] = (uint8_t)(0x40 + i);
  ppc_fpu_mem mem = {&m, mem_load, mem_store};
  ppc_fpu f;
  ppc_fpu_cpu c;
  memset(&f, 0, sizeof f);
  memset(&c, 0, sizeof c);
  c.gpr[0] = BUF_BASE; /* r0 + 8 would be in the buffer; 8 is not */
  CHECK_EQ(ppc_fpu_exec(&f, &c, LD(50, 8) & ~(31u << 16), &mem, NULL), PPC_FPU_FAULT);
  CHECK_EQ(m.accesses, 1);
  CHECK_EQ(f.fpr[1], 0);
  c.gpr[6] = BUF_BASE + 8; /* lfdx f1, 0, r6 */
  CHECK_EQ(ppc_fpu_exec(&f, &c, LDX(599, 0u), &mem, NULL), PPC_FPU_OK);
  CHECK_EQ(f.fpr[1], 0x4041424344454647ull);
  CHECK_EQ(c.gpr[0], BUF_BASE);
}

/* fre (POWER5+: no 32-bit qemu-ppc CPU has it): 1/x in double, qemu's helper. */
static void fre(void) {
  one o;
  exec1(&o, B63(24), 0, 0, 0x4008000000000000ull, 0); /* 1/3 */
  CHECK_EQ(o.f.fpr[1], 0x3FD5555555555555ull);
  CHECK_EQ(o.f.fpscr, FX | XX | FI | 0x4000u);
  exec1(&o, B63(24), 0, 0, 0x8000000000000000ull, 0); /* -0: -0.5 and ZX */
  CHECK_EQ(o.f.fpr[1], 0xBFE0000000000000ull);
  CHECK_EQ(o.f.fpscr, PPC_FPSCR_FX | PPC_FPSCR_ZX | 0x8000u);
  exec1(&o, B63(24), 0, 0, 0x0000000000000001ull, 0); /* the least denormal: overflow */
  CHECK_EQ(o.f.fpr[1], 0x7FF0000000000000ull);
  CHECK_EQ(o.f.fpscr, PPC_FPSCR_FX | PPC_FPSCR_OX | PPC_FPSCR_XX | PPC_FPSCR_FI | 0x5000u);
  exec1(&o, B63(24), 0, 0, 0x7FF4000000000000ull, 0); /* an SNaN */
  CHECK_EQ(o.f.fpr[1], 0x7FFC000000000000ull);
  CHECK_EQ(o.f.fpscr, PPC_FPSCR_FX | PPC_FPSCR_VX | PPC_FPSCR_VXSNAN | 0x11000u);
}

/* Enabled exceptions set FEX and do not trap: the result is the disabled one. */
static void enabled(void) {
  one o;
  exec1(&o, AB63(18), PPC_FPSCR_ZE, 0x3FF0000000000000ull, 0, 0); /* 1/0 */
  CHECK_EQ(o.rc, PPC_FPU_OK);
  CHECK_EQ(o.f.fpr[1], 0x7FF0000000000000ull);
  CHECK_EQ(o.f.fpscr, FX | FEX | ZX | ZE | 0x5000u);
  exec1(&o, AB63(20), PPC_FPSCR_VE, 0x7FF0000000000000ull, 0x7FF0000000000000ull, 0);
  CHECK_EQ(o.f.fpr[1], 0x7FF8000000000000ull);
  CHECK_EQ(o.f.fpscr, FX | FEX | VX | PPC_FPSCR_VXISI | VE | 0x11000u);
  exec1(&o, AB63(21) | 1, PPC_FPSCR_XE, 0x3FF0000000000000ull, 0x3C90000000000001ull, 0);
  CHECK_EQ(o.f.fpscr, FX | FEX | XX | FI | XE | 0x4000u);
  CHECK_EQ((o.c.cr >> 24) & 15, 0xC);                        /* CR1: FX FEX */
  exec1(&o, B63(711) | 0xFFu << 17, 0, 0, 0x02000008ull, 0); /* mtfsf: XX with XE */
  CHECK_EQ(o.f.fpscr, FEX | XX | XE);
  exec1(&o, 63u << 26 | 26u << 21 | 38u << 1, PPC_FPSCR_UX, 0, 0, 0); /* mtfsb1 UE */
  CHECK_EQ(o.f.fpscr, FEX | UX | UE);
}

/* The host's rounding mode and flags are as they were. */
static void host_state(void) {
  fesetround(FE_UPWARD);
  feclearexcept(FE_ALL_EXCEPT);
  feraiseexcept(FE_OVERFLOW);
  one o;
  exec1(&o, AB63(18), 1, 0x3FF0000000000000ull, 0x4008000000000000ull, 0); /* 1/3, toward 0 */
  CHECK_EQ(o.f.fpr[1], 0x3FD5555555555555ull);
  CHECK_EQ(fegetround(), FE_UPWARD);
  CHECK_EQ(fetestexcept(FE_ALL_EXCEPT), FE_OVERFLOW);
  fesetround(FE_TONEAREST);
  feclearexcept(FE_ALL_EXCEPT);
}

/* Registers other than the target's and rA's are left alone; frD may be an
 * operand. */
static void aliasing(void) {
  one o;
  exec1(&o, 63u << 26 | 2u << 21 | 2u << 16 | 2u << 11 | 21u << 1, 0, 0x3FF8000000000000ull, 0,
        0); /* fadd f2, f2, f2 */
  CHECK_EQ(o.f.fpr[2], 0x4008000000000000ull);
  CHECK_EQ(o.f.fpr[1], FPVEC_F1);
  CHECK_EQ(o.c.cr, 0);
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "--self")) {
    RUN(costs);
    RUN(faults);
    RUN(absolute);
    RUN(fre);
    RUN(enabled);
    RUN(host_state);
    RUN(aliasing);
    return check_failed_tests != 0;
  }
  unsigned groups = fpvec_groups(argc > 1 ? argv[1] : NULL);
  if (!groups) {
    fprintf(stderr, "usage: test_ppcfpu [base|sqrt|all|--self]\n");
    return 2;
  }
  fpvec_generate(groups, run, NULL);
  return 0;
}
