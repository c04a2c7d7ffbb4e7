/*
 * superblock.h - superblocks formed from the IP's hot blocks (superblock.c) and
 * their derived counts (sbcount.c): the state the two share (d->sb), theirs alone.
 */
#ifndef HWPROF_DBT_SUPERBLOCK_H
#define HWPROF_DBT_SUPERBLOCK_H

#include <stddef.h>
#include <stdint.h>

#include "translate.h"

typedef struct dbt dbt;

enum { SB_NONE, SB_HEAD, SB_MEMBER, SB_PENDING };

/* Derived counts (sbcount.c): the superblocks' own event words, never a block's
 * address: DBT_SB_NEAR_BYTES just below the text (the probe's window covers them,
 * dbt_load), then DBT_SB_KEYS + 4n (MIPS kseg0: no user program's code). */
#define DBT_SB_NEAR_BYTES 0x1000u
#define DBT_SB_KEYS       0x80000000u
#define DBT_SB_KEYS_MAX   (1u << 26) /* (below the probe regions' words, region.c) */
typedef struct sb_inst sb_inst;

/* A loop's superblock holds up to this many copies of its body (superblock.c). */
#define DBT_UNROLL        4
/* The duplication budget, when the options leave it to the board: this share of the
 * board's instruction cache (superblock.c, "The code-growth budget"). */
#define DBT_SB_BUDGET_DIV 8

/* A block entered while a path is recorded, for the recorder on the board to record
 * (onrecord.c): its pc and counter, whether the budget was spent, and what the host's
 * recorder made of it: the path's blocks after it, complete or not.  A stretch of the
 * CPU queues at most a path's worth (DBT_TRACE_MAX + 1 blocks; twice that room). */
typedef struct sb_trip {
  uint32_t pc, id, spent, n, ready;
} sb_trip;
#define DBT_SB_TRIPS (2 * (DBT_TRACE_MAX + 1))

typedef struct sb_state {
  size_t pending;              /* hot blocks waiting to head a superblock (SB_PENDING) */
  uint32_t pended;             /* the pc the last crossing made pending (rt_sb_pended) */
  uint32_t board_eval[3];      /* the board's evaluation of the crossing's side exit: its bc, */
  int board_evaluated;         /* its count, the passes past it (rt_sb_board_eval) */
  dbt_trace t;                 /* the path being recorded (t.n = 0: none) */
  int ready;                   /* t is complete: form it at the next pause */
  int scan_due;                /* sw, the runtime on the board: its scan at the next pause */
  sb_trip trips[DBT_SB_TRIPS]; /* the runtime on the board: the recorder's requests due */
  unsigned ntrips;
  uint8_t *is_head;    /* per block id: SB_PENDING, or in the current cache SB_HEAD, SB_MEMBER */
  uint16_t *member_of; /* per block id: the superblock it last became a member of (its
                          ordinal, d->st.superblocks when its head was redirected, from 1,
                          in 16 bits as on the board; 0: none) */
  uint8_t *sw_hot;     /* per block id: the sw counters' scan reported it hot */
  uint64_t dup_budget; /* bytes of duplicated code superblocks may add (UINT64_MAX: any) */
  uint64_t dup_bytes;  /* ... added since the code cache was last emptied */
  dbt_trace *formed;   /* every superblock formed, in order (dbt_superblocks) */
  size_t nformed, formed_cap;
  sb_inst *inst; /* derived counts: every superblock formed, with its probes (sbcount.c) */
  size_t ninst, inst_cap;
  uint32_t near_base, near_cap, near_used, far_used; /* event words given out */
  uint64_t *sw_derived; /* per block id: sw entries derived in superblocks (sbcount.c) */
} sb_state;

#endif
