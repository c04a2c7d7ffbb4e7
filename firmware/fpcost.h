/*
 * fpcost.h - the soft-float cost measurement's operations, shared by the board
 * side (firmware/fpcost.c, run on the board) and the translator's runtime
 * (dbt/fpcost.c, which runs it and charges the results).
 *
 * fpcost_run(op, n, in, out) applies operation op to n operand records at in
 * (FPCOST_REC words each: a, then b, each as a double's two words, high first; a
 * float or an integer is in the first word of its double) and stores each
 * result at out (two words).
 */
#ifndef HWPROF_FPCOST_H
#define HWPROF_FPCOST_H

#define FPCOST_REC 4 /* words per operand record */

/* The operations; each _D follows its _S (dbt/fpcost.c relies on it).  NOP: the
 * loop alone (operand loads, a call to a function that returns, the stores). */
/* clang-format off */
#define FPCOST_OPS(X) \
  X(NOP) \
  X(ADD_S) X(ADD_D) \
  X(SUB_S) X(SUB_D) \
  X(MUL_S) X(MUL_D) \
  X(DIV_S) X(DIV_D) \
  X(SQRT_S) X(SQRT_D) \
  X(NEG_S) X(NEG_D) \
  X(CMP_S) X(CMP_D) \
  X(UNORD_S) X(UNORD_D) \
  X(CVT_D_S) X(CVT_S_D) \
  X(CVT_W_S) X(CVT_W_D) \
  X(CVT_L_S) X(CVT_L_D) \
  X(CVT_S_W) X(CVT_D_W) \
  X(CVT_S_L) X(CVT_D_L)
/* clang-format on */

enum {
#define X(name) FPCOST_##name,
  FPCOST_OPS(X)
#undef X
      FPCOST_NOPS
};

#endif
