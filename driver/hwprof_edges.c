/*
 * hwprof_edges.c - libhwprof's calls for the IP's indirect-edge table (IP 1.5;
 * hwprof_regs.h, "Indirect edges"; rtl/hwprof_edge.v).
 *
 * The table is a hash table of 2^EDGE_BITS slots; software reads every slot and
 * keeps those with a count.  Draining is read-then-clear, exact only when no
 * event is written between the two (the IP's interrupt handler, or a caller that
 * has stopped the CPU), and only once the events already written have reached
 * the table: hence the waits for STATUS.IDLE before the reads and after the
 * clear.
 */
#include "hwprof.h"

static int has_edges(const hwprof_dev *dev) {
  return (dev->version & 0xFFFFu) >= 5u && dev->cfg.edge_entries; /* 1.5 */
}

int hwprof_set_edge_ctrl(hwprof_dev *dev, uint32_t threshold, int all) {
  if (!has_edges(dev))
    return -HWPROF_ENOTSUP;
  if (threshold > HWPROF_EDGE_CTRL_THRESHOLD)
    return -HWPROF_EINVAL;
  return hwprof_write(dev, HWPROF_EDGE_CTRL_OFFSET, threshold | (all ? HWPROF_EDGE_CTRL_ALL : 0));
}

int hwprof_set_edge_mark(hwprof_dev *dev, uint32_t mark) {
  return has_edges(dev) ? hwprof_write(dev, HWPROF_EDGE_MARK_OFFSET, mark) : -HWPROF_ENOTSUP;
}

int hwprof_read_edges(hwprof_dev *dev, hwprof_edge *out, size_t max, size_t *n) {
  size_t got = 0;
  uint32_t i;
  int more = 0;
  if (!has_edges(dev))
    return -HWPROF_ENOTSUP;
  for (i = 0; i < dev->cfg.edge_entries; i++) {
    uint32_t off = HWPROF_EDGE_TABLE_OFFSET + HWPROF_EDGE_ENTRY_BYTES * i;
    hwprof_edge e;
    int err;
    if ((err = hwprof_read(dev, off + 8u, &e.count)) < 0)
      return err;
    if (e.count == 0)
      continue;
    if (got == max) {
      more = 1;
      break;
    }
    if ((err = hwprof_read(dev, off, &e.src)) < 0 || (err = hwprof_read(dev, off + 4u, &e.dst)) < 0)
      return err;
    out[got++] = e;
  }
  if (n)
    *n = got;
  return more ? -HWPROF_ENOSPC : (int)got;
}

int hwprof_drain_edges(hwprof_dev *dev, hwprof_edge *out, size_t max, size_t *n) {
  int got, err;
  if (!has_edges(dev))
    return -HWPROF_ENOTSUP;
  if ((err = hwprof_wait_idle(dev)) < 0)
    return err;
  if ((got = hwprof_read_edges(dev, out, max, n)) < 0)
    return got;
  if ((err = hwprof_clear_edges(dev)) < 0 || (err = hwprof_wait_idle(dev)) < 0)
    return err;
  return got;
}

int hwprof_pop_hot_edge(hwprof_dev *dev, uint32_t *src, uint32_t *dst) {
  int err;
  if (!has_edges(dev))
    return -HWPROF_ENOTSUP;
  if ((err = hwprof_read(dev, HWPROF_EDGE_HOT_SRC_OFFSET, src)) < 0 ||
      (err = hwprof_read(dev, HWPROF_EDGE_HOT_DST_OFFSET, dst)) < 0)
    return err;
  return *src != 0 || *dst != 0;
}
