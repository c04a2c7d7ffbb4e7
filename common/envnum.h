/*
 * envnum.h - a number from the environment, for the few settings that tests and
 * measurements make there (HWPROF_SPILL_WORDS, HWPROF_RENEW_BYTES): unset or empty
 * leaves the default, anything but a whole number in range is refused, naming the
 * variable, its value and the range (errf.h's convention).
 *
 *   uint64_t words = 1u << 20;
 *   if (env_number("HWPROF_SPILL_WORDS", 64, 1u << 20, &words, err, errlen) < 0)
 *     return -1;
 */
#ifndef HWPROF_COMMON_ENVNUM_H
#define HWPROF_COMMON_ENVNUM_H

#include <stddef.h>
#include <stdint.h>

/* *v = $name (decimal, or 0x hexadecimal, or 0 octal) when it is set and not empty;
 * 0, or -1 with err naming it when it is not a number from lo to hi. */
int env_number(const char *name, uint64_t lo, uint64_t hi, uint64_t *v, char *err, size_t errlen);

#endif
