/*
 * cct_out.c - calling-context trees written for people and their tools: the
 * folded-stack file that flame-graph tools read, and an SVG flame graph drawn
 * here (no Perl, no browser-side rendering: the picture is in the file).
 *
 * Both take the tree of chains of functions (cct_by_function), where a frame is a
 * function and call sites are merged, as a flame graph shows them.  Names come
 * from the caller's namer (symbols); CCT_DEEPER is "[deeper calls]".
 *
 * The folded file has one line per chain with instructions of its own: the frames
 * from the root joined by ';', a space, the instructions executed in that chain
 * itself (self), so the lines add up to the root's inclusive count -- the run's
 * guest instructions.
 *
 * The flame graph is Brendan Gregg's picture: the root at the bottom across the
 * whole width, each frame's children above it, a frame's width its inclusive
 * instructions, children ordered by address, warm colours by a hash of the name,
 * each frame's name, instructions and share in its tooltip.  Frames narrower than
 * a tenth of a pixel are left out (their instructions stay in their parent's
 * width); clicking a frame zooms to it (a few lines of script; the picture needs
 * none).
 */
#define _POSIX_C_SOURCE 200809L
#include "cct.h"

#include <stdlib.h>
#include <string.h>

#define DEEPER_NAME "[deeper calls]"

/* Every node's name (the root's is `root`); NULL when out of memory. */
static char **names_of(const cct *t, const char *root, cct_namer name, void *ctx) {
  char **v = calloc(t->len, sizeof *v), buf[64];
  if (!v)
    return NULL;
  for (size_t i = 0; i < t->len; i++) {
    uint32_t a = t->n[i].callee;
    const char *s = i == 0 ? root : a == CCT_DEEPER ? DEEPER_NAME : name(ctx, a, buf, sizeof buf);
    if (!(v[i] = strdup(s))) {
      while (i--)
        free(v[i]);
      free(v);
      return NULL;
    }
  }
  return v;
}

static void free_names(const cct *t, char **v) {
  for (size_t i = 0; v && i < t->len; i++)
    free(v[i]);
  free(v);
}

/* ------------------------------------------------------------ folded */

typedef struct folded {
  FILE *f;
  const cct *t;
  char **name;
  uint32_t *path; /* node indexes from depth 1 down */
} folded;

static int fold_one(void *ctx, const cct_node *x, uint32_t depth) {
  folded *w = ctx;
  uint32_t i = (uint32_t)(x - w->t->n);
  if (depth)
    w->path[depth - 1] = i;
  if (!x->self_insns)
    return 0;
  fputs(w->name[0], w->f);
  for (uint32_t d = 0; d < depth; d++) {
    fputc(';', w->f);
    fputs(w->name[w->path[d]], w->f);
  }
  fprintf(w->f, " %llu\n", (unsigned long long)x->self_insns);
  return 0;
}

int cct_write_folded(FILE *f, const cct *byfn, const char *root, cct_namer name, void *ctx) {
  folded w = {f, byfn, names_of(byfn, root, name, ctx), malloc(byfn->len * sizeof(uint32_t))};
  int rc = w.name && w.path ? cct_walk(byfn, fold_one, &w) : -1;
  free_names(byfn, w.name);
  free(w.path);
  return rc;
}

/* ------------------------------------------------------------ flame graph */

enum { WIDTH = 1200, PAD = 10, TOP = 56, FRAME = 16, BOTTOM = 24 };
#define MIN_WIDTH  0.1 /* pixels */
#define CHAR_WIDTH 6.6 /* 12 px Verdana, on average */

typedef struct flame {
  FILE *f;
  const cct *t;
  char **name;
  double scale;    /* pixels per instruction */
  uint64_t *next;  /* by depth: where the next child starts (instructions) */
  uint32_t height; /* frames drawn, the root's included */
  int draw;        /* 0: measuring the height */
} flame;

static void xml_text(FILE *f, const char *s) {
  for (; *s; s++)
    switch (*s) {
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '&': fputs("&amp;", f); break;
    case '"': fputs("&quot;", f); break;
    default: fputc(*s, f);
    }
}

/* A warm colour from the name, the same for a name in every graph. */
static void colour(const char *s, unsigned *r, unsigned *g, unsigned *b) {
  uint32_t h = 2166136261u;
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * 16777619u;
  *r = 205 + (h & 0xFF) * 50 / 255;
  *g = ((h >> 8) & 0xFF) * 230 / 255;
  *b = ((h >> 16) & 0xFF) * 55 / 255;
}

static int flame_one(void *ctx, const cct_node *x, uint32_t depth) {
  flame *w = ctx;
  uint64_t x0 = depth ? w->next[depth] : 0;
  if (depth)
    w->next[depth] += x->incl_insns;
  w->next[depth + 1] = x0;
  double width = (double)x->incl_insns * w->scale;
  if (width < MIN_WIDTH)
    return 0;
  if (!w->draw) {
    if (depth + 1 > w->height)
      w->height = depth + 1;
    return 0;
  }
  const char *name = w->name[x - w->t->n];
  double left = PAD + (double)x0 * w->scale;
  unsigned y = TOP + (w->height - 1 - depth) * FRAME, r, g, b;
  colour(name, &r, &g, &b);
  uint64_t all = w->t->n[0].incl_insns;
  fprintf(w->f, "<g><title>");
  xml_text(w->f, name);
  fprintf(w->f, " (%llu instructions, %.2f%%; self %llu; %llu calls)</title>",
          (unsigned long long)x->incl_insns, all ? 100.0 * (double)x->incl_insns / (double)all : 0,
          (unsigned long long)x->self_insns, (unsigned long long)x->calls);
  fprintf(w->f, "<rect x=\"%.2f\" y=\"%u\" width=\"%.2f\" height=\"%u\" fill=\"rgb(%u,%u,%u)\"/>",
          left, y, width, FRAME - 1, r, g, b);
  fprintf(w->f, "<text x=\"%.2f\" y=\"%u\">", left + 3, y + FRAME - 4);
  size_t fit = width > 6 ? (size_t)((width - 6) / CHAR_WIDTH) : 0, len = strlen(name);
  if (fit >= 3 && len <= fit)
    xml_text(w->f, name);
  else if (fit >= 3) {
    char cut[256];
    snprintf(cut, sizeof cut, "%.*s..", (int)(fit - 2 < 200 ? fit - 2 : 200), name);
    xml_text(w->f, cut);
  }
  fprintf(w->f, "</text>");
  fprintf(w->f, "</g>\n");
  return 0;
}

static const char zoom_script[] =
    "<script type=\"text/ecmascript\"><![CDATA[\n"
    "// Click a frame to zoom to it, click the root or press Escape to zoom out.\n"
    "var W = 1200, PAD = 10, frames = [];\n"
    "function init() {\n"
    "  var g = document.getElementsByTagName('g');\n"
    "  for (var i = 0; i < g.length; i++) {\n"
    "    var r = g[i].getElementsByTagName('rect')[0], t = g[i].getElementsByTagName('text')[0];\n"
    "    if (!r || !t) continue;\n"
    "    var f = {g: g[i], r: r, t: t, x: +r.getAttribute('x'), w: +r.getAttribute('width'),\n"
    "             y: +r.getAttribute('y'),\n"
    "             name: g[i].firstChild.textContent.replace(/ \\([^(]*$/, '')};\n"
    "    frames.push(f);\n"
    "    g[i].onclick = (function (f) { return function () { zoom(f); }; })(f);\n"
    "  }\n"
    "}\n"
    "function zoom(z) {\n"
    "  var s = (W - 2 * PAD) / z.w;\n"
    "  frames.forEach(function (f) {\n"
    "    var inside = f.x + 1e-6 >= z.x && f.x + f.w <= z.x + z.w + 1e-6;\n"
    "    var show = f.y > z.y ? inside || f.x <= z.x && f.x + f.w >= z.x + z.w : inside;\n"
    "    f.g.style.display = show ? '' : 'none';\n"
    "    var x = PAD + (f.x - z.x) * s, w = f.w * s;\n"
    "    if (f.y > z.y) { x = PAD; w = W - 2 * PAD; }\n"
    "    f.r.setAttribute('x', x); f.r.setAttribute('width', w);\n"
    "    var fit = Math.floor((w - 6) / 6.6);\n"
    "    f.t.setAttribute('x', x + 3);\n"
    "    f.t.textContent = fit < 3 ? '' : f.name.length <= fit ? f.name\n"
    "                    : f.name.substr(0, fit - 2) + '..';\n"
    "  });\n"
    "}\n"
    "document.addEventListener('keydown', function (e) {\n"
    "  if (e.key === 'Escape' && frames.length) zoom(frames[0]);\n"
    "});\n"
    "]]></script>\n";

int cct_write_flame(FILE *f, const cct *byfn, const char *root, const char *title, cct_namer name,
                    void *ctx) {
  uint64_t all = byfn->n[0].incl_insns;
  flame w = {f,
             byfn,
             names_of(byfn, root, name, ctx),
             all ? (double)(WIDTH - 2 * PAD) / (double)all : 0,
             calloc(byfn->max_depth + 2, sizeof(uint64_t)),
             1,
             0};
  int rc = -1;
  if (!w.name || !w.next || cct_walk(byfn, flame_one, &w) < 0)
    goto out;
  unsigned h = TOP + w.height * FRAME + BOTTOM;
  fprintf(f,
          "<?xml version=\"1.0\" standalone=\"no\"?>\n"
          "<svg version=\"1.1\" width=\"%d\" height=\"%u\" viewBox=\"0 0 %d %u\" "
          "onload=\"init()\" xmlns=\"http://www.w3.org/2000/svg\">\n"
          "<style>text { font-family: Verdana, sans-serif; font-size: 12px; fill: #000; "
          "pointer-events: none; } rect { stroke: #fff; stroke-width: 0.5; cursor: pointer; } "
          "rect:hover { stroke: #000; }</style>\n%s"
          "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%u\" fill=\"#f8f8f0\" "
          "style=\"cursor: default\"/>\n"
          "<text x=\"%d\" y=\"24\" style=\"font-size: 17px\" text-anchor=\"middle\">",
          WIDTH, h, WIDTH, h, zoom_script, WIDTH, h, WIDTH / 2);
  xml_text(f, title);
  fprintf(f,
          "</text>\n<text x=\"%d\" y=\"44\" text-anchor=\"middle\" style=\"fill: #555\">"
          "%llu guest instructions, %zu chains of calls; width = instructions executed with "
          "the frame on the stack</text>\n",
          WIDTH / 2, (unsigned long long)all, byfn->len);
  w.draw = 1;
  if (cct_walk(byfn, flame_one, &w) < 0)
    goto out;
  fprintf(f, "</svg>\n");
  rc = 0;
out:
  free_names(byfn, w.name);
  free(w.next);
  return rc;
}
