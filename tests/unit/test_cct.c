/*
 * test_cct.c - calling-context trees (cct/cct.c): hand-worked trees (calls,
 * recursion 100,000 deep, tail calls, longjmp, exit from deep frames, a return
 * that matches nothing, glibc's longjmp as an indirect jump, a switch in a
 * recursive function jumping to a return point), the parallel builder against
 * the sequential one on those and on random streams, over chunk sizes and thread
 * counts, and the views: chains of functions (cut at a depth) and per-function
 * inclusive counts with recursion counted once.
 */
#include <stdlib.h>
#include <string.h>

#include "cct.h"
#include "check.h"

CHECK_LABEL("");

typedef struct stream {
  cct_packet *p;
  size_t n, cap;
} stream;

static void emit(stream *s, uint32_t kind, uint32_t site, uint32_t target, uint32_t ret,
                 uint32_t insns) {
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 1024;
    s->p = realloc(s->p, s->cap * sizeof *s->p);
  }
  s->p[s->n++] = (cct_packet){kind, site, target, ret, insns ? 1 : 0, insns};
}
/* A call from the block at site to callee (the return address site + 8), after
 * `insns` instructions in the caller's context. */
static void call(stream *s, uint32_t site, uint32_t callee, uint32_t insns) {
  emit(s, CCT_CALL, site, callee, site + 8, insns);
}
static void ret(stream *s, uint32_t from, uint32_t to, uint32_t insns) {
  emit(s, CCT_RET, from, to, 0, insns);
}
static void jump(stream *s, uint32_t from, uint32_t to, uint32_t insns) {
  emit(s, CCT_JUMP, from, to, 0, insns);
}

/* The node reached from the root by the calls (site, callee)..., or NULL. */
static const cct_node *at(const cct *t, int depth, const uint32_t *path) {
  uint32_t x = 0;
  for (int d = 0; d < depth; d++) {
    uint32_t c = t->n[x].first_child;
    while (c && !(t->n[c].site == path[2 * d] && t->n[c].callee == path[2 * d + 1]))
      c = t->n[c].next_sibling;
    if (!c)
      return NULL;
    x = c;
  }
  return &t->n[x];
}

/* The parallel builder gives the sequential builder's tree, over chunk sizes
 * and thread counts. */
static void check_parallel(const stream *s, const cct *seq) {
  static const size_t chunks[] = {1, 2, 3, 7, 64, 1000, 65536};
  static const unsigned threads[] = {1, 2, 4};
  for (size_t i = 0; i < sizeof chunks / sizeof *chunks; i++)
    for (size_t j = 0; j < sizeof threads / sizeof *threads; j++) {
      cct par;
      if (cct_init(&par) < 0 || cct_build_parallel(&par, s->p, s->n, threads[j], chunks[i]) < 0) {
        CHECK(0, "out of memory");
        return;
      }
      CHECK(cct_equal(seq, &par), "chunk %zu, %u threads: %zu nodes against %zu", chunks[i],
            threads[j], par.len, seq->len);
      cct_free(&par);
    }
}

static void build(const stream *s, cct *t) {
  cct_init(t);
  cct_build(t, s->p, s->n);
  cct_finish(t);
}

/* main calls f from two sites and g from one; f calls h. */
static void test_calls(void) {
  stream s = {0};
  call(&s, 0x400100, 0x400800, 5); /* main -> f (site 1) */
  call(&s, 0x400810, 0x400900, 3); /* f -> h */
  ret(&s, 0x400900, 0x400818, 2);
  ret(&s, 0x400820, 0x400108, 4);
  call(&s, 0x400200, 0x400800, 1); /* main -> f (site 2) */
  ret(&s, 0x400820, 0x400208, 6);
  call(&s, 0x400100, 0x400800, 1); /* main -> f (site 1) again */
  ret(&s, 0x400820, 0x400108, 6);
  call(&s, 0x400300, 0x400a00, 1); /* main -> g */
  ret(&s, 0x400a00, 0x400308, 7);
  ret(&s, 0x400390, 0x4ff000, 2); /* main's own return: matches no frame */
  cct t;
  build(&s, &t);
  CHECK_EQ(t.len, 5);
  uint32_t f1[] = {0x400100, 0x400800}, f1h[] = {0x400100, 0x400800, 0x400810, 0x400900},
           f2[] = {0x400200, 0x400800}, g[] = {0x400300, 0x400a00};
  const cct_node *a = at(&t, 1, f1), *ah = at(&t, 2, f1h), *b = at(&t, 1, f2), *c = at(&t, 1, g);
  REQUIRE(a && ah && b && c, "the contexts");
  CHECK_EQ(a->calls, 2);
  CHECK_EQ(a->self_insns, 3 + 4 + 6);
  CHECK_EQ(ah->self_insns, 2);
  CHECK_EQ(a->incl_insns, 15);
  CHECK_EQ(b->self_insns, 6);
  CHECK_EQ(c->self_insns, 7);
  CHECK_EQ(t.n[0].self_insns, 5 + 1 + 1 + 1 + 2);
  CHECK_EQ(t.n[0].incl_insns, 38);
  CHECK_EQ(t.unmatched_returns, 1);
  CHECK_EQ(t.max_depth, 2);
  check_parallel(&s, &t);
  cct_free(&t);
  free(s.p);
}

/* A function recursing 100,000 deep from one call site, then unwinding. */
static void test_deep_recursion(void) {
  const uint32_t depth = 100000;
  stream s = {0};
  call(&s, 0x400100, 0x401000, 1);
  for (uint32_t i = 1; i < depth; i++)
    call(&s, 0x401010, 0x401000, 2);
  for (uint32_t i = 1; i < depth; i++)
    ret(&s, 0x401020, 0x401018, 3);
  ret(&s, 0x401020, 0x400108, 3);
  cct t;
  build(&s, &t);
  CHECK_EQ(t.len, depth + 1);
  CHECK_EQ(t.max_depth, depth);
  CHECK_EQ(t.unmatched_returns, 0);
  CHECK_EQ(t.n[0].incl_insns, 1 + 2ull * (depth - 1) + 3ull * depth);
  uint32_t first[] = {0x400100, 0x401000};
  const cct_node *f = at(&t, 1, first);
  REQUIRE(f, "the first context");
  CHECK_EQ(f->incl_insns, 2ull * (depth - 1) + 3ull * depth);
  check_parallel(&s, &t);
  cct_free(&t);
  free(s.p);
}

/* f tail-calls g (a jump: no packet): g's instructions are f's context's, and
 * g's return pops f's frame. */
static void test_tail_call(void) {
  stream s = {0};
  call(&s, 0x400100, 0x400800, 1);
  ret(&s, 0x400900, 0x400108, 4 + 6); /* f's 4, then g's 6, in f's context */
  call(&s, 0x400200, 0x400a00, 1);
  ret(&s, 0x400a10, 0x400208, 1);
  cct t;
  build(&s, &t);
  uint32_t f[] = {0x400100, 0x400800};
  const cct_node *x = at(&t, 1, f);
  REQUIRE(x, "f's context");
  CHECK_EQ(x->self_insns, 10);
  CHECK_EQ(t.len, 3);
  CHECK_EQ(t.unmatched_returns, 0);
  check_parallel(&s, &t);
  cct_free(&t);
  free(s.p);
}

/* setjmp in a, longjmp from d (a -> b -> c -> d): the return to setjmp's return
 * address in a's caller... here, to b's return address, pops d, c and b. */
static void test_longjmp(void) {
  stream s = {0};
  call(&s, 0x400100, 0x400a00, 1); /* main -> a, returns to 0x400108 */
  call(&s, 0x400a10, 0x400b00, 1); /* a -> b, returns to 0x400a18 */
  call(&s, 0x400b10, 0x400c00, 1); /* b -> c */
  call(&s, 0x400c10, 0x400d00, 1); /* c -> d */
  ret(&s, 0x400d40, 0x400a18, 2);  /* longjmp: lands where b returns to, in a */
  call(&s, 0x400a40, 0x400e00, 5); /* a goes on: a -> e */
  ret(&s, 0x400e10, 0x400a48, 1);
  ret(&s, 0x400a80, 0x400108, 1);
  cct t;
  build(&s, &t);
  uint32_t a[] = {0x400100, 0x400a00}, ae[] = {0x400100, 0x400a00, 0x400a40, 0x400e00};
  const cct_node *x = at(&t, 1, a), *e = at(&t, 2, ae);
  REQUIRE(x && e, "a's and e's contexts");
  CHECK_EQ(x->self_insns, 1 + 5 + 1);
  CHECK_EQ(e->self_insns, 1);
  CHECK_EQ(t.unmatched_returns, 0);
  CHECK_EQ(t.max_depth, 4);
  check_parallel(&s, &t);
  cct_free(&t);
  free(s.p);
}

/* glibc's longjmp: a -> setjmp (returns to 0x400a18), a -> b -> c -> longjmp ->
 * __longjmp, whose `jr $t9` jumps to 0x400a18: back in a, four frames unwound. */
static void test_longjmp_jump(void) {
  stream s = {0};
  call(&s, 0x400100, 0x400a00, 1); /* main -> a */
  call(&s, 0x400a10, 0x401000, 1); /* a -> setjmp, returns to 0x400a18 */
  ret(&s, 0x401010, 0x400a18, 3);
  call(&s, 0x400a20, 0x400b00, 1); /* a -> b */
  call(&s, 0x400b10, 0x400c00, 1); /* b -> c */
  call(&s, 0x400c10, 0x401100, 1); /* c -> longjmp */
  call(&s, 0x401110, 0x401200, 1); /* longjmp -> __longjmp */
  jump(&s, 0x401240, 0x400a18, 4); /* jr $t9 */
  call(&s, 0x400a40, 0x400e00, 5); /* a goes on: a -> e */
  ret(&s, 0x400e10, 0x400a48, 1);
  ret(&s, 0x400a80, 0x400108, 1);
  cct t;
  build(&s, &t);
  uint32_t a[] = {0x400100, 0x400a00}, ae[] = {0x400100, 0x400a00, 0x400a40, 0x400e00};
  const cct_node *x = at(&t, 1, a), *e = at(&t, 2, ae);
  REQUIRE(x && e, "a's and e's contexts: e called from a");
  CHECK_EQ(x->self_insns, 1 + 1 + 5 + 1);
  CHECK_EQ(e->self_insns, 1);
  CHECK_EQ(t.unwinds, 1);
  CHECK_EQ(t.unmatched_returns, 0);
  CHECK_EQ(t.max_depth, 5);
  check_parallel(&s, &t);
  cct_free(&t);
  free(s.p);
}

/* A recursive f (called at 0x400510, returning to 0x400518) whose switch jumps
 * to 0x400518, a label that is also its own call's return point: no longjmp,
 * in the outer activation (a return point of its own context) or in the inner
 * one (a return point of the outer f's context, but f is running). */
static void test_jump_not_longjmp(void) {
  stream s = {0};
  call(&s, 0x400100, 0x400500, 1); /* main -> f */
  call(&s, 0x400510, 0x400500, 2); /* f -> f, returns to 0x400518 */
  jump(&s, 0x400530, 0x400518, 3); /* inner f: switch to 0x400518 */
  call(&s, 0x400510, 0x400500, 2); /* inner f -> f */
  ret(&s, 0x400540, 0x400518, 1);
  ret(&s, 0x400540, 0x400518, 1);
  jump(&s, 0x400530, 0x400518, 1); /* outer f: its own return point */
  ret(&s, 0x400540, 0x400108, 1);
  cct t;
  build(&s, &t);
  CHECK_EQ(t.unwinds, 0);
  CHECK_EQ(t.max_depth, 3);
  CHECK_EQ(t.unmatched_returns, 0);
  uint32_t fff[] = {0x400100, 0x400500, 0x400510, 0x400500, 0x400510, 0x400500};
  const cct_node *x = at(&t, 3, fff);
  REQUIRE(x, "f's third level");
  CHECK_EQ(x->self_insns, 1);
  check_parallel(&s, &t);
  cct_free(&t);
  free(s.p);
}

/* The views: f recursing 3000 deep under main, g called from f at two sites. */
static void test_views(void) {
  stream s = {0};
  call(&s, 0x400100, 0x400500, 1); /* main -> f */
  for (int i = 0; i < 2999; i++)
    call(&s, 0x400510, 0x400500, 2);
  call(&s, 0x400520, 0x400600, 3); /* f -> g at two sites */
  ret(&s, 0x400610, 0x400528, 4);
  call(&s, 0x400530, 0x400600, 5);
  ret(&s, 0x400610, 0x400538, 4);
  for (int i = 0; i < 2999; i++)
    ret(&s, 0x400540, 0x400518, 1);
  ret(&s, 0x400540, 0x400108, 1);
  cct t, byfn;
  build(&s, &t);
  REQUIRE(cct_by_function(&t, &byfn, 1000) == 0, "out of memory");
  CHECK_EQ(byfn.n[0].incl_insns, t.n[0].incl_insns);
  CHECK_EQ(byfn.max_depth, 1000);  /* f x 999, then [deeper calls] */
  CHECK_EQ(byfn.len, 1 + 999 + 1); /* g merged: one chain for both sites */
  const cct_node *deeper = &byfn.n[byfn.len - 1];
  CHECK_EQ(deeper->callee, CCT_DEEPER);
  CHECK_EQ(deeper->self_insns, t.n[0].incl_insns - 1 - 3 * 999); /* levels 1..999: 3 each */
  cct_free(&byfn);
  size_t n;
  cct_function *fn = cct_functions(&t, &n);
  REQUIRE(fn && n == 2, "two functions");
  CHECK_EQ(fn[0].addr, 0x400500);
  CHECK_EQ(fn[0].calls, 3000);
  CHECK_EQ(fn[0].incl_insns, t.n[0].incl_insns - 1); /* recursion counted once */
  CHECK_EQ(fn[1].addr, 0x400600);
  CHECK_EQ(fn[1].calls, 2);
  CHECK_EQ(fn[1].incl_insns, 8);
  free(fn);
  cct_free(&t);
  free(s.p);
}

/* exit() from 50 frames deep: the stream ends with them open, and with the cost
 * since the last call (CCT_COST). */
static void test_exit_deep(void) {
  stream s = {0};
  for (uint32_t i = 0; i < 50; i++)
    call(&s, 0x400100 + 0x100 * i, 0x400200 + 0x100 * i, 2);
  emit(&s, CCT_CALL, 0x500000, 0x500100, 0x500008, 7); /* exit's last call */
  emit(&s, CCT_COST, 0, 0, 0, 9);
  cct t;
  build(&s, &t);
  CHECK_EQ(t.max_depth, 51);
  CHECK_EQ(t.n[0].incl_insns, 50 * 2 + 7 + 9);
  uint32_t exit_path[2 * 51];
  for (uint32_t i = 0; i < 50; i++)
    exit_path[2 * i] = 0x400100 + 0x100 * i, exit_path[2 * i + 1] = 0x400200 + 0x100 * i;
  exit_path[100] = 0x500000, exit_path[101] = 0x500100;
  const cct_node *x = at(&t, 51, exit_path);
  REQUIRE(x, "exit's context");
  CHECK_EQ(x->self_insns, 9);
  check_parallel(&s, &t);
  cct_free(&t);
  free(s.p);
}

/* Random streams: calls from a few sites to a few functions, returns to the
 * caller, longjmps to an outer frame, and returns that match nothing. */
static void test_random_streams(void) {
  for (unsigned seed = 1; seed <= 20; seed++) {
    srand(seed);
    stream s = {0};
    uint32_t rets[4096];
    size_t depth = 0, total = 0;
    for (int i = 0; i < 20000; i++) {
      uint32_t insns = (uint32_t)(rand() % 20), r = (uint32_t)rand() % 100;
      total += insns;
      if ((r < 50 || depth == 0) && depth < 4096) {
        uint32_t site = 0x400000 + 0x10 * (uint32_t)(rand() % 8);
        call(&s, site, 0x410000 + 0x100 * (uint32_t)(rand() % 6), insns);
        rets[depth++] = site + 8;
      } else if (r < 92) {
        ret(&s, 0x420000, rets[--depth], insns);
      } else if (r < 95) {
        size_t k = (size_t)rand() % depth; /* longjmp to frame k's caller */
        ret(&s, 0x430000, rets[k], insns);
        depth = k;
      } else if (r < 97) {
        /* an indirect jump to some return point: a longjmp or nothing */
        jump(&s, 0x450000, 0x400008 + 0x10 * (uint32_t)(rand() % 8), insns);
      } else {
        ret(&s, 0x440000, 0x7ffff0, insns); /* matches nothing */
      }
    }
    cct t;
    build(&s, &t);
    char ctx[32];
    snprintf(ctx, sizeof ctx, "(seed %u)", seed);
    check_context = ctx;
    CHECK_EQ(t.n[0].incl_insns, total);
    CHECK_EQ(t.packets, s.n);
    check_parallel(&s, &t);
    check_context = NULL;
    cct_free(&t);
    free(s.p);
  }
}

int main(void) {
  RUN(test_calls);
  RUN(test_deep_recursion);
  RUN(test_tail_call);
  RUN(test_longjmp);
  RUN(test_longjmp_jump);
  RUN(test_jump_not_longjmp);
  RUN(test_views);
  RUN(test_exit_deep);
  RUN(test_random_streams);
  return check_failed_tests ? 1 : 0;
}
