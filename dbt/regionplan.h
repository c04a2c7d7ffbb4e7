/*
 * regionplan.h - a probe region's plan (dbt/regionplan.c): which way each member
 * derives and the order the members are laid out in, from the candidates' estimated
 * counts and the ways between them.  Pure: no host-OS assumptions, no allocation (the
 * caller gives the scratch), no state, so that the runtime on the board can make the
 * same plan as the host's (region.c).
 */
#ifndef DBT_REGIONPLAN_H
#define DBT_REGIONPLAN_H

#include <stddef.h>
#include <stdint.h>

#include "translate.h"

#define DBT_RG_NONE UINT32_MAX

/* A block to be a member: what the plan reads, and what it decides. */
typedef struct dbt_rg_cand {
  uint32_t ways;                /* its direct ways out, as the translator will emit them */
  uint32_t to[DBT_MEMBER_WAYS]; /* each way's candidate (DBT_RG_NONE: not one) */
  uint32_t no_way_in;           /* 1: no way may enter its body (it ends in an indirect jump) */
  uint32_t no_derive;           /* 1: it derives no way (its derived way did not pay) */
  uint32_t preds;               /* branches chained to it now, and a block falling into it */
  uint64_t count;               /* its estimated entries so far */
  uint64_t recent;              /* its entries in the newest region (new to them: count) */
  uint32_t derive_way;          /* out: the way it derives (DBT_RG_NONE: none) */
  uint32_t derive;              /* out: ... the candidate that way enters */
} dbt_rg_cand;

/* The 64-bit words of scratch a plan of n candidates needs. */
#define DBT_RG_SCRATCH(n) ((size_t)(n) * (4 * DBT_MEMBER_WAYS + 3))

/* Plans the region of candidates c[0, n): with derive, each candidate's derived way
 * (one at most, no cycle among them, heaviest first, only where its other ways are
 * `rare` times rarer, into no candidate that takes no way in); then order[0, n), the
 * order their code is placed in: chains along the derived ways and then the other ways
 * between candidates, heaviest first, the chains by their members' mean recent
 * entries, most first. */
void dbt_rg_plan(dbt_rg_cand *c, uint32_t n, uint32_t rare, int derive, uint32_t *order,
                 uint64_t *scratch);

#endif
