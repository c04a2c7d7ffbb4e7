/*
 * io.c - the commands' files: what lies beside the hwprof program, the board
 * from its device tree, byte-for-byte comparison, directories made as needed, and
 * JSON strings (io.h).
 */
#define _GNU_SOURCE
#include "io.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *tools_argv0 = "hwprof";

const char *tools_beside(const char *name, char *buf, size_t len) {
  const char *slash = strrchr(tools_argv0, '/');
  snprintf(buf, len, "%.*s%s", slash ? (int)(slash - tools_argv0 + 1) : 0, tools_argv0, name);
  return buf;
}

vboard *tools_board(const char *cmd, const char *dtb_path, void **dtb_out) {
  char def[4096];
  if (!dtb_path)
    dtb_path = tools_beside("dtb/ml300-virtual.dtb", def, sizeof def);
  size_t dtb_len = 0;
  const char *why;
  void *dtb = slurp(dtb_path, 0, &dtb_len, &why);
  if (!dtb) {
    fprintf(stderr, "hwprof %s: cannot read the device tree %s: %s\n", cmd, dtb_path, why);
    return NULL;
  }
  char err[512];
  vboard *b = vboard_new(dtb, dtb_len, err, sizeof err);
  if (!b) {
    fprintf(stderr, "hwprof %s: %s: %s\n", cmd, dtb_path, err);
    free(dtb);
    return NULL;
  }
  *dtb_out = dtb;
  return b;
}

int tools_mkdirs(const char *path) {
  char p[4096];
  size_t n = strlen(path);
  if (!n || n >= sizeof p)
    return errno = n ? ENAMETOOLONG : ENOENT, -1;
  memcpy(p, path, n + 1);
  for (char *s = p + 1; s <= p + n; s++) { /* each parent, then the directory itself */
    if (*s && *s != '/')
      continue;
    char c = *s;
    *s = 0;
    struct stat st;
    if (mkdir(p, 0777) < 0 && (errno != EEXIST || stat(p, &st) < 0 || !S_ISDIR(st.st_mode))) {
      if (errno == EEXIST)
        errno = ENOTDIR;
      return -1;
    }
    *s = c;
  }
  return 0;
}

int prof_same_file(const char *a, const char *b, long *size) {
  FILE *x = fopen(a, "rb"), *y = fopen(b, "rb");
  int same = x && y;
  long n = 0;
  while (same) {
    int c = getc(x), d = getc(y);
    if (c != d)
      same = 0;
    if (c == EOF)
      break;
    n++;
  }
  if (x)
    fclose(x);
  if (y)
    fclose(y);
  *size = n;
  return same;
}

void prof_json_str(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c < 0x20)
      fprintf(f, "\\u%04x", c);
    else
      fputc(c, f);
  }
  fputc('"', f);
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int tools_list_suite(const char *cmd, const char *dir, char ***names, size_t *n) {
  DIR *dd = opendir(dir);
  if (!dd) {
    fprintf(stderr, "hwprof %s: cannot read %s: %s (make workloads builds them)\n", cmd, dir,
            strerror(errno));
    return -1;
  }
  struct dirent *e;
  while ((e = readdir(dd))) {
    char p[8300];
    struct stat st;
    snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
    if (e->d_name[0] == '.' || stat(p, &st) || !S_ISREG(st.st_mode) || !(st.st_mode & 0111))
      continue;
    char **nn = realloc(*names, (*n + 1) * sizeof *nn);
    if (!nn || !(nn[*n] = strdup(e->d_name)))
      break;
    *names = nn;
    (*n)++;
  }
  closedir(dd);
  qsort(*names, *n, sizeof **names, by_name);
  return 0;
}

FILE *tools_create(const char *cmd, const char *path, char *tmp, size_t len) {
  snprintf(tmp, len, "%s.tmp", path);
  FILE *f = fopen(tmp, "w");
  if (!f)
    fprintf(stderr, "hwprof %s: cannot create %s: %s\n", cmd, tmp, strerror(errno));
  return f;
}

int tools_commit(const char *cmd, FILE *f, const char *tmp, const char *path) {
  errno = 0;
  int bad = ferror(f);
  if (fclose(f) || bad || rename(tmp, path)) {
    fprintf(stderr, "hwprof %s: cannot write %s: %s\n", cmd, path, strerror(errno ? errno : EIO));
    unlink(tmp);
    return -1;
  }
  return 0;
}
