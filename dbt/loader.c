/*
 * loader.c - validates a static MIPS32 o32 big-endian ELF executable, loads it
 * into guest memory and builds the initial stack as the Linux kernel does
 * (argc, argv, envp, auxv; strings and AT_RANDOM bytes above them), the stack
 * pointer at a multiple of DBT_STACK_ALIGN (guest.h).
 */
#define _GNU_SOURCE
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "guest.h"
#include "slurp.h"

#define EM_MIPS           8
#define PT_LOAD           1
#define PT_DYNAMIC        2
#define PT_INTERP         3
#define PF_X              1
#define SHT_SYMTAB        2
#define EF_MIPS_ABI2      0x00000020u
#define EF_MIPS_ABI       0x0000F000u
#define EF_MIPS_ABI_O32   0x00001000u
#define EF_MIPS_NAN2008   0x00000400u
#define EF_MIPS_FP64      0x00000200u
#define EF_MIPS_ARCH      0xF0000000u
#define EF_MIPS_ARCH_32R2 0x70000000u
#define EF_MIPS_ARCH_32   0x50000000u

static uint16_t be16(const uint8_t *p) {
  return (uint16_t)(p[0] << 8 | p[1]);
}

static int sym_cmp(const void *a, const void *b) {
  const struct guest_sym *x = a, *y = b;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* The function symbols, if the file has a well-formed symbol table. */
static void load_symbols(guest *g, const uint8_t *img, size_t len) {
  uint32_t shoff = dbt_be32(img + 32);
  uint16_t shentsize = be16(img + 46), shnum = be16(img + 48);
  if (!shoff || shentsize != 40 || (uint64_t)shoff + (uint64_t)shnum * 40 > len)
    return;
  for (unsigned i = 0; i < shnum; i++) {
    const uint8_t *sh = img + shoff + 40 * i;
    if (dbt_be32(sh + 4) != SHT_SYMTAB)
      continue;
    uint32_t off = dbt_be32(sh + 16), size = dbt_be32(sh + 20), link = dbt_be32(sh + 24);
    if (link >= shnum || (uint64_t)off + size > len)
      return;
    const uint8_t *strh = img + shoff + 40 * link;
    uint32_t stroff = dbt_be32(strh + 16), strsize = dbt_be32(strh + 20);
    if ((uint64_t)stroff + strsize > len || !strsize)
      return;
    g->strtab = malloc(strsize + 1);
    g->syms = calloc(size / 16 + 1, sizeof *g->syms);
    if (!g->strtab || !g->syms)
      return;
    memcpy(g->strtab, img + stroff, strsize);
    g->strtab[strsize] = 0;
    /* The locals that follow an STT_FILE are that object's (guest_syms.c). */
    unsigned file = 0;
    int from = GUEST_SYM_LIB;
    for (uint32_t s = 0; s + 16 <= size; s += 16) {
      const uint8_t *e = img + off + s;
      uint32_t name = dbt_be32(e), value = dbt_be32(e + 4), sz = dbt_be32(e + 8);
      if (name >= strsize)
        continue;
      const char *n = g->strtab + name;
      if ((e[12] & 15) == 4) { /* STT_FILE */
        file++;
        from = guest_sym_source(n);
      }
      if ((e[12] & 15) != 2) /* STT_FUNC */
        continue;
      int kind = (e[12] >> 4) == 0                      ? from /* STB_LOCAL: its object's */
                 : (e[13] & 3) == 1 || (e[13] & 3) == 2 ? GUEST_SYM_LIB /* internal, hidden */
                                                        : GUEST_SYM_GLOBAL;
      g->syms[g->nsyms++] = (struct guest_sym){value, sz, n, 0, kind, file};
    }
    qsort(g->syms, g->nsyms, sizeof *g->syms, sym_cmp);
    guest_own_classify(g);
    return;
  }
}

/* Copies the segments; fills entry, text span, phdr, brk. */
static int load_image(guest *g, const uint8_t *img, size_t len, const char *path, char *err,
                      size_t errlen) {
  if (len < 52 || memcmp(img, "\177ELF", 4))
    return errf(err, errlen, "%s: not an ELF file", path), -1;
  if (img[4] != 1)
    return errf(err, errlen, "%s: wrong ELF class %u (need 32-bit, ELFCLASS32)", path, img[4]), -1;
  if (img[5] != 2)
    return errf(err, errlen, "%s: wrong endianness (EI_DATA %u; need big-endian MIPS)", path,
                img[5]),
           -1;
  if (img[6] != 1)
    return errf(err, errlen, "%s: unknown ELF version %u", path, img[6]), -1;
  uint16_t type = be16(img + 16), mach = be16(img + 18);
  if (mach != EM_MIPS)
    return errf(err, errlen, "%s: wrong machine %u (need MIPS, EM_MIPS = 8)", path, mach), -1;
  if (type == 3)
    return errf(err, errlen,
                "%s: a position-independent/dynamic executable (ET_DYN); link with -static", path),
           -1;
  if (type != 2)
    return errf(err, errlen, "%s: not an executable (e_type %u)", path, type), -1;
  uint32_t flags = dbt_be32(img + 36);
  uint32_t arch = flags & EF_MIPS_ARCH;
  if (arch > EF_MIPS_ARCH_32R2 || (arch > 0x10000000u && arch < EF_MIPS_ARCH_32 && arch))
    return errf(err, errlen, "%s: architecture flags %#x are not MIPS32 release 2 or older", path,
                arch),
           -1;
  if ((flags & EF_MIPS_ABI2) || ((flags & EF_MIPS_ABI) && (flags & EF_MIPS_ABI) != EF_MIPS_ABI_O32))
    return errf(err, errlen, "%s: not the o32 ABI (e_flags %#x)", path, flags), -1;
  if (flags & EF_MIPS_NAN2008)
    return errf(err, errlen, "%s: built for IEEE 754-2008 NaNs (-mnan=2008); only legacy NaNs",
                path),
           -1;
  if (flags & EF_MIPS_FP64)
    return errf(err, errlen, "%s: built for 64-bit FPRs (-mfp64); only FR=0", path), -1;
  uint32_t entry = dbt_be32(img + 24), phoff = dbt_be32(img + 28);
  uint16_t phentsize = be16(img + 42), phnum = be16(img + 44);
  if (phentsize != 32 || phnum == 0 || phnum > 64)
    return errf(err, errlen, "%s: bad program header table (entry size %u, %u entries)", path,
                phentsize, phnum),
           -1;
  if ((uint64_t)phoff + (uint64_t)phnum * 32 > len)
    return errf(err, errlen, "%s: truncated: program headers at %#x run past the end (%zu bytes)",
                path, phoff, len),
           -1;
  uint32_t lo[64], hi[64];
  unsigned nload = 0;
  uint32_t end = 0;
  int entry_ok = 0;
  g->text_lo = UINT32_MAX;
  g->text_hi = 0;
  for (unsigned i = 0; i < phnum; i++) {
    const uint8_t *ph = img + phoff + 32 * i;
    uint32_t pt = dbt_be32(ph), off = dbt_be32(ph + 4), va = dbt_be32(ph + 8),
             fsz = dbt_be32(ph + 16), msz = dbt_be32(ph + 20), pflags = dbt_be32(ph + 24),
             align = dbt_be32(ph + 28);
    if (pt == PT_INTERP || pt == PT_DYNAMIC)
      return errf(err, errlen, "%s: a dynamically linked executable (%s); link with -static", path,
                  pt == PT_INTERP ? "PT_INTERP" : "PT_DYNAMIC"),
             -1;
    if (pt != PT_LOAD)
      continue;
    if (fsz > msz)
      return errf(err, errlen, "%s: segment %u: file size %#x exceeds memory size %#x", path, i,
                  fsz, msz),
             -1;
    if ((uint64_t)off + fsz > len)
      return errf(err, errlen, "%s: truncated: segment %u [%#x, +%#x) runs past the end (%zu)",
                  path, i, off, fsz, len),
             -1;
    if (va < DBT_GUEST_MIN || (uint64_t)va + msz > DBT_BRK_MAX || msz == 0)
      return errf(err, errlen,
                  "%s: segment %u [%#x, +%#x) lies outside the guest image area [%#x, %#x)", path,
                  i, va, msz, DBT_GUEST_MIN, DBT_BRK_MAX),
             -1;
    if (align > 1 && ((align & (align - 1)) || (va - off) % align))
      return errf(err, errlen, "%s: segment %u: address %#x and offset %#x disagree modulo %#x",
                  path, i, va, off, align),
             -1;
    for (unsigned j = 0; j < nload; j++)
      if (va < hi[j] && lo[j] < va + msz)
        return errf(err, errlen, "%s: segment %u [%#x, %#x) overlaps another", path, i, va,
                    va + msz),
               -1;
    lo[nload] = va;
    hi[nload++] = va + msz;
    guest_own(g, va, msz, 1);
    memcpy(g->mem + va, img + off, fsz);
    memset(g->mem + va + fsz, 0, msz - fsz);
    if (pflags & PF_X) {
      if (va < g->text_lo)
        g->text_lo = va;
      if (va + msz > g->text_hi)
        g->text_hi = va + msz;
      if (entry >= va && entry < va + msz)
        entry_ok = 1;
    }
    if (phoff >= off && (uint64_t)phoff + phnum * 32u <= (uint64_t)off + fsz)
      g->phdr = va + (phoff - off);
    if (va + msz > end)
      end = va + msz;
  }
  if (!nload)
    return errf(err, errlen, "%s: no loadable segment", path), -1;
  if (!entry_ok || (entry & 3))
    return errf(err, errlen, "%s: entry point %#x is not in an executable segment", path, entry),
           -1;
  g->entry = entry;
  g->phnum = phnum;
  g->brk_start = g->brk = (end + DBT_PAGE - 1) & ~(DBT_PAGE - 1);
  load_symbols(g, img, len);
  return 0;
}

/* What the stack keeps free below the strings and the arrays: the program's first 64 KiB
 * and the alignment's gap. */
#define STACK_SPARE (65536u + DBT_STACK_ALIGN)

int guest_build_stack(uint8_t *mem, const char *path, const char *platform, int argc,
                      char *const argv[], char *const envp[], uint32_t (*aux)[2], unsigned naux,
                      uint32_t *sp, char *err, size_t errlen) {
  uint32_t p = DBT_GUEST_TOP - 16;
  int envc = 0;
  while (envp && envp[envc])
    envc++;
  uint32_t *ptrs = malloc(sizeof *ptrs * (size_t)(argc + envc + 1));
  if (!ptrs)
    return errf(err, errlen, "out of memory"), -1;
#define PUSH_STR(s, dst)                                                                           \
  do {                                                                                             \
    size_t n_ = strlen(s) + 1;                                                                     \
    if (p - DBT_STACK_FLOOR < n_ + STACK_SPARE) {                                                  \
      free(ptrs);                                                                                  \
      return errf(err, errlen, "arguments and environment do not fit the stack"), -1;              \
    }                                                                                              \
    p -= (uint32_t)n_;                                                                             \
    memcpy(mem + p, s, n_);                                                                        \
    dst = p;                                                                                       \
  } while (0)
  uint32_t execfn, plat;
  PUSH_STR(path, execfn);
  PUSH_STR(platform, plat);
  for (int i = envc - 1; i >= 0; i--)
    PUSH_STR(envp[i], ptrs[argc + i]);
  for (int i = argc - 1; i >= 0; i--)
    PUSH_STR(argv[i], ptrs[i]);
#undef PUSH_STR
  /* AT_RANDOM: fixed bytes, so that runs are reproducible cycle for cycle. */
  p = (p - 16) & ~15u;
  uint32_t random = p;
  for (int i = 0; i < 16; i++)
    mem[p + i] = (uint8_t)(0x5A ^ (i * 37));
  for (unsigned i = 0; i < naux; i++)
    if (aux[i][0] == AT_EXECFN)
      aux[i][1] = execfn;
    else if (aux[i][0] == AT_RANDOM)
      aux[i][1] = random;
    else if (aux[i][0] == AT_PLATFORM || aux[i][0] == AT_BASE_PLATFORM)
      aux[i][1] = plat;
  uint32_t words = 1 + (uint32_t)argc + 1 + (uint32_t)envc + 1 + 2 * naux;
  if ((p - DBT_STACK_FLOOR) / 4 < words + STACK_SPARE / 4) {
    free(ptrs);
    return errf(err, errlen, "arguments and environment do not fit the stack"), -1;
  }
  uint32_t q = (p - 4 * words) & ~(DBT_STACK_ALIGN - 1); /* (the strings' length moves nothing) */
  *sp = q;
  dbt_put_be32(mem + q, (uint32_t)argc), q += 4;
  for (int i = 0; i < argc; i++)
    dbt_put_be32(mem + q, ptrs[i]), q += 4;
  dbt_put_be32(mem + q, 0), q += 4;
  for (int i = 0; i < envc; i++)
    dbt_put_be32(mem + q, ptrs[argc + i]), q += 4;
  dbt_put_be32(mem + q, 0), q += 4;
  for (unsigned i = 0; i < naux; i++) {
    dbt_put_be32(mem + q, aux[i][0]), q += 4;
    dbt_put_be32(mem + q, aux[i][1]), q += 4;
  }
  free(ptrs);
  return 0;
}

/* The MIPS guest's stack: the auxiliary vector qemu-mips gives (AT_BASE_PLATFORM
 * "mips"; no AT_HWCAP bits). */
static int build_stack(guest *g, const char *path, int argc, char *const argv[], char *const envp[],
                       char *err, size_t errlen) {
  uint32_t aux[][2] = {
      {AT_PHDR, g->phdr},    {AT_PHENT, 32}, {AT_PHNUM, g->phnum}, {AT_PAGESZ, DBT_PAGE},
      {AT_BASE, 0},          {AT_FLAGS, 0},  {AT_ENTRY, g->entry}, {AT_UID, 1000},
      {AT_EUID, 1000},       {AT_GID, 1000}, {AT_EGID, 1000},      {AT_HWCAP, 0},
      {AT_CLKTCK, 100},      {AT_SECURE, 0}, {AT_RANDOM, 0},       {AT_EXECFN, 0},
      {AT_BASE_PLATFORM, 0}, {AT_NULL, 0},
  };
  return guest_build_stack(g->mem, path, "mips", argc, argv, envp, aux, sizeof aux / sizeof *aux,
                           &g->sp, err, errlen);
}

int guest_load(guest *g, uint8_t *mem, const char *path, int argc, char *const argv[],
               char *const envp[], char *err, size_t errlen) {
  memset(g, 0, sizeof *g);
  g->mem = mem;
  g->log = stderr;
  size_t len;
  const char *why;
  uint8_t *img = slurp(path, (size_t)DBT_BRK_MAX * 2, &len, &why);
  if (!img)
    return errf(err, errlen, "%s: %s", path, why), -1;
  g->mmap_used = calloc((DBT_MMAP_END - DBT_MMAP_BASE) / DBT_PAGE, 1);
  g->exec = calloc(DBT_GUEST_TOP / DBT_PAGE, 1);
  g->owned = calloc(DBT_GUEST_TOP / DBT_PAGE, 1);
  int rc = -1;
  if (g->mmap_used && g->exec && g->owned)
    rc = load_image(g, img, len, path, err, errlen);
  else
    errf(err, errlen, "out of memory");
  free(img);
  if (rc < 0)
    return -1;
  if (!realpath(path, g->exe))
    snprintf(g->exe, sizeof g->exe, "%s", path);
  for (uint32_t p = g->text_lo / DBT_PAGE; p < (g->text_hi + DBT_PAGE - 1) / DBT_PAGE; p++)
    g->exec[p] = 1;
  guest_own(g, DBT_STACK_FLOOR, DBT_GUEST_TOP - DBT_STACK_FLOOR, 1);
  guest_rlimit_init(g);
  return build_stack(g, path, argc, argv, envp, err, errlen);
}

void guest_free(guest *g) {
  free(g->mmap_used);
  free(g->exec);
  free(g->owned);
  g->exec = g->owned = NULL;
  free(g->syms);
  free(g->strtab);
  guest_log_close(g);
  g->mmap_used = NULL;
  g->syms = NULL;
  g->strtab = NULL;
}
