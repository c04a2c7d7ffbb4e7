/*
 * traps_addi.S - addi: non-overflowing edge cases, then a signed overflow
 * (0x80000000 + -1), which raises an Integer Overflow exception: the process
 * dies of SIGFPE (exit status 136 as a shell shows it).
 */
#include "common.h"

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "traps_addi: start"
        li      $t0, 0x7fff8000
        addi    $t2, $t0, 32767
        SHOW    "addi 0x7fff8000 32767", $t2
        li      $t0, 0x80008000
        addi    $t2, $t0, -32768
        SHOW    "addi 0x80008000 -32768", $t2
        li      $t0, 0x80000000
        addi    $t2, $t0, 0
        SHOW    "addi 0x80000000 0", $t2
        addi    $t2, $zero, -1
        SHOW    "addi 0 -1", $t2
        li      $t0, 0x80000000
        li      $t2, 0x5a5a5a5a
        PUTS    "traps_addi: addi 0x80000000 -1 overflows (SIGFPE)"
        addi    $t2, $t0, -1
        SHOW    "traps_addi: not reached", $t2
        EXIT    1
        .end    __start
