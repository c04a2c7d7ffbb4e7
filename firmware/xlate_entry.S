/*
 * xlate_entry.S - the translator image's entry (firmware/xlate.h): the runtime
 * calls _start with r1 = XLATE_STACK and r3 = the request, and stops the CPU when
 * it reaches xlate_stop (dbt/onboard.c).
 */
	.section .text.start, "ax"
	.globl	_start
	.globl	xlate_stop
_start:
	bl	xlate_run
xlate_stop:
	b	xlate_stop
	.section .note.GNU-stack,"",@progbits
