/*
 * test_model.c - unit tests of the C reference model (driver/hwprof_model.c):
 * hash values worked by hand, probe order and wrap, saturation, the
 * once-per-entry threshold, loss accounting, clears.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hwprof_model.h"

CHECK_LABEL("");

static hwprof_model_entry table[1u << 16];

static uint32_t hot_seen[64];
static unsigned n_hot;
static void on_hot(void *ctx, uint32_t spc) {
  (void)ctx;
  if (n_hot < 64)
    hot_seen[n_hot] = spc;
  n_hot++;
}

static void init(hwprof_model *m, unsigned index_bits, unsigned hash, unsigned max_probe,
                 unsigned count_width) {
  hwprof_model_params p = HWPROF_MODEL_DEFAULTS;
  p.ways = 0; /* the linear-probe table: these tests are about its probes */
  p.index_bits = index_bits;
  p.hash = hash;
  p.max_probe = max_probe;
  p.count_width = count_width;
  CHECK_EQ(hwprof_model_init(m, &p, table, sizeof table / sizeof table[0]), 0);
  m->on_hot = on_hot;
  n_hot = 0;
}

/* The system-call table: first-call order, counts saturating at count_width, a
 * new pair lost on a full table, clears. */
static void test_syscalls(void) {
  hwprof_model m;
  hwprof_model_params p = HWPROF_MODEL_DEFAULTS;
  p.index_bits = 4;
  p.count_width = 4;
  p.syscall_bits = 1;
  REQUIRE(hwprof_model_init(&m, &p, table, 16) == 0, "init\n");
  hwprof_model_syscall(&m, 0x400100, 4004);
  hwprof_model_syscall(&m, 0x400200, 4004);
  hwprof_model_syscall(&m, 0x400100, 4003); /* a third pair: the table holds 2 */
  for (int i = 0; i < 20; i++)
    hwprof_model_syscall(&m, 0x400100, 4004);
  CHECK_EQ(m.sys_used, 2);
  CHECK(m.sys[0].site == 0x400100 && m.sys[0].number == 4004 && m.sys[0].count == 15,
        "entry 0 = {%#x, %u, %u}\n", m.sys[0].site, m.sys[0].number, m.sys[0].count);
  CHECK(m.sys[1].site == 0x400200 && m.sys[1].count == 1, "entry 1\n");
  CHECK_EQ(m.st.syscalls, 22);
  CHECK_EQ(m.st.syscall_lost, 1);
  hwprof_model_clear(&m, 0, 1);
  CHECK_EQ(m.sys_used, 2); /* STATS_CLEAR keeps the table */
  CHECK_EQ(m.st.syscalls, 0);
  hwprof_model_syscall_clear(&m);
  CHECK_EQ(m.sys_used, 0);
  hwprof_model_syscall(&m, 0x400100, 4003);
  CHECK_EQ(m.sys_used, 1);
  hwprof_model_clear(&m, 1, 0); /* CLEAR empties it too */
  CHECK_EQ(m.sys_used, 0);
}

static uint32_t edge_hot[8][2];
static unsigned n_edge_hot;
static void on_edge_hot(void *ctx, uint32_t src, uint32_t dst) {
  (void)ctx;
  if (n_edge_hot < 8)
    edge_hot[n_edge_hot][0] = src, edge_hot[n_edge_hot][1] = dst;
  n_edge_hot++;
}

/* The edge table: the hash worked by hand, which pairs are edges, probing, loss on a
 * full table, the threshold once per entry, ALL mode, clears that keep the last event. */
static void test_edges(void) {
  hwprof_model m;
  hwprof_model_params p = HWPROF_MODEL_DEFAULTS;
  p.index_bits = 4;
  p.edge_bits = 2;
  REQUIRE(hwprof_model_init(&m, &p, table, 16) == 0, "init\n");
  m.on_edge_hot = on_edge_hot;
  n_edge_hot = 0;
  /* src >> 2 = 0x100040, dst >> 2 = 0x100080; dst rotated right by 16 of 30 bits:
   * 0x0080 << 14 | 0x10 = 0x200010; xor = 0x300050.  Folded to 4 bits: the nibbles
   * 0 ^ 5 ^ 3 = 6; to 2 bits: the pairs 00 00 01 01 (0x50) and 11 (bits 21:20) give 3. */
  CHECK_EQ(hwprof_edge_hash(0x400100, 0x400200, 4), 0x6);
  CHECK_EQ(hwprof_edge_hash(0x400100, 0x400200, 2), 0x3);
  CHECK(hwprof_edge_hash(0xFFFFFFFF, 0xFFFFFFFF, 10) < 1024, "hash out of range\n");
  CHECK_EQ(m.edge_ctrl, HWPROF_EDGE_CTRL_RESET);
  hwprof_model_set_edge_ctrl(&m, 2);
  hwprof_model_event(&m, 0x400100 | HWPROF_EVENT_INDIRECT);
  hwprof_model_event(&m, 0x400200 | HWPROF_EVENT_RETURN);   /* edge 0x400100 -> 0x400200 */
  hwprof_model_event(&m, 0x400300 | HWPROF_EVENT_CALL);     /* a return ends no edge */
  hwprof_model_event(&m, 0x400100 | HWPROF_EVENT_INDIRECT); /* nor a call */
  hwprof_model_event(&m, 0x400200);                         /* the second: hot */
  hwprof_model_event(&m, 0x400100 | HWPROF_EVENT_INDIRECT);
  hwprof_model_event(&m, 0x400200); /* the third: not hot again */
  CHECK_EQ(hwprof_model_edge_count(&m, 0x400100, 0x400200), 3);
  CHECK_EQ(hwprof_model_edge_count(&m, 0x400200, 0x400300), 0);
  CHECK_EQ(m.edge[hwprof_edge_hash(0x400100, 0x400200, 2)].count, 3);
  CHECK_EQ(m.st.edges, 3);
  CHECK_EQ(n_edge_hot, 1);
  CHECK(edge_hot[0][0] == 0x400100 && edge_hot[0][1] == 0x400200, "hot edge\n");
  /* Four more targets: three fit (probing past taken slots), the fourth is lost. */
  for (uint32_t t = 1; t <= 4; t++) {
    hwprof_model_event(&m, 0x400100 | HWPROF_EVENT_INDIRECT);
    hwprof_model_event(&m, 0x500000 + 4 * t);
  }
  CHECK_EQ(m.edge_used, 4);
  CHECK_EQ(m.st.edge_lost, 1);
  CHECK_EQ(hwprof_model_edge_count(&m, 0x400100, 0x500010), 0);
  for (uint32_t t = 1; t <= 3; t++)
    CHECK_EQ(hwprof_model_edge_count(&m, 0x400100, 0x500000 + 4 * t), 1);
  /* A clear keeps the last event: 0x500010 -> 0x400000 in ALL mode is counted. */
  hwprof_model_edge_clear(&m);
  CHECK_EQ(m.edge_used, 0);
  hwprof_model_set_edge_ctrl(&m, HWPROF_EDGE_CTRL_ALL);
  hwprof_model_event(&m, 0x400000);
  hwprof_model_event(&m, 0x400004);
  CHECK_EQ(hwprof_model_edge_count(&m, 0x500010, 0x400000), 1);
  CHECK_EQ(hwprof_model_edge_count(&m, 0x400000, 0x400004), 1);
  /* Ignored and dropped events are not events: no edge across them... they never
   * reach the former, so the next event pairs with the last one accepted. */
  hwprof_model_ignore(&m);
  hwprof_model_drop(&m);
  hwprof_model_event(&m, 0x400008);
  CHECK_EQ(hwprof_model_edge_count(&m, 0x400004, 0x400008), 1);
  hwprof_model_clear(&m, 0, 1);
  CHECK_EQ(m.st.edges, 0);
  CHECK_EQ(m.edge_used, 3); /* STATS_CLEAR keeps the table */
  hwprof_model_clear(&m, 1, 0);
  CHECK_EQ(m.edge_used, 0);
  hwprof_model_reset(&m);
  CHECK_EQ(m.edge_ctrl, HWPROF_EDGE_CTRL_RESET);
  hwprof_model_event(&m, 0x400000 | HWPROF_EVENT_INDIRECT); /* nothing before it */
  CHECK_EQ(m.st.edges, 0);
}

/* The slot cache: a key past its home slot pays its probes once, then starts at its
 * slot; a key with no slot reaches the spill path at once; round-robin replacement;
 * a table clear empties the cache; with no cache every event probes. */
static void test_slot_cache(void) {
  hwprof_model m;
  init(&m, 4, HWPROF_HASH_LOW16_SHR2, 3, 32); /* index = (spc >> 2) & 15, 3 slots */
  hwprof_model_set_spill(&m, 1);
  /* 0x00, 0x40, 0x80, 0xC0 all hash to slot 0: 0x40 lands in 1 (1 probe), 0x80 in 2
   * (2 probes), 0xC0 finds no slot within 3 (2 probes, spilled). */
  const uint32_t k[4] = {0x00, 0x40, 0x80, 0xC0};
  for (int i = 0; i < 4; i++)
    hwprof_model_event(&m, k[i]);
  CHECK_EQ(m.st.probes, 0 + 1 + 2 + 2);
  CHECK_EQ(m.st.spilled, 1);
  for (int r = 0; r < 10; r++)
    for (int i = 0; i < 4; i++)
      hwprof_model_event(&m, k[i]);
  CHECK_EQ(m.st.probes, 5);   /* all three in the cache: no more probes */
  CHECK_EQ(m.st.spilled, 11); /* and 0xC0 still spills, every time */
  CHECK_EQ(hwprof_model_lookup(&m, 0x80), 11);
  CHECK_EQ(m.st.max_probe, 2);
  /* 0x04 (home 1) probes past 0x40 and 0x80 into slot 3; 0x44 (home 1) then finds no
   * slot (2 probes, spilled).  Five keys cached in four entries: the fifth fill replaced
   * the first (0x40), which probes again. */
  hwprof_model_event(&m, 0x04);
  hwprof_model_event(&m, 0x44);
  CHECK_EQ(m.st.probes, 5 + 2 + 2);
  CHECK_EQ(m.st.spilled, 12);
  hwprof_model_event(&m, 0x40);
  CHECK_EQ(m.st.probes, 10);
  hwprof_model_event(&m, 0x44); /* still cached */
  CHECK_EQ(m.st.probes, 10);
  /* A clear empties the cache with the table. */
  hwprof_model_clear(&m, 1, 0);
  hwprof_model_event(&m, 0x00);
  hwprof_model_event(&m, 0x40);
  hwprof_model_event(&m, 0x40);
  CHECK_EQ(m.st.probes, 10 + 1);
  /* No cache: every event probes. */
  hwprof_model_params p = m.p;
  p.slot_cache = 0;
  CHECK_EQ(hwprof_model_init(&m, &p, table, sizeof table / sizeof table[0]), 0);
  hwprof_model_event(&m, 0x00);
  for (int r = 0; r < 5; r++)
    hwprof_model_event(&m, 0x40);
  CHECK_EQ(m.st.probes, 5);
  p.slot_cache = 9;
  CHECK(hwprof_model_check_params(&p, NULL) < 0, "slot_cache 9 accepted\n");
}

static void test_hashes(void) {
  CHECK_EQ(hwprof_hash16(HWPROF_HASH_LOW16, 0x12345678u), 0x5678);
  CHECK_EQ(hwprof_hash16(HWPROF_HASH_LOW16_SHR2, 0x12345678u), 0x159E); /* 0x048D159E */
  /* s = 0x048D159E; s[15:0] ^ s[29:16] = 0x159E ^ 0x048D */
  CHECK_EQ(hwprof_hash16(HWPROF_HASH_XOR_FOLD, 0x12345678u), 0x159E ^ 0x048D);
  /* 0x12345678 * 0x9E3779B1 mod 2^32 = 0x31E5EFF8 (worked by hand in 64 bits) */
  CHECK_EQ(hwprof_hash16(HWPROF_HASH_MULT, 0x12345678u),
           (uint16_t)(((uint64_t)0x12345678u * 0x9E3779B1u & 0xFFFFFFFFu) >> 16));
  CHECK_EQ(hwprof_hash16(HWPROF_HASH_MULT, 1), 0x9E37);
}

static void test_params(void) {
  hwprof_model_params p = HWPROF_MODEL_DEFAULTS;
  const char *why;
  hwprof_model m;
  CHECK_EQ(hwprof_model_check_params(&p, &why), 0);
  p.index_bits = 3;
  CHECK(hwprof_model_check_params(&p, &why) < 0 && why, "index_bits 3 accepted\n");
  p.index_bits = 4;
  p.max_probe = 17;
  CHECK(hwprof_model_check_params(&p, &why) < 0, "max_probe past the table accepted\n");
  p.max_probe = 16;
  CHECK_EQ(hwprof_model_init(&m, &p, table, 15), -2);
  CHECK_EQ(hwprof_model_config_word(&p),
           9u | 4u << 4 | 4u << 8 | HWPROF_HASH_MULT << 13 | 32u << 16 | 5u << 22 | 4u << 26);
  p.syscall_bits = 9;
  CHECK(hwprof_model_check_params(&p, &why) < 0 && why, "syscall_bits 9 accepted\n");
  p.syscall_bits = 5;
  p.edge_bits = 11;
  CHECK(hwprof_model_check_params(&p, &why) < 0 && why, "edge_bits 11 accepted\n");
  p.edge_bits = 8;
  p.stats = 2;
  CHECK(hwprof_model_check_params(&p, &why) < 0 && why, "stats 2 accepted\n");
  p.stats = 1;
  p.spill = 2;
  CHECK(hwprof_model_check_params(&p, &why) < 0 && why, "spill 2 accepted\n");
}

/* The counts-only IP: no system-call, edge or packet unit and no spill path (the RTL's
 * 0 parameters), only the statistics of losses.  The model records no system call,
 * forms no edge, and cannot turn spilling on: a miss is lost and counted. */
static void test_units_left_out(void) {
  hwprof_model_params p = HWPROF_MODEL_DEFAULTS;
  const char *why;
  hwprof_model m;
  p.index_bits = 4;
  p.max_probe = 4;
  p.hash = HWPROF_HASH_LOW16_SHR2;
  p.syscall_bits = p.edge_bits = p.cct = p.stats = p.spill = p.ways = 0;
  CHECK_EQ(hwprof_model_check_params(&p, &why), 0);
  CHECK_EQ(hwprof_model_config_word(&p) & HWPROF_CONFIG_SYSCALL_BITS_MASK, 0);
  CHECK_EQ(hwprof_model_config2_word(&p) & (HWPROF_CONFIG2_EDGE_BITS_MASK | HWPROF_CONFIG2_CCT |
                                            HWPROF_CONFIG2_STATS | HWPROF_CONFIG2_SPILL),
           0);
  hwprof_model_params back;
  hwprof_model_params_from_config(&back, hwprof_model_config_word(&p),
                                  hwprof_model_config2_word(&p));
  CHECK(!memcmp(&back, &p, sizeof p), "CONFIG does not decode to the parameters\n");
  CHECK_EQ(hwprof_model_init(&m, &p, table, 16), 0);
  hwprof_model_set_spill(&m, 1);
  CHECK_EQ(m.spill, 0);
  hwprof_model_set_cct(&m, 1);
  CHECK_EQ(m.cct, 0);
  hwprof_model_syscall(&m, 0x400100, 4001);
  CHECK_EQ(m.sys_used, 0);
  CHECK_EQ(m.st.syscalls, 0);
  hwprof_model_set_edge_ctrl(&m, HWPROF_EDGE_CTRL_ALL | 1);
  for (uint32_t i = 0; i < 6; i++) /* six keys for slot 0, four slots to probe */
    hwprof_model_event(&m, (0x400000 + 64 * i) | HWPROF_EVENT_INDIRECT);
  CHECK_EQ(m.st.edges, 0);
  CHECK_EQ(m.edge_used, 0);
  CHECK_EQ(hwprof_model_edge_count(&m, 0x400000, 0x400040), 0);
  CHECK_EQ(m.st.events, 4);
  CHECK_EQ(m.st.lost_table, 2);
  CHECK_EQ(m.st.spilled, 0);
  /* Which statistics are built: with stats = 0 only the losses. */
  CHECK_EQ(hwprof_model_stat_built(&p, HWPROF_STAT_LOST_TABLE_OFFSET), 1);
  CHECK_EQ(hwprof_model_stat_built(&p, HWPROF_STAT_LOST_FIFO_OFFSET), 1);
  CHECK_EQ(hwprof_model_stat_built(&p, HWPROF_STAT_HOT_LOST_OFFSET), 1);
  CHECK_EQ(hwprof_model_stat_built(&p, HWPROF_STAT_SPILL_ERR_OFFSET), 1);
  CHECK_EQ(hwprof_model_stat_built(&p, HWPROF_STAT_EVENTS_OFFSET), 0);
  CHECK_EQ(hwprof_model_stat_built(&p, HWPROF_STAT_CYCLES_HI_OFFSET), 0);
  CHECK_EQ(hwprof_model_stat_built(&p, HWPROF_STAT_SYSCALLS_OFFSET), 1); /* the units' own */
  CHECK_EQ(hwprof_model_stat_built(&p, HWPROF_EDGE_USED_OFFSET), 1);     /* not a statistic */
  p.stats = 1;
  CHECK_EQ(hwprof_model_stat_built(&p, HWPROF_STAT_EVENTS_OFFSET), 1);
}

static void test_probe_wrap_and_loss(void) {
  hwprof_model m;
  init(&m, 4, HWPROF_HASH_LOW16_SHR2, 16, 32);
  /* index = (spc >> 2) & 15: keys 0x78, 0xB8, 0xF8 land in 14, 15, then wrap to 0 */
  hwprof_model_event(&m, 0x78);
  hwprof_model_event(&m, 0xB8);
  hwprof_model_event(&m, 0xF8);
  CHECK_EQ(m.table[14].key, 0x78);
  CHECK_EQ(m.table[15].key, 0xB8);
  CHECK_EQ(m.table[0].key, 0xF8);
  CHECK_EQ(m.st.probes, 0 + 1 + 2);
  CHECK_EQ(m.st.max_probe, 2);
  CHECK_EQ(hwprof_model_lookup(&m, 0xF8), 1);
  CHECK_EQ(hwprof_model_lookup(&m, 0x138), 0);
  for (uint32_t i = 0; i < 13; i++)
    hwprof_model_event(&m, 0x1000 + 4 * i);
  CHECK_EQ(m.occupied, 16);
  hwprof_model_event(&m, 0x7770); /* full: all 16 slots examined */
  CHECK_EQ(m.st.lost_table, 1);
  CHECK_EQ(m.st.max_probe, 15);
  CHECK(m.table_full, "table_full not set\n");
  hwprof_model_event(&m, 0x78); /* hits still count */
  CHECK_EQ(hwprof_model_lookup(&m, 0x78), 2);
  hwprof_model_clear(&m, 1, 0);
  CHECK(!m.table_full && m.occupied == 0, "clear left state\n");
  CHECK_EQ(m.st.lost_table, 1);
  hwprof_model_clear(&m, 0, 1);
  CHECK_EQ(m.st.lost_table, 0);
}

static uint32_t spilled_seen[8];
static unsigned n_spilled;
static void on_spill(void *ctx, uint32_t spc) {
  (void)ctx;
  if (n_spilled < 8)
    spilled_seen[n_spilled] = spc;
  n_spilled++;
}

/* With spilling on, a table miss goes to the ring (in order) instead of
 * being lost; hits and inserts are unchanged; reset turns it off. */
static void test_spill(void) {
  hwprof_model m;
  init(&m, 4, HWPROF_HASH_LOW16_SHR2, 2, 32);
  m.on_spill = on_spill;
  n_spilled = 0;
  hwprof_model_set_spill(&m, 1);
  hwprof_model_event(&m, 0x38); /* index 14 */
  hwprof_model_event(&m, 0x78); /* index 14, taken: 15 */
  hwprof_model_event(&m, 0xB8); /* 14 and 15 taken, MAX_PROBE 2: spilled */
  hwprof_model_event(&m, 0xF8);
  hwprof_model_event(&m, 0xB8);
  hwprof_model_event(&m, 0x38);
  CHECK_EQ(n_spilled, 3);
  CHECK_EQ(spilled_seen[0], 0xB8);
  CHECK_EQ(spilled_seen[1], 0xF8);
  CHECK_EQ(spilled_seen[2], 0xB8);
  CHECK_EQ(m.st.spilled, 3);
  CHECK_EQ(m.st.lost_table, 0);
  CHECK_EQ(m.st.events, 3);
  CHECK(m.table_full, "table_full not set by a spill\n");
  CHECK_EQ(hwprof_model_lookup(&m, 0xB8), 0);
  hwprof_model_set_spill(&m, 0);
  hwprof_model_event(&m, 0xB8);
  CHECK_EQ(m.st.lost_table, 1);
  CHECK_EQ(n_spilled, 3);
  hwprof_model_set_spill(&m, 1);
  hwprof_model_reset(&m);
  CHECK(!m.spill, "reset left spilling on\n");
  CHECK_EQ(m.st.spilled, 0);
}

static void test_saturation_and_threshold(void) {
  hwprof_model m;
  init(&m, 8, HWPROF_HASH_LOW16_SHR2, 4, 4);
  hwprof_model_set_threshold(&m, 15);
  for (int i = 0; i < 40; i++)
    hwprof_model_event(&m, 0x400000);
  CHECK_EQ(hwprof_model_lookup(&m, 0x400000), 15);
  CHECK_EQ(n_hot, 1);
  CHECK_EQ(hot_seen[0], 0x400000);
  hwprof_model_set_threshold(&m, 16); /* beyond the counter: never fires */
  for (int i = 0; i < 40; i++)
    hwprof_model_event(&m, 0x500000);
  CHECK_EQ(n_hot, 1);
  hwprof_model_set_threshold(&m, 1);
  hwprof_model_event(&m, 0x600000);
  CHECK_EQ(n_hot, 2);
  /* lowering then raising does not refire an entry */
  hwprof_model_set_threshold(&m, 3);
  hwprof_model_event(&m, 0x600000);
  hwprof_model_event(&m, 0x600000);
  CHECK_EQ(n_hot, 2);
  hwprof_model_set_threshold(&m, 0);
  hwprof_model_event(&m, 0x700000);
  CHECK_EQ(n_hot, 2);
  CHECK_EQ(m.st.hot, 2);
}

/* The EVENT word's flags (bits 1:0) are not part of the key. */
static void test_event_flags(void) {
  hwprof_model m;
  init(&m, 8, HWPROF_HASH_LOW16, 4, 8);
  hwprof_model_set_threshold(&m, 4);
  hwprof_model_event(&m, 0x400100 | HWPROF_EVENT_PLAIN);
  hwprof_model_event(&m, 0x400100 | HWPROF_EVENT_INDIRECT);
  hwprof_model_event(&m, 0x400100 | HWPROF_EVENT_CALL);
  hwprof_model_event(&m, 0x400100 | HWPROF_EVENT_RETURN);
  CHECK_EQ(m.occupied, 1);
  CHECK_EQ(hwprof_model_lookup(&m, 0x400100), 4);
  CHECK_EQ(hwprof_model_lookup(&m, 0x400103), 4); /* lookups ignore them too */
  CHECK_EQ(m.table[hwprof_hash16(HWPROF_HASH_LOW16, 0x400100) & 0xFF].key, 0x400100);
  CHECK_EQ(n_hot, 1);
  CHECK_EQ(hot_seen[0], 0x400100); /* reported without flags */
}

/* The set-associative table: 16 entries as 4 sets of 4 ways, the set the hash's low
 * bits (LOW16_SHR2: (spc >> 2) mod 4, so 0x10, 0x20, ... are all set 0).  Keys take
 * the free ways in order; a fifth evicts the least recently counted way as a record
 * {key, HOT, 1}, count, and takes its place; a hit makes a way the youngest; with
 * spilling off a full set loses the event. */
static void test_sets(void) {
  hwprof_model m;
  hwprof_model_params p = HWPROF_MODEL_DEFAULTS;
  p.index_bits = 4;
  p.hash = HWPROF_HASH_LOW16_SHR2;
  p.ways = 4;
  CHECK_EQ(hwprof_model_init(&m, &p, table, sizeof table / sizeof table[0]), 0);
  m.on_hot = on_hot;
  m.on_spill = on_spill;
  n_hot = n_spilled = 0;
  hwprof_model_set_threshold(&m, 3);
  hwprof_model_set_spill(&m, 1);
  for (uint32_t k = 1; k <= 4; k++) /* ways 0..3 of set 0, in order */
    hwprof_model_event(&m, k << 4);
  for (uint32_t k = 1; k <= 4; k++)
    CHECK_EQ(m.table[k - 1].key, k << 4);
  CHECK_EQ(m.occupied, 4);
  CHECK_EQ(m.st.probes, 0);
  hwprof_model_event(&m, 0x14); /* set 1: not in set 0's way */
  CHECK_EQ(m.table[4].key, 0x14);
  /* 0x10 three times (hot: 3), 0x20 once: the oldest is now 0x30, then 0x40. */
  hwprof_model_event(&m, 0x10);
  hwprof_model_event(&m, 0x10);
  hwprof_model_event(&m, 0x20);
  CHECK_EQ(n_hot, 1);
  hwprof_model_event(&m, 0x50); /* evicts 0x30 into way 2 */
  CHECK_EQ(n_spilled, 2);
  CHECK_EQ(spilled_seen[0], 0x30 | HWPROF_SPILL_REC);
  CHECK_EQ(spilled_seen[1], 1);
  CHECK_EQ(m.table[2].key, 0x50);
  CHECK_EQ(m.table[2].count, 1);
  CHECK_EQ(m.st.evicted, 1);
  CHECK_EQ(m.st.spilled, 0);
  CHECK_EQ(m.occupied, 5);
  CHECK_EQ(hwprof_model_lookup(&m, 0x30), 0);
  hwprof_model_event(&m, 0x30); /* evicts 0x40, comes back with count 1 */
  CHECK_EQ(spilled_seen[2], 0x40 | HWPROF_SPILL_REC);
  CHECK_EQ(spilled_seen[3], 1);
  CHECK_EQ(hwprof_model_lookup(&m, 0x30), 1);
  /* Now 0x10 is the oldest: it goes with its HOT bit and count 3. */
  hwprof_model_event(&m, 0x60);
  CHECK_EQ(spilled_seen[4], 0x10 | HWPROF_SPILL_REC | HWPROF_SPILL_REC_HOT);
  CHECK_EQ(spilled_seen[5], 3);
  CHECK_EQ(m.st.events, 11);
  CHECK_EQ(m.st.lost_table, 0);
  CHECK(m.table_full, "TABLE_FULL not set by an eviction\n");
  /* The ages of a full set are a permutation: 0x60 youngest, 0x20 oldest. */
  CHECK_EQ(m.table[0].key, 0x60);
  CHECK_EQ(m.table[0].age, 0);
  CHECK_EQ(m.table[1].age, 3);
  /* Spilling off: a miss in a full set is lost; a hit still counts. */
  hwprof_model_set_spill(&m, 0);
  hwprof_model_event(&m, 0x70);
  CHECK_EQ(m.st.lost_table, 1);
  CHECK_EQ(n_spilled, 6);
  hwprof_model_event(&m, 0x20);
  CHECK_EQ(hwprof_model_lookup(&m, 0x20), 3);
  /* One way: every miss evicts the set's only entry. */
  p.ways = 1;
  CHECK_EQ(hwprof_model_init(&m, &p, table, sizeof table / sizeof table[0]), 0);
  m.on_spill = on_spill;
  n_spilled = 0;
  hwprof_model_set_spill(&m, 1);
  hwprof_model_event(&m, 0x40);
  hwprof_model_event(&m, 0x80); /* 0x40 >> 2 and 0x80 >> 2 are both 0 mod 16 */
  CHECK_EQ(n_spilled, 2);
  CHECK_EQ(spilled_seen[0], 0x40 | HWPROF_SPILL_REC);
  CHECK_EQ(hwprof_model_lookup(&m, 0x80), 1);
  /* Bad way counts. */
  p.ways = 3;
  CHECK(hwprof_model_init(&m, &p, table, sizeof table / sizeof table[0]) < 0, "ways 3\n");
  p.ways = 16;
  CHECK(hwprof_model_init(&m, &p, table, sizeof table / sizeof table[0]) < 0, "ways 16\n");
}

int main(void) {
  RUN(test_syscalls);
  RUN(test_edges);
  RUN(test_slot_cache);
  RUN(test_hashes);
  RUN(test_event_flags);
  RUN(test_params);
  RUN(test_units_left_out);
  RUN(test_probe_wrap_and_loss);
  RUN(test_spill);
  RUN(test_sets);
  RUN(test_saturation_and_threshold);
  return check_failed_tests ? 1 : 0;
}
