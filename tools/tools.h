/* tools.h - the hwprof subcommands. */
#ifndef HWPROF_TOOLS_H
#define HWPROF_TOOLS_H

int cmd_ip(int argc, char **argv);
int cmd_vp(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_native(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_sweep(int argc, char **argv);

#endif
