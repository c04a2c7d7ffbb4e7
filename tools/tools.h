/* tools.h - the hwprof subcommands. */
#ifndef HWPROF_TOOLS_H
#define HWPROF_TOOLS_H

int cmd_ip(int argc, char **argv);

#endif
