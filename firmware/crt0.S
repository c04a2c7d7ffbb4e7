/*
 * crt0.S - PPC405 bare-metal start-up and exception vectors for the virtual board.
 *
 * The board enters _start in supervisor real mode with r3 = DTB, r4 = the hwprof
 * IP's base, r5 = the UART's base (vboard.h).  _start sets up the stack, clears
 * .bss, points EVPR at the vectors below, and calls fw_main(r3, r4, r5); its return
 * value is the exit status.  The external-interrupt vector (EVPR + 0x500) saves the
 * volatile registers and calls fw_external_irq(); every other vector reports which
 * one fired and ends the run (fw_fatal).
 */
	.section .vectors, "ax"
	.globl _vectors
_vectors:
	.macro FATAL_VECTOR off
	.org \off
	li	%r3, \off
	b	fatal_entry
	.endm

	FATAL_VECTOR 0x100	/* critical input */
	FATAL_VECTOR 0x200	/* machine check (bus error) */
	FATAL_VECTOR 0x300	/* data storage */
	FATAL_VECTOR 0x400	/* instruction storage */

	.org 0x500		/* external input: the hwprof IP */
	b	irq_entry

	FATAL_VECTOR 0x600	/* alignment */
	FATAL_VECTOR 0x700	/* program */
	FATAL_VECTOR 0x800	/* FPU unavailable */
	FATAL_VECTOR 0xC00	/* system call */
	FATAL_VECTOR 0x1000	/* programmable interval timer */
	FATAL_VECTOR 0x1010	/* fixed interval timer */
	FATAL_VECTOR 0x1020	/* watchdog */
	FATAL_VECTOR 0x1100	/* data TLB miss */
	FATAL_VECTOR 0x1200	/* instruction TLB miss */
	FATAL_VECTOR 0x2000	/* debug */

	.section .text.start, "ax"
	.globl _start
_start:
	lis	%r1, _stack_top@ha
	addi	%r1, %r1, _stack_top@l
	li	%r0, 0
	stwu	%r0, -16(%r1)
	/* clear .bss (r3-r5 carry the boot arguments: use r6-r8) */
	lis	%r6, __bss_start@ha
	addi	%r6, %r6, __bss_start@l
	lis	%r7, __bss_end@ha
	addi	%r7, %r7, __bss_end@l
1:	cmplw	%r6, %r7
	bge	2f
	stw	%r0, 0(%r6)
	addi	%r6, %r6, 4
	b	1b
2:	/* vectors at 0 */
	lis	%r6, _vectors@h
	mtspr	982, %r6		/* EVPR */
	isync
	bl	fw_main
	bl	fw_exit			/* does not return */
3:	b	3b

	.text
irq_entry:
	stwu	%r1, -96(%r1)
	stw	%r0, 8(%r1)
	stw	%r3, 12(%r1)
	stw	%r4, 16(%r1)
	stw	%r5, 20(%r1)
	stw	%r6, 24(%r1)
	stw	%r7, 28(%r1)
	stw	%r8, 32(%r1)
	stw	%r9, 36(%r1)
	stw	%r10, 40(%r1)
	stw	%r11, 44(%r1)
	stw	%r12, 48(%r1)
	mflr	%r0
	stw	%r0, 52(%r1)
	mfctr	%r0
	stw	%r0, 56(%r1)
	mfcr	%r0
	stw	%r0, 60(%r1)
	mfxer	%r0
	stw	%r0, 64(%r1)
	bl	fw_external_irq
	lwz	%r0, 64(%r1)
	mtxer	%r0
	lwz	%r0, 60(%r1)
	mtcr	%r0
	lwz	%r0, 56(%r1)
	mtctr	%r0
	lwz	%r0, 52(%r1)
	mtlr	%r0
	lwz	%r12, 48(%r1)
	lwz	%r11, 44(%r1)
	lwz	%r10, 40(%r1)
	lwz	%r9, 36(%r1)
	lwz	%r8, 32(%r1)
	lwz	%r7, 28(%r1)
	lwz	%r6, 24(%r1)
	lwz	%r5, 20(%r1)
	lwz	%r4, 16(%r1)
	lwz	%r3, 12(%r1)
	lwz	%r0, 8(%r1)
	addi	%r1, %r1, 96
	rfi

fatal_entry:
	mfsrr0	%r4
	bl	fw_fatal		/* fw_fatal(vector, srr0): does not return */
4:	b	4b

	.section .note.GNU-stack, "", @progbits
