/*
 * qemu_count.c - a QEMU TCG plugin that counts executed guest instructions by
 * virtual address: an independent reference for hwprof's per-instruction
 * execution counts of a MIPS guest run under Debian 12's qemu-mips (qemu-user
 * 7.2).
 *
 * Every translated instruction gets an inline "add 1 to a uint64_t" op (no
 * callback per execution). All translations of one address (retranslation,
 * overlapping blocks) share one counter: a hash table maps the address to a
 * counter that lives at a fixed place on the heap from its first translation
 * on. At exit the plugin writes FILE, one line per address with a non-zero
 * count, sorted by address:
 *
 *   0040019c 1          (address in hex without 0x, count in decimal)
 *
 * It writes FILE.tmp.PID first and renames it, so FILE is never partial.
 *
 * Build (Debian ships qemu-user with plugin support but no qemu-plugin.h, so
 * the few declarations used are below; no glib):
 *
 *   gcc -O2 -Wall -Wextra -shared -fPIC -o /tmp/qemu_count.so tools/qemu_count.c
 *
 * Run:
 *
 *   qemu-mips -plugin /tmp/qemu_count.so,out=/tmp/counts.txt PROGRAM ARGS
 *   qemu-mips -plugin /tmp/qemu_count.so,out=c.txt,lo=0x400000,hi=0x500000 ...
 *
 * Arguments: out=FILE (required); lo=ADDR and hi=ADDR (optional, any base
 * strtoull accepts) count only lo <= vaddr < hi. A relative FILE is taken
 * from qemu's working directory at start-up (the guest may chdir).
 *
 * sys=FILE (optional) also counts system calls per (call site, number) and
 * writes them to FILE at exit, one line per pair in order of first call:
 *
 *   0042ed18 4045 1     (site in hex, number and count in decimal)
 *
 * The site comes from a callback on every `syscall` instruction (found by its
 * encoding when it is translated), which runs as the instruction starts; the
 * number from qemu's system-call callback, which follows it before the call is
 * made (exit_group included: qemu runs the atexit callbacks inside it).
 *
 * edge=FILE (optional) also counts indirect edges per (jump, target) and writes
 * them to FILE at exit, one line per pair sorted by jump, then target:
 *
 *   004183dc 00418d28 122   (jump instruction and target in hex, count in decimal)
 *
 * The jumps are `jr rs` and `jalr $0, rs` with rs != $ra (found by their encoding
 * when translated; hwprof's HWPROF_EVENT_INDIRECT).  A callback on each marks the
 * jump as it starts; the next translation block to start (not the jump's own
 * delay slot, should qemu have put it in a block of its own) is the target.
 *
 * cct=FILE (optional) also counts, per function, the guest instructions executed
 * while it is on a shadow stack of calls and returns (inclusive; a recursive
 * function counted once) and its calls, an oracle for hwprof's calling-context
 * tree (--cct), and writes them to FILE at exit: first all the instructions
 * executed (every address, lo= and hi= notwithstanding), then one line per
 * function called at least once, sorted by address:
 *
 *   # total 51687084
 *   00400540 51662566 1  (function in hex, inclusive instructions and calls in decimal)
 *
 * The calls are jal, jalr with rd != $0 (jalr $ra, $ra included), bltzal, bgezal
 * (bal), bltzall and bgezall, except bltzal $0 and bltzall $0, which never branch
 * (hwprof's decode_branch: not calls); the returns are `jr $ra` and
 * `jalr $0, $ra` (found by their encoding when translated, like hwprof's
 * HWPROF_EVENT_CALL and HWPROF_EVENT_RETURN).  Every instruction also gets an
 * inline add to one more counter (only with cct=).  A callback on each call or
 * return marks it as it starts; the next translation block to start at T (not
 * the instruction's own delay slot) resolves it.  qemu runs a block's callback
 * before any of its instructions' inline adds, so the counter C then holds every
 * instruction before T, the call or return and its delay slot included.  A call
 * at X with T != X + 8 (X + 8: a bltzal or bgezal not taken) pushes a frame
 * {T, return address X + 8, C} and counts a call of T; a return pops the frames
 * up to and including the innermost one whose return address is T (several when
 * it skips frames), or none if no frame has it.  glibc's MIPS __longjmp ends in
 * `jr $t9`, not a return, at the return point of the setjmp call: each frame
 * (and the root) keeps the return points of the calls it has made, and an
 * indirect jump (`jr rs`, `jalr $0, rs`, rs != $ra) to T pops the frames above
 * the innermost one that has made a call returning to T -- unless that is the
 * innermost frame itself or a frame of the function running now (a switch in a
 * recursive function jumping to a label that is also a return point): then, and
 * when no frame has, it pops none.  A popped frame of F
 * adds C minus its entry count to F, unless another frame of F is still on the
 * stack below it.  At exit the frames still open (exit() from deep frames) are
 * popped, innermost first, at the final count.  One vCPU: the stack is the guest
 * thread's.
 *
 * Messages: qemu_plugin_outs() writes to qemu's log, which qemu 7.2 shows only
 * with "-d plugin" (to stderr, or to the -D file). So errors are also written
 * to stderr directly; with "-d plugin" and no -D they appear twice. A bad
 * argument makes qemu_plugin_install() return non-zero and qemu refuses to
 * start (exit status 1).
 *
 * When the file is written: qemu-user 7.2 runs the plugins' atexit callbacks
 * from preexit_cleanup(), i.e. on the guest's exit_group (and exit of its last
 * thread). On a guest killed by a signal (SIGSEGV, abort(), ...) qemu 7.2's
 * dump_core_and_abort() does not call preexit_cleanup() (that came in QEMU
 * 8.0, commit "linux-user: Clean up when exiting due to a signal"), so no
 * file is written; a stale FILE from an earlier run is removed at start-up so
 * that this cannot go unnoticed. The same holds if qemu itself aborts.
 *
 * Counting semantics (these match, address for address, the "Trace" lines of
 * "qemu-mips -singlestep -d exec,nochain"): the inline op runs when an
 * instruction starts, so an instruction that raises an exception (syscall, a
 * trap, a faulting load) is counted, and counted again if it is restarted.
 * The delay slot of a branch-likely that is not taken at run time IS counted:
 * qemu tests the condition in the slot's own code, after the slot's
 * instrumentation point (target/mips decode_opc, "blikely not taken"). The
 * slot of a branch-likely that can never be taken (bnel $x,$x, bgtzl $0,
 * bltzl $0, ...) is not: qemu skips it when translating. In system mode with
 * several vCPUs the inline adds are not atomic; this plugin is meant for
 * user mode.
 */
#define _POSIX_C_SOURCE 200809L /* strdup, getcwd under -std=c99 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * ---- The QEMU plugin API, version 1, as in QEMU 7.2 ----
 *
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

/* ---- end of the API declarations ---- */

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

/*
 * The counters. Their addresses are baked into translated code, so they never
 * move: they are carved from slabs that are never freed or reallocated. The
 * table maps a vaddr to its counter with open addressing (linear probing),
 * load factor at most 1/2; an empty slot has counter == NULL.
 */
#define SLAB_COUNTERS 4096

struct slab {
  struct slab *next;
  size_t used;
  uint64_t counter[SLAB_COUNTERS];
};

struct slot {
  uint64_t vaddr;
  uint64_t *counter;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct slot *table;
static size_t table_size; /* a power of two */
static size_t table_used;
static struct slab *slabs;
static bool out_of_memory;

static char *out_path;
static char *sys_path; /* sys=FILE, or NULL */

/* System calls per (site, number), in order of first call (sys=FILE). */
struct sys_pair {
  uint64_t site;
  int64_t number;
  uint64_t count;
};
static struct sys_pair *sys_pairs;
static size_t sys_n, sys_cap;
static uint64_t sys_site; /* the syscall instruction now executing */
/* Indirect edges per (jump, target), open addressing (edge=FILE). */
struct edge {
  uint64_t jump, target, count; /* jump == 0: a free slot */
};
static char *edge_path;
static struct edge *edges;
static size_t edge_slots, edge_used;
static uint64_t edge_jump; /* the indirect jump now executing, 0 if none */
/* Per-function inclusive counts from a shadow stack of calls and returns (cct=FILE).
 * One table, open addressing, maps an address to its function's counts and to the
 * number of frames on the stack that return to it (a call's return address may be
 * a function's too); the stack holds the frames, outermost first. */
struct cct_node {
  uint64_t addr;
  bool used;        /* false: a free slot */
  uint64_t incl;    /* inclusive instructions, as a function */
  uint64_t calls;   /* calls of it, as a function */
  uint64_t frames;  /* its frames on the stack, as a function */
  uint64_t returns; /* frames on the stack that return to it */
  uint64_t points;  /* frames on the stack (and the root) that made a call returning to it */
};
/* A frame's return points (of the calls it made) are cct_points[points, the next
 * frame's points) (or to cct_npoints for the innermost); the root's come first. */
struct cct_frame {
  uint64_t fn, ret, entry; /* entry: cct_insns when it was pushed */
  size_t points;
};
enum { CCT_NONE, CCT_CALL, CCT_RETURN, CCT_JUMP };
static uint64_t *cct_points;
static size_t cct_npoints, cct_points_cap;
static char *cct_path;
static uint64_t cct_insns; /* every executed instruction (an inline add each) */
static struct cct_node *cct_nodes;
static size_t cct_slots, cct_used;
static struct cct_frame *cct_stack;
static size_t cct_depth, cct_cap;
static int cct_kind;      /* the call or return now executing, CCT_NONE if none */
static uint64_t cct_site; /* its address */
static uint64_t range_lo, range_hi;
static bool range_hi_set;

static void report(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void report(const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  fputs(buf, stderr);
  qemu_plugin_outs(buf);
}

static size_t hash(uint64_t vaddr, size_t size) {
  return (size_t)(((vaddr >> 1) * 0x9E3779B97F4A7C15ull) >> 32) & (size - 1);
}

static bool grow(void) {
  size_t size = table_size ? table_size * 2 : 1 << 16;
  struct slot *t = calloc(size, sizeof *t);
  if (!t)
    return false;
  for (size_t i = 0; i < table_size; i++) {
    if (table[i].counter) {
      size_t j = hash(table[i].vaddr, size);
      while (t[j].counter)
        j = (j + 1) & (size - 1);
      t[j] = table[i];
    }
  }
  free(table);
  table = t;
  table_size = size;
  return true;
}

/* The counter of vaddr, created (zero) on first use; NULL if out of memory. */
static uint64_t *counter_of(uint64_t vaddr) {
  size_t i;
  if (table_size) {
    for (i = hash(vaddr, table_size); table[i].counter; i = (i + 1) & (table_size - 1))
      if (table[i].vaddr == vaddr)
        return table[i].counter;
  }
  if ((table_used + 1) * 2 > table_size && !grow())
    return NULL;
  if (!slabs || slabs->used == SLAB_COUNTERS) {
    struct slab *s = calloc(1, sizeof *s);
    if (!s)
      return NULL;
    s->next = slabs;
    slabs = s;
  }
  for (i = hash(vaddr, table_size); table[i].counter; i = (i + 1) & (table_size - 1))
    ;
  table[i].vaddr = vaddr;
  table[i].counter = &slabs->counter[slabs->used++];
  table_used++;
  return table[i].counter;
}

/* A MIPS `syscall` (SPECIAL, funct 0x0C; the code field is free), big-endian. */
static bool is_syscall(const struct qemu_plugin_insn *insn) {
  const unsigned char *b = qemu_plugin_insn_data(insn);
  if (qemu_plugin_insn_size(insn) != 4 || !b)
    return false;
  uint32_t w = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
  return (w & 0xFC00003Fu) == 0x0000000Cu;
}

static void syscall_insn(unsigned int vcpu, void *site) {
  (void)vcpu;
  sys_site = (uint64_t)(uintptr_t)site;
}

static void syscall_made(qemu_plugin_id_t id, unsigned int vcpu, int64_t num, uint64_t a1,
                         uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6,
                         uint64_t a7, uint64_t a8) {
  (void)id, (void)vcpu, (void)a1, (void)a2, (void)a3, (void)a4, (void)a5, (void)a6, (void)a7,
      (void)a8;
  pthread_mutex_lock(&lock);
  size_t i;
  for (i = 0; i < sys_n; i++)
    if (sys_pairs[i].site == sys_site && sys_pairs[i].number == num)
      break;
  if (i == sys_n) {
    if (sys_n == sys_cap) {
      size_t cap = 2 * sys_cap + 64;
      struct sys_pair *v = realloc(sys_pairs, cap * sizeof *v);
      if (!v) {
        if (!out_of_memory)
          report("qemu_count: out of memory; the counts will not be written\n");
        out_of_memory = true;
        pthread_mutex_unlock(&lock);
        return;
      }
      sys_pairs = v;
      sys_cap = cap;
    }
    sys_pairs[sys_n++] = (struct sys_pair){sys_site, num, 0};
  }
  sys_pairs[i].count++;
  pthread_mutex_unlock(&lock);
}

/* `jr rs` or `jalr $0, rs`, rs != $ra (SPECIAL, funct 8 or 9), big-endian. */
static bool is_indirect_jump(const struct qemu_plugin_insn *insn) {
  const unsigned char *b = qemu_plugin_insn_data(insn);
  if (qemu_plugin_insn_size(insn) != 4 || !b)
    return false;
  uint32_t w = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
  uint32_t funct = w & 0xFC00003Fu, rs = w >> 21 & 31, rd = w >> 11 & 31;
  return rs != 31 && (funct == 0x08u || (funct == 0x09u && rd == 0));
}

static size_t edge_index(uint64_t jump, uint64_t target, size_t slots) {
  return (size_t)(((jump >> 2) * 0x9E3779B97F4A7C15ull ^ (target >> 2)) * 0x9E3779B97F4A7C15ull >>
                  32) &
         (slots - 1);
}

/* Counts one traversal (under the lock); false when out of memory. */
static bool edge_add(uint64_t jump, uint64_t target) {
  if (2 * (edge_used + 1) > edge_slots) {
    size_t slots = edge_slots ? 2 * edge_slots : 1024;
    struct edge *e = calloc(slots, sizeof *e);
    if (!e)
      return false;
    for (size_t i = 0; i < edge_slots; i++)
      if (edges[i].jump) {
        size_t j = edge_index(edges[i].jump, edges[i].target, slots);
        while (e[j].jump)
          j = (j + 1) & (slots - 1);
        e[j] = edges[i];
      }
    free(edges);
    edges = e;
    edge_slots = slots;
  }
  size_t i = edge_index(jump, target, edge_slots);
  while (edges[i].jump && !(edges[i].jump == jump && edges[i].target == target))
    i = (i + 1) & (edge_slots - 1);
  if (!edges[i].jump) {
    edges[i] = (struct edge){jump, target, 0};
    edge_used++;
  }
  edges[i].count++;
  return true;
}

/* A call (CCT_CALL), a return (CCT_RETURN) or another indirect jump (CCT_JUMP) as
 * hwprof sees them (translate.c, event_flags), big-endian; CCT_NONE for any other
 * instruction. */
static int cct_kind_of(const struct qemu_plugin_insn *insn) {
  const unsigned char *b = qemu_plugin_insn_data(insn);
  if (qemu_plugin_insn_size(insn) != 4 || !b)
    return CCT_NONE;
  uint32_t w = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
  uint32_t op = w >> 26, rs = w >> 21 & 31, rt = w >> 16 & 31, rd = w >> 11 & 31, funct = w & 63;
  /* jal; jalr rd, rs with rd != $0; bltzal, bgezal, bltzall and bgezall, but not
   * bltzal $0 or bltzall $0 (they never branch) */
  if (op == 3 || (op == 0 && funct == 0x09 && rd != 0) ||
      (op == 1 && rt >= 0x10 && rt <= 0x13 && !(rs == 0 && !(rt & 1))))
    return CCT_CALL;
  /* jr $ra; jalr $0, $ra */
  if (op == 0 && rs == 31 && (funct == 0x08 || (funct == 0x09 && rd == 0)))
    return CCT_RETURN;
  if (is_indirect_jump(insn))
    return CCT_JUMP;
  return CCT_NONE;
}

/* The node of addr, created (zero) if create; NULL if absent or out of memory.
 * Creating one may move every node. */
static struct cct_node *cct_node(uint64_t addr, bool create) {
  size_t i;
  if (cct_slots) {
    for (i = hash(addr, cct_slots); cct_nodes[i].used; i = (i + 1) & (cct_slots - 1))
      if (cct_nodes[i].addr == addr)
        return &cct_nodes[i];
  }
  if (!create)
    return NULL;
  if (2 * (cct_used + 1) > cct_slots) {
    size_t slots = cct_slots ? 2 * cct_slots : 4096;
    struct cct_node *t = calloc(slots, sizeof *t);
    if (!t)
      return NULL;
    for (size_t j = 0; j < cct_slots; j++)
      if (cct_nodes[j].used) {
        size_t k = hash(cct_nodes[j].addr, slots);
        while (t[k].used)
          k = (k + 1) & (slots - 1);
        t[k] = cct_nodes[j];
      }
    free(cct_nodes);
    cct_nodes = t;
    cct_slots = slots;
  }
  for (i = hash(addr, cct_slots); cct_nodes[i].used; i = (i + 1) & (cct_slots - 1))
    ;
  cct_nodes[i] = (struct cct_node){.addr = addr, .used = true};
  cct_used++;
  return &cct_nodes[i];
}

/* The innermost frame's (or the root's) return points: [*from, cct_npoints). */
static size_t cct_points_from(size_t frame_end) {
  return frame_end ? cct_stack[frame_end - 1].points : 0;
}

/* Notes that the innermost frame made a call returning to ret; false when out of
 * memory. */
static bool cct_point(uint64_t ret) {
  for (size_t i = cct_points_from(cct_depth); i < cct_npoints; i++)
    if (cct_points[i] == ret)
      return true;
  if (cct_npoints == cct_points_cap) {
    size_t cap = cct_points_cap ? 2 * cct_points_cap : 1024;
    uint64_t *p = realloc(cct_points, cap * sizeof *p);
    if (!p)
      return false;
    cct_points = p;
    cct_points_cap = cap;
  }
  cct_points[cct_npoints++] = ret;
  cct_node(ret, false)->points++;
  return true;
}

/* Pushes a frame of fn returning to ret (under the lock); false when out of memory. */
static bool cct_push(uint64_t fn, uint64_t ret) {
  struct cct_node *n;
  if (cct_depth == cct_cap) {
    size_t cap = cct_cap ? 2 * cct_cap : 1024;
    struct cct_frame *s = realloc(cct_stack, cap * sizeof *s);
    if (!s)
      return false;
    cct_stack = s;
    cct_cap = cap;
  }
  /* Both nodes first: creating the second may move the first. */
  if (!cct_node(fn, true) || !(n = cct_node(ret, true)))
    return false;
  if (!cct_point(ret))
    return false;
  n = cct_node(ret, false);
  n->returns++;
  n = cct_node(fn, false);
  n->calls++;
  n->frames++;
  cct_stack[cct_depth++] = (struct cct_frame){fn, ret, cct_insns, cct_npoints};
  return true;
}

/* Pops the innermost frame at the count now (under the lock), and forgets its
 * return points. */
static void cct_pop(void) {
  const struct cct_frame *f = &cct_stack[--cct_depth];
  struct cct_node *n = cct_node(f->fn, false);
  if (--n->frames == 0) /* no frame of it below: recursion counted once */
    n->incl += cct_insns - f->entry;
  cct_node(f->ret, false)->returns--;
  for (; cct_npoints > f->points; cct_npoints--)
    cct_node(cct_points[cct_npoints - 1], false)->points--;
}

/* An indirect jump to pc: a longjmp when a frame under the innermost one, not of
 * the function running now, has made a call returning to pc. */
static void cct_jump(uint64_t pc) {
  const struct cct_node *n = cct_node(pc, false);
  if (!n || !n->points || !cct_depth)
    return;
  uint64_t now = cct_stack[cct_depth - 1].fn;
  for (size_t k = cct_depth;; k--) { /* frames 0..k-1 kept: the context is frame k-1's */
    size_t from = cct_points_from(k), to = k < cct_depth ? cct_stack[k].points : cct_npoints;
    for (size_t i = from; i < to; i++)
      if (cct_points[i] == pc) {
        if (k < cct_depth && (!k || cct_stack[k - 1].fn != now))
          while (cct_depth > k)
            cct_pop();
        return;
      }
    if (!k)
      return;
  }
}

static void cct_insn(unsigned int vcpu, void *site_kind) {
  uintptr_t v = (uintptr_t)site_kind; /* the site, 4-aligned, | the kind */
  (void)vcpu;
  cct_site = v & ~(uintptr_t)3;
  cct_kind = (int)(v & 3);
}

/* The call or return now executing went to pc (under the lock). */
static void cct_resolve(uint64_t pc) {
  if (cct_kind == CCT_CALL) {
    if (pc != cct_site + 8 && !cct_push(pc, cct_site + 8) && !out_of_memory) {
      report("qemu_count: out of memory; the counts will not be written\n");
      out_of_memory = true;
    }
  } else if (cct_kind == CCT_JUMP) {
    cct_jump(pc);
  } else {
    const struct cct_node *n = cct_node(pc, false);
    if (!n || !n->returns)
      return; /* no frame returns to pc: pop none */
    while (cct_stack[cct_depth - 1].ret != pc)
      cct_pop();
    cct_pop();
  }
}

static void jump_insn(unsigned int vcpu, void *jump) {
  (void)vcpu;
  edge_jump = (uint64_t)(uintptr_t)jump;
}

static void tb_start(unsigned int vcpu, void *start) {
  uint64_t pc = (uint64_t)(uintptr_t)start;
  (void)vcpu;
  if (cct_kind != CCT_NONE && pc != cct_site + 4) { /* not the delay slot */
    pthread_mutex_lock(&lock);
    if (!out_of_memory)
      cct_resolve(pc);
    cct_kind = CCT_NONE;
    pthread_mutex_unlock(&lock);
  }
  if (!edge_jump || pc == edge_jump + 4) /* none, or the jump's own delay slot */
    return;
  pthread_mutex_lock(&lock);
  if (!edge_add(edge_jump, pc) && !out_of_memory) {
    report("qemu_count: out of memory; the counts will not be written\n");
    out_of_memory = true;
  }
  pthread_mutex_unlock(&lock);
  edge_jump = 0;
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
  size_t n = qemu_plugin_tb_n_insns(tb);
  (void)id;
  pthread_mutex_lock(&lock);
  if (edge_path || cct_path)
    qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_start, QEMU_PLUGIN_CB_NO_REGS,
                                         (void *)(uintptr_t)qemu_plugin_tb_vaddr(tb));
  for (size_t i = 0; i < n; i++) {
    struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
    uint64_t vaddr = qemu_plugin_insn_vaddr(insn), *c;
    if (edge_path && is_indirect_jump(insn))
      qemu_plugin_register_vcpu_insn_exec_cb(insn, jump_insn, QEMU_PLUGIN_CB_NO_REGS,
                                             (void *)(uintptr_t)vaddr);
    if (sys_path && is_syscall(insn))
      qemu_plugin_register_vcpu_insn_exec_cb(insn, syscall_insn, QEMU_PLUGIN_CB_NO_REGS,
                                             (void *)(uintptr_t)vaddr);
    if (cct_path) {
      int kind = cct_kind_of(insn);
      if (kind != CCT_NONE)
        qemu_plugin_register_vcpu_insn_exec_cb(insn, cct_insn, QEMU_PLUGIN_CB_NO_REGS,
                                               (void *)(uintptr_t)(vaddr | (uint64_t)kind));
      qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &cct_insns, 1);
    }
    if (vaddr < range_lo || (range_hi_set && vaddr >= range_hi))
      continue;
    c = counter_of(vaddr);
    if (!c) {
      if (!out_of_memory)
        report("qemu_count: out of memory; the counts are incomplete and will not be written\n");
      out_of_memory = true;
      continue;
    }
    qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, c, 1);
  }
  pthread_mutex_unlock(&lock);
}

static int by_vaddr(const void *a, const void *b) {
  uint64_t x = ((const struct slot *)a)->vaddr, y = ((const struct slot *)b)->vaddr;
  return (x > y) - (x < y);
}

/* path.tmp.PID (malloc'ed), where path is written before it is renamed; NULL when out
 * of memory. */
static char *tmp_name(const char *path) {
  char *tmp = malloc(strlen(path) + 32);
  if (tmp)
    sprintf(tmp, "%s.tmp.%ld", path, (long)getpid());
  return tmp;
}

/* Writes path through path.tmp.PID and a rename, so path is never partial; the
 * lines come from emit (which returns -1 with errno on a write error). */
static int write_whole(const char *path, int (*emit)(FILE *f, void *ctx), void *ctx) {
  char *tmp = tmp_name(path);
  FILE *f;
  int err = 0;
  if (!tmp) {
    report("qemu_count: out of memory at exit; %s not written\n", path);
    return -1;
  }
  if (!(f = fopen(tmp, "w"))) {
    report("qemu_count: cannot create %s: %s\n", tmp, strerror(errno));
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
    report("qemu_count: cannot write %s: %s\n", path, strerror(err));
    unlink(tmp);
  }
  free(tmp);
  return err ? -1 : 0;
}

struct counts {
  struct slot *v;
  size_t n;
};

static int emit_counts(FILE *f, void *ctx) {
  struct counts *c = ctx;
  for (size_t i = 0; i < c->n; i++)
    if (fprintf(f, "%08" PRIx64 " %" PRIu64 "\n", c->v[i].vaddr, *c->v[i].counter) < 0)
      return -1;
  return 0;
}

static int emit_syscalls(FILE *f, void *ctx) {
  (void)ctx;
  for (size_t i = 0; i < sys_n; i++)
    if (fprintf(f, "%08" PRIx64 " %" PRId64 " %" PRIu64 "\n", sys_pairs[i].site,
                sys_pairs[i].number, sys_pairs[i].count) < 0)
      return -1;
  return 0;
}

static int by_jump(const void *a, const void *b) {
  const struct edge *x = a, *y = b;
  if (x->jump != y->jump)
    return x->jump < y->jump ? -1 : 1;
  return (x->target > y->target) - (x->target < y->target);
}

static int emit_edges(FILE *f, void *ctx) {
  (void)ctx;
  size_t n = 0;
  for (size_t i = 0; i < edge_slots; i++) /* packed in place: the table is done with */
    if (edges[i].jump)
      edges[n++] = edges[i];
  qsort(edges, n, sizeof *edges, by_jump);
  edge_slots = 0;
  for (size_t i = 0; i < n; i++)
    if (fprintf(f, "%08" PRIx64 " %08" PRIx64 " %" PRIu64 "\n", edges[i].jump, edges[i].target,
                edges[i].count) < 0)
      return -1;
  return 0;
}

static int by_addr(const void *a, const void *b) {
  uint64_t x = ((const struct cct_node *)a)->addr, y = ((const struct cct_node *)b)->addr;
  return (x > y) - (x < y);
}

static int emit_cct(FILE *f, void *ctx) {
  (void)ctx;
  size_t n = 0;
  for (size_t i = 0; i < cct_slots; i++) /* packed in place: the table is done with */
    if (cct_nodes[i].used && cct_nodes[i].calls)
      cct_nodes[n++] = cct_nodes[i];
  qsort(cct_nodes, n, sizeof *cct_nodes, by_addr);
  cct_slots = 0;
  if (fprintf(f, "# total %" PRIu64 "\n", cct_insns) < 0)
    return -1;
  for (size_t i = 0; i < n; i++)
    if (fprintf(f, "%08" PRIx64 " %" PRIu64 " %" PRIu64 "\n", cct_nodes[i].addr, cct_nodes[i].incl,
                cct_nodes[i].calls) < 0)
      return -1;
  return 0;
}

static void at_exit(qemu_plugin_id_t id, void *userdata) {
  struct counts c = {NULL, 0};
  uint64_t total = 0;
  (void)id;
  (void)userdata;
  pthread_mutex_lock(&lock);
  if (out_of_memory) {
    report("qemu_count: ran out of memory; %s not written\n", out_path);
    goto out;
  }
  c.v = malloc((table_used ? table_used : 1) * sizeof *c.v);
  if (!c.v) {
    report("qemu_count: out of memory at exit; %s not written\n", out_path);
    goto out;
  }
  for (size_t i = 0; i < table_size; i++)
    if (table[i].counter && *table[i].counter) {
      c.v[c.n++] = table[i];
      total += *table[i].counter;
    }
  qsort(c.v, c.n, sizeof *c.v, by_vaddr);
  while (cct_depth) /* the frames still open, innermost first, at the final count */
    cct_pop();
  /* The system calls first: the counts file's presence says the run was whole. */
  if ((!sys_path || write_whole(sys_path, emit_syscalls, NULL) == 0) &&
      (!edge_path || write_whole(edge_path, emit_edges, NULL) == 0) &&
      (!cct_path || write_whole(cct_path, emit_cct, NULL) == 0) &&
      write_whole(out_path, emit_counts, &c) == 0) {
    char buf[256];
    snprintf(buf, sizeof buf, "qemu_count: %zu addresses, %" PRIu64 " instructions\n", c.n, total);
    qemu_plugin_outs(buf); /* shown with -d plugin only */
  }
  free(c.v);
out:
  pthread_mutex_unlock(&lock);
}

static int parse_addr(const char *key, const char *s, uint64_t *v) {
  char *end;
  errno = 0;
  *v = strtoull(s, &end, 0);
  if (!*s || *end || errno || *s == '-') {
    report("qemu_count: %s wants an address (e.g. 0x400000), not '%s'\n", key, s);
    return -1;
  }
  return 0;
}

/* out_path made absolute (the guest may chdir before exit); NULL on error. */
static char *absolute(const char *path) {
  char cwd[4096];
  char *p;
  if (path[0] == '/')
    return strdup(path);
  if (!getcwd(cwd, sizeof cwd)) {
    report("qemu_count: cannot get the working directory: %s\n", strerror(errno));
    return NULL;
  }
  p = malloc(strlen(cwd) + strlen(path) + 2);
  if (p)
    sprintf(p, "%s/%s", cwd, path);
  return p;
}

/* key=FILE for an optional output: made absolute (the guest may chdir), an old
 * file of that name removed (a run that writes none must not leave it); non-zero
 * (said) on an error. */
static int output_arg(const char *key, const char *file, char **path) {
  if (!*file) {
    report("qemu_count: %s= wants a file name\n", key);
    return 1;
  }
  if (!(*path = absolute(file)))
    return 1;
  if (unlink(*path) && errno != ENOENT) {
    report("qemu_count: cannot remove the old %s: %s\n", *path, strerror(errno));
    return 1;
  }
  return 0;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
                                           char **argv) {
  const char *out = NULL;
  int fd;
  (void)info;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i], *eq = strchr(a, '=');
    size_t klen = eq ? (size_t)(eq - a) : strlen(a);
    if (eq && klen == 3 && !strncmp(a, "out", 3)) {
      if (!eq[1]) {
        report("qemu_count: out= wants a file name\n");
        return 1;
      }
      out = eq + 1;
    } else if (eq && klen == 3 && !strncmp(a, "sys", 3)) {
      if (output_arg("sys", eq + 1, &sys_path))
        return 1;
    } else if (eq && klen == 4 && !strncmp(a, "edge", 4)) {
      if (output_arg("edge", eq + 1, &edge_path))
        return 1;
    } else if (eq && klen == 3 && !strncmp(a, "cct", 3)) {
      if (output_arg("cct", eq + 1, &cct_path))
        return 1;
    } else if (eq && klen == 2 && !strncmp(a, "lo", 2)) {
      if (parse_addr("lo", eq + 1, &range_lo))
        return 1;
    } else if (eq && klen == 2 && !strncmp(a, "hi", 2)) {
      if (parse_addr("hi", eq + 1, &range_hi))
        return 1;
      range_hi_set = true;
    } else {
      report("qemu_count: unknown argument '%s' (arguments: out=FILE, sys=FILE, edge=FILE, "
             "cct=FILE, lo=ADDR, hi=ADDR)\n",
             a);
      return 1;
    }
  }
  if (!out) {
    report(
        "qemu_count: missing out=FILE (usage: -plugin qemu_count.so,out=FILE[,lo=ADDR,hi=ADDR])\n");
    return 1;
  }
  if (range_hi_set && range_lo >= range_hi) {
    report("qemu_count: empty range: lo=0x%" PRIx64 " is not below hi=0x%" PRIx64 "\n", range_lo,
           range_hi);
    return 1;
  }
  out_path = absolute(out);
  if (!out_path)
    return 1;
  char *tmp_path = tmp_name(out_path);
  if (!tmp_path)
    return 1;

  /* Fail now, not after a long run, if FILE's directory is not writable. */
  fd = open(tmp_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd < 0) {
    report("qemu_count: cannot create %s: %s\n", tmp_path, strerror(errno));
    free(tmp_path);
    return 1;
  }
  close(fd);
  unlink(tmp_path);
  free(tmp_path);
  /* No stale counts: FILE exists afterwards only if this run wrote it. */
  if (unlink(out_path) && errno != ENOENT) {
    report("qemu_count: cannot remove the old %s: %s\n", out_path, strerror(errno));
    return 1;
  }

  qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
  if (sys_path)
    qemu_plugin_register_vcpu_syscall_cb(id, syscall_made);
  qemu_plugin_register_atexit_cb(id, at_exit, NULL);
  return 0;
}
