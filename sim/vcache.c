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
  if (!c->tag || !c->flags) {
    vcache_free(c);
    return *why = "out of memory", -1;
  }
  return 0;
}

void vcache_free(vcache *c) {
  free(c->tag);
  free(c->flags);
  c->tag = NULL;
  c->flags = NULL;
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

/* Moves the entry at slot base + i of a set to its front (most recent), the entries
 * before it one place back. */
static void to_front(vcache *c, uint32_t base, uint32_t i, uint32_t tag, uint8_t flags) {
  for (; i > 0; i--) {
    c->tag[base + i] = c->tag[base + i - 1];
    c->flags[base + i] = c->flags[base + i - 1];
  }
  c->tag[base] = tag;
  c->flags[base] = flags;
}

int vcache_access_rest(vcache *c, uint32_t addr, int store, int *castout) {
  uint32_t ln = addr >> c->shift, base = (ln & (c->sets - 1)) * c->ways;
  uint8_t dirty = store ? VCACHE_DIRTY : 0;
  for (uint32_t w = 1; w < c->ways; w++) /* (way 0, the most recent: vcache_access) */
    if (c->tag[base + w] == ln + 1) {
      int had = c->flags[base + w];
      to_front(c, base, w, ln + 1, (uint8_t)(had | dirty));
      c->hits++;
      return had;
    }
  /* A miss: an invalid way if there is one (they are last), else the least
   * recently used, the last. */
  uint32_t victim = c->ways - 1;
  while (victim > 0 && !c->tag[base + victim - 1])
    victim--;
  *castout = c->tag[base + victim] && (c->flags[base + victim] & VCACHE_DIRTY);
  c->castouts += (uint64_t)*castout;
  c->misses++;
  to_front(c, base, victim, ln + 1, dirty);
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
  /* The lines after it move up one: the invalid way goes last, the order stays. */
  uint32_t base = (uint32_t)i - (uint32_t)i % c->ways;
  for (uint32_t k = (uint32_t)i; k + 1 < base + c->ways; k++) {
    c->tag[k] = c->tag[k + 1];
    c->flags[k] = c->flags[k + 1];
  }
  c->tag[base + c->ways - 1] = 0;
  c->flags[base + c->ways - 1] = 0;
  return old;
}
