/*
 * hwprof_model.h - C reference model of the hwprof IP's functional behaviour.
 *
 * The oracle for the RTL: the same hash, probe order, saturation, threshold
 * and loss rules, and the statistics that do not depend on timing.  It is
 * driven in bus order -- the order in which EVENT, THRESHOLD and CTRL.CLEAR /
 * STATS_CLEAR writes were accepted -- which is exactly the order in which the
 * IP applies them (see hwprof_regs.h, "Ordering").
 *
 * What the model does not predict, because it depends on cycle timing: the
 * FIFO high-water mark, stall cycles, the cycle counter, which EVENT writes a
 * full FIFO dropped under DROP_ON_FULL (the caller reports those with
 * hwprof_model_drop()), and which hot SPCs a full hot FIFO lost (the model
 * reports every threshold crossing through on_hot, in order).
 *
 * Freestanding C99: the caller provides the table storage.
 *
 *   hwprof_model m;
 *   hwprof_model_params p = HWPROF_MODEL_DEFAULTS;
 *   static hwprof_model_entry tab[1u << 12];
 *   hwprof_model_init(&m, &p, tab, 1u << 12);
 *   hwprof_model_event(&m, 0x400120);
 */
#ifndef HWPROF_MODEL_H
#define HWPROF_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "hwprof_regs.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Build parameters of an IP instance (the RTL's parameters). */
typedef struct hwprof_model_params {
  unsigned fifo_log2;    /* 1..10 */
  unsigned hot_log2;     /* 1..10 */
  unsigned index_bits;   /* 4..16 */
  unsigned hash;         /* HWPROF_HASH_* */
  unsigned max_probe;    /* 1..2^index_bits */
  unsigned count_width;  /* 4..32 */
  unsigned syscall_bits; /* 0..8: the system-call table's 2^n entries (0: not built) */
  unsigned slot_cache;   /* 0..8: slot-cache entries (rtl/hwprof_core.v) */
  unsigned edge_bits;    /* 0..10: the edge table's 2^n entries (rtl/hwprof_edge.v; 0: not built) */
  unsigned cct;          /* 0 or 1: the call/return packet unit is built (rtl/hwprof_cct.v) */
  unsigned stats;        /* 0 or 1: every statistic is built (0: only the losses count) */
  unsigned spill;        /* 0 or 1: the spill path is built (rtl/hwprof_spill.v) */
  unsigned ways;         /* 0: the linear-probe table; 1, 2, 4, 8: set-associative (1.8) */
} hwprof_model_params;

/* The RTL's defaults (rtl/hwprof_axil.v). */
#define HWPROF_MODEL_DEFAULTS                                                                      \
  { 9u, 4u, 12u, HWPROF_HASH_MULT, 16u, 32u, 5u, 4u, 8u, 1u, 1u, 1u, 4u }

typedef struct hwprof_model_entry {
  uint32_t key;
  uint32_t count; /* 0: empty */
  uint8_t hot;    /* the threshold has fired for this entry */
  uint8_t age;    /* set-associative: 0 for the way counted last in its set */
} hwprof_model_entry;

/* The statistics the model predicts, by register (see hwprof_regs.h). */
typedef struct hwprof_model_stats {
  uint32_t events_in;    /* STAT_EVENTS_IN */
  uint32_t events;       /* STAT_EVENTS */
  uint32_t lost_fifo;    /* STAT_LOST_FIFO (as reported by hwprof_model_drop) */
  uint32_t lost_table;   /* STAT_LOST_TABLE */
  uint32_t ignored;      /* STAT_IGNORED */
  uint32_t hot;          /* STAT_HOT */
  uint32_t probes;       /* STAT_PROBES */
  uint32_t max_probe;    /* STAT_MAX_PROBE */
  uint32_t spilled;      /* STAT_SPILLED */
  uint32_t syscalls;     /* STAT_SYSCALLS */
  uint32_t syscall_lost; /* STAT_SYSCALL_LOST */
  uint32_t edges;        /* STAT_EDGES */
  uint32_t edge_lost;    /* STAT_EDGE_LOST */
  uint32_t edge_hot;     /* edge threshold crossings (each reported through on_edge_hot) */
  uint32_t evicted;      /* STAT_EVICTED */
} hwprof_model_stats;

/* A system-call table entry (hwprof_regs.h, "System calls"). */
typedef struct hwprof_model_sys_entry {
  uint32_t site, number, count;
} hwprof_model_sys_entry;

/* An edge-table entry (hwprof_regs.h, "Indirect edges"); count 0: empty. */
typedef struct hwprof_model_edge_entry {
  uint32_t src, dst, count;
  uint8_t hot;
} hwprof_model_edge_entry;

typedef struct hwprof_model {
  hwprof_model_params p;
  hwprof_model_entry *table;
  uint32_t entries;
  uint32_t threshold;
  uint32_t occupied;
  hwprof_model_stats st;
  int table_full; /* STATUS.TABLE_FULL */
  int dropped;    /* STATUS.DROPPED */
  void (*on_hot)(void *ctx, uint32_t spc);
  void *on_hot_ctx;
  int spill; /* SPILL_SIZE != 0: a table miss goes to the ring, in order */
  /* Every word the IP writes to the ring, in order: SPCs, and records' two words. */
  void (*on_spill)(void *ctx, uint32_t word);
  void *on_spill_ctx;
  /* The slot cache: {key, slot, probes} of the events that needed probes, replaced
   * round-robin; emptied by a table clear. */
  struct {
    uint32_t key, idx, probe;
  } sc[HWPROF_SLOT_CACHE_MAX];
  uint32_t sc_valid, sc_next;
  hwprof_model_sys_entry sys[HWPROF_SYSCALL_MAX_ENTRIES]; /* in order of first arrival */
  uint32_t sys_used;                                      /* SYSCALL_USED */
  /* The edge former and table (driver/hwprof_model_edge.c). */
  uint32_t edge_prev; /* the last event word */
  int edge_prev_valid;
  uint32_t edge_ctrl; /* EDGE_CTRL in force */
  uint32_t edge_used; /* EDGE_USED */
  hwprof_model_edge_entry edge[HWPROF_EDGE_MAX_ENTRIES];
  void (*on_edge_hot)(void *ctx, uint32_t src, uint32_t dst);
  void *on_edge_hot_ctx;
  /* Call/return packets (driver/hwprof_model_cct.c). */
  int cct;           /* CCT_SIZE != 0 */
  uint32_t cct_prev; /* the last event word */
  int cct_prev_valid;
  uint32_t cct_blocks, cct_insns; /* CCT_BLOCKS, CCT_INSNS */
  void (*on_cct)(void *ctx, const uint32_t pkt[HWPROF_CCT_PACKET_WORDS]);
  void *on_cct_ctx;
} hwprof_model;

/* The 16-bit hash of an SPC (the RTL's hwprof_hash). */
uint16_t hwprof_hash16(unsigned kind, uint32_t spc);

/* Checks a parameter set; returns 0 or a negative value and, if why is not
 * NULL, a static string naming the bad parameter. */
int hwprof_model_check_params(const hwprof_model_params *p, const char **why);

/* CONFIG and CONFIG2 register values of an instance with these parameters. */
uint32_t hwprof_model_config_word(const hwprof_model_params *p);
uint32_t hwprof_model_config2_word(const hwprof_model_params *p);

/* A key's home: its slot in the linear table (ways 0), or its set in the
 * set-associative one (whose first entry is home * ways). */
uint32_t hwprof_model_home(const hwprof_model_params *p, uint32_t spc);

/* Parameters from CONFIG/CONFIG2 register values. */
void hwprof_model_params_from_config(hwprof_model_params *p, uint32_t config, uint32_t config2);

/* Initializes m over `table` (2^index_bits entries, `capacity` available) in
 * the reset state.  Returns 0, or a negative value for bad parameters or too
 * small a table. */
int hwprof_model_init(hwprof_model *m, const hwprof_model_params *p, hwprof_model_entry *table,
                      size_t capacity);

/* Hardware reset: empty table, statistics zero, threshold 0. */
void hwprof_model_reset(hwprof_model *m);

/* Operations, in bus order. */
void hwprof_model_event(hwprof_model *m, uint32_t word); /* accepted EVENT: SPC | flags */
/* The same with the window store's weight (1.6; hwprof_model_event's is 0). */
void hwprof_model_event_weighted(hwprof_model *m, uint32_t word, uint8_t weight);
void hwprof_model_ignore(hwprof_model *m); /* EVENT while disabled */
void hwprof_model_drop(hwprof_model *m);   /* EVENT dropped, FIFO full */
void hwprof_model_set_threshold(hwprof_model *m, uint32_t threshold);
/* CTRL.CLEAR (table: the counter table and the system-call table) and STATS_CLEAR. */
void hwprof_model_clear(hwprof_model *m, int table, int stats);
/* An accepted SYSCALL write while ENABLE is set: number at site (SYSCALL_SITE). */
void hwprof_model_syscall(hwprof_model *m, uint32_t site, uint32_t number);
void hwprof_model_syscall_clear(hwprof_model *m); /* CTRL.SYSCALL_CLEAR */
/* Indirect edges (driver/hwprof_model_edge.c).  hwprof_model_event calls
 * hwprof_model_edge_event with every event word; EDGE_CTRL and CTRL.EDGE_CLEAR are
 * queued writes, applied in bus order. */
void hwprof_model_edge_event(hwprof_model *m, uint32_t word);
void hwprof_model_set_edge_ctrl(hwprof_model *m, uint32_t edge_ctrl);
void hwprof_model_edge_clear(hwprof_model *m);
/* The slot of a pair's first probe in a table of 2^bits entries (rtl/hwprof_edge.v). */
uint32_t hwprof_edge_hash(uint32_t src, uint32_t dst, unsigned bits);
/* Count of edge (src, dst), 0 when absent. */
uint32_t hwprof_model_edge_count(const hwprof_model *m, uint32_t src, uint32_t dst);

/* Call/return packets (driver/hwprof_model_cct.c): hwprof_model_event_weighted calls
 * hwprof_model_cct_event with every event; CCT_SIZE or CCT_BASE written (only while
 * idle: between two events) is hwprof_model_set_cct, which starts afresh. */
void hwprof_model_cct_event(hwprof_model *m, uint32_t word, uint8_t weight);
void hwprof_model_set_cct(hwprof_model *m, int on);

/* SPILL_SIZE written (0 = off).  The IP takes it only while idle, so it falls
 * between two events in bus order; built without the spill path, only 0. */
void hwprof_model_set_spill(hwprof_model *m, int on);

/* Whether the register at `offset` is left in by STATS: with stats = 0 the core's
 * statistics (HWPROF_STAT_EVENTS_IN .. SPILL_ERR) but the losses read 0; any other
 * register answers 1 (its unit's own parameter says whether it is built). */
int hwprof_model_stat_built(const hwprof_model_params *p, uint32_t offset);

/* How the IP's hot SPCs compare with the model's threshold crossings: returns
 * how many crossings are missing from `popped` when `popped` is the crossings
 * in order with some left out (a full hot FIFO loses them, and STAT_HOT_LOST
 * counts them), or (size_t)-1 when it is not: an SPC out of order or unknown. */
size_t hwprof_model_hot_missing(const uint32_t *fired, size_t n_fired, const uint32_t *popped,
                                size_t n_popped);

/* Count of `spc` (0 when absent), as LOOKUP_KEY / LOOKUP_COUNT answer; like the IP,
 * it ignores the flag bits (HWPROF_EVENT_FLAGS). */
uint32_t hwprof_model_lookup(const hwprof_model *m, uint32_t spc);

#ifdef __cplusplus
}
#endif

#endif /* HWPROF_MODEL_H */
