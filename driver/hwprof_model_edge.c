/*
 * hwprof_model_edge.c - the reference model of the IP's indirect-edge table
 * (rtl/hwprof_edge.v; hwprof_regs.h, "Indirect edges").
 *
 * Each event word is paired with the one before it, in bus order.  When the
 * earlier word's flags are HWPROF_EVENT_INDIRECT, or always in ALL mode, the
 * pair is a traversal of the edge (earlier SPC, this SPC), flags stripped:
 *
 *   index = hwprof_edge_hash(src, dst, edge_bits)
 *   for n = 0 .. 2^edge_bits - 1:
 *     slot holds (src, dst) -> count + 1 (saturating), done
 *     slot empty            -> insert {src, dst, 1}, done
 *     otherwise             -> index + 1 (wrapping)
 *   every slot holds another edge -> lost (STAT_EDGE_LOST)
 *
 * A count that becomes equal to EDGE_CTRL's threshold marks the entry hot and
 * reports the edge through on_edge_hot, once per entry.  A clear empties the
 * table but keeps the last event word: the next event still ends an edge.
 */
#include "hwprof_model.h"

static uint32_t sat_inc(uint32_t v) {
  return v == UINT32_MAX ? v : v + 1u;
}

/* XOR-fold to `bits` bits of (src >> 2) ^ (dst >> 2 rotated right by 16 of its 30 bits). */
uint32_t hwprof_edge_hash(uint32_t src, uint32_t dst, unsigned bits) {
  uint32_t d = dst >> 2;
  uint32_t x = ((src >> 2) ^ ((d << 14 | d >> 16) & 0x3FFFFFFFu)) & 0x3FFFFFFFu;
  uint32_t h = 0;
  unsigned j;
  for (j = 0; j < 30; j++)
    h ^= (x >> j & 1u) << (j % bits);
  return h;
}

void hwprof_model_edge_clear(hwprof_model *m) {
  uint32_t i;
  for (i = 0; i < HWPROF_EDGE_MAX_ENTRIES; i++) {
    m->edge[i].src = m->edge[i].dst = m->edge[i].count = 0;
    m->edge[i].hot = 0;
  }
  m->edge_used = 0;
}

void hwprof_model_set_edge_ctrl(hwprof_model *m, uint32_t edge_ctrl) {
  m->edge_ctrl = edge_ctrl;
}

/* The slot that holds (src, dst), else the first empty slot of its probe sequence;
 * 2^edge_bits when every slot holds another edge. */
static uint32_t slot_of(const hwprof_model *m, uint32_t src, uint32_t dst) {
  uint32_t entries = 1u << m->p.edge_bits;
  uint32_t idx = hwprof_edge_hash(src, dst, m->p.edge_bits), n;
  for (n = 0; n < entries; n++, idx = (idx + 1u) & (entries - 1u)) {
    const hwprof_model_edge_entry *e = &m->edge[idx];
    if (e->count == 0 || (e->src == src && e->dst == dst))
      return idx;
  }
  return entries;
}

static void traverse(hwprof_model *m, uint32_t src, uint32_t dst) {
  uint32_t cmax = m->p.count_width == 32 ? UINT32_MAX : (1u << m->p.count_width) - 1u;
  uint32_t thr = m->edge_ctrl & HWPROF_EDGE_CTRL_THRESHOLD;
  uint32_t idx = slot_of(m, src, dst);
  if (idx == 1u << m->p.edge_bits) {
    m->st.edge_lost = sat_inc(m->st.edge_lost);
    return;
  }
  hwprof_model_edge_entry *e = &m->edge[idx];
  if (e->count == 0) {
    e->src = src;
    e->dst = dst;
    m->edge_used++;
  }
  if (e->count != cmax)
    e->count++;
  m->st.edges = sat_inc(m->st.edges);
  if (!e->hot && thr != 0 && e->count == thr) {
    e->hot = 1;
    m->st.edge_hot = sat_inc(m->st.edge_hot);
    if (m->on_edge_hot)
      m->on_edge_hot(m->on_edge_hot_ctx, src, dst);
  }
}

void hwprof_model_edge_event(hwprof_model *m, uint32_t word) {
  if (!m->p.edge_bits)
    return; /* no edge unit */
  if (m->edge_prev_valid && ((m->edge_ctrl & HWPROF_EDGE_CTRL_ALL) ||
                             (m->edge_prev & HWPROF_EVENT_FLAGS) == HWPROF_EVENT_INDIRECT))
    traverse(m, m->edge_prev & ~HWPROF_EVENT_FLAGS, word & ~HWPROF_EVENT_FLAGS);
  m->edge_prev = word;
  m->edge_prev_valid = 1;
}

uint32_t hwprof_model_edge_count(const hwprof_model *m, uint32_t src, uint32_t dst) {
  if (!m->p.edge_bits)
    return 0;
  uint32_t idx = slot_of(m, src, dst);
  return idx < 1u << m->p.edge_bits ? m->edge[idx].count : 0; /* an empty slot: 0 */
}
