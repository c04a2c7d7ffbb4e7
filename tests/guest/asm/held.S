/*
 * held.S - the words of the MIPS registers that live in the state ($t7, $t8, HI, LO),
 * read from the host register that still holds them (dbt/held.c) where the
 * translation would load them again:
 *
 *   a word read twice after it is set, as both operands, by a shift, a compare, an
 *   slt and a branch; set again between; copied from one spilled register to the
 *   other and back; the holder's register written by something else between (a load
 *   into it, an ALU result); a conditional move into a spilled register, taken and
 *   not (the store it skips, then the word read); a likely branch whose delay slot
 *   sets one, taken and not; a division by zero and by a divisor (its checks branch
 *   over one another), then HI and LO each read twice; mult, madd, mflo and mfhi; a
 *   word stored to memory and read back into the other; an indirect jump through
 *   $t8 whose delay slot writes $t8; a loop that carries $t7 and $t8 round its
 *   back edge; a load between the set and the read.
 *
 * Each case shows what it computed; qemu-mips is the oracle (tests/e2e/test_guest.sh).
 * Exit status 0.
 */
#include "common.h"

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "held: start"

        /* ---- set once, read many times in one block ---- */
        li      $t0, 0x1234
        addiu   $t8, $t0, 7             /* $t8 = 0x123b */
        sll     $v0, $t8, 3
        addu    $v0, $v0, $t8
        addu    $v1, $t8, $t8
        subu    $a0, $t8, $v0
        slt     $a1, $a0, $t8
        xor     $a2, $t8, $a1
        SHOW    "read many v0", $v0
        SHOW    "read many v1", $v1
        SHOW    "read many a0", $a0
        SHOW    "read many a2", $a2

        /* ---- set again between the reads; copied to $t7 and back ---- */
        li      $t0, 5
        addiu   $t8, $t0, 1             /* 6 */
        addu    $v0, $t8, $t8           /* 12 */
        addiu   $t8, $t8, 10            /* 16 */
        move    $t7, $t8
        addu    $v1, $t7, $t8           /* 32 */
        addiu   $t7, $t7, 1             /* 17 */
        move    $t8, $t7
        sll     $a0, $t8, 1             /* 34 */
        subu    $a1, $t8, $t7           /* 0 */
        SHOW    "again v0", $v0
        SHOW    "again v1", $v1
        SHOW    "again a0", $a0
        SHOW    "again a1", $a1
        SHOW    "again t7", $t7
        SHOW    "again t8", $t8

        /* ---- the holder written by other code before the read ---- */
        la      $s0, words
        lw      $t8, 0($s0)             /* 0x01020304 */
        lw      $v0, 4($s0)             /* a load after: the holder's register taken */
        lhu     $v1, 8($s0)
        addu    $a0, $t8, $v0
        sra     $a1, $t8, 4
        srl     $a2, $v0, 8             /* scratch work between */
        or      $a3, $a2, $t8
        SHOW    "holder a0", $a0
        SHOW    "holder a1", $a1
        SHOW    "holder a3", $a3

        /* ---- conditional moves into a spilled register, then read ---- */
        li      $t8, 100
        li      $t0, 1
        li      $t1, 200
        movn    $t8, $t1, $t0           /* taken: 200 */
        addu    $v0, $t8, $t8           /* 400 */
        movz    $t8, $t0, $t0           /* not taken: stays 200 */
        addu    $v1, $t8, $t0           /* 201 */
        li      $t7, 7
        slt     $t2, $t0, $t1
        movz    $t7, $t1, $t2           /* not taken (slt's field) */
        addu    $a0, $t7, $t7           /* 14 */
        movn    $t7, $t1, $t2           /* taken */
        addu    $a1, $t7, $t0           /* 201 */
        SHOW    "movn v0", $v0
        SHOW    "movz v1", $v1
        SHOW    "movz a0", $a0
        SHOW    "movn a1", $a1

        /* ---- a likely branch whose delay slot sets $t7 ---- */
        li      $t7, 3
        addu    $v0, $t7, $t7           /* 6: $t7 held */
        li      $t0, 1
        beqzl   $t0, 1f                 /* not taken: the slot is annulled */
        addiu   $t7, $t7, 100
1:      addu    $v1, $t7, $t7           /* 6 */
        SHOW    "likely not taken", $v1
        li      $t7, 3
        addu    $v0, $t7, $t7
        bnezl   $t0, 2f                 /* taken: the slot runs */
        addiu   $t7, $t7, 100
        addiu   $t7, $t7, 1000          /* skipped */
2:      addu    $v1, $t7, $t7           /* 206 */
        SHOW    "likely taken", $v1

        /* ---- division: the checks branch over one another ---- */
        li      $t8, 1000
        li      $t7, 7
        div     $zero, $t8, $t7
        mflo    $v0                     /* 142 */
        mfhi    $v1                     /* 6 */
        mflo    $a0
        addu    $a0, $a0, $t8           /* 1142 */
        mfhi    $a1
        addu    $a1, $a1, $t7           /* 13 */
        SHOW    "div lo", $v0
        SHOW    "div hi", $v1
        SHOW    "div lo again", $a0
        SHOW    "div hi again", $a1
        li      $t7, 0
        divu    $zero, $t8, $t7         /* by zero: LO = rs, HI = 0 (qemu-mips) */
        mflo    $v0
        mfhi    $v1
        addu    $a0, $t8, $t7
        SHOW    "divu0 lo", $v0
        SHOW    "divu0 hi", $v1
        SHOW    "divu0 t8", $a0

        /* ---- mult, madd, and the moves from HI and LO ---- */
        li      $t8, 0x12345
        li      $t7, -3
        mult    $t8, $t7
        mflo    $v0
        mflo    $v1
        mfhi    $a0
        madd    $t8, $t8
        mflo    $a1
        mfhi    $a2
        mthi    $t8
        mfhi    $a3
        addu    $a3, $a3, $a3
        SHOW2   "mult", $a0, $v0
        SHOW    "mult lo again", $v1
        SHOW2   "madd", $a2, $a1
        SHOW    "mthi", $a3

        /* ---- stored to memory, read back into the other ---- */
        li      $t8, 0x5a5a
        sw      $t8, 12($s0)
        lw      $t7, 12($s0)
        addu    $v0, $t7, $t8
        sh      $t8, 16($s0)
        lhu     $t8, 16($s0)
        addu    $v1, $t8, $t7
        SHOW    "memory v0", $v0
        SHOW    "memory v1", $v1

        /* ---- an indirect jump through $t8, whose delay slot writes $t8 ---- */
        la      $t8, 3f
        addu    $v0, $t8, $zero
        jr      $t8
        li      $t8, 0x77               /* the slot: the jump goes where $t8 was */
        PUTS    "jr: not here"
3:      subu    $v0, $t8, $v0           /* 0x77 - label */
        la      $t0, 3b
        addu    $v0, $v0, $t0
        SHOW    "jr t8", $v0

        /* ---- a loop that carries $t7 and $t8 round its back edge ---- */
        li      $t7, 0
        li      $t8, 1
        li      $t0, 10
4:      addu    $t7, $t7, $t8           /* sum */
        sll     $t8, $t8, 1
        addiu   $t0, $t0, -1
        bnez    $t0, 4b
        addu    $t7, $t7, $t0           /* the slot reads $t7 again */
        SHOW    "loop t7", $t7
        SHOW    "loop t8", $t8

        /* ---- a load between the set and the read ---- */
        li      $t8, 0x4321
        lw      $v0, 0($s0)
        addu    $v1, $t8, $v0
        SHOW    "load between", $v1

        PUTS    "held: done"
        EXIT    0
        .end    __start

        .data
        .align  2
words:  .word   0x01020304, 0x0a0b0c0d, 0xfedc0000, 0, 0
