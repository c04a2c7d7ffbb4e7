/*
 * hwprof_model_cct.c - the reference model of the IP's call/return packets
 * (rtl/hwprof_cct.v; hwprof_regs.h, "Call and return packets").
 *
 * While the ring is on, each event adds 1 to BLOCKS and its weight to INSNS; an
 * event that follows one whose flags are not HWPROF_EVENT_PLAIN first reports the
 * packet {that word, this SPC, BLOCKS, INSNS} through on_cct, in order (the totals
 * before this event is counted).  Turning the ring on or off (CCT_SIZE or CCT_BASE
 * written) starts afresh: totals 0, no last event.  Where the words land in the ring
 * and when the IP waits for room is the ring's business (the caller's, as software).
 */
#include "hwprof_model.h"

void hwprof_model_cct_event(hwprof_model *m, uint32_t word, uint8_t weight) {
  if (!m->cct)
    return;
  if (m->cct_prev_valid && (m->cct_prev & HWPROF_EVENT_FLAGS) != HWPROF_EVENT_PLAIN && m->on_cct) {
    uint32_t pkt[HWPROF_CCT_PACKET_WORDS] = {m->cct_prev, word & ~HWPROF_EVENT_FLAGS, m->cct_blocks,
                                             m->cct_insns};
    m->on_cct(m->on_cct_ctx, pkt);
  }
  m->cct_prev = word;
  m->cct_prev_valid = 1;
  m->cct_blocks++;
  m->cct_insns += weight;
}

void hwprof_model_set_cct(hwprof_model *m, int on) {
  m->cct = on && m->p.cct; /* without the packet unit CCT_SIZE takes only 0 */
  m->cct_prev = 0;
  m->cct_prev_valid = 0;
  m->cct_blocks = 0;
  m->cct_insns = 0;
}
