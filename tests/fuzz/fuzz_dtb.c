/*
 * fuzz_dtb.c - the board's device-tree probe (sim/vboard.c, driver/hwprof_fdt.c)
 * on any blob: it builds the board, or refuses the blob with a reason.
 */
#include "fuzz.h"
#include "vboard.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char err[512] = "";
  vboard *b = vboard_new(data, size, err, sizeof err);
  if (b)
    vboard_free(b);
  else
    FUZZ_CHECK(err[0], "refused with no reason");
  return 0;
}
