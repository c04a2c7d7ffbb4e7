/*
 * hwprof_regs.h - register map of the hwprof profiling IP (hwprof_axil).
 *
 * This header is the single source of truth for the IP's bus interface: the
 * driver, the firmware, the simulator, the tests and the tools all include it,
 * and tests/unit/test_ip_regs.c proves that the RTL answers exactly as written here
 * (every offset, every access type, every reset value).
 *
 * All registers are 32 bits wide and are accessed as whole, aligned words.
 * Bad accesses answer SLVERR: a write to an unmapped or read-only offset, a
 * write with a partial byte strobe, any unaligned address.  Reads of unmapped
 * offsets return 0 with OKAY.
 *
 * Ordering.  EVENT, CTRL.CLEAR, CTRL.STATS_CLEAR and THRESHOLD writes enter
 * the same command queue (the event FIFO) and take effect in bus order (EDGE_CTRL,
 * CTRL.EDGE_CLEAR likewise): a
 * CLEAR forgets exactly the events written before it, a new THRESHOLD applies
 * exactly to the events written after it.  So results never depend on bus or
 * pipeline timing.  When the queue is full these writes are held (AXI
 * backpressure); only EVENT writes may instead be dropped, and only under
 * CTRL.DROP_ON_FULL, and every drop is counted.
 *
 * Freestanding C99: no libc includes beyond <stdint.h>.
 */
#ifndef HWPROF_REGS_H
#define HWPROF_REGS_H

#include <stdint.h>

/* Size of the IP's address window (bytes) and of its register page. */
#define HWPROF_SPAN      0x00100000u
#define HWPROF_ADDR_BITS 20

/* Identification ---------------------------------------------------------- */
#define HWPROF_ID_OFFSET      0x000u      /* RO: magic */
#define HWPROF_ID_MAGIC       0x48575046u /* "HWPF" */
#define HWPROF_VERSION_OFFSET 0x004u      /* RO: major << 16 | minor */
#define HWPROF_VERSION_MAJOR  1u
#define HWPROF_VERSION_MINOR                                                                       \
  8u /* 1.1: the spill ring; 1.2: flags in the EVENT word;                                         \
      * 1.3: the EVENT window; 1.4: the system-call table;                                         \
      * 1.5: the indirect-edge table; 1.6: call/return packets;                                    \
      * 1.7: units that can be left out (CONFIG2.STATS, CONFIG2.SPILL);                            \
      * 1.8: the set-associative table with eviction (CONFIG2.WAYS) */
#define HWPROF_VERSION_VALUE ((HWPROF_VERSION_MAJOR << 16) | HWPROF_VERSION_MINOR)

/* CONFIG: the build parameters of this instance (RO). */
#define HWPROF_CONFIG_OFFSET            0x008u
#define HWPROF_CONFIG_FIFO_LOG2_SHIFT   0 /* [3:0]   event FIFO depth = 2^n */
#define HWPROF_CONFIG_FIFO_LOG2_MASK    0x0000000Fu
#define HWPROF_CONFIG_HOT_LOG2_SHIFT    4 /* [7:4]   hot FIFO depth = 2^n */
#define HWPROF_CONFIG_HOT_LOG2_MASK     0x000000F0u
#define HWPROF_CONFIG_INDEX_BITS_SHIFT  8 /* [12:8]  table entries = 2^n */
#define HWPROF_CONFIG_INDEX_BITS_MASK   0x00001F00u
#define HWPROF_CONFIG_HASH_SHIFT        13 /* [15:13] HWPROF_HASH_* */
#define HWPROF_CONFIG_HASH_MASK         0x0000E000u
#define HWPROF_CONFIG_COUNT_WIDTH_SHIFT 16 /* [21:16] counter bits, 1..32 */
#define HWPROF_CONFIG_COUNT_WIDTH_MASK  0x003F0000u
#define HWPROF_CONFIG_SYSCALL_BITS_SHIFT                                                           \
  22 /* [25:22] system-call table entries = 2^n                                                    \
      * (1.4; 0 before, and 0 when the unit is left out) */
#define HWPROF_CONFIG_SYSCALL_BITS_MASK 0x03C00000u
#define HWPROF_CONFIG_SLOT_CACHE_SHIFT                                                             \
  26 /* [29:26] slot-cache entries, 0..8                                                           \
      * (1.4; 0 before) */
#define HWPROF_CONFIG_SLOT_CACHE_MASK 0x3C000000u
#define HWPROF_SLOT_CACHE_MAX         8u

/* CONFIG2 (RO): MAX_PROBE, the number of slots one lookup may examine, (1.5)
 * EDGE_BITS, the edge table's size, and (1.6) CCT, set when the call/return packet
 * unit is built (the RTL's CCT parameter; without it CCT_SIZE takes only 0).  1.7:
 * STATS, set when every statistic is built (the RTL's STATS parameter; without it only
 * the losses count -- LOST_FIFO, LOST_TABLE, HOT_LOST, SPILL_ERRORS -- and the other
 * statistics, CYCLES included, read 0), and SPILL, set when the spill path is built
 * (without it SPILL_SIZE takes only 0 and an event that finds no slot is lost and
 * counted).  Before 1.7 both units were always built.
 *
 * Units left out (1.7).  An IP built without the system-call table (CONFIG.SYSCALL_BITS
 * 0), the edge table (EDGE_BITS 0), the packet unit (CCT clear) or the spill path (SPILL
 * clear) has that unit's registers unmapped: they and its window read 0, writes to them
 * answer SLVERR, except CCT_SIZE and SPILL_SIZE, which take 0 while IDLE.  The unit's
 * CTRL bits do nothing and its interrupt never rises. */
#define HWPROF_CONFIG2_OFFSET          0x00Cu
#define HWPROF_CONFIG2_MAX_PROBE_SHIFT 0 /* [16:0] */
#define HWPROF_CONFIG2_MAX_PROBE_MASK  0x0001FFFFu
#define HWPROF_CONFIG2_EDGE_BITS_SHIFT 20 /* [23:20] edge table entries = 2^n (1.5; 0 before) */
#define HWPROF_CONFIG2_EDGE_BITS_MASK  0x00F00000u
#define HWPROF_CONFIG2_CCT             0x01000000u /* [24] the packet unit (1.6) */
#define HWPROF_CONFIG2_STATS           0x02000000u /* [25] every statistic (1.7) */
#define HWPROF_CONFIG2_SPILL           0x04000000u /* [26] the spill path (1.7) */
/* [30:27] WAYS (1.8): 0, the linear-probe table (MAX_PROBE, SLOT_CACHE); 1, 2, 4 or 8, the
 * set-associative table: 2^INDEX_BITS / WAYS sets of WAYS entries, found by the hash's
 * low bits, compared at once (no probes, no slot cache); a key that finds its set full
 * evicts the set's least recently counted entry to the spill ring as a record ("Spill
 * ring") and takes its place; entry i of the table window is way i mod WAYS of set
 * i / WAYS. */
#define HWPROF_CONFIG2_WAYS_SHIFT      27
#define HWPROF_CONFIG2_WAYS_MASK       0x78000000u
#define HWPROF_WAYS_MAX                8u

/* Hash kinds (CONFIG.HASH and the RTL's HASH parameter).  Each yields a
 * 16-bit hash; the table index is its low INDEX_BITS bits. */
#define HWPROF_HASH_LOW16      0u /* spc[15:0], as the original design */
#define HWPROF_HASH_LOW16_SHR2 1u /* spc[17:2] */
#define HWPROF_HASH_XOR_FOLD   2u /* s = spc >> 2; s[15:0] ^ s[29:16] */
#define HWPROF_HASH_MULT       3u /* (spc * 0x9E3779B1)[31:16] */

/* Control and status ----------------------------------------------------- */
#define HWPROF_CTRL_OFFSET        0x010u      /* RW */
#define HWPROF_CTRL_ENABLE        0x00000001u /* accept EVENT writes */
#define HWPROF_CTRL_CLEAR         0x00000002u /* queue a table clear; reads 0 */
#define HWPROF_CTRL_FREEZE        0x00000004u /* stop draining the event FIFO */
#define HWPROF_CTRL_DROP_ON_FULL  0x00000008u /* drop+count instead of holding */
#define HWPROF_CTRL_STATS_CLEAR   0x00000010u /* queue a statistics clear; reads 0 */
#define HWPROF_CTRL_SYSCALL_CLEAR 0x00000020u /* empty the system-call table; reads 0 */
#define HWPROF_CTRL_EDGE_CLEAR    0x00000040u /* queue an edge-table clear; reads 0 */
#define HWPROF_CTRL_RW_MASK       0x0000000Du /* bits that read back */
#define HWPROF_CTRL_RESET         0x00000000u

#define HWPROF_STATUS_OFFSET     0x014u /* RO */
#define HWPROF_STATUS_FIFO_EMPTY 0x00000001u
#define HWPROF_STATUS_FIFO_FULL  0x00000002u
#define HWPROF_STATUS_BUSY       0x00000004u /* a table clear is queued or running */
#define HWPROF_STATUS_TABLE_FULL                                                                   \
  0x00000008u /* sticky: an event found no slot (lost or spilled)                                  \
               */
#define HWPROF_STATUS_HOT_PENDING   0x00000010u /* hot FIFO not empty */
#define HWPROF_STATUS_HOT_OVERFLOW  0x00000020u /* sticky: a hot SPC was lost */
#define HWPROF_STATUS_DROPPED       0x00000040u /* sticky: an event was dropped */
#define HWPROF_STATUS_LOOKUP_BUSY   0x00000080u /* LOOKUP_COUNT not yet valid */
#define HWPROF_STATUS_IDLE          0x00000100u /* nothing queued or in flight */
#define HWPROF_STATUS_SPILL_PENDING 0x00000200u /* the spill ring holds SPCs (HEAD != TAIL) */
#define HWPROF_STATUS_SPILL_FULL    0x00000400u /* the ring is full: the IP waits for TAIL */
#define HWPROF_STATUS_SPILL_ERROR   0x00000800u /* sticky: a ring write answered an error */
#define HWPROF_STATUS_CCT_PENDING   0x00001000u /* the packet ring holds words (1.6) */
#define HWPROF_STATUS_CCT_FULL      0x00002000u /* the packet ring is full: the IP waits (1.6) */
/* The sticky bits are cleared by CTRL.CLEAR (when the clear executes). */

#define HWPROF_THRESHOLD_OFFSET 0x018u /* RW: 0 disables hot detection */
#define HWPROF_THRESHOLD_RESET  0x00000000u

#define HWPROF_IRQ_ENABLE_OFFSET 0x01Cu      /* RW */
#define HWPROF_IRQ_STATUS_OFFSET 0x020u      /* RW1C */
#define HWPROF_IRQ_HOT           0x00000001u /* an SPC entered the hot FIFO */
#define HWPROF_IRQ_TABLE_FULL    0x00000002u /* an event found no slot (lost or spilled) */
#define HWPROF_IRQ_LOST          0x00000004u /* an event or a hot SPC was lost */
#define HWPROF_IRQ_SPILL         0x00000008u /* the spill ring holds SPILL_MARK SPCs */
#define HWPROF_IRQ_SYSCALL       0x00000010u /* the system-call table holds SYSCALL_MARK */
#define HWPROF_IRQ_EDGE_HOT      0x00000020u /* the edge hot FIFO holds an edge */
#define HWPROF_IRQ_EDGE          0x00000040u /* the edge table holds EDGE_MARK entries */
#define HWPROF_IRQ_CCT           0x00000080u /* the packet ring holds CCT_MARK words (1.6) */
#define HWPROF_IRQ_MASK          0x000000FFu
/* LOST: an EVENT dropped on a full FIFO, an event that found no slot with
 * spilling off, a spill-ring write answered with an error, a hot SPC lost
 * to a full hot FIFO, a system call that found the system-call table full, or
 * an edge traversal that found the edge table full -- each also counted in its
 * statistic.  (A hot edge lost to a full edge hot FIFO is counted in
 * STAT_EDGE_HOT_LOST; software finds those crossings again when it drains.)
 * IRQ_STATUS.HOT stays set while the hot FIFO holds entries: acknowledge it
 * after draining HOT_POP, and an SPC that arrives meanwhile re-raises it.
 * The interrupt line is high while (IRQ_STATUS & IRQ_ENABLE) != 0. */

/* Spill ring --------------------------------------------------------------
 * What the on-chip table cannot place is not lost: with SPILL_SIZE != 0 the
 * IP appends it to a ring of SPILL_SIZE words at SPILL_BASE in system memory,
 * through its AXI4 write master (single-beat writes, in the order things left
 * the table), and software counts it in its own table.  The ring holds words
 * of two kinds, told apart by bit 0:
 *   - an SPC (bit 0 clear; the linear table, CONFIG2.WAYS = 0): an event that
 *     found no slot within MAX_PROBE, counted once.  Such a key keeps finding
 *     none until the next table clear (slots are never freed), so it is
 *     counted on chip or in the ring, never both;
 *   - a record of two words (bit 0 set; the set-associative table): an entry
 *     evicted to make room, {key[31:2], HOT, 1} (HWPROF_SPILL_REC_*) and then
 *     its count.  The key may be counted on chip again later: its count is
 *     the on-chip count plus the counts of all its records.  HOT says the
 *     entry had already crossed the threshold (and was reported by HOT_POP).
 *
 * HEAD counts the words written (answered OKAY) and TAIL those software has
 * consumed; both run freely and wrap at 2^32, and the ring index of word n is
 * n mod SPILL_SIZE.  A record is written only when the ring has room for both
 * its words, and HEAD passes both at once, so HEAD never stops inside one.
 * While HEAD - TAIL == SPILL_SIZE the ring is full: the IP
 * stops, its queue fills and EVENT writes are held (backpressure), and nothing
 * is dropped.  IRQ_SPILL rises when HEAD - TAIL reaches SPILL_MARK and, like
 * IRQ_HOT, cannot be acknowledged while it still holds that many.  A write
 * the memory answers with an error loses its SPC or record: STAT_SPILL_ERRORS
 * counts it, STATUS.SPILL_ERROR and IRQ_LOST say so, and HEAD does not move.
 *
 * SPILL_BASE and SPILL_SIZE may be written only while STATUS.IDLE is set
 * (else SLVERR); writing either sets HEAD and TAIL to 0.  SPILL_SIZE is 0
 * (off: table misses are lost and counted, as before) or a power of two from
 * 2 to 2^24; TAIL may be written only with a value in [HEAD - SIZE, HEAD]. */
#define HWPROF_SPILL_BASE_OFFSET 0x024u      /* RW: byte address, bits 1:0 read 0 */
#define HWPROF_SPILL_SIZE_OFFSET 0x028u      /* RW: ring words, 0 = off */
#define HWPROF_SPILL_HEAD_OFFSET 0x02Cu      /* RO: words written */
#define HWPROF_SPILL_TAIL_OFFSET 0x030u      /* RW: words consumed */
#define HWPROF_SPILL_MARK_OFFSET 0x034u      /* RW: IRQ_SPILL level in words, 0 = never */
#define HWPROF_SPILL_REC         0x00000001u /* a record's first word */
#define HWPROF_SPILL_REC_HOT     0x00000002u /* its entry had crossed the threshold */
#define HWPROF_SPILL_REC_WORDS   2u
/* The key of a ring entry starting with word w, and how many words the entry has. */
#define HWPROF_SPILL_KEY(w)      ((w) & ~(HWPROF_SPILL_REC | HWPROF_SPILL_REC_HOT))
#define HWPROF_SPILL_WORDS_OF(w) (((w)&HWPROF_SPILL_REC) ? HWPROF_SPILL_REC_WORDS : 1u)
#define HWPROF_SPILL_MAX_WORDS   0x01000000u

/* Data path ---------------------------------------------------------------- */
#define HWPROF_EVENT_OFFSET      0x040u /* WO: push one SPC | flags */
#define HWPROF_HOT_POP_OFFSET    0x044u /* RO: pop the oldest hot SPC; 0 if empty */
#define HWPROF_LOOKUP_KEY_OFFSET 0x048u /* RW: start a lookup of this SPC */
#define HWPROF_LOOKUP_COUNT_OFFSET                                                                 \
  0x04Cu /* RO: its count (0: absent); the read                                                    \
          * is held until the lookup is done */

/* The EVENT word (1.2): the SPC in bits 31:2, and in bits 1:0, free because MIPS code
 * is word-aligned, how the block ends.  The translator sets them at no extra
 * instruction (they are part of the probe's constant).  The IP counts a block by
 * its address without the flags: table keys, lookups (LOOKUP_KEY ignores bits 1:0
 * too), hot SPCs and spilled SPCs never carry them.  A block's flags come from its
 * last instruction (the branch or jump before its delay slot): */
#define HWPROF_EVENT_FLAGS    0x3u
#define HWPROF_EVENT_PLAIN    0x0u /* a direct branch or jump, a fall-through, a syscall */
#define HWPROF_EVENT_INDIRECT 0x1u /* jr rs with rs != $ra (jalr $0, rs likewise) */
#define HWPROF_EVENT_CALL     0x2u /* jal, jalr rd, bal, bgezal, bltzal (and -likely) */
#define HWPROF_EVENT_RETURN   0x3u /* jr $ra (jalr $0, $ra likewise) */

/* The EVENT window (1.3): a store of any size (byte, halfword or word; its strobes
 * are ignored, and its data but for the weight, 1.6, below) to byte
 * HWPROF_EVENT_WINDOW_OFFSET + o pushes the event word
 * EVENT_ORIGIN + o, queued and held like a write to EVENT.  The store's address
 * carries the event, so a probe is one instruction: with a register r holding the
 * window's address + 0x8000 and EVENT_ORIGIN = the text's start, the block at pc with
 * flags f stores one byte at (pc + f - text start - 0x8000)(r), for any pc in the
 * text's first 64 KiB (the 16-bit displacement's reach).  Bytes because the offset's
 * bits 1:0 are the flags: a word store there would be unaligned.  The window is
 * 256 KiB; reads from it answer 0.  EVENT_ORIGIN may be written at any time: a
 * window store takes the origin in force when the IP accepts it. */
#define HWPROF_EVENT_ORIGIN_OFFSET  0x038u /* RW: the window's first event word */
/* (1.6) Events carry a weight, which the call/return packets sum (below): a window
 * store's is its data byte at the store address's own big-endian lane (WDATA[31-8k:
 * 24-8k], k = the address's bits 1:0: the byte a `stb` there writes); an EVENT write's
 * is 0; a write to EVENT_W + 4*w is an EVENT write of weight w (0..255), so a probe
 * outside the window's reach (lis, ori, stw) carries one at no extra instruction. */
#define HWPROF_EVENT_W_OFFSET       0x7000u /* WO: 256 words */
#define HWPROF_EVENT_W_MAX          255u
#define HWPROF_EVENT_WINDOW_OFFSET  0x40000u /* WO: 256 KiB */
#define HWPROF_EVENT_WINDOW_BYTES   0x40000u
#define HWPROF_EVENT_WINDOW_PROBE   0x8000u /* a probe base register's offset in it */
/* Whether bus offset `off` (any unsigned type) is in the window, and the event word a
 * store there pushes, with EVENT_ORIGIN `origin`. */
#define HWPROF_EVENT_IN_WINDOW(off) ((off)-HWPROF_EVENT_WINDOW_OFFSET < HWPROF_EVENT_WINDOW_BYTES)
#define HWPROF_EVENT_WINDOW_WORD(origin, off)                                                      \
  ((uint32_t)(origin) + (uint32_t)((off)-HWPROF_EVENT_WINDOW_OFFSET))

/* System calls (1.4) -------------------------------------------------------
 * The translator's system-call path writes the call site (the guest PC of the
 * syscall instruction) to SYSCALL_SITE, then the system-call number to SYSCALL:
 * one record, counted per (site, number) in the system-call table while
 * CTRL.ENABLE is set.  The table keeps the distinct pairs in the order they first
 * came (entry i at HWPROF_SYSCALL_TABLE_OFFSET + 16*i: +0 site, +4 number, +8
 * count, 0 for an entry not in use), SYSCALL_USED of them, 2^CONFIG.SYSCALL_BITS
 * at most.  A record searches the pairs in use, one a cycle, and the next SYSCALL
 * write and reads of the table, SYSCALL_USED and the two statistics wait for it
 * (AXI backpressure).  The table is not
 * behind the event queue: records take effect in bus order with every other write,
 * so CTRL.SYSCALL_CLEAR (and CTRL.CLEAR) forget exactly the records written
 * before them, and CTRL.STATS_CLEAR zeroes the two statistics likewise.
 *
 * A new pair that finds the table full is lost: STAT_SYSCALL_LOST counts it and
 * IRQ_LOST rises.  Software keeps that at 0 by draining: IRQ_SYSCALL rises while
 * SYSCALL_USED >= SYSCALL_MARK (and cannot be acknowledged while it holds), and the
 * handler reads the entries in use, adds them to its own table, and writes
 * CTRL.SYSCALL_CLEAR. */
#define HWPROF_SYSCALL_SITE_OFFSET  0x050u /* RW: the next record's call site */
#define HWPROF_SYSCALL_OFFSET       0x054u /* WO: record this system-call number */
#define HWPROF_SYSCALL_USED_OFFSET  0x058u /* RO: entries in use */
#define HWPROF_SYSCALL_MARK_OFFSET  0x05Cu /* RW: IRQ_SYSCALL level, 0 = never */
#define HWPROF_SYSCALL_TABLE_OFFSET 0x1000u
#define HWPROF_SYSCALL_ENTRY_BYTES  16u
#define HWPROF_SYSCALL_MAX_ENTRIES  256u

/* Indirect edges (1.5) ------------------------------------------------------
 * The IP pairs each event with the one before it, in bus order.  When the earlier
 * event's flags are HWPROF_EVENT_INDIRECT (or for every pair, with EDGE_CTRL.ALL
 * set), the pair {source SPC, target SPC} -- both without flags -- is one traversal
 * of an edge, counted in the edge table: 2^CONFIG2.EDGE_BITS entries found by a hash
 * of the pair and linear probing, at HWPROF_EDGE_TABLE_OFFSET + 16*i (+0 source,
 * +4 target, +8 count; all 0 for an empty slot).  Each traversal costs the table two
 * cycles plus one per slot probed; while its queue is full the event queue waits.
 *
 * An edge whose count becomes equal to EDGE_CTRL's threshold (once per entry, 0 =
 * off) goes to the edge hot FIFO: read EDGE_HOT_SRC, then EDGE_HOT_DST, which removes
 * it; IRQ_EDGE_HOT stays set while it holds edges.  From 1.8, EDGE_HOT_DST answers and
 * removes only the edge the last EDGE_HOT_SRC read found (0 if that read found none),
 * so an edge that becomes hot between the two reads waits for the next pair; before,
 * it was returned with the source 0.  A crossing that finds the FIFO full is counted
 * in STAT_EDGE_HOT_LOST.
 *
 * EDGE_CTRL and CTRL.EDGE_CLEAR (and CTRL.CLEAR, CTRL.STATS_CLEAR) are queued with the
 * events and apply in bus order.  A traversal that finds every slot taken by other
 * edges is lost: STAT_EDGE_LOST counts it and IRQ_LOST rises.  Software keeps that at
 * 0 by draining: IRQ_EDGE rises while EDGE_USED >= EDGE_MARK (it cannot be
 * acknowledged while that holds); the handler waits for STATUS.IDLE (so that the
 * events already written have reached the table), reads the table, adds the counts to
 * its own and writes CTRL.EDGE_CLEAR.  Reads of the table do not wait for the queue. */
#define HWPROF_EDGE_CTRL_OFFSET    0x060u      /* RW, queued: [31] ALL [30:0] threshold */
#define HWPROF_EDGE_CTRL_ALL       0x80000000u /* every pair of events is an edge */
#define HWPROF_EDGE_CTRL_THRESHOLD 0x7FFFFFFFu
#define HWPROF_EDGE_CTRL_RESET     5000u  /* threshold 5,000, indirect jumps only */
#define HWPROF_EDGE_USED_OFFSET    0x064u /* RO: entries in use */
#define HWPROF_EDGE_MARK_OFFSET    0x068u /* RW: IRQ_EDGE level, 0 = never */
#define HWPROF_EDGE_HOT_SRC_OFFSET 0x06Cu /* RO: the oldest hot edge's source, 0 if none */
#define HWPROF_EDGE_HOT_DST_OFFSET 0x070u /* RO: its target, removed by the read (above) */
#define HWPROF_EDGE_TABLE_OFFSET   0x2000u
#define HWPROF_EDGE_ENTRY_BYTES    16u
#define HWPROF_EDGE_MAX_ENTRIES    1024u

/* Call and return packets (1.6) ----------------------------------------------
 * For calling-context trees, fed by the event stream itself (no second store): while
 * CCT_SIZE != 0 the IP keeps two running totals, CCT_BLOCKS (events) and CCT_INSNS
 * (their weights, which the translator sets to each block's guest instruction count),
 * and, when an event follows one whose flags are not HWPROF_EVENT_PLAIN (a block that
 * ended in a call, a return or another indirect jump), writes a packet of four words
 * to a ring in system memory through its AXI4 write master:
 *   +0 the flagged event word (SPC | flags)   +4 this event's SPC, without flags
 *   +8 CCT_BLOCKS                             +12 CCT_INSNS
 * the totals counting the flagged block and not this one (this event is counted
 * after).  Events, not bus writes: the packets follow the events in bus order, after
 * the queue, like the tables (an EVENT dropped under DROP_ON_FULL or written while
 * ENABLE is clear is no event here either).  Software takes differences of the
 * totals from one packet to the next as the costs of the context between them, and
 * reads CCT_BLOCKS and CCT_INSNS at the end (after STATUS.IDLE) for the costs after
 * the last packet.
 *
 * The ring works as the spill ring does, in words: CCT_HEAD counts the words written
 * (answered OKAY), CCT_TAIL those software consumed, word n at CCT_BASE + 4 * (n mod
 * CCT_SIZE); while HEAD - TAIL == SIZE the IP waits (the event queue fills and EVENT
 * writes are held: nothing is lost); IRQ_CCT rises at HEAD - TAIL >= CCT_MARK and
 * cannot be acknowledged while that holds.  CCT_SIZE is 0 (off: no totals, no
 * packets) or a power of two from 4 to 2^24, so a packet never wraps.  CCT_BASE and
 * CCT_SIZE may be written only while STATUS.IDLE is set (else SLVERR), and writing
 * either starts afresh: HEAD, TAIL, the totals and the last event are cleared.  A
 * ring write answered with an error loses its word: STAT_CCT_ERRORS counts it,
 * IRQ_LOST rises, and the packets after it are out of step -- software must treat the
 * stream as broken (an alarm that must read 0).  The spill ring and this one share
 * the write master, one write at a time, round robin. */
#define HWPROF_CCT_BASE_OFFSET   0x0E0u /* RW: byte address, bits 1:0 read 0 */
#define HWPROF_CCT_SIZE_OFFSET   0x0E4u /* RW: ring words, 0 = off */
#define HWPROF_CCT_HEAD_OFFSET   0x0E8u /* RO: words written */
#define HWPROF_CCT_TAIL_OFFSET   0x0ECu /* RW: words consumed */
#define HWPROF_CCT_MARK_OFFSET   0x0F0u /* RW: IRQ_CCT level, 0 = never */
#define HWPROF_CCT_BLOCKS_OFFSET 0x0F4u /* RO: events counted, running */
#define HWPROF_CCT_INSNS_OFFSET  0x0F8u /* RO: their weights, running */
#define HWPROF_STAT_CCT_ERRORS_OFFSET                                                              \
  0x0FCu /* RO: ring words lost to write errors                                                    \
          * (saturating; reset and STATS_CLEAR zero it) */
#define HWPROF_CCT_PACKET_WORDS 4u
#define HWPROF_CCT_MIN_WORDS    4u
#define HWPROF_CCT_MAX_WORDS    0x01000000u

/* Statistics (RO, 32-bit, saturating; cleared by reset and STATS_CLEAR). */
#define HWPROF_STAT_EVENTS_IN_OFFSET  0x080u /* EVENT writes accepted into the FIFO */
#define HWPROF_STAT_EVENTS_OFFSET     0x084u /* events counted in the table */
#define HWPROF_STAT_LOST_FIFO_OFFSET  0x088u /* dropped on a full FIFO */
#define HWPROF_STAT_LOST_TABLE_OFFSET 0x08Cu /* no slot within MAX_PROBE, spill off */
#define HWPROF_STAT_IGNORED_OFFSET    0x090u /* written while CTRL.ENABLE = 0 */
#define HWPROF_STAT_HOT_OFFSET        0x094u /* threshold crossings */
#define HWPROF_STAT_HOT_LOST_OFFSET   0x098u /* crossings lost: hot FIFO full */
#define HWPROF_STAT_PROBES_OFFSET     0x09Cu /* extra slots examined (probe cycles) */
#define HWPROF_STAT_MAX_PROBE_OFFSET  0x0A0u /* longest probe sequence (extra slots) */
#define HWPROF_STAT_OCCUPIED_OFFSET   0x0A4u /* table entries in use */
#define HWPROF_STAT_FIFO_HIGH_OFFSET  0x0A8u /* event FIFO high-water mark */
#define HWPROF_STAT_STALL_OFFSET      0x0ACu /* cycles a queue write was held */
#define HWPROF_STAT_CYCLES_LO_OFFSET  0x0B0u /* free-running cycle counter; */
#define HWPROF_STAT_CYCLES_HI_OFFSET  0x0B4u /* reading LO latches HI */
#define HWPROF_STAT_SPILLED_OFFSET    0x0B8u /* SPCs written to the spill ring */
#define HWPROF_STAT_SPILL_ERR_OFFSET  0x0BCu /* SPCs lost: a ring write failed */
#define HWPROF_STAT_SYSCALLS_OFFSET   0x0C0u /* system calls recorded (1.4) */
#define HWPROF_STAT_SYSCALL_LOST_OFFSET                                                            \
  0x0C4u                                    /* system calls lost: the table was                    \
                                             * full (1.4) */
#define HWPROF_STAT_EDGES_OFFSET     0x0C8u /* edge traversals counted (1.5) */
#define HWPROF_STAT_EDGE_LOST_OFFSET 0x0CCu /* traversals lost: the edge table was full (1.5) */
#define HWPROF_STAT_EDGE_HOT_LOST_OFFSET                                                           \
  0x0D0u /* hot edges lost: the edge hot FIFO                                                      \
          * was full (1.5) */
#define HWPROF_STAT_EVICTED_OFFSET                                                                 \
  0x0D4u /* entries evicted to the spill ring (1.8;                                                \
          * 0 with CONFIG2.WAYS = 0) */
#define HWPROF_STAT_FIRST_OFFSET HWPROF_STAT_EVENTS_IN_OFFSET
#define HWPROF_STAT_COUNT        22u /* words from 0x080 to 0x0D4 */

/* Table read window: entry i is two words at HWPROF_TABLE_OFFSET + 8*i:
 * +0 the SPC, +4 its count.  A count of 0 marks an empty slot (a counter
 * starts at 1 when its SPC is inserted and saturates, so it never returns to
 * 0).  Reads past the table's 2^INDEX_BITS entries return 0. */
#define HWPROF_TABLE_OFFSET      0x80000u
#define HWPROF_TABLE_ENTRY_BYTES 8u
#define HWPROF_TABLE_MAX_ENTRIES 65536u

/* AXI4-Lite response codes. */
#define HWPROF_RESP_OKAY   0u
#define HWPROF_RESP_SLVERR 2u

/* Decode helpers for CONFIG. */
#define HWPROF_CONFIG_FIELD(cfg, f) (((cfg)&HWPROF_CONFIG_##f##_MASK) >> HWPROF_CONFIG_##f##_SHIFT)

#endif /* HWPROF_REGS_H */
