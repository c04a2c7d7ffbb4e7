/* forkexec.c - processes: fork, a pipe from child to parent, waitpid with exit
 * statuses and a child killed by SIGSEGV, kill of a child, fork + exec of this
 * program (a MIPS program; skipped with the argument "noexec": qemu-mips cannot
 * exec one without binfmt_misc) and of the host's /bin/sh (system()).  The
 * output does not depend on pids or on the order the processes run in. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void report(const char *what, int st) {
  if (WIFEXITED(st))
    printf("%s: exited %d\n", what, WEXITSTATUS(st));
  else if (WIFSIGNALED(st))
    printf("%s: killed by signal %d\n", what, WTERMSIG(st));
  else
    printf("%s: status %#x\n", what, st);
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "child")) { /* the exec'd copy */
    printf("exec'd: argc=%d %s %s\n", argc, argv[2], getenv("FORKEXEC") ? getenv("FORKEXEC") : "-");
    return 42;
  }
  setvbuf(stdout, NULL, _IONBF, 0);
  int fd[2], st;
  if (pipe(fd)) {
    perror("pipe");
    return 1;
  }
  pid_t p = fork();
  if (p < 0) {
    perror("fork");
    return 1;
  }
  if (p == 0) {
    close(fd[0]);
    const char msg[] = "hello through the pipe";
    if (write(fd[1], msg, sizeof msg) != (ssize_t)sizeof msg)
      _exit(9);
    _exit(3);
  }
  close(fd[1]);
  char buf[64] = "";
  ssize_t n = read(fd[0], buf, sizeof buf - 1);
  printf("parent read %zd: %s\n", n, buf);
  if (waitpid(p, &st, 0) != p)
    perror("waitpid");
  report("child 1", st);

  if ((p = fork()) == 0) { /* dies of a wild store */
    *(volatile int *)16 = 1;
    _exit(0);
  }
  waitpid(p, &st, 0);
  report("child 2", st);

  if ((p = fork()) == 0) { /* waits to be killed */
    pause();
    _exit(0);
  }
  kill(p, SIGUSR1);
  waitpid(p, &st, 0);
  report("child 3", st);

  if (argc > 1 && !strcmp(argv[1], "noexec"))
    goto spawn;
  if ((p = fork()) == 0) {
    setenv("FORKEXEC", "inherited", 1);
    execl("/proc/self/exe", argv[0], "child", "arg2", (char *)NULL);
    execl(argv[0], argv[0], "child", "arg2", (char *)NULL);
    perror("execl");
    _exit(127);
  }
  waitpid(p, &st, 0);
  report("child 4 (exec)", st);
spawn:

  st = system("exit 5");
  report("system", st);
  printf("getppid differs from getpid: %d\n", getppid() != getpid());
  return 0;
}
