/*
 * mips16.c - calls a function compiled as MIPS16e code through a pointer (a
 * jalr to an odd address, which switches the ISA mode).  qemu-mips runs it; the
 * translator runs MIPS32 code only and must say so (exit status 125).
 */
#include <stdio.h>

__attribute__((mips16, noinline)) int twice_plus_one(int x) {
  return 2 * x + 1;
}

int (*volatile fn)(int) = twice_plus_one;

int main(void) {
  printf("mips16: calling MIPS16e code\n");
  fflush(stdout);
  printf("mips16: %d\n", fn(20));
  return 0;
}
