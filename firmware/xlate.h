/*
 * xlate.h - the translator on the board: the request the runtime hands the
 * PPC405 (firmware/xlate.c, run on the board) and its place in the board's RAM,
 * shared by both sides (the runtime's side: dbt/onboard.c).
 *
 * With --runtime board the translator core (dbt/translate.c and the files it
 * calls, the same sources the host runs with --runtime host) is built for the
 * PPC405 as firmware/xlate.elf and loaded beside the code cache.  To translate a
 * block or a superblock the runtime writes a request at XLATE_REQ, points r1 at
 * XLATE_STACK and calls _start, which translates into the code cache (its loads of
 * guest code, its stores of PowerPC code: the board's CPU and caches) and branches
 * to xlate_stop.  Every field of the request is a 32-bit word (the translator's
 * structures in it hold nothing else), big-endian in RAM as the PPC405 reads it;
 * the runtime writes and reads it word by word.
 *
 * The far event words' table (translate.h, "Event words") lives on the board
 * too, at XLATE_WORDS: the translator gives slots there; the runtime reads the
 * keys it gave after each request and keeps its own copy for its readouts.
 *
 * The dispatcher's side of the runtime is in the same image (firmware/dispatch.c):
 * the map from guest pcs to their code (XLATE_MAP, a block enters it when the
 * board translates it), the lookups of the exits that reach the dispatcher,
 * chaining's patches and the chained branches' list (XLATE_LINKS), the jump-table
 * entries of indirect jumps, a superblock's redirection of its head and a flush;
 * the sw profile's periodic scan of its counters (firmware/swscan.c); the
 * superblock former's path recorder (firmware/record.c) and its choice of heads
 * (firmware/heads.c); and the
 * profiling IP's interrupt handler's drains (firmware/irq.c): the hot FIFO, and
 * the spill ring counted into a table in board RAM (XLATE_IRQ_TABLE), the
 * other tables and rings, the acknowledgement.
 * The runtime hands it an xlate_disp at XLATE_REQ and calls the image at
 * XLATE_ENTRY_DISPATCH, which saves and restores the registers a C routine may
 * change, as a dispatcher entered from translated code must.
 */
#ifndef HWPROF_XLATE_H
#define HWPROF_XLATE_H

#include <stdint.h>

#include "regionplan.h"
#include "translate.h"

/* Board RAM the translator takes, between the IP's packet ring and the code cache
 * (dbt.h's map): the image, the request, the stack, a window of insn_of, the
 * far words' table. */
#define XLATE_BASE            0x0CD00000u /* the image (firmware/xlate.ld): code, data, bss */
#define XLATE_IMAGE_MAX       0x00040000u
#define XLATE_REQ             0x0CD40000u /* struct xlate_req */
/* r1: the stack grows down from here; the word at 4(r1), where the first callee saves
 * LR, is still the stack's. */
#define XLATE_STACK           0x0CD4FFF0u
#define XLATE_INSN_OF         0x0CD50000u /* insn_of for the code the request may write */
#define XLATE_INSN_MAX        0x00040000u /* ... for this many words of code */
/* Where the translator writes the code of a request: the window of the code cache
 * its place spans, at most XLATE_STAGE_MAX bytes (a code window, dbt/window.c),
 * copied into the code cache by the runtime once the request returns.  Its loads
 * and stores there reach the caches' model as the code cache's own addresses
 * (vboard_alias), so the cycles are those of stores into the code cache; what it
 * saves is host time: Unicorn takes every store into a page that holds code it has
 * translated through QEMU's self-modifying-code path (dbt/onboard.c). */
#define XLATE_STAGE           0x0DFF0000u /* past the code cache's most (dbt.h) */
#define XLATE_STAGE_MAX       0x00010000u
#define XLATE_WORDS           0x0CD90000u /* dbt_words: key[XLATE_WORDS_CAP], index[2 * cap] */
#define XLATE_WORDS_CAP       0x00010000u
/* The dispatcher's block map: XLATE_MAP_SLOTS of {pc, host, gen, links}, open
 * addressing, at most half of them used; the chained branches: XLATE_LINKS_CAP of
 * {at, next}, a list per target (firmware/dispatch.c). */
#define XLATE_MAP             (XLATE_WORDS + 12u * XLATE_WORDS_CAP)
#define XLATE_MAP_SLOTS       0x00010000u
#define XLATE_LINKS           (XLATE_MAP + 16u * XLATE_MAP_SLOTS)
#define XLATE_LINKS_CAP       0x00010000u
/* The sw profile's scan (firmware/swscan.c): a bit per counter reported hot, and the
 * counters one scan reports. */
#define XLATE_SCAN_SEEN       (XLATE_LINKS + 8u * XLATE_LINKS_CAP)
#define XLATE_SCAN_MAX        0x00100000u /* counters it covers (DBT_MAX_COUNTERS) */
#define XLATE_SCAN_OUT        (XLATE_SCAN_SEEN + XLATE_SCAN_MAX / 8u)
#define XLATE_SCAN_OUT_CAP    0x00004000u
#define XLATE_END             (XLATE_SCAN_OUT + 4u * XLATE_SCAN_OUT_CAP)
/* The interrupt handler's (firmware/irq.c), below the IP's spill ring, past the sw
 * profile's counters: the spill table's slots (hwprof_entry), in one of two regions
 * (the table grows fourfold from XLATE_IRQ_TABLE_FIRST slots, from one region to the
 * other), the crossings it reports (XLATE_IRQ_HOT_CAP words), and the system calls
 * the IP recorded (XLATE_IRQ_SYS_CAP xlate_sys, in order of first record). */
#define XLATE_IRQ_TABLE       0x0C500000u
#define XLATE_IRQ_TABLE_CAP   0x00040000u /* slots at most, in the first region */
#define XLATE_IRQ_TABLE_FIRST 0x00001000u /* slots to begin with, in the second */
#define XLATE_IRQ_TABLE2      (XLATE_IRQ_TABLE + 8u * XLATE_IRQ_TABLE_CAP)
#define XLATE_IRQ_HOT         (XLATE_IRQ_TABLE2 + 8u * (XLATE_IRQ_TABLE_CAP / 4u))
#define XLATE_IRQ_HOT_CAP     0x00004000u
#define XLATE_IRQ_SYS         (XLATE_IRQ_HOT + 4u * XLATE_IRQ_HOT_CAP)
#define XLATE_IRQ_SYS_CAP     0x00001000u
#define XLATE_IRQ_END         (XLATE_IRQ_SYS + 16u * XLATE_IRQ_SYS_CAP)
/* ... and the choice of superblock heads (firmware/heads.c), past the IP's spill ring
 * (DBT_SPILL, 16 KiB): what a word or counter stands for (XLATE_HEADS_WORDS_CAP of
 * {key, what}, at most three quarters used: the hw profile's superblocks' event words,
 * or the sw profile's counters), the words the IP reported hot (with the
 * set-associative table, XLATE_HEADS_SEEN_CAP words, at most half used), and for each
 * crossing at XLATE_IRQ_HOT, or counter at XLATE_SCAN_OUT, the guest pc it made a
 * pending head (0: none), and the superblock each block is a member of.  Zero when the
 * image is loaded (dbt/onboard.c). */
#define XLATE_HEADS_WORDS     0x0C804000u
#define XLATE_HEADS_WORDS_CAP 0x00010000u
#define XLATE_HEADS_SEEN      (XLATE_HEADS_WORDS + 8u * XLATE_HEADS_WORDS_CAP)
#define XLATE_HEADS_SEEN_CAP  0x00010000u
#define XLATE_HEADS_PENDED    (XLATE_HEADS_SEEN + 4u * XLATE_HEADS_SEEN_CAP)
/* >= XLATE_SCAN_OUT_CAP; then for each slot of the dispatcher's map the superblock its
 * block last became a member of (a uint16_t: heads.c, MEMBER_OF) */
#define XLATE_HEADS_MEMBER_OF (XLATE_HEADS_PENDED + 4u * XLATE_IRQ_HOT_CAP)
/* ... then the side exits' sites (hw; heads.c, "Side exits predicted from the counts"):
 * XLATE_HEADS_EXITS_CAP of {key, the bc's address, the superblock's end word, the later
 * exits}, at most three quarters used; and the exits a request's crossings evaluated:
 * a count, then XLATE_HEADS_FLIPS_CAP of {the crossing's index, the bc's address, the
 * exit's count, the count of the passes that went on past it}. */
#define XLATE_HEADS_EXITS     (XLATE_HEADS_MEMBER_OF + 2u * XLATE_MAP_SLOTS)
#define XLATE_HEADS_EXITS_CAP 0x00000800u
#define XLATE_HEADS_FLIPS     (XLATE_HEADS_EXITS + 16u * XLATE_HEADS_EXITS_CAP)
#define XLATE_HEADS_FLIPS_CAP 0x000001FFu
#define XLATE_HEADS_END       (XLATE_HEADS_FLIPS + 16u * (XLATE_HEADS_FLIPS_CAP + 1u))
/* ... and the IP's edges it drained, past the sw profile's edge sites (dbt.h):
 * XLATE_IRQ_EDGE_HEADS hash chains' heads (an index + 1, 0: none; zero when the image
 * is loaded, as its bss), then XLATE_IRQ_EDGE_CAP xlate_edge. */
#define XLATE_IRQ_EDGES       0x0CB00000u
#define XLATE_IRQ_EDGE_HEADS  0x00002000u
#define XLATE_IRQ_EDGE_CAP    0x00008000u
#define XLATE_IRQ_EDGE_END    (XLATE_IRQ_EDGES + 4u * XLATE_IRQ_EDGE_HEADS + 24u * XLATE_IRQ_EDGE_CAP)
/* ... and the queue the IP's call/return packets go to, past the IP's packet ring
 * (dbt.h): the handler appends what it takes out of that ring, wrapping around, and
 * the calling-context tree's builder reads them from there (a queue of 32,768
 * packets, half of one of the parallel builder's chunks: cct/cct.c). */
#define XLATE_IRQ_CCT         0x0CC20000u
#define XLATE_IRQ_CCT_WORDS   0x00020000u

/* The image's interface word, the last word of XLATE_IMAGE_MAX (firmware/xlate.ld,
 * its own section: the image's layout does not move): XLATE_ABI, a digest of this
 * header, translate.h, regionplan.h and hwprof_regs.h that the build gives the image (xlate.c) and
 * the runtime (dbt/onboard.c) alike.  An image built from other headers than hwprof's
 * (a stale build, another checkout's) is refused when it is loaded, naming both. */
#define XLATE_ABI_AT (XLATE_BASE + XLATE_IMAGE_MAX - 4u)

/* The image's entries, from its ELF entry point: a translation; a dispatcher's
 * request (the registers saved first); where the CPU stops when either returns. */
#define XLATE_ENTRY_TRANSLATE 0u
#define XLATE_ENTRY_DISPATCH  4u
#define XLATE_ENTRY_STOP      8u
/* The probe regions' former (firmware/regions.c, with dbt/regionplan.c), run a few
 * times a run: its code lies apart from the image's hot code, at XLATE_LATE
 * (firmware/xlate.ld), so that the translator's and the dispatcher's stay where the
 * image's profile placed them; its entry is its first word, a request at XLATE_REQ as
 * a translation's (XLATE_MEMBER: an xlate_req; XLATE_RG_MOVE and XLATE_RG_LINK: an
 * xlate_disp; XLATE_RG_PLAN: an xlate_plan). */
#define XLATE_LATE            (XLATE_BASE + 0x00020000u)
#define XLATE_ENTRY_LATE      (XLATE_LATE - XLATE_BASE)

enum {
  XLATE_BLOCK,    /* translate a block (xlate_req); it enters the map */
  XLATE_TRACE,    /* translate a superblock (xlate_req) */
  XLATE_LOOKUP,   /* the rest are xlate_disp's: pc's code in the map */
  XLATE_CHAIN,    /* ... and the branch at site (or the stub) patched to go there */
  XLATE_INDIRECT, /* ... and pc's jump-table entry filled */
  XLATE_RECORD,   /* ... and a block entered while a superblock's path is recorded (record.c) */
  XLATE_REDIRECT, /* pc's code is now host: the old code, its chained branches, its entry */
  XLATE_FLUSH,    /* the cache emptied: the map's generation, no links, the jump table */
  XLATE_SCAN,     /* the sw profile's counters that reached the threshold since the last */
  XLATE_IRQ,      /* the interrupt handler's drains (what: XLATE_IRQ_*) */
  XLATE_CCT_SW,   /* the sw probes' packet ring is full: queued for the tree's builder */
  /* The probe regions' former's, at XLATE_ENTRY_LATE: */
  XLATE_MEMBER,  /* translate a region's member (xlate_req: pc, member; out: member_out) */
  XLATE_RG_MOVE, /* pc's code is now host, a member's (xlate_disp): as XLATE_REDIRECT's */
  XLATE_RG_LINK, /* the branch at site goes to host (xlate_disp; out: the word, at = site) */
  XLATE_RG_PLAN, /* a region's plan (xlate_plan) */
};

/* XLATE_IRQ's what: set up first (the device, the ring, empty tables: the run's
 * first request), the hot FIFO popped, the spill ring counted, the IP's system-call
 * table drained (read, added, cleared), the IP's hot edges popped and its edge table
 * drained at half full, the IP's call/return packets taken out of their ring, the
 * interrupt acknowledged. */
#define XLATE_IRQ_START      1u
#define XLATE_IRQ_FIFO       2u
#define XLATE_IRQ_RING       4u
#define XLATE_IRQ_SYSCALLS   8u
#define XLATE_IRQ_EDGE_TABLE 16u
#define XLATE_IRQ_CCT_RING   32u
#define XLATE_IRQ_ACK        64u  /* (after the rest, in the request that ends with more = 0) */
#define XLATE_IRQ_HEADS      128u /* (`full` only: the words seen by the choice of heads) */

/* A (call site, system-call number) pair's count, at XLATE_IRQ_SYS. */
typedef struct xlate_sys {
  uint32_t site, number, count_hi, count_lo;
} xlate_sys;

/* An edge (the IP's words: source, target), its count, whether it was reported hot,
 * the next in its hash chain (an index + 1, 0: none). */
typedef struct xlate_edge {
  uint32_t src, dst, count_hi, count_lo, hot, next;
} xlate_edge;

/* The dbt_core fields that are numbers, in order (the pointers follow in
 * xlate_req: guest text and code buffer are where their addresses say on the
 * board, identity-mapped). */
/* clang-format off */
#define XLATE_CORE_FIELDS(X) \
  X(text_base) X(text_size) X(buf_addr) X(buf_size) X(profile) X(event_offset) X(counters) \
  X(prof_near) X(probe_window) X(align_checks) X(confine) X(max_insns) X(edge_sites) \
  X(edge_site_next) X(edge_site_cap) X(cct_ring) X(cct_ring_end) X(cct_hw) X(sys_hw)
/* clang-format on */

typedef struct xlate_req {
  uint32_t op; /* XLATE_BLOCK, XLATE_TRACE */
#define XLATE_FIELD(f) uint32_t f;
  XLATE_CORE_FIELDS(XLATE_FIELD)
#undef XLATE_FIELD
  uint32_t exit_stub[DBT_EXIT_KINDS];
  /* insn_of: the entry of code word (a - buf_addr) / 4 is at insn_of + that; 0: none */
  uint32_t insn_of;
  /* buf: where code word 0 of the code cache is written (XLATE_STAGE less the place's
   * first byte), buf_addr its address on the board */
  uint32_t buf;
  /* The far words (words != 0): base, slots given, room; the table's arrays. */
  uint32_t words, words_base, words_n, words_cap, words_key, words_index, words_mask;
  /* In: what to translate; out: dbt_translate's or dbt_translate_trace's result. */
  uint32_t pc, counter;  /* XLATE_BLOCK */
  uint32_t has_probes;   /* XLATE_TRACE: probes given */
  dbt_trace trace;       /* XLATE_TRACE */
  dbt_sb_probes probes;  /* XLATE_TRACE, has_probes */
  dbt_place place;       /* in and out */
  uint32_t members, ret; /* out */
  uint32_t mapped;       /* out, XLATE_BLOCK: 1 the block entered the map, 0 it is full */
  /* XLATE_BLOCK and XLATE_TRACE, in: the sw profile's heads are chosen on the board, by
   * counters (heads.c); XLATE_BLOCK: the block's counter noted, out: 2 the table of
   * counters is full. */
  uint32_t heads;
  dbt_block out[DBT_TRACE_MAX];
  dbt_member member;         /* XLATE_MEMBER: its head's and counted ways' words */
  dbt_member_out member_out; /* out, XLATE_MEMBER: its entry, body and ways */
} xlate_req;

#define XLATE_REQ_WORDS (sizeof(xlate_req) / 4)

/* A dispatcher's request (XLATE_LOOKUP and after), at XLATE_REQ like xlate_req. */
typedef struct xlate_disp {
  uint32_t op;
  uint32_t pc;          /* the guest pc looked up, chained to, redirected */
  uint32_t site, stub;  /* XLATE_CHAIN: the branch that reached the exit stub, the stub */
  uint32_t host;        /* in, XLATE_REDIRECT: pc's new code; out: pc's code (0: not in the map) */
  uint32_t at, word;    /* out, XLATE_CHAIN: the word patched at `at` (bit 0: a bc), or at = 0 */
  uint32_t full;        /* out, XLATE_CHAIN: not patched, the links' list is full; XLATE_IRQ:
                           XLATE_IRQ_RING, _SYSCALLS or _EDGE_TABLE, whose table is full */
  uint32_t jt, jt_miss; /* the jump table (DBT_JT_ENTRIES of {pc, host}); a free entry's host */
  /* XLATE_SCAN: the counters (n of them) and the threshold; in: where to begin, out:
   * where to go on (from < n: XLATE_SCAN_OUT is full); out: the counters reported at
   * XLATE_SCAN_OUT. */
  uint32_t counters, n, threshold, from, found;
  /* XLATE_IRQ: what, and with XLATE_IRQ_START the IP's registers' address, the spill
   * ring's (its address and words; ring_mark: drain it only once it holds that many words,
   * 0: at every request) and the threshold above; out: the crossings at
   * XLATE_IRQ_HOT (found of them; more: it stopped with XLATE_IRQ_HOT full), err (a
   * negative hwprof error; -HWPROF_ENOSPC: a table is full, `full` says which), the
   * ring's words consumed (tail), the spill table: its slots' address, cap, keys and
   * events counted (high and low words), and the system-call pairs at XLATE_IRQ_SYS. */
  uint32_t ip, ring, ring_words, ring_mark, what, more, err, tail, sys_n;
  /* XLATE_IRQ_START: the edge threshold; out: the edges at XLATE_IRQ_EDGES, those the
   * IP reported hot (first reports), those the handler found crossing the threshold
   * at a drain, the drains of the IP's edge table. */
  uint32_t edge_threshold, edge_n, edge_hot_reported, edge_hot_at_drain, edge_drains;
  /* XLATE_IRQ_START: the IP's packet ring (0 words: none); XLATE_CCT_SW: the sw
   * probes' ring and the address of its next free word's pointer (the translator's
   * state); out: the packets this request took from the ring, appended to the queue
   * at XLATE_IRQ_CCT from its word cct_at on, and (XLATE_IRQ) the IP's ring's words
   * consumed.  XLATE_CCT_SW's err: -HWPROF_EINVAL, the pointer is not in the ring. */
  uint32_t cct_ring, cct_words, cct_ptr, cct_at, cct_n, cct_tail;
  uint32_t tab, tab_cap, tab_used, tab_counted_hi, tab_counted_lo;
  /* XLATE_RECORD: the block entered (pc) and its counter, whether the former's
   * duplication budget is spent; out: its code (host: 0, not in the map), the path's
   * blocks (n), whether it is complete (found), the path's address (at: a dbt_trace). */
  uint32_t id, spent;
  /* XLATE_IRQ_START: the handler chooses the superblocks' heads (heads.c), and each
   * crossing's pending head is at XLATE_HEADS_PENDED.  Out, XLATE_RECORD: 1 the path
   * began at a block that is not a pending head on the board; XLATE_REDIRECT: 1 the
   * superblock is not the last one translated, 2 the table of its words is full (in
   * err). */
  uint32_t heads;
  /* XLATE_REDIRECT: the bytes of the new code that a chained branch skips (its head's
   * probe: dbt/translate.h, dbt_sb_probes), XLATE_SKIP_MAX at most; the map keeps them in
   * the low bits of its host, as words (xlate_slot). */
  uint32_t skip;
  /* XLATE_REDIRECT: 1 when the block before pc's old code falls into it (dbt/window.c):
   * its first word goes past the probe too, as the branches chained to it do. */
  uint32_t fell;
} xlate_disp;

#define XLATE_SKIP_MAX 12u /* three words: the low two bits of a slot's host */

#define XLATE_DISP_WORDS (sizeof(xlate_disp) / 4)

/* A region's plan on the board (XLATE_RG_PLAN, dbt/regionplan.h's dbt_rg_plan): its n
 * candidates (dbt_rg_cand, each 64-bit count its high word first, as the PPC405 keeps
 * it) at cand; out: their order at order, their derived ways in cand.  The scratch,
 * DBT_RG_SCRATCH(n) 64-bit words, follows the order.  All of it in XLATE_RG, past the
 * interrupt handler's tables, below the IP's spill ring: XLATE_RG_CAP candidates. */
typedef struct xlate_plan {
  uint32_t op, n, rare, derive;
  uint32_t cand, order, scratch;
} xlate_plan;

#define XLATE_PLAN_WORDS (sizeof(xlate_plan) / 4)
#define XLATE_RG         XLATE_IRQ_END
#define XLATE_RG_CAP     2800u /* (what fits) */
#define XLATE_RG_END     (XLATE_RG + XLATE_RG_CAP * (sizeof(dbt_rg_cand) + 4u + 8u * DBT_RG_SCRATCH(1)))

/* The board's side (firmware/dispatch.c; pc's code entered in the map: map.c, its slot,
 * -1 full). */
int32_t xlate_map_set(uint32_t pc, uint32_t host);
void xlate_dispatch(xlate_disp *q);
void xlate_scan(xlate_disp *q); /* firmware/swscan.c */
void xlate_irq(xlate_disp *q);  /* firmware/irq.c */
/* The packets' queue (firmware/cctq.c): where the next packet goes; the packets of
 * ring words from .. to - 1 (running counts, mask: the ring's words - 1) appended (how
 * many); the sw probes' ring queued (XLATE_CCT_SW). */
uint32_t xlate_cctq_at(void);
uint32_t xlate_cctq_append(const volatile uint32_t *ring, uint32_t from, uint32_t to,
                           uint32_t mask);
void xlate_cct_sw(xlate_disp *q);
/* The path recorder (firmware/record.c): a block entered (head: it heads a superblock
 * in the map); the path dropped (a flush); how the block in map slot `slot` ends, as
 * the translator found it (HWPROF_EVENT_*: whether it leaves its function). */
void xlate_record(xlate_disp *q, int32_t slot);
void xlate_record_reset(void);
void xlate_record_block(int32_t slot, uint32_t flags);
/* The dispatcher's map (firmware/map.c), a slot at XLATE_MAP for every pc ever entered:
 * pc's slot (add: a new one when not there; NULL when not there, or the map is half
 * full); pc's slot when its code is in the cache; pc's code entered (its slot, -1: full); pc's
 * slot's number in any generation (-1: none; add: a slot made for it, not in the cache);
 * a flush (the next generation).  The far words' table (map.c, its arrays at
 * XLATE_WORDS). */
typedef struct xlate_slot {
  /* host: pc's code, and in its low 2 bits the words of it that a chained branch skips
   * (a superblock head's probe: XLATE_REDIRECT); gen 0: never used; gen != the map's:
   * flushed, or never in it */
  uint32_t pc, host, gen;
  uint32_t links; /* the branches chained to pc: the last one's index + 1, or 0 */
} xlate_slot;
xlate_slot *xlate_map_find(uint32_t pc, int add);
xlate_slot *xlate_map_lookup(uint32_t pc);
int32_t xlate_map_slot(uint32_t pc, int add);
void xlate_map_flush(void);
dbt_words *xlate_words(void);
/* The choice of heads (firmware/heads.c): the hw profile's, turned on (sets: the IP
 * reports a word more than once); a crossing's word, the request's `crossing`th (the pc
 * it made a pending head, 0: none, -1: the words seen are too many; a side exit's
 * prediction it evaluated, from the counts `count` reads, to XLATE_HEADS_FLIPS); the sw profile's,
 * a block's counter noted
 * (-1: too many), the counters a scan reported (their pending heads to
 * XLATE_HEADS_PENDED); a path begun at slot (-1: not a pending head); whether a path
 * from slot `from` ends at slot once the duplication budget is spent (a member it ends at
 * made a pending head: dbt/superblock.c, ends_path); a superblock translated (xlate.c), its head
 * redirected to it (dispatch.c: -1 not the last translated, -2 its words or counters do not fit); a
 * flush. */
void xlate_heads_start(int sets);
int64_t xlate_heads_word(uint32_t word, uint32_t crossing, uint32_t (*count)(uint32_t key));
int xlate_heads_block(uint32_t counter, uint32_t pc);
void xlate_heads_reported(const uint32_t *counters, uint32_t n);
int xlate_heads_begin(int32_t slot);
int xlate_heads_ends_path(int32_t slot, int32_t from);
void xlate_heads_trace(const xlate_req *q, const dbt_block *out, uint32_t members);
int xlate_heads_formed(uint32_t pc);
void xlate_heads_flush(void);
/* The probe regions' former (firmware/regions.c), entered at XLATE_ENTRY_LATE; a
 * member's translation (xlate.c). */
void xlate_late(xlate_req *q);
void xlate_member(xlate_req *q);
void xlate_move(xlate_disp *q); /* (dispatch.c) */

#endif
