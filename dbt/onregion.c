/*
 * onregion.c - the probe regions' former on the board (--runtime board and checked):
 * the runtime's side of firmware/regions.c.  When a region forms (region.c), the
 * board's CPU makes the region's plan from the runtime's estimates with the same
 * dbt_rg_plan, translates each member (onboard.c's rt_translate_member), moves each
 * member's entries to it in the dispatcher's map (its old code, its chained
 * branches, its jump-table entry) and points the ways between members into their
 * bodies.  Their cycles are the run's (dbt_stats.region_cycles).
 *
 * The runtime does the same on the host after each request and checks that the two
 * agree: the plan (every candidate's derived way and the members' order), the words
 * patched; else the run stops naming what differs.  What stays on the host: the
 * estimates the plan starts from (the IP's counts of the candidates and of the newest
 * region's words, the chained branches into each, the ways each block goes out by).
 */
#include <stddef.h>
#include <stdio.h>

#include "../firmware/xlate.h"
#include "runtime.h"

_Static_assert(sizeof(dbt_rg_cand) == 12 * 4, "dbt_rg_cand is 12 words on both sides");
_Static_assert(XLATE_RG >= XLATE_IRQ_END && XLATE_RG_END <= DBT_SPILL,
               "the plan's room lies between the interrupt handler's tables and the spill ring");

/* Where the plan's arrays lie in XLATE_RG: the candidates, the order, the scratch. */
#define RG_CAND    XLATE_RG
#define RG_ORDER   (RG_CAND + XLATE_RG_CAP * (uint32_t)sizeof(dbt_rg_cand))
#define RG_SCRATCH (RG_ORDER + 4u * XLATE_RG_CAP)
_Static_assert(RG_SCRATCH % 8 == 0, "the scratch is 64-bit words");

/* Request q (words of it) at the former's entry: 0, or -1 when the board stopped
 * (d->failed names what for, and the guest pc, 0: none). */
static int late_call(dbt *d, void *q, size_t words, const char *what, uint32_t pc) {
  int64_t c = rt_image_call(d, XLATE_ENTRY_LATE, q, words);
  if (c < 0) {
    char at[32] = "";
    if (pc)
      snprintf(at, sizeof at, " (guest pc %#x)", pc);
    return errf(d->failed, sizeof d->failed,
                "the probe regions' former on the board stopped in %s%s: %s", what, at,
                vboard_message(d->b)),
           -1;
  }
  d->st.region_cycles += (uint64_t)c;
  return 0;
}

int rt_rg_move(dbt *d, uint32_t pc, uint32_t host) {
  xlate_disp q = {.op = XLATE_RG_MOVE, .pc = pc, .host = host, .jt = DBT_STATE + DBT_ST_JT};
  if (late_call(d, &q, XLATE_DISP_WORDS, "a member's move", pc) < 0)
    return -1;
  if (q.full)
    return errf(d->failed, sizeof d->failed,
                "the dispatcher on the board holds at most %u distinct blocks: the region "
                "member at %#x does not fit in its map",
                XLATE_MAP_SLOTS / 2, pc),
           -1;
  return 0;
}

int rt_rg_link(dbt *d, uint32_t at, uint32_t to, uint32_t w, uint32_t pc) {
  xlate_disp q = {.op = XLATE_RG_LINK, .pc = pc, .site = at, .host = to};
  if (late_call(d, &q, XLATE_DISP_WORDS, "a way's link", pc) < 0)
    return -1;
  if (q.word != w)
    return errf(d->failed, sizeof d->failed,
                "the probe regions' former on the board linked the way at %#x (guest pc %#x) "
                "with %#010x, the runtime with %#010x",
                at, pc, q.word, w),
           -1;
  return 0;
}

static void put64(uint8_t *p, uint64_t v) {
  dbt_put_be32(p, (uint32_t)(v >> 32));
  dbt_put_be32(p + 4, (uint32_t)v);
}

int rt_rg_plan(dbt *d, const dbt_rg_cand *c, const uint32_t *pcs, uint32_t n, uint32_t rare,
               int derive, const uint32_t *order) {
  if (n > XLATE_RG_CAP)
    return 1;
  for (uint32_t a = 0; a < n; a++) {
    uint8_t *p = d->ram + RG_CAND + a * (uint32_t)sizeof *c;
    const uint32_t w[] = {c[a].ways,      c[a].to[0],     c[a].to[1],
                          c[a].no_way_in, c[a].no_derive, c[a].preds};
    _Static_assert(sizeof w == offsetof(dbt_rg_cand, count), "the words before the counts");
    for (unsigned i = 0; i < sizeof w / 4; i++)
      dbt_put_be32(p + 4 * i, w[i]);
    put64(p + offsetof(dbt_rg_cand, count), c[a].count);
    put64(p + offsetof(dbt_rg_cand, recent), c[a].recent);
  }
  xlate_plan q = {.op = XLATE_RG_PLAN,
                  .n = n,
                  .rare = rare,
                  .derive = (uint32_t)derive,
                  .cand = RG_CAND,
                  .order = RG_ORDER,
                  .scratch = RG_SCRATCH};
  if (late_call(d, &q, XLATE_PLAN_WORDS, "a region's plan", 0) < 0)
    return -1;
  for (uint32_t a = 0; a < n; a++) {
    const uint8_t *p = d->ram + RG_CAND + a * (uint32_t)sizeof *c;
    if (dbt_be32(p + offsetof(dbt_rg_cand, derive_way)) != c[a].derive_way ||
        dbt_be32(p + offsetof(dbt_rg_cand, derive)) != c[a].derive)
      return errf(d->failed, sizeof d->failed,
                  "the region's plan on the board differs from the runtime's in the derived way "
                  "of candidate %u (guest pc %#x)",
                  a, pcs[a]),
             -1;
    if (dbt_be32(d->ram + RG_ORDER + 4 * a) != order[a])
      return errf(d->failed, sizeof d->failed,
                  "the region's plan on the board differs from the runtime's at place %u of "
                  "the members' order (the runtime's member there: guest pc %#x)",
                  a, pcs[order[a]]),
             -1;
  }
  return 0;
}
