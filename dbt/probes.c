/*
 * probes.c - what profiling adds to a block: the hw probe (an event to the IP,
 * with its flags and, with --cct, its weight), the sw counter and the sw
 * calling-context packets, and the IP's system-call record.
 */
#include "emit.h"

/* --cct, sw: the running totals of blocks and guest instructions (translate.h,
 * "Call and return packets"); the instruction count is patched in at the block's
 * end (cct_insns_at).  Uses r3 and r4. */
void tr_cct_count(em *e) {
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
void tr_cct_packet(em *e, uint32_t pc, uint32_t flags, int t, uint32_t to, unsigned bo,
                   unsigned bi) {
  const dbt_core *c = e->c;
  if (!c->cct_ring || flags == HWPROF_EVENT_PLAIN)
    return;
  uint32_t mark = prof_begin(e);
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
  e->block->prof_insns += prof_end(e, mark);
}

/* A counter increment: lwz/addi/stw on base + off, the value in rv (r0: addic,
 * since addi reads r0 as 0; CA is dead between guest instructions), the address's
 * high half in ra when off is out of reach.  A block's probe uses r3 and r4; a side
 * exit's r4 and r0 (r3 may hold an indirect target there). */
void tr_count(em *e, unsigned base, int32_t off, unsigned ra, unsigned rv) {
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

/* The probe's forms (em.probe_form): which instruction carries the flags. */
enum { PROBE_STB, PROBE_ADDI, PROBE_ORI };

uint32_t tr_probe_insn(const em *e, uint32_t flags) {
  int16_t d = (int16_t)(e->probe_d + (int32_t)flags);
  switch (e->probe_form) {
  case PROBE_STB: return ppc_stb(R0, e->probe_ra, d);
  case PROBE_ADDI: return ppc_addi(R0, e->probe_ra, d);
  default: return ppc_ori(R0, R0, (uint16_t)(e->probe_word | flags));
  }
}

/* The EVENT word's flags of a block that ends in branch b (hwprof_regs.h).  A call
 * is a jump or branch that links (bltzal $0 links but never branches: plain). */
uint32_t tr_event_flags(const branch *b) {
  if (b->link && b->kind != B_NEVER)
    return HWPROF_EVENT_CALL;
  if (b->kind == B_INDIRECT)
    return b->reg == 31 ? HWPROF_EVENT_RETURN : HWPROF_EVENT_INDIRECT;
  return HWPROF_EVENT_PLAIN;
}

/* The IP's registers from r2: with far words, r2 points into the EVENT window
 * (translate.h), and r4 = r2 - DBT_FAR_R2 + 0x8000 reaches them (one addis).
 * Returns the base register and sets *ip, the IP's base minus the register. */
static unsigned ip_regs(em *e, int32_t *ip) {
  const dbt_core *c = e->c;
  if (!c->words) {
    *ip = (int32_t)c->event_offset - (int32_t)HWPROF_EVENT_OFFSET;
    return RP;
  }
  _Static_assert(((DBT_FAR_R2 - 0x8000u) & 0xffffu) == 0,
                 "r2 - IP base: a multiple of 64 KiB + 0x8000");
  put(e, ppc_addis(R4, RP, (int16_t)(-(int32_t)((DBT_FAR_R2 - 0x8000u) >> 16))));
  *ip = -0x8000;
  return R4;
}

void tr_probe_event(em *e, uint32_t key, uint32_t flags) {
  const dbt_core *c = e->c;
  int32_t d = (int32_t)(key - c->prof_near);
  int32_t dmax = d + (int32_t)HWPROF_EVENT_FLAGS;
  int near = d == (int16_t)d && dmax == (int16_t)dmax;
  int64_t slot = near || !c->words ? -1 : dbt_words_slot(c->words, key);
  if (!near && c->words && slot < 0) {
    e->overflow = 1; /* cannot happen: the runtime keeps room (DBT_FAR_UNIT) */
    return;
  }
  e->probe_word = slot < 0 ? key : c->words->base + 4 * (uint32_t)slot;
  if (near || (slot >= 0 && slot < DBT_FAR_NEAR + DBT_FAR_MID)) {
    e->probe_ra = near ? RH : RP;
    e->probe_d = near ? d : 4 * (int32_t)slot - 0x8000;
    e->probe_form = near && !c->probe_window ? PROBE_ADDI : PROBE_STB;
    if (c->cct_hw && e->probe_form == PROBE_STB) { /* the weight: the stored byte */
      e->weight_at = e->n;
      put(e, ppc_li(R0, 0));
    }
    if (slot >= DBT_FAR_NEAR) { /* the rest of the window: r4 = r2 + hi */
      int32_t off = e->probe_d, lo = (int16_t)off;
      put(e, ppc_addis(R4, RP, (int16_t)((off - lo) >> 16)));
      e->probe_ra = R4;
      e->probe_d = lo;
    }
    e->probe_at = e->n;
    put(e, tr_probe_insn(e, flags));
    if (e->probe_form == PROBE_STB)
      return;
  } else {
    e->probe_form = PROBE_ORI;
    put(e, ppc_lis(R0, (int16_t)(e->probe_word >> 16)));
    e->probe_at = e->n;
    put(e, tr_probe_insn(e, flags));
  }
  /* the word to EVENT; with --cct, EVENT_W + 4 * weight: patched at the end */
  e->weight_ra = ip_regs(e, &e->weight_ip);
  e->weight_at = e->n;
  put(e, ppc_stw(R0, e->weight_ra, (int16_t)(e->weight_ip + (int32_t)HWPROF_EVENT_OFFSET)));
}

/* --cct, hw: the probe's weight, the block's guest instructions (hwprof_regs.h,
 * EVENT_W and the window's data byte). */
void tr_probe_weight(em *e, uint32_t insns) {
  if (e->probe_form == PROBE_STB)
    patch(e, e->weight_at, ppc_li(R0, (int16_t)insns));
  else
    patch(e, e->weight_at,
          ppc_stw(R0, e->weight_ra,
                  (int16_t)(e->weight_ip + (int32_t)(HWPROF_EVENT_W_OFFSET + 4 * insns))));
}

/* The block's probe: hw event key (its flags set once the block's end is known),
 * sw counter `counter`. */
void tr_profile(em *e, uint32_t key, uint32_t counter) {
  const dbt_core *c = e->c;
  e->probe = 0;
  if (c->profile == DBT_PROFILE_HW || c->profile == DBT_PROFILE_ALL) {
    tr_probe_event(e, key, HWPROF_EVENT_PLAIN);
    e->probe = 1;
  }
  if (c->profile == DBT_PROFILE_SW)
    tr_count(e, RP, (int32_t)(4 * counter) - DBT_SW_BIAS, R3, R4);
  else if (c->profile == DBT_PROFILE_ALL) /* r2 is the IP's: the counter by its address */
    tr_count(e, 0, (int32_t)(c->counters + 4 * counter), R3, R4);
}

void tr_sb_probe(em *e, uint32_t key, uint32_t counter, uint32_t flags, dbt_block *owner) {
  const dbt_core *c = e->c;
  uint32_t mark = prof_begin(e);
  if (c->profile == DBT_PROFILE_HW || c->profile == DBT_PROFILE_ALL)
    tr_probe_event(e, key, flags);
  if (c->profile == DBT_PROFILE_SW)
    tr_count(e, RP, (int32_t)(4 * counter) - DBT_SW_BIAS, R4, R0);
  else if (c->profile == DBT_PROFILE_ALL)
    tr_count(e, 0, (int32_t)(c->counters + 4 * counter), R4, R0);
  owner->prof_insns += prof_end(e, mark);
}

void tr_sb_end(em *e, uint32_t flags) {
  if (e->sbp)
    tr_sb_probe(e, e->sbp->end_key, e->sbp->end_counter, flags, e->block);
}

void tr_member_head(em *e) {
  tr_probe_event(e, e->mem->head_key, HWPROF_EVENT_PLAIN); /* (its flags: the block's end) */
  e->probe = 1;
  e->mo->body = e->addr + e->n;
  e->mo->entry = e->block->host_addr;
}

/* An out-of-line probe of key, plain, the head's probe left as it was (its flags are
 * written once the block's end is known). */
static void probe_aside(em *e, uint32_t key) {
  int probe = e->probe, form = e->probe_form;
  unsigned ra = e->probe_ra;
  int32_t d = e->probe_d;
  uint32_t at = e->probe_at, word = e->probe_word, mark = prof_begin(e);
  tr_probe_event(e, key, HWPROF_EVENT_PLAIN);
  e->block->prof_insns += prof_end(e, mark);
  e->probe = probe, e->probe_form = form, e->probe_ra = ra, e->probe_d = d;
  e->probe_at = at, e->probe_word = word;
}

/* The member's count slot for its way to target, or DBT_MEMBER_WAYS: not counted. */
static unsigned count_slot(const em *e, uint32_t target) {
  unsigned i = 0;
  while (i < DBT_MEMBER_WAYS && !(e->mem->count_key[i] && e->mem->count_to[i] == target))
    i++;
  return i;
}

uint32_t tr_member_way(em *e, uint32_t site, uint32_t target) {
  dbt_member_out *mo = e->mo;
  if (mo->ways == DBT_MEMBER_WAYS) {
    e->overflow = 1; /* cannot happen: a block has two direct ways out at most */
    return site;
  }
  unsigned k = mo->ways++, i = count_slot(e, target);
  mo->way_to[k] = target;
  mo->way_site[k] = site;
  mo->way_counted[k] = i < DBT_MEMBER_WAYS;
  if (mo->way_counted[k])
    probe_aside(e, e->mem->count_key[i]);
  mo->way_stub[k] = e->addr + e->n;
  return mo->way_counted[k] ? mo->way_stub[k] : site;
}

/* hw, all: the system-call record (IP 1.4, hwprof_regs.h): the call site to
 * SYSCALL_SITE, then the number ($v0) to SYSCALL, on the way to the runtime's
 * system-call exit.  Returns the instructions it added. */
uint32_t tr_syscall_record(em *e, uint32_t pc) {
  const dbt_core *c = e->c;
  if ((c->profile != DBT_PROFILE_HW && c->profile != DBT_PROFILE_ALL) || !c->sys_hw)
    return 0;
  uint32_t mark = prof_begin(e);
  int32_t ip;
  unsigned ra = ip_regs(e, &ip);
  load_imm(e, R0, pc);
  put(e, ppc_stw(R0, ra, (int16_t)(ip + (int32_t)HWPROF_SYSCALL_SITE_OFFSET)));
  put(e, ppc_stw((unsigned)e->hr[2], ra, (int16_t)(ip + (int32_t)HWPROF_SYSCALL_OFFSET)));
  return prof_end(e, mark);
}
