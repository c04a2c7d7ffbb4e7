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
 * A block falls into the next.  A block that ends in a conditional branch ends in
 * `bc cond, stub_taken; b stub_not_taken` (translate.h), and the block translated
 * next is most often the one its b goes to: the CPU took that way, reached the stub,
 * and the dispatcher translated the target.  When the block placed next in the
 * window is that b's target, rt_place_block puts it over the b, and the bc's way not
 * taken falls into it: one instruction fewer on that way (the 405 charges a cycle for
 * a b), and a word fewer.  What stays true of the b's word: whatever reaches it goes to
 * the target's code, as the b did; a branch (the bc) is the word before it, so the
 * CPU's block ends there and the board sees the target's block entered as before
 * (rt_observe); its stub, out of line, is never reached again (the dispatcher does
 * not chain a site that is now its target's first word: dispatch.c), and when the
 * target later heads a superblock, its old first word, which the block before still
 * falls into, goes past the head's probe as the branches chained to it do
 * (cache.c's redirect, the board's in firmware/dispatch.c).  Only a conditional
 * ending: after a b or a call the CPU would not end its block at the b's word, and
 * the board would not see the target entered.
 *
 * Where the instruction-cache misses fall (dbt_stats.icache_misses_*): the board
 * counts each miss on a line of the code cache (rt_count_misses), and at the end of
 * the run each line's misses go to what lies there then: a superblock, plain blocks,
 * or out-of-line code.  (After a refill of the cache, the misses of the code before
 * it count where the code after it lies.)  With the runtime on the board, the lines
 * of its image (below the code cache) are counted too: its translator's, dispatcher's
 * and interrupt handler's misses.
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

#define NO_TAIL UINT32_MAX

/* w becomes a new window, after the last one opened; -1: the cache has no room. */
static int open_window(dbt *d, rt_window *w) {
  if (d->o.code_size - d->used < d->window)
    return -1;
  w->base = w->at = d->used;
  w->tail_at = NO_TAIL;
  w->cold_at = d->used + d->window - d->window_cold;
  d->used += d->window;
  return 0;
}

void rt_windows_reset(dbt *d) {
  d->window = d->o.code_size < RT_WINDOW ? d->o.code_size & ~3u : RT_WINDOW;
  d->window_cold = d->window / 4 & ~3u;
  d->used = 0;
  for (int k = 0; k < RT_ARENAS; k++) {
    d->win[k].base = UINT32_MAX;
    d->win[k].tail_at = NO_TAIL;
  }
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

/* The block just placed (n bytes at pl->at, the last in its window): when its code ends
 * in a conditional branch and a b to its own chain exit's stub (translate.h: `bl` to
 * the chain exit, the guest target, the b's address), that b and its target are the
 * window's tail, which the next block may go over. */
static void note_tail(dbt *d, rt_window *w, const dbt_place *pl, uint32_t n) {
  if (n < 8 || w->at != pl->at + n)
    return;
  uint32_t site = DBT_CODE + pl->at + n - 4, b = rd32(d, site), before = rd32(d, site - 4);
  if ((b & 0xFC000003u) != 0x48000000u || (before & 0xFC000001u) != 0x40000000u)
    return; /* not a b after a bc (without link) */
  uint32_t stub = dbt_branch_target(b, site), cold = DBT_CODE + pl->cold_at, bl = rd32(d, stub);
  if (stub < cold || stub - cold + 12 > pl->cold_used || (bl & 0xFC000003u) != 0x48000001u ||
      dbt_branch_target(bl, stub) != d->core.exit_stub[DBT_EXIT_CHAIN] || rd32(d, stub + 8) != site)
    return;
  w->tail_at = site - DBT_CODE;
  w->tail_pc = rd32(d, stub + 4);
}

int rt_place_block(dbt *d, uint32_t pc, rt_emit_fn *fn, void *ctx, dbt_place *pl, int *fell) {
  rt_window *w = window_of(d, RT_BLOCKS);
  uint32_t site = w->tail_at, b = 0;
  uint8_t kind = 0;
  *fell = w->base != UINT32_MAX && site != NO_TAIL && w->tail_pc == pc && w->at == site + 4;
  w->tail_at = NO_TAIL;
  if (*fell) {
    b = rd32(d, DBT_CODE + site);
    kind = d->insn_of[site / 4];
    w->at = site;
  }
  int n = rt_place(d, RT_BLOCKS, fn, ctx, pl);
  if (*fell && (n <= 0 || pl->at != site)) {
    /* Not placed there: the b is the block's again, and so is its word in insn_of (a
     * try that did not fit wrote its own first word's kind there, a probe's, say). */
    wr32(d, DBT_CODE + site, b);
    d->insn_of[site / 4] = kind;
    if (w->at == site)
      w->at = site + 4;
    *fell = 0;
  }
  if (n > 0)
    note_tail(d, w, pl, (uint32_t)n);
  return n;
}

void rt_count_misses(dbt *d) {
  vboard_cache_info ci;
  if (!vboard_caches(d->b, &ci) || !ci.on || !ci.icache_line)
    return;
  free(d->line_misses);
  d->miss_line = ci.icache_line;
  /* From the runtime's image on the board, when it lies below the code cache. */
  d->miss_base =
      d->image_end && d->image_end <= DBT_CODE ? d->image & ~(ci.icache_line - 1) : DBT_CODE;
  uint32_t size = DBT_CODE + d->o.code_size - d->miss_base;
  d->line_misses = calloc(size / ci.icache_line + 1, sizeof *d->line_misses);
  if (d->line_misses) /* (else not counted: the figures read 0) */
    vboard_count_icache_misses(d->b, d->miss_base, size, d->line_misses);
}

void rt_misses_by_place(dbt *d) {
  if (!d->line_misses)
    return;
  vboard_count_icache_misses(d->b, 0, 0, NULL);
  uint32_t lines = (DBT_CODE + d->o.code_size - d->miss_base) / d->miss_line;
  for (uint32_t l = 0; l <= lines; l++) {
    uint32_t n = d->line_misses[l], a = d->miss_base + l * d->miss_line, off = a - DBT_CODE;
    uint32_t words = d->miss_line / 4;
    if (!n)
      continue;
    if (a < DBT_CODE) { /* the image's, or (else) the board's others */
      d->st.icache_misses_image += a - d->image < d->image_end - d->image ? n : 0;
      continue;
    }
    if (off % d->window >= d->window - d->window_cold)
      d->st.icache_misses_cold += n;
    else if (off + d->miss_line <= d->o.code_size && memchr(d->sb_code + off / 4, 1, words))
      d->st.icache_misses_sb += n;
    else
      d->st.icache_misses_blocks += n;
  }
}
