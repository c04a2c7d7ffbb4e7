/* tools.h - the hwprof subcommands. */
#ifndef HWPROF_TOOLS_H
#define HWPROF_TOOLS_H

#include <stddef.h>
#include <stdint.h>

int cmd_ip(int argc, char **argv);
int cmd_vp(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_bench(int argc, char **argv);

/* The virtual board from a DTB file (NULL: dtb/ml300-virtual.dtb beside this
 * program).  Prints why and returns NULL when it cannot; *dtb is the blob, to
 * free after the board. */
struct vboard;
struct vboard *tools_board(const char *cmd, const char *dtb_path, void **dtb);

/* Parses an option's number (decimal, 0x hex, 0 octal; digits only, no sign) into
 * *v; on a bad one prints "hwprof CMD: OPT wants a number, not 'S'", on one out of
 * lo..hi (or of 64 bits) "hwprof CMD: OPT is LO..HI, not 'S'", and returns -1. */
int tools_range(const char *cmd, const char *opt, const char *s, uint64_t lo, uint64_t hi,
                uint64_t *v);
int tools_number(const char *cmd, const char *opt, const char *s, uint64_t *v); /* 0..2^64-1 */

/* argv[0] of the hwprof program, to find files installed beside it. */
extern const char *tools_argv0;

/* buf = the path of `name` in the hwprof program's directory; returns buf. */
const char *tools_beside(const char *name, char *buf, size_t len);

#endif
