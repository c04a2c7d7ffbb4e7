/* thread.c - a second thread (pthread_create: clone with CLONE_VM): hwprof runs
 * one thread per process and refuses the clone with ENOSYS, said on stderr. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static void *body(void *arg) {
  (void)arg;
  puts("thread ran");
  return NULL;
}

int main(void) {
  pthread_t t;
  int e = pthread_create(&t, NULL, body, NULL);
  printf("pthread_create: %s\n", e ? strerror(e) : "ok");
  if (!e)
    pthread_join(t, NULL);
  return e ? 1 : 0;
}
