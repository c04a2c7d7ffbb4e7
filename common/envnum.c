/*
 * envnum.c - a number from the environment (envnum.h).
 */
#include "envnum.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>

#include "errf.h"

int env_number(const char *name, uint64_t lo, uint64_t hi, uint64_t *v, char *err, size_t errlen) {
  const char *s = getenv(name);
  if (!s || !*s)
    return 0;
  char *end;
  errno = 0;
  unsigned long long n = strtoull(s, &end, 0);
  if (*end || errno || *s == '-' || *s == '+' || *s == ' ' || n < lo || n > hi)
    return errf(err, errlen, "%s=%s: not a whole number from %" PRIu64 " to %" PRIu64, name, s, lo,
                hi),
           -1;
  *v = n;
  return 0;
}
