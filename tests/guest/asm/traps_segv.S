/*
 * traps_segv.S - a load from an unmapped address (0): SIGSEGV (exit status
 * 139 as a shell shows it).  Before it, a load from a mapped page works.
 */
#include "common.h"

        .data
word:   .word   0x600df00d

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "traps_segv: start"
        la      $t0, word
        lw      $t1, 0($t0)
        SHOW    "mapped load", $t1
        li      $t0, 16
        PUTS    "traps_segv: lw from address 0 (SIGSEGV)"
        lw      $t1, -16($t0)
        SHOW    "traps_segv: not reached", $t1
        EXIT    1
        .end    __start
