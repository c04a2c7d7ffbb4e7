/*
 * branch.S - branches and jumps of MIPS32r2 and their delay slots:
 *
 *   beq bne blez bgtz bltz bgez (taken and not taken, boundary values),
 *   bltzal bgezal bal (the link register is written even when not taken),
 *   j jal jr jalr (jalr with rd != ra), jr.hb jalr.hb,
 *   a delay slot that changes the branch's source register (the branch uses
 *   the old value), a delay slot that writes $ra after jal / reads the new $ra,
 *   branch-likely beql bnel blezl bgtzl bltzl bgezl bltzall bgezall, taken and
 *   not taken (the delay slot is annulled when not taken - even a faulting
 *   load), a branch to its own delay slot (the slot runs twice), a jump into
 *   another branch's delay slot, backward loops (plain and likely).
 *
 * Each case keeps a trace in $s0: the delay slot adds 1, the fall-through
 * path adds 0x10, the target adds 0x100.  So a taken branch shows 0x101, a
 * not-taken one 0x111, and an annulled (likely, not taken) one 0x110.
 * Exit status 12 (through the exit system call, not exit_group).
 */
#include "common.h"

/* op rs=a, rt=b, target */
        .macro  TB2 op:req, a:req, b:req
        li      $t0, \a
        li      $t1, \b
        li      $s0, 0
        \op     $t0, $t1, 1f
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "\op \a \b", $s0
        .endm

/* op rs=a, target */
        .macro  TB1 op:req, a:req
        li      $t0, \a
        li      $s0, 0
        \op     $t0, 1f
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "\op \a", $s0
        .endm

/* branch and link: also shows $ra minus the address after the delay slot */
        .macro  TBAL op:req, a:req
        li      $t0, \a
        li      $s0, 0
        li      $ra, 0
        \op     $t0, 1f
        addiu   $s0, $s0, 1
2:      addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        la      $t3, 2b
        subu    $t3, $ra, $t3
        SHOW    "\op \a", $s0
        SHOW    "\op \a ra-(pc+8)", $t3
        .endm

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "branch: start"

        /* ---- two-register compares ---- */
        TB2     beq, 5, 5
        TB2     beq, 5, 6
        TB2     beq, 0x80000000, 0x80000000
        TB2     beq, 0, 0x80000000
        TB2     bne, 5, 5
        TB2     bne, 5, 6
        TB2     bne, 0xffffffff, 0x7fffffff
        TB2     beql, 5, 5
        TB2     beql, 5, 6
        TB2     bnel, 5, 5
        TB2     bnel, 5, 6

        /* ---- compares with zero ---- */
        TB1     blez, 0
        TB1     blez, 1
        TB1     blez, -1
        TB1     blez, 0x80000000
        TB1     blez, 0x7fffffff
        TB1     bgtz, 0
        TB1     bgtz, 1
        TB1     bgtz, -1
        TB1     bgtz, 0x80000000
        TB1     bgtz, 0x7fffffff
        TB1     bltz, 0
        TB1     bltz, 1
        TB1     bltz, -1
        TB1     bltz, 0x80000000
        TB1     bltz, 0x7fffffff
        TB1     bgez, 0
        TB1     bgez, 1
        TB1     bgez, -1
        TB1     bgez, 0x80000000
        TB1     bgez, 0x7fffffff
        TB1     blezl, 0
        TB1     blezl, 1
        TB1     bgtzl, 1
        TB1     bgtzl, 0
        TB1     bltzl, -1
        TB1     bltzl, 0
        TB1     bgezl, 0
        TB1     bgezl, -1

        /* ---- branch and link ---- */
        TBAL    bltzal, -1
        TBAL    bltzal, 0
        TBAL    bgezal, 0
        TBAL    bgezal, 0x80000000
        TBAL    bltzall, 0x80000000
        TBAL    bltzall, 1
        TBAL    bgezall, 1
        TBAL    bgezall, -1
        li      $s0, 0
        li      $ra, 0
        bal     1f
        addiu   $s0, $s0, 1
2:      addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        la      $t3, 2b
        subu    $t3, $ra, $t3
        SHOW    "bal", $s0
        SHOW    "bal ra-(pc+8)", $t3
        li      $s0, 0
        b       1f
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "b", $s0

        /* ---- the delay slot changes the branch's source register ---- */
        li      $s0, 0
        li      $t0, 0
        beq     $t0, $zero, 1f          /* uses t0 = 0: taken */
        li      $t0, 5
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "beq, slot sets rs", $s0
        SHOW    "beq, slot sets rs: rs", $t0
        li      $s0, 0
        li      $t0, 1
        bgtz    $t0, 1f                 /* uses t0 = 1: taken */
        addiu   $t0, $t0, -1
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "bgtz, slot decrements rs", $s0
        li      $s0, 0
        li      $t0, 7
        li      $t1, 8
        beq     $t0, $t1, 1f            /* uses 7 != 8: not taken */
        move    $t1, $t0
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "beq, slot makes rs==rt", $s0
        li      $s0, 0
        li      $t0, 3
        bnel    $t0, $zero, 1f          /* likely, taken: the slot runs */
        li      $t0, 0
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "bnel, slot clears rs", $s0
        SHOW    "bnel, slot clears rs: rs", $t0

        /* ---- annulled delay slots: a load from address 0 that must not run ---- */
        li      $s0, 0
        li      $t5, 0x1234
        bnel    $zero, $zero, 1f
        lw      $t5, 0($zero)
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "bnel annulled faulting slot", $s0
        SHOW    "bnel annulled faulting slot: t5", $t5
        li      $t0, 1
        bltzl   $t0, 1f
        sw      $t0, 0($zero)
        SHOW    "bltzl annulled store", $t0
1:

        /* ---- a branch to its own delay slot: the slot runs twice ---- */
        li      $s0, 0
        beq     $zero, $zero, 1f
1:      addiu   $s0, $s0, 1
        SHOW    "branch to own delay slot", $s0
        li      $s0, 0
        bgezal  $zero, 1f               /* with link */
1:      addiu   $s0, $s0, 1
        la      $t3, 1b
        subu    $t3, $ra, $t3
        SHOW    "bgezal to own delay slot", $s0
        SHOW    "bgezal to own delay slot ra-slot", $t3

        /* ---- a jump into another branch's delay slot ----
         * First entry at 2 (the slot of the beq at 1, run as a plain
         * instruction, then falling through); second entry at 1 (the beq,
         * its slot, then its target 3). */
        li      $s0, 0
        li      $t0, 0
        b       2f
        nop
1:      beq     $zero, $zero, 3f
2:      addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
        b       4f
        nop
3:      addiu   $s0, $s0, 0x100
4:      addiu   $t0, $t0, 1
        SHOW    "jump into a delay slot", $s0
        li      $t1, 1
        beq     $t0, $t1, 1b
        nop

        /* ---- j, jal, jr ---- */
        li      $s0, 0
        j       1f
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        SHOW    "j", $s0
        li      $s0, 0
        jal     f_add1                  /* f_add1: s0 += 0x3000 */
        addiu   $s0, $s0, 1
2:      addiu   $s0, $s0, 0x100
        la      $t3, 2b
        subu    $t3, $ra, $t3
        SHOW    "jal", $s0
        SHOW    "jal ra-(pc+8)", $t3
        /* the delay slot sees the new $ra */
        li      $t5, 0
        jal     f_add1
        move    $t5, $ra
2:      la      $t3, 2b
        subu    $t3, $t5, $t3
        SHOW    "jal, slot reads ra", $t3
        /* the delay slot writes $ra: the call returns there instead */
        li      $s0, 0
        jal     f_add1
        addiu   $ra, $ra, 8
        addiu   $s0, $s0, 0x10          /* skipped */
        addiu   $s0, $s0, 0x20          /* skipped */
        addiu   $s0, $s0, 0x100
        SHOW    "jal, slot writes ra", $s0
        /* jr, and a jr whose delay slot changes the target register */
        li      $s0, 0
        la      $t9, 1f
        jr      $t9
        addiu   $t9, $t9, 8
        addiu   $s0, $s0, 0x10
1:      addiu   $s0, $s0, 0x100
        addiu   $s0, $s0, 0x200
        SHOW    "jr, slot changes rs", $s0
        /* jalr rd=ra; jalr rd!=ra (ra untouched); slot changes the target */
        li      $s0, 0
        la      $t8, f_add1
        jalr    $t8                     /* to f_add1: s0 = 0x3000 */
        addiu   $t8, $t8, 4             /* (f_add1+4 would give 0x2000) */
2:      la      $t3, 2b
        subu    $t3, $ra, $t3
        la      $t4, f_add1
        subu    $t4, $t8, $t4
        SHOW    "jalr", $s0
        SHOW    "jalr ra-(pc+8)", $t3
        SHOW    "jalr, slot changed rs: rs-f_add1", $t4
        li      $s0, 0
        li      $ra, 0x777
        la      $t8, f_ret_t7
        jalr    $t7, $t8
        addiu   $s0, $s0, 1
2:      la      $t3, 2b
        subu    $t3, $t7, $t3
        SHOW    "jalr t7", $s0
        SHOW    "jalr t7 t7-(pc+8)", $t3
        SHOW    "jalr t7 ra", $ra
        /* hazard-barrier forms */
        li      $s0, 0
        la      $t8, f_add1
        jalr.hb $t8
        nop
        la      $t9, 1f
        jr.hb   $t9
        addiu   $s0, $s0, 1
        addiu   $s0, $s0, 0x10
1:      SHOW    "jalr.hb/jr.hb", $s0

        /* ---- backward loops ---- */
        li      $t0, 100
        li      $s0, 0
1:      addiu   $s0, $s0, 3
        addiu   $t0, $t0, -1
        bne     $t0, $zero, 1b
        addiu   $s0, $s0, 1             /* runs on every iteration */
        SHOW    "loop bne", $s0
        li      $t0, 100
        li      $s0, 0
1:      addiu   $t0, $t0, -1
        bnel    $t0, $zero, 1b
        addiu   $s0, $s0, 1             /* runs only when taken */
        SHOW    "loop bnel", $s0
        li      $t0, 10
        li      $s0, 0
1:      li      $t1, 10                 /* nested */
2:      addiu   $t1, $t1, -1
        bgtz    $t1, 2b
        addiu   $s0, $s0, 1
        addiu   $t0, $t0, -1
        bgez    $t0, 1b
        nop
        SHOW    "loop nested", $s0
        li      $t0, 0
        li      $s0, 0
1:      addiu   $s0, $s0, 2
        slti    $t1, $t0, 1000
        bnez    $t1, 1b
        addiu   $t0, $t0, 7
        SHOW    "loop slti", $s0
        SHOW    "loop slti: t0", $t0
        /* a loop whose only instruction is a branch-likely back to itself */
        li      $t0, 50
        li      $s0, 0
1:      bgtzl   $t0, 1b
        addiu   $t0, $t0, -1
        SHOW    "loop bgtzl self", $t0

        PUTS    "branch: done"
        SYS_EXIT 12
        .end    __start

/* s0 += 0x3000 (0x1000, then 0x2000 in the return's delay slot). */
        .ent    f_add1
f_add1:
        addiu   $s0, $s0, 0x1000
        jr      $ra
        addiu   $s0, $s0, 0x2000
        .end    f_add1

/* s0 += 0x1000, return through $t7. */
        .ent    f_ret_t7
f_ret_t7:
        jr      $t7
        addiu   $s0, $s0, 0x1000
        .end    f_ret_t7
