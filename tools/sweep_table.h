/*
 * sweep_table.h - the rows of 'hwprof sweep' and the files made from them: one JSON
 * per point, the joined table as CSV and JSON, the plots (sweep_plot.h) and the
 * table on stdout.
 *
 * A row is its columns in order, each a number (NaN: none, written empty in CSV and
 * null in JSON) or a text; every row of a sweep has the same columns.  Each file is
 * written to a temporary beside it and renamed over it, so a sweep stopped halfway
 * leaves the last complete one.
 */
#ifndef HWPROF_TOOLS_SWEEP_TABLE_H
#define HWPROF_TOOLS_SWEEP_TABLE_H

#include <stddef.h>
#include <stdio.h>

#include "sweep_plot.h"

typedef struct col {
  const char *name; /* kept by the caller (or col_name's) */
  double v;
  char *text; /* malloc'ed; NULL: a number */
} col;

typedef struct row {
  col c[96];
  size_t n;
  char key[600];    /* the point's file name in points/, without .json */
  char series[128]; /* its line in the plots */
  char error[1000]; /* what is missing and why ("" when complete) */
} row;

void row_num(row *w, const char *name, double v);
void row_text(row *w, const char *name, const char *t);
double row_get(const row *w, const char *name);      /* NaN when absent or a text */
const char *row_str(const row *w, const char *name); /* "" when absent or a number */
/* Adds why to the row's error text (once: a reason given before is not repeated). */
void row_error(row *w, const char *why);
void row_free(row *w);
/* A column name made from fmt and a (luts_%s), kept for the program's life. */
const char *col_name(const char *fmt, const char *a);

/* Each returns 0, or -1 after a message naming the file ("hwprof sweep: ..."). */
int table_write_point(const char *path, const row *r);
int table_write_csv(const char *path, const row *rows, size_t n);
int table_write_json(const char *path, const row *rows, size_t n);
/* The points with both columns set, one line per row's series, labelled by its
 * "config" column; nothing is written when no point has both. */
int table_plot(const char *path, const row *rows, size_t n, const char *xcol, const char *ycol,
               const sweep_plot *p);
/* The table on f: the point, then the columns any row has of LUTs, RAMB16s, each
 * mode's overhead, events spilled and lost, CPU stall cycles and host seconds. */
void table_print(FILE *f, const row *rows, size_t n, int with_threshold);

#endif
