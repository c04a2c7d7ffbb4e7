/*
 * sbtrap.c - a hot loop that dies inside itself: pass 3000 traps (teq: SIGTRAP)
 * or, given an argument, stores through a null pointer (SIGSEGV), with no branch
 * to warn of it.  With superblocks the last pass
 * enters only the members before the fault, and the counts derived from where the
 * superblock's passes leave must say so (dbt/sbcount.c).
 */
#include <stdint.h>
#include <stdio.h>

volatile int sink;

int main(int argc, char **argv) {
  (void)argv;
  unsigned acc = 1;
  for (unsigned i = 0; i < 100000; i++) {
    if (acc & 1) /* a few blocks per pass */
      acc = acc * 3 + i;
    else
      acc ^= i << 3;
    unsigned live = i != 3000; /* 0 on the last pass, without a branch */
    unsigned t = live | (argc > 1);
    uintptr_t p = (uintptr_t)&sink * (live | (argc == 1));
    __asm__ volatile("teq %0, $0" : : "r"(t)); /* traps when t == 0 */
    *(volatile int *)p = (int)acc;
    if (acc & 4)
      acc--;
  }
  printf("%u\n", acc);
  return 0;
}
