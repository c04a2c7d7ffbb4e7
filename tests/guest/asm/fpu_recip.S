/*
 * fpu_recip.S - recip.s/.d and rsqrt.s/.d (MIPS32 Release 2), on operands
 * whose results are exact (the architecture allows these instructions to be
 * less accurate than div/sqrt, so inexact cases are not compared).
 *
 * Exit status 0x33 (exit_group).
 */
#include "fpu.h"

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "fpu_recip: start"
        FD1     recip, d_4
        FD1     recip, d_m0p5
        FD1     recip, d_1
        FD1     recip, d_inf
        FD1     rsqrt, d_4
        FD1     rsqrt, d_1
        FS1     recip, s_4
        FS1     recip, s_m1
        FS1     rsqrt, s_4
        PUTS    "fpu_recip: done"
        EXIT    0x33
        .end    __start
