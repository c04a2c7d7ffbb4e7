/*
 * superblock.h - superblocks formed from the IP's hot blocks (superblock.c).
 */
#ifndef HWPROF_DBT_SUPERBLOCK_H
#define HWPROF_DBT_SUPERBLOCK_H

#include <stddef.h>
#include <stdint.h>

#include "translate.h"

typedef struct dbt dbt;

enum { SB_NONE, SB_HEAD, SB_MEMBER };

typedef struct sb_state {
  uint32_t *queue; /* hot heads waiting to be recorded, oldest first */
  size_t nq, qcap, qhead;
  uint32_t head; /* id + 1 of the head being waited for or recorded (0: none) */
  dbt_trace t;   /* the path so far */
  uint32_t t_id[DBT_TRACE_MAX];
  int ready;         /* t is complete: form it at the next pause */
  uint8_t *is_head;  /* per block id, in the current cache: SB_NONE, SB_HEAD, SB_MEMBER */
  dbt_trace *formed; /* every superblock formed, in order (dbt_superblocks) */
  size_t nformed, formed_cap;
} sb_state;

int sb_init(dbt *d);
void sb_free(dbt *d);
/* A hot SPC from the IP. */
void sb_hot(dbt *d, uint32_t pc);
/* The block `id` at guest pc was entered; sets d->sb.ready when a path is complete. */
void sb_enter(dbt *d, uint32_t id, uint32_t pc);
/* Forms the recorded superblock (the CPU is stopped at a block boundary). */
void sb_form(dbt *d);
/* The code cache was flushed: its superblocks are gone. */
void sb_flushed(dbt *d);

#endif
