/*
 * test_ip_regs.c - directed tests of the Verilated IP, register by register
 * and bit by bit, against driver/hwprof_regs.h.
 *
 * Together these prove the RTL and the header agree: every named offset
 * answers with the header's reset value and access type, every other offset
 * in the register page reads 0 and refuses writes, and every bit does what
 * the header says.  The binary is built once per IP configuration.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "ip_util.h"

CHECK_LABEL("");

static hwprof_model_params P;
static uint32_t fifo_depth;
static uint32_t hot_depth;

static hwprof_sim *fresh(void) {
  hwprof_sim *s = hwprof_sim_new(NULL);
  if (!s) {
    fprintf(stderr, "cannot create the simulator\n");
    exit(2);
  }
  if (ip_wait_idle(s, 1u << 20) != 0)
    CHECK(0, "IP did not come out of its reset clear\n");
  return s;
}

/* A statistic's value, or 0 when the IP is built without it (STATS = 0). */
#define STAT_WANT(off, want)     (hwprof_model_stat_built(&P, off) ? (want) : 0u)
#define CHECK_STAT(s, off, want) CHECK_EQ(ip_rd(s, off), STAT_WANT(off, want))

static int try_wr(hwprof_sim *s, uint32_t off, uint32_t v) {
  hwprof_sim_xfer x;
  return hwprof_sim_write(s, off, v, 0xF, &x);
}

/* A RW register of an optional unit: reads back what was written or, the unit not built,
 * refuses the write (SLVERR) and reads 0. */
static void check_unit_rw(hwprof_sim *s, uint32_t off, int built, uint32_t v) {
  if (built) {
    ip_wr(s, off, v);
    CHECK_EQ(ip_rd(s, off), v);
  } else {
    CHECK_EQ(try_wr(s, off, v), HWPROF_RESP_SLVERR);
    CHECK_EQ(ip_rd(s, off), 0);
  }
}

static void enable(hwprof_sim *s) {
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE);
}

static void events(hwprof_sim *s, uint32_t spc, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    hwprof_sim_post_wait(s, HWPROF_EVENT_OFFSET, spc);
  CHECK(hwprof_sim_drain(s) == 0, "events not accepted\n");
}

static uint32_t lookup(hwprof_sim *s, uint32_t key) {
  ip_wr(s, HWPROF_LOOKUP_KEY_OFFSET, key);
  return ip_rd(s, HWPROF_LOOKUP_COUNT_OFFSET);
}

static void test_identity(void) {
  hwprof_sim *s = fresh();
  CHECK_EQ(ip_rd(s, HWPROF_ID_OFFSET), HWPROF_ID_MAGIC);
  CHECK_EQ(ip_rd(s, HWPROF_VERSION_OFFSET), HWPROF_VERSION_VALUE);
  CHECK_EQ(ip_rd(s, HWPROF_CONFIG_OFFSET), hwprof_model_config_word(&P));
  CHECK_EQ(ip_rd(s, HWPROF_CONFIG2_OFFSET), hwprof_model_config2_word(&P));
  hwprof_model_params back;
  hwprof_model_params_from_config(&back, ip_rd(s, HWPROF_CONFIG_OFFSET),
                                  ip_rd(s, HWPROF_CONFIG2_OFFSET));
  CHECK(memcmp(&back, &P, sizeof P) == 0, "CONFIG does not decode to the built parameters\n");
  hwprof_sim_free(s);
}

/* Models freed out of the order they were made (the newest first), then one made
 * again: Verilator's scopes unregister through the thread's current context, which
 * hwprof_sim_free keeps from naming a freed one (before it did, this hung in the
 * second free: hwprof bench with its native run did). */
static void test_free_out_of_order(void) {
  hwprof_sim *a = fresh(), *b = fresh();
  CHECK_EQ(ip_rd(b, HWPROF_ID_OFFSET), HWPROF_ID_MAGIC);
  hwprof_sim_free(b);
  CHECK_EQ(ip_rd(a, HWPROF_ID_OFFSET), HWPROF_ID_MAGIC);
  hwprof_sim_free(a);
  hwprof_sim *c = fresh();
  CHECK_EQ(ip_rd(c, HWPROF_ID_OFFSET), HWPROF_ID_MAGIC);
  hwprof_sim_free(c);
}

static void test_reset_values(void) {
  hwprof_sim *s = hwprof_sim_new(NULL);
  /* Straight out of reset the table is being cleared. */
  CHECK(ip_rd(s, HWPROF_STATUS_OFFSET) & HWPROF_STATUS_BUSY, "BUSY not set after reset\n");
  CHECK_EQ(ip_wait_idle(s, 1u << 20), 0);
  CHECK_EQ(ip_rd(s, HWPROF_CTRL_OFFSET), HWPROF_CTRL_RESET);
  CHECK_EQ(ip_rd(s, HWPROF_THRESHOLD_OFFSET), HWPROF_THRESHOLD_RESET);
  CHECK_EQ(ip_rd(s, HWPROF_IRQ_ENABLE_OFFSET), 0);
  CHECK_EQ(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET), 0);
  CHECK_EQ(ip_rd(s, HWPROF_STATUS_OFFSET), HWPROF_STATUS_FIFO_EMPTY | HWPROF_STATUS_IDLE);
  CHECK_EQ(ip_rd(s, HWPROF_HOT_POP_OFFSET), 0);
  CHECK_EQ(ip_rd(s, HWPROF_LOOKUP_KEY_OFFSET), 0);
  CHECK_EQ(ip_rd(s, HWPROF_LOOKUP_COUNT_OFFSET), 0);
  for (uint32_t off = HWPROF_SPILL_BASE_OFFSET; off <= HWPROF_EVENT_ORIGIN_OFFSET; off += 4)
    CHECK(ip_rd(s, off) == 0, "spill register %#x not 0 after reset\n", off);
  for (uint32_t off = HWPROF_SYSCALL_SITE_OFFSET; off <= HWPROF_SYSCALL_MARK_OFFSET; off += 4)
    CHECK(ip_rd(s, off) == 0, "system-call register %#x not 0 after reset\n", off);
  for (uint32_t off = HWPROF_STAT_FIRST_OFFSET; off < HWPROF_STAT_CYCLES_LO_OFFSET; off += 4)
    CHECK(ip_rd(s, off) == 0, "statistic %#x not 0 after reset\n", off);
  CHECK_STAT(s, HWPROF_STAT_SYSCALLS_OFFSET, 0);
  CHECK_STAT(s, HWPROF_STAT_SYSCALL_LOST_OFFSET, 0);
  CHECK_EQ(ip_rd(s, HWPROF_EDGE_CTRL_OFFSET), P.edge_bits ? HWPROF_EDGE_CTRL_RESET : 0);
  for (uint32_t off = HWPROF_EDGE_USED_OFFSET; off <= HWPROF_EDGE_HOT_DST_OFFSET; off += 4)
    CHECK(ip_rd(s, off) == 0, "edge register %#x not 0 after reset\n", off);
  for (uint32_t off = HWPROF_STAT_EDGES_OFFSET; off <= HWPROF_STAT_EDGE_HOT_LOST_OFFSET; off += 4)
    CHECK(ip_rd(s, off) == 0, "edge statistic %#x not 0 after reset\n", off);
  for (uint32_t off = HWPROF_CCT_BASE_OFFSET; off <= HWPROF_STAT_CCT_ERRORS_OFFSET; off += 4)
    CHECK(ip_rd(s, off) == 0, "call/return packet register %#x not 0 after reset\n", off);
  for (uint32_t i = 0; i < (1u << P.edge_bits); i++)
    CHECK(ip_rd(s, HWPROF_EDGE_TABLE_OFFSET + HWPROF_EDGE_ENTRY_BYTES * i + 8) == 0,
          "edge entry %u not empty after reset\n", i);
  for (uint32_t i = 0; i < (1u << P.index_bits); i += 1u + (i >> 4)) {
    CHECK_EQ(ip_rd(s, HWPROF_TABLE_OFFSET + 8 * i + 4), 0);
  }
  CHECK_EQ(hwprof_sim_irq(s), 0);
  hwprof_sim_free(s);
}

static void test_rw_registers(void) {
  hwprof_sim *s = fresh();
  const uint32_t pats[] = {0xFFFFFFFFu, 0xA5A5A5A5u, 0x5A5A5A5Au, 0x00000001u, 0};
  for (unsigned i = 0; i < sizeof pats / sizeof pats[0]; i++) {
    ip_wr(s, HWPROF_THRESHOLD_OFFSET, pats[i]);
    CHECK_EQ(ip_rd(s, HWPROF_THRESHOLD_OFFSET), pats[i]);
    ip_wr(s, HWPROF_IRQ_ENABLE_OFFSET, pats[i]);
    CHECK_EQ(ip_rd(s, HWPROF_IRQ_ENABLE_OFFSET), pats[i] & HWPROF_IRQ_MASK);
    ip_wr(s, HWPROF_LOOKUP_KEY_OFFSET, pats[i]);
    CHECK_EQ(ip_rd(s, HWPROF_LOOKUP_KEY_OFFSET), pats[i]);
    ip_wr(s, HWPROF_EVENT_ORIGIN_OFFSET, pats[i]);
    CHECK_EQ(ip_rd(s, HWPROF_EVENT_ORIGIN_OFFSET), pats[i]);
    check_unit_rw(s, HWPROF_SYSCALL_SITE_OFFSET, P.syscall_bits != 0, pats[i]);
    check_unit_rw(s, HWPROF_SYSCALL_MARK_OFFSET, P.syscall_bits != 0, pats[i]);
    check_unit_rw(s, HWPROF_EDGE_CTRL_OFFSET, P.edge_bits != 0, pats[i]);
    check_unit_rw(s, HWPROF_EDGE_MARK_OFFSET, P.edge_bits != 0, pats[i]);
    check_unit_rw(s, HWPROF_CCT_MARK_OFFSET, P.cct != 0, pats[i]);
    check_unit_rw(s, HWPROF_SPILL_MARK_OFFSET, P.spill != 0, pats[i]);
  }
  if (P.syscall_bits)
    ip_wr(s, HWPROF_SYSCALL_MARK_OFFSET, 0);
  /* CTRL: the RW bits read back, CLEAR, STATS_CLEAR, SYSCALL_CLEAR and EDGE_CLEAR
   * read 0. */
  for (uint32_t v = 0; v < 128; v++) {
    ip_wr(s, HWPROF_CTRL_OFFSET, v);
    CHECK_EQ(ip_rd(s, HWPROF_CTRL_OFFSET), v & HWPROF_CTRL_RW_MASK);
    /* A queued CLEAR waits while FREEZE holds the queue. */
    ip_wr(s, HWPROF_CTRL_OFFSET, 0);
    CHECK_EQ(ip_wait_idle(s, 1u << 20), 0);
  }
  hwprof_sim_free(s);
}

static void test_bad_accesses(void) {
  hwprof_sim *s = fresh();
  static const uint32_t writable[] = {
      HWPROF_CTRL_OFFSET,       HWPROF_THRESHOLD_OFFSET,    HWPROF_IRQ_ENABLE_OFFSET,
      HWPROF_IRQ_STATUS_OFFSET, HWPROF_EVENT_OFFSET,        HWPROF_LOOKUP_KEY_OFFSET,
      HWPROF_SPILL_BASE_OFFSET, HWPROF_SPILL_SIZE_OFFSET,   HWPROF_SPILL_TAIL_OFFSET,
      HWPROF_SPILL_MARK_OFFSET, HWPROF_EVENT_ORIGIN_OFFSET, HWPROF_SYSCALL_SITE_OFFSET,
      HWPROF_SYSCALL_OFFSET,    HWPROF_SYSCALL_MARK_OFFSET, HWPROF_EDGE_CTRL_OFFSET,
      HWPROF_EDGE_MARK_OFFSET,  HWPROF_CCT_BASE_OFFSET,     HWPROF_CCT_SIZE_OFFSET,
      HWPROF_CCT_TAIL_OFFSET,   HWPROF_CCT_MARK_OFFSET};
  static const uint32_t readable[] = {HWPROF_ID_OFFSET,           HWPROF_VERSION_OFFSET,
                                      HWPROF_CONFIG_OFFSET,       HWPROF_CONFIG2_OFFSET,
                                      HWPROF_CTRL_OFFSET,         HWPROF_STATUS_OFFSET,
                                      HWPROF_THRESHOLD_OFFSET,    HWPROF_IRQ_ENABLE_OFFSET,
                                      HWPROF_IRQ_STATUS_OFFSET,   HWPROF_HOT_POP_OFFSET,
                                      HWPROF_LOOKUP_KEY_OFFSET,   HWPROF_LOOKUP_COUNT_OFFSET,
                                      HWPROF_SPILL_BASE_OFFSET,   HWPROF_SPILL_SIZE_OFFSET,
                                      HWPROF_SPILL_HEAD_OFFSET,   HWPROF_SPILL_TAIL_OFFSET,
                                      HWPROF_SPILL_MARK_OFFSET,   HWPROF_EVENT_ORIGIN_OFFSET,
                                      HWPROF_SYSCALL_SITE_OFFSET, HWPROF_SYSCALL_USED_OFFSET,
                                      HWPROF_SYSCALL_MARK_OFFSET, HWPROF_EDGE_CTRL_OFFSET,
                                      HWPROF_EDGE_USED_OFFSET,    HWPROF_EDGE_MARK_OFFSET,
                                      HWPROF_EDGE_HOT_SRC_OFFSET, HWPROF_EDGE_HOT_DST_OFFSET,
                                      HWPROF_CCT_BASE_OFFSET,     HWPROF_CCT_SIZE_OFFSET,
                                      HWPROF_CCT_HEAD_OFFSET,     HWPROF_CCT_TAIL_OFFSET,
                                      HWPROF_CCT_MARK_OFFSET,     HWPROF_CCT_BLOCKS_OFFSET,
                                      HWPROF_CCT_INSNS_OFFSET,    HWPROF_STAT_CCT_ERRORS_OFFSET};
  hwprof_sim_xfer x;
  uint32_t v;
  ip_wr(s, HWPROF_THRESHOLD_OFFSET, 77);
  /* Every word of the register page: writes to anything but the writable
   * registers answer SLVERR and change nothing; unmapped reads answer 0. */
  for (uint32_t off = 0; off < 0x1000; off += 4) {
    int w = 0, r = 0;
    for (unsigned i = 0; i < sizeof writable / sizeof writable[0]; i++)
      w |= writable[i] == off;
    for (unsigned i = 0; i < sizeof readable / sizeof readable[0]; i++)
      r |= readable[i] == off;
    if (off >= HWPROF_STAT_FIRST_OFFSET && off < HWPROF_STAT_FIRST_OFFSET + 4 * HWPROF_STAT_COUNT)
      r = 1;
    if (!w) {
      int rc = hwprof_sim_write(s, off, 0xFFFFFFFFu, 0xF, &x);
      CHECK(rc == HWPROF_RESP_SLVERR, "write to %#x answered %d\n", off, rc);
    }
    int rc = hwprof_sim_read(s, off, &v, &x);
    CHECK(rc == HWPROF_RESP_OKAY, "read of %#x answered %d\n", off, rc);
    if (!r)
      CHECK(v == 0, "unmapped %#x read %#x\n", off, v);
  }
  CHECK_EQ(ip_rd(s, HWPROF_ID_OFFSET), HWPROF_ID_MAGIC);
  CHECK_EQ(ip_rd(s, HWPROF_CONFIG_OFFSET), hwprof_model_config_word(&P));
  CHECK_EQ(ip_rd(s, HWPROF_THRESHOLD_OFFSET), 77);
  /* Sub-word writes: SLVERR, no effect. */
  static const unsigned strbs[] = {0x0, 0x1, 0x2, 0x4, 0x8, 0x3, 0xC, 0x7, 0xE};
  for (unsigned i = 0; i < sizeof strbs / sizeof strbs[0]; i++) {
    CHECK_EQ(hwprof_sim_write(s, HWPROF_THRESHOLD_OFFSET, 5, strbs[i], &x), HWPROF_RESP_SLVERR);
    CHECK_EQ(hwprof_sim_write(s, HWPROF_EVENT_OFFSET, 5, strbs[i], &x), HWPROF_RESP_SLVERR);
  }
  CHECK_EQ(ip_rd(s, HWPROF_THRESHOLD_OFFSET), 77);
  CHECK_STAT(s, HWPROF_STAT_EVENTS_IN_OFFSET, 0);
  CHECK_STAT(s, HWPROF_STAT_IGNORED_OFFSET, 0);
  /* Unaligned addresses: SLVERR both ways. */
  for (uint32_t a = 1; a < 4; a++) {
    CHECK_EQ(hwprof_sim_write(s, HWPROF_THRESHOLD_OFFSET + a, 9, 0xF, &x), HWPROF_RESP_SLVERR);
    CHECK_EQ(hwprof_sim_read(s, HWPROF_ID_OFFSET + a, &v, &x), HWPROF_RESP_SLVERR);
    CHECK_EQ(hwprof_sim_read(s, HWPROF_TABLE_OFFSET + a, &v, &x), HWPROF_RESP_SLVERR);
  }
  CHECK_EQ(ip_rd(s, HWPROF_THRESHOLD_OFFSET), 77);
  /* Outside the register page, beside the EVENT window and past the table: reads 0,
   * writes SLVERR. */
  static const uint32_t far[] = {0x1000, 0x2000, HWPROF_EVENT_WINDOW_OFFSET - 4,
                                 HWPROF_EVENT_WINDOW_OFFSET + HWPROF_EVENT_WINDOW_BYTES,
                                 HWPROF_SPAN - 4};
  for (unsigned i = 0; i < sizeof far / sizeof far[0]; i++) {
    CHECK_EQ(hwprof_sim_write(s, far[i], 1, 0xF, &x), HWPROF_RESP_SLVERR);
    CHECK_EQ(hwprof_sim_read(s, far[i], &v, &x), HWPROF_RESP_OKAY);
    if (far[i] < HWPROF_TABLE_OFFSET + 8u * (1u << P.index_bits) && far[i] >= HWPROF_TABLE_OFFSET)
      continue;
    CHECK_EQ(v, 0);
  }
  CHECK_EQ(hwprof_sim_write(s, HWPROF_TABLE_OFFSET, 1, 0xF, &x), HWPROF_RESP_SLVERR);
  if (P.index_bits < 16) {
    uint32_t past = HWPROF_TABLE_OFFSET + 8u * (1u << P.index_bits);
    CHECK_EQ(hwprof_sim_read(s, past, &v, &x), HWPROF_RESP_OKAY);
    CHECK_EQ(v, 0);
  }
  hwprof_sim_free(s);
}

static void test_events_counted(void) {
  hwprof_sim *s = fresh();
  events(s, 0x400100, 3); /* disabled: ignored */
  CHECK_EQ(ip_wait_idle(s, 1000), 0);
  CHECK_STAT(s, HWPROF_STAT_IGNORED_OFFSET, 3);
  CHECK_STAT(s, HWPROF_STAT_EVENTS_IN_OFFSET, 0);
  CHECK_EQ(lookup(s, 0x400100), 0);
  enable(s);
  events(s, 0x400100, 5);
  events(s, 0x400200, 1);
  events(s, 0x400100, 2);
  CHECK_EQ(ip_wait_idle(s, 1000), 0);
  CHECK_EQ(lookup(s, 0x400100), 7);
  CHECK_EQ(lookup(s, 0x400200), 1);
  CHECK_EQ(lookup(s, 0x400300), 0);
  CHECK_STAT(s, HWPROF_STAT_EVENTS_IN_OFFSET, 8);
  CHECK_STAT(s, HWPROF_STAT_EVENTS_OFFSET, 8);
  CHECK_STAT(s, HWPROF_STAT_OCCUPIED_OFFSET, 2);
  /* The window shows each at its hash slot (or its set's first way). */
  uint32_t mask = (1u << P.index_bits) - 1u;
  uint32_t i1 = ip_home_entry(&P, 0x400100);
  CHECK_EQ(ip_rd(s, HWPROF_TABLE_OFFSET + 8 * i1), 0x400100);
  CHECK_EQ(ip_rd(s, HWPROF_TABLE_OFFSET + 8 * i1 + 4), 7);
  /* Key 0 is an ordinary key. */
  events(s, 0, 2);
  CHECK_EQ(ip_wait_idle(s, 1000), 0);
  CHECK_EQ(lookup(s, 0), 2);
  /* The EVENT word's flags (bits 1:0) are not part of the key: one entry, at the
   * address's slot, found by any lookup of the address. */
  events(s, 0x400200 | HWPROF_EVENT_INDIRECT, 1);
  events(s, 0x400200 | HWPROF_EVENT_CALL, 2);
  events(s, 0x400200 | HWPROF_EVENT_RETURN, 3);
  CHECK_EQ(ip_wait_idle(s, 1000), 0);
  CHECK_EQ(lookup(s, 0x400200), 7);
  CHECK_EQ(lookup(s, 0x400202), 7);
  CHECK_STAT(s, HWPROF_STAT_OCCUPIED_OFFSET, 3);
  /* A block first seen with flags is stored without them (within its probe window,
   * or its set). */
  events(s, 0x400300 | HWPROF_EVENT_RETURN, 1);
  CHECK_EQ(ip_wait_idle(s, 1000), 0);
  unsigned found = 0;
  for (uint32_t k = 0, i = ip_home_entry(&P, 0x400300); k < ip_home_room(&P) && k <= mask;
       k++, i = (i + 1) & mask)
    found += ip_rd(s, HWPROF_TABLE_OFFSET + 8 * i) == 0x400300;
  CHECK_EQ(found, 1);
  hwprof_sim_free(s);
}

/* The EVENT window: a store of any size at window + o is the event EVENT_ORIGIN + o,
 * its data and strobes ignored; the window reads 0. */
static void test_event_window(void) {
  hwprof_sim *s = fresh();
  hwprof_sim_xfer x;
  uint32_t v;
  const uint32_t W = HWPROF_EVENT_WINDOW_OFFSET, origin = 0x400000;
  enable(s);
  ip_wr(s, HWPROF_EVENT_ORIGIN_OFFSET, origin);
  /* A byte store per lane, with flags in the address's bits 1:0; a halfword; a word. */
  static const unsigned strb[4] = {0x8, 0x4, 0x2, 0x1};
  for (uint32_t f = 0; f < 4; f++)
    CHECK_EQ(hwprof_sim_write(s, W + 0x100 + f, 0xAB, strb[f], &x), HWPROF_RESP_OKAY);
  CHECK_EQ(hwprof_sim_write(s, W + 0x100, 0, 0xC, &x), HWPROF_RESP_OKAY);
  CHECK_EQ(hwprof_sim_write(s, W + 0x100, 0xFFFFFFFFu, 0xF, &x), HWPROF_RESP_OKAY);
  /* Posted, back to back, like the translator's probes. */
  for (int i = 0; i < 10; i++)
    hwprof_sim_post_strb(s, W + 0x200 + HWPROF_EVENT_CALL, 0, 0x2);
  /* The window's last byte, then a moved origin: the same offset is another event. */
  CHECK_EQ(hwprof_sim_write(s, W + HWPROF_EVENT_WINDOW_BYTES - 4, 0, 0x8, &x), HWPROF_RESP_OKAY);
  ip_wr(s, HWPROF_EVENT_ORIGIN_OFFSET, 0x10000000);
  CHECK_EQ(hwprof_sim_write(s, W + 0x100 + HWPROF_EVENT_RETURN, 0, 0x1, &x), HWPROF_RESP_OKAY);
  CHECK_EQ(ip_wait_idle(s, 1u << 16), 0);
  CHECK_EQ(lookup(s, origin + 0x100), 6);
  CHECK_EQ(lookup(s, origin + 0x200), 10);
  CHECK_EQ(lookup(s, origin + HWPROF_EVENT_WINDOW_BYTES - 4), 1);
  CHECK_EQ(lookup(s, 0x10000100), 1);
  CHECK_STAT(s, HWPROF_STAT_EVENTS_IN_OFFSET, 18);
  CHECK_STAT(s, HWPROF_STAT_EVENTS_OFFSET, 18);
  CHECK_EQ(hwprof_sim_read(s, W + 0x100, &v, &x), HWPROF_RESP_OKAY);
  CHECK_EQ(v, 0);
  /* Held like EVENT under a sustained overload (a full FIFO behind a frozen core,
   * then more than it holds): every held cycle a STALL cycle, nothing lost. */
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_FREEZE);
  for (uint32_t i = 0; i < fifo_depth; i++)
    CHECK_EQ(hwprof_sim_post_strb(s, W + 0x300, 0, 0x8), 0);
  CHECK_EQ(hwprof_sim_drain(s), 0);
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE);
  uint64_t waits0 = hwprof_sim_write_wait_cycles(s);
  uint32_t stall0 = ip_rd(s, HWPROF_STAT_STALL_OFFSET);
  for (uint32_t i = 0; i < 3 * fifo_depth + 10; i++)
    while (hwprof_sim_post_strb(s, W + 0x300, 0, 0x8) != 0)
      hwprof_sim_step(s, 1);
  CHECK_EQ(hwprof_sim_drain(s), 0);
  CHECK_EQ(ip_rd(s, HWPROF_STAT_STALL_OFFSET) - stall0,
           STAT_WANT(HWPROF_STAT_STALL_OFFSET, hwprof_sim_write_wait_cycles(s) - waits0));
  CHECK_EQ(ip_wait_idle(s, 1u << 20), 0);
  CHECK_EQ(lookup(s, 0x10000300), 4 * fifo_depth + 10);
  CHECK_STAT(s, HWPROF_STAT_LOST_FIFO_OFFSET, 0);
  CHECK_EQ(hwprof_sim_post_errors(s), 0);
  hwprof_sim_free(s);
  /* With the FIFO full behind a frozen core, one more store waits as long as we let it. */
  s = fresh();
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_FREEZE);
  for (uint32_t i = 0; i <= fifo_depth; i++)
    CHECK_EQ(hwprof_sim_post_strb(s, W + i, 0, 0x8 >> (i & 3)), 0);
  hwprof_sim_step(s, 10 * fifo_depth + 100);
  CHECK_EQ(hwprof_sim_pending(s), 1);
  hwprof_sim_free(s);
}

static void test_freeze_and_backpressure(void) {
  hwprof_sim *s = fresh();
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_FREEZE);
  for (uint32_t i = 0; i < fifo_depth; i++)
    CHECK_EQ(hwprof_sim_post(s, HWPROF_EVENT_OFFSET, 0x1000 + 4 * (i % 7)), 0);
  CHECK_EQ(hwprof_sim_drain(s), 0);
  uint32_t st = ip_rd(s, HWPROF_STATUS_OFFSET);
  CHECK(st & HWPROF_STATUS_FIFO_FULL, "FIFO not full: status %#x\n", st);
  CHECK(!(st & HWPROF_STATUS_IDLE), "IDLE while frozen with a full FIFO\n");
  CHECK_STAT(s, HWPROF_STAT_EVENTS_OFFSET, 0);
  CHECK_STAT(s, HWPROF_STAT_FIFO_HIGH_OFFSET, fifo_depth);
  /* One more write is held: it waits as long as we let it. */
  uint64_t waits0 = hwprof_sim_write_wait_cycles(s);
  CHECK_EQ(hwprof_sim_post(s, HWPROF_EVENT_OFFSET, 0xBEEF0), 0);
  hwprof_sim_step(s, 100);
  CHECK_EQ(hwprof_sim_pending(s), 1);
  uint64_t waited = hwprof_sim_write_wait_cycles(s) - waits0;
  CHECK_EQ(waited, 100);
  /* It stays held, not lost: with a single master even the unfreezing CTRL
   * write waits behind it (bus order), so a bounded drain times out. */
  hwprof_sim_set_timeout(s, 100000);
  CHECK_EQ(hwprof_sim_drain(s), -110);
  hwprof_sim_set_timeout(s, 10000000);
  hwprof_sim_free(s);

  /* Sustained overload without freeze: every held cycle is a STALL cycle,
   * and every event arrives. */
  s = fresh();
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_FREEZE);
  for (uint32_t i = 0; i < fifo_depth; i++)
    CHECK_EQ(hwprof_sim_post(s, HWPROF_EVENT_OFFSET, 0x2000), 0);
  CHECK_EQ(hwprof_sim_drain(s), 0);
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE); /* not queued: completes */
  waits0 = hwprof_sim_write_wait_cycles(s);
  uint32_t stall0 = ip_rd(s, HWPROF_STAT_STALL_OFFSET);
  for (uint32_t i = 0; i < 3 * fifo_depth + 10; i++)
    hwprof_sim_post_wait(s, HWPROF_EVENT_OFFSET, 0x2000);
  CHECK_EQ(hwprof_sim_drain(s), 0);
  uint32_t stall = ip_rd(s, HWPROF_STAT_STALL_OFFSET) - stall0;
  CHECK_EQ(stall, STAT_WANT(HWPROF_STAT_STALL_OFFSET, hwprof_sim_write_wait_cycles(s) - waits0));
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(lookup(s, 0x2000), 4 * fifo_depth + 10);
  CHECK_STAT(s, HWPROF_STAT_LOST_FIFO_OFFSET, 0);
  hwprof_sim_free(s);
}

static void test_drop_on_full(void) {
  hwprof_sim *s = fresh();
  ip_wr(s, HWPROF_IRQ_ENABLE_OFFSET, HWPROF_IRQ_LOST);
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_FREEZE | HWPROF_CTRL_DROP_ON_FULL);
  events(s, 0x3000, fifo_depth + 5);
  CHECK_STAT(s, HWPROF_STAT_LOST_FIFO_OFFSET, 5);
  CHECK_STAT(s, HWPROF_STAT_EVENTS_IN_OFFSET, fifo_depth);
  CHECK(ip_rd(s, HWPROF_STATUS_OFFSET) & HWPROF_STATUS_DROPPED, "DROPPED not set\n");
  CHECK(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & HWPROF_IRQ_LOST, "IRQ LOST not set\n");
  hwprof_sim_step(s, 2);
  CHECK_EQ(hwprof_sim_irq(s), 1);
  ip_wr(s, HWPROF_IRQ_STATUS_OFFSET, HWPROF_IRQ_LOST);
  hwprof_sim_step(s, 2);
  CHECK_EQ(hwprof_sim_irq(s), 0);
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_DROP_ON_FULL);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(lookup(s, 0x3000), fifo_depth);
  /* A table clear is never dropped, and it clears the DROPPED bit. */
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_CLEAR);
  CHECK_EQ(ip_wait_idle(s, 1u << 20), 0);
  CHECK(!(ip_rd(s, HWPROF_STATUS_OFFSET) & HWPROF_STATUS_DROPPED), "DROPPED not cleared\n");
  CHECK_EQ(lookup(s, 0x3000), 0);
  hwprof_sim_free(s);
}

static void test_threshold_and_irq(void) {
  hwprof_sim *s = fresh();
  uint32_t thr = 3;
  enable(s);
  ip_wr(s, HWPROF_THRESHOLD_OFFSET, thr);
  events(s, 0x5000, thr - 1);
  CHECK_EQ(ip_wait_idle(s, 1000), 0);
  CHECK_EQ(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET), 0);
  events(s, 0x5000, 1);
  CHECK_EQ(ip_wait_idle(s, 1000), 0);
  CHECK(ip_rd(s, HWPROF_STATUS_OFFSET) & HWPROF_STATUS_HOT_PENDING, "no HOT_PENDING\n");
  CHECK_EQ(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET), HWPROF_IRQ_HOT);
  hwprof_sim_step(s, 3);
  CHECK_EQ(hwprof_sim_irq(s), 0); /* not enabled */
  ip_wr(s, HWPROF_IRQ_ENABLE_OFFSET, HWPROF_IRQ_HOT);
  hwprof_sim_step(s, 2);
  CHECK_EQ(hwprof_sim_irq(s), 1);
  /* Acknowledging before draining does not clear HOT. */
  ip_wr(s, HWPROF_IRQ_STATUS_OFFSET, HWPROF_IRQ_HOT);
  CHECK_EQ(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET), HWPROF_IRQ_HOT);
  /* Exactly once per entry: more events do not fire again. */
  events(s, 0x5000, 10);
  CHECK_EQ(ip_wait_idle(s, 1000), 0);
  CHECK_STAT(s, HWPROF_STAT_HOT_OFFSET, 1);
  CHECK_EQ(ip_rd(s, HWPROF_HOT_POP_OFFSET), 0x5000);
  CHECK_EQ(ip_rd(s, HWPROF_HOT_POP_OFFSET), 0);
  CHECK(!(ip_rd(s, HWPROF_STATUS_OFFSET) & HWPROF_STATUS_HOT_PENDING), "HOT_PENDING stuck\n");
  ip_wr(s, HWPROF_IRQ_STATUS_OFFSET, HWPROF_IRQ_HOT);
  CHECK_EQ(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET), 0);
  hwprof_sim_step(s, 2);
  CHECK_EQ(hwprof_sim_irq(s), 0);
  /* A threshold of 1 fires on insertion; a raised threshold does not refire
   * an entry that already fired; 0 disables. */
  ip_wr(s, HWPROF_THRESHOLD_OFFSET, 1);
  events(s, 0x6000, 1);
  ip_wr(s, HWPROF_THRESHOLD_OFFSET, 20);
  events(s, 0x5000, 10);
  ip_wr(s, HWPROF_THRESHOLD_OFFSET, 0);
  events(s, 0x7000, 30);
  CHECK_EQ(ip_wait_idle(s, 1000), 0);
  CHECK_EQ(ip_rd(s, HWPROF_HOT_POP_OFFSET), 0x6000);
  CHECK_EQ(ip_rd(s, HWPROF_HOT_POP_OFFSET), 0);
  CHECK_STAT(s, HWPROF_STAT_HOT_OFFSET, 2);
  /* Overflow: more crossings than the hot FIFO holds are counted as lost. */
  ip_wr(s, HWPROF_THRESHOLD_OFFSET, 1);
  for (uint32_t i = 0; i < hot_depth + 3; i++)
    events(s, 0x9000 + 4 * i, 1);
  CHECK_EQ(ip_wait_idle(s, 1000), 0);
  CHECK_STAT(s, HWPROF_STAT_HOT_LOST_OFFSET, 3);
  CHECK(ip_rd(s, HWPROF_STATUS_OFFSET) & HWPROF_STATUS_HOT_OVERFLOW, "no HOT_OVERFLOW\n");
  CHECK(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & HWPROF_IRQ_LOST, "IRQ LOST not set\n");
  for (uint32_t i = 0; i < hot_depth; i++)
    CHECK_EQ(ip_rd(s, HWPROF_HOT_POP_OFFSET), 0x9000 + 4 * i);
  CHECK_EQ(ip_rd(s, HWPROF_HOT_POP_OFFSET), 0);
  hwprof_sim_free(s);
}

/* The set-associative table, spilling off: keys that want one set take its ways in
 * order, without a probe; the one more is lost (a full set), and TABLE_FULL says so. */
static void test_set_full(void) {
  hwprof_sim *s = fresh();
  uint64_t rng = 12345;
  uint32_t n = P.ways + 1, set = 2 & ((1u << P.index_bits) / P.ways - 1u);
  uint32_t *k = malloc(n * sizeof *k);
  ip_colliding_keys(&P, set, k, n, &rng);
  ip_wr(s, HWPROF_IRQ_ENABLE_OFFSET, HWPROF_IRQ_TABLE_FULL);
  enable(s);
  for (uint32_t i = 0; i < n; i++)
    events(s, k[i], i + 1);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  for (uint32_t i = 0; i + 1 < n; i++) {
    CHECK_EQ(ip_rd(s, HWPROF_TABLE_OFFSET + 8 * (set * P.ways + i)), k[i]);
    CHECK_EQ(ip_rd(s, HWPROF_TABLE_OFFSET + 8 * (set * P.ways + i) + 4), i + 1);
    CHECK_EQ(lookup(s, k[i]), i + 1);
  }
  CHECK_EQ(lookup(s, k[n - 1]), 0);
  CHECK_STAT(s, HWPROF_STAT_LOST_TABLE_OFFSET, n);
  CHECK_STAT(s, HWPROF_STAT_PROBES_OFFSET, 0);
  CHECK_STAT(s, HWPROF_STAT_MAX_PROBE_OFFSET, 0);
  CHECK_STAT(s, HWPROF_STAT_EVICTED_OFFSET, 0);
  CHECK_STAT(s, HWPROF_STAT_OCCUPIED_OFFSET, P.ways);
  CHECK(ip_rd(s, HWPROF_STATUS_OFFSET) & HWPROF_STATUS_TABLE_FULL, "no TABLE_FULL\n");
  CHECK_EQ(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & HWPROF_IRQ_TABLE_FULL, HWPROF_IRQ_TABLE_FULL);
  free(k);
  hwprof_sim_free(s);
}

static void test_probing_and_table_full(void) {
  if (P.ways) {
    test_set_full();
    return;
  }
  hwprof_sim *s = fresh();
  uint64_t rng = 12345;
  uint32_t n = P.max_probe + 1;
  uint32_t *k = malloc(n * sizeof *k);
  uint32_t mask = (1u << P.index_bits) - 1u;
  uint32_t home = 8 & mask;
  ip_colliding_keys(&P, home, k, n, &rng);
  ip_wr(s, HWPROF_IRQ_ENABLE_OFFSET, HWPROF_IRQ_TABLE_FULL);
  enable(s);
  for (uint32_t i = 0; i < n; i++)
    events(s, k[i], 1);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  /* Key i sits i slots past its home, wrapping; the last one found no room. */
  for (uint32_t i = 0; i + 1 < n; i++) {
    uint32_t slot = (home + i) & mask;
    CHECK_EQ(ip_rd(s, HWPROF_TABLE_OFFSET + 8 * slot), k[i]);
    CHECK_EQ(ip_rd(s, HWPROF_TABLE_OFFSET + 8 * slot + 4), 1);
    CHECK_EQ(lookup(s, k[i]), 1);
  }
  CHECK_EQ(lookup(s, k[n - 1]), 0);
  CHECK_STAT(s, HWPROF_STAT_LOST_TABLE_OFFSET, 1);
  CHECK_STAT(s, HWPROF_STAT_MAX_PROBE_OFFSET, P.max_probe - 1);
  /* sum of 0..max_probe-1 for the inserts, max_probe-1 for the lost one */
  CHECK_STAT(s, HWPROF_STAT_PROBES_OFFSET, (P.max_probe - 1) * P.max_probe / 2 + (P.max_probe - 1));
  CHECK_STAT(s, HWPROF_STAT_OCCUPIED_OFFSET, P.max_probe);
  CHECK(ip_rd(s, HWPROF_STATUS_OFFSET) & HWPROF_STATUS_TABLE_FULL, "TABLE_FULL not set\n");
  /* With spilling off, the event that found no room is lost: LOST too. */
  CHECK_EQ(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET), HWPROF_IRQ_TABLE_FULL | HWPROF_IRQ_LOST);
  hwprof_sim_step(s, 2);
  CHECK_EQ(hwprof_sim_irq(s), 1);
  /* CLEAR empties the table and the sticky bit; statistics stay. */
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_CLEAR);
  CHECK(ip_rd(s, HWPROF_STATUS_OFFSET) & HWPROF_STATUS_BUSY, "BUSY not set by CLEAR\n");
  events(s, k[0], 1); /* held behind the clear, counted after it */
  CHECK_EQ(ip_wait_idle(s, 1u << 20), 0);
  CHECK(!(ip_rd(s, HWPROF_STATUS_OFFSET) & HWPROF_STATUS_TABLE_FULL), "TABLE_FULL stuck\n");
  CHECK_STAT(s, HWPROF_STAT_OCCUPIED_OFFSET, 1);
  CHECK_EQ(lookup(s, k[0]), 1);
  CHECK_EQ(lookup(s, k[1]), 0);
  CHECK_STAT(s, HWPROF_STAT_LOST_TABLE_OFFSET, 1);
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_STATS_CLEAR);
  CHECK_EQ(ip_wait_idle(s, 1000), 0);
  for (uint32_t off = HWPROF_STAT_FIRST_OFFSET; off < HWPROF_STAT_CYCLES_LO_OFFSET; off += 4)
    if (off != HWPROF_STAT_OCCUPIED_OFFSET && off != HWPROF_STAT_FIFO_HIGH_OFFSET)
      CHECK(ip_rd(s, off) == 0, "statistic %#x not cleared\n", off);
  /* The high-water mark restarts from the FIFO's level: the STATS_CLEAR
   * command itself occupied one slot. */
  CHECK_STAT(s, HWPROF_STAT_FIFO_HIGH_OFFSET, 1);
  CHECK_STAT(s, HWPROF_STAT_OCCUPIED_OFFSET, 1);
  CHECK_EQ(lookup(s, k[0]), 1);
  free(k);
  hwprof_sim_free(s);
}

/* ------------------------------------------------------------ the spill ring */

/* The memory behind the IP's write master: a ring of up to 64 words. */
typedef struct {
  uint32_t base;
  uint32_t mem[64];
  unsigned fail_next; /* answer this many writes with an error */
  unsigned writes;
} ringmem;

static int ring_write(void *ctx, uint32_t addr, uint32_t data) {
  ringmem *r = ctx;
  r->writes++;
  if (r->fail_next) {
    r->fail_next--;
    return 1;
  }
  if (addr < r->base || addr - r->base >= sizeof r->mem || (addr & 3))
    return 1;
  r->mem[(addr - r->base) / 4] = data;
  return 0;
}

/* A ring whose unit is not built (hwprof_ring_regs' BUILT = 0), its registers at BASE,
 * SIZE, HEAD, TAIL, MARK from `base`: CONFIG2's `bit` clear, SIZE refuses every size but 0
 * (the unit's smallest, `min`, included) and takes 0, BASE, TAIL and MARK refuse writes,
 * and all five read 0. */
static void check_ring_absent(hwprof_sim *s, uint32_t bit, uint32_t base, uint32_t min) {
  const uint32_t size = base + 4, tail = base + 12, mark = base + 16; /* (HEAD at base + 8) */
  CHECK_EQ(ip_rd(s, HWPROF_CONFIG2_OFFSET) & bit, 0);
  const uint32_t sizes[] = {min, 2 * min, 1024, 1u << 24, 3};
  for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    CHECK(try_wr(s, size, sizes[i]) == HWPROF_RESP_SLVERR,
          "size %#x accepted at %#x without the ring's unit\n", sizes[i], size);
  ip_wr(s, size, 0);
  CHECK_EQ(try_wr(s, base, 0x20000000u), HWPROF_RESP_SLVERR);
  CHECK_EQ(try_wr(s, tail, 0), HWPROF_RESP_SLVERR);
  CHECK_EQ(try_wr(s, mark, min), HWPROF_RESP_SLVERR);
  for (uint32_t off = base; off <= mark; off += 4)
    CHECK(ip_rd(s, off) == 0, "ring register %#x not 0 without its unit\n", off);
}

/* Built without the spill path (SPILL = 0): its ring's registers absent, and an event
 * that finds no slot is lost and counted -- LOST_TABLE, TABLE_FULL, IRQ_LOST -- with
 * nothing written to memory. */
static void test_spill_absent(hwprof_sim *s) {
  check_ring_absent(s, HWPROF_CONFIG2_SPILL, HWPROF_SPILL_BASE_OFFSET, 2);
  uint64_t rng = 5;
  uint32_t n = ip_home_room(&P) + 3;
  uint32_t *k = malloc(n * sizeof *k);
  ip_colliding_keys(&P, 0, k, n, &rng);
  ip_wr(s, HWPROF_IRQ_ENABLE_OFFSET, HWPROF_IRQ_LOST | HWPROF_IRQ_SPILL);
  enable(s);
  for (uint32_t i = 0; i < n; i++)
    events(s, k[i], 1);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  for (uint32_t i = 0; i < n; i++)
    CHECK_EQ(lookup(s, k[i]), i < ip_home_room(&P) ? 1u : 0u);
  CHECK_STAT(s, HWPROF_STAT_LOST_TABLE_OFFSET, 3);
  CHECK_STAT(s, HWPROF_STAT_SPILLED_OFFSET, 0);
  uint32_t st = ip_rd(s, HWPROF_STATUS_OFFSET);
  CHECK((st & HWPROF_STATUS_TABLE_FULL) &&
            !(st &
              (HWPROF_STATUS_SPILL_PENDING | HWPROF_STATUS_SPILL_FULL | HWPROF_STATUS_SPILL_ERROR)),
        "STATUS %#x\n", st);
  CHECK_EQ(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & (HWPROF_IRQ_LOST | HWPROF_IRQ_SPILL),
           HWPROF_IRQ_LOST);
  CHECK_EQ(hwprof_sim_mem_writes(s), 0);
  free(k);
  hwprof_sim_free(s);
}

static void test_spill_registers(void) {
  hwprof_sim *s = fresh();
  if (!P.spill) {
    test_spill_absent(s);
    return;
  }
  static const uint32_t good[] = {0, 2, 4, 1024, 1u << 24};
  static const uint32_t bad[] = {1, 3, 6, 1000, 1u << 25, 0x80000000u, 0xFFFFFFFFu};
  ip_wr(s, HWPROF_SPILL_BASE_OFFSET, 0x12345677u);
  CHECK_EQ(ip_rd(s, HWPROF_SPILL_BASE_OFFSET), 0x12345674u);
  for (unsigned i = 0; i < sizeof good / sizeof good[0]; i++) {
    ip_wr(s, HWPROF_SPILL_SIZE_OFFSET, good[i]);
    CHECK_EQ(ip_rd(s, HWPROF_SPILL_SIZE_OFFSET), good[i]);
  }
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    CHECK(try_wr(s, HWPROF_SPILL_SIZE_OFFSET, bad[i]) == HWPROF_RESP_SLVERR,
          "SPILL_SIZE %#x accepted\n", bad[i]);
    CHECK_EQ(ip_rd(s, HWPROF_SPILL_SIZE_OFFSET), 1u << 24);
  }
  ip_wr(s, HWPROF_SPILL_MARK_OFFSET, 0xDEADBEEFu);
  CHECK_EQ(ip_rd(s, HWPROF_SPILL_MARK_OFFSET), 0xDEADBEEFu);
  /* TAIL moves only forward and never past HEAD (0 here). */
  ip_wr(s, HWPROF_SPILL_TAIL_OFFSET, 0);
  CHECK_EQ(try_wr(s, HWPROF_SPILL_TAIL_OFFSET, 1), HWPROF_RESP_SLVERR);
  CHECK_EQ(try_wr(s, HWPROF_SPILL_TAIL_OFFSET, 0xFFFFFFFFu), HWPROF_RESP_SLVERR);
  CHECK_EQ(ip_rd(s, HWPROF_SPILL_TAIL_OFFSET), 0);
  /* BASE and SIZE only while idle: not with an event queued behind FREEZE. */
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_FREEZE);
  events(s, 0x4000, 1);
  CHECK_EQ(try_wr(s, HWPROF_SPILL_BASE_OFFSET, 0x1000), HWPROF_RESP_SLVERR);
  CHECK_EQ(try_wr(s, HWPROF_SPILL_SIZE_OFFSET, 16), HWPROF_RESP_SLVERR);
  CHECK_EQ(ip_rd(s, HWPROF_SPILL_BASE_OFFSET), 0x12345674u);
  CHECK_EQ(ip_rd(s, HWPROF_SPILL_SIZE_OFFSET), 1u << 24);
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE);
  CHECK_EQ(ip_wait_idle(s, 1000), 0);
  ip_wr(s, HWPROF_SPILL_SIZE_OFFSET, 16);
  hwprof_sim_free(s);
}

/* Keys that all want one slot: the first max_probe fill its probe sequence,
 * the rest spill. */
/* The spill ring on, in r: SIZE words, IRQ_SPILL at MARK (and IRQ_LOST); events on. */
static void ring_on(hwprof_sim *s, ringmem *r, uint32_t size, uint32_t mark) {
  hwprof_sim_on_mem_write(s, ring_write, r);
  ip_wr(s, HWPROF_SPILL_BASE_OFFSET, r->base);
  ip_wr(s, HWPROF_SPILL_SIZE_OFFSET, size);
  ip_wr(s, HWPROF_SPILL_MARK_OFFSET, mark);
  ip_wr(s, HWPROF_IRQ_ENABLE_OFFSET, HWPROF_IRQ_SPILL | HWPROF_IRQ_LOST);
  enable(s);
}

/* IRQ_STATUS without TABLE_FULL, which every spilled event raises. */
static uint32_t spill_irqs(hwprof_sim *s) {
  return ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & ~HWPROF_IRQ_TABLE_FULL;
}

/* The set-associative table's evictions: keys that want one set fill its ways; each
 * one more evicts the way counted least recently as a record {key | 1, count} in the
 * next two ring words, HEAD passing both at once; a full ring holds the IP; a refused
 * write loses the whole record (and only it), its slots reused. */
static void test_eviction_ring(void) {
  hwprof_sim *s = fresh();
  ringmem r = {0x20000000u, {0}, 0, 0};
  uint64_t rng = 777;
  uint32_t w = P.ways, n = w + 6;
  uint32_t *k = malloc(n * sizeof *k);
  ip_colliding_keys(&P, 1, k, n, &rng);
  ring_on(s, &r, 4, 4);
  for (uint32_t i = 0; i < w; i++) /* counts 1, 2, ...: k[0] the oldest */
    events(s, k[i], i + 1);
  events(s, k[0], 1); /* now the youngest: k[1] (count 2) is the oldest */
  events(s, k[w], 1);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(ip_rd(s, HWPROF_SPILL_HEAD_OFFSET), 2);
  CHECK_EQ(r.mem[0], k[1] | HWPROF_SPILL_REC);
  CHECK_EQ(r.mem[1], 2);
  CHECK_EQ(lookup(s, k[1]), 0);
  CHECK_EQ(lookup(s, k[w]), 1);
  CHECK_EQ(lookup(s, k[0]), 2);
  CHECK_STAT(s, HWPROF_STAT_EVICTED_OFFSET, 1);
  CHECK_STAT(s, HWPROF_STAT_SPILLED_OFFSET, 0);
  CHECK_STAT(s, HWPROF_STAT_LOST_TABLE_OFFSET, 0);
  CHECK_STAT(s, HWPROF_STAT_PROBES_OFFSET, 0);
  CHECK_STAT(s, HWPROF_STAT_OCCUPIED_OFFSET, w);
  CHECK_EQ(spill_irqs(s), 0); /* two words: below the mark */
  /* The next eviction (k[2]: count 3 when w > 2, else k[0]) reaches the mark. */
  uint32_t second = w > 2 ? k[2] : k[0], second_count = w > 2 ? 3 : 2;
  events(s, k[w + 1], 1);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(ip_rd(s, HWPROF_SPILL_HEAD_OFFSET), 4);
  CHECK_EQ(r.mem[2], second | HWPROF_SPILL_REC);
  CHECK_EQ(r.mem[3], second_count);
  CHECK_EQ(spill_irqs(s), HWPROF_IRQ_SPILL);
  /* The ring is full: the next eviction waits in the IP, nothing is lost. */
  events(s, k[w + 2], 1);
  hwprof_sim_step(s, 500);
  uint32_t st = ip_rd(s, HWPROF_STATUS_OFFSET);
  CHECK((st & HWPROF_STATUS_SPILL_FULL) && !(st & HWPROF_STATUS_IDLE), "full ring, STATUS %#x\n",
        st);
  /* One word of room is not room for a record. */
  ip_wr(s, HWPROF_SPILL_TAIL_OFFSET, 1);
  hwprof_sim_step(s, 500);
  CHECK_EQ(ip_rd(s, HWPROF_SPILL_HEAD_OFFSET), 4);
  ip_wr(s, HWPROF_SPILL_TAIL_OFFSET, 2);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(ip_rd(s, HWPROF_SPILL_HEAD_OFFSET), 6);
  CHECK_EQ(r.mem[0] & HWPROF_SPILL_REC, HWPROF_SPILL_REC); /* HEAD 4 is slot 0 */
  ip_wr(s, HWPROF_SPILL_TAIL_OFFSET, 6);
  /* A refused first word loses the record: its second is not written, HEAD stays. */
  unsigned writes = r.writes;
  r.fail_next = 1;
  events(s, k[w + 3], 1);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(r.writes, writes + 1);
  CHECK_EQ(ip_rd(s, HWPROF_SPILL_HEAD_OFFSET), 6);
  CHECK_STAT(s, HWPROF_STAT_SPILL_ERR_OFFSET, 1);
  CHECK(spill_irqs(s) & HWPROF_IRQ_LOST, "no IRQ_LOST\n");
  /* The next record takes the lost one's slots. */
  events(s, k[w + 4], 1);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(ip_rd(s, HWPROF_SPILL_HEAD_OFFSET), 8);
  CHECK_EQ(r.mem[2] & HWPROF_SPILL_REC, HWPROF_SPILL_REC);
  CHECK_STAT(s, HWPROF_STAT_EVICTED_OFFSET, 5);
  CHECK_STAT(s, HWPROF_STAT_SPILL_ERR_OFFSET, 1);
  CHECK_STAT(s, HWPROF_STAT_EVENTS_OFFSET, w * (w + 1) / 2 + 1 + 5);
  free(k);
  hwprof_sim_free(s);
}

static void test_spill_ring(void) {
  if (!P.spill)
    return; /* test_spill_registers checks the path's absence */
  if (P.ways) {
    test_eviction_ring();
    return;
  }
  hwprof_sim *s = fresh();
  ringmem r = {0x20000000u, {0}, 0, 0};
  uint64_t rng = 777;
  uint32_t mp = P.max_probe, n = mp + 12;
  uint32_t *k = malloc(n * sizeof *k);
  ip_colliding_keys(&P, 4u & ((1u << P.index_bits) - 1u), k, n, &rng);
  ring_on(s, &r, 4, 2);
  for (uint32_t i = 0; i < mp; i++)
    events(s, k[i], 1);
  events(s, k[mp], 1);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(ip_rd(s, HWPROF_SPILL_HEAD_OFFSET), 1);
  CHECK_EQ(r.mem[0], k[mp]);
  CHECK_EQ(spill_irqs(s), 0); /* below the mark */
  uint32_t st = ip_rd(s, HWPROF_STATUS_OFFSET);
  CHECK((st & HWPROF_STATUS_SPILL_PENDING) && !(st & HWPROF_STATUS_SPILL_FULL), "STATUS %#x\n", st);
  /* At the mark: IRQ_SPILL, which cannot be acknowledged while it holds. */
  events(s, k[mp + 1], 1);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(spill_irqs(s), HWPROF_IRQ_SPILL);
  hwprof_sim_step(s, 2);
  CHECK_EQ(hwprof_sim_irq(s), 1);
  ip_wr(s, HWPROF_IRQ_STATUS_OFFSET, HWPROF_IRQ_SPILL);
  CHECK_EQ(spill_irqs(s), HWPROF_IRQ_SPILL);
  /* Full: the next table miss waits in the IP, nothing is lost. */
  events(s, k[mp + 2], 1);
  events(s, k[mp + 3], 1);
  events(s, k[mp + 4], 1);
  hwprof_sim_step(s, 500);
  st = ip_rd(s, HWPROF_STATUS_OFFSET);
  CHECK((st & HWPROF_STATUS_SPILL_FULL) && !(st & HWPROF_STATUS_IDLE), "full ring, STATUS %#x\n",
        st);
  CHECK_EQ(ip_rd(s, HWPROF_SPILL_HEAD_OFFSET), 4);
  CHECK_STAT(s, HWPROF_STAT_LOST_TABLE_OFFSET, 0);
  for (uint32_t i = 0; i < 4; i++)
    CHECK_EQ(r.mem[i], k[mp + i]);
  ip_wr(s, HWPROF_SPILL_TAIL_OFFSET, 3);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(ip_rd(s, HWPROF_SPILL_HEAD_OFFSET), 5);
  CHECK_EQ(r.mem[0], k[mp + 4]);                                        /* HEAD 4 is slot 0 */
  CHECK_EQ(try_wr(s, HWPROF_SPILL_TAIL_OFFSET, 2), HWPROF_RESP_SLVERR); /* backwards */
  CHECK_EQ(try_wr(s, HWPROF_SPILL_TAIL_OFFSET, 6), HWPROF_RESP_SLVERR); /* past HEAD */
  ip_wr(s, HWPROF_SPILL_TAIL_OFFSET, 5);
  CHECK(!(ip_rd(s, HWPROF_STATUS_OFFSET) & HWPROF_STATUS_SPILL_PENDING), "ring not empty\n");
  ip_wr(s, HWPROF_IRQ_STATUS_OFFSET, HWPROF_IRQ_SPILL);
  CHECK_EQ(spill_irqs(s), 0);
  /* A key that missed the table keeps missing it: counted again in the ring. */
  events(s, k[mp], 1);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(ip_rd(s, HWPROF_SPILL_HEAD_OFFSET), 6);
  CHECK_EQ(r.mem[1], k[mp]);
  CHECK_EQ(lookup(s, k[mp]), 0);
  /* A write the memory refuses loses its SPC, says so, and its slot is reused. */
  r.fail_next = 1;
  events(s, k[mp + 5], 1);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(ip_rd(s, HWPROF_SPILL_HEAD_OFFSET), 6);
  CHECK_STAT(s, HWPROF_STAT_SPILL_ERR_OFFSET, 1);
  CHECK(ip_rd(s, HWPROF_STATUS_OFFSET) & HWPROF_STATUS_SPILL_ERROR, "no SPILL_ERROR\n");
  CHECK(spill_irqs(s) & HWPROF_IRQ_LOST, "no IRQ_LOST\n");
  events(s, k[mp + 6], 1);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(ip_rd(s, HWPROF_SPILL_HEAD_OFFSET), 7);
  CHECK_EQ(r.mem[2], k[mp + 6]);
  CHECK_STAT(s, HWPROF_STAT_SPILLED_OFFSET, 8);
  CHECK_STAT(s, HWPROF_STAT_EVENTS_OFFSET, mp);
  CHECK_STAT(s, HWPROF_STAT_LOST_TABLE_OFFSET, 0);
  CHECK_EQ(r.writes, 8);
  /* CLEAR clears SPILL_ERROR; spilling off: a miss is lost and counted. */
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_CLEAR);
  CHECK(!(ip_rd(s, HWPROF_STATUS_OFFSET) & HWPROF_STATUS_SPILL_ERROR), "SPILL_ERROR stuck\n");
  CHECK_EQ(ip_wait_idle(s, 1u << 20), 0);
  ip_wr(s, HWPROF_SPILL_SIZE_OFFSET, 0);
  CHECK_EQ(ip_rd(s, HWPROF_SPILL_HEAD_OFFSET), 0);
  for (uint32_t i = 0; i <= mp; i++)
    events(s, k[i], 1);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_STAT(s, HWPROF_STAT_LOST_TABLE_OFFSET, 1);
  CHECK_EQ(r.writes, 8);
  free(k);
  hwprof_sim_free(s);
}

/* With the ring full and no one draining it, the IP holds the bus: EVENT
 * writes wait, none is dropped.  (A single master in that state waits for
 * ever -- which is why the driver drains at SPILL_MARK, well before full.) */
static void test_spill_backpressure(void) {
  if (!P.spill)
    return; /* test_spill_registers checks the path's absence */
  hwprof_sim *s = fresh();
  ringmem r = {0x20000000u, {0}, 0, 0};
  uint64_t rng = 99;
  uint32_t mp = ip_home_room(&P), extra = 2 + 16 + 1 + 2 + fifo_depth + 3, n = mp + extra;
  uint32_t *k = malloc(n * sizeof *k);
  uint32_t homes = (1u << P.index_bits) / (P.ways ? P.ways : 1u);
  ip_colliding_keys(&P, 8u & (homes - 1u), k, n, &rng);
  hwprof_sim_on_mem_write(s, ring_write, &r);
  ip_wr(s, HWPROF_SPILL_BASE_OFFSET, r.base);
  ip_wr(s, HWPROF_SPILL_SIZE_OFFSET, 2);
  enable(s);
  for (uint32_t i = 0; i < mp; i++)
    events(s, k[i], 1);
  CHECK_EQ(ip_wait_idle(s, 100000), 0); /* the inserts probe 0..mp-1 slots */
  uint64_t waits0 = hwprof_sim_write_wait_cycles(s);
  for (uint32_t i = mp; i < n; i++)
    CHECK_EQ(hwprof_sim_post(s, HWPROF_EVENT_OFFSET, k[i]), 0);
  hwprof_sim_step(s, 200 * mp + 2000);
  CHECK(hwprof_sim_pending(s) > 0, "every EVENT accepted with the ring full\n");
  CHECK(hwprof_sim_write_wait_cycles(s) - waits0 > 1000, "the bus was not held\n");
  CHECK(hwprof_sim_irq(s) == 0, "an interrupt with none enabled\n");
  CHECK_EQ(r.writes, 2);
  CHECK_EQ(hwprof_sim_reset(s) > 0, 1);
  free(k);
  hwprof_sim_free(s);
}

/* ------------------------------------------------------------ call/return packets */

/* A window store of the event word w (origin 0x400000) with weight n. */
static void window_event(hwprof_sim *s, uint32_t w, uint8_t n) {
  uint32_t o = w - 0x400000u, lane = o & 3;
  CHECK_EQ(hwprof_sim_post_strb(s, HWPROF_EVENT_WINDOW_OFFSET + o, (uint32_t)n << (24 - 8 * lane),
                                0x8u >> lane),
           0);
  CHECK_EQ(hwprof_sim_drain(s), 0);
}

/* Built without the packet unit (CCT = 0): CONFIG2 says so, CCT_SIZE takes only 0, the
 * other ring registers are unmapped, the unit's registers read 0 through calls and
 * returns, and the events still count (their weights ignored). */
static void test_cct_absent(hwprof_sim *s) {
  check_ring_absent(s, HWPROF_CONFIG2_CCT, HWPROF_CCT_BASE_OFFSET, 4);
  ip_wr(s, HWPROF_EVENT_ORIGIN_OFFSET, 0x400000u);
  enable(s);
  window_event(s, 0x400118 | HWPROF_EVENT_CALL, 3);
  window_event(s, 0x400800 | HWPROF_EVENT_RETURN, 5);
  hwprof_sim_post_wait(s, HWPROF_EVENT_W_OFFSET + 4 * 7, 0x400120 | HWPROF_EVENT_INDIRECT);
  hwprof_sim_post_wait(s, HWPROF_EVENT_OFFSET, 0x400200);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_STAT(s, HWPROF_STAT_EVENTS_IN_OFFSET, 4);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_SIZE_OFFSET), 0);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_HEAD_OFFSET), 0);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_BLOCKS_OFFSET), 0);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_INSNS_OFFSET), 0);
  CHECK_STAT(s, HWPROF_STAT_CCT_ERRORS_OFFSET, 0);
  uint32_t st = ip_rd(s, HWPROF_STATUS_OFFSET);
  CHECK(!(st & (HWPROF_STATUS_CCT_PENDING | HWPROF_STATUS_CCT_FULL)), "STATUS %#x\n", st);
  CHECK_EQ(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & HWPROF_IRQ_CCT, 0);
  CHECK_EQ(hwprof_sim_mem_writes(s), 0);
  hwprof_sim_free(s);
}

/* The packet ring worked by hand: the registers' rules, the packets of a call, a
 * return and an indirect jump with the totals of blocks and weights, IRQ_CCT at the
 * mark, a full ring holding the IP, a write error, and the spill ring sharing the
 * master. */
static void test_cct_ring(void) {
  hwprof_sim *s = fresh();
  if (!P.cct) {
    test_cct_absent(s);
    return;
  }
  ringmem r = {0x20000000u, {0}, 0, 0};
  static const uint32_t good[] = {0, 4, 8, 1024, 1u << 24};
  static const uint32_t bad[] = {1, 2, 3, 6, 1000, 1u << 25, 0xFFFFFFFFu};
  for (unsigned i = 0; i < sizeof good / sizeof good[0]; i++) {
    ip_wr(s, HWPROF_CCT_SIZE_OFFSET, good[i]);
    CHECK_EQ(ip_rd(s, HWPROF_CCT_SIZE_OFFSET), good[i]);
  }
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
    CHECK(try_wr(s, HWPROF_CCT_SIZE_OFFSET, bad[i]) == HWPROF_RESP_SLVERR,
          "CCT_SIZE %#x accepted\n", bad[i]);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_SIZE_OFFSET), 1u << 24);
  CHECK_EQ(try_wr(s, HWPROF_CCT_TAIL_OFFSET, 1), HWPROF_RESP_SLVERR); /* past HEAD */
  /* BASE and SIZE only while idle. */
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_FREEZE);
  events(s, 0x4000, 1);
  CHECK_EQ(try_wr(s, HWPROF_CCT_BASE_OFFSET, 0x1000), HWPROF_RESP_SLVERR);
  CHECK_EQ(try_wr(s, HWPROF_CCT_SIZE_OFFSET, 16), HWPROF_RESP_SLVERR);
  ip_wr(s, HWPROF_CTRL_OFFSET, 0);
  CHECK_EQ(ip_wait_idle(s, 1000), 0);

  hwprof_sim_on_mem_write(s, ring_write, &r);
  ip_wr(s, HWPROF_EVENT_ORIGIN_OFFSET, 0x400000u);
  ip_wr(s, HWPROF_CCT_BASE_OFFSET, r.base + 2); /* bits 1:0 read 0 */
  CHECK_EQ(ip_rd(s, HWPROF_CCT_BASE_OFFSET), r.base);
  ip_wr(s, HWPROF_CCT_SIZE_OFFSET, 8);
  ip_wr(s, HWPROF_CCT_MARK_OFFSET, 8);
  ip_wr(s, HWPROF_IRQ_ENABLE_OFFSET, HWPROF_IRQ_CCT | HWPROF_IRQ_LOST);
  enable(s);
  /* main (3 blocks, the last calls f) -> f (2 blocks, returns) -> main (an indirect
   * jump) -> main. */
  window_event(s, 0x400100, 4);
  window_event(s, 0x400110, 2);
  window_event(s, 0x400118 | HWPROF_EVENT_CALL, 3);
  window_event(s, 0x400800, 5);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_HEAD_OFFSET), 4);
  CHECK_EQ(r.mem[0], 0x400118 | HWPROF_EVENT_CALL);
  CHECK_EQ(r.mem[1], 0x400800);
  CHECK_EQ(r.mem[2], 3); /* blocks: the caller's three */
  CHECK_EQ(r.mem[3], 4 + 2 + 3);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_BLOCKS_OFFSET), 4);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_INSNS_OFFSET), 14);
  uint32_t st = ip_rd(s, HWPROF_STATUS_OFFSET);
  CHECK((st & HWPROF_STATUS_CCT_PENDING) && !(st & HWPROF_STATUS_CCT_FULL), "STATUS %#x\n", st);
  CHECK_EQ(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & HWPROF_IRQ_CCT, 0); /* below the mark */
  window_event(s, 0x400810 | HWPROF_EVENT_RETURN, 1);
  window_event(s, 0x400120 | HWPROF_EVENT_INDIRECT, 7); /* returned to; ends in jr $t9 */
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_HEAD_OFFSET), 8);
  CHECK_EQ(r.mem[4], 0x400810 | HWPROF_EVENT_RETURN);
  CHECK_EQ(r.mem[5], 0x400120);
  CHECK_EQ(r.mem[6], 5);
  CHECK_EQ(r.mem[7], 4 + 2 + 3 + 5 + 1);
  /* At the mark: IRQ_CCT, which cannot be acknowledged while it holds. */
  CHECK(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & HWPROF_IRQ_CCT, "no IRQ_CCT at the mark\n");
  ip_wr(s, HWPROF_IRQ_STATUS_OFFSET, HWPROF_IRQ_CCT);
  CHECK(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & HWPROF_IRQ_CCT, "IRQ_CCT acknowledged\n");
  /* Full (8 words): the indirect jump's packet waits in the IP. */
  hwprof_sim_post_wait(s, HWPROF_EVENT_OFFSET, 0x400200); /* weight 0: an EVENT write */
  hwprof_sim_step(s, 500);
  st = ip_rd(s, HWPROF_STATUS_OFFSET);
  CHECK((st & HWPROF_STATUS_CCT_FULL) && !(st & HWPROF_STATUS_IDLE), "full ring, STATUS %#x\n", st);
  CHECK_EQ(r.writes, 8);
  ip_wr(s, HWPROF_CCT_TAIL_OFFSET, 4);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_HEAD_OFFSET), 12);
  CHECK_EQ(r.mem[0], 0x400120 | HWPROF_EVENT_INDIRECT); /* HEAD 8 is slot 0 */
  CHECK_EQ(r.mem[1], 0x400200);
  CHECK_EQ(r.mem[2], 6);
  CHECK_EQ(r.mem[3], 22);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_BLOCKS_OFFSET), 7);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_INSNS_OFFSET), 22);
  ip_wr(s, HWPROF_CCT_TAIL_OFFSET, 12);
  ip_wr(s, HWPROF_IRQ_STATUS_OFFSET, HWPROF_IRQ_CCT);
  CHECK_EQ(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & HWPROF_IRQ_CCT, 0);
  /* A write the memory refuses loses its word, and says so. */
  r.fail_next = 1;
  window_event(s, 0x400204 | HWPROF_EVENT_CALL, 1);
  window_event(s, 0x400900, 1);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_HEAD_OFFSET), 15);
  CHECK_STAT(s, HWPROF_STAT_CCT_ERRORS_OFFSET, 1);
  CHECK(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & HWPROF_IRQ_LOST, "no IRQ_LOST\n");
  /* Writing SIZE starts afresh: HEAD, TAIL and the totals 0, no last event. */
  window_event(s, 0x400904 | HWPROF_EVENT_CALL, 1);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  ip_wr(s, HWPROF_CCT_SIZE_OFFSET, 16);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_HEAD_OFFSET), 0);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_TAIL_OFFSET), 0);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_BLOCKS_OFFSET), 0);
  window_event(s, 0x400300, 1);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_HEAD_OFFSET), 0); /* the call before the restart: no packet */
  /* EVENT_W: an EVENT write with the weight in its address. */
  ip_wr(s, HWPROF_EVENT_W_OFFSET + 4 * 200, 0x400310 | HWPROF_EVENT_RETURN);
  ip_wr(s, HWPROF_EVENT_W_OFFSET + 4 * HWPROF_EVENT_W_MAX, 0x400120);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_BLOCKS_OFFSET), 3);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_INSNS_OFFSET), 1 + 200 + 255);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_HEAD_OFFSET), 4);
  CHECK_EQ(r.mem[0], 0x400310 | HWPROF_EVENT_RETURN);
  CHECK_EQ(r.mem[1], 0x400120);
  CHECK_EQ(r.mem[3], 1 + 200);
  CHECK_EQ(try_wr(s, HWPROF_EVENT_W_OFFSET - 4, 0x400000), HWPROF_RESP_SLVERR);
  CHECK_EQ(try_wr(s, HWPROF_EVENT_W_OFFSET + 4 * 256, 0x400000), HWPROF_RESP_SLVERR);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_BLOCKS_OFFSET), 3);
  /* Ring off: no totals, no packets. */
  ip_wr(s, HWPROF_CCT_SIZE_OFFSET, 0);
  window_event(s, 0x400304 | HWPROF_EVENT_CALL, 1);
  window_event(s, 0x400a00, 1);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(ip_rd(s, HWPROF_CCT_BLOCKS_OFFSET), 0);
  CHECK_EQ(r.writes, 20);
  hwprof_sim_free(s);
}

/* Entry i of the system-call table, through its read window. */
static hwprof_model_sys_entry sys_entry(hwprof_sim *s, uint32_t i) {
  uint32_t off = HWPROF_SYSCALL_TABLE_OFFSET + HWPROF_SYSCALL_ENTRY_BYTES * i;
  CHECK_EQ(ip_rd(s, off + 12), 0);
  return (hwprof_model_sys_entry){ip_rd(s, off), ip_rd(s, off + 4), ip_rd(s, off + 8)};
}

static void syscall_rec(hwprof_sim *s, uint32_t site, uint32_t number) {
  ip_wr(s, HWPROF_SYSCALL_SITE_OFFSET, site);
  ip_wr(s, HWPROF_SYSCALL_OFFSET, number);
}

/* The system-call table: pairs in order of arrival, counts, the full table's loss,
 * IRQ_SYSCALL at the mark, the three clears, ENABLE, and the window's edges. */
/* Built without the system-call unit (SYSCALL_BITS = 0): CONFIG says so, its registers
 * are unmapped, SYSCALL_CLEAR does nothing, IRQ_SYSCALL never rises, and events count. */
static void test_syscall_absent(hwprof_sim *s) {
  CHECK_EQ(HWPROF_CONFIG_FIELD(ip_rd(s, HWPROF_CONFIG_OFFSET), SYSCALL_BITS), 0);
  enable(s);
  ip_wr(s, HWPROF_IRQ_ENABLE_OFFSET, HWPROF_IRQ_MASK);
  CHECK_EQ(try_wr(s, HWPROF_SYSCALL_SITE_OFFSET, 0x400100), HWPROF_RESP_SLVERR);
  CHECK_EQ(try_wr(s, HWPROF_SYSCALL_OFFSET, 4001), HWPROF_RESP_SLVERR);
  CHECK_EQ(try_wr(s, HWPROF_SYSCALL_MARK_OFFSET, 1), HWPROF_RESP_SLVERR);
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_SYSCALL_CLEAR);
  events(s, 0x400100, 3);
  CHECK_EQ(ip_wait_idle(s, 100000), 0);
  CHECK_EQ(lookup(s, 0x400100), 3);
  for (uint32_t off = HWPROF_SYSCALL_SITE_OFFSET; off <= HWPROF_SYSCALL_MARK_OFFSET; off += 4)
    CHECK(ip_rd(s, off) == 0, "system-call register %#x not 0 without the unit\n", off);
  CHECK_EQ(ip_rd(s, HWPROF_STAT_SYSCALLS_OFFSET), 0);
  CHECK_EQ(ip_rd(s, HWPROF_STAT_SYSCALL_LOST_OFFSET), 0);
  for (uint32_t i = 0; i < 4; i++)
    CHECK_EQ(ip_rd(s, HWPROF_SYSCALL_TABLE_OFFSET + HWPROF_SYSCALL_ENTRY_BYTES * i + 8), 0);
  CHECK_EQ(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & HWPROF_IRQ_SYSCALL, 0);
  hwprof_sim_free(s);
}

static void test_syscalls(void) {
  hwprof_sim *s = fresh();
  if (!P.syscall_bits) {
    test_syscall_absent(s);
    return;
  }
  const uint32_t n = 1u << P.syscall_bits;
  const uint32_t cmax = P.count_width == 32 ? 0xFFFFFFFFu : (1u << P.count_width) - 1u;
  syscall_rec(s, 0x400100, 4001); /* disabled: not recorded */
  CHECK_EQ(ip_rd(s, HWPROF_SYSCALL_USED_OFFSET), 0);
  CHECK_STAT(s, HWPROF_STAT_SYSCALLS_OFFSET, 0);
  enable(s);
  ip_wr(s, HWPROF_IRQ_ENABLE_OFFSET, HWPROF_IRQ_SYSCALL | HWPROF_IRQ_LOST);
  ip_wr(s, HWPROF_SYSCALL_MARK_OFFSET, n);
  /* n distinct pairs: same site different numbers and the reverse. */
  for (uint32_t i = 0; i < n; i++) {
    syscall_rec(s, 0x400100 + 4 * (i / 2), 4000 + i % 2);
    CHECK_EQ(ip_rd(s, HWPROF_SYSCALL_USED_OFFSET), i + 1);
    CHECK(!!(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & HWPROF_IRQ_SYSCALL) == (i + 1 == n),
          "IRQ_SYSCALL with %u of %u entries in use\n", i + 1, n);
  }
  /* Repeats of the last pair count, with no new entry. */
  uint32_t reps = cmax < 300 ? cmax + 5 : 300;
  for (uint32_t r = 0; r < reps; r++)
    ip_wr(s, HWPROF_SYSCALL_OFFSET, 4000 + (n - 1) % 2);
  for (uint32_t i = 0; i < n; i++) {
    hwprof_model_sys_entry e = sys_entry(s, i);
    uint32_t want = i + 1 == n ? (reps + 1 < cmax ? reps + 1 : cmax) : 1;
    CHECK(e.site == 0x400100 + 4 * (i / 2) && e.number == 4000 + i % 2 && e.count == want,
          "entry %u = {%#x, %u, %u}, want count %u\n", i, e.site, e.number, e.count, want);
  }
  CHECK_STAT(s, HWPROF_STAT_SYSCALLS_OFFSET, n + reps);
  /* The table is full: a new pair is lost, counted, and raises IRQ_LOST. */
  CHECK_STAT(s, HWPROF_STAT_SYSCALL_LOST_OFFSET, 0);
  syscall_rec(s, 0x500000, 4246);
  CHECK_STAT(s, HWPROF_STAT_SYSCALL_LOST_OFFSET, 1);
  CHECK_EQ(ip_rd(s, HWPROF_SYSCALL_USED_OFFSET), n);
  CHECK(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & HWPROF_IRQ_LOST, "no IRQ_LOST for a lost record\n");
  /* IRQ_SYSCALL cannot be acknowledged while the mark holds; the rest can. */
  ip_wr(s, HWPROF_IRQ_STATUS_OFFSET, HWPROF_IRQ_MASK);
  CHECK_EQ(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET), HWPROF_IRQ_SYSCALL);
  hwprof_sim_step(s, 2);
  CHECK_EQ(hwprof_sim_irq(s), 1);
  /* Past the entries in use, and past the table: 0. */
  if (n < HWPROF_SYSCALL_MAX_ENTRIES) {
    uint32_t past = HWPROF_SYSCALL_TABLE_OFFSET + HWPROF_SYSCALL_ENTRY_BYTES * n;
    CHECK_EQ(ip_rd(s, past), 0);
    CHECK_EQ(ip_rd(s, past + 8), 0);
  }
  /* SYSCALL_CLEAR empties the table (the statistics stay) and lowers the mark. */
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_SYSCALL_CLEAR);
  CHECK_EQ(ip_rd(s, HWPROF_CTRL_OFFSET), HWPROF_CTRL_ENABLE);
  CHECK_EQ(ip_rd(s, HWPROF_SYSCALL_USED_OFFSET), 0);
  CHECK_EQ(sys_entry(s, 0).count, 0);
  CHECK_STAT(s, HWPROF_STAT_SYSCALLS_OFFSET, n + reps);
  ip_wr(s, HWPROF_IRQ_STATUS_OFFSET, HWPROF_IRQ_MASK);
  CHECK_EQ(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET), 0);
  /* The pair lost earlier now finds room; a CLEAR empties the table too, and a
   * STATS_CLEAR zeroes both statistics. */
  syscall_rec(s, 0x500000, 4246);
  CHECK_EQ(ip_rd(s, HWPROF_SYSCALL_USED_OFFSET), 1);
  hwprof_model_sys_entry e = sys_entry(s, 0);
  CHECK(e.site == 0x500000 && e.number == 4246 && e.count == 1, "entry 0 after the clear\n");
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_CLEAR);
  CHECK_EQ(ip_rd(s, HWPROF_SYSCALL_USED_OFFSET), 0);
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_STATS_CLEAR);
  CHECK_EQ(ip_wait_idle(s, 1u << 20), 0);
  CHECK_STAT(s, HWPROF_STAT_SYSCALLS_OFFSET, 0);
  CHECK_STAT(s, HWPROF_STAT_SYSCALL_LOST_OFFSET, 0);
  /* Back-to-back records while events stream: each one is held until the table
   * has placed the one before, and none is lost. */
  uint32_t lost = 0;
  for (uint32_t i = 0; i < 40; i++) {
    hwprof_sim_post_wait(s, HWPROF_EVENT_OFFSET, 0x400000 + 4 * i);
    hwprof_sim_post_wait(s, HWPROF_SYSCALL_OFFSET, 4000 + i % 3);
    lost += i % 3 >= n; /* (SYSCALL_SITE still holds 0x500000) */
  }
  CHECK(hwprof_sim_drain(s) == 0, "writes not accepted\n");
  CHECK_STAT(s, HWPROF_STAT_SYSCALLS_OFFSET, 40 - lost);
  CHECK_STAT(s, HWPROF_STAT_SYSCALL_LOST_OFFSET, lost);
  CHECK_EQ(ip_rd(s, HWPROF_SYSCALL_USED_OFFSET), n < 3 ? n : 3);
  CHECK_STAT(s, HWPROF_STAT_EVENTS_IN_OFFSET, 40);
  hwprof_sim_free(s);
}

/* The edge table's slot of (src, dst), searched from its hash; -1 if absent. */
static int edge_slot(hwprof_sim *s, uint32_t src, uint32_t dst) {
  uint32_t n = 1u << P.edge_bits, i = hwprof_edge_hash(src, dst, P.edge_bits);
  for (uint32_t k = 0; k < n; k++, i = (i + 1) & (n - 1)) {
    uint32_t off = HWPROF_EDGE_TABLE_OFFSET + HWPROF_EDGE_ENTRY_BYTES * i;
    if (ip_rd(s, off) == src && ip_rd(s, off + 4) == dst && ip_rd(s, off + 8) != 0)
      return (int)i;
  }
  return -1;
}

static uint32_t edge_count(hwprof_sim *s, uint32_t src, uint32_t dst) {
  int i = edge_slot(s, src, dst);
  return i < 0 ? 0 : ip_rd(s, HWPROF_EDGE_TABLE_OFFSET + HWPROF_EDGE_ENTRY_BYTES * (uint32_t)i + 8);
}

/* Built without the edge unit (EDGE_BITS = 0): CONFIG2 says so, its registers are
 * unmapped, indirect jumps make no edge and raise no interrupt, and events count. */
static void test_edge_absent(hwprof_sim *s) {
  const uint32_t A = 0x400100, B = 0x400200;
  CHECK_EQ(ip_rd(s, HWPROF_CONFIG2_OFFSET) & HWPROF_CONFIG2_EDGE_BITS_MASK, 0);
  CHECK_EQ(try_wr(s, HWPROF_EDGE_CTRL_OFFSET, HWPROF_EDGE_CTRL_ALL | 1), HWPROF_RESP_SLVERR);
  CHECK_EQ(try_wr(s, HWPROF_EDGE_MARK_OFFSET, 1), HWPROF_RESP_SLVERR);
  enable(s);
  ip_wr(s, HWPROF_IRQ_ENABLE_OFFSET, HWPROF_IRQ_MASK);
  for (int i = 0; i < 3; i++) {
    events(s, A | HWPROF_EVENT_INDIRECT, 1);
    events(s, B, 1);
  }
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_EDGE_CLEAR);
  CHECK_EQ(ip_wait_idle(s, 1u << 20), 0);
  CHECK_EQ(lookup(s, A), 3);
  CHECK_EQ(lookup(s, B), 3);
  for (uint32_t off = HWPROF_EDGE_CTRL_OFFSET; off <= HWPROF_EDGE_HOT_DST_OFFSET; off += 4)
    CHECK(ip_rd(s, off) == 0, "edge register %#x not 0 without the unit\n", off);
  for (uint32_t off = HWPROF_STAT_EDGES_OFFSET; off <= HWPROF_STAT_EDGE_HOT_LOST_OFFSET; off += 4)
    CHECK(ip_rd(s, off) == 0, "edge statistic %#x not 0 without the unit\n", off);
  for (uint32_t i = 0; i < 4; i++)
    CHECK_EQ(ip_rd(s, HWPROF_EDGE_TABLE_OFFSET + HWPROF_EDGE_ENTRY_BYTES * i + 8), 0);
  CHECK_EQ(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & (HWPROF_IRQ_EDGE | HWPROF_IRQ_EDGE_HOT), 0);
  hwprof_sim_free(s);
}

static void test_edges(void) {
  hwprof_sim *s = fresh();
  if (!P.edge_bits) {
    test_edge_absent(s);
    return;
  }
  const uint32_t A = 0x400100, B = 0x400200, C = 0x400300, D = 0x400400;
  enable(s);
  /* A ends in an indirect jump: A->B twice, A->C once; a call, a return and a plain
   * block end no edge. */
  events(s, A | HWPROF_EVENT_INDIRECT, 1);
  events(s, B | HWPROF_EVENT_CALL, 1);
  events(s, A | HWPROF_EVENT_INDIRECT, 1);
  events(s, B | HWPROF_EVENT_RETURN, 1);
  events(s, A | HWPROF_EVENT_INDIRECT, 1);
  events(s, C, 1);
  events(s, D, 1);
  CHECK_EQ(ip_wait_idle(s, 1u << 20), 0);
  CHECK_STAT(s, HWPROF_STAT_EDGES_OFFSET, 3);
  CHECK_STAT(s, HWPROF_STAT_EVENTS_OFFSET, 7); /* block counts go on as before */
  /* (Every configuration's table holds at least two edges.) */
  CHECK_EQ(ip_rd(s, HWPROF_EDGE_USED_OFFSET), 2);
  CHECK_EQ(edge_count(s, A, B), 2);
  CHECK_EQ(edge_count(s, A, C), 1);
  CHECK_EQ(edge_count(s, B, A), 0);
  /* The threshold (5,000 from reset) fires once per entry: at 3 here. */
  ip_wr(s, HWPROF_IRQ_ENABLE_OFFSET, HWPROF_IRQ_EDGE_HOT);
  ip_wr(s, HWPROF_EDGE_CTRL_OFFSET, 3);
  for (int i = 0; i < 3; i++) {
    events(s, A | HWPROF_EVENT_INDIRECT, 1);
    events(s, B, 1);
  }
  CHECK_EQ(ip_wait_idle(s, 1u << 20), 0);
  CHECK(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & HWPROF_IRQ_EDGE_HOT, "no IRQ_EDGE_HOT\n");
  CHECK_EQ(hwprof_sim_irq(s), 1);
  CHECK_EQ(edge_count(s, A, B), 5);
  /* Not acknowledged while the FIFO holds the edge. */
  ip_wr(s, HWPROF_IRQ_STATUS_OFFSET, HWPROF_IRQ_EDGE_HOT);
  CHECK(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & HWPROF_IRQ_EDGE_HOT, "IRQ_EDGE_HOT acknowledged\n");
  CHECK_EQ(ip_rd(s, HWPROF_EDGE_HOT_SRC_OFFSET), A);
  CHECK_EQ(ip_rd(s, HWPROF_EDGE_HOT_SRC_OFFSET), A); /* a peek */
  CHECK_EQ(ip_rd(s, HWPROF_EDGE_HOT_DST_OFFSET), B); /* pops */
  /* Acknowledged once the FIFO is empty; it does not fire again for A->B. */
  ip_wr(s, HWPROF_IRQ_STATUS_OFFSET, HWPROF_IRQ_EDGE_HOT);
  CHECK_EQ(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & HWPROF_IRQ_EDGE_HOT, 0);
  CHECK_EQ(ip_rd(s, HWPROF_EDGE_HOT_SRC_OFFSET), 0);
  events(s, A | HWPROF_EVENT_INDIRECT, 1);
  events(s, B, 1);
  CHECK_EQ(ip_wait_idle(s, 1u << 20), 0);
  CHECK_EQ(ip_rd(s, HWPROF_EDGE_HOT_SRC_OFFSET), 0);
  /* EDGE_HOT_DST removes only the edge the last EDGE_HOT_SRC read found (1.8): edges
   * that become hot after a read of 0 wait for the next pair of reads, one each. */
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_EDGE_CLEAR);
  for (int i = 0; i < 3; i++) {
    events(s, C | HWPROF_EVENT_INDIRECT, 1);
    events(s, D | HWPROF_EVENT_INDIRECT, 1);
  }
  events(s, C, 1);
  events(s, B, 1); /* the last event before the clear below */
  CHECK_EQ(ip_wait_idle(s, 1u << 20), 0);
  CHECK_EQ(edge_count(s, C, D), 3);
  CHECK_EQ(edge_count(s, D, C), 3);
  CHECK_EQ(ip_rd(s, HWPROF_EDGE_HOT_DST_OFFSET), 0);
  CHECK_EQ(ip_rd(s, HWPROF_EDGE_HOT_SRC_OFFSET), C);
  CHECK_EQ(ip_rd(s, HWPROF_EDGE_HOT_DST_OFFSET), D);
  CHECK_EQ(ip_rd(s, HWPROF_EDGE_HOT_DST_OFFSET), 0);
  CHECK_EQ(ip_rd(s, HWPROF_EDGE_HOT_SRC_OFFSET), D);
  CHECK_EQ(ip_rd(s, HWPROF_EDGE_HOT_DST_OFFSET), C);
  CHECK_EQ(ip_rd(s, HWPROF_EDGE_HOT_SRC_OFFSET), 0);
  /* ALL: every pair of events is an edge, in bus order with the events. */
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_EDGE_CLEAR);
  ip_wr(s, HWPROF_EDGE_CTRL_OFFSET, HWPROF_EDGE_CTRL_ALL);
  events(s, C, 1);
  events(s, D, 1);
  ip_wr(s, HWPROF_EDGE_CTRL_OFFSET, 0);
  events(s, C, 1);
  CHECK_EQ(ip_wait_idle(s, 1u << 20), 0);
  /* B->C (B was the last event before the clear) and C->D; not D->C. */
  CHECK_STAT(s, HWPROF_STAT_EDGES_OFFSET, 3 + 3 + 1 + 6 + 2);
  CHECK_EQ(ip_rd(s, HWPROF_EDGE_USED_OFFSET), 2);
  CHECK_EQ(edge_count(s, B, C), 1);
  CHECK_EQ(edge_count(s, C, D), 1);
  CHECK_EQ(edge_count(s, A, B), 0);
  /* EDGE_MARK: IRQ_EDGE while that many entries are in use, not acknowledged while
   * it holds; EDGE_CLEAR ends it. */
  ip_wr(s, HWPROF_IRQ_ENABLE_OFFSET, HWPROF_IRQ_EDGE);
  ip_wr(s, HWPROF_EDGE_MARK_OFFSET, 2);
  hwprof_sim_step(s, 2);
  CHECK(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & HWPROF_IRQ_EDGE, "no IRQ_EDGE at the mark\n");
  ip_wr(s, HWPROF_IRQ_STATUS_OFFSET, HWPROF_IRQ_EDGE);
  CHECK(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & HWPROF_IRQ_EDGE, "IRQ_EDGE acknowledged\n");
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_EDGE_CLEAR);
  CHECK_EQ(ip_wait_idle(s, 1u << 20), 0);
  ip_wr(s, HWPROF_IRQ_STATUS_OFFSET, HWPROF_IRQ_EDGE);
  CHECK_EQ(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & HWPROF_IRQ_EDGE, 0);
  CHECK_EQ(ip_rd(s, HWPROF_EDGE_USED_OFFSET), 0);
  /* A full table: one more distinct edge than it holds is lost, counted, IRQ_LOST. */
  uint32_t n = 1u << P.edge_bits;
  ip_wr(s, HWPROF_IRQ_ENABLE_OFFSET, HWPROF_IRQ_LOST);
  for (uint32_t i = 0; i <= n; i++) {
    events(s, A | HWPROF_EVENT_INDIRECT, 1);
    events(s, 0x500000 + 4 * i, 1);
  }
  CHECK_EQ(ip_wait_idle(s, 1u << 20), 0);
  CHECK_EQ(ip_rd(s, HWPROF_EDGE_USED_OFFSET), n);
  CHECK_STAT(s, HWPROF_STAT_EDGE_LOST_OFFSET, 1);
  CHECK(ip_rd(s, HWPROF_IRQ_STATUS_OFFSET) & HWPROF_IRQ_LOST, "no IRQ_LOST\n");
  CHECK_EQ(edge_count(s, A, 0x500000 + 4 * n), 0);
  CHECK_EQ(edge_count(s, A, 0x500000), 1);
  /* CTRL.CLEAR empties it too; STATS_CLEAR zeroes the edge statistics. */
  ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_CLEAR | HWPROF_CTRL_STATS_CLEAR);
  CHECK_EQ(ip_wait_idle(s, 1u << 20), 0);
  CHECK_EQ(ip_rd(s, HWPROF_EDGE_USED_OFFSET), 0);
  CHECK_STAT(s, HWPROF_STAT_EDGES_OFFSET, 0);
  CHECK_STAT(s, HWPROF_STAT_EDGE_LOST_OFFSET, 0);
  CHECK_EQ(edge_count(s, A, 0x500000), 0);
  hwprof_sim_free(s);
}

static void test_saturation(void) {
  if (P.count_width > 12)
    return; /* 2^count_width events would take too long; the model test covers it */
  hwprof_sim *s = fresh();
  uint32_t max = (1u << P.count_width) - 1u;
  enable(s);
  ip_wr(s, HWPROF_THRESHOLD_OFFSET, max);
  events(s, 0xA000, max + 40);
  CHECK_EQ(ip_wait_idle(s, 1u << 20), 0);
  CHECK_EQ(lookup(s, 0xA000), max);
  CHECK_STAT(s, HWPROF_STAT_HOT_OFFSET, 1);
  CHECK_STAT(s, HWPROF_STAT_EVENTS_OFFSET, max + 40);
  hwprof_sim_free(s);
}

static void test_cycles_and_idle_skip(void) {
  hwprof_sim *s = fresh();
  uint32_t lo0 = ip_rd(s, HWPROF_STAT_CYCLES_LO_OFFSET);
  uint32_t hi0 = ip_rd(s, HWPROF_STAT_CYCLES_HI_OFFSET);
  uint64_t c0 = ((uint64_t)hi0 << 32) | lo0;
  uint64_t sim0 = hwprof_sim_cycle(s);
  hwprof_sim_step(s, 5000000000ull); /* idle: skipped, not simulated */
  uint32_t lo1 = ip_rd(s, HWPROF_STAT_CYCLES_LO_OFFSET);
  uint32_t hi1 = ip_rd(s, HWPROF_STAT_CYCLES_HI_OFFSET);
  uint64_t c1 = ((uint64_t)hi1 << 32) | lo1;
  uint64_t sim1 = hwprof_sim_cycle(s);
  CHECK(sim1 - sim0 >= 5000000000ull, "step skipped too few cycles\n");
  if (!hwprof_model_stat_built(&P, HWPROF_STAT_CYCLES_LO_OFFSET)) {
    CHECK(c0 == 0 && c1 == 0, "CYCLES reads %llu, built without it\n", (unsigned long long)c1);
    hwprof_sim_free(s);
    return;
  }
  CHECK(hi1 >= 1, "cycle counter high word not advancing: %u\n", hi1);
  CHECK(c1 - c0 >= 5000000000ull && c1 - c0 < 5000000000ull + 100, "IP cycles %llu\n",
        (unsigned long long)(c1 - c0));
  hwprof_sim_free(s);
}

static void test_reset_mid_stream(void) {
  hwprof_sim *s = fresh();
  enable(s);
  ip_wr(s, HWPROF_THRESHOLD_OFFSET, 9);
  for (uint32_t i = 0; i < 300; i++)
    CHECK_EQ(hwprof_sim_post(s, HWPROF_EVENT_OFFSET, 0xC000 + 4 * (i % 5)), 0);
  hwprof_sim_step(s, 50);
  hwprof_sim_reset(s);
  CHECK_EQ(ip_wait_idle(s, 1u << 20), 0);
  CHECK_EQ(ip_rd(s, HWPROF_CTRL_OFFSET), 0);
  CHECK_EQ(ip_rd(s, HWPROF_THRESHOLD_OFFSET), 0);
  CHECK_STAT(s, HWPROF_STAT_EVENTS_IN_OFFSET, 0);
  CHECK_STAT(s, HWPROF_STAT_OCCUPIED_OFFSET, 0);
  CHECK_EQ(ip_rd(s, HWPROF_HOT_POP_OFFSET), 0);
  CHECK_EQ(lookup(s, 0xC000), 0);
  hwprof_sim_free(s);
}

/* A simulator asked for `model`, writing its waveform to a new temporary file whose
 * name goes into path (a "/tmp/hwprof-wave-XXXXXX" buffer); NULL when either fails. */
static hwprof_sim *with_waveform(char *path, hwprof_sim_model model) {
  int fd = mkstemp(path);
  CHECK(fd >= 0, "mkstemp failed\n");
  if (fd < 0)
    return NULL;
  close(fd);
  hwprof_sim_config cfg = {path, 7, model};
  return hwprof_sim_new(&cfg);
}

static void test_waveform(void) {
  char path[] = "/tmp/hwprof-wave-XXXXXX";
  hwprof_sim *s = with_waveform(path, HWPROF_SIM_CHECKED);
  REQUIRE(s != NULL, "no simulator with a waveform\n");
  enable(s);
  events(s, 0x400000, 10);
  hwprof_sim_free(s);
  FILE *f = fopen(path, "rb");
  REQUIRE(f != NULL, "waveform file missing\n");
  unsigned char hdr[1] = {0xFF};
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  rewind(f);
  CHECK(fread(hdr, 1, 1, f) == 1 && hdr[0] == 0, "not an FST file (first block %u)\n", hdr[0]);
  CHECK(size > 1000, "waveform only %ld bytes\n", size);
  fclose(f);
  remove(path);
  /* An unwritable path is refused, not ignored. */
  hwprof_sim_config bad = {"/nonexistent-dir/w.fst", 7, HWPROF_SIM_CHECKED};
  s = hwprof_sim_new(&bad);
  CHECK(s == NULL, "waveform to an unwritable path accepted\n");
  hwprof_sim_free(s);
}

/* The two models (hwprof_sim.h): the default configuration's library has the fast one
 * besides the checked one, the others give the checked one for either; a waveform is
 * always the checked model's.  The same stream, with collisions, probes and a table
 * clear, ends in the same cycle with the same statistics and counts on both. */
static void test_models(void) {
  hwprof_sim_config want[2] = {{NULL, 7, HWPROF_SIM_CHECKED}, {NULL, 7, HWPROF_SIM_FAST}};
  uint32_t stats[2][16], counts[2][64];
  uint64_t cycles[2];
  for (int m = 0; m < 2; m++) {
    hwprof_sim *s = hwprof_sim_new(&want[m]);
    REQUIRE(s != NULL, "no simulator\n");
    CHECK_EQ(hwprof_sim_model_of(s),
             m && !HWPROF_IP_PARAMS[0] ? HWPROF_SIM_FAST : HWPROF_SIM_CHECKED);
    enable(s);
    for (uint32_t i = 0; i < 2000; i++) /* keys 16 KiB apart share home slots: probes */
      hwprof_sim_post_wait(s, HWPROF_EVENT_OFFSET, 0x400000 + ((i * 7) % 64) * 0x4000);
    CHECK_EQ(ip_wait_idle(s, 1u << 20), 0); /* a lookup overtakes queued events */
    for (uint32_t k = 0; k < 64; k++)
      counts[m][k] = lookup(s, 0x400000 + k * 0x4000);
    ip_wr(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_CLEAR);
    events(s, 0x400040, 5);
    CHECK_EQ(ip_wait_idle(s, 1u << 20), 0);
    CHECK_EQ(lookup(s, 0x400040), 5);
    for (uint32_t k = 0; k < 16; k++)
      stats[m][k] = ip_rd(s, HWPROF_STAT_EVENTS_IN_OFFSET + 4 * k);
    cycles[m] = hwprof_sim_cycle(s);
    hwprof_sim_free(s);
  }
  CHECK(!memcmp(stats[0], stats[1], sizeof stats[0]), "statistics differ between the models\n");
  CHECK(!memcmp(counts[0], counts[1], sizeof counts[0]), "counts differ between the models\n");
  CHECK_EQ(cycles[0], cycles[1]);
  uint32_t sum = 0;
  for (uint32_t k = 0; k < 64; k++)
    sum += counts[0][k];
  CHECK(sum > 0 && sum <= 2000, "%u events counted of 2000\n", sum);
  char path[] = "/tmp/hwprof-wave-XXXXXX";
  hwprof_sim *w = with_waveform(path, HWPROF_SIM_FAST);
  REQUIRE(w != NULL, "no simulator with a waveform\n");
  CHECK_EQ(hwprof_sim_model_of(w), HWPROF_SIM_CHECKED);
  hwprof_sim_free(w);
  remove(path);
}

int main(void) {
  static char ctx[160];
  ip_built_params(&P);
  fifo_depth = 1u << P.fifo_log2;
  hot_depth = 1u << P.hot_log2;
  snprintf(ctx, sizeof ctx, "[IP params: %s]", HWPROF_IP_PARAMS[0] ? HWPROF_IP_PARAMS : "defaults");
  check_context = ctx;
  RUN(test_identity);
  RUN(test_free_out_of_order);
  RUN(test_reset_values);
  RUN(test_rw_registers);
  RUN(test_bad_accesses);
  RUN(test_events_counted);
  RUN(test_event_window);
  RUN(test_freeze_and_backpressure);
  RUN(test_drop_on_full);
  RUN(test_threshold_and_irq);
  RUN(test_probing_and_table_full);
  RUN(test_spill_registers);
  RUN(test_spill_ring);
  RUN(test_spill_backpressure);
  RUN(test_cct_ring);
  RUN(test_syscalls);
  RUN(test_edges);
  RUN(test_saturation);
  RUN(test_cycles_and_idle_skip);
  RUN(test_reset_mid_stream);
  RUN(test_waveform);
  RUN(test_models);
  return check_failed_tests ? 1 : 0;
}
