/*
 * compare_vary.h - 'hwprof compare': where two qemu-mips runs of the same
 * program, or two of ours, disagree with each other (compare_vary.c): an own-code
 * difference there is the program's own nondeterminism (an address, the time).
 */
#ifndef HWPROF_TOOLS_COMPARE_VARY_H
#define HWPROF_TOOLS_COMPARE_VARY_H

#include <stddef.h>
#include <stdint.h>

#include "guest.h"

/* The second run's extra environment variable, and its length in bytes: more than our
 * stack's alignment (guest.h), so that our second run's stack lies lower too. */
#define CMP_VARY_VAR "HWPROF_COMPARE_RUN"
#define CMP_VARY_PAD (DBT_STACK_ALIGN + 240)

typedef struct cmp_vary {
  uint32_t lo, n;   /* the text's first address, its instructions */
  uint8_t *differs; /* per instruction: the two runs' counts differ */
  size_t addrs;     /* how many do */
} cmp_vary;

/* Adds the counting plugin's file (lines "ADDR COUNT") to c[(addr - lo) / 4] for the
 * n instructions from lo; *total gets every count and *outside those elsewhere
 * (either may be NULL).  0, or -1 with errno when the file cannot be opened. */
int cmp_read_counts(const char *path, uint32_t lo, uint32_t n, uint64_t *c, uint64_t *total,
                    uint64_t *outside);
/* The two runs' counts files ("ADDR COUNT" lines) over the text [lo, hi).  0, or -1
 * with the reason in err. */
int cmp_vary_read(cmp_vary *v, const char *counts1, const char *counts2, uint32_t lo, uint32_t hi,
                  char *err, size_t errlen);
/* Two runs' counts a[] and b[], n instructions from lo (each side's own: ours from
 * the runs' blocks).  0, or -1 when out of memory. */
int cmp_vary_from(cmp_vary *v, uint32_t lo, uint32_t n, const uint64_t *a, const uint64_t *b);
/* 1 when the runs differ somewhere in the function that contains addr (at addr
 * itself when no symbol covers it). */
int cmp_vary_in_function(const cmp_vary *v, const guest *g, uint32_t addr);
void cmp_vary_free(cmp_vary *v);

#endif
