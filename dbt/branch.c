/*
 * branch.c - how a unit ends: branches' conditions, the delay slot, chaining and
 * indirect exits, the sw edge probe, superblocks' side exits (the branches decoded
 * by decode.c).
 */
#include "emit.h"

/* Puts the branch condition at pc into cr7 (or finds it in the CR field where the
 * slt-family instruction that set the register it tests left it: liveness.c); returns
 * the BO/BI that branch when taken. */
static void branch_cond(em *e, uint32_t pc, uint32_t w, unsigned *bo, unsigned *bi) {
  unsigned op = mips_op(w), rs = mips_rs(w), rt = mips_rt(w);
  /* The register tested against zero (0: two registers compared). */
  int two = (op == OP_BEQ || op == OP_BNE || op == OP_BEQL || op == OP_BNEL) && rt != 0;
  unsigned r = !two ? rs : rs == 0 ? rt : 0;
  unsigned f = e->lt_regs && r ? tr_lt_branch(e, pc, w, r, bo) : 0;
  if (f) {
    *bi = 4 * f + PPC_LT;
    return;
  }
  if (op == OP_COP1) { /* bc1f/bc1t: FCC n is FCSR bit 23 (n = 0) or 24 + n */
    unsigned cc = rt >> 2, bit = cc ? 24 + cc : 23;
    put(e, ppc_lwz(R0, RS, DBT_ST_FCSR));
    put(e, ppc_rlwinm(R0, R0, 32 - bit, 31, 31));
    put(e, ppc_cmpwi(CR7, R0, 0));
    *bo = (rt & 1) ? PPC_BO_FALSE : PPC_BO_TRUE; /* tf = 1: taken when set */
    *bi = BI7(PPC_EQ);
    return;
  }
  unsigned crf = CR7;
  if (r && e->cr0_regs && tr_cr0_branch(e, pc, r)) {
    crf = CR0;
  } else {
    unsigned s = src_any(e, rs, R3); /* (one word reads them, a cmpw or a cmpwi) */
    if (two) {
      unsigned t = src_any(e, rt, R4);
      put(e, ppc_cmpw(CR7, s, t));
    } else {
      put(e, ppc_cmpwi(CR7, s, 0));
    }
  }
  switch (op) {
  case OP_BEQ:
  case OP_BEQL: *bo = PPC_BO_TRUE, *bi = 4 * crf + PPC_EQ; break;
  case OP_BNE:
  case OP_BNEL: *bo = PPC_BO_FALSE, *bi = 4 * crf + PPC_EQ; break;
  case OP_BLEZ:
  case OP_BLEZL: *bo = PPC_BO_FALSE, *bi = 4 * crf + PPC_GT; break;
  case OP_BGTZ:
  case OP_BGTZL: *bo = PPC_BO_TRUE, *bi = 4 * crf + PPC_GT; break;
  default: /* REGIMM: bit 0 of rt: 0 bltz family, 1 bgez family */
    *bo = (rt & 1) ? PPC_BO_FALSE : PPC_BO_TRUE, *bi = 4 * crf + PPC_LT;
    break;
  }
}

/* A chain exit's stub, in the out-of-line code: to guest pc target, reached from
 * the branch at `site` (a PowerPC address). */
static void chain_stub(em *e, uint32_t target, uint32_t site) {
  exit_to(e, DBT_EXIT_CHAIN);
  put(e, target);
  put(e, site);
}

/* The branch at offset `at` of the unit's code (b or bc) goes to a chain exit to
 * target, out of line. */
static void far_chain(em *e, uint32_t at, uint32_t target) {
  to_cold(e);
  land_far(e, at);
  uint32_t site = e->other.addr + at;
  chain_stub(e, target, e->mem ? tr_member_way(e, site, target) : site);
  to_hot(e);
}

/* The bc at offset `at` (landed) predicted taken or not: the 405 predicts a bc
 * backward taken and forward not, and its y bit reverses that. */
static void predict(em *e, uint32_t at, int taken) {
  if (e->overflow)
    return;
  uint32_t w = word_at(e, at) & ~DBT_BC_Y;
  patch(e, at, w | (((int16_t)w < 0) != taken ? DBT_BC_Y : 0));
}

/* To guest pc target: a b to its stub. */
static void chain_exit(em *e, uint32_t target) {
  uint32_t at = e->n;
  put(e, ppc_b(0));
  far_chain(e, at, target);
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
 * lookup (7 instructions, 8 cycles on a hit), the runtime on a miss (r3 = target),
 * out of line.  Both of the slot's words are loaded before either is used, so
 * that neither load stalls the word after it (the 405's load-use wait): the
 * compare reads r0 two words after its load, mtctr r4 two words after its. */
static void indirect_exit(em *e, unsigned t) {
  put(e, ppc_rlwinm(R4, t, 1, 31 - (DBT_JT_LOG2 + 2), 28)); /* ((pc >> 2) & mask) * 8 */
  put(e, ppc_x(R0, R4, RS, 55, 0));                         /* lwzux r0, r4, r1 */
  put(e, ppc_lwz(R4, R4, 4));                               /* the slot's host address */
  put(e, ppc_cmpw(CR1, R0, t));
  put(e, ppc_mtctr(R4));
  uint32_t miss = e->n;
  put(e, ppc_bc(PPC_BO_FALSE, 4 * CR1 + PPC_EQ, 0));
  put(e, ppc_bctr());
  to_cold(e);
  land_far(e, miss);
  if (t != R3)
    put(e, ppc_mr(R3, t));
  exit_to(e, DBT_EXIT_INDIRECT);
  to_hot(e);
}

/* Superblocks.  The block goes on along the recorded path: into the next member
 * (fall through: nothing to emit), or from the last member back to the head's body
 * or out to where the path went next; either way the pass ends (tr_sb_end). */
static void on_path(em *e) {
  e->continued = 1;
  if (!e->last)
    return;
  tr_sb_end(e, HWPROF_EVENT_PLAIN);
  if (e->loop)
    put(e, ppc_b((int32_t)e->body0 - (int32_t)e->n));
  else
    chain_exit(e, e->next);
}

/* A loop's last member whose branch (BO, BI) goes back to the head: the pass ends
 * either way, so the end is counted first and the member ends as a plain block does,
 * a bc back to the head's body (backward: the 405 predicts it taken), then (the
 * caller's) the loop's exit, a b to its chain exit.  A trip takes the end's probe and
 * the bc, where a side exit for the loop's exit took a bc, not taken, the probe and a
 * b back, one more; the exit is counted with the end (sbcount.c: F), and so does not
 * report its target hot as a side exit's word does (it is the code after the loop,
 * which its own probe makes a head).  0 (nothing emitted) for any other member. */
static int loop_back(em *e, unsigned bo, unsigned bi) {
  if (!e->last || !e->loop || (int32_t)e->body0 - (int32_t)e->n < -0x7F00)
    return 0; /* (a path of 16 blocks is far shorter than a bc's 32 KiB back) */
  tr_sb_end(e, HWPROF_EVENT_PLAIN);
  e->continued = 1;
  put(e, ppc_bc(bo & ~1u, bi, (int32_t)e->body0 - (int32_t)e->n));
  return 1;
}

/* Out of a block, or of a superblock's path (its end counted), to guest pc `to`. */
static void leave_to(em *e, uint32_t to) {
  tr_sb_end(e, HWPROF_EVENT_PLAIN);
  chain_exit(e, to);
}

/* To guest pc `to`: along the path when it is the recorded successor, else out. */
void tr_go_to(em *e, uint32_t to) {
  if (e->next && to == e->next)
    on_path(e);
  else
    leave_to(e, to);
}

/* A conditional branch (BO, BI) off the path, to a side exit (tr_emit_sides). */
static void side_exit(em *e, unsigned bo, unsigned bi, uint32_t dest, int indirect, unsigned reg) {
  if (e->nside == MAX_SIDES) {
    e->overflow = 1; /* cannot happen: at most two per member */
    return;
  }
  e->sides[e->nside++] = (side){e->n, dest, indirect, reg, e->block};
  if (e->block->side_exits < DBT_SIDE_MAX) {
    e->block->side_dest[e->block->side_exits] = indirect ? 0 : dest;
    e->block->side_at[e->block->side_exits] = e->addr + e->n;
  }
  e->block->side_exits++;
  put(e, ppc_bc(bo, bi, 0));
}

/* Side exit k's probe (derived counts: sbp): its event, flagged as the member's
 * jump when it leaves on a target the path did not record (an indirect jump: the IP
 * pairs it with the target's event). */
static void exit_probe(em *e, unsigned k, const side *x) {
  tr_sb_probe(e, e->sbp->exit_key + 4 * k, e->sbp->exit_counter + k,
              x->indirect ? x->owner->flags : HWPROF_EVENT_PLAIN, x->owner);
}

/* The side exits, after the body: a side exit's probe, then its jump (chain
 * exit, or the lookup of an indirect target).  A chain exit with no probe of its
 * own is its stub alone, out of line: once chained, the bc goes straight to the
 * target.  (The probes stay with the code that runs: a side exit runs them each
 * time it is taken, and the static prediction of a bc forward, not taken, holds
 * for it.) */
void tr_emit_sides(em *e) {
  for (unsigned i = 0; i < e->nside && !e->overflow; i++) {
    side *k = &e->sides[i];
    if (!e->sbp && !k->indirect) {
      far_chain(e, k->at, k->dest);
      continue;
    }
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

void tr_unimpl_exit(em *e, uint32_t pc) {
  exit_to(e, DBT_EXIT_UNIMPL);
  put(e, pc);
}

/* After tr_insn(e, pc, w) returned r, its code from offset mark: what the checks
 * know now; for T_HELPER, the helper's exit in place of that code; and the checks
 * of $gp and $sp that the instruction may owe (confine_kept).  T_UNIMPL: the
 * caller ends the block. */
void tr_emitted(em *e, uint32_t pc, uint32_t w, int r, uint32_t mark) {
  tr_note_align(e, w);
  tr_note_confine(e, w);
  if (e->lt_regs)
    tr_lt_written(e, pc, w);
  if (r == T_HELPER) {
    e->n = mark;
    tr_held_forget(e); /* (what the words taken back held) */
    exit_to(e, DBT_EXIT_HELPER);
    put(e, pc);
  }
  if (r != T_UNIMPL)
    tr_confine_kept(e);
  if (e->in_trace)
    tr_cr0_emitted(e, w, r, mark);
}

/* The delay slot: an instruction, or SIGILL if it is itself a branch (qemu-mips
 * raises Reserved Instruction there).  Returns 0, or -1 when the block ends in
 * an exit already emitted. */
static int delay_slot(em *e, uint32_t pc) {
  uint32_t w;
  if (tr_fetch(e->c, pc, &w) < 0) {
    exit_to(e, DBT_EXIT_TRAP);
    put(e, pc);
    put(e, DBT_SIGSEGV);
    return -1;
  }
  unsigned op = mips_op(w), f = mips_funct(w);
  if (tr_decode_branch(pc, w).kind != B_NONE ||
      (op == OP_SPECIAL && (f == F_SYSCALL || f == F_BREAK))) {
    exit_to(e, DBT_EXIT_TRAP);
    put(e, pc);
    put(e, DBT_SIGILL);
    return -1;
  }
  uint32_t mark = e->n, a4 = e->aligned4, a2 = e->aligned2;
  uint32_t c0 = e->checked, n0 = e->near, k0 = e->konst;
  e->in_delay = 1;
  int r = tr_insn(e, pc, w);
  e->in_delay = 0;
  tr_emitted(e, pc, w, r, mark);
  e->aligned4 &= a4; /* a likely branch may skip the slot: what holds either way */
  e->aligned2 &= a2;
  e->checked &= c0, e->near &= n0, e->konst &= k0 & ~gpr_writes(w); /* (its value may differ) */
  if (r == T_UNIMPL) {
    e->n = mark;
    tr_held_forget(e);
    tr_unimpl_exit(e, pc);
    return -1;
  }
  return 0;
}

void tr_terminate(em *e, uint32_t pc, uint32_t w, const branch *b) {
  unsigned bo = 0, bi = 0;
  uint32_t w_delay = 0;
  if (tr_fetch(e->c, pc + 4, &w_delay) < 0)
    w_delay = 0;
  if (b->kind == B_COND)
    branch_cond(e, pc, w, &bo, &bi);
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
    tr_go_to(e, pc + 8);
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
    tr_cct_packet(e, pc, HWPROF_EVENT_CALL, CCT_BY_CR7, b->target, bo, bi);
  switch (b->kind) {
  case B_ALWAYS:
    tr_cct_packet(e, pc, tr_event_flags(b), -1, b->target, 0, 0);
    tr_go_to(e, b->target);
    break;
  case B_NEVER: tr_go_to(e, pc + 8); break;
  case B_INDIRECT: {
    if (saved)
      tr_held_load(e, R3, DBT_ST_TMP);
    else if (b->reg == 0)
      put(e, ppc_li(R3, 0));
    else if (e->hr[b->reg] < 0)
      tr_held_load(e, R3, DBT_ST_GPR(b->reg));
    unsigned t = saved || e->hr[b->reg] < 0 ? R3 : (unsigned)e->hr[b->reg];
    tr_cct_packet(e, pc, tr_event_flags(b), (int)t, 0, 0, 0);
    if ((e->c->profile == DBT_PROFILE_SW || e->c->profile == DBT_PROFILE_ALL) &&
        tr_event_flags(b) == HWPROF_EVENT_INDIRECT) {
      uint32_t mark = prof_begin(e);
      edge_probe(e, t);
      e->block->prof_insns += prof_end(e, mark);
    }
    if (e->next) { /* inlined: the recorded target, else the lookup */
      load_imm(e, R0, e->next);
      put(e, ppc_cmpw(CR1, R0, t));
      side_exit(e, PPC_BO_FALSE, 4 * CR1 + PPC_EQ, 0, 1, t);
      on_path(e);
    } else {
      tr_sb_end(e, tr_event_flags(b));
      indirect_exit(e, t);
    }
    break;
  }
  case B_COND:
    if (path_likely) {
      on_path(e);
    } else if (b->likely) {
      leave_to(e, b->target);
      patch(e, skip, ppc_bc(bo ^ 8, bi, (int32_t)(e->n - skip)));
      leave_to(e, pc + 8);
    } else if (e->next && e->next == b->target && loop_back(e, bo, bi)) {
      chain_exit(e, pc + 8);
    } else if (e->next && e->next == b->target) {
      side_exit(e, bo ^ 8, bi, pc + 8, 0, 0);
      on_path(e);
    } else if (e->next && e->next == pc + 8) {
      side_exit(e, bo, bi, b->target, 0, 0);
      on_path(e);
    } else {
      /* Predicted as the guest's code is laid out, as the 405 predicts its own: taken
       * when the guest branches back (a loop), not when forward; the prediction holds
       * once the bc is chained to the target, wherever it lies (dbt_retarget_bc). */
      tr_sb_end(e, HWPROF_EVENT_PLAIN); /* (off a superblock's path both ways) */
      uint32_t taken = e->n;
      put(e, ppc_bc(bo, bi, 0));
      chain_exit(e, pc + 8);
      far_chain(e, taken, b->target); /* chained, the bc goes to the target if it reaches */
      predict(e, taken, b->target <= pc);
    }
    break;
  default: break;
  }
}
