/*
 * dbt.c - the runtime's public face (dbt.h): set-up -- the board's memory map,
 * the core's options, the features registered in their order -- loading, and
 * the getters after a run.  The run itself is dispatch.c's; the layers under it
 * are listed in runtime.h.
 */
#define _GNU_SOURCE
#include "dbt.h"

#include <capstone/capstone.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

dbt_options dbt_defaults(void) {
  dbt_options o;
  memset(&o, 0, sizeof o);
  o.profile = DBT_PROFILE_NONE;
  o.code_size = DBT_CODE_MAX;
  o.max_block = 64;
  o.edge_threshold = 5000;
  o.sb_budget = -1;
  return o;
}

/* ------------------------------------------------------------ set-up */

dbt *dbt_new(vboard *b, const dbt_options *o, char *err, size_t errlen) {
  uint32_t base, size;
  uint8_t *ram = vboard_ram(b, &base, &size);
  if (base != 0 || size < DBT_RAM_NEEDED) {
    errf(err, errlen,
         "the board's RAM [%#x, +%#x) must start at 0 and hold %#x bytes for the translator", base,
         size, DBT_RAM_NEEDED);
    return NULL;
  }
  if (o->code_size < 4096 || o->code_size > DBT_CODE_MAX || (o->code_size & 3)) {
    errf(err, errlen, "code cache size %u is not between 4096 and %u bytes", o->code_size,
         DBT_CODE_MAX);
    return NULL;
  }
  if (o->regions) { /* (region.c: what the probe regions work with, so far) */
    const char *why = o->profile != DBT_PROFILE_HW ? "--profile hw"
                      : !o->threshold              ? "a threshold"
                      : o->superblocks || o->all_edges || o->cct
                          ? "no superblocks, --all-edges or --cct"
                          : NULL;
    if (why)
      return errf(err, errlen, "probe regions need %s", why), NULL;
  }
  dbt *d = calloc(1, sizeof *d);
  if (!d)
    return errf(err, errlen, "out of memory"), NULL;
  d->b = b;
  d->o = *o;
  d->ram = ram;
  d->ram_size = size;
  d->tab_mask = (1u << 21) - 1;
  d->cap_blocks = DBT_MAX_COUNTERS;
  d->tab = calloc(d->tab_mask + 1, sizeof *d->tab);
  d->by_id = calloc(d->cap_blocks, sizeof *d->by_id);
  d->exec = calloc(d->cap_blocks, sizeof *d->exec);
  d->entry_insns = calloc(o->code_size / 4, sizeof *d->entry_insns);
  d->entry_id = calloc(o->code_size / 4, sizeof *d->entry_id);
  d->sb_code = calloc(o->code_size / 4, 1);
  d->fall_in = calloc(o->code_size / 4, 1);
  d->insn_of = calloc(o->code_size / 4, 1);
  if (!d->tab || !d->by_id || !d->exec || !d->entry_insns || !d->entry_id || !d->sb_code ||
      !d->fall_in || !d->insn_of ||
      cs_open(CS_ARCH_MIPS, CS_MODE_MIPS32 | CS_MODE_BIG_ENDIAN, &d->cs_mips) != CS_ERR_OK ||
      cs_open(CS_ARCH_PPC, CS_MODE_32 | CS_MODE_BIG_ENDIAN, &d->cs_ppc) != CS_ERR_OK) {
    dbt_free(d);
    return errf(err, errlen, "out of memory (or capstone could not start)"), NULL;
  }
  /* Exit stubs: li r0, kind; b STOP (the FPU helper's: b DBT_FP_GATE). */
  dbt_emit_stubs(ram + DBT_STUBS, DBT_STUBS, DBT_STOP, DBT_FP_GATE);
  wr32(d, DBT_STOP, 0); /* never executed: the CPU stops on reaching it */
  memset(ram + DBT_STATE + DBT_ST_FIELDS, 0, (size_t)-DBT_ST_FIELDS);
  rt_reset_jump_table(d);
  d->core.buf = ram + DBT_CODE;
  d->core.buf_addr = DBT_CODE;
  d->core.buf_size = o->code_size;
  rt_windows_reset(d);
  for (uint32_t k = 0; k < DBT_EXIT_KINDS; k++)
    d->core.exit_stub[k] = DBT_STUBS + 8 * k;
  d->core.profile = o->profile;
  d->core.event_offset = HWPROF_EVENT_OFFSET;
  d->core.probe_window = o->probe == DBT_PROBE_WINDOW;
  if (rt_words_init(d) < 0) {
    dbt_free(d);
    return errf(err, errlen, "out of memory"), NULL;
  }
  if (rt_onboard_init(d, err, errlen) < 0) {
    dbt_free(d);
    return NULL;
  }
  d->core.counters = DBT_COUNTERS;
  d->core.max_insns = o->max_block;
  d->core.align_checks = o->unaligned_trap;
  d->core.confine = o->confine;
  d->core.insn_of = d->insn_of;
  /* The features, each with its own state, in the order their hooks run: the IP's
   * side first (its readout before the others'), then the tables in it, the calling
   * contexts before the superblocks (each block entry: cctsrc.c sees it before a
   * path is recorded). */
  if ((rt_hw_mode(d) && rt_hw_register(d) < 0) || rt_sys_register(d) < 0 ||
      rt_edge_register(d) < 0 || rt_cct_register(d) < 0 || rt_sb_register(d) < 0 ||
      rt_region_register(d) < 0 || rt_confine_register(d) < 0) {
    dbt_free(d);
    return errf(err, errlen, "out of memory"), NULL;
  }
  /* Null pointers fault: the guest's first 64 KiB are off the bus; so are the guard
   * above its memory and the one below its stack (a stack past Linux's 8 MiB dies of
   * SIGSEGV, as under qemu-mips, instead of running into mmap's pages). */
  if (vboard_unmap(b, 0, DBT_GUEST_MIN) < 0 ||
      vboard_unmap(b, DBT_GUEST_TOP, DBT_GUARD_TOP - DBT_GUEST_TOP) < 0 ||
      vboard_unmap(b, DBT_STACK_BASE, DBT_STACK_FLOOR - DBT_STACK_BASE) < 0 ||
      vboard_unmap(b, VBOARD_RESERVED_BASE, 0x1000) < 0) { /* (the firmware's; unused here) */
    dbt_free(d);
    return errf(err, errlen, "cannot unmap the guest's null page and guards"), NULL;
  }
  /* --confine: the IP must be where the check traps (translate.c): not below the
   * guest's limit. */
  if (o->confine && vboard_ip_base(b) < DBT_GUEST_TOP) {
    dbt_free(d);
    return errf(err, errlen,
                "--confine: the device tree puts the IP at %#x, below %#x, where the "
                "translator's check cannot trap guest accesses",
                vboard_ip_base(b), DBT_GUEST_TOP),
           NULL;
  }
  vboard_observe_blocks(b, rt_observe, d);
  vboard_stop_points(b, rt_stop_point, d);
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
  for (unsigned i = 0; i < d->nhooks; i++)
    if (d->hooks[i]->free)
      d->hooks[i]->free(d);
  rt_words_free(d);
  free(d->tab);
  free(d->by_id);
  free(d->exec);
  free(d->cuts);
  free(d->entry_insns);
  free(d->entry_id);
  free(d->insn_of);
  free(d->sb_code);
  free(d->fall_in);
  free(d->line_misses);
  free(d->starts);
  free(d->links);
  free(d);
}

int dbt_load(dbt *d, const char *path, int argc, char *const argv[], char *const envp[], char *err,
             size_t errlen) {
  if (guest_load(&d->g, d->ram, path, argc, argv, envp, err, errlen) < 0)
    return -1;
  d->g.strict = d->o.strict;
  d->g.clock = d->o.clock;
  if (d->o.messages && guest_log_to(&d->g, d->o.messages, err, errlen) < 0)
    return -1;
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
  d->core.prof_near = rt_sb_words(d, d->g.text_lo) + 0x8000;
  if (d->core.words) /* the far words follow r5's reach */
    d->core.words->base = d->core.prof_near + HWPROF_EVENT_WINDOW_PROBE;
  if (rt_confine_sync(d) < 0)
    return errf(err, errlen, "--confine: the board cannot take the guest's free pages off its bus"),
           -1;
  return 0;
}

const dbt_stats *dbt_get_stats(const dbt *d) {
  return &d->st;
}

const guest *dbt_guest(const dbt *d) {
  return &d->g;
}

unsigned dbt_own_functions(dbt *d, const char *pattern) {
  return guest_own_add(&d->g, pattern);
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
