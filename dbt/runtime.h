/*
 * runtime.h - the translator runtime's own state and its layers' interfaces,
 * shared by its parts.  Not the public interface: that is dbt.h.  From the bottom:
 *
 *   util.c              arrays, the host clock
 *   cycles.c            where the run's cycles go: the runtime's work in spans
 *   window.c            code windows: where a unit's code and its out-of-line
 *                       code go in the cache
 *   cache.c             the code-cache core: block table, translate-on-miss, flush,
 *                       chaining and patching, pc maps, block entries, registers;
 *                       calls up only through the hooks below (rt_register)
 *   dump.c, fault.c     --dump; faults and traps in guest terms
 *   features            each registers its hooks (rt_*_register) and calls down:
 *                       hwside.c (the IP, with hooks of its own for the features'
 *                       tables in it), sysprof.c, edgeprof.c, cctsrc.c,
 *                       superblock.c + sbcount.c, sigframe.c, fpgate.c,
 *                       confine.c; each owns its state (a struct of its own file,
 *                       a pointer in struct dbt), the others use its functions
 *   dispatch.c          dbt_run: the loop, one handler per exit kind
 *   dbt.c               set-up and the public getters (dbt.h)
 */
#ifndef HWPROF_DBT_RUNTIME_H
#define HWPROF_DBT_RUNTIME_H

#include <capstone/capstone.h>

#include "dbt.h"

/* What the board counted, for cycles.c: cycles; of them, the profile's words', the exit
 * stubs', the waits for the IP, the cache fills, the code made visible to fetch. */
typedef struct rt_tally {
  uint64_t cycles, profile, stubs, ip_wait, fills, sync;
} rt_tally;

/* Edges per (source, target), with an index for adding (edgeprof.c). */
typedef struct rt_edge_table {
  dbt_edge_count *v;
  size_t n;
  uint32_t *idx; /* open addressing: index into v, UINT32_MAX = free */
  size_t slots;
} rt_edge_table;

/* A code window (window.c), offsets in the cache: it starts at base (UINT32_MAX:
 * none yet); its next unit's code goes at `at`, its out-of-line code at cold_at. */
typedef struct rt_window {
  uint32_t base, at, cold_at;
  uint32_t tail_at, tail_pc; /* the last block's b, and where it goes (rt_place_block) */
} rt_window;
enum { RT_BLOCKS, RT_SUPERBLOCKS, RT_ARENAS }; /* the units that fill windows of their own */

/* A guest block: its counter, and where it sits in the current cache. */
typedef struct rec {
  uint32_t pc;
  uint32_t id;   /* counter index, order of first translation */
  uint32_t host; /* PowerPC address, valid when gen == the runtime's */
  uint32_t skip; /* bytes of it a chained branch skips (a superblock head's probe) */
  uint32_t gen;
  uint32_t insns;
  uint32_t flags; /* how the block ends: HWPROF_EVENT_* (translate.h's dbt_block) */
  uint32_t fell;  /* the block before it falls into its first word (rt_place_block) */
} rec;

/* A feature's hooks: what the core (cache.c, fault.c), the dispatcher and the IP's
 * side (hwside.c) call, in the order the features registered; NULL: none.  The
 * int hooks return 0, or -1: the run stops (start, cut and the IP's hooks have said
 * why in d->failed, with rt_hw_fail; readout ran out of memory for `what`). */
typedef struct rt_hooks {
  const char *what; /* what it records, for "out of memory for ..." */
  /* The code cache. */
  void (*translated)(dbt *d, const dbt_block *blk); /* a block's translation is kept */
  void (*flushed)(dbt *d);                          /* the cache was emptied */
  /* The run. */
  int (*start)(dbt *d);                 /* before the guest's first block */
  void (*tb_entered)(dbt *d);           /* the CPU enters a PowerPC block */
  void (*entered)(dbt *d, uint32_t id); /* ... and so guest block id (each of them) */
  void (*boundary)(dbt *d);             /* ... after they are counted */
  int (*cut)(dbt *d, uint32_t id, uint32_t tail, int ended); /* rt_cut_block */
  void (*left)(dbt *d, uint32_t a, int inside); /* the run left the code at a (below) */
  int (*readout)(dbt *d);                       /* after the run */
  void (*free)(dbt *d);
  /* The IP (hwside.c). */
  int (*hot)(dbt *d, uint32_t spc); /* a hot SPC; 1: it is the feature's, not a block's */
  int (*ip_setup)(dbt *d);          /* its part of the IP set up */
  int (*ip_drain)(dbt *d);          /* the interrupt handler: its table drained */
  int (*ip_ring)(dbt *d);           /* its ring drained while the IP settles */
  int (*ip_end)(dbt *d);            /* readout, before the IP's statistics are read */
  int (*ip_readout)(dbt *d);        /* readout, after the IP's table is read */
  int (*ip_take)(dbt *d);           /* readout, first: its table as the board's handler left it */
  /* the board's handler queued n of the IP's call/return packets from the queue's word at
   * (XLATE_IRQ_CCT, firmware/cctq.c; onirq.c) */
  void (*ip_packets)(dbt *d, uint32_t at, uint32_t n);
} rt_hooks;

#define RT_MAX_HOOKS 16

struct dbt {
  vboard *b;
  dbt_options o;
  uint8_t *ram;      /* PowerPC address a is ram[a] (RAM starts at 0) */
  uint32_t ram_size; /* ... for a < ram_size (rd32, wr32) */
  guest g;
  int loaded;
  dbt_core core;
  dbt_words words; /* hw, all, with the window: the far keys' slots (core.words; cache.c) */
  uint32_t used;   /* bytes of the code cache in windows (window.c) */
  uint32_t window, window_cold; /* a window's bytes, and its out-of-line part's */
  rt_window win[RT_ARENAS];     /* each arena's window */
  uint32_t *line_misses;        /* instruction-cache misses per line of the code cache, */
  uint32_t miss_line;           /* ... the line's bytes (rt_count_misses), */
  uint32_t miss_base;           /* ... from here: the code cache's, or the image's below it */
  uint32_t gen;                 /* cache generation: bumped by a flush */
  rec *tab;                     /* open addressing on pc */
  uint32_t tab_mask, tab_used;
  uint32_t *by_id; /* id -> tab index; UINT32_MAX: a superblock's counter (sbcount.c) */
  uint32_t nblocks, cap_blocks;
  uint16_t *entry_insns; /* per code word: guest instructions of a block starting there */
  uint64_t *exec;        /* per id: entries */
  uint32_t *entry_id;    /* per code word: id + 1 of a block starting there */
  uint8_t *insn_of;      /* per code word: its guest instruction (dbt_core.insn_of) */
  uint8_t *sb_code; /* per code word: 1 inside a superblock (several entries a PowerPC block) */
  /* Per code word: 1 at a probe region member's body after its probe (region.c), where
   * a PowerPC block that starts after the one that ended there (the CPU went on from
   * the probe) is not another entry. */
  uint8_t *fall_in;
  /* Superblock members by the code word their code starts at, in path order.  Several
   * can start at one word (a member with no code of its own, such as a jump whose
   * delay slot is a nop, starts where the next one does): entry_id of a superblock
   * word is 1 + the index here of the first (rt_sb_starts). */
  struct rt_start {
    uint32_t w, id;
  } * starts;
  size_t nstarts, starts_cap;
  /* The branches chaining patched, in the current cache: at (bit 0: a bc) reaches
   * the translation of guest pc.  A new superblock takes over its head's (rt_links_to). */
  struct rt_link {
    uint32_t at, pc;
  } * links;
  size_t nlinks, links_cap;
  dbt_stats st;
  struct rt_cycles {             /* cycles.c */
    int on;                      /* between rt_cycles_start and rt_cycles_finish */
    int open;                    /* the span open now (enum dbt_cycles_kind) */
    rt_tally mark;               /* the board's counters when it opened */
    rt_tally sum[DBT_CYC_KINDS]; /* each span's, over the run */
  } cyc;
  csh cs_mips, cs_ppc;
  uint64_t wake_at; /* a feature wants the CPU back at the first stop point from this */
  int woke;         /* CPU cycle on (rt_wake_at; 0: never), and the CPU was paused so */
  int kept_written; /* --confine: the runtime wrote $gp or $sp (rt_confine_kept_ok) */
  dbt_cut *cuts;    /* blocks a fault cut short (dbt_cuts) */
  size_t ncuts, cuts_cap;
  uint32_t tb_at, tb_end;    /* the PowerPC block the CPU entered last (observe) */
  uint32_t tb_ran_end;       /* ... the end of the last one it ran (not paused before it) */
  int pause;                 /* a feature wants the CPU back at the next block (superblock.c) */
  char failed[200];          /* why a feature's hook stopped the run (errf; rt_hw_fail) */
  uint32_t xlate_entry;      /* --runtime board, checked: the translator image's (onboard.c) */
  uint32_t image, image_end; /* ... and where the image lies (0, 0: on the host) */
  int on_board;              /* ... the board's CPU is running it now: no guest blocks */
  const rt_hooks *hooks[RT_MAX_HOOKS]; /* the features', in the order they registered */
  unsigned nhooks;
  /* The hooks on the board's path, each PowerPC block it enters (rt_observe), in a
   * list of their own: no walk over every feature's hooks there. */
  void (*tb_entered[RT_MAX_HOOKS])(dbt *d);
  void (*entered[RT_MAX_HOOKS])(dbt *d, uint32_t id);
  void (*boundary[RT_MAX_HOOKS])(dbt *d);
  unsigned ntb_entered, nentered, nboundary;
  /* Each feature's own state, allocated when it registers and freed by its free
   * hook (NULL when it is off), its type known only in its own files: the others
   * reach it through its functions below. */
  struct rt_ip *ip;           /* hwside.c */
  struct rt_sys *sys;         /* sysprof.c */
  struct rt_edges *edges;     /* edgeprof.c */
  struct rt_cct *cct;         /* cctsrc.c (--cct) */
  struct sb_state *sb;        /* superblock.c and sbcount.c (superblock.h) */
  struct rt_regions *rg;      /* region.c (--regions) */
  struct rt_confine *confine; /* confine.c (--confine) */
};

/* ------------------------------------------------------------ util.c */

/* Room for one more element in the array *v of *n used of *cap, each `size`
 * bytes: grown (to twice as many, and at least `first`) when full; -1 when out
 * of memory (the array stays as it was). */
int rt_grow(void *v, size_t n, size_t *cap, size_t size, size_t first);
/* The host's monotonic clock, for the host-time figures (dbt_stats *_ns). */
uint64_t rt_now_ns(void);
/* The run stops (DBT_STOPPED) with d->failed as its message: a hook's failure. */
void rt_stop_failed(const dbt *d, dbt_result *r);

/* ------------------------------------------------------------ cycles.c */

/* A span of the runtime's work (cycles.c): what was open before it, and the host
 * clock when it began. */
typedef struct rt_span {
  int was;
  uint64_t t0;
} rt_span;
/* Accounting from the run's start (after vboard_start): the board splits the code
 * cache's cycles by part (vboard_mark_words), and the runtime is the open span. */
void rt_cycles_start(dbt *d);
/* Opens a span of `what` (a dbt_cycles_kind but probes and stalls; DBT_CYC_GUEST: the
 * CPU runs the code cache) inside the one open now. */
rt_span rt_work_begin(dbt *d, int what);
/* Ends it (the one it was begun in goes on): the host nanoseconds it took. */
uint64_t rt_work_end(dbt *d, const rt_span *s);
/* Makes `what` the open span; returns the one that was. */
int rt_work_switch(dbt *d, int what);
/* At the run's end: d->st.cycles_by.  -1 with d->failed if the board's split of the
 * code cache's cycles came to more than they were (an internal error). */
int rt_cycles_finish(dbt *d);

/* ------------------------------------------------------------ window.c */

/* Emits a unit where pl says (dbt_translate's results: bytes of code, 0 when it
 * does not fit, -1 for an error). */
typedef int rt_emit_fn(dbt *d, dbt_place *pl, void *ctx);
/* Places a unit of `kind` (RT_BLOCKS, RT_SUPERBLOCKS): emits it with fn in its
 * arena's window, or in a fresh window when it does not fit there.  fn's result;
 * 0 when no window has room for it (the cache is full). */
int rt_place(dbt *d, int kind, rt_emit_fn *fn, void *ctx, dbt_place *pl);
/* Places the plain block at guest pc as rt_place does, over the b that ends the block
 * placed before it when that b goes to pc (*fell = 1: that block falls into this one). */
int rt_place_block(dbt *d, uint32_t pc, rt_emit_fn *fn, void *ctx, dbt_place *pl, int *fell);
/* No windows: the cache is empty (set-up, flush). */
void rt_windows_reset(dbt *d);
/* The board counts the instruction-cache misses on each line of the code cache
 * (at the start of a run, when it models the cache), and at its end they go into
 * d->st by where the line lies (icache_misses_sb, _blocks, _cold). */
void rt_count_misses(dbt *d);
void rt_misses_by_place(dbt *d);

/* ------------------------------------------------------------ cache.c */

void rt_register(dbt *d, const rt_hooks *h);
void rt_fire_translated(dbt *d, const dbt_block *blk);
/* The left hooks: the run left the code at PowerPC address a (rt_sb_leave). */
void rt_fire_left(dbt *d, uint32_t a, int inside);

/* The block record of guest pc; with add, a new one (NULL when full). */
rec *rt_find(dbt *d, uint32_t pc, int add);
/* The host address of the block at guest pc, translating it if needed.  0: pc is
 * not executable (*sig says which signal the guest takes), or the cache cannot
 * hold it (*sig = 0, err says why). */
uint32_t rt_block_host(dbt *d, uint32_t pc, int *sig, char *err, size_t errlen);
/* Bounds the core's next translation at pc by the end of the executable pages it
 * starts in. */
void rt_fetch_limit(dbt *d, uint32_t pc);
/* Event words (translate.h): the far keys' table, given to the core in hw and all
 * with the window (-1: out of memory); its room for a unit's keys before each
 * translation (DBT_FAR_UNIT; -1 out of memory, with why in d->failed); freed. */
int rt_words_init(dbt *d);
int rt_words_room(dbt *d);
void rt_words_free(dbt *d);
/* Where the translator core runs (onboard.c, --runtime): rt_translate and
 * rt_translate_trace are dbt_translate and dbt_translate_trace, run on the host, on
 * the board, or on both and compared.  RT_XLATE_FAILED: the board stopped or the
 * two differ (d->failed says why; the run stops). */
#define RT_XLATE_FAILED (-2)
int rt_onboard_init(dbt *d, char *err, size_t errlen);
int rt_translate(dbt *d, uint32_t pc, dbt_place *pl, uint32_t counter, dbt_block *out);
int rt_translate_trace(dbt *d, const dbt_trace *t, const dbt_sb_probes *probes, dbt_place *pl,
                       dbt_block out[], unsigned *members);
/* Code the translator on the board wrote that will not run (a unit that did not fit,
 * a region's members when the region is not formed): written back from the data
 * cache, where the board's stores left it (charged; nothing with --runtime host). */
void rt_code_dropped(dbt *d, const dbt_place *pl);
/* ... and a probe region's member (dbt_translate_member). */
int rt_translate_member(dbt *d, uint32_t pc, const dbt_member *m, dbt_place *pl, dbt_block *out,
                        dbt_member_out *mo);
/* The probe regions' former on the board (onregion.c, firmware/regions.c), with
 * --runtime board and checked, each request checked against the runtime's own work:
 * guest pc's code moves to host (a member: the map, the old code, the chained branches,
 * the jump table); the way's branch at `at` goes to `to`, the runtime's word w (0: none
 * reaches); the plan of the n candidates c (their guest pcs, for messages) with the
 * runtime's derived ways in c and its order, made already (1: more candidates than the
 * board's room, XLATE_RG_CAP).  -1 when the board stopped or differs (d->failed). */
int rt_rg_move(dbt *d, uint32_t pc, uint32_t host);
int rt_rg_link(dbt *d, uint32_t at, uint32_t to, uint32_t w, uint32_t pc);
struct dbt_rg_cand;
int rt_rg_plan(dbt *d, const struct dbt_rg_cand *c, const uint32_t *pcs, uint32_t n, uint32_t rare,
               int derive, const uint32_t *order);
/* The runtime image on the board (onboard.c): runs its entry (XLATE_ENTRY_*) with the
 * words of req as its request, read back after; the board's cycles it took, or -1
 * when the board stopped (vboard_message says why). */
int64_t rt_image_call(dbt *d, uint32_t entry, void *req, size_t words);
/* The dispatcher's work on the board (ondispatch.c, firmware/xlate.h's xlate_disp),
 * with --runtime board and checked: rt_disp runs request q there, entered from
 * translated code (its registers saved and restored) or not (-1: the board
 * stopped, d->failed says why).  rt_disp_found checks its lookup against the
 * runtime's, which found host (a chain's or an indirect's request is made again
 * when the board missed and the block was translated since: generation gen,
 * blocks_translated translated before); rt_disp_wrote that the board wrote w at at,
 * as the runtime is about to.  -1 when they differ (d->failed). */
struct xlate_disp;
int rt_disp_on_board(const dbt *d);
int rt_disp(dbt *d, struct xlate_disp *q, int entered);
int rt_disp_found(dbt *d, struct xlate_disp *q, uint32_t host, uint32_t gen, uint64_t translated);
int rt_disp_wrote(dbt *d, uint32_t at, uint32_t w, uint32_t pc);
/* The IP's interrupt handler's drains on the board (onirq.c, firmware/irq.c), with
 * --runtime board and checked.  rt_irq_drain pops the hot FIFO, counts the spill ring
 * and drains the system-call and edge tables there (what: XLATE_IRQ_FIFO,
 * XLATE_IRQ_RING, XLATE_IRQ_SYSCALLS, XLATE_IRQ_EDGE_TABLE, XLATE_IRQ_CCT_RING, then
 * XLATE_IRQ_ACK; the run's first request sets the handler up, with the IP's threshold, the
 * edge threshold, the packet ring and the spill ring: drained at every request, or with mark
 * only once it holds mark words), on_hot getting each crossing in the board's order and
 * the features' ip_packets hooks the call/return packets it queued; rt_irq_take copies the board's
 * spill table into t (its threshold and saturation as set up) and the ring's place into ring, and
 * rt_irq_syscalls gives add the board's system-call pairs in its order, for the host to go on after
 * the run.  The board's state is kept in s (zeroed before the first request); -1 with d->failed.
 * rt_hw_board_state: the state while the board drains (hwside.c), NULL when the host does. */
typedef struct rt_irq_state {
  uint32_t slots, cap, used, tail, sys_n;
  uint32_t edge_n, edge_hot_reported, edge_hot_at_drain, edge_drains;
  uint32_t cct_tail; /* the packet ring's words consumed */
  uint64_t counted;
} rt_irq_state;
const rt_irq_state *rt_hw_board_state(const dbt *d);
int rt_irq_syscalls(dbt *d, const rt_irq_state *s,
                    int (*add)(dbt *d, uint32_t site, uint32_t number, uint64_t n));
/* ... and the IP's edges it drained (by the IP's words), each with its count and
 * whether it was reported hot. */
int rt_irq_edges(dbt *d, const rt_irq_state *s,
                 int (*add)(dbt *d, uint32_t src, uint32_t dst, uint64_t n, int hot));
int rt_irq_drain(dbt *d, unsigned what, void (*on_hot)(void *ctx, uint32_t word), void *ctx,
                 rt_irq_state *s, const hwprof_ring *ring, uint32_t mark);
int rt_irq_take(dbt *d, const rt_irq_state *s, hwprof_spill_table *t, hwprof_ring *ring);
/* The cache emptied (a new generation; the flushed hooks run). */
void rt_flush(dbt *d);
void rt_reset_jump_table(dbt *d);
/* The translator wrote [addr, addr + len) of the code cache (patch: over code
 * that may have run): made visible to the board's instruction fetch as on a real
 * PPC405, dcbst / icbi / isync, charged (vboard_code_sync), unless
 * --omit-cache-sync leaves some out, for the tests that the board catches it. */
void rt_code_wrote(dbt *d, uint32_t addr, uint32_t len, int patch);
/* The runtime patches w at `at`, over code that may have run (for guest pc, named when
 * the dispatcher on the board wrote another word there: d->failed). */
void rt_patch(dbt *d, uint32_t at, uint32_t w, uint32_t pc);
/* A unit placed (rt_place): its n bytes of code and its out-of-line code written. */
void rt_code_placed(dbt *d, const dbt_place *pl, uint32_t n);
/* Patches the branch at `at` (bit 0: a bc) into w, which reaches guest pc's
 * translation, and keeps it for rt_links_to (-1: not kept, out of memory; the
 * branch is patched all the same). */
int rt_link(dbt *d, uint32_t at, uint32_t pc, uint32_t w);
/* Points every chained branch to guest pc's translation at host instead (a new
 * superblock's head): its predecessors branch straight to it. */
void rt_links_to(dbt *d, uint32_t pc, uint32_t host);
/* Block h's translation moves to host (a superblock it heads): its old entry
 * becomes a branch there (no longer an entry of its own), and so does the
 * indirect-jump table's entry; the chained branches to it go to host + skip (past the
 * head's probe, which only the IP's indirect-edge pairing needs: translate.h,
 * dbt_sb_probes), and so does every branch chained to it from now on (a skip past
 * XLATE_SKIP_MAX, a far word's longest probe, is none: the board's map keeps 3 words). */
void rt_redirect(dbt *d, rec *h, uint32_t host, uint32_t skip);
/* ... as a probe region's member (region.c; on the board, rt_rg_move's request). */
void rt_redirect_member(dbt *d, rec *h, uint32_t host);
/* Member `id` of a superblock starts at code word w (-1: out of memory). */
int rt_sb_start(dbt *d, uint32_t w, uint32_t id);
/* The blocks whose translations start at code word w: calls fn for each id, in
 * order (a plain block, or the superblock members there); returns the last. */
uint32_t rt_blocks_at(dbt *d, uint32_t w, void (*fn)(dbt *d, uint32_t id));
/* The code word where the translation of the guest block holding PowerPC address a
 * starts (entry_id set), or UINT32_MAX. */
uint32_t rt_start_word_of(dbt *d, uint32_t a);
/* The guest block whose code holds PowerPC address a (for reports). */
uint32_t rt_guest_pc_of(dbt *d, uint32_t a);
/* The guest instruction PowerPC address a was emitted for (its block's pc when
 * unknown). */
uint32_t rt_guest_insn_of(dbt *d, uint32_t a);
/* The board's hooks (vboard_observe_blocks, vboard_stop_points): the CPU enters
 * the PowerPC block [addr, addr + size), and whether it may stop before addr. */
void rt_observe(void *ctx, uint32_t addr, uint32_t size);
int rt_stop_point(void *ctx, uint32_t addr);
/* The board's time, for the guest's clocks and timers. */
uint64_t rt_board_ns(const dbt *d);
/* The guest's GPRs: in PowerPC registers or the CPU state. */
void rt_read_gprs(dbt *d, uint32_t m[32]);
void rt_write_gpr(dbt *d, unsigned i, uint32_t v);
/* A feature's time (a guest timer's signal) is CPU cycle `cycle` (0: none): the CPU
 * pauses at the first stop point from then on, with d->woke set for the dispatcher. */
void rt_wake_at(dbt *d, uint64_t cycle);

/* ------------------------------------------------------------ dump.c */

/* Writes a translated block to the --dump file, MIPS and PowerPC side by side. */
void rt_dump_block(dbt *d, const dbt_block *blk);
/* ... and a unit's out-of-line code. */
void rt_dump_cold(dbt *d, const dbt_place *pl);

/* ------------------------------------------------------------ fault.c */

/* The instruction of the PowerPC block [tb_at, tb_end) (the last the CPU entered)
 * whose access to `addr` faulted.  The board's pc is no help (Unicorn updates it
 * only for code hooks: it can be an earlier block's), but the registers are those
 * of the faulting instruction: the first load or store that reaches addr with
 * them is it.  tb_at when none does. */
uint32_t rt_fault_insn(dbt *d, uint32_t addr);
/* The run faulted at PowerPC address `at`: the members of a superblock after it
 * in the same PowerPC block were counted as entered (observe) but never ran. */
void rt_uncount_after(dbt *d, uint32_t at);
/* The guest instruction at fpc, of the block whose code holds PowerPC address `at`,
 * faulted or trapped: the block was entered but the instructions after it never ran
 * (dbt_cuts; the cut hooks; a superblock's members after it: rt_uncount_after).
 * -1 when a cut hook failed (the IP could not be settled): the run stops (r). */
int rt_cut_block(dbt *d, uint32_t at, uint32_t fpc, dbt_result *r);
/* When the guest instruction at pc is a load or store: the address it accesses, with
 * the guest's registers as they are (before it ran), as Linux reports it (si_addr:
 * the address error's or the page fault's address, unaligned for lwl and the like). */
int rt_guest_access_ea(dbt *d, uint32_t pc, uint32_t *ea);
/* --confine: the check (translate.c) at PowerPC address `at` trapped.  The address
 * the guest's access would have made (si_addr), from its MIPS instruction: base
 * plus offset; for the check after a write to $sp or $gp, that register's value
 * (the tw's first register). */
uint32_t rt_confine_fault(dbt *d, uint32_t at);

/* ------------------------------------------------------------ features */

/* A hw profile was asked for. */
static inline int rt_hw_mode(const dbt *d) {
  return d->o.profile == DBT_PROFILE_HW || d->o.profile == DBT_PROFILE_ALL;
}

/* Each feature's state and hooks, registered by dbt_new in this order (-1: out of
 * memory; a feature that is off registers nothing). */
int rt_hw_register(dbt *d);
int rt_sys_register(dbt *d);
int rt_edge_register(dbt *d);
int rt_cct_register(dbt *d);
int rt_sb_register(dbt *d);
int rt_region_register(dbt *d);
int rt_confine_register(dbt *d);

/* The IP, host side (hwside.c). */
int rt_hw_settle(dbt *d); /* until the IP is idle, its rings drained; -1: d->failed */
/* The IP's `what` failed with -HWPROF_* err: says so in d->failed (dbt_hw_error)
 * and returns -1. */
int rt_hw_fail(dbt *d, const char *what, int err);
hwprof_dev *rt_ip_dev(dbt *d);         /* the driver's device, for the features' parts */
dbt_hw_profile *rt_ip_profile(dbt *d); /* the readout, for the features' parts of it */
/* The key (SPC or superblock word) an event word read from the IP stands for, its
 * flags kept (translate.h, "Event words"). */
uint32_t rt_ip_key(const dbt *d, uint32_t word);
/* What the IP has counted of key so far: its table's count (a lookup over the bus)
 * and the spill table's (the ring's records not drained yet left out). */
uint64_t rt_ip_count(dbt *d, uint32_t key);
/* Readout, for a feature whose event words are no block's (sbcount.c, region.c): the
 * entries of the keys `number` numbers (>= 0) move out of the readout into cnt[number];
 * their sum is returned.  rt_ip_add_blocks then adds add[id] entries to each block id,
 * to its entry or a new one (add emptied; -1 when out of memory). */
uint64_t rt_ip_take_words(dbt *d, int64_t (*number)(const void *ctx, uint32_t key), const void *ctx,
                          uint64_t *cnt);
int rt_ip_add_blocks(dbt *d, uint64_t *add);

/* System-call records (sysprof.c): one the dispatcher executed (-1: out of memory). */
int rt_sys_record(dbt *d, uint32_t site, uint32_t number);

/* Indirect edges (edgeprof.c).  rt_edge_add: -1 when out of memory. */
int rt_edge_add(rt_edge_table *t, uint32_t src, uint32_t dst, uint64_t n);
void rt_edge_free(rt_edge_table *t);
int rt_edge_exit(dbt *d, uint32_t site, uint32_t src, uint32_t target); /* DBT_EXIT_EDGE */
/* The IP's edges again, each end mapped by map (a superblock's event word to its
 * block) and added to `more` (emptied), sorted with jump sites and hot marks: its
 * readout (-1: out of memory). */
int rt_edge_hw_remap(dbt *d, uint32_t (*map)(const void *ctx, uint32_t pc), const void *ctx,
                     rt_edge_table *more);

/* --confine (confine.c): the guest's unmapped pages off the bus as guest.owned says
 * (0, or -1: the board refused); $gp and $sp near its memory (1) or not (0). */
int rt_confine_sync(dbt *d);
int rt_confine_kept_ok(dbt *d);

/* The FPU helper (fpgate.c): the gate's service, and the exit when the gate
 * cannot run an instruction (-1 with r filled when the guest stops). */
int rt_fp_gate_setup(dbt *d, char *err, size_t errlen);
int rt_fpu_exit(dbt *d, uint32_t pc, dbt_result *r);
/* What FPU instructions cost a PPC405 without an FPU (fpcost.c): rt_fp_costs
 * measures the table once per process (-1 with a message when it cannot). */
int rt_fp_costs(dbt *d, char *err, size_t errlen);
int rt_fp_costs_ready(void);
uint32_t rt_fp_cost(const dbt *d, uint32_t w);

/* Derived counts in superblocks (sbcount.c), under superblock.c: the run's
 * superblocks probe only where their passes leave (rt_sb_derived).
 * rt_sb_reserve before translating one (-1: no counters or event words left),
 * rt_sb_record after (-1: out of memory).  Readout: rt_sb_sw_readout (then rt_sb_sw
 * per block id), and rt_sb_hw_readout, which turns the IP's counts of the
 * superblocks' words into their members'.  A side exit taken `threshold` times
 * heads a superblock of its own: rt_sb_hot_word (the IP reported its word) and
 * rt_sb_scan_sw (the counters) call hot_exit with its target. */
int rt_sb_derived(const dbt *d);
/* At load: where the near words lie; returns the first. */
uint32_t rt_sb_words(dbt *d, uint32_t text_lo);
/* Forms the recorded superblock, if one is ready, and with the runtime on the board
 * runs the sw profile's scan when one is due (the CPU is stopped at a block
 * boundary: the dispatcher calls it each time the CPU comes back). */
void rt_sb_form(dbt *d);
/* The path recorder on the board (onrecord.c): rt_sb_trip queues a block the CPU
 * entered while a path is recorded, with what the host's recorder made of it (spent:
 * the duplication budget was), and pauses the CPU; rt_sb_trips makes the queued
 * requests once it is back (d->failed when the board's path is not the host's). */
void rt_sb_trip(dbt *d, uint32_t pc, uint32_t id, int spent);
void rt_sb_trips(dbt *d);
/* The pc the last threshold crossing made a pending head, 0 when it made none (or
 * no superblocks are formed); rt_sb_check_head compares it with the board's choice
 * (firmware/heads.c) for the crossing of `what` v (the IP's word, onirq.c; a counter
 * the sw profile's scan reported, superblock.c): -1 with d->failed when they differ. */
uint32_t rt_sb_pended(dbt *d);
int rt_sb_check_head(dbt *d, uint32_t board, const char *what, uint32_t v);
/* The board's evaluation of the crossing at hand's side exit ({its bc, its count, the
 * passes past it} at XLATE_HEADS_FLIPS, firmware/heads.c; 0: none), before the crossing
 * is handled (onirq.c); rt_sb_check_eval after it: -1 with d->failed when the board
 * evaluated an exit the runtime did not. */
void rt_sb_board_eval(dbt *d, uint32_t at);
int rt_sb_check_eval(dbt *d, uint32_t word);
int rt_sb_word(const dbt *d, uint32_t spc); /* spc is a superblock's word, not a block */
int rt_sb_reserve(dbt *d, dbt_sb_probes *p);
int rt_sb_record(dbt *d, const dbt_trace *t, const dbt_sb_probes *p, const dbt_block out[],
                 unsigned members);
int rt_sb_sw_readout(dbt *d);
uint64_t rt_sb_sw(const dbt *d, uint32_t id);
int rt_sb_hw_readout(dbt *d);
void rt_sb_hot_word(dbt *d, uint32_t spc, void (*hot_exit)(dbt *d, uint32_t pc));
void rt_sb_scan_sw(dbt *d, void (*hot_exit)(dbt *d, uint32_t pc));
/* The scan on the board reported counter id (superblock.c): a superblock's entry (0,
 * nothing to do) or side exit (0, hot_exit called), or -1 when it is neither or was
 * reported before; the first side exit's counter at the threshold not reported yet,
 * or -1. */
int rt_sb_counter_hot(dbt *d, uint32_t id, void (*hot_exit)(dbt *d, uint32_t pc));
int64_t rt_sb_exit_unreported(const dbt *d);
void rt_sb_free(dbt *d);
/* The run left a superblock early, for a signal handler or for good, at PowerPC
 * address a (inside: an instruction that did not complete there, a fault or a
 * trap; else the start of a block it did not enter: the cycle limit, a signal
 * to hwprof, a timer's handler): the member's derived counts leave out what did
 * not run (the superblocks' left hook). */
void rt_sb_leave(dbt *d, uint32_t a, int inside);

/* Probe regions (region.c, --regions): forms the next region when enough blocks have
 * turned hot (the dispatcher calls it each time the CPU comes back, as rt_sb_form). */
typedef struct rt_regions rt_regions;
void rt_region_form(dbt *d);

/* Signals on the board (sigframe.c).  rt_signal_next: the lowest pending signal
 * that is not blocked, or 0.  rt_signal_deliver: sig, at guest pc (sync: a trap or
 * fault there, addr its data address), goes to its handler (1, *to = the handler's
 * pc: the frame is built and the registers set, the kernel's work charged, its trip
 * too unless on_syscall: on a system call's way out, which paid it), is ignored (0),
 * or ends the guest (-1, r filled).  rt_sigreturn: the innermost handler returned; its frame's
 * context is restored and the pc to resume at returned (0: no frame, r filled). */
int rt_signal_next(const dbt *d);
/* 1 when sig has a handler that may run now (not blocked, not nested too deep). */
int rt_signal_caught(dbt *d, int sig);
/* rt_wake_at from the guest's timer (the board clock; under the host clock timers
 * are seen at system calls). */
void rt_signal_arm(dbt *d);
int rt_signal_deliver(dbt *d, int sig, int sync, int on_syscall, uint32_t pc, uint32_t addr,
                      uint32_t *to, dbt_result *r);
uint32_t rt_sigreturn(dbt *d, dbt_result *r);

/* --cct, sw: the packet ring is full (DBT_EXIT_CCT), or the run ends: its packets
 * into the sw stream (cctsrc.c).  -1 with d->failed when the guest overwrote the
 * ring's pointer in the translator's state (the stream is dropped). */
int rt_cct_drain(dbt *d);
/* ... the same when the ring is full during the run: on the board, with --runtime board
 * (the dispatcher's request queues its packets, firmware/cctq.c), else rt_cct_drain. */
int rt_cct_full(dbt *d);

/* The runtime's reads and writes of board RAM.  An address it took from memory the
 * guest can store to (without --confine the guest reaches the translator's state and
 * code) can lie outside the RAM: then a read gives 0, a write is dropped, and
 * d->failed says what happened (the dispatcher stops the run at its next exit). */
uint32_t rt_ram_outside(const dbt *d, uint32_t a);
static inline uint32_t rd32(const dbt *d, uint32_t a) {
  if (a > d->ram_size - 4)
    return rt_ram_outside(d, a);
  return dbt_be32(d->ram + a);
}
static inline void wr32(dbt *d, uint32_t a, uint32_t v) {
  if (a > d->ram_size - 4)
    rt_ram_outside(d, a);
  else
    dbt_put_be32(d->ram + a, v);
}

#endif
