/* common.c - what the plugin's oracles share (qemu_count.h). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qemu_count.h"

pthread_mutex_t qc_lock = PTHREAD_MUTEX_INITIALIZER;
bool qc_out_of_memory;

void qc_report(const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  fputs(buf, stderr);
  qemu_plugin_outs(buf);
}

void qc_no_memory(void) {
  if (!qc_out_of_memory)
    qc_report("qemu_count: out of memory; the counts will not be written\n");
  qc_out_of_memory = true;
}

bool qc_word(const struct qemu_plugin_insn *insn, uint32_t *w) {
  const unsigned char *b = qemu_plugin_insn_data(insn);
  if (qemu_plugin_insn_size(insn) != 4 || !b)
    return false;
  *w = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
  return true;
}

bool qc_is_indirect_jump(uint32_t w) {
  uint32_t funct = w & 0xFC00003Fu, rs = w >> 21 & 31, rd = w >> 11 & 31;
  return rs != 31 && (funct == 0x08u || (funct == 0x09u && rd == 0));
}

size_t qc_hash(uint64_t vaddr, size_t size) {
  return (size_t)(((vaddr >> 1) * 0x9E3779B97F4A7C15ull) >> 32) & (size - 1);
}

char *qc_tmp_name(const char *path) {
  char *tmp = malloc(strlen(path) + 32);
  if (tmp)
    sprintf(tmp, "%s.tmp.%ld", path, (long)getpid());
  return tmp;
}

int qc_write_whole(const char *path, int (*emit)(FILE *f, void *ctx), void *ctx) {
  char *tmp = qc_tmp_name(path);
  FILE *f;
  int err = 0;
  if (!tmp) {
    qc_report("qemu_count: out of memory at exit; %s not written\n", path);
    return -1;
  }
  if (!(f = fopen(tmp, "w"))) {
    qc_report("qemu_count: cannot create %s: %s\n", tmp, strerror(errno));
    free(tmp);
    return -1;
  }
  if (emit(f, ctx) < 0)
    err = errno ? errno : EIO;
  if (fflush(f) && !err)
    err = errno;
  if (ferror(f) && !err)
    err = EIO;
  if (fclose(f) && !err)
    err = errno;
  if (!err && rename(tmp, path))
    err = errno;
  if (err) {
    qc_report("qemu_count: cannot write %s: %s\n", path, strerror(err));
    unlink(tmp);
  }
  free(tmp);
  return err ? -1 : 0;
}
