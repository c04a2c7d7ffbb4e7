/*
 * regionplan.c - a probe region's plan (regionplan.h; region.c forms the region).
 *
 * The derived ways (after Ball and Larus, 1994: count where the flow cannot be
 * derived, derive the rest).  Each candidate's best way is its heaviest way into a
 * candidate that may be entered past its probe, a way's weight min(count of A, count
 * of B / B's chained predecessors); a way is derived only where A's other ways are
 * estimated `rare` times rarer (their probes run out of line, a branch and a cache
 * line each time).  Heaviest first, a way is taken unless it closes a cycle of
 * derived ways: each count of a cycle would need the one before it.
 *
 * The layout (after Pettis and Hansen, "Profile guided code positioning", 1990):
 * each way between candidates joins the chain that ends at its candidate to the chain
 * that starts at the candidate it enters, the derived ways first, then the others,
 * heaviest first by the same weights; the chains then go by their members' mean
 * recent entries, most first.  So a member's commonest successor follows it, in the
 * same or the next cache lines, and the code that runs now lies together at the
 * region's start.  Measured: docs/translator.md, "Where the members go".
 *
 * Every sort key is unique but for records equal in every word, so the order is the
 * same whatever the sort: the plan is the same on the host and on the board.
 */
#include "regionplan.h"

/* Record x before record y: word 0 the larger, then the other words the smaller. */
static int before(const uint64_t *x, const uint64_t *y, unsigned k) {
  if (x[0] != y[0])
    return x[0] > y[0];
  for (unsigned i = 1; i < k; i++)
    if (x[i] != y[i])
      return x[i] < y[i];
  return 0;
}

/* The n records of k words at r, in order: their indexes into ix, or into tmp (the
 * array returned; each has room for n).  A merge sort, bottom up, of the indexes: the
 * records stay where they are, n log n comparisons. */
static uint32_t *sort(const uint64_t *r, uint32_t n, unsigned k, uint32_t *ix, uint32_t *tmp) {
  for (uint32_t i = 0; i < n; i++)
    ix[i] = i;
  for (uint32_t w = 1; w < n; w *= 2) {
    for (uint32_t lo = 0; lo < n; lo += 2 * w) {
      uint32_t mid = n - lo > w ? lo + w : n, hi = n - mid > w ? mid + w : n;
      uint32_t i = lo, j = mid, o = lo;
      while (i < mid && j < hi)
        tmp[o++] = before(&r[k * ix[j]], &r[k * ix[i]], k) ? ix[j++] : ix[i++];
      while (i < mid)
        tmp[o++] = ix[i++];
      while (j < hi)
        tmp[o++] = ix[j++];
    }
    uint32_t *t = ix;
    ix = tmp;
    tmp = t;
  }
  return ix;
}

/* a / b, in 32 bits where a fits them, as nearly every count does: on the PPC405 one
 * divwu, where a 64-bit division is a call of a few hundred cycles. */
static uint64_t quotient(uint64_t a, uint32_t b) {
  return a <= UINT32_MAX ? (uint32_t)a / b : a / b;
}

/* The estimated weight of the way from candidate a into candidate b. */
static uint64_t weight(const dbt_rg_cand *c, uint32_t a, uint32_t b) {
  uint64_t w = quotient(c[b].count, c[b].preds ? c[b].preds : 1);
  return w < c[a].count ? w : c[a].count;
}

/* Candidate a's heaviest way into a candidate that may take one, and its weight + 1
 * (0: none). */
static uint64_t best_way(const dbt_rg_cand *c, uint32_t a, uint32_t *way, uint32_t *into) {
  uint64_t best = 0;
  *way = DBT_RG_NONE;
  for (uint32_t i = 0; i < c[a].ways; i++) {
    uint32_t b = c[a].to[i];
    if (b == DBT_RG_NONE || c[b].no_way_in || c[a].no_derive)
      continue;
    uint64_t w = weight(c, a, b);
    if (*way == DBT_RG_NONE || w > best)
      best = w, *way = i, *into = b;
  }
  return *way == DBT_RG_NONE ? 0 : best + 1;
}

/* Each candidate's best way, as {weight, candidate, way and the candidate it enters}
 * records, heaviest first; taken unless it closes a cycle. */
static void choose(dbt_rg_cand *c, uint32_t n, uint32_t rare, uint64_t *r) {
  uint32_t m = 0, *ix = (uint32_t *)(r + 3 * (size_t)n);
  for (uint32_t a = 0; a < n; a++) {
    uint32_t way, into;
    uint64_t w = best_way(c, a, &way, &into);
    uint64_t other = c[a].count > w - 1 ? c[a].count - (w - 1) : 0;
    if (w && other * rare > w - 1)
      w = 0; /* (its other ways are not rare: their probes would run too often) */
    if (w)
      r[3 * m] = w, r[3 * m + 1] = a, r[3 * m + 2] = (uint64_t)way << 32 | into, m++;
  }
  ix = sort(r, m, 3, ix, ix + n); /* (by weight and candidate: the third word never decides) */
  for (uint32_t i = 0; i < m; i++) {
    const uint64_t *q = &r[3 * ix[i]];
    uint32_t a = (uint32_t)q[1], into = (uint32_t)q[2], x;
    for (x = into; x != DBT_RG_NONE && x != a; x = c[x].derive)
      ;
    if (x == a)
      continue; /* a cycle */
    c[a].derive_way = (uint32_t)(q[2] >> 32);
    c[a].derive = into;
  }
}

static void lay_out(const dbt_rg_cand *c, uint32_t n, uint32_t *order, uint64_t *scratch) {
  uint64_t *e = scratch, *heat = e + 3 * (size_t)n * DBT_MEMBER_WAYS;
  uint32_t *next = (uint32_t *)(heat + 2 * (size_t)n), *prev = next + n, *ix = prev + n;
  uint32_t m = 0, nc = 0, at = 0, *by;
  for (uint32_t a = 0; a < n; a++) {
    next[a] = prev[a] = DBT_RG_NONE;
    for (uint32_t i = 0; i < c[a].ways; i++) {
      uint32_t b = c[a].to[i];
      if (b == DBT_RG_NONE || b == a)
        continue;
      e[3 * m] = (b == c[a].derive ? 1ull << 63 : 0) | weight(c, a, b); /* (counts < 2^63) */
      e[3 * m + 1] = a, e[3 * m + 2] = b, m++;
    }
  }
  by = sort(e, m, 3, ix, ix + (size_t)n * DBT_MEMBER_WAYS);
  for (uint32_t i = 0; i < m; i++) {
    uint32_t a = (uint32_t)e[3 * by[i] + 1], b = (uint32_t)e[3 * by[i] + 2], h = a;
    if (next[a] != DBT_RG_NONE || prev[b] != DBT_RG_NONE)
      continue;
    while (prev[h] != DBT_RG_NONE)
      h = prev[h];
    if (h != b) /* (b heads a's own chain: joining them would close it) */
      next[a] = b, prev[b] = a;
  }
  for (uint32_t a = 0; a < n; a++) {
    if (prev[a] != DBT_RG_NONE)
      continue;
    uint64_t sum = 0;
    uint32_t len = 0;
    for (uint32_t x = a; x != DBT_RG_NONE; x = next[x])
      sum += c[x].recent, len++;
    heat[2 * nc] = quotient(sum, len), heat[2 * nc + 1] = a, nc++;
  }
  by = sort(heat, nc, 2, ix, ix + n);
  for (uint32_t i = 0; i < nc; i++)
    for (uint32_t x = (uint32_t)heat[2 * by[i] + 1]; x != DBT_RG_NONE; x = next[x])
      order[at++] = x;
}

void dbt_rg_plan(dbt_rg_cand *c, uint32_t n, uint32_t rare, int derive, uint32_t *order,
                 uint64_t *scratch) {
  for (uint32_t a = 0; a < n; a++)
    c[a].derive_way = c[a].derive = DBT_RG_NONE;
  if (derive)
    choose(c, n, rare, scratch);
  lay_out(c, n, order, scratch);
}
