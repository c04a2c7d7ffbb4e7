/*
 * ipstream.h - stream a trace of SPCs through the simulated IP as a CPU
 * would (back-to-back EVENT stores, no stalls), then read the results back.
 *
 * With a spill ring, the IP writes what its table cannot place to a ring in
 * host memory (the simulator's memory behind the IP's write master), and the
 * stream's interrupt handler drains it, as libhwprof's hwprof_spill_drain
 * would: the SPCs come back in r->spilled, in the order the IP wrote them.
 */
#ifndef HWPROF_IPSTREAM_H
#define HWPROF_IPSTREAM_H

#include <stdint.h>

#include "hwprof_model.h"
#include "hwprof_sim.h"
#include "trace.h"

typedef struct ip_run {
  uint64_t cycles; /* IP cycles from the first EVENT write to idle */
  double wall_s;   /* host seconds spent simulating them */
  uint32_t stat[HWPROF_STAT_COUNT];
  uint32_t *hot; /* hot SPCs in the order the IP reported them */
  size_t n_hot;
  uint32_t irqs;     /* interrupts taken (rising edges seen) */
  uint32_t *spilled; /* SPCs read from the spill ring, in order */
  size_t n_spilled;
  uint64_t edges_drained; /* edge traversals read out of the edge table at IRQ_EDGE */
  uint32_t edge_drains;
} ip_run;

#define IP_RING_MAX_WORDS 65536u

/* Resets nothing: enables the IP, sets the threshold and the spill ring
 * (ring_words: 0 for none, else a power of two up to IP_RING_MAX_WORDS;
 * IRQ_SPILL at a quarter full), streams the trace and waits until the IP is
 * idle.  It services the interrupt as a handler would (drain HOT_POP and the
 * ring; with an edge table, at IRQ_EDGE (half full) wait for idle, read the
 * table and write EDGE_CLEAR; acknowledge).  EDGE_CTRL is left as it is.  Returns 0 or -1 with a
 * message on stderr.  Free r->hot and r->spilled. */
int ip_stream(hwprof_sim *s, const trace *t, uint32_t threshold, uint32_t ring_words, ip_run *r);

/* Reads the IP's parameters from CONFIG/CONFIG2. */
int ip_read_params(hwprof_sim *s, hwprof_model_params *p);

/* Reads every table entry through the window into tab (2^index_bits). */
int ip_read_table(hwprof_sim *s, const hwprof_model_params *p, hwprof_model_entry *tab);

/* Name of a hash kind. */
const char *ip_hash_name(unsigned hash);

#endif
