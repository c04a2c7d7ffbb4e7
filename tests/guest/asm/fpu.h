/*
 * fpu.h - shared by the FPU tests (fpu.S, fpu_nan.S, fpu_recip.S): makes the
 * program an fp=32 module (FR=0: doubles live in even/odd register pairs, and
 * an odd single register is the high half of a double; qemu-mips runs such a
 * program with Status.FR = 0), includes common.h, and defines the printing
 * and operation macros and a table of constants given as bit patterns.
 *
 * MIPS legacy NaNs (not NaN2008): a quiet NaN has the top fraction bit CLEAR;
 * the default NaNs are 0x7fbfffff and 0x7ff7ffffffffffff; a set top fraction
 * bit means signalling (0x7fc00000 and 0x7ff8000000000000 are sNaNs).
 *
 * Include it first (.module must precede any instruction).
 */
#ifndef GUEST_ASM_FPU_H
#define GUEST_ASM_FPU_H

        .module fp=32
#include "common.h"

/* Print the double in $f<n>,$f<n+1> (through memory, as sdc1 stores it:
 * the high word first).  Clobbers $t8, $t9. */
        .macro  SHOWD name:req, n:req
        la      $t9, fscratch
        sdc1    $f\n, 0($t9)
        lw      $t8, 0($t9)
        lw      $t9, 4($t9)
        SHOW2   "\name", $t8, $t9
        .endm

/* Print the single (or the word) in $f<n>.  Clobbers $t8. */
        .macro  SHOWS name:req, n:req
        mfc1    $t8, $f\n
        SHOW    "\name", $t8
        .endm

/* Print FCSR.  Clobbers $t8. */
        .macro  SHOWFCSR name:req
        cfc1    $t8, $31
        SHOW    "\name", $t8
        .endm

        .macro  CLEARFCSR
        ctc1    $zero, $31
        .endm

/* d = a op b, doubles in $f2 and $f4, result in $f6 */
        .macro  FD2 op:req, a:req, b:req
        ldc1    $f2, \a
        ldc1    $f4, \b
        \op\().d $f6, $f2, $f4
        SHOWD   "\op\().d \a \b", 6
        .endm

/* s = a op b, singles in the odd registers $f1 and $f3, result in $f5 */
        .macro  FS2 op:req, a:req, b:req
        lwc1    $f1, \a
        lwc1    $f3, \b
        \op\().s $f5, $f1, $f3
        SHOWS   "\op\().s \a \b", 5
        .endm

/* one-operand double / single ops */
        .macro  FD1 op:req, a:req
        ldc1    $f2, \a
        \op\().d $f6, $f2
        SHOWD   "\op\().d \a", 6
        .endm
        .macro  FS1 op:req, a:req
        lwc1    $f1, \a
        \op\().s $f5, $f1
        SHOWS   "\op\().s \a", 5
        .endm

/* double -> word conversions: op is cvt/trunc/round/ceil/floor */
        .macro  FDW op:req, a:req
        ldc1    $f2, \a
        \op\().w.d $f7, $f2
        SHOWS   "\op\().w.d \a", 7
        .endm
        .macro  FSW op:req, a:req
        lwc1    $f1, \a
        \op\().w.s $f7, $f1
        SHOWS   "\op\().w.s \a", 7
        .endm

/* compare: FCSR after "c.cond.fmt a, b" (FCC0 is bit 23, the invalid flag
 * bit 6), and whether bc1t is taken (0x100) */
        .macro  FCMP cond:req, fmt:req, a:req, b:req
        CLEARFCSR
        .ifc    \fmt, d
        ldc1    $f2, \a
        ldc1    $f4, \b
        c.\cond\().d $f2, $f4
        .else
        lwc1    $f1, \a
        lwc1    $f3, \b
        c.\cond\().s $f1, $f3
        .endif
        li      $t9, 0
        bc1t    1f
        nop
        b       2f
        nop
1:      li      $t9, 0x100
2:      cfc1    $t8, $31
        or      $t8, $t8, $t9
        SHOW    "c.\cond\().\fmt \a \b", $t8
        .endm

/* all 16 conditions on one pair */
        .macro  FCMPALL fmt:req, a:req, b:req
        .irp    cond, f, un, eq, ueq, olt, ult, ole, ule, sf, ngle, seq, ngl, lt, nge, le, ngt
        FCMP    \cond, \fmt, \a, \b
        .endr
        .endm

        .data
        .balign 8
/* doubles (high word first) */
d_0:     .word  0x00000000, 0x00000000
d_m0:    .word  0x80000000, 0x00000000
d_1:     .word  0x3ff00000, 0x00000000
d_m1:    .word  0xbff00000, 0x00000000
d_2:     .word  0x40000000, 0x00000000
d_3:     .word  0x40080000, 0x00000000
d_4:     .word  0x40100000, 0x00000000
d_1p5:   .word  0x3ff80000, 0x00000000
d_2p25:  .word  0x40020000, 0x00000000
d_2p5:   .word  0x40040000, 0x00000000
d_m2p5:  .word  0xc0040000, 0x00000000
d_3p5:   .word  0x400c0000, 0x00000000
d_m0p5:  .word  0xbfe00000, 0x00000000
d_0p1:   .word  0x3fb99999, 0x9999999a
d_1e300: .word  0x7e37e43c, 0x8800759c
d_m1e300: .word 0xfe37e43c, 0x8800759c
d_1em300: .word 0x01a56e1f, 0xc2f8f359
d_1em310: .word 0x00001268, 0x8b70e62b          /* subnormal */
d_minnorm: .word 0x00100000, 0x00000000
d_inf:   .word  0x7ff00000, 0x00000000
d_minf:  .word  0xfff00000, 0x00000000
d_qnan:  .word  0x7ff00000, 0x00000001          /* quiet (legacy MIPS) */
d_qnan2: .word  0xfff40000, 0x00000000          /* quiet, negative */
d_snan:  .word  0x7ff80000, 0x00000000          /* signalling (legacy MIPS) */
d_1e10:  .word  0x4202a05f, 0x20000000
d_m1e10: .word  0xc202a05f, 0x20000000
d_imax:  .word  0x41dfffff, 0xffc00000          /* 2147483647 */
d_imaxh: .word  0x41dfffff, 0xffe00000          /* 2147483647.5 */
d_2p31:  .word  0x41e00000, 0x00000000          /* 2147483648 */
d_m2p31: .word  0xc1e00000, 0x00000000          /* -2147483648 */
d_m2p31h: .word 0xc1e00000, 0x00100000          /* -2147483648.5 */
d_a27:   .word  0x3ff00000, 0x02000000          /* 1 + 2^-27 */
d_b27:   .word  0x3fefffff, 0xfc000000          /* 1 - 2^-27 */
d_16m1:  .word  0x41700000, 0x10000000          /* 16777217 */
/* singles */
s_0:     .word  0x00000000
s_m0:    .word  0x80000000
s_1:     .word  0x3f800000
s_m1:    .word  0xbf800000
s_2:     .word  0x40000000
s_3:     .word  0x40400000
s_4:     .word  0x40800000
s_2p5:   .word  0x40200000
s_m2p5:  .word  0xc0200000
s_3p5:   .word  0x40600000
s_0p1:   .word  0x3dcccccd
s_max:   .word  0x7f7fffff
s_1e30:  .word  0x7149f2ca
s_tiny:  .word  0x00000001                      /* smallest subnormal */
s_inf:   .word  0x7f800000
s_minf:  .word  0xff800000
s_qnan:  .word  0x7fbfffff                      /* quiet: the default NaN */
s_qnan2: .word  0x7f800001                      /* quiet */
s_snan:  .word  0x7fc00000                      /* signalling (legacy MIPS) */
s_3e9:   .word  0x4f32d05e
s_m3e9:  .word  0xcf32d05e
s_a13:   .word  0x3f800400                      /* 1 + 2^-13 */
s_b13:   .word  0x3f7ff800                      /* 1 - 2^-13 */
        .balign 8
fscratch: .space 8
fbuf:    .space 32

        .text

#endif
