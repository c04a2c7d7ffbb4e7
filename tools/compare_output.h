/*
 * compare_output.h - 'hwprof compare': the guests' outputs side by side, and the
 * runtime's own messages apart from them (compare_output.c).
 *
 *   cmp_out o;
 *   cmp_outputs("hwprof.out", "qemu.out", &ign, &o);   // o.same, o.bytes, o.ignored[]
 *   cmp_lines m;
 *   cmp_read_lines("hwprof-messages.txt", &m);          // m.v[0..m.n-1]
 */
#ifndef HWPROF_TOOLS_COMPARE_OUTPUT_H
#define HWPROF_TOOLS_COMPARE_OUTPUT_H

#include <regex.h>
#include <stddef.h>

/* --ignore-lines: POSIX extended regular expressions; a line of output that one
 * matches is left out of the comparison, on both sides. */
typedef struct cmp_ignore {
  regex_t *re;
  const char **src; /* as given, for the report */
  size_t n;
} cmp_ignore;

/* Adds one; 0, or -1 with the reason in err (a bad expression, out of memory). */
int cmp_ignore_add(cmp_ignore *ign, const char *regex, char *err, size_t errlen);
void cmp_ignore_free(cmp_ignore *ign);

typedef struct cmp_out {
  int same;          /* the outputs are equal, without the lines left out */
  long bytes;        /* the bytes compared (ours) */
  size_t ignored[2]; /* lines --ignore-lines left out: ours, qemu-mips's */
  size_t notes;      /* qemu-mips's own notes left out of its output */
} cmp_out;

/* Our guest's output (`ours`) against qemu-mips's (`qemu`): qemu's own notes
 * taken out of its side, the ignored lines out of both.  The files are not
 * changed.  0, or -1 when one cannot be read. */
int cmp_outputs(const char *ours, const char *qemu, const cmp_ignore *ign, cmp_out *o);

/* The lines of a text file (without their newlines).  A missing file has none.
 * 0, or -1 when it cannot be read. */
typedef struct cmp_lines {
  char **v;
  size_t n;
} cmp_lines;
int cmp_read_lines(const char *path, cmp_lines *l);
void cmp_lines_free(cmp_lines *l);

#endif
