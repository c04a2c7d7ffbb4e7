/*
 * util.c - the runtime's small helpers, below every other part: growing arrays,
 * the host's clock, and what a read or write of board RAM outside the RAM says
 * (rd32, wr32: runtime.h).  (Error messages: errf, common/errf.h.)
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "runtime.h"

uint64_t rt_now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

uint32_t rt_ram_outside(const dbt *d, uint32_t a) {
  dbt *m = (dbt *)d; /* (every dbt is dbt_new's, never a const object) */
  if (!m->failed[0])
    errf(m->failed, sizeof m->failed,
         "the guest wrote the translator's memory: the runtime was led to address %#x, "
         "outside the board's RAM [0, %#x)",
         a, d->ram_size);
  return 0;
}

void rt_stop_failed(const dbt *d, dbt_result *r) {
  r->how = DBT_STOPPED;
  errf(r->message, sizeof r->message, "%s", d->failed);
}

int rt_grow(void *v, size_t n, size_t *cap, size_t size, size_t first) {
  if (n < *cap)
    return 0;
  size_t c = 2 * *cap + first;
  void *p = realloc(*(void **)v, c * size);
  if (!p)
    return -1;
  *(void **)v = p;
  *cap = c;
  return 0;
}
