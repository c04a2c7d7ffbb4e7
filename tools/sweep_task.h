/*
 * sweep_task.h - one run of 'hwprof sweep' as a file, so that a local job and a
 * Slurm array task run it the same way: 'hwprof sweep --run-task FILE'.
 *
 * A task file holds the run's working directory, the file that marks it done, and
 * its argument vector, one per line.  Running it (sweep_task_run): the command runs
 * in that directory with PATH=/usr/bin:/bin as its whole environment and /dev/null
 * as its stdout, its stderr this process's; when it exits 0 the done file is written
 * with its host seconds, {"host_s": S}.  A run's cycles then do not depend on who
 * starts it: the guest's stack holds its path and its environment, and its C library
 * sizes stdout's buffer by what stdout is.
 *
 * sweep_slurm_submit writes a job array over task files and submits it with sbatch:
 * task i of the array runs the i-th task of a list, by the same command.
 */
#ifndef HWPROF_TOOLS_SWEEP_TASK_H
#define HWPROF_TOOLS_SWEEP_TASK_H

#include <stddef.h>

/* Writes the task file; 0, or -1 after a message. */
int sweep_task_write(const char *path, const char *cwd, const char *done, char *const *argv);

/* 'hwprof sweep --run-task FILE': the run's exit status (2: the task file is bad). */
int sweep_task_run(const char *path);

/* Submits a job array of n tasks (task i: self sweep --run-task tasks[i], its stderr to
 * logs[i]) with sbatch and extra arguments, the script and the list in dir.  Writes
 * the array's job id to jobid; 0, or -1 after a message (sbatch's output is in
 * dir/sbatch.log). */
int sweep_slurm_submit(const char *dir, const char *self, char *const *tasks, char *const *logs,
                       size_t n, char *const *sbatch_args, size_t n_args, char *jobid, size_t len);

#endif
