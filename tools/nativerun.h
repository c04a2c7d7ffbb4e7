/*
 * nativerun.h - one native run: a static PPC32 Linux program straight on the
 * virtual board's CPU (native/), for 'hwprof native' and the bench's floor.
 */
#ifndef HWPROF_TOOLS_NATIVERUN_H
#define HWPROF_TOOLS_NATIVERUN_H

#include "native.h"

typedef struct native_opts {
  const char *cmd;      /* for messages: "hwprof CMD: ..." */
  const char *dtb_path; /* NULL: the default board */
  int no_caches;        /* --caches off */
  uint64_t max_cycles;  /* 0: no limit */
  const char *out;      /* NULL: the program's stdout and stderr are ours; else this file */
  FILE *log;            /* the runtime's messages (NULL: stderr) */
} native_opts;

/* Runs argv[0] with its arguments.  0 when it ran (r says how it ended; *wall: host
 * seconds), -1 when it could not start (the reason printed). */
int native_exec(const native_opts *o, int argc, char **argv, native_result *r, double *wall);

/* The run's summary, each line starting "hwprof: ". */
void native_summary(FILE *f, const native_result *r);

#endif
