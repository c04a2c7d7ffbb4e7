/*
 * held.c - a spilled MIPS register's word, still in a host register, is not loaded
 * again.
 *
 * Five MIPS registers ($at, $t7, $t8, $k0, $k1), HI and LO live in the state at r1
 * (translate.h), and every instruction that reads one loads it into a scratch
 * register first: `lhu $t8, ($a0); sll $v0, $t8, 1; addu $v0, $v0, $t8` (bzip2's
 * hottest loop) was `lhz r0; stw r0, T8(r1); lwz r3, T8(r1); slwi r6, r3, 1; lwz r4,
 * T8(r1); add r6, r6, r4`, two loads of a word the code had just stored from r0,
 * each a cycle and another that the instruction after it waits for (load-use).
 *
 * So the emitter follows, word by word, which host register holds which of those
 * words (tr_held_word, from put): a load of a word from the state, or a store of a
 * register to it, makes that register hold it; a word that writes a register
 * forgets what the register held; a store to the word forgets its other holders.
 * A load of a word that a register holds (tr_held_load) is then nothing when it is
 * wanted in that register, an `mr` (no load-use, no data-cache access) when it is
 * in another, and the load otherwise.  Every store stays: the state in memory is
 * always the guest's, wherever the runtime reads it (a fault, a helper, a system
 * call, a signal).
 *
 * What is held must hold on every path to a word, so the emitter forgets:
 *   - everything where code is entered from elsewhere: a unit's start (em_init), a
 *     superblock's body (the head's loop and its redirected predecessors enter it
 *     past the probe: emit_block), code after an unconditional branch (reached by
 *     a branch only), and where a branch emitted before is landed or patched to
 *     reach the current word (land, patch: a merge);
 *   - everything at a call (`bl`: an exit to the runtime, which may return with
 *     the scratch registers written and the state changed: a helper, the FP gate);
 *   - everything at a word it does not know (a trap: the runtime) and at a stream
 *     swap (the out-of-line code is another path);
 *   - nothing new while a forward branch emitted with its displacement (a skip
 *     over a word or two: a conditional move, a division's checks) has not reached
 *     its target, since the words between it and the target run on one path only.
 * A backward branch goes to a unit's start or a superblock's body only, where
 * nothing is held.  The words of data after an exit's `bl` (a guest pc, a host
 * address, a signal or a site number) decode as no load or store at r1, so they
 * only make the emitter forget.
 */
#include "emit.h"

/* Whether offset d from r1 is a word followed here: a MIPS GPR's (spilled ones are
 * the only ones the code reads there), HI, LO, or a jump target saved across its
 * delay slot. */
static int followed(int32_t d) {
  return (d >= DBT_ST_GPR(1) && d <= DBT_ST_LO && !(d & 3)) || d == DBT_ST_TMP;
}

/* Register r holds nothing now. */
static void drop(em *e, unsigned r) {
  e->held_mask &= ~(1u << r);
}

/* Register r holds word d (fresh: it may take one here), or nothing. */
static void hold(em *e, unsigned r, int fresh, int16_t d) {
  if (fresh && d) {
    e->held[r] = d;
    e->held_mask |= 1u << r;
  } else {
    drop(e, r);
  }
}

/* The holders of word d hold it no longer. */
static void drop_word(em *e, int16_t d) {
  for (uint32_t m = e->held_mask; m; m &= m - 1) {
    unsigned r = (unsigned)__builtin_ctz(m);
    if (e->held[r] == d)
      drop(e, r);
  }
}

/* The register that holds word d, or -1. */
static int holder(const em *e, int16_t d) {
  for (uint32_t m = e->held_mask; m; m &= m - 1) {
    unsigned r = (unsigned)__builtin_ctz(m);
    if (e->held[r] == d)
      return (int)r;
  }
  return -1;
}

/* The GPRs word w writes (bit r for r), or ~0 for any word that is not known here
 * or that leaves the straight line (a branch, a trap: handled by the caller). */
static uint32_t writes(uint32_t w) {
  unsigned op = w >> 26, rt = (w >> 21) & 31, ra = (w >> 16) & 31;
  switch (op) {
  case 7:  /* mulli */
  case 8:  /* subfic */
  case 12: /* addic */
  case 13: /* addic. */
  case 14: /* addi */
  case 15: /* addis */
  case 32: /* lwz */
  case 34: /* lbz */
  case 40: /* lhz */
  case 42: /* lha */ return 1u << rt;
  case 33: /* lwzu */
  case 35: /* lbzu */
  case 41: /* lhzu */
  case 43: /* lhau */ return 1u << rt | 1u << ra;
  case 20: /* rlwimi */
  case 21: /* rlwinm */
  case 23: /* rlwnm */
  case 24: /* ori */
  case 25: /* oris */
  case 26: /* xori */
  case 27: /* xoris */
  case 28: /* andi. */
  case 29: /* andis. */
  case 37: /* stwu */
  case 39: /* stbu */
  case 45: /* sthu */ return 1u << ra;
  case 10: /* cmpli */
  case 11: /* cmpi */
  case 36: /* stw */
  case 38: /* stb */
  case 44: /* sth */ return 0;
  case 31: break;
  default: return ~0u;
  }
  unsigned xo = (w >> 1) & 0x3FF;
  switch (xo) {
  case 0:   /* cmp */
  case 32:  /* cmpl */
  case 54:  /* dcbst */
  case 144: /* mtcrf */
  case 151: /* stwx */
  case 215: /* stbx */
  case 407: /* sthx */
  case 467: /* mtspr */
  case 598: /* sync */
  case 982: /* icbi */ return 0;
  case 19:  /* mfcr */
  case 23:  /* lwzx */
  case 87:  /* lbzx */
  case 279: /* lhzx */
  case 339: /* mfspr */
  case 343: /* lhax */ return 1u << rt;
  case 55:  /* lwzux */
  case 119: /* lbzux */
  case 311: /* lhzux */ return 1u << rt | 1u << ra;
  case 183: /* stwux */
  case 247: /* stbux */
  case 24:  /* slw */
  case 26:  /* cntlzw */
  case 28:  /* and */
  case 60:  /* andc */
  case 124: /* nor */
  case 284: /* eqv */
  case 316: /* xor */
  case 412: /* orc */
  case 444: /* or */
  case 476: /* nand */
  case 536: /* srw */
  case 792: /* sraw */
  case 824: /* srawi */
  case 922: /* extsh */
  case 954: /* extsb */ return 1u << ra;
  default: break;
  }
  /* XO forms, OE either way */
  switch (xo & 0x1FF) {
  case 8:   /* subfc */
  case 10:  /* addc */
  case 11:  /* mulhwu */
  case 40:  /* subf */
  case 75:  /* mulhw */
  case 104: /* neg */
  case 136: /* subfe */
  case 138: /* adde */
  case 200: /* subfze */
  case 202: /* addze */
  case 232: /* subfme */
  case 234: /* addme */
  case 235: /* mullw */
  case 266: /* add */
  case 459: /* divwu */
  case 491: /* divw */ return 1u << rt;
  default: return ~0u;
  }
}

/* The holders' table after word w, just emitted (at offset at of the stream). */
void tr_held_word(em *e, uint32_t w) {
  uint32_t at = e->n - 4;
  if (at >= e->held_until)
    e->held_until = 0; /* past every skip's target: what is held holds on both paths */
  unsigned op = w >> 26, rt = (w >> 21) & 31, ra = (w >> 16) & 31;
  int32_t d = (int16_t)(w & 0xFFFF);
  int fresh = !e->held_until;             /* a register may take a new word here */
  if (op == 16) {                         /* bc: the fall-through keeps what is held */
    if ((w & 1) || (rt & 0x14) == 0x14) { /* a call, or always taken: nothing falls through */
      tr_held_forget(e);
    } else if (d > 0 && at + (uint32_t)d <= e->cap) { /* a skip: its target merges */
      uint32_t to = at + (uint32_t)(d & ~3);
      if (to > e->held_until)
        e->held_until = to;
    }
    return; /* (d = 0: landed later, land() forgets; d < 0: a body or a unit's start) */
  }
  if ((op == 32 || op == 36) && ra == RS && followed(d)) { /* lwz, stw at r1 */
    if (op == 36)
      drop_word(e, (int16_t)d);
    if (op == 32 && rt == RS)
      tr_held_forget(e);
    else
      hold(e, rt, fresh, (int16_t)d);
    return;
  }
  if (!e->held_mask)
    return; /* nothing to forget */
  if ((op == 38 || op == 44 || op == 37 || op == 39 || op == 45) && ra == RS) {
    tr_held_forget(e); /* a store of part of a word at r1, or that moves r1: not made */
    return;
  }
  uint32_t wr = writes(w);
  if (wr == ~0u) {
    tr_held_forget(e);
    return;
  }
  if (op == 31 && ((w >> 1) & 0x3FF) == 444 && rt == ((w >> 11) & 31)) { /* mr ra, rs */
    hold(e, ra, fresh && (e->held_mask >> rt & 1), e->held[rt]);
    return;
  }
  if (op == 31 &&
      ((((w >> 1) & 0x3FF) == 151) || ((w >> 1) & 0x3FF) == 215 || ((w >> 1) & 0x3FF) == 407) &&
      (ra == RS || ((w >> 11) & 31) == RS)) {
    tr_held_forget(e); /* an indexed store at r1: not made */
    return;
  }
  e->held_mask &= ~wr;
}

void tr_held_patched(em *e, uint32_t at, uint32_t w) {
  if (dbt_branch_target(w, at) == e->n)
    tr_held_forget(e); /* a merge */
}

void tr_held_load(em *e, unsigned r, int16_t off) {
  int h = holder(e, off);
  if (h < 0)
    put(e, ppc_lwz(r, RS, off));
  else if ((unsigned)h != r)
    put(e, ppc_mr(r, (unsigned)h));
}
