/*
 * vboard_elf.c - loading PPC405 firmware: a static big-endian ELF's PT_LOAD
 * segments into RAM.
 */
#define _POSIX_C_SOURCE 200809L
#include "vboard_int.h"

#include <errno.h>
#include <libfdt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicorn/unicorn.h>

#include "errf.h"
#include "hwprof.h"
#include "hwprof_fdt.h"
#include "hwprof_sim_bus.h"
#include "slurp.h"
#include "vcache.h"

/* --------------------------------------------------------------- ELF */

static uint16_t be16(const uint8_t *p) {
  return (uint16_t)(p[0] << 8 | p[1]);
}

/* A 32-bit big-endian PowerPC executable's header. */
static int check_header(const uint8_t *img, size_t flen, const char *path, char *err,
                        size_t errlen) {
  if (flen < 52 || memcmp(img, "\177ELF", 4))
    return errf(err, errlen, "%s: not an ELF file", path), -1;
  if (img[4] != 1)
    return errf(err, errlen, "%s: not a 32-bit ELF (EI_CLASS %u)", path, img[4]), -1;
  if (img[5] != 2)
    return errf(err, errlen, "%s: not big-endian (EI_DATA %u)", path, img[5]), -1;
  if (be16(img + 16) != 2)
    return errf(err, errlen, "%s: not an executable (e_type %u)", path, be16(img + 16)), -1;
  if (be16(img + 18) != 20)
    return errf(err, errlen, "%s: not a PowerPC ELF (e_machine %u)", path, be16(img + 18)), -1;
  return 0;
}

int vboard_load_elf(vboard *b, const char *path, char *err, size_t errlen) {
  size_t flen;
  const char *why;
  uint8_t *img = slurp(path, 0, &flen, &why);
  if (!img)
    return errf(err, errlen, "%s: %s", path, why), -1;
  int rc = -1;
#define BAD(...)                                                                                   \
  do {                                                                                             \
    errf(err, errlen, __VA_ARGS__);                                                                \
    goto out;                                                                                      \
  } while (0)
  if (check_header(img, flen, path, err, errlen) < 0)
    goto out;
  uint32_t entry = be32(img + 24), phoff = be32(img + 28);
  uint16_t phentsize = be16(img + 42), phnum = be16(img + 44);
  if (phentsize != 32 || phnum == 0 || phoff > (uint64_t)flen ||
      (uint64_t)phoff + (uint64_t)phnum * 32 > (uint64_t)flen)
    BAD("%s: program headers out of the file", path);
  int loaded = 0;
  for (unsigned i = 0; i < phnum; i++) {
    const uint8_t *ph = img + phoff + 32 * i;
    uint32_t ptype = be32(ph), off = be32(ph + 4), vaddr = be32(ph + 8), filesz = be32(ph + 16),
             memsz = be32(ph + 20);
    if (ptype != 1) /* PT_LOAD */
      continue;
    if (filesz > memsz || (uint64_t)off + filesz > (uint64_t)flen)
      BAD("%s: segment %u is larger than the file", path, i);
    if (vaddr < b->ram_base || (uint64_t)vaddr + memsz > (uint64_t)b->ram_base + b->ram_size ||
        (uint64_t)vaddr + memsz > b->dtb_addr)
      BAD("%s: segment %u [%#x, +%#x) lies outside RAM (or over the DTB at %#x)", path, i, vaddr,
          memsz, b->dtb_addr);
    uc_mem_write(b->uc, vaddr, img + off, filesz);
    if (memsz > filesz) {
      uint8_t *zero = calloc(1, memsz - filesz);
      uc_mem_write(b->uc, vaddr + filesz, zero, memsz - filesz);
      free(zero);
    }
    loaded++;
  }
  if (!loaded)
    BAD("%s: no loadable segment", path);
  if (entry < b->ram_base || entry >= b->ram_base + b->ram_size)
    BAD("%s: entry point %#x is outside RAM", path, entry);
  b->entry = entry;
  b->loaded = 1;
  rc = 0;
#undef BAD
out:
  free(img);
  return rc;
}

/* --------------------------------------------------------------- symbols */

static int by_addr(const void *a, const void *b) {
  const vboard_sym *x = a, *y = b;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

long vboard_elf_functions(const char *path, uint32_t lo, uint32_t hi, vboard_sym **out, char *err,
                          size_t errlen) {
  size_t flen;
  const char *why;
  *out = NULL;
  uint8_t *img = slurp(path, 0, &flen, &why);
  if (!img)
    return errf(err, errlen, "%s: %s", path, why), -1;
  long n = -1;
  vboard_sym *v = NULL;
  if (check_header(img, flen, path, err, errlen) < 0)
    goto out;
  uint32_t shoff = be32(img + 32);
  uint16_t shentsize = be16(img + 46), shnum = be16(img + 48);
  if (shentsize != 40 || (uint64_t)shoff + (uint64_t)shnum * 40 > flen) {
    errf(err, errlen, "%s: section headers out of the file", path);
    goto out;
  }
  const uint8_t *sh = img + shoff, *sym = NULL, *str = NULL;
  uint32_t nsym = 0, strsize = 0;
  for (unsigned i = 0; i < shnum && !sym; i++) {
    const uint8_t *h = sh + 40 * i;
    if (be32(h + 4) != 2) /* SHT_SYMTAB */
      continue;
    uint32_t off = be32(h + 16), size = be32(h + 20), link = be32(h + 24);
    if (link >= shnum || (uint64_t)off + size > flen || be32(h + 36) != 16)
      break;
    const uint8_t *l = sh + 40 * link;
    uint32_t soff = be32(l + 16);
    strsize = be32(l + 20);
    if ((uint64_t)soff + strsize > flen)
      break;
    sym = img + off, nsym = size / 16, str = img + soff;
  }
  if (!sym) {
    errf(err, errlen, "%s: no symbol table (stripped?)", path);
    goto out;
  }
  v = calloc(nsym ? nsym : 1, sizeof *v);
  if (!v) {
    errf(err, errlen, "%s: out of memory for %u symbols", path, nsym);
    goto out;
  }
  n = 0;
  for (uint32_t i = 0; i < nsym; i++) {
    const uint8_t *y = sym + 16 * i;
    uint32_t name = be32(y), value = be32(y + 4), size = be32(y + 8);
    unsigned type = y[12] & 15, shndx = be16(y + 14);
    if (type != 2 && type != 0) /* STT_FUNC, STT_NOTYPE (an assembly label) */
      continue;
    if (shndx == 0 || shndx >= shnum || !(be32(sh + 40 * shndx + 8) & 4)) /* SHF_EXECINSTR */
      continue;
    if (value < lo || value >= hi || name >= strsize || !str[name] || str[name] == '.' ||
        str[name] == '$')
      continue;
    vboard_sym *s = &v[n++];
    s->addr = value, s->size = size;
    snprintf(s->name, sizeof s->name, "%.*s", (int)(strsize - name), (const char *)str + name);
  }
  qsort(v, (size_t)n, sizeof *v, by_addr);
  *out = v, v = NULL;
out:
  free(v);
  free(img);
  return n;
}
