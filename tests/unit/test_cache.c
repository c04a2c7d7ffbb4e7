/*
 * test_cache.c - unit tests of the translator's code-cache core (dbt/cache.c),
 * called directly through its interface (dbt/runtime.h) on a real board and a
 * real guest program, with no run: the block table (lookup, ids in order of
 * first sight), translate-on-miss (one translation, then hits; the pc maps back
 * from the code; bad pcs refused with their signal), the flush (a new
 * generation, retranslation, the flushed hooks), chaining and in-place patching
 * (rt_link, rt_links_to, rt_redirect: the words written, the jump table), block
 * entries (rt_observe counts and calls the entered hooks in registration order),
 * the hooks' order, and the far keys' event words (dbt/words.c: the table, and runs
 * whose every block is far, probed in each of the three forms, counted exactly).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "runtime.h"

CHECK_LABEL("");

static uint8_t dtb[8192];
static size_t dtb_len;

/* A board and the guest program loaded on it, profile none. */
typedef struct fixture {
  vboard *b;
  dbt *d;
} fixture;

static int open_profiled(fixture *f, int profile) {
  char err[256];
  memset(f, 0, sizeof *f);
  if (!(f->b = vboard_new(dtb, dtb_len, err, sizeof err))) {
    fprintf(stderr, "vboard_new: %s\n", err);
    return -1;
  }
  dbt_options o = dbt_defaults();
  o.profile = profile;
  if (!(f->d = dbt_new(f->b, &o, err, sizeof err))) {
    fprintf(stderr, "dbt_new: %s\n", err);
    return -1;
  }
  char *argv[] = {HWPROF_GUEST, NULL}, *envp[] = {NULL};
  if (dbt_load(f->d, HWPROF_GUEST, 1, argv, envp, err, sizeof err) < 0) {
    fprintf(stderr, "dbt_load: %s\n", err);
    return -1;
  }
  return 0;
}

static int open_fixture(fixture *f) {
  return open_profiled(f, DBT_PROFILE_NONE);
}

static void close_fixture(fixture *f) {
  dbt_free(f->d);
  vboard_free(f->b);
}

/* ------------------------------------------------------------ hooks for the tests */

static char trail[64]; /* which hook ran, in order: a letter each */
static size_t ntrail;
static uint32_t seen_id[16];
static size_t nseen;

static void note(char c) {
  if (ntrail + 1 < sizeof trail)
    trail[ntrail++] = c, trail[ntrail] = 0;
}
static void first_entered(dbt *d, uint32_t id) {
  (void)d;
  note('1');
  if (nseen < 16)
    seen_id[nseen++] = id;
}
static void second_entered(dbt *d, uint32_t id) {
  (void)d, (void)id;
  note('2');
}
static void on_flushed(dbt *d) {
  (void)d;
  note('F');
}
static void on_translated(dbt *d, const dbt_block *blk) {
  (void)d, (void)blk;
  note('T');
}
static const rt_hooks first = {
    .what = "first", .entered = first_entered, .flushed = on_flushed, .translated = on_translated};
static const rt_hooks second = {.what = "second", .entered = second_entered};

static void reset_trail(void) {
  ntrail = nseen = 0;
  trail[0] = 0;
}

/* ------------------------------------------------------------ tests */

static void test_lookup(void) {
  fixture f;
  REQUIRE(open_fixture(&f) == 0, "fixture");
  dbt *d = f.d;
  uint32_t pc = d->g.entry;
  CHECK(rt_find(d, pc, 0) == NULL, "an unseen pc has no record");
  rec *a = rt_find(d, pc, 1), *b = rt_find(d, pc + 8, 1);
  REQUIRE(a && b, "records added");
  CHECK_EQ(a->pc, pc);
  CHECK_EQ(a->id, 0);
  CHECK_EQ(b->id, 1); /* ids in order of first sight */
  CHECK_EQ(a->insns, UINT32_MAX);
  CHECK(rt_find(d, pc, 0) == a && rt_find(d, pc, 1) == a, "the same record found again");
  CHECK_EQ(d->nblocks, 2);
  CHECK_EQ(d->tab[d->by_id[1]].pc, pc + 8);
  close_fixture(&f);
}

static void test_translate_on_miss(void) {
  fixture f;
  REQUIRE(open_fixture(&f) == 0, "fixture");
  dbt *d = f.d;
  char err[128] = "";
  int sig = -1;
  uint32_t pc = d->g.entry, h = rt_block_host(d, pc, &sig, err, sizeof err);
  REQUIRE(h, "translated: %s", err);
  CHECK(h >= DBT_CODE && h - DBT_CODE < d->used, "host %#x in the cache [%#x, +%#x)", h, DBT_CODE,
        d->used);
  rec *r = rt_find(d, pc, 0);
  REQUIRE(r, "its record");
  CHECK_EQ(r->host, h);
  CHECK_EQ(r->gen, d->gen);
  CHECK(r->insns >= 1 && r->insns <= d->o.max_block, "insns %u", r->insns);
  CHECK_EQ(d->st.blocks_translated, 1);
  CHECK_EQ(d->st.distinct_blocks, 1);
  CHECK_EQ(rt_block_host(d, pc, &sig, err, sizeof err), h); /* a hit: no second translation */
  CHECK_EQ(d->st.blocks_translated, 1);
  /* The pc maps: every word of the translation belongs to pc's block. */
  uint32_t next = d->used;
  CHECK_EQ(rt_start_word_of(d, h), (h - DBT_CODE) / 4);
  CHECK_EQ(rt_guest_pc_of(d, h), pc);
  CHECK_EQ(rt_guest_pc_of(d, DBT_CODE + next - 4), pc);
  CHECK_EQ(rt_guest_insn_of(d, h), pc);
  /* Bad pcs: misaligned (an address error on fetch), not executable. */
  CHECK_EQ(rt_block_host(d, pc + 2, &sig, err, sizeof err), 0);
  CHECK_EQ(sig, DBT_SIGBUS);
  CHECK_EQ(rt_block_host(d, DBT_GUEST_MIN - 4, &sig, err, sizeof err), 0);
  CHECK_EQ(sig, DBT_SIGSEGV);
  CHECK_EQ(d->used, next); /* nothing translated for them */
  close_fixture(&f);
}

static void test_flush(void) {
  fixture f;
  REQUIRE(open_fixture(&f) == 0, "fixture");
  dbt *d = f.d;
  rt_register(d, &first);
  reset_trail();
  char err[128];
  int sig;
  uint32_t pc = d->g.entry, h = rt_block_host(d, pc, &sig, err, sizeof err);
  REQUIRE(h, "translated: %s", err);
  CHECK(!strcmp(trail, "T"), "the translated hook once: '%s'", trail);
  uint32_t gen = d->gen;
  rt_flush(d);
  CHECK_EQ(d->gen, gen + 1);
  CHECK_EQ(d->used, 0);
  CHECK_EQ(d->st.flushes, 1);
  CHECK(!strcmp(trail, "TF"), "then the flushed hook: '%s'", trail);
  CHECK_EQ(rt_start_word_of(d, h), UINT32_MAX); /* no block starts in an empty cache */
  rec *r = rt_find(d, pc, 0);
  CHECK(r && r->gen != d->gen, "the record is stale");
  CHECK_EQ(rt_block_host(d, pc, &sig, err, sizeof err), DBT_CODE); /* retranslated, at the start */
  CHECK_EQ(d->st.blocks_translated, 2);
  CHECK_EQ(d->st.distinct_blocks, 1);
  CHECK(!strcmp(trail, "TFT"), "translated again: '%s'", trail);
  /* The jump table is reset: no entry holds a guest pc. */
  int clean = 1;
  for (uint32_t i = 0; i < DBT_JT_ENTRIES; i++)
    clean &= rd32(d, DBT_STATE + DBT_ST_JT + 8 * i) == 0xFFFFFFFFu;
  CHECK(clean, "jump table reset");
  close_fixture(&f);
}

/* Two blocks: the entry's and the one at its first branch target or fall-through. */
static int two_blocks(dbt *d, uint32_t *pa, uint32_t *ha, uint32_t *pb, uint32_t *hb) {
  char err[128];
  int sig;
  *pa = d->g.entry;
  if (!(*ha = rt_block_host(d, *pa, &sig, err, sizeof err)))
    return -1;
  *pb = *pa + 4 * rt_find(d, *pa, 0)->insns;
  *hb = rt_block_host(d, *pb, &sig, err, sizeof err);
  return *hb ? 0 : -1;
}

static void test_chaining(void) {
  fixture f;
  REQUIRE(open_fixture(&f) == 0, "fixture");
  dbt *d = f.d;
  uint32_t pa, ha, pb, hb;
  REQUIRE(two_blocks(d, &pa, &ha, &pb, &hb) == 0, "two blocks");
  /* Chain the last word of A's code to B, as the dispatcher does at a chain exit. */
  uint32_t at = hb - 4, w = dbt_chain_word(at, hb);
  REQUIRE(w, "a branch reaches");
  CHECK_EQ(rt_link(d, at, pb, w), 0);
  CHECK_EQ(rd32(d, at), w);
  CHECK_EQ(d->nlinks, 1);
  /* B's translation moves (a superblock): the chained branch follows. */
  uint32_t moved = DBT_CODE + d->used + 64;
  rt_links_to(d, pb, moved);
  CHECK_EQ(rd32(d, at), dbt_chain_word(at, moved));
  rt_links_to(d, pa, DBT_CODE); /* another pc's links: this one untouched */
  CHECK_EQ(rd32(d, at), dbt_chain_word(at, moved));
  close_fixture(&f);
}

static void test_redirect(void) {
  fixture f;
  REQUIRE(open_fixture(&f) == 0, "fixture");
  dbt *d = f.d;
  uint32_t pa, ha, pb, hb;
  REQUIRE(two_blocks(d, &pa, &ha, &pb, &hb) == 0, "two blocks");
  uint32_t jt = DBT_STATE + DBT_ST_JT + 8 * ((pb >> 2) & (DBT_JT_ENTRIES - 1));
  wr32(d, jt, pb); /* the inline lookup knows B */
  wr32(d, jt + 4, hb);
  uint32_t at = hb - 4; /* A's last word chained to B */
  REQUIRE(rt_link(d, at, pb, dbt_chain_word(at, hb)) == 0, "linked");
  /* B heads a superblock at `to` whose head's probe (4 bytes) only indirect entries run */
  uint32_t to = DBT_CODE + d->used + 256;
  rec *rb = rt_find(d, pb, 0);
  rt_redirect(d, rb, to, 4);
  CHECK_EQ(rd32(d, hb), dbt_chain_word(hb, to));     /* its old entry branches there */
  CHECK_EQ(d->entry_id[(hb - DBT_CODE) / 4], 0);     /* and is no entry of its own */
  CHECK_EQ(rd32(d, at), dbt_chain_word(at, to + 4)); /* the chained branch: past the probe */
  CHECK_EQ(rb->host, to);
  CHECK_EQ(rb->skip, 4);
  CHECK_EQ(rb->gen, d->gen);
  CHECK_EQ(rd32(d, jt + 4), to);       /* the indirect jumps: at the probe */
  CHECK_EQ(rt_guest_pc_of(d, ha), pa); /* A is as it was */
  close_fixture(&f);
}

static void test_entries_and_hooks(void) {
  fixture f;
  REQUIRE(open_fixture(&f) == 0, "fixture");
  dbt *d = f.d;
  rt_register(d, &first);
  rt_register(d, &second);
  uint32_t pa, ha, pb, hb;
  REQUIRE(two_blocks(d, &pa, &ha, &pb, &hb) == 0, "two blocks");
  reset_trail();
  uint64_t insns = d->st.guest_insns;
  rt_observe(d, ha, hb - ha); /* the CPU enters A's translation */
  rt_observe(d, hb, 8);       /* then B's */
  rt_observe(d, ha, hb - ha); /* then A's again */
  CHECK(!strcmp(trail, "121212"), "entered hooks in registration order: '%s'", trail);
  CHECK_EQ(nseen, 3);
  CHECK_EQ(seen_id[0], rt_find(d, pa, 0)->id);
  CHECK_EQ(seen_id[1], rt_find(d, pb, 0)->id);
  CHECK_EQ(d->exec[rt_find(d, pa, 0)->id], 2);
  CHECK_EQ(d->exec[rt_find(d, pb, 0)->id], 1);
  CHECK_EQ(d->st.blocks_executed, 3);
  CHECK_EQ(d->st.guest_insns - insns, 2 * rt_find(d, pa, 0)->insns + rt_find(d, pb, 0)->insns);
  CHECK_EQ(d->tb_at, ha);
  CHECK(rt_stop_point(d, ha) && rt_stop_point(d, hb) && !rt_stop_point(d, hb - 4),
        "the run may stop before a block's translation only");
  /* A pause asked for: the block is not counted, the board is paused there. */
  d->pause = 1;
  reset_trail();
  rt_observe(d, hb, 8);
  CHECK(!strcmp(trail, ""), "no entry while paused: '%s'", trail);
  CHECK_EQ(d->exec[rt_find(d, pb, 0)->id], 1);
  close_fixture(&f);
}

/* ------------------------------------------------------------ event words */

/* The table: a far key's slot is given once, flags ignored; words map back with
 * their flags; other words are themselves; growth keeps every slot. */
static void test_words_table(void) {
  fixture f;
  REQUIRE(open_profiled(&f, DBT_PROFILE_HW) == 0, "fixture");
  dbt *d = f.d;
  dbt_words *w = d->core.words;
  REQUIRE(w, "hw with the window: far keys get slots");
  CHECK_EQ(w->base, d->core.prof_near + 0x8000);
  uint32_t far = d->core.prof_near + 0x100000;
  CHECK_EQ(dbt_words_slot(w, far), 0);
  CHECK_EQ(dbt_words_slot(w, far | 3), 0); /* flags ignored */
  CHECK_EQ(dbt_words_slot(w, far + 4), 1);
  CHECK_EQ(dbt_words_word(w, (far + 4) | HWPROF_EVENT_CALL), (w->base + 4) | HWPROF_EVENT_CALL);
  CHECK_EQ(rt_ip_key(d, (w->base + 4) | HWPROF_EVENT_RETURN), (far + 4) | HWPROF_EVENT_RETURN);
  CHECK_EQ(rt_ip_key(d, w->base + 8), w->base + 8);             /* no slot 2 yet */
  CHECK_EQ(rt_ip_key(d, d->core.prof_near), d->core.prof_near); /* a near key is its word */
  CHECK_EQ(dbt_words_word(w, d->core.prof_near), d->core.prof_near);
  uint32_t cap = w->cap;
  while (w->n < cap)
    dbt_words_slot(w, 0x90000000u + 4 * w->n);
  CHECK(dbt_words_slot(w, 0xA0000000u) < 0, "full: no slot");
  CHECK_EQ(rt_words_room(d), 0);
  CHECK_EQ(w->cap, 2 * cap);
  CHECK_EQ(w->n, cap);
  CHECK_EQ(dbt_words_slot(w, far + 4), 1); /* the same slots after growth */
  CHECK_EQ(dbt_words_slot(w, 0x90000000u + 4 * (cap - 1)), cap - 1);
  CHECK_EQ(rt_ip_key(d, w->base + 4 * (cap - 1)), 0x90000000u + 4 * (cap - 1));
  CHECK_EQ(dbt_words_slot(w, 0xA0000000u), cap);
  close_fixture(&f);
}

/* A run whose every block is far, its probes in slot `first` and up (other keys
 * hold the slots before): the probe's form, and the IP's counts equal the
 * runtime's and the sw counters on every block. */
static void far_run(uint32_t first, const uint32_t *want, unsigned nwant, unsigned flagged) {
  fixture f;
  REQUIRE(open_profiled(&f, DBT_PROFILE_ALL) == 0, "fixture");
  dbt *d = f.d;
  dbt_words *w = d->core.words;
  REQUIRE(w, "the window's slots");
  d->core.prof_near = (d->g.text_hi & ~0xffffu) + 0x100000; /* (the IP follows at start) */
  w->base = d->core.prof_near + 0x8000;
  while (w->n < first) {
    REQUIRE(rt_words_room(d) == 0, "room");
    dbt_words_slot(w, 0x90000000u + 4 * w->n);
  }
  dbt_result r;
  fflush(stdout); /* the guest's output (fd 1) to /dev/null */
  int out = dup(1), null = open("/dev/null", O_WRONLY);
  REQUIRE(out >= 0 && null >= 0 && dup2(null, 1) == 1, "stdout to /dev/null");
  int status = dbt_run(d, &r);
  dup2(out, 1);
  close(out);
  close(null);
  CHECK_EQ(status, 12);
  CHECK_EQ(r.how, DBT_EXITED);
  const dbt_hw_profile *hw = dbt_hw(d);
  REQUIRE(hw, "the IP's profile: %s", dbt_hw_error(d));
  dbt_block_count *bc;
  size_t n = dbt_block_counts(d, &bc), equal = 0;
  for (size_t i = 0; i < n; i++) {
    uint64_t ip = 0;
    for (size_t j = 0; j < hw->n_entries; j++)
      if (hw->entries[j].spc == bc[i].pc)
        ip = hw->entries[j].count;
    CHECK(ip == bc[i].count && bc[i].sw == bc[i].count, "block %#x: IP %llu, sw %llu, ran %llu",
          bc[i].pc, (unsigned long long)ip, (unsigned long long)bc[i].sw,
          (unsigned long long)bc[i].count);
    equal += ip == bc[i].count;
  }
  free(bc);
  CHECK(n > 50 && equal == n, "%zu of %zu blocks counted alike", equal, n);
  CHECK_EQ(hw->stats.events, d->st.blocks_executed);
  CHECK_EQ(w->n, first + n); /* a slot per block */
  const rec *entry = rt_find(d, d->g.entry, 0);
  for (unsigned i = 0; i < nwant; i++) { /* the entry block's probe, its flags in word `flagged` */
    uint32_t insn = rd32(d, entry->host + 4 * i);
    uint32_t x = want[i] | (i == flagged ? entry->flags : 0);
    CHECK(insn == x, "probe word %u: %#x, want %#x", i, insn, x);
  }
  close_fixture(&f);
}

static uint32_t d_form(unsigned op, unsigned rt, unsigned ra, int32_t d) {
  return op << 26 | rt << 21 | ra << 16 | ((uint32_t)d & 0xffffu);
}

/* Slot s's event word is base + 4s, its window offset DBT_FAR_WINDOW + 4s; r2 is at
 * DBT_FAR_R2 (stb 38, addis 15, ori 24, stw 36). */
static void test_words_one_stb(void) {
  uint32_t want[] = {d_form(38, 0, 2, -0x8000)}; /* slot 0 */
  far_run(0, want, 1, 0);
}

static void test_words_addis_stb(void) {
  uint32_t want[] = {d_form(15, 4, 2, 1), d_form(38, 0, 4, -0x8000)}; /* slot 0x4000 */
  far_run(DBT_FAR_NEAR, want, 2, 1);
}

static void test_words_to_event(void) {
  uint32_t s = DBT_FAR_NEAR + DBT_FAR_MID, word = 0; /* the first slot past the window */
  fixture f;
  REQUIRE(open_fixture(&f) == 0, "fixture");
  word = (f.d->g.text_hi & ~0xffffu) + 0x100000 + 0x8000 + 4 * s;
  close_fixture(&f);
  uint32_t want[] = {d_form(15, 0, 0, (int16_t)(word >> 16)), d_form(24, 0, 0, (int16_t)word),
                     d_form(15, 4, 2, -5), d_form(36, 0, 4, HWPROF_EVENT_OFFSET - 0x8000)};
  far_run(s, want, 4, 1);
}

int main(void) {
  FILE *f = fopen(HWPROF_DTB_DIR "/ml300-virtual.dtb", "rb");
  if (!f || !(dtb_len = fread(dtb, 1, sizeof dtb, f))) {
    fprintf(stderr, "cannot read %s\n", HWPROF_DTB_DIR "/ml300-virtual.dtb");
    return 2;
  }
  fclose(f);
  RUN(test_lookup);
  RUN(test_translate_on_miss);
  RUN(test_flush);
  RUN(test_chaining);
  RUN(test_redirect);
  RUN(test_entries_and_hooks);
  RUN(test_words_table);
  RUN(test_words_one_stb);
  RUN(test_words_addis_stb);
  RUN(test_words_to_event);
  return check_failed_tests ? 1 : 0;
}
