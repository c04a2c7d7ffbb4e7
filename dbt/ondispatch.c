/*
 * ondispatch.c - the dispatcher's work on the board (--runtime board and checked):
 * the runtime's side of firmware/dispatch.c.  Each time translated code reaches the
 * dispatcher, the board's CPU does what a dispatcher running on the PPC405 would:
 * it saves the registers, looks the exit's target up in the block map it keeps in
 * the board's RAM, and patches the branch that reached a chain exit or fills an
 * indirect jump's jump-table entry (dispatch.c calls rt_disp before its own
 * lookup); a superblock's redirection of its head and a flush are requests too
 * (cache.c), made where the dispatcher has saved the registers already.  Their
 * cycles are the run's.
 *
 * The host's runtime keeps its own map and does the same work after, as it does
 * with --runtime host: the two must agree (the code found, the words patched, the
 * jump-table entries), or the run stops naming the guest pc.  Where the board's
 * lookup misses, the block is translated (on the board, which enters it in the
 * map) and the request made again without saving the registers again, the way a
 * dispatcher goes on after calling its translator (its lookup repeated: a few dozen
 * cycles a translation that such a dispatcher would not spend).
 */
#include "../firmware/xlate.h"
#include "runtime.h"

_Static_assert(XLATE_DISP_WORDS <= XLATE_REQ_WORDS,
               "a dispatcher's request fits the request's room");

int rt_disp_on_board(const dbt *d) {
  return d->o.runtime != DBT_RUNTIME_HOST && d->xlate_entry;
}

static const char *op_name(uint32_t op) {
  switch (op) {
  case XLATE_LOOKUP: return "a lookup";
  case XLATE_CHAIN: return "chaining";
  case XLATE_INDIRECT: return "an indirect jump's lookup";
  case XLATE_REDIRECT: return "a superblock's redirection";
  case XLATE_CCT_SW: return "the sw packet ring's drain";
  case XLATE_RECORD: return "a block recorded on a superblock's path";
  default: return "a flush";
  }
}

int rt_disp(dbt *d, xlate_disp *q, int entered) {
  q->host = q->op == XLATE_REDIRECT ? q->host : 0;
  q->at = q->word = q->full = 0;
  q->jt = DBT_STATE + DBT_ST_JT;
  q->jt_miss = DBT_STUBS + 8 * DBT_EXIT_INDIRECT;
  int64_t c =
      rt_image_call(d, entered ? XLATE_ENTRY_DISPATCH : XLATE_ENTRY_TRANSLATE, q, XLATE_DISP_WORDS);
  d->st.board_dispatches++;
  if (c < 0)
    return errf(d->failed, sizeof d->failed,
                "the dispatcher on the board stopped in %s (guest pc %#x): %s", op_name(q->op),
                q->pc, vboard_message(d->b)),
           -1;
  d->st.dispatch_cycles += (uint64_t)c;
  return 0;
}

int rt_disp_found(dbt *d, xlate_disp *q, uint32_t host, uint32_t gen, uint64_t translated) {
  /* Translated since: the request again, the registers saved already.  Not a chain's
   * once the translation flushed the cache (its site went with it; the runtime does not
   * chain either), but an indirect jump's: its entry goes into the new generation's
   * jump table, on the host as on the board. */
  if (!q->host && (q->op == XLATE_INDIRECT || (q->op != XLATE_LOOKUP && d->gen == gen)) &&
      rt_disp(d, q, 0) < 0)
    return -1;
  if (q->host == host || (!q->host && d->st.blocks_translated != translated))
    return 0;
  if (!q->host)
    return errf(d->failed, sizeof d->failed,
                "the dispatcher on the board did not find guest pc %#x, which the runtime has "
                "at %#x",
                q->pc, host),
           -1;
  return errf(d->failed, sizeof d->failed,
              "the dispatcher on the board found %#x for guest pc %#x, the runtime %#x", q->host,
              q->pc, host),
         -1;
}

int rt_disp_wrote(dbt *d, uint32_t at, uint32_t w, uint32_t pc) {
  if (!rt_disp_on_board(d) || rd32(d, at) == w)
    return 0;
  if (!d->failed[0])
    errf(d->failed, sizeof d->failed,
         "the dispatcher on the board wrote %#010x at %#x for guest pc %#x, the runtime %#010x",
         rd32(d, at), at, pc, w);
  return -1;
}
