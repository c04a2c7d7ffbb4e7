/*
 * cache.c - the code-cache core: the runtime's lowest layer over the translator
 * (translate.c) and the board.
 *
 *   block table     rt_find: a record per guest block, its counter id, where its
 *                   translation sits in the current cache (gen)
 *   translate       rt_block_host: the translation of a guest pc, made on a miss
 *   flush           rt_flush: the cache emptied, a new generation
 *   chaining        rt_link, rt_links_to, rt_redirect: branches patched in place
 *   pc maps         which guest block (and instruction) a PowerPC address is of
 *   entries         observe: the board reports each PowerPC block it enters, and
 *                   the guest blocks whose translations it covers are counted
 *   registers       the guest's GPRs, in PowerPC registers or the CPU state
 *
 * Everything above it -- the profiling features, the signal frames, the
 * dispatcher -- calls down into it; it calls up only through the hooks the
 * features registered (rt_register, runtime.h), in the order they registered.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "../firmware/xlate.h"
#include "runtime.h"

/* ------------------------------------------------------------ hooks */

void rt_register(dbt *d, const rt_hooks *h) {
  if (d->nhooks == RT_MAX_HOOKS)
    abort(); /* (a fixed set of features: RT_MAX_HOOKS is too small) */
  d->hooks[d->nhooks++] = h;
  if (h->tb_entered)
    d->tb_entered[d->ntb_entered++] = h->tb_entered;
  if (h->entered)
    d->entered[d->nentered++] = h->entered;
  if (h->boundary)
    d->boundary[d->nboundary++] = h->boundary;
}

void rt_fire_translated(dbt *d, const dbt_block *blk) {
  for (unsigned i = 0; i < d->nhooks; i++)
    if (d->hooks[i]->translated)
      d->hooks[i]->translated(d, blk);
}

void rt_fire_left(dbt *d, uint32_t a, int inside) {
  for (unsigned i = 0; i < d->nhooks; i++)
    if (d->hooks[i]->left)
      d->hooks[i]->left(d, a, inside);
}

/* ------------------------------------------------------------ block table */

static uint32_t hash(uint32_t pc) {
  return (pc >> 2) * 2654435761u;
}

rec *rt_find(dbt *d, uint32_t pc, int add) {
  for (uint32_t i = hash(pc) & d->tab_mask;; i = (i + 1) & d->tab_mask) {
    rec *r = &d->tab[i];
    if (r->insns && r->pc == pc)
      return r;
    if (!r->insns) {
      if (!add)
        return NULL;
      if (d->nblocks == d->cap_blocks || 2 * (d->tab_used + 1) > d->tab_mask)
        return NULL;
      r->pc = pc;
      r->id = d->nblocks;
      r->gen = UINT32_MAX;
      r->insns = UINT32_MAX; /* set by the translation */
      d->by_id[d->nblocks++] = i;
      d->tab_used++;
      return r;
    }
  }
}

/* ------------------------------------------------------------ code cache */

void rt_code_wrote(dbt *d, uint32_t addr, uint32_t len, int patch) {
  if (patch) /* Unicorn may hold a translation of the old code */
    vboard_code_changed(d->b, addr, len);
  vboard_code_write(d->b, addr, len);
  if (d->o.omit_cache_sync != VBOARD_SYNC_BOTH)
    vboard_code_sync(d->b, addr, len, VBOARD_SYNC_BOTH & ~d->o.omit_cache_sync);
}

void rt_reset_jump_table(dbt *d) {
  for (uint32_t i = 0; i < DBT_JT_ENTRIES; i++) {
    wr32(d, DBT_STATE + DBT_ST_JT + 8 * i, 0xFFFFFFFFu); /* never a guest pc */
    wr32(d, DBT_STATE + DBT_ST_JT + 8 * i + 4, DBT_STUBS + 8 * DBT_EXIT_INDIRECT);
  }
}

void rt_flush(dbt *d) {
  d->gen++;
  rt_windows_reset(d);
  memset(d->entry_insns, 0, d->o.code_size / 4 * sizeof *d->entry_insns);
  memset(d->entry_id, 0, d->o.code_size / 4 * sizeof *d->entry_id);
  memset(d->sb_code, 0, d->o.code_size / 4);
  memset(d->fall_in, 0, d->o.code_size / 4);
  d->nstarts = 0;
  d->nlinks = 0;
  for (unsigned i = 0; i < d->nhooks; i++)
    if (d->hooks[i]->flushed)
      d->hooks[i]->flushed(d);
  if (rt_disp_on_board(d)) { /* the board's map, links and jump table too */
    xlate_disp q = {.op = XLATE_FLUSH};
    rt_disp(d, &q, 0);
  }
  rt_reset_jump_table(d);
  vboard_code_changed(d->b, DBT_CODE, d->o.code_size);
  d->st.flushes++;
}

void rt_fetch_limit(dbt *d, uint32_t pc) {
  uint32_t p = pc / DBT_PAGE, end = DBT_GUEST_TOP / DBT_PAGE;
  while (p < end && d->g.exec[p])
    p++;
  d->core.text_size = p * DBT_PAGE - d->core.text_base;
}

void rt_code_placed(dbt *d, const dbt_place *pl, uint32_t n) {
  rt_code_wrote(d, DBT_CODE + pl->at, n, 0);
  if (pl->cold_used)
    rt_code_wrote(d, DBT_CODE + pl->cold_at, pl->cold_used, 0);
}

/* A block to translate (rt_place's emitter): guest pc, its id, its description. */
struct unit {
  uint32_t pc, id;
  dbt_block blk;
};

/* Event words (translate.h): the far keys' slots, twice as many at each growth. */
#define WORDS_FIRST 1024u

static int words_alloc(dbt_words *w, uint32_t base, uint32_t cap) {
  *w = (dbt_words){base,
                   0,
                   cap,
                   malloc((size_t)cap * sizeof *w->key),
                   calloc(2 * (size_t)cap, sizeof *w->index),
                   2 * cap - 1};
  if (w->key && w->index)
    return 0;
  free(w->key);
  free(w->index);
  return -1;
}

int rt_words_init(dbt *d) {
  if (!rt_hw_mode(d) || !d->core.probe_window)
    return 0;
  if (words_alloc(&d->words, 0, WORDS_FIRST) < 0)
    return -1;
  d->core.words = &d->words;
  return 0;
}

void rt_words_free(dbt *d) {
  free(d->words.key);
  free(d->words.index);
}

int rt_words_room(dbt *d) {
  dbt_words *w = d->core.words, more;
  if (!w || w->cap - w->n >= DBT_FAR_UNIT)
    return 0;
  if (words_alloc(&more, w->base, 2 * w->cap) < 0)
    return errf(d->failed, sizeof d->failed, "out of memory for %u far event words", 2 * w->cap),
           -1;
  for (uint32_t i = 0; i < w->n; i++)
    dbt_words_slot(&more, w->key[i]); /* (slot i again: given in the same order) */
  rt_words_free(d);
  *w = more;
  return 0;
}

static int translate_block(dbt *d, dbt_place *pl, void *ctx) {
  struct unit *u = ctx;
  return rt_translate(d, u->pc, pl, u->id, &u->blk);
}

uint32_t rt_block_host(dbt *d, uint32_t pc, int *sig, char *err, size_t errlen) {
  if (pc & 3) {
    *sig = DBT_SIGBUS; /* address error on fetch */
    return 0;
  }
  if (!guest_executable(&d->g, pc)) {
    *sig = DBT_SIGSEGV;
    return 0;
  }
  rec *r = rt_find(d, pc, 1);
  if (!r) {
    *sig = 0;
    errf(err, errlen, "too many distinct blocks (%u)", d->nblocks);
    return 0;
  }
  if (r->gen == d->gen)
    return r->host;
  struct unit u = {pc, r->id, {0}};
  dbt_place pl;
  rt_span span = rt_work_begin(d, DBT_CYC_TRANSLATE);
  rt_fetch_limit(d, pc);
  if (rt_words_room(d) < 0) {
    rt_work_end(d, &span);
    *sig = 0;
    errf(err, errlen, "%s", d->failed);
    return 0;
  }
  int fell, n = rt_place_block(d, pc, translate_block, &u, &pl, &fell);
  if (n == 0) {
    rt_flush(d);
    n = rt_place_block(d, pc, translate_block, &u, &pl, &fell);
  }
  d->st.translate_ns += rt_work_end(d, &span);
  if (n == RT_XLATE_FAILED) {
    *sig = 0;
    errf(err, errlen, "%s", d->failed);
    return 0;
  }
  if (n > 0) {
    if (fell) /* (Unicorn may hold a translation of the b it replaces) */
      vboard_code_changed(d->b, DBT_CODE + pl.at, 4);
    rt_code_placed(d, &pl, (uint32_t)n);
  }
  if (n <= 0) {
    *sig = n < 0 ? DBT_SIGSEGV : 0;
    if (n == 0)
      errf(err, errlen, "the block at %#x does not fit in the code cache", pc);
    return 0;
  }
  const dbt_block *blk = &u.blk;
  if (r->insns == UINT32_MAX)
    d->st.distinct_blocks++;
  r->host = blk->host_addr;
  r->skip = 0;
  r->gen = d->gen;
  r->insns = blk->guest_insns;
  r->flags = blk->flags;
  r->fell = (uint32_t)fell;
  uint32_t slot = (blk->host_addr - DBT_CODE) / 4;
  d->entry_insns[slot] = (uint16_t)blk->guest_insns;
  d->entry_id[slot] = r->id + 1;
  rt_fire_translated(d, blk);
  d->st.blocks_translated++;
  d->st.guest_insns_translated += blk->guest_insns;
  d->st.code_bytes += (uint32_t)n + pl.cold_used - 4u * (uint32_t)fell;
  d->st.fell_through += (uint32_t)fell;
  d->st.prof_insns += blk->prof_insns;
  if (d->o.dump) {
    if (fell)
      fprintf(d->o.dump,
              "  (over the b that ended the block before: its way not taken falls in)\n");
    rt_dump_block(d, blk);
    rt_dump_cold(d, &pl);
  }
  return blk->host_addr;
}

int rt_sb_start(dbt *d, uint32_t w, uint32_t id) {
  if (rt_grow(&d->starts, d->nstarts, &d->starts_cap, sizeof *d->starts, 256) < 0)
    return -1;
  if (!d->entry_id[w])
    d->entry_id[w] = (uint32_t)d->nstarts + 1;
  d->entry_insns[w] = 1; /* (a start: the members' records say how many instructions) */
  d->starts[d->nstarts++] = (struct rt_start){w, id};
  return 0;
}

uint32_t rt_blocks_at(dbt *d, uint32_t w, void (*fn)(dbt *d, uint32_t id)) {
  if (!d->sb_code[w]) {
    if (fn)
      fn(d, d->entry_id[w] - 1);
    return d->entry_id[w] - 1;
  }
  uint32_t id = 0;
  for (size_t k = d->entry_id[w] - 1; k < d->nstarts && d->starts[k].w == w; k++) {
    id = d->starts[k].id;
    if (fn)
      fn(d, id);
  }
  return id;
}

/* Guest block id was entered: inline in rt_observe, the board's every block. */
static inline void enter_block(dbt *d, uint32_t id) {
  d->st.guest_insns += d->tab[d->by_id[id]].insns;
  d->st.blocks_executed++;
  d->exec[id]++;
  for (unsigned i = 0; i < d->nentered; i++)
    d->entered[i](d, id);
  if (d->o.progress && !(d->st.blocks_executed & 0xFFFFF))
    d->o.progress(d->o.progress_ctx, d->st.guest_insns);
}

/* The guest blocks whose translations start at code word w, in a superblock, were
 * entered. */
static void enter_superblock(dbt *d, uint32_t w) {
  uint64_t before = d->st.guest_insns;
  rt_blocks_at(d, w, enter_block);
  d->st.superblock_insns += d->st.guest_insns - before;
}

uint64_t rt_board_ns(const dbt *d) {
  return (uint64_t)((unsigned __int128)vboard_cycles(d->b) * 1000000000u / vboard_cpu_hz(d->b));
}

/* The run may stop (cycle limit, a signal to hwprof) only before a guest block's
 * translation -- a plain block, or a superblock or one of its members -- where
 * every probe of the code before has run: not before a side exit's or a trap's
 * out-of-line code, whose probe or exit has not. */
int rt_stop_point(void *ctx, uint32_t addr) {
  dbt *d = ctx;
  uint32_t off = addr - DBT_CODE;
  return off < d->used && d->entry_id[off / 4];
}

/* Counts guest instructions and block entries as the CPU enters blocks: the
 * block starting at addr, or in a superblock, every member start that the
 * PowerPC block [addr, addr + size) covers (members reached by fall-through). */
void rt_observe(void *ctx, uint32_t addr, uint32_t size) {
  dbt *d = ctx;
  if (d->on_board) /* the runtime's own code (onboard.c), not the guest's */
    return;
  uint32_t off = addr - DBT_CODE, w = off / 4;
  d->tb_at = addr; /* where a fault inside it happened is found from here (fault_insn) */
  d->tb_end = addr + size;
  for (unsigned i = 0; i < d->ntb_entered; i++)
    d->tb_entered[i](d);
  if (d->pause) { /* a feature's work before this block runs (a recorded superblock) */
    vboard_pause(d->b);
    return;
  }
  if (d->wake_at && vboard_cycles(d->b) >= d->wake_at && rt_stop_point(d, addr)) {
    d->woke = 1; /* a feature's time has come (a guest timer's signal): before this block */
    vboard_pause(d->b);
    return;
  }
  int went_on = d->tb_ran_end == addr; /* from the PowerPC block before, not by a branch */
  d->tb_ran_end = addr + size;
  if (off < d->used) {
    if (!d->sb_code[w]) {
      if (d->entry_insns[w] && !(went_on && d->fall_in[w]))
        enter_block(d, d->entry_id[w] - 1); /* (rt_blocks_at's, outside superblocks) */
    } else {
      uint32_t end = (off + size < d->used ? off + size : d->used) / 4;
      for (; w < end; w++)
        if (d->entry_insns[w])
          d->sb_code[w] ? enter_superblock(d, w) : enter_block(d, d->entry_id[w] - 1);
    }
  }
  for (unsigned i = 0; i < d->nboundary; i++)
    d->boundary[i](d);
}

/* ------------------------------------------------------------ chaining */

int rt_link(dbt *d, uint32_t at, uint32_t pc, uint32_t w) {
  wr32(d, at & ~1u, w);
  rt_code_wrote(d, at & ~1u, 4, 1);
  if (rt_grow(&d->links, d->nlinks, &d->links_cap, sizeof *d->links, 1024) < 0)
    return -1;
  d->links[d->nlinks++] = (struct rt_link){at, pc};
  return 0;
}

/* With the dispatcher on the board, the board has written the same word there (else
 * d->failed). */
void rt_patch(dbt *d, uint32_t at, uint32_t w, uint32_t pc) {
  rt_disp_wrote(d, at, w, pc);
  wr32(d, at, w);
  rt_code_wrote(d, at, 4, 1);
}

/* The runtime's side of a redirection (rt_redirect, rt_redirect_member), after the
 * board's request: the same words, checked against the board's. */
static void redirect(dbt *d, rec *h, uint32_t host, uint32_t skip) {
  if (h->gen == d->gen) {
    uint32_t old = h->host, w = dbt_chain_word(old, host + (h->fell ? skip : 0));
    if (w) {
      rt_patch(d, old, w, h->pc);
      d->entry_insns[(old - DBT_CODE) / 4] = 0;
      d->entry_id[(old - DBT_CODE) / 4] = 0;
    }
  }
  rt_links_to(d, h->pc, host + skip); /* the predecessors chained to it branch straight here */
  h->host = host;
  h->skip = skip;
  h->gen = d->gen;
  uint32_t jt = DBT_STATE + DBT_ST_JT + 8 * ((h->pc >> 2) & (DBT_JT_ENTRIES - 1));
  if (rd32(d, jt) == h->pc) {
    rt_disp_wrote(d, jt + 4, host, h->pc);
    wr32(d, jt + 4, host);
  }
}

void rt_redirect_member(dbt *d, rec *h, uint32_t host) {
  if (!rt_disp_on_board(d) || rt_rg_move(d, h->pc, host) == 0)
    redirect(d, h, host, 0);
}

void rt_redirect(dbt *d, rec *h, uint32_t host, uint32_t skip) {
  if (skip > XLATE_SKIP_MAX) /* (a far word's 4-instruction probe: every entry runs it) */
    skip = 0;
  if (rt_disp_on_board(d)) {
    xlate_disp q = {.op = XLATE_REDIRECT, .pc = h->pc, .host = host, .skip = skip, .fell = h->fell};
    if (rt_disp(d, &q, 0) == 0 && q.full)
      errf(d->failed, sizeof d->failed,
           "the dispatcher on the board holds at most %u distinct blocks: the superblock at "
           "%#x does not fit in its map",
           XLATE_MAP_SLOTS / 2, h->pc);
    else if (q.err == 1)
      errf(d->failed, sizeof d->failed,
           "the dispatcher on the board redirected %#x to a superblock it did not translate last",
           h->pc);
    else if (q.err == 2)
      errf(d->failed, sizeof d->failed,
           "the choice of superblock heads on the board holds at most %u superblocks' event "
           "words or counters: the superblock at %#x does not fit",
           XLATE_HEADS_WORDS_CAP / 4 * 3, h->pc);
  }
  redirect(d, h, host, skip);
}

void rt_links_to(dbt *d, uint32_t pc, uint32_t host) {
  for (size_t i = 0; i < d->nlinks; i++) {
    uint32_t at = d->links[i].at & ~1u, w;
    if (d->links[i].pc != pc)
      continue;
    w = (d->links[i].at & 1) ? dbt_retarget_bc(rd32(d, at), at, host) : dbt_chain_word(at, host);
    if (w)
      rt_patch(d, at, w, pc);
  }
}

/* ------------------------------------------------------------ guest registers */

void rt_read_gprs(dbt *d, uint32_t m[32]) {
  const int8_t *hr = dbt_host_regs(&d->core);
  uint32_t p[32];
  vboard_get_gprs(d->b, p);
  m[0] = 0;
  for (int i = 1; i < 32; i++)
    m[i] = hr[i] >= 0 ? p[hr[i]] : rd32(d, DBT_STATE + DBT_ST_GPR(i));
}

void rt_wake_at(dbt *d, uint64_t cycle) {
  d->wake_at = cycle;
}

void rt_write_gpr(dbt *d, unsigned i, uint32_t v) {
  if (i == 0)
    return;
  if (i == 28 || i == 29)
    d->kept_written = 1;
  const int8_t *hr = dbt_host_regs(&d->core);
  if (hr[i] >= 0)
    vboard_set_gpr(d->b, (unsigned)hr[i], v);
  else
    wr32(d, DBT_STATE + DBT_ST_GPR(i), v);
}

/* ------------------------------------------------------------ pc maps */

uint32_t rt_start_word_of(dbt *d, uint32_t a) {
  for (uint32_t w = (a - DBT_CODE) / 4 + 1; w-- > 0;)
    if (d->entry_id[w])
      return w;
  return UINT32_MAX;
}

uint32_t rt_guest_pc_of(dbt *d, uint32_t a) {
  uint32_t w = rt_start_word_of(d, a);
  return w == UINT32_MAX ? 0 : d->tab[d->by_id[rt_blocks_at(d, w, NULL)]].pc;
}

uint32_t rt_guest_insn_of(dbt *d, uint32_t a) {
  uint32_t pc = rt_guest_pc_of(d, a), k = d->insn_of[(a - DBT_CODE) / 4] & DBT_INSN_INDEX;
  return pc && k && k != DBT_INSN_COLD ? pc + 4 * (k - 1) : pc;
}
