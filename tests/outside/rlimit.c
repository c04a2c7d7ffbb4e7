/*
 * rlimit.c - the resource-limit calls as a program uses them: the stack's limit
 * (8 MiB, Linux's default), a soft limit lowered and read back through getrlimit and
 * prlimit, and the two refusals (a soft limit above the hard one: EINVAL; an unknown
 * resource: EINVAL).  Prints what it sees; the test checks it.
 */
#define _GNU_SOURCE /* prlimit */
#include <errno.h>
#include <stdio.h>
#include <sys/resource.h>

int main(void) {
  struct rlimit r;
  if (getrlimit(RLIMIT_STACK, &r))
    return 2;
  printf("stack %lu\n", (unsigned long)r.rlim_cur);
  r.rlim_cur = 1 << 20;
  printf("lower %d\n", setrlimit(RLIMIT_STACK, &r));
  getrlimit(RLIMIT_STACK, &r);
  printf("stack %lu\n", (unsigned long)r.rlim_cur);
  struct rlimit old;
  prlimit(0, RLIMIT_STACK, NULL, &old);
  printf("prlimit %lu\n", (unsigned long)old.rlim_cur);
  struct rlimit bad = {.rlim_cur = 2, .rlim_max = 1};
  int rc = setrlimit(RLIMIT_NOFILE, &bad);
  printf("soft above hard %d %s\n", rc, rc ? (errno == EINVAL ? "EINVAL" : "?") : "");
  rc = getrlimit(99, &r);
  printf("resource 99 %d %s\n", rc, rc ? (errno == EINVAL ? "EINVAL" : "?") : "");
  return 0;
}
