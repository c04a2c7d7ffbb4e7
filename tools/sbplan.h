/*
 * sbplan.h - reads the superblocks of an earlier run back from its JSON report
 * (hwprof run --json: "superblocks"), for a run that forms them at its start
 * (hwprof run --superblocks-from FILE).
 */
#ifndef HWPROF_TOOLS_SBPLAN_H
#define HWPROF_TOOLS_SBPLAN_H

#include <stddef.h>

#include "translate.h"

/* *out (malloc'ed, *n paths): the report's superblocks, in order.  0, or -1 with
 * a message naming the file and what is wrong in it. */
int sbplan_read(const char *path, dbt_trace **out, size_t *n, char *err, size_t errlen);

#endif
