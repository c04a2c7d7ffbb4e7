/*
 * callctx.c - calling contexts at their limits, for the calling-context tree
 * (hwprof run --cct): a recursion 100,000 calls deep, a mutual recursion 3,000
 * deep (longer than the folded file's 1,000-frame chains), the same function
 * reached through different call sites and through a function pointer, tail
 * calls, a longjmp out of 500 frames, and the exit itself made 200 frames deep
 * (exit() from inside a recursion: the tree ends with its frames open).
 * Prints results.  Exit status 0.
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

static volatile unsigned sink;

/* Non-tail recursion (the volatile access after the call keeps it a call). */
static __attribute__((noinline)) unsigned down(unsigned n) {
  if (n == 0)
    return sink;
  unsigned r = down(n - 1);
  sink = r;
  return sink + (n & 7);
}

static unsigned ping(unsigned n);
static __attribute__((noinline)) unsigned pong(unsigned n) {
  unsigned r = n ? ping(n - 1) : 1;
  sink = r;
  return sink * 3 + 1;
}
static __attribute__((noinline)) unsigned ping(unsigned n) {
  unsigned r = n ? pong(n - 1) : 2;
  sink = r;
  return sink ^ n;
}

/* One leaf, three ways in. */
static __attribute__((noinline)) unsigned leaf(unsigned x) {
  for (unsigned i = 0; i < 8; i++)
    x = x * 33 + i;
  return x;
}
static __attribute__((noinline)) unsigned via_a(unsigned x) {
  return leaf(x) + 1 + (sink = x);
}
static __attribute__((noinline)) unsigned via_b(unsigned x) {
  return leaf(x + 1) + 2 + (sink = x);
}
static unsigned (*volatile through)(unsigned) = leaf;

/* A tail call: at -O2 a jump, no call (its costs stay in the caller's context). */
static __attribute__((noinline)) unsigned tail(unsigned x) {
  return leaf(x ^ 0x55);
}

static jmp_buf escape;
static __attribute__((noinline)) unsigned dive(unsigned n) {
  if (n == 0)
    longjmp(escape, 7);
  unsigned r = dive(n - 1);
  sink = r;
  return sink + 1;
}

static __attribute__((noinline)) void finish(unsigned n, unsigned total) {
  if (n == 0) {
    printf("total %u\n", total);
    fflush(stdout);
    exit(0); /* 200 frames deep */
  }
  finish(n - 1, total + (sink = n));
  sink = total;
}

int main(void) {
  unsigned total = 0, r;
  r = down(100000);
  printf("down(100000) = %u\n", r);
  total += r;
  r = ping(3000);
  printf("ping(3000) = %u\n", r);
  total += r;
  r = 0;
  for (unsigned i = 0; i < 1000; i++)
    r += via_a(i) + via_b(i) + through(i) + tail(i);
  printf("leaves = %u\n", r);
  total += r;
  int v = setjmp(escape);
  if (!v)
    dive(500);
  printf("longjmp returned %d\n", v);
  total += (unsigned)v;
  finish(200, total);
  return 1; /* not reached */
}
