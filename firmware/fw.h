/* fw.h - the firmware's small runtime: console, exit, interrupts. */
#ifndef HWPROF_FW_H
#define HWPROF_FW_H

#include <stdint.h>

extern volatile uint32_t *fw_uart;

void fw_putc(char c);
void fw_puts(const char *s);
void fw_puthex(uint32_t v);
void fw_putdec(uint32_t v);
void fw_exit(int status) __attribute__((noreturn));

/* MSR[EE] on or off. */
void fw_irq_enable(void);
void fw_irq_disable(void);
/* The time base (cycles at the CPU clock). */
uint32_t fw_timebase(void);

/* Called from the external-interrupt vector (crt0.S); defined by the firmware. */
void fw_external_irq(void);
/* Called from any other vector. */
void fw_fatal(uint32_t vector, uint32_t srr0) __attribute__((noreturn));

#endif
