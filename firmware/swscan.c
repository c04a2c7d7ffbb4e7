/*
 * swscan.c - the sw profile's periodic scan on the board (firmware/xlate.h,
 * XLATE_SCAN): the handler a timer would run every 65,536 block entries with
 * --profile sw --superblocks reads every counter in the board's RAM and reports
 * those that reached the threshold since the last scan, each once (a bit per
 * counter at XLATE_SCAN_SEEN), as the monitor-thread design checks its counts.
 * The blocks it reports, and the hot side exits' targets, become pending heads
 * (heads.c); the runtime (dbt/superblock.c) checks that they are the counters its own
 * scan finds and the heads it makes of them.  A scan that reports more than XLATE_SCAN_OUT_CAP
 * counters stops there and is called again where it stopped.
 */
#include <stddef.h>

#include "xlate.h"

void xlate_scan(xlate_disp *q) {
  const uint32_t *c = (const uint32_t *)(uintptr_t)q->counters;
  uint32_t *seen = (uint32_t *)XLATE_SCAN_SEEN, *out = (uint32_t *)XLATE_SCAN_OUT;
  uint32_t i = q->from, found = 0;
  for (; i < q->n && found < XLATE_SCAN_OUT_CAP; i++)
    if (c[i] >= q->threshold && !(seen[i >> 5] >> (i & 31) & 1)) {
      seen[i >> 5] |= 1u << (i & 31);
      out[found++] = i;
    }
  q->from = i;
  q->found = found;
  xlate_heads_reported(out, found); /* (the heads they make, when chosen here) */
}
