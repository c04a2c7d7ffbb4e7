/* holes.c - a guest that touches the free parts of its own address range: past
 * the end of its heap (brk), a page of an mmap it gave back with munmap, and below
 * its program; and hands such an address to write and read.  Under Linux each
 * access is SIGSEGV with si_addr the address, and each call fails with EFAULT;
 * the memory it does own (the heap after sbrk, the pages of the mmap it kept)
 * works.  The addresses differ between Linux (qemu-mips) and hwprof, so the
 * output names them by what they are; it is the same under both. */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static sigjmp_buf env;
static volatile uintptr_t fault_addr;
static volatile int fault_sig;

static void on_fault(int sig, siginfo_t *si, void *ctx) {
  (void)ctx;
  fault_sig = sig;
  fault_addr = (uintptr_t)si->si_addr;
  siglongjmp(env, 1);
}

/* A load and a store at a, described as what. */
static void try(const char *what, uintptr_t a) {
  for (int store = 0; store < 2; store++) {
    volatile uint32_t *w = (volatile uint32_t *)a;
    fault_addr = 0;
    if (!sigsetjmp(env, 1)) {
      if (store)
        *w = 0x5a5a5a5au;
      else
        (void)*w;
      printf("%-28s %-5s no fault\n", what, store ? "store" : "load");
    } else {
      printf("%-28s %-5s %s, si_addr %s\n", what, store ? "store" : "load",
             fault_sig == SIGSEGV ? "SIGSEGV" : "another signal",
             fault_addr == a ? "the address" : "another address");
    }
  }
}

static void syscalls(const char *what, uintptr_t a) {
  errno = 0;
  long w = write(1, (const void *)a, 16);
  printf("%-28s write: %ld %s\n", what, w,
         errno == EFAULT ? "EFAULT"
         : errno         ? "another error"
                         : "");
  errno = 0;
  long r = read(0, (void *)a, 16);
  printf("%-28s read:  %ld %s\n", what, r,
         errno == EFAULT ? "EFAULT"
         : errno         ? "another error"
                         : "");
}

int main(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_fault;
  sa.sa_flags = SA_SIGINFO;
  sigaction(SIGSEGV, &sa, NULL);
  sigaction(SIGBUS, &sa, NULL);
  const uintptr_t page = 4096;

  uintptr_t brk0 = (uintptr_t)sbrk(0);
  uintptr_t heap_end = (brk0 + page - 1) & ~(page - 1);
  try("16 pages past the heap", heap_end + 16 * page);
  char *grown = sbrk(8 * page);
  if (grown == (void *)-1)
    return 1;
  try("the heap, grown by sbrk", (uintptr_t)grown + 7 * page);
  try("16 pages past it", ((uintptr_t)sbrk(0) + page - 1) / page * page + 16 * page);

  char *m = mmap(NULL, 3 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED)
    return 1;
  try("mmap's first page", (uintptr_t)m);
  munmap(m + page, page);
  try("its second page, unmapped", (uintptr_t)m + page);
  try("its third page", (uintptr_t)m + 2 * page);
  syscalls("its second page", (uintptr_t)m + page);
  syscalls("16 pages past the heap", ((uintptr_t)sbrk(0) + page - 1) / page * page + 16 * page);
  try("below the program", 0x00100000u);
  return 0;
}
