/* hello.c - the smallest native program, built wrong on purpose by
 * tests/native/native.mk: dynamically linked, and linked at the toolchain's
 * default 0x10000000 (outside the board's program range); test_native.sh checks
 * that 'hwprof native' refuses each, naming why. */
#include <stdio.h>

int main(void) {
  puts("hello");
  return 0;
}
