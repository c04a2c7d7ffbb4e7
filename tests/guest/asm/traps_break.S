/*
 * traps_break.S - break with code 0: a Breakpoint exception, SIGTRAP (exit
 * status 133 as a shell shows it).
 */
#include "common.h"

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "traps_break: break 0 (SIGTRAP)"
        break
        PUTS    "traps_break: not reached"
        EXIT    1
        .end    __start
