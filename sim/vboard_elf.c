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
  if (flen < 52 || memcmp(img, "\177ELF", 4))
    BAD("%s: not an ELF file", path);
  if (img[4] != 1)
    BAD("%s: not a 32-bit ELF (EI_CLASS %u)", path, img[4]);
  if (img[5] != 2)
    BAD("%s: not big-endian (EI_DATA %u)", path, img[5]);
  uint16_t type = (uint16_t)(img[16] << 8 | img[17]), mach = (uint16_t)(img[18] << 8 | img[19]);
  if (type != 2)
    BAD("%s: not an executable (e_type %u)", path, type);
  if (mach != 20)
    BAD("%s: not a PowerPC ELF (e_machine %u)", path, mach);
  uint32_t entry = be32(img + 24), phoff = be32(img + 28);
  uint16_t phentsize = (uint16_t)(img[42] << 8 | img[43]),
           phnum = (uint16_t)(img[44] << 8 | img[45]);
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
