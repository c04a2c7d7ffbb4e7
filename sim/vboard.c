/*
 * vboard.c - the virtual board; see vboard.h.
 *
 * Cycle model (CPU cycles per PowerPC instruction; PPC405 Core User's Manual,
 * SA14-2339-04, appendix C), on top of the caches (below).  TLB misses are not
 * modelled (the board runs in real mode).  The CPU is cycle-approximate; the IP
 * is the RTL.
 *
 *   integer ALU, compare, rotate, logical, CR ops            1
 *   load (cache hit)                                          1, +1 when the next
 *                                                             instruction uses the
 *                                                             loaded register (load-use)
 *   store                                                     1
 *   lmw / stmw                                                1 per register
 *   mulli                                                     2
 *   mullw, mulhw, mulhwu (word operands; the core finishes
 *     sooner on 16-bit operands, which is not modelled)       4
 *   divw, divwu                                               35
 *   b, bl (known taken)                                       1
 *   bc: static prediction (backward taken, forward not,
 *     y bit flips it); correct 1, mispredicted 3             1 / 3
 *   bclr, bcctr (address dependency on LR/CTR)                2
 *   mtspr, mfspr, mfmsr, mtcrf, mfcr                          1
 *   mtmsr                                                     2
 *   sync, isync, rfi                                          4
 *   MMIO store to the IP: posted through a write buffer of
 *     VBOARD_WRITE_BUFFER entries; the CPU stalls only while
 *     the buffer is full (e.g. the IP's FIFO holds the bus)   1 + stall
 *   MMIO load from the IP: blocks for the whole transaction   1 + bus time
 *   external interrupt entry                                  VBOARD_IRQ_ENTRY
 *
 * Costs are summed per translation block when the block is first seen (with a
 * cumulative cost per instruction, so that an MMIO access inside a block is timed
 * at its own instruction), and a conditional branch's misprediction is charged
 * when the next block shows which way it went.
 *
 * Caches (vcache.h; vboard_set_caches turns them off, for comparison: every
 * access then hits, as the model had it before).  The geometry is the device
 * tree's (/cpus/cpu@0: i-cache-size, i-cache-line-size, i-cache-sets, and the
 * d-cache-* trio; a cache without them is not modelled), the memory behind them
 * the memory node's (hwprof,read-latency and hwprof,write-latency in cycles of
 * the memory's clock-frequency, hwprof,bus-width bytes a beat).  Costs, in CPU
 * cycles at the clock ratio, rounded up:
 *
 *   instruction fetch: the lines of a translation block are looked up when it is
 *     entered; a miss costs a line fill, read-latency + line / bus-width beats
 *     (critical-word forwarding is not modelled: the CPU waits for the line)
 *   load or store (a Unicorn memory hook over RAM): a miss costs a line fill
 *     (the data cache allocates on a store miss, CCR0[SWOA] = 0, and is
 *     write-back, DCWR = 0); replacing a dirty line adds its write's beats, the
 *     bus time of the castout (its latency overlaps, the core buffers flushes)
 *   dcbst 1 + the dirty line's write (read by the sync), icbi 1, sync and isync
 *     4: vboard_code_sync, the translator's code-cache maintenance
 *   loads and stores to the IP and the UART: uncached, as before
 *
 * Code that the translator writes (vboard_code_write) goes through the data
 * cache, so until a dcbst the instructions are not in memory, and a line the
 * instruction cache already held stays the old code until an icbi.  A fetch
 * that would run such old code is a board fault naming the line: the model
 * catches a missing flush.
 *
 * Interrupts.  Unicorn has no call to raise an external interrupt, so the board
 * does what the core would: at a block boundary, with the IP's line high and
 * MSR[EE] set, it saves r3/r4 in its reserved page, puts the interrupted address
 * and the MSR in r3/r4, clears MSR[EE,PR,WE,IR,DR], and runs a trampoline in the
 * reserved page (mtsrr0 r3; mtsrr1 r4; mfspr EVPR; restore r3/r4); a hook at its
 * end jumps to EVPR + 0x500.  The latency bound is therefore one translation block:
 * the line is sampled at every block boundary.
 */
#define _POSIX_C_SOURCE 200809L
#include "vboard.h"

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

#define VBOARD_WRITE_BUFFER  4        /* posted MMIO stores the CPU may have outstanding */
#define VBOARD_BUS_HOLD_MAX  1000000u /* IP cycles a store may be held before a fault */
#define VBOARD_IRQ_ENTRY     4        /* CPU cycles to vector an external interrupt */
/* A handler of the interrupt run host-side (vboard_charge_irq): the vector's
 * branch (1), a C prologue and epilogue saving and restoring the volatile state
 * (r0, r3-r12, CR, LR, CTR, XER: 15 stores and 15 loads, 4 mfspr, 4 mtspr) and
 * rfi (4). */
#define VBOARD_HANDLER_FIXED (1 + 15 + 15 + 4 + 4 + 4)
#define SYNC_CYCLES          4     /* sync, isync */
#define BLOCK_CACHE          65536 /* entries, a power of two */

/* MSR bits (IBM numbering: bit 0 is the MSB). */
#define MSR_WE 0x00040000u
#define MSR_EE 0x00008000u
#define MSR_PR 0x00004000u
#define MSR_IR 0x00000020u
#define MSR_DR 0x00000010u

#define SPR_SRR0 26
#define SPR_SRR1 27
#define SPR_EVPR 982

/* The reserved page: scratch words, then the trampoline. */
#define SCRATCH_R3         (VBOARD_RESERVED_BASE + 0x0)
#define SCRATCH_R4         (VBOARD_RESERVED_BASE + 0x4)
#define SCRATCH_EVPR       (VBOARD_RESERVED_BASE + 0xC)
#define TRAMPOLINE         (VBOARD_RESERVED_BASE + 0x100)
#define TRAMPOLINE_END     (TRAMPOLINE + 6 * 4)
#define RUN_UNTIL          (VBOARD_RESERVED_BASE + 0xFFC) /* never reached */
#define PPC_EXCP_PROGRAM   6          /* Unicorn's exception number (QEMU's POWERPC_EXCP_PROGRAM) */
#define VBOARD_RENEW_BYTES (1u << 18) /* code replaced before the emulator is renewed */

typedef struct block {
  uint32_t addr, size, first; /* first: the first instruction word, to spot rewrites */
  uint32_t cost;              /* cycles for the whole block (branch predicted right) */
  uint32_t n;                 /* instructions */
  uint32_t cond_target_taken; /* ends in bc: 1 if statically predicted taken */
  int cond;                   /* ends in a conditional branch */
  uint16_t *prefix;           /* cycles before instruction i */
} block;

struct vboard {
  uc_engine *uc;
  hwprof_sim *ip;
  uint32_t cpu_hz, bus_hz;
  uint32_t ram_base, ram_size;
  uint32_t ip_base, ip_size;
  uint32_t uart_base, uart_size;
  uint32_t dtb_addr;
  uint32_t entry;
  int loaded;
  uint8_t *ram; /* host memory behind RAM (uc_mem_map_ptr) */
  void (*observer)(void *ctx, uint32_t addr, uint32_t size);
  void *observer_ctx;
  int (*stop_ok)(void *ctx, uint32_t addr); /* vboard_stop_points */
  void *stop_ctx;
  FILE *event_trace;     /* vboard_trace_events */
  uint32_t event_origin; /* the IP's EVENT_ORIGIN, for the event trace */
  int pause;             /* the observer asked for the host (vboard_pause) */
  uint32_t pause_pc;     /* the block the CPU stopped at, not executed yet */
  uint64_t ip_start;     /* the IP's cycle when the run started */
  uc_hook h_block, h_tramp, h_unmapped, h_intr, h_service;
  void (*service)(void *ctx); /* vboard_set_service */
  void *service_ctx;
  uint32_t service_addr;
  /* What the CPU's emulator is rebuilt with (engine_open, renew): what is off
   * the bus (vboard_unmap, less what vboard_remap put back; disjoint ranges), and
   * the code replaced since the last renewal. */
  struct off_range {
    uint32_t addr, len;
  } * off;
  unsigned noff, off_cap;
  uint64_t replaced, renew_bytes;

  /* The caches (vcache.h), when the device tree gives them and vboard_set_caches
   * left them on. */
  vcache ic, dc;
  int has_ic, has_dc, caches_on;
  uint32_t mem_hz, read_latency, write_latency, bus_width;
  uint32_t fill_cycles, castout_cycles, write_cycles; /* CPU cycles, per line */
  uc_hook h_mem;
  int h_mem_on;

  block *cache;
  block *cur;           /* block executing now */
  block *prev;          /* the one before, for its branch direction */
  uint64_t cycles;      /* CPU cycles, to the end of the current block */
  uint64_t block_start; /* CPU cycles when the current block started */
  uint64_t block_extra; /* stalls inside the current block so far */
  uint64_t max_cycles;
  uint64_t ip_cycle0; /* the IP's cycle when the CPU was at cycle 0 */
  int in_irq_entry;

  vboard_result *r;
  int stop;
  char outbuf[4096];
  size_t outlen;
};

/* --------------------------------------------------------------- helpers */

static void fault(vboard *b, const char *fmt, ...) {
  if (b->stop)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(b->r->message, sizeof b->r->message, fmt, ap);
  va_end(ap);
  b->r->stop = VBOARD_FAULT;
  b->stop = 1;
  uc_emu_stop(b->uc);
}

static uint32_t pc(vboard *b) {
  uint32_t v = 0;
  uc_reg_read(b->uc, UC_PPC_REG_PC, &v);
  return v;
}

static uint32_t be32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void put_be32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

static void flush_console(vboard *b) {
  if (b->outlen) {
    fwrite(b->outbuf, 1, b->outlen, stdout);
    fflush(stdout);
    b->outlen = 0;
  }
}

/* --------------------------------------------------------------- time */

/* The IP cycle that corresponds to CPU cycle t (the clocks from the device tree). */
static uint64_t ip_cycle_at(const vboard *b, uint64_t t) {
  return b->ip_cycle0 + (uint64_t)((unsigned __int128)t * b->bus_hz / b->cpu_hz);
}

/* n cycles of a clock of hz, in CPU cycles, rounded up. */
static uint64_t to_cpu(const vboard *b, uint64_t n, uint32_t hz) {
  return (uint64_t)(((unsigned __int128)n * b->cpu_hz + hz - 1) / hz);
}

/* The first CPU cycle at or after IP cycle c. */
static uint64_t cpu_cycle_at(const vboard *b, uint64_t c) {
  return to_cpu(b, c - b->ip_cycle0, b->bus_hz);
}

/* Advances the RTL to CPU cycle t (it never runs ahead of the CPU). */
static void sync_ip(vboard *b, uint64_t t) {
  uint64_t want = ip_cycle_at(b, t), now = hwprof_sim_cycle(b->ip);
  if (want > now)
    hwprof_sim_step(b->ip, want - now);
}

/* The CPU's time at the instruction now executing inside the current block. */
static uint64_t cpu_now(vboard *b) {
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
static void stall(vboard *b, uint64_t cycles, uint64_t *counter) {
  b->cycles += cycles;
  b->block_extra += cycles;
  *counter += cycles;
}

/* The CPU waits until CPU cycle t; the wait is added to *counter. */
static void wait_until(vboard *b, uint64_t t, uint64_t now, uint64_t *counter) {
  if (t > now)
    stall(b, t - now, counter);
}

/* --------------------------------------------------------------- cycle model */

static unsigned insn_cost(uint32_t w, uint32_t next, int has_next) {
  unsigned op = w >> 26, xo = (w >> 1) & 0x3FF, rt = (w >> 21) & 31;
  int load = 0;
  unsigned c = 1;
  switch (op) {
  case 7: c = 2; break; /* mulli */
  case 32:
  case 33:
  case 34:
  case 35:
  case 40:
  case 41:
  case 42:
  case 43: load = 1; break; /* lwz..lhau */
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
    if (xo == 23 || xo == 55 || xo == 87 || xo == 119 || xo == 279 || xo == 311 || xo == 343 ||
        xo == 375 || xo == 534 || xo == 790 || xo == 20)
      load = 1; /* indexed loads, lwarx */
    break;
  default: break;
  }
  if (load && has_next) {
    unsigned nra = (next >> 16) & 31, nrb = (next >> 11) & 31, nrs = (next >> 21) & 31;
    unsigned nop = next >> 26;
    int next_store = nop >= 36 && nop <= 39;
    if (nra == rt || (nop == 31 && nrb == rt) || (next_store && nrs == rt))
      c += 1;
  }
  return c;
}

static block *lookup_block(vboard *b, uint32_t addr, uint32_t size) {
  uint8_t copy[4 * 1024];
  const uint8_t *buf = copy;
  uint32_t n = size / 4;
  if (size == 0 || size > sizeof copy)
    return NULL;
  if (addr >= b->ram_base && addr - b->ram_base <= b->ram_size - size)
    buf = b->ram + (addr - b->ram_base); /* RAM: read in place (uc_mem_read is slow) */
  else if (uc_mem_read(b->uc, addr, copy, size) != UC_ERR_OK)
    return NULL;
  block *k = &b->cache[(addr >> 2) & (BLOCK_CACHE - 1)];
  if (k->prefix && k->addr == addr && k->size == size && k->first == be32(buf))
    return k;
  free(k->prefix);
  k->prefix = malloc(n * sizeof *k->prefix);
  if (!k->prefix)
    return NULL;
  k->addr = addr;
  k->size = size;
  k->first = be32(buf);
  k->n = n;
  k->cost = 0;
  k->cond = 0;
  int reserved = addr >= VBOARD_RESERVED_BASE;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t w = be32(buf + 4 * i);
    k->prefix[i] = (uint16_t)(k->cost > 65535 ? 65535 : k->cost);
    if (!reserved)
      k->cost += insn_cost(w, i + 1 < n ? be32(buf + 4 * i + 4) : 0, i + 1 < n);
  }
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
static int fetch_block(vboard *b, uint32_t addr, uint32_t size) {
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
    stall(b, b->fill_cycles, &b->r->icache_stall_cycles);
  }
  return 0;
}

/* Every load and store to RAM: the data cache. */
static void hook_mem(uc_engine *uc, uc_mem_type type, uint64_t addr, int size, int64_t v,
                     void *user) {
  vboard *b = user;
  (void)uc, (void)v;
  uint32_t line = b->dc.line, a = (uint32_t)addr & ~(line - 1), last = (uint32_t)addr + size - 1;
  int store = type == UC_MEM_WRITE;
  for (;; a += line) {
    int castout;
    b->r->dcache_accesses++;
    if (vcache_access(&b->dc, a, store, &castout) < 0) {
      b->r->dcache_misses++;
      b->r->dcache_castouts += (uint64_t)castout;
      stall(b, b->fill_cycles + (castout ? b->castout_cycles : 0), &b->r->dcache_stall_cycles);
    }
    if (last - a < line)
      break;
  }
}

/* The data cache's memory hook, added when a run starts with the caches on (a
 * hook that existed when Unicorn translated code keeps its cost in those
 * translations, even once deleted). */
static int hook_data_cache(vboard *b) {
  if (b->h_mem_on || !b->caches_on || !b->has_dc)
    return 0;
  if (uc_hook_add(b->uc, &b->h_mem, UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE, (void *)hook_mem, b,
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
  stall(b, c, &b->r->code_sync_cycles);
  b->r->code_sync_lines += lines;
}

/* --------------------------------------------------------------- interrupts */

static void take_interrupt(vboard *b, uint32_t at) {
  uint32_t r3, r4, msr;
  uint8_t save[8];
  uc_reg_read(b->uc, UC_PPC_REG_3, &r3);
  uc_reg_read(b->uc, UC_PPC_REG_4, &r4);
  uc_reg_read(b->uc, UC_PPC_REG_MSR, &msr);
  put_be32(save, r3);
  put_be32(save + 4, r4);
  uc_mem_write(b->uc, SCRATCH_R3, save, 8);
  r3 = at;
  r4 = msr;
  msr &= ~(MSR_WE | MSR_EE | MSR_PR | MSR_IR | MSR_DR);
  uc_reg_write(b->uc, UC_PPC_REG_3, &r3);
  uc_reg_write(b->uc, UC_PPC_REG_4, &r4);
  uc_reg_write(b->uc, UC_PPC_REG_MSR, &msr);
  uint32_t t = TRAMPOLINE;
  uc_reg_write(b->uc, UC_PPC_REG_PC, &t);
  b->in_irq_entry = 1;
  b->cycles += VBOARD_IRQ_ENTRY;
  b->r->irqs++;
}

static void hook_tramp_end(uc_engine *uc, uint64_t addr, uint32_t size, void *user) {
  uint8_t w[4];
  (void)addr, (void)size, (void)user;
  uc_mem_read(uc, SCRATCH_EVPR, w, 4);
  uint32_t vec = (be32(w) & 0xFFFF0000u) + 0x500;
  uc_reg_write(uc, UC_PPC_REG_PC, &vec);
}

/* A host service (vboard_set_service): runs before the instruction at its address. */
static void hook_service(uc_engine *uc, uint64_t addr, uint32_t size, void *user) {
  vboard *b = user;
  (void)uc, (void)addr, (void)size;
  if (!b->stop) {
    b->r->service_calls++;
    b->service(b->service_ctx);
  }
}

/* --------------------------------------------------------------- block hook */

static volatile sig_atomic_t interrupt_sig; /* vboard_interrupt */

void vboard_interrupt(int sig) {
  interrupt_sig = sig;
}

static void hook_block(uc_engine *uc, uint64_t addr64, uint32_t size, void *user) {
  vboard *b = user;
  uint32_t addr = (uint32_t)addr64;
  (void)uc;
  if (b->stop)
    return;
  /* The previous block's conditional branch: charge a misprediction. */
  if (b->prev && b->prev->cond) {
    int taken = addr != b->prev->addr + b->prev->size;
    if (taken != (int)b->prev->cond_target_taken)
      b->cycles += 2;
  }
  if (addr >= VBOARD_RESERVED_BASE) { /* the interrupt trampoline: not the guest's */
    b->cur = NULL;
    b->prev = NULL;
    return;
  }
  /* The cycle limit and vboard_interrupt stop the CPU before this block (the
   * first one vboard_stop_points allows): Unicorn leaves it unexecuted, and it is
   * neither charged nor observed, so every count covers exactly the blocks that
   * ran. */
  if (((b->max_cycles && b->cycles >= b->max_cycles) || interrupt_sig) &&
      (!b->stop_ok || b->stop_ok(b->stop_ctx, addr))) {
    b->r->stop = interrupt_sig ? VBOARD_INTERRUPTED : VBOARD_LIMIT;
    b->r->signal = interrupt_sig;
    b->r->stop_pc = addr;
    if (interrupt_sig)
      snprintf(b->r->message, sizeof b->r->message, "interrupted by signal %d at %#x",
               (int)interrupt_sig, addr);
    else
      snprintf(b->r->message, sizeof b->r->message, "cycle limit %llu reached at %#x",
               (unsigned long long)b->max_cycles, addr);
    b->stop = 1;
    b->cur = NULL;
    b->prev = NULL;
    uc_emu_stop(b->uc);
    return;
  }
  if (b->in_irq_entry) {
    /* The handler's first instruction: the latency from the line rising. */
    uint64_t rise = cpu_cycle_at(b, hwprof_sim_irq_rise_cycle(b->ip));
    uint64_t lat = b->cycles > rise ? b->cycles - rise : 0;
    b->r->irq_latency_sum += lat;
    if (lat > b->r->irq_latency_max)
      b->r->irq_latency_max = lat;
    b->in_irq_entry = 0;
  }
  /* External interrupt: sampled at every block boundary. */
  uint32_t msr = 0;
  uc_reg_read(b->uc, UC_PPC_REG_MSR, &msr);
  if (msr & MSR_EE) {
    sync_ip(b, b->cycles);
    if (hwprof_sim_irq(b->ip)) {
      take_interrupt(b, addr);
      b->cur = NULL;
      b->prev = NULL;
      return;
    }
  }
  block *k = lookup_block(b, addr, size);
  if (!k) {
    fault(b, "cannot read the block at %#x (%u bytes)", addr, size);
    return;
  }
  /* Fetched before the observer counts it: a block that cannot run is not counted.
   * (When the observer pauses the CPU here, the block runs when the host resumes,
   * and hits.) */
  if (b->caches_on && b->has_ic && fetch_block(b, addr, size) < 0)
    return;
  if (b->observer) {
    b->observer(b->observer_ctx, addr, size);
    if (b->pause) {
      /* Unicorn leaves the block unexecuted (and its PC stale): it runs, and is
       * charged, when the host resumes at pause_pc. */
      b->pause_pc = addr;
      b->cur = NULL;
      b->prev = NULL;
      uc_emu_stop(b->uc);
      return;
    }
  }
  b->block_start = b->cycles;
  b->block_extra = 0;
  b->cycles += k->cost;
  b->cur = k;
  b->prev = k;
  b->r->insns += k->n;
  b->r->blocks++;
}

/* --------------------------------------------------------------- devices */

/* A posted store answered SLVERR is a bus error: on the 405 a machine check. */
static void check_posted(vboard *b) {
  if (hwprof_sim_post_errors(b->ip) && !b->stop) {
    uint32_t addr, data;
    hwprof_sim_post_error(b->ip, &addr, &data);
    fault(b, "store of %#x to hwprof IP offset %#x answered SLVERR (bus error, detected at pc %#x)",
          data, addr, pc(b));
  }
}

static uint64_t ip_read(uc_engine *uc, uint64_t off, unsigned size, void *user) {
  vboard *b = user;
  (void)uc;
  uint32_t v = 0;
  if (size != 4 || (off & 3)) {
    fault(b, "%u-byte load from the hwprof IP at offset %#llx (pc %#x): word access only", size,
          (unsigned long long)off, pc(b));
    return 0;
  }
  uint64_t now = cpu_now(b);
  sync_ip(b, now);
  hwprof_sim_xfer x;
  int rc = hwprof_sim_read(b->ip, (uint32_t)off, &v, &x);
  b->r->ip_reads++;
  if (rc != HWPROF_RESP_OKAY)
    fault(b, "load from hwprof IP offset %#llx (pc %#x) %s", (unsigned long long)off, pc(b),
          rc == HWPROF_SIM_ETIMEDOUT ? "timed out" : "answered SLVERR");
  check_posted(b);
  /* A load blocks for the whole transaction. */
  wait_until(b, cpu_cycle_at(b, hwprof_sim_cycle(b->ip)), now, &b->r->load_cycles);
  return v;
}

/* The IP's AXI4 write master (its spill ring) reaches the board's RAM: a word
 * store in the CPU's byte order.  Anything else answers SLVERR. */
static int ip_mem_write(void *ctx, uint32_t addr, uint32_t data) {
  vboard *b = ctx;
  if (addr < b->ram_base || addr - b->ram_base > b->ram_size - 4 || (addr & 3))
    return -1;
  put_be32(b->ram + (addr - b->ram_base), data);
  return 0;
}

/* Stores to the IP are words, except in its EVENT window (hwprof_regs.h), where the
 * address is the event and a byte or halfword store is the one-instruction probe. */
static void ip_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t val, void *user) {
  vboard *b = user;
  (void)uc;
  unsigned lane = (unsigned)(off & 3);
  int window = HWPROF_EVENT_IN_WINDOW(off);
  if (window ? lane + size > 4 : size != 4 || lane) {
    fault(b, "%u-byte store to the hwprof IP at offset %#llx (pc %#x): %s", size,
          (unsigned long long)off, pc(b),
          window ? "crosses a word of the EVENT window" : "word access only");
    return;
  }
  uint64_t now = cpu_now(b);
  sync_ip(b, now);
  /* The write buffer: wait while it is full (the IP holds the bus).  An IP that
   * holds it for VBOARD_BUS_HOLD_MAX cycles would hang real hardware: a fault. */
  uint64_t held = hwprof_sim_cycle(b->ip);
  while (hwprof_sim_pending(b->ip) >= VBOARD_WRITE_BUFFER) {
    if (hwprof_sim_cycle(b->ip) - held >= VBOARD_BUS_HOLD_MAX) {
      fault(b,
            "the hwprof IP held the bus for %u cycles at pc %#x (its spill ring full and not "
            "drained?)",
            VBOARD_BUS_HOLD_MAX, pc(b));
      return;
    }
    hwprof_sim_step(b->ip, 1);
  }
  wait_until(b, cpu_cycle_at(b, hwprof_sim_cycle(b->ip)), now, &b->r->stall_cycles);
  check_posted(b);
  /* Big-endian: byte k of a word is wdata[31-8k:24-8k], strobe bit 3-k. */
  unsigned shift = 4 - size - lane;
  hwprof_sim_post_strb(b->ip, (uint32_t)off, (uint32_t)val << (8 * shift),
                       ((1u << size) - 1) << shift);
  b->r->ip_writes++;
  b->r->ip_events += window || off == HWPROF_EVENT_OFFSET;
}

/* Every write the IP accepts, the CPU's and the host-side driver's, in bus order:
 * the event trace, with EVENT_ORIGIN as the IP has it for the window's stores. */
static void ip_accepted(void *ctx, uint32_t addr, uint32_t data, int dropped) {
  vboard *b = ctx;
  (void)dropped;
  if (addr == HWPROF_EVENT_ORIGIN_OFFSET)
    b->event_origin = data;
  else if (b->event_trace && addr == HWPROF_EVENT_OFFSET)
    fprintf(b->event_trace, "%08x\n", data);
  else if (b->event_trace && HWPROF_EVENT_IN_WINDOW(addr))
    fprintf(b->event_trace, "%08x\n", HWPROF_EVENT_WINDOW_WORD(b->event_origin, addr));
}

static uint64_t uart_read(uc_engine *uc, uint64_t off, unsigned size, void *user) {
  (void)uc, (void)size, (void)user;
  return off == VBOARD_UART_STATUS ? 1 : 0;
}

static void uart_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t val, void *user) {
  vboard *b = user;
  (void)uc, (void)size;
  if (off == VBOARD_UART_TX) {
    b->outbuf[b->outlen++] = (char)val;
    if (b->outlen == sizeof b->outbuf || (char)val == '\n')
      flush_console(b);
  } else if (off == VBOARD_UART_EXIT) {
    b->r->stop = VBOARD_EXITED;
    b->r->exit_status = (int)(uint32_t)val;
    b->stop = 1;
    uc_emu_stop(b->uc);
  } else {
    fault(b, "store to UART offset %#llx (pc %#x): no such register", (unsigned long long)off,
          pc(b));
  }
}

static bool hook_unmapped(uc_engine *uc, uc_mem_type type, uint64_t addr, int size, int64_t v,
                          void *user) {
  vboard *b = user;
  (void)uc, (void)v;
  const char *what = type == UC_MEM_WRITE_UNMAPPED   ? "store to"
                     : type == UC_MEM_FETCH_UNMAPPED ? "instruction fetch from"
                                                     : "load from";
  if (!b->stop) {
    b->r->unmapped = 1;
    b->r->fault_addr = (uint32_t)addr;
    b->r->fault_pc = pc(b);
  }
  fault(b, "%d-byte %s unmapped address %#llx (pc %#x)", size, what, (unsigned long long)addr,
        pc(b));
  return false;
}

static void hook_intr(uc_engine *uc, uint32_t intno, void *user) {
  vboard *b = user;
  (void)uc;
  if (intno == PPC_EXCP_PROGRAM && !b->stop) { /* a trap (tw, twi): its pc is exact */
    b->r->trapped = 1;
    b->r->fault_pc = pc(b);
    fault(b, "program exception (a trap) at pc %#x", b->r->fault_pc);
    return;
  }
  fault(b,
        "unexpected PowerPC exception %u at pc %#x (the board models external interrupts "
        "only)",
        intno, pc(b));
}

/* --------------------------------------------------------------- device tree */

static int overlaps(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen) {
  return a < b + blen && b < a + alen;
}

static int read_reg1(const void *fdt, int node, uint64_t *base, uint64_t *size, char *err,
                     size_t errlen, const char *what) {
  const char *why = NULL;
  if (hwprof_fdt_read_reg(fdt, node, base, size, &why) < 0) {
    errf(err, errlen, "device tree: %s: %s", what, why);
    return -1;
  }
  if (*base + *size > 0x100000000ull) {
    errf(err, errlen, "device tree: %s lies beyond the 32-bit address space", what);
    return -1;
  }
  return 0;
}

static int u32prop(const void *fdt, int node, const char *name, uint32_t *v) {
  int len;
  const fdt32_t *p = fdt_getprop(fdt, node, name, &len);
  if (!p || len != 4)
    return -1;
  *v = fdt32_to_cpu(*p);
  return 0;
}

/* /cpus/cpu@0's {i,d}-cache-size, -line-size and -sets (ePAPR): none of them,
 * no cache modelled; all three, a cache; anything else, an error. */
static int parse_cache(const void *fdt, int cpu, const char *which, vcache *c, int *has, char *err,
                       size_t errlen) {
  static const char *const prop[3] = {"cache-size", "cache-line-size", "cache-sets"};
  uint32_t v[3];
  int n = 0;
  char name[3][24];
  for (int i = 0; i < 3; i++) {
    snprintf(name[i], sizeof name[i], "%s-%s", which, prop[i]);
    if (fdt_getprop(fdt, cpu, name[i], NULL)) {
      if (u32prop(fdt, cpu, name[i], &v[i])) {
        errf(err, errlen, "device tree: /cpus/cpu@0's \"%s\" must be one cell", name[i]);
        return -1;
      }
      n++;
    }
  }
  *has = 0;
  if (n == 0)
    return 0;
  if (n != 3) {
    errf(err, errlen,
         "device tree: /cpus/cpu@0 describes its %s-cache with %s, %s and %s: all three or "
         "none",
         which, name[0], name[1], name[2]);
    return -1;
  }
  const char *why;
  if (!v[1] || !v[2] || v[0] % ((uint64_t)v[1] * v[2]) ||
      vcache_init(c, v[0], v[1], v[0] / (v[1] * v[2]), &why) < 0) {
    if (!v[1] || !v[2] || v[0] % ((uint64_t)v[1] * v[2]))
      why = "the size is not the line size times the sets times the ways";
    errf(err, errlen, "device tree: /cpus/cpu@0's %s-cache (%s <%u>, %s <%u>, %s <%u>): %s", which,
         name[0], v[0], name[1], v[1], name[2], v[2], why);
    return -1;
  }
  *has = 1;
  return 0;
}

/* The memory node's timing, which the caches' misses pay. */
static int parse_memory_timing(vboard *b, const void *fdt, int mem, char *err, size_t errlen) {
  static const char *const req[3] = {"hwprof,read-latency", "hwprof,write-latency",
                                     "hwprof,bus-width"};
  uint32_t *v[3] = {&b->read_latency, &b->write_latency, &b->bus_width};
  for (int i = 0; i < 3; i++)
    if (u32prop(fdt, mem, req[i], v[i])) {
      errf(err, errlen,
           "device tree: the memory node needs a one-cell \"%s\" (the caches' miss cost; "
           "see firmware/boards/ml300-virtual.dts)",
           req[i]);
      return -1;
    }
  if (u32prop(fdt, mem, "clock-frequency", &b->mem_hz) || !b->mem_hz) {
    errf(err, errlen,
         "device tree: the memory node needs a one-cell, non-zero \"clock-frequency\" (the "
         "clock its latencies count)");
    return -1;
  }
  uint32_t line = b->has_dc ? b->dc.line : b->ic.line;
  if (b->has_ic && b->has_dc && b->ic.line != b->dc.line) {
    errf(err, errlen, "device tree: the instruction and data caches' lines differ in size");
    return -1;
  }
  if (!b->bus_width || b->bus_width > line || line % b->bus_width || b->read_latency > 100000 ||
      b->write_latency > 100000) {
    errf(err, errlen,
         "device tree: the memory node's hwprof,bus-width <%u> must divide the cache line (%u "
         "bytes), and its latencies be at most 100000 cycles",
         b->bus_width, line);
    return -1;
  }
  uint32_t beats = line / b->bus_width;
  b->fill_cycles = (uint32_t)to_cpu(b, (uint64_t)b->read_latency + beats, b->mem_hz);
  b->castout_cycles = (uint32_t)to_cpu(b, beats, b->mem_hz);
  b->write_cycles = (uint32_t)to_cpu(b, (uint64_t)b->write_latency + beats, b->mem_hz);
  return 0;
}

static int parse_dtb(vboard *b, const void *fdt, size_t size, char *err, size_t errlen) {
  if (size < 40 || fdt_check_header(fdt) != 0 || fdt_totalsize(fdt) > size) {
    errf(err, errlen, "device tree: not a valid DTB");
    return -1;
  }
  int cpu = fdt_path_offset(fdt, "/cpus/cpu@0");
  if (cpu < 0 || u32prop(fdt, cpu, "clock-frequency", &b->cpu_hz)) {
    errf(err, errlen, "device tree: /cpus/cpu@0 needs a one-cell \"clock-frequency\"");
    return -1;
  }
  if (!b->cpu_hz) {
    errf(err, errlen, "device tree: /cpus/cpu@0's \"clock-frequency\" is 0 (want the CPU's Hz)");
    return -1;
  }
  int mem = fdt_node_offset_by_prop_value(fdt, -1, "device_type", "memory", 7);
  uint64_t base, len;
  if (mem < 0 || read_reg1(fdt, mem, &base, &len, err, errlen, "the memory node")) {
    if (mem < 0)
      errf(err, errlen, "device tree: no memory node (device_type = \"memory\")");
    return -1;
  }
  if (parse_cache(fdt, cpu, "i", &b->ic, &b->has_ic, err, errlen) < 0 ||
      parse_cache(fdt, cpu, "d", &b->dc, &b->has_dc, err, errlen) < 0)
    return -1;
  if ((b->has_ic || b->has_dc) && parse_memory_timing(b, fdt, mem, err, errlen) < 0)
    return -1;
  if (len < 0x10000 || (base & 0xFFF) || (len & 0xFFF)) {
    errf(err, errlen, "device tree: memory must be page-aligned and at least 64 KiB");
    return -1;
  }
  b->ram_base = (uint32_t)base;
  b->ram_size = (uint32_t)len;

  hwprof_fdt_info info;
  const char *why = NULL;
  int rc = hwprof_fdt_probe(fdt, 0, &info, &why);
  if (rc < 0) {
    errf(err, errlen, "device tree: hwprof IP: %s (%s)", why ? why : "?", hwprof_strerror(rc));
    return -1;
  }
  if (info.base + info.size > 0x100000000ull) {
    errf(err, errlen, "device tree: the hwprof IP lies beyond the 32-bit address space");
    return -1;
  }
  b->ip_base = (uint32_t)info.base;
  b->ip_size = (uint32_t)info.size;
  b->bus_hz = info.clock_hz;
  if (!b->bus_hz) {
    int parent = fdt_parent_offset(fdt, info.node);
    if (parent < 0 || u32prop(fdt, parent, "clock-frequency", &b->bus_hz) || !b->bus_hz) {
      errf(err, errlen, "device tree: no clock-frequency on the hwprof node or its bus");
      return -1;
    }
  }
  if (!info.has_irq) {
    errf(err, errlen, "device tree: the hwprof node has no \"interrupts\"");
    return -1;
  }

  int uart = fdt_node_offset_by_compatible(fdt, -1, "hwprof,sim-uart");
  if (uart < 0 || read_reg1(fdt, uart, &base, &len, err, errlen, "the UART")) {
    if (uart < 0)
      errf(err, errlen, "device tree: no UART (compatible \"hwprof,sim-uart\")");
    return -1;
  }
  b->uart_base = (uint32_t)base;
  b->uart_size = (uint32_t)len;

  struct {
    const char *name;
    uint64_t base, size;
  } r[] = {{"memory", b->ram_base, b->ram_size},
           {"the hwprof IP", b->ip_base, b->ip_size},
           {"the UART", b->uart_base, b->uart_size},
           {"the board's reserved page", VBOARD_RESERVED_BASE, 0x1000}};
  for (unsigned i = 0; i < 4; i++)
    for (unsigned j = i + 1; j < 4; j++)
      if (overlaps(r[i].base, r[i].size, r[j].base, r[j].size)) {
        errf(err, errlen, "device tree: %s [%#llx, +%#llx) overlaps %s [%#llx, +%#llx)", r[i].name,
             (unsigned long long)r[i].base, (unsigned long long)r[i].size, r[j].name,
             (unsigned long long)r[j].base, (unsigned long long)r[j].size);
        return -1;
      }

  /* The node's build parameters must be the compiled RTL's. */
  hwprof_dev dev;
  if ((rc = hwprof_init(&dev, &hwprof_sim_bus_ops, b->ip)) < 0) {
    errf(err, errlen, "the simulated IP does not answer: %s", hwprof_strerror(rc));
    return -1;
  }
  if (hwprof_fdt_check(&info, &dev, &why) < 0) {
    uint32_t actual[HWPROF_FDT_NPARAMS];
    hwprof_fdt_actual(&dev, actual);
    for (int i = 0; i < HWPROF_FDT_NPARAMS; i++)
      if (!strcmp(why, hwprof_fdt_param_names[i]))
        errf(err, errlen, "device tree: %s says %s = <%u>, but the simulated RTL was built with %u",
             info.name, why, info.param[i], actual[i]);
    return -1;
  }
  return 0;
}

/* --------------------------------------------------------------- setup */

static uint32_t mtspr(unsigned spr, unsigned rs) {
  return 31u << 26 | rs << 21 | ((spr & 31) << 5 | spr >> 5) << 11 | 467u << 1;
}
static uint32_t mfspr(unsigned rt, unsigned spr) {
  return 31u << 26 | rt << 21 | ((spr & 31) << 5 | spr >> 5) << 11 | 339u << 1;
}
static uint32_t dform(unsigned op, unsigned rt, unsigned ra, int16_t d) {
  return op << 26 | rt << 21 | ra << 16 | (uint16_t)d;
}

/* A new instance of the CPU's emulator for the board: the CPU model, RAM (b->ram,
 * shared with the host), the reserved page, the IP and the UART as MMIO, the hooks
 * the board has set, and the RAM taken off the bus.  The reserved page is empty. */
static uc_err engine_open(vboard *b) {
  uc_err e = uc_open(UC_ARCH_PPC, UC_MODE_PPC32 | UC_MODE_BIG_ENDIAN, &b->uc);
  if (e == UC_ERR_OK)
    e = uc_ctl_set_cpu_model(b->uc, UC_CPU_PPC32_405D4);
  if (e == UC_ERR_OK)
    e = uc_mem_map_ptr(b->uc, b->ram_base, b->ram_size, UC_PROT_ALL, b->ram);
  if (e == UC_ERR_OK)
    e = uc_mem_map(b->uc, VBOARD_RESERVED_BASE, 0x1000, UC_PROT_ALL);
  if (e == UC_ERR_OK)
    e = uc_mmio_map(b->uc, b->ip_base, b->ip_size, ip_read, b, ip_write, b);
  if (e == UC_ERR_OK)
    e = uc_mmio_map(b->uc, b->uart_base, (b->uart_size + 0xFFF) & ~0xFFFu, uart_read, b, uart_write,
                    b);
  for (unsigned i = 0; i < b->noff && e == UC_ERR_OK; i++)
    e = uc_mem_unmap(b->uc, b->off[i].addr, b->off[i].len);
  if (e == UC_ERR_OK)
    e = uc_hook_add(b->uc, &b->h_block, UC_HOOK_BLOCK, (void *)hook_block, b, 1, 0);
  if (e == UC_ERR_OK)
    e = uc_hook_add(b->uc, &b->h_tramp, UC_HOOK_CODE, (void *)hook_tramp_end, b, TRAMPOLINE_END,
                    TRAMPOLINE_END);
  if (e == UC_ERR_OK)
    e = uc_hook_add(b->uc, &b->h_unmapped, UC_HOOK_MEM_UNMAPPED, (void *)hook_unmapped, b, 1, 0);
  if (e == UC_ERR_OK)
    e = uc_hook_add(b->uc, &b->h_intr, UC_HOOK_INTR, (void *)hook_intr, b, 1, 0);
  if (e == UC_ERR_OK && b->service)
    e = uc_hook_add(b->uc, &b->h_service, UC_HOOK_CODE, (void *)hook_service, b, b->service_addr,
                    b->service_addr);
  if (e == UC_ERR_OK && b->h_mem_on)
    e = uc_hook_add(b->uc, &b->h_mem, UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE, (void *)hook_mem, b,
                    b->ram_base, (uint64_t)b->ram_base + b->ram_size - 1);
  return e;
}

vboard *vboard_new(const void *dtb, size_t dtb_size, char *err, size_t errlen) {
  vboard *b = calloc(1, sizeof *b);
  if (!b || !(b->cache = calloc(BLOCK_CACHE, sizeof *b->cache))) {
    free(b);
    errf(err, errlen, "out of memory");
    return NULL;
  }
  static vboard_result scratch_result;
  b->r = &scratch_result;
  if (!(b->ip = hwprof_sim_new(NULL))) {
    errf(err, errlen, "cannot start the simulated IP");
    vboard_free(b);
    return NULL;
  }
  if (parse_dtb(b, dtb, dtb_size, err, errlen) < 0) {
    vboard_free(b);
    return NULL;
  }
  hwprof_sim_on_mem_write(b->ip, ip_mem_write, b);
  hwprof_sim_on_accept(b->ip, ip_accepted, b);
  const char *rb = getenv("HWPROF_RENEW_BYTES");
  b->renew_bytes = VBOARD_RENEW_BYTES;
  if (rb && *rb) {
    char *end;
    errno = 0;
    b->renew_bytes = strtoull(rb, &end, 0);
    if (*end || errno || *rb == '-') {
      errf(err, errlen, "HWPROF_RENEW_BYTES=%s: not a byte count (0 to 2^64-1)", rb);
      vboard_free(b);
      return NULL;
    }
  }
  uc_err e = (b->ram = calloc(1, b->ram_size)) ? engine_open(b) : UC_ERR_NOMEM;
  if (e != UC_ERR_OK) {
    errf(err, errlen, "CPU setup failed: %s", uc_strerror(e));
    vboard_free(b);
    return NULL;
  }
  /* The interrupt trampoline. */
  const uint32_t tramp[6] = {
      mtspr(SPR_SRR0, 3),
      mtspr(SPR_SRR1, 4),
      mfspr(3, SPR_EVPR),
      dform(36, 3, 0, (int16_t)(SCRATCH_EVPR - 0x100000000ull)), /* stw r3,EVPR(0) */
      dform(32, 3, 0, (int16_t)(SCRATCH_R3 - 0x100000000ull)),   /* lwz r3 */
      dform(32, 4, 0, (int16_t)(SCRATCH_R4 - 0x100000000ull)),   /* lwz r4 */
  };
  uint8_t code[sizeof tramp + 4];
  for (unsigned i = 0; i < 6; i++)
    put_be32(code + 4 * i, tramp[i]);
  put_be32(code + 24, 0x60000000); /* nop: the hook at TRAMPOLINE_END replaces it */
  uc_mem_write(b->uc, TRAMPOLINE, code, sizeof code);

  /* The DTB at the top of RAM. */
  uint32_t dtb_len = fdt_totalsize(dtb);
  b->dtb_addr = (b->ram_base + b->ram_size - dtb_len - 64) & ~63u;
  uc_mem_write(b->uc, b->dtb_addr, dtb, dtb_len);

  b->ip_cycle0 = hwprof_sim_cycle(b->ip);
  vboard_set_caches(b, 1);
  return b;
}

void vboard_free(vboard *b) {
  if (!b)
    return;
  if (b->uc)
    uc_close(b->uc);
  if (b->ip)
    hwprof_sim_free(b->ip);
  if (b->cache)
    for (unsigned i = 0; i < BLOCK_CACHE; i++)
      free(b->cache[i].prefix);
  free(b->cache);
  vcache_free(&b->ic);
  vcache_free(&b->dc);
  free(b->ram);
  free(b->off);
  free(b);
}

hwprof_sim *vboard_ip(vboard *b) {
  return b->ip;
}

/* --------------------------------------------------------------- ELF */

int vboard_load_elf(vboard *b, const char *path, char *err, size_t errlen) {
  size_t flen;
  const char *why;
  uint8_t *img = slurp(path, &flen, &why);
  if (!img)
    return errf(err, errlen, "%s: %s", path, why), -1;
  int rc = -1;
#define BAD(...)                                                                                   \
  do {                                                                                             \
    errf(err, errlen, __VA_ARGS__);                                                                \
    goto out;                                                                                      \
  } while (0)
  if (flen < 52 || memcmp(img, "\177ELF", 4))
    BAD("%s: not an ELF file", path);
  if (img[4] != 1)
    BAD("%s: not a 32-bit ELF (EI_CLASS %u)", path, img[4]);
  if (img[5] != 2)
    BAD("%s: not big-endian (EI_DATA %u)", path, img[5]);
  uint16_t type = (uint16_t)(img[16] << 8 | img[17]), mach = (uint16_t)(img[18] << 8 | img[19]);
  if (type != 2)
    BAD("%s: not an executable (e_type %u)", path, type);
  if (mach != 20)
    BAD("%s: not a PowerPC ELF (e_machine %u)", path, mach);
  uint32_t entry = be32(img + 24), phoff = be32(img + 28);
  uint16_t phentsize = (uint16_t)(img[42] << 8 | img[43]),
           phnum = (uint16_t)(img[44] << 8 | img[45]);
  if (phentsize != 32 || phnum == 0 || phoff > (uint64_t)flen ||
      (uint64_t)phoff + (uint64_t)phnum * 32 > (uint64_t)flen)
    BAD("%s: program headers out of the file", path);
  int loaded = 0;
  for (unsigned i = 0; i < phnum; i++) {
    const uint8_t *ph = img + phoff + 32 * i;
    uint32_t ptype = be32(ph), off = be32(ph + 4), vaddr = be32(ph + 8), filesz = be32(ph + 16),
             memsz = be32(ph + 20);
    if (ptype != 1) /* PT_LOAD */
      continue;
    if (filesz > memsz || (uint64_t)off + filesz > (uint64_t)flen)
      BAD("%s: segment %u is larger than the file", path, i);
    if (vaddr < b->ram_base || (uint64_t)vaddr + memsz > (uint64_t)b->ram_base + b->ram_size ||
        (uint64_t)vaddr + memsz > b->dtb_addr)
      BAD("%s: segment %u [%#x, +%#x) lies outside RAM (or over the DTB at %#x)", path, i, vaddr,
          memsz, b->dtb_addr);
    uc_mem_write(b->uc, vaddr, img + off, filesz);
    if (memsz > filesz) {
      uint8_t *zero = calloc(1, memsz - filesz);
      uc_mem_write(b->uc, vaddr + filesz, zero, memsz - filesz);
      free(zero);
    }
    loaded++;
  }
  if (!loaded)
    BAD("%s: no loadable segment", path);
  if (entry < b->ram_base || entry >= b->ram_base + b->ram_size)
    BAD("%s: entry point %#x is outside RAM", path, entry);
  b->entry = entry;
  b->loaded = 1;
  rc = 0;
#undef BAD
out:
  free(img);
  return rc;
}

/* --------------------------------------------------------------- run */

void vboard_start(vboard *b, uint64_t max_cycles, vboard_result *r) {
  memset(r, 0, sizeof *r);
  b->r = r;
  b->stop = 0;
  b->max_cycles = max_cycles;
  b->cur = b->prev = NULL;
  b->ip_start = hwprof_sim_cycle(b->ip);
  /* Host-side IP accesses before the run (set-up through the driver) moved the
   * IP's clock ahead of the CPU's: the run starts with both in step, so that
   * the CPU does not wait for time it never spent. */
  uint64_t want = ip_cycle_at(b, b->cycles);
  if (b->ip_start > want)
    b->ip_cycle0 += b->ip_start - want;
  uint32_t zero = 0;
  uc_reg_write(b->uc, UC_PPC_REG_MSR, &zero);
  if (hook_data_cache(b) < 0) {
    r->stop = VBOARD_FAULT;
    snprintf(r->message, sizeof r->message, "cannot model the data cache (Unicorn's memory hook)");
    b->stop = 1;
  }
}

/* Unicorn 2.0.1 keeps every translation of code the host has replaced
 * (vboard_code_changed) in its 1 GiB buffer, with a malloc'ed lookup node each,
 * until the buffer is full, and its own flush (UC_CTL_TB_FLUSH) zeroes the whole
 * buffer each time.  A translator that refills its code cache grows by hundreds of
 * MB that way.  So once VBOARD_RENEW_BYTES of code has been replaced (or
 * $HWPROF_RENEW_BYTES; 0: never, to compare), the board closes the emulator,
 * which frees all of it, and opens a new one in the same state: the CPU's
 * registers (the GPRs, PC, LR, CTR, CR, XER, MSR: the 405's other SPRs are not
 * carried over, and the translator's runs do not use them), the reserved page, the
 * maps and the hooks.  RAM is the host's and stays.  Nothing the board models
 * changes: its cycles and caches are host-side.  Only between runs of the CPU
 * (vboard_call), never from a hook. */
static void renew(vboard *b) {
  int ids[38];
  uint32_t regs[38];
  void *ptrs[38];
  for (int i = 0; i < 32; i++)
    ids[i] = UC_PPC_REG_0 + i;
  ids[32] = UC_PPC_REG_PC, ids[33] = UC_PPC_REG_LR, ids[34] = UC_PPC_REG_CTR;
  ids[35] = UC_PPC_REG_CR, ids[36] = UC_PPC_REG_XER, ids[37] = UC_PPC_REG_MSR;
  for (int i = 0; i < 38; i++)
    ptrs[i] = &regs[i];
  uint8_t page[0x1000];
  uc_err e = uc_reg_read_batch(b->uc, ids, ptrs, 38);
  int has_page = uc_mem_read(b->uc, VBOARD_RESERVED_BASE, page, sizeof page) == UC_ERR_OK;
  if (e == UC_ERR_OK) {
    uc_close(b->uc);
    b->uc = NULL;
    e = engine_open(b);
  }
  if (e == UC_ERR_OK && has_page) /* (unless taken off the bus) */
    e = uc_mem_write(b->uc, VBOARD_RESERVED_BASE, page, sizeof page);
  if (e == UC_ERR_OK)
    e = uc_reg_write_batch(b->uc, ids, ptrs, 38);
  if (e != UC_ERR_OK) {
    b->r->stop = VBOARD_FAULT;
    snprintf(b->r->message, sizeof b->r->message,
             "renewing the CPU's emulator (after %llu bytes of replaced code) failed: %s",
             (unsigned long long)b->replaced, uc_strerror(e));
    b->stop = 1;
    return;
  }
  b->replaced = 0;
  b->r->renewals++;
}

int vboard_call(vboard *b, uint32_t pc_start, uint32_t until) {
  if (!b->stop && b->renew_bytes && b->replaced >= b->renew_bytes)
    renew(b);
  if (b->stop)
    return 1;
  uc_err e = uc_emu_start(b->uc, pc_start, until, 0, 0);
  if (b->stop)
    return 1;
  if (b->pause && e == UC_ERR_OK) {
    b->pause = 0;
    return 2;
  }
  if (e != UC_ERR_OK) {
    b->r->stop = VBOARD_FAULT;
    snprintf(b->r->message, sizeof b->r->message, "CPU stopped at pc %#x: %s", pc(b),
             uc_strerror(e));
    b->stop = 1;
    return 1;
  }
  if (pc(b) != until) {
    fault(b, "the CPU stopped at pc %#x, not at %#x", pc(b), until);
    return 1;
  }
  b->cur = b->prev = NULL; /* the host runs between calls: no branch to charge */
  return 0;
}

void vboard_recover(vboard *b) {
  if (b->r->stop != VBOARD_FAULT || !(b->r->unmapped || b->r->trapped))
    return;
  b->stop = 0;
  b->r->stop = VBOARD_EXITED;
  b->r->unmapped = b->r->trapped = 0;
  b->r->message[0] = 0;
  b->cur = b->prev = NULL;
}

void vboard_exit(vboard *b, int exit_status) {
  if (!b->stop) {
    b->r->stop = VBOARD_EXITED;
    b->r->exit_status = exit_status;
    b->stop = 1;
  }
}

void vboard_finish(vboard *b) {
  vboard_result *r = b->r;
  hwprof_sim_drain(b->ip);
  if (hwprof_sim_post_errors(b->ip) && r->stop == VBOARD_EXITED) {
    b->stop = 0; /* a bus error before the exit still fails the run */
    check_posted(b);
  }
  flush_console(b);
  r->cpu_cycles = b->cycles;
  r->ip_cycles = hwprof_sim_cycle(b->ip) - b->ip_start;
}

int vboard_run(vboard *b, uint64_t max_cycles, vboard_result *r) {
  vboard_start(b, max_cycles, r);
  if (!b->loaded) {
    r->stop = VBOARD_FAULT;
    snprintf(r->message, sizeof r->message, "no firmware loaded");
    return 1;
  }
  uint32_t zero = 0, regs[3] = {b->dtb_addr, b->ip_base, b->uart_base};
  uc_reg_write(b->uc, UC_PPC_REG_1, &zero);
  uc_reg_write(b->uc, UC_PPC_REG_3, &regs[0]);
  uc_reg_write(b->uc, UC_PPC_REG_4, &regs[1]);
  uc_reg_write(b->uc, UC_PPC_REG_5, &regs[2]);
  if (vboard_call(b, b->entry, RUN_UNTIL) == 0 && !b->stop) {
    r->stop = VBOARD_FAULT;
    snprintf(r->message, sizeof r->message, "the CPU left the firmware (pc %#x)", pc(b));
  }
  vboard_finish(b);
  return r->stop == VBOARD_EXITED ? 0 : 1;
}

/* --------------------------------------------------------------- host access */

/* Room for n more off-bus ranges. */
static int off_room(vboard *b, unsigned n) {
  if (b->noff + n <= b->off_cap)
    return 0;
  unsigned cap = b->off_cap ? 2 * b->off_cap : 16;
  struct off_range *p = realloc(b->off, (size_t)(cap + n) * sizeof *p);
  if (!p)
    return -1;
  b->off = p;
  b->off_cap = cap + n;
  return 0;
}

int vboard_unmap(vboard *b, uint32_t addr, uint32_t len) {
  if (off_room(b, 1) < 0 || uc_mem_unmap(b->uc, addr, len) != UC_ERR_OK)
    return -1;
  b->off[b->noff].addr = addr;
  b->off[b->noff++].len = len;
  return 0;
}

int vboard_remap(vboard *b, uint32_t addr, uint32_t len) {
  if (addr < b->ram_base || addr - b->ram_base > b->ram_size ||
      len > b->ram_size - (addr - b->ram_base) || off_room(b, 1) < 0 ||
      uc_mem_map_ptr(b->uc, addr, len, UC_PROT_ALL, b->ram + (addr - b->ram_base)) != UC_ERR_OK)
    return -1;
  /* Off-bus ranges less [addr, addr + len): each keeps what is below and above it
   * (room for the one that may split in two is made above). */
  uint64_t end = (uint64_t)addr + len;
  for (unsigned i = 0, n = b->noff; i < n; i++) {
    struct off_range *r = &b->off[i];
    uint64_t r_end = (uint64_t)r->addr + r->len;
    if (r_end <= addr || r->addr >= end)
      continue;
    if (r_end > end) { /* what is above stays off, as a range of its own */
      b->off[b->noff].addr = (uint32_t)end;
      b->off[b->noff++].len = (uint32_t)(r_end - end);
    }
    r->len = r->addr < addr ? addr - r->addr : 0;
  }
  unsigned k = 0;
  for (unsigned i = 0; i < b->noff; i++)
    if (b->off[i].len)
      b->off[k++] = b->off[i];
  b->noff = k;
  return 0;
}

uint8_t *vboard_ram(vboard *b, uint32_t *base, uint32_t *size) {
  *base = b->ram_base;
  *size = b->ram_size;
  return b->ram;
}

uint32_t vboard_ip_base(const vboard *b) {
  return b->ip_base;
}

uint32_t vboard_dtb_addr(const vboard *b) {
  return b->dtb_addr;
}

void vboard_code_changed(vboard *b, uint32_t addr, uint32_t len) {
  uc_ctl_remove_cache(b->uc, addr, (uint64_t)addr + len);
  b->replaced += len;
  if (len > 64) /* a refill, not a patch: forget the costs of blocks in the range */
    for (unsigned i = 0; i < BLOCK_CACHE; i++)
      if (b->cache[i].prefix && b->cache[i].addr >= addr && b->cache[i].addr - addr < len)
        b->cache[i].size = 0;
}

void vboard_stop_points(vboard *b, int (*ok)(void *ctx, uint32_t addr), void *ctx) {
  b->stop_ok = ok;
  b->stop_ctx = ctx;
}

void vboard_pause(vboard *b) {
  b->pause = 1;
}

uint32_t vboard_paused_pc(const vboard *b) {
  return b->pause_pc;
}

int vboard_set_service(vboard *b, uint32_t addr, void (*fn)(void *ctx), void *ctx) {
  if (b->service)
    return -1;
  b->service = fn;
  b->service_ctx = ctx;
  b->service_addr = addr;
  return uc_hook_add(b->uc, &b->h_service, UC_HOOK_CODE, (void *)hook_service, b, addr, addr) ==
                 UC_ERR_OK
             ? 0
             : -1;
}

void vboard_charge_irq(vboard *b, uint64_t ip_cycles, uint64_t accesses) {
  stall(b, VBOARD_IRQ_ENTRY + VBOARD_HANDLER_FIXED + accesses + to_cpu(b, ip_cycles, b->bus_hz),
        &b->r->irq_cycles);
  b->r->irqs_serviced++;
}

void vboard_charge(vboard *b, uint64_t cycles) {
  stall(b, cycles, &b->r->service_cycles);
}

uint32_t vboard_entry(const vboard *b) {
  return b->entry;
}

uint64_t vboard_cycles(const vboard *b) {
  return b->cycles;
}

uint32_t vboard_cpu_hz(const vboard *b) {
  return b->cpu_hz;
}

void vboard_observe_blocks(vboard *b, void (*fn)(void *ctx, uint32_t addr, uint32_t size),
                           void *ctx) {
  b->observer = fn;
  b->observer_ctx = ctx;
}

void vboard_trace_events(vboard *b, FILE *f) {
  b->event_trace = f;
}

void vboard_get_gprs(vboard *b, uint32_t r[32]) {
  int ids[32];
  void *ptrs[32];
  for (int i = 0; i < 32; i++) {
    ids[i] = UC_PPC_REG_0 + i;
    ptrs[i] = &r[i];
  }
  uc_reg_read_batch(b->uc, ids, ptrs, 32);
}

void vboard_set_gpr(vboard *b, unsigned n, uint32_t v) {
  uc_reg_write(b->uc, UC_PPC_REG_0 + (int)n, &v);
}

uint32_t vboard_get_gpr(vboard *b, unsigned n) {
  uint32_t v = 0;
  uc_reg_read(b->uc, UC_PPC_REG_0 + (int)n, &v);
  return v;
}

uint32_t vboard_get_lr(vboard *b) {
  uint32_t v = 0;
  uc_reg_read(b->uc, UC_PPC_REG_LR, &v);
  return v;
}

void vboard_set_lr(vboard *b, uint32_t v) {
  uc_reg_write(b->uc, UC_PPC_REG_LR, &v);
}
