/*
 * traps_break7.S - break 7 (BRK_DIVZERO, what old compilers emitted after a
 * division by zero check).  The Linux kernel sends SIGFPE (FPE_INTDIV);
 * qemu-mips 7.2 ignores the code and sends SIGTRAP.
 */
#include "common.h"

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "traps_break7: break 7"
        break   7
        PUTS    "traps_break7: not reached"
        EXIT    1
        .end    __start
