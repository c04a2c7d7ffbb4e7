/*
 * predict.S - superblock side exits predicted from the counts (dbt/sbcount.c's predict,
 * firmware/heads.c): run with --profile hw --superblocks --threshold 100, a loop heads a
 * superblock at its 100th trip, its path the way that trip went, and a side exit whose
 * word turns hot gets its bc predicted taken when it was taken more often than the
 * passes went on past it.
 *
 *   loop 1: i < 150 one way, the rest the other, which comes back into the path.  The
 *     path is recorded near i = 100, the early way; from i = 150 every pass leaves by the
 *     side exit, which turns hot 100 passes later, taken 100 times against some 50
 *     that went on: predicted taken.
 *   loop 2: one trip in sixteen the other way.  The path is recorded on a common trip;
 *     the side exit turns hot after some 1,600 trips, taken 100 times against some 1,500
 *     that went on: its prediction stays.
 * (With --sb-budget 0: no loop is unrolled, each pass is one trip.)
 *
 * Each loop shows its two sums.  Exit status 0.
 */
#include "common.h"

        .text
        .globl  __start
__start:
        /* loop 1 */
        li      $s0, 0          /* i */
        li      $s1, 2000       /* trips */
        li      $s2, 0          /* early sum */
        li      $s3, 0          /* late sum */
        li      $s4, 150
1:      slt     $t0, $s0, $s4
        beqz    $t0, 2f         /* late: the side exit, once the path is recorded */
        addiu   $s0, $s0, 1
3:      addu    $s2, $s2, $s0
        bne     $s0, $s1, 1b
        nop
        b       4f
        nop
2:      b       3b              /* (back into the path: every late pass enters it) */
        addu    $s3, $s3, $s0
4:      SHOW    "loop 1 early", $s2
        SHOW    "loop 1 late", $s3

        /* loop 2 */
        li      $s0, 0
        li      $s1, 4000
        li      $s2, 0
        li      $s3, 0
5:      andi    $t0, $s0, 15
        xori    $t0, $t0, 15
        beqz    $t0, 6f         /* one trip in sixteen */
        addiu   $s0, $s0, 1
7:      addu    $s2, $s2, $s0
        bne     $s0, $s1, 5b
        nop
        b       8f
        nop
6:      b       7b
        addu    $s3, $s3, $s0
8:      SHOW    "loop 2 common", $s2
        SHOW    "loop 2 rare", $s3
        EXIT    0
