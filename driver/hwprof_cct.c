/*
 * hwprof_cct.c - the software side of the IP's call/return packet ring.  See
 * hwprof_cct.h.  Freestanding C99.
 */
#include "hwprof_cct.h"

int hwprof_cct_present(const hwprof_dev *dev) {
  /* The packet ring came with 1.6, and an instance may be built without it. */
  return (dev->version & 0xFFFFu) >= 6u && dev->cfg.cct;
}

static int write_idle(hwprof_dev *dev, uint32_t base, uint32_t size, uint32_t mark) {
  int err;
  if ((err = hwprof_wait_idle(dev)) < 0 ||
      (err = hwprof_write(dev, HWPROF_CCT_BASE_OFFSET, base)) < 0 ||
      (err = hwprof_write(dev, HWPROF_CCT_SIZE_OFFSET, size)) < 0)
    return err;
  return hwprof_write(dev, HWPROF_CCT_MARK_OFFSET, mark);
}

int hwprof_cct_start(hwprof_dev *dev, hwprof_ring *ring, uint32_t mark) {
  if (!hwprof_cct_present(dev))
    return -HWPROF_ENOTSUP;
  if (!ring || !ring->load || ring->words < HWPROF_CCT_MIN_WORDS ||
      ring->words > HWPROF_CCT_MAX_WORDS || (ring->words & (ring->words - 1u)) ||
      (ring->bus_addr & 3u) || mark > ring->words)
    return -HWPROF_EINVAL;
  ring->tail = 0;
  return write_idle(dev, ring->bus_addr, ring->words, mark);
}

int hwprof_cct_stop(hwprof_dev *dev) {
  return hwprof_cct_present(dev) ? write_idle(dev, 0, 0, 0) : 0;
}

int hwprof_cct_head(hwprof_dev *dev, const hwprof_ring *ring, uint32_t *head) {
  int err = hwprof_read(dev, HWPROF_CCT_HEAD_OFFSET, head);
  if (err < 0)
    return err;
  if (*head - ring->tail > ring->words)
    return -HWPROF_EIO; /* HEAD outside the ring: not this ring's IP state */
  *head -= (*head - ring->tail) % HWPROF_CCT_PACKET_WORDS; /* whole packets only */
  return 0;
}

int hwprof_cct_release(hwprof_dev *dev, hwprof_ring *ring, uint32_t head) {
  ring->tail = head;
  return hwprof_write(dev, HWPROF_CCT_TAIL_OFFSET, ring->tail);
}

int hwprof_cct_drain(hwprof_dev *dev, hwprof_ring *ring,
                     void (*on_packet)(void *ctx, const uint32_t pkt[HWPROF_CCT_PACKET_WORDS]),
                     void *ctx) {
  uint32_t head;
  int err = hwprof_cct_head(dev, ring, &head);
  if (err < 0)
    return err;
  for (uint32_t at = ring->tail; at != head; at += HWPROF_CCT_PACKET_WORDS) {
    uint32_t pkt[HWPROF_CCT_PACKET_WORDS];
    for (uint32_t k = 0; k < HWPROF_CCT_PACKET_WORDS; k++)
      pkt[k] = ring->load(ring->ctx, (at + k) & (ring->words - 1u));
    on_packet(ctx, pkt);
  }
  return hwprof_cct_release(dev, ring, head);
}

int hwprof_cct_totals(hwprof_dev *dev, uint32_t *blocks, uint32_t *insns, uint32_t *errors) {
  int err;
  if ((err = hwprof_read(dev, HWPROF_CCT_BLOCKS_OFFSET, blocks)) < 0 ||
      (err = hwprof_read(dev, HWPROF_CCT_INSNS_OFFSET, insns)) < 0)
    return err;
  return hwprof_read(dev, HWPROF_STAT_CCT_ERRORS_OFFSET, errors);
}
