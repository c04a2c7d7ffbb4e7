/*
 * emit.h - the translator's emitter, shared by its files (translate.c, the
 * instruction groups insn_alu.c, insn_mem.c, insn_fpu.c, the checks in checks.c,
 * branch.c, probes.c): where the MIPS registers live, the state of the unit being
 * emitted (em), and the primitives that put PowerPC words into it.  Internal to
 * the translator: its interface is translate.h.
 */
#ifndef HWPROF_DBT_EMIT_H
#define HWPROF_DBT_EMIT_H

#include <string.h>

#include "guest.h"
#include "hwprof_regs.h"
#include "mips.h"
#include "ppc.h"
#include "translate.h"

/* ------------------------------------------------------------ registers */

enum { R0 = 0, RS = DBT_R_STATE, RP = DBT_R_PROF, R3 = 3, R4 = 4, RH = DBT_R_HI };
enum { CR0 = 0, CR1 = 1, CR6 = 6, CR7 = 7 }; /* cr2-cr6: the slt family's (liveness.c) */
#define BI7(bit) (4 * CR7 + (bit))

/* ------------------------------------------------------------ the emitter */

#define MAX_BLOCK 64 /* guest instructions per block, at most */
_Static_assert(MAX_BLOCK + 2 < DBT_INSN_COLD, "insn_of's index holds a block and its delay slot");
#define MAX_COLD  ((MAX_BLOCK + 1) * DBT_TRACE_MAX) /* trap stubs: one per instruction at most */
#define MAX_SIDES (DBT_SIDE_MAX * DBT_TRACE_MAX)

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

/* A stream of code being emitted: p[0..n) at PowerPC address addr, room for cap bytes. */
typedef struct stream {
  uint8_t *p;
  uint32_t addr, n, cap;
  uint32_t held_until; /* held.c: em's, for the stream not being emitted into */
} stream;

typedef struct em {
  const dbt_core *c;
  uint8_t *p;    /* the stream being emitted into: buf + start */
  uint32_t addr; /* PowerPC address of p[0] */
  uint32_t n, cap;
  /* A unit has two streams: its code, and its out-of-line code (dbt_place.cold_at):
   * chain exits' stubs and the misses of indirect lookups (translate.h).  `other` is
   * the one not being emitted into; cold is 1 while the out-of-line one is. */
  stream other;
  int cold;
  int overflow;
  int prof;    /* emitting profiling code (prof_begin): its words are DBT_INSN_PROF in insn_of */
  cold *colds; /* [MAX_COLD]: the unit's trap stubs, colds[0, ncold) */
  unsigned ncold;
  uint32_t cct_insns_at; /* --cct, sw: the addi of the block's instruction count */
  /* Superblocks: where the recorded path goes after the block being emitted (0:
   * nowhere, a plain block), whether the block is the last member, whether the
   * path closes a loop to the head (offset 0), and whether the block went on
   * along the path. */
  uint32_t next;
  int head, last, loop, continued;
  uint32_t body0; /* derived counts: the head's body, past its probe (the loop's target) */
  side *sides;    /* [MAX_SIDES]: its side exits, sides[0, nside) */
  unsigned nside;
  /* Superblocks with derived counts: the head's and the side exits' probes (NULL:
   * every member has its own). */
  const dbt_sb_probes *sbp;
  /* A probe region's member (NULL: none): its probes, and what its translation did. */
  const dbt_member *mem;
  dbt_member_out *mo;
  /* The block's hw probe (tr_probe_event): the instruction that carries the EVENT
   * word's low half (offset probe_at, of form probe_form: an stb to probe_d(probe_ra),
   * an addi r0, probe_ra, probe_d, or the ori of probe_word), rewritten with the
   * block's flags once its end is known. */
  int probe, probe_form;
  unsigned probe_ra;
  int32_t probe_d;
  uint32_t probe_at, probe_word;
  /* --cct, hw: the probe's instruction that carries the block's weight (the li r0
   * before an stb, or a stw to EVENT_W + 4n at weight_ip + that (weight_ra)). */
  uint32_t weight_at;
  unsigned weight_ra;
  int32_t weight_ip;
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
  /* Set-on-less-than's comparisons (liveness.c): the MIPS registers whose value a CR
   * field holds as its LT bit (bit r for $r) and each one's field, the next field the
   * slt family takes, and the guest pc of the last slt; and whether a delay slot is
   * being emitted. */
  uint32_t lt_regs;
  uint8_t lt_field[32];
  unsigned lt_next;
  uint32_t lt_at;
  int in_delay;
  /* Record forms (cr0.c): the mapped MIPS registers whose value the last word of the
   * instruction that set them computed, in a form that can record it in cr0, nothing
   * having written cr0 since (bit r for $r), and each one's word (an offset). */
  uint32_t cr0_regs;
  uint32_t cr0_at[32];
  int cr0_hold; /* the block's branch tests cr0: nothing more is noted in the block */
  /* Whether the block is a superblock's member (cr0.c works there, in the code that
   * runs most, where its cost of translation pays); a member after the head is
   * entered only from the one before, falling through: what cr0 holds carries into it. */
  int in_trace;
  /* Spilled registers' words still in host registers (held.c): the state offset of
   * the word each host register holds (0: none), and the offset of the current
   * stream before which no register takes a new one (a skip's target). */
  int16_t held[32];
  uint32_t held_mask; /* bit r: held[r] is a word's */
  uint32_t held_until;
} em;

/* (hidden: put calls it last, a branch without the PLT's set-up in the board's image) */
__attribute__((visibility("hidden"))) void tr_held_word(em *e, uint32_t w);
__attribute__((visibility("hidden"))) void tr_held_patched(em *e, uint32_t at, uint32_t w);
static inline void tr_held_forget(em *e) {
  e->held_mask = 0;
}
void tr_held_load(em *e, unsigned r, int16_t off);

/* The code is big-endian PowerPC words at offsets that are multiples of 4 in buffers
 * that start on a word: on a big-endian host (the board's translator) a word is one
 * store or load, elsewhere four bytes. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define EM_WORDS_NATIVE 1
#else
#define EM_WORDS_NATIVE 0
#endif

static inline void store_word(uint8_t *p, uint32_t w) {
#if EM_WORDS_NATIVE
  *(uint32_t *)(void *)p = w;
#else
  p[0] = (uint8_t)(w >> 24);
  p[1] = (uint8_t)(w >> 16);
  p[2] = (uint8_t)(w >> 8);
  p[3] = (uint8_t)w;
#endif
}

/* Rewrites the word emitted at byte offset at.  A branch made to reach the current
 * word makes it a merge: nothing is held there (held.c). */
static inline void patch(em *e, uint32_t at, uint32_t w) {
  if (at + 4 <= e->n) {
    store_word(e->p + at, w);
    if (((w >> 26) | 2) == 18) /* a b or a bc */
      tr_held_patched(e, at, w);
  }
}

static inline uint32_t word_at(const em *e, uint32_t at) {
#if EM_WORDS_NATIVE
  return *(const uint32_t *)(const void *)(e->p + at);
#else
  return (uint32_t)e->p[at] << 24 | (uint32_t)e->p[at + 1] << 16 | (uint32_t)e->p[at + 2] << 8 |
         e->p[at + 3];
#endif
}

static inline void put(em *e, uint32_t w) {
  if (e->n + 4 > e->cap) {
    e->overflow = 1;
    return;
  }
  uint32_t at = e->n;
  e->n = at + 4;
  store_word(e->p + at, w);
  if (e->c && e->c->insn_of) { /* (no core: the exit stubs) */
    uint32_t k = (e->cur_pc - e->blk_pc) / 4;
    e->c->insn_of[(e->addr - e->c->buf_addr + at) / 4] =
        (uint8_t)((e->cold                                           ? DBT_INSN_COLD
                   : e->cur_pc >= e->blk_pc && k + 1 < DBT_INSN_COLD ? k + 1
                                                                     : 0) |
                  (e->prof ? DBT_INSN_PROF : 0));
  }
  /* What is held changes (held.c): with something held, at any word; else at a bc
   * that skips forward, or an lwz or stw at r1. */
  unsigned op = w >> 26;
  if (e->held_mask ||
      (op == 16 ? (w & 0xFFFCu) && !(w & 0x8000u) : (op & 0x3B) == 0x20 && ((w >> 16) & 31) == RS))
    tr_held_word(e, w);
}

/* Profiling code: what is emitted between prof_begin and prof_end is the profile's (its
 * words marked DBT_INSN_PROF in insn_of, for the board's cycles_by); prof_end returns
 * its instructions (dbt_block.prof_insns). */
static inline uint32_t prof_begin(em *e) {
  e->prof++;
  return e->n;
}
static inline uint32_t prof_end(em *e, uint32_t mark) {
  e->prof--;
  return (e->n - mark) / 4;
}

/* Emission moves between the unit's code and its out-of-line code. */
static inline void swap_stream(em *e) {
  stream s = {e->p, e->addr, e->n, e->cap, e->held_until};
  e->p = e->other.p, e->addr = e->other.addr, e->n = e->other.n, e->cap = e->other.cap;
  e->held_until = e->other.held_until;
  e->other = s;
  e->cold = !e->cold;
  tr_held_forget(e); /* (the other stream's code is another path) */
}
static inline void to_cold(em *e) {
  if (!e->cold)
    swap_stream(e);
}
static inline void to_hot(em *e) {
  if (e->cold)
    swap_stream(e);
}

/* While emitting out-of-line code: the branch at offset `at` of the unit's code (a
 * b or a bc, emitted with displacement 0) now reaches the current address.  The
 * runtime places both streams within a bc's reach of each other (dbt_place); a
 * placement that is not overflows the unit. */
static inline void land_far(em *e, uint32_t at) {
  uint32_t to = e->addr + e->n;
  swap_stream(e);
  if (at + 4 <= e->n) { /* (else the unit overflowed) */
    int64_t d = (int64_t)to - (int64_t)(e->addr + at);
    uint32_t w = word_at(e, at);
    int bc = (w >> 26) == 16;
    if (bc ? ppc_bc_fits(d) : ppc_b_fits(d))
      patch(e, at, w | ((uint32_t)d & (bc ? 0xFFFCu : 0x03FFFFFCu)));
    else
      e->overflow = 1;
  }
  swap_stream(e);
}

/* bl to an exit stub, then the data words. */
static inline void exit_to(em *e, int kind) {
  put(e, ppc_bl((int32_t)(e->c->exit_stub[kind] - (e->addr + e->n))));
}

static inline void load_imm(em *e, unsigned r, uint32_t v) {
  if ((int32_t)v == (int16_t)v) {
    put(e, ppc_li(r, (int16_t)v));
  } else {
    put(e, ppc_lis(r, (int16_t)(v >> 16)));
    if (v & 0xFFFF)
      put(e, ppc_ori(r, r, (uint16_t)v));
  }
}

/* A conditional branch (BO, BI) to a cold trap stub raising `signal` at pc. */
static inline void trap_if(em *e, unsigned bo, unsigned bi, uint32_t pc, uint32_t signal) {
  if (e->ncold == MAX_COLD) {
    e->overflow = 1; /* cannot happen: blocks have at most MAX_BLOCK instructions */
    return;
  }
  e->colds[e->ncold++] = (cold){e->n, pc, signal, e->block};
  put(e, ppc_bc(bo, bi, 0));
}

/* The bc at `at` (emitted with displacement 0) now reaches the current offset. */
static inline void land(em *e, uint32_t at) {
  patch(e, at, word_at(e, at) | ((e->n - at) & 0xFFFC));
  tr_held_forget(e); /* (a merge, also when at is past the end: an overflow) */
}

/* Out-of-line code at the current offset now belongs to block b's range [*addr,
 * *addr + *size) (emitted in block order, so each block's is contiguous). */
static inline void extend(const em *e, uint32_t *addr, uint32_t *size, uint32_t from) {
  if (!*size)
    *addr = e->addr + from;
  *size = e->addr + e->n - *addr;
}

static inline void emit_colds(em *e) {
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
static inline unsigned src(em *e, unsigned m, unsigned scratch) {
  if (m == 0) {
    put(e, ppc_li(scratch, 0));
    return scratch;
  }
  if (e->hr[m] >= 0)
    return (unsigned)e->hr[m];
  tr_held_load(e, scratch, DBT_ST_GPR(m));
  return scratch;
}

/* As src, for an operand that one word reads, in a place where r0 is a register (not
 * an addi's rA or an address's base): a spilled register's word that r0 holds
 * (held.c) is read there, with no word to copy it. */
static inline unsigned src_any(em *e, unsigned m, unsigned scratch) {
  if (m && e->hr[m] < 0 && (e->held_mask & 1) && e->held[0] == DBT_ST_GPR(m))
    return R0;
  return src(e, m, scratch);
}

/* As src, for a D-form base: $0 is register 0, which reads as 0 there. */
static inline unsigned base(em *e, unsigned m) {
  return m == 0 ? 0 : src(e, m, R3);
}

/* Where to compute MIPS register m: its own register, or r0 then commit. */
static inline unsigned dst(const em *e, unsigned m) {
  return m && e->hr[m] >= 0 ? (unsigned)e->hr[m] : R0;
}

static inline void commit(em *e, unsigned m, unsigned h) {
  if (m && e->hr[m] < 0)
    put(e, ppc_stw(h, RS, DBT_ST_GPR(m)));
}

/* The register an ALU instruction computes: rd in the register forms (SPECIAL,
 * SPECIAL2), rt in the immediate ones. */
static inline unsigned alu_dest(uint32_t w) {
  return mips_op(w) == OP_SPECIAL || mips_op(w) == OP_SPECIAL2 ? mips_rd(w) : mips_rt(w);
}

/* A superset of the GPRs an instruction writes (for a jump register saved
 * across its delay slot). */
static inline uint32_t gpr_writes(uint32_t w) {
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

/* How an instruction was translated: inline, not at all (the unit ends in an
 * unimplemented-instruction exit), or by the FPU helper (an exit to it). */
enum { T_OK, T_UNIMPL, T_HELPER };

/* One handler per opcode group (insn.c's table dispatches on the major
 * opcode): the instruction w at guest pc, emitted; T_*. */
typedef int tr_handler(em *e, uint32_t pc, uint32_t w);
tr_handler tr_special, tr_regimm, tr_immediate, tr_special2, tr_special3; /* insn_alu.c */
tr_handler tr_memory;                                                     /* insn_mem.c */
tr_handler tr_fpu_mem, tr_cop1, tr_cop1x;                                 /* insn_fpu.c */
int tr_insn(em *e, uint32_t pc, uint32_t w);                              /* insn.c */

/* A branch or jump, decoded (branch.c). */
typedef struct branch {
  enum { B_NONE, B_COND, B_ALWAYS, B_NEVER, B_INDIRECT } kind;
  int likely;
  unsigned link;   /* register written with pc + 8, or 0 */
  uint32_t target; /* direct */
  unsigned reg;    /* indirect: the target's register */
} branch;
#define CCT_BY_CR7 (-2) /* tr_cct_packet's t: to `to` when the branch in cr7 was taken */

/* ------------------------------------------------------------ the checks before a guest access
 * (checks.c) */

void tr_check_confine(em *e, unsigned mb, unsigned b, int16_t off, unsigned size);
/* After instruction w: what it writes is no longer known, except constants (lui,
 * addiu and ori of one, a move), moves, and addiu of a checked register (near). */
void tr_note_confine(em *e, uint32_t w);
void tr_confine_start(em *e);
/* $gp and $sp are near at every unit's start: translated code checks them after
 * any write that leaves them unknown (below), and the runtime before it resumes
 * translated code (dispatch.c).  A constant below DBT_GUEST_TOP is known: the PIC
 * prologue's lui and addiu of $gp need no check, only its addu of $t9. */
void tr_confine_kept(em *e);
/* MIPS raises an address error -- SIGBUS under Linux -- for a load or store not
 * aligned to its size, where the 405 just makes the access.  With
 * dbt_core.align_checks, a check before it: andi. on the address and a bne to a
 * trap stub (two instructions; three when the offset is not a multiple of the
 * size; none for $zero + an aligned offset). */
void tr_check_align(em *e, uint32_t pc, unsigned mb, unsigned b, int16_t off, unsigned size);
/* After instruction w: what it writes loses its known alignment, except where
 * it is known anyway (lui; addiu of an aligned register and offset; a move;
 * sll by 2 or more).  Registers the ABI keeps aligned ($sp, $gp) and $zero start
 * each unit known (align_start). */
void tr_note_align(em *e, uint32_t w);
void tr_align_start(em *e);

/* ------------------------------------------------------------ the guest's code (decode.c) */

/* The guest's word at pc into *w; -1 when pc is not in the text (or not aligned). */
int tr_fetch(const dbt_core *c, uint32_t pc, uint32_t *w);
/* Decodes a branch or jump at pc; B_NONE if w is not one. */
branch tr_decode_branch(uint32_t pc, uint32_t w);

/* ------------------------------------------------------------ set-on-less-than and its
 * branch (liveness.c) */

/* The CR field the next slt-family instruction compares into (what it held is
 * forgotten). */
unsigned tr_lt_take(em *e);
/* The slt at pc has compared into field f for rd: whether rd need not be set at all
 * (its value dead but for the branch and conditional moves that test f in its place). */
int tr_lt_dead(em *e, uint32_t pc, unsigned rd, unsigned f);
/* The field that holds the register the conditional branch w at pc tests against
 * zero, its BO when it does (taken when LT is set or clear); 0: none. */
unsigned tr_lt_branch(const em *e, uint32_t pc, uint32_t w, unsigned r, unsigned *bo);
/* Instruction w at pc emitted: the fields of the registers it writes are forgotten. */
void tr_lt_written(em *e, uint32_t pc, uint32_t w);
/* The CR field that holds $r's value as its LT bit (0: none). */
static inline unsigned tr_lt_of(const em *e, unsigned r) {
  return e->lt_regs >> r & 1 ? e->lt_field[r] : 0;
}

/* ------------------------------------------------------------ record forms (cr0.c) */

/* A word that writes cr0 is emitted: what it held is forgotten. */
static inline void tr_cr0_clobbered(em *e) {
  e->cr0_regs = 0;
}
/* Instruction w emitted from offset mark (tr_insn returned r): what cr0 can hold. */
void tr_cr0_emitted(em *e, uint32_t w, int r, uint32_t mark);
/* The conditional branch at pc tests $reg against zero: whether cr0 holds the
 * comparison, the word that computed $reg now recording it (else the branch compares). */
int tr_cr0_branch(em *e, uint32_t pc, unsigned reg);

/* ------------------------------------------------------------ the unit's end (branch.c) */

/* To guest pc `to`: along the path when it is the recorded successor, else out. */
void tr_go_to(em *e, uint32_t to);
void tr_emit_sides(em *e);
void tr_unimpl_exit(em *e, uint32_t pc);
/* After tr_insn(e, pc, w) returned r, its code from offset mark: what the checks
 * know now; for T_HELPER, the helper's exit in place of that code; and the checks
 * of $gp and $sp that the instruction may owe (confine_kept).  T_UNIMPL: the
 * caller ends the block. */
void tr_emitted(em *e, uint32_t pc, uint32_t w, int r, uint32_t mark);
void tr_terminate(em *e, uint32_t pc, uint32_t w, const branch *b);

/* ------------------------------------------------------------ the profiling code (probes.c) */

/* --cct, sw: the running totals of blocks and guest instructions (translate.h,
 * "Call and return packets"); the instruction count is patched in at the block's
 * end (cct_insns_at).  Uses r3 and r4. */
void tr_cct_count(em *e);
/* --cct, sw: the packet of a block that ends at the branch at pc with flags, going
 * to register t (t < 0: to the constant `to`; t == CCT_BY_CR7: to `to` when the
 * branch condition in cr7 holds (bo, bi), else pc + 8).  Uses r0, r4, cr1. */
void tr_cct_packet(em *e, uint32_t pc, uint32_t flags, int t, uint32_t to, unsigned bo,
                   unsigned bi);
/* A counter increment: lwz/addi/stw on base + off, the value in rv (r0: addic,
 * since addi reads r0 as 0; CA is dead between guest instructions), the address's
 * high half in ra when off is out of reach.  A block's probe uses r3 and r4; a side
 * exit's r4 and r0 (r3 may hold an indirect target there). */
void tr_count(em *e, unsigned base, int32_t off, unsigned ra, unsigned rv);
/* The instruction of the hw probe that carries the EVENT word's low half, with
 * flags: the store into the EVENT window whose address is the word, the addi that
 * makes it near r5, or the ori. */
uint32_t tr_probe_insn(const em *e, uint32_t flags);
/* The EVENT word's flags of a block that ends in branch b (hwprof_regs.h).  A call
 * is a jump or branch that links (bltzal $0 links but never branches: plain). */
uint32_t tr_event_flags(const branch *b);
/* The hw probe of key with flags (hwprof_regs.h): its event word (translate.h,
 * "Event words") to the IP.  Within 32 KiB of r5, flags included: one stb into the
 * EVENT window, or addi + stw; a far slot's: stb from r2, or addis + stb; else lis
 * + ori + stw (the ori even when the low half is 0, so that there is a place for the
 * flags).  e->probe_* say where it is, for flags known later. */
void tr_probe_event(em *e, uint32_t key, uint32_t flags);
/* --cct, hw: the probe's weight, the block's guest instructions (hwprof_regs.h,
 * EVENT_W and the window's data byte). */
void tr_probe_weight(em *e, uint32_t insns);
/* The block's probe: hw event key (its flags set once the block's end is known),
 * sw counter `counter`. */
void tr_profile(em *e, uint32_t key, uint32_t counter);
/* Superblocks with derived counts: a probe of event word key and sw counter `counter`
 * (hw, sw or both, as the profile is), by r0 and r4 (r3 may hold a target), its
 * instructions owner's. */
void tr_sb_probe(em *e, uint32_t key, uint32_t counter, uint32_t flags, dbt_block *owner);
/* Superblocks with derived counts (e->sbp, else nothing): a way out of the superblock
 * that is not a side exit -- the path's end, the loop back, a branch off the path, a
 * system call -- counts under the end word and counter (translate.h, dbt_sb_probes),
 * after everything of the member that can fault; flags: the event's (an indirect jump
 * that leaves by the lookup, for the IP's pairing). */
void tr_sb_end(em *e, uint32_t flags);
/* A probe region's member (translate.h, dbt_member).  tr_member_head: its head's
 * probe, and where its body starts.  tr_member_way, in the out-of-line code where the
 * branch at site (a PowerPC address) to guest pc target lands: the way noted, and when
 * the member counts it, its probe; returns the address the chain stub's site word
 * names: site, or when counted the stub's own bl (chaining then patches the stub, and
 * the probe stays on the way). */
void tr_member_head(em *e);
uint32_t tr_member_way(em *e, uint32_t site, uint32_t target);
/* hw, all: the system-call record (IP 1.4, hwprof_regs.h): the call site to
 * SYSCALL_SITE, then the number ($v0) to SYSCALL, on the way to the runtime's
 * system-call exit.  Returns the instructions it added. */
uint32_t tr_syscall_record(em *e, uint32_t pc);

#endif
