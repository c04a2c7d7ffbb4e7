/*
 * deepstack.c - a recursion a million frames deep (at least 32 bytes each: more
 * than Linux's 8 MiB stack).  Under qemu-mips, and under Linux, it dies of SIGSEGV
 * when the stack reaches its limit; it must not run on into the pages below the
 * stack (an mmap'd buffer here, which it checks afterwards).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static unsigned char *buf;

static unsigned deep(unsigned n) {
  volatile unsigned frame[4] = {n, n + 1, n + 2, n + 3};
  return n ? deep(n - 1) + frame[1] : frame[0];
}

int main(int argc, char **argv) {
  unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 1000000;
  buf = mmap(NULL, 1 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (buf == MAP_FAILED)
    return 2;
  memset(buf, 0x5A, 1 << 20);
  printf("deepstack: %u frames\n", n);
  fflush(stdout);
  unsigned r = deep(n);
  size_t bad = 0;
  for (size_t i = 0; i < 1 << 20; i++)
    bad += buf[i] != 0x5A;
  printf("deepstack: returned %u, %zu bytes of the buffer overwritten\n", r, bad);
  return bad ? 1 : 0;
}
