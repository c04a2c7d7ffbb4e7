/*
 * compare_output.c - 'hwprof compare': the guests' outputs side by side, and the
 * runtime's own messages apart from them (compare_output.h).
 *
 * What the translated guest wrote goes to one file (stdout and stderr, as
 * qemu-mips's go to another).  The runtime's own messages -- an unsupported
 * system call, a refused thread, how a forked or exec'd guest process ended --
 * do not: compare runs the guest with --messages FILE (dbt/guest_log.c), so a
 * guest line that happens to start with "hwprof:" is the guest's and is
 * compared like any other.  qemu-mips writes a note of its own into the guest's
 * stderr when the guest (or a child) dies of a signal that dumps core ("qemu:
 * uncaught target signal 11 (Segmentation fault) - core dumped"); those lines are
 * left out of its side.
 *
 * --ignore-lines REGEX (POSIX extended, repeatable) leaves the lines that match
 * out of both sides, counted per side: a time of day, an address a program
 * prints.  A line is matched without its newline.
 */
#define _GNU_SOURCE
#include "compare_output.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errf.h"

static const char *const qemu_notes[] = {"qemu: uncaught target signal ", NULL};

int cmp_ignore_add(cmp_ignore *ign, const char *regex, char *err, size_t errlen) {
  regex_t *re = realloc(ign->re, (ign->n + 1) * sizeof *re);
  if (re)
    ign->re = re;
  const char **src = re ? realloc(ign->src, (ign->n + 1) * sizeof *src) : NULL;
  if (!src)
    return errf(err, errlen, "out of memory"), -1;
  ign->src = src;
  int rc = regcomp(&ign->re[ign->n], regex, REG_EXTENDED | REG_NOSUB);
  if (rc) {
    char why[256];
    regerror(rc, &ign->re[ign->n], why, sizeof why);
    return errf(err, errlen, "--ignore-lines '%s': %s", regex, why), -1;
  }
  ign->src[ign->n++] = regex;
  return 0;
}

void cmp_ignore_free(cmp_ignore *ign) {
  for (size_t i = 0; i < ign->n; i++)
    regfree(&ign->re[i]);
  free(ign->re);
  free(ign->src);
  memset(ign, 0, sizeof *ign);
}

static int ignored(const cmp_ignore *ign, char *line, ssize_t len) {
  if (!ign || !ign->n)
    return 0;
  int nl = len > 0 && line[len - 1] == '\n';
  if (nl)
    line[len - 1] = 0;
  int hit = 0;
  for (size_t i = 0; i < ign->n && !hit; i++)
    hit = !regexec(&ign->re[i], line, 0, NULL, 0);
  if (nl)
    line[len - 1] = '\n';
  return hit;
}

static int is_note(const char *line, const char *const notes[]) {
  for (; notes && *notes; notes++)
    if (!strncmp(line, *notes, strlen(*notes)))
      return 1;
  return 0;
}

/* The file's text without its notes and ignored lines (malloc'ed, *len bytes;
 * NULL when the file cannot be read); *dropped and *notes count the lines left out. */
static char *filtered(const char *path, const char *const notes[], const cmp_ignore *ign,
                      size_t *len, size_t *dropped, size_t *n_notes) {
  FILE *f = fopen(path, "rb");
  char *text = NULL, *line = NULL;
  size_t cap = 0;
  FILE *mem = f ? open_memstream(&text, len) : NULL;
  if (!mem) {
    if (f)
      fclose(f);
    return NULL;
  }
  ssize_t n;
  while ((n = getline(&line, &cap, f)) > 0)
    if (is_note(line, notes))
      ++*n_notes;
    else if (ignored(ign, line, n))
      ++*dropped;
    else
      fwrite(line, 1, (size_t)n, mem);
  free(line);
  fclose(f);
  if (fclose(mem)) {
    free(text);
    return NULL;
  }
  return text;
}

int cmp_outputs(const char *ours, const char *qemu, const cmp_ignore *ign, cmp_out *o) {
  size_t la = 0, lb = 0, unused = 0;
  memset(o, 0, sizeof *o);
  char *a = filtered(ours, NULL, ign, &la, &o->ignored[0], &unused);
  char *b = a ? filtered(qemu, qemu_notes, ign, &lb, &o->ignored[1], &o->notes) : NULL;
  int rc = a && b ? 0 : -1;
  o->same = !rc && la == lb && !memcmp(a, b, la);
  o->bytes = (long)la;
  free(a);
  free(b);
  return rc;
}

int cmp_read_lines(const char *path, cmp_lines *l) {
  memset(l, 0, sizeof *l);
  FILE *f = fopen(path, "r");
  if (!f)
    return 0;
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  int rc = 0;
  while (!rc && (n = getline(&line, &cap, f)) > 0) {
    char **v = realloc(l->v, (l->n + 1) * sizeof *v);
    if (!v || !(v[l->n] = strndup(line, (size_t)n - (line[n - 1] == '\n')))) {
      if (v)
        l->v = v;
      rc = -1;
      break;
    }
    l->v = v;
    l->n++;
  }
  free(line);
  if (ferror(f))
    rc = -1;
  fclose(f);
  return rc;
}

void cmp_lines_free(cmp_lines *l) {
  for (size_t i = 0; i < l->n; i++)
    free(l->v[i]);
  free(l->v);
  memset(l, 0, sizeof *l);
}
