/*
 * compare_vary.c - 'hwprof compare': is an own-code difference the program's
 * own nondeterminism?  (compare_vary.h)
 *
 * A program may branch on an address or on the time: Lua seeds its string hash
 * from the clock and from a stack address, so its counts differ between any two
 * runs, and between the board (its stack at the top of guest memory, its clock
 * from 2000-01-01) and qemu-mips (its stack elsewhere, the host's clock).  When
 * the program's own counts differ from qemu-mips's, compare runs qemu-mips a
 * second time with one more environment variable (HWPROF_COMPARE_RUN=2 padded to
 * CMP_VARY_PAD bytes), which moves its initial stack down by about as much, at
 * another moment.  Where the two qemu-mips runs disagree with each other, in the
 * same function, the difference is the program's (address- or time-dependent)
 * and is explained.  What that leaves is checked against a second run of ours,
 * unprofiled, its environment as much longer (its stack a multiple of DBT_STACK_ALIGN
 * lower, and its argument and environment strings CMP_VARY_PAD): our stack lies elsewhere than
 * qemu-mips's, so an address the program branches on may move across a boundary
 * in our runs where it does not in qemu-mips's (Lua's string cache, keyed by a C
 * string's address modulo 53, takes other slots for the argument strings of one
 * environment's length and not of the next).  Where neither side's two runs
 * disagree and ours differs from qemu-mips's, it is not explained.  The second
 * runs are made only when there is an own-code difference, so a run that matches
 * costs nothing more.
 *
 *   cmp_vary v;
 *   cmp_vary_read(&v, "qemu-counts.txt", "qemu-counts-2.txt", lo, hi, err, sizeof err);
 *   if (cmp_vary_in_function(&v, g, 0x400730)) ...   // varies between the runs
 */
#include "compare_vary.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errf.h"

int cmp_read_counts(const char *path, uint32_t lo, uint32_t n, uint64_t *c, uint64_t *total,
                    uint64_t *outside) {
  FILE *f = fopen(path, "r");
  if (!f)
    return -1;
  unsigned long long addr, cnt;
  while (fscanf(f, "%llx %llu", &addr, &cnt) == 2) {
    if (total)
      *total += cnt;
    if (addr >= lo && (addr - lo) / 4 < n && !(addr & 3))
      c[(addr - lo) / 4] += cnt;
    else if (outside)
      *outside += cnt;
  }
  fclose(f);
  return 0;
}

/* Adds a counts file to c, or says why it cannot be read. */
static int read_counts(const char *path, uint32_t lo, uint32_t n, uint64_t *c, char *err,
                       size_t errlen) {
  if (cmp_read_counts(path, lo, n, c, NULL, NULL) < 0)
    return errf(err, errlen, "cannot read %s: %s", path, strerror(errno)), -1;
  return 0;
}

int cmp_vary_from(cmp_vary *v, uint32_t lo, uint32_t n, const uint64_t *a, const uint64_t *b) {
  memset(v, 0, sizeof *v);
  v->lo = lo;
  v->n = n;
  if (!(v->differs = calloc(n + 1, 1)))
    return -1;
  for (uint32_t i = 0; i < n; i++)
    if (a[i] != b[i]) {
      v->differs[i] = 1;
      v->addrs++;
    }
  return 0;
}

int cmp_vary_read(cmp_vary *v, const char *counts1, const char *counts2, uint32_t lo, uint32_t hi,
                  char *err, size_t errlen) {
  uint32_t n = hi > lo ? (hi - lo + 3) / 4 : 0;
  uint64_t *a = calloc(n + 1, sizeof *a), *b = calloc(n + 1, sizeof *b);
  int rc = a && b ? 0 : (errf(err, errlen, "out of memory"), -1);
  if (!rc && (read_counts(counts1, lo, n, a, err, errlen) < 0 ||
              read_counts(counts2, lo, n, b, err, errlen) < 0))
    rc = -1;
  if (!rc && cmp_vary_from(v, lo, n, a, b) < 0)
    rc = (errf(err, errlen, "out of memory"), -1);
  free(a);
  free(b);
  return rc;
}

int cmp_vary_in_function(const cmp_vary *v, const guest *g, uint32_t addr) {
  uint32_t off = 0, from = addr, to = addr + 4;
  if (guest_symbol(g, addr, &off)) { /* the whole function: [addr - off, its end) */
    from = addr - off;
    to = addr + 4;
    for (uint32_t a = addr + 4; guest_symbol(g, a, &off) && a - off == from; a += 4)
      to = a + 4;
  }
  for (uint32_t a = from; a < to; a += 4)
    if (a >= v->lo && (a - v->lo) / 4 < v->n && v->differs[(a - v->lo) / 4])
      return 1;
  return 0;
}

void cmp_vary_free(cmp_vary *v) {
  free(v->differs);
  memset(v, 0, sizeof *v);
}
