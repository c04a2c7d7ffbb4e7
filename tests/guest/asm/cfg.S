/*
 * cfg.S - control-flow shapes that stress a translator's block handling:
 *
 *   - a straight-line block of over 600 instructions (ALU, loads and stores,
 *     no branches), run once from its start and then entered again at a
 *     label in its middle (a jump into an already translated block);
 *   - the same kind of long block as the body of a loop (1000 iterations);
 *   - a chain of 200 tiny blocks, each ending in an unconditional branch;
 *   - a tight loop of 1,000,000 iterations (an LCG), and a loop of 50,000
 *     calls (jal/jr pairs);
 *   - a counted loop whose exit depends on a value computed in the loop.
 *
 * Each part prints its registers; the loop counts are printed too.
 * Exit status 0x41 (exit_group).
 */
#include "common.h"

/* One step of the straight-line mix: ALU work on t0..t3 and a store/load
 * round trip through the buffer at s1 (offset \k words). */
        .macro  MIX k:req
        addu    $t0, $t0, $t1
        xor     $t1, $t1, $t0
        sll     $t2, $t0, 3
        srl     $t3, $t1, 5
        addu    $t0, $t0, $t2
        subu    $t1, $t1, $t3
        rotr    $t2, $t2, 7
        sw      $t0, (\k * 4)($s1)
        xor     $t3, $t3, $t2
        lw      $t2, (\k * 4)($s1)
        addiu   $t1, $t1, \k
        nor     $t3, $t3, $t0
        .endm

        .bss
        .balign 4
buffer: .space  4 * 64

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "cfg: start"
        la      $s1, buffer

        /* ---- a long straight-line block, run once ---- */
        li      $s2, 0                          /* 0: whole block, 1: from the middle */
        li      $t0, 0x01234567
        li      $t1, 0x89abcdef
        li      $t2, 0
        li      $t3, 0
long_start:
        .irp    k, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24
        MIX     \k
        .endr
long_middle:
        .irp    k, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53
        MIX     \k
        .endr
long_end:
        la      $t4, long_start
        la      $t5, long_end
        subu    $t4, $t5, $t4
        srl     $t4, $t4, 2
        SHOW    "long block: instructions", $t4
        SHOW    "long block: t0", $t0
        SHOW    "long block: t1", $t1
        SHOW    "long block: t2", $t2
        SHOW    "long block: t3", $t3
        bne     $s2, $zero, 1f
        nop
        /* enter the same code again in the middle, with fresh values */
        li      $s2, 1
        li      $t0, 0x0badf00d
        li      $t1, 0x600dcafe
        li      $t2, 0x11111111
        li      $t3, 0x22222222
        b       long_middle
        addiu   $t3, $t3, 1                     /* delay slot */
1:

        /* ---- a long block as a loop body ---- */
        li      $s3, 1000
        li      $t0, 1
        li      $t1, 2
        li      $t2, 3
        li      $t3, 4
2:
        .irp    k, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29
        MIX     \k
        .endr
        addiu   $s3, $s3, -1
        bgtz    $s3, 2b
        addu    $t0, $t0, $s3                   /* delay slot: part of the body */
        SHOW    "long loop: t0", $t0
        SHOW    "long loop: t1", $t1
        SHOW    "long loop: t2", $t2
        SHOW    "long loop: t3", $t3

        /* ---- a chain of 200 tiny blocks ---- */
        li      $t0, 0
        li      $t1, 0
        .rept   200
        addiu   $t0, $t0, 3
        b       1f
        xor     $t1, $t1, $t0                   /* delay slot */
        addiu   $t0, $t0, 0x1000                /* skipped */
1:
        .endr
        SHOW    "block chain: t0", $t0
        SHOW    "block chain: t1", $t1

        /* ---- a tight loop: 1,000,000 LCG steps ---- */
        li      $t0, 12345                      /* state */
        li      $t1, 1103515245
        li      $t2, 1000000                    /* iterations */
        li      $t3, 0                          /* xor of the states */
3:      mul     $t0, $t0, $t1
        addiu   $t0, $t0, 12345
        addiu   $t2, $t2, -1
        bnez    $t2, 3b
        xor     $t3, $t3, $t0
        SHOW    "lcg: state", $t0
        SHOW    "lcg: xor", $t3

        /* ---- 50,000 calls ---- */
        li      $s3, 50000
        li      $v0, 0
4:      jal     leaf
        move    $a0, $s3
        addiu   $s3, $s3, -1
        bnez    $s3, 4b
        nop
        SHOW    "calls: v0", $v0

        /* ---- a loop whose exit is computed (Collatz steps from 27) ---- */
        li      $t0, 27
        li      $t1, 0                          /* steps */
        li      $t2, 0                          /* maximum */
5:      sltu    $t3, $t2, $t0
        movn    $t2, $t0, $t3
        andi    $t3, $t0, 1
        beqz    $t3, 6f
        addiu   $t1, $t1, 1
        sll     $t3, $t0, 1                     /* odd: 3n+1 */
        addu    $t0, $t0, $t3
        b       7f
        addiu   $t0, $t0, 1
6:      srl     $t0, $t0, 1                     /* even: n/2 */
7:      li      $t3, 1
        bne     $t0, $t3, 5b
        nop
        SHOW    "collatz 27: steps", $t1
        SHOW    "collatz 27: max", $t2

        PUTS    "cfg: done"
        EXIT    0x41
        .end    __start

/* v0 = v0 * 3 + a0 (mod 2^32) */
        .ent    leaf
leaf:
        sll     $t0, $v0, 1
        addu    $v0, $v0, $t0
        jr      $ra
        addu    $v0, $v0, $a0
        .end    leaf
