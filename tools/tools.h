/* tools.h - the hwprof subcommands. */
#ifndef HWPROF_TOOLS_H
#define HWPROF_TOOLS_H

int cmd_ip(int argc, char **argv);
int cmd_vp(int argc, char **argv);

/* argv[0] of the hwprof program, to find files installed beside it. */
extern const char *tools_argv0;

#endif
