/*
 * qemu_count.h - what the plugin's oracles share (plugin.c, counts.c, syscalls.c,
 * edges.c, cct.c): the lock the callbacks take, the out-of-memory flag, messages,
 * decoding a MIPS instruction, the address hash, and writing a file whole.  Each
 * oracle has a translate hook (per instruction, when qemu translates it), and the
 * ones that follow control flow a hook at the start of each translation block.
 */
#ifndef QEMU_COUNT_H
#define QEMU_COUNT_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "plugin_abi.h"

extern pthread_mutex_t qc_lock; /* every table below is changed under it */
extern bool qc_out_of_memory;   /* nothing is written at exit */

/* A message, to stderr and to qemu's log (-d plugin). */
void qc_report(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Out of memory (under the lock): said once, and the files are not written. */
void qc_no_memory(void);
/* The instruction's big-endian word, or false when it is not 4 bytes. */
bool qc_word(const struct qemu_plugin_insn *insn, uint32_t *w);
/* `jr rs` or `jalr $0, rs`, rs != $ra (SPECIAL, funct 8 or 9): an indirect jump as
 * hwprof's HWPROF_EVENT_INDIRECT has it. */
bool qc_is_indirect_jump(uint32_t w);
/* An address's slot in an open-addressed table of size slots (a power of two). */
size_t qc_hash(uint64_t vaddr, size_t size);
/* path.tmp.PID (malloc'ed); NULL when out of memory. */
char *qc_tmp_name(const char *path);
/* Writes path through path.tmp.PID and a rename, so path is never partial; the lines
 * come from emit (-1 with errno on a write error).  -1 (said) when it cannot. */
int qc_write_whole(const char *path, int (*emit)(FILE *f, void *ctx), void *ctx);

/* The instructions executed per address, lo <= vaddr < hi (counts.c). */
void counts_range(uint64_t lo, uint64_t hi, bool hi_set);
void counts_translate(struct qemu_plugin_insn *insn, uint64_t vaddr);
/* At exit: the counts gathered and sorted (-1, said, when out of memory), then
 * written to path (out=FILE; -1, said, when it cannot). */
int counts_collect(const char *path);
int counts_write(const char *path);

/* System calls per (site, number) (syscalls.c, sys=FILE). */
void sys_translate(struct qemu_plugin_insn *insn, uint64_t vaddr);
void sys_made(qemu_plugin_id_t id, unsigned int vcpu, int64_t num, uint64_t a1, uint64_t a2,
              uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6, uint64_t a7, uint64_t a8);
int sys_write(const char *path);

/* Indirect edges per (jump, target) (edges.c, edge=FILE). */
void edges_translate(struct qemu_plugin_insn *insn, uint64_t vaddr);
void edges_tb_start(uint64_t pc);
int edges_write(const char *path);

/* Per-function inclusive instructions and calls, from a shadow stack (cct.c, cct=FILE). */
void cct_translate(struct qemu_plugin_insn *insn, uint64_t vaddr);
void cct_tb_start(uint64_t pc);
void cct_finish(void); /* the frames still open popped at the final count */
int cct_write(const char *path);

#endif
