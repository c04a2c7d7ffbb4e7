/*
 * words.c - event words: the word the IP counts each far key under
 * (translate.h, "Event words").
 *
 * A key out of r5's reach gets a slot, the next free one, the first time the
 * translator probes it; the slot's word is base + 4 * slot.  The index finds a
 * key's slot (open addressing with linear probing over a power-of-two table kept
 * at most half full); key[] maps a slot back.  The core's part: no allocation here,
 * the runtime gives the arrays and keeps room (cache.c, rt_words_room).
 */
#include "translate.h"

/* Fibonacci hashing of the word address (bits 1:0 are 0), its high half folded into
 * the low bits the index uses. */
static uint32_t hash(uint32_t key) {
  uint32_t h = (key >> 2) * 0x9E3779B1u;
  return h ^ h >> 16;
}

/* The index entry that holds key, or the free one where it would go. */
static uint32_t *entry(const dbt_words *w, uint32_t key) {
  for (uint32_t i = hash(key) & w->mask;; i = (i + 1) & w->mask) {
    uint32_t *x = &w->index[i];
    if (!*x || w->key[*x - 1] == key)
      return x;
  }
}

int64_t dbt_words_slot(dbt_words *w, uint32_t key) {
  key &= ~HWPROF_EVENT_FLAGS;
  uint32_t *x = entry(w, key);
  if (*x)
    return *x - 1;
  if (w->n == w->cap)
    return -1;
  w->key[w->n] = key;
  *x = ++w->n;
  return *x - 1;
}

uint32_t dbt_words_key(const dbt_words *w, uint32_t word) {
  uint32_t slot = (word - w->base) / 4;
  if (word - w->base >= 4 * w->n)
    return word;
  return w->key[slot] | (word & HWPROF_EVENT_FLAGS);
}

uint32_t dbt_words_word(const dbt_words *w, uint32_t key) {
  uint32_t flags = key & HWPROF_EVENT_FLAGS, *x = entry(w, key & ~HWPROF_EVENT_FLAGS);
  return *x ? (w->base + 4 * (*x - 1)) | flags : key;
}
