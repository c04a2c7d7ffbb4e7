/*
 * translate.h - the translator core: one MIPS32r2 basic block in, PowerPC 405
 * code out.
 *
 * The core has no host-OS assumptions: it reads guest instructions through a
 * pointer, writes code into a buffer, and knows the PowerPC addresses of the
 * runtime's exit stubs.  It allocates nothing and calls nothing but string.h,
 * so it can later run as PowerPC firmware itself.  The runtime (cache.c, dispatch.c) owns the
 * code cache, the dispatcher, the system calls and the helpers.
 *
 * Guest memory is identity-mapped: guest address a is PowerPC physical address a
 * (the loader keeps the guest below DBT_GUEST_TOP), so guest loads and stores are
 * single PowerPC loads and stores (after a check with --unaligned trap or --confine
 * on).  Both are big-endian.
 *
 * Register convention of translated code (the table at the top of translate.c):
 *   r0, r3, r4   scratch (r0 never as a base: it reads as 0 there)
 *   r1           the CPU state (struct below, DBT_STATE)
 *   r2           profiling base: the IP's registers (hw) or the counters + 0x8000 (sw);
 *                with dbt_core.words (hw, all, the window), the EVENT window's far words
 *                + 0x8000 instead (below, "Event words"), the registers 0x58000 below
 *   r5           hw profile: with dbt_core.probe_window, the IP's EVENT window + 0x8000,
 *                which stands for the event word prof_near (EVENT_ORIGIN is
 *                prof_near - 0x8000): a block within 32 KiB of it stores one byte
 *                there; else prof_near itself, and its event word is made by one addi
 *   r6..r31      26 MIPS registers; $at, $t7, $t8, $k0, $k1, HI, LO live in the
 *                state ($at: never executed in the workloads' hot code, counted);
 *                with --confine, $s7 too, and r26 holds DBT_GUEST_TOP (DBT_R_LIMIT)
 *   cr7          branch conditions (no other code touches it); cr1 scratch; cr0
 *                scratch, or an ALU result's comparison with zero (cr0.c)
 *   cr2..cr6     the comparisons of a block's slt family, in turn (liveness.c)
 *   LR           the return address of an exit stub (it locates the exit)
 *   CTR          indirect jump targets
 *
 * Exits.  Every way out of translated code is `bl STUB` followed by data words;
 * the runtime reads the words at LR:
 *   DBT_EXIT_CHAIN     words: guest target, site.  Out of line (below).  The runtime
 *                      translates the target and points the branch at `site` (the
 *                      b or bc in the unit's code that reaches this stub) straight
 *                      at its translation (chaining); where a bc does not reach it
 *                      (32 KiB), the bl becomes `b host_target` instead.
 *   DBT_EXIT_INDIRECT  (no word) r3 = guest target; the inline lookup missed (out of
 *                      line: the lookup's bne reaches it there).
 *   DBT_EXIT_SYSCALL   word: guest pc of the syscall.  Continues at pc + 4.
 *   DBT_EXIT_HELPER    word: guest pc of an instruction the runtime executes
 *                      (FPU arithmetic); translated code resumes at LR + 4.
 *   DBT_EXIT_TRAP      words: guest pc, signal: the guest takes a signal.
 *   DBT_EXIT_UNIMPL    word: guest pc of an instruction the core cannot translate.
 *   DBT_EXIT_EDGE      words: edge site, guest pc of the block; r3 = guest target.  The
 *                      sw profile's edge probe found no slot for the target (below);
 *                      the runtime counts the edge, and translated code resumes at
 *                      LR + 8 (the jump itself follows, as after a counted edge).
 *   DBT_EXIT_CCT       (no word) the sw call/return packet ring is full (below): the
 *                      runtime drains it and translated code resumes at LR.
 *
 * Out-of-line code.  A unit has its code, what runs, at dbt_place.at, and its
 * out-of-line code at dbt_place.cold_at, where the runtime keeps it apart from code
 * that runs but within a bc's reach (window.c): chain exits' stubs and the misses of
 * indirect lookups, after the code in its window, so that the bc's that reach them
 * are forward ones, predicted not taken.  A block that ends in a conditional branch
 * ends in
 *     bc  cond, stub_taken      chained: bc cond, taken target (when it reaches)
 *     b   stub_not_taken        chained: b not-taken target
 * so that once chained, none of the words the CPU no longer executes (the stubs and
 * their data) shares an instruction-cache line with code that runs.  (The runtime
 * may place the block translated next over that b, when it is the b's target: the
 * way not taken then falls into it; runtime.h, rt_place_block.)  A superblock's
 * side exits follow its body: their probes run each time one is taken; a side exit
 * without a probe is its stub alone.  The stubs of traps (teq, an overflow, ...)
 * follow the unit's code.
 *
 * Call and return packets in the sw profile (--cct with sw, all: cct_ring != 0).
 * Every block adds 1 and its guest instruction count to two running totals in the
 * state (DBT_ST_CCT_BLOCKS, DBT_ST_CCT_INSNS; 6 instructions).  A block that ends in
 * a call, a return or another indirect jump (its HWPROF_EVENT_* flags) then appends
 * a packet of four words at DBT_ST_CCT_PTR: its pc | flags, where it goes (the
 * target: a constant, the jump's register, or for a conditional branch-and-link
 * pc + 8 when not taken), and the two totals (the runtime takes differences); the
 * pointer moves on, and at cct_ring_end the block exits (DBT_EXIT_CCT).  About 18
 * instructions; r0, r4 and cr1.
 *
 * Indirect edges in the sw profile (sw, all).  A block that ends in an indirect jump
 * (HWPROF_EVENT_INDIRECT: jr rs, rs != $ra) gets an edge site: DBT_EDGE_WAYS slots
 * of {target, count} at edge_sites + DBT_EDGE_SITE_BYTES * site, a fresh site per
 * translation, numbered from edge_site_next (dbt_block.edge_site says which; the
 * runtime maps sites back to blocks).  The probe compares the target with each slot
 * and counts the one that holds it; a target in no slot exits to the runtime, which
 * puts it in a free slot (or, when all are taken, counts it host-side).  With no site
 * left (edge_site_next == edge_site_cap) every traversal exits.
 */
#ifndef HWPROF_DBT_TRANSLATE_H
#define HWPROF_DBT_TRANSLATE_H

#include <stdint.h>

#include "hwprof_regs.h"

/* The CPU state around r1 (byte offsets from r1): the fields below it, the
 * indirect-jump table of {guest pc, host address} pairs from it (so that the
 * inline lookup indexes it with lwzux). */
#define DBT_ST_FIELDS       (-512)
#define DBT_ST_GPR(n)       (DBT_ST_FIELDS + 4 * (int)(n)) /* spilled GPRs only */
#define DBT_ST_HI           (DBT_ST_FIELDS + 128)
#define DBT_ST_LO           (DBT_ST_FIELDS + 132)
#define DBT_ST_FPR(n)       (DBT_ST_FIELDS + 136 + 4 * (int)(n)) /* FR=0: a double is n (low), n+1 */
#define DBT_ST_FCSR         (DBT_ST_FIELDS + 264)
#define DBT_ST_TLS          (DBT_ST_FIELDS + 268) /* rdhwr $29, set by set_thread_area */
#define DBT_ST_TMP          (DBT_ST_FIELDS + 272) /* a jump target saved across its delay slot */
#define DBT_ST_CCT_BLOCKS   (DBT_ST_FIELDS + 276) /* --cct, sw: blocks entered, running */
#define DBT_ST_CCT_INSNS    (DBT_ST_FIELDS + 280) /* ... their guest instructions */
#define DBT_ST_CCT_PTR      (DBT_ST_FIELDS + 284) /* ... the packet ring's next free word */
#define DBT_CCT_PACKET      16u                   /* bytes of a packet in the ring */
#define DBT_ST_JT           0
/* 4,096 entries (32 KiB), indexed by the target's bits 2-13.  With 2,048 the Lua
 * interpreter's hot targets 8 KiB apart took turns in the same entries: 205,442 of its
 * indirect jumps went to the dispatcher on tests/real/exercise.lua, 7,311 now
 * (docs/translator.md, "The jump table's size"). */
#define DBT_JT_LOG2         12
#define DBT_JT_ENTRIES      (1u << DBT_JT_LOG2)
#define DBT_SW_BIAS         0x8000 /* r2 = counters + DBT_SW_BIAS in sw mode */
#define DBT_EDGE_WAYS       4u     /* slots per edge site */
#define DBT_EDGE_SITE_BYTES (8u * DBT_EDGE_WAYS)
#define DBT_EDGE_NONE       0xFFFFFFFFu /* dbt_block.edge_site: none */
#define DBT_INSN_INDEX      0x7Fu       /* dbt_core.insn_of: the index's bits (1 + index), */
#define DBT_INSN_COLD       0x7Fu       /* ... that value for out-of-line code, */
#define DBT_INSN_PROF       0x80u       /* ... and the bit of the profile's words */

/* 1 when w is a branch-likely (its delay slot runs only when it is taken). */
int dbt_branch_likely(uint32_t w);

#define DBT_R_STATE 1
#define DBT_R_PROF  2
#define DBT_R_HI    5
#define DBT_R_LIMIT 26 /* --confine: DBT_GUEST_TOP, the bound of the check (translate.c) */

enum dbt_exit {
  DBT_EXIT_CHAIN,
  DBT_EXIT_INDIRECT,
  DBT_EXIT_SYSCALL,
  DBT_EXIT_HELPER,
  DBT_EXIT_TRAP,
  DBT_EXIT_UNIMPL,
  DBT_EXIT_EDGE,
  DBT_EXIT_CCT,
  DBT_EXIT_KINDS
};

/* all: the hw store and the sw counter in every block (one run, both profiles;
 * the counter then by its absolute address, dbt_core.counters). */
enum dbt_profile { DBT_PROFILE_NONE, DBT_PROFILE_HW, DBT_PROFILE_SW, DBT_PROFILE_ALL };

/* Guest signals the core raises (Linux numbers). */
enum { DBT_SIGILL = 4, DBT_SIGTRAP = 5, DBT_SIGFPE = 8, DBT_SIGBUS = 10, DBT_SIGSEGV = 11 };

/* Event words (hw, all, with the EVENT window; words.c).  What the profile counts is
 * a key: a block's SPC, or a superblock's entry or side-exit word (superblock.h).
 * A key within r5's reach (prof_near +- 32 KiB, flags included) is its own event
 * word.  Any other key gets a far slot, the next free one the first time the
 * translator probes it, for the rest of the run, and is counted under the slot's
 * word base + 4 * slot: so the one-instruction probe reaches every block, wherever
 * it is.  r2 stands for the word base + 0x8000 in the window (DBT_FAR_R2), so slots
 * below DBT_FAR_NEAR are one stb away like near keys; the rest of the window's 256
 * KiB, DBT_FAR_MID slots, two (addis r4 from r2, stb); beyond, the word itself goes
 * to the IP's EVENT register (lis, ori, addis r4, stw).  base is prof_near + 0x8000,
 * past every near key, so a word is a near key or a slot's, never both; the
 * runtime maps slot words back to their keys wherever it reads the IP (hot SPCs,
 * the table, the spill ring, edges, packets), so every count stays by SPC. */
#define DBT_FAR_WINDOW 0x10000u /* the far words' first byte in the EVENT window */
#define DBT_FAR_R2     (HWPROF_EVENT_WINDOW_OFFSET + DBT_FAR_WINDOW + HWPROF_EVENT_WINDOW_PROBE)
#define DBT_FAR_NEAR   0x4000u /* slots one stb away: 64 KiB of the window */
#define DBT_FAR_MID    ((HWPROF_EVENT_WINDOW_BYTES - DBT_FAR_WINDOW) / 4u - DBT_FAR_NEAR)
#define DBT_FAR_UNIT   64u /* free slots the runtime keeps before each translation */
typedef struct dbt_words {
  uint32_t base;   /* slot 0's event word */
  uint32_t n, cap; /* slots given; room for */
  uint32_t *key;   /* [cap]: each slot's key */
  uint32_t *index; /* [mask + 1]: by key, open addressing: 1 + its slot (0: free) */
  uint32_t mask;   /* the index's size - 1 (a power of two, at least 2 * cap - 1) */
} dbt_words;

/* The slot of key (flags ignored), given now if it has none; -1 when all cap are
 * given (the runtime keeps DBT_FAR_UNIT free before each translation). */
int64_t dbt_words_slot(dbt_words *w, uint32_t key);
/* The key event word `word` stands for, its flags kept: a slot's key, or itself. */
uint32_t dbt_words_key(const dbt_words *w, uint32_t word);
/* The event word key is counted under (flags kept), without giving a slot. */
uint32_t dbt_words_word(const dbt_words *w, uint32_t key);

typedef struct dbt_core {
  /* Guest code: instruction words are read from text[pc - text_base]. */
  const uint8_t *text;
  uint32_t text_base, text_size;
  /* The code buffer: buf[i] is at PowerPC address buf_addr + i. */
  uint8_t *buf;
  uint32_t buf_addr, buf_size;
  uint32_t exit_stub[DBT_EXIT_KINDS]; /* PowerPC addresses */
  int profile;
  uint32_t event_offset; /* hw: offset of EVENT from r2 */
  uint32_t counters;     /* all: address of counter 0 */
  uint32_t prof_near;    /* hw, all: the event word r5 stands for (the middle of the 64 KiB
                          * that hold the superblocks' near words and the hot code) */
  int probe_window;      /* hw, all: r5 points into the EVENT window (see r5 above) */
  dbt_words *words;      /* hw, all, probe_window: the far keys' slots, r2 into the window
                          * ("Event words"); NULL: far keys' probes are lis, ori, stw */
  int align_checks;      /* a misaligned load or store raises SIGBUS, as on MIPS */
  int confine;           /* a load or store beyond the guest's memory traps (SIGSEGV) */
  uint8_t *insn_of;      /* optional, per word of buf: 1 + the index in its block of the
                          * guest instruction that word was emitted for (0: none), or
                          * DBT_INSN_COLD for the unit's out-of-line code (the ways to
                          * the dispatcher: chain exits' stubs, lookups' misses, traps'
                          * stubs); | DBT_INSN_PROF when the word is the profile's (a
                          * probe, a counter, a packet, a record) */
  unsigned max_insns;    /* guest instructions per block, at most */
  uint32_t edge_sites;   /* sw, all: address of edge site 0 (DBT_EDGE_SITE_BYTES each) */
  uint32_t edge_site_next, edge_site_cap; /* the next free site; how many there are */
  uint32_t cct_ring, cct_ring_end;        /* --cct, sw, all: the packet ring (0: none) */
  int cct_hw; /* --cct, hw, all: each block's probe carries its guest instruction count as
               * the event's weight (hwprof_regs.h, 1.6): li r0, n before the window's stb,
               * or the word probe's stw to EVENT_W + 4n instead of EVENT */
  int sys_hw; /* hw, all: the IP has a system-call table: a syscall's block records the
               * call in it (SYSCALL_SITE, SYSCALL; none before 1.4 or when left out) */
} dbt_core;

/* Host registers: where each MIPS GPR lives (-1: in the state), without and with
 * --confine, which gives $s7's register to DBT_R_LIMIT. */
extern const int8_t dbt_host_reg[32], dbt_host_reg_confined[32];
static inline const int8_t *dbt_host_regs(const dbt_core *c) {
  return c->confine ? dbt_host_reg_confined : dbt_host_reg;
}

#define DBT_SIDE_MAX 2 /* side exits of a superblock member, at most */

typedef struct dbt_block {
  uint32_t guest_pc, guest_insns;   /* guest instructions, delay slot included */
  uint32_t host_addr, host_size;    /* bytes of PowerPC code */
  uint32_t prof_insns;              /* instructions the profile adds */
  uint32_t end_pc;                  /* the address after the block's last instruction */
  uint32_t edge_site;               /* sw, all: the edge site it took, or DBT_EDGE_NONE */
  uint32_t flags;                   /* how it ends: HWPROF_EVENT_* (hwprof_regs.h) */
  uint32_t side_exits;              /* in a superblock: its side exits (numbered in path order) */
  uint32_t side_dest[DBT_SIDE_MAX]; /* ... where each goes (0: an indirect jump's target) */
  uint32_t side_at[DBT_SIDE_MAX];   /* ... each one's bc (a PowerPC address) */
  uint32_t trap_addr, trap_size;    /* its out-of-line trap stubs (PowerPC; size 0: none) */
} dbt_block;

/* A bc's y bit (its BO's low bit): it reverses the bc's static prediction (backward
 * taken, forward not). */
#define DBT_BC_Y (1u << 21)

/* A superblock's side exit taken `taken` times where `on` passes went on past it, when its
 * word turns hot: whether its bc is now predicted taken (its y bit set; side exits are
 * emitted predicted not taken, the way the recorded path went).  The board's choice
 * (firmware/heads.c) and the runtime's (dbt/sbcount.c) are this one. */
static inline int dbt_sb_exit_taken(uint64_t taken, uint64_t on) {
  return taken > on;
}

/* Whether a block that ends as `flags` says (dbt_block) leaves its function: a call or a
 * return.  A superblock's path ends after one (dbt/superblock.c, firmware/record.c). */
static inline int dbt_leaves_function(uint32_t flags) {
  uint32_t how = flags & HWPROF_EVENT_FLAGS;
  return how == HWPROF_EVENT_CALL || how == HWPROF_EVENT_RETURN;
}

/* Where a unit goes in core->buf (byte offsets): its code at `at`, at most `cap`
 * bytes; its out-of-line code at cold_at, at most cold_cap bytes.  Every byte of
 * either must be within a bc's reach (32 KiB) of every byte of the other; a unit
 * that needs more room, or does not reach, does not fit.  The translator sets
 * used and cold_used, the bytes it wrote at each, also when the unit did not fit
 * (a runtime whose translator's stores go through the data cache makes them
 * visible to fetch either way: onboard.c). */
typedef struct dbt_place {
  uint32_t at, cap, cold_at, cold_cap;
  uint32_t used, cold_used;
} dbt_place;

/* Translates the block at guest pc into core->buf where pl says, with profiling
 * counter `counter` (sw mode).  Returns the bytes of code written (out-of-line code
 * aside: pl->cold_used), 0 when the block does not fit (the caller finds room and
 * retries), or -1 when pc is outside the guest's text. */
int dbt_translate(const dbt_core *core, uint32_t pc, dbt_place *pl, uint32_t counter,
                  dbt_block *out);

/* A superblock (single entry, side exits): the path recorded from a hot head,
 * pc[0], through the blocks at pc[1..n-1], after which it went to `next` (pc[0]
 * when it closed a loop).  Translated as one unit: each member's code falls
 * through into the next member's along the path; the other way out of each
 * member is a side exit (out-of-line code: a chain exit, or for an inlined
 * indirect jump, which compares its target with the recorded one, the usual
 * lookup); the last member branches back to the head, or exits to `next`.
 * counter[i]: member i's block id (its sw counter when it keeps its own probe). */
#define DBT_TRACE_MAX 16
typedef struct dbt_trace {
  uint32_t pc[DBT_TRACE_MAX];
  uint32_t counter[DBT_TRACE_MAX];
  unsigned n;
  uint32_t next;
} dbt_trace;

/* Derived counts (superblock.c, sbcount.c): instead of every member's probe, a
 * superblock counts where its passes leave: each side exit k (in path order) under
 * exit_key + 4k and exit_counter + k, and every other way out -- the path's end, the
 * loop back to the head, a branch off the path, a system call -- under end_key and
 * end_counter.  Its entries are the sum of those (and of the times the run left it
 * otherwise, which the runtime sees), and a member's entries the entries minus the
 * side exits taken before it.  With the IP (hw, all) the head's probe fires entry_key
 * for the IP's indirect-edge pairing alone (an indirect jump's event pairs with its
 * target's): the indirect-jump table and the dispatcher enter the superblock there,
 * while direct branches, chained, and the loop back enter past it (dbt_block
 * host_addr of member 0: its body).  The entry has no sw counter (the sw profile
 * counts indirect edges at their jumps).  Event words are never a block's address
 * (they lie outside the guest's text). */
typedef struct dbt_sb_probes {
  uint32_t entry_key;
  uint32_t end_key, end_counter;
  uint32_t exit_key, exit_counter;
} dbt_sb_probes;

/* Translates a superblock where pl says, as dbt_translate, with derived
 * counts when probes is not NULL (else every member keeps its own probe).  A
 * member that leaves the path in every case (a syscall, a trap, a branch that
 * does not go where the path went) ends it: *members says how many were
 * translated, and out[i] describes each (host_addr: where its code starts in the
 * superblock, member 0's past the head's probe; side_exits: how many it has, at most
 * DBT_SIDE_MAX). */
int dbt_translate_trace(const dbt_core *c, const dbt_trace *t, const dbt_sb_probes *probes,
                        dbt_place *pl, dbt_block out[], unsigned *members);

/* Probe regions (region.c): a hot block translated again as a member of a region,
 * where its count is derived at readout from fewer probes.  Its head's probe counts
 * under head_key, flags and all, as a block's; the ways into it from the region's own
 * blocks go past it, to its body.  A direct way out to guest pc count_to[i] counts its
 * traversals under count_key[i]; the other ways out are plain chain exits, which the
 * runtime may point straight at a member's body (dbt_member_out).  hw profile only. */
#define DBT_MEMBER_WAYS 2
typedef struct dbt_member {
  uint32_t head_key;
  uint32_t count_to[DBT_MEMBER_WAYS], count_key[DBT_MEMBER_WAYS]; /* (count_key 0: none) */
} dbt_member;

/* A member's translation: entry, where its entries from outside go (its probe, the
 * block's first word); body, where the region's ways into it go (past the probe); its
 * direct ways out, each with its guest target, the branch (b or bc) that leaves for
 * it, whether it is counted (that branch goes to the way's probe, out of line), and its
 * chain stub's bl (after the probe; chaining patches it when the branch goes to the
 * probe or does not reach). */
typedef struct dbt_member_out {
  uint32_t entry, body;
  unsigned ways;
  uint32_t way_to[DBT_MEMBER_WAYS], way_site[DBT_MEMBER_WAYS], way_stub[DBT_MEMBER_WAYS];
  uint32_t way_counted[DBT_MEMBER_WAYS];
} dbt_member_out;

/* Translates the block at guest pc as member m of a region, as dbt_translate. */
int dbt_translate_member(const dbt_core *c, uint32_t pc, const dbt_member *m, dbt_place *pl,
                         dbt_block *out, dbt_member_out *mo);

/* The direct ways out of the block at guest pc, as its translation will end, without
 * translating it: their guest targets in to[] (at most DBT_MEMBER_WAYS; 0 when it ends
 * otherwise: an indirect jump, a syscall, a trap), and in *flags how it ends
 * (HWPROF_EVENT_*).  An instruction the translator cannot run ends the block sooner;
 * dbt_translate_member's out says what it did. */
unsigned dbt_block_ways(const dbt_core *c, uint32_t pc, uint32_t to[DBT_MEMBER_WAYS],
                        uint32_t *flags);

/* Writes the exit stubs at buf (PowerPC address addr): for each kind k, at
 * addr + 8k, "li r0, k; b stop".  The runtime stops the CPU at `stop`.
 * DBT_EXIT_HELPER's stub goes to the FPU gate at `gate` (buf + gate - addr)
 * instead, where a host service may execute the instruction in place:
 *   gate:  cmpwi cr0, r0, 0     the service runs before this; when it did the
 *          bne   stop           work it sets r0 = 0 and LR past the pc word;
 *          blr                  else: the exit, as before */
void dbt_emit_stubs(uint8_t *buf, uint32_t addr, uint32_t stop, uint32_t gate);

/* The patch that chains an exit stub at PowerPC address `stub` to `target`:
 * a branch word, or 0 when the distance does not fit. */
uint32_t dbt_chain_word(uint32_t stub, uint32_t target);
/* The bc word `bc` (at `at`) redirected to target, or 0 when it does not reach.  A bc
 * on a CR bit keeps the direction the 405 predicts for it (forward not taken, backward
 * taken, the y bit reversing it): the y bit flips where the displacement's sign does, so
 * that the prediction the translator chose when it emitted the bc holds wherever the
 * chained target lies (branch.c). */
uint32_t dbt_retarget_bc(uint32_t bc, uint32_t at, uint32_t target);
/* The branch word insn at `at` made to go to target: a bc redirected, anything else a
 * b (0: neither reaches). */
static inline uint32_t dbt_branch_to(uint32_t insn, uint32_t at, uint32_t target) {
  return (insn >> 26) == 16 ? dbt_retarget_bc(insn, at, target) : dbt_chain_word(at, target);
}
/* Where the branch word insn at `at` goes: a bc's (opcode 16) displacement, else a b's or
 * bl's. */
static inline uint32_t dbt_branch_target(uint32_t insn, uint32_t at) {
  return at + (uint32_t)((insn >> 26) == 16
                             ? (int16_t)(insn & 0xFFFCu)
                             : (int32_t)((insn & 0x03FFFFFCu) ^ 0x02000000u) - 0x02000000);
}

#endif
