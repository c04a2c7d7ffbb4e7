/*
 * traps_trapi.S - an immediate-form conditional trap that fires: tgeiu with
 * a sign-extended immediate compared unsigned (0xffffffff >= 0xffff8000).
 * The immediate forms carry no code: SIGTRAP (exit status 133).
 */
#include "common.h"

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "traps_trapi: start"
        li      $t0, 0x7fffffff
        tgeiu   $t0, -32768
        SHOW    "tgeiu 0x7fffffff -32768: not taken", $t0
        li      $t0, -1
        PUTS    "traps_trapi: tgeiu -1 -32768 fires (SIGTRAP)"
        tgeiu   $t0, -32768
        PUTS    "traps_trapi: not reached"
        EXIT    1
        .end    __start
