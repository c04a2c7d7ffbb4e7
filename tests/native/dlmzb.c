/*
 * dlmzb.c - the PPC405's dlmzb (determine leftmost zero byte), which Unicorn's 405
 * model lacks and the board executes itself (sim/vboard_dev.c): the index into rA
 * and XER's byte count, and with Rc CR0 (where the zero byte was), for zero bytes
 * at every place of rS || rB and none.  With XER[SO] clear only: the board cannot
 * read SO through Unicorn's register interface (sim/vboard_dev.c says so).
 * tests/e2e/test_native.sh compares its output with qemu-ppc -cpu 440epx's.
 */
#include <stdint.h>
#include <stdio.h>

int main(void) {
  for (int z = 0; z <= 8; z++) {
    uint64_t v = 0x1122334455667788ull;
    if (z < 8)
      v &= ~(0xFFull << (56 - 8 * z));        /* a zero byte at index z (0: leftmost) */
    v |= z < 7 ? 0xFFull << (48 - 8 * z) : 0; /* a non-zero byte right after it */
    uint32_t hi = (uint32_t)(v >> 32), lo = (uint32_t)v, ra, ra2, cr, xer;
    uint32_t xin = 0x40; /* (a byte count the instruction replaces) */
    __asm__ volatile("mtxer %5\n\t"
                     "dlmzb %0,%3,%4\n\t"
                     "dlmzb. %1,%3,%4\n\t"
                     "mfcr %2\n\t"
                     : "=&r"(ra), "=&r"(ra2), "=&r"(cr), "+r"(hi)
                     : "r"(lo), "r"(xin)
                     : "cr0", "xer");
    __asm__ volatile("mfxer %0" : "=r"(xer));
    printf("zero at %d: %08x %08x -> rA %u %u, CR0 %x, XER %08x\n", z, hi, lo, ra, ra2, cr >> 28,
           xer);
  }
  return 0;
}
