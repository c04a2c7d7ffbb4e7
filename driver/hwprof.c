/*
 * hwprof.c - libhwprof: high-level calls over a register-access backend.
 * See hwprof.h.  Freestanding C99.
 */
#include "hwprof.h"

int hwprof_read(hwprof_dev *dev, uint32_t offset, uint32_t *value) {
  return dev->ops->read32(dev->ctx, offset, value);
}

int hwprof_write(hwprof_dev *dev, uint32_t offset, uint32_t value) {
  return dev->ops->write32(dev->ctx, offset, value);
}

int hwprof_init(hwprof_dev *dev, const hwprof_bus_ops *ops, void *ctx) {
  uint32_t id, cfg, cfg2;
  int err;
  if (!dev || !ops || !ops->read32 || !ops->write32)
    return -HWPROF_EINVAL;
  dev->ops = ops;
  dev->ctx = ctx;
  if ((err = hwprof_read(dev, HWPROF_ID_OFFSET, &id)) < 0)
    return err;
  if (id != HWPROF_ID_MAGIC)
    return -HWPROF_ENODEV;
  if ((err = hwprof_read(dev, HWPROF_VERSION_OFFSET, &dev->version)) < 0)
    return err;
  if ((dev->version >> 16) != HWPROF_VERSION_MAJOR)
    return -HWPROF_ENOTSUP;
  if ((err = hwprof_read(dev, HWPROF_CONFIG_OFFSET, &cfg)) < 0 ||
      (err = hwprof_read(dev, HWPROF_CONFIG2_OFFSET, &cfg2)) < 0)
    return err;
  dev->cfg.fifo_depth = 1u << HWPROF_CONFIG_FIELD(cfg, FIFO_LOG2);
  dev->cfg.hot_depth = 1u << HWPROF_CONFIG_FIELD(cfg, HOT_LOG2);
  dev->cfg.index_bits = HWPROF_CONFIG_FIELD(cfg, INDEX_BITS);
  dev->cfg.entries = 1u << dev->cfg.index_bits;
  dev->cfg.hash = HWPROF_CONFIG_FIELD(cfg, HASH);
  dev->cfg.count_width = HWPROF_CONFIG_FIELD(cfg, COUNT_WIDTH);
  dev->cfg.max_probe = (cfg2 & HWPROF_CONFIG2_MAX_PROBE_MASK) >> HWPROF_CONFIG2_MAX_PROBE_SHIFT;
  dev->cfg.edge_entries =
      (cfg2 & HWPROF_CONFIG2_EDGE_BITS_MASK)
          ? 1u << ((cfg2 & HWPROF_CONFIG2_EDGE_BITS_MASK) >> HWPROF_CONFIG2_EDGE_BITS_SHIFT)
          : 0;
  dev->cfg.cct = (cfg2 & HWPROF_CONFIG2_CCT) != 0;
  /* Before 1.7 every statistic and the spill path were always built. */
  dev->cfg.stats = (dev->version & 0xFFFFu) < 7u || (cfg2 & HWPROF_CONFIG2_STATS) != 0;
  dev->cfg.spill = (dev->version & 0xFFFFu) < 7u || (cfg2 & HWPROF_CONFIG2_SPILL) != 0;
  dev->cfg.syscall_entries =
      HWPROF_CONFIG_FIELD(cfg, SYSCALL_BITS) ? 1u << HWPROF_CONFIG_FIELD(cfg, SYSCALL_BITS) : 0;
  dev->cfg.slot_cache = HWPROF_CONFIG_FIELD(cfg, SLOT_CACHE);
  dev->cfg.ways = (cfg2 & HWPROF_CONFIG2_WAYS_MASK) >> HWPROF_CONFIG2_WAYS_SHIFT; /* 0 before 1.8 */
  return 0;
}

/* Read-modify-write of CTRL's RW bits (CLEAR and STATS_CLEAR read as 0). */
static int ctrl_update(hwprof_dev *dev, uint32_t clear_bits, uint32_t set_bits) {
  uint32_t ctrl;
  int err = hwprof_read(dev, HWPROF_CTRL_OFFSET, &ctrl);
  if (err < 0)
    return err;
  ctrl = ((ctrl & HWPROF_CTRL_RW_MASK) & ~clear_bits) | set_bits;
  return hwprof_write(dev, HWPROF_CTRL_OFFSET, ctrl);
}

int hwprof_enable(hwprof_dev *dev, int on) {
  return on ? ctrl_update(dev, 0, HWPROF_CTRL_ENABLE) : ctrl_update(dev, HWPROF_CTRL_ENABLE, 0);
}

int hwprof_freeze(hwprof_dev *dev, int on) {
  return on ? ctrl_update(dev, 0, HWPROF_CTRL_FREEZE) : ctrl_update(dev, HWPROF_CTRL_FREEZE, 0);
}

/* Polls STATUS until (status & mask) == want. */
static int wait_status(hwprof_dev *dev, uint32_t mask, uint32_t want) {
  uint32_t polls, st;
  for (polls = 0; polls < HWPROF_POLL_LIMIT; polls++) {
    int err = hwprof_read(dev, HWPROF_STATUS_OFFSET, &st);
    if (err < 0)
      return err;
    if ((st & mask) == want)
      return 0;
  }
  return -HWPROF_ETIMEDOUT;
}

int hwprof_clear(hwprof_dev *dev) {
  int err = ctrl_update(dev, 0, HWPROF_CTRL_CLEAR);
  return err < 0 ? err : wait_status(dev, HWPROF_STATUS_BUSY, 0);
}

int hwprof_clear_stats(hwprof_dev *dev) {
  return ctrl_update(dev, 0, HWPROF_CTRL_STATS_CLEAR);
}

int hwprof_set_threshold(hwprof_dev *dev, uint32_t threshold) {
  return hwprof_write(dev, HWPROF_THRESHOLD_OFFSET, threshold);
}

int hwprof_set_event_origin(hwprof_dev *dev, uint32_t origin) {
  if ((dev->version & 0xFFFFu) < 3u) /* the EVENT window came with 1.3 */
    return -HWPROF_ENOTSUP;
  return hwprof_write(dev, HWPROF_EVENT_ORIGIN_OFFSET, origin);
}

static int has_syscalls(const hwprof_dev *dev) {
  return (dev->version & 0xFFFFu) >= 4u && dev->cfg.syscall_entries; /* 1.4 */
}

int hwprof_record_syscall(hwprof_dev *dev, uint32_t site, uint32_t number) {
  int err;
  if (!has_syscalls(dev))
    return -HWPROF_ENOTSUP;
  err = hwprof_write(dev, HWPROF_SYSCALL_SITE_OFFSET, site);
  return err < 0 ? err : hwprof_write(dev, HWPROF_SYSCALL_OFFSET, number);
}

int hwprof_read_syscalls(hwprof_dev *dev, hwprof_syscall *out, size_t max, size_t *n) {
  uint32_t used, i;
  size_t have = 0;
  int err;
  if (!has_syscalls(dev))
    return -HWPROF_ENOTSUP;
  if ((err = hwprof_read(dev, HWPROF_SYSCALL_USED_OFFSET, &used)) < 0)
    return err;
  for (i = 0; i < used && have < max; i++, have++) {
    uint32_t off = HWPROF_SYSCALL_TABLE_OFFSET + HWPROF_SYSCALL_ENTRY_BYTES * i;
    if ((err = hwprof_read(dev, off, &out[have].site)) < 0 ||
        (err = hwprof_read(dev, off + 4, &out[have].number)) < 0 ||
        (err = hwprof_read(dev, off + 8, &out[have].count)) < 0)
      return err;
  }
  if (n)
    *n = have;
  return used > max ? -HWPROF_ENOSPC : (int)used;
}

int hwprof_clear_syscalls(hwprof_dev *dev) {
  return has_syscalls(dev) ? ctrl_update(dev, 0, HWPROF_CTRL_SYSCALL_CLEAR) : -HWPROF_ENOTSUP;
}

int hwprof_clear_edges(hwprof_dev *dev) {
  if ((dev->version & 0xFFFFu) < 5u || !dev->cfg.edge_entries) /* the edge table: 1.5 */
    return -HWPROF_ENOTSUP;
  return ctrl_update(dev, 0, HWPROF_CTRL_EDGE_CLEAR);
}

int hwprof_set_syscall_mark(hwprof_dev *dev, uint32_t mark) {
  return has_syscalls(dev) ? hwprof_write(dev, HWPROF_SYSCALL_MARK_OFFSET, mark) : -HWPROF_ENOTSUP;
}

int hwprof_wait_idle(hwprof_dev *dev) {
  return wait_status(dev, HWPROF_STATUS_IDLE | HWPROF_STATUS_BUSY, HWPROF_STATUS_IDLE);
}

int hwprof_read_entries(hwprof_dev *dev, hwprof_entry *out, size_t max, size_t *n) {
  size_t have = 0, total = 0;
  uint32_t i;
  for (i = 0; i < dev->cfg.entries; i++) {
    uint32_t off = HWPROF_TABLE_OFFSET + HWPROF_TABLE_ENTRY_BYTES * i, count, spc;
    int err = hwprof_read(dev, off + 4, &count);
    if (err < 0)
      return err;
    if (count == 0)
      continue;
    total++;
    if (have < max) {
      if ((err = hwprof_read(dev, off, &spc)) < 0)
        return err;
      out[have].spc = spc;
      out[have].count = count;
      have++;
    }
  }
  if (n)
    *n = have;
  return total > max ? -HWPROF_ENOSPC : (int)total;
}

int hwprof_lookup(hwprof_dev *dev, uint32_t spc, uint32_t *count) {
  int err = hwprof_write(dev, HWPROF_LOOKUP_KEY_OFFSET, spc);
  return err < 0 ? err : hwprof_read(dev, HWPROF_LOOKUP_COUNT_OFFSET, count);
}

int hwprof_drain_hot(hwprof_dev *dev, uint32_t *out, size_t max, size_t *n) {
  size_t got = 0;
  while (got < max) {
    uint32_t st, spc;
    int err = hwprof_read(dev, HWPROF_STATUS_OFFSET, &st);
    if (err < 0)
      return err;
    if (!(st & HWPROF_STATUS_HOT_PENDING))
      break;
    if ((err = hwprof_read(dev, HWPROF_HOT_POP_OFFSET, &spc)) < 0)
      return err;
    out[got++] = spc;
  }
  if (n)
    *n = got;
  return (int)got;
}

int hwprof_read_stats(hwprof_dev *dev, hwprof_stats *st) {
  uint32_t w[HWPROF_STAT_COUNT];
  unsigned i;
  for (i = 0; i < HWPROF_STAT_COUNT; i++) {
    int err = hwprof_read(dev, HWPROF_STAT_FIRST_OFFSET + 4u * i, &w[i]);
    if (err < 0)
      return err;
  }
  st->events_in = w[0];
  st->events = w[1];
  st->lost_fifo = w[2];
  st->lost_table = w[3];
  st->ignored = w[4];
  st->hot = w[5];
  st->hot_lost = w[6];
  st->probes = w[7];
  st->max_probe = w[8];
  st->occupied = w[9];
  st->fifo_high = w[10];
  st->stall = w[11];
  st->cycles = ((uint64_t)w[13] << 32) | w[12]; /* LO was read first: HI is latched */
  st->spilled = w[14];
  st->spill_errors = w[15];
  st->syscalls = w[16]; /* 0 before 1.4: unmapped reads answer 0 */
  st->syscall_lost = w[17];
  st->edges = w[18]; /* 0 before 1.5 */
  st->edge_lost = w[19];
  st->edge_hot_lost = w[20];
  st->evicted = w[21]; /* 0 before 1.8 */
  return 0;
}

int hwprof_irq_enable(hwprof_dev *dev, uint32_t mask) {
  if (mask & ~HWPROF_IRQ_MASK)
    return -HWPROF_EINVAL;
  return hwprof_write(dev, HWPROF_IRQ_ENABLE_OFFSET, mask);
}

int hwprof_irq_ack(hwprof_dev *dev, uint32_t *pending) {
  uint32_t st;
  int err = hwprof_read(dev, HWPROF_IRQ_STATUS_OFFSET, &st);
  if (err < 0)
    return err;
  if (pending)
    *pending = st;
  return st ? hwprof_write(dev, HWPROF_IRQ_STATUS_OFFSET, st) : 0;
}

const char *hwprof_strerror(int err) {
  switch (err < 0 ? -err : err) {
  case 0: return "success";
  case HWPROF_EIO: return "bus error accessing the hwprof IP";
  case HWPROF_ENODEV: return "no hwprof IP at this address (ID mismatch)";
  case HWPROF_EINVAL: return "invalid argument";
  case HWPROF_ENOSPC: return "buffer too small for the table";
  case HWPROF_ENOENT: return "no hwprof node in the device tree";
  case HWPROF_ENOTSUP: return "not in this hwprof IP (its version, or a unit it is built without)";
  case HWPROF_ETIMEDOUT: return "the hwprof IP did not become ready in time";
  case HWPROF_EMISMATCH: return "device-tree parameters differ from the IP's CONFIG";
  case HWPROF_EBADDT: return "malformed hwprof device-tree node";
  default: return "unknown hwprof error";
  }
}

/* Bare-metal MMIO: a volatile word access per register.  On PowerPC, eieio keeps
 * the accesses to the device in program order (a write to LOOKUP_KEY must reach the
 * IP before the read of LOOKUP_COUNT).  A bus error on real hardware is a machine
 * check, not a return value. */
#if defined(__powerpc__) || defined(__PPC__)
#define MMIO_ORDER() __asm__ volatile("eieio" ::: "memory")
#else
#define MMIO_ORDER() __asm__ volatile("" ::: "memory")
#endif

static int mmio_read32(void *ctx, uint32_t offset, uint32_t *value) {
  MMIO_ORDER();
  *value = ((hwprof_mmio *)ctx)->base[offset / 4u];
  return 0;
}

static int mmio_write32(void *ctx, uint32_t offset, uint32_t value) {
  ((hwprof_mmio *)ctx)->base[offset / 4u] = value;
  MMIO_ORDER();
  return 0;
}

const hwprof_bus_ops hwprof_mmio_ops = {mmio_read32, mmio_write32};
