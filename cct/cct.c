/*
 * cct.c - calling-context trees, sequential and parallel; see cct.h.
 */
#define _GNU_SOURCE
#include "cct.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ the tree */

static int init_cap(cct *t, size_t cap) {
  memset(t, 0, sizeof *t);
  t->cap = cap;
  t->hash_cap = 2 * cap;
  t->n = calloc(t->cap, sizeof *t->n);
  t->hash = calloc(t->hash_cap, sizeof *t->hash);
  if (!t->n || !t->hash) {
    cct_free(t);
    return -1;
  }
  t->len = 1; /* the root */
  return 0;
}

int cct_init(cct *t) {
  return init_cap(t, 1024);
}

void cct_free(cct *t) {
  free(t->n);
  free(t->hash);
  memset(t, 0, sizeof *t);
}

static size_t slot_of(const cct *t, uint32_t parent, uint32_t site, uint32_t callee) {
  uint64_t h = ((uint64_t)parent * 0x9E3779B97F4A7C15ull) ^
               ((uint64_t)site * 0xC2B2AE3D27D4EB4Full) ^
               ((uint64_t)callee * 0x165667B19E3779F9ull);
  return (size_t)(h ^ (h >> 29)) & (t->hash_cap - 1);
}

static int rehash(cct *t) {
  size_t cap = 2 * t->hash_cap;
  uint32_t *h = calloc(cap, sizeof *h);
  if (!h)
    return -1;
  free(t->hash);
  t->hash = h;
  t->hash_cap = cap;
  for (uint32_t i = 1; i < t->len; i++) {
    const cct_node *x = &t->n[i];
    if (x->parent == i) /* a partial tree's segment root: nobody's child */
      continue;
    size_t s = slot_of(t, x->parent, x->site, x->callee);
    while (t->hash[s])
      s = (s + 1) & (cap - 1);
    t->hash[s] = i + 1;
  }
  return 0;
}

/* A new node: a child of parent (linked and indexed), or with parent = its own
 * index a segment root of a partial tree.  0 when out of memory. */
static uint32_t new_node(cct *t, uint32_t parent, uint32_t site, uint32_t callee, uint32_t ret,
                         int root) {
  if (t->len == t->cap) {
    cct_node *n = realloc(t->n, 2 * t->cap * sizeof *n);
    if (!n)
      return 0;
    t->n = n;
    t->cap *= 2;
  }
  if (2 * (t->len + 1) > t->hash_cap && rehash(t) < 0)
    return 0;
  uint32_t i = (uint32_t)t->len++;
  cct_node *x = &t->n[i];
  memset(x, 0, sizeof *x);
  x->site = site;
  x->callee = callee;
  x->ret = ret;
  x->parent = root ? i : parent;
  if (!root) {
    x->next_sibling = t->n[parent].first_child;
    t->n[parent].first_child = i;
    size_t s = slot_of(t, parent, site, callee);
    while (t->hash[s])
      s = (s + 1) & (t->hash_cap - 1);
    t->hash[s] = i + 1;
  }
  return i;
}

/* The child of parent for (site, callee), made if need be (returning to ret); 0
 * when out of memory. */
static uint32_t child(cct *t, uint32_t parent, uint32_t site, uint32_t callee, uint32_t ret) {
  for (size_t s = slot_of(t, parent, site, callee);; s = (s + 1) & (t->hash_cap - 1)) {
    uint32_t i = t->hash[s];
    if (!i)
      return new_node(t, parent, site, callee, ret, 0);
    const cct_node *x = &t->n[i - 1];
    if (x->parent == parent && x->site == site && x->callee == callee)
      return i - 1;
  }
}

/* ------------------------------------------------------------ the stack */

typedef struct frame {
  uint32_t node, ret;
} frame;

typedef struct stack {
  frame *f;
  size_t len, cap;
} stack;

static int push(stack *s, uint32_t node, uint32_t ret) {
  if (s->len == s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 256;
    frame *f = realloc(s->f, cap * sizeof *f);
    if (!f)
      return -1;
    s->f = f;
    s->cap = cap;
  }
  s->f[s->len++] = (frame){node, ret};
  return 0;
}

/* The innermost frame returning to `to`, as a count of frames to keep; -1: none. */
static ptrdiff_t match(const stack *s, uint32_t to) {
  for (size_t i = s->len; i-- > 0;)
    if (s->f[i].ret == to)
      return (ptrdiff_t)i;
  return -1;
}

/* 1 when context x has made a call returning to `to`. */
static int returns_to(const cct *t, uint32_t x, uint32_t to) {
  for (uint32_t c = t->n[x].first_child; c; c = t->n[c].next_sibling)
    if (t->n[c].ret == to)
      return 1;
  return 0;
}

/* A non-local jump to `to` (CCT_JUMP): the frames to keep, or -1 to keep all.
 * It unwinds to the innermost context (a frame's, or `base` under them) that
 * has made a call returning to `to` -- unless that context is of the function
 * running now (a jump inside a recursive function to a label that is also one
 * of its return points is not a longjmp). */
static ptrdiff_t unwind(const cct *t, const stack *s, uint32_t base, uint32_t to) {
  if (!s->len)
    return -1;
  uint32_t now = t->n[s->f[s->len - 1].node].callee;
  for (size_t i = s->len;; i--) {
    uint32_t x = i ? s->f[i - 1].node : base; /* the context under frame i */
    if (returns_to(t, x, to))
      return i < s->len && t->n[x].callee != now ? (ptrdiff_t)i : -1;
    if (!i)
      return -1;
  }
}

/* ------------------------------------------------------------ sequential */

/* Runs packets [from, to) on tree t with stack s; `base` is the context under
 * the stack (the root).  -1 when out of memory. */
static int run(cct *t, stack *s, uint32_t base, const cct_packet *p, size_t from, size_t to) {
  for (size_t i = from; i < to; i++) {
    uint32_t cur = s->len ? s->f[s->len - 1].node : base;
    t->n[cur].self_blocks += p[i].blocks;
    t->n[cur].self_insns += p[i].insns;
    if (p[i].kind == CCT_CALL) {
      uint32_t c = child(t, cur, p[i].site, p[i].target, p[i].ret);
      if (!c || push(s, c, p[i].ret) < 0)
        return -1;
      t->n[c].calls++;
    } else if (p[i].kind == CCT_RET) {
      ptrdiff_t k = match(s, p[i].target);
      if (k < 0)
        t->unmatched_returns++;
      else
        s->len = (size_t)k;
    } else if (p[i].kind == CCT_JUMP) {
      ptrdiff_t k = unwind(t, s, base, p[i].target);
      if (k >= 0) {
        s->len = (size_t)k;
        t->unwinds++;
      }
    }
  }
  t->packets += to - from;
  return 0;
}

int cct_build(cct *t, const cct_packet *p, size_t n) {
  stack s = {0};
  int rc = run(t, &s, 0, p, 0, n);
  free(s.f);
  return rc;
}

/* ------------------------------------------------------------ parallel */

/* One chunk's partial tree: segment 0's root (node 0) is the context the chunk
 * starts in; each return its own frames could not match while it had none open
 * is an up step, whose segment root is the context that return reaches.  A
 * return that matches none of its frames while some are open cannot be placed
 * without the real stack: the chunk stops there (stop < its end) and the merge
 * runs the rest. */
typedef struct partial {
  cct t;
  stack s;        /* the frames open at the chunk's end (or stop) */
  uint32_t *up;   /* per up step: the address returned to */
  uint32_t *root; /* ... and its segment root */
  size_t nup, upcap;
  size_t from, to, stop;
  int failed;
} partial;

static int add_up(partial *w, uint32_t to, uint32_t root) {
  if (w->nup == w->upcap) {
    size_t cap = w->upcap ? 2 * w->upcap : 16;
    uint32_t *a = realloc(w->up, cap * sizeof *a),
             *b = a ? realloc(w->root, cap * sizeof *b) : NULL;
    if (a)
      w->up = a;
    if (!a || !b)
      return -1;
    w->root = b;
    w->upcap = cap;
  }
  w->up[w->nup] = to;
  w->root[w->nup++] = root;
  return 0;
}

static void chunk(partial *w, const cct_packet *p) {
  cct *t = &w->t;
  uint32_t seg = 0; /* the current segment's root */
  w->stop = w->to;
  for (size_t i = w->from; i < w->to; i++) {
    uint32_t cur = w->s.len ? w->s.f[w->s.len - 1].node : seg;
    t->n[cur].self_blocks += p[i].blocks;
    t->n[cur].self_insns += p[i].insns;
    if (p[i].kind == CCT_CALL) {
      uint32_t c = child(t, cur, p[i].site, p[i].target, p[i].ret);
      if (!c || push(&w->s, c, p[i].ret) < 0)
        goto oom;
      t->n[c].calls++;
      continue;
    }
    if (p[i].kind == CCT_JUMP) {
      /* A jump to a return point of the context it is in stays there; any other
       * needs every frame's context (unwind): the merge runs it. */
      if (w->s.len && returns_to(t, cur, p[i].target))
        continue;
      goto stop;
    }
    if (p[i].kind != CCT_RET)
      continue;
    ptrdiff_t k = match(&w->s, p[i].target);
    if (k >= 0)
      w->s.len = (size_t)k;
    else if (w->s.len)
      goto stop;
    else if (!(seg = new_node(t, 0, 0, 0, 0, 1)) || add_up(w, p[i].target, seg) < 0)
      goto oom;
    continue;
  stop:
    t->n[cur].self_blocks -= p[i].blocks; /* the merge runs this packet again */
    t->n[cur].self_insns -= p[i].insns;
    w->stop = i;
    return;
  }
  return;
oom:
  w->failed = 1;
}

typedef struct pool {
  partial *w;
  size_t nchunks;
  const cct_packet *p;
  size_t next; /* the next chunk to take (atomic) */
} pool;

static void *worker(void *v) {
  pool *q = v;
  for (;;) {
    size_t k = __atomic_fetch_add(&q->next, 1, __ATOMIC_RELAXED);
    if (k >= q->nchunks)
      return NULL;
    chunk(&q->w[k], q->p);
  }
}

/* Adds local node lroot's subtree under global node groot; map[local] = global.
 * -1 when out of memory. */
static int graft(cct *g, const cct *l, uint32_t lroot, uint32_t groot, uint32_t *map) {
  uint32_t *todo = malloc(l->len * sizeof *todo);
  size_t n = 0;
  if (!todo)
    return -1;
  map[lroot] = groot;
  todo[n++] = lroot;
  while (n) {
    uint32_t x = todo[--n], gx = map[x];
    g->n[gx].self_blocks += l->n[x].self_blocks;
    g->n[gx].self_insns += l->n[x].self_insns;
    if (x != lroot)
      g->n[gx].calls += l->n[x].calls;
    for (uint32_t c = l->n[x].first_child; c; c = l->n[c].next_sibling) {
      uint32_t gc = child(g, gx, l->n[c].site, l->n[c].callee, l->n[c].ret);
      if (!gc) {
        free(todo);
        return -1;
      }
      map[c] = gc;
      todo[n++] = c;
    }
  }
  free(todo);
  return 0;
}

/* Merges chunk w onto the global tree g and its stack s. */
static int merge(cct *g, stack *s, const partial *w, const cct_packet *p) {
  uint32_t *map = malloc(w->t.len * sizeof *map);
  if (!map)
    return -1;
  int rc = graft(g, &w->t, 0, s->len ? s->f[s->len - 1].node : 0, map);
  for (size_t j = 0; rc == 0 && j < w->nup; j++) {
    ptrdiff_t k = match(s, w->up[j]); /* the up step, on the real stack */
    if (k < 0)
      g->unmatched_returns++;
    else
      s->len = (size_t)k;
    rc = graft(g, &w->t, w->root[j], s->len ? s->f[s->len - 1].node : 0, map);
  }
  for (size_t i = 0; rc == 0 && i < w->s.len; i++)
    rc = push(s, map[w->s.f[i].node], w->s.f[i].ret);
  g->packets += w->stop - w->from;
  g->unmatched_returns += w->t.unmatched_returns;
  g->unwinds += w->t.unwinds;
  free(map);
  if (rc == 0 && w->stop < w->to) /* the rest of the chunk, on the real stack */
    rc = run(g, s, 0, p, w->stop, w->to);
  return rc;
}

int cct_build_parallel(cct *t, const cct_packet *p, size_t n, unsigned threads, size_t chunk_len) {
  if (!chunk_len)
    chunk_len = 1;
  if (!threads)
    threads = 1;
  pool q = {NULL, (n + chunk_len - 1) / chunk_len, p, 0};
  if (!(q.w = calloc(q.nchunks ? q.nchunks : 1, sizeof *q.w)))
    return -1;
  int rc = 0;
  for (size_t k = 0; k < q.nchunks; k++) {
    q.w[k].from = k * chunk_len;
    q.w[k].to = k * chunk_len + chunk_len < n ? k * chunk_len + chunk_len : n;
    if (init_cap(&q.w[k].t, 16) < 0) /* most chunks' trees are small */
      rc = -1;
  }
  pthread_t *tid = calloc(threads, sizeof *tid);
  unsigned started = 0;
  if (rc == 0 && tid)
    for (; started < threads - 1; started++)
      if (pthread_create(&tid[started], NULL, worker, &q) != 0)
        break;
  if (rc == 0)
    worker(&q); /* this thread works too */
  for (unsigned i = 0; i < started; i++)
    pthread_join(tid[i], NULL);
  free(tid);
  stack s = {0};
  for (size_t k = 0; k < q.nchunks; k++) {
    if (rc == 0 && (q.w[k].failed || merge(t, &s, &q.w[k], p) < 0))
      rc = -1;
    cct_free(&q.w[k].t);
    free(q.w[k].s.f);
    free(q.w[k].up);
    free(q.w[k].root);
  }
  free(s.f);
  free(q.w);
  return rc;
}

/* ------------------------------------------------------------ results */

int cct_by_function(const cct *t, cct *out, uint32_t max_depth) {
  /* Parents come before their children: one pass maps each context to its chain. */
  if (init_cap(out, 1024) < 0)
    return -1;
  uint32_t *map = malloc(t->len * sizeof *map),
           *depth = malloc(t->len * sizeof *depth); /* by out's node: t->len at most */
  if (!map || !depth)
    goto oom;
  map[0] = 0;
  depth[0] = 0;
  out->n[0].self_blocks = t->n[0].self_blocks;
  out->n[0].self_insns = t->n[0].self_insns;
  for (size_t i = 1; i < t->len; i++) {
    const cct_node *x = &t->n[i];
    uint32_t up = map[x->parent], m = up;
    if (out->n[up].callee != CCT_DEEPER) {
      uint32_t callee = depth[up] + 1 < max_depth ? x->callee : CCT_DEEPER;
      size_t len = out->len;
      if (!(m = child(out, up, 0, callee, 0)))
        goto oom;
      if (out->len > len)
        depth[m] = depth[up] + 1;
    }
    map[i] = m;
    out->n[m].calls += x->calls;
    out->n[m].self_blocks += x->self_blocks;
    out->n[m].self_insns += x->self_insns;
  }
  out->packets = t->packets;
  out->unmatched_returns = t->unmatched_returns;
  free(map);
  free(depth);
  cct_finish(out);
  return 0;
oom:
  free(map);
  free(depth);
  cct_free(out);
  return -1;
}

/* Functions on the current path: callee -> frames, open addressing (0: free). */
typedef struct onpath {
  uint32_t *key, *frames;
  size_t cap;
} onpath;

static uint32_t *frames_of(onpath *o, uint32_t callee) {
  size_t s = (size_t)((callee * 0x9E3779B1u) >> 7) & (o->cap - 1);
  while (o->key[s] && o->key[s] != callee)
    s = (s + 1) & (o->cap - 1);
  o->key[s] = callee;
  return &o->frames[s];
}

typedef struct fnwalk {
  const cct *t;
  onpath on;
  uint32_t *path; /* the callees from the root's child down to the last node */
  size_t len;
  cct_function *fn; /* results, indexed like on */
} fnwalk;

static int add_function(void *ctx, const cct_node *x, uint32_t depth) {
  fnwalk *w = ctx;
  for (; w->len >= depth && w->len; w->len--) /* leave the contexts the walk left */
    --*frames_of(&w->on, w->path[w->len - 1]);
  if (!depth)
    return 0;
  uint32_t *k = frames_of(&w->on, x->callee);
  cct_function *f = &w->fn[k - w->on.frames];
  f->addr = x->callee;
  f->calls += x->calls;
  if (!*k) /* an outermost frame of it: recursion is counted once */
    f->incl_insns += x->incl_insns;
  ++*k;
  w->path[w->len++] = x->callee;
  return 0;
}

static int by_addr(const void *a, const void *b) {
  const cct_function *x = a, *y = b;
  return (x->addr > y->addr) - (x->addr < y->addr);
}

cct_function *cct_functions(const cct *t, size_t *n) {
  fnwalk w = {t, {0}, NULL, 0, NULL};
  size_t cap = 16;
  while (cap < 2 * t->len)
    cap *= 2;
  w.on.cap = cap;
  w.on.key = calloc(cap, sizeof *w.on.key);
  w.on.frames = calloc(cap, sizeof *w.on.frames);
  w.path = malloc(t->len * sizeof *w.path);
  w.fn = calloc(cap, sizeof *w.fn);
  int ok = w.on.key && w.on.frames && w.path && w.fn && cct_walk(t, add_function, &w) == 0;
  *n = 0;
  if (ok) /* packed and sorted by address */
    for (size_t s = 0; s < cap; s++)
      if (w.on.key[s])
        w.fn[(*n)++] = w.fn[s];
  free(w.on.key);
  free(w.on.frames);
  free(w.path);
  if (!ok) {
    free(w.fn);
    return NULL;
  }
  qsort(w.fn, *n, sizeof *w.fn, by_addr);
  return w.fn;
}

void cct_finish(cct *t) {
  /* Children are always made after their parents: one pass from the end sums. */
  for (size_t i = 0; i < t->len; i++) {
    t->n[i].incl_blocks = t->n[i].self_blocks;
    t->n[i].incl_insns = t->n[i].self_insns;
  }
  t->max_depth = 0;
  for (size_t i = t->len; i-- > 1;) {
    cct_node *x = &t->n[i], *up = &t->n[x->parent];
    up->incl_blocks += x->incl_blocks;
    up->incl_insns += x->incl_insns;
  }
  uint32_t *depth = calloc(t->len, sizeof *depth);
  if (!depth)
    return;
  for (size_t i = 1; i < t->len; i++) {
    depth[i] = depth[t->n[i].parent] + 1;
    if (depth[i] > t->max_depth)
      t->max_depth = depth[i];
  }
  free(depth);
}

static int by_call(const void *a, const void *b, void *ctx) {
  const cct_node *n = ctx, *x = &n[*(const uint32_t *)a], *y = &n[*(const uint32_t *)b];
  if (x->site != y->site)
    return x->site < y->site ? -1 : 1;
  return x->callee < y->callee ? -1 : x->callee > y->callee;
}

int cct_walk(const cct *t, int (*fn)(void *ctx, const cct_node *x, uint32_t depth), void *ctx) {
  uint32_t *todo = malloc(2 * t->len * sizeof *todo), *kids = malloc(t->len * sizeof *kids);
  size_t n = 0;
  int rc = -1;
  if (!todo || !kids)
    goto out;
  todo[n++] = 0;
  todo[n++] = 0;
  rc = 0;
  while (n && !rc) {
    uint32_t depth = todo[--n], x = todo[--n], k = 0;
    rc = fn(ctx, &t->n[x], depth);
    for (uint32_t c = t->n[x].first_child; c; c = t->n[c].next_sibling)
      kids[k++] = c;
    qsort_r(kids, k, sizeof *kids, by_call, t->n);
    while (k--) { /* pushed in reverse: popped in order */
      todo[n++] = kids[k];
      todo[n++] = depth + 1;
    }
  }
out:
  free(todo);
  free(kids);
  return rc;
}

typedef struct canon {
  uint64_t *v;
  size_t len;
} canon;

static int add_canon(void *ctx, const cct_node *x, uint32_t depth) {
  canon *c = ctx;
  uint64_t *v = c->v + 5 * c->len++;
  v[0] = depth;
  v[1] = (uint64_t)x->site << 32 | x->callee;
  v[2] = x->calls;
  v[3] = x->self_blocks;
  v[4] = x->self_insns;
  return 0;
}

int cct_equal(const cct *a, const cct *b) {
  if (a->len != b->len || a->unmatched_returns != b->unmatched_returns ||
      a->unwinds != b->unwinds || a->packets != b->packets)
    return 0;
  canon ca = {malloc(5 * a->len * sizeof(uint64_t)), 0},
        cb = {malloc(5 * b->len * sizeof(uint64_t)), 0};
  int eq = ca.v && cb.v && cct_walk(a, add_canon, &ca) == 0 && cct_walk(b, add_canon, &cb) == 0 &&
           !memcmp(ca.v, cb.v, 5 * a->len * sizeof(uint64_t));
  free(ca.v);
  free(cb.v);
  return eq;
}

static int dump_one(void *ctx, const cct_node *x, uint32_t depth) {
  fprintf(ctx, "%u %#x %#x %llu %llu %llu\n", depth, x->site, x->callee,
          (unsigned long long)x->calls, (unsigned long long)x->self_insns,
          (unsigned long long)x->incl_insns);
  return 0;
}

void cct_dump(const cct *t, FILE *f) {
  cct_walk(t, dump_one, f);
}
