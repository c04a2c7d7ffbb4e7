/*
 * io.h - the commands' files (io.c): what lies beside the hwprof program, the
 * board from its device tree, byte-for-byte comparison, directories made as
 * needed, and JSON strings.  Whole files are read with slurp (common/slurp.h).
 */
#ifndef HWPROF_TOOLS_IO_H
#define HWPROF_TOOLS_IO_H

#include <stddef.h>
#include <stdio.h>

#include "slurp.h"
#include "vboard.h"

/* argv[0] of the hwprof program, to find files installed beside it. */
extern const char *tools_argv0;

/* buf = the path of `name` in the hwprof program's directory; returns buf. */
const char *tools_beside(const char *name, char *buf, size_t len);

/* The virtual board from a DTB file (NULL: dtb/ml300-virtual.dtb beside this
 * program).  Prints why and returns NULL when it cannot; *dtb is the blob, to
 * free after the board. */
vboard *tools_board(const char *cmd, const char *dtb_path, void **dtb);

/* The suite in dir: every executable regular file in it, sorted by name (*names and
 * each name malloc'ed, appended to *n of them).  Prints why (naming cmd) and returns
 * -1 when dir cannot be read. */
int tools_list_suite(const char *cmd, const char *dir, char ***names, size_t *n);

/* A file written whole or not at all: tools_create opens tmp (path.tmp, in a buffer
 * of len bytes) for writing; tools_commit closes it and renames it over path, or
 * removes it.  Each prints why ("hwprof CMD: ...") and returns NULL or -1 on failure. */
FILE *tools_create(const char *cmd, const char *path, char *tmp, size_t len);
int tools_commit(const char *cmd, FILE *f, const char *tmp, const char *path);

/* Makes directory `path` and its missing parents (mkdir -p); 0, or -1 with errno. */
int tools_mkdirs(const char *path);

/* 1 when files a and b have the same bytes (*size: bytes compared). */
int prof_same_file(const char *a, const char *b, long *size);

/* JSON string output (quotes and escapes). */
void prof_json_str(FILE *f, const char *s);

#endif
