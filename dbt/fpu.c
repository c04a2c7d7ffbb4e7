/*
 * fpu.c - the MIPS FPU helper: executes one COP1/COP1X (or MOVCI) instruction
 * on the guest's FPU state.  The PPC405 has no FPU, so translated code calls
 * out to this for arithmetic, conversions and compares (moves, loads and stores
 * stay inline).
 *
 * Results are bit-exact with qemu-mips (24Kf: FR=0, legacy NaNs): the host's
 * IEEE double/single arithmetic under the guest's rounding mode, then MIPS
 * legacy NaN rules (a quiet NaN has the fraction's top bit clear; a signalling
 * operand or an invalid operation gives the default NaN 0x7fbfffff /
 * 0x7ff7ffffffffffff, as from any NaN operand), and
 * out-of-range or NaN conversions to integer give 0x7fffffff.  FCSR cause and
 * flag bits follow the host's exception flags; an enabled exception is SIGFPE.
 * madd/msub/nmadd/nmsub round twice (release 2 is not fused).
 */
#define _GNU_SOURCE
#include "fpu.h"

#include <fenv.h>
#include <math.h>
#include <string.h>

#include "mips.h"

/* Built with -frounding-math (dbt.mk): the rounding mode changes at run time. */

#define SNAN32(x) (((x)&0x7F800000u) == 0x7F800000u && ((x)&0x007FFFFFu) && ((x)&0x00400000u))
#define NAN32(x)  (((x)&0x7F800000u) == 0x7F800000u && ((x)&0x007FFFFFu))
#define NAN64(x)  (((x)&0x7FF0000000000000ull) == 0x7FF0000000000000ull && ((x)&0xFFFFFFFFFFFFFull))
#define SNAN64(x) (NAN64(x) && ((x)&0x0008000000000000ull))
#define DNAN32    0x7FBFFFFFu
#define DNAN64    0x7FF7FFFFFFFFFFFFull

enum { FL_I = 1, FL_U = 2, FL_O = 4, FL_Z = 8, FL_V = 16 }; /* FCSR flag bit order */

typedef struct val {
  int dbl;
  uint32_t s;
  uint64_t d;
} val;

static uint64_t rd_d(const mips_fpu *f, unsigned r) {
  r &= ~1u;
  return (uint64_t)f->fpr[r + 1] << 32 | f->fpr[r];
}
static void wr_d(mips_fpu *f, unsigned r, uint64_t v) {
  r &= ~1u;
  f->fpr[r] = (uint32_t)v;
  f->fpr[r + 1] = (uint32_t)(v >> 32);
}
static float as_f(uint32_t x) {
  float v;
  memcpy(&v, &x, 4);
  return v;
}
static double as_d(uint64_t x) {
  double v;
  memcpy(&v, &x, 8);
  return v;
}
static uint32_t f_bits(float v) {
  uint32_t x;
  memcpy(&x, &v, 4);
  return x;
}
static uint64_t d_bits(double v) {
  uint64_t x;
  memcpy(&x, &v, 8);
  return x;
}

/* The host's FP environment.  On x86-64, double and float arithmetic is SSE, whose
 * MXCSR holds the rounding mode and the flags: reading and writing it directly
 * costs a few cycles, where glibc's fenv functions also save and load the x87
 * unit's state (the FPU helper's largest cost).  Elsewhere: <fenv.h>. */
#if defined(__x86_64__) && defined(__SSE2__)
#include <xmmintrin.h>
enum { MX_IE = 1, MX_ZE = 4, MX_OE = 8, MX_UE = 16, MX_PE = 32, MX_FLAGS = 0x3F };
static void host_clear(void) {
  _mm_setcsr(_mm_getcsr() & ~(unsigned)MX_FLAGS);
}
static int host_test(void) {
  unsigned x = _mm_getcsr();
  return (x & MX_PE ? FE_INEXACT : 0) | (x & MX_UE ? FE_UNDERFLOW : 0) |
         (x & MX_OE ? FE_OVERFLOW : 0) | (x & MX_ZE ? FE_DIVBYZERO : 0) |
         (x & MX_IE ? FE_INVALID : 0);
}
static void host_round(int rm) {              /* MXCSR RC: nearest, -inf, +inf, zero */
  static const unsigned rc[4] = {0, 3, 2, 1}; /* MIPS RM: nearest, zero, +inf, -inf */
  unsigned x = _mm_getcsr(), want = (x & ~0x6000u) | rc[rm & 3] << 13;
  if (want != x)
    _mm_setcsr(want);
}
#else
static void host_clear(void) {
  feclearexcept(FE_ALL_EXCEPT);
}
static int host_test(void) {
  return fetestexcept(FE_ALL_EXCEPT);
}
static void host_round(int rm) {
  static const int host[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
  fesetround(host[rm & 3]);
}
#endif

static int host_flags(void) {
  int e = host_test(), m = 0;
  if (e & FE_INEXACT)
    m |= FL_I;
  if (e & FE_UNDERFLOW)
    m |= FL_U;
  if (e & FE_OVERFLOW)
    m |= FL_O;
  if (e & FE_DIVBYZERO)
    m |= FL_Z;
  if (e & FE_INVALID)
    m |= FL_V;
  return m;
}

/* The host rounding mode for MIPS RM (FCSR bits 1:0): nearest, zero, +inf, -inf. */
static void set_round(uint32_t rm) {
  host_round((int)(rm & 3));
}

/* NaN operands give the default NaN (qemu-mips 24Kf), with V for a
 * signalling one.  Returns 1 when there was a NaN operand. */
static int nan_pick32(const uint32_t *ops, int n, uint32_t *out, int *exc) {
  int any = 0;
  for (int i = 0; i < n; i++) {
    any |= NAN32(ops[i]);
    if (SNAN32(ops[i]))
      *exc |= FL_V;
  }
  *out = DNAN32;
  return any;
}
static int nan_pick64(const uint64_t *ops, int n, uint64_t *out, int *exc) {
  int any = 0;
  for (int i = 0; i < n; i++) {
    any |= NAN64(ops[i]);
    if (SNAN64(ops[i]))
      *exc |= FL_V;
  }
  *out = DNAN64;
  return any;
}

/* Binary/unary arithmetic: op 0 add, 1 sub, 2 mul, 3 div, 4 sqrt. */
static uint32_t arith32(int op, uint32_t a, uint32_t b, int *exc) {
  uint32_t ops[2] = {a, b}, r;
  if (nan_pick32(ops, op == 4 ? 1 : 2, &r, exc))
    return r;
  volatile float x = as_f(a), y = as_f(b), z;
  switch (op) {
  case 0: z = x + y; break;
  case 1: z = x - y; break;
  case 2: z = x * y; break;
  case 3: z = x / y; break;
  default: z = sqrtf(x); break;
  }
  *exc |= host_flags();
  r = f_bits(z);
  return NAN32(r) ? DNAN32 : r;
}
static uint64_t arith64(int op, uint64_t a, uint64_t b, int *exc) {
  uint64_t ops[2] = {a, b}, r;
  if (nan_pick64(ops, op == 4 ? 1 : 2, &r, exc))
    return r;
  volatile double x = as_d(a), y = as_d(b), z;
  switch (op) {
  case 0: z = x + y; break;
  case 1: z = x - y; break;
  case 2: z = x * y; break;
  case 3: z = x / y; break;
  default: z = sqrt(x); break;
  }
  *exc |= host_flags();
  r = d_bits(z);
  return NAN64(r) ? DNAN64 : r;
}

/* To a 32- or 64-bit integer with MIPS rounding mode rm. */
static uint64_t to_int(double v, int is_nan, uint32_t rm, int wide, int *exc) {
  set_round(rm);
  double lim = wide ? 9223372036854775808.0 : 2147483648.0;
  double r = nearbyint(v);
  if (is_nan || r >= lim || r < -lim) {
    *exc |= FL_V;
    return wide ? 0x7FFFFFFFFFFFFFFFull : 0x7FFFFFFFu;
  }
  if (r != v)
    *exc |= FL_I;
  return wide ? (uint64_t)(int64_t)r : (uint32_t)(int32_t)r;
}

/* c.cond.fmt: bit 0 unordered, 1 equal, 2 less, 3 signalling on qNaN. */
static int compare(int cond, double x, double y, int unordered, int snan, int *exc) {
  if (unordered) {
    if (snan || (cond & 8))
      *exc |= FL_V;
    return cond & 1;
  }
  return ((cond & 2) && x == y) || ((cond & 4) && x < y);
}

static void set_fcc(mips_fpu *f, unsigned cc, int v) {
  uint32_t bit = cc ? 24 + cc : 23;
  f->fcsr = v ? f->fcsr | 1u << bit : f->fcsr & ~(1u << bit);
}
static int get_fcc(const mips_fpu *f, unsigned cc) {
  return (f->fcsr >> (cc ? 24 + cc : 23)) & 1;
}

/* The cause bits, the sticky flags, and SIGFPE for an enabled exception. */
static int finish(mips_fpu *f, int exc) {
  uint32_t enables = (f->fcsr >> 7) & 31;
  f->fcsr = (f->fcsr & ~(0x3Fu << 12)) | (uint32_t)exc << 12;
  if (exc & enables)
    return MIPS_FPU_SIGFPE;
  f->fcsr |= (uint32_t)exc << 2;
  return MIPS_FPU_OK;
}

static int fmt_op(mips_fpu *f, uint32_t w, unsigned fmt) {
  unsigned ft = mips_rt(w), fs = mips_rd(w), fd = mips_sa(w), fn = mips_funct(w);
  int exc = 0;
  int dbl = fmt == C1_D || fmt == C1_L;
  uint32_t a32 = f->fpr[fs], b32 = f->fpr[ft];
  uint64_t a64 = rd_d(f, fs), b64 = rd_d(f, ft);
  if (fmt == C1_S || fmt == C1_D) {
    if (fn <= 4) { /* add sub mul div sqrt */
      if (dbl)
        wr_d(f, fd, arith64((int)fn, a64, b64, &exc));
      else
        f->fpr[fd] = arith32((int)fn, a32, b32, &exc);
      return finish(f, exc);
    }
    switch (fn) {
    case 5: /* abs */
    case 7: /* neg: sign bit only, no exceptions (legacy) */
      if (dbl)
        wr_d(f, fd, fn == 5 ? a64 & ~(1ull << 63) : a64 ^ (1ull << 63));
      else
        f->fpr[fd] = fn == 5 ? a32 & ~(1u << 31) : a32 ^ (1u << 31);
      return MIPS_FPU_OK;
    case 6: /* mov */
      if (dbl)
        wr_d(f, fd, a64);
      else
        f->fpr[fd] = a32;
      return MIPS_FPU_OK;
    case 8:
    case 9:
    case 10:
    case 11: /* round/trunc/ceil/floor.l */
    case 12:
    case 13:
    case 14:
    case 15: /* .w */
    case 36:
    case 37: { /* cvt.w, cvt.l */
      int wide = fn == 37 || (fn >= 8 && fn <= 11);
      uint32_t rm = fn >= 36 ? f->fcsr : fn - 8; /* round, trunc, ceil, floor = RM 0..3 */
      int isnan = dbl ? NAN64(a64) : NAN32(a32);
      double v = dbl ? as_d(a64) : (double)as_f(a32);
      uint64_t r = to_int(v, isnan, rm, wide, &exc);
      set_round(f->fcsr);
      if (wide)
        wr_d(f, fd, r);
      else
        f->fpr[fd] = (uint32_t)r;
      return finish(f, exc);
    }
    case 17: /* movf.fmt / movt.fmt */
      if (get_fcc(f, ft >> 2) == (int)(ft & 1)) {
        if (dbl)
          wr_d(f, fd, a64);
        else
          f->fpr[fd] = a32;
      }
      return MIPS_FPU_OK;
    case 18: /* movz.fmt */
    case 19: /* movn.fmt */
      if ((f->gpr[ft] == 0) == (fn == 18)) {
        if (dbl)
          wr_d(f, fd, a64);
        else
          f->fpr[fd] = a32;
      }
      return MIPS_FPU_OK;
    case 21: /* recip: 1 / x */
    case 22: /* rsqrt: 1 / sqrt(x), two roundings */
      if (dbl) {
        uint64_t x = fn == 22 ? arith64(4, a64, 0, &exc) : a64;
        wr_d(f, fd, arith64(3, 0x3FF0000000000000ull, x, &exc));
      } else {
        uint32_t x = fn == 22 ? arith32(4, a32, 0, &exc) : a32;
        f->fpr[fd] = arith32(3, 0x3F800000u, x, &exc);
      }
      return finish(f, exc);
    case 32: /* cvt.s.d */
      if (!dbl)
        return MIPS_FPU_RESERVED;
      if (NAN64(a64)) { /* any NaN: the default NaN */
        if (SNAN64(a64))
          exc |= FL_V;
        f->fpr[fd] = DNAN32;
      } else {
        volatile double x = as_d(a64);
        volatile float z = (float)x;
        exc |= host_flags();
        f->fpr[fd] = f_bits(z);
      }
      return finish(f, exc);
    case 33: /* cvt.d.s */
      if (dbl)
        return MIPS_FPU_RESERVED;
      if (NAN32(a32)) {
        if (SNAN32(a32))
          exc |= FL_V;
        wr_d(f, fd, DNAN64);
      } else {
        wr_d(f, fd, d_bits((double)as_f(a32)));
      }
      return finish(f, exc);
    default:
      if (fn >= 48) { /* c.cond.fmt */
        int un = dbl ? NAN64(a64) || NAN64(b64) : NAN32(a32) || NAN32(b32);
        int sn = dbl ? SNAN64(a64) || SNAN64(b64) : SNAN32(a32) || SNAN32(b32);
        double x = dbl ? as_d(a64) : as_f(a32), y = dbl ? as_d(b64) : as_f(b32);
        set_fcc(f, (w >> 8) & 7, compare((int)(fn & 15), x, y, un, sn, &exc));
        return finish(f, exc);
      }
      return MIPS_FPU_RESERVED;
    }
  }
  /* W and L: conversions to S and D */
  if (fn == 32) { /* cvt.s.w, cvt.s.l: one rounding, straight from the integer */
    volatile float z = fmt == C1_W ? (float)(int32_t)a32 : (float)(int64_t)a64;
    exc |= host_flags();
    f->fpr[fd] = f_bits(z);
    return finish(f, exc);
  }
  if (fn == 33) { /* cvt.d.w (exact), cvt.d.l */
    volatile double z = fmt == C1_W ? (double)(int32_t)a32 : (double)(int64_t)a64;
    exc |= host_flags();
    wr_d(f, fd, d_bits(z));
    return finish(f, exc);
  }
  return MIPS_FPU_RESERVED;
}

static int cop1x(mips_fpu *f, uint32_t w, uint8_t *mem, uint32_t mem_top) {
  unsigned fr = mips_rs(w), ft = mips_rt(w), fs = mips_rd(w), fd = mips_sa(w), fn = mips_funct(w);
  int exc = 0;
  if (fn == 0 || fn == 1 || fn == 8 || fn == 9) { /* lwxc1 ldxc1 swxc1 sdxc1 */
    uint32_t a = f->gpr[fr] + f->gpr[ft];
    unsigned n = (fn & 1) ? 8 : 4, reg = fn >= 8 ? fs : fd;
    int store = fn >= 8;
    if (a >= mem_top || mem_top - a < n)
      return MIPS_FPU_SIGSEGV;
    uint8_t *p = mem + a;
    uint64_t v = n == 4 ? f->fpr[reg] : rd_d(f, reg);
    if (store) {
      for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * (n - 1 - i)));
    } else {
      v = 0;
      for (unsigned i = 0; i < n; i++)
        v = v << 8 | p[i];
      if (n == 4)
        f->fpr[reg] = (uint32_t)v;
      else
        wr_d(f, reg, v);
    }
    return MIPS_FPU_OK;
  }
  if (fn == 15)
    return MIPS_FPU_OK;                  /* prefx */
  unsigned kind = fn >> 3, fmt = fn & 7; /* 4 madd 5 msub 6 nmadd 7 nmsub; 0 S 1 D */
  if (kind < 4 || fmt > 1)
    return MIPS_FPU_RESERVED;
  int sub = kind == 5 || kind == 7, negate = kind >= 6;
  if (fmt == 1) {
    uint64_t p = arith64(2, rd_d(f, fs), rd_d(f, ft), &exc);
    uint64_t r = arith64(sub ? 1 : 0, p, rd_d(f, fr), &exc);
    wr_d(f, fd, negate && !NAN64(r) ? r ^ (1ull << 63) : r);
  } else {
    uint32_t p = arith32(2, f->fpr[fs], f->fpr[ft], &exc);
    uint32_t r = arith32(sub ? 1 : 0, p, f->fpr[fr], &exc);
    f->fpr[fd] = negate && !NAN32(r) ? r ^ (1u << 31) : r;
  }
  return finish(f, exc);
}

int mips_fpu_exec(mips_fpu *f, uint32_t w, uint8_t *mem, uint32_t mem_top) {
  unsigned op = mips_op(w);
  host_clear();
  set_round(f->fcsr);
  int r;
  if (op == OP_SPECIAL && mips_funct(w) == F_MOVCI) { /* movf/movt rd, rs, cc */
    unsigned cc = (w >> 18) & 7, tf = (w >> 16) & 1;
    if (get_fcc(f, cc) == (int)tf && mips_rd(w)) {
      f->gpr[mips_rd(w)] = f->gpr[mips_rs(w)];
      f->gpr_written = 1u << mips_rd(w);
    }
    r = MIPS_FPU_OK;
  } else if (op == OP_COP1X) {
    r = cop1x(f, w, mem, mem_top);
  } else if (op != OP_COP1) {
    r = MIPS_FPU_RESERVED;
  } else {
    unsigned fmt = mips_rs(w), rt = mips_rt(w), fs = mips_rd(w);
    switch (fmt) {
    case C1_CFC1: /* FIR (24Kf), FCCR, FEXR, FENR */
      if (rt) {
        uint32_t v = fs == 0    ? 0x00739300u
                     : fs == 25 ? (f->fcsr >> 23 & 1) | (f->fcsr >> 24 & 0xFE)
                     : fs == 26 ? f->fcsr & 0x0003F07Cu
                     : fs == 28 ? (f->fcsr & 0xF83u) | (f->fcsr >> 22 & 4)
                                : f->fcsr;
        f->gpr[rt] = v;
        f->gpr_written = 1u << rt;
      }
      r = MIPS_FPU_OK;
      break;
    case C1_CTC1: /* FCSR (31); the partial views 25, 26, 28 */
      if (fs == 31)
        f->fcsr = f->gpr[rt] & 0xFF83FFFFu;
      else if (fs == 25)
        f->fcsr = (f->fcsr & ~0xFE800000u) | (f->gpr[rt] & 1) << 23 | (f->gpr[rt] & 0xFE) << 24;
      else if (fs == 26)
        f->fcsr = (f->fcsr & ~0x0003F07Cu) | (f->gpr[rt] & 0x0003F07Cu);
      else if (fs == 28)
        f->fcsr = (f->fcsr & ~0x01000F83u) | (f->gpr[rt] & 0xF83u) | (f->gpr[rt] & 4) << 22;
      else
        return MIPS_FPU_RESERVED;
      r = (f->fcsr >> 12 & 0x3F) & ((f->fcsr >> 7 & 31) | 32) ? MIPS_FPU_SIGFPE : MIPS_FPU_OK;
      break;
    case C1_S:
    case C1_D:
    case C1_W:
    case C1_L: r = fmt_op(f, w, fmt); break;
    default: r = MIPS_FPU_RESERVED; break;
    }
  }
  set_round(0); /* the host's own arithmetic rounds to nearest */
  return r;
}
