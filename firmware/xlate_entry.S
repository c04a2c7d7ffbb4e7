/*
 * xlate_entry.S - the runtime image's entries (firmware/xlate.h), at its ELF entry
 * point: +0 translates (r3: an xlate_req), +4 runs a dispatcher's request (r3: an
 * xlate_disp), and the CPU stops when it reaches +8, xlate_stop (dbt/onboard.c);
 * and at XLATE_LATE, the probe regions' former's requests (firmware/regions.c).
 * r1 = XLATE_STACK on entry.
 *
 * The dispatcher is entered from translated code, whose registers hold the guest's
 * state: before calling C it saves what a C routine may change (r0, r2, r4-r12, CR,
 * CTR, XER, LR; r3 is the request; r13-r31 the routine saves itself where it uses them)
 * and puts them back after.  A translation runs inside the dispatcher's handling of
 * an exit, with them saved already.
 */
	.section .text.start, "ax"
	.globl	_start
	.globl	xlate_stop
_start:
	b	translate
	b	dispatch
xlate_stop:
	b	xlate_stop

translate:
	bl	xlate_run
	b	xlate_stop

	.set	FRAME, 80
dispatch:
	stwu	1, -FRAME(1)
	stw	0, 8(1)
	stw	2, 12(1)
	stw	4, 16(1)
	stw	5, 20(1)
	stw	6, 24(1)
	stw	7, 28(1)
	stw	8, 32(1)
	stw	9, 36(1)
	stw	10, 40(1)
	stw	11, 44(1)
	stw	12, 48(1)
	mfcr	0
	stw	0, 52(1)
	mfctr	0
	stw	0, 56(1)
	mfxer	0
	stw	0, 60(1)
	mflr	0
	stw	0, 64(1)
	bl	xlate_dispatch
	lwz	0, 64(1)
	mtlr	0
	lwz	0, 60(1)
	mtxer	0
	lwz	0, 56(1)
	mtctr	0
	lwz	0, 52(1)
	mtcr	0
	lwz	12, 48(1)
	lwz	11, 44(1)
	lwz	10, 40(1)
	lwz	9, 36(1)
	lwz	8, 32(1)
	lwz	7, 28(1)
	lwz	6, 24(1)
	lwz	5, 20(1)
	lwz	4, 16(1)
	lwz	2, 12(1)
	lwz	0, 8(1)
	addi	1, 1, FRAME
	b	xlate_stop

/* The probe regions' former's entry (xlate.h, XLATE_LATE): the first word of its code,
 * apart from the rest (xlate.ld); r3 is its request. */
	.section .late.start, "ax"
	.globl	_late
_late:
	bl	xlate_late
	b	xlate_stop

	.section .note.GNU-stack,"",@progbits
