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
 *   terminator   condition into cr7, link, delay slot, exits (their stubs out of
 *                line: translate.h, "Out-of-line code")
 *   trap stubs   traps (overflow, teq, ...) reached by forward bc, after the code
 *
 * This file drives a unit -- a block, or a superblock's members: its probe, each
 * instruction (insn.c, which dispatches on the opcode to insn_alu.c, insn_mem.c
 * and insn_fpu.c), its end (branch.c), the out-of-line code.  emit.h is the
 * emitter they share, checks.c the checks before guest accesses, probes.c the
 * profiling code.
 */
#include "translate.h"

#include "emit.h"

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

/* One block at guest pc into e: the profile, the body, the terminator.  Fills
 * out's guest side and its offset in e (host_addr - e->addr); -1 when pc is not
 * in the text. */
static int emit_block(em *e, uint32_t pc, uint32_t counter, dbt_block *out) {
  const dbt_core *c = e->c;
  uint32_t w;
  if (tr_fetch(c, pc, &w) < 0)
    return -1;
  memset(out, 0, sizeof *out);
  out->edge_site = DBT_EDGE_NONE;
  e->block = out;
  e->blk_pc = e->cur_pc = pc;
  e->lt_regs = e->lt_next = 0;
  if (!e->in_trace || e->head)
    e->cr0_regs = 0;
  e->cr0_hold = 0;
  out->guest_pc = pc;
  out->host_addr = e->addr + e->n;
  uint32_t mark0 = prof_begin(e);
  if (e->mem) {
    tr_member_head(e);
  } else if (!e->sbp) {
    tr_profile(e, pc, counter);
  } else { /* derived counts: members count nothing, the ways out count (tr_sb_end) */
    if (e->head && (c->profile == DBT_PROFILE_HW || c->profile == DBT_PROFILE_ALL)) {
      tr_probe_event(e, e->sbp->entry_key, HWPROF_EVENT_PLAIN); /* the IP's pairing */
      out->host_addr = e->addr + e->n; /* member 0 begins past it: direct entries */
    }
    if (e->head) {
      e->body0 = out->host_addr - e->addr;
      tr_held_forget(e); /* the loop and the redirected branches enter here */
    }
    e->probe = 0;
  }
  if (c->cct_ring)
    tr_cct_count(e);
  out->prof_insns = prof_end(e, mark0);
  uint32_t start = pc;
  unsigned max = c->max_insns && c->max_insns < MAX_BLOCK ? c->max_insns : MAX_BLOCK;
  uint32_t flags = HWPROF_EVENT_PLAIN;
  for (unsigned n = 0;; n++) {
    if (n == max || tr_fetch(c, pc, &w) < 0) { /* full, or ran off the end of the text */
      tr_go_to(e, pc);
      break;
    }
    branch b = tr_decode_branch(pc, w);
    if (b.kind != B_NONE) {
      flags = tr_event_flags(&b);
      tr_terminate(e, pc, w, &b);
      pc += 8;
      break;
    }
    unsigned op = mips_op(w), f = mips_funct(w);
    if (op == OP_SPECIAL && f == F_SYSCALL) {
      out->prof_insns += tr_syscall_record(e, pc);
      tr_sb_end(e, HWPROF_EVENT_PLAIN); /* (the runtime goes on at pc + 4, elsewhere) */
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
    int r = tr_insn(e, pc, w);
    tr_emitted(e, pc, w, r, mark);
    if (r == T_UNIMPL) {
      e->n = mark;
      tr_held_forget(e); /* (what the words taken back held) */
      tr_unimpl_exit(e, pc);
      pc += 4;
      break;
    }
    pc += 4;
  }
  if (e->probe && flags != HWPROF_EVENT_PLAIN)
    patch(e, e->probe_at, tr_probe_insn(e, flags));
  if (c->cct_ring)
    patch(e, e->cct_insns_at, ppc_addi(R4, R4, (int16_t)((pc - start) / 4)));
  if (e->probe && c->cct_hw)
    tr_probe_weight(e, (pc - start) / 4);
  out->flags = flags;
  out->guest_insns = (pc - start) / 4;
  out->end_pc = pc;
  return 0;
}

/* A stream at byte offset at of the buffer, cap bytes at most (what is left of it). */
static stream stream_at(const dbt_core *c, uint32_t at, uint32_t cap) {
  uint32_t left = at < c->buf_size ? c->buf_size - at : 0;
  return (stream){c->buf + at, c->buf_addr + at, 0, cap < left ? cap : left, 0};
}

/* The unit's trap stubs and side exits, apart from the emitter's state (one unit is
 * emitted at a time): 17 KB that would put the state's fields, used at every word,
 * and the frames of the functions that use them in lines far apart. */
static cold unit_colds[MAX_COLD];
static side unit_sides[MAX_SIDES];

static void em_init(em *e, const dbt_core *c, const dbt_place *pl) {
  e->c = c;
  e->colds = unit_colds;
  e->sides = unit_sides;
  e->hr = dbt_host_regs(c);
  stream hot = stream_at(c, pl->at, pl->cap);
  e->p = hot.p, e->addr = hot.addr, e->n = 0, e->cap = hot.cap;
  e->other = stream_at(c, pl->cold_at, pl->cold_cap);
  e->cold = 0;
  e->overflow = 0;
  e->prof = 0;
  e->ncold = 0;
  e->next = 0;
  e->head = e->last = e->loop = e->continued = 0;
  e->body0 = 0;
  e->nside = 0;
  e->sbp = NULL;
  e->mem = NULL;
  e->mo = NULL;
  e->lt_regs = e->lt_next = e->cr0_regs = 0;
  e->in_trace = e->cr0_hold = e->in_delay = 0;
  e->edge_next = c->edge_site_next;
  tr_held_forget(e);
  e->held_until = e->other.held_until = 0;
  tr_align_start(e);
  tr_confine_start(e);
}

/* The unit's end: the traps' stubs after its code; the bytes of code (0: it did not
 * fit), the out-of-line ones in pl. */
static int finish(em *e, dbt_place *pl) {
  emit_colds(e);
  pl->used = e->n;
  pl->cold_used = e->other.n;
  return e->overflow ? 0 : (int)e->n;
}

/* One block at pc in e (set up), its out-of-line code after it, into pl.  Inlined in
 * both callers, as their code was before it: the board's image (built -Os) stays byte for
 * byte, and with it every translation's cycles on the board. */
static inline __attribute__((always_inline)) int one_block(em *e, uint32_t pc, uint32_t counter,
                                                           dbt_place *pl, dbt_block *out) {
  if (emit_block(e, pc, counter, out) < 0)
    return -1;
  int n = finish(e, pl);
  out->host_size = (uint32_t)n;
  return n;
}

int dbt_translate(const dbt_core *c, uint32_t pc, dbt_place *pl, uint32_t counter, dbt_block *out) {
  em e;
  em_init(&e, c, pl);
  return one_block(&e, pc, counter, pl, out);
}

int dbt_translate_member(const dbt_core *c, uint32_t pc, const dbt_member *m, dbt_place *pl,
                         dbt_block *out, dbt_member_out *mo) {
  em e;
  em_init(&e, c, pl);
  memset(mo, 0, sizeof *mo);
  e.mem = m;
  e.mo = mo;
  return one_block(&e, pc, 0, pl, out);
}

unsigned dbt_block_ways(const dbt_core *c, uint32_t pc, uint32_t to[DBT_MEMBER_WAYS],
                        uint32_t *flags) {
  unsigned max = c->max_insns && c->max_insns < MAX_BLOCK ? c->max_insns : MAX_BLOCK;
  uint32_t w;
  *flags = HWPROF_EVENT_PLAIN;
  for (unsigned n = 0;; n++, pc += 4) {
    if (n == max || tr_fetch(c, pc, &w) < 0)
      return to[0] = pc, 1;
    branch b = tr_decode_branch(pc, w);
    unsigned op = mips_op(w), f = mips_funct(w);
    if (b.kind != B_NONE) {
      *flags = tr_event_flags(&b);
      switch (b.kind) {
      case B_ALWAYS: return to[0] = b.target, 1;
      case B_NEVER: return to[0] = pc + 8, 1;
      case B_COND: return to[0] = b.target, to[1] = pc + 8, 2;
      default: return 0; /* an indirect jump: the lookup */
      }
    }
    if (op == OP_SPECIAL && (f == F_SYSCALL || f == F_BREAK))
      return 0;
  }
}

int dbt_translate_trace(const dbt_core *c, const dbt_trace *t, const dbt_sb_probes *probes,
                        dbt_place *pl, dbt_block out[], unsigned *members) {
  em e;
  em_init(&e, c, pl);
  e.sbp = c->profile == DBT_PROFILE_NONE ? NULL : probes;
  unsigned i = 0;
  *members = 0;
  if (t->n == 0 || t->n > DBT_TRACE_MAX)
    return -1;
  for (; i < t->n; i++) {
    e.head = i == 0;
    e.in_trace = 1;
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
  tr_emit_sides(&e);
  int n = finish(&e, pl);
  if (!n)
    return 0;
  for (unsigned k = 0; k < i; k++)
    out[k].host_size = (k + 1 < i ? out[k + 1].host_addr : e.addr + e.n) - out[k].host_addr;
  *members = i;
  return n;
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
  if (!ppc_bc_fits(d))
    return 0;
  unsigned bo = bc >> 21 & 31;
  if ((bo & 0x16) == PPC_BO_FALSE && ((int16_t)bc < 0) != (d < 0))
    bc ^= DBT_BC_Y; /* on a CR bit: the y bit keeps its prediction as the sign changes */
  return (bc & 0xFFFF0003u) | ((uint32_t)d & 0xFFFCu);
}
