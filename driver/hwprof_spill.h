/*
 * hwprof_spill.h - the software side of the IP's spill ring.
 *
 * The IP counts blocks in its on-chip table.  An SPC that finds no free slot
 * there, or (the set-associative table, CONFIG2.WAYS != 0) an entry evicted to
 * make room, is written to a ring buffer in system memory (hwprof_regs.h,
 * "Spill ring"), and this file counts it: the ring is drained into a software
 * table, usually from the interrupt handler (IRQ_SPILL), and readout merges
 * both tables.  With the linear table a key is counted either on chip or
 * here, never in both (the IP never frees a slot), so the merge is a union;
 * with sets a key's count is its on-chip count plus its count here (the
 * records of its evicted entries), so the merge sums.
 *
 * Threshold crossings.  A key counted here is reported (on_hot) when its
 * count here reaches the threshold, unless a record said the IP had already
 * reported it (HWPROF_SPILL_REC_HOT).  With sets a key whose counts are split
 * is reported when either part reaches the threshold (so by the time its total
 * reaches twice the threshold at the latest), and may be reported more than
 * once: by this table and again by a later entry of it on chip.
 *
 *   static hwprof_entry slots[1u << 16];
 *   hwprof_ring ring = {RING_BUS_ADDR, 4096, load_word, ctx, 0};
 *   hwprof_spill_table t;
 *   hwprof_spill_table_init(&t, slots, 1u << 16, 3000, dev.cfg.count_width);
 *   hwprof_spill_start(&dev, &ring, 2048);       // IRQ_SPILL at half full
 *   ... in the handler: hwprof_spill_drain(&dev, &ring, &t, on_hot, ctx);
 *
 * When the table is full, hwprof_spill_drain stops with HWPROF_ENOSPC and
 * leaves the rest in the ring (the IP holds the bus, nothing is lost); the
 * caller moves the table to bigger storage (hwprof_spill_table_move) and
 * drains again.
 *
 * Freestanding C99 (the firmware links it): the caller provides the storage.
 */
#ifndef HWPROF_SPILL_H
#define HWPROF_SPILL_H

#include "hwprof.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The ring: where the IP writes it, and how the CPU reads a word of it. */
typedef struct hwprof_ring {
  uint32_t bus_addr; /* SPILL_BASE: the ring's address as the IP sees it */
  uint32_t words;    /* SPILL_SIZE: a power of two, 2..HWPROF_SPILL_MAX_WORDS */
  uint32_t (*load)(void *ctx, uint32_t index); /* word `index` of the ring */
  void *ctx;
  uint32_t tail; /* SPCs consumed (kept by these calls) */
} hwprof_ring;

/* The software counter table: open addressing over caller storage. */
typedef struct hwprof_spill_table {
  hwprof_entry *slots; /* count 0 = empty */
  uint32_t cap;        /* a power of two */
  uint32_t used;
  uint32_t threshold; /* 0: no hot reports */
  uint32_t count_max; /* counts saturate here, like the IP's COUNT_WIDTH */
  uint64_t counted;   /* events counted since init (a record counts its entry's) */
} hwprof_spill_table;

/* Waits until the IP is idle, then programs SPILL_BASE, SPILL_SIZE and
 * SPILL_MARK (0: no IRQ_SPILL) and sets ring->tail to 0. */
int hwprof_spill_start(hwprof_dev *dev, hwprof_ring *ring,
                       uint32_t mark); /* -HWPROF_ENOTSUP: no spill path (1.7) */
/* Waits until the IP is idle and turns spilling off (table misses are lost
 * and counted again).  Drain the ring first: its contents are forgotten. */
int hwprof_spill_stop(hwprof_dev *dev);

/* Counts every SPC the ring holds into t and moves TAIL past them; on_hot
 * (may be NULL) gets each SPC whose count reaches t->threshold.  Returns how
 * many were consumed, or a negative error (HWPROF_ENOSPC: t is full; the SPCs
 * not yet counted stay in the ring). */
int hwprof_spill_drain(hwprof_dev *dev, hwprof_ring *ring, hwprof_spill_table *t,
                       void (*on_hot)(void *ctx, uint32_t spc), void *ctx);
/* The same, max words at most (whole records: a handler whose list of crossings has room
 * for max; it says whether the ring holds more with *more). */
int hwprof_spill_drain_max(hwprof_dev *dev, hwprof_ring *ring, hwprof_spill_table *t,
                           void (*on_hot)(void *ctx, uint32_t spc), void *ctx, uint32_t max,
                           int *more);
/* The words the ring holds (HEAD - TAIL) in *words: one read of SPILL_HEAD. */
int hwprof_spill_held(hwprof_dev *dev, const hwprof_ring *ring, uint32_t *words);

/* hwprof_wait_idle for an IP that may be spilling, or whose hot FIFO may fill
 * while the event FIFO empties: drains the hot FIFO and the ring until the IP
 * is idle.  on_hot gets every crossing, the IP's and the table's. */
int hwprof_spill_settle(hwprof_dev *dev, hwprof_ring *ring, hwprof_spill_table *t,
                        void (*on_hot)(void *ctx, uint32_t spc), void *ctx);

/* Empty table over slots[cap] (cap a power of two); count_width as CONFIG. */
int hwprof_spill_table_init(hwprof_spill_table *t, hwprof_entry *slots, uint32_t cap,
                            uint32_t threshold, uint32_t count_width);
/* Counts one SPC.  Returns 1 when its count reached the threshold now, 0 if
 * not, HWPROF_ENOSPC (negated) when the table has no room for a new key (a
 * table is full at 3/4 of cap, to keep probe sequences short). */
int hwprof_spill_table_add(hwprof_spill_table *t, uint32_t spc);
/* Adds n (>= 1) to spc's count, saturating: an evicted entry's record.  Returns 1
 * when the count reached the threshold now and was_hot is 0, else as above. */
int hwprof_spill_table_add_n(hwprof_spill_table *t, uint32_t spc, uint32_t n, int was_hot);
/* Counts the ring entry that starts with word (an SPC, or a record whose second
 * word is next; HWPROF_SPILL_KEY and HWPROF_SPILL_WORDS_OF say its key and size).
 * Returns as hwprof_spill_table_add. */
int hwprof_spill_table_count(hwprof_spill_table *t, uint32_t word, uint32_t next);
/* The count of spc, 0 when absent. */
uint32_t hwprof_spill_table_lookup(const hwprof_spill_table *t, uint32_t spc);
/* Moves every entry of src into dst (initialized, empty, larger); dst keeps
 * src's threshold, saturation and count of SPCs.  src is left unchanged. */
int hwprof_spill_table_move(hwprof_spill_table *dst, const hwprof_spill_table *src);

#ifdef __cplusplus
}
#endif

#endif /* HWPROF_SPILL_H */
