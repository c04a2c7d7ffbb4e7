/*
 * clocks.c - reads every clock a program has (clock_gettime for each clock id,
 * clock_getres, gettimeofday, time, times, clock), works, sleeps 2.5 s, and
 * reads them again.  One line per reading, "name seconds", for the tests to
 * check against the board's time (hwprof run --clock board) or the host's.
 */
#include <stdio.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>
#include <unistd.h>

static void show(const char *when) {
  static const struct {
    clockid_t id;
    const char *name;
  } ids[] = {{CLOCK_REALTIME, "realtime"},       {CLOCK_MONOTONIC, "monotonic"},
             {CLOCK_PROCESS_CPUTIME_ID, "cpu"},  {CLOCK_THREAD_CPUTIME_ID, "thread"},
             {CLOCK_MONOTONIC_RAW, "raw"},       {CLOCK_REALTIME_COARSE, "realtime_coarse"},
             {CLOCK_MONOTONIC_COARSE, "coarse"}, {CLOCK_BOOTTIME, "boottime"}};
  for (unsigned i = 0; i < sizeof ids / sizeof *ids; i++) {
    struct timespec ts;
    if (clock_gettime(ids[i].id, &ts))
      printf("%s %s error\n", when, ids[i].name);
    else
      printf("%s %s %lld.%09ld\n", when, ids[i].name, (long long)ts.tv_sec, ts.tv_nsec);
  }
  struct timeval tv;
  gettimeofday(&tv, NULL);
  printf("%s gettimeofday %lld.%06ld\n", when, (long long)tv.tv_sec, (long)tv.tv_usec);
  printf("%s time %lld\n", when, (long long)time(NULL));
  struct tms t;
  clock_t up = times(&t);
  printf("%s times_utime %.2f\n", when, (double)t.tms_utime / sysconf(_SC_CLK_TCK));
  printf("%s times_up %.2f\n", when, (double)up / sysconf(_SC_CLK_TCK));
  printf("%s clock %.6f\n", when, (double)clock() / CLOCKS_PER_SEC);
}

int main(void) {
  struct timespec res;
  clock_getres(CLOCK_MONOTONIC, &res);
  printf("resolution %lld.%09ld\n", (long long)res.tv_sec, res.tv_nsec);
  show("start");
  volatile unsigned long sum = 0;
  for (unsigned long i = 0; i < 2000000; i++)
    sum += i;
  show("worked");
  sleep(2);
  usleep(500000);
  show("slept");
  return 0;
}
