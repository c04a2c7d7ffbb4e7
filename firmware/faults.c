/*
 * faults.c - firmware that does one thing the board must refuse, chosen by
 * FAULT at build time (the tests check the board names it and stops):
 *   1  a store to an unmapped address
 *   2  a byte store to the hwprof IP (word access only)
 *   3  a store to a read-only IP register (SLVERR)
 */
#include <stdint.h>

#include "fw.h"
#include "hwprof_regs.h"

void fw_external_irq(void) {}

int fw_main(const void *dtb, uint32_t ip_base, uint32_t uart_base) {
  (void)dtb;
  fw_uart = (volatile uint32_t *)uart_base;
  fw_puts("faulting on purpose\n");
#if FAULT == 1
  *(volatile uint32_t *)0x90000000u = 1;
#elif FAULT == 2
  *(volatile uint8_t *)(ip_base + HWPROF_THRESHOLD_OFFSET) = 1;
#else
  *(volatile uint32_t *)(ip_base + HWPROF_ID_OFFSET) = 1;
#endif
  /* A store to the IP is posted: read back to make sure it reached the bus. */
  (void)*(volatile uint32_t *)(ip_base + HWPROF_STATUS_OFFSET);
  return 0;
}
