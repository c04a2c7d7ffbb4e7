/*
 * ppcfpu.c - the PowerPC FPU in software, as a PPC405 Linux kernel's math
 * emulation provides it: the 405 has no FPU, so every FP instruction of a program
 * built -mhard-float (static glibc for PPC32 has them too) raises a program
 * exception, and the board's exception hook calls ppc_fpu_exec with the word.
 *
 * What it covers: the classic 32-bit FPU.  Loads and stores lfs lfsu lfd lfdu stfs
 * stfsu stfd stfdu (D-form), lfsx lfsux lfdx lfdux stfsx stfsux stfdx stfdux stfiwx
 * (X-form, opcode 31); opcode 63: fcmpu fcmpo frsp fctiw fctiwz fdiv fsub fadd
 * fsqrt fsel fmul fre frsqrte fmsub fmadd fnmsub fnmadd fneg fmr fnabs fabs mffs
 * mtfsf mtfsfi mtfsb0 mtfsb1 mcrfs; opcode 59: fdivs fsubs fadds fsqrts fres fmuls
 * fmsubs fmadds fnmsubs fnmadds.  The 64-bit conversions (fctid, fctidz, fcfid) are
 * refused, as qemu-ppc's 32-bit CPUs refuse them, and so is every reserved field
 * qemu-ppc checks.
 *
 * Bit-exact with qemu-ppc (7.2, Debian 12; its default CPU, a 750, and the 7400 for
 * fsqrt and fsqrts, which the 750 lacks) in every result, FPSCR bit and CR bit:
 * tests/native/test_fpu.sh runs ~98,000 cases through both.  fre is the exception:
 * no 32-bit CPU of qemu-ppc has it, so it follows qemu's helper unchecked.
 *
 * How: the host's IEEE arithmetic (<fenv.h>: the FPSCR's rounding mode around each
 * operation, its flags after) for the numbers, and the PowerPC rules by hand for
 * everything the host would get wrong:
 *
 *   - NaNs never reach the host (an x86 makes a negative default NaN): the first
 *     NaN operand in PowerPC order (frA, frB, frC) is the result, quieted; an
 *     invalid operation gives the default QNaN 0x7FF8000000000000.
 *   - Single-precision instructions round once.  The operation runs in double
 *     precision rounding toward zero with the inexact bit ORed into the last place
 *     (round to odd), then converts to single in the program's mode: rounding to
 *     53 bits by odd and then to 24 is the same as rounding to 24 directly, fused
 *     multiply-adds and operands that are not singles included.
 *   - Underflow is detected before rounding (the architecture's and qemu's rule;
 *     an x86 detects it after): a result rounded up to the least normal is
 *     checked against the exact value.
 *   - Zero divide, inf - inf, inf / inf, 0 / 0, inf x 0, sqrt of a negative, the
 *     ordered compare of a NaN, and conversions out of int32's range or of a NaN
 *     are caught before the host sees them and set their VX bits.
 *
 * qemu-ppc's ways that are not the architecture's, followed because qemu is the
 * reference:
 *   - FR is never set by arithmetic (only by mtfsf, mtfsfi, mtfsb1); zero divide
 *     and the invalid operations other than VXSNAN and VXVC clear it.
 *   - FPRF classifies a single-precision result as the double it is stored as (a
 *     single denormal reads as normal); fcmpo of a NaN and fctiw's VXCVI set C
 *     beside FU.
 *   - A single-precision NaN result keeps only a single's payload (the low 29
 *     bits clear).
 *   - fctiw and fctiwz sign-extend the word into the high half (a NaN gives
 *     0x0000000080000000).
 *   - fres and fre are 1/x correctly rounded, frsqrte is sqrt then 1/x (two
 *     roundings), not estimates; fres and fre of +-0 give +-0.5 with ZX.
 *   - fnmadd and fnmsub round the negated value (the architecture rounds, then
 *     negates: the two differ toward +inf and -inf).
 *   - mffs's high word is 0; mtfsf, mtfsfi and mtfsb1 do not set FX for an
 *     exception bit they set.
 *
 * Not modelled:
 *   - Enabled exceptions (VE, OE, UE, ZE, XE = 1) set FEX but never trap, as a
 *     Linux program runs by default (MSR[FE0,FE1] = 0, prctl PR_FP_EXC_DISABLED),
 *     and the result is the disabled one: the architecture's untouched target for
 *     an enabled invalid operation or zero divide and its scaled result for an
 *     enabled overflow or underflow are not modelled (qemu-user traps instead).
 *   - Non-IEEE mode: NI is kept in the FPSCR and ignored (so does qemu).
 *
 * The host's rounding mode and flags are saved and restored around each
 * instruction.  Built with -frounding-math (native.mk); the host operations also
 * go through volatiles so that no compiler folds them across fesetround.
 */
#include "ppcfpu.h"

#include <fenv.h>
#include <math.h>
#include <string.h>

#include "../firmware/fpcost.h"

/* ------------------------------------------------------------------ fields */

/* The instruction's fields, in the order the ISA writes them (bit 0 the MSB). */
#define OPCD(w) ((w) >> 26)
#define FRT(w)  (((w) >> 21) & 31) /* frD, frS; BT of mtfsb0/mtfsb1 */
#define FRA(w)  (((w) >> 16) & 31) /* frA; rA of the loads and stores */
#define FRB(w)  (((w) >> 11) & 31) /* frB; rB */
#define FRC(w)  (((w) >> 6) & 31)
#define XO5(w)  (((w) >> 1) & 31)    /* A-form */
#define XO10(w) (((w) >> 1) & 0x3FF) /* X-form */
#define RC(w)   ((w)&1)
#define BF(w)   (((w) >> 23) & 7)    /* crfD */
#define BFA(w)  (((w) >> 18) & 7)    /* crfS */
#define FLM(w)  (((w) >> 17) & 0xFF) /* mtfsf's field mask */
#define L(w)    (((w) >> 25) & 1)    /* mtfsf: all fields */
#define W(w)    (((w) >> 16) & 1)    /* mtfsf, mtfsfi: the upper word (ISA 2.05) */
#define IMM(w)  (((w) >> 12) & 15)   /* mtfsfi */
#define D(w)    ((uint32_t)(int32_t)(int16_t)((w)&0xFFFF))

/* Reserved fields qemu-ppc refuses an instruction for. */
#define RSV_FRA  0x001F0000u
#define RSV_FRB  0x0000F800u
#define RSV_FRC  0x000007C0u
#define RSV_RC   0x00000001u
#define RSV_CMP  0x00600001u /* fcmpu, fcmpo: bits 9-10, Rc */
#define RSV_BT   0x001FF800u /* mtfsb0, mtfsb1: bits 11-20 */
#define RSV_FSFI 0x006E0800u /* mtfsfi: bits 9-10, 12-14, 20 */
#define RSV_FS   0x0063F801u /* mcrfs: bits 9-10, 14-20, Rc */

/* The FPSCR's names, short. */
#define FX         PPC_FPSCR_FX
#define FEX        PPC_FPSCR_FEX
#define VX         PPC_FPSCR_VX
#define OX         PPC_FPSCR_OX
#define UX         PPC_FPSCR_UX
#define ZX         PPC_FPSCR_ZX
#define XX         PPC_FPSCR_XX
#define VXSNAN     PPC_FPSCR_VXSNAN
#define VXISI      PPC_FPSCR_VXISI
#define VXIDI      PPC_FPSCR_VXIDI
#define VXZDZ      PPC_FPSCR_VXZDZ
#define VXIMZ      PPC_FPSCR_VXIMZ
#define VXVC       PPC_FPSCR_VXVC
#define FR         PPC_FPSCR_FR
#define FI         PPC_FPSCR_FI
#define FPRF       PPC_FPSCR_FPRF
#define FPCC       PPC_FPSCR_FPCC
#define FP_C       PPC_FPSCR_C
#define FP_FU      0x00001000u
#define VXSQRT     PPC_FPSCR_VXSQRT
#define VXCVI      PPC_FPSCR_VXCVI
#define VE         PPC_FPSCR_VE
#define OE         PPC_FPSCR_OE
#define UE         PPC_FPSCR_UE
#define ZE         PPC_FPSCR_ZE
#define XE         PPC_FPSCR_XE
#define NI         PPC_FPSCR_NI
#define RN         PPC_FPSCR_RN
#define VX_ALL     0x01F80700u /* the VX causes: VXSNAN..VXVC, VXSOFT, VXSQRT, VXCVI */
/* What mcrfs clears in the field it copies: the exception bits (FEX and VX follow). */
#define EX_CLEAR   (FX | OX | UX | ZX | XX | VX_ALL)
/* Bits the mt* instructions cannot set: FEX and VX are summaries, bit 20 (0x800)
 * is reserved. */
#define MTFS_FIXED (FEX | VX | 0x800u)

/* ------------------------------------------------------------------ doubles */

#define SIGN  0x8000000000000000ull
#define EXPO  0x7FF0000000000000ull
#define FRAC  0x000FFFFFFFFFFFFFull
#define QUIET 0x0008000000000000ull
#define DNAN  0x7FF8000000000000ull /* the default QNaN */
#define ONE   0x3FF0000000000000ull
#define HALF  0x3FE0000000000000ull
#define LOW29 0x1FFFFFFFull         /* the fraction bits a single lacks */
#define MIN64 0x0010000000000000ull /* the least normal double */
#define MIN32 0x3810000000000000ull /* the least normal single, 2^-126 */

static int is_nan(uint64_t x) {
  return (x & ~SIGN) > EXPO;
}
static int is_snan(uint64_t x) {
  return is_nan(x) && !(x & QUIET);
}
static int is_inf(uint64_t x) {
  return (x & ~SIGN) == EXPO;
}
static int is_zero(uint64_t x) {
  return !(x & ~SIGN);
}
static int is_neg(uint64_t x) {
  return (int)(x >> 63);
}
static double as_d(uint64_t x) {
  double v;
  memcpy(&v, &x, 8);
  return v;
}
static uint64_t d_bits(double v) {
  uint64_t x;
  memcpy(&x, &v, 8);
  return x;
}

/* A NaN operand as a result: quieted, and for a single-precision instruction
 * with a single's payload only (qemu-ppc rounds the NaN's fraction to 23 bits). */
static uint64_t nan_result(uint64_t x, int single) {
  x |= QUIET;
  return single ? x & ~LOW29 : x;
}

/* The architecture's DOUBLE (lfs): exact, an SNaN stays signalling. */
static uint64_t single_to_double(uint32_t s) {
  uint64_t sign = (uint64_t)(s >> 31) << 63;
  int e = (int)((s >> 23) & 0xFF);
  uint64_t m = s & 0x7FFFFFu;
  if (e == 0xFF)
    return sign | EXPO | m << 29;
  if (e)
    return sign | (uint64_t)(e - 127 + 1023) << 52 | m << 29;
  if (!m)
    return sign;
  e = 1; /* a denormal: normalize it, 2^-126 x 0.m */
  while (!(m & 0x800000u)) {
    m <<= 1;
    e--;
  }
  return sign | (uint64_t)(e - 127 + 1023) << 52 | (m & 0x7FFFFFu) << 29;
}

/* The architecture's SINGLE (stfs): truncating, no rounding and no exceptions; a
 * value outside the single range keeps the exponent's low bits (qemu-ppc's
 * helper_tosingle: the architecture leaves it undefined). */
static uint32_t double_to_single(uint64_t d) {
  int e = (int)((d >> 52) & 0x7FF);
  if (e > 896) /* a normal single, an infinity or a NaN */
    return (uint32_t)((d >> 62) & 3) << 30 | (uint32_t)((d >> 29) & 0x3FFFFFFFu);
  uint32_t r = (uint32_t)(d >> 63) << 31;
  if (e >= 874) /* a single denormal: 2^-126 x 0.f */
    r |= (uint32_t)(((1ull << 52) | (d & FRAC)) >> (896 + 30 - e));
  return r;
}

/* ------------------------------------------------------------------ the host */

/* Rounding: FPSCR[RN] 0 nearest, 1 toward zero, 2 toward +inf, 3 toward -inf. */
enum { RN_NEAR, RN_ZERO, RN_UP, RN_DOWN };
static const int host_mode[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
static const unsigned mirror[4] = {RN_NEAR, RN_ZERO, RN_DOWN, RN_UP}; /* round(-x) = -round'(x) */

/* What an operation raised.  fl: the rounding's flags (the host's, corrected);
 * vx: the invalid-operation causes (VXSNAN ... VXCVI). */
enum { FL_INEXACT = 1, FL_UNDERFLOW = 2, FL_OVERFLOW = 4, FL_DIVZERO = 8 };
typedef struct raised {
  int fl;
  uint32_t vx;
} raised;

static void host_start(unsigned rn) {
  fesetround(host_mode[rn & 3]);
  feclearexcept(FE_ALL_EXCEPT);
}

static int host_flags(void) {
  int e = fetestexcept(FE_INEXACT | FE_UNDERFLOW | FE_OVERFLOW | FE_DIVBYZERO);
  return (e & FE_INEXACT ? FL_INEXACT : 0) | (e & FE_UNDERFLOW ? FL_UNDERFLOW : 0) |
         (e & FE_OVERFLOW ? FL_OVERFLOW : 0) | (e & FE_DIVBYZERO ? FL_DIVZERO : 0);
}

enum { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_SQRT, OP_FMA, OP_COPY };

/* op in the host's current mode: x + y, x - y, x y, x / y, sqrt(x), x y + z, x.
 * The volatiles keep the operation between the fesetround before and the
 * fetestexcept after. */
static double host_op(int op, uint64_t a, uint64_t b, uint64_t c) {
  volatile double x = as_d(a), y = as_d(b), z = as_d(c), r;
  switch (op) {
  case OP_ADD: r = x + y; break;
  case OP_SUB: r = x - y; break;
  case OP_MUL: r = x * y; break;
  case OP_DIV: r = x / y; break;
  case OP_SQRT: r = sqrt(x); break;
  case OP_FMA: r = fma(x, y, z); break;
  default: r = x; break;
  }
  return r;
}

/* op's exact result rounded once in mode rn: to a double, or (single) to a single
 * returned as the double it is.  The operands are numbers and the operation is
 * valid (no NaN, no invalid operation: the callers take those first).  The
 * rounding's flags go to *fl, underflow detected before rounding.
 *
 * A single: the double operation rounds toward zero and ORs its inexact bit into
 * the last place (round to odd), so that 29 bits below the single's last place
 * keep the sticky bit, and the conversion to single rounds once, in mode rn, with
 * the right flags (overflow of the single range included).  An exact zero is
 * recomputed in mode rn, where its sign (x - x is -0 toward -inf) is decided. */
static uint64_t rounded(int op, uint64_t a, uint64_t b, uint64_t c, int single, unsigned rn,
                        int *fl) {
  uint64_t r, exact; /* exact: rounded toward zero (its magnitude below the exact one) */
  int f;
  if (!single) {
    host_start(rn);
    r = d_bits(host_op(op, a, b, c));
    f = host_flags();
    exact = 0;
    if ((f & FL_INEXACT) && !(f & FL_UNDERFLOW) && (r & ~SIGN) == MIN64) {
      host_start(RN_ZERO);
      exact = d_bits(host_op(op, a, b, c));
    }
  } else {
    host_start(RN_ZERO);
    uint64_t odd = d_bits(host_op(op, a, b, c));
    int first = host_flags();
    if (first & FL_INEXACT)
      odd |= 1;
    else if (is_zero(odd)) {
      host_start(rn);
      odd = d_bits(host_op(op, a, b, c));
    }
    host_start(rn);
    volatile double d = as_d(odd);
    volatile float s = (float)d;
    f = host_flags() | (first & FL_DIVZERO);
    r = d_bits((double)s);
    exact = odd; /* below 2^-126 exactly when the exact value is */
  }
  /* Tiny before rounding: the exact value below the least normal, rounded up to it. */
  uint64_t min = single ? MIN32 : MIN64;
  if ((f & FL_INEXACT) && !(f & FL_UNDERFLOW) && (r & ~SIGN) == min && (exact & ~SIGN) < min)
    f |= FL_UNDERFLOW;
  *fl |= f;
  return r;
}

/* ------------------------------------------------------------------ operations */

/* x + y, x - y, x / y (frA, frB), x y (frA, frC), sqrt(x) (frB): the NaN and
 * invalid-operation rules, then the rounding. */
static uint64_t binary(int op, uint64_t x, uint64_t y, int single, unsigned rn, raised *e) {
  int unary = op == OP_SQRT;
  if (is_nan(x) || (!unary && is_nan(y))) {
    if (is_snan(x) || (!unary && is_snan(y)))
      e->vx |= VXSNAN;
    return nan_result(is_nan(x) ? x : y, single);
  }
  uint32_t inv = 0;
  switch (op) {
  case OP_ADD: /* inf - inf, as a sum or a difference */
  case OP_SUB:
    if (is_inf(x) && is_inf(y) && (is_neg(x) != is_neg(y)) == (op == OP_ADD))
      inv = VXISI;
    break;
  case OP_MUL:
    if ((is_inf(x) && is_zero(y)) || (is_zero(x) && is_inf(y)))
      inv = VXIMZ;
    break;
  case OP_DIV:
    if (is_inf(x) && is_inf(y))
      inv = VXIDI;
    else if (is_zero(x) && is_zero(y))
      inv = VXZDZ;
    break;
  default: /* sqrt of a negative number (-0 is its own root) */
    if (is_neg(x) && !is_zero(x))
      inv = VXSQRT;
    break;
  }
  if (inv) {
    e->vx |= inv;
    return DNAN;
  }
  return rounded(op, x, y, 0, single, rn, &e->fl);
}

/* frA x frC + frB, with frB negated (sub: fmsub), the result negated (neg:
 * fnmadd, fnmsub), rounded once.  NaNs: frA, then frB, then frC; inf x 0 with a
 * NaN frB is VXIMZ alone (qemu-ppc: not also VXSNAN) and gives frB. */
static uint64_t fused(uint64_t a, uint64_t b, uint64_t c, int sub, int neg, int single, unsigned rn,
                      raised *e) {
  int infzero = (is_inf(a) && is_zero(c)) || (is_zero(a) && is_inf(c));
  if (is_nan(a) || is_nan(b) || is_nan(c)) {
    if (infzero)
      e->vx |= VXIMZ;
    else if (is_snan(a) || is_snan(b) || is_snan(c))
      e->vx |= VXSNAN;
    return nan_result(is_nan(a) ? a : is_nan(b) ? b : c, single);
  }
  if (sub)
    b ^= SIGN;
  if (infzero) {
    e->vx |= VXIMZ;
    return DNAN;
  }
  if ((is_inf(a) || is_inf(c)) && is_inf(b) && (is_neg(a) ^ is_neg(c)) != is_neg(b)) {
    e->vx |= VXISI;
    return DNAN;
  }
  if (!neg)
    return rounded(OP_FMA, a, c, b, single, rn, &e->fl);
  /* round(-x) is -round(x) in the mirrored mode, but an exact zero takes its sign
   * from the mode itself before the negation */
  int fl = 0;
  uint64_t r = rounded(OP_FMA, a, c, b, single, mirror[rn], &fl);
  if (is_zero(r) && !(fl & FL_INEXACT))
    r = rounded(OP_FMA, a, c, b, single, rn, &fl);
  e->fl |= fl;
  return r ^ SIGN;
}

/* frsp: to single precision in mode rn. */
static uint64_t round_single(uint64_t b, unsigned rn, raised *e) {
  if (is_nan(b)) {
    if (is_snan(b))
      e->vx |= VXSNAN;
    return nan_result(b, 1);
  }
  return rounded(OP_COPY, b, 0, 0, 1, rn, &e->fl);
}

/* fctiw (mode rn), fctiwz (RN_ZERO): a word, sign-extended into the doubleword
 * as qemu-ppc leaves it.  Out of range saturates, a NaN gives 0x80000000. */
static uint64_t to_word(uint64_t b, unsigned rn, raised *e) {
  if (is_nan(b)) {
    e->vx |= VXCVI | (is_snan(b) ? VXSNAN : 0);
    return 0x80000000u;
  }
  host_start(rn);
  volatile double x = as_d(b);
  double r = nearbyint(x);
  if (r >= 2147483648.0 || r < -2147483648.0) {
    e->vx |= VXCVI;
    return r > 0 ? 0x7FFFFFFFull : 0xFFFFFFFF80000000ull;
  }
  if (r != x)
    e->fl |= FL_INEXACT;
  return (uint64_t)(int64_t)(int32_t)r;
}

/* fres (single), fre: 1 / frB; a zero divide gives +-0.5 (qemu-ppc). */
static uint64_t reciprocal(uint64_t b, int single, unsigned rn, raised *e) {
  uint64_t r = binary(OP_DIV, ONE, b, single, rn, e);
  if (e->fl & FL_DIVZERO)
    r = HALF | (b & SIGN);
  return r;
}

/* frsqrte: 1 / sqrt(frB), each rounded to double. */
static uint64_t rsqrt(uint64_t b, unsigned rn, raised *e) {
  uint64_t s = binary(OP_SQRT, b, 0, 0, rn, e);
  if (is_nan(s))
    return s;
  return binary(OP_DIV, ONE, s, 0, rn, e);
}

/* fcmpu, fcmpo: 8 less, 4 greater, 2 equal, 1 unordered. */
static unsigned compare(uint64_t a, uint64_t b) {
  if (is_nan(a) || is_nan(b))
    return 1;
  double x = as_d(a), y = as_d(b);
  return x < y ? 8 : x > y ? 4 : 2;
}

/* ------------------------------------------------------------------ the FPSCR */

/* FPRF for a result: the class and sign, as qemu-ppc classifies the double. */
static uint32_t fprf_of(uint64_t r) {
  int neg = is_neg(r);
  uint32_t k;
  if (is_nan(r))
    k = is_snan(r) ? 0x00 : 0x11;
  else if (is_inf(r))
    k = neg ? 0x09 : 0x05;
  else if (is_zero(r))
    k = neg ? 0x12 : 0x02;
  else if (!(r & EXPO))
    k = neg ? 0x18 : 0x14; /* denormal */
  else
    k = neg ? 0x08 : 0x04;
  return k << 12;
}

/* Invalid operations, as qemu-ppc records them: the cause, VX, FX; the
 * arithmetic causes and VXCVI clear FR and FI and, with VE = 0, set FPCC to
 * unordered (and C); VXVC does the latter always. */
static void raise_invalid(ppc_fpu *f, uint32_t causes) {
  if (!causes)
    return;
  uint32_t s = f->fpscr | causes | VX | FX;
  if (causes & ~(VXSNAN | VXVC)) {
    s &= ~(FR | FI);
    if (!(s & VE))
      s = (s & ~FPCC) | FP_C | FP_FU;
  }
  if (causes & VXVC)
    s = (s & ~FPCC) | FP_C | FP_FU;
  if (s & VE)
    s |= FEX;
  f->fpscr = s;
}

/* The rounding's exceptions after the result: overflow (which is also inexact),
 * else underflow; inexact; FI is this instruction's inexact. */
static void check_status(ppc_fpu *f, int fl) {
  uint32_t s = f->fpscr;
  if (fl & FL_OVERFLOW) {
    s |= OX | FX | (s & OE ? FEX : 0);
    fl |= FL_INEXACT;
  } else if (fl & FL_UNDERFLOW) {
    s |= UX | FX | (s & UE ? FEX : 0);
  }
  if (fl & FL_INEXACT)
    s |= XX | FX | (s & XE ? FEX : 0) | FI;
  else
    s &= ~FI;
  f->fpscr = s;
}

/* An arithmetic instruction's FPSCR: its invalid operations, zero divide (which
 * clears FR and FI), FPRF from the result (fprf), the rounding's exceptions. */
static void finish(ppc_fpu *f, const raised *e, int fprf, uint64_t r) {
  raise_invalid(f, e->vx);
  if (e->fl & FL_DIVZERO) {
    f->fpscr = (f->fpscr | ZX | FX) & ~(FR | FI);
    if (f->fpscr & ZE)
      f->fpscr |= FEX;
  }
  if (fprf)
    f->fpscr = (f->fpscr & ~FPRF) | fprf_of(r);
  check_status(f, e->fl);
}

/* A value for the FPSCR (mtfsf, mtfsfi, mtfsb0, mtfsb1, mcrfs): what cannot be
 * set dropped, VX and FEX recomputed. */
static void store_fpscr(ppc_fpu *f, uint32_t v) {
  v &= ~MTFS_FIXED;
  if (v & VX_ALL)
    v |= VX;
  if ((v >> 25) & (v >> 3) & 0x1F) /* XX ZX UX OX VX against XE ZE UE OE VE */
    v |= FEX;
  f->fpscr = v;
}

static void set_crf(ppc_fpu_cpu *c, unsigned field, unsigned v) {
  unsigned sh = 28 - 4 * field;
  c->cr = (c->cr & ~(0xFu << sh)) | (v & 0xFu) << sh;
}

/* Rc = 1: CR1 from FX FEX VX OX. */
static void record(const ppc_fpu *f, ppc_fpu_cpu *c, uint32_t w) {
  if (RC(w))
    set_crf(c, 1, f->fpscr >> 28);
}

static void set_cost(ppc_fpu_cost *k, unsigned n, int a, int b, int c) {
  k->n = n;
  k->op[0] = a;
  k->op[1] = b;
  k->op[2] = c;
}

/* ------------------------------------------------------------------ instructions */

/* The A-forms of opcodes 63 (double) and 59 (single): arithmetic, fsel, the
 * estimates. */
static int a_form(ppc_fpu *f, ppc_fpu_cpu *c, uint32_t w, int single, ppc_fpu_cost *k) {
  uint64_t a = f->fpr[FRA(w)], b = f->fpr[FRB(w)], fc = f->fpr[FRC(w)], r;
  unsigned rn = f->fpscr & RN, xo = XO5(w);
  int d = !single; /* FPCOST_*_D follows its _S */
  raised e = {0, 0};
  switch (xo) {
  case 18: /* fdiv */
  case 20: /* fsub */
  case 21: /* fadd */
    if (w & RSV_FRC)
      return PPC_FPU_NOT_FP;
    r = binary(xo == 18 ? OP_DIV : xo == 20 ? OP_SUB : OP_ADD, a, b, single, rn, &e);
    set_cost(k, 1, (xo == 18 ? FPCOST_DIV_S : xo == 20 ? FPCOST_SUB_S : FPCOST_ADD_S) + d, 0, 0);
    break;
  case 25: /* fmul: frA x frC */
    if (w & RSV_FRB)
      return PPC_FPU_NOT_FP;
    r = binary(OP_MUL, a, fc, single, rn, &e);
    set_cost(k, 1, FPCOST_MUL_S + d, 0, 0);
    break;
  case 22: /* fsqrt */
    if (w & (RSV_FRA | RSV_FRC))
      return PPC_FPU_NOT_FP;
    r = binary(OP_SQRT, b, 0, single, rn, &e);
    set_cost(k, 1, FPCOST_SQRT_S + d, 0, 0);
    break;
  case 24: /* fres, fre */
    if (w & (RSV_FRA | RSV_FRC))
      return PPC_FPU_NOT_FP;
    r = reciprocal(b, single, rn, &e);
    set_cost(k, 1, FPCOST_DIV_S + d, 0, 0);
    break;
  case 26: /* frsqrte (opcode 63 only: frsqrtes is POWER7's) */
    if (single || (w & (RSV_FRA | RSV_FRC)))
      return PPC_FPU_NOT_FP;
    r = rsqrt(b, rn, &e);
    set_cost(k, 2, FPCOST_SQRT_D, FPCOST_DIV_D, 0);
    break;
  case 23: /* fsel: frA >= 0 (not a NaN) ? frC : frB; no FPSCR change */
    if (single)
      return PPC_FPU_NOT_FP;
    f->fpr[FRT(w)] = (!is_neg(a) || is_zero(a)) && !is_nan(a) ? fc : b;
    set_cost(k, 1, FPCOST_CMP_D, 0, 0);
    record(f, c, w);
    return PPC_FPU_OK;
  case 28: /* fmsub */
  case 29: /* fmadd */
  case 30: /* fnmsub */
  case 31: /* fnmadd */ {
    int sub = xo == 28 || xo == 30, neg = xo >= 30;
    r = fused(a, b, fc, sub, neg, single, rn, &e);
    set_cost(k, 2 + (unsigned)neg, FPCOST_MUL_S + d, (sub ? FPCOST_SUB_S : FPCOST_ADD_S) + d,
             FPCOST_NEG_S + d);
    break;
  }
  default: return PPC_FPU_NOT_FP;
  }
  f->fpr[FRT(w)] = r;
  finish(f, &e, 1, r);
  record(f, c, w);
  return PPC_FPU_OK;
}

/* fcmpu, fcmpo: the result to CR field BF and FPCC. */
static int fp_compare(ppc_fpu *f, ppc_fpu_cpu *c, uint32_t w, int ordered, ppc_fpu_cost *k) {
  if (w & RSV_CMP)
    return PPC_FPU_NOT_FP;
  uint64_t a = f->fpr[FRA(w)], b = f->fpr[FRB(w)];
  unsigned v = compare(a, b);
  f->fpscr = (f->fpscr & ~FPCC) | v << 12;
  set_crf(c, BF(w), v);
  uint32_t inv = 0;
  if (v == 1 && ordered)
    inv |= VXVC;
  if (is_snan(a) || is_snan(b))
    inv |= VXSNAN;
  raise_invalid(f, inv);
  check_status(f, 0);
  set_cost(k, 2, FPCOST_CMP_D, FPCOST_UNORD_D, 0);
  return PPC_FPU_OK;
}

/* frsp, fctiw, fctiwz, and the sign moves fneg fmr fnabs fabs (frB only). */
static int x_unary(ppc_fpu *f, ppc_fpu_cpu *c, uint32_t w, ppc_fpu_cost *k) {
  if (w & RSV_FRA)
    return PPC_FPU_NOT_FP;
  uint64_t b = f->fpr[FRB(w)], r;
  unsigned rn = f->fpscr & RN;
  raised e = {0, 0};
  switch (XO10(w)) {
  case 12: /* frsp */
    r = round_single(b, rn, &e);
    f->fpr[FRT(w)] = r;
    finish(f, &e, 1, r);
    set_cost(k, 1, FPCOST_CVT_S_D, 0, 0);
    break;
  case 14: /* fctiw */
  case 15: /* fctiwz: FPRF is left as it was (undefined) */
    r = to_word(b, XO10(w) == 15 ? RN_ZERO : rn, &e);
    f->fpr[FRT(w)] = r;
    finish(f, &e, 0, r);
    set_cost(k, 1, FPCOST_CVT_W_D, 0, 0);
    break;
  case 40: f->fpr[FRT(w)] = b ^ SIGN; break;   /* fneg */
  case 72: f->fpr[FRT(w)] = b; break;          /* fmr */
  case 136: f->fpr[FRT(w)] = b | SIGN; break;  /* fnabs */
  case 264: f->fpr[FRT(w)] = b & ~SIGN; break; /* fabs */
  default: return PPC_FPU_NOT_FP;
  }
  record(f, c, w);
  return PPC_FPU_OK;
}

/* mffs, mtfsf, mtfsfi, mtfsb0, mtfsb1, mcrfs. */
static int fpscr_insn(ppc_fpu *f, ppc_fpu_cpu *c, uint32_t w) {
  uint32_t s = f->fpscr;
  switch (XO10(w)) {
  case 583: /* mffs: the high word 0; frB is ignored */
    if (w & RSV_FRA)
      return PPC_FPU_NOT_FP;
    f->fpr[FRT(w)] = s;
    break;
  case 711: { /* mtfsf: the fields in FLM (all with L) from frB's low word */
    if (W(w))
      return PPC_FPU_NOT_FP; /* ISA 2.05's upper word */
    uint32_t mask = 0, flm = L(w) ? 0xFFu : FLM(w);
    for (unsigned i = 0; i < 8; i++)
      if (flm & (1u << i))
        mask |= 0xFu << (4 * i);
    store_fpscr(f, ((uint32_t)f->fpr[FRB(w)] & mask) | (s & ~mask));
    break;
  }
  case 134: { /* mtfsfi */
    if ((w & RSV_FSFI) || W(w))
      return PPC_FPU_NOT_FP;
    unsigned sh = 4 * (7 - BF(w));
    store_fpscr(f, (s & ~(0xFu << sh)) | (uint32_t)IMM(w) << sh);
    break;
  }
  case 70:   /* mtfsb0: FEX and VX are summaries, left alone */
  case 38: { /* mtfsb1: also NI, which qemu-ppc keeps clear */
    if (w & RSV_BT)
      return PPC_FPU_NOT_FP;
    uint32_t bit = 0x80000000u >> FRT(w);
    if (bit == FEX || bit == VX || (XO10(w) == 38 && bit == NI))
      break;
    store_fpscr(f, XO10(w) == 38 ? s | bit : s & ~bit);
    break;
  }
  case 64: { /* mcrfs: field BFA to CR field BF, its exception bits cleared */
    if (w & RSV_FS)
      return PPC_FPU_NOT_FP;
    unsigned sh = 4 * (7 - BFA(w));
    set_crf(c, BF(w), s >> sh);
    store_fpscr(f, s & ~(EX_CLEAR & 0xFu << sh));
    return PPC_FPU_OK;
  }
  default: return PPC_FPU_NOT_FP;
  }
  record(f, c, w);
  return PPC_FPU_OK;
}

/* Opcode 63: the A-forms by their 5-bit XO, the rest by the 10-bit one. */
static int op63(ppc_fpu *f, ppc_fpu_cpu *c, uint32_t w, ppc_fpu_cost *k) {
  unsigned xo = XO5(w);
  if (xo >= 18 && xo != 19 && xo != 27)
    return a_form(f, c, w, 0, k);
  switch (XO10(w)) {
  case 0: return fp_compare(f, c, w, 0, k);  /* fcmpu */
  case 32: return fp_compare(f, c, w, 1, k); /* fcmpo */
  case 12:
  case 14:
  case 15:
  case 40:
  case 72:
  case 136:
  case 264: return x_unary(f, c, w, k);
  default: return fpscr_insn(f, c, w);
  }
}

/* The loads and stores: D-form (opcodes 48-55) or X-form (31, XO 535-759 and
 * 983).  The eight of each form are in the same order: bit 0 update, bit 1
 * double, bit 2 store. */
static int load_store(ppc_fpu *f, ppc_fpu_cpu *c, uint32_t w, const ppc_fpu_mem *m,
                      ppc_fpu_cost *k) {
  unsigned ra = FRA(w), kind;
  uint32_t ea = ra ? c->gpr[ra] : 0;
  int stfiwx = 0;
  if (OPCD(w) == 31) {
    unsigned xo = XO10(w);
    if (xo == 983)
      stfiwx = 1, kind = 6; /* stfiwx: a word, from a double's low half */
    else if (xo >= 535 && xo <= 759 && (xo - 535) % 32 == 0)
      kind = (xo - 535) / 32;
    else
      return PPC_FPU_NOT_FP;
    if (stfiwx && (w & RSV_RC))
      return PPC_FPU_NOT_FP; /* (qemu-ppc ignores the others' Rc bit) */
    ea += c->gpr[FRB(w)];
  } else {
    kind = OPCD(w) - 48;
    ea += D(w);
  }
  int update = kind & 1, dbl = (kind & 2) != 0, store = (kind & 4) != 0;
  if (update && ra == 0)
    return PPC_FPU_NOT_FP; /* an invalid form */
  unsigned fr = FRT(w), size = dbl && !stfiwx ? 8 : 4;
  if (store) {
    uint64_t v = f->fpr[fr];
    if (stfiwx)
      v &= 0xFFFFFFFFu;
    else if (!dbl)
      v = double_to_single(v);
    if (m->store(m->ctx, ea, size, v) < 0)
      return PPC_FPU_FAULT;
  } else {
    uint64_t v;
    if (m->load(m->ctx, ea, size, &v) < 0)
      return PPC_FPU_FAULT;
    f->fpr[fr] = dbl ? v : single_to_double((uint32_t)v);
  }
  if (update)
    c->gpr[ra] = ea;
  if (!dbl)
    set_cost(k, 1, store ? FPCOST_CVT_S_D : FPCOST_CVT_D_S, 0, 0);
  return PPC_FPU_OK;
}

int ppc_fpu_exec(ppc_fpu *f, ppc_fpu_cpu *c, uint32_t insn, const ppc_fpu_mem *m,
                 ppc_fpu_cost *cost) {
  ppc_fpu_cost none;
  if (!cost)
    cost = &none;
  cost->n = 0;
  switch (OPCD(insn)) {
  case 31:
  case 48:
  case 49:
  case 50:
  case 51:
  case 52:
  case 53:
  case 54:
  case 55: return load_store(f, c, insn, m, cost);
  case 59:
  case 63: {
    fenv_t host; /* the host's own mode and flags, back as they were */
    fegetenv(&host);
    int rc = OPCD(insn) == 59 ? a_form(f, c, insn, 1, cost) : op63(f, c, insn, cost);
    fesetenv(&host);
    if (rc != PPC_FPU_OK)
      cost->n = 0;
    return rc;
  }
  default: return PPC_FPU_NOT_FP;
  }
}
