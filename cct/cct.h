/*
 * cct.h - calling-context trees from a stream of call and return packets, built
 * sequentially or in parallel (after ParCCT).
 *
 * A packet is a call or a return, carrying the cost (block entries and guest
 * instructions) executed in the current context since the packet before it.  A
 * node of the tree is a calling context: the chain of calls (call site, callee)
 * from the root, the program's entry.  A call goes to the child of the current
 * node for (site, callee), created on first use, and pushes a frame holding the
 * call's return address.  A return to address `to` pops the frames up to and
 * including the innermost one whose return address is `to`: an ordinary return
 * pops one, a longjmp that ends in `jr $ra` pops every frame it skips; a return
 * that matches no frame pops nothing (the entry function's own return, say).
 * glibc's MIPS longjmp ends in `jr $t9`, an indirect jump, to the return point of
 * the setjmp call: a jump packet (CCT_JUMP) to an address that is a return point
 * unwinds to the innermost context that has made a call returning there -- a
 * context of another function than the one jumping (a switch inside a recursive
 * function may jump to a label that is also a return point of an outer
 * activation; that is no longjmp); a jump to a return point of the context it is
 * in, or of none on the stack, pops nothing.  A tail call (a jump, no packet) stays in its caller's
 * context, and the return that follows pops the caller's frame, as it does on the machine. The
 * stream may end with frames open (exit from a deep frame): nothing pops.
 *
 * The parallel builder cuts the stream into chunks that worker threads turn into
 * partial trees out of order, each from an unknown starting context: a return
 * that its own frames cannot match is kept as an "up" step with its address,
 * after which the chunk's calls hang under the context that step reaches; a
 * return or a jump that needs the frames under the chunk's open ones ends the
 * chunk's part, and the merge runs the rest of the chunk on the real stack.  The
 * partial trees are then merged in stream order onto the real stack, applying
 * each up step as the sequential builder would.  The result is the sequential
 * builder's tree (cct_equal; tests/unit/test_cct.c).
 *
 * Nothing recurses on the tree's depth: a guest recursing 100,000 deep gives a
 * chain of 100,000 nodes, which every function here walks iteratively.
 */
#ifndef HWPROF_CCT_H
#define HWPROF_CCT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* CCT_COST: only the cost (the end); CCT_JUMP: an indirect jump (not a return) to
 * a return point of some call made before it (a longjmp, or a switch's case). */
enum { CCT_COST = 0, CCT_CALL = 1, CCT_RET = 2, CCT_JUMP = 3 };

typedef struct cct_packet {
  uint32_t kind;   /* CCT_CALL, CCT_RET, CCT_COST */
  uint32_t site;   /* CALL: the calling block's address; RET, JUMP: the jumping block's */
  uint32_t target; /* CALL: the callee's entry; RET, JUMP: the address jumped to */
  uint32_t ret;    /* CALL: the call's return address */
  uint32_t blocks; /* block entries in the current context since the packet before */
  uint32_t insns;  /* guest instructions, the same */
} cct_packet;

typedef struct cct_node {
  uint32_t site, callee;              /* the call that made this context (0, 0: the root) */
  uint32_t ret;                       /* ... and its return address */
  uint32_t parent;                    /* node index (the root: itself, 0) */
  uint32_t first_child, next_sibling; /* 0: none (the root is never a child) */
  uint64_t self_blocks, self_insns;
  uint64_t incl_blocks, incl_insns; /* cct_finish */
  uint64_t calls;                   /* times this context was entered */
} cct_node;

typedef struct cct {
  cct_node *n; /* n[0] is the root */
  size_t len, cap;
  uint32_t *hash; /* child index: (parent, site, callee) -> node, open addressing */
  size_t hash_cap;
  uint64_t packets, unmatched_returns, unwinds; /* unwinds: CCT_JUMPs that popped frames */
  uint32_t max_depth;
} cct;

int cct_init(cct *t);
void cct_free(cct *t);

/* The whole stream, one thread.  -1 when out of memory. */
int cct_build(cct *t, const cct_packet *p, size_t n);

/* The same with `threads` workers over chunks of `chunk` packets. */
int cct_build_parallel(cct *t, const cct_packet *p, size_t n, unsigned threads, size_t chunk);

/* The inclusive costs (each node's self plus its descendants'). */
void cct_finish(cct *t);

/* 1 when a and b are the same tree: the same contexts with the same costs and
 * call counts, whatever the order nodes were made in. */
int cct_equal(const cct *a, const cct *b);

/* Calls fn for each node depth-first, children in (site, callee) order, with its
 * depth (the root's is 0); stops when fn returns non-zero (and returns that).  -1
 * when out of memory. */
int cct_walk(const cct *t, int (*fn)(void *ctx, const cct_node *x, uint32_t depth), void *ctx);

/* The tree of the chains of functions (what a flame graph draws): contexts that
 * call the same functions in the same order, by whatever call sites, are one node
 * (site 0), their costs and calls summed.  A context more than max_depth - 1
 * calls deep is summed into its ancestor at that depth's child CCT_DEEPER, so
 * no chain is longer than max_depth.  Finished (cct_finish); -1 when out of
 * memory. */
#define CCT_DEEPER 1u /* never a function's address: MIPS code is word-aligned */
int cct_by_function(const cct *t, cct *out, uint32_t max_depth);

/* Per function (callee address): its calls and its inclusive instructions, the
 * instructions executed while it was on the stack, recursion counted once (a
 * context inside another of the same function adds nothing).  Sorted by address;
 * malloc'd, NULL when out of memory.  The root is not a function. */
typedef struct cct_function {
  uint32_t addr;
  uint64_t calls, incl_insns;
} cct_function;
cct_function *cct_functions(const cct *t, size_t *n);

/* Writing a tree of chains of functions (cct_by_function; cct_out.c).  A namer
 * gives a function's name for its address, in buf or in storage of its own. */
typedef const char *(*cct_namer)(void *ctx, uint32_t addr, char *buf, size_t size);
/* Folded stacks: "root;f;g SELF" per chain with instructions of its own. */
int cct_write_folded(FILE *f, const cct *byfn, const char *root, cct_namer name, void *ctx);
/* An SVG flame graph titled `title`. */
int cct_write_flame(FILE *f, const cct *byfn, const char *root, const char *title, cct_namer name,
                    void *ctx);

/* The contexts, one line each, depth-first, children in (site, callee) order:
 * "depth site callee calls self_insns incl_insns". */
void cct_dump(const cct *t, FILE *f);

#endif
