/*
 * vboard_dt.c - the device tree: the CPU, memory (and its timing), the caches,
 * the IP and the UART, checked and placed on the board.
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

/* --------------------------------------------------------------- device tree */

int vb_overlaps(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen) {
  return a < b + blen && b < a + alen;
}

static int read_reg1(const void *fdt, int node, uint64_t *base, uint64_t *size, char *err,
                     size_t errlen, const char *what) {
  const char *why = NULL;
  if (hwprof_fdt_read_reg(fdt, node, base, size, &why) < 0) {
    errf(err, errlen, "device tree: %s: %s", what, why);
    return -1;
  }
  if (*base + *size > 0x100000000ull) {
    errf(err, errlen, "device tree: %s lies beyond the 32-bit address space", what);
    return -1;
  }
  return 0;
}

static int u32prop(const void *fdt, int node, const char *name, uint32_t *v) {
  int len;
  const fdt32_t *p = fdt_getprop(fdt, node, name, &len);
  if (!p || len != 4)
    return -1;
  *v = fdt32_to_cpu(*p);
  return 0;
}

/* /cpus/cpu@0's {i,d}-cache-size, -line-size and -sets (ePAPR): none of them,
 * no cache modelled; all three, a cache; anything else, an error. */
static int parse_cache(const void *fdt, int cpu, const char *which, vcache *c, int *has, char *err,
                       size_t errlen) {
  static const char *const prop[3] = {"cache-size", "cache-line-size", "cache-sets"};
  uint32_t v[3];
  int n = 0;
  char name[3][24];
  for (int i = 0; i < 3; i++) {
    snprintf(name[i], sizeof name[i], "%s-%s", which, prop[i]);
    if (fdt_getprop(fdt, cpu, name[i], NULL)) {
      if (u32prop(fdt, cpu, name[i], &v[i])) {
        errf(err, errlen, "device tree: /cpus/cpu@0's \"%s\" must be one cell", name[i]);
        return -1;
      }
      n++;
    }
  }
  *has = 0;
  if (n == 0)
    return 0;
  if (n != 3) {
    errf(err, errlen,
         "device tree: /cpus/cpu@0 describes its %s-cache with %s, %s and %s: all three or "
         "none",
         which, name[0], name[1], name[2]);
    return -1;
  }
  const char *why;
  if (!v[1] || !v[2] || v[0] % ((uint64_t)v[1] * v[2]) ||
      vcache_init(c, v[0], v[1], v[0] / (v[1] * v[2]), &why) < 0) {
    if (!v[1] || !v[2] || v[0] % ((uint64_t)v[1] * v[2]))
      why = "the size is not the line size times the sets times the ways";
    errf(err, errlen, "device tree: /cpus/cpu@0's %s-cache (%s <%u>, %s <%u>, %s <%u>): %s", which,
         name[0], v[0], name[1], v[1], name[2], v[2], why);
    return -1;
  }
  *has = 1;
  return 0;
}

/* The memory node's timing, which the caches' misses pay. */
static int parse_memory_timing(vboard *b, const void *fdt, int mem, char *err, size_t errlen) {
  static const char *const req[3] = {"hwprof,read-latency", "hwprof,write-latency",
                                     "hwprof,bus-width"};
  uint32_t *v[3] = {&b->read_latency, &b->write_latency, &b->bus_width};
  for (int i = 0; i < 3; i++)
    if (u32prop(fdt, mem, req[i], v[i])) {
      errf(err, errlen,
           "device tree: the memory node needs a one-cell \"%s\" (the caches' miss cost; "
           "see firmware/boards/ml300-virtual.dts)",
           req[i]);
      return -1;
    }
  if (u32prop(fdt, mem, "clock-frequency", &b->mem_hz) || !b->mem_hz) {
    errf(err, errlen,
         "device tree: the memory node needs a one-cell, non-zero \"clock-frequency\" (the "
         "clock its latencies count)");
    return -1;
  }
  uint32_t line = b->has_dc ? b->dc.line : b->ic.line;
  if (b->has_ic && b->has_dc && b->ic.line != b->dc.line) {
    errf(err, errlen, "device tree: the instruction and data caches' lines differ in size");
    return -1;
  }
  if (!b->bus_width || b->bus_width > line || line % b->bus_width || b->read_latency > 100000 ||
      b->write_latency > 100000) {
    errf(err, errlen,
         "device tree: the memory node's hwprof,bus-width <%u> must divide the cache line (%u "
         "bytes), and its latencies be at most 100000 cycles",
         b->bus_width, line);
    return -1;
  }
  uint32_t beats = line / b->bus_width;
  b->fill_cycles = (uint32_t)vb_to_cpu(b, (uint64_t)b->read_latency + beats, b->mem_hz);
  b->castout_cycles = (uint32_t)vb_to_cpu(b, beats, b->mem_hz);
  b->write_cycles = (uint32_t)vb_to_cpu(b, (uint64_t)b->write_latency + beats, b->mem_hz);
  return 0;
}

int vb_parse_dtb(vboard *b, const void *fdt, size_t size, char *err, size_t errlen) {
  if (size < 40 || fdt_check_header(fdt) != 0 || fdt_totalsize(fdt) > size) {
    errf(err, errlen, "device tree: not a valid DTB");
    return -1;
  }
  int cpu = fdt_path_offset(fdt, "/cpus/cpu@0");
  if (cpu < 0 || u32prop(fdt, cpu, "clock-frequency", &b->cpu_hz)) {
    errf(err, errlen, "device tree: /cpus/cpu@0 needs a one-cell \"clock-frequency\"");
    return -1;
  }
  if (!b->cpu_hz) {
    errf(err, errlen, "device tree: /cpus/cpu@0's \"clock-frequency\" is 0 (want the CPU's Hz)");
    return -1;
  }
  int mem = fdt_node_offset_by_prop_value(fdt, -1, "device_type", "memory", 7);
  uint64_t base, len;
  if (mem < 0 || read_reg1(fdt, mem, &base, &len, err, errlen, "the memory node")) {
    if (mem < 0)
      errf(err, errlen, "device tree: no memory node (device_type = \"memory\")");
    return -1;
  }
  if (parse_cache(fdt, cpu, "i", &b->ic, &b->has_ic, err, errlen) < 0 ||
      parse_cache(fdt, cpu, "d", &b->dc, &b->has_dc, err, errlen) < 0)
    return -1;
  if ((b->has_ic || b->has_dc) && parse_memory_timing(b, fdt, mem, err, errlen) < 0)
    return -1;
  if (len < 0x10000 || (base & 0xFFF) || (len & 0xFFF)) {
    errf(err, errlen, "device tree: memory must be page-aligned and at least 64 KiB");
    return -1;
  }
  b->ram_base = (uint32_t)base;
  b->ram_size = (uint32_t)len;

  hwprof_fdt_info info;
  const char *why = NULL;
  int rc = hwprof_fdt_probe(fdt, 0, &info, &why);
  if (rc < 0) {
    errf(err, errlen, "device tree: hwprof IP: %s (%s)", why ? why : "?", hwprof_strerror(rc));
    return -1;
  }
  if (info.base + info.size > 0x100000000ull) {
    errf(err, errlen, "device tree: the hwprof IP lies beyond the 32-bit address space");
    return -1;
  }
  b->ip_base = (uint32_t)info.base;
  b->ip_size = (uint32_t)info.size;
  b->bus_hz = info.clock_hz;
  if (!b->bus_hz) {
    int parent = fdt_parent_offset(fdt, info.node);
    if (parent < 0 || u32prop(fdt, parent, "clock-frequency", &b->bus_hz) || !b->bus_hz) {
      errf(err, errlen, "device tree: no clock-frequency on the hwprof node or its bus");
      return -1;
    }
  }
  if (!info.has_irq) {
    errf(err, errlen, "device tree: the hwprof node has no \"interrupts\"");
    return -1;
  }

  int uart = fdt_node_offset_by_compatible(fdt, -1, "hwprof,sim-uart");
  if (uart < 0 || read_reg1(fdt, uart, &base, &len, err, errlen, "the UART")) {
    if (uart < 0)
      errf(err, errlen, "device tree: no UART (compatible \"hwprof,sim-uart\")");
    return -1;
  }
  b->uart_base = (uint32_t)base;
  b->uart_size = (uint32_t)len;

  struct {
    const char *name;
    uint64_t base, size;
  } r[] = {{"memory", b->ram_base, b->ram_size},
           {"the hwprof IP", b->ip_base, b->ip_size},
           {"the UART", b->uart_base, b->uart_size},
           {"the board's reserved page", VBOARD_RESERVED_BASE, 0x1000}};
  for (unsigned i = 0; i < 4; i++)
    for (unsigned j = i + 1; j < 4; j++)
      if (vb_overlaps(r[i].base, r[i].size, r[j].base, r[j].size)) {
        errf(err, errlen, "device tree: %s [%#llx, +%#llx) overlaps %s [%#llx, +%#llx)", r[i].name,
             (unsigned long long)r[i].base, (unsigned long long)r[i].size, r[j].name,
             (unsigned long long)r[j].base, (unsigned long long)r[j].size);
        return -1;
      }

  /* The node's build parameters must be the compiled RTL's. */
  hwprof_dev dev;
  if ((rc = hwprof_init(&dev, &hwprof_sim_bus_ops, b->ip)) < 0) {
    errf(err, errlen, "the simulated IP does not answer: %s", hwprof_strerror(rc));
    return -1;
  }
  if (hwprof_fdt_check(&info, &dev, &why) < 0) {
    uint32_t actual[HWPROF_FDT_NPARAMS];
    hwprof_fdt_actual(&dev, actual);
    for (int i = 0; i < HWPROF_FDT_NPARAMS; i++)
      if (!strcmp(why, hwprof_fdt_param_names[i]))
        errf(err, errlen, "device tree: %s says %s = <%u>, but the simulated RTL was built with %u",
             info.name, why, info.param[i], actual[i]);
    return -1;
  }
  return 0;
}
