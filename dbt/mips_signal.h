/*
 * mips_signal.h - MIPS o32 signal numbers, flags, frame layouts and signal sets,
 * for the guest's signal state (guest_signal.c) and the frames the runtime
 * delivers them on (sigframe.c).
 */
#ifndef HWPROF_DBT_MIPS_SIGNAL_H
#define HWPROF_DBT_MIPS_SIGNAL_H

#include <stdint.h>

/* MIPS signal numbers and flags. */
enum { SIGALRM_ = 14, SIGCHLD_ = 18, SIGWINCH_ = 20, SIGURG_ = 21 };
enum { SIGSTOP_ = 23, SIGTSTP_ = 24, SIGCONT_ = 25, SIGTTIN_ = 26, SIGTTOU_ = 27 };
#define SA_SIGINFO_   0x00000008u
#define SA_ONSTACK_   0x08000000u
#define SA_NODEFER_   0x40000000u
#define SA_RESETHAND_ 0x80000000u
#define SS_ONSTACK_   1u
#define SS_DISABLE_   2u
#define SI_USER_      0
#define SI_KERNEL_    0x80
#define MIPS_EINTR    4
#define MIPS_EINVAL   22
#define MIPS_EFAULT   14

/* o32 layouts (Linux arch/mips: sigcontext.h, ucontext.h, signal.c). */
#define SC_PC       8
#define SC_REGS     16
#define SC_FPREGS   272
#define SC_FPC_CSR  532
#define SC_USED_FP  540
#define SC_MDHI     552
#define SC_MDLO     560
#define SC_SIZE     592
#define SF_SC       24 /* struct sigframe: sf_ass[4], sf_pad[2], sf_sc, sf_mask */
#define SF_MASK     (SF_SC + SC_SIZE)
#define SF_SIZE     (SF_MASK + 16)
#define RS_INFO     24 /* struct rt_sigframe: rs_ass[4], rs_pad[2], rs_info, rs_uc */
#define RS_UC       (RS_INFO + 128)
#define UC_STACK    8 /* ucontext: uc_flags, uc_link, uc_stack (sp, size, flags) */
#define UC_MCONTEXT 24
#define UC_SIGMASK  (UC_MCONTEXT + SC_SIZE)
#define RS_SIZE     (RS_UC + UC_SIGMASK + 128) /* glibc's sigset_t is 128 bytes */

/* Signal sets: four words, signal n in bit (n - 1) % 32 of word (n - 1) / 32. */
static inline uint32_t sig_bit(int sig) {
  return 1u << ((unsigned)(sig - 1) % 32);
}
static inline int sig_in(const uint32_t set[4], int sig) {
  return (set[(sig - 1) / 32] & sig_bit(sig)) != 0;
}
static inline void sig_add(uint32_t set[4], int sig) {
  set[(sig - 1) / 32] |= sig_bit(sig);
}
static inline void sig_del(uint32_t set[4], int sig) {
  set[(sig - 1) / 32] &= ~sig_bit(sig);
}

#endif
