/*
 * check.h - the tests' few macros.
 *
 * A test binary runs named test functions with RUN(); each prints
 * "PASS: name" or "FAIL: name" and the binary exits non-zero if any failed.
 * tests/run.sh adds the lines up across binaries.  CHECK() records a failure
 * with its location and carries on; REQUIRE() also leaves the test function.
 */
#ifndef HWPROF_CHECK_H
#define HWPROF_CHECK_H

#include <stdio.h>

/* check.c */
extern int check_failures; /* in the current test */
extern int check_failed_tests;
extern const char *check_context; /* printed with each failure, e.g. the seed */

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      check_failures++;                                                                            \
      if (check_failures <= 20) {                                                                  \
        fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);                   \
        fprintf(stderr, __VA_ARGS__);                                                              \
        fprintf(stderr, "%s%s\n", check_context ? " " : "", check_context ? check_context : "");   \
      }                                                                                            \
    }                                                                                              \
  } while (0)

#define REQUIRE(cond, ...)                                                                         \
  do {                                                                                             \
    int before_ = check_failures;                                                                  \
    CHECK(cond, __VA_ARGS__);                                                                      \
    if (check_failures != before_)                                                                 \
      return;                                                                                      \
  } while (0)

#define CHECK_EQ(a, b)                                                                             \
  CHECK((unsigned long long)(a) == (unsigned long long)(b), "%s = %#llx, want %#llx", #a,          \
        (unsigned long long)(a), (unsigned long long)(b))

#define RUN(fn)                                                                                    \
  do {                                                                                             \
    check_failures = 0;                                                                            \
    fn();                                                                                          \
    printf("%s: %s%s\n", check_failures ? "FAIL" : "PASS", #fn, check_label);                      \
    fflush(stdout);                                                                                \
    if (check_failures)                                                                            \
      check_failed_tests++;                                                                        \
  } while (0)

/* The label RUN() puts after each test's name (its state is check.c's). */
#define CHECK_LABEL(label) static const char check_label[] = label

#endif
