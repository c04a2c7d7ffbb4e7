/*
 * exitcode.c - argument passing and the exit status: prints argc and
 * argv[1..], then exits with atoi(argv[1]) (7 when there is no argument).
 * argv[0] is not printed: it is the binary's path, which differs between
 * runners.  Also checks that argv[argc] is NULL and that envp follows argv.
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv, char **envp) {
  int i, status = argc > 1 ? atoi(argv[1]) : 7;

  printf("argc=%d\n", argc);
  for (i = 1; i < argc; i++)
    printf("argv[%d]=\"%s\"\n", i, argv[i]);
  printf("argv[argc]=%s envp_after_argv=%d\n", argv[argc] == NULL ? "NULL" : "non-NULL",
         envp == argv + argc + 1);
  printf("exit %d\n", status);
  exit(status);
}
