/*
 * fault.c - where a fault or trap in translated code happened, in guest terms:
 * the PowerPC load or store whose access faulted (fault_insn), the guest
 * instruction it was emitted for, and what the counts must leave out -- the rest
 * of a block cut short (dbt_cuts, the cut hooks), a superblock's members after it
 * that were counted as entered (rt_uncount_after).  Above the code-cache core,
 * below the dispatcher.
 */
#include <string.h>

#include "runtime.h"

/* The bytes a PowerPC load or store w accesses from, with the registers r, and
 * how many; 0 if w is none. */
static uint32_t mem_access(uint32_t w, const uint32_t r[32], uint32_t *ea) {
  unsigned op = w >> 26, rt = (w >> 21) & 31, ra = (w >> 16) & 31, rb = (w >> 11) & 31;
  uint32_t base = ra ? r[ra] : 0;
  if (op >= 32 && op <= 47) { /* lwz .. stmw, D-form */
    *ea = base + (uint32_t)(int32_t)(int16_t)w;
    static const uint8_t size[8] = {4, 1, 4, 1, 2, 2, 2, 0};
    return op >= 46 ? 4 * (32 - rt) : size[(op - 32) / 2];
  }
  if (op != 31)
    return 0;
  /* X-form: lwarx, lwzx, lwzux, stwcx., stwx, stwux, lwbrx, stwbrx; lbzx, lbzux,
   * stbx, stbux; lhzx, lhzux, lhax, lhaux, sthx, sthux, lhbrx, sthbrx. */
  static const struct {
    uint16_t xo, size;
  } x[] = {{20, 4},  {23, 4},  {55, 4},  {150, 4}, {151, 4}, {183, 4}, {534, 4},
           {662, 4}, {87, 1},  {119, 1}, {215, 1}, {247, 1}, {279, 2}, {311, 2},
           {343, 2}, {375, 2}, {407, 2}, {439, 2}, {790, 2}, {918, 2}};
  *ea = base + r[rb];
  for (size_t i = 0; i < sizeof x / sizeof x[0]; i++)
    if (x[i].xo == ((w >> 1) & 0x3FF))
      return x[i].size;
  return 0;
}

/* The instruction of the PowerPC block [tb_at, tb_end) (the last the CPU entered)
 * whose access to `addr` faulted.  The board's pc is no help (Unicorn updates it
 * only for code hooks: it can be an earlier block's), but the registers are those
 * of the faulting instruction: the first load or store that reaches addr with
 * them is it.  tb_at when none does. */
uint32_t rt_fault_insn(dbt *d, uint32_t addr) {
  uint32_t r[32], ea;
  vboard_get_gprs(d->b, r);
  for (uint32_t a = d->tb_at; a < d->tb_end && a - DBT_CODE < d->used; a += 4) {
    uint32_t n = mem_access(rd32(d, a), r, &ea);
    if (n && addr - ea < n)
      return a;
  }
  return d->tb_at;
}

/* The run faulted at PowerPC address `at`: the members of a superblock after it
 * in the same PowerPC block were counted as entered (observe) but never ran. */
static void uncount(dbt *d, uint32_t id) { /* (in a superblock) */
  d->exec[id]--;
  d->st.blocks_executed--;
  d->st.guest_insns -= d->tab[d->by_id[id]].insns;
  d->st.superblock_insns -= d->tab[d->by_id[id]].insns;
}

void rt_uncount_after(dbt *d, uint32_t at) {
  for (uint32_t a = at + 4; a < d->tb_end && a - DBT_CODE < d->used; a += 4) {
    uint32_t w = (a - DBT_CODE) / 4;
    if (d->sb_code[w] && d->entry_insns[w])
      rt_blocks_at(d, w, uncount);
  }
}

/* (runtime.h) */
int rt_cut_block(dbt *d, uint32_t at, uint32_t fpc, dbt_result *r) {
  uint32_t w = rt_start_word_of(d, at);
  if (w == UINT32_MAX)
    return 0;
  uint32_t id = rt_blocks_at(d, w, NULL);
  const rec *b = &d->tab[d->by_id[id]];
  if (fpc - b->pc >= 4 * b->insns)
    return 0;
  uint32_t tail = b->insns - (fpc - b->pc) / 4 - 1;
  d->st.guest_insns -= tail;
  if (d->sb_code[w])
    d->st.superblock_insns -= tail;
  if (tail) {
    size_t i = 0;
    while (i < d->ncuts && (d->cuts[i].from != fpc + 4 || d->cuts[i].to != b->pc + 4 * b->insns))
      i++;
    if (i == d->ncuts) {
      if (rt_grow(&d->cuts, d->ncuts, &d->cuts_cap, sizeof *d->cuts, 16) < 0)
        return 0; /* (out of memory: the report keeps the tail, as before) */
      d->cuts[d->ncuts++] = (dbt_cut){fpc + 4, b->pc + 4 * b->insns, 0};
    }
    d->cuts[i].n++;
  }
  for (unsigned i = 0; i < d->nhooks; i++)
    if (d->hooks[i]->cut && d->hooks[i]->cut(d, id, tail, tail == 0) < 0) {
      rt_stop_failed(d, r); /* (the IP could not be settled) */
      return -1;
    }
  return 0;
}

const dbt_cut *dbt_cuts(const dbt *d, size_t *n) {
  *n = d->ncuts;
  return d->cuts;
}

/* When the guest instruction at pc is a load or store: the address it accesses, with
 * the guest's registers as they are (before it ran), as Linux reports it (si_addr:
 * the address error's or the page fault's address, unaligned for lwl and the like). */
int rt_guest_access_ea(dbt *d, uint32_t pc, uint32_t *ea) {
  uint32_t w = rd32(d, pc), m[32];
  unsigned op = w >> 26;
  if (op < 0x20 || op == 0x2F || op == 0x33 || op == 0x37 || op == 0x3B || op == 0x3F)
    return 0; /* (cache, pref, and the 64-bit ld/sd) */
  rt_read_gprs(d, m);
  *ea = m[(w >> 21) & 31] + (uint32_t)(int32_t)(int16_t)w;
  return 1;
}

/* --confine: the check (translate.c) at PowerPC address `at` trapped.  The address
 * the guest's access would have made (si_addr), from its MIPS instruction: base
 * plus offset; for the check after a write to $sp or $gp, that register's value
 * (the tw's first register). */
uint32_t rt_confine_fault(dbt *d, uint32_t at) {
  uint32_t ea;
  if (rt_guest_access_ea(d, rt_guest_insn_of(d, at), &ea))
    return ea;
  return vboard_get_gpr(d->b, rd32(d, at) >> 16 & 31);
}

/* The board stopped before the PowerPC block at r->board.stop_pc (the cycle
 * limit, a signal to hwprof): every count already leaves it out; the message
 * names the guest's pc. */
