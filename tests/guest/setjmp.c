/*
 * setjmp.c - setjmp/longjmp: across several frames, nested jmp_bufs, the
 * value passed (including longjmp(env, 0), which setjmp returns as 1),
 * volatile locals surviving the jump, unmodified locals and arguments kept,
 * repeated jumps to one buffer in a loop, and sigsetjmp/siglongjmp (with and
 * without the signal mask).  Exit status 0.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

static jmp_buf outer, inner;
static int depth_reached;

/* Recurse to the given depth, then jump out with the given value. */
static __attribute__((noinline)) int dive(jmp_buf env, int depth, int target, int val) {
  volatile char pad[64]; /* a real frame in every activation */
  memset((char *)pad, depth, sizeof pad);
  depth_reached = depth;
  if (depth > 1000)
    return 0;
  if (depth == target)
    longjmp(env, val);
  return dive(env, depth + 1, target, val) + pad[depth % 64];
}

static __attribute__((noinline)) void level3(int v) {
  if (v & 1)
    longjmp(inner, v);
  longjmp(outer, v);
}

static __attribute__((noinline)) void level2(int v) {
  level3(v + 1);
  printf("not reached\n");
}

static __attribute__((noinline)) int nested(int v) {
  volatile int stage = 0;
  int r = setjmp(inner);
  if (r != 0) {
    printf("  inner caught %d at stage %d\n", r, stage);
    stage = 2;
    level2(r + 2); /* r+3 is even when r is odd: goes to outer */
    return -1;
  }
  stage = 1;
  level2(v);
  return -2;
}

/* Jumps back with FPU work in flight (glibc's setjmp/longjmp save and restore
 * $s0-$s8, $gp, $sp, $ra and the o32 callee-saved FPU registers $f20-$f30). */
static __attribute__((noinline)) double fp_work(jmp_buf env, double x) {
  volatile double y = x * 3.0;
  if (y > 0)
    longjmp(env, 5);
  return y;
}

/* f1 and big are live across setjmp and unchanged after it, so they must keep
 * their values. */
static __attribute__((noinline)) void callee_saved(double f1, long long big) {
  volatile double f2 = f1 * 2.0;
  int r = setjmp(outer);
  if (r == 0)
    fp_work(outer, f2);
  printf("fp: r=%d f1=%.17g f2=%.17g big=%llx\n", r, f1, f2, big);
}

int main(void) {
  volatile int counter = 0;
  volatile double acc = 1.5;
  int r, i;

  /* 1. Out of 1..20 frames, values 1..20. */
  for (i = 1; i <= 20; i++) {
    r = setjmp(outer);
    if (r == 0)
      dive(outer, 0, i, i * 11);
    printf("dive %d: setjmp returned %d, depth %d\n", i, r, depth_reached);
  }

  /* 2. longjmp(env, 0) makes setjmp return 1. */
  r = setjmp(outer);
  if (r == 0)
    dive(outer, 0, 3, 0);
  printf("longjmp 0 -> %d\n", r);

  /* 3. Nested: an inner handler that itself jumps to the outer one. */
  for (i = 0; i < 4; i++) {
    r = setjmp(outer);
    if (r == 0) {
      int n = nested(i);
      printf("  nested returned %d\n", n);
    } else {
      printf("nested %d: outer caught %d\n", i, r);
    }
  }

  /* 4. A loop built from longjmp: locals that are volatile keep updates. */
  r = setjmp(outer);
  counter++;
  acc = acc * 2.0;
  if (counter < 10)
    longjmp(outer, counter);
  printf("loop: r=%d counter=%d acc=%g\n", r, counter, acc);

  /* 5. Callee-saved integer and FP registers across the jump. */
  callee_saved(acc / 7.0, 0x123456789abcdefLL + counter);

  /* 6. sigsetjmp/siglongjmp with and without saving the signal mask. */
  {
    sigjmp_buf senv;
    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    r = sigsetjmp(senv, 1);
    if (r == 0) {
      sigprocmask(SIG_BLOCK, &set, NULL);
      siglongjmp(senv, 42);
    }
    sigprocmask(SIG_BLOCK, NULL, &old);
    printf("sigsetjmp(1): r=%d SIGUSR1 blocked=%d\n", r, sigismember(&old, SIGUSR1));
    r = sigsetjmp(senv, 0);
    if (r == 0) {
      sigprocmask(SIG_BLOCK, &set, NULL);
      siglongjmp(senv, 43);
    }
    sigprocmask(SIG_BLOCK, NULL, &old);
    printf("sigsetjmp(0): r=%d SIGUSR1 blocked=%d\n", r, sigismember(&old, SIGUSR1));
  }
  return 0;
}
