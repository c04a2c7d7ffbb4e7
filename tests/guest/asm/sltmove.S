/*
 * sltmove.S - set-on-less-than and the conditional moves that test it (dbt/liveness.c:
 * each slt of a block compares into a CR field of its own, cr6 down to cr2 in turn; a
 * movz or movn, and the block's branch, test the field in place of the register while
 * it holds it, and the register is not set at all where nothing else reads it):
 *
 *   slt sltu slti sltiu, each moved on by movn and movz, at boundary values, the
 *   register dead after the moves (written before any read); a compiler's min/max
 *   (three slts, then their three moves, in a loop); six slts before their moves (the
 *   first's field taken again: its move reads the register); the register read as the
 *   move's source, as its destination, between (by another instruction), in the delay
 *   slot; a move in the delay slot; the moves and the branch on one slt; the branch on
 *   an slt with others between; a load between (it can fault: the register is set);
 *   the register in the state ($t7, $t8).
 *
 * Each case shows what it moved; the set register is shown where it is live.
 * Exit status 0.
 */
#include "common.h"

/* $a0 = 0x11, $a1 = 0x22, then \slt $v0, a, b; \mv $a0, $a1, $v0; $v0 dead after. */
        .macro  MOVE slt:req, mv:req, a:req, b:req
        li      $t0, \a
        li      $t1, \b
        li      $a0, 0x11
        li      $a1, 0x22
        \slt    $v0, $t0, $t1
        \mv     $a0, $a1, $v0
        li      $v0, 0x55
        SHOW    "\slt \mv \a \b", $a0
        .endm

/* The same with an immediate form: \slt $v0, a, imm. */
        .macro  MOVEI slt:req, mv:req, a:req, imm:req
        li      $t0, \a
        li      $a0, 0x11
        li      $a1, 0x22
        \slt    $v0, $t0, \imm
        \mv     $a0, $a1, $v0
        li      $v0, 0x55
        SHOW    "\slt \mv \a \imm", $a0
        .endm

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "sltmove: start"

        /* ---- one slt, one move, the register dead after ---- */
        MOVE    slt, movn, 1, 2
        MOVE    slt, movn, 2, 1
        MOVE    slt, movz, 1, 2
        MOVE    slt, movz, 2, 2
        MOVE    slt, movn, 0x80000000, 0x7fffffff
        MOVE    slt, movz, 0x7fffffff, 0x80000000
        MOVE    sltu, movn, 1, 0xffffffff
        MOVE    sltu, movz, 0xffffffff, 1
        MOVEI   slti, movn, -3, -2
        MOVEI   slti, movz, 100, 100
        MOVEI   sltiu, movn, 5, -1
        MOVEI   sltiu, movz, 0xfffffffe, -1

        /* ---- a compiler's min and max in a loop (three slts, then three moves) ---- */
        li      $t0, 0x7fffffff      /* min */
        li      $t1, 0x80000000      /* max */
        li      $a3, 0x7fffffff      /* min of a second series */
        li      $t2, 0               /* i */
        li      $a0, 6
        la      $a1, series
1:      lw      $v1, 0($a1)
        lw      $a2, 4($a1)
        addiu   $t2, $t2, 1
        addiu   $a1, $a1, 8
        slt     $t5, $v1, $t0
        slt     $t4, $t1, $v1
        slt     $t3, $a2, $a3
        movn    $t0, $v1, $t5
        movn    $t1, $v1, $t4
        bne     $t2, $a0, 1b
        movn    $a3, $a2, $t3
        li      $t3, 0
        li      $t4, 0
        li      $t5, 0
        SHOW    "min", $t0
        SHOW    "max", $t1
        SHOW    "min2", $a3

        /* ---- six slts before their moves: the first's field is taken again ---- */
        li      $t0, 1
        li      $t1, 2
        li      $a0, 0
        li      $a1, 0
        li      $a2, 0
        li      $a3, 0
        li      $t6, 0
        li      $s1, 0
        li      $t9, 0x99
        slt     $v0, $t0, $t1        /* 1 */
        slt     $v1, $t1, $t0        /* 0 */
        sltu    $t2, $t0, $t1        /* 1 */
        slti    $t3, $t1, 2          /* 0 */
        sltiu   $t4, $t0, 2          /* 1 */
        slt     $t5, $t0, $t0        /* 0: its field is $v0's */
        movn    $a0, $t9, $v0
        movn    $a1, $t9, $v1
        movz    $a2, $t9, $t2
        movz    $a3, $t9, $t3
        movn    $t6, $t9, $t4
        movz    $s1, $t9, $t5
        li      $v0, 0
        li      $v1, 0
        li      $t2, 0
        li      $t3, 0
        li      $t4, 0
        li      $t5, 0
        SHOW    "six a0", $a0
        SHOW    "six a1", $a1
        SHOW    "six a2", $a2
        SHOW    "six a3", $a3
        SHOW    "six t6", $t6
        SHOW    "six s1", $s1

        /* ---- the register read otherwise ---- */
        /* as the move's source */
        li      $t0, 3
        li      $t1, 4
        li      $a0, 0x11
        slt     $v0, $t0, $t1
        movn    $a0, $v0, $v0
        li      $v0, 0
        SHOW    "as the source", $a0
        /* as the move's destination */
        li      $a1, 0x22
        slt     $v0, $t1, $t0
        movz    $v0, $a1, $v0
        SHOW    "as the destination", $v0
        /* between, by another instruction */
        li      $a0, 0x11
        slt     $v0, $t0, $t1
        addu    $s1, $v0, $t0
        movz    $a0, $a1, $v0
        li      $v0, 0
        SHOW    "read between", $a0
        SHOW    "read between s1", $s1
        /* live after: shown */
        li      $a0, 0x11
        sltu    $v0, $t0, $t1
        movn    $a0, $a1, $v0
        SHOW    "live", $a0
        SHOW    "live v0", $v0
        /* in the delay slot of a branch that does not test it */
        li      $a0, 0x11
        li      $a2, 0x33
        slt     $v0, $t0, $t1
        movn    $a0, $a1, $v0
        beqz    $zero, 1f
        movz    $a2, $a1, $v0
1:      li      $v0, 0
        SHOW    "delay slot a0", $a0
        SHOW    "delay slot a2", $a2

        /* ---- the moves and the branch on one slt ---- */
        li      $a0, 0x11
        li      $s0, 0
        slt     $v0, $t1, $t0
        movz    $a0, $a1, $v0
        bnez    $v0, 1f
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        li      $v0, 0
        SHOW    "moves and branch", $a0
        SHOW    "moves and branch trace", $s0

        /* ---- the branch on an slt with others between ---- */
        li      $a0, 0x11
        li      $s0, 0
        slt     $v0, $t0, $t1        /* 1 */
        slt     $v1, $t1, $t0        /* 0 */
        sltiu   $t2, $t0, 1          /* 0 */
        movz    $a0, $a1, $v1
        bnez    $v0, 1f
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        li      $v0, 0
        li      $v1, 0
        SHOW    "branch past others", $s0
        SHOW    "branch past others a0", $a0
        SHOW    "branch past others t2", $t2

        /* ---- a load between: it can fault, so the register is set ---- */
        li      $a0, 0x11
        slt     $v0, $t0, $t1
        lw      $a2, 0($sp)
        movn    $a0, $a1, $v0
        li      $v0, 0
        SHOW    "load between", $a0

        /* ---- registers in the state: $t7 dead, $t8 live ---- */
        li      $a0, 0x11
        li      $a2, 0x33
        sltu    $t7, $t0, $t1
        movn    $a0, $a1, $t7
        li      $t7, 0
        SHOW    "t7 dead", $a0
        slt     $t8, $t1, $t0
        movz    $a2, $a1, $t8
        SHOW    "t8 live", $a2
        SHOW    "t8 live t8", $t8

        PUTS    "sltmove: done"
        EXIT    0
        .end    __start

        .data
        .align  2
series: .word   5, 9, -7, 3, 12, 4, 0x7fffffff, 8, 0x80000000, -1, 2, 2
