/*
 * hwprof_sim.h - the Verilated hwprof IP, cycle by cycle, behind a C API.
 *
 * One hwprof_sim is one instance of rtl/hwprof_axil.v (built with the
 * parameters of this library's build; read them back from CONFIG) with an
 * AXI4-Lite master in front of it.  Everything is in IP clock cycles.
 *
 *   hwprof_sim *s = hwprof_sim_new(NULL);
 *   hwprof_sim_xfer x;
 *   hwprof_sim_write(s, HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE, 0xF, &x);
 *   hwprof_sim_post(s, HWPROF_EVENT_OFFSET, 0x400120);  // posted: returns at once
 *   hwprof_sim_drain(s);                                 // until it is accepted
 *   uint32_t n;
 *   hwprof_sim_read(s, HWPROF_STAT_EVENTS_IN_OFFSET, &n, &x);
 *   hwprof_sim_free(s);
 *
 * The master keeps AXI's rules: a VALID, once raised, stays high until its
 * handshake.  With stalls enabled (hwprof_sim_set_stalls) it waits a random
 * number of cycles before raising AWVALID, WVALID and ARVALID, each on its
 * own, and drops BREADY and RREADY at random, from a seeded generator.
 *
 * Every wait is bounded: a transaction that has not completed within the
 * timeout (hwprof_sim_set_timeout, default 10,000,000 cycles) returns
 * HWPROF_SIM_ETIMEDOUT.
 *
 * Two models of the RTL.  The checked one, the default, is built with the RTL's
 * assertions and waveform tracing: a failed assertion aborts the process with its
 * message.  The fast one has neither and runs a cycle in about two thirds of the time;
 * only the default configuration's library has it (sim/sim.mk), and asking
 * another library for it gives the checked one.  Cycles and counts are the same.
 */
#ifndef HWPROF_SIM_H
#define HWPROF_SIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hwprof_sim hwprof_sim;

typedef enum hwprof_sim_model {
  HWPROF_SIM_CHECKED = 0, /* assertions and waveforms */
  HWPROF_SIM_FAST = 1     /* neither: the board's model */
} hwprof_sim_model;

typedef struct hwprof_sim_config {
  const char *wave_path;  /* FST waveform file, or NULL for none (a waveform needs the
                             checked model: it is used whatever model says) */
  uint64_t seed;          /* initial register contents and stall choices */
  hwprof_sim_model model; /* HWPROF_SIM_CHECKED (0) or HWPROF_SIM_FAST */
} hwprof_sim_config;

/* How one transaction went. */
typedef struct hwprof_sim_xfer {
  uint64_t cycles; /* from the call to the response handshake, inclusive */
  unsigned resp;   /* HWPROF_RESP_OKAY or HWPROF_RESP_SLVERR */
} hwprof_sim_xfer;

#define HWPROF_SIM_ETIMEDOUT (-110)
#define HWPROF_SIM_EBUSY     (-16)

/* Creates an instance and holds it in reset for a few cycles.  The IP then
 * clears its table (2^INDEX_BITS cycles, STATUS.BUSY); transactions issued
 * meanwhile are served as the IP allows.  NULL config: no waveform, seed 1, the checked model.
 * Returns NULL when out of memory or the waveform file cannot be opened, or when a
 * waveform is asked of a library built without tracing (a gate-level netlist's). */
hwprof_sim *hwprof_sim_new(const hwprof_sim_config *config);
/* The model an instance runs (the fast one only where this library has it). */
hwprof_sim_model hwprof_sim_model_of(const hwprof_sim *s);
void hwprof_sim_free(hwprof_sim *s);
/* Ends the waveform (none: 0) and reads it back: 0 when the file holds the whole
 * run, -1 when it does not (a write failed: the FST writer does not say so).  The
 * simulation records no more waveform after it. */
int hwprof_sim_close_wave(hwprof_sim *s);

/* Asserts reset for a few cycles.  Transactions in flight are abandoned (the
 * posted queue is emptied); returns how many posted writes were abandoned. */
unsigned hwprof_sim_reset(hwprof_sim *s);

/* stall_pct in 0..100: how often the master holds back (see above), and the
 * memory behind the IP's write master holds AWREADY, WREADY and BVALID back. */
void hwprof_sim_set_stalls(hwprof_sim *s, unsigned stall_pct, uint64_t seed);
void hwprof_sim_set_timeout(hwprof_sim *s, uint64_t cycles);

/* Advances n cycles, moving posted writes along.  When the IP is idle and no
 * transaction is pending the cycles are skipped without evaluating the RTL
 * (the IP's own cycle counter still advances by n). */
void hwprof_sim_step(hwprof_sim *s, uint64_t n);
/* on = 0: every cycle is evaluated, none skipped, as over a netlist (which never
 * skips).  The figures must not change (tests/e2e/test_ip_models.sh): skipping is
 * exact, stall choices included.  The default is on, or off when the environment
 * has HWPROF_SIM_NO_SKIP=1 when the simulation is made (any other value: on, so that
 * a guest under hwprof sees an environment of the same size either way). */
void hwprof_sim_set_idle_skip(hwprof_sim *s, int on);

/* Cycles since hwprof_sim_new. */
uint64_t hwprof_sim_cycle(const hwprof_sim *s);

/* Blocking transactions.  Each first waits for the posted queue to drain, so
 * bus order is call order.  Return the response code (>= 0) or
 * HWPROF_SIM_ETIMEDOUT.  x may be NULL. */
int hwprof_sim_write(hwprof_sim *s, uint32_t addr, uint32_t data, unsigned strb,
                     hwprof_sim_xfer *x);
int hwprof_sim_read(hwprof_sim *s, uint32_t addr, uint32_t *data, hwprof_sim_xfer *x);

/* Posted writes (full-word strobe): queued and returned from at once, then
 * driven back to back, in order, as cycles pass.  Returns 0, or
 * HWPROF_SIM_EBUSY when the queue (1024 writes) is full. */
int hwprof_sim_post(hwprof_sim *s, uint32_t addr, uint32_t data);
/* The same with write strobes strb (bit i: wdata[8i+7:8i]), for byte and halfword
 * stores; addr is the byte address, unaligned for them. */
int hwprof_sim_post_strb(hwprof_sim *s, uint32_t addr, uint32_t data, unsigned strb);
unsigned hwprof_sim_pending(const hwprof_sim *s);

/* hwprof_sim_post, letting cycles pass while the queue is full.  Returns 0. */
int hwprof_sim_post_wait(hwprof_sim *s, uint32_t addr, uint32_t data);

/* Steps until every posted write has its response; returns 0 or
 * HWPROF_SIM_ETIMEDOUT. */
int hwprof_sim_drain(hwprof_sim *s);

/* Called once per write at the cycle the IP accepts it, in bus order:
 * `dropped` is 1 when it was an EVENT the IP dropped on a full FIFO
 * (CTRL.DROP_ON_FULL).  Posted and blocking writes alike. */
typedef void (*hwprof_sim_accept_fn)(void *ctx, uint32_t addr, uint32_t data, int dropped);
void hwprof_sim_on_accept(hwprof_sim *s, hwprof_sim_accept_fn fn, void *ctx);

/* The memory behind the IP's AXI4 write master (the spill ring, see
 * hwprof_regs.h).  Each write the master issues is performed by fn, `latency`
 * cycles after both its address and data were taken (plus random stalls when
 * stalls are enabled); fn returns 0 for OKAY and non-zero for an error, which
 * is answered SLVERR.  Without fn every write is answered DECERR.  The default
 * latency is 4 cycles. */
typedef int (*hwprof_sim_mem_write_fn)(void *ctx, uint32_t addr, uint32_t data);
void hwprof_sim_on_mem_write(hwprof_sim *s, hwprof_sim_mem_write_fn fn, void *ctx);
void hwprof_sim_set_mem_latency(hwprof_sim *s, unsigned cycles);
/* Writes the master has made since creation (answered, whatever the answer). */
uint64_t hwprof_sim_mem_writes(const hwprof_sim *s);

/* Posted writes answered with SLVERR since creation. */
uint64_t hwprof_sim_post_errors(const hwprof_sim *s);

/* The address and data of the most recent posted write answered with SLVERR. */
void hwprof_sim_post_error(const hwprof_sim *s, uint32_t *addr, uint32_t *data);

/* Cycles, since creation, in which a write was presented but not accepted. */
uint64_t hwprof_sim_write_wait_cycles(const hwprof_sim *s);

/* The interrupt line, as of the last cycle. */
int hwprof_sim_irq(const hwprof_sim *s);

/* The cycle at which the interrupt line last went from low to high. */
uint64_t hwprof_sim_irq_rise_cycle(const hwprof_sim *s);

#ifdef __cplusplus
}
#endif

#endif /* HWPROF_SIM_H */
