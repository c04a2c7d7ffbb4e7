/*
 * vcache.c - a set-associative cache's tags with true LRU; see vcache.h.
 */
#include "vcache.h"

#include <stdlib.h>

static int pow2(uint32_t v) {
  return v && !(v & (v - 1));
}

int vcache_init(vcache *c, uint32_t size, uint32_t line, uint32_t ways, const char **why) {
  *c = (vcache){0};
  if (!pow2(line) || line < 4 || line > 4096)
    return *why = "the line size must be a power of two from 4 to 4096 bytes", -1;
  if (ways < 1 || ways > VCACHE_MAX_WAYS)
    return *why = "the associativity must be 1 to 8 ways", -1;
  if (size % (line * ways) || !pow2(size / (line * ways)) || size > (64u << 20))
    return *why = "the size must be a power of two number of sets times ways times the line "
                  "size, at most 64 MiB",
           -1;
  c->size = size;
  c->line = line;
  c->ways = ways;
  c->sets = size / (line * ways);
  while ((1u << c->shift) < line)
    c->shift++;
  uint32_t n = c->sets * ways;
  c->tag = calloc(n, sizeof *c->tag);
  c->flags = calloc(n, 1);
  c->used = calloc(n, sizeof *c->used);
  if (!c->tag || !c->flags || !c->used) {
    vcache_free(c);
    return *why = "out of memory", -1;
  }
  return 0;
}

void vcache_free(vcache *c) {
  free(c->tag);
  free(c->flags);
  free(c->used);
  c->tag = NULL;
  c->flags = NULL;
  c->used = NULL;
}

void vcache_invalidate_all(vcache *c) {
  for (uint32_t i = 0; i < c->sets * c->ways; i++) {
    c->tag[i] = 0;
    c->flags[i] = 0;
  }
}

/* The slot of the line holding addr, or -1. */
static int64_t find(const vcache *c, uint32_t addr) {
  uint32_t ln = addr >> c->shift, base = (ln & (c->sets - 1)) * c->ways;
  for (uint32_t w = 0; w < c->ways; w++)
    if (c->tag[base + w] == ln + 1)
      return base + w;
  return -1;
}

int vcache_access(vcache *c, uint32_t addr, int store, int *castout) {
  uint32_t ln = addr >> c->shift;
  /* The line of the last access (the common case: the next word of a line) is its
   * set's most recently used already: a hit that changes no LRU order, so neither
   * the clock nor its stamp need to move. */
  if (c->tag[c->last] == ln + 1) {
    int had = c->flags[c->last];
    c->flags[c->last] = (uint8_t)(had | (store ? VCACHE_DIRTY : 0));
    c->hits++;
    return had;
  }
  uint32_t base = (ln & (c->sets - 1)) * c->ways;
  uint32_t *tag = c->tag + base;
  c->clock++;
  for (uint32_t w = 0; w < c->ways; w++)
    if (tag[w] == ln + 1) {
      int had = c->flags[base + w];
      c->used[base + w] = c->clock;
      c->flags[base + w] = (uint8_t)(had | (store ? VCACHE_DIRTY : 0));
      c->hits++;
      c->last = base + w;
      return had;
    }
  /* A miss: an invalid way first, else the least recently used. */
  uint32_t victim = base;
  for (uint32_t i = base; i < base + c->ways && c->tag[victim]; i++)
    if (!c->tag[i] || c->used[i] < c->used[victim])
      victim = i;
  *castout = c->tag[victim] && (c->flags[victim] & VCACHE_DIRTY);
  c->castouts += (uint64_t)*castout;
  c->misses++;
  c->tag[victim] = ln + 1;
  c->flags[victim] = store ? VCACHE_DIRTY : 0;
  c->used[victim] = c->clock;
  c->last = victim;
  return -1;
}

int vcache_probe(const vcache *c, uint32_t addr) {
  int64_t i = find(c, addr);
  return i < 0 ? -1 : c->flags[i];
}

int vcache_mark(vcache *c, uint32_t addr, int set, int clear) {
  int64_t i = find(c, addr);
  if (i < 0)
    return -1;
  int old = c->flags[i];
  c->flags[i] = (uint8_t)((old | set) & ~clear);
  return old;
}

int vcache_drop(vcache *c, uint32_t addr) {
  int64_t i = find(c, addr);
  if (i < 0)
    return -1;
  int old = c->flags[i];
  c->tag[i] = 0;
  c->flags[i] = 0;
  return old;
}
