/*
 * fpcost_sfp.c - what the soft-float image needs beyond libgcc's routines, made
 * from the same soft-fp macros: square roots (libgcc has no __sqrtdf2; glibc's
 * soft-fp builds use FP_SQRT the same way), and the measurement's empty call.
 */
#include "soft-fp.h"
/* after soft-fp.h, which they need */
#include "double.h"
#include "single.h"

DFtype hwprof_sqrtdf2(DFtype a) {
  FP_DECL_EX;
  FP_DECL_D(A);
  FP_DECL_D(R);
  DFtype r;
  FP_INIT_ROUNDMODE;
  FP_UNPACK_D(A, a);
  FP_SQRT_D(R, A);
  FP_PACK_D(r, R);
  FP_HANDLE_EXCEPTIONS;
  return r;
}

SFtype hwprof_sqrtsf2(SFtype a) {
  FP_DECL_EX;
  FP_DECL_S(A);
  FP_DECL_S(R);
  SFtype r;
  FP_INIT_ROUNDMODE;
  FP_UNPACK_S(A, a);
  FP_SQRT_S(R, A);
  FP_PACK_S(r, R);
  FP_HANDLE_EXCEPTIONS;
  return r;
}

DFtype hwprof_nop(DFtype a, DFtype b) {
  (void)b;
  return a;
}
