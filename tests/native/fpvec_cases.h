/*
 * fpvec_cases.h - the PowerPC FPU test vectors, shared by the program that runs them
 * on the reference (tests/native/fpvec.c, a PPC32 program under qemu-ppc) and the
 * host harness that runs them through the emulator (tests/unit/test_ppcfpu.c over
 * native/ppcfpu.c).  Both call fpvec_generate() and print each case with
 * fpvec_print(), so the two outputs are equal line for line when the emulator is
 * bit-exact; tests/native/test_fpu.sh diffs them.
 *
 * A case is one instruction word with its inputs.  Registers are fixed:
 *
 *   f1  frD / frS (preset to FPVEC_F1 unless a store reads it)
 *   f2  frA      f3  frB      f4  frC
 *   r5  rA (= the buffer + ra)      r6  rB (= rb, + the buffer when rb_addr)
 *   CR  FPVEC_CR before
 *
 * The FPSCR is set with mtfsf 0xff before each case (so VX and FEX follow from
 * the value, as the hardware computes them).  Memory is a 32-byte buffer: bytes
 * 0-7 and 16-31 a pattern, 8-15 the case's doubleword (big-endian).  Addresses are
 * printed as offsets from the buffer, so the two programs' buffers may differ.
 *
 * The cases are generated, not listed: special operands (signed zeros, denormals,
 * infinities, quiet and signalling NaNs with payloads, the single-precision limits,
 * halfway cases, the int32 limits), every pair or triple of them, and seeded
 * pseudo-random operands shaped to hit rounding (cancellation, alignment, ties,
 * fused products that nearly cancel), under all four rounding modes; the FPSCR
 * instructions over every field and bit; each load and store form.  Only integer
 * arithmetic builds them, so the PPC program (whose compiler would fuse a * b + c)
 * and the host make the same ones.
 *
 * Groups: FPVEC_BASE runs on qemu-ppc's default CPU (a 750); FPVEC_SQRT holds
 * fsqrt and fsqrts, which that CPU lacks (run it with qemu-ppc -cpu 7400).  Cases
 * that would trap under qemu-user (an exception bit with its enable set: qemu-user
 * always delivers SIGFPE, the emulator models MSR[FE0,FE1] = 0) are not made.
 */
#ifndef HWPROF_FPVEC_CASES_H
#define HWPROF_FPVEC_CASES_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define FPVEC_MEM 32                    /* the buffer's bytes */
#define FPVEC_F1  0x5A5A5A5A5A5A5A5Aull /* f1 before, when not an input */
#define FPVEC_CR  0x2468ACE1u           /* CR before */
#define FPVEC_PAD 0x3C3C3C3C3C3C3C3Cull /* f2-f4 when not inputs */

enum { FPVEC_BASE = 1, FPVEC_SQRT = 2 };

/* The groups a harness's argument names: base, sqrt, all (also when there is none);
 * 0 for anything else. */
static unsigned fpvec_groups(const char *arg) {
  if (!arg || !strcmp(arg, "all"))
    return FPVEC_BASE | FPVEC_SQRT;
  return !strcmp(arg, "base") ? FPVEC_BASE : !strcmp(arg, "sqrt") ? FPVEC_SQRT : 0;
}
enum { FK_ARITH, FK_LOAD, FK_STORE }; /* what fpvec_print shows */

typedef struct fpvec_case {
  const char *name;
  int kind;       /* FK_* */
  uint32_t insn;  /* the instruction word */
  uint32_t fpscr; /* FPSCR before */
  uint64_t f[4];  /* f1-f4 before */
  uint32_t ra;    /* r5 = buffer + ra */
  uint32_t rb;    /* r6 = rb (+ buffer when rb_addr) */
  int rb_addr;
  uint64_t mem; /* the doubleword at buffer + 8 */
} fpvec_case;

typedef struct fpvec_out {
  int illegal;    /* 1: refused (SIGILL, PPC_FPU_NOT_FP); > 1: another signal */
  uint64_t f1;    /* f1 after */
  uint32_t fpscr; /* FPSCR after */
  uint32_t cr;    /* CR after */
  uint32_t ra;    /* r5 after, less the buffer */
  uint8_t mem[FPVEC_MEM];
} fpvec_out;

/* The buffer before a case. */
static void fpvec_fill(const fpvec_case *c, uint8_t *m) {
  for (unsigned i = 0; i < FPVEC_MEM; i++)
    m[i] = (uint8_t)(0xA0 + i);
  for (unsigned i = 0; i < 8; i++)
    m[8 + i] = (uint8_t)(c->mem >> (56 - 8 * i));
}

static void fpvec_print(const fpvec_case *c, const fpvec_out *o) {
  printf("%-8s %08x fpscr=%08x f=%016llx,%016llx,%016llx,%016llx", c->name, (unsigned)c->insn,
         (unsigned)c->fpscr, (unsigned long long)c->f[0], (unsigned long long)c->f[1],
         (unsigned long long)c->f[2], (unsigned long long)c->f[3]);
  if (c->kind != FK_ARITH)
    printf(" ra=%x rb=%x%s mem=%016llx", (unsigned)c->ra, (unsigned)c->rb, c->rb_addr ? "+buf" : "",
           (unsigned long long)c->mem);
  if (o->illegal) { /* 1: an illegal instruction; else the signal that stopped it */
    if (o->illegal == 1)
      printf(" -> ILLEGAL\n");
    else
      printf(" -> SIGNAL %d\n", o->illegal);
    return;
  }
  printf(" -> f1=%016llx fpscr=%08x cr=%08x", (unsigned long long)o->f1, (unsigned)o->fpscr,
         (unsigned)o->cr);
  if (c->kind != FK_ARITH)
    printf(" ra=%x", (unsigned)o->ra);
  if (c->kind == FK_STORE) {
    printf(" mem=");
    for (unsigned i = 0; i < FPVEC_MEM; i++)
      printf("%02x", o->mem[i]);
  }
  printf("\n");
}

/* ------------------------------------------------------------------ encodings */

/* Primary opcode 63 (double) and 59 (single) A-forms, frD=1 frA=2 frB=3 frC=4. */
#define FV_A(op, a, b, c, xo)                                                                      \
  ((uint32_t)(op) << 26 | 1u << 21 | (a) << 16 | (b) << 11 | (c) << 6 | (xo) << 1)
#define FV_X(op, xo) ((uint32_t)(op) << 26 | (uint32_t)(xo) << 1)

/* The FPSCR's enable bits (VE OE UE ZE XE) and the exception bits they enable. */
#define FV_VE        0x80u
#define FV_VX_CAUSES 0x01F80700u /* VXSNAN..VXVC, VXSOFT, VXSQRT, VXCVI */

/* An FPSCR value qemu-user would trap on: an exception bit with its enable set. */
static int fpvec_traps(uint32_t s) {
  uint32_t vx = (s & FV_VX_CAUSES) != 0;
  return ((s >> 25) & (s >> 3) & 0xF) || (vx && (s & FV_VE)) || ((s >> 28) & (s >> 6) & 1);
}

/* ------------------------------------------------------------------ operands */

/* Double-precision operands with a meaning (see each comment). */
static const uint64_t fv_special[] = {
    0x0000000000000000ull, /* +0 */
    0x8000000000000000ull, /* -0 */
    0x0000000000000001ull, /* the least denormal */
    0x800FFFFFFFFFFFFFull, /* -(the greatest denormal) */
    0x0008000000000000ull, /* a denormal, half of the least normal */
    0x0010000000000000ull, /* the least normal */
    0x3FF0000000000000ull, /* 1 */
    0xBFF0000000000000ull, /* -1 */
    0x3FF8000000000000ull, /* 1.5 */
    0x4000000000000000ull, /* 2 */
    0x3FB999999999999Aull, /* 0.1 */
    0xC008000000000000ull, /* -3 */
    0x7E37E43C8800759Cull, /* 1e300 */
    0xFE37E43C8800759Cull, /* -1e300 */
    0x7FEFFFFFFFFFFFFFull, /* the greatest double */
    0x7FE0000000000000ull, /* 2^1023 */
    0x7FF0000000000000ull, /* +inf */
    0xFFF0000000000000ull, /* -inf */
    0x7FF8000000000000ull, /* the default QNaN */
    0xFFF8000000000123ull, /* a negative QNaN with a payload in the low bits */
    0x7FF4000000000000ull, /* an SNaN */
    0xFFF00000DEADBEEFull, /* a negative SNaN, payload in the low bits */
    0x47EFFFFFE0000000ull, /* the greatest single */
    0x47EFFFFFF0000000ull, /* ... and half a single ulp above it */
    0x3810000000000000ull, /* the least normal single */
    0x36A0000000000000ull, /* the least denormal single */
    0x36A8000000000000ull, /* 1.5 x the least denormal single (a tie) */
    0x3FF0000010000000ull, /* 1 + 2^-24: a single tie */
    0x3FF0000030000000ull, /* 1 + 3 x 2^-24: a single tie, odd below */
    0x3FF0000010000001ull, /* just above a single tie */
    0x41DFFFFFFFC00000ull, /* 2^31 - 1 */
    0x41DFFFFFFFE00000ull, /* 2^31 - 0.5 */
    0x41E0000000000000ull, /* 2^31 */
    0xC1E0000000000000ull, /* -2^31 */
    0xC1E0000000100000ull, /* -2^31 - 0.5 */
    0xC1E0000000200000ull, /* -2^31 - 1 */
    0x3FE0000000000000ull, /* 0.5 */
    0x4004000000000000ull, /* 2.5 */
    0xBFF8000000000000ull, /* -1.5 */
    0x41F0000000000000ull, /* 2^32 */
    0x3FDFFFFFFFFFFFFFull, /* the double below 0.5 */
    0x1FFFFFFFFF800000ull, /* (1 - 2^-30) 2^-511: its product with the next is tiny */
    0x2000000000400000ull, /* (1 + 2^-30) 2^-511   before rounding, not after */
    0x3BFFFFC000000000ull, /* (1 - 2^-15) 2^-63: the same for singles */
    0x3C00002000000000ull, /* (1 + 2^-15) 2^-63 */
};
#define FV_NSPECIAL (sizeof fv_special / sizeof fv_special[0])

/* A smaller set for the triples and the other rounding modes. */
static const uint64_t fv_small[] = {
    0x0000000000000000ull, 0x8000000000000000ull, 0x0000000000000001ull, 0x0010000000000000ull,
    0x3FF0000000000000ull, 0xBFF8000000000000ull, 0x3FB999999999999Aull, 0x7FEFFFFFFFFFFFFFull,
    0x7FF0000000000000ull, 0xFFF0000000000000ull, 0xFFF8000000000123ull, 0x7FF4000000000000ull,
    0x47EFFFFFF0000000ull, 0x36A8000000000000ull, 0x3FF0000010000000ull, 0x1FFFFFFFFF800000ull,
};
#define FV_NSMALL (sizeof fv_small / sizeof fv_small[0])

/* Single-precision bit patterns for lfs. */
static const uint32_t fv_singles[] = {
    0x00000000u, 0x80000000u, 0x00000001u, 0x807FFFFFu, 0x00400000u, 0x00800000u,
    0x3F800000u, 0xC0490FDBu, 0x7F7FFFFFu, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
    0xFFC00123u, 0x7F800001u, 0xFFA00000u, 0x3EAAAAABu,
};
#define FV_NSINGLES (sizeof fv_singles / sizeof fv_singles[0])

/* xorshift64: the same sequence on both sides. */
static uint64_t fv_next(uint64_t *s) {
  uint64_t x = *s;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *s = x;
}

/* A random double shaped for FP testing: exponents near the limits that matter
 * (denormals, the single range's ends, 2^31, the double range's end) and
 * mantissas that are random, single-exact, a single tie, or runs of ones. */
static uint64_t fv_random(uint64_t *s) {
  uint64_t r = fv_next(s), m = fv_next(s) & 0xFFFFFFFFFFFFFull;
  int e;
  unsigned pick = (unsigned)(r % 16), d = (unsigned)(r >> 8);
  switch (pick) {
  case 0: e = (int)(d % 3); break;                  /* denormals, the least normals */
  case 1: e = 2046 - (int)(d % 3); break;           /* the greatest */
  case 2: e = 1023 - 126 + (int)(d % 9) - 4; break; /* the least normal single */
  case 3: e = 1023 - 149 + (int)(d % 9) - 4; break; /* the least denormal single */
  case 4: e = 1023 + 127 + (int)(d % 5) - 2; break; /* the greatest single */
  case 5: e = 1023 + 31 + (int)(d % 5) - 3; break;  /* int32's ends */
  default: e = 1023 + (int)(d % 41) - 20; break;
  }
  switch ((r >> 24) % 6) {
  case 0: m &= ~0x1FFFFFFFull; break;                      /* single-exact */
  case 1: m = (m & ~0x1FFFFFFFull) | 0x10000000ull; break; /* a single tie */
  case 2: m = (m & ~0x1FFFFFFFull) | 0x10000000ull | ((r >> 40) & 1); break;
  case 3: m |= (1ull << (r >> 32) % 52) - 1; break; /* a run of ones */
  default: break;
  }
  return (uint64_t)((r >> 63) & 1) << 63 | (uint64_t)e << 52 | m;
}

/* A second operand related to the first: near its negation (cancellation), a
 * shifted copy (alignment), a single-exact value, or unrelated. */
static uint64_t fv_partner(uint64_t *s, uint64_t a) {
  uint64_t r = fv_next(s);
  switch (r % 4) {
  case 0: return (a ^ (1ull << 63)) + ((r >> 8) % 7) - 3; /* -a, a few ulps off */
  case 1: {
    int64_t e = (int64_t)((a >> 52) & 0x7FF) + (int64_t)((r >> 8) % 61) - 30;
    if (e < 1 || e > 2046)
      e = 1023;
    return ((a & 0x800FFFFFFFFFFFFFull) ^ ((r >> 20) & 0xFFFFFull)) | (uint64_t)e << 52;
  }
  case 2: return fv_random(s) & ~0x1FFFFFFFull;
  default: return fv_random(s);
  }
}

/* frB for a fused multiply-add: near -(frA x frC), so the sum cancels. */
static uint64_t fv_cancel(uint64_t *s, uint64_t a, uint64_t c) {
  int64_t ea = (int64_t)((a >> 52) & 0x7FF), ec = (int64_t)((c >> 52) & 0x7FF);
  if (ea == 0 || ec == 0 || ea == 0x7FF || ec == 0x7FF)
    return fv_random(s);
  /* the product's top 53 bits (the significands' 106-bit product, truncated) */
  uint64_t ma = (a & 0xFFFFFFFFFFFFFull) | 1ull << 52, mc = (c & 0xFFFFFFFFFFFFFull) | 1ull << 52;
  uint64_t al = ma & 0xFFFFFFFFu, ah = ma >> 32, cl = mc & 0xFFFFFFFFu, ch = mc >> 32;
  uint64_t ll = al * cl, lh = al * ch, hl = ah * cl, hh = ah * ch;
  uint64_t mid = (ll >> 32) + (lh & 0xFFFFFFFFu) + (hl & 0xFFFFFFFFu);
  uint64_t hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32); /* product >> 64 */
  uint64_t lo = (mid << 32) | (ll & 0xFFFFFFFFu);
  int64_t e = ea + ec - 1023;
  uint64_t top;   /* 53 bits */
  if (hi >> 41) { /* the product in [2, 4): bits 105-53 */
    top = hi << 11 | lo >> 53;
    e += 1;
  } else { /* in [1, 2): bits 104-52 */
    top = hi << 12 | lo >> 52;
  }
  top &= (1ull << 53) - 1;
  if (e < 1 || e > 2046)
    return fv_random(s);
  uint64_t r = fv_next(s);
  uint64_t b =
      ((a ^ c ^ (1ull << 63)) & (1ull << 63)) | (uint64_t)e << 52 | (top & 0xFFFFFFFFFFFFFull);
  return b + (r % 5) - 2;
}

/* ------------------------------------------------------------------ the generator */

typedef void fpvec_emit_fn(void *ctx, const fpvec_case *c);

typedef struct fv_gen {
  fpvec_emit_fn *emit;
  void *ctx;
} fv_gen;

static void fv_emit(const fv_gen *g, const char *name, int kind, uint32_t insn, uint32_t fpscr,
                    uint64_t f1, uint64_t a, uint64_t b, uint64_t c) {
  fpvec_case k = {name, kind, insn, fpscr, {f1, a, b, c}, 0, 0, 0, 0};
  if (!fpvec_traps(fpscr))
    g->emit(g->ctx, &k);
}

/* The arithmetic instructions: name, primary opcode, XO, and which of frA frB frC
 * they read. */
typedef struct fv_op {
  const char *name;
  unsigned op, xo;
  int a, b, c;
} fv_op;

static const fv_op fv_binary[] = {
    {"fadd", 63, 21, 1, 1, 0},  {"fsub", 63, 20, 1, 1, 0},  {"fmul", 63, 25, 1, 0, 1},
    {"fdiv", 63, 18, 1, 1, 0},  {"fadds", 59, 21, 1, 1, 0}, {"fsubs", 59, 20, 1, 1, 0},
    {"fmuls", 59, 25, 1, 0, 1}, {"fdivs", 59, 18, 1, 1, 0},
};
static const fv_op fv_fused[] = {
    {"fmadd", 63, 29, 1, 1, 1},   {"fmsub", 63, 28, 1, 1, 1},   {"fnmadd", 63, 31, 1, 1, 1},
    {"fnmsub", 63, 30, 1, 1, 1},  {"fmadds", 59, 29, 1, 1, 1},  {"fmsubs", 59, 28, 1, 1, 1},
    {"fnmadds", 59, 31, 1, 1, 1}, {"fnmsubs", 59, 30, 1, 1, 1},
};
/* One operand, in frB: XO is the 10-bit X-form one for opcode 63's moves. */
static const fv_op fv_unary[] = {
    {"frsp", 63, 12 << 1, 0, 1, 0},    {"fctiw", 63, 14 << 1, 0, 1, 0},
    {"fctiwz", 63, 15 << 1, 0, 1, 0},  {"fres", 59, 24 << 1, 0, 1, 0},
    {"frsqrte", 63, 26 << 1, 0, 1, 0}, {"fneg", 63, 40 << 1, 0, 1, 0},
    {"fmr", 63, 72 << 1, 0, 1, 0},     {"fnabs", 63, 136 << 1, 0, 1, 0},
    {"fabs", 63, 264 << 1, 0, 1, 0},
};
static const fv_op fv_sqrt[] = {
    {"fsqrt", 63, 22 << 1, 0, 1, 0},
    {"fsqrts", 59, 22 << 1, 0, 1, 0},
};
#define FV_N(t) (sizeof t / sizeof t[0])

/* The word for op with Rc; unary XOs are stored pre-shifted (the X-form's 10 bits). */
static uint32_t fv_word(const fv_op *o, int unary, unsigned rc) {
  if (unary)
    return (uint32_t)o->op << 26 | 1u << 21 | 3u << 11 | o->xo | rc;
  return FV_A(o->op, o->a ? 2u : 0u, o->b ? 3u : 0u, o->c ? 4u : 0u, o->xo) | rc;
}

static void fv_arith2(const fv_gen *g, const fv_op *o, uint32_t fpscr, uint64_t x, uint64_t y,
                      unsigned rc) {
  /* fmul reads frA and frC: the pair goes to whichever two it reads */
  uint64_t b = o->b ? y : FPVEC_PAD, c = o->c ? y : FPVEC_PAD;
  fv_emit(g, o->name, FK_ARITH, fv_word(o, 0, rc), fpscr, FPVEC_F1, x, b, c);
}

static void fv_gen_arith(const fv_gen *g) {
  uint64_t s = 0x9E3779B97F4A7C15ull;
  for (unsigned k = 0; k < FV_N(fv_binary); k++) {
    const fv_op *o = &fv_binary[k];
    for (unsigned i = 0; i < FV_NSPECIAL; i++)
      for (unsigned j = 0; j < FV_NSPECIAL; j++)
        fv_arith2(g, o, 0, fv_special[i], fv_special[j], 0);
    for (unsigned rn = 1; rn < 4; rn++)
      for (unsigned i = 0; i < FV_NSMALL; i++)
        for (unsigned j = 0; j < FV_NSMALL; j++)
          fv_arith2(g, o, rn, fv_small[i], fv_small[j], 0);
    /* non-IEEE mode (NI): no effect on qemu-ppc, denormals included */
    for (unsigned i = 0; i < FV_NSMALL; i += 2)
      for (unsigned j = 0; j < FV_NSMALL; j++)
        fv_arith2(g, o, 0x4u | (j & 3), fv_small[i], fv_small[j], 0);
    for (unsigned rn = 0; rn < 4; rn++)
      for (unsigned i = 0; i < 300; i++) {
        uint64_t x = fv_random(&s);
        fv_arith2(g, o, rn, x, fv_partner(&s, x), 0);
      }
    /* Rc = 1, and sticky bits, FR, FI and FPRF set before */
    for (unsigned i = 0; i < FV_NSMALL; i++) {
      fv_arith2(g, o, 0, fv_small[i], fv_small[(i * 5 + 3) % FV_NSMALL], 1);
      fv_arith2(g, o, 0x9E07F000u | (i & 3), fv_small[i], fv_small[(i * 7 + 1) % FV_NSMALL], i & 1);
    }
  }
  for (unsigned k = 0; k < FV_N(fv_fused); k++) {
    const fv_op *o = &fv_fused[k];
    uint32_t w = fv_word(o, 0, 0);
    for (unsigned i = 0; i < FV_NSMALL; i++)
      for (unsigned j = 0; j < FV_NSMALL; j++)
        for (unsigned l = 0; l < FV_NSMALL; l++)
          fv_emit(g, o->name, FK_ARITH, w, 0, FPVEC_F1, fv_small[i], fv_small[j], fv_small[l]);
    for (unsigned rn = 0; rn < 4; rn++)
      for (unsigned i = 0; i < 300; i++) {
        uint64_t a = fv_random(&s), c = fv_random(&s);
        uint64_t b = i % 3 ? fv_cancel(&s, a, c) : fv_partner(&s, a);
        fv_emit(g, o->name, FK_ARITH, w | (i % 17 == 0), rn, FPVEC_F1, a, b, c);
      }
    for (unsigned rn = 1; rn < 4; rn++)
      for (unsigned i = 0; i < 6; i++)
        for (unsigned j = 0; j < 6; j++)
          for (unsigned l = 0; l < 6; l++)
            fv_emit(g, o->name, FK_ARITH, w, rn, FPVEC_F1, fv_small[i * 2], fv_small[j * 2 + 1],
                    fv_small[l + 4]);
  }
  for (unsigned k = 0; k < FV_N(fv_unary); k++) {
    const fv_op *o = &fv_unary[k];
    uint32_t w = fv_word(o, 1, 0);
    for (unsigned rn = 0; rn < 4; rn++) {
      for (unsigned i = 0; i < FV_NSPECIAL; i++)
        fv_emit(g, o->name, FK_ARITH, w | (i % 5 == 0), rn, FPVEC_F1, FPVEC_PAD, fv_special[i],
                FPVEC_PAD);
      for (unsigned i = 0; i < 150; i++)
        fv_emit(g, o->name, FK_ARITH, w, rn, FPVEC_F1, FPVEC_PAD, fv_random(&s), FPVEC_PAD);
    }
    for (unsigned i = 0; i < FV_NSMALL; i++)
      fv_emit(g, o->name, FK_ARITH, w | 1, 0x9E07F000u | (i & 3), FPVEC_F1, FPVEC_PAD, fv_small[i],
              FPVEC_PAD);
  }
  /* fsel: frA against zero picks frC or frB; it changes no FPSCR bit */
  for (unsigned i = 0; i < FV_NSPECIAL; i++)
    fv_emit(g, "fsel", FK_ARITH, FV_A(63, 2u, 3u, 4u, 23) | (i & 1), 0x9E07F000u, FPVEC_F1,
            fv_special[i], 0x7FF4000000000001ull, 0x3FF0000000000002ull);
  /* the compares, into each CR field */
  for (unsigned o = 0; o < 2; o++)
    for (unsigned i = 0; i < FV_NSPECIAL; i++)
      for (unsigned j = 0; j < FV_NSPECIAL; j++) {
        unsigned bf = (i + j) & 7;
        uint32_t w = 63u << 26 | bf << 23 | 2u << 16 | 3u << 11 | (o ? 32u : 0u) << 1;
        fv_emit(g, o ? "fcmpo" : "fcmpu", FK_ARITH, w, (i & 1) ? 0x9E07F000u : 0, FPVEC_F1,
                fv_special[i], fv_special[j], FPVEC_PAD);
      }
}

static void fv_gen_sqrt(const fv_gen *g) {
  uint64_t s = 0xD1B54A32D192ED03ull;
  for (unsigned k = 0; k < FV_N(fv_sqrt); k++) {
    const fv_op *o = &fv_sqrt[k];
    uint32_t w = fv_word(o, 1, 0);
    for (unsigned rn = 0; rn < 4; rn++) {
      for (unsigned i = 0; i < FV_NSPECIAL; i++)
        fv_emit(g, o->name, FK_ARITH, w | (i % 5 == 0), rn, FPVEC_F1, FPVEC_PAD, fv_special[i],
                FPVEC_PAD);
      for (unsigned i = 0; i < 400; i++)
        fv_emit(g, o->name, FK_ARITH, w, rn, FPVEC_F1, FPVEC_PAD, fv_random(&s) & ~(1ull << 63),
                FPVEC_PAD);
    }
  }
}

/* The FPSCR instructions: mffs, mtfsf, mtfsfi, mtfsb0, mtfsb1, mcrfs. */
static const uint32_t fv_fpscr_in[] = {0,           3,           0x9E07F002u, 0x9FFFFF07u,
                                       0x000000F9u, 0x01F80000u, 0x00000104u};
static const uint64_t fv_mtfsf_val[] = {
    0,
    0xFFFFFF07ull,
    0xFFFFFFFFull,
    0x000000FFull,
    0x60000000ull,
    0x00000800ull,
    0x0001F000ull,
    0x00060000ull,
    0x01000000ull,
    0xDEADBEEF02000001ull,
    0x80000000ull,
};

static void fv_gen_fpscr(const fv_gen *g) {
  for (unsigned i = 0; i < FV_N(fv_fpscr_in); i++)
    for (unsigned rc = 0; rc < 2; rc++)
      fv_emit(g, "mffs", FK_ARITH, FV_X(63, 583) | 1u << 21 | rc, fv_fpscr_in[i], FPVEC_F1,
              FPVEC_PAD, FPVEC_PAD, FPVEC_PAD);
  static const unsigned fms[] = {0xFF, 0x01, 0x02, 0x40, 0x80, 0x0F, 0xF0, 0x55, 0xAA, 0x00};
  for (unsigned i = 0; i < FV_N(fv_fpscr_in); i++)
    for (unsigned m = 0; m < FV_N(fms); m++)
      for (unsigned v = 0; v < FV_N(fv_mtfsf_val); v++) {
        uint32_t s = fv_fpscr_in[i], mask = 0, val = (uint32_t)fv_mtfsf_val[v];
        for (unsigned n = 0; n < 8; n++)
          if (fms[m] & (1u << n))
            mask |= 0xFu << (4 * n);
        if (fpvec_traps((s & ~mask) | (val & mask)))
          continue;
        uint32_t w = FV_X(63, 711) | fms[m] << 17 | 3u << 11 | ((i + v) & 1);
        fv_emit(g, "mtfsf", FK_ARITH, w, s, FPVEC_F1, FPVEC_PAD, fv_mtfsf_val[v], FPVEC_PAD);
      }
  /* the L bit (all fields on a pre-2.05 CPU) and the W bit (refused there) */
  fv_emit(g, "mtfsf", FK_ARITH, FV_X(63, 711) | 1u << 25 | 3u << 11, 0x9E07F002u, FPVEC_F1,
          FPVEC_PAD, 0x00000005ull, FPVEC_PAD);
  fv_emit(g, "mtfsf", FK_ARITH, FV_X(63, 711) | 1u << 16 | 0xFFu << 17 | 3u << 11, 0, FPVEC_F1,
          FPVEC_PAD, 0x00000005ull, FPVEC_PAD);
  static const unsigned imms[] = {0x0, 0xF, 0x5, 0xA, 0x8, 0x1, 0x6};
  for (unsigned i = 0; i < FV_N(fv_fpscr_in); i++)
    for (unsigned bf = 0; bf < 8; bf++)
      for (unsigned k = 0; k < FV_N(imms); k++) {
        uint32_t s = fv_fpscr_in[i], sh = 4 * (7 - bf);
        if (fpvec_traps((s & ~(0xFu << sh)) | imms[k] << sh))
          continue;
        uint32_t w = FV_X(63, 134) | bf << 23 | imms[k] << 12 | (k & 1);
        fv_emit(g, "mtfsfi", FK_ARITH, w, s, FPVEC_F1, FPVEC_PAD, FPVEC_PAD, FPVEC_PAD);
      }
  for (unsigned i = 0; i < FV_N(fv_fpscr_in); i++)
    for (unsigned bt = 0; bt < 32; bt++)
      for (unsigned one = 0; one < 2; one++) {
        uint32_t s = fv_fpscr_in[i];
        if (one && fpvec_traps(s | 1u << (31 - bt)))
          continue;
        uint32_t w = FV_X(63, one ? 38 : 70) | bt << 21 | (bt & 1);
        fv_emit(g, one ? "mtfsb1" : "mtfsb0", FK_ARITH, w, s, FPVEC_F1, FPVEC_PAD, FPVEC_PAD,
                FPVEC_PAD);
      }
  for (unsigned i = 0; i < FV_N(fv_fpscr_in); i++)
    for (unsigned bfa = 0; bfa < 8; bfa++)
      for (unsigned bf = 0; bf < 8; bf += 3)
        fv_emit(g, "mcrfs", FK_ARITH, FV_X(63, 64) | bf << 23 | bfa << 18, fv_fpscr_in[i], FPVEC_F1,
                FPVEC_PAD, FPVEC_PAD, FPVEC_PAD);
}

/* Loads and stores: the D-forms (rA = r5) and X-forms (rA = r5, rB = r6). */
static void fv_mem(const fv_gen *g, const char *name, int kind, uint32_t insn, uint64_t f1,
                   uint32_t ra, uint32_t rb, int rb_addr, uint64_t mem) {
  fpvec_case k = {name, kind, insn, 0, {f1, FPVEC_PAD, FPVEC_PAD, FPVEC_PAD}, ra, rb, rb_addr, mem};
  g->emit(g->ctx, &k);
}

static void fv_gen_mem(const fv_gen *g) {
  static const struct {
    const char *name;
    unsigned op, xo; /* D-form primary opcode; X-form XO under opcode 31 */
    int store, dbl, update;
  } forms[] = {
      {"lfs", 48, 0, 0, 0, 0},      {"lfsu", 49, 0, 0, 0, 1},     {"lfd", 50, 0, 0, 1, 0},
      {"lfdu", 51, 0, 0, 1, 1},     {"stfs", 52, 0, 1, 0, 0},     {"stfsu", 53, 0, 1, 0, 1},
      {"stfd", 54, 0, 1, 1, 0},     {"stfdu", 55, 0, 1, 1, 1},    {"lfsx", 31, 535, 0, 0, 0},
      {"lfsux", 31, 567, 0, 0, 1},  {"lfdx", 31, 599, 0, 1, 0},   {"lfdux", 31, 631, 0, 1, 1},
      {"stfsx", 31, 663, 1, 0, 0},  {"stfsux", 31, 695, 1, 0, 1}, {"stfdx", 31, 727, 1, 1, 0},
      {"stfdux", 31, 759, 1, 1, 1}, {"stfiwx", 31, 983, 1, 1, 0},
  };
  for (unsigned k = 0; k < FV_N(forms); k++) {
    int x = forms[k].op == 31, kind = forms[k].store ? FK_STORE : FK_LOAD;
    uint32_t base = forms[k].op << 26 | 1u << 21 | 5u << 16;
    uint32_t xw = base | 6u << 11 | forms[k].xo << 1;
    unsigned nv = forms[k].store || forms[k].dbl ? FV_NSPECIAL : FV_NSINGLES;
    for (unsigned i = 0; i < nv; i++) {
      uint64_t v = forms[k].store || forms[k].dbl ? fv_special[i]
                                                  : (uint64_t)fv_singles[i] << 32 | 0x11223344u;
      uint64_t f1 = forms[k].store ? v : FPVEC_F1;
      /* EA = buffer + 8, three ways: d or rB positive, negative, and rA + 0 */
      uint32_t ra = (i % 3) * 8, off = 8 - ra;
      if (x)
        fv_mem(g, forms[k].name, kind, xw, f1, ra, off, 0, v);
      else
        fv_mem(g, forms[k].name, kind, base | (off & 0xFFFF), f1, ra, 0, 0, v);
    }
    /* a misaligned doubleword or word, and a negative displacement */
    uint64_t v = 0x0123456789ABCDEFull;
    if (x) {
      fv_mem(g, forms[k].name, kind, xw, v, 4, 8, 0, v);
      fv_mem(g, forms[k].name, kind, xw, v, 24, (uint32_t)-14, 0, v);
    } else {
      fv_mem(g, forms[k].name, kind, base | 4, v, 6, 0, 0, v);
      fv_mem(g, forms[k].name, kind, base | 0xFFF2, v, 24, 0, 0, v);
    }
    /* rA = 0: EA = rB for the X-forms; the update forms are invalid */
    if (x)
      fv_mem(g, forms[k].name, kind, (xw & ~(31u << 16)), 0x3FF0000000000000ull, 0, 8, 1, v);
    else if (forms[k].update)
      fv_mem(g, forms[k].name, kind, (base & ~(31u << 16)) | 8, v, 0, 0, 0, v);
    /* the X-forms' Rc bit: qemu-ppc ignores it, but for stfiwx's */
    if (x)
      fv_mem(g, forms[k].name, kind, xw | 1, v, 0, 8, 0, v);
  }
}

/* Reserved fields set: qemu refuses these as illegal instructions. */
static void fv_gen_reserved(const fv_gen *g) {
  static const uint32_t words[] = {
      FV_A(63, 2u, 3u, 4u, 21),                              /* fadd with frC */
      FV_A(59, 2u, 3u, 4u, 18),                              /* fdivs with frC */
      FV_A(63, 2u, 3u, 4u, 25),                              /* fmul with frB */
      FV_A(59, 2u, 3u, 0u, 24),                              /* fres with frA */
      FV_A(63, 0u, 3u, 4u, 26),                              /* frsqrte with frC */
      63u << 26 | 1u << 21 | 2u << 16 | 3u << 11 | 12u << 1, /* frsp with frA */
      63u << 26 | 1u << 21 | 2u << 16 | 3u << 11 | 72u << 1, /* fmr with frA */
      63u << 26 | 1u << 23 | 2u << 16 | 3u << 11 | 1,        /* fcmpu with Rc */
      63u << 26 | 1u << 22 | 2u << 16 | 3u << 11,            /* fcmpu with bit 9 */
      FV_X(63, 583) | 1u << 21 | 3u << 11,                   /* mffs with frB (ignored) */
      FV_X(63, 583) | 1u << 21 | 1u << 16,                   /* mffs with frA (mffsce) */
      FV_X(63, 583) | 1u << 21 | 24u << 16,                  /* mffs with frA (mffsl) */
      FV_X(63, 38) | 3u << 21 | 1u << 11,                    /* mtfsb1 with bit 20 */
      FV_X(63, 134) | 1u << 23 | 1u << 11,                   /* mtfsfi with bit 20 */
      FV_X(63, 64) | 1u << 23 | 2u << 18 | 1,                /* mcrfs with Rc */
      FV_A(59, 2u, 3u, 0u, 26),                              /* frsqrtes (POWER7) */
      FV_X(63, 814) | 1u << 21 | 3u << 11,                   /* fctid (64-bit) */
      FV_X(63, 846) | 1u << 21 | 3u << 11,                   /* fcfid (64-bit) */
      FV_A(59, 2u, 3u, 4u, 23),                              /* opcode 59 XO 23 */
  };
  for (unsigned i = 0; i < FV_N(words); i++)
    fv_emit(g, "reserved", FK_ARITH, words[i], 0, FPVEC_F1, 0x3FF0000000000000ull,
            0x4000000000000000ull, 0x4008000000000000ull);
}

/* Every case of the groups in mask, in a fixed order. */
static void fpvec_generate(unsigned groups, fpvec_emit_fn *emit, void *ctx) {
  fv_gen g = {emit, ctx};
  if (groups & FPVEC_BASE) {
    fv_gen_mem(&g);
    fv_gen_fpscr(&g);
    fv_gen_arith(&g);
    fv_gen_reserved(&g);
  }
  if (groups & FPVEC_SQRT)
    fv_gen_sqrt(&g);
}

#endif
