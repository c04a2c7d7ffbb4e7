/*
 * vcache.h - a set-associative cache's tags, for the board's cycle model: which
 * lines the PPC405's instruction and data caches hold, not their bytes (the bytes
 * are always RAM's; Unicorn reads and writes RAM).
 *
 * The PPC405 (Core User's Manual SA14-2339-04, chapter 4): both caches are
 * two-way set-associative with 32-byte (eight-word) lines and LRU replacement;
 * the data cache is write-back (DCWR = 0) and allocates on a store miss
 * (CCR0[SWOA] = 0).  vcache takes any power-of-two geometry with one to eight
 * ways and keeps true LRU per set: each set's ways in order of use, the most
 * recent first, so that the common hit (the line used last in its set) is one
 * compare and changes nothing.
 *
 * Besides valid and dirty, a line carries STALE: the memory behind a line of the
 * instruction cache was written after the line was filled, so a fetch that hits
 * it would run the old instructions.  The board uses it (with the data cache's
 * dirty bit) to catch code written without dcbst / icbi (vboard_code_write).
 */
#ifndef HWPROF_VCACHE_H
#define HWPROF_VCACHE_H

#include <stdint.h>

#define VCACHE_MAX_WAYS 8

enum { VCACHE_DIRTY = 1, VCACHE_STALE = 2 };

typedef struct vcache {
  uint32_t size, line, ways, sets; /* bytes, bytes, 1..8, a power of two */
  unsigned shift;                  /* log2(line) */
  uint32_t *tag;                   /* [set * ways + i]: line number + 1, 0 = invalid; i in
                                      order of use, most recent first, valid lines first */
  uint8_t *flags;                  /* VCACHE_DIRTY, VCACHE_STALE, beside tag */
  uint64_t hits, misses, castouts; /* castouts: dirty lines replaced */
} vcache;

/* A cache of `size` bytes in `line`-byte lines and `ways` ways.  0, or -1 with
 * *why naming the bad parameter. */
int vcache_init(vcache *c, uint32_t size, uint32_t line, uint32_t ways, const char **why);
void vcache_free(vcache *c);

/* Every line invalid (the flash invalidate, iccci; the counters stay). */
void vcache_invalidate_all(vcache *c);

/* A load, store or fetch of the line holding addr: on a hit, the line's flags
 * before it (>= 0); on a miss -1, after which the line is in the cache (the LRU
 * way replaced; *castout set when that way held a dirty line).  A store marks
 * the line dirty.  Inline for the common access, the line used last in its set: one
 * compare, and nothing changes but the dirty bit (the board makes one or two a guest
 * instruction, in its block and memory hooks); the rest out of line. */
int vcache_access_rest(vcache *c, uint32_t addr, int store, int *castout);
static inline int vcache_access(vcache *c, uint32_t addr, int store, int *castout) {
  uint32_t ln = addr >> c->shift, base = (ln & (c->sets - 1)) * c->ways;
  if (c->tag[base] == ln + 1) {
    int had = c->flags[base];
    c->flags[base] = (uint8_t)(had | (store ? VCACHE_DIRTY : 0));
    c->hits++;
    return had;
  }
  return vcache_access_rest(c, addr, store, castout);
}

/* The flags of the line holding addr, or -1 when the cache does not hold it (no
 * change to LRU or the counters). */
int vcache_probe(const vcache *c, uint32_t addr);

/* Sets and clears flags of the line holding addr if the cache holds it; returns
 * the flags it had, or -1. */
int vcache_mark(vcache *c, uint32_t addr, int set, int clear);

/* Drops the line holding addr (icbi, dcbi); returns its flags, or -1. */
int vcache_drop(vcache *c, uint32_t addr);

#endif
