/*
 * tail.S - one loop whose body goes one way in its first 100,000 trips and the other
 * in the next 100,000, then through a common tail, each part a block of its own:
 *
 *   loop:   P  i += 1; the second way once i > 100,000
 *           A  (first way)  -> tail
 *           B  (second way) -> tail
 *   tail:   C  mixes the sum; back to loop until i = 200,000
 *
 * The first phase's superblock is the loop [P A C]; in the second, P's side exit to B
 * turns hot and B heads a path.  Once the duplication budget is spent that path ends
 * where it reaches C, a member of the first superblock, and C heads a superblock of its
 * own; with budget enough the path copies C instead (dbt/superblock.c, ends_path;
 * tests/e2e/test_superblocks.sh).  Prints the sum and the trips.
 * Exit status 0 (exit_group).
 */
#include "common.h"

        .text
        .globl  __start
        .ent    __start
__start:
        li      $s0, 0                  /* i */
        li      $s2, 200000             /* trips */
        li      $s3, 100001             /* the first trip of the second way */
        li      $t0, 0x9e3779b9         /* the sum */
loop:
        addiu   $s0, $s0, 1
        sltu    $t2, $s0, $s3
        beqz    $t2, second
        nop
        xor     $t0, $t0, $s0           /* A: the first way */
        b       tail
        nop
second:
        addu    $t0, $t0, $s0           /* B: the second way */
        b       tail
        nop
tail:
        srl     $t1, $t0, 3             /* C: the common tail */
        xor     $t0, $t0, $t1
        sll     $t1, $t0, 7
        addu    $t0, $t0, $t1
        bne     $s0, $s2, loop
        nop
        SHOW    "sum", $t0
        SHOW    "trips", $s0
        EXIT    0
        .end    __start
