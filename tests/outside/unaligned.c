/* unaligned.c - loads and stores not aligned to their size raise SIGBUS on MIPS
 * (an address error; qemu-mips gives SIGBUS where the Linux kernel would
 * emulate them): lw, lh, lhu, sw, sh, lwc1, ldc1 (8-byte), each in a child whose
 * status the parent prints; lwl/lwr and swl/swr (a packed struct) and byte
 * accesses at any address work. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char buf[64] __attribute__((aligned(8)));
static volatile int one = 1, two = 2, four = 4; /* offsets the compiler cannot see */

struct __attribute__((packed)) odd {
  char c;
  uint32_t u;
};

static void child(const char *what, int k) {
  pid_t p = fork();
  if (p == 0) {
    volatile char *b = buf + one;
    switch (k) {
    case 0: printf("%d\n", *(volatile int32_t *)b); break;
    case 1: printf("%d\n", *(volatile int16_t *)b); break;
    case 2: printf("%u\n", *(volatile uint16_t *)b); break;
    case 3: *(volatile int32_t *)b = 1; break;
    case 4: *(volatile int16_t *)b = 1; break;
    case 5: printf("%a\n", *(volatile float *)(buf + two)); break;
    case 6: __asm__ volatile("ldc1 $f0, 0(%0)" : : "r"(buf + four) : "$f0", "memory"); break;
    case 7: printf("%d\n", *(volatile int32_t *)(buf + two)); break;
    }
    _exit(0);
  }
  int st;
  waitpid(p, &st, 0);
  if (WIFSIGNALED(st))
    printf("%s: signal %d\n", what, WTERMSIG(st));
  else
    printf("%s: exit %d\n", what, WEXITSTATUS(st));
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  for (int i = 0; i < 64; i++)
    buf[i] = (char)i;
  const char *names[] = {"lw +1", "lh +1",   "lhu +1",  "sw +1",
                         "sh +1", "lwc1 +2", "ldc1 +4", "lw +2"};
  for (int k = 0; k < 8; k++)
    child(names[k], k);
  struct odd o[4];
  memset(o, 0, sizeof o);
  for (int i = 0; i < 4; i++)
    o[i].u = 0x01020304u * (uint32_t)(i + 1); /* swl/swr */
  uint32_t s = 0;
  for (int i = 0; i < 4; i++)
    s += o[i].u; /* lwl/lwr */
  volatile char *b = buf;
  printf("packed sum %#x, bytes %d\n", s, b[3] + b[5]);
  return 0;
}
