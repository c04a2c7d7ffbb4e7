/*
 * sweep_plot.h - 'hwprof sweep': a design-space sweep as an SVG scatter plot
 * (sweep_plot.c).
 *
 * Each point is one hardware configuration of the IP run on one workload: x is
 * its area (LUTs or block RAMs), y a cost (overhead in % of cycles, events
 * spilled, ...); lower is better on both.  A series is one workload (or one
 * workload with one setting); its points are joined in order of area, so the
 * line shows what each step in area buys on that workload.
 *
 * Reading it: a filled marker is on its series' Pareto front (no other point of
 * the series is at most as large and cheaper, or smaller and as cheap); a hollow
 * one is dominated, a configuration not worth its area there.  The dashed black
 * staircase joins the Pareto front of all the points together: the best cost for
 * each area, whatever the workload.  The red dashed line is a part's capacity
 * (points to its right do not fit).  Hovering over a point gives its series,
 * configuration, x and y.
 *
 *   sweep_pt pts[] = {{"gzip", 3100, 4.2, "INDEX_BITS=10"},
 *                     {"gzip", 5200, 1.3, "INDEX_BITS=12"}};
 *   sweep_plot p = {"Overhead against area", "LUTs (xc2vp)", "hw overhead (% of cycles)",
 *                   9856, "XC2VP7: 9,856 LUTs", 0};
 *   if (sweep_plot_svg(f, &p, pts, 2) < 0) ...   // a write failed
 */
#ifndef HWPROF_TOOLS_SWEEP_PLOT_H
#define HWPROF_TOOLS_SWEEP_PLOT_H

#include <stddef.h>
#include <stdio.h>

typedef struct sweep_pt {
  const char *series; /* the line it belongs to (a workload name, e.g. "gzip" or
                         "gzip threshold=500") */
  double x, y;        /* x: area (LUTs or block RAMs); y: cost (overhead %, events spilled, ...) */
  const char *label;  /* short text for the point, e.g. "INDEX_BITS=10 FIFO_LOG2=6"; may be
                         NULL */
} sweep_pt;

typedef struct sweep_plot {
  const char *title;           /* e.g. "Profiling overhead against area (xc2vp, size test)" */
  const char *xlabel, *ylabel; /* axis titles, e.g. "LUTs (xc2vp)", "hw overhead (% of cycles)" */
  double xlimit;               /* > 0: a vertical line at this x (a part's capacity), else none */
  const char *xlimit_label;    /* its text, e.g. "XC2VP7: 9,856 LUTs" */
  int ylog;                    /* 1: log scale on y (values <= 0 drawn on the axis floor) */
} sweep_plot;

/* Writes the SVG to f: one polyline per series (points joined in order of x, each point a
 * small circle with a <title> tooltip giving series, label, x and y), a distinct colour per
 * series (a fixed palette, cycled), a legend; the Pareto front of each series marked
 * (points no other point of the same series beats in both x and y, lower is better on both:
 * filled markers, others hollow), and the Pareto front of all points together drawn as a
 * dashed black step line; axes with ticks at round values (1, 2, 5 x 10^k), grid lines,
 * axis titles; the xlimit line red and dashed with its label; if xlimit is beyond the data,
 * the x range extends to include it. Returns 0, or -1 if n == 0 (nothing written) or a
 * write failed (ferror). Text is XML-escaped (&, <, >, "). */
int sweep_plot_svg(FILE *f, const sweep_plot *p, const sweep_pt *pts, size_t n);

#endif
