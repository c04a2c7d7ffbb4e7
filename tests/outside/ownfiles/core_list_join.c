/*
 * core_list_join.c - global functions only, as CoreMark's file of that name
 * (see core_main.c).
 */
#include <stdlib.h>

unsigned core_list_sum(const unsigned *v, unsigned n) {
  unsigned s = 0;
  for (unsigned i = 0; i < n; i++)
    s = s * 31 + v[i];
  return s;
}

unsigned core_bench_list(unsigned n, unsigned seed) {
  unsigned *v = malloc(n * sizeof *v);
  if (!v)
    return 0;
  for (unsigned i = 0; i < n; i++)
    v[i] = seed = seed * 1103515245u + 12345u;
  unsigned s = core_list_sum(v, n);
  free(v);
  return s;
}
