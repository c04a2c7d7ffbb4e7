/*
 * cr0.S - a branch on a register against zero tests what the ALU instruction that set
 * it recorded (dbt/cr0.c: its record form, cr0, in place of a compare; in superblocks):
 *
 *   addu subu and or nor xor sll srl sra sllv srlv srav addiu andi mul, the move and
 *   negate idioms, each tested by beqz bnez bltz bgez bgtz blez (and likely forms, and
 *   bltzal/bgezal), at zero, one, minus one and the extremes; cr0 written between (an
 *   andi, a load's alignment check, an FPU instruction's helper), the register written
 *   between, or in the delay slot (the branch tests the old value), a delay slot that
 *   writes cr0, the register in the state ($t7), a compare in one block and its
 *   branch in the next (loops run often enough to make superblocks of them: one where
 *   a member's branch tests cr0 and the next member tests what its delay slot set).
 *
 * The translator does this in superblocks (the code that runs most), so every case runs
 * twice: with --superblocks --threshold 1 the second pass runs in superblocks.  Each
 * case keeps a trace in $s0 as branch.S does: the delay slot adds 1, the fall-through
 * path 0x10, the target 0x100.  Exit status 0.
 */
#include "common.h"

/* $t0 = a, $t1 = b, $s0 = 0; $v0 = \op $t0, $t1; \br $v0. */
        .macro  R3 op:req, br:req, a:req, b:req
        li      $t0, \a
        li      $t1, \b
        li      $s0, 0
        \op     $v0, $t0, $t1
        \br     $v0, 1f
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "\op \br \a \b", $s0
        .endm

/* $v0 = \op $t0, imm (or shift amount); \br $v0. */
        .macro  RI op:req, br:req, a:req, imm:req
        li      $t0, \a
        li      $s0, 0
        \op     $v0, $t0, \imm
        \br     $v0, 1f
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "\op \br \a \imm", $s0
        .endm

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "cr0: start"
        li      $s7, 3               /* every case three times: the third pass runs */
top:                                 /* the superblocks the first two formed */

        /* ---- each ALU form and each test ---- */
        R3      addu, beqz, 1, -1
        R3      addu, bnez, 1, -1
        R3      addu, bltz, 0x7fffffff, 1
        R3      addu, bgez, 0x7fffffff, 1
        R3      addu, bgtz, 0x80000000, 0x80000000
        R3      addu, blez, 0x80000000, 0x80000000
        R3      subu, beqz, 5, 5
        R3      subu, bltz, 0x80000000, 1
        R3      subu, bgtz, 3, 4
        R3      and, bnez, 0xf0, 0x0f
        R3      and, bltz, 0x80000000, 0xffffffff
        R3      or, blez, 0, 0
        R3      or, bgez, 0x80000000, 1
        R3      xor, beqz, 0x1234, 0x1234
        R3      xor, bltz, 0x7fffffff, 0xffffffff
        R3      nor, bnez, 0xffffffff, 0
        R3      nor, bgtz, 0x80000000, 0x80000000
        R3      sllv, beqz, 0x80000000, 1
        R3      sllv, bltz, 1, 31
        R3      srlv, bgtz, 0x80000000, 31
        R3      srav, bltz, 0x80000000, 4
        R3      srav, bgez, 0x40000000, 33
        R3      mul, beqz, 0x10000, 0x10000
        R3      mul, bltz, 0x4000, 0x20000
        R3      mul, bgtz, -3, -5
        RI      sll, bnez, 0x80000000, 1
        RI      sll, bltz, 1, 31
        RI      srl, beqz, 0x7fffffff, 31
        RI      srl, bgtz, 0x80000000, 31
        RI      sra, bltz, 0x80000000, 31
        RI      sra, blez, 0x7fffffff, 30
        RI      addiu, beqz, 1, -1
        RI      addiu, bltz, 0x7fffffff, 1
        RI      addiu, bgez, -1, 1
        RI      addiu, blez, 1, -1
        RI      andi, bnez, 0x10000, 0xffff
        RI      andi, beqz, 0x10000, 0xffff
        RI      andi, bgtz, 0x8000ffff, 0x8000

        /* likely forms, taken and not */
        R3      addu, beqzl, 2, -2
        R3      addu, beqzl, 2, -1
        R3      subu, bnezl, 2, 2
        R3      subu, bltzl, 1, 2
        R3      subu, bgezl, 1, 2
        R3      and, bgtzl, 0x7fffffff, 0x7fffffff
        R3      and, blezl, 0x7fffffff, 0x7fffffff

        /* the move and negate idioms (or with $zero, subu from $zero) */
        li      $t0, 0x80000000
        li      $s0, 0
        move    $v0, $t0
        bltz    $v0, 1f
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "move bltz", $s0
        li      $s0, 0
        negu    $v0, $t0
        bgez    $v0, 1f
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "negu bgez", $s0

        /* a conditional call: bltzal, bgezal (the link written either way) */
        li      $t0, -4
        li      $s0, 0
        addiu   $v0, $t0, 3
        bltzal  $v0, 1f
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "bltzal", $s0
        li      $s0, 0
        addiu   $v0, $t0, 3
        bgezal  $v0, 1f
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "bgezal", $s0

        /* ---- cr0 written between ---- */
        /* an andi of another register (andi. records it) */
        li      $t0, 0
        li      $t1, 1
        li      $s0, 0
        addu    $v0, $t0, $zero      /* 0: the move idiom */
        andi    $v1, $t1, 1          /* 1: cr0 says "not zero" */
        beqz    $v0, 1f
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "andi between", $s0
        /* a load through a pointer of unknown alignment (its check is an andi.) */
        la      $a1, pointer
        sw      $sp, 0($a1)
        lw      $a1, 0($a1)          /* $sp, loaded: its alignment unknown */
        li      $s0, 0
        subu    $v0, $t1, $t0        /* 1: the check's andi. would say zero */
        lw      $v1, 0($a1)
        beqz    $v0, 1f
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "load between", $s0
        /* an FPU instruction (its helper's gate compares into cr0) */
        li      $t2, 0x3f800000      /* 1.0f */
        mtc1    $t2, $f0
        li      $s0, 0
        xor     $v0, $t0, $t1        /* 1: the gate's compare would say zero */
        add.s   $f2, $f0, $f0
        beqz    $v0, 1f
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        mfc1    $t3, $f2
        SHOW    "fpu between", $s0
        SHOW    "fpu between f2", $t3

        /* ---- the register written between, and by the delay slot ---- */
        li      $t0, 5
        li      $s0, 0
        addiu   $v0, $t0, -5         /* 0 */
        lw      $v0, 0($sp)          /* written again: a nonzero word below */
        bnez    $v0, 1f
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "written between", $s0
        li      $s0, 0
        addiu   $v0, $t0, -5         /* 0 */
        beqz    $v0, 1f
        addiu   $v0, $v0, 7          /* the branch tests the 0 */
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "written by the delay slot", $s0
        SHOW    "written by the delay slot v0", $v0
        /* a delay slot that writes cr0 (andi.): the branch compares */
        li      $s0, 0
        addiu   $v0, $t0, -5         /* 0 */
        bnez    $v0, 1f
        andi    $v1, $t0, 4          /* 4: cr0 says "not zero" */
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "andi in the delay slot", $s0
        /* a load in the delay slot */
        li      $s0, 0
        addiu   $v0, $t0, -5         /* 0 */
        bnez    $v0, 1f
        lw      $v1, 0($a1)
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "load in the delay slot", $s0

        /* ---- the register in the state ---- */
        li      $s0, 0
        addiu   $t7, $t0, -6         /* -1 */
        bgez    $t7, 1f
        nop
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        li      $t7, 0
        SHOW    "t7", $s0

        /* ---- a loop whose counter is set in one block and tested in the next:
         * hot enough, a superblock's members, where cr0 carries from one to the next */
        li      $a3, 2000
        li      $s0, 0
        li      $t1, 0
2:      addiu   $a3, $a3, -1
        andi    $t2, $a3, 3
        bnez    $t2, 1f              /* every fourth trip falls through */
        nop
        addiu   $t1, $t1, 1
1:      srl     $v1, $a3, 1
        bnez    $a3, 2b
        addiu   $s0, $s0, 1
        SHOW    "loop trips", $s0
        SHOW    "loop fourths", $t1
        li      $a3, 1000
        li      $s0, 0
3:      addiu   $a3, $a3, -1
        beqz    $zero, 1f
        nop
1:      srl     $v1, $a3, 1
        bgtz    $a3, 3b
        addiu   $s0, $s0, 1
        SHOW    "loop two blocks", $s0
        /* a member's branch tests cr0 and its delay slot computes what the next member
         * tests: that word must not record (it lies before the first branch) */
        li      $a3, 1000
        li      $t2, 5000
        li      $s0, 0
5:      addiu   $a3, $a3, -1
        bnez    $a3, 1f
        addiu   $t2, $t2, -1
        b       6f
        nop
1:      bgez    $t2, 5b
        addiu   $s0, $s0, 1
6:      SHOW    "loop delay slot", $s0
        SHOW    "loop delay slot t2", $t2

        addiu   $s7, $s7, -1
        bnez    $s7, top
        nop
        PUTS    "cr0: done"
        EXIT    0
        .end    __start

        .data
        .align  2
pointer: .word  0
