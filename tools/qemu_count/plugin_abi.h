/*
 * plugin_abi.h - the QEMU plugin API, version 1, as qemu-mips 7.2 has it: the few
 * declarations qemu_count uses (Debian ships qemu-user with plugin support but no
 * qemu-plugin.h).
 */
#ifndef QEMU_COUNT_PLUGIN_ABI_H
#define QEMU_COUNT_PLUGIN_ABI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Copied (declarations only, just those used) from qemu's
 * include/qemu/qemu-plugin.h of the API-version-1 era (qemu/qemu, the stored
 * version at commit 050cee12315536aba18a73c8dea21116a9c90ffa, not a 7.2 tag:
 * no change to these types, enum values or prototypes is known before the
 * 8.x API version bump, and they work with Debian's 7.2.22). Later
 * QEMU 8.x raised QEMU_PLUGIN_VERSION and plugins/plugin.h's
 * QEMU_PLUGIN_MIN_VERSION (0 before) to 2. The 7.2 loader (plugins/loader.c)
 * refuses a plugin that does not export qemu_plugin_version, or whose value
 * is below QEMU_PLUGIN_MIN_VERSION or above QEMU_PLUGIN_VERSION (its three
 * messages are in the qemu-mips binary); Debian's qemu-mips 7.2.22 passes
 * info->version.min 0 and .cur 1, and exports every function declared here.
 */
#define QEMU_PLUGIN_EXPORT  __attribute__((visibility("default")))
#define QEMU_PLUGIN_VERSION 1

typedef uint64_t qemu_plugin_id_t;

typedef struct qemu_info_t {
  const char *target_name; /* string describing architecture */
  struct {
    int min;
    int cur;
  } version;             /* minimum and current plugin API level */
  bool system_emulation; /* is this a full system emulation? */
  union {
    struct {
      int smp_vcpus;
      int max_vcpus;
    } system;
  } u; /* anonymous in qemu (C11); named here for C99, same layout; unused */
} qemu_info_t;

struct qemu_plugin_tb;
struct qemu_plugin_insn;

enum qemu_plugin_op {
  QEMU_PLUGIN_INLINE_ADD_U64,
};

enum qemu_plugin_cb_flags {
  QEMU_PLUGIN_CB_NO_REGS,
  QEMU_PLUGIN_CB_R_REGS,
  QEMU_PLUGIN_CB_RW_REGS,
};

typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_vcpu_syscall_cb_t)(qemu_plugin_id_t id, unsigned int vcpu_index,
                                              int64_t num, uint64_t a1, uint64_t a2, uint64_t a3,
                                              uint64_t a4, uint64_t a5, uint64_t a6, uint64_t a7,
                                              uint64_t a8);

typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
                                           char **argv);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn,
                                                enum qemu_plugin_op op, void *ptr, uint64_t imm);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
                                            qemu_plugin_vcpu_udata_cb_t cb,
                                            enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb, qemu_plugin_vcpu_udata_cb_t cb,
                                          enum qemu_plugin_cb_flags flags, void *userdata);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_syscall_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_syscall_cb_t cb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void *userdata);
void qemu_plugin_outs(const char *string);

#endif
