/* slurp.c - the C code's one file reader (slurp.h). */
#define _GNU_SOURCE
#include "slurp.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void *slurp(const char *path, size_t max, size_t *len, const char **why) {
  struct stat st;
  FILE *f = fopen(path, "rb");
  void *buf = NULL;
  *why = NULL;
  if (!f || fstat(fileno(f), &st) < 0)
    *why = strerror(errno);
  else if (S_ISDIR(st.st_mode))
    *why = "it is a directory";
  else if (!S_ISREG(st.st_mode))
    *why = "not a regular file";
  else if (st.st_size == 0)
    *why = "the file is empty";
  else if (max && (uint64_t)st.st_size > max)
    *why = "too large";
  else if (!(buf = malloc((size_t)st.st_size + 1)))
    *why = "out of memory";
  else if (fread(buf, 1, (size_t)st.st_size, f) != (size_t)st.st_size) {
    *why = ferror(f) ? strerror(errno) : "the file shrank while it was read";
    free(buf);
    buf = NULL;
  } else
    ((char *)buf)[st.st_size] = 0;
  if (f)
    fclose(f);
  *len = buf ? (size_t)st.st_size : 0;
  return buf;
}
