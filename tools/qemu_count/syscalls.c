/*
 * syscalls.c - system calls per (call site, number) (sys=FILE), in order of first
 * call.  The site comes from a callback on every `syscall` instruction (found by
 * its encoding when it is translated), which runs as the instruction starts; the
 * number from qemu's system-call callback, which follows it before the call is
 * made (exit_group included: qemu runs the atexit callbacks inside it).
 */
#include <inttypes.h>
#include <stdlib.h>

#include "qemu_count.h"

struct sys_pair {
  uint64_t site;
  int64_t number;
  uint64_t count;
};
static struct sys_pair *pairs;
static size_t npairs, cap;
static uint64_t site; /* the syscall instruction now executing */

static void syscall_insn(unsigned int vcpu, void *at) {
  (void)vcpu;
  site = (uint64_t)(uintptr_t)at;
}

void sys_translate(struct qemu_plugin_insn *insn, uint64_t vaddr) {
  uint32_t w; /* `syscall`: SPECIAL, funct 0x0C; the code field is free */
  if (qc_word(insn, &w) && (w & 0xFC00003Fu) == 0x0000000Cu)
    qemu_plugin_register_vcpu_insn_exec_cb(insn, syscall_insn, QEMU_PLUGIN_CB_NO_REGS,
                                           (void *)(uintptr_t)vaddr);
}

void sys_made(qemu_plugin_id_t id, unsigned int vcpu, int64_t num, uint64_t a1, uint64_t a2,
              uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6, uint64_t a7, uint64_t a8) {
  (void)id, (void)vcpu, (void)a1, (void)a2, (void)a3, (void)a4, (void)a5, (void)a6, (void)a7,
      (void)a8;
  pthread_mutex_lock(&qc_lock);
  size_t i;
  for (i = 0; i < npairs; i++)
    if (pairs[i].site == site && pairs[i].number == num)
      break;
  if (i == npairs) {
    if (npairs == cap) {
      size_t c = 2 * cap + 64;
      struct sys_pair *v = realloc(pairs, c * sizeof *v);
      if (!v) {
        qc_no_memory();
        pthread_mutex_unlock(&qc_lock);
        return;
      }
      pairs = v;
      cap = c;
    }
    pairs[npairs++] = (struct sys_pair){site, num, 0};
  }
  pairs[i].count++;
  pthread_mutex_unlock(&qc_lock);
}

/* One line per pair: site in hex, number and count in decimal. */
static int emit(FILE *f, void *ctx) {
  (void)ctx;
  for (size_t i = 0; i < npairs; i++)
    if (fprintf(f, "%08" PRIx64 " %" PRId64 " %" PRIu64 "\n", pairs[i].site, pairs[i].number,
                pairs[i].count) < 0)
      return -1;
  return 0;
}

int sys_write(const char *path) {
  return qc_write_whole(path, emit, NULL);
}
