/*
 * mem.c - what GCC may emit calls to even with -ffreestanding, and what the
 * translator core calls (memset): for every image that runs alone on the board.
 */
#include <stddef.h>
#include <string.h>

void *memset(void *d, int c, size_t n) {
  unsigned char *p = d;
  while (n--)
    *p++ = (unsigned char)c;
  return d;
}

void *memcpy(void *d, const void *s, size_t n) {
  unsigned char *p = d;
  const unsigned char *q = s;
  while (n--)
    *p++ = *q++;
  return d;
}
