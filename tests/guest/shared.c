/* shared.c - one function called from two hot loops, one after the other: a path ends
 * after a call or a return, so the function heads a superblock of its own, entered from
 * both loops' superblocks, instead of a copy of it in each (dbt/superblock.c,
 * leaves_function; tests/e2e/test_superblocks.sh). */
#include <stdio.h>

__attribute__((noinline)) static unsigned mix(unsigned x) {
  return (x ^ (x >> 3)) * 2654435761u;
}

int main(void) {
  volatile unsigned s = 0;
  for (unsigned i = 0; i < 100000; i++)
    s += mix(i);
  for (unsigned i = 0; i < 100000; i++)
    s ^= mix(s + i) >> 1;
  printf("%u\n", s);
  return 0;
}
