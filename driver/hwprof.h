/*
 * hwprof.h - libhwprof, the driver for the hwprof profiling IP.
 *
 * C99 and freestanding-clean (the PPC405 firmware links it): no libc beyond
 * <stdint.h> and <stddef.h>.  Register access goes through a small ops table, so
 * the same calls run over the simulated IP (sim/hwprof_sim_bus.h), volatile MMIO
 * on bare metal (hwprof_mmio_ops) or Linux UIO (driver/hwprof_uio.h).
 *
 *   hwprof_dev dev;
 *   hwprof_mmio mmio = {(volatile uint32_t *)0x80000000};
 *   int err = hwprof_init(&dev, &hwprof_mmio_ops, &mmio);
 *   if (err < 0) panic(hwprof_strerror(err));
 *   hwprof_set_threshold(&dev, 3000);
 *   hwprof_enable(&dev, 1);
 *   ... translated code stores SPCs to HWPROF_EVENT_OFFSET ...
 *   hwprof_read_entries(&dev, entries, max, &n);
 *
 * Every call returns 0 (or a count) on success and a negative HWPROF_E* code on
 * failure; hwprof_strerror() names it.  Waits are bounded (HWPROF_POLL_LIMIT
 * register reads) and end with HWPROF_ETIMEDOUT.
 */
#ifndef HWPROF_H
#define HWPROF_H

#include <stddef.h>
#include <stdint.h>

#include "hwprof_regs.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Error codes (negated; the values follow Linux errno where one fits). */
#define HWPROF_EIO       5   /* the bus answered SLVERR or failed */
#define HWPROF_ENODEV    19  /* no hwprof IP there (ID register mismatch) */
#define HWPROF_EINVAL    22  /* a bad argument */
#define HWPROF_ENOSPC    28  /* the caller's buffer is too small */
#define HWPROF_ENOENT    2   /* no matching device-tree node */
#define HWPROF_ENOTSUP   95  /* not in this IP: its version, or a unit it is built without */
#define HWPROF_ETIMEDOUT 110 /* the IP did not become ready in time */
#define HWPROF_EMISMATCH 200 /* device-tree parameters differ from CONFIG */
#define HWPROF_EBADDT    201 /* a malformed device-tree node */

/* How many register reads a wait may take before HWPROF_ETIMEDOUT. */
#define HWPROF_POLL_LIMIT 10000000u

/* Register access.  Each returns 0 or a negative HWPROF_E* code. */
typedef struct hwprof_bus_ops {
  int (*read32)(void *ctx, uint32_t offset, uint32_t *value);
  int (*write32)(void *ctx, uint32_t offset, uint32_t value);
} hwprof_bus_ops;

/* The IP's build parameters, decoded from CONFIG/CONFIG2. */
typedef struct hwprof_config {
  uint32_t fifo_depth;
  uint32_t hot_depth;
  uint32_t index_bits;
  uint32_t entries; /* 2^index_bits */
  uint32_t hash;    /* HWPROF_HASH_* */
  uint32_t max_probe;
  uint32_t count_width;
  uint32_t syscall_entries; /* the system-call table's (1.4; 0 before) */
  uint32_t slot_cache;      /* slot-cache entries (1.4; 0 before: none) */
  uint32_t edge_entries;    /* the edge table's (1.5; 0 before) */
  uint32_t cct;             /* 1: the call/return packet unit is built (1.6) */
  uint32_t stats;           /* 1: every statistic is built (0: only the losses count; 1.7) */
  uint32_t spill;           /* 1: the spill path is built (always before 1.7) */
  uint32_t ways;            /* 0: the linear-probe table; else set-associative (1.8) */
} hwprof_config;

typedef struct hwprof_dev {
  const hwprof_bus_ops *ops;
  void *ctx;
  hwprof_config cfg;
  uint32_t version;
} hwprof_dev;

/* One table entry. */
typedef struct hwprof_entry {
  uint32_t spc;
  uint32_t count;
} hwprof_entry;

/* The statistics block, in register order. */
typedef struct hwprof_stats {
  uint32_t events_in, events, lost_fifo, lost_table, ignored, hot, hot_lost, probes;
  uint32_t max_probe, occupied, fifo_high, stall;
  uint64_t cycles;
  uint32_t spilled, spill_errors;           /* sent to the spill ring; lost writing it */
  uint32_t syscalls, syscall_lost;          /* system calls recorded; lost to a full table (1.4) */
  uint32_t edges, edge_lost, edge_hot_lost; /* edge traversals counted; lost (1.5) */
  uint32_t evicted;                         /* entries evicted to the spill ring (1.8) */
} hwprof_stats;

/* One system-call table entry: a (call site, number) pair and its count. */
typedef struct hwprof_syscall {
  uint32_t site, number, count;
} hwprof_syscall;

/* Checks ID and VERSION, reads CONFIG; does not change the IP's state. */
int hwprof_init(hwprof_dev *dev, const hwprof_bus_ops *ops, void *ctx);

/* ENABLE on or off, keeping FREEZE and DROP_ON_FULL. */
int hwprof_enable(hwprof_dev *dev, int on);
/* FREEZE on or off, keeping the other bits. */
int hwprof_freeze(hwprof_dev *dev, int on);
/* Queues a table clear and waits until it has run (BUSY low). */
int hwprof_clear(hwprof_dev *dev);
/* Queues a statistics clear. */
int hwprof_clear_stats(hwprof_dev *dev);
int hwprof_set_threshold(hwprof_dev *dev, uint32_t threshold);
/* Sets EVENT_ORIGIN, the event word of the EVENT window's first byte (hwprof_regs.h);
 * -HWPROF_ENOTSUP on an IP older than 1.3, which has no window. */
int hwprof_set_event_origin(hwprof_dev *dev, uint32_t origin);
/* Waits until nothing is queued or in flight (STATUS.IDLE). */
int hwprof_wait_idle(hwprof_dev *dev);

/* Copies every occupied entry, in table order, into out (up to max); returns
 * how many there are, or HWPROF_ENOSPC (with *n = max copied) if more. */
int hwprof_read_entries(hwprof_dev *dev, hwprof_entry *out, size_t max, size_t *n);
/* The count of one SPC (0 when absent). */
int hwprof_lookup(hwprof_dev *dev, uint32_t spc, uint32_t *count);
/* System calls (1.4; -HWPROF_ENOTSUP before).  hwprof_record_syscall writes one
 * record as the translator's system-call path does (SYSCALL_SITE, then SYSCALL).
 * hwprof_read_syscalls copies the entries in use, in table order, into out (up to
 * max) and returns how many there are, or HWPROF_ENOSPC (with *n = max) if more;
 * hwprof_clear_syscalls empties the table: read, then clear, is a drain when
 * nothing else writes SYSCALL meanwhile (an interrupt handler).  The mark sets
 * IRQ_SYSCALL's level (0: never). */
int hwprof_record_syscall(hwprof_dev *dev, uint32_t site, uint32_t number);
int hwprof_read_syscalls(hwprof_dev *dev, hwprof_syscall *out, size_t max, size_t *n);
int hwprof_clear_syscalls(hwprof_dev *dev);
int hwprof_set_syscall_mark(hwprof_dev *dev, uint32_t mark);
/* Indirect edges (1.5; -HWPROF_ENOTSUP before; driver/hwprof_edges.c).
 * hwprof_set_edge_ctrl sets the edge threshold (0: off, at most
 * HWPROF_EDGE_CTRL_THRESHOLD) and ALL mode (every pair of events is an edge).
 * hwprof_drain_edges waits until the IP is idle, copies every edge in the table into
 * out (up to max), queues CTRL.EDGE_CLEAR (hwprof_clear_edges, in hwprof.c with the
 * other CTRL writes) and waits until it has run: a drain when
 * nothing writes events meanwhile (an interrupt handler).  It returns how many edges
 * there were, or HWPROF_ENOSPC (with *n = max copied, and the table kept) if more.
 * hwprof_read_edges copies without waiting or clearing.  hwprof_pop_hot_edge
 * returns 1 with the oldest hot edge, or 0 when there is none. */
typedef struct hwprof_edge {
  uint32_t src, dst, count;
} hwprof_edge;
int hwprof_set_edge_ctrl(hwprof_dev *dev, uint32_t threshold, int all);
int hwprof_set_edge_mark(hwprof_dev *dev, uint32_t mark);
int hwprof_read_edges(hwprof_dev *dev, hwprof_edge *out, size_t max, size_t *n);
int hwprof_drain_edges(hwprof_dev *dev, hwprof_edge *out, size_t max, size_t *n);
int hwprof_clear_edges(hwprof_dev *dev);
int hwprof_pop_hot_edge(hwprof_dev *dev, uint32_t *src, uint32_t *dst);
/* Pops up to max hot SPCs into out; *n gets how many. */
int hwprof_drain_hot(hwprof_dev *dev, uint32_t *out, size_t max, size_t *n);
int hwprof_read_stats(hwprof_dev *dev, hwprof_stats *st);

int hwprof_irq_enable(hwprof_dev *dev, uint32_t mask);
/* Reads IRQ_STATUS into *pending and acknowledges those bits (write 1 to clear). */
int hwprof_irq_ack(hwprof_dev *dev, uint32_t *pending);

/* Raw register access through the device's ops. */
int hwprof_read(hwprof_dev *dev, uint32_t offset, uint32_t *value);
int hwprof_write(hwprof_dev *dev, uint32_t offset, uint32_t value);

/* A name for an error code (negative or positive). */
const char *hwprof_strerror(int err);

/* Bare-metal backend: the IP's registers mapped at base. */
typedef struct hwprof_mmio {
  volatile uint32_t *base;
} hwprof_mmio;
extern const hwprof_bus_ops hwprof_mmio_ops;

#ifdef __cplusplus
}
#endif

#endif /* HWPROF_H */
