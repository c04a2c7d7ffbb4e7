/*
 * fpgate.c - the guest's floating point on a board without an FPU.
 *
 * The PPC405 has no FPU, so a translated COP1/COP1X instruction other than a
 * move calls the FPU helper (translate.h, DBT_EXIT_HELPER): `bl` to the
 * helper's stub, which branches to the FPU gate at DBT_FP_GATE.  A host service
 * there (vboard_set_service) executes the instruction on the guest's FPU state
 * in place (fpu.c, bit-exact with qemu-mips) without the CPU leaving the run,
 * and the gate returns to the translated code after the exit's pc word.  Instructions that read or
 * write the guest's integer registers (ctc1, cfc1, movci, movz.fmt/movn.fmt, the indexed loads and
 * stores) and any that raise an exception the guest takes leave through the gate to the dispatcher,
 * which runs the same helper there (rt_fpu_exit).
 *
 * What the work costs the CPU.  A PPC405 without an FPU runs soft-float
 * routines: each instruction is charged the cycles that libgcc's soft-float
 * routines (gcc's soft-fp, built for the 405 with -msoft-float) take on this
 * board for it, measured when the runtime starts (fpcost.c), plus the call from
 * translated code.  The gate's own three instructions are charged by the cycle
 * model as they run.
 */
#include <stdio.h>
#include <string.h>

#include "fpu.h"
#include "mips.h"
#include "runtime.h"

/* Runs w on the guest's FPU state (FPRs and FCSR in the CPU state; GPRs from the
 * board when the instruction reads them).  Returns mips_fpu_exec's result; the
 * state is written back only on MIPS_FPU_OK. */
static int fpu_exec(dbt *d, uint32_t w, int with_gprs) {
  mips_fpu f;
  for (int i = 0; i < 32; i++)
    f.fpr[i] = rd32(d, DBT_STATE + DBT_ST_FPR(i));
  f.fcsr = rd32(d, DBT_STATE + DBT_ST_FCSR);
  if (with_gprs)
    rt_read_gprs(d, f.gpr);
  else
    memset(f.gpr, 0, sizeof f.gpr);
  f.gpr_written = 0;
  int rc = mips_fpu_exec(&f, w, d->ram, DBT_GUEST_TOP);
  if (rc != MIPS_FPU_OK)
    return rc;
  for (int i = 0; i < 32; i++)
    wr32(d, DBT_STATE + DBT_ST_FPR(i), f.fpr[i]);
  wr32(d, DBT_STATE + DBT_ST_FCSR, f.fcsr);
  for (unsigned i = 1; i < 32; i++)
    if (f.gpr_written >> i & 1)
      rt_write_gpr(d, i, f.gpr[i]);
  return MIPS_FPU_OK;
}

/* The instruction touches only the FPU's state: the gate may run it. */
static int fpu_only(uint32_t w) {
  unsigned op = mips_op(w), fmt = mips_rs(w), fn = mips_funct(w);
  if (op == OP_COP1)
    return (fmt == C1_S || fmt == C1_D || fmt == C1_W || fmt == C1_L) && fn != C1F_MOVZ &&
           fn != C1F_MOVN;
  if (op == OP_COP1X)
    return fn >= 0x20; /* madd, msub, nmadd, nmsub (not the indexed loads and stores) */
  return 0;
}

/* An FPU instruction's soft-float cycles, charged to the board and kept for the report
 * (dbt_stats.fp_cycles: the board's service cycles hold system calls' too). */
static void charge(dbt *d, uint32_t w) {
  uint64_t c = rt_fp_cost(d, w);
  vboard_charge(d->b, c);
  d->st.fp_cycles += c;
}

static void gate(void *ctx) {
  dbt *d = ctx;
  if (vboard_get_gpr(d->b, 0) != DBT_EXIT_HELPER || !rt_fp_costs_ready())
    return; /* the first time: measured at the exit, outside the run */
  uint32_t lr = vboard_get_lr(d->b), w = rd32(d, rd32(d, lr));
  if (!fpu_only(w) || fpu_exec(d, w, 0) != MIPS_FPU_OK)
    return; /* r0 stays DBT_EXIT_HELPER: the gate exits to rt_fpu_exit */
  vboard_set_gpr(d->b, 0, 0);
  vboard_set_lr(d->b, lr + 4); /* past the pc word */
  charge(d, w);
  d->st.fp_gate++;
}

int rt_fp_gate_setup(dbt *d, char *err, size_t errlen) {
  if (vboard_set_service(d->b, DBT_FP_GATE, gate, d) < 0)
    return errf(err, errlen, "the board has a host service already (the FPU gate)"), -1;
  return 0;
}

int rt_fpu_exit(dbt *d, uint32_t pc, dbt_result *r) {
  uint32_t w = rd32(d, pc);
  char err[240];
  if (rt_fp_costs(d, err, sizeof err) < 0) {
    r->how = DBT_STOPPED;
    errf(r->message, sizeof r->message, "cannot charge the FPU helper: %s", err);
    return -1;
  }
  int rc = fpu_exec(d, w, 1);
  d->st.fp_exits++;
  if (rc == MIPS_FPU_OK) {
    charge(d, w);
    return 0;
  }
  if (rc == MIPS_FPU_RESERVED) {
    r->how = DBT_UNIMPL;
    r->insn = w;
  } else {
    r->how = DBT_SIGNALED;
    r->signal = rc == MIPS_FPU_SIGFPE ? DBT_SIGFPE : DBT_SIGSEGV;
  }
  r->pc = pc;
  return -1;
}
