/*
 * vboard.h - the virtual board: a PowerPC 405 (Unicorn) on a bus described by a
 * device tree, with the Verilated hwprof IP and a console UART.
 *
 * The board builds itself from a DTB (firmware/boards/ml300-virtual.dts): RAM
 * from the memory node, the CPU clock from /cpus/cpu@0, the IP's window, clock
 * and interrupt from its node (checked against the RTL's CONFIG), the UART
 * ("hwprof,sim-uart").  Time is kept in CPU cycles by a cycle model (vboard.c,
 * "Cycle model"); the IP's RTL is advanced lazily to the CPU's time whenever the
 * CPU touches it or could see its interrupt, using the clock ratio.
 *
 * Boot protocol: the ELF's PT_LOAD segments are copied to RAM, the DTB to the
 * top of RAM; the CPU starts at the ELF entry in supervisor real mode with
 * r1 = 0, r3 = the DTB's address, r4 = the IP's base, r5 = the UART's base.
 * Firmware ends the run by writing its exit status to the UART's EXIT register.
 *
 *   char err[256];
 *   vboard *b = vboard_new(dtb, dtb_len, err, sizeof err);
 *   if (!b || vboard_load_elf(b, "fw.elf", err, sizeof err) < 0) die(err);
 *   vboard_result r;
 *   vboard_run(b, 0, &r);         // r.exit_status, r.cpu_cycles, ...
 *   vboard_free(b);
 */
#ifndef HWPROF_VBOARD_H
#define HWPROF_VBOARD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hwprof_sim.h"

typedef struct vboard vboard;

/* UART registers ("hwprof,sim-uart"). */
#define VBOARD_UART_TX     0x0 /* WO: write a byte to the console */
#define VBOARD_UART_STATUS 0x4 /* RO: bit 0 = ready to send (always) */
#define VBOARD_UART_EXIT   0x8 /* WO: end the run with this exit status */

/* The board's reserved page (trampoline and scratch) at the top of the address
 * space; firmware must not use it. */
#define VBOARD_RESERVED_BASE 0xFFFFF000u
/* An address the CPU never reaches (the reserved page's last word): vboard_call's
 * `until` for a run that ends only by vboard_exit or a fault. */
#define VBOARD_NEVER         (VBOARD_RESERVED_BASE + 0xFFCu)

typedef enum vboard_stop {
  VBOARD_EXITED,      /* firmware wrote EXIT */
  VBOARD_LIMIT,       /* the cycle limit was reached */
  VBOARD_FAULT,       /* unmapped access, bad instruction, bus error: see message */
  VBOARD_INTERRUPTED, /* vboard_interrupt() was called (a signal to the host) */
} vboard_stop;

#define VBOARD_PARTS 4 /* vboard_mark_words */

typedef struct vboard_result {
  vboard_stop stop;
  int exit_status;
  char message[256];        /* why it stopped, for VBOARD_FAULT */
  uint64_t cpu_cycles;      /* simulated CPU cycles */
  uint64_t insns;           /* PowerPC instructions executed */
  uint64_t blocks;          /* translation blocks executed */
  uint64_t ip_cycles;       /* IP clock cycles simulated */
  uint64_t ip_writes;       /* stores to the IP */
  uint64_t ip_events;       /* ... of them, events (EVENT or the EVENT window) */
  uint64_t ip_reads;        /* loads from the IP */
  uint64_t stall_cycles;    /* CPU cycles stalled on a full write buffer */
  uint64_t load_cycles;     /* CPU cycles loads from the IP waited for the bus */
  uint64_t irqs;            /* external interrupts taken */
  uint64_t irq_latency_max; /* CPU cycles from the line rising to the vector */
  uint64_t irq_latency_sum;
  uint64_t icache_lines; /* instruction-cache lookups (a line per block entry) */
  uint64_t icache_misses;
  uint64_t icache_stall_cycles; /* CPU cycles waiting for instruction line fills */
  uint64_t dcache_accesses;     /* loads and stores to RAM (a line each) */
  uint64_t dcache_misses;
  uint64_t dcache_castouts;     /* dirty lines replaced */
  uint64_t dcache_stall_cycles; /* CPU cycles waiting for data line fills and castouts */
  uint64_t code_sync_lines;     /* vboard_code_sync: lines made visible to fetch */
  uint64_t code_sync_cycles;    /* ... and its cycles (dcbst, icbi, sync, isync) */
  uint64_t irqs_serviced;       /* vboard_charge_irq: interrupts handled host-side */
  uint64_t irq_cycles;          /* ... and their cycles */
  uint64_t service_calls;       /* vboard_set_service: the service's runs */
  uint64_t service_cycles;      /* vboard_charge: cycles charged for work done on the host */
  uint64_t renewals;            /* the CPU's emulator renewed to free replaced code (vboard.c) */
  int unmapped;                 /* VBOARD_FAULT was an access to an unmapped address: */
  uint32_t fault_addr;          /*   that address */
  uint32_t fault_pc;            /*   and the instruction's (exact for a trap) */
  int trapped;                  /* VBOARD_FAULT was a trap (tw, twi) at fault_pc */
  uint32_t stop_pc;             /* VBOARD_LIMIT, VBOARD_INTERRUPTED: the block the CPU
                                   stopped before, not run or charged */
  int signal;                   /* VBOARD_INTERRUPTED: vboard_interrupt's signal */
  uint32_t fetch_fault;         /* VBOARD_FAULT fetching the block at this address (stale code) */
  /* vboard_mark_words: the cycles of each part's instructions in the blocks executed, their
   * load-use waits and mispredicted branches included (part 0: the unmarked). */
  uint64_t part_cycles[VBOARD_PARTS];
} vboard_result;

/* The caches as the board models them (vboard.c, "Caches"). */
typedef struct vboard_cache_info {
  int on;                                             /* modelled in this run */
  uint32_t icache_size, icache_line, icache_ways;     /* 0: the DT gives no instruction cache */
  uint32_t dcache_size, dcache_line, dcache_ways;     /* 0: no data cache */
  uint32_t fill_cycles, castout_cycles, write_cycles; /* CPU cycles a line */
} vboard_cache_info;

/* Builds the board from a DTB.  Returns NULL with a message naming the problem
 * (missing or malformed node, overlapping regions, IP parameters that differ
 * from the compiled RTL, a cache geometry or memory timing that is incomplete). */
vboard *vboard_new(const void *dtb, size_t dtb_size, char *err, size_t errlen);
/* The model of the IP that boards made after this call simulate (hwprof_sim.h):
 * HWPROF_SIM_FAST, the default, or HWPROF_SIM_CHECKED, with the RTL's assertions
 * (the same cycles and counts, more host time). */
void vboard_use_ip_model(hwprof_sim_model model);

/* The caches the device tree describes are modelled (on, the default) or every
 * access hits (off, the ideal model, for comparison); before vboard_start. */
void vboard_set_caches(vboard *b, int on);

/* Fills *info; returns 0 when the device tree describes no cache. */
int vboard_caches(const vboard *b, vboard_cache_info *info);

/* From now on, each instruction-cache miss on a line in [base, base + size) adds
 * one to misses[(line - base) / icache_line] (NULL: no longer counted; the caller
 * owns the array, size / icache_line entries). */
void vboard_count_icache_misses(vboard *b, uint32_t base, uint32_t size, uint32_t *misses);

/* The host wrote [addr, addr + len) as the translator on the CPU would, by stores
 * through the data cache: the lines are dirty there, and a line the instruction
 * cache holds is stale.  A fetch of either is a fault until vboard_code_sync.
 * (Unicorn's own translations are vboard_code_changed's.) */
void vboard_code_write(vboard *b, uint32_t addr, uint32_t len);

/* From now on the caches' model sees each load and store in [from, from + len) as one
 * at the same offset from `to` (len 0: no alias).  The CPU's bytes are from's: a
 * window the host copies to `to` afterwards, standing for stores made there
 * (dbt/onboard.c: the translator on the board writes its code so). */
void vboard_alias(vboard *b, uint32_t from, uint32_t len, uint32_t to);

/* dcbst each line of [addr, addr + len), sync, icbi each line, isync: the code
 * is visible to fetch; the cycles are charged.  Nothing when the caches are off.
 * `what` is both (the real sequence), or one of them for the tests that show the
 * board catches the other missing. */
enum { VBOARD_SYNC_DCBST = 1, VBOARD_SYNC_ICBI = 2, VBOARD_SYNC_BOTH = 3 };
void vboard_code_sync(vboard *b, uint32_t addr, uint32_t len, int what);

/* An interrupt handled host-side: charges the vector, the handler's fixed
 * prologue and epilogue, an instruction per bus access and the bus time the
 * accesses took (ip_cycles of the IP's clock). */
void vboard_charge_irq(vboard *b, uint64_t ip_cycles, uint64_t accesses);
/* ... one whose code ran on the board's CPU (its prologue and epilogue, its own
 * accesses in the cycles already): charges the vector and rfi, and what the host
 * did for it as above. */
void vboard_charge_irq_rest(vboard *b, uint64_t ip_cycles, uint64_t accesses);
/* The IP's clock brought up to the CPU's (its posted stores taken): after a handler
 * that ran on the board acknowledged the interrupt, the line as it is by then. */
void vboard_sync_ip(vboard *b);
void vboard_free(vboard *b);

/* Loads a 32-bit big-endian PowerPC ELF executable.  Returns 0 or -1 with a
 * message (not ELF, wrong class/endianness/machine, segment outside RAM, ...). */
int vboard_load_elf(vboard *b, const char *path, char *err, size_t errlen);

/* A function of an ELF file's symbol table: its name and the addresses it covers. */
typedef struct vboard_sym {
  uint32_t addr, size;
  char name[48];
} vboard_sym;

/* The functions (and the code labels of assembly) of a 32-bit big-endian PowerPC
 * ELF file whose addresses lie in [lo, hi), sorted by address; *out is malloc'd.
 * Returns their number or -1 with a message (not such an ELF, no symbol table). */
long vboard_elf_functions(const char *path, uint32_t lo, uint32_t hi, vboard_sym **out, char *err,
                          size_t errlen);

/* A profile of the board's CPU in one range of code (vboard_prof.c): from now on each
 * block it runs in [lo, hi) is charged, by its first word, the cycles from its fetch
 * to the next block's boundary, its instructions and its entries.  -1 if a profile is
 * on already or the range is not words. */
int vboard_prof_range(vboard *b, uint32_t lo, uint32_t hi);

typedef struct vboard_prof {
  uint32_t lo, hi;                          /* the range */
  const uint64_t *cycles, *insns, *entries; /* (hi - lo) / 4 each, by code word */
} vboard_prof;

/* The profile so far; -1 if none was asked for. */
int vboard_prof_get(const vboard *b, vboard_prof *out);

/* Runs until EXIT, a fault, or max_cycles CPU cycles (0: no limit).  Returns 0
 * when the firmware exited, 1 otherwise. */
int vboard_run(vboard *b, uint64_t max_cycles, vboard_result *r);

/* Host-driven execution, for a runtime that keeps control between stretches of
 * PowerPC code (the binary translator, dbt/): start a run, call into code that
 * branches to `until` when it wants the host back, and finish.  Cycles, the IP
 * and the cycle limit carry over between calls.
 *
 *   vboard_start(b, 0, &r);
 *   while (vboard_call(b, pc, EXIT) == 0) { ...handle the exit, pick pc... }
 *   vboard_finish(b);
 *
 * vboard_call returns 0 when the CPU reached `until`, 1 when the run stopped
 * (fault, cycle limit, or vboard_exit; r.stop and r.message say why), and 2 when
 * the block observer paused it (vboard_pause): the CPU stopped at the start of the
 * block being observed, vboard_paused_pc(), before running or charging it; a later
 * call there resumes.
 * vboard_exit ends the run with an exit status (the runtime's "exit").
 * vboard_finish drains the IP's bus and fills r's totals. */
void vboard_start(vboard *b, uint64_t max_cycles, vboard_result *r);
int vboard_call(vboard *b, uint32_t pc, uint32_t until);
void vboard_exit(vboard *b, int exit_status);
/* After a stop for an access to unmapped memory (r.unmapped) or a trap (r.trapped) that the runtime
 * has dealt with (a guest's signal handler): the board runs again. */
void vboard_recover(vboard *b);
/* ... and the same stop put back (held: a copy of the result's fault as it stopped the
 * board) after the runtime ran its own work on the board in between (vboard_call). */
void vboard_refault(vboard *b, const vboard_result *held);
void vboard_finish(vboard *b);

/* RAM as host memory: guest physical address a is ram[a - *base]. */
uint8_t *vboard_ram(vboard *b, uint32_t *base, uint32_t *size);
uint32_t vboard_ip_base(const vboard *b);
uint32_t vboard_dtb_addr(const vboard *b);
uint32_t vboard_entry(const vboard *b); /* the loaded ELF's entry point */
/* Takes [addr, addr + len) of RAM off the CPU's bus (page aligned): accesses
 * there fault (the translator's guard page at 0).  0 or -1. */
int vboard_unmap(vboard *b, uint32_t addr, uint32_t len);
/* Puts [addr, addr + len) of RAM, all of it off the bus, back on it (page
 * aligned; the RAM keeps what it held).  0 or -1. */
int vboard_remap(vboard *b, uint32_t addr, uint32_t len);
/* Code in [addr, addr + len) was written by the host: drop what the CPU cached. */
void vboard_code_changed(vboard *b, uint32_t addr, uint32_t len);
/* fn(ctx, addr, size) is called at the start of every block of PowerPC code
 * executed ([addr, addr + size): straight-line code that runs to its end unless
 * it faults).  From fn, vboard_pause() stops the CPU before that block runs; fn
 * sees the block again when it does. */
void vboard_observe_blocks(vboard *b, void (*fn)(void *ctx, uint32_t addr, uint32_t size),
                           void *ctx);
void vboard_pause(vboard *b);
/* Where the cycle limit and vboard_interrupt may stop the CPU: only before a
 * block at an address ok(ctx, addr) accepts (default: any block). */
void vboard_stop_points(vboard *b, int (*ok)(void *ctx, uint32_t addr), void *ctx);
/* Asks every running board to stop at its next block boundary (VBOARD_INTERRUPTED,
 * r.signal = sig), as at the cycle limit.  Async-signal-safe: for a host signal
 * handler.  It stays asked for the rest of the process. */
void vboard_interrupt(int sig);

/* Parts of the code whose instructions' cycles are counted apart
 * (vboard_result.part_cycles): part_of names the part (0 to VBOARD_PARTS - 1) of the
 * instruction at addr, once, when the board first meets the block that holds it (the
 * board keeps a block's costs while its address, size and first word stay).  NULL:
 * everything is part 0.  Call before the CPU first runs the code to be split. */
void vboard_mark_words(vboard *b, unsigned (*part_of)(void *ctx, uint32_t addr), void *ctx);
/* The run's counters as they stand while it runs (cpu_cycles only at its end: the live
 * count is vboard_cycles). */
const vboard_result *vboard_counters(const vboard *b);
/* Writes every event the IP accepts, stored to its EVENT register or into its EVENT
 * window (as EVENT_ORIGIN + offset), to f (NULL: stop), one eight-digit hex word a
 * line: the event stream exactly as the IP receives it, in bus order (the CPU's store
 * order), in the trace format that `hwprof ip --trace FILE` replays. */
void vboard_trace_events(vboard *b, FILE *f);
/* The event trace by key: each event word through key(ctx, word) as it is written
 * (a translator that counts some keys under words of its own maps them back); NULL:
 * the words as the IP accepts them. */
void vboard_trace_keys(vboard *b, uint32_t (*key)(void *ctx, uint32_t word), void *ctx);
uint32_t vboard_paused_pc(const vboard *b);
/* A host service at addr: each time the CPU is about to execute the instruction
 * at addr, fn(ctx) runs inside the run (the CPU does not hand back to the host's
 * loop).  It may read and write registers (vboard_get_gpr, ...) and RAM, and
 * charges what its work costs the CPU with vboard_charge.  One per board: 0, or
 * -1 when there is one already. */
int vboard_set_service(vboard *b, uint32_t addr, void (*fn)(void *ctx), void *ctx);
/* Exceptions a runtime takes on the host, as a kernel would: a native program's
 * system calls (sc) and the instructions the PPC405 lacks (its FP instructions,
 * which a 405 Linux kernel emulates).  fn(ctx, kind, pc) runs inside the run, from
 * the exception, with pc the instruction that raised it; the CPU has left the
 * block there and goes on at the next instruction (or where fn puts it with
 * vboard_set_pc).  fn returns 1 when it handled the exception, 0 for the board's
 * own fault naming it.  The work's cycles are fn's to charge (vboard_charge), its
 * accesses to RAM the data cache's (vboard_data_access). */
typedef enum vboard_exc { VBOARD_EXC_SYSCALL, VBOARD_EXC_ILLEGAL } vboard_exc;
void vboard_on_exception(vboard *b, int (*fn)(void *ctx, vboard_exc kind, uint32_t pc), void *ctx);
/* An access to RAM the host made for the CPU (an emulated load or store): through
 * the data cache, its stalls charged, as the CPU's own access would be. */
void vboard_data_access(vboard *b, uint32_t addr, unsigned size, int store);
void vboard_set_pc(vboard *b, uint32_t pc);
/* Why the run stopped (vboard_result.message), "" while it runs. */
const char *vboard_message(const vboard *b);
/* Stops the run with VBOARD_FAULT and this message (from a hook, or between calls). */
void vboard_fault(vboard *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
uint32_t vboard_get_cr(vboard *b);
void vboard_set_cr(vboard *b, uint32_t v);
/* Charges the CPU cycles of work the host did for it (a service, a helper), as if
 * the CPU had spent them at this point of the run. */
void vboard_charge(vboard *b, uint64_t cycles);
/* The board's time: CPU cycles since vboard_start, and the CPU clock (Hz). */
uint64_t vboard_cycles(const vboard *b);
uint32_t vboard_cpu_hz(const vboard *b);
void vboard_get_gprs(vboard *b, uint32_t r[32]);
uint32_t vboard_get_gpr(vboard *b, unsigned n);
void vboard_set_gpr(vboard *b, unsigned n, uint32_t v);
uint32_t vboard_get_lr(vboard *b);
void vboard_set_lr(vboard *b, uint32_t v);
/* The user-mode registers a called routine may change (GPRs, LR, CTR, CR, XER), saved
 * and put back around a call into the board's own code (the translator on the board). */
typedef struct vboard_cpu {
  uint32_t v[36];
} vboard_cpu;
void vboard_save_cpu(vboard *b, vboard_cpu *c);
void vboard_restore_cpu(vboard *b, const vboard_cpu *c);

/* The simulated IP, e.g. for reading its statistics after a run. */
hwprof_sim *vboard_ip(vboard *b);

#endif
