/*
 * sweep_table.c - the rows of 'hwprof sweep' and the files made from them
 * (sweep_table.h).
 */
#define _GNU_SOURCE
#include "sweep_table.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"

void row_num(row *w, const char *name, double v) {
  if (w->n < sizeof w->c / sizeof *w->c)
    w->c[w->n++] = (col){name, v, NULL};
}

void row_text(row *w, const char *name, const char *t) {
  if (w->n < sizeof w->c / sizeof *w->c)
    w->c[w->n++] = (col){name, NAN, strdup(t ? t : "")};
}

double row_get(const row *w, const char *name) {
  for (size_t i = 0; i < w->n; i++)
    if (!strcmp(w->c[i].name, name))
      return w->c[i].v;
  return NAN;
}

const char *row_str(const row *w, const char *name) {
  for (size_t i = 0; i < w->n; i++)
    if (!strcmp(w->c[i].name, name) && w->c[i].text)
      return w->c[i].text;
  return "";
}

void row_error(row *w, const char *why) {
  size_t l = strlen(w->error);
  if (!strstr(w->error, why))
    snprintf(w->error + l, sizeof w->error - l, "%s%s", l ? "; " : "", why);
}

void row_free(row *w) {
  for (size_t i = 0; i < w->n; i++)
    free(w->c[i].text);
  w->n = 0;
}

const char *col_name(const char *fmt, const char *a) {
  static char *names[256];
  static size_t n;
  char buf[64];
  snprintf(buf, sizeof buf, fmt, a);
  for (size_t i = 0; i < n; i++)
    if (!strcmp(names[i], buf))
      return names[i];
  if (n == 256)
    return "?";
  return names[n++] = strdup(buf);
}

/* ------------------------------------------------------------------ files */

static void csv_text(FILE *f, const char *t) {
  if (!strpbrk(t, ",\"\n")) {
    fputs(t, f);
    return;
  }
  fputc('"', f);
  for (; *t; t++) {
    if (*t == '"')
      fputc('"', f);
    fputc(*t, f);
  }
  fputc('"', f);
}

static void write_value(FILE *f, const col *c, int json) {
  if (c->text) {
    if (json)
      prof_json_str(f, c->text);
    else
      csv_text(f, c->text);
  } else if (isnan(c->v)) {
    fputs(json ? "null" : "", f);
  } else if (c->v == floor(c->v) && fabs(c->v) < 1e15) {
    fprintf(f, "%.0f", c->v);
  } else {
    fprintf(f, "%.4f", c->v);
  }
}

static void write_row_json(FILE *f, const row *r, const char *indent) {
  fputs("{", f);
  for (size_t i = 0; i < r->n; i++) {
    fprintf(f, "%s\n%s  \"%s\": ", i ? "," : "", indent, r->c[i].name);
    write_value(f, &r->c[i], 1);
  }
  fprintf(f, "\n%s}", indent);
}

int table_write_point(const char *path, const row *r) {
  char tmp[4200];
  FILE *f = tools_create("sweep", path, tmp, sizeof tmp);
  if (!f)
    return -1;
  write_row_json(f, r, "");
  fputc('\n', f);
  return tools_commit("sweep", f, tmp, path);
}

int table_write_csv(const char *path, const row *rows, size_t n) {
  char tmp[4200];
  FILE *f = tools_create("sweep", path, tmp, sizeof tmp);
  if (!f)
    return -1;
  for (size_t i = 0; n && i < rows[0].n; i++)
    fprintf(f, "%s%s", i ? "," : "", rows[0].c[i].name);
  fputc('\n', f);
  for (size_t r = 0; r < n; r++) {
    for (size_t i = 0; i < rows[r].n; i++) {
      if (i)
        fputc(',', f);
      write_value(f, &rows[r].c[i], 0);
    }
    fputc('\n', f);
  }
  return tools_commit("sweep", f, tmp, path);
}

int table_write_json(const char *path, const row *rows, size_t n) {
  char tmp[4200];
  FILE *f = tools_create("sweep", path, tmp, sizeof tmp);
  if (!f)
    return -1;
  fputs("[", f);
  for (size_t r = 0; r < n; r++) {
    fputs(r ? ",\n  " : "\n  ", f);
    write_row_json(f, &rows[r], "  ");
  }
  fputs("\n]\n", f);
  return tools_commit("sweep", f, tmp, path);
}

int table_plot(const char *path, const row *rows, size_t n, const char *xcol, const char *ycol,
               const sweep_plot *p) {
  sweep_pt *pts = calloc(n ? n : 1, sizeof *pts);
  if (!pts) {
    fprintf(stderr, "hwprof sweep: out of memory\n");
    return -1;
  }
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    double x = row_get(&rows[i], xcol), y = row_get(&rows[i], ycol);
    if (!isnan(x) && !isnan(y))
      pts[k++] = (sweep_pt){rows[i].series, x, y, row_str(&rows[i], "config")};
  }
  int rc = 0;
  if (k) {
    char tmp[4200];
    FILE *f = tools_create("sweep", path, tmp, sizeof tmp);
    rc = f ? -(sweep_plot_svg(f, p, pts, k) < 0) : -1;
    if (f && tools_commit("sweep", f, tmp, path) < 0)
      rc = -1;
  }
  free(pts);
  return rc;
}

/* ----------------------------------------------------------------- stdout */

void table_print(FILE *f, const row *rows, size_t n, int with_threshold) {
  static const struct {
    const char *head, *col;
    int width, prec;
  } tc[] = {{"LUTs", "luts_xc2vp", 6, 0},      {"BRAMs", "brams_xc2vp", 5, 0},
            {"hw %", "overhead_pct_hw", 7, 2}, {"hw+sb %", "overhead_pct_hw_sb", 8, 2},
            {"sw %", "overhead_pct_sw", 7, 2}, {"spilled", "events_spilled", 9, 0},
            {"lost", "events_lost", 5, 0},     {"stall", "cpu_stall_cycles", 9, 0},
            {"host s", "host_s_hw", 7, 1}};
  int show[sizeof tc / sizeof *tc];
  fprintf(f, "%-30s %-9s %-6s", "IP configuration", "workload", "caches");
  if (with_threshold)
    fprintf(f, " %9s", "threshold");
  for (size_t i = 0; i < sizeof tc / sizeof *tc; i++) {
    show[i] = 0;
    for (size_t r = 0; r < n; r++) /* a column no row has is left out */
      show[i] |= !isnan(row_get(&rows[r], tc[i].col));
    if (show[i])
      fprintf(f, " %*s", tc[i].width, tc[i].head);
  }
  fputc('\n', f);
  for (size_t r = 0; r < n; r++) {
    fprintf(f, "%-30s %-9s %-6s", row_str(&rows[r], "config"), row_str(&rows[r], "workload"),
            row_str(&rows[r], "caches"));
    if (with_threshold)
      fprintf(f, " %9.0f", row_get(&rows[r], "threshold"));
    for (size_t i = 0; i < sizeof tc / sizeof *tc; i++) {
      double v = row_get(&rows[r], tc[i].col);
      if (show[i] && isnan(v))
        fprintf(f, " %*s", tc[i].width, "-");
      else if (show[i])
        fprintf(f, " %*.*f", tc[i].width, tc[i].prec, v);
    }
    fprintf(f, "%s\n", rows[r].error[0] ? "  incomplete" : "");
  }
}
