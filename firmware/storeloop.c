/*
 * storeloop.c - a loop that issues one store every EVERY instructions, to the
 * hwprof IP's EVENT register (TARGET_IP = 1) or to a RAM word (TARGET_IP = 0),
 * the way translated code issues its profiling stores.  Built for EVERY = 4, 8,
 * 16; make bench-vp compares the two targets' simulated cycles and times the
 * co-simulation.
 */
#include <stdint.h>

#include "fw.h"
#include "hwprof_regs.h"

#ifndef EVERY
#define EVERY 8
#endif
#define ITERATIONS 200000u
#define FILLER     (EVERY - 3) /* the store, and the loop's addi and bdnz, make EVERY */

static volatile uint32_t ram_word;

void fw_external_irq(void) {}

int fw_main(const void *dtb, uint32_t ip_base, uint32_t uart_base) {
  (void)dtb;
  fw_uart = (volatile uint32_t *)uart_base;
  volatile uint32_t *ip = (volatile uint32_t *)ip_base;
  ip[HWPROF_CTRL_OFFSET / 4] = HWPROF_CTRL_ENABLE;
#if TARGET_IP
  volatile uint32_t *dst = ip + HWPROF_EVENT_OFFSET / 4;
#else
  volatile uint32_t *dst = &ram_word;
#endif
  uint32_t spc = 0x00400120u, filler = 0, n = ITERATIONS;
  __asm__ volatile("mtctr %[n]\n"
                   "1:\n"
                   ".rept %c[fill]\n\t"
                   "addi %[f], %[f], 1\n"
                   ".endr\n\t"
                   "stw %[spc], 0(%[dst])\n\t"
                   "addi %[spc], %[spc], 0\n\t"
                   "bdnz 1b\n"
                   : [f] "+r"(filler), [spc] "+r"(spc)
                   : [n] "r"(n), [dst] "b"(dst), [fill] "i"(FILLER)
                   : "ctr", "memory");
  /* Wait for the IP to count them all (a load drains the posted stores). */
  while (!(ip[HWPROF_STATUS_OFFSET / 4] & HWPROF_STATUS_IDLE))
    ;
  return 0;
}
