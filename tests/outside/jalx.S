/*
 * jalx.S - a jalx into MIPS16e code: the translator must name the ISA mode it
 * does not run (exit status 125).
 */
        .text
        .set    nomips16
        .globl  __start
        .ent    __start
__start:
        jalx    f16
        nop
        li      $a0, 0
        li      $v0, 4001       /* exit(0) */
        syscall
        .end    __start

        .set    mips16
        .ent    f16
f16:    jr      $ra
        .end    f16
