/*
 * fpu.S - the MIPS32r2 floating-point unit (FR=0: an fp=32 module, see
 * fpu.h), with every result printed as a raw bit pattern so NaN encodings
 * compare exactly.  (Arithmetic on quiet NaN operands is in fpu_nan.S,
 * recip/rsqrt in fpu_recip.S.)
 *
 *   cfc1 $0 (FIR), FCSR at start; lwc1 swc1 ldc1 sdc1, lwxc1 swxc1 ldxc1
 *   sdxc1; mtc1 mfc1 mthc1 mfhc1 (and the FR=0 register aliasing);
 *   add sub mul div sqrt abs neg mov (.s and .d: infinities, signed zeros,
 *   subnormals, overflow, underflow; an sNaN operand gives the default NaN;
 *   mov/abs/neg of NaNs are bitwise), madd msub nmadd nmsub (not fused: a
 *   case where fusing would differ);
 *   cvt.s.d cvt.d.s cvt.d.w cvt.s.w cvt.w.s cvt.w.d trunc.w round.w ceil.w
 *   floor.w (incl. out-of-range, infinite and NaN inputs: 0x7fffffff);
 *   all 16 c.cond conditions (.s and .d) on ordered, equal and unordered
 *   operands, with bc1t; condition codes 1..7; bc1f bc1t bc1fl bc1tl taken
 *   and not taken; movf movt (GPR), movf.d movt.d movf.s movt.s,
 *   movn.d movz.d movn.s movz.s; ctc1/cfc1 of FCSR ($31), FCCR ($25),
 *   FEXR ($26), FENR ($28): the four rounding modes, then the flags left by
 *   an inexact division, an overflow, an underflow, a division by zero and
 *   invalid operations.
 *
 * Exit status 0x31 (exit_group).
 */
#include "fpu.h"

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "fpu: start"
        cfc1    $t0, $0
        SHOW    "FIR (cfc1 $0)", $t0
        cfc1    $t0, $31
        SHOW    "FCSR at start", $t0

        /* ---- moves between GPRs, FPRs and memory ---- */
        li      $t0, 0x3ff00000
        li      $t1, 0x12345678
        mtc1    $t1, $f8                        /* low half of double $f8 */
        mtc1    $t0, $f9                        /* high half (FR=0) */
        SHOWD   "mtc1 f8/f9 as a double", 8
        mfhc1   $t2, $f8
        SHOW    "mfhc1 f8", $t2
        li      $t3, 0x40490fdb
        mthc1   $t3, $f8
        mfc1    $t2, $f9
        SHOW    "mthc1 f8 -> mfc1 f9", $t2
        mfc1    $t2, $f8
        SHOW    "mthc1 f8 keeps the low half", $t2
        mtc1    $zero, $f10
        mfc1    $t2, $f10
        SHOW    "mtc1 zero", $t2
        la      $s0, fbuf
        ldc1    $f2, d_0p1
        sdc1    $f2, 8($s0)
        lw      $t0, 8($s0)
        lw      $t1, 12($s0)
        SHOW2   "ldc1/sdc1 0.1", $t0, $t1
        addiu   $s1, $s0, 16
        sdc1    $f2, -16($s1)                   /* negative offset */
        lw      $t0, 0($s0)
        SHOW    "sdc1 -16 high word", $t0
        lwc1    $f5, s_0p1
        swc1    $f5, 20($s0)
        lw      $t0, 20($s0)
        SHOW    "lwc1/swc1 0.1f", $t0
        lwc1    $f3, 4($s0)                     /* odd register: half a double */
        mfc1    $t0, $f3
        SHOW    "lwc1 f3", $t0
        li      $t0, 8
        ldxc1   $f12, $t0($s0)
        li      $t1, 24
        sdxc1   $f12, $t1($s0)
        lw      $t2, 24($s0)
        lw      $t3, 28($s0)
        SHOW2   "ldxc1/sdxc1", $t2, $t3
        li      $t0, 20
        lwxc1   $f13, $t0($s0)
        li      $t1, 4
        swxc1   $f13, $t1($s0)
        lw      $t2, 4($s0)
        SHOW    "lwxc1/swxc1", $t2
        ldc1    $f2, d_1p5
        mov.d   $f14, $f2
        SHOWD   "mov.d 1.5", 14
        lwc1    $f1, s_2p5
        mov.s   $f15, $f1
        SHOWS   "mov.s 2.5", 15
        SHOWD   "mov.s into the high half of f14", 14

        /* ---- arithmetic ---- */
        CLEARFCSR
        FD2     add, d_1p5, d_2p25
        FD2     add, d_1, d_m1
        FD2     add, d_m0, d_m0
        FD2     add, d_0, d_m0
        FD2     add, d_1e300, d_1e300
        FD2     add, d_inf, d_1
        FD2     add, d_inf, d_minf
        FD2     add, d_1em310, d_1em310
        FD2     add, d_1, d_0p1
        FD2     sub, d_1p5, d_2p25
        FD2     sub, d_1, d_1
        FD2     sub, d_m1e300, d_1e300
        FD2     sub, d_inf, d_inf
        FD2     sub, d_minnorm, d_1em310
        FD2     mul, d_1p5, d_2p25
        FD2     mul, d_1e300, d_1e300
        FD2     mul, d_1em300, d_1em300
        FD2     mul, d_1em310, d_0p1
        FD2     mul, d_0, d_inf
        FD2     mul, d_m0, d_2
        FD2     mul, d_0p1, d_3
        FD2     div, d_1, d_3
        FD2     div, d_m1, d_0
        FD2     div, d_1, d_m0
        FD2     div, d_0, d_0
        FD2     div, d_inf, d_inf
        FD2     div, d_1em300, d_1e300
        FD2     div, d_2p25, d_1p5
        FS2     add, s_2p5, s_3p5
        FS2     add, s_max, s_max
        FS2     add, s_inf, s_minf
        FS2     add, s_tiny, s_tiny
        FS2     add, s_1, s_0p1
        FS2     sub, s_2p5, s_3p5
        FS2     sub, s_m0, s_0
        FS2     mul, s_1e30, s_1e30
        FS2     mul, s_tiny, s_0p1
        FS2     mul, s_0, s_inf
        FS2     div, s_1, s_3
        FS2     div, s_1, s_0
        FS2     div, s_0, s_0
        FD1     sqrt, d_2
        FD1     sqrt, d_4
        FD1     sqrt, d_0
        FD1     sqrt, d_m0
        FD1     sqrt, d_m1
        FD1     sqrt, d_inf
        FD1     sqrt, d_1em310
        FS1     sqrt, s_2
        FS1     sqrt, s_m1
        FS1     sqrt, s_tiny
        FD1     abs, d_m2p5
        FD1     abs, d_m0
        FD1     abs, d_minf
        FD1     neg, d_2p5
        FD1     neg, d_0
        FD1     neg, d_inf
        FS1     abs, s_m2p5
        FS1     abs, s_m0
        FS1     neg, s_2p5
        FS1     neg, s_0

        /* ---- NaNs: an sNaN operand gives the default NaN; moves are bitwise ---- */
        FD2     add, d_snan, d_1
        FD2     mul, d_1, d_snan
        FD2     sub, d_qnan2, d_snan
        FD1     sqrt, d_snan
        FD1     mov, d_snan
        FD1     abs, d_qnan2
        FD1     neg, d_qnan
        FD1     abs, d_snan
        FS2     add, s_snan, s_1
        FS2     mul, s_snan, s_qnan2
        FS1     mov, s_snan
        FS1     neg, s_qnan
        FS1     abs, s_snan

        /* ---- multiply-add (not fused: the product is rounded first) ---- */
        ldc1    $f2, d_2
        ldc1    $f4, d_3
        ldc1    $f8, d_4
        madd.d  $f6, $f8, $f2, $f4
        SHOWD   "madd.d 2*3+4", 6
        msub.d  $f6, $f8, $f2, $f4
        SHOWD   "msub.d 2*3-4", 6
        nmadd.d $f6, $f8, $f2, $f4
        SHOWD   "nmadd.d -(2*3+4)", 6
        nmsub.d $f6, $f8, $f2, $f4
        SHOWD   "nmsub.d -(2*3-4)", 6
        ldc1    $f2, d_a27
        ldc1    $f4, d_b27
        ldc1    $f8, d_m1
        madd.d  $f6, $f8, $f2, $f4
        SHOWD   "madd.d (1+2^-27)(1-2^-27)-1", 6
        mul.d   $f10, $f2, $f4
        add.d   $f6, $f10, $f8
        SHOWD   "mul.d+add.d (1+2^-27)(1-2^-27)-1", 6
        ldc1    $f8, d_1
        nmsub.d $f6, $f8, $f2, $f4
        SHOWD   "nmsub.d 1-(1+2^-27)(1-2^-27)", 6
        lwc1    $f1, s_2
        lwc1    $f3, s_3
        lwc1    $f7, s_4
        madd.s  $f5, $f7, $f1, $f3
        SHOWS   "madd.s 2*3+4", 5
        msub.s  $f5, $f7, $f1, $f3
        SHOWS   "msub.s 2*3-4", 5
        nmadd.s $f5, $f7, $f1, $f3
        SHOWS   "nmadd.s -(2*3+4)", 5
        nmsub.s $f5, $f7, $f1, $f3
        SHOWS   "nmsub.s -(2*3-4)", 5
        lwc1    $f1, s_a13
        lwc1    $f3, s_b13
        lwc1    $f7, s_m1
        madd.s  $f5, $f7, $f1, $f3
        SHOWS   "madd.s (1+2^-13)(1-2^-13)-1", 5

        /* ---- conversions ---- */
        .irp    a, d_0p1, d_1e300, d_m1e300, d_1em300, d_16m1, d_m0, d_snan, d_minf
        ldc1    $f2, \a
        cvt.s.d $f5, $f2
        SHOWS   "cvt.s.d \a", 5
        .endr
        .irp    a, s_0p1, s_tiny, s_max, s_snan, s_minf
        lwc1    $f1, \a
        cvt.d.s $f6, $f1
        SHOWD   "cvt.d.s \a", 6
        .endr
        .irp    w, 0, 1, -1, 0x7fffffff, 0x80000000, 16777217, 0x12345678
        li      $t0, \w
        mtc1    $t0, $f1
        cvt.d.w $f6, $f1
        SHOWD   "cvt.d.w \w", 6
        cvt.s.w $f5, $f1
        SHOWS   "cvt.s.w \w", 5
        .endr
        .irp    op, cvt, trunc, round, ceil, floor
        FDW     \op, d_2p5
        FDW     \op, d_m2p5
        FDW     \op, d_3p5
        FDW     \op, d_m0p5
        FDW     \op, d_imax
        FDW     \op, d_imaxh
        FDW     \op, d_2p31
        FDW     \op, d_m2p31
        FDW     \op, d_m2p31h
        FDW     \op, d_1e10
        FDW     \op, d_m1e10
        FDW     \op, d_inf
        FDW     \op, d_minf
        FDW     \op, d_qnan
        FDW     \op, d_snan
        FSW     \op, s_2p5
        FSW     \op, s_m2p5
        FSW     \op, s_3p5
        FSW     \op, s_3e9
        FSW     \op, s_m3e9
        FSW     \op, s_minf
        FSW     \op, s_qnan
        .endr

        /* ---- compares: all 16 conditions ---- */
        FCMPALL d, d_1, d_2
        FCMPALL d, d_2, d_1
        FCMPALL d, d_m0, d_0
        FCMPALL d, d_qnan, d_1
        FCMPALL s, s_1, s_2
        FCMPALL s, s_3, s_3
        FCMPALL s, s_snan, s_1
        FCMP    lt, d, d_minf, d_inf
        FCMP    eq, d, d_qnan, d_qnan
        FCMP    ueq, d, d_qnan, d_qnan
        FCMP    le, s, s_minf, s_qnan2
        CLEARFCSR

        /* ---- condition codes 1..7 ---- */
        ldc1    $f2, d_1
        ldc1    $f4, d_2
        c.lt.d  $fcc1, $f2, $f4                 /* true */
        c.lt.d  $fcc2, $f4, $f2                 /* false */
        c.eq.d  $fcc3, $f2, $f2                 /* true */
        c.un.d  $fcc4, $f2, $f4                 /* false */
        c.le.d  $fcc5, $f2, $f4                 /* true */
        c.olt.s $fcc6, $f1, $f1                 /* false */
        c.ule.d $fcc7, $f2, $f4                 /* true */
        cfc1    $t0, $25
        SHOW    "FCCR after cc1..7", $t0
        cfc1    $t0, $31
        SHOW    "FCSR after cc1..7", $t0
        li      $s0, 0                          /* a trace: one bit per step */
        bc1t    $fcc1, 1f                       /* taken */
        addiu   $s0, $s0, 0x1
        addiu   $s0, $s0, 0x2
1:      bc1t    $fcc2, 2f                       /* not taken */
        addiu   $s0, $s0, 0x4
        addiu   $s0, $s0, 0x8
2:      bc1f    $fcc4, 3f                       /* taken */
        nop
        addiu   $s0, $s0, 0x10
3:      bc1fl   $fcc3, 4f                       /* not taken: slot annulled */
        addiu   $s0, $s0, 0x20
4:      bc1tl   $fcc7, 5f                       /* taken: slot runs */
        addiu   $s0, $s0, 0x40
        addiu   $s0, $s0, 0x80
5:      SHOW    "bc1t/bc1f/bc1fl/bc1tl with cc", $s0
        li      $t1, 0x11
        li      $t2, 0x22
        move    $t3, $t2
        movt    $t3, $t1, $fcc1                 /* fcc1 true: moves */
        SHOW    "movt fcc1", $t3
        move    $t3, $t2
        movt    $t3, $t1, $fcc2                 /* false: stays */
        SHOW    "movt fcc2", $t3
        move    $t3, $t2
        movf    $t3, $t1, $fcc2                 /* false: moves */
        SHOW    "movf fcc2", $t3
        move    $t3, $t2
        movf    $t3, $t1, $fcc7
        SHOW    "movf fcc7", $t3
        ldc1    $f6, d_0
        ldc1    $f8, d_1p5
        movt.d  $f6, $f8, $fcc5
        SHOWD   "movt.d fcc5", 6
        ldc1    $f6, d_0
        movf.d  $f6, $f8, $fcc5
        SHOWD   "movf.d fcc5", 6
        lwc1    $f5, s_0
        lwc1    $f7, s_2p5
        movf.s  $f5, $f7, $fcc6
        SHOWS   "movf.s fcc6", 5
        lwc1    $f5, s_0
        movt.s  $f5, $f7, $fcc6
        SHOWS   "movt.s fcc6", 5
        li      $t0, 1
        ldc1    $f6, d_0
        movn.d  $f6, $f8, $t0
        SHOWD   "movn.d 1", 6
        ldc1    $f6, d_0
        movz.d  $f6, $f8, $t0
        SHOWD   "movz.d 1", 6
        lwc1    $f5, s_0
        movn.s  $f5, $f7, $zero
        SHOWS   "movn.s 0", 5
        lwc1    $f5, s_0
        movz.s  $f5, $f7, $zero
        SHOWS   "movz.s 0", 5
        /* bc1t/bc1f on cc0 */
        CLEARFCSR
        ldc1    $f2, d_1
        c.eq.d  $f2, $f2
        li      $s0, 0
        bc1f    1f                              /* not taken */
        addiu   $s0, $s0, 0x1
        addiu   $s0, $s0, 0x2
1:      bc1tl   2f                              /* taken */
        addiu   $s0, $s0, 0x4
        addiu   $s0, $s0, 0x8
2:      bc1fl   3f                              /* not taken: annulled */
        addiu   $s0, $s0, 0x10
3:      SHOW    "bc1f/bc1tl/bc1fl on cc0", $s0

        /* ---- FCSR: the four rounding modes ---- */
        .irp    rm, 0, 1, 2, 3
        li      $t0, \rm
        ctc1    $t0, $31
        ldc1    $f2, d_1
        ldc1    $f4, d_3
        div.d   $f6, $f2, $f4
        SHOWD   "rm \rm: div.d 1/3", 6
        ldc1    $f2, d_m1
        div.d   $f6, $f2, $f4
        SHOWD   "rm \rm: div.d -1/3", 6
        lwc1    $f1, s_1
        lwc1    $f3, s_3
        div.s   $f5, $f1, $f3
        SHOWS   "rm \rm: div.s 1/3", 5
        ldc1    $f2, d_2
        sqrt.d  $f6, $f2
        SHOWD   "rm \rm: sqrt.d 2", 6
        ldc1    $f2, d_1e300
        mul.d   $f6, $f2, $f2
        SHOWD   "rm \rm: mul.d 1e300^2", 6
        ldc1    $f2, d_16m1
        cvt.s.d $f5, $f2
        SHOWS   "rm \rm: cvt.s.d 16777217", 5
        FDW     cvt, d_2p5
        FDW     cvt, d_m2p5
        FDW     cvt, d_3p5
        FSW     cvt, s_m2p5
        SHOWFCSR "rm \rm: FCSR"
        .endr

        /* ---- FCSR flags and causes ---- */
        CLEARFCSR
        ldc1    $f2, d_1
        ldc1    $f4, d_2
        add.d   $f6, $f2, $f4
        SHOWFCSR "FCSR after exact 1+2"
        ldc1    $f4, d_3
        div.d   $f6, $f2, $f4
        SHOWFCSR "FCSR after inexact 1/3"
        add.d   $f6, $f2, $f2
        SHOWFCSR "FCSR after exact 1+1 (flags stay, cause cleared)"
        CLEARFCSR
        ldc1    $f2, d_1e300
        mul.d   $f6, $f2, $f2
        SHOWFCSR "FCSR after overflow"
        CLEARFCSR
        ldc1    $f2, d_1em300
        mul.d   $f6, $f2, $f2
        SHOWFCSR "FCSR after underflow"
        CLEARFCSR
        ldc1    $f2, d_1em310
        ldc1    $f4, d_2
        mul.d   $f6, $f2, $f4
        SHOWFCSR "FCSR after exact subnormal result"
        CLEARFCSR
        ldc1    $f2, d_1
        ldc1    $f4, d_0
        div.d   $f6, $f2, $f4
        SHOWFCSR "FCSR after 1/0"
        CLEARFCSR
        ldc1    $f2, d_0
        div.d   $f6, $f2, $f4
        SHOWFCSR "FCSR after 0/0"
        CLEARFCSR
        ldc1    $f2, d_m1
        sqrt.d  $f6, $f2
        SHOWFCSR "FCSR after sqrt(-1)"
        CLEARFCSR
        ldc1    $f2, d_snan
        ldc1    $f4, d_1
        add.d   $f6, $f2, $f4
        SHOWFCSR "FCSR after sNaN+1"
        CLEARFCSR
        ldc1    $f2, d_qnan
        add.d   $f6, $f2, $f4
        SHOWFCSR "FCSR after qNaN+1"
        CLEARFCSR
        ldc1    $f2, d_1e10
        cvt.w.d $f6, $f2
        SHOWFCSR "FCSR after cvt.w.d 1e10"
        CLEARFCSR
        ldc1    $f2, d_2p5
        trunc.w.d $f6, $f2
        SHOWFCSR "FCSR after trunc.w.d 2.5"
        CLEARFCSR
        ldc1    $f2, d_0p1
        cvt.s.d $f5, $f2
        SHOWFCSR "FCSR after cvt.s.d 0.1"
        CLEARFCSR
        ldc1    $f2, d_1
        mov.d   $f6, $f2
        neg.d   $f6, $f2
        abs.d   $f6, $f2
        SHOWFCSR "FCSR after mov/neg/abs"

        /* ---- FCSR, FCCR, FEXR, FENR: writes and reads ---- */
        li      $t0, 0xff80007f         /* all FCCs, FS, all flags, RM 3; no enables/causes */
        ctc1    $t0, $31
        cfc1    $t1, $31
        SHOW    "ctc1 FCSR ff80007f", $t1
        cfc1    $t1, $25
        SHOW    "  FCCR", $t1
        cfc1    $t1, $26
        SHOW    "  FEXR", $t1
        cfc1    $t1, $28
        SHOW    "  FENR", $t1
        li      $t0, 0x0001f000         /* cause bits V Z O U I, no enables */
        ctc1    $t0, $31
        cfc1    $t1, $31
        SHOW    "ctc1 FCSR 0001f000", $t1
        li      $t0, 0x000000a5
        ctc1    $t0, $25                /* FCCR: the eight condition codes */
        cfc1    $t1, $31
        SHOW    "ctc1 FCCR a5 -> FCSR", $t1
        li      $t0, 0x00000003
        ctc1    $t0, $28                /* FENR: RM = 3 (enables 0, FS 0) */
        cfc1    $t1, $31
        SHOW    "ctc1 FENR 3 -> FCSR", $t1
        li      $t0, 0x0000007c
        ctc1    $t0, $26                /* FEXR: flags */
        cfc1    $t1, $31
        SHOW    "ctc1 FEXR 7c -> FCSR", $t1
        CLEARFCSR
        SHOWFCSR "FCSR at end"

        PUTS    "fpu: done"
        EXIT    0x31
        .end    __start
