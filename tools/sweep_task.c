/*
 * sweep_task.c - a run of 'hwprof sweep' as a file, and job arrays of them on
 * Slurm (sweep_task.h).
 */
#define _GNU_SOURCE
#include "sweep_task.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io.h"
#include "jobs.h"
#include "slurp.h"

#define TASK_MAGIC "hwprof-sweep-task 1"

int sweep_task_write(const char *path, const char *cwd, const char *done, char *const *argv) {
  char tmp[4200];
  FILE *f = tools_create("sweep", path, tmp, sizeof tmp);
  if (!f)
    return -1;
  fprintf(f, "%s\n%s\n%s\n", TASK_MAGIC, cwd, done);
  for (size_t i = 0; argv[i]; i++)
    fprintf(f, "%s\n", argv[i]);
  return tools_commit("sweep", f, tmp, path);
}

int sweep_task_run(const char *path) {
  size_t len;
  const char *why;
  char *text = slurp(path, 1u << 20, &len, &why);
  if (!text) {
    fprintf(stderr, "hwprof sweep: --run-task %s: %s\n", path, why);
    return 2;
  }
  char *lines[40];
  size_t n = 0;
  for (char *save = NULL, *t = strtok_r(text, "\n", &save); t && n < 39;
       t = strtok_r(NULL, "\n", &save))
    lines[n++] = t;
  lines[n] = NULL;
  if (n < 4 || strcmp(lines[0], TASK_MAGIC)) {
    fprintf(stderr, "hwprof sweep: --run-task %s: not a task file of hwprof sweep\n", path);
    free(text);
    return 2;
  }
  static char *const env[] = {"PATH=/usr/bin:/bin", NULL};
  job j = {.argv = lines + 3, .envp = env, .cwd = lines[1], .stdout_null = 1, .after = -1};
  jobs_run(&j, 1, 1, NULL);
  int rc = j.state == JOB_OK ? 0 : j.status ? j.status : 2;
  if (j.state != JOB_OK && !j.status) /* it could not start */
    fprintf(stderr, "hwprof sweep: %s: %s\n", lines[3], j.why);
  if (!rc) {
    char tmp[4200];
    FILE *f = tools_create("sweep", lines[2], tmp, sizeof tmp);
    if (f)
      fprintf(f, "{\"host_s\": %.3f}\n", j.seconds);
    if (!f || tools_commit("sweep", f, tmp, lines[2]) < 0)
      rc = 2;
  }
  free(text);
  return rc;
}

/* s in single quotes for sh. */
static void sh_quote(FILE *f, const char *s) {
  fputc('\'', f);
  for (; *s; s++)
    if (*s == '\'')
      fputs("'\\''", f);
    else
      fputc(*s, f);
  fputc('\'', f);
}

int sweep_slurm_submit(const char *dir, const char *self, char *const *tasks, char *const *logs,
                       size_t n, char *const *sbatch_args, size_t n_args, char *jobid, size_t len) {
  char list[4200], script[4200], log[4200], out[4300];
  snprintf(list, sizeof list, "%s/tasks", dir);
  snprintf(script, sizeof script, "%s/array.sh", dir);
  snprintf(log, sizeof log, "%s/sbatch.log", dir);
  snprintf(out, sizeof out, "%s/slurm-%%A_%%a.out", dir);
  FILE *f = fopen(list, "w");
  for (size_t i = 0; f && i < n; i++)
    fprintf(f, "%s\t%s\n", tasks[i], logs[i]);
  if (!f || fclose(f)) {
    fprintf(stderr, "hwprof sweep: cannot write %s: %s\n", list, strerror(errno));
    return -1;
  }
  if (!(f = fopen(script, "w"))) {
    fprintf(stderr, "hwprof sweep: cannot write %s: %s\n", script, strerror(errno));
    return -1;
  }
  fprintf(f, "#!/bin/sh\n"
             "# hwprof sweep's job array: task i runs line i + 1 of the list (a task file and\n"
             "# its log) as a local sweep runs it.\n"
             "line=$(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" ");
  sh_quote(f, list);
  fprintf(f, ")\ntask=${line%%%%\t*}\nlog=${line#*\t}\nexec ");
  sh_quote(f, self);
  fprintf(f, " sweep --run-task \"$task\" 2>\"$log\"\n");
  if (fclose(f) || chmod(script, 0755)) {
    fprintf(stderr, "hwprof sweep: cannot write %s: %s\n", script, strerror(errno));
    return -1;
  }
  char array[64];
  snprintf(array, sizeof array, "--array=0-%zu", n - 1);
  char output[4400];
  snprintf(output, sizeof output, "--output=%s", out);
  char **argv = calloc(n_args + 8, sizeof *argv);
  if (!argv)
    return -1;
  size_t k = 0;
  argv[k++] = "sbatch";
  argv[k++] = "--parsable";
  argv[k++] = "--job-name=hwprof-sweep";
  argv[k++] = array;
  argv[k++] = output;
  for (size_t i = 0; i < n_args; i++)
    argv[k++] = sbatch_args[i];
  argv[k++] = script;
  job j = {.argv = argv, .log = log, .what = "sbatch", .after = -1};
  jobs_run(&j, 1, 1, NULL);
  free(argv);
  size_t tl;
  const char *why;
  char *text = slurp(log, 1u << 20, &tl, &why);
  if (j.state != JOB_OK) {
    fprintf(stderr, "hwprof sweep: sbatch failed: %s%s%s\n", j.why, text ? ":\n" : "",
            text ? text : "");
    free(text);
    return -1;
  }
  snprintf(jobid, len, "%.*s", text ? (int)strcspn(text, ";\n") : 0, text ? text : "");
  free(text);
  return 0;
}
