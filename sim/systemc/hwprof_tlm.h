// hwprof_tlm.h - the hwprof IP as a SystemC TLM-2.0 target, for users' own virtual
// platforms.  C++ because SystemC is.
//
// The module wraps the same Verilated RTL as everything else (sim/hwprof_sim.h).
// b_transport is loosely timed: the RTL is advanced to the transaction's local time
// (sc_time_stamp() + delay, at the IP's clock period), the access runs on its
// AXI4-Lite port, and the bus time it took is added to the delay.  Word accesses only,
// but for 1- and 2-byte writes into the EVENT window (the one-instruction probe, on
// byte lanes by address: a little-endian bus); anything else, and any access the IP
// answers with SLVERR, gets an error response.
// The interrupt line is an sc_out<bool>, kept up to date while the IP has work in
// flight.
//
// The IP's AXI4 write master (its spill ring, driver/hwprof_regs.h) is the optional
// initiator socket `mem`: each ring write is a 4-byte TLM write (the word in host byte
// order) issued while the RTL runs; a response other than OK answers the master with
// SLVERR (the SPC is lost and counted in STAT_SPILL_ERRORS).  The write's own TLM
// delay is not added: the IP's model of the memory's latency applies
// (hwprof_sim_set_mem_latency on rtl()).  Left unbound, every ring write fails.
//
//   hwprof_tlm ip("ip", sc_core::sc_time(10, sc_core::SC_NS));
//   initiator.socket.bind(ip.socket);
//   ip.mem.bind(memory.socket);    // only if software enables the spill ring
//   ip.irq(irq_signal);
#ifndef HWPROF_TLM_H
#define HWPROF_TLM_H

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "hwprof_sim.h"

class hwprof_tlm : public sc_core::sc_module {
public:
  tlm_utils::simple_target_socket<hwprof_tlm> socket;
  tlm_utils::simple_initiator_socket_optional<hwprof_tlm> mem;
  sc_core::sc_out<bool> irq;

  hwprof_tlm(sc_core::sc_module_name name, sc_core::sc_time clock_period);
  ~hwprof_tlm() override;

  hwprof_sim *rtl() { return sim_; }
  uint64_t transactions() const { return transactions_; }
  uint64_t mem_writes() const { return hwprof_sim_mem_writes(sim_); }

private:
  void b_transport(tlm::tlm_generic_payload &p, sc_core::sc_time &delay);
  void irq_thread();
  void advance_to(const sc_core::sc_time &t);
  static int mem_write(void *ctx, uint32_t addr, uint32_t data);

  hwprof_sim *sim_;
  sc_core::sc_time period_;
  uint64_t cycle0_;
  uint64_t transactions_ = 0;
  sc_core::sc_event kick_;
};

#endif
