/*
 * window.c - code windows: where a unit of translated code goes in the code cache.
 *
 * The cache is cut into windows of RT_WINDOW bytes, 32 KiB: a bc reaches across one.
 * The first three quarters of a window hold the code that runs, the last quarter
 * out-of-line code (chain exits' stubs and the misses of indirect lookups:
 * translate.h, "Out-of-line code"); both grow up.  A unit's code and its out-of-line
 * code go into the same window, so that every bc of its code reaches its stubs, and
 * forward: the 405 predicts a forward bc not taken, as a bc to a stub mostly is (with
 * the stubs below the code, every hit of an indirect lookup was a mispredicted
 * branch).  The code that runs is contiguous, and the stubs, dead once chained, share
 * no instruction-cache line with it.
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
 *
 * Where the instruction-cache misses fall (dbt_stats.icache_misses_*): the board
 * counts each miss on a line of the code cache (rt_count_misses), and at the end of
 * the run each line's misses go to what lies there then: a superblock, plain blocks,
 * or out-of-line code.  (After a refill of the cache, the misses of the code before
 * it count where the code after it lies.)
 */
#include <stdlib.h>
#include <string.h>

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
    pl->used = pl->cold_used = 0;
    int n = fn(d, pl, ctx);
    if (n > 0) {
      w->at += (uint32_t)n;
      w->cold_at += pl->cold_used;
    }
    if (n != 0 || fresh(d, w) || open_window(d, w) < 0)
      return n;
  }
}

void rt_count_misses(dbt *d) {
  vboard_cache_info ci;
  if (!vboard_caches(d->b, &ci) || !ci.on || !ci.icache_line)
    return;
  free(d->line_misses);
  d->miss_line = ci.icache_line;
  d->line_misses = calloc(d->o.code_size / ci.icache_line + 1, sizeof *d->line_misses);
  if (d->line_misses) /* (else not counted: the figures read 0) */
    vboard_count_icache_misses(d->b, DBT_CODE, d->o.code_size, d->line_misses);
}

void rt_misses_by_place(dbt *d) {
  if (!d->line_misses)
    return;
  vboard_count_icache_misses(d->b, 0, 0, NULL);
  for (uint32_t l = 0; l <= d->o.code_size / d->miss_line; l++) {
    uint32_t n = d->line_misses[l], off = l * d->miss_line, words = d->miss_line / 4;
    if (!n)
      continue;
    if (off % d->window >= d->window - d->window_cold)
      d->st.icache_misses_cold += n;
    else if (off + d->miss_line <= d->o.code_size && memchr(d->sb_code + off / 4, 1, words))
      d->st.icache_misses_sb += n;
    else
      d->st.icache_misses_blocks += n;
  }
}
