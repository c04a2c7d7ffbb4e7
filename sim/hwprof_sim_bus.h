/*
 * hwprof_sim_bus.h - libhwprof's register-access backend over the simulated IP
 * (sim/hwprof_sim.h): the driver's calls become AXI4-Lite transactions on the
 * Verilated RTL.  SLVERR becomes -HWPROF_EIO, a timeout -HWPROF_ETIMEDOUT.
 *
 *   hwprof_sim *s = hwprof_sim_new(NULL);
 *   hwprof_dev dev;
 *   hwprof_init(&dev, &hwprof_sim_bus_ops, s);
 */
#ifndef HWPROF_SIM_BUS_H
#define HWPROF_SIM_BUS_H

#include "hwprof.h"
#include "hwprof_sim.h"

extern const hwprof_bus_ops hwprof_sim_bus_ops; /* ctx: a hwprof_sim * */

#endif
