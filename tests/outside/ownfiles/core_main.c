/*
 * core_main.c - with core_list_join.c, a program laid out as CoreMark is: main
 * in one file, the benchmark's global functions in another (no static function
 * there).  'hwprof compare' must take core_bench_list and core_list_sum for the
 * program's own code (functions of its own object files), not the C library's.
 */
#include <stdio.h>
#include <stdlib.h>

unsigned core_bench_list(unsigned n, unsigned seed);

int main(int argc, char **argv) {
  unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 2000;
  printf("ownfiles: crc %08x\n", core_bench_list(n, 7));
  return 0;
}
