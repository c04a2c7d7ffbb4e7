/*
 * nosys.S - a system call the translator does not know (number 4999), made
 * twice: -ENOSYS (v0 = 89, a3 = 1) each time, reported once; --strict stops.
 */
#include "../guest/asm/common.h"
        .text
        .globl  __start
        .ent    __start
__start:
        li      $v0, 4999
        syscall
        SHOW    "v0", $v0
        SHOW    "a3", $a3
        li      $v0, 4999
        syscall
        SHOW    "again", $v0
        EXIT    0
        .end    __start
