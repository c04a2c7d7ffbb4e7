/*
 * stackseed.c - own code whose path depends on an address, as Lua's string hash
 * seed does: a loop runs a number of times taken from a stack address, which is
 * not the same on the board as under qemu-mips, nor between two qemu-mips runs
 * whose environments differ in size.  The output does not depend on it.
 * 'hwprof compare' must explain the own-code difference as address-dependent
 * (qemu-mips differs from itself there, or a second run of ours does) and pass.
 */
#include <stdint.h>
#include <stdio.h>

static unsigned spin(unsigned n) {
  unsigned s = 0;
  for (unsigned i = 0; i < n; i++)
    s = s * 33 + i;
  return s;
}

int main(void) {
  volatile int probe = 0;
  unsigned seed = (unsigned)(uintptr_t)&probe;
  unsigned s = spin(100 * ((seed >> 4) % 13 + 1));
  printf("stackseed: done%s\n", s == 1 ? "!" : "");
  return probe;
}
