/*
 * mcf.c - hwprof workload modelled on SPEC CINT2000 181.mcf.
 *
 * Solves a single-depot vehicle scheduling problem as a minimum-cost flow problem with the
 * primal network simplex method, the way 181.mcf does:
 *   - a timetable of trips is generated (start/end time, start/end stop); every trip gives a
 *     "start" node (demand 1) and an "end" node (supply 1); the depot has pull-out arcs
 *     (depot -> trip start, including the fixed cost of a vehicle) and pull-in arcs
 *     (trip end -> depot); deadhead arcs join the end of a trip to the start of a later trip
 *     that a vehicle can still reach in time (cost: empty travel plus waiting);
 *   - only the first few deadheads of every trip are explicit arcs; the others are implicit
 *     and are priced out after each simplex run, the most attractive ones being added to the
 *     network (mcf's price_out_impl, with a heap of the best new arcs);
 *   - nodes and arcs are structs linked by pointers: arc lists per node, a spanning tree with
 *     parent/child/sibling pointers, depths and node potentials;
 *   - pricing scans the arcs in strided groups and keeps a basket of candidates (mcf's
 *     multiple partial pricing, primal_bea_mpp); a pivot walks the tree cycle to its apex,
 *     picks the leaving arc (strongly feasible rule), pushes flow and re-hangs the subtree.
 * At the end the solution is verified: flow conservation at every node, capacity bounds,
 * reduced-cost optimality of every explicit and implicit arc, and the objective recomputed
 * from the arc flows against the one maintained by the pivots.
 *
 * Sizes: "test" schedules 250 trips (~20 M MIPS instructions), "train" 1530 trips
 * (~300 M instructions). Usage: mcf [test|train]
 */
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* arc states (as in mcf) and orientation of a node's basic arc */
#define BASIC    0
#define AT_LOWER 1
#define AT_UPPER 2
#define UP       1 /* basic arc points from the node to its parent */
#define DOWN     0

#define ART_COST 50000000 /* "big M" of the artificial arcs */
#define ART_CAP  (INT32_MAX / 2)
#define K_GROUP  100 /* arcs per pricing group */
#define B_BASKET 30  /* basket size of the multiple partial pricing */

/* timetable model */
#define NSTOPS     40
#define DEPOT_LOC  NSTOPS
#define DAY_START  300  /* minutes */
#define DAY_SPAN   1140 /* trips start between 5:00 and 24:00 */
#define MAX_WAIT   150  /* longest idle time on a deadhead */
#define MAX_TRAVEL 68
#define K_INIT     6  /* explicit deadheads per trip */
#define K_MAX      30 /* explicit + implicit deadheads per trip */
#define FIX_COST   2000
#define TRAVEL_W   8
#define WAIT_W     2

typedef int32_t cost_t; /* arc costs and potentials: 32 bits, as mcf's long on ILP32 */
typedef struct node node_t;
typedef struct arc arc_t;

struct node {
  cost_t potential;
  node_t *pred, *child, *sibling, *sibling_prev;
  arc_t *basic_arc;
  arc_t *firstout, *firstin;
  int32_t id, supply, depth, orientation;
};

struct arc {
  cost_t cost;
  node_t *tail, *head;
  arc_t *nextout, *nextin;
  int32_t flow, cap, ident;
};

typedef struct {
  int32_t start, end, sloc, eloc;
} trip_t;

typedef struct {
  int32_t ntrips, nnodes;
  trip_t *trips;
  node_t *nodes; /* [0] root, [1] depot, [2..N+1] trip starts, [N+2..2N+1] trip ends */
  arc_t *arcs;   /* real arcs: m in use, max_m allocated */
  arc_t *dummy;  /* artificial arcs, one per non-root node */
  int32_t m, max_m, m_init;
  int64_t cost; /* objective maintained by the pivots */
  int32_t pivots, rounds, added;
} net_t;

typedef struct {
  arc_t *a;
  cost_t cost, abs_cost;
} basket_t;

typedef struct {
  int32_t i, j;
  cost_t cost, rc;
} newarc_t;

static int32_t stop_x[NSTOPS + 1], stop_y[NSTOPS + 1];
static uint32_t rng_state = 0x2545f491u;

static uint32_t rnd(void) {
  uint32_t x = rng_state;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return rng_state = x;
}

static void fail(const char *msg) {
  fprintf(stderr, "mcf: self-check failed: %s\n", msg);
  exit(1);
}

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n, size);
  if (!p) {
    fprintf(stderr, "mcf: out of memory\n");
    exit(1);
  }
  return p;
}

static int32_t travel(int32_t a, int32_t b) {
  return (abs(stop_x[a] - stop_x[b]) + abs(stop_y[a] - stop_y[b])) / 3 + 2;
}

static node_t *start_node(net_t *net, int32_t t) {
  return &net->nodes[2 + t];
}
static node_t *end_node(net_t *net, int32_t t) {
  return &net->nodes[2 + net->ntrips + t];
}

/* ---------------------------------------------------------------- timetable and arcs */

static void gen_trips(net_t *net) {
  int32_t n = net->ntrips, t16 = 0, gap = 2 * DAY_SPAN * 16 / n + 1;
  for (int32_t s = 0; s < NSTOPS; s++) {
    stop_x[s] = (int32_t)(rnd() % 100);
    stop_y[s] = (int32_t)(rnd() % 100);
  }
  stop_x[DEPOT_LOC] = stop_y[DEPOT_LOC] = 50;
  for (int32_t i = 0; i < n; i++) { /* start times are nondecreasing */
    trip_t *t = &net->trips[i];
    t16 += (int32_t)(rnd() % (uint32_t)gap);
    t->start = DAY_START + t16 / 16;
    t->sloc = (int32_t)(rnd() % NSTOPS);
    t->eloc = (int32_t)(rnd() % NSTOPS);
    t->end = t->start + travel(t->sloc, t->eloc) + 5 + (int32_t)(rnd() % 26);
  }
}

/* Iterator over the deadhead candidates of trip i: trips j a vehicle can reach after i
   with at most MAX_WAIT minutes of idle time; k counts the candidates found so far. */
typedef struct {
  int32_t i, j, k;
} cand_t;

static void cand_begin(const net_t *net, int32_t i, cand_t *c) {
  int32_t lo = 0, hi = net->ntrips, t = net->trips[i].end;
  while (lo < hi) { /* first trip starting at or after the end of trip i */
    int32_t mid = (lo + hi) / 2;
    if (net->trips[mid].start < t)
      lo = mid + 1;
    else
      hi = mid;
  }
  c->i = i;
  c->j = lo - 1;
  c->k = -1;
}

static int cand_next(const net_t *net, cand_t *c, cost_t *cost) {
  const trip_t *ti = &net->trips[c->i];
  while (c->k + 1 < K_MAX && ++c->j < net->ntrips) {
    const trip_t *tj = &net->trips[c->j];
    int32_t drive = travel(ti->eloc, tj->sloc), wait = tj->start - ti->end - drive;
    if (tj->start > ti->end + MAX_TRAVEL + MAX_WAIT)
      break;
    if (wait < 0 || wait > MAX_WAIT)
      continue;
    c->k++;
    *cost = TRAVEL_W * drive + WAIT_W * wait;
    return 1;
  }
  return 0;
}

static arc_t *add_arc(net_t *net, node_t *tail, node_t *head, cost_t cost) {
  arc_t *a = &net->arcs[net->m++];
  a->tail = tail;
  a->head = head;
  a->cost = cost;
  a->cap = 1;
  a->flow = 0;
  a->ident = AT_LOWER;
  a->nextout = tail->firstout;
  tail->firstout = a;
  a->nextin = head->firstin;
  head->firstin = a;
  return a;
}

static void build_network(net_t *net) {
  int32_t n = net->ntrips, count = 0;
  cost_t cost;
  cand_t c;
  for (int32_t i = 0; i < n; i++)
    for (cand_begin(net, i, &c); cand_next(net, &c, &cost);)
      count++;
  net->nnodes = 2 * n + 2;
  net->nodes = xcalloc((size_t)net->nnodes, sizeof(node_t));
  net->max_m = 2 * n + count;
  net->arcs = xcalloc((size_t)net->max_m, sizeof(arc_t));
  net->dummy = xcalloc((size_t)net->nnodes, sizeof(arc_t));
  for (int32_t v = 0; v < net->nnodes; v++)
    net->nodes[v].id = v;
  node_t *depot = &net->nodes[1];
  for (int32_t i = 0; i < n; i++) {
    start_node(net, i)->supply = -1;
    end_node(net, i)->supply = 1;
    add_arc(net, depot, start_node(net, i),
            FIX_COST + TRAVEL_W * travel(DEPOT_LOC, net->trips[i].sloc));
    add_arc(net, end_node(net, i), depot, TRAVEL_W * travel(net->trips[i].eloc, DEPOT_LOC));
    for (cand_begin(net, i, &c); cand_next(net, &c, &cost) && c.k < K_INIT;)
      add_arc(net, end_node(net, i), start_node(net, c.j), cost);
  }
  net->m_init = net->m;
}

/* ------------------------------------------------------------------- spanning tree */

static void unlink_child(node_t *v) {
  if (v->sibling_prev)
    v->sibling_prev->sibling = v->sibling;
  else
    v->pred->child = v->sibling;
  if (v->sibling)
    v->sibling->sibling_prev = v->sibling_prev;
}

static void link_child(node_t *par, node_t *v) {
  v->sibling = par->child;
  v->sibling_prev = NULL;
  if (par->child)
    par->child->sibling_prev = v;
  par->child = v;
}

/* Initial strongly feasible tree: the root joined to every node by an artificial arc
   carrying the node's supply (pointing towards the root when the flow may be zero). */
static void init_tree(net_t *net) {
  node_t *root = &net->nodes[0];
  root->depth = 0;
  net->cost = 0;
  for (int32_t v = net->nnodes - 1; v >= 1; v--) {
    node_t *x = &net->nodes[v];
    arc_t *a = &net->dummy[v];
    a->cost = ART_COST;
    a->cap = ART_CAP;
    a->ident = BASIC;
    if (x->supply >= 0) {
      a->tail = x, a->head = root, a->flow = x->supply;
      x->orientation = UP, x->potential = -ART_COST;
    } else {
      a->tail = root, a->head = x, a->flow = -x->supply;
      x->orientation = DOWN, x->potential = ART_COST;
    }
    net->cost += (int64_t)ART_COST * a->flow;
    x->pred = root;
    x->basic_arc = a;
    x->depth = 1;
    link_child(root, x);
  }
}

/* Recompute all potentials from the tree in preorder; returns how many had drifted. */
static int32_t refresh_potential(net_t *net) {
  node_t *root = &net->nodes[0], *v = root->child;
  int32_t changed = 0;
  while (v) {
    cost_t c = v->basic_arc->cost;
    cost_t p = v->orientation == UP ? v->pred->potential - c : v->pred->potential + c;
    changed += p != v->potential || v->depth != v->pred->depth + 1;
    v->potential = p;
    if (v->child)
      v = v->child;
    else {
      while (v != root && !v->sibling)
        v = v->pred;
      v = v == root ? NULL : v->sibling;
    }
  }
  return changed;
}

/* After a re-hang: new depths and shifted potentials for the subtree below top. */
static void update_subtree(node_t *top, cost_t shift) {
  node_t *v = top;
  for (;;) {
    v->depth = v->pred->depth + 1;
    v->potential += shift;
    if (v->child)
      v = v->child;
    else {
      while (v != top && !v->sibling)
        v = v->pred;
      if (v == top)
        return;
      v = v->sibling;
    }
  }
}

/* -------------------------------------------------------------------------- pricing */

static basket_t basket[B_BASKET + K_GROUP + 1];
static int32_t basket_size, group_pos, nr_group, pricing_init = 1;

static cost_t red_cost(const arc_t *a) {
  return a->cost + a->tail->potential - a->head->potential;
}

static int dual_infeasible(const arc_t *a, cost_t rc) {
  return (rc < 0 && a->ident == AT_LOWER) || (rc > 0 && a->ident == AT_UPPER);
}

/* Sort the basket by decreasing |reduced cost| (quicksort as in mcf's sort_basket). */
static void sort_basket(int32_t lo, int32_t hi) {
  cost_t pivot = basket[(lo + hi) / 2].abs_cost;
  int32_t l = lo, h = hi;
  do {
    while (basket[l].abs_cost > pivot)
      l++;
    while (pivot > basket[h].abs_cost)
      h--;
    if (l < h) {
      basket_t t = basket[l];
      basket[l] = basket[h];
      basket[h] = t;
    }
    if (l <= h)
      l++, h--;
  } while (l <= h);
  if (lo < h)
    sort_basket(lo, h);
  if (l < hi && l <= B_BASKET)
    sort_basket(l, hi);
}

/* Multiple partial pricing: re-check the previous basket, then scan strided arc groups
   until the basket is full or every group was seen; return the best arc, NULL if none. */
static arc_t *price(net_t *net, cost_t *rc_out) {
  if (pricing_init) {
    nr_group = (net->m - 1) / K_GROUP + 1;
    group_pos = 0;
    basket_size = 0;
    pricing_init = 0;
  } else {
    int32_t next = 0;
    for (int32_t i = 1; i < B_BASKET && i < basket_size; i++) {
      arc_t *a = basket[i].a;
      cost_t rc = red_cost(a);
      if (dual_infeasible(a, rc)) {
        basket[next].a = a;
        basket[next].cost = rc;
        basket[next].abs_cost = rc < 0 ? -rc : rc;
        next++;
      }
    }
    basket_size = next;
  }
  int32_t old_group_pos = group_pos;
  do {
    for (arc_t *a = net->arcs + group_pos, *stop = net->arcs + net->m; a < stop; a += nr_group) {
      if (a->ident == BASIC)
        continue;
      cost_t rc = red_cost(a);
      if (dual_infeasible(a, rc)) {
        basket[basket_size].a = a;
        basket[basket_size].cost = rc;
        basket[basket_size].abs_cost = rc < 0 ? -rc : rc;
        basket_size++;
      }
    }
    if (++group_pos == nr_group)
      group_pos = 0;
  } while (basket_size < B_BASKET && group_pos != old_group_pos);
  if (basket_size == 0) {
    pricing_init = 1;
    return NULL;
  }
  sort_basket(0, basket_size - 1);
  *rc_out = basket[0].cost;
  return basket[0].a;
}

/* ---------------------------------------------------------------------------- pivot */

/* Pivot entering arc e (reduced cost rc) into the tree. Flow is pushed from u across e to
   w and back to u through the tree; the leaving arc is the last blocking arc met when the
   cycle is traversed from its apex, which keeps the tree strongly feasible. */
static void pivot(net_t *net, arc_t *e, cost_t rc) {
  int at_lower = e->ident == AT_LOWER;
  node_t *u = at_lower ? e->tail : e->head, *w = at_lower ? e->head : e->tail;
  int32_t res_e = at_lower ? e->cap - e->flow : e->flow;
  int32_t min_u = INT32_MAX, min_w = INT32_MAX;
  node_t *leave_u = NULL, *leave_w = NULL, *a = u, *b = w;

  while (a != b) { /* climb to the apex, deeper side first */
    int32_t da = a->depth, db = b->depth;
    if (da >= db) { /* flow runs down the tree into u */
      arc_t *t = a->basic_arc;
      int32_t r = a->orientation == UP ? t->flow : t->cap - t->flow;
      if (r < min_u)
        min_u = r, leave_u = a;
      a = a->pred;
    }
    if (db >= da) { /* flow runs up the tree from w */
      arc_t *t = b->basic_arc;
      int32_t r = b->orientation == UP ? t->cap - t->flow : t->flow;
      if (r <= min_w)
        min_w = r, leave_w = b;
      b = b->pred;
    }
  }
  node_t *apex = a, *q = NULL, *in = NULL, *out = NULL;
  int32_t delta = res_e < min_u ? res_e : min_u;
  if (min_w < delta)
    delta = min_w;
  if (leave_w && min_w == delta)
    q = leave_w, in = w, out = u;
  else if (res_e != delta)
    q = leave_u, in = u, out = w;

  if (delta > 0) {
    e->flow += at_lower ? delta : -delta;
    for (a = u; a != apex; a = a->pred)
      a->basic_arc->flow += a->orientation == UP ? -delta : delta;
    for (b = w; b != apex; b = b->pred)
      b->basic_arc->flow += b->orientation == UP ? delta : -delta;
    net->cost -= (int64_t)delta * (rc < 0 ? -rc : rc);
  }
  if (!q) { /* e itself blocks: it just moves to its other bound */
    e->ident = e->flow == 0 ? AT_LOWER : AT_UPPER;
    return;
  }
  arc_t *la = q->basic_arc;
  la->ident = la->flow == 0 ? AT_LOWER : AT_UPPER;
  e->ident = BASIC;

  /* Re-hang the subtree of q below out, re-rooted at in: reverse the stem in..q. */
  cost_t shift = in == e->head ? red_cost(e) : -red_cost(e);
  node_t *v = in, *par = out;
  arc_t *na = e;
  for (;;) {
    node_t *oldpar = v->pred;
    arc_t *olda = v->basic_arc;
    unlink_child(v);
    v->pred = par;
    v->basic_arc = na;
    v->orientation = na->tail == v ? UP : DOWN;
    link_child(par, v);
    if (v == q)
      break;
    par = v, na = olda, v = oldpar;
  }
  update_subtree(in, shift);
}

static int32_t primal_net_simplex(net_t *net) {
  int32_t iterations = 0;
  cost_t rc;
  arc_t *e;
  while ((e = price(net, &rc)) != NULL) {
    pivot(net, e, rc);
    /* like mcf, recompute the potentials from the tree every 20 pivots (here: a check) */
    if (++iterations % 20 == 0 && refresh_potential(net) != 0)
      fail("potentials drifted from the tree");
  }
  return iterations;
}

/* ------------------------------------------------------------- implicit arc pricing */

static int arc_exists(net_t *net, int32_t i, int32_t j, arc_t **found) {
  int32_t head_id = start_node(net, j)->id;
  for (arc_t *a = end_node(net, i)->firstout; a; a = a->nextout)
    if (a->head->id == head_id) {
      *found = a;
      return 1;
    }
  return 0;
}

/* Max-heap on reduced cost keeping the max_new most negative new arcs. */
static void heap_sift_down(newarc_t *h, int32_t n, int32_t k) {
  for (;;) {
    int32_t c = 2 * k + 1;
    if (c >= n)
      return;
    if (c + 1 < n && h[c + 1].rc > h[c].rc)
      c++;
    if (h[k].rc >= h[c].rc)
      return;
    newarc_t t = h[k];
    h[k] = h[c];
    h[c] = t;
    k = c;
  }
}

static void heap_sift_up(newarc_t *h, int32_t k) {
  while (k > 0 && h[(k - 1) / 2].rc < h[k].rc) {
    newarc_t t = h[k];
    h[k] = h[(k - 1) / 2];
    h[(k - 1) / 2] = t;
    k = (k - 1) / 2;
  }
}

/* Price all implicit deadheads; add the best ones with negative reduced cost. */
static int32_t price_out_impl(net_t *net) {
  int32_t n = net->ntrips, max_new = n / 2 + 1, cnt = 0;
  newarc_t *heap = xcalloc((size_t)max_new, sizeof(newarc_t));
  cost_t cost;
  cand_t c;
  arc_t *found;
  for (int32_t i = 0; i < n; i++) {
    cost_t pot_i = end_node(net, i)->potential;
    for (cand_begin(net, i, &c); cand_next(net, &c, &cost);) {
      if (c.k < K_INIT)
        continue;
      cost_t rc = cost + pot_i - start_node(net, c.j)->potential;
      if (rc >= 0 || (cnt == max_new && rc >= heap[0].rc))
        continue;
      if (arc_exists(net, i, c.j, &found))
        continue;
      newarc_t na = {i, c.j, cost, rc};
      if (cnt < max_new) {
        heap[cnt] = na;
        heap_sift_up(heap, cnt++);
      } else {
        heap[0] = na;
        heap_sift_down(heap, cnt, 0);
      }
    }
  }
  if (net->m + cnt > net->max_m)
    fail("arc storage exhausted");
  for (int32_t k = 0; k < cnt; k++)
    add_arc(net, end_node(net, heap[k].i), start_node(net, heap[k].j), heap[k].cost);
  free(heap);
  net->added += cnt;
  pricing_init = 1;
  return cnt;
}

/* ----------------------------------------------------------------------- self-check */

static void verify(net_t *net) {
  int32_t *bal = xcalloc((size_t)net->nnodes, sizeof(int32_t));
  int64_t cost = 0;
  cost_t c;
  cand_t cd;
  arc_t *found;
  for (int32_t k = 0; k < net->m; k++) {
    arc_t *a = &net->arcs[k];
    cost_t rc = red_cost(a);
    if (a->flow < 0 || a->flow > a->cap)
      fail("capacity violated");
    if ((a->flow < a->cap && rc < 0) || (a->flow > 0 && rc > 0))
      fail("reduced cost not optimal");
    bal[a->tail->id] += a->flow;
    bal[a->head->id] -= a->flow;
    cost += (int64_t)a->cost * a->flow;
  }
  for (int32_t v = 1; v < net->nnodes; v++) {
    if (net->dummy[v].flow != 0)
      fail("artificial arc carries flow: infeasible");
    if (bal[v] != net->nodes[v].supply)
      fail("flow not conserved");
  }
  for (int32_t i = 0; i < net->ntrips; i++) /* implicit arcs: none may be attractive */
    for (cand_begin(net, i, &cd); cand_next(net, &cd, &c);) {
      cost_t rc = c + end_node(net, i)->potential - start_node(net, cd.j)->potential;
      if (rc < 0 && (!arc_exists(net, i, cd.j, &found) || found->flow != found->cap))
        fail("implicit arc with negative reduced cost");
    }
  if (cost != net->cost)
    fail("objective mismatch");
  free(bal);
}

static uint32_t fnv(uint32_t h, uint32_t v) {
  for (int k = 0; k < 4; k++)
    h = (h ^ ((v >> (8 * k)) & 0xff)) * 16777619u;
  return h;
}

int main(int argc, char **argv) {
  int32_t ntrips = 250;
  if (argc > 2 || (argc == 2 && strcmp(argv[1], "test") != 0 && strcmp(argv[1], "train") != 0)) {
    fprintf(stderr, "usage: mcf [test|train]\n");
    return 2;
  }
  if (argc == 2 && strcmp(argv[1], "train") == 0)
    ntrips = 1530;

  net_t net;
  memset(&net, 0, sizeof net);
  net.ntrips = ntrips;
  net.trips = xcalloc((size_t)ntrips, sizeof(trip_t));
  gen_trips(&net);
  build_network(&net);
  init_tree(&net);
  for (;;) { /* simplex on the explicit arcs, then add attractive implicit ones */
    net.pivots += primal_net_simplex(&net);
    if (refresh_potential(&net) != 0)
      fail("potentials drifted from the tree");
    net.rounds++;
    if (price_out_impl(&net) == 0)
      break;
  }
  verify(&net);

  int32_t vehicles = 0;
  for (arc_t *a = net.nodes[1].firstout; a; a = a->nextout)
    vehicles += a->flow;
  uint32_t h = 2166136261u;
  h = fnv(h, (uint32_t)net.nnodes);
  h = fnv(h, (uint32_t)net.m);
  h = fnv(h, (uint32_t)net.cost);
  h = fnv(h, (uint32_t)(net.cost >> 32));
  h = fnv(h, (uint32_t)net.pivots);
  h = fnv(h, (uint32_t)vehicles);
  for (int32_t k = 0; k < net.m; k++)
    h = fnv(h, (uint32_t)net.arcs[k].flow);

  printf("mcf: %" PRId32 " trips, %" PRId32 " nodes, %" PRId32 " arcs (%" PRId32
         " explicit, %" PRId32 " implicit added)\n",
         ntrips, net.nnodes, net.m, net.m_init, net.added);
  printf("mcf: %" PRId32 " pivots in %" PRId32 " price-out rounds\n", net.pivots, net.rounds);
  printf("mcf: optimal cost %" PRId64 " with %" PRId32 " vehicles (verified)\n", net.cost,
         vehicles);
  printf("checksum: 0x%08" PRIx32 "\n", h);
  free(net.arcs);
  free(net.dummy);
  free(net.nodes);
  free(net.trips);
  return 0;
}
