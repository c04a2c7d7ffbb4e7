/*
 * hwprof_model.c - C reference model of the hwprof IP; see hwprof_model.h.
 *
 * One event, as rtl/hwprof_core.v processes it:
 *
 *   index = hash16(spc) mod 2^index_bits
 *   for probe = 0, 1, ... :
 *     slot holds spc      -> count + 1 (saturating), done
 *     slot empty          -> insert {spc, 1}, done
 *     probe == max_probe-1 -> lost (STAT_LOST_TABLE, STATUS.TABLE_FULL)
 *     otherwise           -> STAT_PROBES + 1, index + 1 (wrapping)
 *
 * With the default SHR2 hash and 4096 entries, SPC 0x00400148 hashes to
 * 0x0052 and lands in slot 0x052 unless that holds another SPC, in which case
 * it tries 0x053, 0x054, ... up to 16 slots.
 *
 * The set-associative table (ways != 0), in place of the probes:
 *
 *   set = hash16(spc) mod (2^index_bits / ways), entries set*ways .. +ways-1
 *     a way holds spc    -> count + 1 (saturating)
 *     a way is empty     -> the lowest such: insert {spc, 1}
 *     otherwise          -> spill on: the way with age ways-1 is evicted (two
 *                           ring words, {key, hot, 1} and its count; STAT_EVICTED)
 *                           and takes {spc, 1}; spill off: lost (STAT_LOST_TABLE)
 *   and the way counted gets age 0; the ways in use younger than it (all of them
 *   when it was empty) age by one.
 */
#include "hwprof_model.h"

static uint32_t sat_inc(uint32_t v) {
  return v == UINT32_MAX ? v : v + 1u;
}

uint16_t hwprof_hash16(unsigned kind, uint32_t spc) {
  switch (kind) {
  case HWPROF_HASH_LOW16: return (uint16_t)spc;
  case HWPROF_HASH_LOW16_SHR2: return (uint16_t)(spc >> 2);
  case HWPROF_HASH_XOR_FOLD: return (uint16_t)((spc >> 2) ^ (spc >> 18));
  default: return (uint16_t)((uint32_t)(spc * 0x9E3779B1u) >> 16);
  }
}

int hwprof_model_check_params(const hwprof_model_params *p, const char **why) {
  const char *bad = 0;
  if (p->fifo_log2 < 1 || p->fifo_log2 > 10)
    bad = "fifo_log2 must be 1..10";
  else if (p->hot_log2 < 1 || p->hot_log2 > 10)
    bad = "hot_log2 must be 1..10";
  else if (p->index_bits < 4 || p->index_bits > 16)
    bad = "index_bits must be 4..16";
  else if (p->hash > HWPROF_HASH_MULT)
    bad = "hash must be 0..3";
  else if (p->max_probe < 1 || p->max_probe > (1u << p->index_bits))
    bad = "max_probe must be 1..2^index_bits";
  else if (p->count_width < 4 || p->count_width > 32)
    bad = "count_width must be 4..32";
  else if (p->syscall_bits > 8)
    bad = "syscall_bits must be 0..8";
  else if (p->slot_cache > HWPROF_SLOT_CACHE_MAX)
    bad = "slot_cache must be 0..8";
  else if (p->edge_bits > 10)
    bad = "edge_bits must be 0..10";
  else if (p->cct > 1)
    bad = "cct must be 0 or 1";
  else if (p->stats > 1)
    bad = "stats must be 0 or 1";
  else if (p->spill > 1)
    bad = "spill must be 0 or 1";
  else if (p->ways > HWPROF_WAYS_MAX || (p->ways & (p->ways - 1u)))
    bad = "ways must be 0, 1, 2, 4 or 8";
  if (why)
    *why = bad;
  return bad ? -1 : 0;
}

uint32_t hwprof_model_config_word(const hwprof_model_params *p) {
  return (p->fifo_log2 << HWPROF_CONFIG_FIFO_LOG2_SHIFT) |
         (p->hot_log2 << HWPROF_CONFIG_HOT_LOG2_SHIFT) |
         (p->index_bits << HWPROF_CONFIG_INDEX_BITS_SHIFT) | (p->hash << HWPROF_CONFIG_HASH_SHIFT) |
         (p->count_width << HWPROF_CONFIG_COUNT_WIDTH_SHIFT) |
         (p->syscall_bits << HWPROF_CONFIG_SYSCALL_BITS_SHIFT) |
         (p->slot_cache << HWPROF_CONFIG_SLOT_CACHE_SHIFT);
}

uint32_t hwprof_model_config2_word(const hwprof_model_params *p) {
  return p->ways << HWPROF_CONFIG2_WAYS_SHIFT | p->max_probe << HWPROF_CONFIG2_MAX_PROBE_SHIFT |
         p->edge_bits << HWPROF_CONFIG2_EDGE_BITS_SHIFT | (p->cct ? HWPROF_CONFIG2_CCT : 0u) |
         (p->stats ? HWPROF_CONFIG2_STATS : 0u) | (p->spill ? HWPROF_CONFIG2_SPILL : 0u);
}

void hwprof_model_params_from_config(hwprof_model_params *p, uint32_t config, uint32_t config2) {
  p->fifo_log2 = HWPROF_CONFIG_FIELD(config, FIFO_LOG2);
  p->hot_log2 = HWPROF_CONFIG_FIELD(config, HOT_LOG2);
  p->index_bits = HWPROF_CONFIG_FIELD(config, INDEX_BITS);
  p->hash = HWPROF_CONFIG_FIELD(config, HASH);
  p->count_width = HWPROF_CONFIG_FIELD(config, COUNT_WIDTH);
  p->syscall_bits = HWPROF_CONFIG_FIELD(config, SYSCALL_BITS);
  p->slot_cache = HWPROF_CONFIG_FIELD(config, SLOT_CACHE);
  p->max_probe = (config2 & HWPROF_CONFIG2_MAX_PROBE_MASK) >> HWPROF_CONFIG2_MAX_PROBE_SHIFT;
  p->edge_bits = (config2 & HWPROF_CONFIG2_EDGE_BITS_MASK) >> HWPROF_CONFIG2_EDGE_BITS_SHIFT;
  p->cct = (config2 & HWPROF_CONFIG2_CCT) != 0;
  p->stats = (config2 & HWPROF_CONFIG2_STATS) != 0;
  p->spill = (config2 & HWPROF_CONFIG2_SPILL) != 0;
  p->ways = (config2 & HWPROF_CONFIG2_WAYS_MASK) >> HWPROF_CONFIG2_WAYS_SHIFT;
}

int hwprof_model_init(hwprof_model *m, const hwprof_model_params *p, hwprof_model_entry *table,
                      size_t capacity) {
  if (hwprof_model_check_params(p, 0) < 0)
    return -1;
  if (capacity < ((size_t)1 << p->index_bits))
    return -2;
  m->p = *p;
  m->table = table;
  m->entries = 1u << p->index_bits;
  m->on_hot = 0;
  m->on_hot_ctx = 0;
  m->on_spill = 0;
  m->on_spill_ctx = 0;
  m->on_edge_hot = 0;
  m->on_edge_hot_ctx = 0;
  m->on_cct = 0;
  m->on_cct_ctx = 0;
  hwprof_model_reset(m);
  return 0;
}

static void clear_table(hwprof_model *m) {
  uint32_t i;
  for (i = 0; i < m->entries; i++) {
    m->table[i].key = 0;
    m->table[i].count = 0;
    m->table[i].hot = 0;
    m->table[i].age = 0;
  }
  m->occupied = 0;
  m->sc_valid = 0; /* the slot cache: no slot keeps its owner */
  m->sc_next = 0;
  m->table_full = 0;
  m->dropped = 0;
}

static void clear_stats(hwprof_model *m) {
  hwprof_model_stats zero = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  m->st = zero;
}

void hwprof_model_reset(hwprof_model *m) {
  clear_table(m);
  clear_stats(m);
  hwprof_model_syscall_clear(m);
  hwprof_model_edge_clear(m);
  m->edge_prev_valid = 0;
  m->edge_ctrl = HWPROF_EDGE_CTRL_RESET;
  m->threshold = 0;
  m->spill = 0;
  hwprof_model_set_cct(m, 0);
}

void hwprof_model_set_spill(hwprof_model *m, int on) {
  m->spill = on && m->p.spill; /* without the spill path SPILL_SIZE takes only 0 */
}

int hwprof_model_stat_built(const hwprof_model_params *p, uint32_t offset) {
  /* STATS covers the core's block, EVENTS_IN .. SPILL_ERRORS; the units' statistics
   * after it, and every other register, are theirs to leave out. */
  if (p->stats || offset < HWPROF_STAT_FIRST_OFFSET ||
      (offset >= HWPROF_STAT_SYSCALLS_OFFSET && offset != HWPROF_STAT_EVICTED_OFFSET))
    return 1;
  return offset == HWPROF_STAT_LOST_FIFO_OFFSET || offset == HWPROF_STAT_LOST_TABLE_OFFSET ||
         offset == HWPROF_STAT_HOT_LOST_OFFSET || offset == HWPROF_STAT_SPILL_ERR_OFFSET;
}

void hwprof_model_syscall_clear(hwprof_model *m) {
  m->sys_used = 0;
}

void hwprof_model_clear(hwprof_model *m, int table, int stats) {
  if (table) {
    clear_table(m);
    hwprof_model_syscall_clear(m);
    hwprof_model_edge_clear(m);
  }
  if (stats)
    clear_stats(m);
}

void hwprof_model_set_threshold(hwprof_model *m, uint32_t threshold) {
  m->threshold = threshold;
}

void hwprof_model_ignore(hwprof_model *m) {
  m->st.ignored = sat_inc(m->st.ignored);
}

void hwprof_model_drop(hwprof_model *m) {
  m->st.lost_fifo = sat_inc(m->st.lost_fifo);
  m->dropped = 1;
}

static uint32_t count_max(const hwprof_model *m) {
  return m->p.count_width == 32 ? UINT32_MAX : (1u << m->p.count_width) - 1u;
}

/* As rtl/hwprof_syscall.v: the pairs in use are searched in order; a pair found
 * counts (saturating), a new one is appended, or lost when the table is full. */
void hwprof_model_syscall(hwprof_model *m, uint32_t site, uint32_t number) {
  uint32_t i;
  if (!m->p.syscall_bits)
    return; /* no system-call unit: SYSCALL is unmapped */
  for (i = 0; i < m->sys_used; i++) {
    hwprof_model_sys_entry *e = &m->sys[i];
    if (e->site == site && e->number == number) {
      if (e->count != count_max(m))
        e->count++;
      m->st.syscalls = sat_inc(m->st.syscalls);
      return;
    }
  }
  if (m->sys_used == 1u << m->p.syscall_bits) {
    m->st.syscall_lost = sat_inc(m->st.syscall_lost);
    return;
  }
  m->sys[m->sys_used++] = (hwprof_model_sys_entry){site, number, 1};
  m->st.syscalls = sat_inc(m->st.syscalls);
}

void hwprof_model_event(hwprof_model *m, uint32_t word) {
  hwprof_model_event_weighted(m, word, 0);
}

/* Counts one event in entry e (its key's, or a free one, or a victim's emptied):
 * the count, the threshold crossing. */
static void count_in(hwprof_model *m, hwprof_model_entry *e, uint32_t spc) {
  uint32_t c = e->count == 0 ? 1u : (e->count == count_max(m) ? e->count : e->count + 1u);
  if (e->count == 0)
    e->key = spc;
  e->count = c;
  m->st.events = sat_inc(m->st.events);
  if (!e->hot && m->threshold != 0 && c == m->threshold) {
    e->hot = 1;
    m->st.hot = sat_inc(m->st.hot);
    if (m->on_hot)
      m->on_hot(m->on_hot_ctx, spc);
  }
}

uint32_t hwprof_model_home(const hwprof_model_params *p, uint32_t spc) {
  uint32_t homes = (1u << p->index_bits) / (p->ways ? p->ways : 1u);
  return hwprof_hash16(p->hash, spc) & (homes - 1u);
}

/* The first entry of spc's set in the set-associative table. */
static hwprof_model_entry *set_of(const hwprof_model *m, uint32_t spc) {
  return &m->table[hwprof_model_home(&m->p, spc) * m->p.ways];
}

/* The set-associative table (see the top of this file). */
static void event_sets(hwprof_model *m, uint32_t spc) {
  uint32_t ways = m->p.ways;
  hwprof_model_entry *set = set_of(m, spc);
  uint32_t w, way = ways, free = ways, oldest = 0, fresh;
  for (w = 0; w < ways; w++) {
    if (set[w].count == 0) {
      if (free == ways)
        free = w;
    } else if (set[w].key == spc && way == ways) {
      way = w;
    }
    if (set[w].age == ways - 1u)
      oldest = w;
  }
  fresh = way == ways;
  if (fresh && free == ways) { /* the set is full */
    m->table_full = 1;
    if (!m->spill) {
      m->st.lost_table = sat_inc(m->st.lost_table);
      return;
    }
    way = oldest;
    m->st.evicted = sat_inc(m->st.evicted);
    if (m->on_spill) {
      m->on_spill(m->on_spill_ctx,
                  set[way].key | HWPROF_SPILL_REC | (set[way].hot ? HWPROF_SPILL_REC_HOT : 0u));
      m->on_spill(m->on_spill_ctx, set[way].count);
    }
    set[way].count = 0; /* its place is free for spc */
    set[way].hot = 0;
  } else if (fresh) {
    way = free;
    m->occupied++;
  }
  for (w = 0; w < ways; w++)
    if (w != way && set[w].count != 0 && (fresh || set[w].age < set[way].age))
      set[w].age++;
  set[way].age = 0;
  count_in(m, &set[way], spc);
}

void hwprof_model_event_weighted(hwprof_model *m, uint32_t word, uint8_t weight) {
  uint32_t spc = word & ~HWPROF_EVENT_FLAGS; /* a block counts by its address */
  uint32_t mask = m->entries - 1u;
  uint32_t idx = hwprof_hash16(m->p.hash, spc) & mask;
  uint32_t probe = 0, i;
  int cached = 0;

  m->st.events_in = sat_inc(m->st.events_in);
  hwprof_model_edge_event(m, word);
  hwprof_model_cct_event(m, word, weight);
  if (m->p.ways) {
    event_sets(m, spc);
    return;
  }
  /* A key the slot cache holds starts at its slot, with its probes: no probing. */
  for (i = 0; i < m->p.slot_cache; i++)
    if ((m->sc_valid >> i & 1u) && m->sc[i].key == spc) {
      idx = m->sc[i].idx;
      probe = m->sc[i].probe;
      cached = 1;
    }
  for (;; probe++) {
    hwprof_model_entry *e = &m->table[idx];
    int match = e->count != 0 && e->key == spc;
    if (match || e->count == 0) {
      if (e->count == 0)
        m->occupied++;
      count_in(m, e, spc);
      break;
    }
    if (probe == m->p.max_probe - 1u) {
      if (m->spill) {
        m->st.spilled = sat_inc(m->st.spilled);
        if (m->on_spill)
          m->on_spill(m->on_spill_ctx, spc);
      } else {
        m->st.lost_table = sat_inc(m->st.lost_table);
      }
      m->table_full = 1;
      break;
    }
    m->st.probes = sat_inc(m->st.probes);
    idx = (idx + 1u) & mask;
  }
  if (probe > m->st.max_probe)
    m->st.max_probe = probe;
  /* An event that needed probes, resolved: into the slot cache, round-robin. */
  if (!cached && probe != 0 && m->p.slot_cache) {
    m->sc[m->sc_next].key = spc;
    m->sc[m->sc_next].idx = idx;
    m->sc[m->sc_next].probe = probe;
    m->sc_valid |= 1u << m->sc_next;
    m->sc_next = (m->sc_next + 1u) % m->p.slot_cache;
  }
}

uint32_t hwprof_model_lookup(const hwprof_model *m, uint32_t key) {
  uint32_t spc = key & ~HWPROF_EVENT_FLAGS;
  uint32_t mask = m->entries - 1u;
  uint32_t idx = hwprof_hash16(m->p.hash, spc) & mask;
  uint32_t probe;
  if (m->p.ways) {
    const hwprof_model_entry *set = set_of(m, spc);
    uint32_t w;
    for (w = 0; w < m->p.ways; w++)
      if (set[w].count != 0 && set[w].key == spc)
        return set[w].count;
    return 0;
  }
  for (probe = 0; probe < m->p.max_probe; probe++) {
    const hwprof_model_entry *e = &m->table[idx];
    if (e->count == 0)
      return 0;
    if (e->key == spc)
      return e->count;
    idx = (idx + 1u) & mask;
  }
  return 0;
}

size_t hwprof_model_hot_missing(const uint32_t *fired, size_t n_fired, const uint32_t *popped,
                                size_t n_popped) {
  size_t i, j = 0;
  for (i = 0; i < n_popped; i++, j++) {
    while (j < n_fired && fired[j] != popped[i])
      j++;
    if (j == n_fired)
      return (size_t)-1;
  }
  return n_fired - n_popped;
}
