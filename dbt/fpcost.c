/*
 * fpcost.c - what each MIPS FPU instruction costs a PPC405 without an FPU, in CPU
 * cycles of this board, measured by running the soft-float routines on it.
 *
 * The first time a run needs the table, the runtime builds a second board from
 * the same device tree, loads the soft-float image (firmware/fpcost.c: gcc's
 * soft-fp routines built for the 405 with -msoft-float, found at
 * dbt_options.fp_image) and calls its loop once per operation on FPCOST_N
 * operand records of the kind translated code meets (normal numbers of mixed
 * signs and magnitudes; integers for the conversions from integer).  An
 * operation's cost is its loop's cycles less the NOP loop's, over FPCOST_N: the
 * routine's own cycles, call and return included.  The table is measured once per
 * process, in a child process (a second board in the same process as the run's
 * would share Verilator's and Unicorn's process-wide state).
 *
 * An instruction is charged the routines it needs (madd.d: a multiply and an
 * add; c.ult.d: a compare and an unordered test; rsqrt: a square root and a
 * divide), plus the call from translated code: the NOP loop's cycles per
 * iteration (loading the operands, the call, storing the result) and CALL_SAVE
 * for saving and restoring the volatile PowerPC registers that hold guest
 * registers.  Moves, FCSR accesses and the indexed loads and stores need no
 * routine and cost nothing here (their code would be inline).
 *
 * Not modelled: operand-dependent costs (every add costs the mean add), the FCSR
 * rounding modes and flags (the routines run in round-to-nearest).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <libfdt.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../firmware/fpcost.h"
#include "mips.h"
#include "runtime.h"

#define FPCOST_N  64
#define CALL_SAVE 14 /* r6..r12 saved and restored around the call: 7 stw + 7 lwz */
#define IN_ADDR   0x00080000u
#define OUT_ADDR  0x00090000u
#define STACK_TOP 0x000FE000u

static struct {
  int measured;
  uint32_t op[FPCOST_NOPS]; /* routine cycles per operation (NOP: the call itself) */
} table;

/* A deterministic operand generator (xorshift32). */
static uint32_t next(uint32_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 17;
  *s ^= *s << 5;
  return *s;
}

/* A normal double of either sign with exponent -20..20 and a random fraction. */
static uint64_t some_double(uint32_t *s) {
  uint64_t exp = (uint64_t)(1023 - 20 + next(s) % 41), frac = (uint64_t)next(s) << 20 ^ next(s);
  uint64_t v = exp << 52 | (frac & 0xFFFFFFFFFFFFFull);
  return next(s) & 1 ? v | 1ull << 63 : v;
}

static uint32_t some_float(uint32_t *s) {
  uint32_t exp = 127 - 20 + next(s) % 41;
  return (next(s) & 1) << 31 | exp << 23 | (next(s) & 0x7FFFFF);
}

/* Operand records for op (FPCOST_REC words: a, b as two words each). */
static void operands(uint8_t *p, int op) {
  uint32_t s = 0x2545F491u + (uint32_t)op;
  for (unsigned k = 0; k < FPCOST_N; k++, p += 4 * FPCOST_REC) {
    uint32_t w[FPCOST_REC];
    for (unsigned h = 0; h < 2; h++) {
      uint64_t v;
      switch (op) {
      case FPCOST_CVT_S_W:
      case FPCOST_CVT_D_W: v = (uint64_t)(next(&s) % 2000001u - 1000000u) << 32; break;
      case FPCOST_CVT_S_L:
      case FPCOST_CVT_D_L: v = (uint64_t)(int64_t)(int32_t)(next(&s) % 2000001u - 1000000u); break;
      case FPCOST_ADD_S:
      case FPCOST_SUB_S:
      case FPCOST_MUL_S:
      case FPCOST_DIV_S:
      case FPCOST_SQRT_S:
      case FPCOST_NEG_S:
      case FPCOST_CMP_S:
      case FPCOST_UNORD_S:
      case FPCOST_CVT_D_S:
      case FPCOST_CVT_W_S:
      case FPCOST_CVT_L_S: v = (uint64_t)some_float(&s) << 32; break;
      default: v = some_double(&s);
      }
      if (op == FPCOST_SQRT_S || op == FPCOST_SQRT_D)
        v &= ~(1ull << 63); /* square roots of positive numbers */
      w[2 * h] = (uint32_t)(v >> 32);
      w[2 * h + 1] = (uint32_t)v;
    }
    for (unsigned i = 0; i < FPCOST_REC; i++)
      dbt_put_be32(p + 4 * i, w[i]);
  }
}

/* Measures cycles[] on a board of its own (the caller runs this in a child process). */
static int measure_board(vboard *b, const char *image, uint32_t cycles[FPCOST_NOPS], char *err,
                         size_t errlen) {
  uint32_t base, size;
  uint8_t *ram = vboard_ram(b, &base, &size);
  const void *dtb = ram + (vboard_dtb_addr(b) - base);
  if (!image)
    return errf(err, errlen, "no soft-float image to measure the FPU's cost with"), -1;
  vboard *m = vboard_new(dtb, fdt_totalsize(dtb), err, errlen);
  if (!m)
    return -1;
  vboard_cache_info ci; /* the routines run with the run's caches, on or off */
  vboard_caches(b, &ci);
  vboard_set_caches(m, ci.on);
  if (vboard_load_elf(m, image, err, errlen) < 0) {
    vboard_free(m);
    return -1;
  }
  uint8_t *mram = vboard_ram(m, &base, &size);
  uint32_t entry = vboard_entry(m);
  vboard_result r;
  vboard_start(m, 0, &r);
  for (int op = 0; op < FPCOST_NOPS; op++) {
    operands(mram + IN_ADDR - base, op);
    uint32_t regs[][2] = {
        {1, STACK_TOP}, {3, (uint32_t)op}, {4, FPCOST_N}, {5, IN_ADDR}, {6, OUT_ADDR}};
    for (unsigned i = 0; i < sizeof regs / sizeof *regs; i++)
      vboard_set_gpr(m, regs[i][0], regs[i][1]);
    uint64_t t0 = vboard_cycles(m);
    if (vboard_call(m, entry, entry + 4) != 0) {
      errf(err, errlen, "the soft-float image %s stopped: %s", image, r.message);
      vboard_free(m);
      return -1;
    }
    cycles[op] = (uint32_t)(vboard_cycles(m) - t0);
  }
  return 0;
}

/* The measurement runs in a child process: a second board (a second Verilated IP
 * and Unicorn CPU) then never shares this process with the run's. */
static int measure(vboard *b, const char *image, char *err, size_t errlen) {
  struct {
    int ok;
    uint32_t cycles[FPCOST_NOPS];
    char err[200];
  } m;
  int fd[2];
  if (pipe(fd) < 0)
    return errf(err, errlen, "cannot measure the FPU's cost: %s", strerror(errno)), -1;
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    close(fd[0]);
    memset(&m, 0, sizeof m);
    m.ok = measure_board(b, image, m.cycles, m.err, sizeof m.err) == 0;
    _exit(write(fd[1], &m, sizeof m) == (ssize_t)sizeof m ? 0 : 1);
  }
  close(fd[1]);
  ssize_t n = pid < 0 ? -1 : read(fd[0], &m, sizeof m);
  close(fd[0]);
  if (pid > 0)
    waitpid(pid, NULL, 0);
  if (n != (ssize_t)sizeof m)
    return errf(err, errlen, "cannot measure the FPU's cost (the measuring process died)"), -1;
  if (!m.ok)
    return errf(err, errlen, "%s", m.err), -1;
  const uint32_t *cycles = m.cycles;
  for (int op = 0; op < FPCOST_NOPS; op++) {
    uint32_t c = op == FPCOST_NOP || cycles[op] < cycles[FPCOST_NOP]
                     ? cycles[op]
                     : cycles[op] - cycles[FPCOST_NOP];
    table.op[op] = (c + FPCOST_N / 2) / FPCOST_N;
  }
  table.op[FPCOST_NOP] += CALL_SAVE;
  table.measured = 1;
  return 0;
}

int dbt_fp_measure(vboard *b, const char *image, char *err, size_t errlen) {
  return table.measured ? 0 : measure(b, image, err, errlen);
}

int rt_fp_costs(dbt *d, char *err, size_t errlen) {
  return dbt_fp_measure(d->b, d->o.fp_image, err, errlen);
}

size_t dbt_fp_costs(const char *const **names, const uint32_t **cycles) {
  static const char *const n[FPCOST_NOPS] = {
#define X(name) #name,
      FPCOST_OPS(X)
#undef X
  };
  *names = n;
  *cycles = table.op;
  return table.measured ? FPCOST_NOPS : 0;
}

int rt_fp_costs_ready(void) {
  return table.measured;
}

uint32_t dbt_fp_op_cost(int op) {
  return op >= 0 && op < FPCOST_NOPS ? table.op[op] : 0;
}

/* The routines an instruction needs: up to three operations. */
static unsigned routines(uint32_t w, int ops[3]) {
  unsigned op = mips_op(w), fmt = mips_rs(w), fn = mips_funct(w), n = 0;
  if (op == OP_COP1X && fn >= 0x20) { /* madd, msub, nmadd, nmsub */
    int dbl = (fn & 7) == 1;
    ops[n++] = dbl ? FPCOST_MUL_D : FPCOST_MUL_S;
    ops[n++] = fn & 8 ? (dbl ? FPCOST_SUB_D : FPCOST_SUB_S) : (dbl ? FPCOST_ADD_D : FPCOST_ADD_S);
    if (fn >= 0x30)
      ops[n++] = dbl ? FPCOST_NEG_D : FPCOST_NEG_S;
    return n;
  }
  if (op != OP_COP1)
    return 0;
  if (fmt == C1_W || fmt == C1_L) {
    if (fn == 0x20)
      ops[n++] = fmt == C1_W ? FPCOST_CVT_S_W : FPCOST_CVT_S_L;
    else if (fn == 0x21)
      ops[n++] = fmt == C1_W ? FPCOST_CVT_D_W : FPCOST_CVT_D_L;
    return n;
  }
  if (fmt != C1_S && fmt != C1_D)
    return 0;
  int d = fmt == C1_D; /* the _D operation follows its _S one in fpcost.h */
  switch (fn) {
  case 0x00: ops[n++] = FPCOST_ADD_S + d; break;
  case 0x01: ops[n++] = FPCOST_SUB_S + d; break;
  case 0x02: ops[n++] = FPCOST_MUL_S + d; break;
  case 0x03: ops[n++] = FPCOST_DIV_S + d; break;
  case 0x04: ops[n++] = FPCOST_SQRT_S + d; break;
  case 0x05: /* abs */
  case 0x07: ops[n++] = FPCOST_NEG_S + d; break;
  case 0x15: ops[n++] = FPCOST_DIV_S + d; break; /* recip */
  case 0x16:                                     /* rsqrt */
    ops[n++] = FPCOST_SQRT_S + d;
    ops[n++] = FPCOST_DIV_S + d;
    break;
  case 0x20: ops[n++] = d ? FPCOST_CVT_S_D : FPCOST_NOP; break;
  case 0x21: ops[n++] = d ? FPCOST_NOP : FPCOST_CVT_D_S; break;
  default:
    if ((fn >= 0x08 && fn <= 0x0B) || fn == 0x25) /* round, trunc, ceil, floor .l; cvt.l */
      ops[n++] = FPCOST_CVT_L_S + d;
    else if ((fn >= 0x0C && fn <= 0x0F) || fn == 0x24) /* ... .w; cvt.w */
      ops[n++] = FPCOST_CVT_W_S + d;
    else if (fn >= 0x30) { /* c.cond: a compare, and an unordered test for the U conditions */
      ops[n++] = FPCOST_CMP_S + d;
      if (fn & 1)
        ops[n++] = FPCOST_UNORD_S + d;
    }
  }
  return n;
}

uint32_t rt_fp_cost(const dbt *d, uint32_t w) {
  (void)d;
  int ops[3];
  unsigned n = routines(w, ops);
  uint32_t c = n ? table.op[FPCOST_NOP] : 0;
  for (unsigned i = 0; i < n; i++)
    if (ops[i] != FPCOST_NOP)
      c += table.op[ops[i]];
  return c;
}
