/*
 * hwprof_cct.h - the software side of the IP's call/return packet ring (IP 1.6;
 * hwprof_regs.h, "Call and return packets").
 *
 * With the ring on, the IP writes a packet of four words for every event that
 * follows a block ending in a call, a return or an indirect jump: that block's
 * event word, where it went, and the running totals of events and of their
 * weights (the blocks' guest instruction counts).  Software drains the ring,
 * usually from the interrupt handler (IRQ_CCT), and reads the totals at the end
 * for the costs after the last packet.
 *
 *   hwprof_ring ring = {RING_BUS_ADDR, 16384, load_word, ctx, 0};
 *   hwprof_cct_start(&dev, &ring, 4096);        // IRQ_CCT at a quarter full
 *   ... in the handler: hwprof_cct_drain(&dev, &ring, on_packet, ctx);
 *   ... at the end:     hwprof_cct_totals(&dev, &blocks, &insns, &errors);
 *
 * Freestanding C99.
 */
#ifndef HWPROF_CCT_RING_H
#define HWPROF_CCT_RING_H

#include "hwprof_spill.h" /* hwprof_ring */

#ifdef __cplusplus
extern "C" {
#endif

/* Whether the IP has the packet unit: 1.6 or later, built with it (CONFIG2.CCT). */
int hwprof_cct_present(const hwprof_dev *dev);

/* Turns the ring on (words: a power of two, HWPROF_CCT_MIN_WORDS ..
 * HWPROF_CCT_MAX_WORDS; bus_addr word-aligned) with IRQ_CCT at `mark` words, after
 * waiting for the IP to be idle; the totals start at 0.  -HWPROF_ENOTSUP for an IP
 * before 1.6 or one built without the packet unit (CONFIG2.CCT clear). */
int hwprof_cct_start(hwprof_dev *dev, hwprof_ring *ring, uint32_t mark);
int hwprof_cct_stop(hwprof_dev *dev);

/* Hands every whole packet the ring holds to on_packet, in order, and gives the
 * words back to the IP (CCT_TAIL). */
int hwprof_cct_drain(hwprof_dev *dev, hwprof_ring *ring,
                     void (*on_packet)(void *ctx, const uint32_t pkt[HWPROF_CCT_PACKET_WORDS]),
                     void *ctx);

/* The same in two steps, for software that reads the ring's memory itself:
 * hwprof_cct_head gives where the whole packets the ring holds end (a running word
 * count like ring->tail: words tail .. *head - 1, modulo ring->words), and
 * hwprof_cct_release gives the words before head back to the IP (CCT_TAIL). */
int hwprof_cct_head(hwprof_dev *dev, const hwprof_ring *ring, uint32_t *head);
int hwprof_cct_release(hwprof_dev *dev, hwprof_ring *ring, uint32_t head);

/* The running totals (CCT_BLOCKS, CCT_INSNS) and the words lost to write errors
 * (STAT_CCT_ERRORS: not 0 means the stream is broken). */
int hwprof_cct_totals(hwprof_dev *dev, uint32_t *blocks, uint32_t *insns, uint32_t *errors);

#ifdef __cplusplus
}
#endif

#endif
