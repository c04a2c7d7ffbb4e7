/*
 * mem.c - what GCC may emit calls to even with -ffreestanding, and what the
 * translator core calls (memset): for every image that runs alone on the board.
 * A word at a time where both ends allow it (the translator clears its request's
 * state, a few hundred bytes, at every call), a byte at a time at the edges.
 * GCC must not make calls to these of their own loops: -fno-tree-loop-distribute-patterns.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define OWN __attribute__((optimize("no-tree-loop-distribute-patterns")))

OWN void *memset(void *d, int c, size_t n) {
  unsigned char *p = d;
  for (; n && ((uintptr_t)p & 3); n--)
    *p++ = (unsigned char)c;
  uint32_t w = (unsigned char)c * 0x01010101u, *q = (uint32_t *)(void *)p;
  for (; n >= 4; n -= 4)
    *q++ = w;
  for (p = (unsigned char *)q; n; n--)
    *p++ = (unsigned char)c;
  return d;
}

OWN void *memcpy(void *d, const void *s, size_t n) {
  unsigned char *p = d;
  const unsigned char *q = s;
  if ((((uintptr_t)p ^ (uintptr_t)q) & 3) == 0) {
    for (; n && ((uintptr_t)p & 3); n--)
      *p++ = *q++;
    uint32_t *pw = (uint32_t *)(void *)p;
    const uint32_t *qw = (const uint32_t *)(const void *)q;
    for (; n >= 4; n -= 4)
      *pw++ = *qw++;
    p = (unsigned char *)pw, q = (const unsigned char *)qw;
  }
  while (n--)
    *p++ = *q++;
  return d;
}
