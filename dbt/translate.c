/*
 * translate.c - the translator core: MIPS32r2 basic blocks to PowerPC 405 code.
 * See translate.h for the conventions of translated code.
 *
 * A block runs from its entry to the first branch or jump and its delay slot,
 * a syscall, break or unknown instruction, or max_insns instructions.  Its code:
 *
 *   profile      hw: stb r0, pc|flags - near(r5), into the IP's EVENT window (the
 *                    store's address is the event); with --hw-probe word
 *                    addi r0, r5, pc|flags - near; stw r0, EVENT(r2); past r5's
 *                    reach lis+ori r0, pc|flags; stw r0, EVENT(r2) (flags: how
 *                    the block ends, hwprof_regs.h); with --cct the probe carries the
 *                    block's instruction count n as the event's weight: li r0, n
 *                    before the stb, or the stw to EVENT_W + 4n instead of EVENT
 *                sw: lwz r4, c(r2); addi r4, r4, 1; stw r4, c(r2); with --cct
 *                    also the running totals of blocks and instructions (6), and a
 *                    packet at a call, return or indirect jump (translate.h)
 *                all: both, the counter by its address (lis r3 first)
 *   body         about one PowerPC instruction per MIPS instruction
 *   terminator   condition into cr7, link, delay slot, exits (stubs)
 *   cold stubs   traps (overflow, teq, ...) reached by forward bc, out of line
 */
#include "translate.h"

#include <string.h>

#include "guest.h"
#include "hwprof_regs.h"
#include "mips.h"
#include "ppc.h"

/* ------------------------------------------------------------ register map */

/* MIPS GPR -> PowerPC register.  27 of 31 fit; the four least used by compiled
 * code (counted over static glibc: $t7 and $t8 are the rarest temporaries, $k0
 * and $k1 belong to the kernel) live in the state, as do HI and LO (touched only
 * by multiply/divide and mf/mt). */
/* Without --confine, $s7 in r26; with it, $s7 lives in the state too, and r26 holds
 * the check's limit (DBT_R_LIMIT): $s7 is the least used of the 26 in the suite. */
// clang-format off
#define HOST_REGS(s7) {                                                       \
    /* $0 zero */ -1, /* $1 at */ -1,  /* $2 v0 */ 6,   /* $3 v1 */ 7,       \
    /* $4 a0 */ 8,    /* $5 a1 */ 9,   /* $6 a2 */ 10,  /* $7 a3 */ 11,      \
    /* $8 t0 */ 12,   /* $9 t1 */ 13,  /* $10 t2 */ 14, /* $11 t3 */ 15,     \
    /* $12 t4 */ 16,  /* $13 t5 */ 17, /* $14 t6 */ 18, /* $15 t7 */ -1,     \
    /* $16 s0 */ 19,  /* $17 s1 */ 20, /* $18 s2 */ 21, /* $19 s3 */ 22,     \
    /* $20 s4 */ 23,  /* $21 s5 */ 24, /* $22 s6 */ 25, /* $23 s7 */ s7,     \
    /* $24 t8 */ -1,  /* $25 t9 */ 27, /* $26 k0 */ -1, /* $27 k1 */ -1,     \
    /* $28 gp */ 28,  /* $29 sp */ 29, /* $30 fp */ 30, /* $31 ra */ 31,     \
}
// clang-format on
const int8_t dbt_host_reg[32] = HOST_REGS(26);
const int8_t dbt_host_reg_confined[32] = HOST_REGS(-1);

enum { R0 = 0, RS = DBT_R_STATE, RP = DBT_R_PROF, R3 = 3, R4 = 4, RH = DBT_R_HI };
enum { CR0 = 0, CR1 = 1, CR7 = 7 };
#define BI7(bit) (4 * CR7 + (bit))

/* ------------------------------------------------------------ the emitter */

#define MAX_BLOCK 64                                /* guest instructions per block, at most */
#define MAX_COLD  ((MAX_BLOCK + 1) * DBT_TRACE_MAX) /* trap stubs: one per instruction at most */

typedef struct cold {
  uint32_t at;      /* offset of the bc that reaches it */
  uint32_t pc;      /* guest pc */
  uint32_t signal;  /* the guest's signal */
  dbt_block *owner; /* the block whose instruction traps (its trap_addr range) */
} cold;

/* A superblock's side exit: the bc at `at` leaves the recorded path, to guest pc
 * `dest` (a chain exit) or, for an inlined indirect jump, to the lookup of the
 * target in register `reg`. */
typedef struct side {
  uint32_t at, dest;
  int indirect;
  unsigned reg;
  dbt_block *owner; /* the member it leaves from */
} side;

typedef struct em {
  const dbt_core *c;
  uint8_t *p;    /* buf + start */
  uint32_t addr; /* PowerPC address of p[0] */
  uint32_t n, cap;
  int overflow;
  cold colds[MAX_COLD];
  unsigned ncold;
  uint32_t cct_insns_at; /* --cct, sw: the addi of the block's instruction count */
  /* Superblocks: where the recorded path goes after the block being emitted (0:
   * nowhere, a plain block), whether the block is the last member, whether the
   * path closes a loop to the head (offset 0), and whether the block went on
   * along the path. */
  uint32_t next;
  int head, last, loop, continued;
  side sides[DBT_SIDE_MAX * DBT_TRACE_MAX];
  unsigned nside;
  /* Superblocks with derived counts: the head's and the side exits' probes (NULL:
   * every member has its own). */
  const dbt_sb_probes *sbp;
  /* The block's hw probe: the instruction that carries the EVENT word's low half
   * (offset probe_at; probe_near: the addi, else the ori), rewritten with the
   * block's flags once its end is known. */
  int probe, probe_near;
  uint32_t probe_at, probe_pc;
  uint32_t weight_at; /* --cct, hw: the probe's instruction that carries the block's weight */
  /* The block being emitted (its edge site), and the next edge site to give out. */
  dbt_block *block;
  uint32_t edge_next;
  /* Alignment checks: the MIPS registers known, at this point of the unit, to hold
   * a multiple of 4 (of 2), whose checks can be left out (check_align). */
  uint32_t aligned4, aligned2;
  /* Confinement (check_confine): the MIPS registers known, at this point of the unit,
   * to hold an address below DBT_GUEST_TOP (checked), within 32 KiB of one (near),
   * or a constant (konst, value kval). */
  uint32_t checked, near, konst;
  uint32_t kval[32];
  /* The guest instruction being emitted and its block's first (dbt_core.insn_of). */
  uint32_t cur_pc, blk_pc;
  const int8_t *hr; /* where each MIPS register lives (dbt_host_regs) */
} em;

/* Rewrites the word emitted at byte offset at. */
static void patch(em *e, uint32_t at, uint32_t w) {
  if (at + 4 <= e->n) {
    e->p[at] = (uint8_t)(w >> 24);
    e->p[at + 1] = (uint8_t)(w >> 16);
    e->p[at + 2] = (uint8_t)(w >> 8);
    e->p[at + 3] = (uint8_t)w;
  }
}

static void put(em *e, uint32_t w) {
  if (e->n + 4 > e->cap) {
    e->overflow = 1;
    return;
  }
  e->n += 4;
  patch(e, e->n - 4, w);
  if (e->c && e->c->insn_of) { /* (no core: the exit stubs) */
    uint32_t k = (e->cur_pc - e->blk_pc) / 4;
    e->c->insn_of[(e->addr - e->c->buf_addr + e->n - 4) / 4] =
        e->cur_pc >= e->blk_pc && k < 255 ? (uint8_t)(k + 1) : 0;
  }
}

/* bl to an exit stub, then the data words. */
static void exit_to(em *e, int kind) {
  put(e, ppc_bl((int32_t)(e->c->exit_stub[kind] - (e->addr + e->n))));
}

static void load_imm(em *e, unsigned r, uint32_t v) {
  if ((int32_t)v == (int16_t)v) {
    put(e, ppc_li(r, (int16_t)v));
  } else {
    put(e, ppc_lis(r, (int16_t)(v >> 16)));
    if (v & 0xFFFF)
      put(e, ppc_ori(r, r, (uint16_t)v));
  }
}

/* A conditional branch (BO, BI) to a cold trap stub raising `signal` at pc. */
static void trap_if(em *e, unsigned bo, unsigned bi, uint32_t pc, uint32_t signal) {
  if (e->ncold == MAX_COLD) {
    e->overflow = 1; /* cannot happen: blocks have at most MAX_BLOCK instructions */
    return;
  }
  e->colds[e->ncold++] = (cold){e->n, pc, signal, e->block};
  put(e, ppc_bc(bo, bi, 0));
}

static uint32_t word_at(const em *e, uint32_t at) {
  return (uint32_t)e->p[at] << 24 | (uint32_t)e->p[at + 1] << 16 | (uint32_t)e->p[at + 2] << 8 |
         e->p[at + 3];
}

/* The bc at `at` (emitted with displacement 0) now reaches the current offset. */
static void land(em *e, uint32_t at) {
  patch(e, at, word_at(e, at) | ((e->n - at) & 0xFFFC));
}

/* Out-of-line code at the current offset now belongs to block b's range [*addr,
 * *addr + *size) (emitted in block order, so each block's is contiguous). */
static void extend(const em *e, uint32_t *addr, uint32_t *size, uint32_t from) {
  if (!*size)
    *addr = e->addr + from;
  *size = e->addr + e->n - *addr;
}

static void emit_colds(em *e) {
  e->cur_pc = 0; /* out of line: no instruction of a block */
  e->blk_pc = 1;
  for (unsigned i = 0; i < e->ncold && !e->overflow; i++) {
    cold *k = &e->colds[i];
    uint32_t from = e->n;
    land(e, k->at);
    exit_to(e, DBT_EXIT_TRAP);
    put(e, k->pc);
    put(e, k->signal);
    extend(e, &k->owner->trap_addr, &k->owner->trap_size, from);
  }
  e->ncold = 0;
}

/* ------------------------------------------------------------ registers */

/* The PowerPC register holding MIPS register m, loading it into `scratch` if it
 * is spilled (or $0). */
static unsigned src(em *e, unsigned m, unsigned scratch) {
  if (m == 0) {
    put(e, ppc_li(scratch, 0));
    return scratch;
  }
  if (e->hr[m] >= 0)
    return (unsigned)e->hr[m];
  put(e, ppc_lwz(scratch, RS, DBT_ST_GPR(m)));
  return scratch;
}

/* As src, for a D-form base: $0 is register 0, which reads as 0 there. */
static unsigned base(em *e, unsigned m) {
  return m == 0 ? 0 : src(e, m, R3);
}

/* Where to compute MIPS register m: its own register, or r0 then commit. */
static unsigned dst(const em *e, unsigned m) {
  return m && e->hr[m] >= 0 ? (unsigned)e->hr[m] : R0;
}

static void commit(em *e, unsigned m, unsigned h) {
  if (m && e->hr[m] < 0)
    put(e, ppc_stw(h, RS, DBT_ST_GPR(m)));
}

/* A superset of the GPRs an instruction writes (for a jump register saved
 * across its delay slot). */
static uint32_t gpr_writes(uint32_t w) {
  switch (mips_op(w)) {
  case OP_SPECIAL: return 1u << mips_rd(w);
  case OP_SB:
  case OP_SH:
  case OP_SW:
  case OP_SWL:
  case OP_SWR:
  case OP_SWC1:
  case OP_SDC1:
  case OP_CACHE:
  case OP_PREF: return 0;
  default: return 1u << mips_rt(w) | 1u << mips_rd(w);
  }
}

/* ------------------------------------------------------------ instructions */

enum { T_OK, T_UNIMPL, T_HELPER };

/* rd = f(rs, rt) with a single PowerPC X/XO instruction built by `mk`. */
static void alu3(em *e, unsigned rd, unsigned rs, unsigned rt,
                 uint32_t (*mk)(unsigned, unsigned, unsigned)) {
  unsigned s = src(e, rs, R3), t = src(e, rt, R4), d = dst(e, rd);
  put(e, mk(d, s, t));
  commit(e, rd, d);
}

static uint32_t mk_subu(unsigned d, unsigned s, unsigned t) {
  return ppc_subf(d, t, s);
}

/* Set-on-less-than: compare into cr0, copy its LT bit. */
static void set_lt(em *e, unsigned rd) {
  unsigned d = dst(e, rd);
  put(e, ppc_mfcr(R0));
  put(e, ppc_rlwinm(d, R0, 1, 31, 31));
  commit(e, rd, d);
}

static void shift_var(em *e, uint32_t w, unsigned xo) {
  unsigned rd = mips_rd(w), t = src(e, mips_rt(w), R3), s = src(e, mips_rs(w), R4);
  unsigned d = dst(e, rd);
  put(e, ppc_rlwinm(R4, s, 0, 27, 31));
  put(e, ppc_xl(d, t, R4, xo, 0));
  commit(e, rd, d);
}

/* HI:LO from a 32x32 multiply, or HI:LO +/-= it (madd/msub families). */
static void mul64(em *e, uint32_t w, int is_unsigned, int acc) {
  unsigned s = src(e, mips_rs(w), R3), t = src(e, mips_rt(w), R4);
  put(e, ppc_mullw(R0, s, t));
  put(e, is_unsigned ? ppc_mulhwu(R4, s, t) : ppc_mulhw(R4, s, t));
  if (acc > 0) { /* HI:LO += R4:R0 */
    put(e, ppc_lwz(R3, RS, DBT_ST_LO));
    put(e, ppc_addc(R0, R0, R3));
    put(e, ppc_lwz(R3, RS, DBT_ST_HI));
    put(e, ppc_adde(R4, R4, R3));
  } else if (acc < 0) { /* HI:LO -= R4:R0 */
    put(e, ppc_lwz(R3, RS, DBT_ST_LO));
    put(e, ppc_subfc(R0, R0, R3));
    put(e, ppc_lwz(R3, RS, DBT_ST_HI));
    put(e, ppc_subfe(R4, R4, R3));
  }
  put(e, ppc_stw(R0, RS, DBT_ST_LO));
  put(e, ppc_stw(R4, RS, DBT_ST_HI));
}

/* div/divu as qemu-mips does them: a zero divisor (and INT_MIN / -1) divides
 * by 1, so LO = rs and HI = 0.  The PPC405 leaves those cases undefined. */
static void divide(em *e, uint32_t w, int is_unsigned) {
  unsigned s = src(e, mips_rs(w), R3), t = src(e, mips_rt(w), R4);
  /* r4 = divisor (t or 1); the checks branch forward over each other. */
  if (t != R4)
    put(e, ppc_mr(R4, t));
  put(e, ppc_cmpwi(CR1, R4, 0));
  uint32_t to_one = e->n;
  put(e, ppc_bc(PPC_BO_TRUE, 4 * CR1 + PPC_EQ, 0)); /* zero: use 1 */
  uint32_t skip1 = 0, skip2 = 0;
  if (!is_unsigned) {
    put(e, ppc_cmpwi(CR1, R4, -1));
    skip1 = e->n;
    put(e, ppc_bc(PPC_BO_FALSE, 4 * CR1 + PPC_EQ, 0));
    put(e, ppc_lis(R0, (int16_t)0x8000));
    put(e, ppc_cmpw(CR1, s, R0));
    skip2 = e->n;
    put(e, ppc_bc(PPC_BO_FALSE, 4 * CR1 + PPC_EQ, 0));
  } else {
    skip1 = e->n;
    put(e, ppc_b(0));
  }
  patch(e, to_one, ppc_bc(PPC_BO_TRUE, 4 * CR1 + PPC_EQ, (int32_t)(e->n - to_one)));
  put(e, ppc_li(R4, 1));
  if (is_unsigned)
    patch(e, skip1, ppc_b((int32_t)(e->n - skip1)));
  else {
    patch(e, skip1, ppc_bc(PPC_BO_FALSE, 4 * CR1 + PPC_EQ, (int32_t)(e->n - skip1)));
    patch(e, skip2, ppc_bc(PPC_BO_FALSE, 4 * CR1 + PPC_EQ, (int32_t)(e->n - skip2)));
  }
  put(e, is_unsigned ? ppc_divwu(R0, s, R4) : ppc_divw(R0, s, R4));
  put(e, ppc_stw(R0, RS, DBT_ST_LO));
  put(e, ppc_mullw(R0, R0, R4));
  put(e, ppc_subf(R0, R0, s));
  put(e, ppc_stw(R0, RS, DBT_ST_HI));
}

/* movz/movn: rd = rs when rt is (not) zero. */
static void cond_move(em *e, uint32_t w, int on_zero) {
  unsigned rd = mips_rd(w);
  if (!rd)
    return;
  unsigned t = src(e, mips_rt(w), R4), s = src(e, mips_rs(w), R3);
  put(e, ppc_cmpwi(CR1, t, 0));
  put(e, ppc_bc(on_zero ? PPC_BO_FALSE : PPC_BO_TRUE, 4 * CR1 + PPC_EQ, 8));
  if (e->hr[rd] >= 0)
    put(e, ppc_mr((unsigned)e->hr[rd], s));
  else
    put(e, ppc_stw(s, RS, DBT_ST_GPR(rd)));
}

/* Traps: teq/tne/tge/tgeu/tlt/tltu and their immediate forms.  The guest takes
 * SIGTRAP whatever the code field, as under qemu-mips (Linux sends SIGFPE for
 * codes 6 and 7). */
static void trap_cmp(em *e, uint32_t pc, unsigned s, int is_unsigned, int has_imm, int16_t imm,
                     unsigned rt, unsigned bo, unsigned bit) {
  if (has_imm) {
    if (is_unsigned) {
      put(e, ppc_li(R4, imm)); /* sign-extended, compared unsigned */
      put(e, ppc_cmplw(CR1, s, R4));
    } else {
      put(e, ppc_cmpwi(CR1, s, imm));
    }
  } else {
    unsigned t = src(e, rt, R4);
    put(e, is_unsigned ? ppc_cmplw(CR1, s, t) : ppc_cmpw(CR1, s, t));
  }
  trap_if(e, bo, 4 * CR1 + bit, pc, DBT_SIGTRAP);
}

/* add/addi/sub: trap on signed overflow before writing rd. */
static void add_trap(em *e, uint32_t pc, uint32_t w) {
  unsigned op = mips_op(w), s = src(e, mips_rs(w), R3), rd;
  if (op == OP_ADDI) {
    int16_t imm = mips_imm(w);
    rd = mips_rt(w);
    put(e, ppc_addi(R0, s, imm)); /* s is never r0 */
    /* overflow iff the sign changed the wrong way */
    put(e, imm >= 0 ? ppc_xl(R4, R0, s, 60, 1) : ppc_xl(R4, s, R0, 60, 1)); /* andc. */
  } else {
    unsigned t = src(e, mips_rt(w), R4);
    rd = mips_rd(w);
    if (mips_funct(w) == F_ADD) {
      put(e, ppc_add(R0, s, t));
      put(e, ppc_xor(R3, R0, s));
      put(e, ppc_xor(R4, R0, t));
    } else {
      put(e, ppc_subf(R0, t, s));
      put(e, ppc_xor(R4, s, t));
      put(e, ppc_xor(R3, s, R0));
    }
    put(e, ppc_xl(R3, R3, R4, 28, 1)); /* and. */
  }
  trap_if(e, PPC_BO_TRUE, 4 * CR0 + PPC_LT, pc, DBT_SIGFPE);
  if (rd) {
    if (e->hr[rd] >= 0)
      put(e, ppc_mr((unsigned)e->hr[rd], R0));
    else
      commit(e, rd, R0);
  }
}

/* Confinement (dbt_core.confine): the guest owns [0, DBT_GUEST_TOP) of the address
 * space (what of it is mapped: guest.h); above it are a 64 KiB guard off the bus,
 * the translator's memory, the IP and the UART.  Before a load or store whose
 * base register is not known to hold an address below DBT_GUEST_TOP:
 *
 *   tw lge, base, r26             trap when base >= DBT_GUEST_TOP (unsigned)
 *
 * one cycle, no branch: r26 holds DBT_GUEST_TOP (DBT_R_LIMIT; its MIPS register,
 * $s7, lives in the state under --confine: dbt_host_reg_confined).  The 16-bit
 * offset takes a checked base at most 32 KiB past DBT_GUEST_TOP, into the guard, or
 * below 0, to the top of the address space, where the board maps nothing; either
 * faults as unmapped.  A base computed from a checked one by an addiu (near) stays
 * within the 64 KiB guard the same way, for offsets that with the access's size
 * span at most 32 KiB (else it is checked).  The program exception is SIGSEGV at the
 * access's guest pc (fault.c).  Left out: $zero's offsets (the null page or the top),
 * constants known to be below DBT_GUEST_TOP, registers checked or derived earlier in
 * the unit and not written since. */
#define CONFINE_KEPT (1u << 28 | 1u << 29) /* $gp, $sp: see confine_kept */
#define CONFINE_NEAR 0x8000u               /* how far from a checked value near is */

/* The check of MIPS register m, whose value is in PowerPC register b. */
static void confine_check(em *e, unsigned m, unsigned b) {
  put(e, ppc_tw(PPC_TO_LGT | PPC_TO_EQ, b, DBT_R_LIMIT));
  e->checked |= 1u << m;
}

static void check_confine(em *e, unsigned mb, unsigned b, int16_t off, unsigned size) {
  uint32_t reach = (off < 0 ? (uint32_t) - (int32_t)off : (uint32_t)off) + size;
  if (!e->c->confine || mb == 0 || (e->checked >> mb & 1) ||
      ((e->near >> mb & 1) && reach <= CONFINE_NEAR))
    return;
  if ((e->konst >> mb & 1) && e->kval[mb] < DBT_GUEST_TOP - 0x10000u &&
      e->kval[mb] + (uint32_t)(int32_t)off + size <= DBT_GUEST_TOP)
    return;
  confine_check(e, mb, b);
}

/* After instruction w: what it writes is no longer known, except constants (lui,
 * addiu and ori of one, a move), moves, and addiu of a checked register (near). */
static void note_confine(em *e, uint32_t w) {
  unsigned op = mips_op(w), rs = mips_rs(w), rt = mips_rt(w), rd = mips_rd(w), f = mips_funct(w);
  uint32_t writes = gpr_writes(w), c = 0, n = 0, k = 0, v = 0;
  int16_t imm = mips_imm(w);
  unsigned to = 0;
  if (op == OP_LUI) {
    to = rt, k = 1, v = (uint32_t)(uint16_t)imm << 16;
  } else if (op == OP_ADDIU || op == OP_ORI) {
    to = rt;
    if (e->konst >> rs & 1)
      k = 1, v = op == OP_ORI ? e->kval[rs] | (uint16_t)imm : e->kval[rs] + (uint32_t)(int32_t)imm;
    else if (op == OP_ADDIU && (e->checked >> rs & 1))
      n = 1;
  } else if (op == OP_SPECIAL && (f == F_ADDU || f == F_OR) && (rs == 0 || rt == 0)) {
    unsigned from = rs ? rs : rt; /* move rd, from */
    to = rd, c = e->checked >> from & 1, n = e->near >> from & 1, k = e->konst >> from & 1;
    v = e->kval[from];
  }
  e->checked &= ~writes, e->near &= ~writes, e->konst &= ~writes;
  if (to) {
    e->checked |= c << to, e->near |= n << to, e->konst |= k << to;
    e->kval[to] = v;
  }
  e->checked |= 1u, e->konst |= 1u, e->kval[0] = 0;
}

static void confine_start(em *e) {
  e->checked = e->konst = 1u; /* $zero */
  e->near = CONFINE_KEPT;
  e->kval[0] = 0;
}

/* $gp and $sp are near at every unit's start: translated code checks them after
 * any write that leaves them unknown (below), and the runtime before it resumes
 * translated code (dispatch.c).  A constant below DBT_GUEST_TOP is known: the PIC
 * prologue's lui and addiu of $gp need no check, only its addu of $t9. */
static void confine_kept(em *e) {
  if (!e->c->confine)
    return;
  for (unsigned m = 28; m <= 29; m++)
    if (!((e->checked | e->near) >> m & 1) && !((e->konst >> m & 1) && e->kval[m] < DBT_GUEST_TOP))
      confine_check(e, m, (unsigned)e->hr[m]);
}

/* lwl/lwr/swl/swr (big-endian): the aligned word, shifted and merged. */
static void unaligned(em *e, uint32_t w) {
  unsigned op = mips_op(w), rt = mips_rt(w), b = base(e, mips_rs(w));
  int right = op == OP_LWR || op == OP_SWR;
  check_confine(e, mips_rs(w), b, mips_imm(w), 4);
  put(e, ppc_addi(R3, b, mips_imm(w)));
  put(e, ppc_rlwinm(R4, R3, 3, 27, 28)); /* 8 * (addr & 3) */
  if (right)
    put(e, ppc_d(8, R4, R4, 24)); /* subfic r4, r4, 24: 8 * (3 - (addr & 3)) */
  put(e, ppc_rlwinm(R3, R3, 0, 0, 29));
  if (op == OP_LWL || op == OP_LWR) {
    put(e, ppc_lwz(R3, R3, 0));
    put(e, right ? ppc_srw(R3, R3, R4) : ppc_slw(R3, R3, R4));
    put(e, ppc_li(R0, -1));
    put(e, right ? ppc_srw(R0, R0, R4) : ppc_slw(R0, R0, R4)); /* bytes replaced */
    if (!rt)
      return;
    unsigned t = e->hr[rt] >= 0 ? (unsigned)e->hr[rt] : R4;
    if (t == R4)
      put(e, ppc_lwz(R4, RS, DBT_ST_GPR(rt)));
    put(e, ppc_andc(t, t, R0));
    put(e, ppc_or(t, t, R3));
    commit(e, rt, t);
    return;
  }
  /* swl/swr: new = (old & ~mask) | (rt shifted) */
  unsigned t = rt == 0 ? R0 : e->hr[rt] >= 0 ? (unsigned)e->hr[rt] : R0;
  if (rt == 0)
    put(e, ppc_li(R0, 0));
  else if (t == R0)
    put(e, ppc_lwz(R0, RS, DBT_ST_GPR(rt)));
  put(e, right ? ppc_slw(R0, t, R4) : ppc_srw(R0, t, R4));
  put(e, ppc_stw(R0, RS, DBT_ST_TMP));
  put(e, ppc_li(R0, -1));
  put(e, right ? ppc_slw(R4, R0, R4) : ppc_srw(R4, R0, R4)); /* bytes written */
  put(e, ppc_lwz(R0, R3, 0));
  put(e, ppc_andc(R0, R0, R4));
  put(e, ppc_lwz(R4, RS, DBT_ST_TMP));
  put(e, ppc_or(R0, R0, R4));
  put(e, ppc_stw(R0, R3, 0));
}

/* MIPS raises an address error -- SIGBUS under Linux -- for a load or store not
 * aligned to its size, where the 405 just makes the access.  With
 * dbt_core.align_checks, a check before it: andi. on the address and a bne to a
 * trap stub (two instructions; three when the offset is not a multiple of the
 * size; none for $zero + an aligned offset). */
static void check_align(em *e, uint32_t pc, unsigned mb, unsigned b, int16_t off, unsigned size) {
  uint16_t m = (uint16_t)(size - 1);
  uint32_t *known = size == 2 ? &e->aligned2 : &e->aligned4;
  if (!e->c->align_checks || size < 2 || (size <= 4 && !(off & m) && (*known >> mb & 1)))
    return;
  if (b == 0) { /* $zero: the address is the offset */
    if (off & m)
      trap_if(e, PPC_BO_ALWAYS, 0, pc, DBT_SIGBUS);
    return;
  }
  if (off & m) {
    put(e, ppc_addi(R0, b, off));
    put(e, ppc_andi_(R0, R0, m));
  } else {
    put(e, ppc_andi_(R0, b, m));
  }
  trap_if(e, PPC_BO_FALSE, PPC_EQ, pc, DBT_SIGBUS);
  if (!(off & m)) /* past the check, the base is aligned */
    e->aligned2 |= 1u << mb, e->aligned4 |= size >= 4 ? 1u << mb : 0;
}

/* After instruction w: what it writes loses its known alignment, except where
 * it is known anyway (lui; addiu of an aligned register and offset; a move;
 * sll by 2 or more).  Registers the ABI keeps aligned ($sp, $gp) and $zero start
 * each unit known (align_start). */
static void note_align(em *e, uint32_t w) {
  unsigned op = mips_op(w), rs = mips_rs(w), rt = mips_rt(w), rd = mips_rd(w), f = mips_funct(w);
  uint32_t writes = gpr_writes(w), k4 = 0, k2 = 0; /* (branches: terminate) */
  int16_t imm = mips_imm(w);
  if (op == OP_LUI) {
    k4 = 1u << rt;
  } else if (op == OP_ADDIU) {
    k4 = (e->aligned4 >> rs & 1) && !(imm & 3) ? 1u << rt : 0;
    k2 = (e->aligned2 >> rs & 1) && !(imm & 1) ? 1u << rt : 0;
  } else if (op == OP_SPECIAL && (f == F_ADDU || f == F_OR) && (rs == 0 || rt == 0)) {
    unsigned from = rs ? rs : rt; /* move rd, from */
    k4 = (e->aligned4 >> from & 1) << rd;
    k2 = (e->aligned2 >> from & 1) << rd;
  } else if (op == OP_SPECIAL && f == F_SLL && rd) {
    unsigned sa = (w >> 6) & 31;
    k4 = sa >= 2 ? 1u << rd : 0;
    k2 = sa >= 1 ? 1u << rd : 0;
  }
  e->aligned4 = ((e->aligned4 & ~writes) | k4) | 1u;
  e->aligned2 = ((e->aligned2 & ~writes) | k2 | k4) | 1u;
}

static void align_start(em *e) {
  e->aligned4 = e->aligned2 = 1u | 1u << 28 | 1u << 29; /* $zero, $gp, $sp */
}

static void load(em *e, uint32_t pc, uint32_t w, unsigned ppc_op, int sign_byte, unsigned size) {
  unsigned rt = mips_rt(w), b = base(e, mips_rs(w)), d = dst(e, rt);
  check_align(e, pc, mips_rs(w), b, mips_imm(w), size);
  check_confine(e, mips_rs(w), b, mips_imm(w), size);
  put(e, ppc_mem(ppc_op, d, b, mips_imm(w)));
  if (sign_byte)
    put(e, ppc_extsb(d, d));
  commit(e, rt, d);
}

static void store(em *e, uint32_t pc, uint32_t w, unsigned ppc_op, unsigned size) {
  unsigned b = base(e, mips_rs(w)), t = src(e, mips_rt(w), R4);
  check_align(e, pc, mips_rs(w), b, mips_imm(w), size);
  check_confine(e, mips_rs(w), b, mips_imm(w), size);
  put(e, ppc_mem(ppc_op, t, b, mips_imm(w)));
}

/* lwc1/swc1/ldc1/sdc1: through r0 to the FPRs in the state.  A double's high
 * word is at the lower address and in the odd register (FR=0). */
static void fp_mem(em *e, uint32_t pc, uint32_t w) {
  unsigned op = mips_op(w), ft = mips_rt(w), b = base(e, mips_rs(w));
  int16_t off = mips_imm(w);
  check_align(e, pc, mips_rs(w), b, off, op == OP_LDC1 || op == OP_SDC1 ? 8 : 4);
  check_confine(e, mips_rs(w), b, off, op == OP_LDC1 || op == OP_SDC1 ? 8 : 4);
  if (op == OP_LDC1 || op == OP_SDC1) {
    put(e, ppc_addi(R3, b, off));
    b = R3;
    off = 0;
    unsigned hi = ft | 1, lo = ft & ~1u;
    if (op == OP_LDC1) {
      put(e, ppc_lwz(R0, b, 0));
      put(e, ppc_stw(R0, RS, DBT_ST_FPR(hi)));
      put(e, ppc_lwz(R0, b, 4));
      put(e, ppc_stw(R0, RS, DBT_ST_FPR(lo)));
    } else {
      put(e, ppc_lwz(R0, RS, DBT_ST_FPR(hi)));
      put(e, ppc_stw(R0, b, 0));
      put(e, ppc_lwz(R0, RS, DBT_ST_FPR(lo)));
      put(e, ppc_stw(R0, b, 4));
    }
  } else if (op == OP_LWC1) {
    put(e, ppc_lwz(R0, b, off));
    put(e, ppc_stw(R0, RS, DBT_ST_FPR(ft)));
  } else {
    put(e, ppc_lwz(R0, RS, DBT_ST_FPR(ft)));
    put(e, ppc_stw(R0, b, off));
  }
}

/* COP1 moves inline; arithmetic, compares, conversions and FCSR writes go to
 * the runtime's FPU helper. */
static int cop1(em *e, uint32_t w) {
  unsigned fmt = mips_rs(w), rt = mips_rt(w), fs = mips_rd(w);
  switch (fmt) {
  case C1_MFC1:
  case C1_MFHC1:
  case C1_CFC1: {
    if (fmt == C1_CFC1 && fs != 31)
      return T_HELPER;
    unsigned d = dst(e, rt);
    int16_t off = fmt == C1_CFC1 ? DBT_ST_FCSR : DBT_ST_FPR(fmt == C1_MFHC1 ? (fs | 1) : fs);
    if (!rt)
      return T_OK;
    put(e, ppc_lwz(d, RS, off));
    commit(e, rt, d);
    return T_OK;
  }
  case C1_MTC1:
  case C1_MTHC1: {
    unsigned s = src(e, rt, R3);
    put(e, ppc_stw(s, RS, DBT_ST_FPR(fmt == C1_MTHC1 ? (fs | 1) : fs)));
    return T_OK;
  }
  case C1_S:
  case C1_D:
    if (mips_funct(w) == C1F_MOV) {
      unsigned fd = mips_sa(w);
      for (unsigned i = 0; i < (fmt == C1_D ? 2u : 1u); i++) {
        put(e, ppc_lwz(R0, RS, DBT_ST_FPR(fs + i)));
        put(e, ppc_stw(R0, RS, DBT_ST_FPR(fd + i)));
      }
      return T_OK;
    }
    return T_HELPER;
  case C1_CTC1:
  case C1_W:
  case C1_L: return T_HELPER;
  default: return T_UNIMPL;
  }
}

/* One non-branch instruction.  Returns T_OK, T_UNIMPL or T_HELPER. */
static int emit_insn(em *e, uint32_t pc, uint32_t w) {
  e->cur_pc = pc;
  unsigned op = mips_op(w), rs = mips_rs(w), rt = mips_rt(w), rd = mips_rd(w), sa = mips_sa(w);
  int16_t imm = mips_imm(w);
  switch (op) {
  case OP_SPECIAL:
    switch (mips_funct(w)) {
    case F_SLL:
    case F_SRL:
    case F_SRA: {
      if (!rd)
        return T_OK; /* nop, ssnop, ehb */
      if (mips_funct(w) == F_SRL && rs > 1)
        return T_UNIMPL;
      unsigned t = src(e, rt, R3), d = dst(e, rd);
      if (mips_funct(w) == F_SLL)
        put(e, ppc_rlwinm(d, t, sa, 0, 31 - sa));
      else if (mips_funct(w) == F_SRA)
        put(e, ppc_srawi(d, t, sa));
      else if (rs == 1) /* rotr */
        put(e, ppc_rlwinm(d, t, (32 - sa) & 31, 0, 31));
      else
        put(e, ppc_rlwinm(d, t, (32 - sa) & 31, sa, 31));
      commit(e, rd, d);
      return T_OK;
    }
    case F_SLLV:
      if (rd)
        shift_var(e, w, 24);
      return T_OK;
    case F_SRLV:
      if (!rd)
        return T_OK;
      if (sa == 1) { /* rotrv: rotate left by -rs */
        unsigned t = src(e, rt, R3), s = src(e, rs, R4), d = dst(e, rd);
        put(e, ppc_neg(R4, s));
        put(e, ppc_rlwnm(d, t, R4, 0, 31));
        commit(e, rd, d);
        return T_OK;
      }
      shift_var(e, w, 536);
      return T_OK;
    case F_SRAV:
      if (rd)
        shift_var(e, w, 792);
      return T_OK;
    case F_MOVZ: cond_move(e, w, 1); return T_OK;
    case F_MOVN: cond_move(e, w, 0); return T_OK;
    case F_MOVCI: return T_HELPER;
    case F_SYNC: return T_OK; /* one CPU, in-order, no other bus masters */
    case F_MFHI:
    case F_MFLO:
      if (rd) {
        unsigned d = dst(e, rd);
        put(e, ppc_lwz(d, RS, mips_funct(w) == F_MFHI ? DBT_ST_HI : DBT_ST_LO));
        commit(e, rd, d);
      }
      return T_OK;
    case F_MTHI:
    case F_MTLO: {
      unsigned s = src(e, rs, R3);
      put(e, ppc_stw(s, RS, mips_funct(w) == F_MTHI ? DBT_ST_HI : DBT_ST_LO));
      return T_OK;
    }
    case F_MULT: mul64(e, w, 0, 0); return T_OK;
    case F_MULTU: mul64(e, w, 1, 0); return T_OK;
    case F_DIV: divide(e, w, 0); return T_OK;
    case F_DIVU: divide(e, w, 1); return T_OK;
    case F_ADD:
    case F_SUB: add_trap(e, pc, w); return T_OK;
    case F_ADDU:
    case F_OR:
      if (!rd)
        return T_OK;
      if (rt == 0 || rs == 0) { /* move idioms: move, li 0 */
        unsigned m = rt == 0 ? rs : rt, d = dst(e, rd);
        if (m == 0)
          put(e, ppc_li(d, 0));
        else if (e->hr[m] < 0)
          put(e, ppc_lwz(d, RS, DBT_ST_GPR(m)));
        else
          put(e, ppc_mr(d, (unsigned)e->hr[m]));
        commit(e, rd, d);
        return T_OK;
      }
      alu3(e, rd, rs, rt, mips_funct(w) == F_ADDU ? ppc_add : ppc_or);
      return T_OK;
    case F_SUBU:
      if (!rd)
        return T_OK;
      if (rs == 0) { /* negu */
        unsigned t = src(e, rt, R4), d = dst(e, rd);
        put(e, ppc_neg(d, t));
        commit(e, rd, d);
        return T_OK;
      }
      alu3(e, rd, rs, rt, mk_subu);
      return T_OK;
    case F_AND:
    case F_XOR:
    case F_NOR:
      if (rd)
        alu3(e, rd, rs, rt,
             mips_funct(w) == F_AND   ? ppc_and
             : mips_funct(w) == F_XOR ? ppc_xor
                                      : ppc_nor);
      return T_OK;
    case F_SLT:
    case F_SLTU: {
      if (!rd)
        return T_OK;
      unsigned s = src(e, rs, R3), t = src(e, rt, R4);
      put(e, mips_funct(w) == F_SLT ? ppc_cmpw(CR0, s, t) : ppc_cmplw(CR0, s, t));
      set_lt(e, rd);
      return T_OK;
    }
    case F_TGE:
    case F_TGEU:
    case F_TLT:
    case F_TLTU:
    case F_TEQ:
    case F_TNE: {
      unsigned f = mips_funct(w), s = src(e, rs, R3);
      unsigned bo = f == F_TGE || f == F_TGEU || f == F_TNE ? PPC_BO_FALSE : PPC_BO_TRUE;
      unsigned bit = f == F_TEQ || f == F_TNE ? PPC_EQ : PPC_LT;
      trap_cmp(e, pc, s, f == F_TGEU || f == F_TLTU, 0, 0, rt, bo, bit);
      return T_OK;
    }
    default: return T_UNIMPL;
    }
  case OP_REGIMM: {
    unsigned s;
    switch (rt) {
    case R_TGEI:
    case R_TGEIU:
    case R_TLTI:
    case R_TLTIU:
    case R_TEQI:
    case R_TNEI:
      s = src(e, rs, R3);
      trap_cmp(e, pc, s, rt == R_TGEIU || rt == R_TLTIU, 1, imm, 0,
               rt == R_TGEI || rt == R_TGEIU || rt == R_TNEI ? PPC_BO_FALSE : PPC_BO_TRUE,
               rt == R_TEQI || rt == R_TNEI ? PPC_EQ : PPC_LT);
      return T_OK;
    case R_SYNCI:
      return T_OK; /* the code cache never holds stale guest code: no self-modifying code */
    default: return T_UNIMPL;
    }
  }
  case OP_ADDI: add_trap(e, pc, w); return T_OK;
  case OP_ADDIU:
  case OP_LUI: {
    if (!rt)
      return T_OK;
    unsigned d = dst(e, rt);
    if (op == OP_LUI)
      put(e, ppc_lis(d, imm));
    else
      put(e, ppc_addi(d, base(e, rs), imm));
    commit(e, rt, d);
    return T_OK;
  }
  case OP_SLTI:
  case OP_SLTIU: {
    if (!rt)
      return T_OK;
    unsigned s = src(e, rs, R3);
    if (op == OP_SLTI) {
      put(e, ppc_cmpwi(CR0, s, imm));
    } else if (imm >= 0) {
      put(e, ppc_cmplwi(CR0, s, (uint16_t)imm));
    } else {
      put(e, ppc_li(R4, imm));
      put(e, ppc_cmplw(CR0, s, R4));
    }
    set_lt(e, rt);
    return T_OK;
  }
  case OP_ANDI:
  case OP_ORI:
  case OP_XORI: {
    if (!rt)
      return T_OK;
    unsigned s = src(e, rs, R3), d = dst(e, rt);
    uint16_t u = mips_uimm(w);
    put(e, op == OP_ANDI  ? ppc_andi_(d, s, u)
           : op == OP_ORI ? ppc_ori(d, s, u)
                          : ppc_xori(d, s, u));
    commit(e, rt, d);
    return T_OK;
  }
  case OP_SPECIAL2:
    switch (mips_funct(w)) {
    case F2_MUL:
      if (rd)
        alu3(e, rd, rs, rt, ppc_mullw);
      return T_OK;
    case F2_MADD: mul64(e, w, 0, 1); return T_OK;
    case F2_MADDU: mul64(e, w, 1, 1); return T_OK;
    case F2_MSUB: mul64(e, w, 0, -1); return T_OK;
    case F2_MSUBU: mul64(e, w, 1, -1); return T_OK;
    case F2_CLZ:
    case F2_CLO: {
      if (!rd)
        return T_OK;
      unsigned s = src(e, rs, R3), d = dst(e, rd);
      if (mips_funct(w) == F2_CLO) {
        put(e, ppc_nor(R0, s, s));
        s = R0;
      }
      put(e, ppc_cntlzw(d, s));
      commit(e, rd, d);
      return T_OK;
    }
    default: return T_UNIMPL;
    }
  case OP_SPECIAL3:
    switch (mips_funct(w)) {
    case F3_EXT: {
      if (!rt)
        return T_OK;
      unsigned size = rd + 1, pos = sa, s = src(e, rs, R3), d = dst(e, rt);
      if (pos + size > 32)
        return T_UNIMPL;
      put(e, ppc_rlwinm(d, s, (32 - pos) & 31, 32 - size, 31));
      commit(e, rt, d);
      return T_OK;
    }
    case F3_INS: {
      if (!rt)
        return T_OK;
      unsigned msb = rd, lsb = sa, s = src(e, rs, R3), d = dst(e, rt);
      if (msb < lsb)
        return T_UNIMPL;
      if (d == R0)
        put(e, ppc_lwz(R0, RS, DBT_ST_GPR(rt)));
      put(e, ppc_rlwimi(d, s, lsb, 31 - msb, 31 - lsb));
      commit(e, rt, d);
      return T_OK;
    }
    case F3_BSHFL: {
      if (!rd)
        return T_OK;
      unsigned t = src(e, rt, R3), d = dst(e, rd);
      if (sa == BSHFL_SEB)
        put(e, ppc_extsb(d, t));
      else if (sa == BSHFL_SEH)
        put(e, ppc_extsh(d, t));
      else if (sa == BSHFL_WSBH) {
        put(e, ppc_rlwinm(R4, t, 24, 0, 31));
        put(e, ppc_rlwimi(R4, t, 8, 0, 7));
        put(e, ppc_rlwimi(R4, t, 8, 16, 23));
        put(e, ppc_mr(d, R4));
      } else
        return T_UNIMPL;
      commit(e, rd, d);
      return T_OK;
    }
    case F3_RDHWR:
      if (rd != 29)
        return T_UNIMPL;
      if (rt) {
        unsigned d = dst(e, rt);
        put(e, ppc_lwz(d, RS, DBT_ST_TLS));
        commit(e, rt, d);
      }
      return T_OK;
    default: return T_UNIMPL;
    }
  case OP_LB: load(e, pc, w, PPC_LBZ, 1, 1); return T_OK;
  case OP_LBU: load(e, pc, w, PPC_LBZ, 0, 1); return T_OK;
  case OP_LH: load(e, pc, w, PPC_LHA, 0, 2); return T_OK;
  case OP_LHU: load(e, pc, w, PPC_LHZ, 0, 2); return T_OK;
  case OP_LW:
  case OP_LL: /* one thread, no interrupts: the link is never broken */
    load(e, pc, w, PPC_LWZ, 0, 4);
    return T_OK;
  case OP_SB: store(e, pc, w, PPC_STB, 1); return T_OK;
  case OP_SH: store(e, pc, w, PPC_STH, 2); return T_OK;
  case OP_SW: store(e, pc, w, PPC_STW, 4); return T_OK;
  case OP_SC:
    store(e, pc, w, PPC_STW, 4);
    if (rt) {
      unsigned d = dst(e, rt);
      put(e, ppc_li(d, 1));
      commit(e, rt, d);
    }
    return T_OK;
  case OP_LWL:
  case OP_LWR:
  case OP_SWL:
  case OP_SWR: unaligned(e, w); return T_OK;
  case OP_PREF: return T_OK;
  case OP_LWC1:
  case OP_SWC1:
  case OP_LDC1:
  case OP_SDC1: fp_mem(e, pc, w); return T_OK;
  case OP_COP1: return cop1(e, w);
  case OP_COP1X: return T_HELPER;
  default: return T_UNIMPL;
  }
}

/* ------------------------------------------------------------ branches */

typedef struct branch {
  enum { B_NONE, B_COND, B_ALWAYS, B_NEVER, B_INDIRECT } kind;
  int likely;
  unsigned link;   /* register written with pc + 8, or 0 */
  uint32_t target; /* direct */
  unsigned reg;    /* indirect: the target's register */
} branch;

/* Decodes a branch or jump at pc; B_NONE if w is not one. */
static branch decode_branch(uint32_t pc, uint32_t w) {
  branch b = {B_NONE, 0, 0, 0, 0};
  unsigned op = mips_op(w), rs = mips_rs(w), rt = mips_rt(w);
  uint32_t rel = pc + 4 + (uint32_t)((int32_t)mips_imm(w) * 4);
  switch (op) {
  case OP_SPECIAL:
    if (mips_funct(w) == F_JR || mips_funct(w) == F_JALR) {
      b.kind = B_INDIRECT;
      b.reg = rs;
      b.link = mips_funct(w) == F_JALR ? mips_rd(w) : 0;
    }
    break;
  case OP_REGIMM:
    if (rt == R_BLTZ || rt == R_BGEZ || rt == R_BLTZL || rt == R_BGEZL || rt == R_BLTZAL ||
        rt == R_BGEZAL || rt == R_BLTZALL || rt == R_BGEZALL) {
      b.kind = B_COND;
      b.target = rel;
      b.likely = rt == R_BLTZL || rt == R_BGEZL || rt == R_BLTZALL || rt == R_BGEZALL;
      b.link = rt >= R_BLTZAL ? 31 : 0;
      if (rs == 0) /* bgez $0 (bal) always, bltz $0 never */
        b.kind = (rt & 1) ? B_ALWAYS : B_NEVER;
    }
    break;
  case OP_J:
  case OP_JAL:
    b.kind = B_ALWAYS;
    b.target = ((pc + 4) & 0xF0000000u) | (w & 0x03FFFFFFu) << 2;
    b.link = op == OP_JAL ? 31 : 0;
    break;
  case OP_BEQ:
  case OP_BNE:
  case OP_BEQL:
  case OP_BNEL:
    b.kind = rs != rt ? B_COND : (op == OP_BEQ || op == OP_BEQL) ? B_ALWAYS : B_NEVER;
    b.target = rel;
    b.likely = op >= OP_BEQL;
    break;
  case OP_BLEZ:
  case OP_BGTZ:
  case OP_BLEZL:
  case OP_BGTZL:
    if (rt)
      break; /* not a branch (reserved encodings) */
    b.kind = rs ? B_COND : (op == OP_BLEZ || op == OP_BLEZL) ? B_ALWAYS : B_NEVER;
    b.target = rel;
    b.likely = op >= OP_BEQL;
    break;
  case OP_COP1:
    if (rs == C1_BC) {
      b.kind = B_COND;
      b.target = rel;
      b.likely = (rt >> 1) & 1;
    }
    break;
  }
  return b;
}

int dbt_branch_likely(uint32_t w) {
  return decode_branch(0, w).likely;
}

/* Puts the branch condition into cr7; returns the BO/BI that branch when taken. */
static void branch_cond(em *e, uint32_t w, unsigned *bo, unsigned *bi) {
  unsigned op = mips_op(w), rs = mips_rs(w), rt = mips_rt(w);
  if (op == OP_COP1) { /* bc1f/bc1t: FCC n is FCSR bit 23 (n = 0) or 24 + n */
    unsigned cc = rt >> 2, bit = cc ? 24 + cc : 23;
    put(e, ppc_lwz(R0, RS, DBT_ST_FCSR));
    put(e, ppc_rlwinm(R0, R0, 32 - bit, 31, 31));
    put(e, ppc_cmpwi(CR7, R0, 0));
    *bo = (rt & 1) ? PPC_BO_FALSE : PPC_BO_TRUE; /* tf = 1: taken when set */
    *bi = BI7(PPC_EQ);
    return;
  }
  unsigned s = src(e, rs, R3);
  if ((op == OP_BEQ || op == OP_BNE || op == OP_BEQL || op == OP_BNEL) && rt != 0) {
    unsigned t = src(e, rt, R4);
    put(e, ppc_cmpw(CR7, s, t));
  } else {
    put(e, ppc_cmpwi(CR7, s, 0));
  }
  switch (op) {
  case OP_BEQ:
  case OP_BEQL: *bo = PPC_BO_TRUE, *bi = BI7(PPC_EQ); break;
  case OP_BNE:
  case OP_BNEL: *bo = PPC_BO_FALSE, *bi = BI7(PPC_EQ); break;
  case OP_BLEZ:
  case OP_BLEZL: *bo = PPC_BO_FALSE, *bi = BI7(PPC_GT); break;
  case OP_BGTZ:
  case OP_BGTZL: *bo = PPC_BO_TRUE, *bi = BI7(PPC_GT); break;
  default: /* REGIMM: bit 0 of rt: 0 bltz family, 1 bgez family */
    *bo = (rt & 1) ? PPC_BO_FALSE : PPC_BO_TRUE, *bi = BI7(PPC_LT);
    break;
  }
}

static void chain_exit(em *e, uint32_t target) {
  exit_to(e, DBT_EXIT_CHAIN);
  put(e, target);
}

/* sw, all: the indirect edge from the block being emitted to the guest address in
 * register t (translate.h, "Indirect edges in the sw profile"): with r4 walking the
 * site's slots, the slot that holds t counts one (8 instructions when it is the
 * first); else the runtime takes it (DBT_EXIT_EDGE).  Uses r0, r4, cr1. */
static void edge_probe(em *e, unsigned t) {
  const dbt_core *c = e->c;
  uint32_t site = DBT_EDGE_NONE, hit[DBT_EDGE_WAYS];
  if (c->edge_sites && e->edge_next < c->edge_site_cap)
    site = e->edge_next++;
  e->block->edge_site = site;
  if (site != DBT_EDGE_NONE) {
    load_imm(e, R4, c->edge_sites + DBT_EDGE_SITE_BYTES * site - 8);
    for (unsigned w = 0; w < DBT_EDGE_WAYS; w++) {
      put(e, ppc_mem(33, R0, R4, 8)); /* lwzu r0, 8(r4): the next slot's target */
      put(e, ppc_cmpw(CR1, R0, t));
      hit[w] = e->n;
      put(e, ppc_bc(PPC_BO_TRUE, 4 * CR1 + PPC_EQ, 0));
    }
  }
  if (t != R3)
    put(e, ppc_mr(R3, t));
  exit_to(e, DBT_EXIT_EDGE); /* the runtime counts the edge and comes back after the words */
  put(e, site);
  put(e, e->block->guest_pc);
  if (site == DBT_EDGE_NONE)
    return;
  uint32_t over = e->n;
  put(e, ppc_b(0));
  for (unsigned w = 0; w < DBT_EDGE_WAYS; w++)
    patch(e, hit[w], ppc_bc(PPC_BO_TRUE, 4 * CR1 + PPC_EQ, (int32_t)(e->n - hit[w])));
  put(e, ppc_lwz(R0, R4, 4));
  put(e, ppc_d(12, R0, R0, 1)); /* addic r0, r0, 1 (addi would read r0 as 0; CA is dead here) */
  put(e, ppc_stw(R0, R4, 4));
  patch(e, over, ppc_b((int32_t)(e->n - over)));
}

/* The indirect jump to the guest address in register t: the inline table
 * lookup (7 instructions on a hit), the runtime on a miss (r3 = target). */
static void indirect_exit(em *e, unsigned t) {
  put(e, ppc_rlwinm(R4, t, 1, 31 - (DBT_JT_LOG2 + 2), 28)); /* ((pc >> 2) & mask) * 8 */
  put(e, ppc_x(R0, R4, RS, 55, 0));                         /* lwzux r0, r4, r1 */
  put(e, ppc_cmpw(CR1, R0, t));
  put(e, ppc_bc(PPC_BO_FALSE, 4 * CR1 + PPC_EQ, 16));
  put(e, ppc_lwz(R0, R4, 4));
  put(e, ppc_mtctr(R0));
  put(e, ppc_bctr());
  if (t != R3)
    put(e, ppc_mr(R3, t));
  exit_to(e, DBT_EXIT_INDIRECT);
}

/* Superblocks.  The block goes on along the recorded path: into the next member
 * (fall through: nothing to emit), or from the last member back to the head or
 * out to where the path went next. */
static void on_path(em *e) {
  e->continued = 1;
  if (!e->last)
    return;
  if (e->loop)
    put(e, ppc_b(-(int32_t)e->n));
  else
    chain_exit(e, e->next);
}

/* To guest pc `to`: along the path when it is the recorded successor, else out. */
static void go_to(em *e, uint32_t to) {
  if (e->next && to == e->next)
    on_path(e);
  else
    chain_exit(e, to);
}

/* A conditional branch (BO, BI) off the path, to a side exit emitted after the
 * superblock's body (cold code). */
static void side_exit(em *e, unsigned bo, unsigned bi, uint32_t dest, int indirect, unsigned reg) {
  if (e->nside == sizeof e->sides / sizeof e->sides[0]) {
    e->overflow = 1; /* cannot happen: at most two per member */
    return;
  }
  e->sides[e->nside++] = (side){e->n, dest, indirect, reg, e->block};
  if (e->block->side_exits < DBT_SIDE_MAX)
    e->block->side_dest[e->block->side_exits] = indirect ? 0 : dest;
  e->block->side_exits++;
  put(e, ppc_bc(bo, bi, 0));
}

static void probe_event(em *e, uint32_t key, uint32_t flags);
static void count(em *e, unsigned base, int32_t off, unsigned ra, unsigned rv);

/* Side exit k's probe (derived counts: sbp): its event, flagged as the member's
 * jump when it leaves on a target the path did not record (an indirect jump: the IP
 * pairs it with the target's event); its sw counter by r0 and r4 (r3 may hold the
 * target). */
static void exit_probe(em *e, unsigned k, const side *x) {
  const dbt_core *c = e->c;
  uint32_t mark = e->n, key = e->sbp->exit_key + 4 * k, counter = e->sbp->exit_counter + k;
  if (c->profile == DBT_PROFILE_HW || c->profile == DBT_PROFILE_ALL)
    probe_event(e, key, x->indirect ? x->owner->flags : HWPROF_EVENT_PLAIN);
  if (c->profile == DBT_PROFILE_SW)
    count(e, RP, (int32_t)(4 * counter) - DBT_SW_BIAS, R4, R0);
  else if (c->profile == DBT_PROFILE_ALL)
    count(e, 0, (int32_t)(c->counters + 4 * counter), R4, R0);
  x->owner->prof_insns += (e->n - mark) / 4;
}

static void emit_sides(em *e) {
  for (unsigned i = 0; i < e->nside && !e->overflow; i++) {
    side *k = &e->sides[i];
    land(e, k->at);
    if (e->sbp)
      exit_probe(e, i, k);
    if (k->indirect)
      indirect_exit(e, k->reg);
    else
      chain_exit(e, k->dest);
  }
  e->nside = 0;
}

static void unimpl_exit(em *e, uint32_t pc) {
  exit_to(e, DBT_EXIT_UNIMPL);
  put(e, pc);
}

static int fetch(const dbt_core *c, uint32_t pc, uint32_t *w) {
  if (pc < c->text_base || pc - c->text_base > c->text_size - 4 || (pc & 3))
    return -1;
  const uint8_t *p = c->text + (pc - c->text_base);
  *w = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
  return 0;
}

/* After emit_insn(e, pc, w) returned r, its code from offset mark: what the checks
 * know now; for T_HELPER, the helper's exit in place of that code; and the checks
 * of $gp and $sp that the instruction may owe (confine_kept).  T_UNIMPL: the
 * caller ends the block. */
static void emitted(em *e, uint32_t pc, uint32_t w, int r, uint32_t mark) {
  note_align(e, w);
  note_confine(e, w);
  if (r == T_HELPER) {
    e->n = mark;
    exit_to(e, DBT_EXIT_HELPER);
    put(e, pc);
  }
  if (r != T_UNIMPL)
    confine_kept(e);
}

/* The delay slot: an instruction, or SIGILL if it is itself a branch (qemu-mips
 * raises Reserved Instruction there).  Returns 0, or -1 when the block ends in
 * an exit already emitted. */
static int delay_slot(em *e, uint32_t pc) {
  uint32_t w;
  if (fetch(e->c, pc, &w) < 0) {
    exit_to(e, DBT_EXIT_TRAP);
    put(e, pc);
    put(e, DBT_SIGSEGV);
    return -1;
  }
  unsigned op = mips_op(w), f = mips_funct(w);
  if (decode_branch(pc, w).kind != B_NONE ||
      (op == OP_SPECIAL && (f == F_SYSCALL || f == F_BREAK))) {
    exit_to(e, DBT_EXIT_TRAP);
    put(e, pc);
    put(e, DBT_SIGILL);
    return -1;
  }
  uint32_t mark = e->n, a4 = e->aligned4, a2 = e->aligned2;
  uint32_t c0 = e->checked, n0 = e->near, k0 = e->konst;
  int r = emit_insn(e, pc, w);
  emitted(e, pc, w, r, mark);
  e->aligned4 &= a4; /* a likely branch may skip the slot: what holds either way */
  e->aligned2 &= a2;
  e->checked &= c0, e->near &= n0, e->konst &= k0 & ~gpr_writes(w); /* (its value may differ) */
  if (r == T_UNIMPL) {
    e->n = mark;
    unimpl_exit(e, pc);
    return -1;
  }
  return 0;
}

static uint32_t event_flags(const branch *b);
#define CCT_BY_CR7 (-2)
static void cct_packet(em *e, uint32_t pc, uint32_t flags, int t, uint32_t to, unsigned bo,
                       unsigned bi);

static void terminate(em *e, uint32_t pc, uint32_t w, const branch *b) {
  unsigned bo = 0, bi = 0;
  uint32_t w_delay = 0;
  if (fetch(e->c, pc + 4, &w_delay) < 0)
    w_delay = 0;
  if (b->kind == B_COND)
    branch_cond(e, w, &bo, &bi);
  /* An indirect target whose register the delay slot (or the link) overwrites
   * is saved first. */
  int saved = 0;
  if (b->kind == B_INDIRECT &&
      (((gpr_writes(w_delay) >> b->reg) & 1) || (b->link && b->link == b->reg))) {
    unsigned s = src(e, b->reg, R3);
    put(e, ppc_stw(s, RS, DBT_ST_TMP));
    saved = 1;
  }
  if (b->link) {
    unsigned d = dst(e, b->link);
    load_imm(e, d, pc + 8);
    commit(e, b->link, d);
    e->aligned4 &= ~(1u << b->link); /* (pc + 8 is aligned, but not worth a case) */
    e->aligned2 &= ~(1u << b->link);
  }
  if (b->kind == B_NEVER && b->likely) { /* the delay slot is annulled */
    go_to(e, pc + 8);
    return;
  }
  /* In a superblock, a likely branch on the path when taken: not taken leaves
   * the path with the delay slot annulled. */
  int path_likely = b->kind == B_COND && b->likely && e->next == b->target;
  uint32_t skip = 0;
  if (path_likely)
    side_exit(e, bo ^ 8, bi, pc + 8, 0, 0);
  else if (b->kind == B_COND && b->likely) {
    skip = e->n;
    put(e, ppc_bc(bo ^ 8, bi, 0)); /* not taken: over the delay slot */
  }
  if (delay_slot(e, pc + 4) < 0)
    return;
  if (b->kind == B_COND && b->link) /* a conditional call: where it went */
    cct_packet(e, pc, HWPROF_EVENT_CALL, CCT_BY_CR7, b->target, bo, bi);
  switch (b->kind) {
  case B_ALWAYS:
    cct_packet(e, pc, event_flags(b), -1, b->target, 0, 0);
    go_to(e, b->target);
    break;
  case B_NEVER: go_to(e, pc + 8); break;
  case B_INDIRECT: {
    if (saved)
      put(e, ppc_lwz(R3, RS, DBT_ST_TMP));
    else if (b->reg == 0)
      put(e, ppc_li(R3, 0));
    else if (e->hr[b->reg] < 0)
      put(e, ppc_lwz(R3, RS, DBT_ST_GPR(b->reg)));
    unsigned t = saved || e->hr[b->reg] < 0 ? R3 : (unsigned)e->hr[b->reg];
    cct_packet(e, pc, event_flags(b), (int)t, 0, 0, 0);
    if ((e->c->profile == DBT_PROFILE_SW || e->c->profile == DBT_PROFILE_ALL) &&
        event_flags(b) == HWPROF_EVENT_INDIRECT) {
      uint32_t mark = e->n;
      edge_probe(e, t);
      e->block->prof_insns += (e->n - mark) / 4;
    }
    if (e->next) { /* inlined: the recorded target, else the lookup */
      load_imm(e, R0, e->next);
      put(e, ppc_cmpw(CR1, R0, t));
      side_exit(e, PPC_BO_FALSE, 4 * CR1 + PPC_EQ, 0, 1, t);
      on_path(e);
    } else {
      indirect_exit(e, t);
    }
    break;
  }
  case B_COND:
    if (path_likely) {
      on_path(e);
    } else if (b->likely) {
      chain_exit(e, b->target);
      patch(e, skip, ppc_bc(bo ^ 8, bi, (int32_t)(e->n - skip)));
      chain_exit(e, pc + 8);
    } else if (e->next && e->next == b->target) {
      side_exit(e, bo ^ 8, bi, pc + 8, 0, 0);
      on_path(e);
    } else if (e->next && e->next == pc + 8) {
      side_exit(e, bo, bi, b->target, 0, 0);
      on_path(e);
    } else {
      put(e, ppc_bc(bo, bi, 12)); /* taken: over the fall-through stub */
      chain_exit(e, pc + 8);
      chain_exit(e, b->target | DBT_CHAIN_BC); /* the runtime may point the bc at it */
    }
    break;
  default: break;
  }
}

/* ------------------------------------------------------------ blocks */

/* --cct, sw: the running totals of blocks and guest instructions (translate.h,
 * "Call and return packets"); the instruction count is patched in at the block's
 * end (cct_insns_at).  Uses r3 and r4. */
static void cct_count(em *e) {
  put(e, ppc_lwz(R3, RS, DBT_ST_CCT_BLOCKS));
  put(e, ppc_lwz(R4, RS, DBT_ST_CCT_INSNS));
  put(e, ppc_addi(R3, R3, 1));
  e->cct_insns_at = e->n;
  put(e, ppc_addi(R4, R4, 0));
  put(e, ppc_stw(R3, RS, DBT_ST_CCT_BLOCKS));
  put(e, ppc_stw(R4, RS, DBT_ST_CCT_INSNS));
}

/* --cct, sw: the packet of a block that ends at the branch at pc with flags, going
 * to register t (t < 0: to the constant `to`; t == CCT_BY_CR7: to `to` when the
 * branch condition in cr7 holds (bo, bi), else pc + 8).  Uses r0, r4, cr1. */
static void cct_packet(em *e, uint32_t pc, uint32_t flags, int t, uint32_t to, unsigned bo,
                       unsigned bi) {
  const dbt_core *c = e->c;
  if (!c->cct_ring || flags == HWPROF_EVENT_PLAIN)
    return;
  uint32_t mark = e->n;
  put(e, ppc_lwz(R4, RS, DBT_ST_CCT_PTR));
  load_imm(e, R0, e->blk_pc | flags);
  put(e, ppc_stw(R0, R4, 0));
  if (t >= 0) {
    put(e, ppc_stw((unsigned)t, R4, 4));
  } else {
    load_imm(e, R0, to);
    if (t == CCT_BY_CR7) { /* taken: over the not-taken pc */
      uint32_t bc = e->n;
      put(e, ppc_bc(bo, bi, 0));
      load_imm(e, R0, pc + 8);
      patch(e, bc, ppc_bc(bo, bi, (int32_t)(e->n - bc)));
    }
    put(e, ppc_stw(R0, R4, 4));
  }
  put(e, ppc_lwz(R0, RS, DBT_ST_CCT_BLOCKS));
  put(e, ppc_stw(R0, R4, 8));
  put(e, ppc_lwz(R0, RS, DBT_ST_CCT_INSNS));
  put(e, ppc_stw(R0, R4, 12));
  put(e, ppc_addi(R4, R4, DBT_CCT_PACKET));
  put(e, ppc_stw(R4, RS, DBT_ST_CCT_PTR));
  load_imm(e, R0, c->cct_ring_end);
  put(e, ppc_cmplw(CR1, R4, R0));
  put(e, ppc_bc(PPC_BO_TRUE, 4 * CR1 + PPC_LT, 8)); /* room left: over the exit */
  exit_to(e, DBT_EXIT_CCT);
  e->block->prof_insns += (e->n - mark) / 4;
}

/* A counter increment: lwz/addi/stw on base + off, the value in rv (r0: addic,
 * since addi reads r0 as 0; CA is dead between guest instructions), the address's
 * high half in ra when off is out of reach.  A block's probe uses r3 and r4; a side
 * exit's r4 and r0 (r3 may hold an indirect target there). */
static void count(em *e, unsigned base, int32_t off, unsigned ra, unsigned rv) {
  if (off != (int16_t)off) {
    int32_t lo = (int16_t)off, hi = (off - lo) >> 16;
    put(e, ppc_addis(ra, base, (int16_t)hi));
    base = ra;
    off = lo;
  }
  put(e, ppc_lwz(rv, base, (int16_t)off));
  put(e, rv == R0 ? ppc_d(12, R0, R0, 1) /* addic */ : ppc_addi(rv, rv, 1));
  put(e, ppc_stw(rv, base, (int16_t)off));
}

/* The instruction of the hw probe that carries the EVENT word's low half: near r5,
 * the store into the EVENT window whose address is the word, or the addi that makes
 * it; else the ori. */
static uint32_t probe_insn(const em *e, uint32_t flags) {
  uint32_t word = e->probe_pc | flags;
  int16_t d = (int16_t)(int32_t)(word - e->c->prof_near);
  if (!e->probe_near)
    return ppc_ori(R0, R0, (uint16_t)word);
  return e->c->probe_window ? ppc_stb(R0, RH, d) : ppc_addi(R0, RH, d);
}

/* The EVENT word's flags of a block that ends in branch b (hwprof_regs.h).  A call
 * is a jump or branch that links (bltzal $0 links but never branches: plain). */
static uint32_t event_flags(const branch *b) {
  if (b->link && b->kind != B_NEVER)
    return HWPROF_EVENT_CALL;
  if (b->kind == B_INDIRECT)
    return b->reg == 31 ? HWPROF_EVENT_RETURN : HWPROF_EVENT_INDIRECT;
  return HWPROF_EVENT_PLAIN;
}

/* The hw probe of event word key | flags (hwprof_regs.h).  Within 32 KiB of r5,
 * flags included: one stb into the EVENT window, or addi + stw; else lis + ori + stw
 * (the ori even when the low half is 0, so that there is a place for the flags).
 * e->probe_* say where it is, for flags known later. */
static void probe_event(em *e, uint32_t key, uint32_t flags) {
  const dbt_core *c = e->c;
  int32_t d = (int32_t)(key - c->prof_near);
  int32_t dmax = d + (int32_t)HWPROF_EVENT_FLAGS;
  e->probe_pc = key;
  e->probe_near = d == (int16_t)d && dmax == (int16_t)dmax;
  if (c->cct_hw && e->probe_near && c->probe_window) { /* the weight: the stored byte */
    e->weight_at = e->n;
    put(e, ppc_li(R0, 0));
  }
  if (!e->probe_near)
    put(e, ppc_lis(R0, (int16_t)(key >> 16)));
  e->probe_at = e->n;
  put(e, probe_insn(e, flags));
  if (!(e->probe_near && c->probe_window)) {
    e->weight_at = e->n; /* with --cct, EVENT_W + 4 * weight: patched at the end */
    put(e, ppc_stw(R0, RP, (int16_t)c->event_offset));
  }
}

/* --cct, hw: the probe's weight, the block's guest instructions (hwprof_regs.h,
 * EVENT_W and the window's data byte). */
static void probe_weight(em *e, uint32_t insns) {
  const dbt_core *c = e->c;
  if (e->probe_near && c->probe_window)
    patch(e, e->weight_at, ppc_li(R0, (int16_t)insns));
  else
    patch(e, e->weight_at,
          ppc_stw(R0, RP,
                  (int16_t)(c->event_offset - HWPROF_EVENT_OFFSET + HWPROF_EVENT_W_OFFSET +
                            4 * insns)));
}

/* The block's probe: hw event key (its flags set once the block's end is known),
 * sw counter `counter`. */
static void profile(em *e, uint32_t key, uint32_t counter) {
  const dbt_core *c = e->c;
  e->probe = 0;
  if (c->profile == DBT_PROFILE_HW || c->profile == DBT_PROFILE_ALL) {
    probe_event(e, key, HWPROF_EVENT_PLAIN);
    e->probe = 1;
  }
  if (c->profile == DBT_PROFILE_SW)
    count(e, RP, (int32_t)(4 * counter) - DBT_SW_BIAS, R3, R4);
  else if (c->profile == DBT_PROFILE_ALL) /* r2 is the IP's: the counter by its address */
    count(e, 0, (int32_t)(c->counters + 4 * counter), R3, R4);
}

/* hw, all: the system-call record (IP 1.4, hwprof_regs.h): the call site to
 * SYSCALL_SITE, then the number ($v0) to SYSCALL, on the way to the runtime's
 * system-call exit.  Returns the instructions it added. */
static uint32_t syscall_record(em *e, uint32_t pc) {
  const dbt_core *c = e->c;
  if (c->profile != DBT_PROFILE_HW && c->profile != DBT_PROFILE_ALL)
    return 0;
  uint32_t mark = e->n;
  int32_t ip = (int32_t)c->event_offset - (int32_t)HWPROF_EVENT_OFFSET; /* IP base - r2 */
  load_imm(e, R0, pc);
  put(e, ppc_stw(R0, RP, (int16_t)(ip + (int32_t)HWPROF_SYSCALL_SITE_OFFSET)));
  put(e, ppc_stw((unsigned)e->hr[2], RP, (int16_t)(ip + (int32_t)HWPROF_SYSCALL_OFFSET)));
  return (e->n - mark) / 4;
}

/* One block at guest pc into e: the profile, the body, the terminator.  Fills
 * out's guest side and its offset in e (host_addr - e->addr); -1 when pc is not
 * in the text. */
static int emit_block(em *e, uint32_t pc, uint32_t counter, dbt_block *out) {
  const dbt_core *c = e->c;
  uint32_t w;
  if (fetch(c, pc, &w) < 0)
    return -1;
  memset(out, 0, sizeof *out);
  out->edge_site = DBT_EDGE_NONE;
  e->block = out;
  e->blk_pc = e->cur_pc = pc;
  out->guest_pc = pc;
  out->host_addr = e->addr + e->n;
  uint32_t mark0 = e->n;
  if (!e->sbp) {
    profile(e, pc, counter);
  } else { /* derived counts: the head counts the superblock's entries, members nothing */
    if (e->head)
      profile(e, e->sbp->entry_key, e->sbp->entry_counter);
    e->probe = 0; /* the entry's event stays plain: the members' ends are on the path */
  }
  if (c->cct_ring)
    cct_count(e);
  out->prof_insns = (e->n - mark0) / 4;
  uint32_t start = pc;
  unsigned max = c->max_insns && c->max_insns < MAX_BLOCK ? c->max_insns : MAX_BLOCK;
  uint32_t flags = HWPROF_EVENT_PLAIN;
  for (unsigned n = 0;; n++) {
    if (n == max || fetch(c, pc, &w) < 0) { /* full, or ran off the end of the text */
      go_to(e, pc);
      break;
    }
    branch b = decode_branch(pc, w);
    if (b.kind != B_NONE) {
      flags = event_flags(&b);
      terminate(e, pc, w, &b);
      pc += 8;
      break;
    }
    unsigned op = mips_op(w), f = mips_funct(w);
    if (op == OP_SPECIAL && f == F_SYSCALL) {
      out->prof_insns += syscall_record(e, pc);
      exit_to(e, DBT_EXIT_SYSCALL);
      put(e, pc);
      pc += 4;
      break;
    }
    if (op == OP_SPECIAL && f == F_BREAK) { /* SIGTRAP whatever the code, as traps */
      exit_to(e, DBT_EXIT_TRAP);
      put(e, pc);
      put(e, DBT_SIGTRAP);
      pc += 4;
      break;
    }
    uint32_t mark = e->n;
    int r = emit_insn(e, pc, w);
    emitted(e, pc, w, r, mark);
    if (r == T_UNIMPL) {
      e->n = mark;
      unimpl_exit(e, pc);
      pc += 4;
      break;
    }
    pc += 4;
  }
  if (e->probe && flags != HWPROF_EVENT_PLAIN)
    patch(e, e->probe_at, probe_insn(e, flags));
  if (c->cct_ring)
    patch(e, e->cct_insns_at, ppc_addi(R4, R4, (int16_t)((pc - start) / 4)));
  if (e->probe && c->cct_hw)
    probe_weight(e, (pc - start) / 4);
  out->flags = flags;
  out->guest_insns = (pc - start) / 4;
  out->end_pc = pc;
  return 0;
}

static void em_init(em *e, const dbt_core *c, uint32_t at) {
  e->c = c;
  e->hr = dbt_host_regs(c);
  e->p = c->buf + at;
  e->addr = c->buf_addr + at;
  e->n = 0;
  e->cap = at < c->buf_size ? c->buf_size - at : 0;
  e->overflow = 0;
  e->ncold = 0;
  e->next = 0;
  e->head = e->last = e->loop = e->continued = 0;
  e->nside = 0;
  e->sbp = NULL;
  e->edge_next = c->edge_site_next;
  align_start(e);
  confine_start(e);
}

int dbt_translate(const dbt_core *c, uint32_t pc, uint32_t at, uint32_t counter, dbt_block *out) {
  em e;
  em_init(&e, c, at);
  if (emit_block(&e, pc, counter, out) < 0)
    return -1;
  emit_colds(&e);
  if (e.overflow)
    return 0;
  out->host_size = e.n;
  return (int)e.n;
}

int dbt_translate_trace(const dbt_core *c, const dbt_trace *t, const dbt_sb_probes *probes,
                        uint32_t at, dbt_block out[], unsigned *members) {
  em e;
  em_init(&e, c, at);
  e.sbp = c->profile == DBT_PROFILE_NONE ? NULL : probes;
  unsigned i = 0;
  *members = 0;
  if (t->n == 0 || t->n > DBT_TRACE_MAX)
    return -1;
  for (; i < t->n; i++) {
    e.head = i == 0;
    e.last = i + 1 == t->n;
    e.next = e.last ? t->next : t->pc[i + 1];
    e.loop = e.last && t->next == t->pc[0];
    e.continued = 0;
    if (emit_block(&e, t->pc[i], t->counter[i], &out[i]) < 0)
      return -1;
    if (!e.continued) { /* the block left the path (a syscall, a trap, ...): the end */
      i++;
      break;
    }
  }
  emit_sides(&e);
  emit_colds(&e);
  if (e.overflow)
    return 0;
  for (unsigned k = 0; k < i; k++)
    out[k].host_size = (k + 1 < i ? out[k + 1].host_addr : e.addr + e.n) - out[k].host_addr;
  *members = i;
  return (int)e.n;
}

uint32_t dbt_chain_word(uint32_t stub, uint32_t target) {
  int64_t d = (int64_t)target - (int64_t)stub;
  return ppc_b_fits(d) ? ppc_b((int32_t)d) : 0;
}

void dbt_emit_stubs(uint8_t *buf, uint32_t addr, uint32_t stop, uint32_t gate) {
  em e;
  memset(&e, 0, sizeof e);
  e.p = buf;
  e.addr = addr;
  e.cap = 8 * DBT_EXIT_KINDS;
  for (unsigned k = 0; k < DBT_EXIT_KINDS; k++) {
    put(&e, ppc_li(R0, (int16_t)k));
    put(&e, ppc_b((int32_t)((k == DBT_EXIT_HELPER ? gate : stop) - (addr + e.n))));
  }
  e.p = buf + (gate - addr);
  e.addr = gate;
  e.n = 0;
  e.cap = 24;
  put(&e, ppc_cmpwi(0, R0, 0));
  put(&e, ppc_bc(PPC_BO_FALSE, PPC_EQ, (int32_t)(stop - (gate + e.n))));
  put(&e, ppc_blr());
}

uint32_t dbt_retarget_bc(uint32_t bc, uint32_t at, uint32_t target) {
  int64_t d = (int64_t)target - (int64_t)at;
  return ppc_bc_fits(d) ? (bc & 0xFFFF0003u) | ((uint32_t)d & 0xFFFCu) : 0;
}
