/*
 * fuzz_elf.c - the ELF loader (dbt/loader.c) on any file: it loads it, or refuses
 * it with a reason; then the loaded program's symbols are looked up.
 */
#define _GNU_SOURCE /* memfd_create */
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"
#include "guest.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static uint8_t *mem; /* the guest's memory, as on the board */
  if (!mem && !(mem = calloc(1, DBT_GUEST_TOP)))
    return 0;
  int fd = memfd_create("fuzz-elf", 0);
  FUZZ_CHECK(fd >= 0, "memfd_create failed");
  FUZZ_CHECK(write(fd, data, size) == (ssize_t)size, "cannot write the input");
  char path[64], err[512] = "";
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  char *argv[] = {"prog", "arg", NULL}, *envp[] = {"HOME=/", NULL};
  guest g;
  memset(&g, 0, sizeof g);
  if (guest_load(&g, mem, path, 2, argv, envp, err, sizeof err) == 0) {
    uint32_t off;
    for (uint32_t a = g.text_lo; a < g.text_hi && a - g.text_lo < 64 * 4; a += 4)
      (void)guest_symbol(&g, a, &off);
    (void)guest_own_code(&g, g.entry);
    FUZZ_CHECK(guest_in_range(g.text_lo, g.text_hi - g.text_lo), "text %#x..%#x outside memory",
               g.text_lo, g.text_hi);
  } else {
    FUZZ_CHECK(err[0], "refused with no reason");
  }
  guest_free(&g);
  close(fd);
  return 0;
}
