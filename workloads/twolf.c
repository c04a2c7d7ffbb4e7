/*
 * twolf.c - hwprof workload modelled on SPEC CINT2000 300.twolf (TimberWolf
 * standard-cell placement by simulated annealing).
 *
 * A synthetic netlist is generated: cells of widths 2..10 units and nets of
 * 2..6 pins (each pin at an offset inside its cell), with locality in cell
 * numbering so that a good placement exists.  Cells are shuffled and packed
 * into rows; the cost is the sum over nets of the half-perimeter of the pins'
 * bounding box plus a weighted overlap penalty computed from per-row bins (as
 * TimberWolf does).  Simulated annealing then tries moves - displace a cell
 * to a random location inside a shrinking range-limiter window, or swap it
 * with the cell found at that location by walking the row's linked list -
 * and evaluates each move incrementally over the affected nets and bins only.
 * Uphill moves are accepted with probability exp(-delta/T), computed from a
 * fixed-point table (no floating point).  The temperature follows a
 * geometric schedule with a fixed number of steps, and the overlap penalty
 * weight grows from step to step so that overlaps are squeezed out.
 *
 * At the end the whole cost is recomputed from scratch and compared with the
 * incrementally maintained one, and the placement is checked: every cell is
 * in exactly one row list, inside its row.
 *
 * Sizes (dynamic MIPS instructions): test - 150 cells in 6 rows, 40 steps,
 * 18000 moves, ~20 M; train - 600 cells in 16 rows, 64 steps, 268800 moves,
 * ~300 M.
 * Usage: twolf [test|train]
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROW_PITCH   16 /* vertical distance between rows */
#define BIN_WIDTH   8  /* overlap bins per row are this wide */
#define MIN_WIDTH   2
#define MAX_WIDTH   10
#define PENALTY_W0  8   /* weight of one unit of bin overflow: initial ... */
#define PENALTY_W1  64  /* ... and at the last temperature step */
#define EXP_ENTRIES 256 /* exp table: entry k is exp(-k/16) */
#define T_SHIFT     8   /* temperature is fixed point with 8 fraction bits */

struct net;

typedef struct cell {
  int32_t id, width;
  int32_t row, x;           /* row index and left edge */
  struct cell *next, *prev; /* doubly linked list of the cells in a row */
  int32_t nnets;
  struct net **nets; /* nets this cell is connected to */
} Cell;

typedef struct pin {
  Cell *cell;
  int32_t off; /* x offset of the pin inside its cell */
} Pin;

typedef struct net {
  int32_t npins;
  Pin *pins;
  int32_t cost;    /* current half-perimeter */
  int32_t newcost; /* tentative half-perimeter during a move */
  uint32_t stamp;  /* last move that touched this net */
} Net;

typedef struct {
  Cell *head;
  int32_t count;
} Row;

typedef struct {
  const char *name;
  int32_t ncells, nrows;
  int32_t steps, moves_per_cell; /* temperature steps, moves per cell per step */
  uint32_t cooling;              /* T *= cooling / 256 per step */
} Size;

static const Size sizes[] = {
    {"test", 150, 6, 40, 3, 221},
    {"train", 600, 16, 64, 7, 232},
};

/* ---- global placement state ---- */
static Cell *cells;
static Net *nets;
static Row *rows;
static int32_t *bins; /* occupied width per bin, nrows * nbins */
static int32_t ncells, nnets, nrows, rowlen, nbins;
static uint32_t move_stamp;
static Net **touched; /* nets affected by the current move */
static uint32_t exp_table[EXP_ENTRIES];

/* xorshift32 PRNG */
static uint32_t rng_state = 0x2545f491u;
static uint32_t rng(void) {
  uint32_t x = rng_state;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return rng_state = x;
}
static int32_t rng_below(int32_t n) {
  return (int32_t)(rng() % (uint32_t)n);
}

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n, size);
  if (!p) {
    fprintf(stderr, "twolf: out of memory\n");
    exit(1);
  }
  return p;
}

/* exp(-k/16) in 0.24 fixed point, by repeated multiplication with
 * exp(-1/16) in 0.32 fixed point. */
static void init_exp_table(void) {
  const uint64_t step = 4034748382u;
  uint32_t v = 1u << 24;
  for (int k = 0; k < EXP_ENTRIES; k++) {
    exp_table[k] = v;
    v = (uint32_t)(((uint64_t)v * step) >> 32);
  }
}

/* ---- netlist generation ---- */
static int pins_for_net(void) {
  uint32_t r = rng() & 15;
  return r < 6 ? 2 : r < 10 ? 3 : r < 13 ? 4 : r < 15 ? 5 : 6;
}

static void build_netlist(void) {
  int32_t totw = 0;
  cells = xcalloc((size_t)ncells, sizeof(Cell));
  for (int32_t i = 0; i < ncells; i++) {
    cells[i].id = i;
    cells[i].width = MIN_WIDTH + rng_below(MAX_WIDTH - MIN_WIDTH + 1);
    totw += cells[i].width;
  }
  /* rows 10% longer than needed on average, rounded up to whole bins */
  rowlen = totw * 11 / (10 * nrows);
  nbins = (rowlen + BIN_WIDTH - 1) / BIN_WIDTH;
  rowlen = nbins * BIN_WIDTH;

  nnets = ncells + ncells / 8;
  nets = xcalloc((size_t)nnets, sizeof(Net));
  int32_t *degree = xcalloc((size_t)ncells, sizeof(int32_t));
  for (int32_t n = 0; n < nnets; n++) {
    Net *net = &nets[n];
    int np = pins_for_net();
    int32_t seed = rng_below(ncells);
    net->pins = xcalloc((size_t)np, sizeof(Pin));
    while (net->npins < np) {
      int32_t c;
      if (net->npins == 0)
        c = seed;
      else if ((rng() & 7) != 0) /* mostly local connections */
        c = (seed + ncells + rng_below(33) - 16) % ncells;
      else
        c = rng_below(ncells);
      int dup = 0;
      for (int p = 0; p < net->npins; p++)
        if (net->pins[p].cell == &cells[c])
          dup = 1;
      if (dup)
        continue;
      net->pins[net->npins].cell = &cells[c];
      net->pins[net->npins].off = rng_below(cells[c].width);
      net->npins++;
      degree[c]++;
    }
  }
  /* per-cell net lists */
  int32_t maxdeg = 0;
  for (int32_t i = 0; i < ncells; i++) {
    cells[i].nets = xcalloc((size_t)degree[i] + 1, sizeof(Net *));
    if (degree[i] > maxdeg)
      maxdeg = degree[i];
  }
  for (int32_t n = 0; n < nnets; n++)
    for (int p = 0; p < nets[n].npins; p++) {
      Cell *c = nets[n].pins[p].cell;
      c->nets[c->nnets++] = &nets[n];
    }
  touched = xcalloc((size_t)maxdeg * 2 + 1, sizeof(Net *));
  free(degree);
}

/* ---- cost functions ---- */
static int32_t net_hpwl(const Net *net) {
  const Pin *p = net->pins;
  int32_t xmin = p->cell->x + p->off, xmax = xmin;
  int32_t ymin = p->cell->row, ymax = ymin;
  for (int i = 1; i < net->npins; i++) {
    p++;
    int32_t x = p->cell->x + p->off, y = p->cell->row;
    if (x < xmin)
      xmin = x;
    if (x > xmax)
      xmax = x;
    if (y < ymin)
      ymin = y;
    if (y > ymax)
      ymax = y;
  }
  return (xmax - xmin) + (ymax - ymin) * ROW_PITCH;
}

static int32_t excess(int32_t occ) {
  return occ > BIN_WIDTH ? occ - BIN_WIDTH : 0;
}

/* Add (sign=+1) or remove (sign=-1) the span [x, x+w) of a cell to the bins
 * of row `row`; returns the change in total bin overflow. */
static int32_t bins_update(int32_t *b, int32_t row, int32_t x, int32_t w, int32_t sign) {
  int32_t *rb = b + row * nbins;
  int32_t end = x + w, delta = 0;
  for (int32_t k = x / BIN_WIDTH; k * BIN_WIDTH < end; k++) {
    int32_t lo = k * BIN_WIDTH, hi = lo + BIN_WIDTH;
    int32_t amount = (end < hi ? end : hi) - (x > lo ? x : lo);
    int32_t before = excess(rb[k]);
    rb[k] += sign * amount;
    delta += excess(rb[k]) - before;
  }
  return delta;
}

static void row_link(Cell *c, int32_t r) {
  Row *row = &rows[r];
  c->row = r;
  c->prev = NULL;
  c->next = row->head;
  if (row->head)
    row->head->prev = c;
  row->head = c;
  row->count++;
}

static void row_unlink(Cell *c) {
  Row *row = &rows[c->row];
  if (c->prev)
    c->prev->next = c->next;
  else
    row->head = c->next;
  if (c->next)
    c->next->prev = c->prev;
  row->count--;
}

/* Move cell c to (r, x), keeping bins and row lists up to date; returns the
 * change in bin overflow. */
static int32_t set_position(Cell *c, int32_t r, int32_t x) {
  int32_t d = bins_update(bins, c->row, c->x, c->width, -1);
  if (r != c->row) {
    row_unlink(c);
    row_link(c, r);
  }
  c->x = x;
  return d + bins_update(bins, r, x, c->width, +1);
}

static int32_t clamp_x(const Cell *c, int32_t x) {
  if (x < 0)
    return 0;
  if (x > rowlen - c->width)
    return rowlen - c->width;
  return x;
}

/* Mark the nets of c as affected by the current move and add them to the
 * touched list; returns the new length of the list. */
static int collect_nets(const Cell *c, int nt) {
  for (int i = 0; i < c->nnets; i++) {
    Net *n = c->nets[i];
    if (n->stamp != move_stamp) {
      n->stamp = move_stamp;
      touched[nt++] = n;
    }
  }
  return nt;
}

/* Accept an uphill move of cost delta at temperature t? */
static int accept_uphill(int32_t delta, uint32_t t) {
  if (delta >= (1 << 18) || t == 0)
    return 0;
  uint32_t k = ((uint32_t)delta << (T_SHIFT + 4)) / t; /* 16 * delta / T */
  if (k >= EXP_ENTRIES)
    return 0;
  return (rng() >> 8) < exp_table[k];
}

typedef struct {
  int32_t wire, overflow; /* current cost components */
  int32_t pw;             /* current overflow penalty weight */
  uint32_t attempted, accepted, swaps, displacements;
} Anneal;

static int32_t total_cost(const Anneal *a) {
  return a->wire + a->pw * a->overflow;
}

/* Find the cell whose span covers x in row r by walking the row list. */
static Cell *cell_at(int32_t r, int32_t x) {
  for (Cell *c = rows[r].head; c; c = c->next)
    if (c->x <= x && x < c->x + c->width)
      return c;
  return NULL;
}

/* Propose one move inside the window (wx, wr), evaluate it incrementally and
 * accept or undo it.  With t == UINT32_MAX every move is undone and the
 * uphill delta is returned (used to pick the initial temperature). */
static int32_t try_move(Anneal *a, uint32_t t, int32_t wx, int32_t wr) {
  Cell *c = &cells[rng_below(ncells)];
  int32_t r0 = c->row, x0 = c->x;
  int32_t tr = r0 + rng_below(2 * wr + 1) - wr;
  int32_t tx = x0 + rng_below(2 * wx + 1) - wx;
  if (tr < 0 || tr >= nrows)
    tr = r0;
  if (tx < 0 || tx >= rowlen)
    tx = x0;

  Cell *o = (rng() & 1) ? cell_at(tr, tx) : NULL;
  if (o == c)
    o = NULL;
  int32_t ro = 0, xo = 0, dov;
  move_stamp++;
  int nt = collect_nets(c, 0);
  if (o) {
    /* swap: exchange the centres of the two cells */
    ro = o->row;
    xo = o->x;
    int32_t cc = x0 * 2 + c->width, co = xo * 2 + o->width;
    nt = collect_nets(o, nt);
    dov = set_position(c, ro, clamp_x(c, (co - c->width) / 2));
    dov += set_position(o, r0, clamp_x(o, (cc - o->width) / 2));
  } else {
    dov = set_position(c, tr, clamp_x(c, tx));
  }

  int32_t dwire = 0;
  for (int i = 0; i < nt; i++) {
    Net *n = touched[i];
    n->newcost = net_hpwl(n);
    dwire += n->newcost - n->cost;
  }
  int32_t delta = dwire + a->pw * dov;
  a->attempted++;

  if (t != UINT32_MAX && (delta <= 0 || accept_uphill(delta, t))) {
    for (int i = 0; i < nt; i++)
      touched[i]->cost = touched[i]->newcost;
    a->wire += dwire;
    a->overflow += dov;
    a->accepted++;
    if (o)
      a->swaps++;
    else
      a->displacements++;
    return 0;
  }
  /* undo in reverse order */
  if (o)
    set_position(o, ro, xo);
  set_position(c, r0, x0);
  return delta > 0 ? delta : 0;
}

/* ---- from-scratch cost and consistency check ---- */
static int verify(const Anneal *a, int32_t *wire_out, int32_t *over_out) {
  int ok = 1;
  int32_t wire = 0, over = 0;
  for (int32_t n = 0; n < nnets; n++) {
    int32_t h = net_hpwl(&nets[n]);
    if (h != nets[n].cost) {
      fprintf(stderr, "twolf: net %" PRId32 " cost %" PRId32 " != %" PRId32 "\n", n, nets[n].cost,
              h);
      ok = 0;
    }
    wire += h;
  }
  /* rebuild bins from the row lists; every cell must be seen exactly once */
  int32_t *fresh = xcalloc((size_t)nrows * (size_t)nbins, sizeof(int32_t));
  uint8_t *seen = xcalloc((size_t)ncells, 1);
  for (int32_t r = 0; r < nrows; r++) {
    int32_t count = 0;
    for (const Cell *c = rows[r].head; c; c = c->next) {
      if (seen[c->id]++ || c->row != r || c->x < 0 || c->x + c->width > rowlen) {
        fprintf(stderr, "twolf: cell %" PRId32 " misplaced\n", c->id);
        ok = 0;
      }
      if (c->next && c->next->prev != c)
        ok = 0;
      over += bins_update(fresh, r, c->x, c->width, +1);
      count++;
    }
    if (count != rows[r].count)
      ok = 0;
  }
  for (int32_t i = 0; i < ncells; i++)
    if (seen[i] != 1) {
      fprintf(stderr, "twolf: cell %" PRId32 " placed %d times\n", i, seen[i]);
      ok = 0;
    }
  if (memcmp(fresh, bins, (size_t)nrows * (size_t)nbins * sizeof(int32_t)) != 0)
    ok = 0;
  if (wire != a->wire || over != a->overflow) {
    fprintf(stderr,
            "twolf: cost mismatch: incremental %" PRId32 "/%" PRId32 ", recomputed %" PRId32
            "/%" PRId32 "\n",
            a->wire, a->overflow, wire, over);
    ok = 0;
  }
  free(fresh);
  free(seen);
  *wire_out = wire;
  *over_out = over;
  return ok;
}

/* FNV-1a over 32-bit values, byte order fixed (little-endian) */
static uint32_t fnv(uint32_t h, uint32_t v) {
  for (int i = 0; i < 4; i++) {
    h ^= (v >> (8 * i)) & 0xff;
    h *= 16777619u;
  }
  return h;
}

int main(int argc, char **argv) {
  const Size *sz = &sizes[0];
  if (argc > 2 || (argc == 2 && strcmp(argv[1], "test") != 0 && strcmp(argv[1], "train") != 0)) {
    fprintf(stderr, "usage: twolf [test|train]\n");
    return 2;
  }
  if (argc == 2 && strcmp(argv[1], "train") == 0)
    sz = &sizes[1];
  ncells = sz->ncells;
  nrows = sz->nrows;

  init_exp_table();
  build_netlist();
  rows = xcalloc((size_t)nrows, sizeof(Row));
  bins = xcalloc((size_t)nrows * (size_t)nbins, sizeof(int32_t));

  /* initial placement: shuffled cells packed into rows left to right */
  int32_t *order = xcalloc((size_t)ncells, sizeof(int32_t));
  for (int32_t i = 0; i < ncells; i++)
    order[i] = i;
  for (int32_t i = ncells - 1; i > 0; i--) {
    int32_t j = rng_below(i + 1), tmp = order[i];
    order[i] = order[j];
    order[j] = tmp;
  }
  Anneal a = {0, 0, PENALTY_W0, 0, 0, 0, 0};
  int32_t totw = 0, r = 0, x = 0;
  for (int32_t i = 0; i < ncells; i++)
    totw += cells[i].width;
  int32_t fill = (totw + nrows - 1) / nrows; /* target width per row */
  for (int32_t i = 0; i < ncells; i++) {
    Cell *c = &cells[order[i]];
    if (x + c->width > fill && r < nrows - 1) {
      r++;
      x = 0;
    }
    row_link(c, r);
    c->x = clamp_x(c, x);
    a.overflow += bins_update(bins, r, c->x, c->width, +1);
    x += c->width;
  }
  free(order);
  for (int32_t n = 0; n < nnets; n++)
    a.wire += nets[n].cost = net_hpwl(&nets[n]);
  int32_t init_wire = a.wire, init_over = a.overflow, init_cost = total_cost(&a);

  /* initial temperature: uphill moves of average size accepted with
   * probability exp(-1/3) ~ 0.72 */
  uint32_t uphill = 0, nup = 0;
  for (int i = 0; i < 256; i++) {
    int32_t d = try_move(&a, UINT32_MAX, rowlen, nrows);
    if (d > 0) {
      uphill += (uint32_t)d;
      nup++;
    }
  }
  a.attempted = 0;
  uint32_t t0 = nup ? (uphill / nup) * 3u << T_SHIFT : 1u << T_SHIFT;
  uint32_t t = t0;

  /* annealing: fixed number of temperature steps, geometric cooling; the
   * range limiter shrinks the move window with the temperature, and the
   * overlap penalty weight grows so that the final placement is nearly
   * overlap-free (TimberWolf's penalty control) */
  int32_t moves = sz->moves_per_cell * ncells;
  for (int step = 0; step < sz->steps; step++) {
    int32_t wx = (int32_t)((uint64_t)rowlen * t / t0);
    int32_t wr = (int32_t)((uint64_t)nrows * t / t0);
    if (wx < 2 * MAX_WIDTH)
      wx = 2 * MAX_WIDTH;
    if (wr < 2)
      wr = 2;
    a.pw = PENALTY_W0 + step * (PENALTY_W1 - PENALTY_W0) / (sz->steps - 1);
    for (int32_t m = 0; m < moves; m++)
      try_move(&a, t, wx, wr);
    t = (uint32_t)((uint64_t)t * sz->cooling / 256);
  }

  int32_t wire, over;
  int ok = verify(&a, &wire, &over);

  uint32_t h = 2166136261u;
  for (int32_t i = 0; i < ncells; i++) {
    h = fnv(h, (uint32_t)cells[i].row);
    h = fnv(h, (uint32_t)cells[i].x);
  }
  h = fnv(h, (uint32_t)init_cost);
  h = fnv(h, (uint32_t)wire);
  h = fnv(h, (uint32_t)over);
  h = fnv(h, a.accepted);

  printf("twolf %s: %" PRId32 " cells, %" PRId32 " nets, %" PRId32 " rows of length %" PRId32 "\n",
         sz->name, ncells, nnets, nrows, rowlen);
  printf("initial cost: %" PRId32 " = wire %" PRId32 " + %d x overflow %" PRId32 "\n", init_cost,
         init_wire, PENALTY_W0, init_over);
  printf("annealing: %d steps, %" PRIu32 " moves tried, %" PRIu32 " accepted (%" PRIu32
         " displacements, %" PRIu32 " swaps)\n",
         sz->steps, a.attempted, a.accepted, a.displacements, a.swaps);
  printf("final cost: %" PRId32 " = wire %" PRId32 " + %" PRId32 " x overflow %" PRId32 "\n",
         total_cost(&a), wire, a.pw, over);
  printf("verify: %s\n", ok ? "ok" : "FAILED");
  printf("checksum: 0x%08" PRIx32 "\n", h);
  if (!ok) {
    fprintf(stderr, "twolf: self-check failed\n");
    return 1;
  }
  return 0;
}
