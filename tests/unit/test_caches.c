/*
 * test_caches.c - the board's caches and memory latency (sim/vcache.c, sim/vboard.c
 * "Caches"), validated by micro-benchmarks whose cycle counts follow from the
 * PPC405 manual and the device tree, not from the model's code.
 *
 * Each benchmark is PowerPC code written here into the board's RAM and run with
 * vboard_call, once per pass.  What the manual gives (SA14-2339-04, chapter 4):
 * two ways, 32-byte lines, 16 KB, LRU, write-back, store misses allocate.  Hence,
 * for a sweep that touches each of its lines once per pass, in address order:
 * a set that n of its lines map to misses n times in the first pass and none
 * after when n <= 2 ways, and n times in every pass when n > 2 (LRU evicts each
 * line just before it is needed again).  expected_misses() counts that per set.
 * A miss costs a line fill from the device tree's memory: read-latency plus one
 * beat per bus-width bytes, in memory-clock cycles, times the CPU / memory clock
 * ratio, rounded up (42 CPU cycles on the ML300 board).  Every figure is checked
 * against the same run with the caches off, which is the ideal model of before:
 * the difference is exactly the stalls.
 *
 * The benchmarks: a load sweep over arrays of growing size (the data cache's
 * capacity as a step at 16 KB), a stride sweep (the line size: every access
 * misses once the stride reaches 32 bytes), a store sweep (allocation and
 * castouts), a straight-line code footprint sweep (the instruction cache's
 * capacity), the latency and bus width changed in the device tree (a miss costs
 * what it says), and the device tree's errors.
 */
#include <libfdt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "vboard.h"

CHECK_LABEL("");

#define CODE   0x00100000u /* the benchmark's code (16 KB aligned) */
#define DATA   0x00200000u /* its array (16 KB aligned) */
#define LINE   32u
#define WAYS   2u
#define SETS   256u
#define ICSIZE (LINE * WAYS * SETS)

static uint8_t dtb_ml300[8192];
static size_t dtb_ml300_len;

/* ------------------------------------------------------------ PowerPC code */

static uint32_t dform(unsigned op, unsigned rt, unsigned ra, int d) {
  return op << 26 | rt << 21 | ra << 16 | (uint16_t)d;
}
static uint32_t mtctr(unsigned rs) {
  return 31u << 26 | rs << 21 | 9u << 16 | 467u << 1; /* mtspr CTR (9), rs */
}
static uint32_t bdnz(uint32_t at, uint32_t to) {
  return 16u << 26 | 16u << 21 | ((to - at) & 0xFFFC); /* bc 16,0,to */
}
static uint32_t xform(unsigned rst, unsigned ra, unsigned rb, unsigned xo) {
  return 31u << 26 | rst << 21 | ra << 16 | rb << 11 | xo << 1;
}
static uint32_t rlwinm(unsigned rs, unsigned ra, unsigned sh, unsigned mb, unsigned me) {
  return 21u << 26 | rs << 21 | ra << 16 | sh << 11 | mb << 6 | me << 1;
}
#define NOP 0x60000000u /* ori 0,0,0 */

static void put32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}

/* ------------------------------------------------------------ the board */

typedef struct bench {
  vboard *b;
  vboard_result r;
  uint8_t *ram;
} bench;

static int open_board(bench *t, const void *dtb, size_t len, int caches) {
  char err[256];
  memset(t, 0, sizeof *t);
  t->b = vboard_new(dtb, len, err, sizeof err);
  if (!t->b) {
    fprintf(stderr, "vboard_new: %s\n", err);
    return -1;
  }
  uint32_t base, size;
  t->ram = vboard_ram(t->b, &base, &size);
  vboard_set_caches(t->b, caches);
  vboard_start(t->b, 0, &t->r);
  return 0;
}

/* Runs the code at CODE up to `end` once with r3, r4; returns its cycles. */
static uint64_t pass(bench *t, uint32_t end, uint32_t r3, uint32_t r4) {
  vboard_set_gpr(t->b, 3, r3);
  vboard_set_gpr(t->b, 4, r4);
  uint64_t c0 = vboard_cycles(t->b);
  if (vboard_call(t->b, CODE, end) != 0) {
    fprintf(stderr, "the benchmark stopped: %s\n", t->r.message);
    return 0;
  }
  return vboard_cycles(t->b) - c0;
}

/* A sweep: mtctr r4; mr r6,r3; loop: (lwz|stw) r7,0(r6); addi r6,r6,stride; bdnz loop. */
static uint32_t write_sweep(bench *t, int store, unsigned stride) {
  uint32_t code[] = {mtctr(4), dform(14, 6, 3, 0), dform(store ? 36 : 32, 7, 6, 0),
                     dform(14, 6, 6, (int)stride), bdnz(CODE + 16, CODE + 8)};
  for (unsigned i = 0; i < 5; i++)
    put32(t->ram + CODE + 4 * i, code[i]);
  return CODE + 20;
}

/* Straight-line code of `bytes` (nops): returns its end. */
static uint32_t write_footprint(bench *t, uint32_t bytes) {
  for (uint32_t i = 0; i < bytes; i += 4)
    put32(t->ram + CODE + i, NOP);
  return CODE + bytes;
}

/* The same benchmark on a board with the caches and one without: a load or
 * store sweep (kind LOAD, STORE; arg the stride, r4 the loads) or straight-line
 * code (CODE; arg its bytes), `passes` times. */
enum { LOAD, STORE, CODE_RUN };
typedef struct pair {
  bench on, off;
  uint64_t diff;      /* the cycles with caches over those without, all passes */
  uint64_t last_diff; /* ... in the last pass */
} pair;

static int run_pair(pair *p, const void *dtb, size_t len, int kind, uint32_t arg, uint32_t r4,
                    unsigned passes) {
  memset(p, 0, sizeof *p);
  bench *t[2] = {&p->on, &p->off};
  uint32_t end = 0;
  for (int i = 0; i < 2; i++) {
    if (open_board(t[i], dtb, len, i == 0) < 0)
      return -1;
    end = kind == CODE_RUN ? write_footprint(t[i], arg) : write_sweep(t[i], kind == STORE, arg);
  }
  for (unsigned k = 0; k < passes; k++) {
    uint64_t on = pass(&p->on, end, DATA, r4), off = pass(&p->off, end, DATA, r4);
    p->last_diff = on - off;
    p->diff += on - off;
  }
  return 0;
}

static void pair_free(pair *p) {
  vboard_free(p->on.b);
  vboard_free(p->off.b);
}

/* ------------------------------------------------------------ expectations */

/* The misses of `passes` in-order sweeps over the lines of [base, base + bytes)
 * in a 2-way LRU cache of SETS sets (the file's comment). */
static uint64_t expected_misses(uint32_t base, uint32_t bytes, unsigned passes) {
  unsigned per_set[SETS] = {0};
  for (uint32_t a = base & ~(LINE - 1); a < base + bytes; a += LINE)
    per_set[(a / LINE) % SETS]++;
  uint64_t m = 0;
  for (unsigned s = 0; s < SETS; s++)
    m += per_set[s] <= WAYS ? per_set[s] : (uint64_t)per_set[s] * passes;
  return m;
}

/* A line fill in CPU cycles, from the device tree's numbers. */
static uint32_t fill_cycles(const void *dtb) {
  int mem = fdt_path_offset(dtb, "/memory@0"), cpu = fdt_path_offset(dtb, "/cpus/cpu@0");
  const fdt32_t *lat = fdt_getprop(dtb, mem, "hwprof,read-latency", NULL),
                *width = fdt_getprop(dtb, mem, "hwprof,bus-width", NULL),
                *mhz = fdt_getprop(dtb, mem, "clock-frequency", NULL),
                *chz = fdt_getprop(dtb, cpu, "clock-frequency", NULL);
  uint64_t n = fdt32_to_cpu(*lat) + LINE / fdt32_to_cpu(*width), m = fdt32_to_cpu(*mhz),
           c = fdt32_to_cpu(*chz);
  return (uint32_t)((n * c + m - 1) / m);
}

/* The ML300 board's device tree with one memory property changed. */
static size_t dtb_with(uint8_t *buf, size_t cap, const char *node, const char *prop, int value) {
  if (fdt_open_into(dtb_ml300, buf, (int)cap) != 0)
    return 0;
  int n = fdt_path_offset(buf, node);
  if (n < 0)
    return 0;
  if (value < 0 ? fdt_delprop(buf, n, prop) != 0
                : fdt_setprop_u32(buf, n, prop, (uint32_t)value) != 0)
    return 0;
  fdt_pack(buf);
  return fdt_totalsize(buf);
}

/* ------------------------------------------------------------ the tests */

/* The ML300 board's cache geometry is the manual's, and a fill costs 42 cycles. */
static void test_ml300_geometry(void) {
  bench t;
  REQUIRE(open_board(&t, dtb_ml300, dtb_ml300_len, 1) == 0, "board");
  vboard_cache_info ci;
  CHECK(vboard_caches(t.b, &ci) == 1, "caches described");
  CHECK(ci.on, "on by default");
  CHECK_EQ(ci.icache_size, 16384);
  CHECK_EQ(ci.dcache_size, 16384);
  CHECK_EQ(ci.icache_ways, 2);
  CHECK_EQ(ci.dcache_ways, 2);
  CHECK_EQ(ci.icache_line, 32);
  CHECK_EQ(ci.dcache_line, 32);
  CHECK_EQ(ci.fill_cycles, 42); /* (10 + 32 / 8) bus cycles at 100 MHz, CPU at 300 MHz */
  CHECK_EQ(fill_cycles(dtb_ml300), 42);
  CHECK_EQ(ci.castout_cycles, 12); /* 4 beats */
  vboard_free(t.b);
}

/* Loads over arrays of 1 KB to 32 KB, four passes: no miss after the first pass
 * up to 16 KB, then a step -- every line of an over-full set misses each pass. */
static void test_dcache_capacity_step(void) {
  static const uint32_t sizes[] = {1024,  4096,  8192,  12288, 16384,
                                   16416, 18432, 20480, 24576, 32768};
  const unsigned passes = 4;
  uint64_t prev_per_pass = 0;
  for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
    uint32_t bytes = sizes[k], n = bytes / LINE;
    pair p;
    REQUIRE(run_pair(&p, dtb_ml300, dtb_ml300_len, LOAD, LINE, n, passes) == 0, "board");
    const vboard_result *on = &p.on.r;
    uint64_t want = expected_misses(DATA, bytes, passes);
    char ctx[64];
    snprintf(ctx, sizeof ctx, "(array of %u bytes)", bytes);
    check_context = ctx;
    CHECK_EQ(on->dcache_misses, want);
    CHECK_EQ(on->dcache_accesses, (uint64_t)n * passes);
    CHECK_EQ(on->dcache_stall_cycles, want * 42);
    CHECK_EQ(on->icache_misses, 1); /* the sweep's 20 bytes: one line, cold */
    CHECK_EQ(p.diff, want * 42 + 42);
    CHECK_EQ(p.off.r.dcache_misses, 0);
    /* the step: the last pass's extra cycles */
    uint64_t per_pass = p.last_diff;
    if (bytes <= ICSIZE)
      CHECK_EQ(per_pass, 0);
    else
      CHECK(per_pass > prev_per_pass, "%llu extra cycles a pass, no more than at the size before",
            (unsigned long long)per_pass);
    if (bytes >= 2 * ICSIZE)
      CHECK_EQ(per_pass, (uint64_t)n * 42); /* every load misses */
    prev_per_pass = per_pass;
    check_context = NULL;
    pair_free(&p);
  }
}

/* One cold pass over 8 KB with strides 4 to 128: a load misses once per line, so
 * the misses per load are stride / 32 up to the line size, then 1. */
static void test_dcache_line_size(void) {
  for (unsigned stride = 4; stride <= 128; stride *= 2) {
    uint32_t bytes = 8192, n = bytes / stride;
    bench t;
    REQUIRE(open_board(&t, dtb_ml300, dtb_ml300_len, 1) == 0, "board");
    uint32_t end = write_sweep(&t, 0, stride);
    pass(&t, end, DATA, n);
    char ctx[64];
    snprintf(ctx, sizeof ctx, "(stride %u)", stride);
    check_context = ctx;
    CHECK_EQ(t.r.dcache_accesses, n);
    CHECK_EQ(t.r.dcache_misses, stride < LINE ? bytes / LINE : n);
    check_context = NULL;
    vboard_free(t.b);
  }
}

/* Stores allocate (a store miss fills the line) and dirty lines are written back
 * when replaced: over 16 KB no castout ever; over 32 KB, after the first pass
 * every fill replaces a dirty line, which adds its 4 beats. */
static void test_dcache_stores(void) {
  static const uint32_t sizes[] = {16384, 32768};
  const unsigned passes = 3;
  for (size_t k = 0; k < 2; k++) {
    uint32_t bytes = sizes[k], n = bytes / LINE;
    pair p;
    REQUIRE(run_pair(&p, dtb_ml300, dtb_ml300_len, STORE, LINE, n, passes) == 0, "board");
    uint64_t misses = expected_misses(DATA, bytes, passes);
    /* every fill once the cache is full replaces a dirty line (every set is
     * loaded alike here) */
    uint64_t held = SETS * WAYS, castouts = misses - (n < held ? n : held);
    CHECK_EQ(p.on.r.dcache_misses, misses);
    CHECK_EQ(p.on.r.dcache_castouts, castouts);
    CHECK_EQ(p.diff, misses * 42 + castouts * 12 + 42);
    pair_free(&p);
  }
}

/* Straight-line code of 4 KB to 24 KB run three times: the instruction cache
 * holds up to 16 KB, past that the over-full sets miss on every pass. */
static void test_icache_footprint(void) {
  static const uint32_t sizes[] = {4096, 8192, 16384, 16416, 20480, 24576};
  const unsigned passes = 3;
  for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
    uint32_t bytes = sizes[k];
    pair p;
    REQUIRE(run_pair(&p, dtb_ml300, dtb_ml300_len, CODE_RUN, bytes, 0, passes) == 0, "board");
    uint64_t want = expected_misses(CODE, bytes, passes);
    char ctx[64];
    snprintf(ctx, sizeof ctx, "(code of %u bytes)", bytes);
    check_context = ctx;
    CHECK_EQ(p.on.r.icache_misses, want);
    CHECK_EQ(p.on.r.icache_stall_cycles, want * 42);
    CHECK_EQ(p.diff, want * 42);
    CHECK_EQ(p.on.r.dcache_accesses, 0);
    check_context = NULL;
    pair_free(&p);
  }
}

/* The load-use wait (the file's comment): lwz rT, 0(r3) and the instruction after it,
 * with rT the register under test and with r8 (which no case touches); caches off. */
static void test_load_use(void) {
  const struct {
    const char *what;
    unsigned rt;
    uint32_t next;
    unsigned wait;
  } cases[] = {
      {"addi r6, r5, 1 (rA)", 5, dform(14, 6, 5, 1), 1},
      {"add r6, r7, r5 (rB)", 5, xform(6, 7, 5, 266), 1},
      {"cmpwi r5, 0", 5, dform(11, 0, 5, 0), 1},
      {"neg r6, r5", 5, xform(6, 5, 0, 104), 1},
      {"rlwinm r6, r5, 2, 0, 29 (rS)", 5, rlwinm(5, 6, 2, 0, 29), 1},
      {"ori r6, r5, 1 (rS)", 5, dform(24, 5, 6, 1), 1},
      {"andi. r6, r5, 1 (rS)", 5, dform(28, 5, 6, 1), 1},
      {"mr r6, r5 (or: rS, rB)", 5, xform(5, 6, 5, 444), 1},
      {"slw r6, r5, r7 (rS)", 5, xform(5, 6, 7, 24), 1},
      {"srawi r6, r5, 2 (rS)", 5, xform(5, 6, 2, 824), 1},
      {"extsb r6, r5 (rS)", 5, xform(5, 6, 0, 954), 1},
      {"mtctr r5 (rS)", 5, mtctr(5), 1},
      {"stw r5, 0(r4) (the data)", 5, dform(36, 5, 4, 0), 1},
      {"stw r6, 0(r5) (the address)", 5, dform(36, 6, 5, 0), 1},
      {"stwx r5, r4, r7 (the data)", 5, xform(5, 4, 7, 151), 1},
      {"rlwinm r5, r6, 2, 0, 29 (writes rA)", 5, rlwinm(6, 5, 2, 0, 29), 0},
      {"ori r5, r6, 1 (writes rA)", 5, dform(24, 6, 5, 1), 0},
      {"mr r5, r6 (writes rA)", 5, xform(6, 5, 6, 444), 0},
      {"mfcr r5", 5, xform(5, 0, 0, 19), 0},
      {"li r6, 1 after lwz r0 (rA = 0 is 0)", 0, dform(14, 6, 0, 1), 0},
      {"lwz r6, 0(r4) after lwz r0 (rA = 0 is 0)", 0, dform(32, 6, 0, 0), 0},
  };
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    uint64_t cycles[2];
    for (int i = 0; i < 2; i++) {
      bench t;
      REQUIRE(open_board(&t, dtb_ml300, dtb_ml300_len, 0) == 0, "board");
      put32(t.ram + DATA, DATA + 64); /* what the load reads: an address, for stw 0(r5) */
      vboard_set_gpr(t.b, 7, 4);
      put32(t.ram + CODE, dform(32, i ? 8 : cases[k].rt, 3, 0));
      put32(t.ram + CODE + 4, cases[k].next);
      cycles[i] = pass(&t, CODE + 8, DATA, DATA + 128);
      vboard_free(t.b);
    }
    check_context = cases[k].what;
    CHECK(cycles[1] > 0, "the pass ran");
    CHECK_EQ(cycles[0] - cycles[1], cases[k].wait);
    check_context = NULL;
  }
}

/* The same wait where the load ends a page and the instruction after it starts the
 * next: Unicorn cuts straight-line code there into two blocks, the core does not (a b
 * to 15 nops before the page's end, lwz r5 or r8 at its last word, addi r6, r5, 1 at
 * the next page's first: three blocks).  Without it the cycles of the same code would
 * depend on where it lies. */
static void test_load_use_across_pages(void) {
  uint64_t cycles[2];
  for (int i = 0; i < 2; i++) {
    bench t;
    REQUIRE(open_board(&t, dtb_ml300, dtb_ml300_len, 0) == 0, "board");
    write_footprint(&t, 4096 - 4);
    put32(t.ram + CODE, 18u << 26 | (4096 - 64)); /* b CODE + 4032 */
    put32(t.ram + CODE + 4096 - 4, dform(32, i ? 8 : 5, 3, 0));
    put32(t.ram + CODE + 4096, dform(14, 6, 5, 1));
    uint64_t blocks = t.r.blocks;
    cycles[i] = pass(&t, CODE + 4096 + 4, DATA, 0);
    CHECK_EQ(t.r.blocks - blocks, 3); /* the b's, and cut at the page's end */
    vboard_free(t.b);
  }
  CHECK(cycles[1] > 0, "the pass ran");
  CHECK_EQ(cycles[0] - cycles[1], 1);
}

/* The device tree's latency and bus width are what a miss costs: 20 cycles of
 * latency make a fill (20 + 4) * 3 = 72 CPU cycles; a 4-byte bus (10 + 8) * 3. */
static void test_latency_from_dt(void) {
  static const struct {
    const char *prop;
    int value;
    uint32_t fill;
  } v[] = {{"hwprof,read-latency", 20, 72},
           {"hwprof,read-latency", 0, 12},
           {"hwprof,bus-width", 4, 54},
           {"hwprof,bus-width", 32, 33}};
  for (size_t k = 0; k < sizeof v / sizeof *v; k++) {
    static uint8_t dtb[16384];
    size_t len = dtb_with(dtb, sizeof dtb, "/memory@0", v[k].prop, v[k].value);
    REQUIRE(len > 0, "device tree");
    CHECK_EQ(fill_cycles(dtb), v[k].fill);
    pair p;
    REQUIRE(run_pair(&p, dtb, len, LOAD, LINE, 64, 1) == 0, "board");
    CHECK_EQ(p.diff, 65 * v[k].fill); /* 64 data lines and the code's one */
    pair_free(&p);
  }
}

/* A device tree whose caches or memory timing are incomplete is refused, and
 * one that describes no cache models none. */
static void test_dt_errors(void) {
  static const struct {
    const char *node, *prop;
    int value;
    const char *msg;
  } v[] = {
      {"/cpus/cpu@0", "i-cache-sets", -1, "all three or none"},
      {"/cpus/cpu@0", "d-cache-line-size", 2, "line size must be a power of two"},
      {"/cpus/cpu@0", "d-cache-sets", 100, "line size times the sets times the ways"},
      {"/memory@0", "hwprof,read-latency", -1, "needs a one-cell \"hwprof,read-latency\""},
      {"/memory@0", "clock-frequency", 0, "non-zero \"clock-frequency\""},
      {"/memory@0", "hwprof,bus-width", 64, "must divide the cache line"},
  };
  for (size_t k = 0; k < sizeof v / sizeof *v; k++) {
    static uint8_t dtb[16384];
    size_t len = dtb_with(dtb, sizeof dtb, v[k].node, v[k].prop, v[k].value);
    REQUIRE(len > 0, "device tree");
    char err[256] = "";
    vboard *b = vboard_new(dtb, len, err, sizeof err);
    CHECK(!b && strstr(err, v[k].msg), "%s %s: got '%s'", v[k].node, v[k].prop, err);
    vboard_free(b);
  }
  /* no cache properties at all: nothing modelled, every access hits */
  static uint8_t dtb[16384];
  REQUIRE(fdt_open_into(dtb_ml300, dtb, sizeof dtb) == 0, "device tree");
  static const char *const props[] = {"i-cache-size", "i-cache-line-size", "i-cache-sets",
                                      "d-cache-size", "d-cache-line-size", "d-cache-sets"};
  for (int i = 0; i < 6; i++)
    fdt_delprop(dtb, fdt_path_offset(dtb, "/cpus/cpu@0"), props[i]);
  bench t;
  REQUIRE(open_board(&t, dtb, fdt_totalsize(dtb), 1) == 0, "board");
  vboard_cache_info ci;
  CHECK(vboard_caches(t.b, &ci) == 0 && !ci.on, "no caches described, none modelled");
  uint32_t end = write_sweep(&t, 0, LINE);
  pass(&t, end, DATA, 1024);
  CHECK_EQ(t.r.dcache_misses + t.r.icache_misses, 0);
  vboard_free(t.b);
}

int main(void) {
  FILE *f = fopen(HWPROF_DTB_DIR "/ml300-virtual.dtb", "rb");
  if (!f || !(dtb_ml300_len = fread(dtb_ml300, 1, sizeof dtb_ml300, f))) {
    fprintf(stderr, "cannot read %s\n", HWPROF_DTB_DIR "/ml300-virtual.dtb");
    return 2;
  }
  fclose(f);
  RUN(test_ml300_geometry);
  RUN(test_dcache_capacity_step);
  RUN(test_dcache_line_size);
  RUN(test_dcache_stores);
  RUN(test_icache_footprint);
  RUN(test_latency_from_dt);
  RUN(test_load_use);
  RUN(test_load_use_across_pages);
  RUN(test_dt_errors);
  return check_failed_tests ? 1 : 0;
}
