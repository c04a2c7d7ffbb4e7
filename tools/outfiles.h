/*
 * outfiles.h - a command's report files, checked and opened before its work
 * starts, closed with every write failure named.
 *
 * A long run must not end with its reports lost, nor write one over its own
 * input.  A command names its outputs (--json, --csv, --dump, ...) and its
 * inputs (the program, the device tree, ...), then outs_open(), before the guest
 * runs:
 *   - refuses an output that is one of the inputs (the same file: device and
 *     inode), so 'hwprof run --json PROG PROG' cannot overwrite the program;
 *   - refuses two outputs that are one regular file (their reports would
 *     interleave);
 *   - creates each output (a regular file as a temporary beside it, renamed over
 *     it at the end), and refuses if one cannot be, naming the option, the file
 *     and the cause.
 * At the end outs_close() flushes and closes each, and names every file that
 * could not be written and why (ENOSPC, EIO, ...); outs_abandon() drops them,
 * leaving what was there before.
 *
 *   outs s;
 *   outs_init(&s, "run");
 *   outs_input(&s, "the program", argv[0]);
 *   outs_output(&s, "--json", json, stdout, &jf);  // json NULL: no such output
 *   if (outs_open(&s) < 0) return 2;
 *   ...run, then write to jf...
 *   if (outs_close(&s) < 0) rc = rc ? rc : 2;
 */
#ifndef HWPROF_TOOLS_OUTFILES_H
#define HWPROF_TOOLS_OUTFILES_H

#include <stdio.h>

#define OUTS_MAX 8

typedef struct outs_file {
  const char *opt, *path; /* "--json", the file ('-': dash) */
  FILE *dash;             /* the stream '-' names (stdout, stderr), or NULL: no '-' */
  FILE **fp;              /* where the open stream goes */
  char *final, *tmp;      /* (outfiles.c) the file, symbolic links resolved; the
                             temporary written instead until outs_close */
  int fd, err;            /* (outfiles.c) the temporary's descriptor; its first errno */
} outs_file;

typedef struct outs {
  const char *cmd; /* for messages: "hwprof CMD: ..." */
  outs_file out[OUTS_MAX];
  size_t n_out;
  struct outs_input {
    const char *what, *path; /* "the program", the file (each kept by the caller) */
    int by_name;             /* outs_reserve's: compared by resolved name, not inode */
  } * in;                    /* (as many as the command reads: bench's workloads) */
  size_t n_in, cap_in;
  int oom; /* an input could not be kept: outs_open refuses */
} outs;

void outs_init(outs *s, const char *cmd);
/* An output; path NULL: the option was not given (*fp stays NULL). */
void outs_output(outs *s, const char *opt, const char *path, FILE *dash, FILE **fp);
/* An input the outputs must not overwrite; path NULL: none.  what and path must
 * last until outs_open. */
void outs_input(outs *s, const char *what, const char *path);
/* A file the command writes itself (compare --keep's guest outputs), which may not
 * exist yet: no output may name it (through links too). */
void outs_reserve(outs *s, const char *what, const char *path);

/* Checks and opens every output; -1 with the reason printed and none left open. */
int outs_open(outs *s);
/* Flushes and closes every output ('-' is flushed only); -1 when one could not be
 * written (each such file named, with the cause). */
int outs_close(outs *s);
/* Closes every output without making it: a command that stops before its reports
 * leaves the files it would have replaced as they were. */
void outs_abandon(outs *s);
/* (outs_close and outs_abandon free the list of inputs.) */

#endif
