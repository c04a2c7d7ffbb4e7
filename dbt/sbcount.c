/*
 * sbcount.c - exact block counts from fewer probes: a superblock's members
 * derive their entries from its head and its side exits (after Ball and Larus:
 * count where control leaves, derive the rest).
 *
 * A superblock (superblock.c) is entered only at its head and left only by its
 * side exits (cold code), by its other ways out (the path's end, the loop back to
 * its head and a loop's exit at its last member, a branch off the path, a system
 * call), or by the run's leaving it otherwise.  So instead of one probe per member,
 * it counts where its passes leave: side exit k its traversals X_k, the other ways
 * out together their passes F, each under an event word and a sw counter of its own
 * (dbt_sb_probes; counters numbered after the blocks'), and the runtime the times s_i
 * the run left member i otherwise (rt_sb_leave: a trap, a fault, an instruction the
 * translator cannot run, a signal's handler, the cycle limit).  Every pass leaves
 * once, so the head is entered
 *
 *   E = F + sum_k X_k + sum_i s_i
 *
 * times (after Ball and Larus's rule of counting where the flow cannot be derived,
 * with the count that can be, the entries, the largest of them: a pass that leaves
 * early by a side exit stores one event, where counting the entries stored two, and
 * a pass never stores more than its plain blocks would).  Member 0 is entered E
 * times, and member i+1 as often as member i went on along the path:
 *
 *   on_i = D_i - (side exits of member i) - s_i,  D_0 = E,  D_{i+1} = on_i
 *
 * The head's own probe (hw, all) fires a word of its own only for the IP's pairing of
 * an indirect jump's event with its target's, where the indirect-jump table and the
 * dispatcher enter; direct branches and the loop back enter past it (translate.h), and
 * its count is no block's.  The event words are never a block's address: the first
 * DBT_SB_NEAR_BYTES / 4 lie just below the text, within the reach of the
 * one-instruction probe (translate.h, r5), the rest at DBT_SB_KEYS and up (kseg0,
 * where no MIPS user code can be).
 * A member's count is then its own translation's probe (outside superblocks) plus
 * its D_i over every superblock it belongs to.  The hw profile (the IP's table)
 * and the sw profile (the counters) are both read this way, so the hw and sw counts
 * stay equal to each other and to the runtime's entries.  With --member-probes, or
 * when the IP counts every pair of blocks (--all-edges), members keep their own
 * probes instead.
 *
 * Indirect edges (edgeprof.c): an inlined indirect jump that goes on along the path
 * has no event, so its edge to the next member is derived (on_i traversals); a
 * side exit on an unrecorded target fires an event flagged "indirect jump", which
 * the IP pairs with the target's event, and which readout maps back to the member.
 *
 * Each formed superblock is an instance with its own event words and counters, kept
 * after a code-cache flush: counts gathered before a flush are derived with the
 * instance they were counted in.
 *
 * Example: the loop [A B C] (C branches back to A), with side exits at B (k = 0)
 * and C (k = 1): F = 60 (the loops back), X_0 = 10, X_1 = 30 give E = 100: A 100,
 * B 100, C 90, and 60 trips around the loop.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime.h"
#include "superblock.h"

struct sb_inst {
  dbt_sb_probes p;            /* its event words and counters */
  uint32_t entry_ix, exit_ix; /* its words' numbers (word_of): the end's is entry_ix + 1 */
  uint32_t gen;               /* the code cache generation it lives in */
  unsigned n;                 /* members */
  uint32_t id[DBT_TRACE_MAX];
  uint32_t pc[DBT_TRACE_MAX + 1]; /* pc[n]: where the path went after it */
  uint8_t exits[DBT_TRACE_MAX];   /* side exits per member */
  uint8_t indirect[DBT_TRACE_MAX];
  uint32_t host[DBT_TRACE_MAX + 1]; /* member i's body: [host[i], host[i + 1]) */
  uint32_t trap_addr[DBT_TRACE_MAX], trap_size[DBT_TRACE_MAX];
  uint32_t nexits;
  uint32_t exit_dest[DBT_SIDE_MAX * DBT_TRACE_MAX]; /* guest pc (0: an indirect target) */
  uint32_t exit_at[DBT_SIDE_MAX * DBT_TRACE_MAX];   /* its bc */
  uint32_t exit_hot;                                /* sw: exits reported hot (bits) */
  uint32_t exit_predicted;                          /* hw: exits whose counts were read */
  uint32_t left[DBT_TRACE_MAX]; /* times the run left member i mid-path (rt_sb_leave) */
};

int rt_sb_derived(const dbt *d) {
  /* (--cct in hw mode: every member's probe carries its weight, its calls and returns) */
  return d->o.profile != DBT_PROFILE_NONE && !d->o.all_edges && !d->o.member_probes &&
         !(d->o.cct && rt_hw_mode(d));
}

uint32_t rt_sb_words(dbt *d, uint32_t text_lo) {
  sb_state *s = d->sb;
  s->near_base = (text_lo & ~3u) - DBT_SB_NEAR_BYTES;
  s->near_cap = text_lo >= DBT_GUEST_MIN + DBT_SB_NEAR_BYTES ? DBT_SB_NEAR_BYTES / 4 : 0;
  return s->near_base;
}

/* Words are numbered: the near ones first (near_base + 4i, i < near_cap), then
 * the far ones (DBT_SB_KEYS + 4(i - near_cap)). */
static uint32_t word_of(const sb_state *s, uint32_t ix) {
  return ix < s->near_cap ? s->near_base + 4 * ix : DBT_SB_KEYS + 4 * (ix - s->near_cap);
}

/* The number of the superblock word spc (flags ignored), or -1. */
static int64_t index_of(const sb_state *s, uint32_t spc) {
  spc &= ~3u;
  if (spc - s->near_base < 4 * s->near_used && s->near_cap)
    return (spc - s->near_base) / 4;
  if (spc - DBT_SB_KEYS < 4 * s->far_used && spc >= DBT_SB_KEYS)
    return (int64_t)s->near_cap + (spc - DBT_SB_KEYS) / 4;
  return -1;
}

int rt_sb_word(const dbt *d, uint32_t spc) {
  return index_of(d->sb, spc) >= 0;
}

/* Room for `want` consecutive words (near while they last): the first's number, or
 * -1; `use` of them are taken. */
static int64_t take(sb_state *s, uint32_t want, uint32_t use) {
  if (s->near_used + want <= s->near_cap) {
    s->near_used += use;
    return s->near_used - use;
  }
  if (s->far_used + want > DBT_SB_KEYS_MAX)
    return -1;
  s->far_used += use;
  return (int64_t)s->near_cap + s->far_used - use;
}

/* The entry's and the end's words (near if any are left: a hot superblock runs
 * through them), then room for the most side exits a superblock can have, of which
 * `exits` are taken; nothing is taken unless commit (rt_sb_reserve looks,
 * rt_sb_record takes). */
static int choose(sb_state *s, uint32_t exits, int commit, int64_t *entry, int64_t *exit) {
  uint32_t near_used = s->near_used, far_used = s->far_used;
  *entry = take(s, 2, 2);
  *exit = take(s, DBT_SIDE_MAX * DBT_TRACE_MAX, exits);
  int ok = *entry >= 0 && *exit >= 0;
  if (!commit || !ok) {
    s->near_used = near_used;
    s->far_used = far_used;
  }
  return ok ? 0 : -1;
}

int rt_sb_reserve(dbt *d, dbt_sb_probes *p) {
  int64_t entry, exit;
  if (d->nblocks + 1 + DBT_SIDE_MAX * DBT_TRACE_MAX > d->cap_blocks ||
      choose(d->sb, 0, 0, &entry, &exit) < 0)
    return -1;
  p->entry_key = word_of(d->sb, (uint32_t)entry);
  p->end_key = word_of(d->sb, (uint32_t)entry + 1);
  p->exit_key = word_of(d->sb, (uint32_t)exit);
  p->end_counter = d->nblocks;
  p->exit_counter = d->nblocks + 1;
  return 0;
}

int rt_sb_record(dbt *d, const dbt_trace *t, const dbt_sb_probes *p, const dbt_block out[],
                 unsigned members) {
  sb_state *s = d->sb;
  if (rt_grow(&s->inst, s->ninst, &s->inst_cap, sizeof *s->inst, 16) < 0)
    return -1;
  sb_inst *x = &s->inst[s->ninst++];
  memset(x, 0, sizeof *x);
  x->p = *p;
  x->gen = d->gen;
  x->n = members;
  uint32_t exits = 0;
  for (unsigned i = 0; i < members; i++) {
    x->id[i] = t->counter[i];
    x->pc[i] = t->pc[i];
    x->exits[i] = (uint8_t)out[i].side_exits;
    x->indirect[i] = out[i].flags == HWPROF_EVENT_INDIRECT;
    x->host[i] = out[i].host_addr;
    x->trap_addr[i] = out[i].trap_addr;
    x->trap_size[i] = out[i].trap_size;
    for (unsigned j = 0; j < out[i].side_exits; j++) {
      x->exit_dest[exits + j] = out[i].side_dest[j];
      x->exit_at[exits + j] = out[i].side_at[j];
    }
    exits += out[i].side_exits;
  }
  x->nexits = exits;
  x->pc[members] = members < t->n ? t->pc[members] : t->next;
  x->host[members] = out[members - 1].host_addr + out[members - 1].host_size;
  /* The words rt_sb_reserve chose, now taken, and the counters (of no block). */
  int64_t entry, exit;
  if (choose(s, exits, 1, &entry, &exit) < 0 || word_of(s, (uint32_t)entry) != p->entry_key ||
      word_of(s, (uint32_t)exit) != p->exit_key)
    return -1; /* cannot happen: rt_sb_reserve made the same choices */
  x->entry_ix = (uint32_t)entry;
  x->exit_ix = (uint32_t)exit;
  for (uint32_t k = 0; k < 1 + exits; k++)
    d->by_id[d->nblocks++] = UINT32_MAX;
  return 0;
}

/* ------------------------------------------------------------ hot exits */

/* Side exit k of x turned hot (hw): taken more often than the passes went on past it
 * (the superblock's end and its later exits: they are numbered in path order), its bc
 * is predicted taken from now on (dbt_sb_exit_taken).  The counts are the IP's and its
 * spill table's, read by the runtime, or with the runtime on the board by the board's
 * handler (firmware/heads.c), which patches the bc itself: the runtime checks its word
 * and charges the patch's dcbst / icbi.  (sw: the prediction stays the path's.) */
static void predict(dbt *d, sb_inst *x, uint32_t k) {
  sb_state *s = d->sb;
  uint32_t at = x->exit_at[k];
  uint64_t taken, on;
  if (!rt_hw_mode(d) || x->gen != d->gen || !at || (x->exit_predicted >> k & 1))
    return;
  x->exit_predicted |= 1u << k;
  if (rt_disp_on_board(d)) {
    if (!s->board_evaluated) /* (the board's table of sites was full) */
      return;
    s->board_evaluated = 0;
    if (s->board_eval[0] != at) {
      if (!d->failed[0])
        errf(d->failed, sizeof d->failed,
             "the board evaluated the side exit at %#x, the runtime's is at %#x", s->board_eval[0],
             at);
      return;
    }
    taken = s->board_eval[1];
    on = s->board_eval[2];
  } else {
    taken = rt_ip_count(d, word_of(s, x->exit_ix + k));
    on = rt_ip_count(d, x->p.end_key);
    for (uint32_t j = k + 1; j < x->nexits; j++)
      on += rt_ip_count(d, word_of(s, x->exit_ix + j));
  }
  d->st.superblock_exits_hot++;
  uint32_t w = rd32(d, at);
  if (dbt_sb_exit_taken(taken, on)) {
    d->st.superblock_exits_taken++;
    rt_patch(d, at, w | DBT_BC_Y, x->pc[0]);
  } else if (w & DBT_BC_Y) { /* (only the board can have set it) */
    if (!d->failed[0])
      errf(d->failed, sizeof d->failed,
           "the board predicted the side exit at %#x taken, %llu times against %llu went on", at,
           (unsigned long long)taken, (unsigned long long)on);
  }
}

/* A side exit taken `threshold` times leaves the path where the program now runs:
 * its target heads a superblock of its own (as Dynamo starts a trace at a hot
 * exit), even when it is a member of another; and its prediction is set from the
 * counts (predict).  The IP reports the exit's word (hw); the counters' scan finds it
 * (sw). */
void rt_sb_hot_word(dbt *d, uint32_t spc, void (*hot_exit)(dbt *d, uint32_t pc)) {
  int64_t ix = index_of(d->sb, spc);
  for (size_t i = 0; ix >= 0 && i < d->sb->ninst; i++) {
    sb_inst *x = &d->sb->inst[i];
    if (ix >= x->exit_ix && ix < (int64_t)x->exit_ix + x->nexits) {
      if (x->exit_dest[ix - x->exit_ix])
        hot_exit(d, x->exit_dest[ix - x->exit_ix]);
      predict(d, x, (uint32_t)(ix - x->exit_ix));
    }
  }
}

void rt_sb_scan_sw(dbt *d, void (*hot_exit)(dbt *d, uint32_t pc)) {
  for (size_t i = 0; i < d->sb->ninst; i++) {
    sb_inst *x = &d->sb->inst[i];
    for (uint32_t k = 0; k < x->nexits; k++)
      if (!(x->exit_hot >> k & 1) &&
          rd32(d, DBT_COUNTERS + 4 * (x->p.exit_counter + k)) >= d->o.threshold) {
        x->exit_hot |= 1u << k;
        if (x->exit_dest[k])
          hot_exit(d, x->exit_dest[k]);
      }
  }
}

int rt_sb_counter_hot(dbt *d, uint32_t id, void (*hot_exit)(dbt *d, uint32_t pc)) {
  for (size_t i = 0; i < d->sb->ninst; i++) {
    sb_inst *x = &d->sb->inst[i];
    if (id == x->p.end_counter)
      return 0;
    if (id - x->p.exit_counter < x->nexits) {
      uint32_t k = id - x->p.exit_counter;
      if (x->exit_hot >> k & 1)
        return -1;
      x->exit_hot |= 1u << k;
      if (x->exit_dest[k])
        hot_exit(d, x->exit_dest[k]);
      return 0;
    }
  }
  return -1;
}

int64_t rt_sb_exit_unreported(const dbt *d) {
  for (size_t i = 0; i < d->sb->ninst; i++) {
    const sb_inst *x = &d->sb->inst[i];
    for (uint32_t k = 0; k < x->nexits; k++)
      if (!(x->exit_hot >> k & 1) &&
          rd32(d, DBT_COUNTERS + 4 * (x->p.exit_counter + k)) >= d->o.threshold)
        return x->p.exit_counter + k;
  }
  return -1;
}

void rt_sb_free(dbt *d) {
  free(d->sb->inst);
  free(d->sb->sw_derived);
}

void rt_sb_leave(dbt *d, uint32_t a, int inside) {
  for (size_t k = 0; k < d->sb->ninst; k++) {
    sb_inst *x = &d->sb->inst[k];
    if (x->gen != d->gen)
      continue;
    for (unsigned i = 0; i < x->n; i++)
      if (inside ? (a >= x->host[i] && a < x->host[i + 1]) || a - x->trap_addr[i] < x->trap_size[i]
                 : a > x->host[i] && a <= x->host[i + 1]) {
        x->left[i]++;
        return;
      }
  }
}

/* Member entries D and passes along the path `on` of x, from the count of its ends,
 * its side exits' counts and the times the run left a member otherwise
 * (rt_sb_leave). */
static void derive(const sb_inst *x, uint64_t ends, const uint64_t *exit, uint64_t D[],
                   uint64_t on[]) {
  uint64_t c = ends;
  for (unsigned i = 0, k = 0; i < x->n; i++) {
    c += x->left[i];
    for (unsigned j = 0; j < x->exits[i]; j++)
      c += exit[k++];
  }
  for (unsigned i = 0, k = 0; i < x->n; i++) {
    D[i] = c;
    uint64_t left = x->left[i];
    for (unsigned j = 0; j < x->exits[i]; j++)
      left += exit[k++];
    c -= left; /* (c holds them: every way out was counted into it) */
    on[i] = c;
  }
}

/* ------------------------------------------------------------ sw */

int rt_sb_sw_readout(dbt *d) {
  if (!d->sb->ninst)
    return 0;
  if (!(d->sb->sw_derived = calloc(d->nblocks, sizeof *d->sb->sw_derived)))
    return -1;
  for (size_t i = 0; i < d->sb->ninst; i++) {
    const sb_inst *x = &d->sb->inst[i];
    uint64_t exit[DBT_SIDE_MAX * DBT_TRACE_MAX], D[DBT_TRACE_MAX], on[DBT_TRACE_MAX];
    uint32_t nexit = 0;
    for (unsigned m = 0; m < x->n; m++)
      nexit += x->exits[m];
    for (uint32_t k = 0; k < nexit; k++)
      exit[k] = rd32(d, DBT_COUNTERS + 4 * (x->p.exit_counter + k));
    derive(x, rd32(d, DBT_COUNTERS + 4 * x->p.end_counter), exit, D, on);
    for (unsigned m = 0; m < x->n; m++)
      d->sb->sw_derived[x->id[m]] += D[m];
  }
  return 0;
}

uint64_t rt_sb_sw(const dbt *d, uint32_t id) {
  return d->sb->sw_derived ? d->sb->sw_derived[id] : 0;
}

/* ------------------------------------------------------------ hw */

static int64_t number(const void *ctx, uint32_t spc) {
  return index_of(ctx, spc);
}

/* The block an event word stands for in an edge: the head for an entry, the member
 * for a side exit, the last member for the end. */
struct owners {
  const sb_state *s;
  const uint32_t *owner; /* per event word: its block */
};

static uint32_t key_block(const void *ctx, uint32_t spc) {
  const struct owners *o = ctx;
  int64_t ix = index_of(o->s, spc);
  return ix >= 0 ? o->owner[ix] : spc;
}

/* The IP's counts of the superblocks' event words become their members' derived
 * counts: in p->entries (the words' own entries dropped, members added or
 * increased) and in the edge table (words mapped to blocks, on-path edges added,
 * sorted again). */
int rt_sb_hw_readout(dbt *d) {
  sb_state *s = d->sb;
  if (!s->ninst)
    return 0;
  size_t words = (size_t)s->near_cap + s->far_used;
  uint64_t *cnt = calloc(words, sizeof *cnt), *add = calloc(d->nblocks, sizeof *add);
  uint32_t *owner = calloc(words, sizeof *owner);
  rt_edge_table edges = {0};
  int rc = -1;
  if (!cnt || !add || !owner)
    goto out;
  /* The words' counts, out of the table. */
  dbt_hw_profile *p = rt_ip_profile(d);
  p->sb_events += rt_ip_take_words(d, number, s, cnt);
  /* Members' entries, and the on-path edges of inlined indirect jumps. */
  for (size_t i = 0; i < s->ninst; i++) {
    const sb_inst *x = &s->inst[i];
    uint64_t D[DBT_TRACE_MAX], on[DBT_TRACE_MAX];
    derive(x, cnt[x->entry_ix + 1], cnt + x->exit_ix, D, on);
    owner[x->entry_ix] = x->pc[0];            /* an indirect jump's target */
    owner[x->entry_ix + 1] = x->pc[x->n - 1]; /* an indirect jump that leaves at the end */
    for (unsigned m = 0, k = 0; m < x->n; m++) {
      add[x->id[m]] += D[m];
      p->sb_derived += D[m];
      for (unsigned j = 0; j < x->exits[m]; j++)
        owner[x->exit_ix + k++] = x->pc[m];
      if (x->indirect[m] && on[m] && rt_edge_add(&edges, x->pc[m], x->pc[m + 1], on[m]) < 0)
        goto out;
    }
  }
  if (rt_ip_add_blocks(d, add) < 0)
    goto out;
  /* The edges: the words mapped to their blocks. */
  rc = rt_edge_hw_remap(d, key_block, &(struct owners){s, owner}, &edges);
out:
  rt_edge_free(&edges);
  free(cnt);
  free(add);
  free(owner);
  return rc;
}
