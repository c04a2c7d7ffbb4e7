/*
 * jobs.h - commands run as child processes, several at a time, each after the one
 * it needs ('hwprof sweep': IP builds, synthesis, board runs).
 *
 * A job is an argument vector, or a function to call in a child of this process
 * (forked, not executed: 'hwprof bench' runs its workloads so, their results in
 * memory the caller shares with them), and a log file (its stdout and stderr).  jobs_run()
 * starts up to max_jobs at once, a job only when the job it names in 'after' has
 * succeeded (one whose prerequisite failed is not run, and fails naming it), and
 * reports progress on stderr as jobs end: how many are done, failed, running and
 * left, and the time left at the pace so far.  A job succeeds when it exits 0.
 *
 *   job j[2] = {{.argv = build, .log = "b.log", .what = "build", .after = -1},
 *               {.argv = run, .log = "r.log", .what = "run", .after = 0}};
 *   jobs_run(j, 2, 2, "sweep");   // then j[i].state, j[i].seconds
 */
#ifndef HWPROF_TOOLS_JOBS_H
#define HWPROF_TOOLS_JOBS_H

#include <stddef.h>

typedef enum job_state { JOB_WAITING, JOB_RUNNING, JOB_OK, JOB_FAILED } job_state;

typedef struct job {
  char *const *argv;    /* argv[0] without a slash is searched for in PATH */
  int (*fn)(void *ctx); /* instead of argv: called in the child, which exits with its
                           value (0: the job succeeded) */
  void *ctx;
  char *const *envp; /* its environment; NULL: this process's */
  const char *cwd;   /* its working directory; NULL: this process's */
  const char *log;   /* created (truncated): the job's stderr, and its stdout; NULL:
                        this process's */
  int stdout_null;   /* 1: its stdout is /dev/null instead */
  int keep_stdin;    /* 1: this process's stdin, not /dev/null */
  const char *what;  /* for messages: "run gzip hw (INDEX_BITS=10)" */
  long after;        /* index of the job that must succeed first, or -1 */
  /* Results. */
  job_state state;
  int status;     /* the exit status, or 128 + signal */
  double seconds; /* wall-clock time from start to exit */
  char why[256];  /* a failure: what went wrong */
  /* (jobs.c) */
  int pid;
  double start;
} job;

/* Runs every job in state JOB_WAITING, up to max_jobs at a time (at least 1).
 * Returns the number that failed; cmd names the command in progress lines (NULL:
 * none, nor the failures' lines). */
size_t jobs_run(job *j, size_t n, unsigned max_jobs, const char *cmd);

/* The number of processors online (at least 1): the default for max_jobs. */
unsigned jobs_cores(void);

#endif
