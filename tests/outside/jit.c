/* jit.c - code generated at run time: MIPS instructions written into an mmap'ed
 * executable buffer, made visible with cacheflush and called; rewritten,
 * flushed and called again; a malloc'ed buffer made executable with mprotect;
 * and (in a child) a jump into memory that is not executable, which dies of
 * SIGSEGV.  The generated functions run often enough to be hot. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/cachectl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

/* f(x) = x * k + c, for k in 2..9 and c < 32768: sll/addu, jr ra, addiu c */
static void gen(uint32_t *p, unsigned k, unsigned c) {
  unsigned n = 0;
  p[n++] = 0x00801025; /* move v0, a0 */
  for (unsigned i = 1; i < k; i++)
    p[n++] = 0x00441021;   /* addu v0, v0, a0 */
  p[n++] = 0x03e00008;     /* jr ra */
  p[n++] = 0x24420000 | c; /* addiu v0, v0, c (delay slot) */
}

static long run(int (*f)(int), int times) {
  long s = 0;
  for (int i = 0; i < times; i++)
    s += f(i);
  return s;
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  uint32_t *code =
      mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (code == MAP_FAILED)
    return perror("mmap"), 1;
  gen(code, 3, 1);
  cacheflush(code, 64, BCACHE);
  int (*f)(int) = (int (*)(int))(uintptr_t)code;
  printf("3x+1: f(7)=%d sum=%ld\n", f(7), run(f, 2000));
  gen(code, 5, 2); /* rewritten in place */
  cacheflush(code, 64, BCACHE);
  printf("5x+2: f(7)=%d sum=%ld\n", f(7), run(f, 2000));

  void *mem;
  if (posix_memalign(&mem, 4096, 4096))
    return 1;
  uint32_t *heap = mem;
  gen(heap, 7, 3);
  if (mprotect(heap, 4096, PROT_READ | PROT_WRITE | PROT_EXEC))
    return perror("mprotect"), 1;
  cacheflush(heap, 64, BCACHE);
  f = (int (*)(int))(uintptr_t)heap;
  printf("7x+3 (mprotect): f(7)=%d sum=%ld\n", f(7), run(f, 500));

  uint32_t *data = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  gen(data, 2, 0);
  pid_t p = fork();
  if (p == 0) {
    f = (int (*)(int))(uintptr_t)data;
    printf("not executable: f(7)=%d\n", f(7));
    _exit(0);
  }
  int st;
  waitpid(p, &st, 0);
  printf("jump to non-executable memory: %s %d\n", WIFSIGNALED(st) ? "signal" : "exit",
         WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
  munmap(code, 4096);
  return 0;
}
