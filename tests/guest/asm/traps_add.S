/*
 * traps_add.S - add: non-overflowing edge cases, then a signed overflow
 * (0x7fffffff + 1), which raises an Integer Overflow exception: the process
 * dies of SIGFPE (exit status 136 as a shell shows it).
 */
#include "common.h"

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "traps_add: start"
        li      $t0, 0x7ffffffe
        li      $t1, 1
        add     $t2, $t0, $t1
        SHOW    "add 0x7ffffffe 1", $t2
        li      $t0, 0x80000000
        li      $t1, 0x7fffffff
        add     $t2, $t0, $t1
        SHOW    "add 0x80000000 0x7fffffff", $t2
        li      $t0, -1
        add     $t2, $t0, $t0
        SHOW    "add -1 -1", $t2
        li      $t0, 0x80000000
        add     $t2, $t0, $zero
        SHOW    "add 0x80000000 0", $t2
        li      $t0, 0x7fffffff
        li      $t1, 1
        li      $t2, 0x5a5a5a5a
        PUTS    "traps_add: add 0x7fffffff 1 overflows (SIGFPE)"
        add     $t2, $t0, $t1
        SHOW    "traps_add: not reached", $t2
        EXIT    1
        .end    __start
