/*
 * slurp.h - the C code's one file reader: a whole regular file into memory.
 */
#ifndef HWPROF_COMMON_SLURP_H
#define HWPROF_COMMON_SLURP_H

#include <stddef.h>

/* The bytes of the regular file at path (*len of them, malloc'ed: to free), one
 * more byte allocated after them and set to 0 (text can be read as a string), or
 * NULL with *why saying what is wrong with it: strerror(errno) when it cannot be
 * opened or read, "it is a directory", "not a regular file", "the file is empty",
 * "too large" (over max bytes; max 0: no limit), "out of memory", "the file
 * shrank while it was read". */
void *slurp(const char *path, size_t max, size_t *len, const char **why);

#endif
