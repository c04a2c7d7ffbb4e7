/*
 * common.h - shared by the hand-written MIPS32r2 (big-endian, o32) tests in
 * tests/guest/asm/*.S.  Each test is a complete static program without libc:
 * it defines __start, includes this file once, and ends with EXIT.
 *
 * Output goes through the write system call, one write per line, so that a
 * line printed just before a fault is never lost in a buffer.
 *
 *   SHOW "name", $reg        prints "name: xxxxxxxx\n" (the register in hex)
 *   SHOW2 "name", $hi, $lo   prints "name: hhhhhhhhllllllll\n" (a 64-bit value)
 *   PUTS "text"              prints "text\n"
 *   EXIT status              exit_group(status)
 *   SYS_EXIT status          exit(status) - the older single-thread exit
 *
 * SHOW, SHOW2 and PUTS clobber $at and nothing else (every other GPR, HI and
 * LO are preserved, and the FPU is not touched), so the tests must not keep
 * values in $at across them, and $at cannot be shown.  The helper routines run in their
 * own code (__show), with the name passed in memory: no data is placed in the
 * instruction stream.
 *
 * The file sets .set noreorder (delay slots are explicit: the assembler never
 * fills or pads them) and .option pic0 (jal/la assemble to plain jal/lui+addiu
 * rather than GOT-based PIC sequences).
 */
#ifndef GUEST_ASM_COMMON_H
#define GUEST_ASM_COMMON_H

#define SYS_exit            4001
#define SYS_write           4004
#define SYS_exit_group      4246
#define SYS_set_thread_area 4283

        .set    noreorder
        .option pic0

/* Store \reg into the word at symbol \sym, through $at. */
        .macro  STORE_AT reg:req, sym:req
        .set    push
        .set    noat
        lui     $at, %hi(\sym)
        sw      \reg, %lo(\sym)($at)
        .set    pop
        .endm

/* Print "name: %08x\n" of \reg.  Clobbers $at only. */
        .macro  SHOW name:req, reg:req
        .set    push
        .set    noat
        .set    noreorder
        STORE_AT \reg, __show_val
        STORE_AT $ra, __show_ra
        lui     $ra, %hi(.Lshow_name\@)
        addiu   $ra, $ra, %lo(.Lshow_name\@)
        STORE_AT $ra, __show_name
        jal     __show
        nop
        .pushsection .rodata.show, "a"
.Lshow_name\@:
        .asciz  "\name"
        .popsection
        .set    pop
        .endm

/* Print "name: %08x%08x\n" of \hi and \lo.  Clobbers $at only. */
        .macro  SHOW2 name:req, hi:req, lo:req
        .set    push
        .set    noat
        .set    noreorder
        STORE_AT \hi, __show_val
        STORE_AT \lo, __show_val2
        STORE_AT $ra, __show_ra
        lui     $ra, %hi(.Lshow_name\@)
        addiu   $ra, $ra, %lo(.Lshow_name\@)
        STORE_AT $ra, __show_name
        jal     __show2
        nop
        .pushsection .rodata.show, "a"
.Lshow_name\@:
        .asciz  "\name"
        .popsection
        .set    pop
        .endm

/* Print "text\n".  Clobbers $at only. */
        .macro  PUTS text:req
        .set    push
        .set    noat
        .set    noreorder
        STORE_AT $ra, __show_ra
        lui     $ra, %hi(.Lputs_text\@)
        addiu   $ra, $ra, %lo(.Lputs_text\@)
        STORE_AT $ra, __show_name
        jal     __puts
        nop
        .pushsection .rodata.show, "a"
.Lputs_text\@:
        .asciz  "\text"
        .popsection
        .set    pop
        .endm

        .macro  EXIT status:req
        li      $a0, \status
        li      $v0, SYS_exit_group
        syscall
        .endm

        .macro  SYS_EXIT status:req
        li      $a0, \status
        li      $v0, SYS_exit
        syscall
        .endm

/* ---- the helper routines ---- */

        .text
        .set    push
        .set    noat
        .set    noreorder

/* __show: prints the name at __show_name, ": ", __show_val in hex, "\n".
 * __show2: the same with __show_val and __show_val2 (16 hex digits).
 * __puts: prints the text at __show_name, "\n".
 * Both are called with jal; they save every register they touch, and return
 * through $at with $ra restored from __show_ra. */
        .ent    __show
__show:                                         /* mode 1: one word */
        lui     $at, %hi(__show_ret)
        sw      $ra, %lo(__show_ret)($at)
        lui     $at, %hi(__show_mode)
        li      $ra, 1
        b       1f
        sw      $ra, %lo(__show_mode)($at)
__show2:                                        /* mode 2: two words */
        lui     $at, %hi(__show_ret)
        sw      $ra, %lo(__show_ret)($at)
        lui     $at, %hi(__show_mode)
        li      $ra, 2
        b       1f
        sw      $ra, %lo(__show_mode)($at)
__puts:                                         /* mode 0: no value */
        lui     $at, %hi(__show_ret)
        sw      $ra, %lo(__show_ret)($at)
        lui     $at, %hi(__show_mode)
        sw      $zero, %lo(__show_mode)($at)
1:
        lui     $at, %hi(__show_save)
        addiu   $at, $at, %lo(__show_save)
        sw      $v0, 0($at)
        sw      $v1, 4($at)
        sw      $a0, 8($at)
        sw      $a1, 12($at)
        sw      $a2, 16($at)
        sw      $a3, 20($at)
        sw      $t0, 24($at)
        sw      $t1, 28($at)
        sw      $t2, 32($at)
        sw      $t3, 36($at)
        sw      $t4, 40($at)
        sw      $t5, 44($at)
        sw      $t6, 48($at)
        sw      $t7, 52($at)
        sw      $t8, 56($at)
        sw      $t9, 60($at)
        mfhi    $t0
        sw      $t0, 64($at)
        mflo    $t0
        sw      $t0, 68($at)

        lui     $t0, %hi(__show_buf)            /* t0: output pointer */
        addiu   $t0, $t0, %lo(__show_buf)
        lui     $t1, %hi(__show_name)
        lw      $t1, %lo(__show_name)($t1)      /* t1: name */
2:      lbu     $t2, 0($t1)                     /* copy the name */
        beq     $t2, $zero, 3f
        addiu   $t1, $t1, 1
        sb      $t2, 0($t0)
        b       2b
        addiu   $t0, $t0, 1
3:
        lui     $t5, %hi(__show_mode)
        lw      $t5, %lo(__show_mode)($t5)      /* t5: words left to print */
        beq     $t5, $zero, 5f                  /* __puts: no value */
        li      $t2, ':'
        sb      $t2, 0($t0)
        li      $t2, ' '
        sb      $t2, 1($t0)
        addiu   $t0, $t0, 2
        lui     $t6, %hi(__show_val)
        addiu   $t6, $t6, %lo(__show_val)       /* t6: next word */
7:      lw      $t1, 0($t6)                     /* t1: value */
        addiu   $t6, $t6, 4
        li      $t3, 8                          /* t3: digits left */
4:      srl     $t2, $t1, 28
        sltiu   $t4, $t2, 10
        bne     $t4, $zero, 6f
        addiu   $t2, $t2, '0'
        addiu   $t2, $t2, 'a' - '0' - 10
6:      sb      $t2, 0($t0)
        addiu   $t0, $t0, 1
        addiu   $t3, $t3, -1
        bne     $t3, $zero, 4b
        sll     $t1, $t1, 4
        addiu   $t5, $t5, -1
        bne     $t5, $zero, 7b
        nop
5:
        li      $t2, '\n'
        sb      $t2, 0($t0)
        addiu   $t0, $t0, 1
        lui     $a1, %hi(__show_buf)
        addiu   $a1, $a1, %lo(__show_buf)
        subu    $a2, $t0, $a1
        li      $a0, 1
        li      $v0, SYS_write
        syscall

        lui     $at, %hi(__show_save)
        addiu   $at, $at, %lo(__show_save)
        lw      $t0, 64($at)
        mthi    $t0
        lw      $t0, 68($at)
        mtlo    $t0
        lw      $v0, 0($at)
        lw      $v1, 4($at)
        lw      $a0, 8($at)
        lw      $a1, 12($at)
        lw      $a2, 16($at)
        lw      $a3, 20($at)
        lw      $t0, 24($at)
        lw      $t1, 28($at)
        lw      $t2, 32($at)
        lw      $t3, 36($at)
        lw      $t4, 40($at)
        lw      $t5, 44($at)
        lw      $t6, 48($at)
        lw      $t7, 52($at)
        lw      $t8, 56($at)
        lw      $t9, 60($at)
        lui     $ra, %hi(__show_ra)
        lw      $ra, %lo(__show_ra)($ra)
        lui     $at, %hi(__show_ret)
        lw      $at, %lo(__show_ret)($at)
        jr      $at
        nop
        .end    __show
        .set    pop

        .bss
        .balign 4
__show_val:     .space  4
__show_val2:    .space  4                       /* must follow __show_val */
__show_ra:      .space  4
__show_ret:     .space  4
__show_name:    .space  4
__show_mode:    .space  4
__show_save:    .space  80
__show_buf:     .space  512
        .text

#endif
