/* hwprof_uio.c - see hwprof_uio.h.  Hosted (Linux) code, not freestanding. */
#define _POSIX_C_SOURCE 200809L
#include "hwprof_uio.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

static int uio_read32(void *ctx, uint32_t offset, uint32_t *value) {
  hwprof_uio *u = ctx;
  if (offset + 4 > u->size || (offset & 3))
    return -HWPROF_EINVAL;
  *value = u->regs[offset / 4];
  return 0;
}

static int uio_write32(void *ctx, uint32_t offset, uint32_t value) {
  hwprof_uio *u = ctx;
  if (offset + 4 > u->size || (offset & 3))
    return -HWPROF_EINVAL;
  u->regs[offset / 4] = value;
  return 0;
}

const hwprof_bus_ops hwprof_uio_ops = {uio_read32, uio_write32};

int hwprof_uio_open(hwprof_uio *u, const char *path, size_t size) {
  u->fd = open(path, O_RDWR | O_CLOEXEC);
  if (u->fd < 0)
    return -errno;
  /* uio: map N is at offset N * page size; map 0 at 0. */
  void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, u->fd, 0);
  if (p == MAP_FAILED) {
    int err = -errno;
    close(u->fd);
    u->fd = -1;
    return err;
  }
  u->regs = p;
  u->size = size;
  return 0;
}

void hwprof_uio_close(hwprof_uio *u) {
  if (u->regs)
    munmap((void *)u->regs, u->size);
  if (u->fd >= 0)
    close(u->fd);
  u->regs = NULL;
  u->fd = -1;
}

int hwprof_uio_irq_rearm(hwprof_uio *u) {
  uint32_t one = 1;
  return write(u->fd, &one, sizeof one) == (ssize_t)sizeof one ? 0 : -errno;
}

int hwprof_uio_irq_wait(hwprof_uio *u) {
  uint32_t count;
  ssize_t n = read(u->fd, &count, sizeof count);
  if (n != (ssize_t)sizeof count)
    return n < 0 ? -errno : -EIO;
  return (int)(count & 0x7FFFFFFF);
}
