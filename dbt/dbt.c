/*
 * dbt.c - the translator's runtime: code cache, dispatcher, exits, profiles.
 * See dbt.h and translate.h.
 */
#define _GNU_SOURCE
#include "dbt.h"

#include <capstone/capstone.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hwprof_sim_bus.h"
#include "mips.h"
#include "runtime.h"

dbt_options dbt_defaults(void) {
  dbt_options o;
  memset(&o, 0, sizeof o);
  o.profile = DBT_PROFILE_NONE;
  o.code_size = DBT_CODE_MAX;
  o.max_block = 64;
  o.edge_threshold = 5000;
  return o;
}

/* ------------------------------------------------------------ block table */

static uint32_t hash(uint32_t pc) {
  return (pc >> 2) * 2654435761u;
}

rec *rt_find(dbt *d, uint32_t pc, int add) {
  for (uint32_t i = hash(pc) & d->tab_mask;; i = (i + 1) & d->tab_mask) {
    rec *r = &d->tab[i];
    if (r->insns && r->pc == pc)
      return r;
    if (!r->insns) {
      if (!add)
        return NULL;
      if (d->nblocks == d->cap_blocks || 2 * (d->tab_used + 1) > d->tab_mask)
        return NULL;
      r->pc = pc;
      r->id = d->nblocks;
      r->gen = UINT32_MAX;
      r->insns = UINT32_MAX; /* set by the translation */
      d->by_id[d->nblocks++] = i;
      d->tab_used++;
      return r;
    }
  }
}

/* ------------------------------------------------------------ code cache */

uint64_t rt_now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

void rt_code_wrote(dbt *d, uint32_t addr, uint32_t len, int patch) {
  if (patch) /* Unicorn may hold a translation of the old code */
    vboard_code_changed(d->b, addr, len);
  vboard_code_write(d->b, addr, len);
  if (d->o.omit_cache_sync != VBOARD_SYNC_BOTH)
    vboard_code_sync(d->b, addr, len, VBOARD_SYNC_BOTH & ~d->o.omit_cache_sync);
}

static void reset_jump_table(dbt *d) {
  for (uint32_t i = 0; i < DBT_JT_ENTRIES; i++) {
    wr32(d, DBT_STATE + DBT_ST_JT + 8 * i, 0xFFFFFFFFu); /* never a guest pc */
    wr32(d, DBT_STATE + DBT_ST_JT + 8 * i + 4, DBT_STUBS + 8 * DBT_EXIT_INDIRECT);
  }
}

static void flush(dbt *d) {
  d->gen++;
  d->used = 0;
  memset(d->entry_insns, 0, d->o.code_size / 4 * sizeof *d->entry_insns);
  memset(d->entry_id, 0, d->o.code_size / 4 * sizeof *d->entry_id);
  memset(d->sb_code, 0, d->o.code_size / 4);
  d->nstarts = 0;
  d->nlinks = 0;
  sb_flushed(d);
  reset_jump_table(d);
  vboard_code_changed(d->b, DBT_CODE, d->o.code_size);
  d->st.flushes++;
}

void rt_dump_block(dbt *d, const dbt_block *blk) {
  FILE *f = d->o.dump;
  uint32_t n_ppc = blk->host_size / 4;
  fprintf(f, "block %#010x: %u MIPS instructions -> %u PowerPC at %#010x (%u for the profile)\n",
          blk->guest_pc, blk->guest_insns, n_ppc, blk->host_addr, blk->prof_insns);
  uint32_t rows = blk->guest_insns > n_ppc ? blk->guest_insns : n_ppc;
  for (uint32_t i = 0; i < rows; i++) {
    char l[128] = "", r[256] = "";
    if (i < blk->guest_insns) {
      uint32_t pc = blk->guest_pc + 4 * i, w = rd32(d, pc);
      char t[64];
      dbt_disasm_mips(pc, w, t, sizeof t);
      snprintf(l, sizeof l, "%08x  %08x  %s", pc, w, t);
    }
    if (i < n_ppc) {
      uint32_t a = blk->host_addr + 4 * i;
      cs_insn *ins;
      size_t k = cs_disasm(d->cs_ppc, d->ram + a, 4, a, 1, &ins);
      snprintf(r, sizeof r, "%08x  %08x  %s %s", a, rd32(d, a), k ? ins->mnemonic : ".long",
               k ? ins->op_str : "");
      if (k)
        cs_free(ins, k);
    }
    fprintf(f, "  %-52s | %s\n", l, r);
  }
}

void rt_fetch_limit(dbt *d, uint32_t pc) {
  uint32_t p = pc / DBT_PAGE, end = DBT_GUEST_TOP / DBT_PAGE;
  while (p < end && d->g.exec[p])
    p++;
  d->core.text_size = p * DBT_PAGE - d->core.text_base;
}

/* The host address of the block at guest pc, translating it if needed.
 * 0: pc is not executable (*sig says which signal the guest takes). */
static uint32_t block_host(dbt *d, uint32_t pc, int *sig, char *err, size_t errlen) {
  if (pc & 3) {
    *sig = DBT_SIGBUS; /* address error on fetch */
    return 0;
  }
  if (!guest_executable(&d->g, pc)) {
    *sig = DBT_SIGSEGV;
    return 0;
  }
  rec *r = rt_find(d, pc, 1);
  if (!r) {
    *sig = 0;
    dbt_errf(err, errlen, "too many distinct blocks (%u)", d->nblocks);
    return 0;
  }
  if (r->gen == d->gen)
    return r->host;
  dbt_block blk;
  uint64_t t0 = rt_now_ns();
  rt_fetch_limit(d, pc);
  int n = dbt_translate(&d->core, pc, d->used, r->id, &blk);
  if (n == 0) {
    flush(d);
    n = dbt_translate(&d->core, pc, d->used, r->id, &blk);
  }
  d->st.translate_ns += rt_now_ns() - t0;
  if (n > 0)
    rt_code_wrote(d, blk.host_addr, (uint32_t)n, 0);
  if (n <= 0) {
    *sig = n < 0 ? DBT_SIGSEGV : 0;
    if (n == 0)
      dbt_errf(err, errlen, "the block at %#x does not fit in the code cache", pc);
    return 0;
  }
  if (r->insns == UINT32_MAX)
    d->st.distinct_blocks++;
  r->host = blk.host_addr;
  r->gen = d->gen;
  r->insns = blk.guest_insns;
  r->flags = blk.flags;
  uint32_t slot = (blk.host_addr - DBT_CODE) / 4;
  d->entry_insns[slot] = (uint16_t)blk.guest_insns;
  d->entry_id[slot] = r->id + 1;
  d->used += (uint32_t)n;
  rt_edge_site_taken(d, &blk);
  d->st.blocks_translated++;
  d->st.guest_insns_translated += blk.guest_insns;
  d->st.code_bytes += (uint32_t)n;
  d->st.prof_insns += blk.prof_insns;
  if (d->o.dump)
    rt_dump_block(d, &blk);
  return blk.host_addr;
}

int rt_grow(void *v, size_t n, size_t *cap, size_t size, size_t first) {
  if (n < *cap)
    return 0;
  size_t c = 2 * *cap + first;
  void *p = realloc(*(void **)v, c * size);
  if (!p)
    return -1;
  *(void **)v = p;
  *cap = c;
  return 0;
}

int rt_sb_start(dbt *d, uint32_t w, uint32_t id) {
  if (rt_grow(&d->starts, d->nstarts, &d->starts_cap, sizeof *d->starts, 256) < 0)
    return -1;
  if (!d->entry_id[w])
    d->entry_id[w] = (uint32_t)d->nstarts + 1;
  d->entry_insns[w] = 1; /* (a start: the members' records say how many instructions) */
  d->starts[d->nstarts++] = (struct rt_start){w, id};
  return 0;
}

/* The blocks whose translations start at code word w: calls fn for each id, in
 * order (a plain block, or the superblock members there); returns the last. */
static uint32_t blocks_at(dbt *d, uint32_t w, void (*fn)(dbt *d, uint32_t id)) {
  if (!d->sb_code[w]) {
    if (fn)
      fn(d, d->entry_id[w] - 1);
    return d->entry_id[w] - 1;
  }
  uint32_t id = 0;
  for (size_t k = d->entry_id[w] - 1; k < d->nstarts && d->starts[k].w == w; k++) {
    id = d->starts[k].id;
    if (fn)
      fn(d, id);
  }
  return id;
}

static void enter_block(dbt *d, uint32_t id);

/* The guest blocks whose translations start at code word w were entered. */
static void enter(dbt *d, uint32_t w) {
  uint64_t before = d->st.guest_insns;
  blocks_at(d, w, enter_block);
  if (d->sb_code[w])
    d->st.superblock_insns += d->st.guest_insns - before;
}

static void enter_block(dbt *d, uint32_t id) {
  d->st.guest_insns += d->tab[d->by_id[id]].insns;
  d->st.blocks_executed++;
  d->exec[id]++;
  if (d->o.cct)
    rt_cct_enter(d, id);
  if (d->sb.pending || d->sb.t.n)
    sb_enter(d, id, d->tab[d->by_id[id]].pc);
  if (!(d->st.blocks_executed & 0xFFFF) && d->o.superblocks && d->o.profile == DBT_PROFILE_SW)
    sb_scan_sw(d);
  if (d->o.progress && !(d->st.blocks_executed & 0xFFFFF))
    d->o.progress(d->o.progress_ctx, d->st.guest_insns);
}

/* The board's time, for the guest's clocks and timers. */
static uint64_t board_ns(const dbt *d) {
  return (uint64_t)((unsigned __int128)vboard_cycles(d->b) * 1000000000u / vboard_cpu_hz(d->b));
}

/* The run may stop (cycle limit, a signal to hwprof) only before a guest block's
 * translation -- a plain block, or a superblock or one of its members -- where
 * every probe of the code before has run: not before a side exit's or a trap's
 * out-of-line code, whose probe or exit has not. */
static int stop_point(void *ctx, uint32_t addr) {
  dbt *d = ctx;
  uint32_t off = addr - DBT_CODE;
  return off < d->used && d->entry_id[off / 4];
}

/* Counts guest instructions and block entries as the CPU enters blocks: the
 * block starting at addr, or in a superblock, every member start that the
 * PowerPC block [addr, addr + size) covers (members reached by fall-through). */
static void observe(void *ctx, uint32_t addr, uint32_t size) {
  dbt *d = ctx;
  uint32_t off = addr - DBT_CODE, w = off / 4;
  d->tb_at = addr; /* where a fault inside it happened is found from here (fault_insn) */
  d->tb_end = addr + size;
  d->cct.nmark = 0;
  if (d->sb.ready) { /* a recorded path: the host forms it before this block runs */
    vboard_pause(d->b);
    return;
  }
  if (d->sig_due && vboard_cycles(d->b) >= d->sig_due && stop_point(d, addr)) {
    d->sig_paused = 1; /* a timer due: its signal before this block (signal.c) */
    vboard_pause(d->b);
    return;
  }
  if (off < d->used) {
    if (!d->sb_code[w]) {
      if (d->entry_insns[w])
        enter(d, w);
    } else {
      uint32_t end = (off + size < d->used ? off + size : d->used) / 4;
      for (; w < end; w++)
        if (d->entry_insns[w])
          enter(d, w);
    }
  }
  /* The IP's interrupt, serviced host-side at the next block boundary. */
  if (d->hw_on && hwprof_sim_irq(vboard_ip(d->b))) {
    uint64_t t0 = rt_now_ns();
    rt_hw_service(d);
    d->st.irq_ns += rt_now_ns() - t0;
  }
}

/* ------------------------------------------------------------ set-up */

dbt *dbt_new(vboard *b, const dbt_options *o, char *err, size_t errlen) {
  uint32_t base, size;
  uint8_t *ram = vboard_ram(b, &base, &size);
  if (base != 0 || size < DBT_RAM_NEEDED) {
    dbt_errf(err, errlen,
             "the board's RAM [%#x, +%#x) must start at 0 and hold %#x bytes for the translator",
             base, size, DBT_RAM_NEEDED);
    return NULL;
  }
  if (o->code_size < 4096 || o->code_size > DBT_CODE_MAX || (o->code_size & 3)) {
    dbt_errf(err, errlen, "code cache size %u is not between 4096 and %u bytes", o->code_size,
             DBT_CODE_MAX);
    return NULL;
  }
  dbt *d = calloc(1, sizeof *d);
  if (!d)
    return dbt_errf(err, errlen, "out of memory"), NULL;
  d->b = b;
  d->o = *o;
  d->ram = ram;
  d->tab_mask = (1u << 21) - 1;
  d->cap_blocks = DBT_MAX_COUNTERS;
  d->tab = calloc(d->tab_mask + 1, sizeof *d->tab);
  d->by_id = calloc(d->cap_blocks, sizeof *d->by_id);
  d->exec = calloc(d->cap_blocks, sizeof *d->exec);
  d->entry_insns = calloc(o->code_size / 4, sizeof *d->entry_insns);
  d->entry_id = calloc(o->code_size / 4, sizeof *d->entry_id);
  d->sb_code = calloc(o->code_size / 4, 1);
  d->insn_of = calloc(o->code_size / 4, 1);
  if (!d->tab || !d->by_id || !d->exec || !d->entry_insns || !d->entry_id || !d->sb_code ||
      !d->insn_of || sb_init(d) < 0 ||
      cs_open(CS_ARCH_MIPS, CS_MODE_MIPS32 | CS_MODE_BIG_ENDIAN, &d->cs_mips) != CS_ERR_OK ||
      cs_open(CS_ARCH_PPC, CS_MODE_32 | CS_MODE_BIG_ENDIAN, &d->cs_ppc) != CS_ERR_OK) {
    dbt_free(d);
    return dbt_errf(err, errlen, "out of memory (or capstone could not start)"), NULL;
  }
  /* Exit stubs: li r0, kind; b STOP (the FPU helper's: b DBT_FP_GATE). */
  dbt_emit_stubs(ram + DBT_STUBS, DBT_STUBS, DBT_STOP, DBT_FP_GATE);
  wr32(d, DBT_STOP, 0); /* never executed: the CPU stops on reaching it */
  memset(ram + DBT_STATE + DBT_ST_FIELDS, 0, (size_t)-DBT_ST_FIELDS);
  reset_jump_table(d);
  d->core.buf = ram + DBT_CODE;
  d->core.buf_addr = DBT_CODE;
  d->core.buf_size = o->code_size;
  for (uint32_t k = 0; k < DBT_EXIT_KINDS; k++)
    d->core.exit_stub[k] = DBT_STUBS + 8 * k;
  d->core.profile = o->profile;
  d->core.event_offset = HWPROF_EVENT_OFFSET;
  d->core.probe_window = o->probe == DBT_PROBE_WINDOW;
  d->core.counters = DBT_COUNTERS;
  d->core.max_insns = o->max_block;
  d->core.align_checks = o->unaligned_trap;
  d->core.confine = o->confine;
  d->core.insn_of = d->insn_of;
  if (o->profile == DBT_PROFILE_SW || o->profile == DBT_PROFILE_ALL) {
    if (!(d->edge_src = calloc(DBT_EDGE_SITES, sizeof *d->edge_src))) {
      dbt_free(d);
      return dbt_errf(err, errlen, "out of memory"), NULL;
    }
    memset(ram + DBT_EDGES, 0, (size_t)DBT_EDGE_SITES * DBT_EDGE_SITE_BYTES);
    d->core.edge_sites = DBT_EDGES;
    d->core.edge_site_cap = DBT_EDGE_SITES;
    if (o->cct) {
      d->core.cct_ring = DBT_CCT_RING;
      d->core.cct_ring_end = DBT_CCT_RING + DBT_CCT_RING_BYTES;
      wr32(d, DBT_STATE + DBT_ST_CCT_PTR, DBT_CCT_RING);
    }
  }
  d->core.cct_hw = o->cct && (o->profile == DBT_PROFILE_HW || o->profile == DBT_PROFILE_ALL);
  /* Null pointers fault: the guest's first 64 KiB are off the bus; so is the guard
   * above its memory. */
  if (vboard_unmap(b, 0, DBT_GUEST_MIN) < 0 ||
      vboard_unmap(b, DBT_GUEST_TOP, DBT_GUARD_TOP - DBT_GUEST_TOP) < 0 ||
      vboard_unmap(b, VBOARD_RESERVED_BASE, 0x1000) < 0) { /* (the firmware's; unused here) */
    dbt_free(d);
    return dbt_errf(err, errlen, "cannot unmap the guest's null page and guard"), NULL;
  }
  /* --confine: the IP must be where the check traps (translate.c): not below the
   * guest's limit. */
  if (o->confine && vboard_ip_base(b) < DBT_GUEST_TOP) {
    dbt_free(d);
    return dbt_errf(err, errlen,
                    "--confine: the device tree puts the IP at %#x, below %#x, where the "
                    "translator's check cannot trap guest accesses",
                    vboard_ip_base(b), DBT_GUEST_TOP),
           NULL;
  }
  vboard_observe_blocks(b, observe, d);
  vboard_stop_points(b, stop_point, d);
  if (rt_fp_gate_setup(d, err, errlen) < 0) {
    dbt_free(d);
    return NULL;
  }
  return d;
}

void dbt_free(dbt *d) {
  if (!d)
    return;
  if (d->loaded)
    guest_free(&d->g);
  if (d->cs_mips)
    cs_close(&d->cs_mips);
  if (d->cs_ppc)
    cs_close(&d->cs_ppc);
  free(d->tab);
  free(d->by_id);
  free(d->exec);
  free(d->onbus);
  free(d->cuts);
  rt_hw_free(d);
  rt_sys_free(&d->sys);
  rt_edge_free(&d->edge_sw);
  rt_edge_free(&d->edge_hw);
  free(d->edge_src);
  free(d->entry_insns);
  free(d->entry_id);
  free(d->insn_of);
  free(d->sb_code);
  free(d->cct.p);
  free(d->cct.rp);
  free(d->cct_sw.p);
  free(d->cct_sw.rp);
  free(d->cct_hw.p);
  free(d->cct_hw.rp);
  free(d->starts);
  free(d->links);
  sb_free(d);
  free(d);
}

int dbt_load(dbt *d, const char *path, int argc, char *const argv[], char *const envp[], char *err,
             size_t errlen) {
  if (guest_load(&d->g, d->ram, path, argc, argv, envp, err, errlen) < 0)
    return -1;
  d->g.strict = d->o.strict;
  d->g.clock = d->o.clock;
  d->g.cpu_hz = vboard_cpu_hz(d->b);
  d->loaded = 1;
  /* The core may read any guest memory; each translation is bounded by the end of
   * the executable pages it starts in (rt_fetch_limit). */
  d->core.text = d->ram + DBT_GUEST_MIN;
  d->core.text_base = DBT_GUEST_MIN;
  d->core.text_size = d->g.text_hi - DBT_GUEST_MIN;
  /* r5 for the hw profile: the program's own code follows the C start-up code at
   * the start of the text, so its first 64 KiB are where the hot blocks are; the
   * superblocks' near event words just below the text share the reach. */
  rt_sb_words(d, d->g.text_lo);
  d->core.prof_near = d->sb.near_base + 0x8000;
  if (rt_confine_sync(d) < 0)
    return dbt_errf(err, errlen,
                    "--confine: the board cannot take the guest's free pages off its bus"),
           -1;
  return 0;
}

const dbt_stats *dbt_get_stats(const dbt *d) {
  return &d->st;
}

const guest *dbt_guest(const dbt *d) {
  return &d->g;
}

void dbt_disasm_mips(uint32_t pc, uint32_t w, char *buf, size_t len) {
  static csh h;
  if (!h && cs_open(CS_ARCH_MIPS, CS_MODE_MIPS32 | CS_MODE_BIG_ENDIAN, &h) != CS_ERR_OK) {
    snprintf(buf, len, "?");
    return;
  }
  uint8_t b[4];
  dbt_put_be32(b, w);
  cs_insn *ins;
  size_t n = cs_disasm(h, b, 4, pc, 1, &ins);
  if (n) {
    snprintf(buf, len, "%s%s%s", ins->mnemonic, ins->op_str[0] ? " " : "", ins->op_str);
    cs_free(ins, n);
  } else {
    snprintf(buf, len, "?");
  }
}

size_t dbt_block_counts(const dbt *d, dbt_block_count **out) {
  dbt_block_count *v = calloc(d->nblocks ? d->nblocks : 1, sizeof *v);
  if (!v)
    return 0;
  size_t n = 0;
  for (uint32_t id = 0; id < d->nblocks; id++) {
    if (d->by_id[id] == UINT32_MAX) /* a superblock's counter */
      continue;
    const rec *r = &d->tab[d->by_id[id]];
    dbt_block_count *c = &v[n++];
    c->pc = r->pc;
    c->insns = r->insns == UINT32_MAX ? 0 : r->insns;
    c->count = d->exec[id];
    if (d->o.profile == DBT_PROFILE_SW || d->o.profile == DBT_PROFILE_ALL)
      c->sw = rd32(d, DBT_COUNTERS + 4 * id) + rt_sb_sw(d, id);
  }
  *out = v;
  return n;
}

/* ------------------------------------------------------------ chaining */

/* Patches the branch at `at` (bit 0: a bc) into w, which reaches guest pc's
 * translation, and keeps it for rt_links_to (-1: not kept, out of memory; the
 * branch is patched all the same). */
static int link(dbt *d, uint32_t at, uint32_t pc, uint32_t w) {
  wr32(d, at & ~1u, w);
  rt_code_wrote(d, at & ~1u, 4, 1);
  if (rt_grow(&d->links, d->nlinks, &d->links_cap, sizeof *d->links, 1024) < 0)
    return -1;
  d->links[d->nlinks++] = (struct rt_link){at, pc};
  return 0;
}

void rt_links_to(dbt *d, uint32_t pc, uint32_t host) {
  for (size_t i = 0; i < d->nlinks; i++) {
    uint32_t at = d->links[i].at & ~1u, w;
    if (d->links[i].pc != pc)
      continue;
    w = (d->links[i].at & 1) ? dbt_retarget_bc(rd32(d, at), at, host) : dbt_chain_word(at, host);
    if (w) {
      wr32(d, at, w);
      rt_code_wrote(d, at, 4, 1);
    }
  }
}

/* ------------------------------------------------------------ guest registers */

void rt_read_gprs(dbt *d, uint32_t m[32]) {
  const int8_t *hr = dbt_host_regs(&d->core);
  uint32_t p[32];
  vboard_get_gprs(d->b, p);
  m[0] = 0;
  for (int i = 1; i < 32; i++)
    m[i] = hr[i] >= 0 ? p[hr[i]] : rd32(d, DBT_STATE + DBT_ST_GPR(i));
}

void rt_write_gpr(dbt *d, unsigned i, uint32_t v) {
  if (i == 0)
    return;
  if (i == 28 || i == 29)
    d->kept_written = 1;
  const int8_t *hr = dbt_host_regs(&d->core);
  if (hr[i] >= 0)
    vboard_set_gpr(d->b, (unsigned)hr[i], v);
  else
    wr32(d, DBT_STATE + DBT_ST_GPR(i), v);
}

/* ------------------------------------------------------------ run */

/* ------------------------------------------------------------ faults */

/* The bytes a PowerPC load or store w accesses from, with the registers r, and
 * how many; 0 if w is none. */
static uint32_t mem_access(uint32_t w, const uint32_t r[32], uint32_t *ea) {
  unsigned op = w >> 26, rt = (w >> 21) & 31, ra = (w >> 16) & 31, rb = (w >> 11) & 31;
  uint32_t base = ra ? r[ra] : 0;
  if (op >= 32 && op <= 47) { /* lwz .. stmw, D-form */
    *ea = base + (uint32_t)(int32_t)(int16_t)w;
    static const uint8_t size[8] = {4, 1, 4, 1, 2, 2, 2, 0};
    return op >= 46 ? 4 * (32 - rt) : size[(op - 32) / 2];
  }
  if (op != 31)
    return 0;
  /* X-form: lwarx, lwzx, lwzux, stwcx., stwx, stwux, lwbrx, stwbrx; lbzx, lbzux,
   * stbx, stbux; lhzx, lhzux, lhax, lhaux, sthx, sthux, lhbrx, sthbrx. */
  static const struct {
    uint16_t xo, size;
  } x[] = {{20, 4},  {23, 4},  {55, 4},  {150, 4}, {151, 4}, {183, 4}, {534, 4},
           {662, 4}, {87, 1},  {119, 1}, {215, 1}, {247, 1}, {279, 2}, {311, 2},
           {343, 2}, {375, 2}, {407, 2}, {439, 2}, {790, 2}, {918, 2}};
  *ea = base + r[rb];
  for (size_t i = 0; i < sizeof x / sizeof x[0]; i++)
    if (x[i].xo == ((w >> 1) & 0x3FF))
      return x[i].size;
  return 0;
}

/* The instruction of the PowerPC block [tb_at, tb_end) (the last the CPU entered)
 * whose access to `addr` faulted.  The board's pc is no help (Unicorn updates it
 * only for code hooks: it can be an earlier block's), but the registers are those
 * of the faulting instruction: the first load or store that reaches addr with
 * them is it.  tb_at when none does. */
static uint32_t fault_insn(dbt *d, uint32_t addr) {
  uint32_t r[32], ea;
  vboard_get_gprs(d->b, r);
  for (uint32_t a = d->tb_at; a < d->tb_end && a - DBT_CODE < d->used; a += 4) {
    uint32_t n = mem_access(rd32(d, a), r, &ea);
    if (n && addr - ea < n)
      return a;
  }
  return d->tb_at;
}

/* The run faulted at PowerPC address `at`: the members of a superblock after it
 * in the same PowerPC block were counted as entered (observe) but never ran. */
static void uncount(dbt *d, uint32_t id) { /* (in a superblock) */
  d->exec[id]--;
  d->st.blocks_executed--;
  d->st.guest_insns -= d->tab[d->by_id[id]].insns;
  d->st.superblock_insns -= d->tab[d->by_id[id]].insns;
}

static void uncount_after(dbt *d, uint32_t at) {
  for (uint32_t a = at + 4; a < d->tb_end && a - DBT_CODE < d->used; a += 4) {
    uint32_t w = (a - DBT_CODE) / 4;
    if (d->sb_code[w] && d->entry_insns[w])
      blocks_at(d, w, uncount);
  }
}

/* The code word where the translation of the guest block holding PowerPC address a
 * starts (entry_id set), or UINT32_MAX. */
static uint32_t start_word_of(dbt *d, uint32_t a) {
  for (uint32_t w = (a - DBT_CODE) / 4 + 1; w-- > 0;)
    if (d->entry_id[w])
      return w;
  return UINT32_MAX;
}

/* The guest block whose code holds PowerPC address a (for reports). */
static uint32_t guest_pc_of(dbt *d, uint32_t a) {
  uint32_t w = start_word_of(d, a);
  return w == UINT32_MAX ? 0 : d->tab[d->by_id[blocks_at(d, w, NULL)]].pc;
}

/* The guest instruction PowerPC address a was emitted for (its block's pc when
 * unknown). */
static uint32_t guest_insn_of(dbt *d, uint32_t a) {
  uint32_t pc = guest_pc_of(d, a), k = d->insn_of[(a - DBT_CODE) / 4];
  return pc && k ? pc + 4 * (k - 1) : pc;
}

/* The guest instruction at fpc, of the block whose code holds PowerPC address `at`,
 * faulted or trapped: the block was entered but the instructions after it never ran
 * (dbt_cuts; the calling contexts: rt_cct_cut; a superblock's members after it:
 * uncount_after).  -1 when the IP could not be settled: the run stops (r). */
static int cut_block(dbt *d, uint32_t at, uint32_t fpc, dbt_result *r) {
  uint32_t w = start_word_of(d, at);
  if (w == UINT32_MAX)
    return 0;
  uint32_t id = blocks_at(d, w, NULL);
  const rec *b = &d->tab[d->by_id[id]];
  if (fpc - b->pc >= 4 * b->insns)
    return 0;
  uint32_t tail = b->insns - (fpc - b->pc) / 4 - 1;
  d->st.guest_insns -= tail;
  if (d->sb_code[w])
    d->st.superblock_insns -= tail;
  if (tail) {
    size_t i = 0;
    while (i < d->ncuts && (d->cuts[i].from != fpc + 4 || d->cuts[i].to != b->pc + 4 * b->insns))
      i++;
    if (i == d->ncuts) {
      if (rt_grow(&d->cuts, d->ncuts, &d->cuts_cap, sizeof *d->cuts, 16) < 0)
        return 0; /* (out of memory: the report keeps the tail, as before) */
      d->cuts[d->ncuts++] = (dbt_cut){fpc + 4, b->pc + 4 * b->insns, 0};
    }
    d->cuts[i].n++;
  }
  if (!d->o.cct || rt_cct_cut(d, id, tail, tail == 0) == 0)
    return 0;
  r->how = DBT_STOPPED;
  snprintf(r->message, sizeof r->message, "%s", d->hw_err);
  return -1;
}

const dbt_cut *dbt_cuts(const dbt *d, size_t *n) {
  *n = d->ncuts;
  return d->cuts;
}

/* When the guest instruction at pc is a load or store: the address it accesses, with
 * the guest's registers as they are (before it ran), as Linux reports it (si_addr:
 * the address error's or the page fault's address, unaligned for lwl and the like). */
static int guest_access_ea(dbt *d, uint32_t pc, uint32_t *ea) {
  uint32_t w = rd32(d, pc), m[32];
  unsigned op = w >> 26;
  if (op < 0x20 || op == 0x2F || op == 0x33 || op == 0x37 || op == 0x3B || op == 0x3F)
    return 0; /* (cache, pref, and the 64-bit ld/sd) */
  rt_read_gprs(d, m);
  *ea = m[(w >> 21) & 31] + (uint32_t)(int32_t)(int16_t)w;
  return 1;
}

/* --confine: the check (translate.c) at PowerPC address `at` trapped.  The address
 * the guest's access would have made (si_addr), from its MIPS instruction: base
 * plus offset; for the check after a write to $sp or $gp, that register's value
 * (the tw's first register). */
static uint32_t confine_fault(dbt *d, uint32_t at) {
  uint32_t ea;
  if (guest_access_ea(d, guest_insn_of(d, at), &ea))
    return ea;
  return vboard_get_gpr(d->b, rd32(d, at) >> 16 & 31);
}

/* The board stopped before the PowerPC block at r->board.stop_pc (the cycle
 * limit, a signal to hwprof): every count already leaves it out; the message
 * names the guest's pc. */
static void stopped_before(dbt *d, dbt_result *r) {
  uint32_t at = r->board.stop_pc, pc = at - DBT_CODE < d->used ? guest_pc_of(d, at) : 0;
  rt_sb_leave(d, at, 0);
  char where[64] = "";
  if (pc)
    snprintf(where, sizeof where, " at guest pc %#x", pc);
  if (r->board.stop == VBOARD_INTERRUPTED)
    snprintf(r->message, sizeof r->message, "interrupted by SIG%s%s, after %llu guest instructions",
             sigabbrev_np(r->board.signal), where, (unsigned long long)d->st.guest_insns);
  else
    snprintf(r->message, sizeof r->message,
             "cycle limit %llu reached%s, after %llu guest instructions",
             (unsigned long long)d->o.max_cycles, where, (unsigned long long)d->st.guest_insns);
}

static const char *signame(int s) {
  switch (s) {
  case 4: return "SIGILL";
  case 5: return "SIGTRAP";
  case 6: return "SIGABRT";
  case 8: return "SIGFPE";
  case DBT_SIGBUS: return "SIGBUS";
  case 11: return "SIGSEGV";
  default: return "signal";
  }
}

static uint32_t go(dbt *d, uint32_t pc, dbt_result *r);

/* Pending signals that are not blocked, delivered before the guest goes on at pc
 * (signal.c): the pc to go on at (the innermost handler's, or pc), or 0 when one
 * ends the guest (r filled). */
static uint32_t deliver_pending(dbt *d, uint32_t pc, dbt_result *r) {
  int sig;
  while ((sig = rt_signal_next(d))) {
    uint32_t to;
    int k = rt_signal_deliver(d, sig, 0, pc, 0, &to, r);
    if (k < 0)
      return 0;
    if (k > 0)
      pc = to;
  }
  if (d->g.suspended) { /* sigsuspend's mask ends with the call when nothing ran */
    memcpy(d->g.sigmask, d->g.sigmask_saved, sizeof d->g.sigmask);
    d->g.suspended = 0;
  }
  rt_signal_arm(d);
  return pc;
}

/* A synchronous signal (a trap, a fault) at guest pc that a handler catches:
 * where the handler's code is, or 0 (r filled). */
static uint32_t to_handler(dbt *d, int sig, uint32_t pc, uint32_t addr, dbt_result *r) {
  uint32_t to;
  if (rt_signal_deliver(d, sig, 1, pc, addr, &to, r) <= 0)
    return 0;
  rt_signal_arm(d);
  return go(d, to, r);
}

/* Where to continue after a guest pc; fills r when the guest cannot go on. */
static uint32_t go(dbt *d, uint32_t pc, dbt_result *r) {
  int sig = 0;
  if (pc == DBT_SIGRETURN_PC) { /* a signal handler returned (signal.c) */
    if (!(pc = rt_sigreturn(d, r)) || !(pc = deliver_pending(d, pc, r)))
      return 0;
  }
  uint32_t h = block_host(d, pc, &sig, r->message, sizeof r->message);
  if (!h && sig && !(pc & 1) && rt_signal_caught(d, sig))
    return to_handler(d, sig, pc, pc, r);
  if (!h) {
    if (sig == DBT_SIGBUS && (pc & 1)) { /* the ISA mode bit: MIPS16e or microMIPS code */
      r->how = DBT_UNIMPL;
      r->pc = pc;
      r->insn = 0;
    } else if (sig) {
      r->how = DBT_SIGNALED;
      r->signal = sig;
      r->pc = pc;
    } else {
      r->how = DBT_STOPPED;
    }
  }
  return h;
}

static void finish_message(dbt *d, dbt_result *r) {
  char dis[64];
  switch (r->how) {
  case DBT_SIGNALED:
    if (d->g.fatal[0])
      snprintf(r->message, sizeof r->message, "%s", d->g.fatal);
    else
      snprintf(r->message, sizeof r->message, "guest terminated by %s (%d) at pc %#x%s",
               signame(r->signal), r->signal, r->pc,
               r->board.unmapped ? " (an access to unmapped memory)" : "");
    break;
  case DBT_UNIMPL:
    if (r->pc & 1) {
      uint32_t off = 0;
      const char *fn = guest_symbol(&d->g, r->pc & ~1u, &off);
      snprintf(r->message, sizeof r->message,
               "cannot execute the code at pc %#x%s%s%s: a jump to an odd address enters "
               "MIPS16e or microMIPS code, and the translator runs MIPS32 code only",
               r->pc, fn ? " (" : "", fn ? fn : "", fn ? ")" : "");
      break;
    }
    dbt_disasm_mips(r->pc, r->insn, dis, sizeof dis);
    if ((r->insn >> 26) == 0x1D) { /* jalx */
      snprintf(r->message, sizeof r->message,
               "cannot execute the instruction at pc %#x: %08x (%s): jalx enters MIPS16e or "
               "microMIPS code, and the translator runs MIPS32 code only",
               r->pc, r->insn, dis);
      break;
    }
    snprintf(r->message, sizeof r->message, "cannot execute the instruction at pc %#x: %08x (%s)%s",
             r->pc, r->insn, strcmp(dis, "?") ? dis : "not a MIPS32 instruction",
             strcmp(dis, "?") ? "" : ": guest terminated by SIGILL");
    if (!strcmp(dis, "?")) { /* a reserved encoding: the guest's SIGILL, as qemu-mips */
      r->how = DBT_SIGNALED;
      r->signal = DBT_SIGILL;
    }
    break;
  case DBT_STOPPED:
    if (!r->message[0] && r->board.stop == VBOARD_FAULT) {
      /* the board names a PowerPC address in the code cache: name the guest's too */
      uint32_t at = r->board.fetch_fault ? r->board.fetch_fault : d->tb_at;
      if (at - DBT_CODE < d->used)
        snprintf(r->message, sizeof r->message, "%.200s, in the guest's block at pc %#x",
                 r->board.message, guest_pc_of(d, at));
    }
    if (!r->message[0])
      snprintf(r->message, sizeof r->message, "%s", r->board.message);
    if (!r->message[0]) /* never an empty reason */
      snprintf(r->message, sizeof r->message, "the board stopped (%s) with no reason given",
               r->board.stop == VBOARD_LIMIT    ? "cycle limit"
               : r->board.stop == VBOARD_EXITED ? "exit"
                                                : "fault");
    break;
  default: break;
  }
}

int dbt_run(dbt *d, dbt_result *r) {
  memset(r, 0, sizeof *r);
  if (!d->loaded) {
    r->how = DBT_STOPPED;
    snprintf(r->message, sizeof r->message, "no program loaded");
    return 126;
  }
  /* The IP is set up before the measured run starts: its table clear (one
   * cycle per entry) is the translator's start-up, not the program's time. */
  if (rt_hw_mode(d) && rt_hw_setup(d) < 0) {
    r->how = DBT_STOPPED;
    snprintf(r->message, sizeof r->message, "%s", d->hw_err);
    return 126;
  }
  vboard_start(d->b, d->o.max_cycles, &r->board);
  for (int i = 0; i < 32; i++)
    vboard_set_gpr(d->b, (unsigned)i, 0);
  vboard_set_gpr(d->b, DBT_R_STATE, DBT_STATE);
  if (d->core.confine)
    vboard_set_gpr(d->b, DBT_R_LIMIT, DBT_GUEST_TOP);
  vboard_set_gpr(d->b, DBT_R_HI,
                 rt_hw_mode(d) && d->core.probe_window
                     ? vboard_ip_base(d->b) + HWPROF_EVENT_WINDOW_OFFSET + HWPROF_EVENT_WINDOW_PROBE
                     : d->core.prof_near);
  vboard_set_gpr(d->b, DBT_R_PROF,
                 rt_hw_mode(d)                    ? vboard_ip_base(d->b)
                 : d->o.profile == DBT_PROFILE_SW ? DBT_COUNTERS + DBT_SW_BIAS
                                                  : 0);
  if (d->o.profile == DBT_PROFILE_SW || d->o.profile == DBT_PROFILE_ALL)
    memset(d->ram + DBT_COUNTERS, 0, 4 * DBT_MAX_COUNTERS);
  rt_write_gpr(d, 29, d->g.sp);
  uint32_t host = go(d, d->g.entry, r);
  uint32_t m[32];
  uint64_t host_t0 = rt_now_ns();
  while (host) {
    sb_form(d); /* a path recorded before the CPU came back here */
    if (d->kept_written && d->core.confine && !rt_confine_kept_ok(d)) {
      r->how = DBT_SIGNALED;
      r->signal = DBT_SIGSEGV;
      r->pc = host - DBT_CODE < d->used ? guest_insn_of(d, host) : 0;
      break;
    }
    d->kept_written = 0;
    d->st.host_ns += rt_now_ns() - host_t0;
    int stop = vboard_call(d->b, host, DBT_STOP);
    host_t0 = rt_now_ns();
    if (stop == 2) { /* paused at a block boundary: a recorded path, or a timer due */
      uint32_t at = vboard_paused_pc(d->b);
      host = at;
      if (d->sig_paused) {
        d->sig_paused = 0;
        d->g.board_ns = board_ns(d);
        guest_timer_check(&d->g);
        uint32_t pc = guest_pc_of(d, at), to = deliver_pending(d, pc, r);
        if (!to)
          break;
        if (to != pc) { /* a handler runs first; the path is left before this block */
          rt_sb_leave(d, at, 0);
          if (!(host = go(d, to, r)))
            break;
        }
      }
      sb_form(d);
      continue;
    }
    if (stop) {
      r->how = DBT_STOPPED;
      if (r->board.stop == VBOARD_LIMIT || r->board.stop == VBOARD_INTERRUPTED)
        stopped_before(d, r);
      uint32_t at = 0, fault = 0;
      if (r->board.trapped && r->board.fault_pc - DBT_CODE < d->used)
        at = r->board.fault_pc, fault = confine_fault(d, at);
      else if (r->board.unmapped && d->tb_at - DBT_CODE < d->used) {
        at = fault_insn(d, r->board.fault_addr), fault = r->board.fault_addr;
        guest_access_ea(d, guest_insn_of(d, at), &fault); /* lwl's, not its aligned word */
      }
      if (at && cut_block(d, at, guest_insn_of(d, at), r) < 0)
        break;
      if (at) {
        uncount_after(d, at);
        if (rt_signal_caught(d, DBT_SIGSEGV)) { /* the guest's handler takes it */
          vboard_recover(d->b);
          r->how = DBT_EXITED;
          r->message[0] = 0;
          rt_sb_leave(d, at, 1);
          if ((host = to_handler(d, DBT_SIGSEGV, guest_insn_of(d, at), fault, r)))
            continue;
          break;
        }
        rt_sb_leave(d, at, 1);
        r->how = DBT_SIGNALED; /* a guest load or store outside its memory */
        r->signal = DBT_SIGSEGV;
        r->pc = guest_insn_of(d, at);
      }
      break;
    }
    uint32_t kind = vboard_get_gpr(d->b, 0), lr = vboard_get_lr(d->b);
    if (kind >= DBT_EXIT_KINDS) {
      r->how = DBT_STOPPED;
      snprintf(r->message, sizeof r->message, "translated code reached the dispatcher with r0 = %u",
               kind);
      break;
    }
    d->st.exits[kind]++;
    if (d->hw_err[0]) { /* the interrupt handler failed */
      r->how = DBT_STOPPED;
      snprintf(r->message, sizeof r->message, "%s", d->hw_err);
      break;
    }
    switch (kind) {
    case DBT_EXIT_CHAIN: {
      uint32_t word = rd32(d, lr), target = word & ~3u, stub = lr - 4, gen = d->gen;
      host = go(d, target, r);
      if (host && gen == d->gen) {
        uint32_t w = dbt_chain_word(stub, host);
        if (w && link(d, stub, target, w) == 0)
          d->st.chained++;
        uint32_t bc_at = stub - 12, bc = (word & DBT_CHAIN_BC) ? rd32(d, bc_at) : 0;
        if (bc && (w = dbt_retarget_bc(bc, bc_at, host)))
          link(d, bc_at | 1, target, w);
      }
      break;
    }
    case DBT_EXIT_EDGE: /* the sw edge probe's slots had no room: count it, go on */
      host = lr + 8;
      if (rt_edge_exit(d, rd32(d, lr), rd32(d, lr + 4), vboard_get_gpr(d->b, 3)) < 0) {
        r->how = DBT_STOPPED;
        snprintf(r->message, sizeof r->message, "out of memory for indirect edges");
        rt_sb_leave(d, lr - 4, 1);
        host = 0;
      }
      break;
    case DBT_EXIT_CCT: /* the sw packet ring is full */
      rt_cct_drain(d);
      host = lr;
      break;
    case DBT_EXIT_INDIRECT: {
      uint32_t target = vboard_get_gpr(d->b, 3);
      host = go(d, target, r);
      if (host && target != DBT_SIGRETURN_PC) { /* (a handler's return: never cached) */
        uint32_t e = DBT_STATE + DBT_ST_JT + 8 * ((target >> 2) & (DBT_JT_ENTRIES - 1));
        wr32(d, e, target);
        wr32(d, e + 4, host);
      }
      break;
    }
    case DBT_EXIT_SYSCALL: {
      uint32_t pc = rd32(d, lr);
      rt_read_gprs(d, m);
      if (rt_sys_add(&d->sys, pc, m[2], 1) < 0) {
        r->how = DBT_STOPPED;
        snprintf(r->message, sizeof r->message, "out of memory for system-call records");
        host = 0;
        break;
      }
      d->g.board_ns = board_ns(d);
      uint32_t before[32];
      memcpy(before, m, sizeof before);
      uint64_t t0 = rt_now_ns();
      int stop = guest_syscall(&d->g, m, pc);
      d->st.syscall_ns += rt_now_ns() - t0;
      wr32(d, DBT_STATE + DBT_ST_TLS, d->g.tls);
      if (d->g.child) { /* a fork's child (process.c) writes none of the reports */
        vboard_trace_events(d->b, NULL);
        d->o.dump = NULL;
      }
      if (stop) {
        if (d->g.exited && !d->g.fatal[0]) {
          r->how = DBT_EXITED;
          r->status = d->g.exit_status;
        } else if (d->g.exited) {
          r->how = DBT_SIGNALED;
          r->signal = d->g.exit_status - 128;
          r->pc = pc;
        } else {
          r->how = DBT_STOPPED;
          snprintf(r->message, sizeof r->message, "%s at pc %#x", d->g.fatal, pc);
        }
        vboard_exit(d->b, r->status);
        host = 0;
        break;
      }
      if (rt_confine_sync(d) < 0) { /* brk, mmap, munmap: the bus follows */
        r->how = DBT_STOPPED;
        snprintf(r->message, sizeof r->message,
                 "--confine: the board cannot change which guest pages are on its bus, at "
                 "pc %#x",
                 pc);
        host = 0;
        break;
      }
      if (d->g.code_changed) { /* executable memory changed (mmap, mprotect, cacheflush) */
        d->g.code_changed = 0;
        flush(d);
        d->st.code_flushes++;
      }
      for (unsigned i = 1; i < 32; i++) /* v0, a3; v1 (pipe), sp (a clone's child) */
        if (i == 2 || i == 7 || m[i] != before[i])
          rt_write_gpr(d, i, m[i]);
      guest_timer_check(&d->g);
      uint32_t next = deliver_pending(d, pc + 4, r);
      if (!next) { /* a signal's default action ends it */
        vboard_exit(d->b, 128 + r->signal);
        host = 0;
        break;
      }
      host = go(d, next, r);
      break;
    }
    case DBT_EXIT_HELPER:
      host = rt_fpu_exit(d, rd32(d, lr), r) < 0 ? 0 : lr + 4;
      if (!host && r->how == DBT_SIGNALED && cut_block(d, lr - 4, r->pc, r) < 0)
        break;
      if (!host && r->how == DBT_SIGNALED && rt_signal_caught(d, r->signal)) {
        int sig = r->signal; /* an FPU exception (or fault): the guest's handler takes it */
        uint32_t fpc = r->pc;
        r->how = DBT_EXITED;
        r->signal = 0;
        rt_sb_leave(d, lr - 4, 1);
        host = to_handler(d, sig, fpc, fpc, r);
        break;
      }
      if (!host)
        rt_sb_leave(d, lr - 4, 1);
      break;
    case DBT_EXIT_TRAP:
      if (cut_block(d, lr - 4, rd32(d, lr), r) < 0) {
        host = 0;
        break;
      }
      if (rt_signal_caught(d, (int)rd32(d, lr + 4))) { /* the guest's handler takes it */
        uint32_t addr = rd32(d, lr); /* si_addr: the pc, or the misaligned access's address */
        if (rd32(d, lr + 4) == DBT_SIGBUS)
          guest_access_ea(d, addr, &addr);
        rt_sb_leave(d, lr - 4, 1);
        host = to_handler(d, (int)rd32(d, lr + 4), rd32(d, lr), addr, r);
        break;
      }
      rt_sb_leave(d, lr - 4, 1);
      r->how = DBT_SIGNALED;
      r->pc = rd32(d, lr);
      r->signal = (int)rd32(d, lr + 4);
      host = 0;
      break;
    default: /* DBT_EXIT_UNIMPL */
      rt_sb_leave(d, lr - 4, 1);
      r->how = DBT_UNIMPL;
      r->pc = rd32(d, lr);
      r->insn = rd32(d, r->pc);
      host = 0;
      break;
    }
  }
  vboard_finish(d->b);
  if (d->hw_on)
    rt_hw_readout(d);
  if (d->edge_src && !d->edge_sw_done && rt_sw_edges_readout(d) < 0 && r->how == DBT_EXITED) {
    r->how = DBT_STOPPED;
    snprintf(r->message, sizeof r->message, "out of memory for indirect edges");
  }
  if ((d->o.profile == DBT_PROFILE_SW || d->o.profile == DBT_PROFILE_ALL) && !d->sw_derived &&
      rt_sb_sw_readout(d) < 0 && r->how == DBT_EXITED) {
    r->how = DBT_STOPPED;
    snprintf(r->message, sizeof r->message, "out of memory for the superblocks' counts");
  }
  finish_message(d, r);
  if (d->g.child) { /* a fork's child ends as its guest did, with nothing written */
    if (r->how != DBT_EXITED)
      fprintf(stderr, "hwprof: %s\n", r->message);
    d->g.exited_by_signal = r->how == DBT_SIGNALED;
    guest_child_exit(&d->g, r->how == DBT_EXITED     ? r->status
                            : r->how == DBT_SIGNALED ? 128 + r->signal
                            : r->how == DBT_UNIMPL   ? 125
                                                     : 126);
  }
  switch (r->how) {
  case DBT_EXITED: return r->status;
  case DBT_SIGNALED: return 128 + r->signal;
  case DBT_UNIMPL: return 125;
  default: return r->board.stop == VBOARD_INTERRUPTED ? 128 + r->board.signal : 126;
  }
}
