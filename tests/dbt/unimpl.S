/*
 * unimpl.S - a valid MIPS32 instruction the translator does not execute
 * (mfc0: privileged).  The run must stop at it naming the pc, the encoding and
 * the mnemonic, after the line printed before it.
 */
#include "../guest/asm/common.h"
        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "unimpl: before"
        mfc0    $t0, $12
        PUTS    "unimpl: not reached"
        EXIT    0
        .end    __start
