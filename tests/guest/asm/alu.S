/*
 * alu.S - the integer ALU instructions of MIPS32r2, one printed line per case
 * ("op a b: result" in hex), so a difference names the failing instruction:
 *
 *   addu subu and or xor nor slt sltu, addiu slti sltiu andi ori xori lui,
 *   add addi sub (non-overflowing cases; overflow is in traps_*.S),
 *   sll srl sra (sa 0, 1, 31), sllv srlv srav (amounts > 31 use the low 5 bits),
 *   rotr rotrv, clz clo, ext ins (several pos/size, size 32), seb seh wsbh,
 *   movn movz (both outcomes, rd == rs, rd == rt), mul, mult multu, div divu
 *   (signs, INT_MIN / -1; no division by zero), madd maddu msub msubu,
 *   mfhi mflo mthi mtlo, writes to $zero, and the nop forms (ssnop ehb pause).
 *
 * Boundary values: 0, 1, -1, 0x7fffffff, 0x80000000, 0xffffffff.
 * Exit status 0 (exit_group).
 */
#include "common.h"

/* rd = op(rs = a, rt = b); rd starts as a sentinel, so "unchanged" shows. */
        .macro  TR3 op:req, a:req, b:req
        li      $t0, \a
        li      $t1, \b
        li      $t2, 0x5a5a5a5a
        \op     $t2, $t0, $t1
        SHOW    "\op \a \b", $t2
        .endm

/* rt = op(rs = a, immediate) */
        .macro  TRI op:req, a:req, imm:req
        li      $t0, \a
        li      $t2, 0x5a5a5a5a
        \op     $t2, $t0, \imm
        SHOW    "\op \a \imm", $t2
        .endm

/* rd = op(rt = a) */
        .macro  TR2 op:req, a:req
        li      $t0, \a
        li      $t2, 0x5a5a5a5a
        \op     $t2, $t0
        SHOW    "\op \a", $t2
        .endm

/* variable shifts and rotates: rd = op(rt = a, rs = amount) */
        .macro  TSHV op:req, a:req, amount:req
        li      $t0, \a
        li      $t1, \amount
        li      $t2, 0x5a5a5a5a
        \op     $t2, $t0, $t1
        SHOW    "\op \a \amount", $t2
        .endm

/* ext rt, rs, pos, size */
        .macro  TEXT a:req, pos:req, size:req
        li      $t0, \a
        li      $t2, 0x5a5a5a5a
        ext     $t2, $t0, \pos, \size
        SHOW    "ext \a \pos \size", $t2
        .endm

/* ins rt(= old), rs(= a), pos, size */
        .macro  TINS old:req, a:req, pos:req, size:req
        li      $t0, \a
        li      $t2, \old
        ins     $t2, $t0, \pos, \size
        SHOW    "ins \old \a \pos \size", $t2
        .endm

/* (Macro names are case-insensitive in gas, hence the T prefix: "EXT" would
 * shadow the ext instruction.) */

/* HI/LO = op(a, b), starting from HI/LO = hi0/lo0 (for the accumulating ops). */
        .macro  THL op:req, a:req, b:req, hi0=0x11111111, lo0=0x22222222
        li      $t0, \hi0
        mthi    $t0
        li      $t0, \lo0
        mtlo    $t0
        li      $t0, \a
        li      $t1, \b
        \op     $t0, $t1
        mfhi    $t2
        mflo    $t3
        SHOW    "\op \a \b (\hi0:\lo0) hi", $t2
        SHOW    "\op \a \b (\hi0:\lo0) lo", $t3
        .endm

/* div/divu: the real instruction is "div $zero, rs, rt" (plain "div rs, rt"
 * is an assembler macro with a division-by-zero check). */
        .macro  TDIV op:req, a:req, b:req
        li      $t0, \a
        li      $t1, \b
        \op     $zero, $t0, $t1
        mfhi    $t2
        mflo    $t3
        SHOW    "\op \a \b hi", $t2
        SHOW    "\op \a \b lo", $t3
        .endm

        .text
        .globl  __start
        .ent    __start
__start:
        PUTS    "alu: start"

        /* ---- add/subtract ---- */
        TR3      addu, 0x7fffffff, 1
        TR3      addu, 0xffffffff, 1
        TR3      addu, 0x80000000, 0x80000000
        TR3      addu, 0, 0
        TR3      addu, -5, 3
        TRI      addiu, 0x7fffffff, 1
        TRI      addiu, 0, -1
        TRI      addiu, 0x80000000, -32768
        TRI      addiu, 5, 32767
        TRI      addiu, 0xffffffff, 1
        TR3      subu, 0, 1
        TR3      subu, 0x80000000, 1
        TR3      subu, 5, 5
        TR3      subu, 3, -3
        TR3      subu, 0x7fffffff, 0xffffffff
        TR3      add, 5, -3
        TR3      add, 0x7ffffffe, 1
        TR3      add, 0x80000000, 0x7fffffff
        TRI      addi, -1, 1
        TRI      addi, 0x80000000, 32767
        TRI      addi, 0x7fffffff, -32768
        TR3      sub, 0x80000000, 0
        TR3      sub, 0, 0x7fffffff
        TR3      sub, -1, 0x7fffffff

        /* ---- logic ---- */
        TR3      and, 0xf0f0f0f0, 0xff00ff00
        TR3      and, 0xffffffff, 0
        TR3      or, 0xf0f0f0f0, 0xff00ff00
        TR3      or, 0, 0
        TR3      xor, 0xf0f0f0f0, 0xff00ff00
        TR3      xor, 0xffffffff, 0x12345678
        TR3      nor, 0xf0f0f0f0, 0xff00ff00
        TR3      nor, 0, 0
        TR3      nor, 0xffffffff, 0
        TRI      andi, 0xffffffff, 0xffff
        TRI      andi, 0x12345678, 0x8000
        TRI      andi, 0x12345678, 0
        TRI      ori, 0x12340000, 0xffff
        TRI      ori, 0x80000000, 0x8001
        TRI      xori, 0xffffffff, 0xffff
        TRI      xori, 0x12345678, 0x8000
        li      $t2, 0x5a5a5a5a
        lui     $t2, 0x8000
        SHOW    "lui 0x8000", $t2
        lui     $t2, 0xffff
        SHOW    "lui 0xffff", $t2
        lui     $t2, 0
        SHOW    "lui 0", $t2
        lui     $t2, 0x1234
        SHOW    "lui 0x1234", $t2

        /* ---- set on less than ---- */
        TR3      slt, -1, 0
        TR3      slt, 0, -1
        TR3      slt, 0x7fffffff, 0x80000000
        TR3      slt, 0x80000000, 0x7fffffff
        TR3      slt, 5, 5
        TR3      slt, 0xffffffff, 0xffffffff
        TR3      slt, 0x80000000, 0xffffffff
        TR3      sltu, -1, 0
        TR3      sltu, 0, -1
        TR3      sltu, 0x7fffffff, 0x80000000
        TR3      sltu, 0x80000000, 0x7fffffff
        TR3      sltu, 5, 5
        TR3      sltu, 0, 1
        TRI      slti, -1, 0
        TRI      slti, 0, -1
        TRI      slti, -32768, -32767
        TRI      slti, -32767, -32768
        TRI      slti, 0x80000000, -32768
        TRI      slti, 0x7fffffff, 32767
        TRI      slti, 5, 5
        TRI      slti, 4, 5
        TRI      sltiu, 0, -1
        TRI      sltiu, 0xffffffff, -1
        TRI      sltiu, 0xfffffffe, -1
        TRI      sltiu, 5, 6
        TRI      sltiu, 0x80000000, 0x7fff
        TRI      sltiu, 0x7fff, -32768
        TRI      sltiu, 0xffff8000, -32768

        /* ---- shifts by a constant ---- */
        TRI      sll, 0x80000001, 0
        TRI      sll, 0x80000001, 1
        TRI      sll, 0x80000001, 31
        TRI      sll, 0xdeadbeef, 4
        TRI      srl, 0x80000001, 0
        TRI      srl, 0x80000001, 1
        TRI      srl, 0x80000001, 31
        TRI      srl, 0xdeadbeef, 16
        TRI      sra, 0x80000001, 0
        TRI      sra, 0x80000001, 1
        TRI      sra, 0x80000001, 31
        TRI      sra, 0x7fffffff, 31
        TRI      sra, 0xdeadbeef, 16
        TRI      rotr, 0x80000001, 0
        TRI      rotr, 0x80000001, 1
        TRI      rotr, 0x80000001, 31
        TRI      rotr, 0x12345678, 4
        TRI      rotr, 0x12345678, 16

        /* ---- shifts by a register (only its low 5 bits count) ---- */
        TSHV     sllv, 0x80000001, 0
        TSHV     sllv, 0x80000001, 1
        TSHV     sllv, 0x80000001, 31
        TSHV     sllv, 0x80000001, 32
        TSHV     sllv, 0x80000001, 33
        TSHV     sllv, 0x12345678, 63
        TSHV     sllv, 0x12345678, -1
        TSHV     sllv, 0x12345678, 0x100
        TSHV     srlv, 0x80000001, 0
        TSHV     srlv, 0x80000001, 1
        TSHV     srlv, 0x80000001, 31
        TSHV     srlv, 0x80000001, 32
        TSHV     srlv, 0x80000001, 33
        TSHV     srlv, 0x87654321, -1
        TSHV     srlv, 0x87654321, 0x104
        TSHV     srav, 0x80000001, 0
        TSHV     srav, 0x80000001, 1
        TSHV     srav, 0x80000001, 31
        TSHV     srav, 0x80000001, 32
        TSHV     srav, 0x80000001, 33
        TSHV     srav, 0x87654321, -1
        TSHV     srav, 0x7fffffff, 63
        TSHV     rotrv, 0x80000001, 0
        TSHV     rotrv, 0x80000001, 1
        TSHV     rotrv, 0x80000001, 31
        TSHV     rotrv, 0x12345678, 32
        TSHV     rotrv, 0x12345678, 36
        TSHV     rotrv, 0x12345678, -1
        /* the shift amount register is also the destination */
        li      $t0, 0x0000ff00
        li      $t1, 8
        srlv    $t1, $t0, $t1
        SHOW    "srlv rd==rs", $t1
        li      $t0, 4
        sllv    $t0, $t0, $t0
        SHOW    "sllv rd==rs==rt 4", $t0

        /* ---- count leading zeros/ones ---- */
        TR2      clz, 0
        TR2      clz, 0xffffffff
        TR2      clz, 1
        TR2      clz, 0x80000000
        TR2      clz, 0x00010000
        TR2      clz, 0x7fffffff
        TR2      clo, 0
        TR2      clo, 0xffffffff
        TR2      clo, 0x80000000
        TR2      clo, 0xfffffffe
        TR2      clo, 0xffff0000
        TR2      clo, 0x7fffffff

        /* ---- bit fields ---- */
        TEXT     0x12345678, 0, 32
        TEXT     0x12345678, 0, 1
        TEXT     0x92345678, 31, 1
        TEXT     0x12345678, 4, 8
        TEXT     0x12345678, 16, 16
        TEXT     0x92345678, 0, 16
        TEXT     0x92345678, 8, 24
        TEXT     0x92345678, 1, 31
        TEXT     0x92345678, 3, 5
        TINS     0xaaaaaaaa, 0x12345678, 0, 32
        TINS     0xaaaaaaaa, 0x12345679, 0, 1
        TINS     0x2aaaaaaa, 0x12345679, 31, 1
        TINS     0xaaaaaaaa, 0x12345678, 4, 8
        TINS     0xaaaaaaaa, 0x12345678, 16, 16
        TINS     0xffffffff, 0x12345678, 8, 24
        TINS     0xffffffff, 0x12345678, 1, 31
        TINS     0xffffffff, 0x00000000, 12, 4
        TINS     0x00000000, 0xffffffff, 30, 2

        /* ---- sign extension, byte swap ---- */
        TR2      seb, 0x7f
        TR2      seb, 0x80
        TR2      seb, 0x12345680
        TR2      seb, 0xffffff7f
        TR2      seh, 0x7fff
        TR2      seh, 0x8000
        TR2      seh, 0x12348000
        TR2      seh, 0xffff7fff
        TR2      wsbh, 0x11223344
        TR2      wsbh, 0x00ff80ff
        /* wsbh + rotr 16 = a full byte swap */
        li      $t0, 0x11223344
        wsbh    $t0, $t0
        rotr    $t0, $t0, 16
        SHOW    "wsbh+rotr bswap", $t0

        /* ---- conditional moves ---- */
        TR3      movn, 0x11111111, 0
        TR3      movn, 0x11111111, 1
        TR3      movn, 0x11111111, 0x80000000
        TR3      movz, 0x22222222, 0
        TR3      movz, 0x22222222, 1
        TR3      movz, 0x22222222, 0xffffffff
        /* rd == rs: no visible change either way */
        li      $t0, 0x33333333
        li      $t1, 1
        movn    $t0, $t0, $t1
        SHOW    "movn rd==rs taken", $t0
        movz    $t0, $t0, $t1
        SHOW    "movz rd==rs not taken", $t0
        /* rd == rt: the condition is read before rd is written */
        li      $t0, 0x44444444
        li      $t1, 7
        movn    $t1, $t0, $t1
        SHOW    "movn rd==rt taken", $t1
        li      $t1, 0
        movn    $t1, $t0, $t1
        SHOW    "movn rd==rt not taken", $t1
        li      $t1, 0
        movz    $t1, $t0, $t1
        SHOW    "movz rd==rt taken", $t1
        li      $t1, 9
        movz    $t1, $t0, $t1
        SHOW    "movz rd==rt not taken", $t1
        /* rs == $zero: a conditional clear */
        li      $t2, 0x55555555
        li      $t1, 3
        movn    $t2, $zero, $t1
        SHOW    "movn rs=zero", $t2
        /* rt == $zero: movz always moves, movn never */
        li      $t0, 0x66666666
        li      $t2, 0x77777777
        movn    $t2, $t0, $zero
        SHOW    "movn rt=zero", $t2
        movz    $t2, $t0, $zero
        SHOW    "movz rt=zero", $t2

        /* ---- multiply into a GPR ---- */
        TR3      mul, 0x7fffffff, 2
        TR3      mul, -3, 5
        TR3      mul, 0x10000, 0x10000
        TR3      mul, 0xffffffff, 0xffffffff
        TR3      mul, 0x12345678, 0x9abcdef0
        TR3      mul, 0x80000000, -1

        /* ---- HI/LO ---- */
        THL      mult, -1, -1
        THL      mult, -1, 1
        THL      mult, 0x80000000, 0x80000000
        THL      mult, 0x7fffffff, 0x7fffffff
        THL      mult, 0x80000000, -1
        THL      mult, 12345, -6789
        THL      mult, 0, -1
        THL      multu, -1, -1
        THL      multu, -1, 1
        THL      multu, 0x80000000, 0x80000000
        THL      multu, 0x80000000, -1
        THL      multu, 12345, -6789
        TDIV     div, 7, 2
        TDIV     div, -7, 2
        TDIV     div, 7, -2
        TDIV     div, -7, -2
        TDIV     div, 0x80000000, -1
        TDIV     div, 0x80000000, 1
        TDIV     div, 0x80000000, 0x80000000
        TDIV     div, 0, 5
        TDIV     div, 5, 0xffffffff
        TDIV     div, 0x7fffffff, 0x10000
        TDIV     divu, 7, 2
        TDIV     divu, -7, 2
        TDIV     divu, 0xffffffff, 0xffffffff
        TDIV     divu, 0x80000000, 0xffffffff
        TDIV     divu, 5, 0xffffffff
        TDIV     divu, 0xfffffffe, 3
        THL      madd, 0x7fffffff, 2, 0x00000001, 0xffffffff
        THL      madd, -1, -1, 0xffffffff, 0xffffffff
        THL      madd, -1, 1, 0, 0
        THL      madd, 0x80000000, 0x80000000, 0x7fffffff, 0xffffffff
        THL      maddu, -1, -1, 0xffffffff, 0xffffffff
        THL      maddu, 0x80000000, 2, 0, 0x80000000
        THL      maddu, 1, 1, 0x7fffffff, 0xffffffff
        THL      msub, 1, 1, 0, 0
        THL      msub, -1, 1, 0, 0
        THL      msub, 0x80000000, -1, 0x80000000, 0
        THL      msub, 3, 4, 0x00000001, 0x00000005
        THL      msubu, 1, 1, 0, 0
        THL      msubu, -1, -1, 0, 0
        THL      msubu, 2, 3, 0x00000001, 0x00000005
        li      $t0, 0x12345678
        mthi    $t0
        li      $t0, 0x9abcdef0
        mtlo    $t0
        mfhi    $t2
        mflo    $t3
        SHOW    "mthi/mfhi", $t2
        SHOW    "mtlo/mflo", $t3
        /* mflo then madd: the accumulator reads the moved-in values */
        li      $t0, 3
        madd    $t0, $t0
        mfhi    $t2
        mflo    $t3
        SHOW    "mt + madd hi", $t2
        SHOW    "mt + madd lo", $t3

        /* ---- $zero is never written ---- */
        li      $t0, 0x12345678
        li      $t1, 0x1111
        addu    $zero, $t0, $t1
        SHOW    "addu to zero", $zero
        lui     $zero, 0x1234
        SHOW    "lui to zero", $zero
        addiu   $zero, $zero, 5
        SHOW    "addiu to zero", $zero
        mflo    $zero
        SHOW    "mflo to zero", $zero
        movz    $zero, $t0, $zero
        SHOW    "movz to zero", $zero
        or      $t2, $zero, $zero
        SHOW    "or zero zero", $t2
        subu    $t2, $zero, $t0
        SHOW    "subu zero t0", $t2

        /* ---- the nop encodings ---- */
        li      $t2, 0x13579bdf
        nop
        ssnop
        ehb
        pause
        sll     $zero, $t2, 7
        SHOW    "after nops", $t2

        PUTS    "alu: done"
        EXIT    0
        .end    __start
