/*
 * edgeprof.c - the indirect-edge profile: a count per (source block, target block)
 * for each traversal of an indirect jump (jr rs, rs != $ra: HWPROF_EVENT_INDIRECT),
 * as the monitor-thread design counted them to find hot indirect targets.
 *
 * Two profiles of the same edges:
 *   - the IP's (hw, all; IP 1.5): the IP pairs each event with the one before it
 *     and counts the pair in its edge table when the earlier block's flags say
 *     "indirect jump" (rtl/hwprof_edge.v).  The interrupt handler drains the table
 *     at half full (IRQ_EDGE) and pops the hot edges (IRQ_EDGE_HOT); readout
 *     drains the rest.  Both are host-side and cost no simulated cycles.
 *   - the sw profile's (sw, all): translated code counts each traversal in its
 *     site's slots in board RAM (translate.h, "Indirect edges in the sw
 *     profile"); a target in no slot exits here (DBT_EXIT_EDGE), which takes a
 *     free slot or counts the edge in a host-side table when the site's slots
 *     are all taken.  The probe's instructions are simulated cycles; the exits'
 *     host work is not.
 * Hot edges, hw: the IP reports an edge when its count on chip reaches the edge
 * threshold; but a drain empties the table, so an edge whose traversals are split
 * between drains may never reach it on chip.  The handler therefore also reports,
 * at a drain, each edge whose total crosses the threshold there and that the IP has
 * not reported: every hot edge is reported once during the run, by one or the other
 * (edge_hot_reported, edge_hot_at_drain).  Readout gives each profile as one list,
 * sorted by (source, target), with the jump's own address (the site qemu-mips's
 * count is keyed by), and marks an edge hot when its count reached the threshold.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

/* ------------------------------------------------------------ edge tables */

static uint64_t edge_key(uint32_t src, uint32_t dst) {
  return (uint64_t)src << 32 | dst;
}

static size_t edge_hash(uint64_t k, size_t mask) {
  return (size_t)((k * 0x9E3779B97F4A7C15ull) >> 32) & mask;
}

/* The entry of (src, dst), added with count 0 if new; NULL when out of memory. */
static dbt_edge_count *edge_at(rt_edge_table *t, uint32_t src, uint32_t dst);

int rt_edge_add(rt_edge_table *t, uint32_t src, uint32_t dst, uint64_t n) {
  dbt_edge_count *e = edge_at(t, src, dst);
  if (!e)
    return -1;
  e->count += n;
  return 0;
}

static dbt_edge_count *edge_at(rt_edge_table *t, uint32_t src, uint32_t dst) {
  if (2 * (t->n + 1) > t->slots) { /* grow the index, and the list with it */
    size_t slots = t->slots ? 2 * t->slots : 256;
    uint32_t *idx = malloc(slots * sizeof *idx);
    dbt_edge_count *v = realloc(t->v, (slots / 2) * sizeof *v);
    if (!idx || !v) {
      free(idx);
      if (v)
        t->v = v;
      return NULL;
    }
    t->v = v;
    memset(idx, 0xFF, slots * sizeof *idx);
    for (size_t i = 0; i < t->n; i++) {
      size_t h = edge_hash(edge_key(v[i].src, v[i].dst), slots - 1);
      while (idx[h] != UINT32_MAX)
        h = (h + 1) & (slots - 1);
      idx[h] = (uint32_t)i;
    }
    free(t->idx);
    t->idx = idx;
    t->slots = slots;
  }
  size_t h = edge_hash(edge_key(src, dst), t->slots - 1);
  for (; t->idx[h] != UINT32_MAX; h = (h + 1) & (t->slots - 1)) {
    dbt_edge_count *e = &t->v[t->idx[h]];
    if (e->src == src && e->dst == dst)
      return e;
  }
  t->idx[h] = (uint32_t)t->n;
  t->v[t->n] = (dbt_edge_count){src, dst, 0, 0, 0};
  return &t->v[t->n++];
}

void rt_edge_free(rt_edge_table *t) {
  free(t->v);
  free(t->idx);
  *t = (rt_edge_table){0};
}

/* ------------------------------------------------------------ sw profile */

static void site_taken(dbt *d, const dbt_block *blk) {
  if (blk->edge_site == DBT_EDGE_NONE)
    return;
  d->edge_src[blk->edge_site] = blk->guest_pc;
  d->core.edge_site_next = blk->edge_site + 1;
}

int rt_edge_exit(dbt *d, uint32_t site, uint32_t src, uint32_t target) {
  if (site < d->core.edge_site_next) {
    uint32_t a = d->core.edge_sites + DBT_EDGE_SITE_BYTES * site;
    for (uint32_t w = 0; w < DBT_EDGE_WAYS; w++, a += 8)
      if (rd32(d, a) == 0) {
        wr32(d, a, target);
        wr32(d, a + 4, 1);
        return 0;
      }
  }
  return rt_edge_add(&d->edge_sw, src, target, 1);
}

/* ------------------------------------------------------------ the IP's */

/* After the table clear of rt_hw_setup (CTRL.CLEAR empties the edge table too). */
static int ip_setup(dbt *d) {
  int rc;
  if (!d->dev.cfg.edge_entries)
    return 0; /* an IP older than 1.5: no edge table */
  if ((rc = hwprof_set_edge_ctrl(&d->dev, d->o.edge_threshold, d->o.all_edges)) < 0 ||
      (rc = hwprof_set_edge_mark(&d->dev, d->dev.cfg.edge_entries / 2)) < 0)
    return rt_hw_fail(d, "set-up", rc);
  return 0;
}

/* The handler: hot edges, and the table at half full; readout (edge_final): all
 * of it.  -HWPROF_* on a bus error. */
static int drain(dbt *d) {
  hwprof_edge v[HWPROF_EDGE_MAX_ENTRIES];
  size_t n = 0;
  uint32_t src, dst, used;
  int rc;
  if (!d->dev.cfg.edge_entries)
    return 0;
  while ((rc = hwprof_pop_hot_edge(&d->dev, &src, &dst)) == 1) {
    dbt_edge_count *e = edge_at(&d->edge_hw, src, dst);
    if (!e)
      return -HWPROF_ENOSPC;
    if (!e->hot) /* (a second report is an edge the IP crossed again after a drain) */
      d->edge_hot_reported++;
    e->hot = 1;
  }
  if (rc < 0)
    return rc;
  if ((rc = hwprof_read(&d->dev, HWPROF_EDGE_USED_OFFSET, &used)) < 0)
    return rc;
  if (used < d->dev.cfg.edge_entries / 2 && !d->edge_final)
    return 0; /* the handler drains at half full; readout always */
  if ((rc = hwprof_drain_edges(&d->dev, v, HWPROF_EDGE_MAX_ENTRIES, &n)) < 0)
    return rc;
  d->edge_drains += !d->edge_final; /* the handler's drains, not readout's */
  for (size_t i = 0; i < n; i++) {
    dbt_edge_count *e = edge_at(&d->edge_hw, v[i].src, v[i].dst);
    if (!e)
      return -HWPROF_ENOSPC;
    e->count += v[i].count;
    if (!e->hot && d->o.edge_threshold && e->count >= d->o.edge_threshold && !d->edge_final) {
      e->hot = 1; /* crossed over drains: the handler reports it */
      d->edge_hot_at_drain++;
    }
  }
  return 0;
}

static int ip_drain(dbt *d) {
  int rc = drain(d);
  return rc < 0 ? rt_hw_fail(d, "edge table", rc) : 0;
}

/* ------------------------------------------------------------ readout */

static int by_pair(const void *a, const void *b) {
  const dbt_edge_count *x = a, *y = b;
  uint64_t kx = edge_key(x->src, x->dst), ky = edge_key(y->src, y->dst);
  return kx < ky ? -1 : kx > ky;
}

void rt_edge_finish(dbt *d, rt_edge_table *t) {
  qsort(t->v, t->n, sizeof *t->v, by_pair);
  for (size_t i = 0; i < t->n; i++) {
    dbt_edge_count *e = &t->v[i];
    rec *r = rt_find(d, e->src, 0);
    e->site = r && r->insns != UINT32_MAX && r->insns >= 2 ? e->src + 4 * r->insns - 8 : 0;
    e->hot = d->o.edge_threshold && e->count >= d->o.edge_threshold;
  }
  free(t->idx); /* the index no longer matches the order */
  t->idx = NULL;
  t->slots = 0;
}

static int sw_readout(dbt *d) {
  for (uint32_t s = 0; s < d->core.edge_site_next; s++) {
    uint32_t a = d->core.edge_sites + DBT_EDGE_SITE_BYTES * s;
    for (uint32_t w = 0; w < DBT_EDGE_WAYS; w++, a += 8) {
      uint32_t target = rd32(d, a), count = rd32(d, a + 4);
      if (target && count && rt_edge_add(&d->edge_sw, d->edge_src[s], target, count) < 0)
        return -1;
    }
  }
  rt_edge_finish(d, &d->edge_sw);
  d->edge_sw_done = 1;
  return 0;
}

/* The IP's: the rest of its table, then one sorted list (the superblocks' readout,
 * after this, maps their words to blocks in it: sbcount.c). */
static int ip_readout(dbt *d) {
  d->edge_final = 1;
  if (ip_drain(d) < 0)
    return -1;
  rt_edge_finish(d, &d->edge_hw);
  d->hw.edges = d->edge_hw.v;
  d->hw.n_edges = d->edge_hw.n;
  d->hw.edge_hot_reported = d->edge_hot_reported;
  d->hw.edge_hot_at_drain = d->edge_hot_at_drain;
  d->hw.edge_drains = d->edge_drains;
  return 0;
}

/* The sw profile's: its sites' slots and the exits' table, as one sorted list. */
static int readout(dbt *d) {
  return d->edge_src && !d->edge_sw_done ? sw_readout(d) : 0;
}

static void edge_free(dbt *d) {
  rt_edge_free(&d->edge_sw);
  rt_edge_free(&d->edge_hw);
  free(d->edge_src);
}

void rt_edge_register(dbt *d) {
  static const rt_hooks hooks = {
      .what = "indirect edges",
      .translated = site_taken,
      .readout = readout,
      .free = edge_free,
      .ip_setup = ip_setup,
      .ip_drain = ip_drain,
      .ip_readout = ip_readout,
  };
  rt_register(d, &hooks);
}

size_t dbt_sw_edges(const dbt *d, const dbt_edge_count **out) {
  *out = d->edge_sw_done ? d->edge_sw.v : NULL;
  return d->edge_sw_done ? d->edge_sw.n : 0;
}
