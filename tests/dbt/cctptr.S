/*
 * cctptr.S - a guest that overwrites the translator's state: the sw packet ring's
 * next-free pointer (DBT_STATE + DBT_ST_CCT_PTR, 0x0C001F1C on the ML300 board) gets
 * 0xFFFFFF00, then a call and a return write packets through it.  With --cct and the
 * sw profile the runtime must say what the guest did and end the run with its
 * reports, not read the host's memory at the pointer.
 */
#include "../guest/asm/common.h"
        .text
        .globl  __start
        .ent    __start
__start:
        lui     $t0, 0x0C00
        ori     $t0, $t0, 0x1F1C
        li      $t1, 0xFFFFFF00
        sw      $t1, 0($t0)
        jal     leaf
        nop
        EXIT    0
        .end    __start

        .ent    leaf
leaf:
        jr      $ra
        nop
        .end    leaf
