/*
 * heads.c - the choice of superblock heads on the board (firmware/xlate.h): the
 * PPC405 side of what dbt/superblock.c does with a threshold crossing.  Each block
 * in the dispatcher's map (firmware/dispatch.c, by its slot) is in one of four
 * states, a bit each in the bitmaps below: none, a pending head (hot, waiting for
 * the CPU to enter it), the head of a superblock in the code cache, or a member of
 * one.  The interrupt handler (irq.c) hands every crossing the IP reported here, in
 * the order it met them:
 *   - with the set-associative IP a word is reported again when a block's count
 *     was split between the chip and the spill ring: only its first report counts
 *     (the words seen, a set at XLATE_HEADS_SEEN);
 *   - a far word stands for its key (the translator's far words' table, xlate.c);
 *   - a superblock's entry word is claimed and does nothing; its side exit's word
 *     makes the exit's target a pending head, member or not, as Dynamo starts a trace
 *     at a hot exit (the superblocks' words, a table at XLATE_HEADS_WORDS, filled
 *     when a superblock's head is redirected to it), and sets the exit's prediction
 *     from the IP's counts (below);
 *   - any other key is a block's guest pc, which becomes a pending head unless it
 *     already heads or is in a superblock.
 * The sw profile has no IP: its periodic scan (swscan.c) reports counters, a block's
 * (noted when the block is translated, xlate.c), a superblock's entry (nothing) or a
 * side exit's (its target), which make pending heads in the same way; the table at
 * XLATE_HEADS_WORDS then holds counters instead of words.
 * The pc each crossing or counter made pending (0: none) goes to XLATE_HEADS_PENDED,
 * beside it, for the runtime to check against its own choice.  The path recorder
 * (record.c) begins a path only at a pending head, which is then no longer
 * pending; a superblock's redirection (dispatch.c) makes its head a head and its
 * other members members; a flush leaves only the pending heads.
 *
 * Side exits predicted from the counts (hw): a side exit's bc is emitted predicted not
 * taken, the way the recorded path went.  When its word turns hot, its count and the
 * passes that went on past it (the superblock's end word and its later exits' words,
 * read from the IP and its spill table by the handler's `count`, irq.c) decide (dbt_sb_exit_taken),
 * and an exit taken more often than not gets its bc's y bit.  The sites are a table at
 * XLATE_HEADS_EXITS (filled with the words; when it is full, an exit keeps its
 * prediction), and each exit a request evaluated goes to XLATE_HEADS_FLIPS for the
 * runtime to check (dbt/sbcount.c), which also charges the patch's dcbst / icbi.
 *
 * What the board does not do here is notice the CPU entering a pending head: the
 * runtime's block observer does (superblock.c), and the path's first request to the
 * recorder is that entry (a real system would patch the head's first instruction to
 * enter the dispatcher; docs/translator.md says what that leaves out).
 */
#include <stddef.h>

#include "xlate.h"

static uint32_t pend[XLATE_MAP_SLOTS / 32], head[XLATE_MAP_SLOTS / 32],
    member[XLATE_MAP_SLOTS / 32];
/* The superblock each block last became a member of, by slot: the ordinal of its head's
 * redirection, from 1 (0: none; XLATE_HEADS_MEMBER_OF); the last ordinal. */
#define MEMBER_OF ((uint16_t *)XLATE_HEADS_MEMBER_OF)
static uint32_t redirected;
static uint32_t nseen, nwords;
static int on;     /* the heads are chosen here (--superblocks, the hw or the sw profile) */
static int sw;     /* ... by the sw profile's counters (the table's keys: key_of) */
static int dedupe; /* the IP reports a word more than once (sets): first reports only */

/* The last superblock translated (xlate.c), until its head is redirected to it. */
static struct {
  uint32_t pc[DBT_TRACE_MAX], counter[DBT_TRACE_MAX];
  uint32_t members, exits, probes;
  dbt_sb_probes p;
  uint32_t dest[DBT_SIDE_MAX * DBT_TRACE_MAX], at[DBT_SIDE_MAX * DBT_TRACE_MAX];
} last;

#define SEEN       ((uint32_t *)XLATE_HEADS_SEEN)
#define WORDS      ((uint32_t *)XLATE_HEADS_WORDS) /* {key, what} */
/* what: the low two bits say what the rest is */
#define WHAT_ENTRY 1u /* a superblock's entry or end */
#define WHAT_EXIT  2u /* a side exit: its target (0: an indirect jump's) */
#define WHAT_BLOCK 3u /* a block (sw): its guest pc */
#define EXITS      ((uint32_t *)XLATE_HEADS_EXITS) /* {key, at, end, later} */
#define FLIPS      ((uint32_t *)XLATE_HEADS_FLIPS) /* n, then {crossing, at, taken, on} */
#define WORD(a)    (*(volatile uint32_t *)(uintptr_t)(a))
static uint32_t nexits;

/* The table's key of counter c (never 0, and apart from what the hash drops). */
static uint32_t key_of(uint32_t c) {
  return (c + 1u) << 2;
}

static uint32_t hash(uint32_t w) {
  return (w >> 2) * 0x9E3779B1u;
}

static int bit(const uint32_t *set, uint32_t i) {
  return set[i >> 5] >> (i & 31) & 1;
}

static void put(uint32_t *set, uint32_t i, int v) {
  if (v)
    set[i >> 5] |= 1u << (i & 31);
  else
    set[i >> 5] &= ~(1u << (i & 31));
}

void xlate_heads_start(int sets) {
  on = 1;
  dedupe = sets;
}

/* Whether word is reported for the first time (-1: the set is full). */
static int first(uint32_t word) {
  for (uint32_t i = hash(word) & (XLATE_HEADS_SEEN_CAP - 1);;
       i = (i + 1) & (XLATE_HEADS_SEEN_CAP - 1)) {
    if (SEEN[i] == word)
      return 0;
    if (!SEEN[i]) {
      if (2 * (nseen + 1) > XLATE_HEADS_SEEN_CAP)
        return -1;
      nseen++;
      SEEN[i] = word;
      return 1;
    }
  }
}

/* A key's entry in the table (a word or key_of a counter), or the free one where it
 * would go (at most three quarters are used: word_set). */
static uint32_t *word_at(uint32_t key) {
  for (uint32_t i = hash(key) & (XLATE_HEADS_WORDS_CAP - 1);;
       i = (i + 1) & (XLATE_HEADS_WORDS_CAP - 1))
    if (!WORDS[2 * i] || WORDS[2 * i] == key)
      return &WORDS[2 * i];
}

/* A side exit's site by its key, or the free one where it would go. */
static uint32_t *exit_of(uint32_t key) {
  for (uint32_t i = hash(key) & (XLATE_HEADS_EXITS_CAP - 1);;
       i = (i + 1) & (XLATE_HEADS_EXITS_CAP - 1))
    if (!EXITS[4 * i] || EXITS[4 * i] == key)
      return &EXITS[4 * i];
}

/* Side exit `key` turned hot at crossing i: its prediction from the counts. */
static void predict(uint32_t key, uint32_t i, uint32_t (*count)(uint32_t key)) {
  uint32_t *x = exit_of(key), n = FLIPS[0];
  if (!x[0] || n == XLATE_HEADS_FLIPS_CAP)
    return;
  uint32_t taken = count(key), on = count(x[2]);
  for (uint32_t j = 1; j <= x[3]; j++)
    on += count(key + 4 * j);
  if (dbt_sb_exit_taken(taken, on)) {
    WORD(x[1]) |= DBT_BC_Y;
#ifdef XLATE_WRONG_PREDICT /* a prediction left unmade, for the runtime's test */
    WORD(x[1]) ^= DBT_BC_Y;
#endif
  }
  uint32_t *f = &FLIPS[4 * (n + 1)];
  f[0] = i, f[1] = x[1], f[2] = taken, f[3] = on;
  FLIPS[0] = n + 1;
}

/* What a key stands for, or 0. */
static uint32_t what_of(uint32_t key) {
  const uint32_t *w = word_at(key);
  return *w ? w[1] : 0;
}

/* pc made a pending head when its state allows (exit: a member may be); its pc or 0. */
static uint32_t make_pending(uint32_t pc, int exit) {
  int32_t s = xlate_map_slot(pc, 0);
  if (s < 0 || bit(pend, (uint32_t)s) || bit(head, (uint32_t)s) ||
      (!exit && bit(member, (uint32_t)s)))
    return 0;
  put(member, (uint32_t)s, 0);
  put(pend, (uint32_t)s, 1);
  return pc;
}

int64_t xlate_heads_word(uint32_t word, uint32_t crossing, uint32_t (*count)(uint32_t key)) {
  if (dedupe) {
    int f = first(word);
    if (f <= 0)
      return f < 0 ? -1 : 0;
  }
  uint32_t key = dbt_words_key(xlate_words(), word);
  uint32_t what = what_of(key & ~3u);
  if (what && (what & 3u) == WHAT_EXIT) { /* a side exit's word */
    uint32_t pc = what > WHAT_EXIT ? make_pending(what & ~3u, 1) : 0;
    predict(key & ~3u, crossing, count);
    return pc;
  }
  if (what) /* a superblock's entry or end */
    return 0;
#ifdef XLATE_WRONG_HEADS /* a choice of heads one word off, for the runtime's test */
  key ^= 4;
#endif
  return make_pending(key, 0);
}

/* A key's meaning (-1: the table is full). */
static int word_set(uint32_t key, uint32_t what) {
  uint32_t *w = word_at(key);
  if (!*w) {
    if (4 * (nwords + 1) > 3 * XLATE_HEADS_WORDS_CAP)
      return -1;
    nwords++;
    w[0] = key;
  }
  w[1] = what;
  return 0;
}

int xlate_heads_block(uint32_t counter, uint32_t pc) {
  on = sw = 1;
  return word_set(key_of(counter), pc | WHAT_BLOCK);
}

void xlate_heads_reported(const uint32_t *counters, uint32_t n) {
  for (uint32_t i = 0; sw && i < n; i++) {
    uint32_t what = what_of(key_of(counters[i])), pc = what & ~3u;
    ((uint32_t *)XLATE_HEADS_PENDED)[i] = (what & 3u) == WHAT_BLOCK ? make_pending(pc, 0)
                                          : (what & 3u) == WHAT_EXIT && pc != 0
                                              ? make_pending(pc, 1)
                                              : 0;
  }
}

int xlate_heads_begin(int32_t slot) {
  if (!on) /* (no heads chosen here: none was reported yet) */
    return 0;
  if (slot < 0 || !bit(pend, (uint32_t)slot))
    return -1;
  put(pend, (uint32_t)slot, 0);
  return 0;
}

int xlate_heads_ends_path(int32_t slot, int32_t from) {
  if (slot < 0)
    return 0;
  if (bit(head, (uint32_t)slot))
    return 1;
  uint32_t of = MEMBER_OF[slot];
  if (!bit(member, (uint32_t)slot) || (of && from >= 0 && of == MEMBER_OF[from]))
    return 0;
  put(member, (uint32_t)slot, 0);
  put(pend, (uint32_t)slot, 1);
  return 1;
}

void xlate_heads_trace(const xlate_req *q, const dbt_block *out, uint32_t members) {
  if (q->heads) /* (a plan's superblock, formed before any block is translated) */
    on = sw = 1;
  last.members = members;
  last.exits = 0;
  last.probes = q->has_probes;
  last.p = q->probes;
  for (uint32_t i = 0; i < members; i++) {
    last.pc[i] = q->trace.pc[i];
    last.counter[i] = q->trace.counter[i];
    for (uint32_t j = 0; j < out[i].side_exits; j++, last.exits++) {
      last.dest[last.exits] = out[i].side_dest[j];
      last.at[last.exits] = out[i].side_at[j];
    }
  }
}

int xlate_heads_formed(uint32_t pc) {
  int32_t s = xlate_map_slot(pc, 0);
  if (!last.members || last.pc[0] != pc || s < 0)
    return -1;
  put(pend, (uint32_t)s, 0);
  put(member, (uint32_t)s, 0);
  put(head, (uint32_t)s, 1);
  redirected++;
  for (uint32_t i = 1; i < last.members; i++) {
    int32_t m = xlate_map_slot(last.pc[i], 1); /* (never entered alone: planned) */
    if (m >= 0 && !bit(head, (uint32_t)m) && !bit(member, (uint32_t)m)) {
      put(pend, (uint32_t)m, 0);
      put(member, (uint32_t)m, 1);
      MEMBER_OF[m] = (uint16_t)redirected;
    }
  }
  if (sw) /* its members' blocks (a planned superblock's may be translated only here) */
    for (uint32_t i = 0; i < last.members; i++)
      if (!what_of(key_of(last.counter[i])) &&
          word_set(key_of(last.counter[i]), last.pc[i] | WHAT_BLOCK) < 0)
        return -2;
  if (last.probes) { /* its entry's, end's and side exits' words (hw) or counters (sw) */
    if ((!sw && word_set(last.p.entry_key, WHAT_ENTRY) < 0) ||
        word_set(sw ? key_of(last.p.end_counter) : last.p.end_key, WHAT_ENTRY) < 0)
      return -2;
    for (uint32_t k = 0; k < last.exits; k++)
      if (word_set(sw ? key_of(last.p.exit_counter + k) : last.p.exit_key + 4 * k,
                   last.dest[k] | WHAT_EXIT) < 0)
        return -2;
    for (uint32_t k = 0; !sw && k < last.exits && 4 * (nexits + 1) <= 3 * XLATE_HEADS_EXITS_CAP;
         k++, nexits++) { /* (full: the rest keep their prediction) */
      uint32_t *x = exit_of(last.p.exit_key + 4 * k);
      x[0] = last.p.exit_key + 4 * k, x[1] = last.at[k];
      x[2] = last.p.end_key, x[3] = last.exits - 1 - k;
    }
  }
  last.members = 0;
  return 0;
}

void xlate_heads_flush(void) {
  for (uint32_t i = 0; i < XLATE_MAP_SLOTS / 32; i++)
    head[i] = member[i] = 0;
  for (uint32_t i = 0; i < 4 * XLATE_HEADS_EXITS_CAP; i++) /* (their code is gone) */
    EXITS[i] = 0;
  nexits = 0;
  last.members = 0;
}
