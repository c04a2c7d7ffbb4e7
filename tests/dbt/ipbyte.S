/*
 * ipbyte.S - a byte store to the profiling IP's registers (0x80000018 on the
 * ML300 board), which the bus answers with an error: the run stops, the message
 * names the guest's block as well as the PowerPC address.
 */
#include "../guest/asm/common.h"
        .text
        .globl  __start
        .ent    __start
__start:
        lui     $t0, 0x8000
        li      $t1, 1
        sb      $t1, 0x18($t0)
        EXIT    0
        .end    __start
