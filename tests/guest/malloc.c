/*
 * malloc.c - heap churn: malloc/calloc/realloc/free, driven by a deterministic
 * LCG.  Thousands of allocations of 1..300000 bytes, so both of glibc malloc's
 * paths are taken: mmap (blocks over the mmap threshold, pinned at 128 KiB in
 * the first phase so that it does not drift upwards; mremap on realloc) and
 * the brk heap (growing, and shrinking through the trim threshold).  Every block's contents are
 * checked before it is resized or freed; a checksum of everything read is printed.  Also
 * posix_memalign, and alignment checks.  Exit status 0 (1 on a detected error).
 * Sized for the test suite's time (42 M guest instructions; many tests run it).
 */
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 600

struct slot {
  unsigned char *p;
  size_t size;
  uint32_t tag; /* what the contents were derived from */
};

static struct slot slots[SLOTS];
static uint32_t lcg_state = 12345;
static uint32_t checksum;
static unsigned long errors;
static unsigned long n_malloc, n_calloc, n_realloc, n_free, n_large, n_memalign;
static size_t live, peak;

static uint32_t lcg(void) {
  lcg_state = lcg_state * 1103515245u + 12345u;
  return lcg_state >> 8;
}

static void sum(uint32_t v) {
  checksum = (checksum << 5 | checksum >> 27) ^ v;
}

/* A size: mostly small, some medium, a few above the mmap threshold. */
static size_t pick_size(void) {
  uint32_t r = lcg() % 100;
  if (r < 70)
    return 1 + lcg() % 256;
  if (r < 94)
    return 1 + lcg() % 8192;
  if (r < 97)
    return 8192 + lcg() % 100000;
  n_large++;
  return 100000 + lcg() % 200001; /* up to 300000 */
}

/* Byte i of a block with this tag. Only some bytes are patterned (see fill). */
static unsigned char pat(uint32_t tag, size_t i) {
  return (unsigned char)(tag * 31u + (uint32_t)i * 7u + (uint32_t)(i >> 8));
}

/* Fill [from, to): bytes below 64, the last 64 bytes and every 509th byte get
 * pat(); all other bytes get the tag's low byte (memset keeps this fast). */
static void fill(unsigned char *p, size_t from, size_t to, uint32_t tag) {
  size_t i;
  if (from >= to)
    return;
  memset(p + from, (int)(tag & 0xff), to - from);
  for (i = from; i < to && i < 64; i++)
    p[i] = pat(tag, i);
  for (i = (from + 508) / 509 * 509; i < to; i += 509)
    p[i] = pat(tag, i);
  for (i = to > 64 ? to - 64 : 0; i < to; i++)
    if (i >= from)
      p[i] = pat(tag, i);
}

static int patterned(size_t i, size_t size) {
  return i < 64 || i % 509 == 0 || i + 64 >= size;
}

/* Check the first n bytes of a block filled up to size with tag: every byte of a
 * small one, every 61st of one over 256 bytes (a guest instruction each byte costs
 * twenty: checking all of them was two thirds of the program's instructions). */
static void check(const unsigned char *p, size_t n, size_t size, uint32_t tag) {
  size_t i, step = n > 256 ? 61 : 1;
  for (i = 0; i < n; i += step) {
    unsigned char want = patterned(i, size) ? pat(tag, i) : (unsigned char)(tag & 0xff);
    if (p[i] != want) {
      if (errors++ < 10)
        printf("ERROR: byte %zu of %zu (tag %u): %02x != %02x\n", i, size, tag, p[i], want);
    }
    sum(p[i]);
  }
  if (n > 0)
    sum(p[n - 1]);
}

static void check_align(const void *p, size_t align) {
  if ((uintptr_t)p % align != 0 && errors++ < 10)
    printf("ERROR: misaligned block (align %zu)\n", align);
}

static void track(long delta) {
  live += delta;
  if (live > peak)
    peak = live;
}

static void churn(int rounds) {
  int r;
  for (r = 0; r < rounds; r++) {
    struct slot *s = &slots[lcg() % SLOTS];
    uint32_t op = lcg() % 10;
    if (s->p == NULL) {
      size_t size = pick_size();
      uint32_t tag = lcg();
      if (op < 7) {
        s->p = malloc(size);
        n_malloc++;
      } else {
        size_t i, nz = 0;
        s->p = calloc(1, size);
        n_calloc++;
        if (s->p != NULL)
          for (i = 0; i < size; i += (size > 4096 ? 97 : 1))
            nz += s->p[i] != 0;
        if (nz != 0 && errors++ < 10)
          printf("ERROR: calloc block not zero\n");
      }
      if (s->p == NULL) {
        printf("ERROR: allocation of %zu failed\n", size);
        errors++;
        continue;
      }
      check_align(s->p, 8);
      fill(s->p, 0, size, tag);
      s->size = size;
      s->tag = tag;
      track((long)size);
    } else if (op < 6) {
      check(s->p, s->size, s->size, s->tag);
      free(s->p);
      n_free++;
      track(-(long)s->size);
      s->p = NULL;
    } else {
      /* realloc, growing or shrinking: the common prefix must survive. */
      size_t nsize = op < 8 ? pick_size() : s->size / 2 + 1;
      size_t keep = nsize < s->size ? nsize : s->size;
      unsigned char *np = realloc(s->p, nsize);
      n_realloc++;
      if (np == NULL) {
        printf("ERROR: realloc to %zu failed\n", nsize);
        errors++;
        continue;
      }
      check_align(np, 8);
      check(np, keep, s->size, s->tag);
      /* Refill all of it under a new tag, so later checks stay simple. */
      s->tag = lcg();
      fill(np, 0, nsize, s->tag);
      track((long)nsize - (long)s->size);
      s->p = np;
      s->size = nsize;
    }
  }
}

static void free_all(void) {
  int i;
  for (i = 0; i < SLOTS; i++) {
    if (slots[i].p != NULL) {
      check(slots[i].p, slots[i].size, slots[i].size, slots[i].tag);
      free(slots[i].p);
      n_free++;
      track(-(long)slots[i].size);
      slots[i].p = NULL;
    }
  }
}

static void aligned(void) {
  static const size_t aligns[] = {8, 16, 64, 256, 4096, 65536};
  size_t i;
  for (i = 0; i < sizeof aligns / sizeof aligns[0]; i++) {
    void *p = NULL;
    size_t size = 1000 * (i + 1);
    int rc = posix_memalign(&p, aligns[i], size);
    n_memalign++;
    if (rc != 0 || p == NULL) {
      printf("ERROR: posix_memalign(%zu) failed\n", aligns[i]);
      errors++;
      continue;
    }
    check_align(p, aligns[i]);
    fill(p, 0, size, (uint32_t)i);
    check(p, size, size, (uint32_t)i);
    free(p);
  }
}

int main(void) {
  /* Phase 1: a fixed 128 KiB mmap threshold (so every larger block is
   * mmapped, and realloc of such blocks uses mremap) and a low trim threshold
   * (so the brk heap shrinks again after frees). */
  if (mallopt(M_MMAP_THRESHOLD, 128 * 1024) != 1 || mallopt(M_TRIM_THRESHOLD, 64 * 1024) != 1)
    printf("mallopt failed\n");
  churn(3000);
  printf("phase1: checksum=%08x live=%zu\n", checksum, live);
  free_all();
  /* Phase 2: a 1 MiB threshold, so all blocks come from the brk heap. */
  if (mallopt(M_MMAP_THRESHOLD, 1024 * 1024) != 1)
    printf("mallopt failed\n");
  churn(3000);
  printf("phase2: checksum=%08x live=%zu\n", checksum, live);
  free_all();
  aligned();
  /* Zero-size and NULL edge cases. */
  {
    void *p = realloc(NULL, 100); /* == malloc */
    fill(p, 0, 100, 99);
    p = realloc(p, 0); /* frees, returns NULL in glibc */
    printf("realloc(p,0)=%s\n", p == NULL ? "NULL" : "non-NULL");
    free(NULL);
    p = malloc(0);
    printf("malloc(0)=%s\n", p == NULL ? "NULL" : "non-NULL");
    free(p);
  }
  printf("malloc=%lu calloc=%lu realloc=%lu free=%lu memalign=%lu large=%lu\n", n_malloc, n_calloc,
         n_realloc, n_free, n_memalign, n_large);
  printf("peak=%zu live=%zu checksum=%08x errors=%lu\n", peak, live, checksum, errors);
  return errors != 0;
}
