/*
 * onboard.c - where the translator core runs: on the host (--runtime host, the
 * core called directly) or on the board (--runtime board: the same core built
 * for the PPC405, firmware/xlate.h), or both (--runtime checked: the board's
 * translation, then the host's in the same place, which must write the same
 * bytes).  The runtime translates through here (cache.c, superblock.c, region.c).
 *
 * On the board a translation is a call into firmware/xlate.elf, loaded at
 * XLATE_BASE when the run starts: the runtime writes the request (the core's
 * numbers, what to translate, where) at XLATE_REQ, saves the CPU's registers,
 * runs the image until it returns, puts the registers back and reads the
 * results.  The cycles the call takes are the run's (dbt_stats.translate_cycles and
 * sb_translate_cycles): the translator's instruction fetches and its loads and
 * stores go through the board's caches like any other code's.  A unit that does not
 * fit has what it wrote written back (dcbst), as placed code is.  The translator
 * writes its code through a staging window (XLATE_STAGE), which the caches' model
 * sees as the code cache itself and the runtime copies into it after the call: the
 * same cycles, without Unicorn's self-modifying-code path for every store into a
 * page of code it has run.  What stays on the host: writing the request and reading
 * the results (a few hundred words), copying the insn_of entries of the new code into
 * the runtime's table, and the runtime's copy of the far words the translator gave
 * (its readouts map slot words back with it).
 */
#include <stdlib.h>
#include <string.h>

#include "../firmware/xlate.h"
#include "runtime.h"

_Static_assert(sizeof(xlate_req) % 4 == 0, "xlate_req is 32-bit words");
_Static_assert(XLATE_BASE >= DBT_CCT_HW_RING + 4 * DBT_CCT_HW_WORDS && XLATE_END <= DBT_CODE &&
                   XLATE_REQ + sizeof(xlate_req) <= XLATE_STACK - 0x8000,
               "the translator's RAM lies between the IP's packet ring and the code cache");
_Static_assert(XLATE_STAGE_MAX / 4 <= XLATE_INSN_MAX &&
                   XLATE_STAGE + XLATE_STAGE_MAX <= DBT_RAM_NEEDED &&
                   XLATE_STAGE >= DBT_CODE + DBT_CODE_MAX,
               "a place that fits the staging window fits the insn_of window; the staging "
               "window lies past the code cache, in the RAM the runtime needs");
_Static_assert(sizeof(dbt_block) == 15 * 4 && sizeof(dbt_trace) == 34 * 4 &&
                   sizeof(dbt_place) == 6 * 4 && sizeof(dbt_sb_probes) == 5 * 4 &&
                   sizeof(dbt_member) == 5 * 4 && sizeof(dbt_member_out) == 11 * 4,
               "the structures in xlate_req are 32-bit words on both sides");

int rt_onboard_init(dbt *d, char *err, size_t errlen) {
  if (d->o.runtime == DBT_RUNTIME_HOST)
    return 0;
  if (!d->o.xlate_image)
    return errf(err, errlen, "--runtime board: no translator image (firmware/xlate.elf)"), -1;
  char why[512];
  if (vboard_load_elf(d->b, d->o.xlate_image, why, sizeof why) < 0)
    return errf(err, errlen, "--runtime board: the translator built for the board: %s", why), -1;
  uint32_t abi = dbt_be32(d->ram + XLATE_ABI_AT);
  if (abi != XLATE_ABI)
    return errf(err, errlen,
                "%s is not this hwprof's translator image: it was built for interface 0x%08x, "
                "this hwprof for 0x%08x (a stale build: run make)",
                d->o.xlate_image, abi, (uint32_t)XLATE_ABI),
           -1;
  d->xlate_entry = vboard_entry(d->b);
  if (d->xlate_entry < XLATE_BASE || d->xlate_entry >= XLATE_BASE + XLATE_IMAGE_MAX)
    return errf(err, errlen, "%s: entry point %#x is not in [%#x, +%#x)", d->o.xlate_image,
                d->xlate_entry, XLATE_BASE, XLATE_IMAGE_MAX),
           -1;
  d->image = XLATE_BASE, d->image_end = XLATE_BASE + XLATE_IMAGE_MAX;
  if (d->o.runtime_profile && vboard_prof_range(d->b, d->image, d->image_end) < 0)
    return errf(err, errlen, "--runtime-profile: no memory for the profile of the image"), -1;
  memset(d->ram + XLATE_WORDS, 0, XLATE_END - XLATE_WORDS);      /* far words, map, links */
  memset(d->ram + XLATE_IRQ_EDGES, 0, 4 * XLATE_IRQ_EDGE_HEADS); /* the handler's edges */
  memset(d->ram + XLATE_HEADS_WORDS, 0, XLATE_HEADS_END - XLATE_HEADS_WORDS); /* heads.c's */
  return 0;
}

static void put_words(uint8_t *p, const void *v, size_t n) {
  const uint32_t *w = v;
  for (size_t i = 0; i < n; i++)
    dbt_put_be32(p + 4 * i, w[i]);
}

static void get_words(void *v, const uint8_t *p, size_t n) {
  uint32_t *w = v;
  for (size_t i = 0; i < n; i++)
    w[i] = dbt_be32(p + 4 * i);
}

/* The span of the code cache a place may write, as offsets [*lo, *hi). */
static void span_of(const dbt_place *pl, uint32_t *lo, uint32_t *hi) {
  *lo = pl->at < pl->cold_at ? pl->at : pl->cold_at;
  *hi =
      pl->at + pl->cap > pl->cold_at + pl->cold_cap ? pl->at + pl->cap : pl->cold_at + pl->cold_cap;
}

/* The request's core part and its place (in: q->op and what to translate). */
static int fill(dbt *d, xlate_req *q, const dbt_place *pl) {
  const dbt_core *c = &d->core;
#define XLATE_FIELD(f) q->f = (uint32_t)c->f;
  XLATE_CORE_FIELDS(XLATE_FIELD)
#undef XLATE_FIELD
  memcpy(q->exit_stub, c->exit_stub, sizeof q->exit_stub);
  /* insn_of: the window of the code cache the place spans, at XLATE_INSN_OF. */
  uint32_t lo, hi;
  span_of(pl, &lo, &hi);
  q->insn_of = c->insn_of ? XLATE_INSN_OF - lo / 4 : 0;
  if (hi - lo > XLATE_STAGE_MAX) /* (and so within the insn_of window too) */
    return errf(d->failed, sizeof d->failed,
                "the translator on the board: a place of %u bytes is more than its staging "
                "window (%u)",
                hi - lo, XLATE_STAGE_MAX),
           -1;
  q->buf = XLATE_STAGE - lo;
  if (c->words) {
    if (c->words->n + DBT_FAR_UNIT > XLATE_WORDS_CAP)
      return errf(d->failed, sizeof d->failed,
                  "the translator on the board holds at most %u far event words",
                  XLATE_WORDS_CAP - DBT_FAR_UNIT),
             -1;
    q->words = 1;
    q->words_base = c->words->base;
    q->words_n = c->words->n;
    q->words_cap = XLATE_WORDS_CAP;
    q->words_key = XLATE_WORDS;
    q->words_index = XLATE_WORDS + 4 * XLATE_WORDS_CAP;
    q->words_mask = 2 * XLATE_WORDS_CAP - 1;
  }
  q->place = *pl;
  return 0;
}

/* What request q translates, for messages: "block" or "superblock", and its pc. */
static const char *unit_of(const xlate_req *q, uint32_t *pc) {
  *pc = q->op == XLATE_TRACE ? q->trace.pc[0] : q->pc;
  return q->op == XLATE_BLOCK ? "block" : q->op == XLATE_MEMBER ? "region member" : "superblock";
}

int64_t rt_image_call(dbt *d, uint32_t entry, void *req, size_t words) {
  put_words(d->ram + XLATE_REQ, req, words);
  vboard_cpu cpu;
  vboard_save_cpu(d->b, &cpu);
  vboard_set_gpr(d->b, 1, XLATE_STACK);
  vboard_set_gpr(d->b, 3, XLATE_REQ);
  uint64_t c0 = vboard_cycles(d->b);
  d->on_board = 1;
  int stop = vboard_call(d->b, d->xlate_entry + entry, d->xlate_entry + XLATE_ENTRY_STOP);
  d->on_board = 0;
  uint64_t c = vboard_cycles(d->b) - c0;
  vboard_restore_cpu(d->b, &cpu);
  if (stop != 0)
    return -1;
  get_words(req, d->ram + XLATE_REQ, words);
  return (int64_t)c;
}

/* The staging window (xlate.h): before a request, the span of the code cache its
 * place covers, so that the translator reads there what it would read in the cache;
 * after it, what it wrote (at each of its two places) copied into the cache, as its
 * stores would have left it.  The span's other bytes, code placed before, are left
 * as they are in the cache: the translator does not write them (--runtime checked
 * compares the whole span).  Unicorn has translated none of the bytes copied (they
 * lie past the code placed in this generation of the cache, and a flush dropped the
 * others: cache.c), so nothing of its own needs dropping. */
static void stage_in(dbt *d, const dbt_place *pl) {
  uint32_t lo, hi;
  span_of(pl, &lo, &hi);
  memcpy(d->ram + XLATE_STAGE, d->ram + DBT_CODE + lo, hi - lo);
  vboard_alias(d->b, XLATE_STAGE, hi - lo, DBT_CODE + lo);
}

static void stage_out(dbt *d, const dbt_place *pl) {
  uint32_t lo, hi;
  span_of(pl, &lo, &hi);
  vboard_alias(d->b, 0, 0, 0);
  memcpy(d->ram + DBT_CODE + pl->at, d->ram + XLATE_STAGE + (pl->at - lo), pl->used);
  memcpy(d->ram + DBT_CODE + pl->cold_at, d->ram + XLATE_STAGE + (pl->cold_at - lo), pl->cold_used);
}

/* Whether the staging window holds what the code cache does over the place's span
 * (the translator wrote nothing outside its two places); 0 or -1 (d->failed). */
static int stage_same(dbt *d, const xlate_req *q) {
  uint32_t lo, hi;
  span_of(&q->place, &lo, &hi);
  for (uint32_t i = 0; i < hi - lo; i++)
    if (d->ram[XLATE_STAGE + i] != d->ram[DBT_CODE + lo + i]) {
      uint32_t pc;
      const char *unit = unit_of(q, &pc);
      return errf(d->failed, sizeof d->failed,
                  "--runtime checked: the board's translation of the %s at %#x wrote outside "
                  "its place (at %#x)",
                  unit, pc, DBT_CODE + lo + i),
             -1;
    }
  return 0;
}

/* Runs request q on the board; q holds its results after.  -1: the board stopped
 * (d->failed says why). */
static int board_call(dbt *d, xlate_req *q) {
  stage_in(d, &q->place);
  int64_t c = rt_image_call(d, q->op == XLATE_MEMBER ? XLATE_ENTRY_LATE : XLATE_ENTRY_TRANSLATE, q,
                            XLATE_REQ_WORDS);
  stage_out(d, &q->place);
  d->st.board_translations++;
  if (c < 0) {
    uint32_t pc;
    const char *unit = unit_of(q, &pc);
    return errf(d->failed, sizeof d->failed,
                "the translator on the board stopped translating the %s at %#x: %s", unit, pc,
                vboard_message(d->b)),
           -1;
  }
  *(q->op == XLATE_BLOCK    ? &d->st.translate_cycles
    : q->op == XLATE_MEMBER ? &d->st.region_cycles
                            : &d->st.sb_translate_cycles) += (uint64_t)c;
  if (q->op == XLATE_BLOCK && (int)q->ret > 0 && !q->mapped)
    return errf(d->failed, sizeof d->failed,
                "the dispatcher on the board holds at most %u distinct blocks: the block at "
                "%#x does not fit in its map",
                XLATE_MAP_SLOTS / 2, q->pc),
           -1;
  if (q->op == XLATE_BLOCK && q->heads == 2)
    return errf(d->failed, sizeof d->failed,
                "the choice of superblock heads on the board holds at most %u counters: the "
                "block at %#x does not fit",
                XLATE_HEADS_WORDS_CAP / 4 * 3, q->pc),
           -1;
  return 0;
}

/* The insn_of entries of the n bytes of new code at offset at, from the board's
 * window (its first entry is code word lo_entry's) into the runtime's table. */
static void copy_insn_of(dbt *d, uint32_t lo_entry, uint32_t at, uint32_t n) {
  memcpy(d->insn_of + at / 4, d->ram + XLATE_INSN_OF + (at / 4 - lo_entry), n / 4);
}

/* The far words the board's translator gave, in the order it gave them, into the
 * runtime's table (each gets the same slot there). */
static int sync_words(dbt *d, uint32_t n0, uint32_t n1) {
  for (uint32_t i = n0; i < n1; i++) {
    uint32_t key = dbt_be32(d->ram + XLATE_WORDS + 4 * i);
    if (dbt_words_slot(&d->words, key) != (int64_t)i)
      return errf(d->failed, sizeof d->failed,
                  "the translator on the board gave key %#x slot %u, the runtime's table "
                  "another",
                  key, i),
             -1;
  }
  return 0;
}

/* The host's translation of q (which the board has run) in the same place: the
 * same result, bytes and insn_of entries, else d->failed says where they differ. */
static int check(dbt *d, const xlate_req *q, const dbt_place *pl_in, uint32_t n0) {
  uint32_t at = q->place.at, cold_at = q->place.cold_at, cold = q->place.cold_used;
  int ret = (int)q->ret;
  uint32_t n = ret > 0 ? (uint32_t)ret : 0;
  uint8_t *code = d->ram + DBT_CODE;
  uint8_t *saved = malloc(n + cold + 2 * (n + cold) / 4 + 1);
  if (!saved)
    return errf(d->failed, sizeof d->failed, "out of memory checking a translation"), -1;
  uint8_t *ins = saved + n + cold;
  uint32_t lo_entry = XLATE_INSN_OF - q->insn_of; /* the window's first entry */
  memcpy(saved, code + at, n);
  memcpy(saved + n, code + cold_at, cold);
  memcpy(ins, d->ram + XLATE_INSN_OF + (at / 4 - lo_entry), n / 4);
  memcpy(ins + n / 4, d->ram + XLATE_INSN_OF + (cold_at / 4 - lo_entry), cold / 4);
  dbt_place pl = *pl_in;
  dbt_block out[DBT_TRACE_MAX];
  dbt_member_out mo = {0};
  unsigned members = 1;
  int hret = q->op == XLATE_BLOCK ? dbt_translate(&d->core, q->pc, &pl, q->counter, out)
             : q->op == XLATE_MEMBER
                 ? dbt_translate_member(&d->core, q->pc, &q->member, &pl, out, &mo)
                 : dbt_translate_trace(&d->core, &q->trace, q->has_probes ? &q->probes : NULL, &pl,
                                       out, &members);
  const char *what = NULL;
  uint32_t where = 0;
  if (hret != ret)
    what = "its result";
  else if (pl.cold_used != cold || pl.used != q->place.used)
    what = "the bytes it wrote";
  else if (ret > 0 && (members != q->members || memcmp(out, q->out, members * sizeof *out)))
    what = "its blocks' descriptions";
  else if (ret > 0 && q->op == XLATE_MEMBER && memcmp(&mo, &q->member_out, sizeof mo))
    what = "its entry, body or ways";
  else if (d->words.n != q->words_n && q->words)
    what = "the far words it gave";
  for (uint32_t i = 0; !what && i < n + cold; i++) {
    uint32_t a = i < n ? at + i : cold_at + i - n;
    if (code[a] != saved[i])
      what = "its code", where = DBT_CODE + a;
    else if (i % 4 == 0 && d->insn_of[a / 4] != ins[i / 4])
      what = "its insn_of entries", where = DBT_CODE + a;
  }
  for (uint32_t i = n0; !what && q->words && i < q->words_n; i++)
    if (d->words.key[i] != dbt_be32(d->ram + XLATE_WORDS + 4 * i))
      what = "the far words it gave";
  free(saved);
  if (!what)
    return 0;
  uint32_t pc;
  const char *unit = unit_of(q, &pc);
  return errf(d->failed, sizeof d->failed,
              "--runtime checked: the board's translation of the %s at %#x differs from the "
              "host's in %s (at %#x)",
              unit, pc, what, where),
         -1;
}

/* A request through the board (and the host, checked); the translator's result, or
 * RT_XLATE_FAILED. */
static int run(dbt *d, xlate_req *q, dbt_place *pl, dbt_block out[], unsigned *members) {
  uint32_t n0 = d->words.n;
  if (fill(d, q, pl) < 0 || board_call(d, q) < 0)
    return RT_XLATE_FAILED;
  int ret = (int)q->ret;
  if (ret == 0) /* it did not fit */
    rt_code_dropped(d, &q->place);
  if (d->o.runtime == DBT_RUNTIME_CHECKED) {
    if (stage_same(d, q) < 0 || check(d, q, pl, n0) < 0)
      return RT_XLATE_FAILED;
  } else {
    if (ret > 0 && q->insn_of) {
      uint32_t lo_entry = XLATE_INSN_OF - q->insn_of;
      copy_insn_of(d, lo_entry, q->place.at, (uint32_t)ret);
      copy_insn_of(d, lo_entry, q->place.cold_at, q->place.cold_used);
    }
    if (q->words && sync_words(d, n0, q->words_n) < 0)
      return RT_XLATE_FAILED;
  }
  *pl = q->place;
  memcpy(out, q->out, q->members * sizeof *out);
  *members = q->members;
  return ret;
}

void rt_code_dropped(dbt *d, const dbt_place *pl) {
  if (d->o.runtime == DBT_RUNTIME_HOST)
    return;
  for (int k = 0; k < 2; k++) /* (written back, as new code is: cache.c) */
    vboard_code_sync(d->b, DBT_CODE + (k ? pl->cold_at : pl->at), k ? pl->cold_used : pl->used,
                     VBOARD_SYNC_DCBST);
}

int rt_translate(dbt *d, uint32_t pc, dbt_place *pl, uint32_t counter, dbt_block *out) {
  if (d->o.runtime == DBT_RUNTIME_HOST)
    return dbt_translate(&d->core, pc, pl, counter, out);
  xlate_req q;
  memset(&q, 0, sizeof q);
  q.op = XLATE_BLOCK;
  q.pc = pc;
  q.counter = counter;
  q.heads = d->o.superblocks && d->o.profile == DBT_PROFILE_SW; /* (heads.c: the sw profile's) */
  unsigned members;
  return run(d, &q, pl, out, &members);
}

int rt_translate_trace(dbt *d, const dbt_trace *t, const dbt_sb_probes *probes, dbt_place *pl,
                       dbt_block out[], unsigned *members) {
  if (d->o.runtime == DBT_RUNTIME_HOST)
    return dbt_translate_trace(&d->core, t, probes, pl, out, members);
  xlate_req q;
  memset(&q, 0, sizeof q);
  q.op = XLATE_TRACE;
  q.trace = *t;
  q.heads = d->o.superblocks && d->o.profile == DBT_PROFILE_SW;
  q.has_probes = probes != NULL;
  if (probes)
    q.probes = *probes;
  *members = 0;
  return run(d, &q, pl, out, members);
}

int rt_translate_member(dbt *d, uint32_t pc, const dbt_member *m, dbt_place *pl, dbt_block *out,
                        dbt_member_out *mo) {
  if (d->o.runtime == DBT_RUNTIME_HOST)
    return dbt_translate_member(&d->core, pc, m, pl, out, mo);
  xlate_req q;
  memset(&q, 0, sizeof q);
  q.op = XLATE_MEMBER;
  q.pc = pc;
  q.member = *m;
  unsigned members;
  int ret = run(d, &q, pl, out, &members);
  *mo = q.member_out;
  return ret;
}
