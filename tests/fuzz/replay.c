/*
 * replay.c - runs every file of a corpus through one fuzzing harness, without a
 * fuzzer: the test suite's check that no input of the corpus (the seeds and what
 * 'make fuzz' found and kept) crashes or breaks a harness's properties.
 *
 *   replay-NAME NAME DIR...   prints "PASS: fuzz_NAME_corpus (N inputs)"; a
 *                             crash or a sanitizer report fails the test
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static size_t run_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "replay: cannot read %s\n", path);
    exit(1);
  }
  uint8_t *data = NULL;
  size_t size = 0, cap = 0, n;
  uint8_t chunk[65536];
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
    if (size + n > cap) {
      cap = 2 * (size + n);
      if (!(data = realloc(data, cap)))
        exit(1);
    }
    memcpy(data + size, chunk, n);
    size += n;
  }
  fclose(f);
  LLVMFuzzerTestOneInput(data ? data : chunk, size);
  free(data);
  return 1;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: replay-NAME NAME DIR...\n");
    return 2;
  }
  size_t n = 0;
  for (int i = 2; i < argc; i++) {
    struct dirent **list;
    int k = scandir(argv[i], &list, NULL, alphasort);
    if (k < 0) {
      fprintf(stderr, "replay: cannot read %s\n", argv[i]);
      printf("FAIL: fuzz_%s_corpus\n", argv[1]);
      return 1;
    }
    for (int j = 0; j < k; j++) {
      char path[4096];
      struct stat st;
      snprintf(path, sizeof path, "%s/%s", argv[i], list[j]->d_name);
      if (list[j]->d_name[0] != '.' && stat(path, &st) == 0 && S_ISREG(st.st_mode))
        n += run_file(path);
      free(list[j]);
    }
    free(list);
  }
  printf("%s: fuzz_%s_corpus (%zu inputs)\n", n ? "PASS" : "FAIL", argv[1], n);
  return n ? 0 : 1;
}
