/*
 * errf.h - the C code's one error convention.  A function that can fail takes
 * (char *err, size_t errlen) last, returns -1 (or NULL) and says what was wrong,
 * and where, in err with errf; the caller prints it or passes it on.  err may be
 * NULL (the message is dropped).
 *
 *   if (x > max)
 *     return errf(err, errlen, "%s: %u entries, at most %u", path, x, max), -1;
 */
#ifndef HWPROF_COMMON_ERRF_H
#define HWPROF_COMMON_ERRF_H

#include <stddef.h>

/* printf into err (len bytes, NUL-terminated, cut to fit). */
void errf(char *err, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
