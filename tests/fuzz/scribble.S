/*
 * scribble.S - the guest of the scribble harness (fuzz_scribble.c): it stores the
 * words of its table, each to its address (the harness fills the table with
 * addresses in the translator's memory: its state, the rings, the sw counters and
 * edge sites, the code cache), and between stores makes what the runtime reads
 * back: calls and returns (call/return packets), an indirect call (an edge), a
 * system call (its record), a floating-point add (the FPU gate).  A zero address
 * ends the table.
 */
#include "../guest/asm/common.h"
        .set    noreorder
        .section .scribble, "aw"       # at 0x00500000 (fuzz.mk links it there)
        .globl  table
table:  .space  8 * 64
        .text
        .globl  __start
        .ent    __start
__start:
        lui     $s0, %hi(table)
        addiu   $s0, $s0, %lo(table)
        li      $s1, 64
loop:   lw      $t0, 0($s0)
        beq     $t0, $zero, done
        nop
        lw      $t1, 4($s0)
        sw      $t1, 0($t0)             # the scribble
        jal     leaf                    # a call and its return
        nop
        lui     $t2, %hi(leaf)
        addiu   $t2, $t2, %lo(leaf)
        jalr    $t2                     # an indirect call: an edge
        nop
        li      $v0, 4020               # getpid: a system call
        syscall
        mtc1    $t1, $f0
        add.s   $f2, $f0, $f0           # the FPU gate
        addiu   $s0, $s0, 8
        addiu   $s1, $s1, -1
        bne     $s1, $zero, loop
        nop
done:   EXIT    0
        .end    __start

        .ent    leaf
leaf:   jr      $ra
        nop
        .end    leaf
