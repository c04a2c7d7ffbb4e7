/*
 * traps_sub.S - sub: non-overflowing edge cases, then 0 - 0x80000000, which
 * overflows (while 0 + (-0x80000000) would not: an implementation through
 * negation gets this wrong).  Integer Overflow exception: the process dies of
 * SIGFPE (exit status 136 as a shell shows it).
 */
#include "common.h"

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "traps_sub: start"
        li      $t0, 0x80000000
        li      $t1, 0x80000000
        sub     $t2, $t0, $t1
        SHOW    "sub 0x80000000 0x80000000", $t2
        li      $t0, -1
        li      $t1, 0x7fffffff
        sub     $t2, $t0, $t1
        SHOW    "sub -1 0x7fffffff", $t2
        li      $t0, 0x7ffffffe
        li      $t1, -1
        sub     $t2, $t0, $t1
        SHOW    "sub 0x7ffffffe -1", $t2
        li      $t0, 0
        li      $t1, 0x80000000
        li      $t2, 0x5a5a5a5a
        PUTS    "traps_sub: sub 0 0x80000000 overflows (SIGFPE)"
        sub     $t2, $t0, $t1
        SHOW    "traps_sub: not reached", $t2
        EXIT    1
        .end    __start
