/*
 * netdepth.c - logic depth of a mapped Yosys netlist (write_json).
 *
 *   netdepth NETLIST.json TOP
 *
 * Prints the logic levels on the longest path between sequential elements
 * (flip-flops, block RAMs) and ports, counting each LUT or mux as one level
 * and each run of carry cells (CARRY4, MUXCY/XORCY, SB_CARRY) as one level,
 * then the number of cells on that path and the path itself:
 *
 *   logic_depth: 3
 *   cells_on_path: 10
 *   path: RAMB36E1 -> LUT3 -> CARRY4 -> ... -> CARRY4 -> LUT3
 *
 * Yosys's own ltp pass only knows its internal cell types, so on a netlist
 * mapped to vendor cells it sees no paths; this tool uses the port directions
 * that write_json records for every cell.
 *
 * Cell classes, by type name:
 *   sequential  FD*, LD*, RAMB*, SB_DFF*, SB_RAM40_4K*  (paths start and end)
 *   boundary    IBUF, OBUF, IOBUF, BUFG*, SB_IO, SB_GB*  (paths start and end)
 *   everything else is combinational and counts one level (LUTs, MUXF7/8,
 *   CARRY4, MUXCY/XORCY, SB_LUT4, SB_CARRY, and LUT RAM read paths).
 */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slurp.h"

typedef struct cell {
  const char *name;
  const char *type;
  const char *src; /* the RTL source line Yosys recorded, or NULL */
  int comb;
  int *in_bits;
  int n_in;
  int depth;  /* levels: -1 unknown, -2 on the DFS stack */
  int ncells; /* combinational cells on that path */
  int via;    /* the predecessor cell on the longest path, or -1 */
} cell;

static cell *cells;
static int n_cells;
static int *driver;    /* bit -> cell index, -1 */
static char **bitname; /* bit -> a readable net name, or NULL */
static int max_bit;

static int reg_only; /* ignore paths that start at an input port */
#define FROM_PORT (-100000)

static int starts_with(const char *s, const char *p) {
  return strncmp(s, p, strlen(p)) == 0;
}

/* Carry-chain cells: a run of them along a path is one level (dedicated carry
 * logic is a small fraction of a LUT's delay per stage). */
static int is_carry(const char *t) {
  return starts_with(t, "CARRY") || starts_with(t, "MUXCY") || starts_with(t, "XORCY") ||
         starts_with(t, "SB_CARRY") || starts_with(t, "MULT_AND");
}

static int is_port_buffer(const char *t) {
  return starts_with(t, "IBUF") || starts_with(t, "SB_IO") || starts_with(t, "SB_GB");
}

static int is_comb(const char *t) {
  static const char *const seq[] = {"FD",    "LD",       "RAMB",  "SB_DFF",   "SB_RAM40",
                                    "IBUF",  "OBUF",     "IOBUF", "BUFG",     "SB_IO",
                                    "SB_GB", "BUFGCTRL", "DSP",   "SB_MAC16", "MULT18X18S"};
  for (size_t i = 0; i < sizeof seq / sizeof seq[0]; i++)
    if (starts_with(t, seq[i]))
      return 0;
  return 1;
}

static int depth_of(int c) {
  cell *x = &cells[c];
  if (!x->comb)
    return reg_only && is_port_buffer(x->type) ? FROM_PORT : 0;
  if (x->depth >= 0)
    return x->depth;
  if (x->depth == -2) {
    fprintf(stderr, "netdepth: combinational loop through %s (%s)\n", x->name, x->type);
    exit(1);
  }
  x->depth = -2;
  int best = reg_only ? FROM_PORT : 0, via = -1;
  for (int i = 0; i < x->n_in; i++) {
    int b = x->in_bits[i];
    if (b < 0 || b > max_bit || driver[b] < 0)
      continue;
    int p = driver[b];
    int d = depth_of(p);
    /* the level this cell adds on top of predecessor p */
    if (cells[p].comb && is_carry(cells[p].type) && is_carry(x->type))
      d -= 1;
    if (d > best || (via < 0 && d >= best)) {
      best = d;
      via = p;
    }
  }
  x->depth = best + 1;
  x->ncells = (via >= 0 && cells[via].comb ? cells[via].ncells : 0) + 1;
  x->via = via;
  return x->depth;
}

int main(int argc, char **argv) {
  if (argc == 4 && !strcmp(argv[1], "--reg")) {
    reg_only = 1;
    argv++;
    argc--;
  }
  if (argc != 3) {
    fprintf(stderr, "usage: netdepth [--reg] NETLIST.json TOP\n"
                    "  --reg  only paths that start at a register or RAM, not at an input port\n");
    return 2;
  }
  size_t len;
  const char *why;
  char *text = slurp(argv[1], 0, &len, &why); /* (NUL-terminated) */
  if (!text) {
    fprintf(stderr, "netdepth: cannot read %s: %s\n", argv[1], why);
    return 2;
  }
  cJSON *root = cJSON_Parse(text);
  cJSON *mod = cJSON_GetObjectItem(cJSON_GetObjectItem(root, "modules"), argv[2]);
  cJSON *jcells = cJSON_GetObjectItem(mod, "cells");
  if (!root || !mod || !jcells) {
    fprintf(stderr, "netdepth: %s has no module '%s' with cells\n", argv[1], argv[2]);
    return 2;
  }
  n_cells = cJSON_GetArraySize(jcells);
  cells = calloc((size_t)n_cells, sizeof *cells);
  int i = 0;
  cJSON *jc;
  /* First pass: the highest bit number, to size the driver map. */
  cJSON_ArrayForEach(jc, jcells) {
    cJSON *conn;
    cJSON_ArrayForEach(conn, cJSON_GetObjectItem(jc, "connections")) {
      cJSON *b;
      cJSON_ArrayForEach(b, conn) if (cJSON_IsNumber(b) && b->valueint > max_bit) max_bit =
          b->valueint;
    }
  }
  driver = malloc(((size_t)max_bit + 1) * sizeof *driver);
  for (int b = 0; b <= max_bit; b++)
    driver[b] = -1;
  bitname = calloc((size_t)max_bit + 1, sizeof *bitname);
  cJSON *nn;
  cJSON_ArrayForEach(nn, cJSON_GetObjectItem(mod, "netnames")) {
    if (cJSON_GetNumberValue(cJSON_GetObjectItem(nn, "hide_name")) != 0)
      continue;
    cJSON *bits = cJSON_GetObjectItem(nn, "bits"), *b;
    int k = 0, width = cJSON_GetArraySize(bits);
    cJSON_ArrayForEach(b, bits) {
      if (cJSON_IsNumber(b) && b->valueint <= max_bit && !bitname[b->valueint]) {
        char buf[256];
        if (width > 1)
          snprintf(buf, sizeof buf, "%s[%d]", nn->string, k);
        else
          snprintf(buf, sizeof buf, "%s", nn->string);
        bitname[b->valueint] = strdup(buf);
      }
      k++;
    }
  }
  cJSON_ArrayForEach(jc, jcells) {
    cell *x = &cells[i];
    x->name = jc->string;
    x->type = cJSON_GetStringValue(cJSON_GetObjectItem(jc, "type"));
    x->comb = is_comb(x->type);
    x->src =
        cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetObjectItem(jc, "attributes"), "src"));
    x->depth = -1;
    x->via = -1;
    cJSON *dirs = cJSON_GetObjectItem(jc, "port_directions");
    cJSON *conn;
    int n = 0;
    cJSON_ArrayForEach(conn, cJSON_GetObjectItem(jc, "connections")) n += cJSON_GetArraySize(conn);
    x->in_bits = malloc((size_t)(n ? n : 1) * sizeof *x->in_bits);
    cJSON_ArrayForEach(conn, cJSON_GetObjectItem(jc, "connections")) {
      const char *dir = cJSON_GetStringValue(cJSON_GetObjectItem(dirs, conn->string));
      cJSON *b;
      cJSON_ArrayForEach(b, conn) {
        if (!cJSON_IsNumber(b))
          continue; /* constant "0"/"1"/"x" */
        if (dir && !strcmp(dir, "output"))
          driver[b->valueint] = i;
        else
          x->in_bits[x->n_in++] = b->valueint;
      }
    }
    i++;
  }
  int worst = -1, best = 0;
  for (int c = 0; c < n_cells; c++) {
    int d = depth_of(c);
    if (d > best) {
      best = d;
      worst = c;
    }
  }
  printf("logic_depth: %d\ncells_on_path: %d\npath:", best, worst >= 0 ? cells[worst].ncells : 0);
  /* Walk back from the deepest cell; print from the start. */
  int path[4096], n = 0;
  for (int c = worst; c >= 0 && n < 4096; c = cells[c].via)
    path[n++] = c;
  for (int k = n - 1; k >= 0; k--)
    printf(" %s%s", cells[path[k]].type, k ? " ->" : "");
  printf("\n");
  for (int k = n - 1; k >= 0; k--) {
    const char *net = "";
    for (int b = 0; b <= max_bit; b++)
      if (driver[b] == path[k] && bitname[b]) {
        net = bitname[b];
        break;
      }
    printf("  %-8s %-32s %s\n", cells[path[k]].type, net,
           cells[path[k]].src ? cells[path[k]].src : "");
  }
  /* Name the path's ends: a named input of the first cell, the named output
   * net of the last. */
  if (n > 0) {
    cell *first = &cells[path[n - 1]];
    const char *from = "?";
    for (int b = 0; !first->comb && b <= max_bit; b++)
      if (driver[b] == path[n - 1] && bitname[b]) {
        from = bitname[b];
        break;
      }
    for (int k = 0; first->comb && k < first->n_in; k++)
      if (bitname[first->in_bits[k]] &&
          (driver[first->in_bits[k]] < 0 || !cells[driver[first->in_bits[k]]].comb)) {
        from = bitname[first->in_bits[k]];
        break;
      }
    const char *to = "?";
    for (int b = 0; b <= max_bit; b++)
      if (driver[b] == worst && bitname[b]) {
        to = bitname[b];
        break;
      }
    printf("from: %s\nto: %s\n", from, to);
  }
  cJSON_Delete(root);
  free(text);
  return 0;
}
