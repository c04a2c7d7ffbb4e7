/*
 * fuzz.h - the fuzzing harnesses (tests/fuzz/): the ELF loader, the device-tree
 * probe that builds the board, the MIPS decoder and translator, and whole runs of a
 * guest that writes over the translator's memory (fuzz_scribble.c).
 *
 * Each harness is a libFuzzer entry point, LLVMFuzzerTestOneInput.  'make fuzz'
 * links each with libFuzzer (clang, -fsanitize=fuzzer,address,undefined) and runs
 * it for a bounded time from its corpus in tests/fuzz/corpus/NAME/; the test suite
 * links each with replay.c instead (gcc, -fsanitize=address,undefined) and runs
 * every corpus file through it.  A harness checks what must hold for any input
 * -- a refusal comes with a reason, code is written only where it may be -- and
 * aborts when it does not; the sanitizers catch the rest.
 */
#ifndef HWPROF_TESTS_FUZZ_H
#define HWPROF_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A broken property: the input that broke it is the harness's crash file. */
#define FUZZ_CHECK(cond, ...)                                                                      \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "fuzz: %s:%d: %s: ", __FILE__, __LINE__, #cond);                             \
      fprintf(stderr, __VA_ARGS__);                                                                \
      fputc('\n', stderr);                                                                         \
      abort();                                                                                     \
    }                                                                                              \
  } while (0)

#endif
