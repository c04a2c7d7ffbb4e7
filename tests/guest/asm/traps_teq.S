/*
 * traps_teq.S - integer division by zero as gcc compiles it: "div $0,a,b"
 * (which does not trap by itself; its result is undefined and not printed)
 * followed by "teq b, $0, 7".  First a teq that does not fire, then the one
 * that does.  Trap code 7 is BRK_DIVZERO: the Linux kernel sends SIGFPE
 * (FPE_INTDIV); qemu-mips 7.2 ignores the code and sends SIGTRAP.
 */
#include "common.h"

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "traps_teq: start"
        li      $t0, 100
        li      $t1, 7
        div     $zero, $t0, $t1
        teq     $t1, $zero, 7
        mflo    $t2
        mfhi    $t3
        SHOW    "100/7 lo", $t2
        SHOW    "100/7 hi", $t3
        li      $t1, 0
        PUTS    "traps_teq: dividing by zero, teq b,$0,7 fires"
        div     $zero, $t0, $t1
        teq     $t1, $zero, 7
        PUTS    "traps_teq: not reached"
        EXIT    1
        .end    __start
