/*
 * vboard_int.h - the board's state and what its files share (vboard.c: set-up,
 * the block hook and the run; vboard_timing.c; vboard_dev.c; vboard_dt.c;
 * vboard_elf.c).  Internal to sim/: the board's interface is vboard.h.
 */
#ifndef HWPROF_SIM_VBOARD_INT_H
#define HWPROF_SIM_VBOARD_INT_H

#include <stdarg.h>
#include <stdio.h>
#include <unicorn/unicorn.h>

#include "hwprof_sim.h"
#include "vboard.h"
#include "vcache.h"

#define VBOARD_WRITE_BUFFER   4          /* posted MMIO stores the CPU may have outstanding */
#define VBOARD_BUS_HOLD_MAX   1000000u   /* IP cycles a store may be held before a fault */
#define VBOARD_STOP_GRACE     1000000u   /* CPU cycles a due stop waits for a block start */
#define VBOARD_NO_STOP        UINT64_MAX /* (stop_from: no stop due) */
#define VBOARD_IRQ_ENTRY      4          /* CPU cycles to vector an external interrupt */
/* A handler of the interrupt run host-side (vboard_charge_irq): the vector's
 * branch (1), a C prologue and epilogue saving and restoring the volatile state
 * (r0, r3-r12, CR, LR, CTR, XER: 15 stores and 15 loads, 4 mfspr, 4 mtspr) and
 * rfi (4). */
#define VBOARD_HANDLER_FIXED  (1 + 15 + 15 + 4 + 4 + 4)
/* ... and one whose code runs on the board's CPU, its prologue and epilogue with it
 * (vboard_charge_irq_rest): the vector's branch and rfi. */
#define VBOARD_HANDLER_VECTOR (1 + 4)
#define SYNC_CYCLES           4     /* sync, isync */
#define BLOCK_CACHE           65536 /* entries, a power of two */

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
#define RUN_UNTIL          VBOARD_NEVER
#define PPC_EXCP_PROGRAM   6          /* Unicorn's exception number (QEMU's POWERPC_EXCP_PROGRAM) */
#define PPC_EXCP_SYSCALL   8          /* ... for sc (QEMU's POWERPC_EXCP_SYSCALL) */
#define PPC_EXCP_ILLEGAL   96         /* ... for an opcode the 405 lacks (measured: FP, 0) */
#define VBOARD_RENEW_BYTES (1u << 18) /* code replaced before the emulator is renewed */

typedef struct block {
  uint32_t addr, size, first; /* first: the first instruction word, to spot rewrites */
  uint32_t last;              /* ... and the last (a bc whose prediction was patched) */
  uint32_t cost;              /* cycles for the whole block (branch predicted right) */
  uint32_t n;                 /* instructions */
  uint32_t cond_target_taken; /* ends in bc: 1 if statically predicted taken */
  int cond;                   /* ends in a conditional branch */
  int sets_msr;               /* holds an instruction that writes the MSR (msr_known) */
  uint16_t *prefix;           /* cycles before instruction i */
  unsigned last_part;         /* the part of its last instruction (a mispredicted branch's) */
  unsigned first_part;        /* ... and of its first (a wait for the block before's load) */
  /* cost's share of each part's instructions (vboard_mark_words) */
  uint32_t part_cost[VBOARD_PARTS];
} block;

/* vboard_prof.c: cycles by code word in one range (vboard_prof_range). */
typedef struct vb_prof vb_prof;
void vb_prof_block(vboard *b, uint32_t addr, uint32_t size); /* a block about to run */
void vb_prof_stop(vboard *b); /* at a block boundary and when the host's call ends */
void vb_prof_free(vb_prof *p);

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
  unsigned (*part_of)(void *ctx, uint32_t addr); /* vboard_mark_words */
  void *part_ctx;
  FILE *event_trace;                               /* vboard_trace_events */
  uint32_t (*trace_key)(void *ctx, uint32_t word); /* vboard_trace_keys */
  void *trace_key_ctx;
  uint32_t event_origin; /* the IP's EVENT_ORIGIN, for the event trace */
  int pause;             /* the observer asked for the host (vboard_pause) */
  uint32_t pause_pc;     /* the block the CPU stopped at, not executed yet */
  uint64_t ip_start;     /* the IP's cycle when the run started */
  uc_hook h_block, h_tramp, h_unmapped, h_intr, h_service;
  int (*on_exc)(void *ctx, vboard_exc kind, uint32_t pc); /* vboard_on_exception */
  void *exc_ctx;
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
  uint32_t *imiss, imiss_base, imiss_size;  /* vboard_count_icache_misses */
  uint32_t alias_from, alias_len, alias_to; /* vboard_alias */
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
  uint64_t stop_from; /* the cycle a stop was first due at (VBOARD_NO_STOP: none) */
  uint64_t ip_cycle0; /* the IP's cycle when the CPU was at cycle 0 */
  int in_irq_entry;
  /* The MSR as the block hook last read it (uc_reg_read is a tenth of the hook's cost),
   * while msr_known: until a block that writes it (block.sets_msr) has run, an
   * exception or interrupt has been taken, or the host has run between calls. */
  uint32_t msr;
  int msr_known;
  vb_prof *prof; /* vboard_prof_range's profile, or NULL (vboard_prof.c) */

  vboard_result *r;
  int stop;
  char outbuf[4096];
  size_t outlen;
};

/* ------------------------------------------------------------ helpers */

static inline void fault(vboard *b, const char *fmt, ...) {
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

static inline uint32_t pc(vboard *b) {
  uint32_t v = 0;
  uc_reg_read(b->uc, UC_PPC_REG_PC, &v);
  return v;
}

static inline uint32_t be32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline void put_be32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

static inline void flush_console(vboard *b) {
  if (b->outlen) {
    fwrite(b->outbuf, 1, b->outlen, stdout);
    fflush(stdout);
    b->outlen = 0;
  }
}

/* ------------------------------------------------------------ vboard_dev.c */

void vb_take_interrupt(vboard *b, uint32_t at);
void vb_hook_tramp_end(uc_engine *uc, uint64_t addr, uint32_t size, void *user);
/* A host service (vboard_set_service): runs before the instruction at its address. */
void vb_hook_service(uc_engine *uc, uint64_t addr, uint32_t size, void *user);
/* A posted store answered SLVERR is a bus error: on the 405 a machine check. */
void vb_check_posted(vboard *b);
uint64_t vb_ip_read(uc_engine *uc, uint64_t off, unsigned size, void *user);
/* The IP's AXI4 write master (its spill ring) reaches the board's RAM: a word
 * store in the CPU's byte order.  Anything else answers SLVERR. */
int vb_ip_mem_write(void *ctx, uint32_t addr, uint32_t data);
/* Stores to the IP are words, except in its EVENT window (hwprof_regs.h), where the
 * address is the event and a byte or halfword store is the one-instruction probe. */
void vb_ip_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t val, void *user);
/* Every write the IP accepts, the CPU's and the host-side driver's, in bus order:
 * the event trace, with EVENT_ORIGIN as the IP has it for the window's stores. */
void vb_ip_accepted(void *ctx, uint32_t addr, uint32_t data, int dropped);
uint64_t vb_uart_read(uc_engine *uc, uint64_t off, unsigned size, void *user);
void vb_uart_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t val, void *user);
bool vb_hook_unmapped(uc_engine *uc, uc_mem_type type, uint64_t addr, int size, int64_t v,
                      void *user);
void vb_hook_intr(uc_engine *uc, uint32_t intno, void *user);

/* ------------------------------------------------------------ vboard_dt.c */

int vb_overlaps(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen);
int vb_parse_dtb(vboard *b, const void *fdt, size_t size, char *err, size_t errlen);

/* ------------------------------------------------------------ vboard_timing.c */

/* The IP cycle that corresponds to CPU cycle t (the clocks from the device tree). */
uint64_t vb_ip_cycle_at(const vboard *b, uint64_t t);
/* n cycles of a clock of hz, in CPU cycles, rounded up. */
uint64_t vb_to_cpu(const vboard *b, uint64_t n, uint32_t hz);
/* The first CPU cycle at or after IP cycle c. */
uint64_t vb_cpu_cycle_at(const vboard *b, uint64_t c);
/* Advances the RTL to CPU cycle t (it never runs ahead of the CPU). */
void vb_sync_ip(vboard *b, uint64_t t);
/* The CPU's time at the instruction now executing inside the current block. */
uint64_t vb_cpu_now(vboard *b);
/* Stalls the CPU inside the current block; the stall is added to *counter. */
void vb_stall(vboard *b, uint64_t cycles, uint64_t *counter);
/* The CPU waits until CPU cycle t; the wait is added to *counter. */
void vb_wait_until(vboard *b, uint64_t t, uint64_t now, uint64_t *counter);
block *vb_lookup_block(vboard *b, uint32_t addr, uint32_t size);
/* Whether instruction `next` waits for the register instruction `load` loads. */
int vb_load_use(uint32_t load, uint32_t next);
/* The instruction cache's lines for the block [addr, addr + size), before it
 * runs: -1 (a fault) if the fetch would run instructions that are not the ones
 * in RAM. */
int vb_fetch_block(vboard *b, uint32_t addr, uint32_t size);
/* Every load and store to RAM: the data cache. */
void vb_hook_mem(uc_engine *uc, uc_mem_type type, uint64_t addr, int size, int64_t v, void *user);
/* The data cache's memory hook, added when a run starts with the caches on (a
 * hook that existed when Unicorn translated code keeps its cost in those
 * translations, even once deleted). */
int vb_hook_data_cache(vboard *b);

#endif
