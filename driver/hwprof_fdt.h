/*
 * hwprof_fdt.h - find the hwprof IP in a flattened device tree (libfdt).
 *
 * Matches "compatible" against hwprof_fdt_match[], skips nodes whose "status"
 * is neither absent nor "okay", parses "reg" with the parent's #address-cells
 * and #size-cells, reads "interrupts", and the optional build-parameter
 * properties (see docs/bindings/hwprof.yaml).  hwprof_fdt_check() compares the
 * properties with the CONFIG register of a live device.
 *
 *   hwprof_fdt_info info;
 *   const char *why;
 *   int err = hwprof_fdt_probe(dtb, 0, &info, &why);
 *   if (err < 0) printf("%s: %s\n", hwprof_strerror(err), why);
 */
#ifndef HWPROF_FDT_H
#define HWPROF_FDT_H

#include <stdint.h>

#include "hwprof.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const char *const hwprof_fdt_match[]; /* NULL-terminated */

/* Parameter properties: bit i of hwprof_fdt_info.present is set when
 * hwprof_fdt_param_names[i] is in the node. */
enum {
  HWPROF_FDT_FIFO_DEPTH,
  HWPROF_FDT_HOT_DEPTH,
  HWPROF_FDT_INDEX_BITS,
  HWPROF_FDT_HASH,
  HWPROF_FDT_MAX_PROBE,
  HWPROF_FDT_COUNT_WIDTH,
  HWPROF_FDT_SYSCALL_ENTRIES, /* the system-call table's entries (IP 1.4) */
  HWPROF_FDT_SLOT_CACHE,      /* slot-cache entries (IP 1.4) */
  HWPROF_FDT_EDGE_ENTRIES,    /* edge-table entries (IP 1.5) */
  HWPROF_FDT_WAYS,            /* 0: the linear-probe table; else its ways (IP 1.8) */
  HWPROF_FDT_NPARAMS
};
extern const char *const hwprof_fdt_param_names[HWPROF_FDT_NPARAMS];
/* The values an IP's CONFIG gives for those properties, in that order. */
void hwprof_fdt_actual(const hwprof_dev *dev, uint32_t actual[HWPROF_FDT_NPARAMS]);

typedef struct hwprof_fdt_info {
  int node;         /* offset of the node in the blob */
  const char *name; /* its name, e.g. "profiler@80000000" */
  uint64_t base;    /* first "reg" entry */
  uint64_t size;
  int has_irq;
  uint32_t irq;      /* first "interrupts" cell */
  uint32_t clock_hz; /* "clock-frequency", or 0 when absent */
  uint32_t present;  /* which parameter properties are there */
  uint32_t param[HWPROF_FDT_NPARAMS];
} hwprof_fdt_info;

/* Finds the index-th enabled, compatible node (index 0 is the first).  Returns
 * 0, -HWPROF_ENOENT, or -HWPROF_EBADDT; *why (if not NULL) names the problem. */
int hwprof_fdt_probe(const void *fdt, int index, hwprof_fdt_info *info, const char **why);

/* Reads a node's first "reg" entry with its parent bus's #address-cells and
 * #size-cells (1 or 2 each).  Returns 0 or -HWPROF_EBADDT with *why. */
int hwprof_fdt_read_reg(const void *fdt, int node, uint64_t *base, uint64_t *size,
                        const char **why);

/* Compares the node's parameter properties with the device's CONFIG.  Returns 0
 * or -HWPROF_EMISMATCH with *why naming the first property that differs. */
int hwprof_fdt_check(const hwprof_fdt_info *info, const hwprof_dev *dev, const char **why);

#ifdef __cplusplus
}
#endif

#endif
