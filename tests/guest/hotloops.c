/* hotloops.c - two loops, one after the other: the first one's body runs exactly 1,000 times,
 * so with a threshold of 1,000 its blocks turn hot on their last execution and never
 * run again; the second runs long after.  A superblock former that waits for the
 * first hot block to run again (instead of taking the next hot block that runs)
 * forms none for the second loop (tests/e2e/test_superblocks.sh). */
#include <stdio.h>

int main(void) {
  volatile unsigned s = 0;
  for (unsigned i = 0; i < 1001; i++) /* the body: 1,000 entries */
    s += i;
  for (unsigned i = 0; i < 200000; i++)
    s ^= i * 3 + (s >> 7);
  printf("%u\n", s);
  return 0;
}
