// hwprof_tlm.cpp - see hwprof_tlm.h.
#include "hwprof_tlm.h"

#include <cstring>
#include <stdexcept>

#include "hwprof_regs.h"

using namespace sc_core;

hwprof_tlm::hwprof_tlm(sc_module_name name, sc_time clock_period)
    : sc_module(name), socket("socket"), mem("mem"), irq("irq"), sim_(hwprof_sim_new(nullptr)),
      period_(clock_period) {
  if (!sim_)
    throw std::runtime_error("hwprof_tlm: cannot create the simulated IP");
  cycle0_ = hwprof_sim_cycle(sim_);
  socket.register_b_transport(this, &hwprof_tlm::b_transport);
  hwprof_sim_on_mem_write(sim_, &hwprof_tlm::mem_write, this);
  SC_HAS_PROCESS(hwprof_tlm);
  SC_THREAD(irq_thread);
}

hwprof_tlm::~hwprof_tlm() {
  hwprof_sim_free(sim_);
}

// A ring write of the IP's write master, called by the RTL's harness while it runs.
int hwprof_tlm::mem_write(void *ctx, uint32_t addr, uint32_t data) {
  hwprof_tlm *self = static_cast<hwprof_tlm *>(ctx);
  if (self->mem.size() == 0)
    return -1;
  unsigned char buf[4];
  std::memcpy(buf, &data, 4);
  tlm::tlm_generic_payload p;
  p.set_command(tlm::TLM_WRITE_COMMAND);
  p.set_address(addr);
  p.set_data_ptr(buf);
  p.set_data_length(4);
  p.set_streaming_width(4);
  p.set_byte_enable_ptr(nullptr);
  p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  sc_time delay = SC_ZERO_TIME;
  self->mem->b_transport(p, delay);
  return p.is_response_ok() ? 0 : -1;
}

void hwprof_tlm::advance_to(const sc_time &t) {
  uint64_t want = cycle0_ + static_cast<uint64_t>(t / period_);
  uint64_t now = hwprof_sim_cycle(sim_);
  if (want > now)
    hwprof_sim_step(sim_, want - now);
}

void hwprof_tlm::b_transport(tlm::tlm_generic_payload &p, sc_time &delay) {
  transactions_++;
  uint64_t addr = p.get_address();
  unsigned len = p.get_data_length();
  // Words only, except writes into the EVENT window: 1, 2 or 4 bytes within a word
  // (the one-instruction probe stores a byte whose address is the event).
  bool window = p.is_write() && HWPROF_EVENT_IN_WINDOW(addr) &&
                (len == 1 || len == 2 || len == 4) && (addr & 3) + len <= 4;
  if ((!window && (len != 4 || (addr & 3) || addr >= HWPROF_SPAN)) ||
      p.get_streaming_width() < len) {
    p.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  if (p.get_byte_enable_ptr()) {
    p.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
    return;
  }
  advance_to(sc_time_stamp() + delay);
  uint64_t before = hwprof_sim_cycle(sim_);
  uint32_t v = 0;
  int rc;
  if (p.is_write()) {
    std::memcpy(&v, p.get_data_ptr(), len);
    rc = hwprof_sim_write(sim_, static_cast<uint32_t>(addr), v << (8 * (addr & 3)),
                          ((1u << len) - 1) << (addr & 3), nullptr);
  } else if (p.is_read()) {
    rc = hwprof_sim_read(sim_, static_cast<uint32_t>(addr), &v, nullptr);
    std::memcpy(p.get_data_ptr(), &v, 4);
  } else {
    p.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
    return;
  }
  delay += period_ * static_cast<double>(hwprof_sim_cycle(sim_) - before);
  p.set_response_status(rc == HWPROF_RESP_OKAY ? tlm::TLM_OK_RESPONSE
                                               : tlm::TLM_GENERIC_ERROR_RESPONSE);
  kick_.notify(delay);
}

// Keeps irq current: after each transaction, and every 16 IP cycles while the IP
// still has events in flight.
void hwprof_tlm::irq_thread() {
  irq.write(false);
  for (;;) {
    wait(kick_);
    for (;;) {
      advance_to(sc_time_stamp());
      irq.write(hwprof_sim_irq(sim_) != 0);
      uint32_t st = 0;
      hwprof_sim_read(sim_, HWPROF_STATUS_OFFSET, &st, nullptr);
      if ((st & HWPROF_STATUS_IDLE) && !(st & HWPROF_STATUS_BUSY))
        break;
      wait(period_ * 16.0);
    }
    advance_to(sc_time_stamp() + period_ * 2.0);
    irq.write(hwprof_sim_irq(sim_) != 0);
  }
}
