/*
 * fpcost_entry.S - the soft-float cost image's entry: the host calls _start with
 * r1 = a stack, r3..r6 = fpcost_run's arguments, and stops the CPU when it
 * reaches fpcost_stop (dbt/fpcost.c).
 */
	.section .text.start, "ax"
	.globl	_start
	.globl	fpcost_stop
_start:
	bl	fpcost_run
fpcost_stop:
	b	fpcost_stop
	.section .note.GNU-stack,"",@progbits
