/*
 * abort.c - writes to stdout and stderr, then dies of SIGABRT (exit status 134
 * as a shell shows it): 'hwprof compare' must compare the outputs and statuses
 * although qemu-mips 7.2 writes no counts for a guest killed by a signal.
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long sum = 0;
  for (int i = 0; i < 1000 * argc; i++)
    sum += i * i;
  printf("abort: %s, sum %ld\n", argv[0][0] ? "running" : "?", sum);
  fflush(stdout);
  fprintf(stderr, "abort: calling abort()\n");
  abort();
}
