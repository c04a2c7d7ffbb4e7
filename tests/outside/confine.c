/* confine.c - a guest that reaches for memory it does not own: the profiling IP's
 * registers (0x80000000 on the ML300 board: EVENT, CTRL.CLEAR), the translator's
 * stubs, state, counters and code cache (0x0C000000..0x0E000000), the RAM above
 * them, just past the top of the stack, the null page and the top of the address
 * space; by loads and stores,
 * through constant addresses (lui), pointers from memory, addresses computed from
 * a valid pointer, and the unaligned, byte, halfword and FPU accesses.  Under
 * Linux every one faults: SIGBUS at 0x80000000 and up (an address error: kernel
 * space), SIGSEGV below; the handler prints the signal and the fault address and
 * leaves by siglongjmp.  It also forges 100,000 events: under hwprof --confine on none
 * arrives, so the profile stays the program's (hwprof compare checks the counts
 * against qemu-mips's).  The output is the same under qemu-mips.  With the argument
 * wild-sp, a handler returns with $sp in the translator's memory: SIGSEGV.  With
 * wild-gp, $gp is made from constants (lui, addiu, as a PIC prologue starts), first
 * the address of a word of its own, which a store through it sets, then the
 * translator's sw counters: SIGSEGV. */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>

static sigjmp_buf env;
static volatile uintptr_t fault_addr;
static volatile int faults, fault_sig;

static void on_fault(int sig, siginfo_t *si, void *ctx) {
  (void)ctx;
  fault_sig = sig;
  fault_addr = (uintptr_t)si->si_addr;
  faults++;
  siglongjmp(env, 1);
}

/* Pointers the compiler cannot see through. */
static volatile uintptr_t targets[] = {
    0x80000000u, /* the IP: CONFIG */
    0x80000004u, /* CTRL (CLEAR) */
    0x80000010u, /* EVENT */
    0x80010000u, /* the EVENT window */
    0x80100000u, /* the UART */
    0x0C000000u, /* the exit stubs */
    0x0C001F00u, /* the CPU state */
    0x0C100000u, /* sw counters */
    0x0D000000u, /* the code cache */
    0x0E100000u, /* RAM above the translator */
    0x0BFF0000u, /* above the stack (hwprof: the guard) */
    0xFFFFFFF0u, /* the top of the address space */
    0x00000010u, /* the null page */
};

enum { LOAD_W, STORE_W, STORE_B, STORE_H, LOAD_H, STORE_F, LOAD_D, STORE_UNALIGNED };
static const char *const kind_name[] = {"lw", "sw", "sb", "sh", "lhu", "swc1", "ldc1", "swl/swr"};

static void access(uintptr_t a, int kind) {
  volatile uint32_t *w = (volatile uint32_t *)a;
  switch (kind) {
  case LOAD_W: (void)*w; break;
  case STORE_W: *w = 0x00400000u; break;
  case STORE_B: *(volatile uint8_t *)a = 1; break;
  case STORE_H: *(volatile uint16_t *)a = 1; break;
  case LOAD_H: (void)*(volatile uint16_t *)a; break;
  case STORE_F: *(volatile float *)a = 1.5f; break;
  case LOAD_D: (void)*(volatile double *)a; break;
  case STORE_UNALIGNED: {
    uint32_t v = 0x12345678;
    memcpy((void *)(a + 1), &v, 4); /* gcc: swl/swr */
    break;
  }
  }
}

static void try(const char *what, uintptr_t a, int kind) {
  fault_addr = 0;
  if (!sigsetjmp(env, 1)) {
    access(a, kind);
    printf("%-14s %-7s %#010lx: no fault\n", what, kind_name[kind], (unsigned long)a);
  } else {
    printf("%-14s %-7s %#010lx: %s at %#010lx\n", what, kind_name[kind], (unsigned long)a,
           fault_sig == SIGBUS ? "SIGBUS" : "SIGSEGV", (unsigned long)fault_addr);
  }
}

/* A handler that returns with a wild stack pointer in its context. */
static void wild_sp(int sig, siginfo_t *si, void *ctx) {
  (void)sig, (void)si;
  ((ucontext_t *)ctx)->uc_mcontext.gregs[29] = 0x0C100000u;
}

static volatile uint32_t gp_word;

/* Stores v through $gp set from the constant address of gp_word, then through
 * $gp = 0x0C100000 (the sw counters), in the next block, whose translation takes
 * $gp as checked: the second store faults (else the program goes on). */
static void wild_gp(uint32_t v) {
  __asm__ volatile(".set push\n.set noreorder\n"
                   "move $t0, $gp\n"
                   "lui $gp, %%hi(gp_word)\n"
                   "addiu $gp, $gp, %%lo(gp_word)\n"
                   "sw %0, 0($gp)\n"
                   "move $gp, $t0\n"
                   ".set pop\n" ::"r"(v)
                   : "t0", "memory");
  printf("stored %u through a constant $gp\n", (unsigned)gp_word);
  __asm__ volatile(".set push\n.set noreorder\n"
                   "move $t0, $gp\n"
                   "lui $gp, 0x0c10\n"
                   "b 1f\n"
                   "nop\n"
                   "1: sw %0, 0x2000($gp)\n"
                   "move $gp, $t0\n"
                   ".set pop\n" ::"r"(v)
                   : "t0", "memory");
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (argc > 1 && !strcmp(argv[1], "wild-gp")) { /* dies of SIGSEGV, as under Linux */
    wild_gp(7);
    puts("survived a wild global pointer");
    return 0;
  }
  if (argc > 1 && !strcmp(argv[1], "wild-sp")) { /* dies of SIGSEGV, as under Linux */
    struct sigaction w;
    memset(&w, 0, sizeof w);
    w.sa_sigaction = wild_sp;
    w.sa_flags = SA_SIGINFO;
    sigaction(SIGUSR1, &w, NULL);
    raise(SIGUSR1);
    puts("survived a wild stack pointer");
    return 0;
  }
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_fault;
  sa.sa_flags = SA_SIGINFO | SA_NODEFER;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, NULL);
  sigaction(SIGBUS, &sa, NULL);

  for (unsigned i = 0; i < sizeof targets / sizeof targets[0]; i++)
    for (int k = LOAD_W; k <= STORE_UNALIGNED; k++)
      try("pointer", targets[i], k);

  /* Constant addresses: lui and an offset, as for a global. */
  if (!sigsetjmp(env, 1)) {
    *(volatile uint32_t *)0x80000010u = 0x00400000u;
    puts("constant EVENT store: no fault");
  } else {
    printf("constant EVENT store: signal %d at %#010lx\n", fault_sig, (unsigned long)fault_addr);
  }
  if (!sigsetjmp(env, 1)) {
    *(volatile uint32_t *)0x0C100010u = 0xDEADBEEFu;
    puts("constant counter store: no fault");
  } else {
    printf("constant counter store: signal %d at %#010lx\n", fault_sig, (unsigned long)fault_addr);
  }

  /* From a valid pointer: the top of the stack, then past it. */
  volatile char local = 0;
  uintptr_t sp = (uintptr_t)&local;
  static const uint32_t steps[] = {0x10000, 0x100000, 0x1000000, 0x10000000};
  for (unsigned i = 0; i < sizeof steps / sizeof steps[0]; i++) {
    uintptr_t step = steps[i];
    fault_addr = 0;
    if (!sigsetjmp(env, 1)) {
      *(volatile uint32_t *)(sp + step) = 1;
      printf("stack + %#x: no fault\n", (unsigned)step);
    } else {
      printf("stack + %#x: signal %d at stack + %#lx\n", (unsigned)step, fault_sig,
             (unsigned long)(fault_addr - sp));
    }
  }

  /* 100,000 forged events (the address of main, as a probe would store it). */
  volatile int forged = 0;
  for (int i = 0; i < 100000; i++)
    if (!sigsetjmp(env, 1)) {
      *(volatile uint32_t *)(targets[2]) = (uint32_t)(uintptr_t)main;
      forged++;
    }
  printf("forged events stored: %d; faults: %d\n", forged, faults);
  return 0;
}
