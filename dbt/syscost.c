/*
 * syscost.c - a system call's cycles, as a PPC405 Linux kernel would spend them.
 *
 * The runtime carries a call out on the host (syscall.c; native/syscall.c for the
 * native runs), so the board charges what the kernel's part would cost its CPU:
 *
 *   entry and exit  121 cycles: Linux's 40x system-call path, counted instruction by
 *                   instruction in arch/powerpc (2.6.35 era: head_40x.S's
 *                   NORMAL_EXCEPTION_PROLOG and EXC_XFER_EE_LITE for the 0xC00
 *                   vector, 40; entry_32.S's transfer_to_handler, 24, and DoSyscall
 *                   up to the blrl into the table, 19; ret_from_syscall and
 *                   syscall_exit_cont to the rfi, 27: 110 instructions, all assembly,
 *                   no pending work), costed as the board costs them (vboard_timing.c:
 *                   2 rfi at 4 cycles, 1 mtmsr at 2, the blrl at 2, the other 106 at
 *                   1: 118), and a trivial sys_* body (lwz, blr: 3).
 *   its accesses    the frame it saves the user's registers in (26 stores, 15 loads:
 *                   six lines of the kernel stack), the thread's flags and the
 *                   system-call table (a line each), through the data cache like the
 *                   CPU's own: they can evict the program's lines, and their fills
 *                   are charged as the data cache's.
 *   the copy        read- and write-like calls (read, write, pread64, pwrite64) copy
 *                   their bytes with __copy_tofrom_user (arch/powerpc/lib/copy_32.S):
 *                   19 cycles a 32-byte line in its main loop (dcbt, dcbz, 8 lwz, 8 stw,
 *                   bdnz) and 52 of set-up and tail, or, below a line, 15 + 3 a word +
 *                   5 a byte; the user's lines go through the data cache (the kernel's
 *                   side, the page cache, is not modelled).
 *
 * A signal's delivery is charged the same way (dbt_signal_charge): the frame's bytes
 * copied out to the user's stack as the copy above copies them (Linux stores them with
 * __put_user one register at a time: about as many cycles as the copy's, a line at a
 * time through the data cache), and the kernel's trip on which do_signal builds it
 * (the entry and exit above) unless the delivery rides on a system call's, whose trip
 * is charged already: a fault's or a trap's exception, a timer's interrupt pay their
 * own.  Its return, rt_sigreturn, is a system call in Linux (the trampoline's),
 * charged its trip and the frame's bytes copied back in.
 *
 * What is left out: the work of a call beyond that (path lookups, the file system,
 * the scheduler; a call that sleeps), the software TLB reloads a 40x kernel takes on
 * the way (about 47 instructions a miss), readv/writev's copies, and the structures
 * other calls copy (stat's, clock_gettime's: a few words each).
 *
 *   uint64_t c = dbt_syscall_charge(b, &dbt_sys_mips_o32, nr, buf, result, &bytes);
 */
#include "dbt.h"

#define PATH_CYCLES  121u
#define KSTACK_FRAME 0x0C0FDF00u /* the nominal pt_regs frame: 6 lines below 0x0C0FE000 */
#define FRAME_LINES  6u
#define KERNEL_DATA  0x0C0FE000u /* the thread's flags and sys_call_table's entry: 2 lines */
#define LINE         32u

const dbt_sys_abi dbt_sys_mips_o32 = {4003, 4004, 4200, 4201};
const dbt_sys_abi dbt_sys_ppc32 = {3, 4, 179, 180};

/* __copy_tofrom_user's instruction cycles for n bytes. */
static uint64_t copy_cycles(uint64_t n) {
  if (n < LINE)
    return 15 + 3 * (n / 4) + 5 * (n % 4);
  return 52 + 19 * (n / LINE) + 3 * (n % LINE / 4) + 5 * (n % 4);
}

/* The kernel's trip, entry and exit: its instruction cycles; its frame and data
 * through the data cache. */
static uint64_t trip(vboard *b) {
  for (uint32_t i = 0; i < FRAME_LINES; i++)
    vboard_data_access(b, KSTACK_FRAME + LINE * i, 4, 1);
  vboard_data_access(b, KERNEL_DATA, 4, 0);
  vboard_data_access(b, KERNEL_DATA + LINE, 4, 0);
  return PATH_CYCLES;
}

/* The user's n bytes at buf copied (to_user: written): the copy's instruction cycles;
 * the user's lines through the data cache. */
static uint64_t copy(vboard *b, uint32_t buf, uint32_t n, int to_user) {
  for (uint32_t a = buf & ~(LINE - 1); a - buf < n || a < buf; a += LINE)
    vboard_data_access(b, a, 4, to_user);
  return copy_cycles(n);
}

uint64_t dbt_syscall_charge(vboard *b, const dbt_sys_abi *abi, uint32_t nr, uint32_t buf,
                            int64_t result, uint32_t *copied) {
  uint64_t c = trip(b);
  int to_user = nr == abi->read || nr == abi->pread64;
  int from_user = nr == abi->write || nr == abi->pwrite64;
  uint32_t n = (to_user || from_user) && result > 0 ? (uint32_t)result : 0;
  if (n)
    c += copy(b, buf, n, to_user);
  vboard_charge(b, c);
  if (copied)
    *copied = n;
  return c;
}

uint64_t dbt_signal_charge(vboard *b, uint32_t frame, uint32_t bytes, int deliver, int own_trip) {
  uint64_t c = (own_trip ? trip(b) : 0) + copy(b, frame, bytes, deliver);
  vboard_charge(b, c);
  return c;
}
