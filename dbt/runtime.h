/*
 * runtime.h - the translator runtime's own state, shared by its parts (dbt.c: code
 * cache, dispatcher, profiles; superblock.c: superblocks).  Not an interface: the
 * interface is dbt.h.
 */
#ifndef HWPROF_DBT_RUNTIME_H
#define HWPROF_DBT_RUNTIME_H

#include <capstone/capstone.h>

#include "dbt.h"
#include "superblock.h"

/* System calls per (site, number), in order of first call (sysprof.c). */
typedef struct rt_sys_table {
  dbt_syscall_count *v;
  size_t n, cap;
} rt_sys_table;

/* Edges per (source, target), with an index for adding (edgeprof.c). */
typedef struct rt_edge_table {
  dbt_edge_count *v;
  size_t n;
  uint32_t *idx; /* open addressing: index into v, UINT32_MAX = free */
  size_t slots;
} rt_edge_table;

/* A guest block: its counter, and where it sits in the current cache. */
typedef struct rec {
  uint32_t pc;
  uint32_t id;   /* counter index, order of first translation */
  uint32_t host; /* PowerPC address, valid when gen == the runtime's */
  uint32_t gen;
  uint32_t insns;
  uint32_t flags; /* how the block ends: HWPROF_EVENT_* (translate.h's dbt_block) */
} rec;

/* The call and return packets of --cct (cctsrc.c). */
typedef struct rt_cct_stream {
  cct_packet *p;
  size_t n, cap;
  uint32_t blocks, insns; /* since the last packet */
  uint32_t prev_pc, prev_end, prev_flags;
  uint32_t *rp; /* the return points of the calls made so far: a set (0: free) */
  size_t rp_n, rp_cap;
  uint32_t tot_blocks, tot_insns; /* the board's stream: the running totals at its last packet */
  uint32_t cut_insns;  /* the IP's: instructions of cut blocks in its totals (rt_cct_cut) */
  uint32_t drop_site;  /* the IP's: the next packet is this cut block's, which never ended */
  uint32_t owed;       /* the sw ring's: a cut block's packet owed (pc | flags; 0 none) */
  struct rt_cct_mark { /* the runtime's: its state before each block it entered at the */
    uint32_t id;       /* CPU's last PowerPC block (a superblock's members: rt_cct_cut) */
    size_t n;
    uint32_t blocks, insns, prev_pc, prev_end, prev_flags;
  } mark[DBT_TRACE_MAX];
  unsigned nmark;
  int oom;
} rt_cct_stream;

struct dbt {
  vboard *b;
  dbt_options o;
  uint8_t *ram; /* PowerPC address a is ram[a] (RAM starts at 0) */
  guest g;
  int loaded;
  dbt_core core;
  uint32_t used; /* bytes of the code cache in use */
  uint32_t gen;  /* cache generation: bumped by a flush */
  rec *tab;      /* open addressing on pc */
  uint32_t tab_mask, tab_used;
  uint32_t *by_id; /* id -> tab index; UINT32_MAX: a superblock's counter (sbcount.c) */
  uint32_t nblocks, cap_blocks;
  uint16_t *entry_insns; /* per code word: guest instructions of a block starting there */
  uint64_t *exec;        /* per id: entries */
  uint32_t *entry_id;    /* per code word: id + 1 of a block starting there */
  uint8_t *insn_of;      /* per code word: its guest instruction (dbt_core.insn_of) */
  uint8_t *sb_code; /* per code word: 1 inside a superblock (several entries a PowerPC block) */
  /* Superblock members by the code word their code starts at, in path order.  Several
   * can start at one word (a member with no code of its own, such as a jump whose
   * delay slot is a nop, starts where the next one does): entry_id of a superblock
   * word is 1 + the index here of the first (rt_sb_starts). */
  struct rt_start {
    uint32_t w, id;
  } * starts;
  size_t nstarts, starts_cap;
  /* The branches chaining patched, in the current cache: at (bit 0: a bc) reaches
   * the translation of guest pc.  A new superblock takes over its head's (rt_links_to). */
  struct rt_link {
    uint32_t at, pc;
  } * links;
  size_t nlinks, links_cap;
  dbt_stats st;
  csh cs_mips, cs_ppc;
  sb_state sb;
  /* The hw profile: the IP through the driver, host side. */
  hwprof_dev dev;        /* over rt_hw_bus: the IP's bus, counting the accesses */
  uint64_t bus_accesses; /* the driver's loads and stores to the IP */
  int hw_on;             /* the IP was set up for this run */
  int hw_got;            /* d->hw holds the readout */
  dbt_hw_profile hw;
  size_t hot_cap;
  int hot_oom;
  hwprof_ring ring;         /* the IP's spill ring at DBT_SPILL */
  hwprof_spill_table spill; /* the blocks counted from it (hwside.c) */
  rt_sys_table sys;         /* system calls, as the dispatcher executed them */
  rt_sys_table hw_sys;      /* system calls, as the IP recorded them */
  /* Indirect edges (edgeprof.c). */
  uint32_t *edge_src;    /* per sw edge site: the block that took it */
  rt_edge_table edge_sw; /* the sw profile's: overflow during the run, all at readout */
  rt_edge_table edge_hw; /* the IP's, drained */
  int edge_sw_done;      /* edge_sw is the readout */
  int edge_final;        /* readout: drain whatever the table holds */
  uint64_t edge_hot_reported, edge_hot_at_drain, edge_drains;
  char hw_err[200];
  uint64_t sig_due; /* CPU cycle at which the guest's timer is due, or 0 (signal.c) */
  int sig_paused;   /* the CPU was paused for it */
  int kept_written; /* --confine: the runtime wrote $gp or $sp (rt_confine_kept_ok) */
  dbt_cut *cuts;    /* blocks a fault cut short (dbt_cuts) */
  size_t ncuts, cuts_cap;
  uint8_t *onbus;         /* --confine: per guest page, on the board's bus (confine.c) */
  uint32_t tb_at, tb_end; /* the PowerPC block the CPU entered last (observe) */
  uint64_t *sw_derived;   /* per block id: sw entries derived in superblocks (sbcount.c) */
  rt_cct_stream cct;      /* --cct (cctsrc.c): the runtime's view */
  rt_cct_stream cct_sw;   /* --cct, sw, all: the sw probes' packets (the ring, drained) */
  rt_cct_stream cct_hw;   /* --cct, hw, all: the IP's packets (its ring, drained) */
  hwprof_ring cct_ring;   /* ... that ring */
  int cct_hw_ended;       /* ... its totals read (rt_hw_cct_end) */
};

/* The IP, host side (hwside.c). */
int rt_hw_mode(const dbt *d); /* a hw profile was asked for */
int rt_hw_setup(dbt *d);      /* before the run; -1 with d->hw_err */
int rt_hw_service(dbt *d);    /* the interrupt handler */
int rt_hw_settle(dbt *d);     /* until the IP is idle, its rings drained; -1 with d->hw_err */
void rt_hw_readout(dbt *d);   /* after the run: d->hw */
void rt_hw_free(dbt *d);

/* System-call records (sysprof.c).  rt_sys_add: -1 when out of memory. */
int rt_sys_add(rt_sys_table *t, uint32_t site, uint32_t number, uint64_t n);
void rt_sys_free(rt_sys_table *t);
int rt_hw_sys_setup(dbt *d); /* the IP's table: empty, with its mark */
int rt_hw_sys_drain(dbt *d); /* the IP's table into d->hw_sys, emptied */

/* Indirect edges (edgeprof.c).  rt_edge_add: -1 when out of memory. */
int rt_edge_add(rt_edge_table *t, uint32_t src, uint32_t dst, uint64_t n);
void rt_edge_free(rt_edge_table *t);
void rt_edge_site_taken(dbt *d, const dbt_block *blk); /* after a translation is kept */
int rt_edge_exit(dbt *d, uint32_t site, uint32_t src, uint32_t target); /* DBT_EXIT_EDGE */
int rt_hw_edge_setup(dbt *d);
int rt_hw_edge_drain(dbt *d); /* the handler: hot edges, and the table at half full;
                               * readout (edge_final): all of it */
void rt_edge_finish(dbt *d, rt_edge_table *t); /* sorted, with jump sites and hot marks */
int rt_sw_edges_readout(dbt *d);

/* The guest's GPRs: in PowerPC registers or the CPU state (dbt.c). */
/* --confine (confine.c): the guest's unmapped pages off the bus as guest.owned says
 * (0, or -1: the board refused); $gp and $sp near its memory (1) or not (0). */
int rt_confine_sync(dbt *d);
int rt_confine_kept_ok(dbt *d);

void rt_read_gprs(dbt *d, uint32_t m[32]);
void rt_write_gpr(dbt *d, unsigned i, uint32_t v);

/* The FPU helper (fpgate.c): the gate's service, and the exit when the gate
 * cannot run an instruction (-1 with r filled when the guest stops). */
int rt_fp_gate_setup(dbt *d, char *err, size_t errlen);
int rt_fpu_exit(dbt *d, uint32_t pc, dbt_result *r);
/* What FPU instructions cost a PPC405 without an FPU (fpcost.c): rt_fp_costs
 * measures the table once per process (-1 with a message when it cannot). */
int rt_fp_costs(dbt *d, char *err, size_t errlen);
int rt_fp_costs_ready(void);
uint32_t rt_fp_cost(const dbt *d, uint32_t w);
uint32_t rt_fp_op_cost(int op); /* one soft-float operation (firmware/fpcost.h) */

/* Derived counts in superblocks (sbcount.c).  rt_sb_derived: the run's superblocks
 * probe only their entries and side exits.  rt_sb_reserve before translating one
 * (-1: no counters or event words left), rt_sb_record after (-1: out of memory).
 * Readout: rt_sb_sw_readout (then rt_sb_sw per block id), and rt_sb_hw_readout,
 * which turns the IP's counts of the superblocks' words into their members'. */
int rt_sb_derived(const dbt *d);
void rt_sb_words(dbt *d, uint32_t text_lo); /* at load: where the near words lie */
int rt_sb_word(const dbt *d, uint32_t spc); /* spc is a superblock's word, not a block */
int rt_sb_reserve(dbt *d, dbt_sb_probes *p);
int rt_sb_record(dbt *d, const dbt_trace *t, const dbt_sb_probes *p, const dbt_block out[],
                 unsigned members);
int rt_sb_sw_readout(dbt *d);
uint64_t rt_sb_sw(const dbt *d, uint32_t id);
int rt_sb_hw_readout(dbt *d);
void rt_sb_hot_word(dbt *d, uint32_t spc); /* the IP reports a superblock's word hot */
void rt_sb_scan_sw(dbt *d);                /* sw: the side exits' counters */
void rt_sb_free(dbt *d);

/* Points every chained branch to guest pc's translation at host instead (a new
 * superblock's head): its predecessors branch straight to it. */
void rt_links_to(dbt *d, uint32_t pc, uint32_t host);

/* Room for one more element in the array *v of *n used of *cap, each `size`
 * bytes: grown (to twice as many, and at least `first`) when full; -1 when out
 * of memory (the array stays as it was). */
/* Signals on the board (signal.c).  rt_signal_next: the lowest pending signal
 * that is not blocked, or 0.  rt_signal_deliver: sig, at guest pc (sync: a trap or
 * fault there, addr its data address), goes to its handler (1, *to = the handler's
 * pc: the frame is built and the registers set), is ignored (0), or ends the guest
 * (-1, r filled).  rt_sigreturn: the innermost handler returned; its frame's
 * context is restored and the pc to resume at returned (0: no frame, r filled). */
int rt_signal_next(const dbt *d);
/* 1 when sig has a handler that may run now (not blocked, not nested too deep). */
int rt_signal_caught(dbt *d, int sig);
/* d->sig_due from the guest's timer (the board clock; under the host clock timers
 * are seen at system calls). */
void rt_signal_arm(dbt *d);
int rt_signal_deliver(dbt *d, int sig, int sync, uint32_t pc, uint32_t addr, uint32_t *to,
                      dbt_result *r);
uint32_t rt_sigreturn(dbt *d, dbt_result *r);
/* The run left a superblock early, for a signal handler or for good, at PowerPC
 * address a (inside: an instruction that did not complete there, a fault or a
 * trap; else the start of a block it did not enter: the cycle limit, a signal
 * to hwprof, a timer's handler): the member's derived counts leave out what did
 * not run (sbcount.c). */
void rt_sb_leave(dbt *d, uint32_t a, int inside);

/* --cct: block `id` is entered (cctsrc.c). */
void rt_cct_enter(dbt *d, uint32_t id);
/* --cct, sw: the packet ring is full (DBT_EXIT_CCT), or the run ends: its packets
 * into cct_sw. */
void rt_cct_drain(dbt *d);
/* The block id was cut short by a fault: tail of its instructions did not run, and
 * unless ended (the fault was its last instruction, a branch's delay slot) it did
 * not end the way its flags say (no call, return or jump from it).  -1: the IP's
 * packet ring could not be settled. */
int rt_cct_cut(dbt *d, uint32_t id, uint32_t tail, int ended);
/* --cct, hw: the IP's packet ring on (rt_hw_setup), drained (the interrupt handler,
 * readout), and its totals read at the end (readout); -HWPROF_* on a bus error. */
int rt_hw_cct_setup(dbt *d);
int rt_hw_cct_drain(dbt *d);
int rt_hw_cct_end(dbt *d);

/* The translator wrote [addr, addr + len) of the code cache (patch: over code
 * that may have run): made visible to the board's instruction fetch as on a real
 * PPC405, dcbst / icbi / isync, charged (vboard_code_sync), unless
 * --omit-cache-sync leaves some out, for the tests that the board catches it. */
void rt_code_wrote(dbt *d, uint32_t addr, uint32_t len, int patch);

/* The host's monotonic clock, for the host-time figures (dbt_stats *_ns). */
uint64_t rt_now_ns(void);

/* Bounds the core's next translation at pc by the end of the executable pages it
 * starts in. */
void rt_fetch_limit(dbt *d, uint32_t pc);
int rt_grow(void *v, size_t n, size_t *cap, size_t size, size_t first);

/* Member `id` of a superblock starts at code word w (-1: out of memory). */
int rt_sb_start(dbt *d, uint32_t w, uint32_t id);

/* The block record of guest pc; with add, a new one (NULL when full). */
rec *rt_find(dbt *d, uint32_t pc, int add);
/* Writes a translated block to the --dump file, MIPS and PowerPC side by side. */
void rt_dump_block(dbt *d, const dbt_block *blk);

static inline uint32_t rd32(const dbt *d, uint32_t a) {
  return dbt_be32(d->ram + a);
}
static inline void wr32(dbt *d, uint32_t a, uint32_t v) {
  dbt_put_be32(d->ram + a, v);
}

#endif
