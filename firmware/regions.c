/*
 * regions.c - the probe regions' former on the board (firmware/xlate.h): the PPC405
 * side of what the runtime does when a region forms (dbt/region.c, --regions).  The
 * runtime makes the estimates; the board makes the region's plan with the host's own
 * dbt_rg_plan (dbt/regionplan.c), translates each member into the code cache
 * (xlate.c's xlate_member), redirects each member's entries to it in the dispatcher's
 * map, its old code, its chained branches and its jump-table entry (dispatch.c's
 * xlate_move), and points the ways between members into their bodies.  The runtime
 * does the same on the host and checks that the two agree, as it does for the
 * dispatcher's requests (dbt/onregion.c).
 *
 * A region forms a few times a run, so this code, and the plan's, lies apart from the
 * image's hot code (XLATE_LATE, firmware/xlate.ld): the translator's and the
 * dispatcher's functions stay where the image's profile placed them, and a run
 * without regions runs the same image layout as before them.
 */
#include <stddef.h>

#include "xlate.h"

/* XLATE_RG_LINK: the branch at q->site goes to q->host (a b, or a bc when it reaches);
 * q->word the word written, 0 when neither reaches (nothing written). */
static void link_way(xlate_disp *q) {
  volatile uint32_t *at = (volatile uint32_t *)(uintptr_t)q->site;
  uint32_t w = dbt_branch_to(*at, q->site, q->host);
  if (w)
    *at = w;
  q->at = q->site;
  q->word = w;
}

/* XLATE_RG_PLAN: the plan of the candidates at q->cand, in place. */
static void plan(const xlate_plan *q) {
  uint32_t *order = (uint32_t *)(uintptr_t)q->order;
  dbt_rg_plan((dbt_rg_cand *)(uintptr_t)q->cand, q->n, q->rare, (int)q->derive, order,
              (uint64_t *)(uintptr_t)q->scratch);
#ifdef XLATE_WRONG_PLAN /* a plan that differs from the host's, for the runtime's test */
  if (q->n >= 2) {
    uint32_t first = order[0];
    order[0] = order[1];
    order[1] = first;
  }
#endif
}

void xlate_late(xlate_req *q) {
  switch (q->op) {
  case XLATE_MEMBER: xlate_member(q); break;
  case XLATE_RG_MOVE: xlate_move((xlate_disp *)q); break;
  case XLATE_RG_LINK: link_way((xlate_disp *)q); break;
  case XLATE_RG_PLAN: plan((const xlate_plan *)q); break;
  default: break;
  }
}
