/*
 * fpcost.c - the board side of the soft-float cost measurement: a loop applying
 * one floating-point operation to a list of operands, compiled with -msoft-float
 * for the PPC405, so that every operation is a call to gcc's soft-fp routines
 * (__adddf3, __muldf3, __fixdfsi, ...), built from gcc's own sources for the 405
 * (firmware.mk) -- the code a PPC405 without an FPU runs for floating point.
 *
 * Each iteration loads its operands from memory, calls the routine and stores
 * the result: the shape of a call from translated code, whose operands and
 * result live in the guest's FPU state in memory.  dbt/fpcost.c runs it for
 * each operation and subtracts the NOP loop.
 */
#include <stdint.h>

#include "fpcost.h"

double hwprof_sqrtdf2(double);
float hwprof_sqrtsf2(float);
double hwprof_nop(double, double);

typedef union {
  uint32_t w[2];
  double d;
  float f[2];
  int32_t i[2];
  int64_t l;
} word2;

void fpcost_run(unsigned op, unsigned n, const word2 *in, word2 *out) {
  for (unsigned k = 0; k < n; k++, in += FPCOST_REC / 2, out++) {
    word2 a = in[0], b = in[1], r = {{0, 0}};
    switch (op) {
    case FPCOST_NOP: r.d = hwprof_nop(a.d, b.d); break;
    case FPCOST_ADD_S: r.f[0] = a.f[0] + b.f[0]; break;
    case FPCOST_ADD_D: r.d = a.d + b.d; break;
    case FPCOST_SUB_S: r.f[0] = a.f[0] - b.f[0]; break;
    case FPCOST_SUB_D: r.d = a.d - b.d; break;
    case FPCOST_MUL_S: r.f[0] = a.f[0] * b.f[0]; break;
    case FPCOST_MUL_D: r.d = a.d * b.d; break;
    case FPCOST_DIV_S: r.f[0] = a.f[0] / b.f[0]; break;
    case FPCOST_DIV_D: r.d = a.d / b.d; break;
    case FPCOST_SQRT_S: r.f[0] = hwprof_sqrtsf2(a.f[0]); break;
    case FPCOST_SQRT_D: r.d = hwprof_sqrtdf2(a.d); break;
    case FPCOST_NEG_S: r.f[0] = -a.f[0]; break;
    case FPCOST_NEG_D: r.d = -a.d; break;
    case FPCOST_CMP_S: r.i[0] = a.f[0] <= b.f[0]; break;
    case FPCOST_CMP_D: r.i[0] = a.d <= b.d; break;
    case FPCOST_UNORD_S: r.i[0] = __builtin_isunordered(a.f[0], b.f[0]); break;
    case FPCOST_UNORD_D: r.i[0] = __builtin_isunordered(a.d, b.d); break;
    case FPCOST_CVT_D_S: r.d = a.f[0]; break;
    case FPCOST_CVT_S_D: r.f[0] = (float)a.d; break;
    case FPCOST_CVT_W_S: r.i[0] = (int32_t)a.f[0]; break;
    case FPCOST_CVT_W_D: r.i[0] = (int32_t)a.d; break;
    case FPCOST_CVT_L_S: r.l = (int64_t)a.f[0]; break;
    case FPCOST_CVT_L_D: r.l = (int64_t)a.d; break;
    case FPCOST_CVT_S_W: r.f[0] = (float)a.i[0]; break;
    case FPCOST_CVT_D_W: r.d = a.i[0]; break;
    case FPCOST_CVT_S_L: r.f[0] = (float)a.l; break;
    case FPCOST_CVT_D_L: r.d = (double)a.l; break;
    default: return;
    }
    *out = r;
  }
}
