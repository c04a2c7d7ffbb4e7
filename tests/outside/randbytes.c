/* randbytes.c - prints 16 bytes from getrandom.  Under hwprof they are the same in
 * every run (a deterministic generator, from the same state in each run, also when
 * one hwprof process makes several: tests/e2e/test_outside.sh benches it). */
#include <stdio.h>
#include <sys/random.h>

int main(void) {
  unsigned char b[16];
  if (getrandom(b, sizeof b, 0) != (ssize_t)sizeof b)
    return 1;
  for (unsigned i = 0; i < sizeof b; i++)
    printf("%02x", b[i]);
  printf("\n");
  return 0;
}
