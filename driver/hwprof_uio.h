/*
 * hwprof_uio.h - libhwprof's Linux UIO backend: the IP's registers mapped from
 * /dev/uioN (uio_pdrv_genirq), its interrupt through read() on the same file.
 *
 * Compile-tested here; it has not run against a board.  The interrupt contract is
 * uio_pdrv_genirq's: the kernel masks the line when it fires; user space
 * acknowledges the device (hwprof_irq_ack) and then re-enables the line by
 * writing 1 (hwprof_uio_irq_rearm), before waiting again.
 *
 *   hwprof_uio u;
 *   if (hwprof_uio_open(&u, "/dev/uio0", HWPROF_SPAN) < 0) ...
 *   hwprof_init(&dev, &hwprof_uio_ops, &u);
 *   hwprof_uio_irq_rearm(&u);
 *   while (hwprof_uio_irq_wait(&u) >= 0) { drain hot; hwprof_irq_ack(&dev, 0);
 *                                          hwprof_uio_irq_rearm(&u); }
 */
#ifndef HWPROF_UIO_H
#define HWPROF_UIO_H

#include <stddef.h>
#include <stdint.h>

#include "hwprof.h"

typedef struct hwprof_uio {
  int fd;
  volatile uint32_t *regs;
  size_t size;
} hwprof_uio;

extern const hwprof_bus_ops hwprof_uio_ops; /* ctx: a hwprof_uio * */

/* Opens and maps `size` bytes of the device (map 0).  Any file that can be
 * mapped works, which is how the tests exercise this backend.  Returns 0 or a
 * negative errno value. */
int hwprof_uio_open(hwprof_uio *u, const char *path, size_t size);
void hwprof_uio_close(hwprof_uio *u);
/* Unmasks the interrupt line (write 1).  Returns 0 or a negative errno. */
int hwprof_uio_irq_rearm(hwprof_uio *u);
/* Blocks until the next interrupt; returns the kernel's event count or a
 * negative errno. */
int hwprof_uio_irq_wait(hwprof_uio *u);

#endif
