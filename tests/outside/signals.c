/* signals.c - signal handlers: a SIGSEGV from a wild load caught and left by
 * siglongjmp; an integer division by zero (the compiler's teq) caught the same
 * way; an FPU division by zero with the exception enabled (SIGFPE); a break
 * (SIGTRAP) whose handler skips the instruction
 * by advancing the context's pc; raise with SA_SIGINFO (si_signo, si_code);
 * a signal blocked, raised, then delivered when unblocked; sa_mask and
 * SA_NODEFER; SA_RESETHAND (the second raise kills, in a child); an interval
 * timer (setitimer) and alarm interrupting busy loops; sigsuspend; SA_ONSTACK
 * on an alternate stack.  The output does not depend on timing. */
#define _GNU_SOURCE /* feenableexcept */
#include <fenv.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

static sigjmp_buf env;
static volatile sig_atomic_t got, depth, maxdepth, ticks, raised;
static volatile int zero;
static volatile double zero_d;
static int *volatile wild = (int *)8;
static char altstack[16384];
static volatile uintptr_t handler_sp;

static void jump_back(int sig) {
  got = sig;
  siglongjmp(env, 1);
}

static void skip_break(int sig, siginfo_t *si, void *ctx) {
  ucontext_t *uc = ctx;
  got = sig + 100 * (si->si_signo == sig);
  uc->uc_mcontext.pc += 4; /* past the break */
}

static void info(int sig, siginfo_t *si, void *ctx) {
  (void)ctx;
  printf("  handler: sig %d, si_signo %d, si_code %d\n", sig, si->si_signo, si->si_code);
}

static void count(int sig) {
  got = sig;
}

static void nested(int sig) {
  depth++;
  if (depth > maxdepth)
    maxdepth = depth;
  if (raised++ < 2)
    raise(sig); /* delivered inside only with SA_NODEFER, else after it returns */
  depth--;
}

static void tick(int sig) {
  (void)sig;
  ticks++;
}

static void where(int sig) {
  int local;
  (void)sig;
  handler_sp = (uintptr_t)&local;
}

static void set(int sig, void (*h)(int), int flags) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = h;
  sa.sa_flags = flags;
  sigemptyset(&sa.sa_mask);
  sigaction(sig, &sa, NULL);
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  struct sigaction sa;

  set(SIGSEGV, jump_back, 0);
  if (!sigsetjmp(env, 1))
    printf("%d\n", *wild);
  printf("SIGSEGV caught: %d\n", got);

  set(SIGFPE, jump_back, 0); /* Linux: SIGFPE; qemu-mips 7.2: SIGTRAP (the teq) */
  set(SIGTRAP, jump_back, 0);
  got = 0;
  if (!sigsetjmp(env, 1))
    printf("%d\n", 7 / zero);
  printf("division by zero caught: %d\n", got == SIGFPE || got == SIGTRAP);

  got = 0; /* an FPU exception, enabled: SIGFPE */
  feenableexcept(FE_DIVBYZERO);
  if (!sigsetjmp(env, 1))
    printf("%g\n", 1.0 / zero_d);
  fedisableexcept(FE_DIVBYZERO);
  printf("FPU division by zero caught: %d\n", got);

  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = skip_break;
  sa.sa_flags = SA_SIGINFO;
  sigaction(SIGTRAP, &sa, NULL);
  got = 0;
  __asm__ volatile("break 3");
  printf("SIGTRAP skipped: %d\n", got);

  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = info;
  sa.sa_flags = SA_SIGINFO;
  sigaction(SIGUSR1, &sa, NULL);
  printf("raise SIGUSR1:\n");
  raise(SIGUSR1);
  printf("kill SIGUSR1:\n");
  kill(getpid(), SIGUSR1);

  sigset_t block, old;
  sigemptyset(&block);
  sigaddset(&block, SIGUSR2);
  set(SIGUSR2, count, 0);
  got = 0;
  sigprocmask(SIG_BLOCK, &block, &old);
  raise(SIGUSR2);
  printf("blocked: got %d\n", got);
  sigprocmask(SIG_SETMASK, &old, NULL);
  printf("unblocked: got %d\n", got);

  set(SIGHUP, nested, 0);
  raise(SIGHUP);
  printf("deferred: depth reached %d\n", maxdepth);
  maxdepth = raised = 0;
  set(SIGHUP, nested, SA_NODEFER);
  raise(SIGHUP);
  printf("SA_NODEFER: depth reached %d\n", maxdepth);

  pid_t p = fork();
  if (p == 0) {
    set(SIGUSR2, count, SA_RESETHAND);
    raise(SIGUSR2);
    printf("child: first SIGUSR2 caught (%d)\n", got);
    raise(SIGUSR2);
    printf("child: not reached\n");
    _exit(0);
  }
  int st;
  waitpid(p, &st, 0);
  printf("SA_RESETHAND: child %s %d\n", WIFSIGNALED(st) ? "killed by signal" : "exited",
         WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));

  set(SIGALRM, tick, 0);
  struct itimerval it = {{0, 2000}, {0, 2000}};
  setitimer(ITIMER_REAL, &it, NULL);
  volatile unsigned long spin = 0;
  while (ticks < 5)
    spin++;
  it.it_value.tv_usec = it.it_interval.tv_usec = 0;
  setitimer(ITIMER_REAL, &it, NULL);
  printf("setitimer: %d ticks interrupted a busy loop\n", ticks);

  ticks = 0;
  alarm(1);
  sigset_t none;
  sigemptyset(&none);
  sigsuspend(&none);
  printf("alarm + sigsuspend: %d tick\n", ticks);

  stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0};
  sigaltstack(&ss, NULL);
  set(SIGUSR1, where, SA_ONSTACK);
  raise(SIGUSR1);
  printf("SA_ONSTACK: handler on the alternate stack: %d\n",
         handler_sp >= (uintptr_t)altstack && handler_sp < (uintptr_t)altstack + sizeof altstack);

  set(SIGSEGV, SIG_DFL, 0);
  printf("default action:\n");
  *wild = 1;
  return 0;
}
