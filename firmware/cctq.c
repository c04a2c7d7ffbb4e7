/*
 * cctq.c - the call/return packets' queue on the board (firmware/xlate.h,
 * XLATE_IRQ_CCT): where the board's CPU puts the packets it takes out of a ring,
 * for the calling-context tree's builder, which runs beside the CPU (cct/cct.c,
 * the parallel builder: docs/cct.md) and reads them from there at its own pace.
 *
 * Two rings feed it.  The IP's packet ring (IP 1.6), which the interrupt handler
 * drains at IRQ_CCT (firmware/irq.c, through the driver's hwprof_cct_head and
 * hwprof_cct_release): the IP's ring is free again at once, and the IP never waits
 * for the builder.  And the sw probes' ring (dbt/translate.h, "Call and return
 * packets"), which translated code leaves for the dispatcher when it is full
 * (DBT_EXIT_CCT; XLATE_CCT_SW here): its packets are appended the same way, the
 * ring's pointer set back to its start, and translated code goes on.
 *
 * The packets are copied word by word, a packet at a time (4 loads, 4 stores): the
 * queue holds XLATE_IRQ_CCT_WORDS words, wrapping around, and a request says where
 * its packets begin (cct_at) and how many there are (cct_n).  The runtime reads
 * them after the request, as the builder would.
 */
#include <stddef.h>

#include "hwprof.h"
#include "xlate.h"

#define QUEUE ((uint32_t *)XLATE_IRQ_CCT)

static uint32_t end; /* the queue's next free word (a running count) */

uint32_t xlate_cctq_at(void) {
  return end & (XLATE_IRQ_CCT_WORDS - 1u);
}

uint32_t xlate_cctq_append(const volatile uint32_t *ring, uint32_t from, uint32_t to,
                           uint32_t mask) {
  for (uint32_t at = from; at != to; at += 4, end += 4) {
    const volatile uint32_t *p = ring + (at & mask);          /* (a packet never wraps: the */
    uint32_t *o = QUEUE + (end & (XLATE_IRQ_CCT_WORDS - 1u)); /* rings move by packets) */
    o[0] = p[0], o[1] = p[1], o[2] = p[2], o[3] = p[3];
  }
  return (to - from) / HWPROF_CCT_PACKET_WORDS;
}

void xlate_cct_sw(xlate_disp *q) {
  volatile uint32_t *ptr = (volatile uint32_t *)(uintptr_t)q->cct_ptr;
  uint32_t used = *ptr - q->cct_ring;
  q->cct_at = xlate_cctq_at();
  q->cct_n = 0;
  if (used > 4u * q->cct_words || used % (4u * HWPROF_CCT_PACKET_WORDS)) {
    q->err = (uint32_t)-HWPROF_EINVAL; /* the guest wrote the pointer: the runtime says so */
    return;
  }
  q->err = 0;
  q->cct_n = xlate_cctq_append((const volatile uint32_t *)(uintptr_t)q->cct_ring, 0, used / 4,
                               0xFFFFFFFFu);
  *ptr = q->cct_ring;
}
