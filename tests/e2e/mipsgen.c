/*
 * mipsgen.c - seeded random MIPS32r2 (big-endian, o32 Linux) program generator
 * for differential testing of the dbt/ translator against qemu-mips.
 *
 *   mipsgen [--seed N] [--count K] [--outdir DIR]
 *
 * writes K programs DIR/prog-SEED.S for SEED = N, N+1, ...; without --outdir it
 * prints the one program of seed N to stdout.  A seed gives the same program on
 * every machine (a local splitmix64 generator, no libc rand()).
 *
 * Each program sets every register but $sp from the seed, points a base
 * register (never written afterwards) at a seeded 256-byte data area, then runs
 * a seeded mix of straight-line code, counted loops (nested up to two deep),
 * forward if/else diamonds over ordinary and branch-likely branches, and calls
 * to generated leaf functions, all with random delay slots.  At the end it
 * prints "rN xxxxxxxx" for every register but $sp, then "hi", "lo" and a
 * rotate-xor checksum "sum" of the data area, with the write syscall, and
 * leaves with exit_group(0).
 *
 * The programs never trap and avoid everything the architecture leaves
 * UNPREDICTABLE: no add/addi/sub, no trap instructions, no division by zero
 * (INT_MIN / -1 is defined and used), aligned lh/lw/sh/sw/ll/sc, no branch in a
 * delay slot, ll/sc pairs to one address with only register operations between,
 * HI/LO never read after mul (which leaves them UNPREDICTABLE) or after a lone
 * mthi/mtlo following a multiply/divide (which spoils the other half) until
 * rewritten, no jalr with rd == rs, and no bgezal/bltzal on $31.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DATA_SIZE 256
#define SAVE_OFF  DATA_SIZE /* register save area, right after the data area */
#define MAX_LEAF  2
#define MAX_ITERS 400 /* bound on the iterations of a nest of loops */

/* A growable text buffer. */
typedef struct {
  char *p;
  size_t n, cap;
} Buf;

static void buf_vprintf(Buf *b, const char *fmt, va_list ap) {
  for (;;) {
    va_list aq;
    va_copy(aq, ap);
    int k = vsnprintf(b->p ? b->p + b->n : NULL, b->p ? b->cap - b->n : 0, fmt, aq);
    va_end(aq);
    if (k < 0)
      abort();
    if (b->p && b->n + (size_t)k < b->cap) {
      b->n += (size_t)k;
      return;
    }
    size_t cap = b->cap ? b->cap : 4096;
    while (cap <= b->n + (size_t)k)
      cap *= 2;
    char *p = realloc(b->p, cap);
    if (!p) {
      perror("mipsgen");
      exit(1);
    }
    b->p = p;
    b->cap = cap;
  }
}

static void buf_printf(Buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(b, fmt, ap);
  va_end(ap);
}

static void buf_append(Buf *dst, const Buf *src) {
  if (src->n)
    buf_printf(dst, "%.*s", (int)src->n, src->p);
}

/*
 * What the generator knows of HI and LO at a point of the program: whether each
 * holds a defined value, and whether the last write of the pair was a
 * multiply/divide not yet read by mfhi/mflo (then a lone mthi spoils LO and a
 * lone mtlo spoils HI).  Every transfer is monotone, so the state at a join is
 * the meet of the incoming ones.
 */
typedef struct {
  unsigned char hi, lo, pend;
} HL;

static HL hl_meet(HL a, HL b) {
  HL r = {a.hi && b.hi, a.lo && b.lo, a.pend || b.pend};
  return r;
}

/* Flags of gen_op. */
enum {
  F_SINGLE = 1,  /* one instruction (a delay slot); setup only through g->pre */
  F_NOMEM = 2,   /* no load or store (between ll and sc) */
  F_NOHLINV = 4, /* nothing that makes HI or LO undefined (end of a loop) */
  F_NOHL = 8,    /* no HI/LO instruction at all */
};

typedef struct {
  uint64_t rng;
  Buf *out;        /* where instructions go */
  Buf *pre;        /* in a delay slot: where its setup goes (before the branch), or NULL */
  uint32_t wmask;  /* registers the random operations may write */
  uint32_t prefer; /* in a delay slot: destinations to favour (the branch's sources) */
  uint32_t keep;   /* in a delay slot: registers its setup must not write */
  HL hl;
  int hl_touched; /* some HI/LO instruction was emitted (leaf generation) */
  int base;       /* data area pointer */
  int ctr[2];     /* loop counters by nesting depth */
  int loopdepth, nest, in_leaf, maxiter;
  int label;
  int recent[4], nrecent, recent_pos;
  int nleaf;
  HL leaf_exit[MAX_LEAF];
  int leaf_touch[MAX_LEAF];
  int p_loop, p_diamond, p_call; /* chances (percent) of each statement kind */
} Gen;

/*
 * splitmix64.  For the same program on every machine, every call that draws a
 * number must be sequenced: never two of them among the arguments of one call
 * or the operands of one operator (their order would be the compiler's choice).
 */
static uint64_t rng_next(Gen *g) {
  uint64_t z = (g->rng += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static uint32_t rnd(Gen *g, uint32_t n) {
  return n ? (uint32_t)(rng_next(g) >> 32) % n : 0;
}
static int chance(Gen *g, unsigned pct) {
  return rnd(g, 100) < pct;
}
static int range(Gen *g, int lo, int hi) {
  return lo + (int)rnd(g, (uint32_t)(hi - lo + 1));
}

static int emit(Gen *g, const char *fmt, ...) {
  va_list ap;
  buf_printf(g->out, "\t");
  va_start(ap, fmt);
  buf_vprintf(g->out, fmt, ap);
  va_end(ap);
  buf_printf(g->out, "\n");
  return 1;
}

/* An instruction that must precede the current one: to g->pre in a delay slot. */
static int emit_setup(Gen *g, const char *fmt, ...) {
  Buf *b = g->pre ? g->pre : g->out;
  va_list ap;
  buf_printf(b, "\t");
  va_start(ap, fmt);
  buf_vprintf(b, fmt, ap);
  va_end(ap);
  buf_printf(b, "\n");
  return 1;
}

static void emit_label(Gen *g, int l) {
  buf_printf(g->out, ".L%d:\n", l);
}

/* ---- values and registers ---- */

static uint32_t rand_value(Gen *g) {
  switch (rnd(g, 12)) {
  case 0: return 0;
  case 1: return 1;
  case 2: return 0xffffffffu;
  case 3: return 0x7fffffffu;
  case 4: return 0x80000000u;
  case 5: return (uint32_t)range(g, -16, 16);
  case 6: return 1u << rnd(g, 32);
  case 7: return (uint32_t)range(g, -32768, 32767);
  case 8: return (uint32_t)rnd(g, 65536) << 16;
  default: return (uint32_t)rng_next(g);
  }
}

static int32_t simm16(Gen *g) {
  switch (rnd(g, 8)) {
  case 0: return 0;
  case 1: return -1;
  case 2: return 32767;
  case 3: return -32768;
  case 4:
  case 5: return range(g, -64, 64);
  default: return range(g, -32768, 32767);
  }
}

static uint32_t uimm16(Gen *g) {
  switch (rnd(g, 7)) {
  case 0: return 0;
  case 1: return 0xffff;
  case 2: return 0x8000;
  case 3:
  case 4: return rnd(g, 256);
  default: return rnd(g, 65536);
  }
}

static int load_const(Gen *g, int r, uint32_t v) {
  int32_t s = (int32_t)v;
  if (s >= -32768 && s <= 32767)
    return emit(g, "addiu $%d, $0, %d", r, (int)s);
  if (v <= 0xffff)
    return emit(g, "ori $%d, $0, 0x%x", r, (unsigned)v);
  emit(g, "lui $%d, 0x%x", r, (unsigned)(v >> 16));
  if (v & 0xffff)
    return 1 + emit(g, "ori $%d, $%d, 0x%x", r, r, (unsigned)(v & 0xffff));
  return 1;
}

static int popcount32(uint32_t m) {
  int n = 0;
  for (; m; m &= m - 1)
    n++;
  return n;
}

static int pick(Gen *g, uint32_t m) {
  int k = (int)rnd(g, (uint32_t)popcount32(m));
  for (int r = 0; r < 32; r++)
    if ((m >> r & 1) && k-- == 0)
      return r;
  abort();
}

/* A source register: anything but $sp (its value differs between hosts). */
static int src(Gen *g) {
  if (g->nrecent && chance(g, 35))
    return g->recent[rnd(g, (uint32_t)g->nrecent)];
  int r;
  do
    r = (int)rnd(g, 32);
  while (r == 29);
  return r;
}

static int dst_in(Gen *g, uint32_t m) {
  uint32_t p = g->prefer & m;
  int r = (p && chance(g, 50)) ? pick(g, p) : pick(g, m);
  g->recent[g->recent_pos] = r;
  g->recent_pos = (g->recent_pos + 1) % 4;
  if (g->nrecent < 4)
    g->nrecent++;
  return r;
}

static int dst(Gen *g) {
  return dst_in(g, g->wmask);
}

/* A register for the setup of an operation (an address, a divisor). */
static int setup_dst(Gen *g) {
  uint32_t m = g->wmask & ~(1u << 31);
  if (g->pre)
    m &= ~g->keep;
  uint32_t p = g->prefer;
  g->prefer = 0;
  int r = dst_in(g, m);
  g->prefer = p;
  return r;
}

/* ---- HI/LO ---- */

static void hl_arith(Gen *g) {
  g->hl.hi = g->hl.lo = g->hl.pend = 1;
  g->hl_touched = 1;
}

static void hl_mthi(Gen *g) {
  g->hl.hi = 1;
  if (g->hl.pend)
    g->hl.lo = 0;
  g->hl.pend = 0;
  g->hl_touched = 1;
}

static void hl_mtlo(Gen *g) {
  g->hl.lo = 1;
  if (g->hl.pend)
    g->hl.hi = 0;
  g->hl.pend = 0;
  g->hl_touched = 1;
}

/* Make HI and/or LO defined with mthi/mtlo (not in a delay slot). */
static int hl_fix(Gen *g, int hi, int lo) {
  int n = 0;
  while ((hi && !g->hl.hi) || (lo && !g->hl.lo)) {
    if (hi && !g->hl.hi) {
      n += emit(g, "mthi $%d", src(g));
      hl_mthi(g);
    } else {
      n += emit(g, "mtlo $%d", src(g));
      hl_mtlo(g);
    }
  }
  return n;
}

/* ---- single operations ---- */

enum {
  OP_ALU3,
  OP_IMM,
  OP_LUI,
  OP_SHIFT,
  OP_SHIFTV,
  OP_UNARY,
  OP_EXTINS,
  OP_MOVC,
  OP_MUL,
  OP_MULT,
  OP_MADD,
  OP_DIV,
  OP_DIV_OVF,
  OP_MFHL,
  OP_MTHL,
  OP_LOAD,
  OP_STORE,
  OP_UNALIGNED,
  OP_LLSC,
  OP_PTR_MEM,
  OP_IDX_MEM,
  N_OPS
};

static const unsigned op_weight[N_OPS] = {
    [OP_ALU3] = 22,   [OP_IMM] = 14,   [OP_LUI] = 3,       [OP_SHIFT] = 8, [OP_SHIFTV] = 5,
    [OP_UNARY] = 5,   [OP_EXTINS] = 5, [OP_MOVC] = 3,      [OP_MUL] = 3,   [OP_MULT] = 4,
    [OP_MADD] = 3,    [OP_DIV] = 4,    [OP_DIV_OVF] = 1,   [OP_MFHL] = 6,  [OP_MTHL] = 2,
    [OP_LOAD] = 12,   [OP_STORE] = 10, [OP_UNALIGNED] = 3, [OP_LLSC] = 2,  [OP_PTR_MEM] = 3,
    [OP_IDX_MEM] = 3,
};

/* A memory access kind: mnemonic, size/alignment (1 for lwl/lwr/swl/swr), load? */
typedef struct {
  const char *name;
  int align, load;
} MemKind;

static const MemKind mem_kinds[] = {
    {"lb", 1, 1},  {"lbu", 1, 1}, {"lh", 2, 1}, {"lhu", 2, 1}, {"lw", 4, 1},  {"lwl", 1, 1},
    {"lwr", 1, 1}, {"sb", 1, 0},  {"sh", 2, 0}, {"sw", 4, 0},  {"swl", 1, 0}, {"swr", 1, 0},
};
#define N_MEM_KINDS (int)(sizeof mem_kinds / sizeof mem_kinds[0])

static const MemKind *mem_kind(Gen *g, int load) {
  const MemKind *k;
  do
    k = &mem_kinds[rnd(g, N_MEM_KINDS)];
  while (k->load != load);
  return k;
}

/* An offset into the data area aligned for k. */
static int data_off(Gen *g, const MemKind *k) {
  return (int)rnd(g, DATA_SIZE / k->align) * k->align;
}

/* The access k at off(reg): a load into a random register or a store of one. */
static int emit_mem(Gen *g, const MemKind *k, int off, int reg) {
  return emit(g, "%s $%d, %d($%d)", k->name, k->load ? dst(g) : src(g), off, reg);
}

static int gen_llsc(Gen *g);

/* One operation of kind op under the flags fl; 0 if it cannot be done there. */
static int try_op(Gen *g, int op, int fl) {
  static const char *alu3[] = {"addu", "subu", "and", "or", "xor", "nor", "slt", "sltu"};
  static const char *shv[] = {"sllv", "srlv", "srav", "rotrv"};
  static const char *sh[] = {"sll", "srl", "sra", "rotr"};
  static const char *un[] = {"clz", "clo", "seb", "seh", "wsbh"};
  static const char *mac[] = {"madd", "maddu", "msub", "msubu"};
  int single = fl & F_SINGLE, nohl = fl & F_NOHL;
  if (single && !g->pre &&
      (op == OP_DIV || op == OP_DIV_OVF || op == OP_PTR_MEM || op == OP_IDX_MEM))
    return 0;
  switch (op) {
  case OP_ALU3: {
    int d = dst(g), s = src(g), t = src(g);
    return emit(g, "%s $%d, $%d, $%d", alu3[rnd(g, 8)], d, s, t);
  }
  case OP_SHIFTV: {
    int d = dst(g), t = src(g), s = src(g);
    return emit(g, "%s $%d, $%d, $%d", shv[rnd(g, 4)], d, t, s);
  }
  case OP_MOVC: {
    int d = dst(g), s = src(g), t = src(g);
    return emit(g, "%s $%d, $%d, $%d", chance(g, 50) ? "movn" : "movz", d, s, t);
  }
  case OP_IMM: {
    int d = dst(g), s = src(g), k = (int)rnd(g, 6);
    static const char *name[] = {"addiu", "slti", "sltiu", "andi", "ori", "xori"};
    if (k < 3)
      return emit(g, "%s $%d, $%d, %d", name[k], d, s, (int)simm16(g));
    return emit(g, "%s $%d, $%d, 0x%x", name[k], d, s, (unsigned)uimm16(g));
  }
  case OP_LUI: {
    int d = dst(g);
    return emit(g, "lui $%d, 0x%x", d, (unsigned)uimm16(g));
  }
  case OP_SHIFT: {
    int d = dst(g), t = src(g);
    int sa = chance(g, 20) ? (chance(g, 50) ? 0 : 31) : (int)rnd(g, 32);
    return emit(g, "%s $%d, $%d, %d", sh[rnd(g, 4)], d, t, sa);
  }
  case OP_UNARY: {
    int d = dst(g), s = src(g);
    return emit(g, "%s $%d, $%d", un[rnd(g, 5)], d, s);
  }
  case OP_EXTINS: {
    int d = dst(g), s = src(g), pos = (int)rnd(g, 32);
    int size = 1 + (int)rnd(g, (uint32_t)(32 - pos));
    return emit(g, "%s $%d, $%d, %d, %d", chance(g, 50) ? "ext" : "ins", d, s, pos, size);
  }
  case OP_MUL: {
    if (nohl || (fl & F_NOHLINV))
      return 0;
    int d = dst(g), s = src(g), t = src(g);
    g->hl.hi = g->hl.lo = 0; /* HI and LO are UNPREDICTABLE after mul */
    g->hl_touched = 1;
    return emit(g, "mul $%d, $%d, $%d", d, s, t);
  }
  case OP_MULT: {
    if (nohl)
      return 0;
    int u = chance(g, 50), s = src(g), t = src(g);
    hl_arith(g);
    return emit(g, "%s $%d, $%d", u ? "multu" : "mult", s, t);
  }
  case OP_MADD: {
    int n = 0;
    if (nohl || (single && !(g->hl.hi && g->hl.lo)))
      return 0;
    n += hl_fix(g, 1, 1);
    int k = (int)rnd(g, 4), s = src(g), t = src(g);
    hl_arith(g);
    return n + emit(g, "%s $%d, $%d", mac[k], s, t);
  }
  case OP_DIV: {
    if (nohl)
      return 0;
    int d = setup_dst(g);
    switch (rnd(g, 6)) {
    case 0:
    case 1: emit_setup(g, "ori $%d, $%d, 1", d, d); break;
    case 2: emit_setup(g, "ori $%d, $%d, 1", d, src(g)); break;
    case 3: emit_setup(g, "lui $%d, 0x%x", d, 1 + (unsigned)rnd(g, 0xffff)); break;
    case 4: emit_setup(g, "addiu $%d, $0, -1", d); break;
    default:
      emit_setup(g, "addiu $%d, $0, %d", d, chance(g, 50) ? range(g, 1, 9) : -range(g, 2, 9));
    }
    int u = chance(g, 50), s = src(g);
    hl_arith(g);
    return 1 + emit(g, "%s $0, $%d, $%d", u ? "divu" : "div", s, d);
  }
  case OP_DIV_OVF: { /* INT_MIN / -1: quotient INT_MIN, remainder 0, no trap */
    if (nohl)
      return 0;
    int a = setup_dst(g), d;
    do
      d = setup_dst(g);
    while (d == a);
    emit_setup(g, "lui $%d, 0x8000", a);
    emit_setup(g, "addiu $%d, $0, -1", d);
    hl_arith(g);
    return 2 + emit(g, "%s $0, $%d, $%d", chance(g, 75) ? "div" : "divu", a, d);
  }
  case OP_MFHL: {
    int hi = chance(g, 50), n = 0;
    if (nohl || (single && !(hi ? g->hl.hi : g->hl.lo)))
      return 0;
    n += hl_fix(g, hi, !hi);
    g->hl.pend = 0;
    return n + emit(g, "%s $%d", hi ? "mfhi" : "mflo", dst(g));
  }
  case OP_MTHL: {
    int hi = chance(g, 50);
    if (nohl || ((fl & F_NOHLINV) && g->hl.pend))
      return 0;
    if (hi)
      hl_mthi(g);
    else
      hl_mtlo(g);
    return emit(g, "%s $%d", hi ? "mthi" : "mtlo", src(g));
  }
  case OP_LOAD: {
    if (fl & F_NOMEM)
      return 0;
    if (chance(g, 8)) { /* a lone ll is an ordinary load */
      int d = dst(g);
      return emit(g, "ll $%d, %d($%d)", d, (int)rnd(g, DATA_SIZE / 4) * 4, g->base);
    }
    const MemKind *k = mem_kind(g, 1);
    return emit_mem(g, k, data_off(g, k), g->base);
  }
  case OP_STORE: {
    if (fl & F_NOMEM)
      return 0;
    const MemKind *k = mem_kind(g, 0);
    return emit_mem(g, k, data_off(g, k), g->base);
  }
  case OP_UNALIGNED: { /* an lwl/lwr or swl/swr pair: one unaligned word */
    if (single || (fl & F_NOMEM))
      return 0;
    int off = (int)rnd(g, DATA_SIZE - 3), load = chance(g, 55), swap = chance(g, 30);
    int r = load ? dst(g) : src(g);
    const char *l = load ? "lwl" : "swl", *rr = load ? "lwr" : "swr";
    if (swap) {
      emit(g, "%s $%d, %d($%d)", rr, r, off + 3, g->base);
      return 1 + emit(g, "%s $%d, %d($%d)", l, r, off, g->base);
    }
    emit(g, "%s $%d, %d($%d)", l, r, off, g->base);
    return 1 + emit(g, "%s $%d, %d($%d)", rr, r, off + 3, g->base);
  }
  case OP_LLSC:
    if (single || (fl & F_NOMEM))
      return 0;
    return gen_llsc(g);
  case OP_PTR_MEM: { /* an access through a pointer register near the data area */
    if (fl & F_NOMEM)
      return 0;
    const MemKind *k = mem_kind(g, chance(g, 55));
    int p = setup_dst(g), disp = range(g, -300, 300), off = data_off(g, k);
    emit_setup(g, "addiu $%d, $%d, %d", p, g->base, disp);
    return 1 + emit_mem(g, k, off - disp, p);
  }
  case OP_IDX_MEM: { /* an access at a data-dependent offset */
    if (fl & F_NOMEM)
      return 0;
    const MemKind *k = mem_kind(g, chance(g, 55));
    int q = setup_dst(g), s = src(g), off = 0;
    unsigned mask = (unsigned)(DATA_SIZE - k->align);
    if (chance(g, 40)) { /* index in the first half, constant offset into the second */
      mask = (unsigned)(DATA_SIZE / 2 - k->align);
      off = (int)rnd(g, DATA_SIZE / 2 / k->align) * k->align;
    }
    emit_setup(g, "andi $%d, $%d, 0x%x", q, s, mask);
    if (chance(g, 50))
      emit_setup(g, "addu $%d, $%d, $%d", q, q, g->base);
    else
      emit_setup(g, "addu $%d, $%d, $%d", q, g->base, q);
    return 2 + emit_mem(g, k, off, q);
  }
  }
  abort();
}

static int gen_op(Gen *g, int fl) {
  unsigned total = 0;
  for (int i = 0; i < N_OPS; i++)
    total += op_weight[i];
  for (;;) {
    unsigned w = rnd(g, total);
    int op = 0;
    while (w >= op_weight[op])
      w -= op_weight[op++];
    int n = try_op(g, op, fl);
    if (n)
      return n;
  }
}

/*
 * Emits the branch or jump insn (text) with a random delay-slot instruction.
 * srcs: the registers the branch reads (the delay slot favours writing them; its
 * setup, emitted before the branch, never writes them); nowrite: registers the
 * delay slot must not write at all.  g->hl is left as after the delay slot.
 */
static int emit_branch(Gen *g, const char *insn, uint32_t srcs, uint32_t nowrite, int fl) {
  Buf slot = {0};
  Buf *main = g->out;
  uint32_t wm = g->wmask;
  g->wmask &= ~nowrite;
  g->out = &slot;
  g->pre = main;
  g->prefer = srcs;
  g->keep = srcs;
  int n = gen_op(g, F_SINGLE | fl);
  g->out = main;
  g->pre = NULL;
  g->prefer = g->keep = 0;
  g->wmask = wm;
  emit(g, "%s", insn);
  buf_append(main, &slot);
  free(slot.p);
  return n + 1;
}

/* ll/sc to one word with only register operations between: the sc succeeds. */
static int gen_llsc(Gen *g) {
  int off = (int)rnd(g, DATA_SIZE / 4) * 4, n = 0;
  if (chance(g, 35)) { /* the usual retry loop of an atomic update */
    static const char *op[] = {"addu", "subu", "xor", "or"};
    int l = g->label++, r = dst(g), k = (int)rnd(g, 4), s = src(g);
    emit_label(g, l);
    n += emit(g, "ll $%d, %d($%d)", r, off, g->base);
    n += emit(g, "%s $%d, $%d, $%d", op[k], r, r, s);
    n += emit(g, "sc $%d, %d($%d)", r, off, g->base);
    n += emit(g, "beq $%d, $0, .L%d", r, l);
    return n + emit(g, "nop");
  }
  int r = dst(g);
  n += emit(g, "ll $%d, %d($%d)", r, off, g->base);
  for (int k = (int)rnd(g, 4); k > 0; k--)
    n += gen_op(g, F_SINGLE | F_NOMEM);
  return n + emit(g, "sc $%d, %d($%d)", chance(g, 50) ? r : dst(g), off, g->base);
}

/* ---- control flow ---- */

static int gen_block(Gen *g, int size);

/* A forward if or if/else over an ordinary or branch-likely branch. */
static int gen_diamond(Gen *g) {
  static const char *one[] = {"blez", "bgtz", "bltz", "bgez"};
  static const char *two[] = {"beq", "bne"};
  int n = 0, likely = chance(g, 30), has_else = chance(g, 60);
  int l_else = g->label++, l_end = g->label++;
  int rs = src(g), rt = chance(g, 10) ? rs : src(g);
  uint32_t srcs = 1u << rs;
  char insn[64];
  if (chance(g, 45)) {
    snprintf(insn, sizeof insn, "%s%s $%d, $%d, .L%d", two[rnd(g, 2)], likely ? "l" : "", rs, rt,
             l_else);
    srcs |= 1u << rt;
  } else {
    snprintf(insn, sizeof insn, "%s%s $%d, .L%d", one[rnd(g, 4)], likely ? "l" : "", rs, l_else);
  }
  HL before = g->hl;
  n += emit_branch(g, insn, srcs, 0, 0);
  HL taken = g->hl; /* the delay slot runs on the taken path, likely or not */
  g->hl = likely ? before : taken;
  g->nest++;
  n += gen_block(g, range(g, 1, 12));
  if (has_else) {
    static const char *jump[] = {"b .L%d", "j .L%d", "beql $0, $0, .L%d", "bgez $0, .L%d"};
    snprintf(insn, sizeof insn, jump[rnd(g, 4)], l_end);
    n += emit_branch(g, insn, 0, 0, 0);
    HL then_end = g->hl;
    emit_label(g, l_else);
    g->hl = taken;
    n += gen_block(g, range(g, 1, 12));
    g->hl = hl_meet(g->hl, then_end);
    emit_label(g, l_end);
  } else {
    emit_label(g, l_else);
    g->hl = hl_meet(g->hl, taken);
  }
  g->nest--;
  return n;
}

/* A counted loop of 2..maxiter iterations over a random body. */
static int gen_loop(Gen *g) {
  int c = g->ctr[g->loopdepth], n = 0, l = g->label++, v = (int)rnd(g, 6);
  int iters = range(g, 2, g->maxiter), saved_max = g->maxiter;
  uint32_t saved_w = g->wmask;
  char insn[64];
  n += emit(g, "addiu $%d, $0, %d", c, v == 4 ? 0 : iters);
  g->wmask &= ~(1u << c);
  g->hl.pend = 1; /* assume the worst at the head, whichever edge got there */
  HL head = g->hl;
  emit_label(g, l);
  g->loopdepth++;
  g->maxiter = MAX_ITERS / (iters + 1) < 2 ? 2 : MAX_ITERS / (iters + 1);
  if (g->maxiter > 50)
    g->maxiter = 50;
  n += gen_block(g, range(g, 3, 25));
  g->loopdepth--;
  g->maxiter = saved_max;
  switch (v) {
  case 0: /* decrement, bne */
  case 1: /* decrement, bgtz */
    n += emit(g, "addiu $%d, $%d, -1", c, c);
    n += hl_fix(g, head.hi, head.lo);
    snprintf(insn, sizeof insn, "%s $%d, %s.L%d", v ? "bgtz" : "bne", c, v ? "" : "$0, ", l);
    n += emit_branch(g, insn, 1u << c, 0, F_NOHLINV);
    break;
  case 2: /* decrement in the delay slot: iters + 1 passes */
    n += hl_fix(g, head.hi, head.lo);
    n += emit(g, "bgtz $%d, .L%d", c, l);
    n += emit(g, "addiu $%d, $%d, -1", c, c);
    break;
  case 3: /* decrement, branch-likely: the delay slot runs only when looping */
  case 5: {
    n += emit(g, "addiu $%d, $%d, -1", c, c);
    n += hl_fix(g, head.hi, head.lo);
    HL fall = g->hl;
    snprintf(insn, sizeof insn, "%s $%d, %s.L%d", v == 3 ? "bnel" : "bgtzl", c,
             v == 3 ? "$0, " : "", l);
    n += emit_branch(g, insn, 1u << c, 0, F_NOHLINV);
    g->hl = fall;
    break;
  }
  case 4: { /* count up, compare with slti into a scratch register */
    int t = dst(g);
    n += emit(g, "addiu $%d, $%d, 1", c, c);
    n += emit(g, "slti $%d, $%d, %d", t, c, iters);
    n += hl_fix(g, head.hi, head.lo);
    snprintf(insn, sizeof insn, "bne $%d, $0, .L%d", t, l);
    n += emit_branch(g, insn, 1u << t, 0, F_NOHLINV);
    break;
  }
  }
  g->wmask = saved_w;
  return n;
}

/* HI/LO after a call of leaf i, from the state s at its entry. */
static HL leaf_effect(Gen *g, int i, HL s) {
  return g->leaf_touch[i] ? g->leaf_exit[i] : s;
}

/* A call of a leaf function: jal, jalr, bal, or a conditional bltzal/bgezal. */
static int gen_call(Gen *g) {
  int i = (int)rnd(g, (uint32_t)g->nleaf), n = 0;
  uint32_t ra = 1u << 31;
  char insn[64];
  switch (rnd(g, 6)) {
  case 0:
  case 1:
    snprintf(insn, sizeof insn, "jal leaf%d", i);
    n += emit_branch(g, insn, 0, ra, 0);
    break;
  case 2:
  case 3: {
    int r = dst_in(g, g->wmask & ~ra);
    n += emit(g, "lui $%d, %%hi(leaf%d)", r, i);
    n += emit(g, "addiu $%d, $%d, %%lo(leaf%d)", r, r, i);
    snprintf(insn, sizeof insn, "jalr $%d", r);
    n += emit_branch(g, insn, 1u << r, ra, 0);
    break;
  }
  case 4:
    snprintf(insn, sizeof insn, "bal leaf%d", i);
    n += emit_branch(g, insn, 0, ra, 0);
    break;
  default: {
    int rs;
    do
      rs = src(g);
    while (rs == 31);
    snprintf(insn, sizeof insn, "%s $%d, leaf%d", chance(g, 50) ? "bltzal" : "bgezal", rs, i);
    n += emit_branch(g, insn, 1u << rs, ra, 0);
    g->hl = hl_meet(g->hl, leaf_effect(g, i, g->hl));
    return n;
  }
  }
  g->hl = leaf_effect(g, i, g->hl);
  return n;
}

static int gen_block(Gen *g, int size) {
  int n = 0;
  while (n < size) {
    int scale = 1 + g->nest + g->loopdepth;
    int r = (int)rnd(g, 100) * scale;
    if (r < g->p_loop && g->loopdepth < 2 && !g->in_leaf)
      n += gen_loop(g);
    else if ((r -= g->p_loop) < g->p_diamond && g->nest < 3)
      n += gen_diamond(g);
    else if ((r -= g->p_diamond) < g->p_call && g->nleaf && !g->in_leaf)
      n += gen_call(g);
    else
      n += gen_op(g, 0);
  }
  return n;
}

/* ---- the program ---- */

static void gen_leaf(Gen *g, int i, Buf *out, uint32_t wmask) {
  g->out = out;
  g->wmask = wmask;
  g->hl.hi = g->hl.lo = 0; /* entered from anywhere */
  g->hl.pend = 1;
  g->hl_touched = 0;
  g->in_leaf = 1;
  buf_printf(out, "\n\t.type leaf%d, @function\nleaf%d:\n", i, i);
  gen_block(g, range(g, 2, 20));
  emit_branch(g, "jr $31", 1u << 31, 0, 0);
  g->leaf_exit[i] = g->hl;
  g->leaf_touch[i] = g->hl_touched;
  g->in_leaf = 0;
}

static void gen_epilogue(Gen *g, const int *slot_reg, int nslots) {
  int k = 0;
  for (; slot_reg[k] > 0; k++)
    emit(g, "sw $%d, %d($%d)", slot_reg[k], SAVE_OFF + 4 * k, g->base);
  /* from here on $25 points at the data area, whichever register was the base */
  emit(g, "lui $25, %%hi(data)");
  emit(g, "addiu $25, $25, %%lo(data)");
  emit(g, "mfhi $8");
  emit(g, "sw $8, %d($25)", SAVE_OFF + 4 * k++);
  emit(g, "mflo $8");
  emit(g, "sw $8, %d($25)", SAVE_OFF + 4 * k++);
  /* sum = rotl(sum, 5) ^ word over the data area */
  buf_printf(g->out, "\t# checksum of the data area\n");
  emit(g, "addu $8, $25, $0");
  emit(g, "addiu $9, $25, %d", DATA_SIZE);
  emit(g, "addu $10, $0, $0");
  buf_printf(g->out, ".Lsum:\n");
  emit(g, "lw $11, 0($8)");
  emit(g, "rotr $10, $10, 27");
  emit(g, "xor $10, $10, $11");
  emit(g, "addiu $8, $8, 4");
  emit(g, "bne $8, $9, .Lsum");
  emit(g, "nop");
  emit(g, "sw $10, %d($25)", SAVE_OFF + 4 * k++);
  /* one "name xxxxxxxx\n" line per slot */
  buf_printf(g->out, "\t# print the slots: $16 value, $17 name, $18 line buffer, $19 count\n");
  emit(g, "addiu $16, $25, %d", SAVE_OFF);
  emit(g, "lui $17, %%hi(names)");
  emit(g, "addiu $17, $17, %%lo(names)");
  emit(g, "lui $18, %%hi(line)");
  emit(g, "addiu $18, $18, %%lo(line)");
  emit(g, "addiu $19, $0, %d", nslots);
  buf_printf(g->out, ".Lline:\n");
  emit(g, "lw $8, 0($16)");
  emit(g, "addu $9, $18, $0");
  emit(g, "addu $10, $17, $0");
  emit(g, "addiu $11, $17, 4");
  buf_printf(g->out, ".Lname:\n");
  emit(g, "lbu $12, 0($10)");
  emit(g, "beq $12, $0, .Lsp");
  emit(g, "addiu $10, $10, 1");
  emit(g, "sb $12, 0($9)");
  emit(g, "bne $10, $11, .Lname");
  emit(g, "addiu $9, $9, 1");
  buf_printf(g->out, ".Lsp:\n");
  emit(g, "addiu $12, $0, 0x20");
  emit(g, "sb $12, 0($9)");
  emit(g, "addiu $9, $9, 1");
  emit(g, "addiu $13, $0, 28");
  buf_printf(g->out, ".Lhex:\n");
  emit(g, "srlv $12, $8, $13");
  emit(g, "andi $12, $12, 0xf");
  emit(g, "sltiu $14, $12, 10");
  emit(g, "bne $14, $0, .Ldig");
  emit(g, "addiu $12, $12, 0x30");
  emit(g, "addiu $12, $12, 0x27");
  buf_printf(g->out, ".Ldig:\n");
  emit(g, "sb $12, 0($9)");
  emit(g, "addiu $9, $9, 1");
  emit(g, "bne $13, $0, .Lhex");
  emit(g, "addiu $13, $13, -4");
  emit(g, "addiu $12, $0, 10");
  emit(g, "sb $12, 0($9)");
  emit(g, "addiu $9, $9, 1");
  emit(g, "addiu $2, $0, 4004");
  emit(g, "addiu $4, $0, 1");
  emit(g, "addu $5, $18, $0");
  emit(g, "subu $6, $9, $18");
  emit(g, "syscall");
  emit(g, "addiu $16, $16, 4");
  emit(g, "addiu $19, $19, -1");
  emit(g, "bne $19, $0, .Lline");
  emit(g, "addiu $17, $17, 4");
  emit(g, "addu $4, $0, $0");
  emit(g, "addiu $2, $0, 4246");
  emit(g, "syscall");
  emit(g, "break");
}

static void gen_program(uint64_t seed, FILE *f) {
  Gen g;
  Buf body = {0}, leaves[MAX_LEAF] = {{0}};
  const uint32_t all = 0xffffffffu & ~1u & ~(1u << 29);
  int slot_reg[33], nslots = 0;

  memset(&g, 0, sizeof g);
  g.rng = seed ^ 0x6d697073u;
  rng_next(&g);
  do
    g.base = range(&g, 1, 30);
  while (g.base == 29);
  do
    g.ctr[0] = range(&g, 1, 30);
  while (g.ctr[0] == 29 || g.ctr[0] == g.base);
  do
    g.ctr[1] = range(&g, 1, 30);
  while (g.ctr[1] == 29 || g.ctr[1] == g.base || g.ctr[1] == g.ctr[0]);

  /* the flavour: straight-line, or a mix leaning towards loops, branches or calls */
  int flavour = (int)rnd(&g, 6);
  static const int mix[6][3] = {{0, 0, 0},  {16, 4, 2}, {3, 22, 2},
                                {3, 6, 18}, {7, 9, 6},  {7, 9, 6}};
  g.p_loop = mix[flavour][0];
  g.p_diamond = mix[flavour][1];
  g.p_call = mix[flavour][2];
  g.maxiter = 50;

  uint32_t wmain = all & ~(1u << g.base);
  if (g.p_call) {
    g.nleaf = range(&g, 1, MAX_LEAF);
    for (int i = 0; i < g.nleaf; i++)
      gen_leaf(&g, i, &leaves[i], wmain & ~(1u << 31) & ~(1u << g.ctr[0]) & ~(1u << g.ctr[1]));
  }

  g.out = &body;
  g.wmask = wmain;
  g.nrecent = 0;
  buf_printf(&body, "\t# base $%d, loop counters $%d $%d, flavour %d\n", g.base, g.ctr[0], g.ctr[1],
             flavour);
  emit(&g, "lui $%d, %%hi(data)", g.base);
  emit(&g, "addiu $%d, $%d, %%lo(data)", g.base, g.base);
  for (int r = 1; r < 32; r++)
    if (r != 29 && r != g.base)
      load_const(&g, r, rand_value(&g));
  emit(&g, "mthi $%d", src(&g));
  emit(&g, "mtlo $%d", src(&g));
  g.hl.hi = g.hl.lo = 1;
  g.hl.pend = 0;
  buf_printf(&body, "\t# random code\n");
  if (flavour == 0) {
    gen_block(&g, range(&g, 30, 200));
  } else {
    for (int s = range(&g, 3, 8); s > 0; s--) {
      int r = (int)rnd(&g, 100);
      if (r < 25)
        gen_block(&g, range(&g, 3, 30));
      else if ((r -= 25) < g.p_loop * 2)
        gen_loop(&g);
      else if ((r -= g.p_loop * 2) < g.p_diamond * 2)
        gen_diamond(&g);
      else if (g.nleaf && chance(&g, 50))
        gen_call(&g);
      else
        gen_block(&g, range(&g, 3, 30));
    }
  }
  hl_fix(&g, 1, 1);
  buf_printf(&body, "\t# save the registers, HI, LO and the checksum, then print them\n");
  for (int r = 1; r < 32; r++)
    if (r != 29)
      slot_reg[nslots++] = r;
  slot_reg[nslots] = 0;
  gen_epilogue(&g, slot_reg, nslots + 3);

  fprintf(f, "# mipsgen seed %llu: a random MIPS32r2 program (tests/e2e/mipsgen.c)\n",
          (unsigned long long)seed);
  fprintf(f, "\t.set mips32r2\n\t.set noreorder\n\t.set noat\n\t.set nomacro\n\t.option pic0\n");
  fprintf(f, "\t.text\n\t.globl __start\n\t.type __start, @function\n__start:\n");
  fwrite(body.p, 1, body.n, f);
  for (int i = 0; i < g.nleaf; i++)
    fwrite(leaves[i].p, 1, leaves[i].n, f);
  fprintf(f, "\n\t.data\n\t.align 4\ndata:\n");
  for (int i = 0; i < DATA_SIZE / 4; i++)
    fprintf(f, "%s0x%08x%s", i % 8 ? ", " : "\t.word ", (unsigned)rand_value(&g),
            i % 8 == 7 ? "\n" : "");
  fprintf(f, "save:\t.space %d\nnames:\n", 4 * (nslots + 3));
  for (int k = 0; k < nslots; k++)
    fprintf(f, "\t.ascii \"r%d%s\"\n", slot_reg[k], slot_reg[k] < 10 ? "\\000\\000" : "\\000");
  fprintf(f, "\t.ascii \"hi\\000\\000\"\n\t.ascii \"lo\\000\\000\"\n\t.ascii \"sum\\000\"\n");
  fprintf(f, "line:\t.space 16\n");
  free(body.p);
  for (int i = 0; i < MAX_LEAF; i++)
    free(leaves[i].p);
}

static int parse_u64(const char *s, unsigned long long *v) {
  char *end;
  errno = 0;
  *v = strtoull(s, &end, 0);
  return errno || !*s || *end || *s == '-';
}

int main(int argc, char **argv) {
  unsigned long long seed = 1, count = 1;
  const char *outdir = NULL;
  int have_count = 0;
  for (int i = 1; i < argc; i++) {
    if (i + 1 < argc && !strcmp(argv[i], "--seed")) {
      if (parse_u64(argv[++i], &seed))
        goto usage;
    } else if (i + 1 < argc && !strcmp(argv[i], "--count")) {
      if (parse_u64(argv[++i], &count))
        goto usage;
      have_count = 1;
    } else if (i + 1 < argc && !strcmp(argv[i], "--outdir")) {
      outdir = argv[++i];
    } else {
      goto usage;
    }
  }
  if (!outdir) {
    if (have_count && count != 1)
      goto usage;
    gen_program(seed, stdout);
    return fflush(stdout) ? 1 : 0;
  }
  for (unsigned long long k = 0; k < count; k++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/prog-%llu.S", outdir, seed + k);
    FILE *f = fopen(path, "w");
    if (!f) {
      perror(path);
      return 1;
    }
    gen_program(seed + k, f);
    if (fclose(f)) {
      perror(path);
      return 1;
    }
  }
  return 0;
usage:
  fprintf(stderr, "usage: mipsgen [--seed N] [--count K] [--outdir DIR]\n"
                  "  writes K programs DIR/prog-SEED.S, SEED = N, N+1, ...;\n"
                  "  without --outdir, prints the program of seed N\n");
  return 2;
}
