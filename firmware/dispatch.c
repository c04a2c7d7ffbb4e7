/*
 * dispatch.c - the dispatcher on the board (firmware/xlate.h): the PPC405 side of
 * what the runtime does each time translated code reaches its dispatcher.  The
 * block map from guest pcs to their code lives in the board's RAM (XLATE_MAP): a
 * block enters it when the board translates it (xlate.c), a superblock's head is
 * redirected in it.  An exit's lookup, chaining's patch of the branch that reached
 * an exit stub, an indirect jump's jump-table entry, a superblock's redirection of
 * its head and its chained predecessors, and a flush are each one request
 * (xlate_disp), carried out here with the board's CPU and caches, and so is a block
 * entered while a superblock's path is recorded (record.c); the runtime
 * (dbt/dispatch.c, dbt/cache.c) does the same on the host and checks that the two
 * agree.  The words the patches write reach fetch as placed code does (the runtime
 * charges the dcbst / icbi for them, cache.c's rt_code_wrote).
 */
#include <stddef.h>

#include "xlate.h"

typedef struct slot {
  uint32_t pc, host, gen; /* gen 0: never used; gen != the map's: flushed, or never in it */
  uint32_t links;         /* the branches chained to pc: the last one's index + 1, or 0 */
} slot;

typedef struct link {
  uint32_t at;   /* bit 0 for a bc */
  uint32_t next; /* the one chained to the same pc before it: index + 1, or 0 */
} link;

#define MAP     ((slot *)XLATE_MAP)
#define LINKS   ((link *)XLATE_LINKS)
#define WORD(a) (*(volatile uint32_t *)(uintptr_t)((a) & ~1u))

static uint32_t gen = 1;      /* the map's generation: a flush begins the next */
static uint32_t used, nlinks; /* slots used (any generation), chained branches */

/* pc's slot (one for every pc ever entered, the runtime's rec), or a new one when add;
 * NULL when not there, or no room (at most half the slots). */
static slot *find(uint32_t pc, int add) {
  for (uint32_t i = ((pc >> 2) * 2654435761u) & (XLATE_MAP_SLOTS - 1);;
       i = (i + 1) & (XLATE_MAP_SLOTS - 1)) {
    slot *s = &MAP[i];
    if (s->gen && s->pc == pc)
      return s;
    if (!s->gen) {
      if (!add || 2 * (used + 1) > XLATE_MAP_SLOTS)
        return NULL;
      used++;
      s->pc = pc;
      return s;
    }
  }
}

int32_t xlate_map_slot(uint32_t pc, int add) {
  slot *s = find(pc, add);
  if (s && !s->gen) /* new: a pc that is not in the cache (a planned superblock's member) */
    s->gen = UINT32_MAX;
  return s ? (int32_t)(s - MAP) : -1;
}

/* pc's slot when its code is in the cache. */
static slot *lookup(uint32_t pc) {
  slot *s = find(pc, 0);
  return s && s->gen == gen ? s : NULL;
}

int xlate_map_set(uint32_t pc, uint32_t host) {
  slot *s = find(pc, 1);
  if (!s)
    return -1;
  if (s->gen != gen)
    s->links = 0;
  s->host = host;
  s->gen = gen;
  return 0;
}

/* The branch at q->site reached its exit stub: patched to go to q->host, or the stub
 * itself when the site cannot reach it (a bc's 32 KiB), and listed under pc's slot s
 * for redirections. */
static void chain(xlate_disp *q, slot *s) {
  uint32_t insn = WORD(q->site), w, at = q->site;
  if ((insn >> 26) == 16) /* a bc */
    w = dbt_retarget_bc(insn, q->site, q->host), at = q->site | 1;
  else
    w = dbt_chain_word(q->site, q->host);
  if (!w)
    w = dbt_chain_word(q->stub, q->host), at = q->stub;
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

/* pc's code is now q->host (a superblock): the old code branches there, and so does
 * every branch chained to pc, and pc's jump-table entry when it holds pc. */
static void redirect(xlate_disp *q) {
  slot *s = find(q->pc, 0);
  uint32_t w;
  if (s && s->gen == gen) {
    if ((w = dbt_chain_word(s->host, q->host)))
      WORD(s->host) = w;
    for (uint32_t i = s->links; i; i = LINKS[i - 1].next) {
      uint32_t at = LINKS[i - 1].at;
      w = (at & 1) ? dbt_retarget_bc(WORD(at), at & ~1u, q->host) : dbt_chain_word(at, q->host);
      if (w)
        WORD(at) = w;
    }
  }
  q->full = xlate_map_set(q->pc, q->host) < 0;
  if (!q->full) /* its head and members marked, its words noted (heads.c) */
    q->err = (uint32_t)-xlate_heads_formed(q->pc);
  volatile uint32_t *e = jt_entry(q, q->pc);
  if (e[0] == q->pc)
    e[1] = q->host;
}

static void flush(const xlate_disp *q) {
  gen++;
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
  slot *s = q->op <= XLATE_RECORD ? lookup(q->pc) : NULL;
  if (s)
    q->host = s->host;
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
  case XLATE_RECORD: xlate_record(q, s ? (int32_t)(s - MAP) : -1); break;
  default: break; /* XLATE_LOOKUP: q->host */
  }
#ifdef XLATE_WRONG_CHAIN /* a dispatcher that patches one word off, for the runtime's test */
  if (q->op == XLATE_CHAIN && q->at)
    WORD(q->at) ^= 4;
#endif
}
