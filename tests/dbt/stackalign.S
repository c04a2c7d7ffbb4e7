/*
 * stackalign.S - the stack pointer the program starts with, its low 13 bits
 * (guest.h, DBT_STACK_ALIGN, 8 KiB: 0 whatever the length of the arguments and the
 * environment), and argc at it.
 */
#include "../guest/asm/common.h"
        .text
        .globl  __start
        .ent    __start
__start:
        andi    $t0, $sp, 0x1fff
        SHOW    "sp", $t0
        lw      $t1, 0($sp)
        SHOW    "argc", $t1
        EXIT    0
        .end    __start
