/*
 * ip_util.h - helpers shared by the tests that drive the Verilated IP.
 */
#ifndef HWPROF_IP_UTIL_H
#define HWPROF_IP_UTIL_H

#include <stdint.h>

#include "hwprof_model.h"
#include "hwprof_regs.h"
#include "hwprof_sim.h"

/* The parameters this binary's IP library was built with: the RTL defaults
 * overridden by the Verilator -G flags in HWPROF_IP_PARAMS (from the Makefile). */
void ip_built_params(hwprof_model_params *p);

/* Register access that checks for an OKAY response (a CHECK failure if not). */
uint32_t ip_rd(hwprof_sim *s, uint32_t off);
void ip_wr(hwprof_sim *s, uint32_t off, uint32_t val);

/* Steps until STATUS.IDLE and not BUSY; returns 0 or -1 after `limit` cycles. */
int ip_wait_idle(hwprof_sim *s, uint64_t limit);

/* The first entry (table window index) of a key's home (hwprof_model_home: its
 * slot, or its set); and how many keys one home holds (MAX_PROBE slots, or the set's
 * ways). */
uint32_t ip_home_entry(const hwprof_model_params *p, uint32_t key);
uint32_t ip_home_room(const hwprof_model_params *p);

/* n distinct SPCs (word-aligned: the EVENT word's flag bits 0) whose home (hwprof_model_home)
 * is `index`.  With the low16 hash, whose index keeps bits 1:0, `index` must be a
 * multiple of 4. */
void ip_colliding_keys(const hwprof_model_params *p, uint32_t index, uint32_t *out, unsigned n,
                       uint64_t *rng);

uint64_t ip_rand(uint64_t *state); /* xorshift64* */

#endif
