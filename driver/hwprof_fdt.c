/*
 * hwprof_fdt.c - device-tree probe for the hwprof IP; see hwprof_fdt.h.
 *
 * Follows the usual probe shape: a compatible-match table, "status" honoured,
 * "reg" read with the parent bus's #address-cells/#size-cells (1 or 2 cells
 * each), optional properties falling back to "absent".
 */
#include "hwprof_fdt.h"

#include <libfdt.h>

const char *const hwprof_fdt_match[] = {"hwprof,hwprof-1.0", "hwprof,hwprof", 0};

const char *const hwprof_fdt_param_names[HWPROF_FDT_NPARAMS] = {
    "hwprof,fifo-depth",      "hwprof,hot-fifo-depth",
    "hwprof,index-bits",      "hwprof,hash",
    "hwprof,max-probe",       "hwprof,count-width",
    "hwprof,syscall-entries", "hwprof,slot-cache",
    "hwprof,edge-entries",    "hwprof,ways"};

void hwprof_fdt_actual(const hwprof_dev *dev, uint32_t actual[HWPROF_FDT_NPARAMS]) {
  const hwprof_config *c = &dev->cfg;
  const uint32_t v[HWPROF_FDT_NPARAMS] = {
      c->fifo_depth,  c->hot_depth,       c->index_bits, c->hash,         c->max_probe,
      c->count_width, c->syscall_entries, c->slot_cache, c->edge_entries, c->ways};
  for (int i = 0; i < HWPROF_FDT_NPARAMS; i++)
    actual[i] = v[i];
}

static int fail(const char **why, const char *what, int err) {
  if (why)
    *why = what;
  return err;
}

static int node_enabled(const void *fdt, int node) {
  if (!fdt_getprop(fdt, node, "status", 0))
    return 1;
  return fdt_stringlist_search(fdt, node, "status", "okay") == 0 ||
         fdt_stringlist_search(fdt, node, "status", "ok") == 0;
}

static int is_match(const void *fdt, int node) {
  for (int i = 0; hwprof_fdt_match[i]; i++)
    if (fdt_node_check_compatible(fdt, node, hwprof_fdt_match[i]) == 0)
      return 1;
  return 0;
}

static uint64_t read_cells(const fdt32_t *p, int n) {
  uint64_t v = 0;
  for (int i = 0; i < n; i++)
    v = (v << 32) | fdt32_to_cpu(p[i]);
  return v;
}

int hwprof_fdt_read_reg(const void *fdt, int node, uint64_t *base, uint64_t *size,
                        const char **why) {
  int len, parent = fdt_parent_offset(fdt, node);
  if (parent < 0)
    return fail(why, "the node has no parent bus", -HWPROF_EBADDT);
  int ac = fdt_address_cells(fdt, parent), sc = fdt_size_cells(fdt, parent);
  if (ac < 1 || ac > 2 || sc < 1 || sc > 2)
    return fail(why, "the parent's #address-cells/#size-cells must be 1 or 2", -HWPROF_EBADDT);
  const fdt32_t *reg = fdt_getprop(fdt, node, "reg", &len);
  if (!reg)
    return fail(why, "no \"reg\" property", -HWPROF_EBADDT);
  if (len < (ac + sc) * 4 || len % ((ac + sc) * 4))
    return fail(why, "\"reg\" is not a whole number of (address, size) entries", -HWPROF_EBADDT);
  *base = read_cells(reg, ac);
  *size = read_cells(reg + ac, sc);
  return 0;
}

static int parse_node(const void *fdt, int node, hwprof_fdt_info *info, const char **why) {
  int len, rc = hwprof_fdt_read_reg(fdt, node, &info->base, &info->size, why);
  if (rc < 0)
    return rc;
  info->node = node;
  info->name = fdt_get_name(fdt, node, 0);
  if (info->size < HWPROF_SPAN)
    return fail(why, "\"reg\" size is smaller than the IP's 1 MiB window", -HWPROF_EBADDT);
  if (info->base & (HWPROF_SPAN - 1))
    return fail(why, "\"reg\" base is not aligned to the IP's 1 MiB window", -HWPROF_EBADDT);

  const fdt32_t *irq = fdt_getprop(fdt, node, "interrupts", &len);
  info->has_irq = irq != 0;
  if (irq && len < 4)
    return fail(why, "\"interrupts\" is empty", -HWPROF_EBADDT);
  info->irq = irq ? fdt32_to_cpu(irq[0]) : 0;

  const fdt32_t *clk = fdt_getprop(fdt, node, "clock-frequency", &len);
  if (clk && len != 4)
    return fail(why, "\"clock-frequency\" must be one cell", -HWPROF_EBADDT);
  info->clock_hz = clk ? fdt32_to_cpu(*clk) : 0;

  info->present = 0;
  for (int i = 0; i < HWPROF_FDT_NPARAMS; i++) {
    const fdt32_t *v = fdt_getprop(fdt, node, hwprof_fdt_param_names[i], &len);
    info->param[i] = 0;
    if (!v)
      continue;
    if (len != 4)
      return fail(why, hwprof_fdt_param_names[i], -HWPROF_EBADDT);
    info->param[i] = fdt32_to_cpu(*v);
    info->present |= 1u << i;
  }
  return 0;
}

int hwprof_fdt_probe(const void *fdt, int index, hwprof_fdt_info *info, const char **why) {
  if (!fdt || !info || index < 0)
    return fail(why, "bad arguments", -HWPROF_EINVAL);
  if (fdt_check_header(fdt) != 0)
    return fail(why, "not a flattened device tree (bad header)", -HWPROF_EBADDT);
  int seen = 0;
  for (int node = fdt_next_node(fdt, -1, 0); node >= 0; node = fdt_next_node(fdt, node, 0)) {
    if (!is_match(fdt, node) || !node_enabled(fdt, node))
      continue;
    if (seen++ == index)
      return parse_node(fdt, node, info, why);
  }
  return fail(why, "no enabled node compatible with \"hwprof,hwprof-1.0\"", -HWPROF_ENOENT);
}

int hwprof_fdt_check(const hwprof_fdt_info *info, const hwprof_dev *dev, const char **why) {
  uint32_t actual[HWPROF_FDT_NPARAMS];
  hwprof_fdt_actual(dev, actual);
  for (int i = 0; i < HWPROF_FDT_NPARAMS; i++)
    if ((info->present & (1u << i)) && info->param[i] != actual[i])
      return fail(why, hwprof_fdt_param_names[i], -HWPROF_EMISMATCH);
  return 0;
}
