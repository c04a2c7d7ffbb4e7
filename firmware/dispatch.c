/*
 * dispatch.c - the dispatcher on the board (firmware/xlate.h): the PPC405 side of
 * what the runtime does each time translated code reaches its dispatcher.  The
 * block map from guest pcs to their code lives in the board's RAM (XLATE_MAP): a
 * block enters it when the board translates it (xlate.c), a superblock's head is
 * redirected in it.  An exit's lookup, chaining's patch of the branch that reached
 * an exit stub, an indirect jump's jump-table entry, a superblock's redirection of
 * its head and its chained predecessors, and a flush are each one request
 * (xlate_disp), carried out here with the board's CPU and caches (the map itself:
 * map.c), and so is a block
 * entered while a superblock's path is recorded (record.c); the runtime
 * (dbt/dispatch.c, dbt/cache.c) does the same on the host and checks that the two
 * agree.  The words the patches write reach fetch as placed code does (the runtime
 * charges the dcbst / icbi for them, cache.c's rt_code_wrote).
 */
#include <stddef.h>

#include "xlate.h"

typedef struct link {
  uint32_t at;   /* bit 0 for a bc */
  uint32_t next; /* the one chained to the same pc before it: index + 1, or 0 */
} link;

#define LINKS   ((link *)XLATE_LINKS)
#define WORD(a) (*(volatile uint32_t *)(uintptr_t)((a) & ~1u))

static uint32_t nlinks; /* chained branches */

/* The branch at q->site reached its exit stub: patched to go to q->host (past a
 * superblock head's probe: the slot's skip), or the stub itself when the site cannot
 * reach it (a bc's 32 KiB), and listed under pc's slot s for redirections. */
static void chain(xlate_disp *q, xlate_slot *s) {
  uint32_t insn = WORD(q->site), w, at = q->site, to = q->host + 4 * (s->host & 3u);
  if (to == q->site) /* pc's code went over the branch: the block falls into it */
    return;
  if ((insn >> 26) == 16) /* a bc */
    w = dbt_retarget_bc(insn, q->site, to), at = q->site | 1;
  else
    w = dbt_chain_word(q->site, to);
  if (!w)
    w = dbt_chain_word(q->stub, to), at = q->stub;
  if (!w)
    return;
  if (nlinks == XLATE_LINKS_CAP) {
    q->full = 1;
    return;
  }
  WORD(at) = w;
  LINKS[nlinks].at = at;
  LINKS[nlinks].next = s->links;
  s->links = ++nlinks;
  q->at = at;
  q->word = w;
}

static volatile uint32_t *jt_entry(const xlate_disp *q, uint32_t pc) {
  return (volatile uint32_t *)(uintptr_t)(q->jt + 8 * ((pc >> 2) & (DBT_JT_ENTRIES - 1)));
}

/* pc's jump-table entry, when it holds pc, now goes to q->host. */
static inline __attribute__((always_inline)) void jt_moved(const xlate_disp *q) {
  volatile uint32_t *e = jt_entry(q, q->pc);
  if (e[0] == q->pc)
    e[1] = q->host;
}

/* The code at slot s's pc now q->host: its old code branches there, and every branch
 * chained to it past q->skip bytes.  Inlined into both callers (the dispatcher's code
 * stays where the image's profile placed it). */
static inline __attribute__((always_inline)) void retarget(const xlate_disp *q,
                                                           const xlate_slot *s) {
  uint32_t w, old = s->host & ~3u, to = q->host + q->skip;
  if ((w = dbt_chain_word(old, q->fell ? to : q->host)))
    WORD(old) = w;
  for (uint32_t i = s->links; i; i = LINKS[i - 1].next) {
    uint32_t at = LINKS[i - 1].at;
    w = (at & 1) ? dbt_retarget_bc(WORD(at), at & ~1u, to) : dbt_chain_word(at, to);
    if (w)
      WORD(at) = w;
  }
}

/* pc's code is now q->host (a superblock): the old code branches there, and so does
 * every branch chained to pc, and pc's jump-table entry when it holds pc. */
static void redirect(xlate_disp *q) {
  xlate_slot *s = xlate_map_lookup(q->pc);
  if (s)
    retarget(q, s);
  q->full = xlate_map_set(q->pc, q->host | q->skip / 4) < 0;
  if (!q->full) /* its head and members marked, its words noted (heads.c) */
    q->err = (uint32_t)-xlate_heads_formed(q->pc);
  jt_moved(q);
}

/* XLATE_RG_MOVE (regions.c): a probe region's member's code is now q->host, as
 * redirect's superblock (no heads to note).  With the regions' former's code
 * (xlate.h, XLATE_LATE). */
__attribute__((section(".late.text.xlate_move"))) void xlate_move(xlate_disp *q) {
  xlate_slot *s = xlate_map_lookup(q->pc);
  if (s)
    retarget(q, s);
  q->full = xlate_map_set(q->pc, q->host) < 0;
  jt_moved(q);
}

static void flush(const xlate_disp *q) {
  xlate_map_flush();
  nlinks = 0;
  xlate_heads_flush();
  xlate_record_reset();
  volatile uint32_t *e = (volatile uint32_t *)(uintptr_t)q->jt;
  for (uint32_t i = 0; i < DBT_JT_ENTRIES; i++, e += 2) {
    e[0] = 0xFFFFFFFFu; /* never a guest pc */
    e[1] = q->jt_miss;
  }
}

void xlate_dispatch(xlate_disp *q) {
  xlate_slot *s = q->op <= XLATE_RECORD ? xlate_map_lookup(q->pc) : NULL;
  if (s)
    q->host = s->host & ~3u;
  switch (q->op) {
  case XLATE_CHAIN:
    if (s)
      chain(q, s);
    break;
  case XLATE_INDIRECT:
    if (s) {
      volatile uint32_t *e = jt_entry(q, q->pc);
      e[0] = q->pc;
      e[1] = q->host;
    }
    break;
  case XLATE_REDIRECT: redirect(q); break;
  case XLATE_FLUSH: flush(q); break;
  case XLATE_SCAN: xlate_scan(q); break;
  case XLATE_IRQ: xlate_irq(q); break;
  case XLATE_CCT_SW: xlate_cct_sw(q); break;
  case XLATE_RECORD: xlate_record(q, s ? (int32_t)(s - (xlate_slot *)XLATE_MAP) : -1); break;
  default: break; /* XLATE_LOOKUP: q->host */
  }
#ifdef XLATE_WRONG_CHAIN /* a dispatcher that patches one word off, for the runtime's test */
  if (q->op == XLATE_CHAIN && q->at)
    WORD(q->at) ^= 4;
#endif
}
