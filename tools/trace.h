/*
 * trace.h - streams of guest block addresses (SPCs) for driving the IP.
 *
 * Generated traces are deterministic for a seed:
 *   loop    a tight loop over a few blocks (default 4), like an inner loop
 *   random  uniform choice over N distinct blocks laid out as code is: at
 *           increasing word-aligned addresses from 0x00400000, 4..64 bytes
 *           apart (a MIPS basic block is about 4-5 instructions)
 * or read from a text file: one SPC per line, hex (0x optional), '#' comments.
 */
#ifndef HWPROF_TRACE_H
#define HWPROF_TRACE_H

#include <stddef.h>
#include <stdint.h>

typedef struct trace {
  uint32_t *spc;
  size_t n;
  char desc[128];
} trace;

/* kind "loop" or "random", or a file name.  Returns 0, or -1 with a message
 * on stderr naming the file and line. */
int trace_make(trace *t, const char *kind, size_t events, unsigned distinct, uint64_t seed);
void trace_free(trace *t);

#endif
