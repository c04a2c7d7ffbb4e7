/*
 * outfiles.c - a command's report files, checked and opened before its work
 * starts, closed with every write failure named (see outfiles.h).
 *
 * A regular file is written beside itself under a temporary name and renamed
 * over the path at the end, so a run that fails, or a report that cannot be
 * written, leaves an earlier report of that name as it was; a device or a pipe
 * (/dev/stdout, a FIFO) is written in place.
 */
#define _GNU_SOURCE /* fopencookie */
#include "outfiles.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void outs_init(outs *s, const char *cmd) {
  memset(s, 0, sizeof *s);
  s->cmd = cmd;
}

void outs_output(outs *s, const char *opt, const char *path, FILE *dash, FILE **fp) {
  *fp = NULL;
  if (!path || s->n_out == OUTS_MAX)
    return;
  s->out[s->n_out].opt = opt;
  s->out[s->n_out].path = path;
  s->out[s->n_out].dash = dash;
  s->out[s->n_out].fp = fp;
  s->n_out++;
}

static void add_input(outs *s, const char *what, const char *path, int by_name) {
  if (!path)
    return;
  if (s->n_in == s->cap_in) {
    size_t cap = s->cap_in ? 2 * s->cap_in : 8;
    struct outs_input *in = realloc(s->in, cap * sizeof *in);
    if (!in) {
      s->oom = 1;
      return;
    }
    s->in = in;
    s->cap_in = cap;
  }
  s->in[s->n_in].what = what;
  s->in[s->n_in].path = path;
  s->in[s->n_in].by_name = by_name;
  s->n_in++;
}

void outs_input(outs *s, const char *what, const char *path) {
  add_input(s, what, path, 0);
}

void outs_reserve(outs *s, const char *what, const char *path) {
  add_input(s, what, path, 1);
}

static void inputs_free(outs *s) {
  free(s->in);
  s->in = NULL;
  s->n_in = s->cap_in = 0;
}

static int is_dash(const outs *s, size_t i) {
  return s->out[i].dash && !strcmp(s->out[i].path, "-");
}

/* The file a path names, symbolic links resolved, also when it does not exist
 * yet (its directory resolved; a dangling link: the file it names, to be created
 * there); NULL with errno when the directory does not. */
static char *resolve_at(const char *path, int depth) {
  char *r = realpath(path, NULL);
  if (r || errno != ENOENT)
    return r;
  struct stat st;
  if (depth < 40 && lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
    char target[4096], *d = strdup(path), *to = NULL;
    ssize_t n = readlink(path, target, sizeof target - 1);
    if (d && n > 0) {
      target[n] = 0;
      if (target[0] == '/')
        to = strdup(target);
      else if ((to = malloc(strlen(d) + (size_t)n + 2)))
        sprintf(to, "%s/%s", dirname(d), target);
    }
    r = to ? resolve_at(to, depth + 1) : NULL;
    free(to);
    free(d);
    if (!r)
      errno = ENOENT;
    return r;
  }
  char *d = strdup(path), *b = strdup(path), *dir = NULL;
  if (d && b && (dir = realpath(dirname(d), NULL)) &&
      (r = malloc(strlen(dir) + strlen(basename(b)) + 2)))
    sprintf(r, "%s/%s", dir, basename(b));
  free(dir);
  free(d);
  free(b);
  return r;
}

static char *resolve(const char *path) {
  return resolve_at(path, 0);
}

/* Output i is input k: says so, and returns -1. */
static int is_input(const outs *s, size_t i, size_t k) {
  fprintf(stderr, "hwprof %s: %s %s is %s (%s): not overwriting it\n", s->cmd, s->out[i].opt,
          s->out[i].path, s->in[k].what, s->in[k].path);
  return -1;
}

/* -1 (the reason printed) when output i (its final path resolved, or NULL) must
 * not be opened: a directory, or one of the inputs. */
static int refuse(const outs *s, size_t i) {
  const char *opt = s->out[i].opt, *path = s->out[i].path;
  struct stat st, in;
  for (size_t k = 0; s->out[i].final && k < s->n_in; k++) {
    char *theirs = s->in[k].by_name ? resolve(s->in[k].path) : NULL;
    int same = theirs && !strcmp(s->out[i].final, theirs);
    free(theirs);
    if (same)
      return is_input(s, i, k);
  }
  if (stat(path, &st) != 0)
    return 0;
  if (S_ISDIR(st.st_mode)) {
    fprintf(stderr, "hwprof %s: cannot write %s (%s): it is a directory\n", s->cmd, path, opt);
    return -1;
  }
  for (size_t k = 0; k < s->n_in; k++)
    if (!s->in[k].by_name && S_ISREG(st.st_mode) && stat(s->in[k].path, &in) == 0 &&
        st.st_dev == in.st_dev && st.st_ino == in.st_ino)
      return is_input(s, i, k);
  return 0;
}

/* A stream's writes, keeping the first error's cause (stdio's error flag does not). */
static ssize_t cookie_write(void *c, const char *buf, size_t n) {
  outs_file *o = c;
  for (size_t done = 0; done < n;) {
    ssize_t w = write(o->fd, buf + done, n - done);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0) {
      if (!o->err)
        o->err = w < 0 ? errno : EIO;
      return 0; /* (fopencookie: 0 for an error, never negative) */
    }
    done += (size_t)w;
  }
  return (ssize_t)n;
}

/* Opens output i: a regular file of ours (or none yet) as a temporary beside it,
 * with the mode a new file would get (an existing one's own); else (a device, a
 * pipe, a file another user owns and lets us write) in place; a file we may not
 * write is not opened (EACCES), as the shell's '>' would not.  Either way through a
 * stream that keeps the first write error. */
static FILE *open_one(outs *s, size_t i) {
  outs_file *o = &s->out[i];
  struct stat st;
  int exists = stat(o->final, &st) == 0, fd;
  if (exists && S_ISREG(st.st_mode) && access(o->final, W_OK) != 0)
    return NULL; /* (errno EACCES: the shell's '>' would say so too) */
  if (exists && (!S_ISREG(st.st_mode) || st.st_uid != geteuid())) {
    /* a device, a pipe; or someone else's file, which a rename would take over:
     * written in place */
    fd = open(S_ISREG(st.st_mode) ? o->final : o->path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  } else {
    size_t len = strlen(o->final) + 16;
    if (!(o->tmp = malloc(len)))
      return NULL;
    char *slash = strrchr(o->final, '/');
    snprintf(o->tmp, len, "%.*s.%s.XXXXXX", (int)(slash - o->final + 1), o->final, slash + 1);
    if ((fd = mkstemp(o->tmp)) >= 0) {
      mode_t mask = umask(0);
      umask(mask);
      if (fchmod(fd, exists ? st.st_mode & 07777 : 0666 & ~mask) != 0) {
        /* (only the mode is off) */
      }
    } else {
      free(o->tmp);
      o->tmp = NULL;
    }
  }
  if (fd < 0)
    return NULL;
  o->fd = fd;
  o->err = 0;
  FILE *f = fopencookie(o, "w", (cookie_io_functions_t){0, cookie_write, 0, 0});
  if (!f) {
    close(fd);
    if (o->tmp)
      unlink(o->tmp);
  }
  return f;
}

/* Closes output i; keep: the temporary becomes the file.  0, or errno. */
static int close_one(outs *s, size_t i, int keep) {
  FILE *f = *s->out[i].fp;
  int e = 0;
  if (f) {
    outs_file *o = &s->out[i];
    e = fflush(f) ? errno : ferror(f) ? EIO : 0;
    if (!is_dash(s, i)) { /* the stream's first write error; fsync's, close's */
      if (o->err)
        e = o->err;
      if (!e && o->tmp && fsync(o->fd) != 0)
        e = errno;
      fclose(f);
      if (close(o->fd) != 0 && !e)
        e = errno;
    }
    *o->fp = NULL;
  }
  if (s->out[i].tmp) {
    if (keep && !e && rename(s->out[i].tmp, s->out[i].final) != 0)
      e = errno;
    if (!keep || e)
      unlink(s->out[i].tmp);
  }
  free(s->out[i].tmp);
  free(s->out[i].final);
  s->out[i].tmp = s->out[i].final = NULL;
  return e;
}

int outs_open(outs *s) {
  if (s->oom) {
    fprintf(stderr, "hwprof %s: out of memory for the list of its input files\n", s->cmd);
    inputs_free(s);
    return -1;
  }
  for (size_t i = 0; i < s->n_out; i++) {
    const char *opt = s->out[i].opt, *path = s->out[i].path;
    if (is_dash(s, i)) {
      for (size_t k = 0; k < i; k++)
        if (is_dash(s, k) && s->out[k].dash == s->out[i].dash) {
          fprintf(stderr,
                  "hwprof %s: %s and %s would both write to standard %s ('-'), mixed; give "
                  "one of them a file\n",
                  s->cmd, s->out[k].opt, opt, s->out[i].dash == stderr ? "error" : "output");
          s->n_out = i;
          outs_abandon(s);
          return -1;
        }
      *s->out[i].fp = s->out[i].dash;
      continue;
    }
    s->out[i].final = resolve(path); /* (NULL: errno says why) */
    int why = errno;
    if (refuse(s, i) < 0) {
      s->n_out = i + 1;
      outs_abandon(s);
      return -1;
    }
    FILE *f = NULL;
    if (s->out[i].final)
      f = open_one(s, i);
    else
      errno = why;
    if (!f) {
      fprintf(stderr, "hwprof %s: cannot write %s (%s): %s\n", s->cmd, path, opt, strerror(errno));
      s->n_out = i + 1;
      outs_abandon(s);
      return -1;
    }
    *s->out[i].fp = f;
    for (size_t k = 0; k < i; k++)
      if (!is_dash(s, k) && s->out[k].tmp && s->out[i].tmp &&
          !strcmp(s->out[k].final, s->out[i].final)) {
        fprintf(stderr, "hwprof %s: %s and %s name the same file (%s, %s)\n", s->cmd, s->out[k].opt,
                opt, s->out[k].path, path);
        s->n_out = i + 1;
        outs_abandon(s);
        return -1;
      }
  }
  return 0;
}

int outs_close(outs *s) {
  int rc = 0;
  for (size_t i = 0; i < s->n_out; i++) {
    int had = *s->out[i].fp != NULL, e = close_one(s, i, 1);
    if (had && e) {
      fprintf(stderr, "hwprof %s: cannot write %s (%s): %s\n", s->cmd, s->out[i].path,
              s->out[i].opt, strerror(e));
      rc = -1;
    }
  }
  inputs_free(s);
  return rc;
}

void outs_abandon(outs *s) {
  for (size_t i = 0; i < s->n_out; i++)
    close_one(s, i, 0);
  inputs_free(s);
}
