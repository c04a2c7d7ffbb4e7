/*
 * ipstream.h - stream a trace of SPCs through the simulated IP as a CPU
 * would (back-to-back EVENT stores, no stalls), then read the results back.
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
  uint32_t irqs; /* interrupts taken (rising edges seen) */
} ip_run;

/* Resets nothing: enables the IP, sets the threshold, streams the trace and
 * waits until the IP is idle.  When threshold != 0 it services the
 * interrupt as a handler would (drain HOT_POP, acknowledge).  Returns 0 or
 * -1 with a message on stderr. */
int ip_stream(hwprof_sim *s, const trace *t, uint32_t threshold, ip_run *r);

/* Reads the IP's parameters from CONFIG/CONFIG2. */
int ip_read_params(hwprof_sim *s, hwprof_model_params *p);

/* Reads every table entry through the window into tab (2^index_bits). */
int ip_read_table(hwprof_sim *s, const hwprof_model_params *p, hwprof_model_entry *tab);

/* Name of a hash kind. */
const char *ip_hash_name(unsigned hash);

#endif
