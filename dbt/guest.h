/*
 * guest.h - the guest process: a static MIPS32 o32 Linux executable in the
 * board's RAM, its memory map, and the Linux system calls it makes.
 *
 * Guest memory is identity-mapped into the board's RAM (guest address a is
 * PowerPC physical address a):
 *
 *   [0, 64 KiB)                     never mapped by the guest (null pointers)
 *   ELF segments ... brk heap       up to DBT_BRK_MAX
 *   [DBT_MMAP_BASE, DBT_MMAP_END)   mmap2 (first fit, 4 KiB pages)
 *   [DBT_STACK_BASE, ..._FLOOR)     off the bus: below the stack, a guard
 *   [DBT_STACK_FLOOR, DBT_GUEST_TOP) the stack, Linux's 8 MiB (RLIMIT_STACK, as
 *                                   qemu-mips gives it); argv, envp, auxv at the top,
 *                                   from DBT_STACK_ALIGN
 *   [DBT_GUEST_TOP, DBT_GUARD_TOP)  64 KiB off the bus: a guard (translate.c, confine)
 *   [DBT_GUARD_TOP, ...)            the translator's: exit stubs, CPU state,
 *                                   counters, code cache (dbt.h)
 *
 * With --confine, guest loads and stores above DBT_GUEST_TOP trap (translate.c) and
 * the pages below it that the guest has not mapped (owned) are off the board's
 * bus (confine.c); without it, both reach what is there.
 */
#ifndef HWPROF_DBT_GUEST_H
#define HWPROF_DBT_GUEST_H

#include <stdint.h>
#include <stdio.h>

#include "errf.h"

#define DBT_GUEST_MIN   0x00010000u
#define DBT_BRK_MAX     0x04000000u
#define DBT_MMAP_BASE   0x04000000u
#define DBT_MMAP_END    0x0B000000u
#define DBT_STACK_BASE  0x0B000000u
#define DBT_GUEST_TOP   0x0BFF0000u
#define DBT_STACK_LIMIT (8u << 20) /* RLIMIT_STACK: a deeper stack faults (SIGSEGV) */
#define DBT_STACK_FLOOR (DBT_GUEST_TOP - DBT_STACK_LIMIT)
#define DBT_GUARD_TOP   0x0C000000u /* [DBT_GUEST_TOP, here): off the bus (translate.c, confine) */
#define DBT_PAGE        4096u
/* The initial stack pointer's alignment (guest_build_stack): 8 KiB, the ML300's data
 * cache way (256 sets of 32-byte lines), so that where the program's stack frames fall
 * in that cache does not depend on how long its arguments and environment are.  Linux
 * pads there too (arch_align_stack, at random, less than a page or two). */
#define DBT_STACK_ALIGN 8192u

#define GUEST_MAX_SEGS 16

#define GUEST_NSIG       128
#define GUEST_NRLIMIT    16 /* Linux's RLIM_NLIMITS */
#define GUEST_MAX_FRAMES 64 /* handlers running at once, nested */
#define GUEST_SIG_DFL    0u
#define GUEST_SIG_IGN    1u

typedef struct guest_sigaction {
  uint32_t handler, flags, mask[4];
} guest_sigaction;

typedef struct guest {
  uint8_t *mem; /* guest address a is mem[a] */
  uint32_t entry;
  uint32_t text_lo, text_hi; /* executable segments' span */
  uint32_t phdr, phnum;      /* AT_PHDR, AT_PHNUM */
  uint32_t brk_start, brk;
  uint32_t sp;        /* the initial stack pointer */
  uint8_t *mmap_used; /* a byte per page of the mmap area */
  uint8_t *exec;      /* a byte per page of guest memory: executable (PROT_EXEC) */
  uint8_t *owned;     /* a byte per page of guest memory: mapped (its ELF segments, the
                         brk heap, mmap's pages, the stack area); system calls refuse
                         buffers elsewhere (EFAULT), --confine takes the rest off the bus */
  int map_changed;    /* owned changed since the runtime last looked (rt_confine_sync) */
  int code_changed;   /* executable memory was mapped, unmapped, made (not) executable or
                         flushed (cacheflush) since the runtime last looked: retranslate */
  char exe[4096];     /* absolute path, for readlink("/proc/self/exe") */
  /* Symbols (STT_FUNC) for reports, sorted by address.  own: the program's
   * own code (guest_syms.c); from: what the symbol table says of the function's
   * object (GUEST_SYM_*); file: its STT_FILE group (1, 2, ...), for locals. */
  struct guest_sym {
    uint32_t addr, size;
    const char *name;
    int own;
    int from;
    unsigned file;
  } * syms;
  unsigned nsyms;
  char *strtab;
  /* System calls. */
  int strict;          /* an unknown system call is fatal */
  FILE *log;           /* the runtime's own messages: stderr, or a file (guest_log.c) */
  char *log_path;      /* that file's absolute path (NULL: stderr), for exec'd programs */
  uint8_t warned[512]; /* unknown numbers reported once */
  int exited, exit_status;
  char fatal[256];           /* set when a system call stops the run (strict mode) */
  uint32_t call_nr, call_pc; /* the system call being carried out, for guest_refuse */
  uint32_t refused[64];      /* guest_refuse's texts reported (hashes) */
  unsigned nrefused;
  /* Processes (process.c). */
  int child; /* this process is a fork of the first: no reports, it exits as the guest does */
  int exited_by_signal; /* the guest died of signal exit_status - 128 */
  /* The guest's clocks (guest_clock.c): GUEST_CLOCK_BOARD, the board's simulated
   * time (board_ns, which the runtime sets before each system call, plus the time
   * the guest slept), or GUEST_CLOCK_HOST, the host's. */
  int clock;
  uint32_t cpu_hz;                 /* the board's CPU clock */
  uint64_t board_ns;               /* the board's time since the run started */
  uint64_t slept_ns;               /* board clock: nanosleep's time, which passes without cycles */
  uint32_t tls;                    /* set_thread_area */
  uint64_t rand_state;             /* getrandom's generator (0: not started) */
  uint64_t rlim[GUEST_NRLIMIT][2]; /* resource limits, soft and hard (guest_rlimit.c) */
  uint32_t sigmask[4];             /* rt_sigprocmask's blocked set (128 signals) */
  /* Signals (guest_signal.c): actions, pending signals (with their si_code), the
   * alternate stack, the timer (alarm, setitimer) on the guest's monotonic clock,
   * sigsuspend's saved mask, and the frames of the handlers running, innermost
   * last. */
  guest_sigaction sigact[GUEST_NSIG];
  uint32_t sigpending[4];
  int sigcode[GUEST_NSIG];
  uint32_t alt_sp, alt_size;
  uint64_t timer_at_ns, timer_interval_ns; /* 0: no timer */
  uint32_t sigmask_saved[4];
  int suspended;
  struct {
    uint32_t frame;
    int rt;
  } frames[GUEST_MAX_FRAMES];
  unsigned nframes;
  uint64_t syscalls;
} guest;

enum { GUEST_CLOCK_BOARD, GUEST_CLOCK_HOST };
/* CLOCK_REALTIME at the start of a run under the board clock: 2000-01-01 00:00:00 UTC. */
#define GUEST_BOARD_EPOCH 946684800u

/* Validates and loads the executable into mem (which spans DBT_GUEST_TOP bytes),
 * then builds the initial stack from argv and envp.  Returns 0, or -1 with a
 * message naming what is wrong with the file. */
int guest_load(guest *g, uint8_t *mem, const char *path, int argc, char *const argv[],
               char *const envp[], char *err, size_t errlen);
void guest_free(guest *g);
/* The auxiliary vector's entries (Linux's include/uapi/linux/auxvec.h; the cache
 * line sizes: arch/powerpc/include/uapi/asm/auxvec.h). */
enum {
  AT_NULL = 0,
  AT_PHDR = 3,
  AT_PHENT = 4,
  AT_PHNUM = 5,
  AT_PAGESZ = 6,
  AT_BASE = 7,
  AT_FLAGS = 8,
  AT_ENTRY = 9,
  AT_UID = 11,
  AT_EUID = 12,
  AT_GID = 13,
  AT_EGID = 14,
  AT_PLATFORM = 15,
  AT_HWCAP = 16,
  AT_CLKTCK = 17,
  AT_DCACHEBSIZE = 19,
  AT_ICACHEBSIZE = 20,
  AT_UCACHEBSIZE = 21,
  AT_SECURE = 23,
  AT_BASE_PLATFORM = 24,
  AT_RANDOM = 25,
  AT_EXECFN = 31
};
/* The initial stack as Linux builds it, below DBT_GUEST_TOP in mem (guest address a is
 * mem[a]): the strings (path, platform, envp, argv), 16 fixed AT_RANDOM bytes, then
 * argc, argv, envp and the auxiliary vector aux[0..naux), which ends with AT_NULL
 * and whose AT_EXECFN, AT_RANDOM, AT_PLATFORM and AT_BASE_PLATFORM values this
 * fills in.  *sp: 16-byte aligned.  0, or -1 when it does not fit the stack.  The
 * MIPS guest's (guest_load), and a native PPC32 program's (native/). */
int guest_build_stack(uint8_t *mem, const char *path, const char *platform, int argc,
                      char *const argv[], char *const envp[], uint32_t (*aux)[2], unsigned naux,
                      uint32_t *sp, char *err, size_t errlen);
/* The runtime's own messages (g->log) appended to the file `path` from now on,
 * not written to stderr (guest_log.c).  0, or -1 with the reason in err. */
int guest_log_to(guest *g, const char *path, char *err, size_t errlen);
/* Back to stderr; the file's FILE closed. */
void guest_log_close(guest *g);

/* The program's functions (guest_syms.c).  The function containing addr, or NULL;
 * *off is addr's offset in it. */
const char *guest_symbol(const guest *g, uint32_t addr, uint32_t *off);
/* 1 when addr is in the program's own code (struct guest_sym.own). */
int guest_own_code(const guest *g, uint32_t addr);
/* What a function's object is, by its STT_FILE name: GUEST_SYM_OWN (a source file
 * of the program), GUEST_SYM_CRT (gcc's crtstuff.c) or GUEST_SYM_LIB (a library's
 * object, "*.o", or the linker's own, ""); a global function is GUEST_SYM_GLOBAL. */
enum { GUEST_SYM_GLOBAL, GUEST_SYM_OWN, GUEST_SYM_CRT, GUEST_SYM_LIB };
int guest_sym_source(const char *file);
/* Sets each function's own flag from what the symbol table tells (g->syms sorted). */
void guest_own_classify(guest *g);
/* Marks the functions whose names match the fnmatch(3) pattern as own code (--own);
 * how many matched. */
unsigned guest_own_add(guest *g, const char *pattern);

/* One system call: r[0..31] are the MIPS GPRs.  Sets r[2] (v0) and r[7] (a3).
 * pc is the syscall's address, for messages.
 * Returns 0 to go on, 1 when the guest exited (g->exited) or a strict-mode
 * failure stopped it (g->fatal). */
int guest_syscall(guest *g, uint32_t r[32], uint32_t pc);
/* The time system calls (guest_clock.c), for guest_syscall: NR is the MIPS o32
 * number, a[] its arguments.  Returns 1 and sets *ret (a result or -errno) when
 * NR is one of them, else 0. */
int guest_clock_call(guest *g, uint32_t nr, const uint32_t a[4], int64_t *ret);
/* getrlimit, setrlimit, prlimit64 (guest_rlimit.c), as guest_clock_call; the
 * table set to Linux's defaults at load by guest_rlimit_init. */
int guest_rlimit_call(guest *g, uint32_t nr, const uint32_t a[4], int64_t *ret);
void guest_rlimit_init(guest *g);
/* The process system calls (process.c): fork, clone, execve, wait4, getppid, pipe,
 * pipe2, dup2, dup3.  Returns 1 and sets *ret (and r[3] for pipe, r[29] in a
 * clone's child) when NR is one of them, else 0.  a[]: the six arguments. */
int guest_process_call(guest *g, uint32_t nr, uint32_t r[32], const uint32_t a[6], int64_t *ret);
/* kill(pid, sig) to another process: 1 and *ret when pid is not this one's. */
int guest_kill_other(guest *g, uint32_t pid, uint32_t sig, int64_t *ret);
/* The host's number for MIPS signal n, 0 when the host has none. */
int guest_host_signal(int n);
/* Ends a forked guest process with its status (128 + N: dies of signal N when
 * exited_by_signal), writing nothing.  Does not return. */
void guest_child_exit(const guest *g, int status);
/* The guest's errno value for a host one (syscall.c). */
int guest_errno(int host);
/* A host call's result as the guest's: r, or -errno (the guest's) when r < 0. */
int64_t guest_ret(long r);
/* A NUL-terminated string in guest memory, or NULL when it leaves it (syscall.c). */
const char *guest_str(const guest *g, uint32_t a);

/* The signal system calls (guest_signal.c): rt_sigaction, sigaltstack, alarm,
 * setitimer, getitimer, pause, rt_sigsuspend.  Returns 1 and sets *ret when NR is
 * one of them, else 0.  sp: the guest's stack pointer. */
int guest_signal_call(guest *g, uint32_t nr, const uint32_t a[4], uint32_t sp, int64_t *ret);
/* Signal sig becomes pending, with si_code code (SI_USER 0, SI_TKILL -6, ...). */
void guest_raise(guest *g, int sig, int code);
/* The timer, if due by the guest's clock now: SIGALRM pending, the next period armed. */
void guest_timer_check(guest *g);

/* The files' and descriptors' calls (guest_fs.c) and the sockets' (guest_socket.c),
 * as guest_clock_call. */
int guest_fs_call(guest *g, uint32_t nr, const uint32_t a[6], int64_t *ret);
int guest_socket_call(guest *g, uint32_t nr, const uint32_t a[6], int64_t *ret);
/* o32's open flags as the host's, and back (guest_fs.c). */
int guest_host_oflags(uint32_t mips);
uint32_t guest_mips_oflags(int host);
/* A directory descriptor argument (AT_FDCWD is -100 on both). */
int guest_dirfd(uint32_t d);
struct iovec;
/* The guest's iovec array (cnt entries at iov) as the host's in v[1024]: 0, or
 * -EINVAL (too many), -EFAULT. */
int64_t guest_iovec(const guest *g, uint32_t iov, uint32_t cnt, struct iovec *v);
/* Part of a call the runtime does not carry out (an fcntl command, a flag):
 * reported once per run by its text (fmt), fatal under --strict; returns err
 * (guest_mem.c). */
int64_t guest_refuse(guest *g, int64_t err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The name of MIPS o32 system call n ("write"), or NULL when Linux has none (guest_mem.c). */
const char *guest_syscall_name(uint32_t n);

/* 1 when the guest may execute the instruction at pc (its text, or memory it
 * mapped or mprotect'ed with PROT_EXEC). */
static inline int guest_executable(const guest *g, uint32_t pc) {
  return pc >= DBT_GUEST_MIN && pc < DBT_GUEST_TOP && g->exec[pc / DBT_PAGE];
}

/* Big-endian words in memory (guest and translator alike). */
static inline uint32_t dbt_be32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static inline void dbt_put_be32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}

/* [a, a + n) is inside the guest's memory (DBT_GUEST_MIN up to DBT_GUEST_TOP). */
static inline int guest_in_range(uint32_t a, uint32_t n) {
  return a >= DBT_GUEST_MIN && a <= DBT_GUEST_TOP && n <= DBT_GUEST_TOP - a;
}

/* The memory map as Linux keeps it, for any ABI's system calls (guest_mem.c): the
 * brk heap up to DBT_BRK_MAX, the mmap area [DBT_MMAP_BASE, DBT_MMAP_END) by first
 * fit of 4 KiB pages (a file mapping is a private copy taken now; a shared one of a
 * file open for writing is refused), mremap in place or moved, the pages' PROT_EXEC.
 * Errors are -errno as the host numbers them: the caller gives them its ABI's
 * numbers.  mmap's flags as Linux numbers them for MIPS; another ABI converts. */
#define GUEST_MAP_SHARED 0x1
#define GUEST_MAP_FIXED  0x10
#define GUEST_MAP_ANON   0x800
int64_t guest_brk(guest *g, uint32_t want);
int64_t guest_mmap(guest *g, uint32_t addr, uint32_t len, uint32_t prot, uint32_t flags,
                   uint32_t fd, uint64_t off);
int64_t guest_munmap(guest *g, uint32_t addr, uint32_t len);
int64_t guest_mremap(guest *g, uint32_t addr, uint32_t old_len, uint32_t new_len, uint32_t flags);
int64_t guest_mprotect(guest *g, uint32_t addr, uint32_t len, uint32_t prot);
/* getrandom: len fixed-sequence bytes at a (the same in every run); len or -EFAULT. */
int64_t guest_getrandom(guest *g, uint32_t a, uint32_t len);

/* Pages [a, a + n) rounded out become mapped (own 1) or not (syscall.c). */
void guest_own(guest *g, uint32_t a, uint32_t n, int own);
/* [a, a + n) is inside the guest's memory and mapped. */
int guest_owns(const guest *g, uint32_t a, uint32_t n);

/* Reads/writes a big-endian word of guest memory (addresses must be valid). */
static inline uint32_t guest_rd32(const guest *g, uint32_t a) {
  return dbt_be32(g->mem + a);
}
static inline void guest_wr32(guest *g, uint32_t a, uint32_t v) {
  dbt_put_be32(g->mem + a, v);
}
/* ... a big-endian halfword (o32's shorts: flock's type, poll's events, an address's
 * family). */
static inline uint16_t guest_rd16(const guest *g, uint32_t a) {
  return (uint16_t)(g->mem[a] << 8 | g->mem[a + 1]);
}
static inline void guest_wr16(guest *g, uint32_t a, uint16_t v) {
  g->mem[a] = (uint8_t)(v >> 8), g->mem[a + 1] = (uint8_t)v;
}
/* ... a big-endian doubleword (o32's 64-bit fields: high word first). */
static inline uint64_t guest_rd64(const guest *g, uint32_t a) {
  return (uint64_t)guest_rd32(g, a) << 32 | guest_rd32(g, a + 4);
}
static inline void guest_wr64(guest *g, uint32_t a, uint64_t v) {
  guest_wr32(g, a, (uint32_t)(v >> 32));
  guest_wr32(g, a + 4, (uint32_t)v);
}

#endif
