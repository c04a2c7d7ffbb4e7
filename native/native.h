/*
 * native.h - a static PowerPC 32-bit Linux program run directly on the virtual
 * PPC405 board: the floor that every translated run is read against.
 *
 * The program is built for the board's CPU (powerpc-linux-gnu-gcc -mcpu=405
 * -mhard-float -O2 -static, linked at 0x400000 as the MIPS suite is) and loaded
 * into the board's RAM at its own addresses.  The board's CPU runs it with the
 * same cycle model, caches and memory latency as translated code.  What a PPC405
 * Linux kernel would do for it the runtime does on the host, from the board's
 * exceptions (vboard_on_exception):
 *
 *   - its system calls (sc): syscall.c, the PPC32 Linux numbers and layouts;
 *   - the FP instructions the 405 lacks (glibc for PPC32 assumes an FPU):
 *     emulated as the kernel's math emulation does (ppcfpu.c) and charged the
 *     soft-float cycles the translator's FPU gate is charged (dbt/fpcost.c),
 *     plus the program exception's entry and return (NATIVE_EMU_ENTRY).
 *
 *   native *n = native_new(board, err, sizeof err);
 *   native_load(n, "prog", argc, argv, environ, err, sizeof err);
 *   native_result r;
 *   native_run(n, 0, &r);          // r.board.stop, r.status, r.fp_insns, ...
 *
 * Memory is the MIPS guest's map (dbt/guest.h): the program from 64 KiB up, the
 * brk heap above it, mmap from DBT_MMAP_BASE, the stack below DBT_GUEST_TOP, so
 * that both runs put the same kinds of data at the same addresses of the same
 * caches.  Nothing above the guest's range is used.
 */
#ifndef HWPROF_NATIVE_H
#define HWPROF_NATIVE_H

#include <stdint.h>
#include <stdio.h>

#include "vboard.h"

typedef struct native native;

typedef struct native_result {
  vboard_result board; /* the board's run: cycles, instructions, caches, stop */
  int exited;          /* the program called exit/exit_group ... */
  int status;          /* ... with this status */
  uint64_t syscalls;   /* system calls made */
  uint64_t fp_insns;   /* FP instructions emulated */
  uint64_t fp_cycles;  /* ... and their cycles (entry, soft-float routines, return) */
  char message[320];   /* why the run stopped, when it did not exit */
} native_result;

/* A runtime on board b (which it does not own).  fp_image: the soft-float image
 * the FP instructions' cycles are measured with (firmware/fpcost.elf).  NULL and
 * a message on failure. */
native *native_new(vboard *b, const char *fp_image, char *err, size_t errlen);
/* The runtime's own messages (an unsupported system call) go to f (default stderr). */
void native_log_to(native *n, FILE *f);
/* Loads a static PPC32 big-endian Linux executable and builds its stack (argv,
 * envp, auxv).  0, or -1 naming what is wrong with the file. */
int native_load(native *n, const char *path, int argc, char *const argv[], char *const envp[],
                char *err, size_t errlen);
/* Runs it until it exits, faults, or the board reaches max_cycles (0: no
 * limit).  0 when it exited. */
int native_run(native *n, uint64_t max_cycles, native_result *r);
void native_free(native *n);

#endif
