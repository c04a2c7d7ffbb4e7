/*
 * selftest.c - the power-on self-test of the hwprof IP, as PPC405 bare-metal
 * firmware.  Runs on the virtual board (hwprof vp --firmware selftest.elf) or a
 * real board, through the same driver source (driver/hwprof.c, MMIO backend).
 *
 * Checks, in order: the IP's identity and build parameters; every RW register;
 * the event FIFO and its backpressure (stores faster than the IP drains them
 * stall the CPU, and none is lost); the table (insert, hit, probing or a set's
 * ways on a collision, read-out, lookup, clear); and the threshold interrupt end to end:
 * the IP raises its line, the CPU takes the external interrupt, the handler
 * drains the hot FIFO into a RAM mailbox and acknowledges the IP.
 *
 * Prints one line per check and PASS or FAIL; the exit status is the number of
 * failed checks.
 */
#include <stddef.h>
#include <stdint.h>

#include "fw.h"
#include "hwprof.h"
#include "hwprof_model.h"

static hwprof_mmio mmio;
static hwprof_dev dev;
static int failures;

/* The interrupt mailbox, filled by the handler. */
#define MAILBOX_SIZE 64
static volatile uint32_t mailbox[MAILBOX_SIZE];
static volatile uint32_t mailbox_count;
static volatile uint32_t irq_count;

void fw_external_irq(void) {
  uint32_t hot[16];
  size_t n = 0;
  irq_count++;
  if (hwprof_drain_hot(&dev, hot, 16, &n) >= 0)
    for (size_t i = 0; i < n; i++)
      if (mailbox_count < MAILBOX_SIZE)
        mailbox[mailbox_count++] = hot[i];
  /* Acknowledge the device; the line drops once the hot FIFO is empty. */
  hwprof_irq_ack(&dev, 0);
}

static void check(int ok, const char *what) {
  fw_puts(ok ? "  ok   " : "  FAIL ");
  fw_puts(what);
  fw_puts("\n");
  if (!ok)
    failures++;
}

static uint32_t rd(uint32_t off) {
  uint32_t v = 0;
  hwprof_read(&dev, off, &v);
  return v;
}

static void wr(uint32_t off, uint32_t v) {
  hwprof_write(&dev, off, v);
}

static void test_identity(void) {
  int err = hwprof_init(&dev, &hwprof_mmio_ops, &mmio);
  check(err == 0, "ID and VERSION");
  if (err) {
    fw_puts("  ");
    fw_puts(hwprof_strerror(err));
    fw_puts("\n");
    return;
  }
  fw_puts("  table ");
  fw_putdec(dev.cfg.entries);
  fw_puts(" entries, FIFO ");
  fw_putdec(dev.cfg.fifo_depth);
  fw_puts(", hash ");
  fw_putdec(dev.cfg.hash);
  if (dev.cfg.ways) {
    fw_puts(", ");
    fw_putdec(dev.cfg.ways);
    fw_puts("-way sets\n");
  } else {
    fw_puts(", max probe ");
    fw_putdec(dev.cfg.max_probe);
    fw_puts("\n");
  }
  check(dev.cfg.entries >= 16 && dev.cfg.fifo_depth >= 2, "CONFIG decodes");
  check(hwprof_wait_idle(&dev) == 0, "reset clear finishes");
}

static void test_registers(void) {
  static const uint32_t pat[] = {0xFFFFFFFFu, 0xA5A5A5A5u, 0x5A5A5A5Au, 1, 0};
  int ok = 1;
  for (unsigned i = 0; i < sizeof pat / sizeof pat[0]; i++) {
    wr(HWPROF_THRESHOLD_OFFSET, pat[i]);
    ok &= rd(HWPROF_THRESHOLD_OFFSET) == pat[i];
    wr(HWPROF_IRQ_ENABLE_OFFSET, pat[i] & HWPROF_IRQ_MASK);
    ok &= rd(HWPROF_IRQ_ENABLE_OFFSET) == (pat[i] & HWPROF_IRQ_MASK);
    wr(HWPROF_LOOKUP_KEY_OFFSET, pat[i]);
    ok &= rd(HWPROF_LOOKUP_KEY_OFFSET) == pat[i];
  }
  check(ok, "THRESHOLD, IRQ_ENABLE, LOOKUP_KEY read back");
  wr(HWPROF_CTRL_OFFSET, HWPROF_CTRL_FREEZE | HWPROF_CTRL_DROP_ON_FULL);
  ok = rd(HWPROF_CTRL_OFFSET) == (HWPROF_CTRL_FREEZE | HWPROF_CTRL_DROP_ON_FULL);
  wr(HWPROF_CTRL_OFFSET, 0);
  check(ok && rd(HWPROF_CTRL_OFFSET) == 0, "CTRL bits read back");
  check(rd(0x7F0) == 0 && rd(0x100) == 0, "unmapped offsets read 0");
  check(rd(HWPROF_STATUS_OFFSET) == (HWPROF_STATUS_FIFO_EMPTY | HWPROF_STATUS_IDLE),
        "STATUS idle and empty");
}

/* Eight keys that share a home under the IP's hash (the model's hwprof_hash16, which
 * the RTL's equals), the first words from 0x00400000 on that do: a table index with
 * the linear table, a set with the set-associative one. */
static uint32_t coll[8];

static void find_colliding(void) {
  hwprof_model_params p;
  uint32_t k = 0x00400000u;
  hwprof_model_params_from_config(&p, rd(HWPROF_CONFIG_OFFSET), rd(HWPROF_CONFIG2_OFFSET));
  uint32_t want = hwprof_model_home(&p, k);
  for (unsigned n = 0; n < 8; k += 4)
    if (hwprof_model_home(&p, k) == want)
      coll[n++] = k;
}

static void test_fifo_backpressure(void) {
  hwprof_stats before, after;
  const uint32_t n = 4 * dev.cfg.fifo_depth;
  /* Keys the table holds all of: eight colliding ones with the linear table (most
   * events probe), as many as a set has ways with the set-associative one. */
  const uint32_t fit = dev.cfg.ways && dev.cfg.ways < 8 ? dev.cfg.ways : 8;
  uint32_t k[8];
  for (unsigned i = 0; i < 8; i++)
    k[i] = coll[i % fit];
  hwprof_clear(&dev);
  hwprof_clear_stats(&dev);
  hwprof_enable(&dev, 1);
  hwprof_read_stats(&dev, &before);
  /* Stores as translated code issues them, back to back, behind a table clear that
   * is not waited for: the clear writes one RAM word a clock, so the IP drains
   * slower than the CPU stores and the FIFO fills (a set-associative table keeps up
   * with the stores themselves). */
  volatile uint32_t *ev = mmio.base + HWPROF_EVENT_OFFSET / 4;
  const uint32_t k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3], k4 = k[4], k5 = k[5], k6 = k[6],
                 k7 = k[7];
  wr(HWPROF_CTRL_OFFSET, rd(HWPROF_CTRL_OFFSET) | HWPROF_CTRL_CLEAR);
  for (uint32_t i = 0; i < n; i += 8) {
    *ev = k0;
    *ev = k1;
    *ev = k2;
    *ev = k3;
    *ev = k4;
    *ev = k5;
    *ev = k6;
    *ev = k7;
  }
  check(hwprof_wait_idle(&dev) == 0, "FIFO drains");
  hwprof_read_stats(&dev, &after);
  check(after.events_in - before.events_in == n && after.events - before.events == n,
        "every event counted");
  check(after.lost_fifo == 0 && after.lost_table == 0, "nothing lost");
  check(after.stall > before.stall, "a full FIFO held the bus (STAT_STALL)");
  check(after.fifo_high == dev.cfg.fifo_depth, "FIFO reached its depth");
  fw_puts("  stall cycles ");
  fw_putdec(after.stall - before.stall);
  fw_puts(", probes ");
  fw_putdec(after.probes - before.probes);
  fw_puts("\n");
}

static void test_table(void) {
  static hwprof_entry e[64];
  size_t n = 0;
  uint32_t c = 0;
  hwprof_clear(&dev);
  hwprof_enable(&dev, 1);
  for (uint32_t i = 0; i < 3; i++)
    wr(HWPROF_EVENT_OFFSET, 0x00401000u); /* insert, then hits */
  wr(HWPROF_EVENT_OFFSET, coll[1]);       /* same home as coll[0]... */
  wr(HWPROF_EVENT_OFFSET, coll[0]);       /* ...so one of them probes (or takes a way) */
  hwprof_wait_idle(&dev);
  check(hwprof_lookup(&dev, 0x00401000u, &c) == 0 && c == 3, "insert and hits");
  check(hwprof_lookup(&dev, coll[0], &c) == 0 && c == 1, "probed entry found");
  check(hwprof_lookup(&dev, 0x00402000u, &c) == 0 && c == 0, "absent key counts 0");
  int total = hwprof_read_entries(&dev, e, 64, &n);
  check(total == 3 && n == 3, "read-out finds 3 entries");
  hwprof_stats st;
  hwprof_read_stats(&dev, &st);
  check(st.occupied == 3 && (dev.cfg.ways ? st.max_probe == 0 : st.max_probe >= 1),
        "occupancy and probe statistics");
  check(hwprof_clear(&dev) == 0 && hwprof_lookup(&dev, 0x00401000u, &c) == 0 && c == 0,
        "CLEAR empties the table");
}

static void test_threshold_interrupt(void) {
  const uint32_t spc = 0x00405550u;
  hwprof_clear(&dev);
  mailbox_count = 0;
  irq_count = 0;
  hwprof_set_threshold(&dev, 5);
  hwprof_irq_enable(&dev, HWPROF_IRQ_HOT);
  hwprof_enable(&dev, 1);
  fw_irq_enable();
  for (uint32_t i = 0; i < 9; i++)
    wr(HWPROF_EVENT_OFFSET, spc);
  for (uint32_t spin = 0; spin < 100000 && mailbox_count == 0; spin++)
    ;
  fw_irq_disable();
  check(irq_count >= 1, "external interrupt taken");
  check(mailbox_count == 1 && mailbox[0] == spc, "handler drained the hot SPC");
  check(rd(HWPROF_IRQ_STATUS_OFFSET) == 0, "interrupt acknowledged");
  uint32_t c = 0;
  hwprof_lookup(&dev, spc, &c);
  check(c == 9, "the block was counted 9 times");
  hwprof_set_threshold(&dev, 0);
  hwprof_irq_enable(&dev, 0);
}

int fw_main(const void *dtb, uint32_t ip_base, uint32_t uart_base) {
  (void)dtb;
  fw_uart = (volatile uint32_t *)uart_base;
  mmio.base = (volatile uint32_t *)ip_base;
  fw_puts("hwprof self-test, IP at ");
  fw_puthex(ip_base);
  fw_puts("\n");
  test_identity();
  if (failures == 0) {
    find_colliding();
    test_registers();
    test_fifo_backpressure();
    test_table();
    test_threshold_interrupt();
  }
  fw_puts(failures ? "FAIL\n" : "PASS\n");
  return failures;
}
