/*
 * test_regionplan.c - unit tests of a probe region's plan (dbt/regionplan.c): hand-worked
 * regions (a loop of two blocks and a rare exit, chains ordered by their recent entries,
 * a block ending in an indirect jump, a member whose derived way did not pay,
 * --member-probes), and random regions of up to 400 candidates checked against the
 * plan's rules: the order a permutation; at most one derived way each, along one of
 * its ways, into no block that takes none, by no member that derives no more, never a
 * cycle, the candidate's heaviest way and only where its other ways are rare; every
 * member entered by a derived way laid right after one of those that derive into it;
 * and the same plan from the same candidates every time.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "regionplan.h"

CHECK_LABEL("");

#define RARE 16u

static void plan(dbt_rg_cand *c, uint32_t n, int derive, uint32_t *order) {
  uint64_t *scratch = malloc(DBT_RG_SCRATCH(n ? n : 1) * sizeof *scratch);
  dbt_rg_plan(c, n, RARE, derive, order, scratch);
  free(scratch);
}

/* A candidate with ways to the candidates listed (DBT_RG_NONE: a block outside). */
static dbt_rg_cand cand(uint64_t count, uint64_t recent, unsigned ways, uint32_t to0,
                        uint32_t to1) {
  dbt_rg_cand c;
  memset(&c, 0, sizeof c);
  c.count = count;
  c.recent = recent;
  c.preds = 1;
  c.ways = ways;
  c.to[0] = to0;
  c.to[1] = to1;
  return c;
}

/* A loop of A and B (B back to A) with a rare exit from A to C: A derives its way into
 * B, B's way back would close a cycle, and A, B go first, together. */
static void test_loop(void) {
  dbt_rg_cand c[3] = {cand(1000, 1000, 2, 1, 2), cand(990, 990, 1, 0, 0),
                      cand(10, 10, 1, DBT_RG_NONE, 0)};
  uint32_t order[3];
  plan(c, 3, 1, order);
  CHECK_EQ(c[0].derive, 1);
  CHECK_EQ(c[0].derive_way, 0);
  CHECK_EQ(c[1].derive, DBT_RG_NONE);
  CHECK_EQ(c[2].derive, DBT_RG_NONE);
  CHECK(order[0] == 0 && order[1] == 1 && order[2] == 2, "order %u %u %u", order[0], order[1],
        order[2]);
}

/* A's exit to C runs a tenth as often as its way to B: not rare enough, A derives
 * nothing; B's one way back to A is derived, and the chain runs B, A, then C. */
static void test_not_rare(void) {
  dbt_rg_cand c[3] = {cand(1000, 1000, 2, 2, 1), cand(900, 900, 1, 0, 0),
                      cand(100, 100, 1, DBT_RG_NONE, 0)};
  uint32_t order[3];
  plan(c, 3, 1, order);
  CHECK_EQ(c[0].derive, DBT_RG_NONE);
  CHECK_EQ(c[1].derive, 0);
  CHECK_EQ(c[2].derive, DBT_RG_NONE);
  CHECK(order[0] == 1 && order[1] == 0 && order[2] == 2, "order %u %u %u", order[0], order[1],
        order[2]);
}

/* Chains go by their members' mean recent entries, not by their counts so far. */
static void test_recent(void) {
  dbt_rg_cand c[3] = {cand(300, 10, 0, 0, 0), cand(200, 30, 0, 0, 0), cand(100, 20, 0, 0, 0)};
  uint32_t order[3];
  plan(c, 3, 1, order);
  CHECK(order[0] == 1 && order[1] == 2 && order[2] == 0, "order %u %u %u", order[0], order[1],
        order[2]);
}

/* No way into a block that ends in an indirect jump, none from a member whose derived
 * way did not pay, and none at all without derive (--member-probes). */
static void test_refusals(void) {
  dbt_rg_cand c[2] = {cand(1000, 1000, 1, 1, 0), cand(1000, 1000, 1, DBT_RG_NONE, 0)};
  uint32_t order[2];
  c[1].no_way_in = 1;
  plan(c, 2, 1, order);
  CHECK_EQ(c[0].derive, DBT_RG_NONE);
  c[1].no_way_in = 0;
  c[0].no_derive = 1;
  plan(c, 2, 1, order);
  CHECK_EQ(c[0].derive, DBT_RG_NONE);
  c[0].no_derive = 0;
  plan(c, 2, 0, order);
  CHECK_EQ(c[0].derive, DBT_RG_NONE);
  plan(c, 2, 1, order);
  CHECK_EQ(c[0].derive, 1);
  CHECK(order[0] == 0 && order[1] == 1, "order %u %u", order[0], order[1]);
}

static uint32_t rng(uint32_t *s) {
  *s ^= *s << 13, *s ^= *s >> 17, *s ^= *s << 5;
  return *s;
}

/* The heaviest way a may derive and its weight (the plan's rule, restated). */
static uint64_t heaviest(const dbt_rg_cand *c, uint32_t a, uint32_t *way) {
  uint64_t best = 0;
  *way = DBT_RG_NONE;
  for (uint32_t i = 0; i < c[a].ways; i++) {
    uint32_t b = c[a].to[i];
    if (b == DBT_RG_NONE || c[b].no_way_in || c[a].no_derive)
      continue;
    uint64_t w = c[b].count / (c[b].preds ? c[b].preds : 1);
    w = w < c[a].count ? w : c[a].count;
    if (*way == DBT_RG_NONE || w > best)
      best = w, *way = i;
  }
  return best;
}

static void test_random(void) {
  char context[64];
  for (uint32_t seed = 1; seed <= 300; seed++) {
    uint32_t s = seed * 2654435761u | 1, n = 1 + rng(&s) % 400;
    snprintf(context, sizeof context, "(seed %u, %u candidates)", seed, n);
    check_context = context;
    dbt_rg_cand *c = calloc(n, sizeof *c), *again = calloc(n, sizeof *again);
    uint32_t *order = malloc(n * sizeof *order), *order2 = malloc(n * sizeof *order2);
    uint32_t *pos = malloc(n * sizeof *pos);
    for (uint32_t a = 0; a < n; a++) {
      uint32_t hot = rng(&s) % 4 == 0;
      c[a].count = hot ? 1000 + rng(&s) % 100000 : rng(&s) % 2000;
      c[a].recent = rng(&s) % 3 ? rng(&s) % 50000 : 0;
      c[a].preds = rng(&s) % 4;
      c[a].no_way_in = rng(&s) % 10 == 0;
      c[a].no_derive = rng(&s) % 12 == 0;
      c[a].ways = rng(&s) % (DBT_MEMBER_WAYS + 1);
      for (uint32_t i = 0; i < c[a].ways; i++)
        c[a].to[i] = rng(&s) % 5 == 0 ? DBT_RG_NONE : rng(&s) % n;
    }
    memcpy(again, c, n * sizeof *c);
    plan(c, n, 1, order);
    plan(again, n, 1, order2);
    CHECK(!memcmp(c, again, n * sizeof *c) && !memcmp(order, order2, n * sizeof *order),
          "two plans of the same candidates differ");
    for (uint32_t a = 0; a < n; a++)
      pos[a] = UINT32_MAX;
    for (uint32_t i = 0; i < n; i++) {
      REQUIRE(order[i] < n && pos[order[i]] == UINT32_MAX, "order is not a permutation at %u", i);
      pos[order[i]] = i;
    }
    for (uint32_t a = 0; a < n; a++) {
      uint32_t b = c[a].derive, way;
      if (b == DBT_RG_NONE)
        continue;
      uint64_t w = heaviest(c, a, &way);
      CHECK(c[a].derive_way == way && c[a].to[way] == b, "%u derives way %u, not its heaviest %u",
            a, c[a].derive_way, way);
      CHECK(!c[b].no_way_in && !c[a].no_derive, "%u derives into %u", a, b);
      CHECK((c[a].count - w) * RARE <= w, "%u's other ways are not rare", a);
      uint32_t x = b, steps = 0;
      while (x != DBT_RG_NONE && x != a && steps++ < n)
        x = c[x].derive;
      CHECK(x == DBT_RG_NONE, "a cycle of derived ways through %u", a);
    }
    for (uint32_t b = 0; b < n; b++) {
      int entered = 0, after = 0;
      for (uint32_t a = 0; a < n; a++)
        if (c[a].derive == b)
          entered = 1, after |= pos[a] + 1 == pos[b];
      CHECK(!entered || after, "%u is entered by derived ways, laid after none of them", b);
    }
    memcpy(c, again, n * sizeof *c);
    plan(c, n, 0, order);
    for (uint32_t a = 0; a < n; a++)
      CHECK_EQ(c[a].derive, DBT_RG_NONE);
    free(c), free(again), free(order), free(order2), free(pos);
  }
  check_context = NULL;
}

int main(void) {
  RUN(test_loop);
  RUN(test_not_rare);
  RUN(test_recent);
  RUN(test_refusals);
  RUN(test_random);
  return check_failed_tests != 0;
}
