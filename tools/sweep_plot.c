/*
 * sweep_plot.c - 'hwprof sweep': the design-space sweep's SVG scatter plot
 * (sweep_plot.h).
 *
 * The plot is 760 pixels wide: the title, then a 660 x 380 plot area (x: area,
 * y: cost, lower is better on both), the axis titles, and below them the legend
 * (a row saying what the markers and the staircase mean, then one entry per
 * series, in the order the series first appear).  Points with a NaN (or
 * infinite) x or y are left out.  Each axis runs over its data, and over the
 * xlimit line, plus 5% either side (a range of one value is widened first);
 * ticks and grid lines fall on round values, 1, 2 or 5 times a power of ten,
 * labelled with thousands separators (4,000) or with as many decimals as the
 * step needs (0.2, 0.4, ...; 0.05, 0.10, ...).  On a log y axis the ticks are the
 * 1, 2, 5 values of each decade (only the 1s over more than 6 decades), and a
 * value <= 0 is drawn on the floor of the axis.  Both Pareto fronts are worked
 * out on the values themselves (a negative overhead beats a zero one).
 */
#include "sweep_plot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define W     760 /* the picture's width */
#define PL    84  /* the plot area: left, right, top and bottom edges */
#define PR    744
#define PT    40
#define PB    420
#define NTICK 40

typedef struct pt {
  double x, y;
  size_t s, i; /* its series (an index into the names), its index in pts */
  int front;   /* on the Pareto front (of its series, or of all: the copy) */
} pt;

typedef struct axis {
  double lo, hi; /* the range (log: of log10 of the values) */
  int log;
  double p0, p1; /* the pixels of lo and hi */
} axis;

static const char *const palette[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                      "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
#define NPAL (sizeof palette / sizeof *palette)
static const char *const dashes[] = {"", " stroke-dasharray=\"6,3\"", " stroke-dasharray=\"2,3\""};

/* s with &, <, > and " as XML entities, and control characters (not allowed in XML) left out. */
static void esc(FILE *f, const char *s) {
  for (; s && *s; s++) {
    switch (*s) {
    case '&': fputs("&amp;", f); break;
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '"': fputs("&quot;", f); break;
    default:
      if ((unsigned char)*s >= 0x20 || *s == '\t' || *s == '\n')
        putc(*s, f);
    }
  }
}

static int by_xy(const void *a, const void *b) {
  const pt *p = a, *q = b;
  if (p->x != q->x)
    return p->x < q->x ? -1 : 1;
  if (p->y != q->y)
    return p->y < q->y ? -1 : 1;
  return (p->i > q->i) - (p->i < q->i);
}

static int by_series_xy(const void *a, const void *b) {
  const pt *p = a, *q = b;
  return p->s != q->s ? (p->s < q->s ? -1 : 1) : by_xy(a, b);
}

/* Marks the Pareto front of v[0..k), sorted by x then y: a point is on it when every
 * earlier point is above it, or when it repeats the last point on it. */
static void mark_front(pt *v, size_t k) {
  double best = INFINITY;
  const pt *last = NULL;
  for (size_t j = 0; j < k; j++) {
    v[j].front = v[j].y < best || (last && last->x == v[j].x && last->y == v[j].y);
    if (v[j].front)
      last = &v[j];
    best = fmin(best, v[j].y);
  }
}

/* A round step (1, 2 or 5 times a power of ten) near range / 6. */
static double nice_step(double range) {
  double raw = range / 6, mag = pow(10, floor(log10(raw))), m = raw / mag;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * mag;
}

/* The axis over [lo, hi] (the values themselves, > 0 on a log axis): a single value
 * widened, then 5% more either side. */
static void set_range(axis *a, double lo, double hi) {
  if (a->log)
    lo = log10(lo), hi = log10(hi);
  if (hi <= lo) {
    double pad = a->log ? 0.5 : fabs(lo) > 0 ? fabs(lo) / 10 : 1;
    lo -= pad, hi += pad;
  }
  a->lo = lo - (hi - lo) / 20, a->hi = hi + (hi - lo) / 20;
}

static double map(const axis *a, double v) {
  if (a->log)
    v = v > 0 ? log10(v) : a->lo;
  return a->p0 + (v - a->lo) / (a->hi - a->lo) * (a->p1 - a->p0);
}

/* The tick values into t[], and the step each is formatted with into st[]; returns how many. */
static int ticks(const axis *a, double *t, double *st) {
  int k = 0;
  if (a->log) {
    static const double m3[] = {1, 2, 5};
    int nm = a->hi - a->lo > 6 ? 1 : 3;
    for (double d = floor(a->lo); d <= ceil(a->hi) && k < NTICK; d++)
      for (int j = 0; j < nm && k < NTICK; j++) {
        double v = m3[j] * pow(10, d);
        if (log10(v) >= a->lo && log10(v) <= a->hi)
          t[k] = v, st[k++] = v;
      }
    if (k >= 2)
      return k;
    k = 0; /* less than a decade's 1, 2, 5: round values, as on a linear axis */
  }
  double lo = a->log ? pow(10, a->lo) : a->lo, hi = a->log ? pow(10, a->hi) : a->hi;
  double step = nice_step(hi - lo);
  for (double j = ceil(lo / step), v; k < NTICK && (v = j * step) <= hi + step * 1e-9; j++)
    if (!a->log || v > 0)
      t[k] = fabs(v) < step * 1e-9 ? 0 : v, st[k++] = step;
  return k;
}

/* v to the precision of step: 4,000 or 0.25 (an exponent only from 10^15). */
static const char *num(char *buf, size_t len, double v, double step) {
  if (fabs(v) >= 1e15) {
    snprintf(buf, len, "%g", v);
  } else if (step >= 1 - 1e-9) {
    char d[24], *o = buf;
    long long r = llround(v);
    int nd = snprintf(d, sizeof d, "%lld", r < 0 ? -r : r);
    if (r < 0)
      *o++ = '-';
    for (int j = 0; j < nd; j++) {
      *o++ = d[j];
      if ((nd - j - 1) % 3 == 0 && j < nd - 1)
        *o++ = ',';
    }
    *o = 0;
  } else {
    int dec = (int)ceil(-log10(step) - 1e-9);
    snprintf(buf, len, "%.*f", dec < 1 ? 1 : dec > 9 ? 9 : dec, v);
  }
  return buf;
}

static void legend_key(FILE *f, int x, int y, const char *shape, const char *text) {
  fprintf(f, "%s<text x=\"%d\" y=\"%d\">%s</text>\n", shape, x + 26, y + 4, text);
}

int sweep_plot_svg(FILE *f, const sweep_plot *p, const sweep_pt *pts, size_t n) {
  if (n == 0)
    return -1;
  pt *v = malloc(n * sizeof *v), *g = malloc(n * sizeof *g);
  const char **name = malloc(n * sizeof *name);
  if (!v || !g || !name) {
    free(v), free(g), free(name);
    return -1;
  }
  const sweep_plot none = {0};
  if (!p)
    p = &none;
  size_t k = 0, ns = 0, maxlen = 0;
  double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
  for (size_t i = 0; i < n; i++) {
    if (!isfinite(pts[i].x) || !isfinite(pts[i].y))
      continue;
    const char *s = pts[i].series ? pts[i].series : "";
    size_t j = 0;
    while (j < ns && strcmp(name[j], s))
      j++;
    if (j == ns)
      name[ns++] = s, maxlen = strlen(s) > maxlen ? strlen(s) : maxlen;
    v[k] = (pt){pts[i].x, pts[i].y, j, i, 0};
    x0 = fmin(x0, pts[i].x), x1 = fmax(x1, pts[i].x);
    if (!p->ylog || pts[i].y > 0)
      y0 = fmin(y0, pts[i].y), y1 = fmax(y1, pts[i].y);
    k++;
  }
  int xlim = p->xlimit > 0 && isfinite(p->xlimit);
  if (xlim)
    x0 = fmin(x0, p->xlimit), x1 = fmax(x1, p->xlimit);
  if (x0 > x1) /* no data */
    x0 = 0, x1 = 1;
  if (y0 > y1) /* no data (log: none above 0) */
    y0 = p->ylog ? 1 : 0, y1 = p->ylog ? 10 : 1;
  axis ax = {0, 0, 0, PL, PR}, ay = {0, 0, p->ylog != 0, PB, PT};
  set_range(&ax, x0, x1);
  set_range(&ay, y0, y1);

  qsort(v, k, sizeof *v, by_series_xy);
  for (size_t a = 0, b; a < k; a = b) {
    for (b = a; b < k && v[b].s == v[a].s; b++)
      ;
    mark_front(v + a, b - a);
  }
  memcpy(g, v, k * sizeof *g);
  qsort(g, k, sizeof *g, by_xy);
  mark_front(g, k);

  int colw = 40 + 7 * (int)maxlen, ncol = (PR - PL) / colw;
  ncol = ncol < 1 ? 1 : ncol > 4 ? 4 : ncol;
  colw = ncol > 1 ? (PR - PL) / ncol : colw;
  int rows = 1 + (int)((ns + (size_t)ncol - 1) / (size_t)ncol), height = 478 + 18 * rows;
  fprintf(f,
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
          "font-family=\"sans-serif\" font-size=\"12\">\n"
          "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
          "<text x=\"%d\" y=\"22\" font-size=\"14\">",
          W, height, PL);
  esc(f, p->title);
  fputs("</text>\n", f);

  double t[NTICK], st[NTICK];
  char buf[48];
  for (int j = 0, nt = ticks(&ax, t, st); j < nt; j++) {
    double x = map(&ax, t[j]);
    fprintf(f,
            "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>"
            "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
            x, PT, x, PB + 4, x, PB + 17, num(buf, sizeof buf, t[j], st[j]));
  }
  for (int j = 0, nt = ticks(&ay, t, st); j < nt; j++) {
    double y = map(&ay, t[j]);
    fprintf(f,
            "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>"
            "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
            PL - 4, y, PR, y, t[j] == 0 ? "#999" : "#ddd", PL - 6, y + 4,
            num(buf, sizeof buf, t[j], st[j]));
  }
  fprintf(f,
          "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"black\"/>\n"
          "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">",
          PL, PT, PR - PL, PB - PT, (PL + PR) / 2, PB + 40);
  esc(f, p->xlabel);
  fprintf(f,
          "</text>\n<text transform=\"rotate(-90 16 %d)\" x=\"16\" y=\"%d\" "
          "text-anchor=\"middle\">",
          (PT + PB) / 2, (PT + PB) / 2);
  esc(f, p->ylabel);
  fputs("</text>\n", f);
  if (xlim) {
    double x = map(&ax, p->xlimit);
    int right = x < (PL + PR) / 2.0;
    fprintf(f,
            "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"red\" "
            "stroke-dasharray=\"6,4\"/>"
            "<text x=\"%.1f\" y=\"%d\" fill=\"red\" text-anchor=\"%s\">",
            x, PT, x, PB, x + (right ? 4 : -4), PT + 14, right ? "start" : "end");
    esc(f, p->xlimit_label);
    fputs("</text>\n", f);
  }

  for (size_t a = 0, b; a < k; a = b) { /* the series' lines */
    for (b = a; b < k && v[b].s == v[a].s; b++)
      ;
    if (b - a < 2)
      continue;
    fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s points=\"",
            palette[v[a].s % NPAL], dashes[v[a].s / NPAL % 3]);
    for (size_t j = a; j < b; j++)
      fprintf(f, "%s%.1f,%.1f", j > a ? " " : "", map(&ax, v[j].x), map(&ay, v[j].y));
    fputs("\"/>\n", f);
  }
  if (k > 1) { /* the front of all the points: a staircase */
    fputs("<path fill=\"none\" stroke=\"black\" stroke-dasharray=\"5,3\" d=\"", f);
    for (size_t j = 0, first = 1; j < k; j++)
      if (g[j].front) {
        double x = map(&ax, g[j].x), y = map(&ay, g[j].y);
        if (first)
          fprintf(f, "M%.1f %.1f", x, y), first = 0;
        else
          fprintf(f, " H%.1f V%.1f", x, y);
      }
    fputs("\"/>\n", f);
  }
  for (size_t j = 0; j < k; j++) { /* the points, over the lines */
    const sweep_pt *q = &pts[v[j].i];
    const char *c = palette[v[j].s % NPAL];
    fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" fill=\"%s\" stroke=\"%s\"><title>",
            map(&ax, v[j].x), map(&ay, v[j].y), v[j].front ? "4" : "3.5", v[j].front ? c : "white",
            c);
    esc(f, name[v[j].s]);
    if (q->label)
      fputs(": ", f), esc(f, q->label);
    fputs("; ", f), esc(f, p->xlabel ? p->xlabel : "x");
    fprintf(f, " %.10g, ", q->x), esc(f, p->ylabel ? p->ylabel : "y");
    fprintf(f, " %.10g%s</title></circle>\n", q->y,
            v[j].front ? " (Pareto-optimal in its series)" : "");
  }

  int ly = 480; /* the legend */
  char shape[160];
  snprintf(shape, sizeof shape, "<circle cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"#555\"/>", PL + 12, ly);
  legend_key(f, PL, ly, shape, "on its series' Pareto front");
  snprintf(shape, sizeof shape,
           "<circle cx=\"%d\" cy=\"%d\" r=\"3.5\" fill=\"white\" "
           "stroke=\"#555\"/>",
           PL + 232, ly);
  legend_key(f, PL + 220, ly, shape, "dominated");
  snprintf(shape, sizeof shape,
           "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\" "
           "stroke-dasharray=\"5,3\"/>",
           PL + 360, ly, PL + 382, ly);
  legend_key(f, PL + 360, ly, shape, "Pareto front of all points");
  for (size_t s = 0; s < ns; s++) {
    int x = PL + colw * (int)(s % (size_t)ncol), y = ly + 18 * (int)(1 + s / (size_t)ncol);
    fprintf(f,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1.5\"%s/>"
            "<circle cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">",
            x, y, x + 22, y, palette[s % NPAL], dashes[s / NPAL % 3], x + 11, y, palette[s % NPAL],
            x + 26, y + 4);
    esc(f, name[s]);
    fputs("</text>\n", f);
  }
  fputs("</svg>\n", f);
  free(v), free(g), free(name);
  return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}
