/*
 * vboard_timing.c - the board's time: the CPU's cycles and the IP's clock kept
 * in step, the PPC405 cycle model of a translation block, and the caches (vcache.c)
 * on the instruction fetch and the data accesses.
 */
#define _POSIX_C_SOURCE 200809L
#include "vboard_int.h"

#include <errno.h>
#include <libfdt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicorn/unicorn.h>

#include "errf.h"
#include "hwprof.h"
#include "hwprof_fdt.h"
#include "hwprof_sim_bus.h"
#include "slurp.h"
#include "vcache.h"

/* --------------------------------------------------------------- time */

/* a * b / c, rounded down, c > 0; in 64 bits while a * b fits (every run of fewer than
 * 2^32 cycles: the 128-bit division is a library call, on the path of every store to
 * the IP). */
static uint64_t mul_div(uint64_t a, uint64_t b, uint64_t c) {
  if ((a | b) >> 32 == 0)
    return a * b / c;
  return (uint64_t)((unsigned __int128)a * b / c);
}

/* The same rounded up, c < 2^32 (a * b + c - 1 then fits as well). */
static uint64_t mul_div_up(uint64_t a, uint64_t b, uint64_t c) {
  if ((a | b) >> 32 == 0)
    return (a * b + c - 1) / c;
  return (uint64_t)(((unsigned __int128)a * b + c - 1) / c);
}

/* The IP cycle that corresponds to CPU cycle t (the clocks from the device tree). */
uint64_t vb_ip_cycle_at(const vboard *b, uint64_t t) {
  return b->ip_cycle0 + mul_div(t, b->bus_hz, b->cpu_hz);
}

/* n cycles of a clock of hz, in CPU cycles, rounded up. */
uint64_t vb_to_cpu(const vboard *b, uint64_t n, uint32_t hz) {
  return mul_div_up(n, b->cpu_hz, hz);
}

/* The first CPU cycle at or after IP cycle c. */
uint64_t vb_cpu_cycle_at(const vboard *b, uint64_t c) {
  return vb_to_cpu(b, c - b->ip_cycle0, b->bus_hz);
}

/* Advances the RTL to CPU cycle t (it never runs ahead of the CPU). */
void vb_sync_ip(vboard *b, uint64_t t) {
  uint64_t want = vb_ip_cycle_at(b, t), now = hwprof_sim_cycle(b->ip);
  if (want > now)
    hwprof_sim_step(b->ip, want - now);
}

/* The CPU's time at the instruction now executing inside the current block. */
uint64_t vb_cpu_now(vboard *b) {
  block *k = b->cur;
  uint64_t t = b->block_start + b->block_extra;
  if (k) {
    uint32_t p = pc(b);
    if (p >= k->addr && p < k->addr + k->size)
      t += k->prefix[(p - k->addr) / 4];
  }
  return t;
}

/* Stalls the CPU inside the current block; the stall is added to *counter. */
void vb_stall(vboard *b, uint64_t cycles, uint64_t *counter) {
  b->cycles += cycles;
  b->block_extra += cycles;
  *counter += cycles;
}

/* The CPU waits until CPU cycle t; the wait is added to *counter. */
void vb_wait_until(vboard *b, uint64_t t, uint64_t now, uint64_t *counter) {
  if (t > now)
    vb_stall(b, t - now, counter);
}

/* --------------------------------------------------------------- cycle model */

/* Whether instruction w reads general register r as a source (PowerPC Architecture
 * Book I's operand fields: rA is a source of arithmetic, compares, traps, and of loads'
 * and stores' addresses, where a 0 in the non-update forms means the number 0, not r0;
 * rS, not rA, is the source of the rotates, shifts, logical instructions and moves to
 * special registers, whose rA is their destination; a store reads rS as its data). */
static int reads_gpr(uint32_t w, unsigned r) {
  unsigned op = w >> 26, rs = (w >> 21) & 31, ra = (w >> 16) & 31, rb = (w >> 11) & 31;
  unsigned xo = (w >> 1) & 0x3FF;
  int a = ra == r, b = rb == r, s = rs == r, a0 = a && ra != 0;
  switch (op) {
  case 2:
  case 3:
  case 7:
  case 8:
  case 10:
  case 11:
  case 12:
  case 13: return a; /* tdi, twi, mulli, subfic, cmpli, cmpi, addic, addic. */
  case 14:
  case 15: return a0;     /* addi, addis (li, lis with rA = 0) */
  case 20: return s || a; /* rlwimi: inserts into rA */
  case 21: return s;      /* rlwinm */
  case 23: return s || b; /* rlwnm */
  case 24:
  case 25:
  case 26:
  case 27:
  case 28:
  case 29: return s; /* ori, oris, xori, xoris, andi., andis. */
  case 32:
  case 34:
  case 40:
  case 42:
  case 46:
  case 48:
  case 50: return a0; /* lwz, lbz, lhz, lha, lmw, lfs, lfd: the address */
  case 33:
  case 35:
  case 41:
  case 43:
  case 49:
  case 51: return a; /* the update forms */
  case 36:
  case 38:
  case 44: return s || a0; /* stw, stb, sth */
  case 37:
  case 39:
  case 45: return s || a;        /* stwu, stbu, sthu */
  case 47: return rs <= r || a0; /* stmw: rS..r31 */
  case 52:
  case 54: return a0; /* stfs, stfd */
  case 53:
  case 55: return a;
  case 31: break;
  default: return 0; /* branches, sc, the CR's ops (19): no general register */
  }
  switch (xo) {
  case 28:
  case 60:
  case 124:
  case 284:
  case 316:
  case 412:
  case 444:
  case 476:
  case 24:
  case 536:
  case 792: return s || b; /* and, andc, nor, eqv, xor, orc, or (mr), nand; slw, srw, sraw */
  case 824:
  case 26:
  case 922:
  case 954: return s; /* srawi, cntlzw, extsh, extsb */
  case 467:
  case 144:
  case 146:
  case 131:
  case 451: return s; /* mtspr, mtcrf, mtmsr, wrtee, mtdcr */
  case 339:
  case 19:
  case 83:
  case 323:
  case 163: return 0; /* mfspr, mfcr, mfmsr, mfdcr, wrteei */
  case 150:
  case 151:
  case 215:
  case 407:
  case 662:
  case 918:
  case 661: return s || a0 || b; /* stwcx., stwx, stbx, sthx, stwbrx, sthbrx, stswx */
  case 183:
  case 247:
  case 439: return s || a || b;   /* stwux, stbux, sthux */
  case 725: return rs <= r || a0; /* stswi: from rS on, as stmw */
  default: break;
  }
  switch (xo & 0x1FF) { /* XO form: the OE bit aside */
  case 104:
  case 202:
  case 234:
  case 200:
  case 232: return a; /* neg, addze, addme, subfze, subfme */
  default: break;
  }
  /* The rest read rA and rB: arithmetic, compares, tw, indexed loads and cache
   * operations (rA 0 meaning 0 in those, where a false wait is harmless: rare). */
  return a || b;
}

/* The general register instruction w loads from memory (a load-use stall's source),
 * else -1: lwz..lhau, the indexed loads, lwarx. */
static int loaded_gpr(uint32_t w) {
  unsigned op = w >> 26, xo = (w >> 1) & 0x3FF;
  int load =
      (op >= 32 && op <= 35) || (op >= 40 && op <= 43) ||
      (op == 31 && (xo == 23 || xo == 55 || xo == 87 || xo == 119 || xo == 279 || xo == 311 ||
                    xo == 343 || xo == 375 || xo == 534 || xo == 790 || xo == 20));
  return load ? (int)((w >> 21) & 31) : -1;
}

int vb_load_use(uint32_t load, uint32_t next) {
  int rt = loaded_gpr(load);
  return rt >= 0 && reads_gpr(next, (unsigned)rt);
}

/* The cycles of instruction w, and in *use those it adds when `next` waits for the
 * register it loads (the load-use stall: the next instruction's wait, in the count of
 * the block's parts). */
static unsigned insn_cost(uint32_t w, uint32_t next, int has_next, unsigned *use) {
  unsigned op = w >> 26, xo = (w >> 1) & 0x3FF, rt = (w >> 21) & 31;
  unsigned c = 1;
  *use = has_next && vb_load_use(w, next);
  switch (op) {
  case 7: c = 2; break; /* mulli */
  case 46:
  case 47: c = 32 - rt; break; /* lmw, stmw */
  case 16: c = 1; break;       /* bc: see the block */
  case 19:
    if (xo == 16 || xo == 528)
      c = 2; /* bclr, bcctr */
    else if (xo == 150 || xo == 50)
      c = 4; /* isync, rfi */
    break;
  case 31:
    switch (xo & 0x1FF) {
    case 235:
    case 75:
    case 11: c = 4; break; /* mullw, mulhw, mulhwu */
    case 491:
    case 459: c = 35; break; /* divw, divwu */
    default: break;
    }
    if (xo == 146)
      c = 2; /* mtmsr */
    if (xo == 598)
      c = 4; /* sync */
    break;
  default: break;
  }
  return c;
}

#define BLOCK_MAX_BYTES (4 * 1024u)

static block *decode_block(vboard *b, block *k, uint32_t addr, uint32_t size, const uint8_t *buf);

/* The block's entry in the cache if it holds these instructions, else decoded anew. */
static inline block *cached_block(vboard *b, uint32_t addr, uint32_t size, const uint8_t *buf) {
  block *k = &b->cache[(addr >> 2) & (BLOCK_CACHE - 1)];
  if (k->prefix && k->addr == addr && k->size == size && k->first == be32(buf) &&
      k->last == be32(buf + size - 4))
    return k;
  return decode_block(b, k, addr, size, buf);
}

/* A block outside RAM (the reserved page's): read through the emulator, which is slow,
 * into a copy on this function's stack, not on the common path's. */
static __attribute__((noinline)) block *lookup_copy(vboard *b, uint32_t addr, uint32_t size) {
  uint8_t copy[BLOCK_MAX_BYTES];
  if (uc_mem_read(b->uc, addr, copy, size) != UC_ERR_OK)
    return NULL;
  return cached_block(b, addr, size, copy);
}

/* Whether instruction w writes the MSR: mtmsr, wrtee, wrteei, rfi, rfci, or sc (whose
 * exception's entry does; so does any other exception's, which the board sees in its
 * hook, vb_hook_intr). */
static int writes_msr(uint32_t w) {
  unsigned op = w >> 26, xo = (w >> 1) & 0x3FF;
  return (op == 31 && (xo == 146 || xo == 131 || xo == 163)) ||
         (op == 19 && (xo == 50 || xo == 51)) || op == 17;
}

block *vb_lookup_block(vboard *b, uint32_t addr, uint32_t size) {
  if (size == 0 || size > BLOCK_MAX_BYTES)
    return NULL;
  if (addr >= b->ram_base && addr - b->ram_base <= b->ram_size - size) /* RAM: in place */
    return cached_block(b, addr, size, b->ram + (addr - b->ram_base));
  return lookup_copy(b, addr, size);
}

/* The cycle model of the block's instructions in buf, into its entry k. */
static block *decode_block(vboard *b, block *k, uint32_t addr, uint32_t size, const uint8_t *buf) {
  uint32_t n = size / 4;
  free(k->prefix);
  k->prefix = malloc(n * sizeof *k->prefix);
  if (!k->prefix)
    return NULL;
  k->addr = addr;
  k->size = size;
  k->first = be32(buf);
  k->last = be32(buf + size - 4);
  k->n = n;
  k->cost = 0;
  k->cond = 0;
  k->sets_msr = 0;
  memset(k->part_cost, 0, sizeof k->part_cost);
  int reserved = addr >= VBOARD_RESERVED_BASE;
  k->first_part = 0;
  unsigned part = 0, use = 0;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t w = be32(buf + 4 * i);
    k->prefix[i] = (uint16_t)(k->cost > 65535 ? 65535 : k->cost);
    k->sets_msr |= writes_msr(w);
    if (reserved)
      continue;
    part = b->part_of ? b->part_of(b->part_ctx, addr + 4 * i) : 0;
    part = part < VBOARD_PARTS ? part : 0;
    if (i == 0)
      k->first_part = part;
    k->part_cost[part] += use; /* this instruction's wait for the one before */
    unsigned c = insn_cost(w, i + 1 < n ? be32(buf + 4 * i + 4) : 0, i + 1 < n, &use);
    k->cost += c + use;
    k->part_cost[part] += c;
  }
  k->last_part = part;
  uint32_t last = be32(buf + 4 * (n - 1));
  if ((last >> 26) == 16 && !reserved) { /* bc: static prediction */
    unsigned bo = (last >> 21) & 31;
    int16_t bd = (int16_t)(last & 0xFFFC);
    int always = (bo & 0x14) == 0x14;
    if (!always) {
      k->cond = 1;
      int predicted = bd < 0; /* backward taken */
      if (bo & 1)             /* the y bit reverses it */
        predicted = !predicted;
      k->cond_target_taken = (uint32_t)predicted;
    }
  }
  return k;
}

/* --------------------------------------------------------------- caches */

/* The instruction cache's lines for the block [addr, addr + size), before it
 * runs: -1 (a fault) if the fetch would run instructions that are not the ones
 * in RAM. */
int vb_fetch_block(vboard *b, uint32_t addr, uint32_t size) {
  uint32_t line = b->ic.line;
  for (uint32_t a = addr & ~(line - 1); a - addr < size || a < addr; a += line) {
    int castout, had = vcache_access(&b->ic, a, 0, &castout);
    b->r->icache_lines++;
    if (had >= 0 && !(had & VCACHE_STALE))
      continue;
    int dirty = had < 0 && b->has_dc ? vcache_probe(&b->dc, a) : -1;
    if (had >= 0 || (dirty >= 0 && (dirty & VCACHE_DIRTY))) {
      char why[160];
      if (had >= 0)
        snprintf(why, sizeof why,
                 "hits a stale instruction-cache line: the code at %#x was rewritten after the "
                 "line was cached and not invalidated (no icbi)",
                 a);
      else
        snprintf(why, sizeof why,
                 "reads the line at %#x from memory while the data cache holds newer bytes of "
                 "it (the code was written without a dcbst)",
                 a);
      b->r->fetch_fault = addr;
      fault(b, "instruction fetch at %#x %s", addr, why);
      return -1;
    }
    b->r->icache_misses++;
    if (b->imiss && a - b->imiss_base < b->imiss_size)
      b->imiss[(a - b->imiss_base) / line]++;
    vb_stall(b, b->fill_cycles, &b->r->icache_stall_cycles);
  }
  return 0;
}

/* Every load and store to RAM: the data cache. */
void vb_hook_mem(uc_engine *uc, uc_mem_type type, uint64_t addr, int size, int64_t v, void *user) {
  vboard *b = user;
  (void)uc, (void)v;
  uint32_t at = (uint32_t)addr;
  if (at - b->alias_from < b->alias_len) /* vboard_alias */
    at += b->alias_to - b->alias_from;
  uint32_t line = b->dc.line, a = at & ~(line - 1), last = at + (uint32_t)size - 1;
  int store = type == UC_MEM_WRITE;
  for (;; a += line) {
    int castout;
    b->r->dcache_accesses++;
    if (vcache_access(&b->dc, a, store, &castout) < 0) {
      b->r->dcache_misses++;
      b->r->dcache_castouts += (uint64_t)castout;
      vb_stall(b, b->fill_cycles + (castout ? b->castout_cycles : 0), &b->r->dcache_stall_cycles);
    }
    if (last - a < line)
      break;
  }
}

/* The data cache's memory hook, added when a run starts with the caches on (a
 * hook that existed when Unicorn translated code keeps its cost in those
 * translations, even once deleted). */
int vb_hook_data_cache(vboard *b) {
  if (b->h_mem_on || !b->caches_on || !b->has_dc)
    return 0;
  if (uc_hook_add(b->uc, &b->h_mem, UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE, (void *)vb_hook_mem, b,
                  b->ram_base, (uint64_t)b->ram_base + b->ram_size - 1) != UC_ERR_OK)
    return -1;
  b->h_mem_on = 1;
  return 0;
}

void vboard_set_caches(vboard *b, int on) {
  if (b->h_mem_on && !on) {
    uc_hook_del(b->uc, b->h_mem);
    b->h_mem_on = 0;
  }
  b->caches_on = on && (b->has_ic || b->has_dc);
}

void vboard_count_icache_misses(vboard *b, uint32_t base, uint32_t size, uint32_t *misses) {
  b->imiss = misses;
  b->imiss_base = base;
  b->imiss_size = misses ? size : 0;
}

int vboard_caches(const vboard *b, vboard_cache_info *info) {
  memset(info, 0, sizeof *info);
  info->on = b->caches_on;
  if (b->has_ic)
    info->icache_size = b->ic.size, info->icache_line = b->ic.line, info->icache_ways = b->ic.ways;
  if (b->has_dc)
    info->dcache_size = b->dc.size, info->dcache_line = b->dc.line, info->dcache_ways = b->dc.ways;
  info->fill_cycles = b->fill_cycles;
  info->castout_cycles = b->castout_cycles;
  info->write_cycles = b->write_cycles;
  return b->has_ic || b->has_dc;
}

void vboard_code_write(vboard *b, uint32_t addr, uint32_t len) {
  if (!b->caches_on || !len)
    return;
  uint32_t line = b->has_dc ? b->dc.line : b->ic.line;
  for (uint32_t a = addr & ~(line - 1); a - addr < len || a < addr; a += line) {
    int castout;
    if (b->has_dc)
      vcache_access(&b->dc, a, 1, &castout); /* the translator's stores: not charged */
    if (b->has_ic)
      vcache_mark(&b->ic, a, VCACHE_STALE, 0);
  }
}

void vboard_alias(vboard *b, uint32_t from, uint32_t len, uint32_t to) {
  b->alias_from = from;
  b->alias_len = len;
  b->alias_to = to;
}

void vboard_code_sync(vboard *b, uint32_t addr, uint32_t len, int what) {
  if (!b->caches_on || !len)
    return;
  uint64_t c = 2 * SYNC_CYCLES, lines = 0;
  uint32_t line = b->has_dc ? b->dc.line : b->ic.line;
  for (uint32_t a = addr & ~(line - 1); a - addr < len || a < addr; a += line) {
    if (what & VBOARD_SYNC_DCBST) {
      int had = b->has_dc ? vcache_mark(&b->dc, a, 0, VCACHE_DIRTY) : -1;
      c += 1 + (had >= 0 && (had & VCACHE_DIRTY) ? b->write_cycles : 0); /* the sync waits */
    }
    if (what & VBOARD_SYNC_ICBI) {
      c += 1;
      if (b->has_ic)
        vcache_drop(&b->ic, a);
    }
    lines++;
  }
  vb_stall(b, c, &b->r->code_sync_cycles);
  b->r->code_sync_lines += lines;
}
