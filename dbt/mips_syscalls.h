/*
 * mips_syscalls.h - the MIPS o32 system calls the guest process has, by name
 * and number: one list for syscall.c (its dispatch, and the names in reports and
 * messages) and for the files that carry some of them out (guest_clock.c,
 * process.c, guest_signal.c).
 */
#ifndef HWPROF_DBT_MIPS_SYSCALLS_H
#define HWPROF_DBT_MIPS_SYSCALLS_H

#define MIPS_SYSCALLS(X)                                                                           \
  X(exit, 4001)                                                                                    \
  X(fork, 4002)                                                                                    \
  X(read, 4003)                                                                                    \
  X(write, 4004)                                                                                   \
  X(open, 4005)                                                                                    \
  X(close, 4006)                                                                                   \
  X(unlink, 4010)                                                                                  \
  X(execve, 4011)                                                                                  \
  X(time, 4013)                                                                                    \
  X(lseek, 4019)                                                                                   \
  X(getpid, 4020)                                                                                  \
  X(getuid, 4024)                                                                                  \
  X(alarm, 4027)                                                                                   \
  X(pause, 4029)                                                                                   \
  X(access, 4033)                                                                                  \
  X(kill, 4037)                                                                                    \
  X(dup, 4041)                                                                                     \
  X(pipe, 4042)                                                                                    \
  X(times, 4043)                                                                                   \
  X(brk, 4045)                                                                                     \
  X(getgid, 4047)                                                                                  \
  X(geteuid, 4049)                                                                                 \
  X(getegid, 4050)                                                                                 \
  X(ioctl, 4054)                                                                                   \
  X(dup2, 4063)                                                                                    \
  X(getppid, 4064)                                                                                 \
  X(setrlimit, 4075)                                                                               \
  X(getrlimit, 4076)                                                                               \
  X(gettimeofday, 4078)                                                                            \
  X(readlink, 4085)                                                                                \
  X(munmap, 4091)                                                                                  \
  X(ftruncate, 4093)                                                                               \
  X(setitimer, 4104)                                                                               \
  X(getitimer, 4105)                                                                               \
  X(wait4, 4114)                                                                                   \
  X(sysinfo, 4116)                                                                                 \
  X(clone, 4120)                                                                                   \
  X(uname, 4122)                                                                                   \
  X(mprotect, 4125)                                                                                \
  X(_llseek, 4140)                                                                                 \
  X(writev, 4146)                                                                                  \
  X(cacheflush, 4147)                                                                              \
  X(nanosleep, 4166)                                                                               \
  X(rt_sigaction, 4194)                                                                            \
  X(rt_sigprocmask, 4195)                                                                          \
  X(rt_sigsuspend, 4199)                                                                           \
  X(pread64, 4200)                                                                                 \
  X(pwrite64, 4201)                                                                                \
  X(getcwd, 4203)                                                                                  \
  X(sigaltstack, 4206)                                                                             \
  X(mmap2, 4210)                                                                                   \
  X(ftruncate64, 4212)                                                                             \
  X(stat64, 4213)                                                                                  \
  X(lstat64, 4214)                                                                                 \
  X(fstat64, 4215)                                                                                 \
  X(madvise, 4218)                                                                                 \
  X(fcntl64, 4220)                                                                                 \
  X(gettid, 4222)                                                                                  \
  X(exit_group, 4246)                                                                              \
  X(set_tid_address, 4252)                                                                         \
  X(clock_gettime, 4263)                                                                           \
  X(clock_getres, 4264)                                                                            \
  X(clock_nanosleep, 4265)                                                                         \
  X(tgkill, 4266)                                                                                  \
  X(set_thread_area, 4283)                                                                         \
  X(openat, 4288)                                                                                  \
  X(fstatat64, 4293)                                                                               \
  X(unlinkat, 4294)                                                                                \
  X(faccessat, 4300)                                                                               \
  X(set_robust_list, 4309)                                                                         \
  X(dup3, 4327)                                                                                    \
  X(pipe2, 4328)                                                                                   \
  X(prlimit64, 4338)                                                                               \
  X(getrandom, 4353)                                                                               \
  X(statx, 4366)                                                                                   \
  X(rseq, 4367)                                                                                    \
  X(clock_gettime64, 4403)                                                                         \
  X(clock_getres_time64, 4406)                                                                     \
  X(clock_nanosleep_time64, 4407)

enum {
#define X(name, nr) SYS_##name = nr,
  MIPS_SYSCALLS(X)
#undef X
};

#endif
