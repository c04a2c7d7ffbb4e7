/* shared.c - one function called from two hot loops, one after the other: the first
 * loop's superblock takes the function's code as members; once the duplication budget
 * is spent, the second loop's path ends where it calls the function, which then heads a
 * superblock of its own, instead of a copy of it (dbt/superblock.c, ends_path;
 * tests/e2e/test_superblocks.sh). */
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
