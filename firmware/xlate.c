/*
 * xlate.c - the translator on the board (firmware/xlate.h): the PPC405 side of a
 * request.  It rebuilds the translator core's dbt_core from the request's words
 * (the guest text and the code cache at their own addresses: the board's RAM is
 * identity-mapped), translates the block or the superblock with the same
 * dbt_translate and dbt_translate_trace the host runs with --runtime host, and
 * leaves the results in the request; a block it translated enters the dispatcher's
 * map (firmware/dispatch.c).  The runtime (dbt/onboard.c) calls it
 * between two stretches of translated code, so its cycles, its instruction
 * fetches and its loads and stores are the board's, caches included.
 */
#include <stddef.h>
#include <string.h>

#include "xlate.h"

/* The interface this image was built for, at XLATE_ABI_AT (xlate.h). */
const uint32_t xlate_abi __attribute__((section(".xlate_abi"), used)) = XLATE_ABI;

/* The translator core of request q (xlate.h: its numbers, and the far words' table
 * when it gives far words), in *c; the far words' table.  Inlined into both of its
 * callers, so that xlate_run's code is what the image's profile placed. */
static inline __attribute__((always_inline)) dbt_words *core_of(xlate_req *q, dbt_core *c) {
  memset(c, 0, sizeof *c);
#define XLATE_FIELD(f) c->f = q->f;
  XLATE_CORE_FIELDS(XLATE_FIELD)
#undef XLATE_FIELD
  c->text = (const uint8_t *)(uintptr_t)q->text_base;
  c->buf = (uint8_t *)(uintptr_t)q->buf; /* the staging window (xlate.h) */
  for (unsigned k = 0; k < DBT_EXIT_KINDS; k++)
    c->exit_stub[k] = q->exit_stub[k];
  c->insn_of = (uint8_t *)(uintptr_t)q->insn_of;
  dbt_words *words = xlate_words(); /* the far words' table, at XLATE_WORDS (map.c) */
  if (q->words) {
    words->base = q->words_base;
    words->n = q->words_n;
    words->cap = q->words_cap;
    words->key = (uint32_t *)(uintptr_t)q->words_key;
    words->index = (uint32_t *)(uintptr_t)q->words_index;
    words->mask = q->words_mask;
    c->words = words;
  }
  return words;
}

/* Request q's result ret, and the far words given. */
static inline __attribute__((always_inline)) void done(xlate_req *q, dbt_core *c,
                                                       const dbt_words *words, int ret) {
#ifdef XLATE_WRONG /* a translator that differs from the host's, for --runtime checked's test */
  if (ret > 0)
    c->buf[q->place.at + 3] ^= 1;
#endif
  (void)c;
  q->ret = (uint32_t)ret;
  if (q->words)
    q->words_n = words->n;
}

void xlate_run(xlate_req *q) {
  if (q->op >= XLATE_LOOKUP) { /* a dispatcher's request, the registers saved already */
    xlate_dispatch((xlate_disp *)q);
    return;
  }
  dbt_core c;
  dbt_words *words = core_of(q, &c);
  int ret;
  if (q->op == XLATE_BLOCK) {
    ret = dbt_translate(&c, q->pc, &q->place, q->counter, &q->out[0]);
    q->members = 1;
    int32_t slot = ret > 0 ? xlate_map_set(q->pc, q->out[0].host_addr) : -1;
    q->mapped = slot >= 0;
    if (q->mapped)
      xlate_record_block(slot, q->out[0].flags);
    if (q->mapped && q->heads && xlate_heads_block(q->counter, q->pc) < 0)
      q->heads = 2;
  } else {
    unsigned members = 0;
    ret = dbt_translate_trace(&c, &q->trace, q->has_probes ? &q->probes : NULL, &q->place, q->out,
                              &members);
    q->members = members;
    if (ret > 0)
      xlate_heads_trace(q, q->out, members);
  }
  done(q, &c, words, ret);
}

/* XLATE_MEMBER (regions.c): a probe region's member, translated as the host's runtime
 * translates one (dbt/region.c); its entries are redirected to it by XLATE_RG_MOVE, not
 * here.  Its code lies with the regions' former's (xlate.h, XLATE_LATE). */
__attribute__((section(".late.text.xlate_member"))) void xlate_member(xlate_req *q) {
  dbt_core c;
  dbt_words *words = core_of(q, &c);
  int ret = dbt_translate_member(&c, q->pc, &q->member, &q->place, &q->out[0], &q->member_out);
  q->members = 1;
  done(q, &c, words, ret);
}
