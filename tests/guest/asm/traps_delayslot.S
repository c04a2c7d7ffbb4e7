/*
 * traps_delayslot.S - a branch in the delay slot of a taken branch.  The
 * architecture leaves this UNPREDICTABLE; qemu raises a Reserved Instruction
 * exception: SIGILL (exit status 132 as a shell shows it).  A plain
 * instruction in the same position (first) runs normally.
 */
#include "common.h"

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "traps_delayslot: start"
        li      $s0, 0
        beq     $zero, $zero, 1f
        addiu   $s0, $s0, 1
1:      SHOW    "plain delay slot", $s0
        PUTS    "traps_delayslot: b in the delay slot of beq (SIGILL)"
        beq     $zero, $zero, 2f
        b       3f
        nop
2:      PUTS    "traps_delayslot: not reached (2)"
        EXIT    1
3:      PUTS    "traps_delayslot: not reached (3)"
        EXIT    2
        .end    __start
