/*
 * irq.c - the profiling IP's interrupt handler on the board (firmware/xlate.h,
 * XLATE_IRQ): the PPC405 side of what the runtime does when the IP's line rises
 * (dbt/hwside.c).  Through the driver (driver/hwprof.c over MMIO and
 * driver/hwprof_spill.c, the sources the host's runtime links), it pops the hot
 * FIFO and counts the spill ring into the spill table, which lives in the board's
 * RAM: XLATE_IRQ_TABLE_FIRST slots to begin with, and when a drain finds it full,
 * a table four times the size in the other region (XLATE_IRQ_TABLE2 holds the
 * small ones, XLATE_IRQ_TABLE the largest, XLATE_IRQ_TABLE_CAP slots), the rest of
 * the ring counted after.  Past that the request says -HWPROF_ENOSPC and the
 * runtime stops the run.
 *
 * The crossings, the hot FIFO's and the table's, go to XLATE_IRQ_HOT in the order
 * the handler meets them, as the host's handler calls its hot hook; the runtime
 * makes them heads (superblock.c) or hot-list entries.  The hot FIFO is popped while
 * XLATE_IRQ_HOT has room for a batch, and the ring counted while it has room for a
 * whole ring of crossings: otherwise the request stops there (more) and is made
 * again once the runtime has taken the list.
 *
 * The IP's system-call table (XLATE_IRQ_SYSCALLS) is read, its pairs added to the
 * board's list at XLATE_IRQ_SYS (in order of first record, as the runtime's
 * sysprof.c keeps its own), and cleared: the IP raises IRQ_SYSCALL at half full.
 * The IP's hot edges are popped and marked, and its edge table, once half full,
 * drained and added to the board's own (XLATE_IRQ_EDGES, by the IP's words; an edge
 * whose total crosses the edge threshold at a drain is marked there), as the
 * runtime's edgeprof.c does with its own.  The IP's call/return packets are taken
 * out of their ring and queued for the calling-context tree's builder
 * (firmware/cctq.c).  Last, in the request that finishes the drains, the interrupt
 * is acknowledged.
 *
 * The IP writes its rings behind the data cache (the PPC405's caches do not snoop),
 * so the handler invalidates (dcbi) every line it read: the next drain loads them
 * from memory.  The board's cache model does not see dcbi (Unicorn runs it as an
 * instruction, not a tag change): a line read again, at most the ring's last one a
 * drain, hits in the model where the board would fill it.
 */
#include <stddef.h>

#include "hwprof.h"
#include "hwprof_cct.h"
#include "hwprof_spill.h"
#include "xlate.h"

static hwprof_mmio mmio;
static hwprof_dev dev;
static hwprof_ring ring, cct; /* the spill ring; the packet ring (words 0: none) */
static uint32_t ring_mark;    /* drain the spill ring once it holds this many words (0: always) */
static hwprof_spill_table table;
static uint32_t nhot;         /* crossings at XLATE_IRQ_HOT in this request */
static uint32_t nsys;         /* pairs at XLATE_IRQ_SYS */
static uint32_t ncct, cct_at; /* packets queued in this request, from word cct_at */
static uint32_t nedges, edge_threshold, hot_reported, hot_at_drain, edge_drains;
static uint32_t heads;                                /* the crossings make heads (heads.c) */
static hwprof_edge edge_buf[HWPROF_EDGE_MAX_ENTRIES]; /* a drain's */

#define HOT        ((uint32_t *)XLATE_IRQ_HOT)
#define SYS        ((xlate_sys *)XLATE_IRQ_SYS)
#define EDGE_HEADS ((uint32_t *)XLATE_IRQ_EDGES)
#define EDGE       ((xlate_edge *)(XLATE_IRQ_EDGES + 4u * XLATE_IRQ_EDGE_HEADS))

static uint32_t ring_load(void *ctx, uint32_t index) {
  const hwprof_ring *r = ctx;
  return ((const volatile uint32_t *)(uintptr_t)r->bus_addr)[index];
}

static void on_hot(void *ctx, uint32_t spc) {
  (void)ctx;
  HOT[nhot++] = spc;
}

/* Ring r's lines from word from to word to (the next one the IP writes: its line
 * is read again when the IP has filled it) invalidated. */
static void forget(const hwprof_ring *r, uint32_t from, uint32_t to) {
  for (uint32_t i = from & ~7u; (int32_t)(i - to) <= 0; i += 8)
    __asm__ volatile("dcbi 0,%0" : : "r"(r->bus_addr + 4u * (i & (r->words - 1u))) : "memory");
}

/* A table four times the size in the other region, holding what the full one held. */
static int grow(void) {
  hwprof_spill_table bigger;
  uint32_t cap = 4u * table.cap;
  int to_first = (uintptr_t)table.slots != XLATE_IRQ_TABLE;
  if (cap > (to_first ? XLATE_IRQ_TABLE_CAP : XLATE_IRQ_TABLE_CAP / 4u))
    return -HWPROF_ENOSPC;
  hwprof_entry *slots = (hwprof_entry *)(uintptr_t)(to_first ? XLATE_IRQ_TABLE : XLATE_IRQ_TABLE2);
  int err = hwprof_spill_table_init(&bigger, slots, cap, table.threshold, dev.cfg.count_width);
  if (err < 0 || (err = hwprof_spill_table_move(&bigger, &table)) < 0)
    return err;
  table = bigger;
  return 0;
}

static int start(const xlate_disp *q) {
  mmio.base = (volatile uint32_t *)(uintptr_t)q->ip;
  int err = hwprof_init(&dev, &hwprof_mmio_ops, &mmio);
  if (err < 0)
    return err;
  ring = (hwprof_ring){q->ring, q->ring_words, ring_load, &ring, 0};
  ring_mark = q->ring_mark;
  /* (the runtime turned the packet ring on, its tail at 0: hwprof_cct_start) */
  cct = (hwprof_ring){q->cct_ring, q->cct_words, ring_load, &cct, 0};
  if (q->cct_words > XLATE_IRQ_CCT_WORDS)
    return -HWPROF_EINVAL; /* (a whole ring must fit the queue) */
  nsys = nedges = hot_reported = hot_at_drain = edge_drains = 0;
  edge_threshold = q->edge_threshold;
  if (q->heads)
    xlate_heads_start(dev.cfg.ways != 0);
  heads = q->heads;
  return hwprof_spill_table_init(&table, (hwprof_entry *)(uintptr_t)XLATE_IRQ_TABLE2,
                                 XLATE_IRQ_TABLE_FIRST, q->threshold, dev.cfg.count_width);
}

/* A count of two words, n more. */
static void count_add(uint32_t *hi, uint32_t *lo, uint32_t n) {
  *lo += n;
  *hi += *lo < n;
}

/* n more calls at (site, number). */
static int sys_add(uint32_t site, uint32_t number, uint32_t n) {
  uint32_t i = 0;
  while (i < nsys && (SYS[i].site != site || SYS[i].number != number))
    i++;
  if (i == nsys) {
    if (nsys == XLATE_IRQ_SYS_CAP)
      return -HWPROF_ENOSPC;
    SYS[nsys++] = (xlate_sys){site, number, 0, 0};
  }
  count_add(&SYS[i].count_hi, &SYS[i].count_lo, n);
  return 0;
}

/* The IP's system-call table: read, added, cleared (nothing records while the
 * handler runs). */
static int sys_drain(xlate_disp *q) {
  hwprof_syscall v[HWPROF_SYSCALL_MAX_ENTRIES];
  size_t n = 0;
  int err;
  if (!dev.cfg.syscall_entries)
    return 0;
  if ((err = hwprof_read_syscalls(&dev, v, HWPROF_SYSCALL_MAX_ENTRIES, &n)) < 0)
    return err;
  for (size_t i = 0; i < n; i++)
    if ((err = sys_add(v[i].site, v[i].number, v[i].count)) < 0)
      return q->full = XLATE_IRQ_SYSCALLS, err;
  return n ? hwprof_clear_syscalls(&dev) : 0;
}

/* The edge (src, dst), added with count 0 when new; NULL when the table is full. */
static xlate_edge *edge_at(uint32_t src, uint32_t dst) {
  uint32_t h = ((src >> 2) * 0x9E3779B1u ^ (dst >> 2) * 0x85EBCA77u) >> 19;
  for (uint32_t i = EDGE_HEADS[h]; i; i = EDGE[i - 1].next)
    if (EDGE[i - 1].src == src && EDGE[i - 1].dst == dst)
      return &EDGE[i - 1];
  if (nedges == XLATE_IRQ_EDGE_CAP)
    return NULL;
  EDGE[nedges] = (xlate_edge){src, dst, 0, 0, 0, EDGE_HEADS[h]};
  EDGE_HEADS[h] = ++nedges;
  return &EDGE[nedges - 1];
}

/* The IP's hot edges, and its edge table at half full (edgeprof.c's drain). */
static int edge_drain(xlate_disp *q) {
  uint32_t src, dst, used;
  size_t n = 0;
  xlate_edge *e;
  int rc;
  if (!dev.cfg.edge_entries)
    return 0;
  while ((rc = hwprof_pop_hot_edge(&dev, &src, &dst)) == 1) {
    if (!(e = edge_at(src, dst)))
      return q->full = XLATE_IRQ_EDGE_TABLE, -HWPROF_ENOSPC;
    hot_reported += !e->hot; /* (a second report: crossed again after a drain) */
    e->hot = 1;
  }
  if (rc < 0 || (rc = hwprof_read(&dev, HWPROF_EDGE_USED_OFFSET, &used)) < 0)
    return rc;
  if (used < dev.cfg.edge_entries / 2)
    return 0;
  if ((rc = hwprof_drain_edges(&dev, edge_buf, HWPROF_EDGE_MAX_ENTRIES, &n)) < 0)
    return rc;
  edge_drains++;
  for (size_t i = 0; i < n; i++) {
    if (!(e = edge_at(edge_buf[i].src, edge_buf[i].dst)))
      return q->full = XLATE_IRQ_EDGE_TABLE, -HWPROF_ENOSPC;
    count_add(&e->count_hi, &e->count_lo, edge_buf[i].count);
    if (!e->hot && edge_threshold && (e->count_hi || e->count_lo >= edge_threshold)) {
      e->hot = 1; /* crossed over drains: the handler reports it */
      hot_at_drain++;
    }
  }
  return 0;
}

/* The packets the ring holds, queued for the tree's builder (firmware/cctq.c), and
 * their words given back to the IP. */
static int cct_drain(void) {
  uint32_t tail = cct.tail, head;
  int err;
  if (!cct.words || (err = hwprof_cct_head(&dev, &cct, &head)) < 0)
    return cct.words ? err : 0;
  ncct = xlate_cctq_append((const volatile uint32_t *)(uintptr_t)cct.bus_addr, tail, head,
                           cct.words - 1u);
  if (head != tail)
    forget(&cct, tail, head);
  return hwprof_cct_release(&dev, &cct, head);
}

static int drain(xlate_disp *q) {
  size_t n;
  int err;
  if (q->what & XLATE_IRQ_FIFO)
    do {
      if (nhot + 16u > XLATE_IRQ_HOT_CAP)
        return q->more = 1, 0;
      if ((err = hwprof_drain_hot(&dev, HOT + nhot, 16, &n)) < 0)
        return err;
      nhot += (uint32_t)n;
    } while (n == 16);
  uint32_t held = 0;
  if ((q->what & XLATE_IRQ_RING) && ring_mark && (err = hwprof_spill_held(&dev, &ring, &held)) < 0)
    return err;
  if ((q->what & XLATE_IRQ_RING) && held >= ring_mark) { /* (ring_mark 0: always) */
    /* at most as many words as the list has room for crossings, the rest next request */
    if (nhot + 16u >= XLATE_IRQ_HOT_CAP)
      return q->more = 1, 0;
    uint32_t tail = ring.tail;
    int rest = 0;
    while ((err = hwprof_spill_drain_max(&dev, &ring, &table, on_hot, NULL,
                                         XLATE_IRQ_HOT_CAP - nhot, &rest)) == -HWPROF_ENOSPC)
      if ((err = grow()) < 0)
        break;
    if (ring.tail != tail)
      forget(&ring, tail, ring.tail);
    if (err < 0)
      return q->full = err == -HWPROF_ENOSPC ? XLATE_IRQ_RING : 0, err;
    if (rest)
      return q->more = 1, 0;
  }
  if ((q->what & XLATE_IRQ_SYSCALLS) && (err = sys_drain(q)) < 0)
    return err;
  if ((q->what & XLATE_IRQ_EDGE_TABLE) && (err = edge_drain(q)) < 0)
    return err;
  if ((q->what & XLATE_IRQ_CCT_RING) && (err = cct_drain()) < 0)
    return err;
  if (q->what & XLATE_IRQ_ACK) {
    uint32_t pending;
    return hwprof_irq_ack(&dev, &pending);
  }
  return 0;
}

/* A key's count: the IP's and its spill table's (heads.c's side exits' predictions). */
static uint32_t count(uint32_t key) {
  uint32_t word = dbt_words_word(xlate_words(), key), c = 0;
  if (hwprof_lookup(&dev, word, &c) < 0)
    c = 0;
  return c + hwprof_spill_table_lookup(&table, word);
}

void xlate_irq(xlate_disp *q) {
  nhot = ncct = 0;
  q->more = q->full = 0;
  int err = q->what & XLATE_IRQ_START ? start(q) : 0;
  cct_at = xlate_cctq_at();
  q->err = (uint32_t)(err < 0 ? err : drain(q));
  ((uint32_t *)XLATE_HEADS_FLIPS)[0] = 0;                   /* (the exits they evaluate: heads.c) */
  for (uint32_t i = 0; heads && !q->err && i < nhot; i++) { /* the heads they make */
    int64_t pc = xlate_heads_word(HOT[i], i, count);
    if (pc < 0)
      q->err = (uint32_t)-HWPROF_ENOSPC, q->full = XLATE_IRQ_HEADS;
    ((uint32_t *)XLATE_HEADS_PENDED)[i] = pc < 0 ? 0 : (uint32_t)pc;
  }
  q->found = nhot;
  q->tail = ring.tail;
  q->sys_n = nsys;
  q->edge_n = nedges;
  q->edge_hot_reported = hot_reported;
  q->edge_hot_at_drain = hot_at_drain;
  q->edge_drains = edge_drains;
  q->cct_at = cct_at;
  q->cct_n = ncct;
  q->cct_tail = cct.tail;
  q->tab = (uint32_t)(uintptr_t)table.slots;
  q->tab_cap = table.cap;
  q->tab_used = table.used;
  q->tab_counted_hi = (uint32_t)(table.counted >> 32);
  q->tab_counted_lo = (uint32_t)table.counted;
}
