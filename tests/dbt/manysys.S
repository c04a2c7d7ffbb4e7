/*
 * manysys.S - system calls from 40 call sites, more (site, number) pairs than the
 * profiling IP's system-call table holds (32 entries by default): each site calls
 * getpid (4020) three times, and one more site calls getuid (4024) once, so
 * the IP's table must be drained while the program runs.  Exits 0.
 */
#include "../guest/asm/common.h"
        .text
        .globl  __start
        .ent    __start
__start:
        li      $s0, 3
1:
        .rept   40
        li      $v0, 4020
        syscall
        .endr
        addiu   $s0, $s0, -1
        bnez    $s0, 1b
        nop
        li      $v0, 4024
        syscall
        EXIT    0
        .end    __start
