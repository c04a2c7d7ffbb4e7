/*
 * dbt.h - the MIPS32 -> PowerPC 405 dynamic binary translator's runtime: a
 * static MIPS Linux program on the virtual board (sim/vboard.h).
 *
 * The runtime owns the code cache, the dispatcher (entered only at exits of
 * translated code: a new block, an inline-lookup miss, a syscall, an FPU
 * helper, a signal), the guest process (guest.h) and the profiles.
 *
 * PowerPC address map above the guest and its guard (DBT_GUARD_TOP, guest.h):
 *   DBT_STUBS     the exit stubs, and DBT_STOP where the CPU hands back
 *   DBT_STATE     the CPU state (r1) and the indirect-jump table
 *   DBT_COUNTERS  sw profile: a 32-bit counter per block (r2 - DBT_SW_BIAS)
 *   DBT_SPILL     hw profile: the ring the IP writes what its table cannot hold
 *   DBT_CODE      the code cache (within 32 MiB of the stubs: b/bl reach)
 *
 *   dbt_options o = dbt_defaults();
 *   dbt *d = dbt_new(board, &o, err, sizeof err);
 *   dbt_load(d, "prog", argc, argv, environ, err, sizeof err);
 *   dbt_result r;
 *   dbt_run(d, &r);           // r.how, r.status, ...
 */
#ifndef HWPROF_DBT_H
#define HWPROF_DBT_H

#include <stdint.h>
#include <stdio.h>

#include "cct.h"
#include "guest.h"
#include "hwprof.h"
#include "hwprof_spill.h"
#include "translate.h"
#include "vboard.h"

#define DBT_STUBS            DBT_GUARD_TOP
#define DBT_STOP             (DBT_STUBS + 8 * DBT_EXIT_KINDS)
#define DBT_FP_GATE          (DBT_STUBS + 0x100) /* the FPU gate (translate.h, fpgate.c) */
#define DBT_STATE            0x0C002000u         /* its fields below it: a page without code */
#define DBT_COUNTERS         0x0C100000u
#define DBT_MAX_COUNTERS     (1u << 20)
#define DBT_SPILL            0x0C800000u /* the IP's spill ring (hwside.c) */
#define DBT_SPILL_WORDS      4096u
#define DBT_EDGES            0x0C900000u /* sw edge sites (translate.h; edgeprof.c) */
#define DBT_EDGE_SITES       (1u << 16)
#define DBT_CCT_RING         0x0CC00000u /* --cct, sw: the call/return packet ring (translate.h) */
#define DBT_CCT_RING_BYTES   0x00010000u
#define DBT_CCT_HW_RING      0x0CC10000u /* --cct, hw: the IP's packet ring (hwprof_regs.h, 1.6) */
#define DBT_CCT_HW_WORDS     16384u
#define DBT_CODE             0x0D000000u
#define DBT_CODE_MAX         0x00FF0000u /* the most the cache may take */
/* The spill ring of a run without a threshold (hwside.c), past the translator's RAM: 4 MiB,
 * drained once three quarters full ($HWPROF_SPILL_WORDS sets its words, for the tests). */
#define DBT_SPILL_LAZY       0x0E000000u
#define DBT_SPILL_LAZY_WORDS (1u << 20)
#define DBT_RAM_NEEDED       (DBT_SPILL_LAZY + 4u * DBT_SPILL_LAZY_WORDS)
#define DBT_SIGRETURN_PC     0x00008000u /* a signal handler's return address (sigframe.c) */

/* The hw probe of a block in the text's first 64 KiB (the rest take lis + ori + stw):
 * one byte store into the IP's EVENT window, whose address is the event word, or
 * the 1.0 probe, addi + stw of the word to EVENT. */
enum { DBT_PROBE_WINDOW, DBT_PROBE_WORD };

/* Where the translator core runs (onboard.c): on the host; on the board, its cycles
 * the run's; on the board and then on the host, each translation compared. */
enum { DBT_RUNTIME_HOST, DBT_RUNTIME_BOARD, DBT_RUNTIME_CHECKED };

/* Superblocks: the threshold run and bench use when none is given (docs/superblocks.md,
 * "The default threshold": the threshold sweeps at test and train size with the runtime
 * on the board chose it). */
#define DBT_SB_THRESHOLD   3000
#define DBT_SB_THRESHOLD_S "3000"
/* Probe regions: the threshold when none is given (region.c). */
#define DBT_RG_THRESHOLD   500
#define DBT_RG_THRESHOLD_S "500"

typedef struct dbt_options {
  int profile;             /* DBT_PROFILE_NONE, _HW, _SW, _ALL */
  uint32_t code_size;      /* code cache bytes (default and most: DBT_CODE_MAX) */
  unsigned max_block;      /* guest instructions per block, at most (default 64) */
  int strict;              /* an unsupported system call stops the run */
  int unaligned_trap;      /* a misaligned load or store raises SIGBUS (else it just works) */
  int confine;             /* a load or store beyond the guest's memory raises SIGSEGV */
  FILE *dump;              /* each translated block, guest and PowerPC side by side */
  uint64_t max_cycles;     /* simulated CPU cycles, 0 = no limit */
  uint32_t threshold;      /* hw: the IP's THRESHOLD (0: no hot detection); sw: the counters' */
  int superblocks;         /* with a threshold: form superblocks from the hot blocks */
  int64_t sb_budget;       /* superblocks: bytes of duplicated code allowed (-1, the default:
                            * an eighth of the board's instruction cache, no limit without
                            * one; superblock.c) */
  int member_probes;       /* superblocks keep every member's probe (default: the entry's and
                            * the side exits', the members' counts derived: sbcount.c), and so
                            * do probe regions (region.c) */
  int regions;             /* hw, with a threshold: the hot blocks translated again as probe
                            * regions, with fewer probes, their counts derived (region.c;
                            * --runtime host only, not with superblocks, all_edges or cct) */
  int probe;               /* hw, all: DBT_PROBE_WINDOW (default) or DBT_PROBE_WORD */
  uint32_t edge_threshold; /* indirect edges: hot at this count (default 5000; 0: never) */
  int all_edges;           /* hw: the IP counts every pair of blocks, not only indirect jumps */
  int clock;               /* the guest's time: GUEST_CLOCK_BOARD (default) or _HOST (guest.h) */
  const char *fp_image;    /* the soft-float image whose cycles the FPU helper charges (fpcost.c) */
  int runtime;             /* where the translator runs: DBT_RUNTIME_HOST (the library's
                            * default; hwprof's commands take _BOARD), _BOARD, _CHECKED
                            * (onboard.c) */
  const char *xlate_image; /* --runtime board, checked: the translator built for the board
                            * (firmware/xlate.h) */
  int runtime_profile;     /* --runtime board, checked: the board profiles the image's code
                            * (vboard_prof_range; hwprof run --runtime-profile) */
  int omit_cache_sync;     /* testing: code-cache writes without dcbst and icbi (VBOARD_SYNC_*
                            * left out: the board faults) */
  int no_caches;           /* the board's caches off: every access hits (vboard_set_caches) */
  int cct;                 /* record call and return packets (cctsrc.c, dbt_cct_packets) */
  const char *messages;    /* NULL: the runtime's own messages go to stderr; else appended
                            * to this file (guest_log.c), the guest's stderr its own */
  /* Called about every million blocks executed, with the guest instructions so far. */
  void (*progress)(void *ctx, uint64_t guest_insns);
  void *progress_ctx;
} dbt_options;

dbt_options dbt_defaults(void);

/* Where a run's cycles go (dbt_stats.cycles_by, cycles.c): the code cache's own (its
 * instructions but the profile's, branch mispredictions, the FPU gate's soft-float),
 * the profile's instructions and the CPU's waits for the IP to take its stores,
 * translating blocks, the dispatcher (the exit stubs to it, and chaining's patches),
 * forming superblocks, the IP's interrupt handler, system calls (syscost.c), and the
 * code cache's instruction- and data-cache fills.  They add up to the run's cycles. */
enum dbt_cycles_kind {
  DBT_CYC_GUEST,
  DBT_CYC_PROBES,
  DBT_CYC_TRANSLATE,
  DBT_CYC_DISPATCH,
  DBT_CYC_SUPERBLOCKS,
  DBT_CYC_IRQ,
  DBT_CYC_SYSCALLS,
  DBT_CYC_STALLS,
  DBT_CYC_KINDS
};
/* Their names in the JSON's cycles_by and in --stats. */
extern const char *const dbt_cycles_name[DBT_CYC_KINDS];

/* A system call's kernel cycles on the board (syscost.c): the numbers of the read- and
 * write-like calls of an ABI (0: none). */
typedef struct dbt_sys_abi {
  uint32_t read, write, pread64, pwrite64;
} dbt_sys_abi;
extern const dbt_sys_abi dbt_sys_mips_o32, dbt_sys_ppc32;
/* Charges the board (vboard_charge, vboard_data_access) a PPC405 Linux kernel's entry
 * and exit of call nr, and its copy of `result` bytes at buf for a read- or write-like
 * call that returned result > 0.  Returns the instruction cycles charged (the data
 * cache's fills come on top, as its stalls); *copied (if not NULL) the bytes copied. */
uint64_t dbt_syscall_charge(vboard *b, const dbt_sys_abi *abi, uint32_t nr, uint32_t buf,
                            int64_t result, uint32_t *copied);
/* ... and a signal's delivery (deliver: its frame of `bytes` at `frame` written) or its
 * return (the frame read back): the frame's copy, and the kernel's trip when own_trip
 * (not a delivery on a system call's way out, which paid it). */
uint64_t dbt_signal_charge(vboard *b, uint32_t frame, uint32_t bytes, int deliver, int own_trip);

typedef struct dbt_stats {
  uint64_t guest_insns;            /* executed */
  uint64_t blocks_executed;        /* translated blocks entered */
  uint64_t blocks_translated;      /* translations, refills included */
  uint64_t fell_through;           /* ... placed over the b of the block before (window.c) */
  uint64_t distinct_blocks;        /* distinct guest block addresses */
  uint64_t guest_insns_translated; /* static, over all translations */
  uint64_t code_bytes;             /* emitted, over all translations */
  uint64_t prof_insns;             /* profiling instructions emitted */
  uint64_t far_words;              /* hw, all: keys given a far event word (translate.h) */
  uint64_t exits[DBT_EXIT_KINDS];  /* dispatcher entries by kind */
  uint64_t chained;                /* exits patched into direct branches */
  uint64_t flushes;                /* code cache refills */
  uint64_t code_flushes;           /* ... of them because the guest changed executable memory */
  uint64_t superblocks;            /* formed (superblock.c) */
  uint64_t superblock_members;     /* blocks in them, over all */
  uint64_t superblocks_dropped;    /* recorded but not formed: no room in the cache */
  uint64_t superblock_bytes;       /* their code, side exits' stubs included */
  uint64_t superblock_dup_bytes;   /* ... for blocks another copy of which was there */
  uint64_t superblock_budget;      /* the duplication allowed (UINT64_MAX: no limit) */
  uint64_t superblock_exits_hot;   /* side exits whose words turned hot, their counts read */
  uint64_t superblock_exits_taken; /* ... taken more than the path went on: predicted taken */
  uint64_t superblock_insns;       /* guest instructions executed inside superblocks */
  uint64_t superblock_ns;          /* host time forming them (not simulated cycles) */
  uint64_t regions;                /* probe regions formed (region.c) */
  uint64_t regions_dropped;        /* ... not formed: no room in the cache */
  uint64_t region_members;         /* blocks translated as their members, over all */
  uint64_t region_derived;         /* ... with a derived way out */
  uint64_t region_adjacent;        /* ... whose way enters the member laid right after it */
  uint64_t region_cycles;          /* --runtime board: the board's cycles forming them (the
                                      plans, the members' translations, moves and ways; in
                                      the run's cycles; onregion.c) */
  uint64_t translate_ns;           /* host time translating blocks (not simulated cycles) */
  uint64_t translate_cycles;       /* --runtime board: the board's cycles translating blocks
                                      (in the run's cycles; onboard.c) */
  uint64_t sb_translate_cycles;    /* ... and superblocks */
  uint64_t board_translations;     /* ... calls into the translator on the board */
  uint64_t board_dispatches;       /* ... the dispatcher's requests on the board (lookups,
                                      patches, redirections, flushes; ondispatch.c) */
  uint64_t dispatch_cycles;        /* ... their cycles, registers saved and restored */
  uint64_t record_trips;           /* ... of them the path recorder's (onrecord.c) */
  uint64_t record_cycles;          /* ... and their cycles */
  uint64_t board_irqs;             /* ... the interrupt handler's drains on the board (onirq.c) */
  uint64_t irq_board_cycles;       /* ... their cycles (the rest is vboard_result.irq_cycles) */
  uint64_t syscall_ns;             /* host time in system calls (not simulated cycles) */
  uint64_t irq_ns;                 /* host time in the IP's interrupt handler (its bus
                                      transactions are charged in cycles; hwside.c) */
  uint64_t host_ns;                /* host time of the runtime between two stretches of
                                      the board's CPU: the above but irq_ns, and the
                                      dispatcher (not simulated cycles) */
  uint64_t icache_misses_sb;       /* instruction-cache misses on superblocks' lines, */
  uint64_t icache_misses_blocks;   /* ... plain blocks', */
  uint64_t icache_misses_cold;     /* ... out-of-line code's, */
  uint64_t icache_misses_image;    /* ... the runtime's code on the board (its translator,
                                      dispatcher, interrupt handler); the board's others are
                                      on the runtime's stubs (window.c) */
  uint64_t fp_gate;                /* FPU instructions the gate ran inside the run (fpgate.c) */
  uint64_t fp_exits;               /* ... and the dispatcher ran */
  uint64_t fp_cycles;              /* ... and their soft-float cycles (fpgate.c) */

  /* The run's cycles by where they went (cycles.c), and the bytes system calls copied to
   * or from the guest (syscost.c); signals delivered to a handler and handlers' returns
   * (rt_sigreturn), and their kernel's instruction cycles (sigframe.c, in syscalls). */
  uint64_t cycles_by[DBT_CYC_KINDS];
  uint64_t syscall_bytes;
  uint64_t signals_delivered, signal_returns, signal_cycles;
} dbt_stats;

enum dbt_how {
  DBT_EXITED,   /* the guest called exit: status */
  DBT_SIGNALED, /* the guest took a fatal signal: signal, pc */
  DBT_UNIMPL,   /* an instruction the translator cannot execute: pc, insn */
  DBT_STOPPED,  /* the board stopped: fault or cycle limit (message) */
};

typedef struct dbt_result {
  enum dbt_how how;
  int status;    /* DBT_EXITED */
  int signal;    /* DBT_SIGNALED */
  uint32_t pc;   /* where it signalled / the instruction */
  uint32_t insn; /* DBT_UNIMPL: the encoding */
  char message[320];
  vboard_result board;
} dbt_result;

typedef struct dbt dbt;

dbt *dbt_new(vboard *b, const dbt_options *o, char *err, size_t errlen);
void dbt_free(dbt *d);
/* Loads the guest; argv[0] is its name.  -1 with a message for a bad file. */
int dbt_load(dbt *d, const char *path, int argc, char *const argv[], char *const envp[], char *err,
             size_t errlen);
/* Runs to the end.  Returns the exit status a shell would see: the guest's
 * own, 128 + signal, 125 for an instruction the translator cannot execute, or
 * 126 when the board stopped.  r->message says what happened (not for exits). */
int dbt_run(dbt *d, dbt_result *r);

const dbt_stats *dbt_get_stats(const dbt *d);

/* --cct: the run's call and return packets (cct/cct.h), from the blocks the
 * runtime saw entered, ending with the costs since the last; NULL (*n = 0) when
 * memory ran out.  The stream stays the runtime's until dbt_free. */
const cct_packet *dbt_cct_packets(dbt *d, size_t *n);
/* The same from the board's own probes, which must give the same tree: DBT_CCT_SW,
 * the inline code's packet ring (sw, all), DBT_CCT_HW, the IP's (hw, all); NULL with
 * *n = 0 in a mode without them, or when memory ran out. */
enum { DBT_CCT_SW, DBT_CCT_HW };
const cct_packet *dbt_cct_board_packets(dbt *d, int which, size_t *n);
/* Blocks a fault cut short (a load or store that faulted before the block's end,
 * to a handler or to the guest's death): guest instructions [from, to) of a block
 * counted as entered did not run, n times.  Block counts stay entries (each such
 * block was entered); dbt_stats.guest_insns and the calling contexts leave these
 * instructions out. */
typedef struct dbt_cut {
  uint32_t from, to;
  uint64_t n;
} dbt_cut;
const dbt_cut *dbt_cuts(const dbt *d, size_t *n);
/* The soft-float cost table the FPU helper charges (fpcost.c), once a run has
 * measured it: the operations of firmware/fpcost.h by name ("NOP": the call
 * itself) and their CPU cycles; 0 before. */
size_t dbt_fp_costs(const char *const **names, const uint32_t **cycles);
/* Measures that table once per process, on a board of its own built from b's
 * device tree, running the soft-float image (firmware/fpcost.elf) with b's
 * caches on or off; 0, or -1 with a message.  Then dbt_fp_op_cost(op) is one
 * operation's cycles (firmware/fpcost.h; 0 before): for another runtime on the
 * board that charges soft-float work (native/). */
int dbt_fp_measure(vboard *b, const char *image, char *err, size_t errlen);
uint32_t dbt_fp_op_cost(int op);
const guest *dbt_guest(const dbt *d);
/* Marks the functions whose names match the fnmatch(3) pattern as the program's own
 * code (guest_own_code; reports only: the run is not affected); how many matched. */
unsigned dbt_own_functions(dbt *d, const char *pattern);

/* Per-block figures after a run, in order of first translation. */
typedef struct dbt_block_count {
  uint32_t pc, insns;
  uint64_t count; /* executions: the runtime's own count of block entries */
  uint64_t sw;    /* the sw profile's counter (sw mode; else 0) */
} dbt_block_count;
size_t dbt_block_counts(const dbt *d, dbt_block_count **out);

/* System calls per (call site, number): site is the guest pc of the syscall
 * instruction, number $v0 as the guest made the call. */
typedef struct dbt_syscall_count {
  uint32_t site, number;
  uint64_t count;
} dbt_syscall_count;
/* The runtime's own, in order of first call, in every mode: the sw profile's
 * system-call records, and what the IP's (dbt_hw_profile.syscalls) must equal. */
size_t dbt_syscall_counts(const dbt *d, const dbt_syscall_count **out);

/* Indirect edges: traversals of an indirect jump (jr rs, rs != $ra) from the block
 * at src to the block at dst (with all_edges, the IP's are every pair of blocks
 * entered one after the other).  site is the jump's own address (0 if unknown);
 * hot: count >= edge_threshold. */
typedef struct dbt_edge_count {
  uint32_t src, dst, site;
  uint64_t count;
  int hot;
} dbt_edge_count;
/* The sw profile's (sw, all), sorted by (src, dst); 0 in other modes. */
size_t dbt_sw_edges(const dbt *d, const dbt_edge_count **out);

/* The hardware profile (hw and all modes), read from the IP after the run
 * through the driver (driver/hwprof.h): its statistics, every table entry, and
 * the hot SPCs the runtime drained when the IP's interrupt was up.  The runtime
 * services the interrupt at the next block boundary after the line rises (a
 * host-side handler: it costs no simulated cycles).  NULL when the run had no hw profile or the IP
 * could not be read (dbt_hw_error says why). */
typedef struct dbt_hw_profile {
  hwprof_config cfg;
  hwprof_stats stats;
  hwprof_entry *entries; /* every block counted: the table's entries in table order
                          * (n_chip), then those counted from the spill ring */
  size_t n_entries, n_chip;
  struct dbt_hot {
    uint32_t pc;          /* an SPC popped from the hot FIFO, in order */
    uint64_t guest_insns; /* guest instructions executed when it was popped */
  } * hot;
  size_t n_hot;
  uint64_t irqs; /* interrupts serviced */
  /* System calls as the IP recorded them (IP 1.4), per (site, number) in order of
   * first call; none from an older IP. */
  const struct dbt_syscall_count *syscalls;
  size_t n_syscalls;
  /* Indirect edges as the IP counted them (IP 1.5), sorted by (src, dst); the hot
   * edges reported during the run, by the IP or (crossing the threshold over drains
   * of its table) by the handler at a drain, each once; and the table's drains. */
  const dbt_edge_count *edges;
  size_t n_edges;
  uint64_t edge_hot_reported, edge_hot_at_drain, edge_drains;
  /* Superblocks' derived counts (dbt/sbcount.c): the events counted under their
   * own words (ends, side exits, entries; not in `entries`, `hot` or `edges`, which
   * give blocks), and the block entries derived from them (in `entries`).  So the
   * IP's events = block entries - sb_derived + sb_events. */
  uint64_t sb_events, sb_derived;
  /* Probe regions (dbt/region.c) likewise: the events under their words, and the block
   * entries derived from them. */
  uint64_t region_events, region_derived;
} dbt_hw_profile;
const dbt_hw_profile *dbt_hw(const dbt *d);
const char *dbt_hw_error(const dbt *d);

/* Superblocks (dbt/superblock.c).  dbt_superblocks: every one formed in the run,
 * in order, as the path recorded from its head (pc[0..n-1], then `next`; the
 * counter field holds the runtime's block ids).  dbt_plan_superblocks, after
 * dbt_load and before dbt_run: forms the given paths now (an earlier run's, read
 * back: a profile-guided run, which needs no profile); -1 with a message naming
 * the path when one is not in the program's text or does not fit. */
size_t dbt_superblocks(const dbt *d, const dbt_trace **out);
int dbt_plan_superblocks(dbt *d, const dbt_trace *plan, size_t n, char *err, size_t errlen);

/* Disassembly of one MIPS instruction ("addiu $sp, $sp, -32"); "?" if none. */
void dbt_disasm_mips(uint32_t pc, uint32_t w, char *buf, size_t len);

#endif
