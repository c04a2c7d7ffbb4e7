/*
 * fuzz_scribble.c - a guest that writes over the translator's memory, in every
 * profile mode: nothing it writes may crash hwprof or make it read or write outside
 * the board's RAM (the sanitizers watch the host).  The runtime reads words a guest
 * can reach without --confine -- its state (the sw packet ring's pointer, the
 * FPU's registers, the jump table), the sw counters and edge sites, the rings the
 * IP writes, the code cache's exit words -- and must take any value there.
 *
 * The input: a mode byte (bits 1:0 the profile, bit 2 --cct, bit 3 superblocks at
 * threshold 8), then up to 63 (offset, value) pairs of big-endian words.  The guest
 * (scribble.S) stores each value at DBT_GUARD_TOP + offset mod 32 MiB (word-aligned:
 * the translator's memory, DBT_GUARD_TOP up to the code cache's end) and between
 * the stores makes calls, returns, an indirect call, a system call and an FPU
 * operation, so that each store is followed by everything that reads it back.
 * The run is bounded in cycles, and the bound must hold even when the code it
 * runs was overwritten; it ends as it ends (an exit, a signal, a stop), and a stop
 * says why.
 */
#include <string.h>

#include "dbt.h"
#include "fuzz.h"
#include "guest.h"
#include "slurp.h"
#include "vboard.h"

#define TABLE     0x00500000u /* scribble.S's table (fuzz.mk: --section-start) */
#define PAIRS_MAX 63
#define REACH     (32u << 20)

static void *dtb;
static size_t dtb_len;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *why;
  if (!dtb)
    FUZZ_CHECK((dtb = slurp(HWPROF_BUILD "/dtb/ml300-virtual.dtb", 0, &dtb_len, &why)), "%s", why);
  if (size < 1)
    return 0;
  char err[512] = "";
  vboard *b = vboard_new(dtb, dtb_len, err, sizeof err);
  FUZZ_CHECK(b, "the board: %s", err);
  dbt_options o = dbt_defaults();
  o.profile = data[0] & 3;
  o.cct = (data[0] >> 2) & 1;
  if ((data[0] >> 3) & 1 && o.profile != DBT_PROFILE_NONE) {
    o.threshold = 8;
    o.superblocks = 1;
  }
  o.max_cycles = 4000000;
  o.fp_image = HWPROF_BUILD "/firmware/fpcost.elf";
  dbt *d = dbt_new(b, &o, err, sizeof err);
  FUZZ_CHECK(d, "dbt_new: %s", err);
  char *argv[] = {"scribble", NULL}, *envp[] = {NULL};
  FUZZ_CHECK(dbt_load(d, HWPROF_BUILD "/fuzz/scribble", 1, argv, envp, err, sizeof err) == 0,
             "dbt_load: %s", err);
  uint8_t *mem = dbt_guest(d)->mem;
  size_t pairs = (size - 1) / 8;
  if (pairs > PAIRS_MAX)
    pairs = PAIRS_MAX;
  for (size_t i = 0; i < pairs; i++) {
    const uint8_t *p = data + 1 + 8 * i;
    uint32_t off = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
    uint32_t addr = DBT_GUARD_TOP + ((off % REACH) & ~3u);
    dbt_put_be32(mem + TABLE + 8 * i, addr);
    memcpy(mem + TABLE + 8 * i + 4, p + 4, 4);
  }
  dbt_put_be32(mem + TABLE + 8 * pairs, 0);
  dbt_result r;
  dbt_run(d, &r);
  FUZZ_CHECK(r.how != DBT_STOPPED || r.message[0], "the run stopped with no reason given");
  /* However the code was overwritten, the cycle limit holds (vboard.c: a stop that
   * finds no block start for VBOARD_STOP_GRACE cycles is made anyway). */
  FUZZ_CHECK(vboard_cycles(b) <= o.max_cycles + 2000000, "%llu cycles past a limit of %llu",
             (unsigned long long)vboard_cycles(b), (unsigned long long)o.max_cycles);
  /* What the reports read after the run. */
  dbt_block_count *bc = NULL;
  (void)dbt_block_counts(d, &bc);
  free(bc);
  const dbt_syscall_count *sc;
  (void)dbt_syscall_counts(d, &sc);
  (void)dbt_hw(d);
  size_t n;
  if (o.cct) {
    (void)dbt_cct_packets(d, &n);
    (void)dbt_cct_board_packets(d, DBT_CCT_SW, &n);
    (void)dbt_cct_board_packets(d, DBT_CCT_HW, &n);
  }
  dbt_free(d);
  vboard_free(b);
  return 0;
}
