/*
 * vboard.c - the virtual board; see vboard.h.  This file: set-up, the block hook
 * and the run.  The board's state and what its files share are vboard_int.h's;
 * its time, cycle model and caches are vboard_timing.c's, the devices on its bus
 * and the interrupt vboard_dev.c's, the device tree vboard_dt.c's, firmware
 * loading vboard_elf.c's.  What follows describes the board as a whole.
 *
 * Cycle model (CPU cycles per PowerPC instruction; PPC405 Core User's Manual,
 * SA14-2339-04, appendix C), on top of the caches (below).  TLB misses are not
 * modelled (the board runs in real mode).  The CPU is cycle-approximate; the IP
 * is the RTL.
 *
 *   integer ALU, compare, rotate, logical, CR ops            1
 *   load (cache hit)                                          1, +1 when the next
 *                                                             instruction reads the
 *                                                             loaded register (load-use:
 *                                                             as rA, rB, or rS of the
 *                                                             rotates, logical ops, moves
 *                                                             to SPRs and stores)
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
 * when the next block shows which way it went.  A block that goes on where the one
 * before ended (Unicorn cuts straight-line code at a page's end) is charged the
 * load-use wait of its first instruction on the load that ended the one before: the
 * core does not see where Unicorn cut, and without it the cycles of the same code
 * would depend on where it lies.
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
 *     bus time of the castout (its latency vb_overlaps, the core buffers flushes)
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

#include "vboard_int.h"

#include <errno.h>
#include <libfdt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicorn/unicorn.h>

#include "envnum.h"
#include "errf.h"
#include "hwprof.h"
#include "hwprof_fdt.h"
#include "hwprof_sim_bus.h"
#include "slurp.h"
#include "vcache.h"

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
    if (taken != (int)b->prev->cond_target_taken) {
      b->cycles += 2;
      b->r->part_cycles[b->prev->last_part] += 2;
    }
  }
  /* The block before ends where this one starts (Unicorn cut the code there: a page's
   * end, its limit of instructions): the pipeline does not see the cut, and this
   * block's first instruction waits for a load the block before ended with.  (Taken
   * from the block before now: looking this block up may reuse its entry.) */
  uint32_t tail = b->prev && addr == b->prev->addr + b->prev->size ? b->prev->last : 0;
  if (b->prof) /* the block before ends here */
    vb_prof_stop(b);
  if (addr >= VBOARD_RESERVED_BASE) { /* the interrupt trampoline: not the guest's */
    b->msr_known = 0;
    b->cur = NULL;
    b->prev = NULL;
    return;
  }
  /* The cycle limit and vboard_interrupt stop the CPU before this block (the
   * first one vboard_stop_points allows): Unicorn leaves it unexecuted, and it is
   * neither charged nor observed, so every count covers exactly the blocks that
   * ran. */
  /* A stop due that finds no block the runtime allows for VBOARD_STOP_GRACE cycles
   * is made anyway: translated code that loops without reaching one (the guest
   * wrote over it) must not outrun the limit or Ctrl-C. */
  int due = (b->max_cycles && b->cycles >= b->max_cycles) || interrupt_sig;
  if (due && b->stop_from == VBOARD_NO_STOP)
    b->stop_from = b->cycles;
  int forced = due && b->cycles - b->stop_from > VBOARD_STOP_GRACE;
  if (due && (forced || !b->stop_ok || b->stop_ok(b->stop_ctx, addr))) {
    b->r->stop = interrupt_sig ? VBOARD_INTERRUPTED : VBOARD_LIMIT;
    b->r->signal = interrupt_sig;
    b->r->stop_pc = addr;
    if (interrupt_sig)
      snprintf(b->r->message, sizeof b->r->message, "interrupted by signal %d at %#x",
               (int)interrupt_sig, addr);
    else
      snprintf(b->r->message, sizeof b->r->message, "cycle limit %llu reached at %#x",
               (unsigned long long)b->max_cycles, addr);
    if (forced) /* (the counts of the blocks in the loop are not exact) */
      snprintf(b->r->message + strlen(b->r->message), sizeof b->r->message - strlen(b->r->message),
               ", %u cycles after it was due, in code that reaches no block start (has the "
               "guest written over the translated code?)",
               VBOARD_STOP_GRACE);
    b->stop = 1;
    b->cur = NULL;
    b->prev = NULL;
    uc_emu_stop(b->uc);
    return;
  }
  if (b->in_irq_entry) {
    /* The handler's first instruction: the latency from the line rising. */
    uint64_t rise = vb_cpu_cycle_at(b, hwprof_sim_irq_rise_cycle(b->ip));
    uint64_t lat = b->cycles > rise ? b->cycles - rise : 0;
    b->r->irq_latency_sum += lat;
    if (lat > b->r->irq_latency_max)
      b->r->irq_latency_max = lat;
    b->in_irq_entry = 0;
  }
  /* External interrupt: sampled at every block boundary. */
  if (!b->msr_known || (b->prev && b->prev->sets_msr)) {
    b->msr = 0;
    uc_reg_read(b->uc, UC_PPC_REG_MSR, &b->msr);
    b->msr_known = 1;
  }
  if (b->msr & MSR_EE) {
    vb_sync_ip(b, b->cycles);
    if (hwprof_sim_irq(b->ip)) {
      vb_take_interrupt(b, addr);
      b->cur = NULL;
      b->prev = NULL;
      return;
    }
  }
  block *k = vb_lookup_block(b, addr, size);
  if (!k) {
    fault(b, "cannot read the block at %#x (%u bytes)", addr, size);
    return;
  }
  /* Fetched before the observer counts it: a block that cannot run is not counted.
   * (When the observer pauses the CPU here, the block runs when the host resumes,
   * and hits.) */
  if (b->prof)
    vb_prof_block(b, addr, size);
  if (b->caches_on && b->has_ic && vb_fetch_block(b, addr, size) < 0)
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
  if (tail && vb_load_use(tail, k->first)) { /* (0 is no load) */
    b->cycles++;
    b->r->part_cycles[k->first_part]++;
  }
  b->block_start = b->cycles;
  b->block_extra = 0;
  b->cycles += k->cost;
  for (unsigned i = 0; i < VBOARD_PARTS; i++)
    b->r->part_cycles[i] += k->part_cost[i];
  b->cur = k;
  b->prev = k;
  b->r->insns += k->n;
  b->r->blocks++;
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
    e = uc_mmio_map(b->uc, b->ip_base, b->ip_size, vb_ip_read, b, vb_ip_write, b);
  if (e == UC_ERR_OK)
    e = uc_mmio_map(b->uc, b->uart_base, (b->uart_size + 0xFFF) & ~0xFFFu, vb_uart_read, b,
                    vb_uart_write, b);
  for (unsigned i = 0; i < b->noff && e == UC_ERR_OK; i++)
    e = uc_mem_unmap(b->uc, b->off[i].addr, b->off[i].len);
  if (e == UC_ERR_OK)
    e = uc_hook_add(b->uc, &b->h_block, UC_HOOK_BLOCK, (void *)hook_block, b, 1, 0);
  if (e == UC_ERR_OK)
    e = uc_hook_add(b->uc, &b->h_tramp, UC_HOOK_CODE, (void *)vb_hook_tramp_end, b, TRAMPOLINE_END,
                    TRAMPOLINE_END);
  if (e == UC_ERR_OK)
    e = uc_hook_add(b->uc, &b->h_unmapped, UC_HOOK_MEM_UNMAPPED, (void *)vb_hook_unmapped, b, 1, 0);
  if (e == UC_ERR_OK)
    e = uc_hook_add(b->uc, &b->h_intr, UC_HOOK_INTR, (void *)vb_hook_intr, b, 1, 0);
  if (e == UC_ERR_OK && b->service)
    e = uc_hook_add(b->uc, &b->h_service, UC_HOOK_CODE, (void *)vb_hook_service, b, b->service_addr,
                    b->service_addr);
  if (e == UC_ERR_OK && b->h_mem_on)
    e = uc_hook_add(b->uc, &b->h_mem, UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE, (void *)vb_hook_mem, b,
                    b->ram_base, (uint64_t)b->ram_base + b->ram_size - 1);
  return e;
}

/* The IP's model for the boards made from now on (vboard_use_ip_model). */
static hwprof_sim_model ip_model = HWPROF_SIM_FAST;

void vboard_use_ip_model(hwprof_sim_model model) {
  ip_model = model;
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
  hwprof_sim_config ipc = {NULL, 1, ip_model};
  if (!(b->ip = hwprof_sim_new(&ipc))) {
    errf(err, errlen, "cannot start the simulated IP");
    vboard_free(b);
    return NULL;
  }
  if (vb_parse_dtb(b, dtb, dtb_size, err, errlen) < 0) {
    vboard_free(b);
    return NULL;
  }
  hwprof_sim_on_mem_write(b->ip, vb_ip_mem_write, b);
  hwprof_sim_on_accept(b->ip, vb_ip_accepted, b);
  b->renew_bytes = VBOARD_RENEW_BYTES;
  if (env_number("HWPROF_RENEW_BYTES", 0, UINT64_MAX, &b->renew_bytes, err, errlen) < 0) {
    vboard_free(b);
    return NULL;
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
  vb_prof_free(b->prof);
  free(b);
}

hwprof_sim *vboard_ip(vboard *b) {
  return b->ip;
}

/* --------------------------------------------------------------- run */

void vboard_start(vboard *b, uint64_t max_cycles, vboard_result *r) {
  memset(r, 0, sizeof *r);
  b->r = r;
  b->stop = 0;
  b->stop_from = VBOARD_NO_STOP;
  b->max_cycles = max_cycles;
  b->cur = b->prev = NULL;
  b->ip_start = hwprof_sim_cycle(b->ip);
  /* Host-side IP accesses before the run (set-up through the driver) moved the
   * IP's clock ahead of the CPU's: the run starts with both in step, so that
   * the CPU does not wait for time it never spent. */
  uint64_t want = vb_ip_cycle_at(b, b->cycles);
  if (b->ip_start > want)
    b->ip_cycle0 += b->ip_start - want;
  uint32_t zero = 0;
  uc_reg_write(b->uc, UC_PPC_REG_MSR, &zero);
  if (vb_hook_data_cache(b) < 0) {
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
  b->msr_known = 0; /* (the host may have written it) */
  uc_err e = uc_emu_start(b->uc, pc_start, until, 0, 0);
  if (b->prof)
    vb_prof_stop(b);
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

void vboard_refault(vboard *b, const vboard_result *held) {
  b->stop = 1;
  b->r->stop = VBOARD_FAULT;
  b->r->unmapped = held->unmapped;
  b->r->trapped = held->trapped;
  b->r->fault_addr = held->fault_addr;
  b->r->fault_pc = held->fault_pc;
  memcpy(b->r->message, held->message, sizeof b->r->message);
  b->cur = b->prev = NULL;
}

void vboard_exit(vboard *b, int exit_status) {
  if (!b->stop) {
    b->r->stop = VBOARD_EXITED;
    b->r->exit_status = exit_status;
    b->stop = 1;
    uc_emu_stop(b->uc); /* (from a hook: the CPU stops here) */
  }
}

void vboard_finish(vboard *b) {
  vboard_result *r = b->r;
  hwprof_sim_drain(b->ip);
  if (hwprof_sim_post_errors(b->ip) && r->stop == VBOARD_EXITED) {
    b->stop = 0; /* a bus error before the exit still fails the run */
    vb_check_posted(b);
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
  return uc_hook_add(b->uc, &b->h_service, UC_HOOK_CODE, (void *)vb_hook_service, b, addr, addr) ==
                 UC_ERR_OK
             ? 0
             : -1;
}

/* An interrupt's handler: the vector, `fixed` cycles of its own, an instruction per
 * access to the IP and the bus time they took. */
static void charge_irq(vboard *b, uint64_t fixed, uint64_t ip_cycles, uint64_t accesses) {
  vb_stall(b, VBOARD_IRQ_ENTRY + fixed + accesses + vb_to_cpu(b, ip_cycles, b->bus_hz),
           &b->r->irq_cycles);
  b->r->irqs_serviced++;
}

void vboard_charge_irq(vboard *b, uint64_t ip_cycles, uint64_t accesses) {
  charge_irq(b, VBOARD_HANDLER_FIXED, ip_cycles, accesses);
}

void vboard_charge_irq_rest(vboard *b, uint64_t ip_cycles, uint64_t accesses) {
  charge_irq(b, VBOARD_HANDLER_VECTOR, ip_cycles, accesses);
}

void vboard_sync_ip(vboard *b) {
  vb_sync_ip(b, b->cycles);
}

void vboard_on_exception(vboard *b, int (*fn)(void *ctx, vboard_exc kind, uint32_t pc), void *ctx) {
  b->on_exc = fn;
  b->exc_ctx = ctx;
}

void vboard_data_access(vboard *b, uint32_t addr, unsigned size, int store) {
  if (b->h_mem_on)
    vb_hook_mem(b->uc, store ? UC_MEM_WRITE : UC_MEM_READ, addr, (int)size, 0, b);
}

void vboard_fault(vboard *b, const char *fmt, ...) {
  if (b->stop)
    return;
  char msg[sizeof b->r->message];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fault(b, "%s", msg);
}

void vboard_set_pc(vboard *b, uint32_t v) {
  uc_reg_write(b->uc, UC_PPC_REG_PC, &v);
}

const char *vboard_message(const vboard *b) {
  return b->r ? b->r->message : "";
}

uint32_t vboard_get_cr(vboard *b) {
  uint32_t v = 0;
  uc_reg_read(b->uc, UC_PPC_REG_CR, &v);
  return v;
}

void vboard_set_cr(vboard *b, uint32_t v) {
  uc_reg_write(b->uc, UC_PPC_REG_CR, &v);
}

void vboard_charge(vboard *b, uint64_t cycles) {
  vb_stall(b, cycles, &b->r->service_cycles);
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

void vboard_mark_words(vboard *b, unsigned (*part_of)(void *ctx, uint32_t addr), void *ctx) {
  b->part_of = part_of;
  b->part_ctx = ctx;
}

const vboard_result *vboard_counters(const vboard *b) {
  return b->r;
}

void vboard_trace_events(vboard *b, FILE *f) {
  b->event_trace = f;
}

void vboard_trace_keys(vboard *b, uint32_t (*key)(void *ctx, uint32_t word), void *ctx) {
  b->trace_key = key;
  b->trace_key_ctx = ctx;
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

/* The registers of a vboard_cpu, in its order, and where each goes. */
static void cpu_regs(const vboard_cpu *c, int ids[36], void *ptrs[36]) {
  static const int extra[] = {UC_PPC_REG_LR, UC_PPC_REG_CTR, UC_PPC_REG_CR, UC_PPC_REG_XER};
  for (int i = 0; i < 36; i++) {
    ids[i] = i < 32 ? UC_PPC_REG_0 + i : extra[i - 32];
    ptrs[i] = (void *)&c->v[i];
  }
}

void vboard_save_cpu(vboard *b, vboard_cpu *c) {
  int ids[36];
  void *ptrs[36];
  cpu_regs(c, ids, ptrs);
  uc_reg_read_batch(b->uc, ids, ptrs, 36);
}

void vboard_restore_cpu(vboard *b, const vboard_cpu *c) {
  int ids[36];
  void *ptrs[36];
  cpu_regs(c, ids, ptrs);
  uc_reg_write_batch(b->uc, ids, ptrs, 36);
}
