/*
 * record.c - the superblock former's path recorder on the board (firmware/xlate.h,
 * XLATE_RECORD): NET's recording, after Duesterwald and Bala, as dbt/superblock.c
 * does it on the host.  Chained code does not come back to a recorder, so while a
 * path is recorded the CPU returns to the dispatcher at every block it enters, the
 * way a trace builder runs the blocks of a trace being built one at a time
 * (DynamoRIO's trace building): each such entry is one request, made with the
 * registers saved.  The dispatcher looks the block up in its map (the code it goes
 * on at, and whether the block heads a superblock: heads.c) and hands it here:
 *   - the first block of a path is its head, a pending head entered (superblock.c);
 *     in the hw profile the interrupt handler made it pending here (heads.c), and a
 *     path that begins elsewhere is an error (err);
 *   - a block already on the path, a block already in a superblock once the
 *     duplication budget is spent (`spent`, the former's: heads.c,
 *     xlate_heads_ends_path, says which), a block after one that leaves its
 *     function (a call or a return: the translator's end of each block, noted by
 *     its map slot when it is translated, xlate.c), or a path of DBT_TRACE_MAX
 *     blocks ends the path there: a loop back to the head is unrolled while the budget
 *     lasts (up to DBT_UNROLL copies of the body), and the path is complete;
 *   - any other block is added to it.
 * The runtime (dbt/onrecord.c) checks the path against its own at each request and
 * translates the complete path into a superblock on the board (XLATE_TRACE).
 */
#include <stddef.h>

#include "superblock.h"
#include "xlate.h"

static dbt_trace path; /* the path recorded: path.n blocks, and next once complete */
static uint32_t done;  /* path is complete: the next request begins another */
static int32_t from;   /* the slot of its head */
static int32_t prev;   /* the slot of its last block */
/* The blocks, by map slot, that end in a call or a return (a bit each). */
static uint32_t leaves[XLATE_MAP_SLOTS / 32];

void xlate_record_block(int32_t slot, uint32_t flags) {
  uint32_t bit = 1u << (slot & 31);
  if (dbt_leaves_function(flags))
    leaves[slot >> 5] |= bit;
  else
    leaves[slot >> 5] &= ~bit;
}

/* Whether the path's last block leaves its function (superblock.c, leaves_function). */
static int leaves_function(void) {
  return prev >= 0 && (leaves[prev >> 5] >> (prev & 31) & 1);
}

void xlate_record_reset(void) {
  path.n = 0;
  done = 0;
}

static void complete(uint32_t next, uint32_t spent) {
  uint32_t body = path.n;
  if (next == path.pc[0] && !spent)
    for (uint32_t copy = 1; copy < DBT_UNROLL && path.n + body <= DBT_TRACE_MAX; copy++)
      for (uint32_t i = 0; i < body; i++, path.n++) {
        path.pc[path.n] = path.pc[i];
        path.counter[path.n] = path.counter[i];
      }
  path.next = next;
#ifdef XLATE_WRONG_RECORD /* a recorder whose paths go on one word off, for the runtime's test */
  path.next ^= 4;
#endif
  done = 1;
}

void xlate_record(xlate_disp *q, int32_t slot) {
  q->err = 0;
  if (path.n == 0 || done) {
    q->err = xlate_heads_begin(slot) < 0; /* not a pending head on the board */
    from = prev = slot;
    path.pc[0] = q->pc;
    path.counter[0] = q->id;
    path.n = 1;
    done = 0;
  } else {
    int seen = 0;
    for (uint32_t i = 0; i < path.n; i++)
      seen |= path.pc[i] == q->pc;
    if (!seen && q->spent)
      seen = xlate_heads_ends_path(slot, from);
    if (!seen)
      seen = leaves_function();
    if (seen || path.n == DBT_TRACE_MAX) {
      complete(q->pc, q->spent);
    } else {
      path.pc[path.n] = q->pc;
      path.counter[path.n] = q->id;
      path.n++;
      prev = slot;
    }
  }
  q->n = path.n;
  q->found = done;
  q->at = (uint32_t)(uintptr_t)&path;
}
