/*
 * traps_trap.S - the conditional traps: every form (teq tne tge tgeu tlt tltu
 * and teqi tnei tgei tgeiu tlti tltiu) with operands that do not fire it,
 * including the signed/unsigned boundary cases; then tltu with code 0, which
 * fires: SIGTRAP (exit status 133 as a shell shows it).
 */
#include "common.h"

/* op a, b with a and b in registers; must not fire */
        .macro  NOTR op:req, a:req, b:req
        li      $t0, \a
        li      $t1, \b
        \op     $t0, $t1
        SHOW    "\op \a \b: not taken", $t0
        .endm

/* op a, imm; must not fire */
        .macro  NOTI op:req, a:req, imm:req
        li      $t0, \a
        \op     $t0, \imm
        SHOW    "\op \a \imm: not taken", $t0
        .endm

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "traps_trap: start"
        NOTR    teq, 1, 2
        NOTR    teq, 0x80000000, 0
        NOTR    tne, 5, 5
        NOTR    tne, 0xffffffff, 0xffffffff
        NOTR    tge, -1, 0                      /* signed: -1 < 0 */
        NOTR    tge, 0x80000000, 0x7fffffff
        NOTR    tgeu, 0, -1                     /* unsigned: 0 < 0xffffffff */
        NOTR    tgeu, 0x7fffffff, 0x80000000
        NOTR    tlt, 0, -1                      /* signed: 0 > -1 */
        NOTR    tlt, 5, 5
        NOTR    tltu, -1, 0                     /* unsigned */
        NOTR    tltu, 0x80000000, 0x7fffffff
        NOTI    teqi, 1, 0
        NOTI    teqi, 0xffff8000, 0x7fff
        NOTI    tnei, -1, -1
        NOTI    tnei, 0xffff8000, -32768
        NOTI    tgei, -1, 0
        NOTI    tgei, 0x80000000, -32768
        NOTI    tgeiu, 5, 6
        NOTI    tgeiu, 0x7fffffff, -1           /* immediate sign-extended, then unsigned */
        NOTI    tlti, 0, -1
        NOTI    tlti, 0x7fffffff, 32767
        NOTI    tltiu, -1, 5
        NOTI    tltiu, 0xffff8000, -32768
        li      $t0, 1
        li      $t1, 2
        PUTS    "traps_trap: tltu 1 2 fires (SIGTRAP)"
        tltu    $t0, $t1
        PUTS    "traps_trap: not reached"
        EXIT    1
        .end    __start
