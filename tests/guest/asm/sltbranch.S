/*
 * sltbranch.S - set-on-less-than and the branch that tests it (dbt/liveness.c:
 * the branch tests the comparison in cr6, and the register is not set at all
 * where its value is dead):
 *
 *   slt sltu slti sltiu (sltiu with a negative immediate: a large unsigned one)
 *   tested by bnez beqz bgtz blez, beq/bne with $zero on either side, and the
 *   likely forms (taken and not), at boundary values; the register dead after the
 *   branch (written on both paths before any read), live (shown on one path, or read
 *   in the delay slot, or between the two), written by the delay slot, by an
 *   instruction between (the branch then tests the new value), compared again
 *   between (another slt) or in the delay slot; the register in the state ($t7,
 *   $t8); the comparison's sources changed between; a loop whose condition is an
 *   slt; a register dead only through a jump and a load that writes it.
 *
 * Each case keeps a trace in $s0 as branch.S does: the delay slot adds 1, the
 * fall-through path 0x10, the target 0x100; the set register is shown where it is
 * live.  Exit status 0.
 */
#include "common.h"

/* $t0 = a, $t1 = b, the trace $s0 = 0. */
        .macro  SETUP a:req, b:req
        li      $t0, \a
        li      $t1, \b
        li      $s0, 0
        .endm

/* \slt $v0, a, b then \br on $v0; $v0 is dead after (both paths write it). */
        .macro  DEAD slt:req, br:req, a:req, b:req
        SETUP   \a, \b
        \slt    $v0, $t0, $t1
        \br     $v0, 1f
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
        b       2f
        li      $v0, 0x55
1:      addiu   $s0, $s0, 0x100
        li      $v0, 0x66
2:      SHOW    "\slt \br \a \b dead", $s0
        .endm

/* The same with an immediate form: \slt $v0, a, imm. */
        .macro  DEADI slt:req, br:req, a:req, imm:req
        li      $t0, \a
        li      $s0, 0
        \slt    $v0, $t0, \imm
        \br     $v0, 1f
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
        lw      $v0, 0($sp)
1:      addiu   $s0, $s0, 0x100
        li      $v0, 0x66
        SHOW    "\slt \br \a \imm dead", $s0
        .endm

/* $v0 live after the branch: shown on both paths. */
        .macro  LIVE slt:req, br:req, a:req, b:req
        SETUP   \a, \b
        \slt    $v0, $t0, $t1
        \br     $v0, 1f
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "\slt \br \a \b live", $s0
        SHOW    "\slt \br \a \b v0", $v0
        .endm

/* beq/bne with the register on the right: \br $zero, $v0. */
        .macro  RIGHT slt:req, br:req, a:req, b:req
        SETUP   \a, \b
        \slt    $v0, $t0, $t1
        \br     $zero, $v0, 1f
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        li      $v0, 0
        SHOW    "\slt \br zero,v0 \a \b", $s0
        .endm

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "sltbranch: start"

        /* ---- dead after the branch ---- */
        DEAD    slt, bnez, 1, 2
        DEAD    slt, bnez, 2, 1
        DEAD    slt, bnez, 2, 2
        DEAD    slt, bnez, 0x80000000, 0x7fffffff
        DEAD    slt, bnez, 0x7fffffff, 0x80000000
        DEAD    slt, beqz, 1, 2
        DEAD    slt, beqz, 2, 1
        DEAD    sltu, bnez, 1, 0xffffffff
        DEAD    sltu, bnez, 0xffffffff, 1
        DEAD    sltu, beqz, 0x80000000, 0x7fffffff
        DEAD    sltu, beqz, 0x7fffffff, 0x80000000
        DEAD    slt, bgtz, -5, 3
        DEAD    slt, bgtz, 3, -5
        DEAD    slt, blez, -5, 3
        DEAD    slt, blez, 3, -5
        DEAD    slt, bnezl, 1, 2
        DEAD    slt, bnezl, 2, 1
        DEAD    slt, beqzl, 1, 2
        DEAD    slt, beqzl, 2, 1
        DEAD    sltu, bgtzl, 0, 1
        DEAD    sltu, blezl, 0, 1
        DEADI   slti, bnez, -3, -2
        DEADI   slti, bnez, -2, -3
        DEADI   slti, beqz, 100, 100
        DEADI   slti, beqz, 99, 100
        DEADI   sltiu, bnez, 5, -1
        DEADI   sltiu, bnez, 0xffffffff, -1
        DEADI   sltiu, beqz, 0xfffffffe, -1
        DEADI   sltiu, bnez, 7, 8
        DEADI   sltiu, bnez, 8, 8

        /* ---- live after the branch ---- */
        LIVE    slt, bnez, 1, 2
        LIVE    slt, bnez, 2, 1
        LIVE    sltu, beqz, 1, 2
        LIVE    sltu, beqz, 2, 1
        LIVE    slt, bgtzl, 1, 2
        LIVE    slt, bgtzl, 2, 1
        LIVE    slt, blezl, 1, 2
        LIVE    slt, blezl, 2, 1
        RIGHT   slt, beq, 1, 2
        RIGHT   slt, beq, 2, 1
        RIGHT   sltu, bne, 1, 2
        RIGHT   sltu, bne, 2, 1
        RIGHT   slt, beql, 1, 2
        RIGHT   slt, bnel, 1, 2

        /* read in the delay slot */
        SETUP   1, 2
        slt     $v0, $t0, $t1
        bnez    $v0, 1f
        addu    $s1, $v0, $v0
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        li      $v0, 0
        SHOW    "read in the delay slot", $s0
        SHOW    "read in the delay slot s1", $s1

        /* read between the two */
        SETUP   5, 2
        slt     $v0, $t0, $t1
        addu    $s1, $v0, $t0
        beqz    $v0, 1f
        nop
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        li      $v0, 0
        SHOW    "read between", $s0
        SHOW    "read between s1", $s1

        /* written by the delay slot: the branch tests the old value */
        SETUP   1, 2
        slt     $v0, $t0, $t1
        bnez    $v0, 1f
        li      $v0, 0x77
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "written by the delay slot", $s0
        SHOW    "written by the delay slot v0", $v0

        /* written between: the branch tests the new value */
        SETUP   1, 2
        slt     $v0, $t0, $t1
        move    $v0, $zero
        bnez    $v0, 1f
        nop
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "written between", $s0
        SHOW    "written between v0", $v0

        /* compared again between: the first compare's cr6 is gone */
        SETUP   1, 2
        slt     $v0, $t0, $t1
        slt     $v1, $t1, $t0
        bnez    $v0, 1f
        nop
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        li      $v0, 0
        SHOW    "compared again between", $s0
        SHOW    "compared again between v1", $v1

        /* compared again in the delay slot */
        SETUP   2, 1
        slt     $v0, $t0, $t1
        beqz    $v0, 1f
        slt     $v1, $t1, $t0
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        li      $v0, 0
        SHOW    "compared in the delay slot", $s0
        SHOW    "compared in the delay slot v1", $v1

        /* the sources changed between: the branch tests the comparison made */
        SETUP   1, 2
        slt     $v0, $t0, $t1
        addiu   $t0, $t0, 100
        li      $t1, 0
        bnez    $v0, 1f
        nop
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        li      $v0, 0
        SHOW    "sources changed", $s0

        /* registers in the state: $t7 dead, $t8 live */
        SETUP   3, 4
        sltu    $t7, $t0, $t1
        bnez    $t7, 1f
        nop
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        li      $t7, 0
        SHOW    "t7 dead", $s0
        slt     $t8, $t1, $t0
        beqz    $t8, 1f
        nop
        addiu   $s0, $s0, 0x10
1:      SHOW    "t8 live", $t8

        /* a loop whose condition is an slt (backward branch) */
        SETUP   0, 10
1:      addiu   $s0, $s0, 3
        addiu   $t0, $t0, 1
        slt     $v0, $t0, $t1
        bnez    $v0, 1b
        nop
        li      $v0, 0
        SHOW    "loop", $s0
        SHOW    "loop t0", $t0

        /* dead only through a jump, then a load */
        SETUP   9, 4
        slti    $v1, $t0, 5
        beqz    $v1, 1f
        nop
        addiu   $s0, $s0, 0x10
        j       2f
        nop
1:      addiu   $s0, $s0, 0x100
        j       2f
        nop
2:      lw      $v1, 0($sp)
        SHOW    "dead through a jump", $s0

        PUTS    "sltbranch: done"
        EXIT    0
        .end    __start
