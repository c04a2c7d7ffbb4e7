/*
 * test_driver.c - libhwprof (driver/) against the Verilated IP, the device-tree
 * probe against compiled .dts files, and the UIO backend against a mapped file.
 *
 * Device trees come from HWPROF_DTB_DIR (set by the Makefile): the board's
 * ml300-virtual.dtb and one small tree per probe outcome (tests/dts/).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "hwprof.h"
#include "hwprof_cct.h"
#include "hwprof_fdt.h"
#include "hwprof_model.h"
#include "hwprof_sim_bus.h"
#include "hwprof_spill.h"
#include "hwprof_uio.h"
#include "ip_util.h"

CHECK_LABEL("");

#ifndef HWPROF_DTB_DIR
#define HWPROF_DTB_DIR "build/dtb"
#endif

static hwprof_sim *S;
static hwprof_dev D;

static void *load_dtb(const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s.dtb", HWPROF_DTB_DIR, name);
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "cannot open %s\n", path);
    return NULL;
  }
  static char buf[8][65536];
  static int next;
  char *b = buf[next++ % 8];
  size_t n = fread(b, 1, sizeof buf[0], f);
  fclose(f);
  return n ? b : NULL;
}

static void test_init_reads_config(void) {
  hwprof_model_params p;
  ip_built_params(&p);
  REQUIRE(hwprof_init(&D, &hwprof_sim_bus_ops, S) == 0, "init failed\n");
  CHECK_EQ(D.version, HWPROF_VERSION_VALUE);
  CHECK_EQ(D.cfg.fifo_depth, 1u << p.fifo_log2);
  CHECK_EQ(D.cfg.hot_depth, 1u << p.hot_log2);
  CHECK_EQ(D.cfg.index_bits, p.index_bits);
  CHECK_EQ(D.cfg.entries, 1u << p.index_bits);
  CHECK_EQ(D.cfg.hash, p.hash);
  CHECK_EQ(D.cfg.max_probe, p.max_probe);
  CHECK_EQ(D.cfg.count_width, p.count_width);
  CHECK_EQ(D.cfg.syscall_entries, 1u << p.syscall_bits);
  CHECK_EQ(D.cfg.slot_cache, p.slot_cache);
}

/* A backend that answers with fixed ID and VERSION words. */
static uint32_t fake_id, fake_version;
static int fake_read(void *ctx, uint32_t off, uint32_t *v) {
  (void)ctx;
  *v = off == HWPROF_ID_OFFSET ? fake_id : off == HWPROF_VERSION_OFFSET ? fake_version : 0;
  return 0;
}
static int fake_write(void *ctx, uint32_t off, uint32_t v) {
  (void)ctx, (void)off, (void)v;
  return -HWPROF_EIO;
}
static const hwprof_bus_ops fake_ops = {fake_read, fake_write};

static void test_init_refuses_other_devices(void) {
  hwprof_dev d;
  fake_id = 0x12345678;
  fake_version = HWPROF_VERSION_VALUE;
  CHECK_EQ(hwprof_init(&d, &fake_ops, NULL), -HWPROF_ENODEV);
  fake_id = HWPROF_ID_MAGIC;
  fake_version = 2u << 16;
  CHECK_EQ(hwprof_init(&d, &fake_ops, NULL), -HWPROF_ENOTSUP);
  CHECK_EQ(hwprof_init(&d, NULL, NULL), -HWPROF_EINVAL);
  CHECK(strstr(hwprof_strerror(-HWPROF_ENODEV), "ID") != NULL, "strerror\n");
  CHECK(strcmp(hwprof_strerror(-9999), "unknown hwprof error") == 0, "strerror unknown\n");
}

static void test_bus_errors_surface(void) {
  CHECK_EQ(hwprof_write(&D, HWPROF_ID_OFFSET, 1), -HWPROF_EIO);
  CHECK_EQ(hwprof_write(&D, 0x7F0, 1), -HWPROF_EIO);
  CHECK_EQ(hwprof_irq_enable(&D, HWPROF_IRQ_MASK + 1), -HWPROF_EINVAL);
}

static hwprof_model_entry model_tab[1u << 16];
#define MODEL_HOT_MAX 4096
static uint32_t model_hot[MODEL_HOT_MAX];
static size_t n_model_hot;
static void on_hot(void *ctx, uint32_t spc) {
  (void)ctx;
  if (n_model_hot < MODEL_HOT_MAX)
    model_hot[n_model_hot] = spc;
  n_model_hot++;
}

/* System-call records through the driver: recorded, read back in order against the
 * model, drained (read, clear), and refused by an IP older than 1.4. */
static void test_syscalls_through_driver(void) {
  static hwprof_model m;
  hwprof_model_params p;
  ip_built_params(&p);
  REQUIRE(hwprof_model_init(&m, &p, model_tab, sizeof model_tab / sizeof model_tab[0]) == 0,
          "model\n");
  hwprof_syscall got[HWPROF_SYSCALL_MAX_ENTRIES + 1];
  size_t n = 99;
  CHECK_EQ(hwprof_clear_syscalls(&D), 0);
  CHECK_EQ(hwprof_read_syscalls(&D, got, HWPROF_SYSCALL_MAX_ENTRIES, &n), 0);
  CHECK_EQ(n, 0);
  CHECK_EQ(hwprof_enable(&D, 1), 0);
  uint64_t rng = 7;
  for (unsigned i = 0; i < 300; i++) {
    uint32_t site = 0x400000u + 4u * (uint32_t)(ip_rand(&rng) % 5);
    uint32_t number = 4000u + (uint32_t)(ip_rand(&rng) % 4);
    CHECK_EQ(hwprof_record_syscall(&D, site, number), 0);
    hwprof_model_syscall(&m, site, number);
  }
  int total = hwprof_read_syscalls(&D, got, HWPROF_SYSCALL_MAX_ENTRIES, &n);
  CHECK_EQ(total, (int)m.sys_used);
  CHECK_EQ(n, m.sys_used);
  for (size_t i = 0; i < n && i < m.sys_used; i++)
    CHECK(got[i].site == m.sys[i].site && got[i].number == m.sys[i].number &&
              got[i].count == m.sys[i].count,
          "entry %zu = {%#x, %u, %u}, model {%#x, %u, %u}\n", i, got[i].site, got[i].number,
          got[i].count, m.sys[i].site, m.sys[i].number, m.sys[i].count);
  if (m.sys_used > 1) { /* a buffer too small: ENOSPC, the first ones copied */
    CHECK_EQ(hwprof_read_syscalls(&D, got, 1, &n), -HWPROF_ENOSPC);
    CHECK_EQ(n, 1);
  }
  hwprof_stats st;
  CHECK_EQ(hwprof_read_stats(&D, &st), 0);
  CHECK_EQ(st.syscalls, m.st.syscalls);
  CHECK_EQ(st.syscall_lost, m.st.syscall_lost);
  CHECK_EQ(hwprof_set_syscall_mark(&D, 1), 0);
  uint32_t pending = 0;
  CHECK_EQ(hwprof_read(&D, HWPROF_IRQ_STATUS_OFFSET, &pending), 0);
  CHECK(pending & HWPROF_IRQ_SYSCALL, "IRQ_STATUS %#x without SYSCALL at the mark\n", pending);
  CHECK_EQ(hwprof_clear_syscalls(&D), 0);
  CHECK_EQ(hwprof_read_syscalls(&D, got, HWPROF_SYSCALL_MAX_ENTRIES, &n), 0);
  CHECK_EQ(hwprof_set_syscall_mark(&D, 0), 0);
  CHECK_EQ(hwprof_irq_ack(&D, &pending), 0);
  CHECK_EQ(hwprof_enable(&D, 0), 0);
  /* An IP before 1.4 has no system-call table. */
  hwprof_dev old = D;
  old.version = (1u << 16) | 3u;
  CHECK_EQ(hwprof_record_syscall(&old, 1, 2), -HWPROF_ENOTSUP);
  CHECK_EQ(hwprof_read_syscalls(&old, got, 1, &n), -HWPROF_ENOTSUP);
  CHECK_EQ(hwprof_clear_syscalls(&old), -HWPROF_ENOTSUP);
  CHECK_EQ(hwprof_set_syscall_mark(&old, 1), -HWPROF_ENOTSUP);
}

static uint32_t model_edge_hot[64][2];
static size_t n_model_edge_hot;
static void on_edge_hot(void *ctx, uint32_t src, uint32_t dst) {
  (void)ctx;
  if (n_model_edge_hot < 64)
    model_edge_hot[n_model_edge_hot][0] = src, model_edge_hot[n_model_edge_hot][1] = dst;
  n_model_edge_hot++;
}

/* Indirect edges through the driver: a stream with indirect jumps to a few targets,
 * the hot edges popped in the model's order, a drain (read, clear) that finds the
 * model's table, and refusal by an IP older than 1.5. */
static void test_edges_through_driver(void) {
  static hwprof_model m;
  hwprof_model_params p;
  ip_built_params(&p);
  REQUIRE(hwprof_model_init(&m, &p, model_tab, sizeof model_tab / sizeof model_tab[0]) == 0,
          "model\n");
  m.on_edge_hot = on_edge_hot;
  n_model_edge_hot = 0;
  CHECK_EQ(D.cfg.edge_entries, 1u << p.edge_bits);
  hwprof_edge got[HWPROF_EDGE_MAX_ENTRIES];
  size_t n = 99;
  CHECK_EQ(hwprof_drain_edges(&D, got, HWPROF_EDGE_MAX_ENTRIES, &n), 0); /* empties it */
  CHECK_EQ(n, 0);
  CHECK_EQ(hwprof_set_edge_ctrl(&D, 40, 0), 0);
  CHECK_EQ(hwprof_set_edge_ctrl(&D, HWPROF_EDGE_CTRL_THRESHOLD + 1, 0), -HWPROF_EINVAL);
  hwprof_model_set_edge_ctrl(&m, 40);
  CHECK_EQ(hwprof_clear_stats(&D), 0);
  CHECK_EQ(hwprof_enable(&D, 1), 0);
  uint64_t rng = 11;
  for (unsigned i = 0; i < 2000; i++) {
    uint32_t w = 0x400000u + 4u * (uint32_t)(ip_rand(&rng) % 64);
    if (ip_rand(&rng) % 3 == 0)
      w |= HWPROF_EVENT_INDIRECT;
    CHECK_EQ(hwprof_write(&D, HWPROF_EVENT_OFFSET, w), 0);
    hwprof_model_event(&m, w);
  }
  CHECK_EQ(hwprof_wait_idle(&D), 0);
  size_t popped = 0;
  uint32_t src, dst;
  while (hwprof_pop_hot_edge(&D, &src, &dst) == 1) {
    CHECK(popped < n_model_edge_hot && popped < 64 && src == model_edge_hot[popped][0] &&
              dst == model_edge_hot[popped][1],
          "hot edge %zu = %#x -> %#x\n", popped, src, dst);
    popped++;
  }
  hwprof_stats st;
  CHECK_EQ(hwprof_read_stats(&D, &st), 0);
  CHECK_EQ(popped + st.edge_hot_lost, n_model_edge_hot);
  CHECK_EQ(st.edges, m.st.edges);
  CHECK_EQ(st.edge_lost, m.st.edge_lost);
  if (m.edge_used > 1) { /* a buffer too small: ENOSPC, the table kept */
    CHECK_EQ(hwprof_drain_edges(&D, got, 1, &n), -HWPROF_ENOSPC);
    CHECK_EQ(n, 1);
  }
  int total = hwprof_drain_edges(&D, got, HWPROF_EDGE_MAX_ENTRIES, &n);
  CHECK_EQ(total, (int)m.edge_used);
  for (size_t i = 0; i < n; i++)
    CHECK_EQ(got[i].count, hwprof_model_edge_count(&m, got[i].src, got[i].dst));
  CHECK_EQ(hwprof_read_edges(&D, got, HWPROF_EDGE_MAX_ENTRIES, &n), 0); /* drained */
  CHECK_EQ(hwprof_set_edge_ctrl(&D, HWPROF_EDGE_CTRL_RESET, 0), 0);
  CHECK_EQ(hwprof_enable(&D, 0), 0);
  hwprof_dev old = D;
  old.version = (1u << 16) | 4u;
  CHECK_EQ(hwprof_set_edge_ctrl(&old, 1, 0), -HWPROF_ENOTSUP);
  CHECK_EQ(hwprof_set_edge_mark(&old, 1), -HWPROF_ENOTSUP);
  CHECK_EQ(hwprof_read_edges(&old, got, 1, &n), -HWPROF_ENOTSUP);
  CHECK_EQ(hwprof_drain_edges(&old, got, 1, &n), -HWPROF_ENOTSUP);
  CHECK_EQ(hwprof_pop_hot_edge(&old, &src, &dst), -HWPROF_ENOTSUP);
  CHECK_EQ(hwprof_clear_edges(&old), -HWPROF_ENOTSUP);
}

/* The driver's calls, end to end, against the model. */
static void test_profile_through_driver(void) {
  hwprof_model m;
  hwprof_model_params p;
  ip_built_params(&p);
  REQUIRE(hwprof_model_init(&m, &p, model_tab, sizeof model_tab / sizeof model_tab[0]) == 0,
          "model\n");
  m.on_hot = on_hot;
  CHECK_EQ(hwprof_clear(&D), 0);
  CHECK_EQ(hwprof_clear_stats(&D), 0);
  /* About 17 events per SPC: a threshold of 12 makes most of them hot. */
  CHECK_EQ(hwprof_set_threshold(&D, 12), 0);
  hwprof_model_set_threshold(&m, 12);
  CHECK_EQ(hwprof_irq_enable(&D, HWPROF_IRQ_HOT), 0);
  CHECK_EQ(hwprof_enable(&D, 1), 0);
  uint64_t rng = 99;
  for (int i = 0; i < 5000; i++) {
    uint32_t spc = 0x00400000u + 4u * (uint32_t)(ip_rand(&rng) % 300);
    CHECK_EQ(hwprof_write(&D, HWPROF_EVENT_OFFSET, spc), 0);
    hwprof_model_event(&m, spc);
  }
  CHECK_EQ(hwprof_wait_idle(&D), 0);
  hwprof_sim_step(S, 2);
  CHECK_EQ(hwprof_sim_irq(S), 1);

  static hwprof_entry e[1u << 16];
  size_t n = 0;
  CHECK_EQ(hwprof_read_entries(&D, e, sizeof e / sizeof e[0], &n), m.occupied);
  CHECK_EQ(n, m.occupied);
  for (size_t i = 0, j = 0; i < m.entries; i++) {
    if (!m.table[i].count)
      continue;
    CHECK(j < n && e[j].spc == m.table[i].key && e[j].count == m.table[i].count,
          "entry %zu differs\n", j);
    j++;
  }
  /* Too small a buffer: ENOSPC, and what fitted is copied. */
  CHECK_EQ(hwprof_read_entries(&D, e, 3, &n), -HWPROF_ENOSPC);
  CHECK_EQ(n, 3);

  for (uint32_t k = 0; k < 20; k++) {
    uint32_t spc = 0x00400000u + 4u * k * 13u, c = 0xDEAD;
    CHECK_EQ(hwprof_lookup(&D, spc, &c), 0);
    CHECK_EQ(c, hwprof_model_lookup(&m, spc));
  }

  uint32_t hot[256];
  size_t nh = 0;
  CHECK(hwprof_drain_hot(&D, hot, 256, &nh) >= 0, "drain\n");
  hwprof_stats st;
  CHECK_EQ(hwprof_read_stats(&D, &st), 0);
  CHECK(n_model_hot > 100, "only %zu crossings\n", n_model_hot);
  REQUIRE(n_model_hot <= MODEL_HOT_MAX, "%zu crossings overflow the record\n", n_model_hot);
  CHECK_EQ(nh + st.hot_lost, n_model_hot);
  CHECK_EQ(hwprof_model_hot_missing(model_hot, n_model_hot, hot, nh), st.hot_lost);
  CHECK_EQ(st.events, m.st.events);
  CHECK_EQ(st.events_in, 5000);
  CHECK_EQ(st.occupied, m.occupied);
  CHECK_EQ(st.probes, m.st.probes);
  CHECK(st.cycles > 5000, "cycles %llu\n", (unsigned long long)st.cycles);

  uint32_t pending = 0;
  CHECK_EQ(hwprof_irq_ack(&D, &pending), 0);
  CHECK(pending & HWPROF_IRQ_HOT, "HOT not pending: %#x\n", pending);
  hwprof_sim_step(S, 2);
  CHECK_EQ(hwprof_sim_irq(S), 0);

  /* FREEZE and ENABLE through the driver keep the other CTRL bits. */
  CHECK_EQ(hwprof_freeze(&D, 1), 0);
  uint32_t ctrl = 0;
  CHECK_EQ(hwprof_read(&D, HWPROF_CTRL_OFFSET, &ctrl), 0);
  CHECK_EQ(ctrl, HWPROF_CTRL_ENABLE | HWPROF_CTRL_FREEZE);
  CHECK_EQ(hwprof_freeze(&D, 0), 0);
  CHECK_EQ(hwprof_enable(&D, 0), 0);
  CHECK_EQ(hwprof_read(&D, HWPROF_CTRL_OFFSET, &ctrl), 0);
  CHECK_EQ(ctrl, 0);
}

/* ------------------------------------------------------------ spill ring */

static uint32_t ring_mem[1024];
#define RING_ADDR 0x30000000u

static int ring_store(void *ctx, uint32_t addr, uint32_t data) {
  (void)ctx;
  if (addr < RING_ADDR || addr - RING_ADDR >= sizeof ring_mem)
    return 1;
  ring_mem[(addr - RING_ADDR) / 4] = data;
  return 0;
}

static uint32_t ring_load(void *ctx, uint32_t index) {
  (void)ctx;
  return ring_mem[index];
}

/* Keys: half again as many as the table has entries (spill_keys, set by the test), 20
 * events each on average. */
#define SPILL_KEYS_MAX (3u << 15)
static uint32_t spill_keys;
static uint32_t truth[SPILL_KEYS_MAX];    /* events per key */
static uint32_t reported[SPILL_KEYS_MAX]; /* hot reports per key (IP and table) */

static uint32_t key_of(uint32_t i) {
  return 0x00400000u + 4u * i * 7u;
}

static void on_spill_hot(void *ctx, uint32_t spc) {
  (void)ctx;
  uint32_t i = (spc - 0x00400000u) / 28u;
  if (i < spill_keys && key_of(i) == spc)
    reported[i]++;
}

/* What the handler does: the hot FIFO, the ring, the acknowledge. */
static void spill_handler(hwprof_ring *ring, hwprof_spill_table *t) {
  uint32_t hot[64], pending;
  size_t n;
  do {
    CHECK(hwprof_drain_hot(&D, hot, 64, &n) >= 0, "hot drain\n");
    for (size_t i = 0; i < n; i++)
      on_spill_hot(NULL, hot[i]);
  } while (n == 64);
  /* The ring in drains of at most 5 words, as the board's handler drains it when its
   * list of crossings has room for only so many: whole records each time (the counts
   * checked below are exact), until it finds none left of what it saw at first. */
  int more, got;
  uint32_t held;
  do {
    CHECK_EQ(hwprof_spill_held(&D, ring, &held), 0);
    got = hwprof_spill_drain_max(&D, ring, t, on_spill_hot, NULL, 5, &more);
    CHECK(got >= 0 && got <= 5 && (more ? got >= 4 : (uint32_t)got >= held),
          "a drain of at most 5 words of %u took %d, more %d\n", held, got, more);
  } while (more);
  CHECK_EQ(hwprof_irq_ack(&D, &pending), 0);
}

/* More distinct blocks than the table holds: every count exact, nothing lost.  With
 * the linear table each key is counted on chip or in the ring and each hot key is
 * reported once; with sets a key may be counted in both (its evicted entries), and is
 * reported when its count on chip or in the ring reaches the threshold, never before
 * its total does. */
static void test_spill_through_driver(void) {
  static hwprof_entry small_slots[16], slots[1u << 16], chip[1u << 16];
  spill_keys = D.cfg.entries + D.cfg.entries / 2;
  REQUIRE(spill_keys <= SPILL_KEYS_MAX, "a table of %u entries\n", D.cfg.entries);
  const int events = 20 * (int)spill_keys;
  hwprof_ring ring = {RING_ADDR, 3, ring_load, NULL, 0};
  hwprof_spill_table t, small;
  const uint32_t thr = 20;
  hwprof_sim_on_mem_write(S, ring_store, NULL);
  CHECK_EQ(hwprof_spill_start(&D, &ring, 1), -HWPROF_EINVAL); /* 3 words */
  ring.words = 1024;
  CHECK_EQ(hwprof_spill_start(&D, &ring, 2000), -HWPROF_EINVAL); /* mark past the end */
  CHECK_EQ(hwprof_spill_table_init(&small, small_slots, 16, thr, D.cfg.count_width), 0);
  CHECK_EQ(hwprof_clear(&D), 0);
  CHECK_EQ(hwprof_clear_stats(&D), 0);
  uint32_t old[64];
  size_t nold;
  do /* the last test's hot SPCs: a table clear keeps the hot FIFO */
    CHECK(hwprof_drain_hot(&D, old, 64, &nold) >= 0, "hot drain\n");
  while (nold == 64);
  CHECK_EQ(hwprof_set_threshold(&D, thr), 0);
  CHECK_EQ(hwprof_spill_start(&D, &ring, 512), 0);
  CHECK_EQ(hwprof_irq_enable(&D, HWPROF_IRQ_HOT | HWPROF_IRQ_SPILL | HWPROF_IRQ_LOST), 0);
  CHECK_EQ(hwprof_enable(&D, 1), 0);
  memset(truth, 0, sizeof truth);
  memset(reported, 0, sizeof reported);
  uint64_t rng = 4242;
  hwprof_spill_table *cur = &small;
  int moved = 0;
  for (int e = 0; e < events; e++) {
    uint32_t i = (uint32_t)(ip_rand(&rng) % spill_keys);
    CHECK_EQ(hwprof_write(&D, HWPROF_EVENT_OFFSET, key_of(i)), 0);
    truth[i]++;
    if (hwprof_sim_irq(S)) { /* the handler runs as soon as the line rises */
      if (!moved) {          /* the first drain finds the small table full: grow it */
        CHECK_EQ(hwprof_spill_drain(&D, &ring, cur, on_spill_hot, NULL), -HWPROF_ENOSPC);
        CHECK_EQ(hwprof_spill_table_init(&t, slots, 1u << 16, 0, 1), 0);
        CHECK_EQ(hwprof_spill_table_move(&t, &small), 0);
        CHECK_EQ(t.used, small.used);
        cur = &t;
        moved = 1;
      }
      spill_handler(&ring, cur);
    }
  }
  CHECK(moved, "the ring never raised IRQ_SPILL\n");
  CHECK_EQ(hwprof_spill_settle(&D, &ring, cur, on_spill_hot, NULL), 0);
  spill_handler(&ring, cur);
  hwprof_stats st;
  CHECK_EQ(hwprof_read_stats(&D, &st), 0);
  CHECK_EQ(st.lost_table + st.lost_fifo + st.spill_errors + st.hot_lost, 0);
  if (D.cfg.ways) {
    CHECK(st.evicted > spill_keys, "only %u entries evicted\n", st.evicted);
    CHECK_EQ(st.spilled, 0);
    CHECK_EQ(st.events, (uint32_t)events);
  } else {
    CHECK(st.spilled > (uint32_t)events / 10, "only %u events spilled\n", st.spilled);
    CHECK_EQ(st.events + st.spilled, (uint32_t)events);
    CHECK_EQ(cur->counted, st.spilled);
  }
  size_t n = 0;
  CHECK(hwprof_read_entries(&D, chip, sizeof chip / sizeof chip[0], &n) >= 0, "readout\n");
  static uint32_t on_chip[SPILL_KEYS_MAX];
  memset(on_chip, 0, sizeof on_chip);
  for (size_t j = 0; j < n; j++) {
    uint32_t i = (chip[j].spc - 0x00400000u) / 28u;
    REQUIRE(i < spill_keys && key_of(i) == chip[j].spc, "unknown key %#x\n", chip[j].spc);
    on_chip[i] = chip[j].count;
  }
  unsigned both = 0, wrong = 0, hot_wrong = 0, late = 0;
  uint64_t on_chip_sum = 0;
  for (uint32_t i = 0; i < spill_keys; i++) {
    uint32_t off = hwprof_spill_table_lookup(cur, key_of(i));
    both += on_chip[i] && off;
    wrong += on_chip[i] + off != truth[i];
    on_chip_sum += on_chip[i];
    if (!D.cfg.ways)
      hot_wrong += reported[i] != (truth[i] >= thr);
    else {
      hot_wrong +=
          (reported[i] && truth[i] < thr) || (!reported[i] && (on_chip[i] >= thr || off >= thr));
      late += !reported[i] && truth[i] >= thr;
    }
  }
  if (D.cfg.ways) {
    CHECK(both > 0, "no key counted both on chip and in the ring\n");
    CHECK_EQ(on_chip_sum + cur->counted, (uint64_t)events);
    printf("  sets: %u keys counted on chip and in the ring; %u of them not reported, their "
           "counts split below the threshold on both sides\n",
           both, late);
  } else {
    CHECK_EQ(both, 0);
  }
  CHECK_EQ(wrong, 0);
  CHECK_EQ(hot_wrong, 0);
  CHECK(cur->used > spill_keys / 5, "only %u keys off chip\n", cur->used);
  CHECK_EQ(hwprof_spill_stop(&D), 0);
  hwprof_sim_on_mem_write(S, NULL, NULL);
}

/* ------------------------------------------------------------ packet ring */

/* A call chain walked many times through the EVENT_W weights: every packet the
 * handler drains is the one the walk implies, in order, with the totals; the final
 * totals are the walk's; no word lost. */
static uint32_t pkts_seen, pkt_bad;

static void on_packet(void *ctx, const uint32_t pkt[HWPROF_CCT_PACKET_WORDS]) {
  (void)ctx;
  /* The walk: main (3 blocks) -> f (2 blocks, returns) -> main ... each round a call
   * at 0x400108 to 0x400800 and a return at 0x400804 to the next round's 0x400100. */
  int call = pkts_seen % 2 == 0;
  uint32_t round = pkts_seen / 2, blocks = 5 * round + (call ? 3 : 5);
  uint32_t insns = (4 + 5 + 6 + 7 + 8) * round + (call ? 4 + 5 + 6 : 4 + 5 + 6 + 7 + 8);
  if (pkt[0] != (call ? 0x400108u | HWPROF_EVENT_CALL : 0x400804u | HWPROF_EVENT_RETURN) ||
      pkt[1] != (call ? 0x400800u : 0x400100u) || pkt[2] != blocks || pkt[3] != insns)
    pkt_bad++;
  pkts_seen++;
}

static void test_cct_through_driver(void) {
  static const uint32_t walk[5][2] = {{0x400100, 4},
                                      {0x400104, 5},
                                      {0x400108 | HWPROF_EVENT_CALL, 6},
                                      {0x400800, 7},
                                      {0x400804 | HWPROF_EVENT_RETURN, 8}};
  hwprof_ring ring = {RING_ADDR, 6, ring_load, NULL, 0};
  hwprof_sim_on_mem_write(S, ring_store, NULL);
  CHECK_EQ(hwprof_cct_start(&D, &ring, 1), -HWPROF_EINVAL); /* not a power of two */
  ring.words = 2;
  CHECK_EQ(hwprof_cct_start(&D, &ring, 1), -HWPROF_EINVAL); /* smaller than a packet */
  ring.words = 256;
  CHECK_EQ(hwprof_cct_start(&D, &ring, 300), -HWPROF_EINVAL); /* mark past the end */
  CHECK_EQ(D.cfg.cct, 1);
  hwprof_dev none = D; /* an instance built without the packet unit, or before 1.6 */
  none.cfg.cct = 0;
  CHECK_EQ(hwprof_cct_start(&none, &ring, 64), -HWPROF_ENOTSUP);
  none = D;
  none.version = (1u << 16) | 5u;
  CHECK_EQ(hwprof_cct_start(&none, &ring, 64), -HWPROF_ENOTSUP);
  CHECK_EQ(hwprof_clear(&D), 0); /* the last test's full table */
  CHECK_EQ(hwprof_cct_start(&D, &ring, 64), 0);
  CHECK_EQ(hwprof_irq_enable(&D, HWPROF_IRQ_CCT | HWPROF_IRQ_LOST), 0);
  CHECK_EQ(hwprof_enable(&D, 1), 0);
  pkts_seen = pkt_bad = 0;
  const unsigned rounds = 1000;
  unsigned drains = 0;
  for (unsigned r = 0; r < rounds; r++)
    for (unsigned k = 0; k < 5; k++) {
      CHECK_EQ(hwprof_write(&D, HWPROF_EVENT_W_OFFSET + 4 * walk[k][1], walk[k][0]), 0);
      if (hwprof_sim_irq(S)) {
        uint32_t pending;
        CHECK_EQ(hwprof_cct_drain(&D, &ring, on_packet, NULL), 0);
        CHECK_EQ(hwprof_irq_ack(&D, &pending), 0);
        drains++;
      }
    }
  /* The end: drain until the IP is idle (the queue may still hold a full ring's
   * worth of packets). */
  uint32_t st = 0;
  for (unsigned polls = 0; polls < 100000 && !(st & HWPROF_STATUS_IDLE); polls++) {
    CHECK_EQ(hwprof_cct_drain(&D, &ring, on_packet, NULL), 0);
    CHECK_EQ(hwprof_read(&D, HWPROF_STATUS_OFFSET, &st), 0);
  }
  CHECK(st & HWPROF_STATUS_IDLE, "never idle: STATUS %#x\n", st);
  CHECK_EQ(hwprof_cct_drain(&D, &ring, on_packet, NULL), 0);
  uint32_t blocks, insns, errors;
  CHECK_EQ(hwprof_cct_totals(&D, &blocks, &insns, &errors), 0);
  CHECK_EQ(blocks, 5 * rounds);
  CHECK_EQ(insns, 30 * rounds);
  CHECK_EQ(errors, 0);
  CHECK_EQ(pkts_seen, 2 * rounds - 1); /* the last return: no event after it */
  CHECK_EQ(pkt_bad, 0);
  CHECK(drains > 10, "only %u drains at the mark\n", drains);
  CHECK_EQ(hwprof_cct_stop(&D), 0);
  CHECK_EQ(hwprof_enable(&D, 0), 0);
  hwprof_sim_on_mem_write(S, NULL, NULL);
}

static void test_fdt_board(void) {
  void *dtb = load_dtb("ml300-virtual");
  REQUIRE(dtb != NULL, "no board DTB\n");
  hwprof_fdt_info info;
  const char *why = NULL;
  REQUIRE(hwprof_fdt_probe(dtb, 0, &info, &why) == 0, "probe: %s\n", why);
  CHECK_EQ(info.base, 0x80000000u);
  CHECK_EQ(info.size, HWPROF_SPAN);
  CHECK(info.has_irq && info.irq == 0, "interrupts\n");
  CHECK_EQ(info.clock_hz, 100000000u);
  CHECK_EQ(info.present, (1u << HWPROF_FDT_NPARAMS) - 1u);
  CHECK(strcmp(info.name, "profiler@80000000") == 0, "name %s\n", info.name);
  /* The board describes the default IP: the check against CONFIG passes. */
  CHECK_EQ(hwprof_fdt_check(&info, &D, &why), 0);
  CHECK_EQ(hwprof_fdt_probe(dtb, 1, &info, &why), -HWPROF_ENOENT);
}

static void test_fdt_cases(void) {
  hwprof_fdt_info info;
  const char *why = NULL;
  void *dtb = load_dtb("two-cells");
  REQUIRE(dtb != NULL, "two-cells.dtb\n");
  REQUIRE(hwprof_fdt_probe(dtb, 0, &info, &why) == 0, "two-cells: %s\n", why);
  CHECK_EQ(info.base, 0x100000000ull); /* the disabled node was skipped */
  CHECK_EQ(info.size, 0x200000u);
  CHECK_EQ(info.irq, 7);
  CHECK_EQ(info.present, 0);
  CHECK_EQ(hwprof_fdt_check(&info, &D, &why), 0); /* nothing to compare */

  struct {
    const char *dtb;
    int err;
    const char *why_has;
  } bad[] = {
      {"none", -HWPROF_ENOENT, "no enabled node"},
      {"small-reg", -HWPROF_EBADDT, "smaller than"},
      {"no-reg", -HWPROF_EBADDT, "reg"},
      {"bad-param", -HWPROF_EBADDT, "hwprof,fifo-depth"},
  };
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    dtb = load_dtb(bad[i].dtb);
    REQUIRE(dtb != NULL, "%s.dtb\n", bad[i].dtb);
    why = NULL;
    int err = hwprof_fdt_probe(dtb, 0, &info, &why);
    CHECK(err == bad[i].err, "%s: %d (%s), want %d\n", bad[i].dtb, err, why ? why : "", bad[i].err);
    CHECK(why && strstr(why, bad[i].why_has), "%s: reason '%s'\n", bad[i].dtb, why ? why : "");
  }

  dtb = load_dtb("mismatch");
  REQUIRE(dtb != NULL, "mismatch.dtb\n");
  REQUIRE(hwprof_fdt_probe(dtb, 0, &info, &why) == 0, "mismatch probe: %s\n", why);
  CHECK_EQ(hwprof_fdt_check(&info, &D, &why), -HWPROF_EMISMATCH);
  CHECK(why && !strcmp(why, "hwprof,index-bits"), "mismatch names %s\n", why ? why : "-");

  static const char junk[64] = "not a device tree";
  CHECK_EQ(hwprof_fdt_probe(junk, 0, &info, &why), -HWPROF_EBADDT);
}

/* The UIO backend over a regular file: the same mmap and register paths. */
static void test_uio_backend(void) {
  char path[] = "/tmp/hwprof-uio-XXXXXX";
  int fd = mkstemp(path);
  REQUIRE(fd >= 0, "mkstemp\n");
  REQUIRE(ftruncate(fd, 4096) == 0, "ftruncate\n");
  close(fd);
  hwprof_uio u;
  REQUIRE(hwprof_uio_open(&u, path, 4096) == 0, "open\n");
  CHECK_EQ(hwprof_uio_ops.write32(&u, HWPROF_THRESHOLD_OFFSET, 0xCAFE), 0);
  uint32_t v = 0;
  CHECK_EQ(hwprof_uio_ops.read32(&u, HWPROF_THRESHOLD_OFFSET, &v), 0);
  CHECK_EQ(v, 0xCAFE);
  CHECK_EQ(hwprof_uio_ops.read32(&u, 4096, &v), -HWPROF_EINVAL); /* past the map */
  CHECK_EQ(hwprof_uio_ops.read32(&u, 2, &v), -HWPROF_EINVAL);    /* unaligned */
  /* Not an IP: init says so. */
  hwprof_dev d;
  CHECK_EQ(hwprof_init(&d, &hwprof_uio_ops, &u), -HWPROF_ENODEV);
  hwprof_uio_close(&u);
  FILE *f = fopen(path, "rb");
  unsigned char b[4] = {0};
  REQUIRE(f != NULL, "reopen\n");
  fseek(f, HWPROF_THRESHOLD_OFFSET, SEEK_SET);
  CHECK(fread(b, 1, 4, f) == 4, "read back\n");
  fclose(f);
  uint32_t native;
  memcpy(&native, b, 4);
  CHECK_EQ(native, 0xCAFE); /* the write went through the shared mapping */
  remove(path);
  CHECK_EQ(hwprof_uio_open(&u, "/nonexistent/uio99", 4096), -ENOENT);
}

int main(void) {
  S = hwprof_sim_new(NULL);
  if (!S) {
    fprintf(stderr, "cannot create the simulator\n");
    return 2;
  }
  RUN(test_init_reads_config);
  RUN(test_init_refuses_other_devices);
  RUN(test_bus_errors_surface);
  RUN(test_syscalls_through_driver);
  RUN(test_edges_through_driver);
  RUN(test_profile_through_driver);
  RUN(test_spill_through_driver);
  RUN(test_cct_through_driver);
  RUN(test_fdt_board);
  RUN(test_fdt_cases);
  RUN(test_uio_backend);
  hwprof_sim_free(S);
  return check_failed_tests ? 1 : 0;
}
