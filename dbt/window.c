/*
 * window.c - code windows: where a unit of translated code goes in the code cache.
 *
 * The cache is cut into windows of RT_WINDOW bytes, 32 KiB: a bc reaches across one.
 * The first quarter of a window holds out-of-line code (chain exits' stubs, the
 * misses of indirect lookups, superblocks' side exits: translate.h, "Out-of-line
 * code"), the rest the code that runs; both grow up.  A unit's code and its
 * out-of-line code go into the same window, so that every bc of its code reaches its
 * stubs.  The code that runs is then contiguous, and the stubs, dead once chained,
 * share no instruction-cache line with it.
 *
 * Plain blocks and superblocks fill windows of their own (arenas), so that the
 * superblocks, the program's hot paths, are contiguous too: not scattered among the
 * blocks translated while they formed, most of which then no longer run.  A cache
 * too small for two windows per arena has one arena.
 *
 * A unit that does not fit in its arena's window goes to a fresh window; when there
 * is none left, or it does not fit in a fresh one either, rt_place says so (0) and
 * the caller decides: a block flushes the cache and tries again, a superblock is not
 * formed.  d->used is the end of the last window opened: every byte of translated
 * code lies below DBT_CODE + d->used.
 */
#include "runtime.h"

#define RT_WINDOW 32768u

/* The window for units of `kind`. */
static rt_window *window_of(dbt *d, int kind) {
  return &d->win[d->o.code_size / d->window < 2 * RT_ARENAS ? RT_BLOCKS : kind];
}

/* Nothing placed in w yet. */
static int fresh(const dbt *d, const rt_window *w) {
  return w->at == w->base && w->cold_at == w->base + d->window - d->window_cold;
}

/* w becomes a new window, after the last one opened; -1: the cache has no room. */
static int open_window(dbt *d, rt_window *w) {
  if (d->o.code_size - d->used < d->window)
    return -1;
  w->base = w->at = d->used;
  w->cold_at = d->used + d->window - d->window_cold;
  d->used += d->window;
  return 0;
}

void rt_windows_reset(dbt *d) {
  d->window = d->o.code_size < RT_WINDOW ? d->o.code_size & ~3u : RT_WINDOW;
  d->window_cold = d->window / 4 & ~3u;
  d->used = 0;
  for (int k = 0; k < RT_ARENAS; k++)
    d->win[k].base = UINT32_MAX;
}

int rt_place(dbt *d, int kind, rt_emit_fn *fn, void *ctx, dbt_place *pl) {
  rt_window *w = window_of(d, kind);
  if (w->base == UINT32_MAX && open_window(d, w) < 0)
    return 0;
  for (;;) {
    pl->at = w->at;
    pl->cap = w->base + d->window - d->window_cold - w->at;
    pl->cold_at = w->cold_at;
    pl->cold_cap = w->base + d->window - w->cold_at;
    pl->cold_used = 0;
    int n = fn(d, pl, ctx);
    if (n > 0) {
      w->at += (uint32_t)n;
      w->cold_at += pl->cold_used;
    }
    if (n != 0 || fresh(d, w) || open_window(d, w) < 0)
      return n;
  }
}
