/*
 * map.c - the board's maps (firmware/xlate.h), below everything that uses them: the
 * dispatcher's block map from guest pcs to their code (XLATE_MAP: a slot for every pc
 * ever entered, kept across flushes by the map's generation), which the dispatcher
 * (dispatch.c) and the choice of heads (heads.c) look pcs up in, and the far event
 * words' table (XLATE_WORDS), which the translator gives slots in (xlate.c) and the
 * choice of heads reads keys from.
 */
#include <stddef.h>

#include "xlate.h"

#define MAP ((xlate_slot *)XLATE_MAP)

static uint32_t gen = 1; /* the map's generation: a flush begins the next */
static uint32_t used;    /* slots used (any generation) */
static dbt_words words;  /* the far words' table (its arrays at XLATE_WORDS) */

dbt_words *xlate_words(void) {
  return &words;
}

xlate_slot *xlate_map_find(uint32_t pc, int add) {
  for (uint32_t i = ((pc >> 2) * 2654435761u) & (XLATE_MAP_SLOTS - 1);;
       i = (i + 1) & (XLATE_MAP_SLOTS - 1)) {
    xlate_slot *s = &MAP[i];
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
  xlate_slot *s = xlate_map_find(pc, add);
  if (s && !s->gen) /* new: a pc that is not in the cache (a planned superblock's member) */
    s->gen = UINT32_MAX;
  return s ? (int32_t)(s - MAP) : -1;
}

xlate_slot *xlate_map_lookup(uint32_t pc) {
  xlate_slot *s = xlate_map_find(pc, 0);
  return s && s->gen == gen ? s : NULL;
}

int32_t xlate_map_set(uint32_t pc, uint32_t host) {
  xlate_slot *s = xlate_map_find(pc, 1);
  if (!s)
    return -1;
  if (s->gen != gen)
    s->links = 0;
  s->host = host;
  s->gen = gen;
  return (int32_t)(s - MAP);
}

void xlate_map_flush(void) {
  gen++;
}
