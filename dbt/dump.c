/*
 * dump.c - --dump: each translated block, MIPS and PowerPC side by side
 * (capstone), and the one-instruction MIPS disassembly the reports use.
 */
#include <capstone/capstone.h>
#include <stdio.h>

#include "runtime.h"

/* The PowerPC instruction at a, disassembled: address, word, mnemonic. */
static void ppc_line(dbt *d, uint32_t a, char *r, size_t len) {
  cs_insn *ins;
  size_t k = cs_disasm(d->cs_ppc, d->ram + a, 4, a, 1, &ins);
  snprintf(r, len, "%08x  %08x  %s %s", a, rd32(d, a), k ? ins->mnemonic : ".long",
           k ? ins->op_str : "");
  if (k)
    cs_free(ins, k);
}

void rt_dump_cold(dbt *d, const dbt_place *pl) {
  if (!pl->cold_used)
    return;
  fprintf(d->o.dump, "  out of line: %u PowerPC at %#010x\n", pl->cold_used / 4,
          DBT_CODE + pl->cold_at);
  for (uint32_t i = 0; i < pl->cold_used / 4; i++) {
    char r[256];
    ppc_line(d, DBT_CODE + pl->cold_at + 4 * i, r, sizeof r);
    fprintf(d->o.dump, "  %-52s | %s\n", "", r);
  }
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
    if (i < n_ppc)
      ppc_line(d, blk->host_addr + 4 * i, r, sizeof r);
    fprintf(f, "  %-52s | %s\n", l, r);
  }
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
