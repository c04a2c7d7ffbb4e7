/*
 * fpu_nan.S - arithmetic on QUIET NaN operands (legacy MIPS encoding, see
 * fpu.h), kept apart from fpu.S because implementations differ: qemu-mips
 * (softfloat in default-NaN mode for legacy NaNs) returns the default NaN
 * 0x7ff7ffffffffffff / 0x7fbfffff for every such operation, while the MIPS
 * FPU specification lets an implementation return one of the input quiet NaNs
 * (payload and sign kept).  Also the FCSR after such an operation (no Invalid
 * flag for a quiet NaN), and conversions of quiet NaNs between formats.
 *
 * Exit status 0x32 (exit_group).
 */
#include "fpu.h"

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "fpu_nan: start"
        CLEARFCSR
        FD2     add, d_qnan, d_1
        FD2     add, d_1, d_qnan2
        FD2     add, d_qnan, d_qnan2
        FD2     add, d_qnan2, d_qnan
        FD2     sub, d_inf, d_qnan
        FD2     mul, d_qnan2, d_0
        FD2     div, d_qnan, d_0
        FD2     div, d_1, d_qnan2
        FD1     sqrt, d_qnan2
        FS2     add, s_qnan, s_1
        FS2     add, s_1, s_qnan2
        FS2     add, s_qnan2, s_qnan
        FS2     mul, s_qnan2, s_2
        FS2     div, s_qnan2, s_0
        FS1     sqrt, s_qnan2
        ldc1    $f2, d_qnan2
        ldc1    $f4, d_2
        ldc1    $f8, d_4
        madd.d  $f6, $f8, $f2, $f4
        SHOWD   "madd.d qnan2*2+4", 6
        madd.d  $f6, $f2, $f4, $f8
        SHOWD   "madd.d 2*4+qnan2", 6
        .irp    a, d_qnan, d_qnan2
        ldc1    $f2, \a
        cvt.s.d $f5, $f2
        SHOWS   "cvt.s.d \a", 5
        .endr
        .irp    a, s_qnan, s_qnan2
        lwc1    $f1, \a
        cvt.d.s $f6, $f1
        SHOWD   "cvt.d.s \a", 6
        .endr
        SHOWFCSR "FCSR after quiet-NaN operations"
        CLEARFCSR
        PUTS    "fpu_nan: done"
        EXIT    0x32
        .end    __start
