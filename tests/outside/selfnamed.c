/*
 * selfnamed.c - a guest whose own stderr has a line that looks like one of
 * hwprof's ("hwprof: unsupported system call ..."), and that makes two system
 * calls no kernel has (4999 here, 4998 in a forked child: -ENOSYS under qemu-mips
 * too), which the runtime reports.  'hwprof compare' must keep the guest's line
 * in the output it compares and report the runtime's two messages apart.
 */
#include <stdio.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
  fprintf(stderr, "hwprof: unsupported system call 4999 at pc 0x400000: -ENOSYS\n");
  long r = syscall(4999);
  printf("selfnamed: syscall 4999 returned %ld\n", r);
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0)
    _exit(syscall(4998) == -1 ? 3 : 4);
  int st = 0;
  waitpid(pid, &st, 0);
  printf("selfnamed: the child exited with %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
  return 0;
}
