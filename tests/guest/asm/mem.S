/*
 * mem.S - loads, stores and the other memory instructions of MIPS32r2
 * (big-endian):
 *
 *   lb lbu lh lhu lw sb sh sw with positive, negative and extreme (+32767,
 *   -32768) offsets, sign/zero extension, byte order, a load into $zero,
 *   a load whose base register is its destination, stores of $zero;
 *   lwl lwr swl swr at every address offset 0..3, each alone (so the partial
 *   merge with the old register/memory contents shows) and as the usual pairs
 *   (unaligned word load/store at offsets 0..3);
 *   ll/sc (sc succeeds - returns 1 - in a single thread), an ll/sc increment
 *   loop; sync, pref; set_thread_area (syscall 4283) then rdhwr $3, $29
 *   (UserLocal) and rdhwr into another register.
 *
 * Exit status 0x21 (exit_group).
 */
#include "common.h"

/* Print the two words at buf (after a store test). */
        .macro  SHOWBUF name:req
        la      $t8, buf
        lw      $t9, 0($t8)
        SHOW    "\name [0]", $t9
        lw      $t9, 4($t8)
        SHOW    "\name [4]", $t9
        .endm

/* Fill buf (8 bytes) with 0xee. */
        .macro  CLEARBUF
        la      $t8, buf
        li      $t9, 0xeeeeeeee
        sw      $t9, 0($t8)
        sw      $t9, 4($t8)
        .endm

        .data
        .balign 8
src:    .byte   0x80, 0x81, 0x7f, 0x01          /* src+0 */
        .byte   0x12, 0x34, 0x56, 0x78          /* src+4 */
        .byte   0x9a, 0xbc, 0xde, 0xf0          /* src+8 */
        .byte   0xff, 0xfe, 0x00, 0x01          /* src+12 */
        .byte   0xa1, 0xb2, 0xc3, 0xd4          /* src+16 */
        .balign 8
buf:    .space  8
cell:   .word   0
        .balign 8
big:    .space  65536 + 16                      /* for the extreme offsets */

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "mem: start"
        la      $s0, src
        la      $s1, buf

        /* ---- byte and halfword loads: sign and zero extension ---- */
        lb      $t0, 0($s0)
        SHOW    "lb 0x80", $t0
        lbu     $t0, 0($s0)
        SHOW    "lbu 0x80", $t0
        lb      $t0, 2($s0)
        SHOW    "lb 0x7f", $t0
        lbu     $t0, 3($s0)
        SHOW    "lbu 0x01", $t0
        lb      $t0, 13($s0)
        SHOW    "lb 0xfe", $t0
        lh      $t0, 0($s0)
        SHOW    "lh 0x8081", $t0
        lhu     $t0, 0($s0)
        SHOW    "lhu 0x8081", $t0
        lh      $t0, 2($s0)
        SHOW    "lh 0x7f01", $t0
        lhu     $t0, 12($s0)
        SHOW    "lhu 0xfffe", $t0
        lh      $t0, 12($s0)
        SHOW    "lh 0xfffe", $t0

        /* ---- words, positive and negative offsets ---- */
        lw      $t0, 0($s0)
        SHOW    "lw +0", $t0
        lw      $t0, 4($s0)
        SHOW    "lw +4", $t0
        addiu   $t1, $s0, 16
        lw      $t0, -8($t1)
        SHOW    "lw -8", $t0
        lw      $t0, -16($t1)
        SHOW    "lw -16", $t0
        lb      $t0, -1($t1)
        SHOW    "lb -1", $t0
        lhu     $t0, -4($t1)
        SHOW    "lhu -4", $t0

        /* ---- extreme offsets ---- */
        la      $t1, big
        li      $t0, 0x0badcafe
        sw      $t0, 0($t1)
        li      $t0, 0x600dbeef
        sw      $t0, 65532($t1)
        addiu   $t2, $t1, 32764                 /* t2 + 32768 = big + 65532 */
        addiu   $t2, $t2, 4
        lw      $t0, 32764($t2)
        SHOW    "lw +32764", $t0
        addiu   $t2, $t1, 32767
        addiu   $t2, $t2, 1                     /* t2 = big + 32768 */
        lw      $t0, -32768($t2)
        SHOW    "lw -32768", $t0
        addiu   $t2, $t1, 1                     /* an odd base, an odd offset */
        lbu     $t0, 32767($t2)
        SHOW    "lbu +32767", $t0
        li      $t0, 0xa5
        sb      $t0, 32767($t2)
        lbu     $t0, 32767($t2)
        SHOW    "sb +32767", $t0

        /* ---- the destination is the base register ---- */
        move    $t0, $s0
        lw      $t0, 8($t0)
        SHOW    "lw rt==base", $t0
        /* a load into $zero is discarded */
        lw      $zero, 4($s0)
        SHOW    "lw to zero", $zero

        /* ---- stores ---- */
        CLEARBUF
        li      $t0, 0x11223344
        sw      $t0, 0($s1)
        SHOWBUF "sw"
        lbu     $t1, 0($s1)
        SHOW    "big-endian byte 0", $t1
        lbu     $t1, 3($s1)
        SHOW    "big-endian byte 3", $t1
        CLEARBUF
        sb      $t0, 1($s1)
        sb      $t0, 6($s1)
        SHOWBUF "sb +1 +6"
        CLEARBUF
        sh      $t0, 2($s1)
        sh      $t0, 4($s1)
        SHOWBUF "sh +2 +4"
        CLEARBUF
        addiu   $t1, $s1, 8
        sw      $t0, -4($t1)
        sh      $zero, -8($t1)
        sb      $zero, -5($t1)
        SHOWBUF "sw -4, sh/sb zero"

        /* ---- lwl / lwr alone: merge into the old register ----
         * The word at src+4 is 12 34 56 78; t0 starts as aabbccdd. */
        .irp    k, 0, 1, 2, 3
        li      $t0, 0xaabbccdd
        lwl     $t0, 4+\k($s0)
        SHOW    "lwl +\k", $t0
        .endr
        .irp    k, 0, 1, 2, 3
        li      $t0, 0xaabbccdd
        lwr     $t0, 4+\k($s0)
        SHOW    "lwr +\k", $t0
        .endr
        /* pairs: the unaligned word at src+4+k */
        .irp    k, 0, 1, 2, 3
        li      $t0, 0xaabbccdd
        lwl     $t0, 4+\k($s0)
        lwr     $t0, 4+\k+3($s0)
        SHOW    "lwl/lwr +\k", $t0
        .endr
        /* the other order */
        .irp    k, 1, 3
        li      $t0, 0
        lwr     $t0, 4+\k+3($s0)
        lwl     $t0, 4+\k($s0)
        SHOW    "lwr/lwl +\k", $t0
        .endr

        /* ---- swl / swr alone: merge into the old memory ---- */
        li      $t0, 0x11223344
        .irp    k, 0, 1, 2, 3
        CLEARBUF
        swl     $t0, \k($s1)
        SHOWBUF "swl +\k"
        .endr
        .irp    k, 0, 1, 2, 3
        CLEARBUF
        swr     $t0, \k($s1)
        SHOWBUF "swr +\k"
        .endr
        /* pairs: the unaligned word at buf+k */
        .irp    k, 0, 1, 2, 3
        CLEARBUF
        swl     $t0, \k($s1)
        swr     $t0, \k+3($s1)
        SHOWBUF "swl/swr +\k"
        .endr

        /* ---- ll / sc ---- */
        la      $s2, cell
        li      $t0, 41
        sw      $t0, 0($s2)
        ll      $t0, 0($s2)
        SHOW    "ll", $t0
        addiu   $t0, $t0, 1
        sc      $t0, 0($s2)
        SHOW    "sc result", $t0
        lw      $t1, 0($s2)
        SHOW    "sc stored", $t1
        li      $t2, 10                         /* an atomic-increment loop */
        li      $t3, 0                          /* sc failures (expect 0) */
1:      ll      $t0, 0($s2)
        addiu   $t0, $t0, 3
        sc      $t0, 0($s2)
        bnez    $t0, 2f
        nop
        b       1b
        addiu   $t3, $t3, 1
2:      addiu   $t2, $t2, -1
        bnez    $t2, 1b
        nop
        lw      $t1, 0($s2)
        SHOW    "ll/sc loop", $t1
        SHOW    "ll/sc loop failures", $t3

        /* ---- sync, pref: no visible effect ---- */
        li      $t0, 0x5a5a
        sync
        pref    0, 0($s0)
        pref    1, 64($s1)
        pref    4, -32($s0)
        SHOW    "after sync/pref", $t0

        /* ---- set_thread_area, then rdhwr $3, $29 ---- */
        li      $a0, 0x12345678
        li      $v0, SYS_set_thread_area
        syscall
        SHOW    "set_thread_area v0", $v0
        SHOW    "set_thread_area a3", $a3
        li      $v1, 0
        .set    push
        .set    mips32r2
        rdhwr   $3, $29
        .set    pop
        SHOW    "rdhwr $3,$29", $v1
        li      $t0, 0
        .set    push
        .set    mips32r2
        rdhwr   $t0, $29
        .set    pop
        SHOW    "rdhwr $8,$29", $t0
        li      $a0, 0x7ffff000
        li      $v0, SYS_set_thread_area
        syscall
        .set    push
        .set    mips32r2
        rdhwr   $3, $29
        .set    pop
        SHOW    "rdhwr $3,$29 again", $v1

        /* ---- the stack ---- */
        move    $s3, $sp
        addiu   $sp, $sp, -16
        li      $t0, 0xcafef00d
        sw      $t0, 12($sp)
        sh      $t0, 0($sp)
        lw      $t1, 12($sp)
        lhu     $t2, 0($sp)
        addiu   $sp, $sp, 16
        subu    $t3, $sp, $s3
        SHOW    "stack lw", $t1
        SHOW    "stack lhu", $t2
        SHOW    "stack balanced", $t3

        PUTS    "mem: done"
        EXIT    0x21
        .end    __start
