/*
 * fw.c - console, exit and interrupt helpers, and the few C library functions the
 * compiler may call in freestanding code.
 */
#include "fw.h"

#include <stddef.h>

#define UART_TX   0
#define UART_EXIT 2 /* word index of the EXIT register */

volatile uint32_t *fw_uart;

void fw_putc(char c) {
  fw_uart[UART_TX] = (uint32_t)(unsigned char)c;
}

void fw_puts(const char *s) {
  while (*s)
    fw_putc(*s++);
}

void fw_puthex(uint32_t v) {
  fw_puts("0x");
  for (int i = 28; i >= 0; i -= 4)
    fw_putc("0123456789abcdef"[(v >> i) & 15]);
}

void fw_putdec(uint32_t v) {
  char buf[11];
  int n = 0;
  do {
    buf[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  while (n)
    fw_putc(buf[--n]);
}

void fw_exit(int status) {
  fw_uart[UART_EXIT] = (uint32_t)status;
  for (;;)
    ;
}

void fw_irq_enable(void) {
  uint32_t msr;
  __asm__ volatile("mfmsr %0" : "=r"(msr));
  msr |= 0x8000u;
  __asm__ volatile("mtmsr %0" ::"r"(msr) : "memory");
}

void fw_irq_disable(void) {
  uint32_t msr;
  __asm__ volatile("mfmsr %0" : "=r"(msr));
  msr &= ~0x8000u;
  __asm__ volatile("mtmsr %0" ::"r"(msr) : "memory");
}

uint32_t fw_timebase(void) {
  uint32_t tb;
  __asm__ volatile("mftb %0" : "=r"(tb));
  return tb;
}

void fw_fatal(uint32_t vector, uint32_t srr0) {
  fw_puts("FATAL: exception vector ");
  fw_puthex(vector);
  fw_puts(" at ");
  fw_puthex(srr0);
  fw_puts("\n");
  fw_exit(0x80 | (int)(vector >> 8));
}
