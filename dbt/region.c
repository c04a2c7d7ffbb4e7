/*
 * region.c - probe regions (--regions): the hot blocks translated again so that most
 * of their entries run no probe, their counts derived at readout (after Ball and
 * Larus, "Optimally profiling and tracing programs", 1994: count where the flow cannot
 * be derived, derive the rest).
 *
 * Once the IP has found the hot blocks (their counts reach the threshold), the
 * runtime translates them again as the members of a region:
 *
 *   - a member's probe stays at its head, under an event word of its own (its head
 *     word), and counts its entries from outside the region: the dispatcher, the
 *     indirect-jump table, branches chained in other code;
 *   - a member A may have one derived way out: a direct branch into another member
 *     B's body, past B's probe, counted by nothing.  A's other direct ways out are
 *     then counted, each under an event word of its own, its probe out of line (the
 *     code that runs holds no word of it), and go into a member's body or out to a
 *     block outside.  Without a derived way, A's ways out are plain chain exits, to
 *     their targets' heads.
 *
 * So a member's count is its head word's, plus each counted way's into its body,
 * plus each derived way's: c_A - (A's counted ways) - (the times the run stopped
 * inside A).  The derived ways are chosen one per member at most, with no cycle among
 * them (a count needs its predecessor's first), the heaviest first by the IP's counts
 * when the region forms: a way's weight is min(c_A, c_B / B's chained predecessors),
 * and a way is derived only where A's other ways are rare (RG_RARE times fewer: their
 * probes cost a branch and an instruction-cache line out of line each time they run;
 * the choice measured on the suite and the Lua interpreter, docs/translator.md).  A
 * block that ends in an indirect jump takes no way into its body: the IP pairs its
 * event with its target's (the edge profile).  A region formed again first reads what
 * the newest one's ways ran (review: its words' counts, derived as at readout), and a
 * member whose counted ways ran more than 1 / RG_RARE of its derived way derives no more.
 * The choice, and the order the members are laid out in (chains along their ways, the
 * code that ran in the newest region first), are the region's plan: regionplan.c, from
 * the estimates made here.
 *
 * Regions form when enough blocks have turned hot (RG_BATCH, and RG_GROWTH times as
 * many as the newest region has members): all the hot blocks, the members among them
 * again, translated as one new region; each member's entry is redirected in place as a
 * superblock's head is (rt_redirect: its old first word becomes a branch to the new
 * one, and so do the branches chained to it and its indirect-jump table entry).  Each
 * region is an instance with its own event words; code of an older one that still runs
 * (the CPU was inside it) derives its counts within it, and reaches the newer one only
 * through entries, which count.  A block's count is its own word's (before it joined a
 * region) plus its count in every instance.
 *
 * With --member-probes every member keeps its probe on every way in (no derived way):
 * the regions' code, relocated, without their savings, for comparison.
 *
 * With --profile hw; not with superblocks, --all-edges or --cct, whose streams need
 * every block's event.  With the runtime on the board the board's CPU does the forming's
 * work, each step checked against the runtime's (onregion.c): the plan, the members'
 * translations, their moves and the ways' links; the estimates are made here.
 */
#include <stdlib.h>
#include <string.h>

#include "regionplan.h"
#include "runtime.h"

/* The regions' event words: kseg2, never a user program's block (superblocks' are
 * below, sbcount.c). */
#define RG_KEYS     0xF0000000u
#define RG_KEYS_MAX 0x04000000u
#define RG_BATCH    16u /* hot blocks that form a region, at least */
#define RG_GROWTH   3u  /* ... and times the newest region's members */
#define RG_RARE     16u /* a derived way is RG_RARE times its member's other ways, at least */
#define RG_NONE     DBT_RG_NONE

typedef struct rg_member {
  uint32_t id, pc;
  uint32_t head;                           /* its head word's number */
  uint32_t way_word[DBT_MEMBER_WAYS];      /* counted ways' words (RG_NONE: no such) */
  uint32_t way_into[DBT_MEMBER_WAYS];      /* ... into this member's body (RG_NONE: out) */
  uint32_t derive;                         /* the member its derived way enters, or RG_NONE */
  uint32_t lo, hi, cold_lo, cold_hi, body; /* its code and its out-of-line code */
  uint32_t left, unentered;                /* rg_left */
} rg_member;

/* One region: its members m[first, first + n), in the cache generation gen. */
typedef struct rg_inst {
  uint32_t gen;
  size_t first, n;
} rg_inst;

struct rt_regions {
  rg_member *m;
  size_t nm, m_cap;
  rg_inst *inst;
  size_t ninst, inst_cap;
  uint32_t words;  /* event words given */
  uint8_t *is_hot; /* per block id: reported hot */
  uint32_t *hot;   /* their ids, in order */
  size_t nhot, hot_cap;
  size_t members;   /* hot blocks in the newest region */
  uint32_t *latest; /* per block id: 1 + its member in the newest region (0: none) */
  uint8_t *costly;  /* per block id: its derived way did not pay (review) */
};

static uint32_t word_key(uint32_t w) {
  return RG_KEYS + 4 * w;
}

/* The number of region word key (flags ignored), or RG_NONE. */
static uint32_t word_of(const rt_regions *g, uint32_t key) {
  key &= ~3u;
  return key >= RG_KEYS && (key - RG_KEYS) / 4 < g->words ? (key - RG_KEYS) / 4 : RG_NONE;
}

/* ------------------------------------------------------------ forming */

/* Enough blocks have turned hot since the newest region to form the next: RG_BATCH, and
 * three times as many hot blocks as the newest region has members (a region formed again
 * translates every hot block again; one and a half times cost Lua 2.3 % of its run and
 * SQLite 2.7 % on the board, docs/translator.md). */
static int due(const rt_regions *g) {
  return g->nhot >= g->members + RG_BATCH && g->nhot >= RG_GROWTH * g->members;
}

/* The counts of region x's members from its words' counts cnt, added into add by block
 * id; with costly, each member whose counted ways ran more than 1 / RG_RARE of its
 * derived way's flow marked there (readout, below). -1: out of memory. */
static int derive(const rt_regions *g, const rg_inst *x, const uint64_t *cnt, uint64_t *add,
                  uint8_t *costly);

/* The newest region, if it is in the current cache (NULL: none). */
static const rg_inst *newest(const dbt *d) {
  const rt_regions *g = d->rg;
  const rg_inst *x = g->ninst ? &g->inst[g->ninst - 1] : NULL;
  return x && x->gen == d->gen ? x : NULL;
}

/* What the IP has counted so far of the newest region's words, by word number (read
 * once a forming, for the estimates and the review); NULL when there is no newest
 * region or no memory. */
static uint64_t *newest_counts(dbt *d) {
  const rt_regions *g = d->rg;
  const rg_inst *x = newest(d);
  uint64_t *cnt = x ? calloc(g->words, sizeof *cnt) : NULL;
  for (size_t k = x ? x->first : 0; cnt && k < x->first + x->n; k++) {
    const rg_member *m = &g->m[k];
    cnt[m->head] = rt_ip_count(d, word_key(m->head));
    for (unsigned j = 0; j < DBT_MEMBER_WAYS; j++)
      if (m->way_word[j] != RG_NONE)
        cnt[m->way_word[j]] = rt_ip_count(d, word_key(m->way_word[j]));
  }
  return cnt;
}

/* What the newest region's derived ways did so far (cnt: newest_counts): members whose
 * counted ways ran more than 1 / RG_RARE of their derived way's flow derive no more
 * (g->costly), whatever the estimates say.  Returns each block's entries in that region
 * by block id (the caller frees it), NULL when there is none. */
static uint64_t *review(dbt *d, const uint64_t *cnt) {
  uint64_t *add = cnt ? calloc(d->nblocks, sizeof *add) : NULL;
  if (add && derive(d->rg, newest(d), cnt, add, d->rg->costly) < 0) {
    free(add);
    add = NULL;
  }
  return add;
}

/* A member-to-be: its ways out as the translator will emit them (their targets'
 * addresses; the plan's dbt_rg_cand, beside it, has them as candidates, and the way
 * the plan chose), where it is in the region. */
struct cand {
  rec *r;
  uint32_t to[DBT_MEMBER_WAYS], flags;
  unsigned ways;
  dbt_member spec;
  dbt_member_out out;
  dbt_block blk;
  dbt_place pl;
};

struct form {
  dbt *d;
  struct cand *c;
  dbt_rg_cand *p; /* the plan's view of each (regionplan.h) */
  size_t n;
  uint32_t *ix;    /* per block id: 1 + candidate (0: none) */
  uint32_t *order; /* the plan's: the order the members are placed in */
};

static uint32_t cand_of(const struct form *f, uint32_t pc) {
  rec *r = rt_find(f->d, pc, 0);
  return r && f->ix[r->id] ? f->ix[r->id] - 1 : RG_NONE;
}

/* The estimated entries of candidate k: its own word's count, and its head word's in
 * the newest region (cnt: newest_counts, or NULL: read here). */
static uint64_t estimate(dbt *d, const struct cand *k, const uint64_t *cnt) {
  uint64_t n = rt_ip_count(d, k->r->pc);
  uint32_t m = d->rg->latest[k->r->id];
  if (m) {
    uint32_t head = d->rg->m[m - 1].head;
    n += cnt ? cnt[head] : rt_ip_count(d, word_key(head));
  }
  return n;
}

static int translate_member(dbt *d, dbt_place *pl, void *ctx) {
  struct cand *k = ctx;
  return rt_translate_member(d, k->r->pc, &k->spec, pl, &k->blk, &k->out);
}

/* Word at `at` (in the code of the member at guest pc) now branches to `to` (a b, or a
 * bc when it reaches); 0 when neither.  On the board first (onregion.c). */
static int branch_to(dbt *d, uint32_t at, uint32_t to, uint32_t pc) {
  uint32_t w = dbt_branch_to(rd32(d, at), at, to);
  if (rt_disp_on_board(d) && rt_rg_link(d, at, to, w, pc) < 0)
    return 0;
  if (!w)
    return 0;
  wr32(d, at, w);
  rt_code_wrote(d, at, 4, 1);
  return 1;
}

/* The ways of candidate a into members' bodies: its derived way, and its counted ways
 * that enter a member. */
static void link_ways(struct form *f, size_t a, rg_member *m) {
  dbt *d = f->d;
  struct cand *k = &f->c[a];
  for (unsigned i = 0; i < k->out.ways; i++) {
    uint32_t b = cand_of(f, k->out.way_to[i]);
    int derived = m->derive != RG_NONE && b == m->derive && !k->out.way_counted[i];
    if (b == RG_NONE || (!derived && !k->out.way_counted[i]) ||
        f->c[b].flags == HWPROF_EVENT_INDIRECT)
      continue; /* (a block ending in an indirect jump is entered at its probe) */
    uint32_t body = f->c[b].out.body;
    /* a derived way straight from its branch when it reaches, else (and a counted way,
     * after its probe) from its stub's bl */
    if (!(!k->out.way_counted[i] && branch_to(d, k->out.way_site[i], body, k->r->pc)) &&
        !branch_to(d, k->out.way_stub[i], body, k->r->pc))
      continue; /* (cannot happen: a b reaches the whole cache) */
    for (unsigned j = 0; j < DBT_MEMBER_WAYS && !derived; j++)
      if (m->way_word[j] != RG_NONE && k->spec.count_to[j] == k->out.way_to[i])
        m->way_into[j] = b;
  }
}

/* Whether the translation of candidate a went out the ways its spec was made for:
 * the derived one plain, the others counted (an instruction the translator cannot
 * run ends a block sooner). */
static int ways_as_planned(const struct cand *k, const dbt_rg_cand *p) {
  if (p->derive_way == RG_NONE)
    return 1;
  unsigned plain = 0;
  for (unsigned i = 0; i < k->out.ways; i++) {
    if (k->out.way_to[i] == k->to[p->derive_way])
      plain += !k->out.way_counted[i];
    else if (!k->out.way_counted[i])
      return 0;
  }
  return plain > 0;
}

/* Translates candidate a as member g->nm + a of the region being formed, its words
 * numbered from *w on.  RT_XLATE_FAILED, or -1: no room (the cache is flushed when a
 * block needs it). */
static int translate_one(dbt *d, struct form *f, size_t a, uint32_t *w) {
  struct cand *k = &f->c[a];
  dbt_rg_cand *p = &f->p[a];
  rg_member *m = &d->rg->m[d->rg->nm + a];
  memset(m, 0, sizeof *m);
  memset(&k->spec, 0, sizeof k->spec);
  m->id = k->r->id;
  m->pc = k->r->pc;
  m->head = (*w)++;
  m->derive = p->derive;
  k->spec.head_key = word_key(m->head);
  for (unsigned i = 0, j = 0; i < DBT_MEMBER_WAYS; i++) {
    m->way_word[i] = m->way_into[i] = RG_NONE;
    if (p->derive_way == RG_NONE || i >= k->ways || k->to[i] == k->to[p->derive_way])
      continue;
    m->way_word[j] = *w;
    k->spec.count_to[j] = k->to[i];
    k->spec.count_key[j++] = word_key((*w)++);
  }
  rt_fetch_limit(d, k->r->pc);
  if (rt_words_room(d) < 0)
    return -1;
  int n = rt_place(d, RT_BLOCKS, translate_member, k, &k->pl);
  if (n == RT_XLATE_FAILED || n <= 0)
    return n == RT_XLATE_FAILED ? n : -1;
  m->lo = k->blk.host_addr;
  m->hi = k->blk.host_addr + (uint32_t)n;
  m->cold_lo = DBT_CODE + k->pl.cold_at;
  m->cold_hi = m->cold_lo + k->pl.cold_used;
  m->body = k->out.body;
  if (!ways_as_planned(k, p))
    m->derive = RG_NONE;
  return 0;
}

/* Translates the candidates as one region and redirects their entries to it.  -1:
 * out of memory or of room (nothing redirected; the run goes on without it). */
static int form(dbt *d, struct form *f) {
  rt_regions *g = d->rg;
  size_t words = 0;
  for (size_t a = 0; a < f->n; a++)
    words += 1 + (f->p[a].derive_way == RG_NONE ? 0 : f->c[a].ways - 1);
  if (g->words + words > RG_KEYS_MAX ||
      rt_grow(&g->inst, g->ninst, &g->inst_cap, sizeof *g->inst, 16) < 0)
    return -1;
  while (g->m_cap < g->nm + f->n)
    if (rt_grow(&g->m, g->m_cap, &g->m_cap, sizeof *g->m, 256) < 0)
      return -1;
  uint32_t w = g->words;
  for (size_t i = 0; i < f->n; i++) {
    int rc = translate_one(d, f, f->order[i], &w);
    if (rc < 0) { /* (the members translated will not run) */
      while (i-- > 0)
        rt_code_dropped(d, &f->c[f->order[i]].pl);
      return rc;
    }
  }
  /* Every member translated: their code placed, their entries redirected, then the
   * ways into bodies linked. */
  for (size_t a = 0; a < f->n; a++) {
    struct cand *k = &f->c[a];
    rt_code_placed(d, &k->pl, k->blk.host_size);
    /* A block starts at its head and at its body; the CPU that goes on from the
     * head's probe into the body does not enter it again. */
    for (int at = 0; at < 2; at++) {
      uint32_t slot = ((at ? k->out.body : k->out.entry) - DBT_CODE) / 4;
      d->entry_insns[slot] = (uint16_t)k->blk.guest_insns;
      d->entry_id[slot] = k->r->id + 1;
      d->fall_in[slot] = (uint8_t)at;
    }
    rt_fire_translated(d, &k->blk);
    d->st.code_bytes += k->blk.host_size + k->pl.cold_used;
    d->st.prof_insns += k->blk.prof_insns;
    d->st.guest_insns_translated += k->blk.guest_insns;
    d->st.region_members++;
    rt_redirect_member(d, k->r, k->out.entry);
  }
  for (size_t a = 0; a < f->n; a++) {
    link_ways(f, a, &g->m[g->nm + a]);
    uint32_t b = g->m[g->nm + a].derive;
    d->st.region_derived += b != RG_NONE;
    d->st.region_adjacent += b != RG_NONE && g->m[g->nm + a].hi == g->m[g->nm + b].lo;
    if (d->o.dump)
      rt_dump_block(d, &f->c[a].blk);
  }
  for (size_t a = 0; a < f->n; a++)
    g->latest[f->c[a].r->id] = (uint32_t)(g->nm + a) + 1;
  g->inst[g->ninst++] = (rg_inst){d->gen, g->nm, f->n};
  g->nm += f->n;
  g->words = w;
  g->members = f->n;
  d->st.regions++;
  return 0;
}

/* With the runtime on the board, the board makes the plan too, which must be the same
 * (onregion.c).  0; -1: more candidates than the board's room (no region);
 * RT_XLATE_FAILED: the board stopped or its plan differs (d->failed). */
static int plan_on_board(dbt *d, const struct form *f) {
  if (!rt_disp_on_board(d))
    return 0;
  uint32_t *pcs = malloc(f->n * sizeof *pcs + 1);
  if (!pcs)
    return -1;
  for (size_t a = 0; a < f->n; a++)
    pcs[a] = f->c[a].r->pc;
  int rc = rt_rg_plan(d, f->p, pcs, (uint32_t)f->n, RG_RARE, !d->o.member_probes, f->order);
  free(pcs);
  return rc < 0 ? RT_XLATE_FAILED : -rc;
}

/* The region the hot blocks make now, when enough have turned hot since the last. */
void rt_region_form(dbt *d) {
  rt_regions *g = d->rg;
  if (!g || !d->pause || !due(g))
    return;
  d->pause = 0;
  rt_span span = rt_work_begin(d, DBT_CYC_TRANSLATE);
  struct form f = {d, calloc(g->nhot, sizeof *f.c),        calloc(g->nhot, sizeof *f.p),
                   0, calloc(d->cap_blocks, sizeof *f.ix), malloc(g->nhot * sizeof *f.order)};
  uint64_t *scratch = malloc(DBT_RG_SCRATCH(g->nhot) * sizeof *scratch);
  int rc = -1;
  if (!f.c || !f.p || !f.ix || !f.order || !scratch)
    goto out;
  for (size_t i = 0; i < g->nhot; i++) {
    rec *r = &d->tab[d->by_id[g->hot[i]]];
    struct cand *k = &f.c[f.n];
    if (r->gen != d->gen)
      continue; /* (not in the cache now: its next translation is a block's) */
    k->r = r;
    k->ways = dbt_block_ways(&d->core, r->pc, k->to, &k->flags);
    f.ix[r->id] = (uint32_t)++f.n;
  }
  uint64_t *cnt = newest_counts(d);
  for (size_t a = 0; a < f.n; a++)
    f.p[a].count = estimate(d, &f.c[a], cnt);
  uint64_t *now = review(d, cnt);
  for (size_t a = 0; a < f.n; a++) {
    struct cand *k = &f.c[a];
    dbt_rg_cand *p = &f.p[a];
    p->recent = now && g->latest[k->r->id] ? now[k->r->id] : p->count;
    p->ways = k->ways;
    for (unsigned i = 0; i < k->ways; i++)
      p->to[i] = cand_of(&f, k->to[i]);
    p->no_way_in = k->flags == HWPROF_EVENT_INDIRECT; /* (the IP pairs its event) */
    p->no_derive = g->costly[k->r->id];
  }
  free(now);
  free(cnt);
  for (size_t i = 0; i < d->nlinks; i++) {
    uint32_t b = cand_of(&f, d->links[i].pc);
    if (b != RG_NONE)
      f.p[b].preds++;
  }
  for (size_t a = 0; a < f.n; a++) /* the block that falls into it, unlinked (window.c) */
    f.p[a].preds += f.c[a].r->fell && f.c[a].r->gen == d->gen;
  /* (--member-probes: no derived ways) */
  dbt_rg_plan(f.p, (uint32_t)f.n, RG_RARE, !d->o.member_probes, f.order, scratch);
  rc = plan_on_board(d, &f);
  if (rc == 0)
    rc = form(d, &f);
  if (rc == RT_XLATE_FAILED)
    vboard_fault(d->b, "%s", d->failed);
  else if (rc < 0)
    d->st.regions_dropped++;
out:
  g->members = g->nhot; /* (formed or not: the next try waits for more) */
  free(f.c);
  free(f.p);
  free(f.ix);
  free(f.order);
  free(scratch);
  d->st.translate_ns += rt_work_end(d, &span);
}

/* ------------------------------------------------------------ the run */

/* A hot SPC from the IP: a region's word (claimed), or a block, which joins the next
 * region; enough of them and the CPU comes back at its next block to form it. */
static int rg_hot(dbt *d, uint32_t spc) {
  rt_regions *g = d->rg;
  if (word_of(g, spc) != RG_NONE)
    return 1;
  rec *r = rt_find(d, spc, 0);
  if (r && !g->is_hot[r->id]) {
    if (rt_grow(&g->hot, g->nhot, &g->hot_cap, sizeof *g->hot, 256) < 0)
      return 0; /* (no room to note it: it stays a plain block) */
    g->is_hot[r->id] = 1;
    g->hot[g->nhot++] = r->id;
    if (due(g))
      d->pause = 1;
  }
  return 0;
}

/* The run left the code at PowerPC address a: inside a member (an instruction that did
 * not complete: it left the member mid-way), or at the body of one it did not enter
 * (its way in was counted, or derived). */
static void rg_left(dbt *d, uint32_t a, int inside) {
  rt_regions *g = d->rg;
  for (size_t i = 0; i < g->ninst; i++) {
    const rg_inst *x = &g->inst[i];
    if (x->gen != d->gen)
      continue;
    for (size_t k = x->first; k < x->first + x->n; k++) {
      rg_member *m = &g->m[k];
      if (inside && ((a >= m->lo && a < m->hi) || (a >= m->cold_lo && a < m->cold_hi))) {
        m->left++;
        return;
      }
      if (!inside && a == m->body) {
        m->unentered++;
        return;
      }
    }
  }
}

static void rg_flushed(dbt *d) {
  memset(d->rg->latest, 0, d->cap_blocks * sizeof *d->rg->latest);
  d->rg->members = 0;
  d->rg->nhot = 0; /* (their words crossed: they are not reported again) */
}

/* ------------------------------------------------------------ readout */

static int64_t number(const void *ctx, uint32_t key) {
  uint32_t w = word_of(ctx, key);
  return w == RG_NONE ? -1 : (int64_t)w;
}

struct owners {
  const rt_regions *g;
  const uint32_t *owner; /* per word: its block */
};

static uint32_t key_block(const void *ctx, uint32_t spc) {
  const struct owners *o = ctx;
  uint32_t w = word_of(o->g, spc);
  return w != RG_NONE ? o->owner[w] : spc;
}

/* The counts of instance x's members, from its words' counts cnt (in add, by block
 * id): heads and counted ways in, then the derived ways, predecessors first. */
static int derive(const rt_regions *g, const rg_inst *x, const uint64_t *cnt, uint64_t *add,
                  uint8_t *costly) {
  uint64_t *c = calloc(x->n, sizeof *c);
  uint32_t *need = calloc(x->n, sizeof *need), *ready = malloc(x->n * sizeof *ready);
  size_t nready = 0, done = 0;
  if (!c || !need || !ready) {
    free(c), free(need), free(ready);
    return -1;
  }
  const rg_member *m = &g->m[x->first];
  for (size_t k = 0; k < x->n; k++) {
    c[k] += cnt[m[k].head];
    for (unsigned j = 0; j < DBT_MEMBER_WAYS; j++)
      if (m[k].way_word[j] != RG_NONE && m[k].way_into[j] != RG_NONE)
        c[m[k].way_into[j]] += cnt[m[k].way_word[j]];
    if (m[k].derive != RG_NONE)
      need[m[k].derive]++;
  }
  for (size_t k = 0; k < x->n; k++)
    if (!need[k])
      ready[nready++] = (uint32_t)k;
  while (nready) {
    size_t k = ready[--nready];
    done++;
    c[k] = c[k] > m[k].unentered ? c[k] - m[k].unentered : 0;
    add[m[k].id] += c[k];
    if (m[k].derive == RG_NONE)
      continue;
    uint64_t out = m[k].left, flow;
    for (unsigned j = 0; j < DBT_MEMBER_WAYS; j++)
      if (m[k].way_word[j] != RG_NONE)
        out += cnt[m[k].way_word[j]];
    flow = c[k] > out ? c[k] - out : 0; /* (less only if the IP lost events) */
    c[m[k].derive] += flow;
    if (costly && (out - m[k].left) * RG_RARE > flow)
      costly[m[k].id] = 1; /* its counted ways ran too often for what it saved */
    if (!--need[m[k].derive])
      ready[nready++] = m[k].derive;
  }
  free(c), free(need), free(ready);
  return done == x->n ? 0 : -1; /* (a cycle: cannot happen, choose breaks them) */
}

/* The IP's counts of the regions' words become their members' counts: in p->entries
 * (the words' entries dropped, the members' added), and in the edge table (words mapped
 * to blocks). */
static int rg_readout(dbt *d) {
  rt_regions *g = d->rg;
  if (!g->ninst)
    return 0;
  uint64_t *cnt = calloc(g->words, sizeof *cnt), *add = calloc(d->nblocks, sizeof *add);
  uint32_t *owner = calloc(g->words, sizeof *owner);
  rt_edge_table edges = {0};
  int rc = -1;
  if (!cnt || !add || !owner)
    goto out;
  dbt_hw_profile *p = rt_ip_profile(d);
  p->region_events += rt_ip_take_words(d, number, g, cnt);
  for (size_t i = 0; i < g->ninst; i++)
    if (derive(g, &g->inst[i], cnt, add, NULL) < 0)
      goto out;
  for (uint32_t id = 0; id < d->nblocks; id++)
    p->region_derived += add[id];
  for (size_t k = 0; k < g->nm; k++) {
    owner[g->m[k].head] = g->m[k].pc;
    for (unsigned j = 0; j < DBT_MEMBER_WAYS; j++)
      if (g->m[k].way_word[j] != RG_NONE)
        owner[g->m[k].way_word[j]] = g->m[k].pc;
  }
  if (rt_ip_add_blocks(d, add) < 0)
    goto out;
  rc = rt_edge_hw_remap(d, key_block, &(struct owners){g, owner}, &edges);
out:
  rt_edge_free(&edges);
  free(cnt);
  free(add);
  free(owner);
  return rc < 0 ? rt_hw_fail(d, "the regions' counts", -HWPROF_ENOSPC) : 0;
}

static void rg_free(dbt *d) {
  free(d->rg->m);
  free(d->rg->inst);
  free(d->rg->is_hot);
  free(d->rg->hot);
  free(d->rg->latest);
  free(d->rg->costly);
  free(d->rg);
  d->rg = NULL;
}

int rt_region_register(dbt *d) {
  static const rt_hooks hooks = {.what = "the probe regions' counts",
                                 .flushed = rg_flushed,
                                 .left = rg_left,
                                 .free = rg_free,
                                 .hot = rg_hot,
                                 .ip_readout = rg_readout};
  if (!d->o.regions)
    return 0;
  if (!(d->rg = calloc(1, sizeof *d->rg)))
    return -1;
  rt_register(d, &hooks);
  d->rg->is_hot = calloc(d->cap_blocks, 1);
  d->rg->latest = calloc(d->cap_blocks, sizeof *d->rg->latest);
  d->rg->costly = calloc(d->cap_blocks, 1);
  return d->rg->is_hot && d->rg->latest && d->rg->costly ? 0 : -1;
}
