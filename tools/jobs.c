/*
 * jobs.c - child processes, several at a time (jobs.h).
 *
 * The loop: start every job that may start (its prerequisite succeeded, a slot is
 * free), in index order; wait for any child; account for it; again until none is
 * running and none can start.  A job whose prerequisite failed fails without
 * running.  Progress goes to stderr after each job ends, once its slot is taken
 * again (the line counts what runs next).
 */
#define _GNU_SOURCE
#include "jobs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

unsigned jobs_cores(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (unsigned)n : 1u;
}

/* Starts j: its output to its log, stdin from /dev/null (a function job's too) unless
 * it keeps ours.  0, or -1 (j failed). */
static int start(job *j) {
  int fd = j->log ? open(j->log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644) : dup(2);
  if (fd < 0) {
    snprintf(j->why, sizeof j->why, "cannot create its log %s: %s", j->log ? j->log : "(stderr)",
             strerror(errno));
    return -1;
  }
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    snprintf(j->why, sizeof j->why, "cannot start it: %s", strerror(errno));
    close(fd);
    return -1;
  }
  if (pid == 0) {
    int in = open("/dev/null", O_RDONLY), null = open("/dev/null", O_WRONLY);
    if (in >= 0 && !j->keep_stdin)
      dup2(in, 0);
    if (j->stdout_null && null >= 0)
      dup2(null, 1);
    else if (j->log)
      dup2(fd, 1);
    dup2(fd, 2);
    if (j->cwd && chdir(j->cwd)) {
      dprintf(2, "cannot enter %s: %s\n", j->cwd, strerror(errno));
      _exit(127);
    }
    if (j->fn) { /* (_exit: the parent's stdio buffers, flushed above, are not ours) */
      int rc = j->fn(j->ctx);
      fflush(NULL);
      _exit(rc & 0xFF);
    }
    if (j->envp)
      execvpe(j->argv[0], j->argv, j->envp);
    else
      execvp(j->argv[0], j->argv);
    dprintf(2, "cannot run %s: %s\n", j->argv[0], strerror(errno));
    _exit(127);
  }
  close(fd);
  j->pid = pid;
  j->start = now_s();
  j->state = JOB_RUNNING;
  return 0;
}

/* The status of a child as a shell reports it, and why it failed. */
static void finish(job *j, int wstatus) {
  j->seconds = now_s() - j->start;
  j->pid = 0;
  if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0) {
    j->status = 0;
    j->state = JOB_OK;
    return;
  }
  j->status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
  j->state = JOB_FAILED;
  if (WIFEXITED(wstatus))
    snprintf(j->why, sizeof j->why, "exit status %d (see %s)", j->status,
             j->log ? j->log : "above");
  else
    snprintf(j->why, sizeof j->why, "killed by signal %d (see %s)", WTERMSIG(wstatus),
             j->log ? j->log : "above");
}

static void progress(const char *cmd, const job *j, size_t n, double t0) {
  size_t done = 0, failed = 0, running = 0;
  for (size_t i = 0; i < n; i++) {
    running += j[i].state == JOB_RUNNING;
    done += j[i].state == JOB_OK || j[i].state == JOB_FAILED;
    failed += j[i].state == JOB_FAILED;
  }
  size_t left = n - done;
  fprintf(stderr, "hwprof %s: %zu of %zu done", cmd, done, n);
  if (failed)
    fprintf(stderr, " (%zu failed)", failed);
  fprintf(stderr, ", %zu running, %zu left", running, left - running);
  /* At the pace so far (jobs ended per second, however many ran at once). */
  double rest = (now_s() - t0) / (double)done * (double)left;
  if (left && rest >= 90)
    fprintf(stderr, ", about %.0f min left", rest / 60);
  else if (left)
    fprintf(stderr, ", about %.0f s left", rest);
  fputc('\n', stderr);
}

size_t jobs_run(job *j, size_t n, unsigned max_jobs, const char *cmd) {
  if (max_jobs < 1)
    max_jobs = 1;
  double t0 = now_s();
  unsigned running = 0;
  int ended = 0; /* a job ended since the last progress line */
  for (;;) {
    /* Start what may start; fail what never can. */
    for (size_t i = 0; i < n && running < max_jobs; i++) {
      if (j[i].state != JOB_WAITING)
        continue;
      if (j[i].after >= 0) {
        job *p = &j[j[i].after];
        if (p->state == JOB_FAILED) {
          j[i].state = JOB_FAILED;
          snprintf(j[i].why, sizeof j[i].why, "not run: %s failed", p->what);
          continue;
        }
        if (p->state != JOB_OK)
          continue;
      }
      if (start(&j[i]) < 0)
        j[i].state = JOB_FAILED;
      else
        running++;
    }
    if (ended) { /* after the freed slots are taken again */
      progress(cmd, j, n, t0);
      ended = 0;
    }
    if (!running)
      break;
    int ws;
    pid_t pid = waitpid(-1, &ws, 0);
    if (pid < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    for (size_t i = 0; i < n; i++)
      if (j[i].state == JOB_RUNNING && j[i].pid == pid) {
        finish(&j[i], ws);
        running--;
        if (j[i].state == JOB_FAILED && cmd)
          fprintf(stderr, "hwprof %s: %s: %s\n", cmd, j[i].what, j[i].why);
        ended = cmd != NULL;
        break;
      }
  }
  size_t failed = 0;
  for (size_t i = 0; i < n; i++) {
    if (j[i].state == JOB_WAITING) { /* its prerequisite never ended: cannot happen */
      j[i].state = JOB_FAILED;
      snprintf(j[i].why, sizeof j[i].why, "not run");
    }
    failed += j[i].state == JOB_FAILED;
  }
  return failed;
}
