/*
 * fpword.S - a guest that overwrites the translator's code: it finds, in the code
 * cache (DBT_CODE, 0x0D000000 on the ML300 board), the word after the `bl` of its
 * FPU instruction's exit (the instruction's guest pc, which the FPU gate reads to
 * fetch it) and stores 0xFFFFFFF0 there, then runs the instruction again.  The
 * runtime must say what the guest did and end the run, not read the host's memory
 * at that address.
 */
#include "../guest/asm/common.h"
        .set    noreorder
        .text
        .globl  __start
        .ent    __start
__start:
        li      $s0, 2                  # runs of the FPU instruction's block
        lui     $s1, %hi(fpinsn)
        addiu   $s1, $s1, %lo(fpinsn)
        b       again                   # the instruction heads a block of its own
        nop
again:
fpinsn:
        add.s   $f0, $f0, $f0
        addiu   $s0, $s0, -1
        beq     $s0, $zero, done
        nop
        # Search the code cache for {bl ..., fpinsn}.
        lui     $t0, 0x0D00
        lui     $t3, 0x0D10
search:
        lw      $t1, 4($t0)
        bne     $t1, $s1, next
        nop
        lw      $t2, 0($t0)
        srl     $t4, $t2, 26
        li      $t5, 18                 # b / bl
        bne     $t4, $t5, next
        andi    $t4, $t2, 1             # LK: bl
        beq     $t4, $zero, next
        nop
        li      $t1, 0xFFFFFFF0
        b       again
        sw      $t1, 4($t0)
next:
        addiu   $t0, $t0, 4
        bne     $t0, $t3, search
        nop
        EXIT    3                       # not found
done:
        EXIT    0
        .end    __start
