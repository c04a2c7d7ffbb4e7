/*
 * hwprof_spill.c - the software side of the IP's spill ring.  See hwprof_spill.h.
 * Freestanding C99.
 */
#include "hwprof_spill.h"

static int write_idle(hwprof_dev *dev, uint32_t base, uint32_t size, uint32_t mark) {
  int err;
  if ((err = hwprof_wait_idle(dev)) < 0 ||
      (err = hwprof_write(dev, HWPROF_SPILL_BASE_OFFSET, base)) < 0 ||
      (err = hwprof_write(dev, HWPROF_SPILL_SIZE_OFFSET, size)) < 0)
    return err;
  return hwprof_write(dev, HWPROF_SPILL_MARK_OFFSET, mark);
}

int hwprof_spill_start(hwprof_dev *dev, hwprof_ring *ring, uint32_t mark) {
  if (!dev->cfg.spill)
    return -HWPROF_ENOTSUP; /* built without the spill path */
  if (!ring || !ring->load || ring->words < 2 || ring->words > HWPROF_SPILL_MAX_WORDS ||
      (ring->words & (ring->words - 1u)) || (ring->bus_addr & 3u) || mark > ring->words)
    return -HWPROF_EINVAL;
  ring->tail = 0;
  return write_idle(dev, ring->bus_addr, ring->words, mark);
}

int hwprof_spill_stop(hwprof_dev *dev) {
  return write_idle(dev, 0, 0, 0);
}

int hwprof_spill_held(hwprof_dev *dev, const hwprof_ring *ring, uint32_t *words) {
  uint32_t head;
  int err = hwprof_read(dev, HWPROF_SPILL_HEAD_OFFSET, &head);
  if (err < 0)
    return err;
  if (head - ring->tail > ring->words)
    return -HWPROF_EIO; /* HEAD outside the ring: not this ring's IP state */
  *words = head - ring->tail;
  return 0;
}

int hwprof_spill_drain(hwprof_dev *dev, hwprof_ring *ring, hwprof_spill_table *t,
                       void (*on_hot)(void *ctx, uint32_t spc), void *ctx) {
  int more;
  return hwprof_spill_drain_max(dev, ring, t, on_hot, ctx, ring->words, &more);
}

int hwprof_spill_drain_max(hwprof_dev *dev, hwprof_ring *ring, hwprof_spill_table *t,
                           void (*on_hot)(void *ctx, uint32_t spc), void *ctx, uint32_t max,
                           int *more) {
  uint32_t held, head, n = 0;
  int err = hwprof_spill_held(dev, ring, &held), rc = 0;
  if (err < 0)
    return err;
  head = ring->tail + held;
  *more = 0;
  while (ring->tail + n != head) {
    uint32_t at = ring->tail + n, mask = ring->words - 1u;
    uint32_t word = ring->load(ring->ctx, at & mask), next = 0;
    if (head - at < HWPROF_SPILL_WORDS_OF(word))
      return -HWPROF_EIO; /* HEAD never stops inside a record */
    if (n + HWPROF_SPILL_WORDS_OF(word) > max) {
      *more = 1;
      break;
    }
    if (word & HWPROF_SPILL_REC)
      next = ring->load(ring->ctx, (at + 1u) & mask);
    if ((rc = hwprof_spill_table_count(t, word, next)) < 0)
      break;
    n += HWPROF_SPILL_WORDS_OF(word);
    if (rc && on_hot)
      on_hot(ctx, HWPROF_SPILL_KEY(word));
  }
  if (n) {
    ring->tail += n;
    if ((err = hwprof_write(dev, HWPROF_SPILL_TAIL_OFFSET, ring->tail)) < 0)
      return err;
  }
  return rc < 0 ? rc : (int)n;
}

int hwprof_spill_settle(hwprof_dev *dev, hwprof_ring *ring, hwprof_spill_table *t,
                        void (*on_hot)(void *ctx, uint32_t spc), void *ctx) {
  uint32_t polls, st, hot[16];
  for (polls = 0; polls < HWPROF_POLL_LIMIT; polls++) {
    /* IDLE covers the spill path and the hot FIFO's input: once it is read
     * set, HEAD is final and no crossing is on its way, and the drains that
     * follow take everything. */
    size_t n, i;
    int err = hwprof_read(dev, HWPROF_STATUS_OFFSET, &st);
    if (err < 0)
      return err;
    do {
      if ((err = hwprof_drain_hot(dev, hot, 16, &n)) < 0)
        return err;
      for (i = 0; i < n && on_hot; i++)
        on_hot(ctx, hot[i]);
    } while (n == 16);
    if ((err = hwprof_spill_drain(dev, ring, t, on_hot, ctx)) < 0)
      return err;
    if ((st & (HWPROF_STATUS_IDLE | HWPROF_STATUS_BUSY)) == HWPROF_STATUS_IDLE)
      return 0;
  }
  return -HWPROF_ETIMEDOUT;
}

/* ------------------------------------------------------------ the table */

/* A multiplicative hash of the word address, folded. */
static uint32_t slot_of(const hwprof_spill_table *t, uint32_t spc) {
  uint32_t h = (spc >> 2) * 0x9E3779B1u;
  return (h ^ (h >> 16)) & (t->cap - 1u);
}

int hwprof_spill_table_init(hwprof_spill_table *t, hwprof_entry *slots, uint32_t cap,
                            uint32_t threshold, uint32_t count_width) {
  uint32_t i;
  if (!t || !slots || cap < 4 || (cap & (cap - 1u)) || count_width < 1 || count_width > 32)
    return -HWPROF_EINVAL;
  for (i = 0; i < cap; i++)
    slots[i].spc = slots[i].count = 0;
  t->slots = slots;
  t->cap = cap;
  t->used = 0;
  t->threshold = threshold;
  t->count_max = count_width == 32 ? 0xFFFFFFFFu : (1u << count_width) - 1u;
  t->counted = 0;
  return 0;
}

static hwprof_entry *find(const hwprof_spill_table *t, uint32_t spc) {
  uint32_t i = slot_of(t, spc);
  for (;;) {
    hwprof_entry *e = &t->slots[i];
    if (e->count == 0 || e->spc == spc)
      return e;
    i = (i + 1u) & (t->cap - 1u);
  }
}

int hwprof_spill_table_add(hwprof_spill_table *t, uint32_t spc) {
  return hwprof_spill_table_add_n(t, spc, 1, 0);
}

int hwprof_spill_table_add_n(hwprof_spill_table *t, uint32_t spc, uint32_t n, int was_hot) {
  hwprof_entry *e = find(t, spc);
  uint32_t before = e->count;
  if (n == 0)
    return -HWPROF_EINVAL; /* an entry's count is never 0 */
  if (before == 0) {
    if (t->used >= t->cap - t->cap / 4u)
      return -HWPROF_ENOSPC;
    e->spc = spc;
    t->used++;
  }
  e->count = n > t->count_max - before ? t->count_max : before + n;
  t->counted += n;
  return !was_hot && t->threshold != 0 && before < t->threshold && e->count >= t->threshold;
}

int hwprof_spill_table_count(hwprof_spill_table *t, uint32_t word, uint32_t next) {
  if (word & HWPROF_SPILL_REC) /* an evicted entry: {key, HOT, 1}, then its count */
    return hwprof_spill_table_add_n(t, HWPROF_SPILL_KEY(word), next,
                                    (word & HWPROF_SPILL_REC_HOT) != 0);
  return hwprof_spill_table_add(t, word);
}

uint32_t hwprof_spill_table_lookup(const hwprof_spill_table *t, uint32_t spc) {
  return find(t, spc)->count; /* an empty slot's count is 0 */
}

int hwprof_spill_table_move(hwprof_spill_table *dst, const hwprof_spill_table *src) {
  uint32_t i;
  if (dst->used || dst->cap - dst->cap / 4u < src->used)
    return -HWPROF_ENOSPC;
  for (i = 0; i < src->cap; i++) {
    const hwprof_entry *s = &src->slots[i];
    if (s->count) {
      *find(dst, s->spc) = *s;
      dst->used++;
    }
  }
  dst->threshold = src->threshold;
  dst->count_max = src->count_max;
  dst->counted = src->counted;
  return 0;
}
