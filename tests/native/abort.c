/* abort.c - a native program that aborts: raise(SIGABRT) is tgkill of itself, and
 * the run ends as the process would, status 128 + 6 (tests/e2e/test_native.sh). */
#include <stdlib.h>

int main(void) {
  abort();
}
