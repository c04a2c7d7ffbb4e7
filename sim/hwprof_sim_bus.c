/* hwprof_sim_bus.c - see hwprof_sim_bus.h. */
#include "hwprof_sim_bus.h"

static int to_err(int rc) {
  if (rc == HWPROF_SIM_ETIMEDOUT)
    return -HWPROF_ETIMEDOUT;
  return rc == HWPROF_RESP_OKAY ? 0 : -HWPROF_EIO;
}

static int sim_read32(void *ctx, uint32_t offset, uint32_t *value) {
  return to_err(hwprof_sim_read((hwprof_sim *)ctx, offset, value, NULL));
}

static int sim_write32(void *ctx, uint32_t offset, uint32_t value) {
  return to_err(hwprof_sim_write((hwprof_sim *)ctx, offset, value, 0xF, NULL));
}

const hwprof_bus_ops hwprof_sim_bus_ops = {sim_read32, sim_write32};
