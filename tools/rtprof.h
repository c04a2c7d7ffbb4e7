/*
 * rtprof.h - hwprof run --runtime-profile: the runtime's cycles on the board by
 * function of its image (rtprof.c).
 */
#ifndef RTPROF_H
#define RTPROF_H

#include <stddef.h>
#include <stdio.h>

#include "profile.h"

/* Writes the profile the board kept of the image (dbt_options.runtime_profile) by
 * the functions of the image's ELF file.  0, or -1 with a message. */
int rtprof_write(FILE *f, const prof_run *pr, const char *image, char *err, size_t errlen);

#endif
