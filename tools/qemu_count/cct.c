/*
 * cct.c - per function (cct=FILE), the guest instructions executed
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
 */
#include <inttypes.h>
#include <stdlib.h>

#include "qemu_count.h"

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
static uint64_t cct_insns; /* every executed instruction (an inline add each) */
static struct cct_node *cct_nodes;
static size_t cct_slots, cct_used;
static struct cct_frame *cct_stack;
static size_t cct_depth, cct_cap;
static int cct_kind;      /* the call or return now executing, CCT_NONE if none */
static uint64_t cct_site; /* its address */

/* A call (CCT_CALL), a return (CCT_RETURN) or another indirect jump (CCT_JUMP) as
 * hwprof sees them (translate.c, event_flags), big-endian; CCT_NONE for any other
 * instruction. */
static int cct_kind_of(const struct qemu_plugin_insn *insn) {
  uint32_t w;
  if (!qc_word(insn, &w))
    return CCT_NONE;
  uint32_t op = w >> 26, rs = w >> 21 & 31, rt = w >> 16 & 31, rd = w >> 11 & 31, funct = w & 63;
  /* jal; jalr rd, rs with rd != $0; bltzal, bgezal, bltzall and bgezall, but not
   * bltzal $0 or bltzall $0 (they never branch) */
  if (op == 3 || (op == 0 && funct == 0x09 && rd != 0) ||
      (op == 1 && rt >= 0x10 && rt <= 0x13 && !(rs == 0 && !(rt & 1))))
    return CCT_CALL;
  /* jr $ra; jalr $0, $ra */
  if (op == 0 && rs == 31 && (funct == 0x08 || (funct == 0x09 && rd == 0)))
    return CCT_RETURN;
  if (qc_is_indirect_jump(w))
    return CCT_JUMP;
  return CCT_NONE;
}

/* The node of addr, created (zero) if create; NULL if absent or out of memory.
 * Creating one may move every node. */
static struct cct_node *cct_node(uint64_t addr, bool create) {
  size_t i;
  if (cct_slots) {
    for (i = qc_hash(addr, cct_slots); cct_nodes[i].used; i = (i + 1) & (cct_slots - 1))
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
        size_t k = qc_hash(cct_nodes[j].addr, slots);
        while (t[k].used)
          k = (k + 1) & (slots - 1);
        t[k] = cct_nodes[j];
      }
    free(cct_nodes);
    cct_nodes = t;
    cct_slots = slots;
  }
  for (i = qc_hash(addr, cct_slots); cct_nodes[i].used; i = (i + 1) & (cct_slots - 1))
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
    if (pc != cct_site + 8 && !cct_push(pc, cct_site + 8))
      qc_no_memory();
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

void cct_translate(struct qemu_plugin_insn *insn, uint64_t vaddr) {
  int kind = cct_kind_of(insn);
  if (kind != CCT_NONE)
    qemu_plugin_register_vcpu_insn_exec_cb(insn, cct_insn, QEMU_PLUGIN_CB_NO_REGS,
                                           (void *)(uintptr_t)(vaddr | (uint64_t)kind));
  qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &cct_insns, 1);
}

void cct_tb_start(uint64_t pc) {
  if (cct_kind != CCT_NONE && pc != cct_site + 4) { /* not the delay slot */
    pthread_mutex_lock(&qc_lock);
    if (!qc_out_of_memory)
      cct_resolve(pc);
    cct_kind = CCT_NONE;
    pthread_mutex_unlock(&qc_lock);
  }
}

void cct_finish(void) {
  while (cct_depth) /* the frames still open, innermost first, at the final count */
    cct_pop();
}

static int by_addr(const void *a, const void *b) {
  uint64_t x = ((const struct cct_node *)a)->addr, y = ((const struct cct_node *)b)->addr;
  return (x > y) - (x < y);
}

static int emit(FILE *f, void *ctx) {
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

int cct_write(const char *path) {
  return qc_write_whole(path, emit, NULL);
}
