/*
 * guest_syms.c - the program's functions (its symbol table's STT_FUNC symbols,
 * which loader.c reads): the one an address is in, and whether it is the
 * program's own code or the C library's (or the toolchain's).  'hwprof compare'
 * holds the program's own code to qemu-mips's counts exactly, and excuses
 * library code, whose paths may depend on the process's addresses; reports mark
 * it too (the CSV's own_code column).
 *
 * Own code is every function defined in the program's own object files.  A
 * static executable's symbol table tells it in part: each input object's local
 * symbols follow an STT_FILE symbol with the object's source name -- a C file
 * of the program ("coremark.c"), gcc's start-up files ("crtstuff.c"), or, for
 * Debian's glibc and libgcc, the object's own name ("libc-start.o") -- and the
 * symbols the linker made local (hidden ones: glibc's internal functions) follow
 * an empty FILE symbol.  Global functions are not grouped, so for them the link
 * order decides: gcc's driver links
 *
 *   crt1.o crti.o crtbeginT.o  [the program's objects]  [libraries]  crtend.o crtn.o
 *
 * and the linker lays out each output section's input sections in that order,
 * so the program's .text follows crtbeginT.o's (crtstuff.c's functions:
 * deregister_tm_clones ... frame_dummy) and ends where the first library's
 * begins.  A function is own code when it is
 *
 *   - local to an object whose FILE symbol names a source file of the program
 *     (*.c, *.cc, *.cpp, *.cxx, *.C, *.s, *.S; not crtstuff.c), wherever the
 *     linker put it (main.cold, a static function in .text.startup);
 *   - main;
 *   - above crtbeginT.o's functions and below the first function known to be
 *     library code (local to a library object, local by the linker, or of hidden
 *     visibility): the program's objects' .text, globals included;
 *   - named by a --own pattern (fnmatch(3) over function names: guest_own_add).
 *
 * For example, in the CoreMark-like workload (one file, at -O2):
 *
 *   0x004002a0 abort                  linker-local: library
 *   0x00400530 main                   own (by name; .text.startup)
 *   0x00401580 deregister_tm_clones   crtstuff.c ... 0x00401668 frame_dummy
 *   0x004016b0 by_value               coremark.c, local: own (region starts)
 *   0x0040183c crc_u16                coremark.c, local: own
 *   0x004018b0 call_fini              libc-start.o, local: library (region ends)
 *
 * and a global function of a second C file linked after coremark.c would lie
 * between crc_u16 and call_fini: own.  A program without crtstuff.c (linked
 * with -nostdlib) has no region: its own code is its source files' locals and
 * main.  What the rules cannot see: a global function of the program in a
 * section placed apart (.text.unlikely, .text.hot), or of hidden visibility;
 * name those with --own.
 */
#include <fnmatch.h>
#include <string.h>

#include "guest.h"

int guest_sym_source(const char *file) {
  static const char *const sources[] = {".c", ".cc", ".cpp", ".cxx", ".C", ".s", ".S"};
  size_t len = strlen(file);
  if (!len)
    return GUEST_SYM_LIB; /* the linker's own locals: hidden symbols made local */
  if (!strcmp(file, "crtstuff.c"))
    return GUEST_SYM_CRT;
  for (size_t i = 0; i < sizeof sources / sizeof sources[0]; i++) {
    size_t n = strlen(sources[i]);
    if (len > n && !strcmp(file + len - n, sources[i]))
      return GUEST_SYM_OWN;
  }
  return GUEST_SYM_LIB;
}

void guest_own_classify(guest *g) {
  const struct guest_sym *crt = NULL; /* crtbeginT.o's first function: the lowest */
  for (unsigned i = 0; i < g->nsyms; i++) {
    struct guest_sym *s = &g->syms[i];
    s->own = s->from == GUEST_SYM_OWN || !strcmp(s->name, "main");
    if (s->from == GUEST_SYM_CRT && !crt)
      crt = s; /* g->syms is sorted by address */
  }
  if (!crt)
    return;
  uint32_t lo = crt->addr, hi = UINT32_MAX;
  for (unsigned i = 0; i < g->nsyms; i++) /* the end of crtbeginT.o's functions */
    if (g->syms[i].from == GUEST_SYM_CRT && g->syms[i].file == crt->file && g->syms[i].addr > lo)
      lo = g->syms[i].addr;
  for (unsigned i = 0; i < g->nsyms && hi == UINT32_MAX; i++) /* the first library's */
    if (g->syms[i].addr > lo &&
        (g->syms[i].from == GUEST_SYM_LIB || g->syms[i].from == GUEST_SYM_CRT))
      hi = g->syms[i].addr;
  for (unsigned i = 0; i < g->nsyms; i++)
    if (g->syms[i].addr > lo && g->syms[i].addr < hi)
      g->syms[i].own = 1;
}

unsigned guest_own_add(guest *g, const char *pattern) {
  unsigned n = 0;
  for (unsigned i = 0; i < g->nsyms; i++)
    if (!fnmatch(pattern, g->syms[i].name, 0)) {
      g->syms[i].own = 1;
      n++;
    }
  return n;
}

static const struct guest_sym *sym_at(const guest *g, uint32_t addr) {
  unsigned lo = 0, hi = g->nsyms;
  while (lo < hi) { /* the last symbol at or below addr */
    unsigned mid = (lo + hi) / 2;
    if (g->syms[mid].addr <= addr)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (!lo)
    return NULL;
  const struct guest_sym *s = &g->syms[lo - 1];
  return addr - s->addr < (s->size ? s->size : 1) ? s : NULL;
}

const char *guest_symbol(const guest *g, uint32_t addr, uint32_t *off) {
  const struct guest_sym *s = sym_at(g, addr);
  if (!s)
    return NULL;
  *off = addr - s->addr;
  return s->name;
}

int guest_own_code(const guest *g, uint32_t addr) {
  const struct guest_sym *s = sym_at(g, addr);
  return s && s->own;
}
