/*
 * fuzz_translate.c - the MIPS decoder and the translator core (dbt/translate.c)
 * on any code.  The input's first byte picks the options (profile mode, the
 * probe kind, instructions per block, alignment checks; with the window, the text's
 * length whether its blocks are far); the rest is the guest's text.  Every word
 * is disassembled; a block is translated from every instruction, and the chain of
 * blocks that fall through from the first as a superblock, with and without
 * derived counts.  Code must stay inside the bytes the translator says it wrote,
 * in the code's part of a window and in its out-of-line part (dbt_place), and a
 * translation must end inside or just past the text.
 */
#include <string.h>

#include "dbt.h"
#include "fuzz.h"
#include "hwprof_regs.h"
#include "translate.h"

#define TEXT_BASE 0x00400000u
#define BUF_SIZE  (32u * 1024u) /* a window (dbt/window.c): code, then out-of-line code */
#define COLD_AT   (24u * 1024u)
#define GUARD     0xA5

#define SCAN 4096 /* bytes checked past the end of the window */

static uint8_t buf[BUF_SIZE + SCAN], guard[BUF_SIZE + SCAN];

/* Fills buf with GUARD. */
static void clean(void) {
  memset(buf, GUARD, sizeof buf);
}

/* A unit was written at the start of buf (n bytes of code) and at COLD_AT (pl's
 * out-of-line bytes): every other byte must be untouched.  (One that did not fit,
 * n <= 0, may have written anything inside the window, nothing past it.) */
static void check_end(int n, const dbt_place *pl, const char *what) {
  uint32_t end = n > 0 ? (uint32_t)n : COLD_AT, cold = n > 0 ? pl->cold_used : BUF_SIZE - COLD_AT;
  FUZZ_CHECK(memcmp(buf + end, guard, COLD_AT - end) == 0, "%s wrote past the %u bytes it took",
             what, end);
  FUZZ_CHECK(memcmp(buf + COLD_AT + cold, guard, sizeof buf - COLD_AT - cold) == 0,
             "%s wrote past the %u out-of-line bytes it took", what, cold);
}

/* The window: code at 0, out-of-line code at COLD_AT. */
static dbt_place window(void) {
  return (dbt_place){0, COLD_AT, COLD_AT, BUF_SIZE - COLD_AT, 0};
}

/* Translates at the start of buf, and checks what it says it wrote. */
static int one(dbt_core *c, uint32_t pc, dbt_block *out) {
  clean();
  dbt_place pl = window();
  int n = dbt_translate(c, pc, &pl, 7, out);
  FUZZ_CHECK(n >= -1 && n <= (int)COLD_AT && pl.cold_used <= BUF_SIZE - COLD_AT,
             "dbt_translate returned %d (%u out of line)", n, pl.cold_used);
  check_end(n, &pl, "dbt_translate");
  if (n > 0) {
    FUZZ_CHECK(
        out->guest_pc == pc && out->end_pc > pc && out->end_pc <= c->text_base + c->text_size + 4,
        "block %#x ends at %#x (text ends at %#x)", pc, out->end_pc, c->text_base + c->text_size);
    FUZZ_CHECK(out->host_size <= (uint32_t)n, "host_size %u > %d", out->host_size, n);
  }
  return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!guard[0])
    memset(guard, GUARD, sizeof guard);
  if (size < 5)
    return 0;
  uint8_t opt = data[0];
  size_t text_size = (size - 1) & ~(size_t)3;
  if (text_size > 1024)
    text_size = 1024;
  char dis[96];
  for (size_t i = 0; i < text_size; i += 4)
    dbt_disasm_mips(TEXT_BASE + (uint32_t)i, dbt_be32(data + 1 + i), dis, sizeof dis);

  dbt_core c;
  memset(&c, 0, sizeof c);
  c.text = data + 1;
  c.text_base = TEXT_BASE;
  c.text_size = (uint32_t)text_size;
  c.buf = buf;
  c.buf_addr = DBT_CODE;
  c.buf_size = BUF_SIZE;
  for (int k = 0; k < DBT_EXIT_KINDS; k++)
    c.exit_stub[k] = DBT_STUBS + 8u * (uint32_t)k;
  c.profile = opt & 3;
  c.event_offset = HWPROF_EVENT_OFFSET;
  c.counters = DBT_COUNTERS;
  c.prof_near = TEXT_BASE - 4096 + 0x8000;
  c.probe_window = (opt >> 2) & 1;
  /* With the window, an odd number of words puts the text beyond r5's reach: every
   * block gets a far slot (translate.h, "Event words"), a fresh table each input. */
  static uint32_t keys[4 * DBT_FAR_UNIT], index[8 * DBT_FAR_UNIT];
  dbt_words words = {0, 0, 4 * DBT_FAR_UNIT, keys, index, 8 * DBT_FAR_UNIT - 1};
  if (c.probe_window && (text_size / 4) % 2) {
    memset(index, 0, sizeof index);
    c.prof_near = TEXT_BASE + 0x100000;
    words.base = c.prof_near + 0x8000;
    c.words = &words;
  }
  c.max_insns = 1 + 4 * ((opt >> 3) & 15u);
  c.align_checks = opt >> 7;
  static uint8_t insn_of[BUF_SIZE / 4]; /* (ASan: written only for words in buf) */
  c.insn_of = insn_of;
  c.edge_sites = DBT_EDGES;
  c.edge_site_cap = DBT_EDGE_SITES;

  dbt_block b;
  dbt_trace t = {.n = 0};
  uint32_t pc = TEXT_BASE;
  for (uint32_t off = 0; off < text_size && off < 64 * 4; off += 4) {
    c.edge_site_next = 0;
    (void)one(&c, TEXT_BASE + off, &b);
  }
  /* The blocks that follow one another from the start: a superblock's path. */
  while (t.n < DBT_TRACE_MAX && pc < TEXT_BASE + text_size && one(&c, pc, &b) > 0) {
    t.pc[t.n] = pc;
    t.counter[t.n] = t.n;
    t.n++;
    pc = b.end_pc;
  }
  if (t.n) {
    t.next = t.pc[0];
    dbt_block out[DBT_TRACE_MAX];
    dbt_sb_probes probes = {TEXT_BASE - 4096, 100, TEXT_BASE - 4000, 101};
    for (int derived = 0; derived < 2; derived++) {
      unsigned members = 0;
      clean();
      dbt_place pl = window();
      int n = dbt_translate_trace(&c, &t, derived ? &probes : NULL, &pl, out, &members);
      FUZZ_CHECK(n >= -1 && n <= (int)COLD_AT && members <= t.n, "trace: %d bytes, %u members", n,
                 members);
      check_end(n, &pl, "dbt_translate_trace");
    }
  }
  return 0;
}
