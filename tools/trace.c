/* trace.c - see trace.h. */
#include "trace.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t next(uint64_t *x) {
  *x ^= *x >> 12;
  *x ^= *x << 25;
  *x ^= *x >> 27;
  return *x * 0x2545F4914F6CDD1Dull;
}

/* One line of a text trace into buf (cap bytes, NUL-terminated): its length, or -1 at
 * the end, -2 at a NUL byte (not text: /dev/zero would never end), -3 when it is
 * longer than cap - 1 bytes (no address line is). */
static long read_line(FILE *f, char *buf, size_t cap) {
  size_t n = 0;
  int c;
  while ((c = getc(f)) != EOF) {
    if (c == 0)
      return -2;
    if (n + 1 == cap)
      return -3;
    buf[n++] = (char)c;
    if (c == '\n')
      break;
  }
  buf[n] = 0;
  return n ? (long)n : -1;
}

static int read_file(trace *t, const char *path) {
  FILE *f = fopen(path, "r");
  char line[256];
  size_t cap = 0, lineno = 0;
  long len;
  if (!f) {
    fprintf(stderr, "hwprof: cannot open trace %s: %s\n", path, strerror(errno));
    return -1;
  }
  while ((len = read_line(f, line, sizeof line)) != -1) {
    char *p = line, *end;
    lineno++;
    if (len < 0) {
      fprintf(stderr, "hwprof: %s:%zu: %s: not a text trace of hex addresses\n", path, lineno,
              len == -2 ? "a NUL byte" : "a line over 255 bytes");
      fclose(f);
      free(t->spc);
      t->spc = NULL;
      return -1;
    }
    while (isspace((unsigned char)*p))
      p++;
    if (*p == 0 || *p == '#')
      continue;
    errno = 0;
    unsigned long v = strtoul(p, &end, 16);
    while (isspace((unsigned char)*end))
      end++;
    if (end == p || (*end && *end != '#') || errno || v > 0xFFFFFFFFul) {
      fprintf(stderr, "hwprof: %s:%zu: not a 32-bit hex address: %s%s", path, lineno, line,
              len && line[len - 1] == '\n' ? "" : "\n");
      fclose(f);
      free(t->spc);
      t->spc = NULL;
      return -1;
    }
    if (t->n == cap) {
      cap = cap ? 2 * cap : 4096;
      uint32_t *grown = realloc(t->spc, cap * sizeof *grown);
      if (!grown) {
        fprintf(stderr, "hwprof: out of memory reading %s\n", path);
        fclose(f);
        return -1;
      }
      t->spc = grown;
    }
    t->spc[t->n++] = (uint32_t)v;
  }
  fclose(f);
  if (t->n == 0) {
    fprintf(stderr, "hwprof: %s: no addresses in the trace\n", path);
    return -1;
  }
  snprintf(t->desc, sizeof t->desc, "file %s", path);
  return 0;
}

int trace_make(trace *t, const char *kind, size_t events, unsigned distinct, uint64_t seed) {
  uint64_t x = seed ? seed : 1;
  memset(t, 0, sizeof *t);
  if (strcmp(kind, "loop") && strcmp(kind, "random"))
    return read_file(t, kind);
  if (distinct == 0 || events == 0) {
    fprintf(stderr, "hwprof: a generated trace needs --events and --distinct above 0\n");
    return -1;
  }
  uint32_t *blocks = malloc(distinct * sizeof *blocks);
  t->spc = malloc(events * sizeof *t->spc);
  if (!blocks || !t->spc) {
    fprintf(stderr, "hwprof: out of memory for a trace of %zu events\n", events);
    free(blocks);
    free(t->spc);
    return -1;
  }
  uint32_t addr = 0x00400000u;
  for (unsigned i = 0; i < distinct; i++) {
    blocks[i] = addr;
    addr += 4u * (1u + (uint32_t)(next(&x) % 16));
  }
  for (size_t i = 0; i < events; i++)
    t->spc[i] = !strcmp(kind, "loop") ? blocks[i % distinct] : blocks[next(&x) % distinct];
  t->n = events;
  snprintf(t->desc, sizeof t->desc, "%s over %u blocks", kind, distinct);
  free(blocks);
  return 0;
}

void trace_free(trace *t) {
  free(t->spc);
  t->spc = NULL;
  t->n = 0;
}
