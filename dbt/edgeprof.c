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
 *     drains the rest.  Both are host-side (their bus transactions charged), or
 *     with --runtime board the handler's run on the board (firmware/irq.c, its
 *     own table by the IP's words) and readout takes its table first (ip_take).
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

/* The edges of both profiles (d->edges). */
struct rt_edges {
  uint32_t *src;    /* per sw edge site: the block that took it (sw, all) */
  rt_edge_table sw; /* the sw profile's: overflow during the run, all at readout */
  rt_edge_table hw; /* the IP's, drained */
  int sw_done;      /* sw is the readout */
  int final;        /* readout: drain whatever the IP's table holds */
  uint64_t hot_reported, hot_at_drain, drains;
};

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
  d->edges->src[blk->edge_site] = blk->guest_pc;
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
  return rt_edge_add(&d->edges->sw, src, target, 1);
}

/* ------------------------------------------------------------ the IP's */

/* After the table clear of rt_hw_setup (CTRL.CLEAR empties the edge table too). */
static int ip_setup(dbt *d) {
  int rc;
  if (!rt_ip_dev(d)->cfg.edge_entries)
    return 0; /* an IP older than 1.5: no edge table */
  if ((rc = hwprof_set_edge_ctrl(rt_ip_dev(d), d->o.edge_threshold, d->o.all_edges)) < 0 ||
      (rc = hwprof_set_edge_mark(rt_ip_dev(d), rt_ip_dev(d)->cfg.edge_entries / 2)) < 0)
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
  if (!rt_ip_dev(d)->cfg.edge_entries)
    return 0;
  while ((rc = hwprof_pop_hot_edge(rt_ip_dev(d), &src, &dst)) == 1) {
    dbt_edge_count *e = edge_at(&d->edges->hw, rt_ip_key(d, src), rt_ip_key(d, dst));
    if (!e)
      return -HWPROF_ENOSPC;
    if (!e->hot) /* (a second report is an edge the IP crossed again after a drain) */
      d->edges->hot_reported++;
    e->hot = 1;
  }
  if (rc < 0)
    return rc;
  if ((rc = hwprof_read(rt_ip_dev(d), HWPROF_EDGE_USED_OFFSET, &used)) < 0)
    return rc;
  if (used < rt_ip_dev(d)->cfg.edge_entries / 2 && !d->edges->final)
    return 0; /* the handler drains at half full; readout always */
  if ((rc = hwprof_drain_edges(rt_ip_dev(d), v, HWPROF_EDGE_MAX_ENTRIES, &n)) < 0)
    return rc;
  d->edges->drains += !d->edges->final; /* the handler's drains, not readout's */
  for (size_t i = 0; i < n; i++) {
    dbt_edge_count *e = edge_at(&d->edges->hw, rt_ip_key(d, v[i].src), rt_ip_key(d, v[i].dst));
    if (!e)
      return -HWPROF_ENOSPC;
    e->count += v[i].count;
    if (!e->hot && d->o.edge_threshold && e->count >= d->o.edge_threshold && !d->edges->final) {
      e->hot = 1; /* crossed over drains: the handler reports it */
      d->edges->hot_at_drain++;
    }
  }
  return 0;
}

static int ip_drain(dbt *d) {
  if (rt_hw_board_state(d)) /* the board's handler drained it */
    return 0;
  int rc = drain(d);
  return rc < 0 ? rt_hw_fail(d, "edge table", rc) : 0;
}

/* An edge the board's handler counted, by the IP's words. */
static int take_one(dbt *d, uint32_t src, uint32_t dst, uint64_t n, int hot) {
  dbt_edge_count *e = edge_at(&d->edges->hw, rt_ip_key(d, src), rt_ip_key(d, dst));
  if (!e)
    return -1;
  e->count += n;
  e->hot |= hot;
  return 0;
}

static int ip_take(dbt *d) {
  const rt_irq_state *s = rt_hw_board_state(d);
  d->edges->hot_reported += s->edge_hot_reported;
  d->edges->hot_at_drain += s->edge_hot_at_drain;
  d->edges->drains += s->edge_drains;
  return rt_irq_edges(d, s, take_one);
}

/* ------------------------------------------------------------ readout */

static int by_pair(const void *a, const void *b) {
  const dbt_edge_count *x = a, *y = b;
  uint64_t kx = edge_key(x->src, x->dst), ky = edge_key(y->src, y->dst);
  return kx < ky ? -1 : kx > ky;
}

static void finish(dbt *d, rt_edge_table *t) {
  if (t->n) /* (an empty table has no list: qsort must not be given NULL) */
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
      if (target && count && rt_edge_add(&d->edges->sw, d->edges->src[s], target, count) < 0)
        return -1;
    }
  }
  finish(d, &d->edges->sw);
  d->edges->sw_done = 1;
  return 0;
}

/* The IP's: the rest of its table, then one sorted list (the superblocks' readout,
 * after this, maps their words to blocks in it: sbcount.c). */
static int ip_readout(dbt *d) {
  d->edges->final = 1;
  if (ip_drain(d) < 0)
    return -1;
  finish(d, &d->edges->hw);
  dbt_hw_profile *p = rt_ip_profile(d);
  p->edges = d->edges->hw.v;
  p->n_edges = d->edges->hw.n;
  p->edge_hot_reported = d->edges->hot_reported;
  p->edge_hot_at_drain = d->edges->hot_at_drain;
  p->edge_drains = d->edges->drains;
  return 0;
}

int rt_edge_hw_remap(dbt *d, uint32_t (*map)(const void *ctx, uint32_t pc), const void *ctx,
                     rt_edge_table *more) {
  rt_edge_table *hw = &d->edges->hw;
  for (size_t i = 0; i < hw->n; i++) {
    const dbt_edge_count *g = &hw->v[i];
    if (rt_edge_add(more, map(ctx, g->src), map(ctx, g->dst), g->count) < 0)
      return -1;
  }
  rt_edge_free(hw);
  *hw = *more;
  *more = (rt_edge_table){0};
  finish(d, hw); /* (the edges' readout, before this, finished the old) */
  dbt_hw_profile *p = rt_ip_profile(d);
  p->edges = hw->v;
  p->n_edges = hw->n;
  return 0;
}

/* The sw profile's: its sites' slots and the exits' table, as one sorted list. */
static int readout(dbt *d) {
  return d->edges->src && !d->edges->sw_done ? sw_readout(d) : 0;
}

static void edge_free(dbt *d) {
  rt_edge_free(&d->edges->sw);
  rt_edge_free(&d->edges->hw);
  free(d->edges->src);
  free(d->edges);
  d->edges = NULL;
}

/* The sw profile's sites: each's block, and its slots empty in board RAM. */
static int sw_sites(dbt *d) {
  if (!(d->edges->src = calloc(DBT_EDGE_SITES, sizeof *d->edges->src)))
    return -1;
  memset(d->ram + DBT_EDGES, 0, (size_t)DBT_EDGE_SITES * DBT_EDGE_SITE_BYTES);
  d->core.edge_sites = DBT_EDGES;
  d->core.edge_site_cap = DBT_EDGE_SITES;
  return 0;
}

int rt_edge_register(dbt *d) {
  static const rt_hooks hooks = {
      .what = "indirect edges",
      .translated = site_taken,
      .readout = readout,
      .free = edge_free,
      .ip_setup = ip_setup,
      .ip_drain = ip_drain,
      .ip_take = ip_take,
      .ip_readout = ip_readout,
  };
  if (!(d->edges = calloc(1, sizeof *d->edges)))
    return -1;
  rt_register(d, &hooks);
  int sw = d->o.profile == DBT_PROFILE_SW || d->o.profile == DBT_PROFILE_ALL;
  return sw ? sw_sites(d) : 0;
}

size_t dbt_sw_edges(const dbt *d, const dbt_edge_count **out) {
  *out = d->edges->sw_done ? d->edges->sw.v : NULL;
  return d->edges->sw_done ? d->edges->sw.n : 0;
}
