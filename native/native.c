/*
 * native.c - a static PPC32 Linux program on the board (native.h): loading it,
 * its stack, the run, and the exceptions a PPC405 Linux kernel would take for
 * it: sc (syscall.c) and the FP instructions the 405 lacks (ppcfpu.c).
 *
 * An FP instruction raises the board's illegal-instruction exception; the
 * runtime runs it on the program's FP state (the FPRs and the FPSCR, which live
 * here, as in a kernel's thread struct), through the data cache for its loads
 * and stores, and charges the CPU what the kernel's math emulation would take:
 * NATIVE_EMU_ENTRY plus the soft-float routines the instruction needs, as
 * measured on this board for the translator's FPU gate (dbt/fpcost.c).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dbt.h"
#include "errf.h"
#include "native_int.h"
#include "slurp.h"

/* A 405's AT_HWCAP, as Linux's cputable gives it: 32-bit, an MMU, the 4xx
 * multiply-accumulate instructions, no FPU. */
#define HWCAP_405 (0x80000000u | 0x04000000u | 0x02000000u)

native *native_new(vboard *b, const char *fp_image, char *err, size_t errlen) {
  uint32_t base, size;
  uint8_t *ram = vboard_ram(b, &base, &size);
  if (base != 0 || size < DBT_GUARD_TOP)
    return errf(err, errlen,
                "the board's RAM [%#x, +%#x) does not hold a program's range [0, %#x): a "
                "native program needs RAM from address 0",
                base, size, DBT_GUARD_TOP),
           NULL;
  native *n = calloc(1, sizeof *n);
  if (n) {
    n->g.owned = calloc(DBT_GUEST_TOP / DBT_PAGE, 1);
    n->g.exec = calloc(DBT_GUEST_TOP / DBT_PAGE, 1);
    n->g.mmap_used = calloc((DBT_MMAP_END - DBT_MMAP_BASE) / DBT_PAGE, 1);
  }
  if (!n || !n->g.owned || !n->g.exec || !n->g.mmap_used) {
    native_free(n);
    return errf(err, errlen, "out of memory"), NULL;
  }
  n->b = b;
  n->g.mem = ram;
  n->g.log = stderr;
  n->fp_image = fp_image;
  return n;
}

void native_free(native *n) {
  if (!n)
    return;
  free(n->g.owned);
  free(n->g.exec);
  free(n->g.mmap_used);
  free(n);
}

void native_log_to(native *n, FILE *f) {
  n->g.log = f ? f : stderr;
}

/* --------------------------------------------------------------- loading */

/* What the board's loader (vboard_load_elf: a 32-bit big-endian PowerPC
 * executable, its segments in RAM) does not check: a static Linux program whose
 * segments lie where the program may have them.  Notes the program headers'
 * address and the end of the segments (the brk heap's start). */
static int check_elf(native *n, const char *path, char *err, size_t errlen) {
  size_t len;
  const char *why;
  uint8_t *img = slurp(path, 0, &len, &why);
  if (!img)
    return errf(err, errlen, "%s: %s", path, why), -1;
  int rc = -1;
  uint32_t phoff = len >= 52 ? dbt_be32(img + 28) : 0, end = 0;
  unsigned phnum = len >= 52 ? (unsigned)(img[44] << 8 | img[45]) : 0;
  if (len < 52 || memcmp(img, "\177ELF\1\2", 6) || img[18] << 8 != 0 || img[19] != 20 ||
      (uint64_t)phoff + 32u * phnum > len) {
    rc = 0; /* not a PPC32 ELF with its program headers: the board's loader says why */
    goto out;
  }
  n->g.entry = dbt_be32(img + 24);
  n->g.phnum = phnum;
  for (unsigned i = 0; i < phnum; i++) {
    const uint8_t *ph = img + phoff + 32 * i;
    uint32_t type = dbt_be32(ph), off = dbt_be32(ph + 4), va = dbt_be32(ph + 8),
             fsz = dbt_be32(ph + 16), msz = dbt_be32(ph + 20);
    if (type == 3) { /* PT_INTERP */
      errf(err, errlen, "%s: a dynamically linked program (it asks for %.*s); build it -static",
           path, (int)(off < len ? strnlen((const char *)img + off, len - off) : 0),
           off < len ? (const char *)img + off : "");
      goto out;
    }
    if (type != 1) /* PT_LOAD */
      continue;
    if (va < DBT_GUEST_MIN || va > DBT_BRK_MAX || msz > DBT_BRK_MAX - va) {
      errf(err, errlen,
           "%s: segment %u [%#x, +%#x) lies outside [%#x, %#x), where a program's segments go "
           "on the board (link it with -Wl,-Ttext-segment=0x400000)",
           path, i, va, msz, DBT_GUEST_MIN, DBT_BRK_MAX);
      goto out;
    }
    guest_own(&n->g, va, msz, 1);
    if (phoff >= off && (uint64_t)phoff + phnum * 32u <= (uint64_t)off + fsz)
      n->g.phdr = va + (phoff - off);
    if (va + msz > end)
      end = va + msz;
  }
  n->g.brk_start = n->g.brk = (end + DBT_PAGE - 1) & ~(DBT_PAGE - 1);
  rc = 0;
out:
  free(img);
  return rc;
}

/* The stack as Linux builds it for a PPC32 program (guest_build_stack): the
 * cache line sizes first, as the PowerPC kernel puts them. */
static int build_stack(native *n, const char *path, int argc, char *const argv[],
                       char *const envp[], char *err, size_t errlen) {
  vboard_cache_info ci;
  vboard_caches(n->b, &ci);
  uint32_t aux[][2] = {
      {AT_DCACHEBSIZE, ci.dcache_line ? ci.dcache_line : 32},
      {AT_ICACHEBSIZE, ci.icache_line ? ci.icache_line : 32},
      {AT_UCACHEBSIZE, 0},
      {AT_HWCAP, HWCAP_405},
      {AT_PAGESZ, DBT_PAGE},
      {AT_CLKTCK, 100},
      {AT_PHDR, n->g.phdr},
      {AT_PHENT, 32},
      {AT_PHNUM, n->g.phnum},
      {AT_BASE, 0},
      {AT_FLAGS, 0},
      {AT_ENTRY, n->g.entry},
      {AT_UID, 1000},
      {AT_EUID, 1000},
      {AT_GID, 1000},
      {AT_EGID, 1000},
      {AT_SECURE, 0},
      {AT_RANDOM, 0},
      {AT_EXECFN, 0},
      {AT_PLATFORM, 0},
      {AT_NULL, 0},
  };
  return guest_build_stack(n->g.mem, path, "ppc405", argc, argv, envp, aux,
                           sizeof aux / sizeof *aux, &n->g.sp, err, errlen);
}

int native_load(native *n, const char *path, int argc, char *const argv[], char *const envp[],
                char *err, size_t errlen) {
  if (check_elf(n, path, err, errlen) < 0 || vboard_load_elf(n->b, path, err, errlen) < 0)
    return -1;
  /* Nothing of the program's lies in the first 64 KiB: off the bus, so that a
   * null pointer faults. */
  if (vboard_unmap(n->b, 0, DBT_GUEST_MIN) < 0)
    return errf(err, errlen, "cannot take [0, %#x) off the board's bus", DBT_GUEST_MIN), -1;
  guest_own(&n->g, DBT_STACK_FLOOR, DBT_GUEST_TOP - DBT_STACK_FLOOR, 1);
  if (!realpath(path, n->g.exe))
    snprintf(n->g.exe, sizeof n->g.exe, "%s", path);
  return build_stack(n, path, argc, argv, envp, err, errlen);
}

/* --------------------------------------------------------------- FP emulation */

/* The emulated loads and stores: in the program's memory, through the data cache. */
static int fp_load(void *ctx, uint32_t a, unsigned size, uint64_t *v) {
  native *n = ctx;
  if (!guest_owns(&n->g, a, size))
    return -1;
  vboard_data_access(n->b, a, size, 0);
  *v = size == 8 ? guest_rd64(&n->g, a) : guest_rd32(&n->g, a);
  return 0;
}

static int fp_store(void *ctx, uint32_t a, unsigned size, uint64_t v) {
  native *n = ctx;
  if (!guest_owns(&n->g, a, size))
    return -1;
  vboard_data_access(n->b, a, size, 1);
  if (size == 8)
    guest_wr64(&n->g, a, v);
  else
    guest_wr32(&n->g, a, (uint32_t)v);
  return 0;
}

/* The instruction at pc, which the 405 does not have: an FP instruction runs here
 * (1); anything else is the board's illegal instruction (0). */
static int emulate(native *n, uint32_t pc) {
  if (!guest_owns(&n->g, pc, 4))
    return 0;
  uint32_t w = guest_rd32(&n->g, pc);
  ppc_fpu_cpu c;
  vboard_get_gprs(n->b, c.gpr);
  c.cr = vboard_get_cr(n->b);
  uint32_t before[32];
  memcpy(before, c.gpr, sizeof before);
  const ppc_fpu_mem m = {n, fp_load, fp_store};
  ppc_fpu_cost cost;
  int rc = ppc_fpu_exec(&n->fpu, &c, w, &m, &cost);
  if (rc == PPC_FPU_NOT_FP)
    return 0;
  if (rc == PPC_FPU_FAULT) {
    vboard_fault(n->b,
                 "FP load or store %#010x at pc %#x outside the program's memory (a PPC405 "
                 "kernel would send SIGSEGV)",
                 w, pc);
    return 1;
  }
  for (unsigned i = 0; i < 32; i++)
    if (c.gpr[i] != before[i])
      vboard_set_gpr(n->b, i, c.gpr[i]);
  vboard_set_cr(n->b, c.cr);
  uint64_t cycles = NATIVE_EMU_ENTRY;
  for (unsigned i = 0; i < cost.n; i++)
    cycles += dbt_fp_op_cost(cost.op[i]);
  vboard_charge(n->b, cycles);
  n->r->fp_insns++;
  n->r->fp_cycles += cycles;
  return 1;
}

static int on_exception(void *ctx, vboard_exc kind, uint32_t pc) {
  native *n = ctx;
  if (kind == VBOARD_EXC_SYSCALL) {
    n->r->syscalls++;
    if (native_syscall(n, pc))
      vboard_exit(n->b, n->r->status);
    return 1;
  }
  return emulate(n, pc);
}

/* --------------------------------------------------------------- the run */

int native_run(native *n, uint64_t max_cycles, native_result *r) {
  memset(r, 0, sizeof *r);
  n->r = r;
  char err[256];
  if (dbt_fp_measure(n->b, n->fp_image, err, sizeof err) < 0) {
    r->board.stop = VBOARD_FAULT;
    snprintf(r->message, sizeof r->message, "cannot charge FP instructions: %s", err);
    return 1;
  }
  vboard_on_exception(n->b, on_exception, n);
  vboard_start(n->b, max_cycles, &r->board);
  uint32_t argv = n->g.sp + 4, argc = guest_rd32(&n->g, n->g.sp), envp = argv + 4 * (argc + 1),
           auxv = envp;
  while (guest_rd32(&n->g, auxv))
    auxv += 4;
  auxv += 4;
  const uint32_t regs[][2] = {{1, n->g.sp}, {3, argc}, {4, argv}, {5, envp}, {6, auxv}, {7, 0}};
  for (unsigned i = 0; i < sizeof regs / sizeof *regs; i++)
    vboard_set_gpr(n->b, regs[i][0], regs[i][1]);
  if (vboard_call(n->b, n->g.entry, VBOARD_NEVER) == 0)
    vboard_fault(n->b, "the program returned from its entry point");
  vboard_finish(n->b);
  vboard_on_exception(n->b, NULL, NULL);
  r->exited = r->board.stop == VBOARD_EXITED;
  if (!r->exited)
    snprintf(r->message, sizeof r->message, "%s", r->board.message);
  return r->exited ? 0 : 1;
}
