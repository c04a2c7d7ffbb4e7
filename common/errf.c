/* errf.c - the error convention's one helper (errf.h). */
#include "errf.h"

#include <stdarg.h>
#include <stdio.h>

void errf(char *err, size_t len, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (err && len)
    vsnprintf(err, len, fmt, ap);
  va_end(ap);
}
