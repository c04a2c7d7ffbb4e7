// hwprof_sim.cpp - the Verilated hwprof IP behind the C API of hwprof_sim.h.
//
// C++ only because Verilator's models are C++ classes; the interface is C.
// One tick() is one IP clock cycle: the master's inputs are settled with the
// clock low, handshakes are sampled, then the rising edge is evaluated.
//
// The harness is also the memory behind the IP's AXI4 write master (the spill
// ring): it takes AW and W (with random stalls when enabled), waits the memory
// latency, performs the write through the caller's callback and answers B.
//
// Two models of the same RTL.  The checked model (Vhwprof) is Verilated with the
// RTL's assertions (--assert, HWPROF_ASSERT) and FST tracing: every library has it,
// and it is the one the IP's own tests and --wave use (a gate-level netlist's library,
// HWPROF_SIM_NO_WAVES, has it without tracing: no waveform there).  The fast model
// (Vhwprof_fast, HWPROF_SIM_HAS_FAST; the default configuration's library only) has
// neither, and evaluates a cycle in about two thirds of the time (docs/benchmarks.md,
// "Host speed"): the board runs it unless asked for the checked one.  Both are the same
// RTL, so their cycles and counts are the same (tests/e2e/test_ip_models.sh compares
// whole benchmark runs).  The harness is one template over the model, reached
// through hwprof_sim's few virtual functions; the loops over cycles (step, drain,
// the blocking transactions) are the base's and call tick() through one of them,
// an indirect call per cycle beside the model's evaluations: two, the clock low and
// high, or on the fast model only the rising edge's when no input moved (tick()).
#include "hwprof_sim.h"

#include <cstdio>
#include <cstdlib>
#include <deque>
#include <memory>
#include <string>

#include "Vhwprof.h"
#include "Vhwprof___024root.h"
#ifdef HWPROF_SIM_HAS_FAST
#include "Vhwprof_fast.h"
#include "Vhwprof_fast___024root.h"
#endif
#include "gtkwave/fstapi.h"
#include "verilated.h"
#include "verilated_fst_c.h"

// The few internal signals the harness reads.  The RTL marks them public; a Yosys
// netlist (HWPROF_SIM_NETLIST, built with --public-flat-rw) keeps them as flattened
// names, "u_core.x" becoming u_core__02ex.  The netlist's cycle counter lives in
// per-bit flip-flop cells, so idle stretches are simulated there, not skipped.
#ifdef HWPROF_SIM_NETLIST
#define SIG_LOST_FIFO(t) ((t).rootp->hwprof_axil__DOT__u_core__02est_lost_fifo_q)
#define CAN_SKIP_IDLE    0
#define SIG_IDLE(t)      ((void)(t), false) /* only for skipping; the gate is not kept */
#define SIG_READ_WAIT(t) ((t).rootp->hwprof_axil__DOT__u_bus__02erd_wait_q)
#else
#define SIG_LOST_FIFO(t) ((t).rootp->hwprof_axil__DOT__u_core__DOT__st_lost_fifo_q)
#define SIG_CYCLES(t)    ((t).rootp->hwprof_axil__DOT__u_core__DOT__cycles_q)
#define CAN_SKIP_IDLE    1
#define SIG_IDLE(t)      ((t).rootp->hwprof_axil__DOT__st_idle) /* STATUS.IDLE's */
#define SIG_READ_WAIT(t) ((t).rootp->hwprof_axil__DOT__u_bus__DOT__rd_wait_q)
#endif
#define SIG_LOOKUP_BUSY(t) ((t).rootp->hwprof_axil__DOT__lookup_busy_q)

namespace {

const unsigned kPostCapacity = 1024;
const unsigned kResetCycles = 4;

struct Write {
  uint32_t addr;
  uint32_t data;
  unsigned strb;
  bool posted;
};

// xorshift64*: small, seeded, good enough to pick stall lengths.
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed ? seed : 0x9E3779B97F4A7C15ull) {}
  uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 0x2545F4914F6CDD1Dull;
  }
  unsigned below(unsigned n) { return (unsigned)(next() % n); }
};

} // namespace

// What the C API sees: the harness's state and every step but the model's own.
struct hwprof_sim {
  std::unique_ptr<VerilatedContext> ctx;
  uint64_t cycle = 0;
  uint64_t timeout = 10000000;
  unsigned stall_pct = 0;
  Rng rng{1};
  hwprof_sim_model model = HWPROF_SIM_CHECKED;

  // Write channel: the head write is driven; accepted writes wait for B.
  std::deque<Write> writes;
  bool aw_done = false, w_done = false;
  unsigned aw_delay = 0, w_delay = 0;
  bool head_fresh = true; // delays not yet drawn for the head write
  std::deque<Write> awaiting_b;
  uint64_t b_seen = 0; // B responses received
  unsigned last_bresp = 0;
  uint64_t post_errors = 0;
  uint32_t post_error_addr = 0, post_error_data = 0;
  uint64_t write_waits = 0;

  // Read channel: at most one read, blocking.
  bool rd_active = false, ar_done = false, r_done = false;
  unsigned ar_delay = 0;
  uint32_t rd_addr = 0, rd_data = 0;
  unsigned rd_resp = 0;

  // Memory behind the IP's AXI4 write master.
  hwprof_sim_mem_write_fn mem_write = nullptr;
  void *mem_ctx = nullptr;
  unsigned mem_latency = 4;
  bool m_aw = false, m_w = false, m_b = false; // address, data taken; response up
  uint32_t m_addr = 0, m_data = 0;
  unsigned m_wait = 0;
  unsigned m_bresp = 0;
  uint64_t mem_writes = 0;

  hwprof_sim_accept_fn on_accept = nullptr;
  void *on_accept_ctx = nullptr;

  unsigned quiet_streak = 0; // consecutive quiet cycles: from 2 on, skipping is safe
  bool idle_skip = true;     // hwprof_sim_set_idle_skip
  int irq_level = 0;
  uint64_t irq_rise = 0; // cycle at which the line last went high

  virtual ~hwprof_sim() = default;
  // The model's part: one cycle; whether the IP and the bus are quiet; n cycles
  // skipped; the reset input; the interrupt line; the waveform.
  virtual void tick() = 0;
  virtual bool quiet() const = 0;
  virtual void skip(uint64_t n) = 0;
  virtual void set_reset(bool on) = 0;
  virtual int irq() const = 0;
  virtual bool open_wave(const char *path) = 0;
  virtual int close_wave() = 0;
  virtual void finish() = 0;

  unsigned draw_delay() {
    if (!stall_pct)
      return 0;
    unsigned d = 0;
    while (d < 16 && rng.below(100) < stall_pct)
      d++;
    return d;
  }
  bool stall_now() { return stall_pct && rng.below(100) < stall_pct; }
  // What a quiet cycle draws from rng with stalls on: BREADY, RREADY, and the
  // write master's AWREADY and WREADY (tick).
  static constexpr unsigned kQuietDraws = 4;
  // Skips n quiet cycles, drawing what they would have drawn, so that the stalls that
  // follow are those of a run that evaluated every cycle: a netlist's, or one with
  // hwprof_sim_set_idle_skip(s, 0).
  void skip_quiet(uint64_t n) {
    if (stall_pct)
      for (uint64_t i = 0; i < kQuietDraws * n; i++)
        rng.next();
    skip(n);
  }

  void step(uint64_t n) {
    // Quiet for two cycles already (registered outputs settled): skip at once.
    if (CAN_SKIP_IDLE && idle_skip && n > 0 && quiet_streak >= 2 && quiet()) {
      skip_quiet(n);
      return;
    }
    // Two real cycles let registered outputs (IRQ, event pulses) settle first.
    while (n > 0) {
      if (CAN_SKIP_IDLE && idle_skip && n > 2 && quiet()) {
        tick();
        tick();
        n -= 2;
        if (quiet()) {
          skip_quiet(n);
          return;
        }
        continue;
      }
      tick();
      n--;
    }
  }

  int drain() {
    uint64_t start = cycle;
    while (!writes.empty() || !awaiting_b.empty()) {
      if (cycle - start > timeout)
        return HWPROF_SIM_ETIMEDOUT;
      tick();
    }
    return 0;
  }

  void hold_reset() {
    set_reset(true);
    writes.clear();
    awaiting_b.clear();
    aw_done = w_done = false;
    head_fresh = true;
    rd_active = ar_done = r_done = false;
    m_aw = m_w = m_b = false;
    m_wait = 0;
    for (unsigned i = 0; i < kResetCycles; i++)
      tick();
    set_reset(false);
  }
};

namespace {

// The harness over one model.  Waves: the model was Verilated with --trace-fst.
template <class Top, bool Waves> struct harness final : hwprof_sim {
  std::unique_ptr<Top> top;
  std::unique_ptr<VerilatedFstC> wave;
  std::string wave_path;
  uint64_t wave_end = 0; // the time of the last dump
  // The model's combinational outputs may not match its inputs and registers: tick()
  // evaluates the low phase (a reset moved, skip() wrote the cycle counter).
  bool stale = true;

  void dump() {
    if (Waves && wave) {
      wave_end = ctx->time();
      wave->dump(wave_end);
    }
  }

  // One IP clock cycle.
  void tick() override {
    Top &t = *top;
    if (!writes.empty() && head_fresh) {
      aw_delay = draw_delay();
      w_delay = draw_delay();
      head_fresh = false;
    }
    const Write *w = writes.empty() ? nullptr : &writes.front();
    // The inputs of this cycle, set while the clock is low.  With stalls on, a quiet
    // cycle draws four times below (kQuietDraws).
    bool changed = stale;
    auto set = [&changed](auto &port, auto v) {
      changed |= port != v;
      port = v;
    };
    set(t.s_axil_awvalid, w && !aw_done && aw_delay == 0);
    set(t.s_axil_awaddr, w ? w->addr : 0);
    set(t.s_axil_awprot, 0);
    set(t.s_axil_wvalid, w && !w_done && w_delay == 0);
    set(t.s_axil_wdata, w ? w->data : 0);
    set(t.s_axil_wstrb, w ? w->strb : 0);
    set(t.s_axil_bready, !stall_now());
    set(t.s_axil_arvalid, rd_active && !ar_done && ar_delay == 0);
    set(t.s_axil_araddr, rd_addr);
    set(t.s_axil_arprot, 0);
    set(t.s_axil_rready, !stall_now());
    set(t.m_axi_awready, !m_aw && !stall_now());
    set(t.m_axi_wready, !m_w && !stall_now());
    set(t.m_axi_bvalid, m_b);
    set(t.m_axi_bresp, m_bresp);
    t.clk = 0;
    if constexpr (Waves) {
      t.eval(); // every phase dumped
    } else if (changed) {
      t.eval();
    } else {
      // Nothing the low phase could change: no input moved since the rising edge's
      // evaluation settled every combinational output, the RTL does nothing on the
      // falling edge, and the clock feeds no logic.  What the evaluation would have
      // done is note the clock low, so that the next one sees a rising edge
      // (Verilator 5's trigger state; sim/sim.mk pins the model's flags).
      t.rootp->__Vtrigrprev__TOP__clk = 0;
    }
    stale = false;
    ctx->timeInc(1);
    dump();
    // While reset is held the slave's outputs mean nothing (they start random).
    bool live = !t.rst;
    bool aw_hs = live && t.s_axil_awvalid && t.s_axil_awready;
    bool w_hs = live && t.s_axil_wvalid && t.s_axil_wready;
    bool b_hs = live && t.s_axil_bvalid && t.s_axil_bready;
    bool ar_hs = live && t.s_axil_arvalid && t.s_axil_arready;
    bool r_hs = live && t.s_axil_rvalid && t.s_axil_rready;
    unsigned bresp = t.s_axil_bresp;
    uint32_t rdata = t.s_axil_rdata;
    unsigned rresp = t.s_axil_rresp;
    if ((t.s_axil_awvalid && !aw_hs) || (t.s_axil_wvalid && !w_hs))
      write_waits++;
    uint32_t lost_before = SIG_LOST_FIFO(t);
    bool maw_hs = live && t.m_axi_awvalid && t.m_axi_awready;
    bool mw_hs = live && t.m_axi_wvalid && t.m_axi_wready;
    bool mb_hs = live && m_b && t.m_axi_bready;
    if (maw_hs) {
      if (t.m_axi_awlen != 0 || t.m_axi_awsize != 2 || t.m_axi_awburst != 1) {
        std::fprintf(stderr, "hwprof_sim: spill write is not one 4-byte INCR beat\n");
        std::abort();
      }
      m_addr = t.m_axi_awaddr;
    }
    if (mw_hs) {
      if (t.m_axi_wstrb != 0xF || !t.m_axi_wlast) {
        std::fprintf(stderr, "hwprof_sim: spill write data is not one full last beat\n");
        std::abort();
      }
      m_data = t.m_axi_wdata;
    }

    t.clk = 1;
    t.eval();
    ctx->timeInc(1);
    dump();
    cycle++;

    if (maw_hs)
      m_aw = true;
    if (mw_hs)
      m_w = true;
    if (mb_hs) {
      m_b = m_aw = m_w = false;
    } else if (m_aw && m_w && !m_b) {
      if (m_wait < mem_latency) {
        m_wait++;
      } else if (!stall_now()) {
        // The write happens as the response is raised: 0 OKAY, 2 SLVERR, 3 DECERR.
        m_bresp = mem_write ? (mem_write(mem_ctx, m_addr, m_data) ? 2u : 0u) : 3u;
        m_b = true;
        m_wait = 0;
        mem_writes++;
      }
    }
    if (w && !aw_done && aw_delay)
      aw_delay--;
    if (w && !w_done && w_delay)
      w_delay--;
    if (rd_active && !ar_done && ar_delay)
      ar_delay--;
    if (b_hs) {
      if (awaiting_b.empty()) {
        std::fprintf(stderr, "hwprof_sim: B response with no write outstanding\n");
        std::abort();
      }
      if (awaiting_b.front().posted && bresp != 0) {
        post_errors++;
        post_error_addr = awaiting_b.front().addr;
        post_error_data = awaiting_b.front().data;
      }
      awaiting_b.pop_front();
      last_bresp = bresp;
      b_seen++;
    }
    if (aw_hs)
      aw_done = true;
    if (w_hs)
      w_done = true;
    if (w && aw_done && w_done) {
      Write acc = *w;
      writes.pop_front();
      aw_done = w_done = false;
      head_fresh = true;
      awaiting_b.push_back(acc);
      if (on_accept) {
        uint32_t lost_after = SIG_LOST_FIFO(t);
        on_accept(on_accept_ctx, acc.addr, acc.data, lost_after != lost_before);
      }
    }
    if (ar_hs)
      ar_done = true;
    if (r_hs) {
      rd_data = rdata;
      rd_resp = rresp;
      r_done = true;
    }
    if (t.irq && !irq_level)
      irq_rise = cycle;
    irq_level = t.irq;
    quiet_streak = quiet() ? quiet_streak + 1 : 0;
  }

  bool quiet() const override {
    const Top &t = *top;
    return writes.empty() && awaiting_b.empty() && !rd_active && !t.s_axil_bvalid &&
           !t.s_axil_rvalid && SIG_IDLE(t) && !SIG_LOOKUP_BUSY(t) && !SIG_READ_WAIT(t) && !m_aw &&
           !m_w && !m_b;
  }

  void skip(uint64_t n) override {
#if CAN_SKIP_IDLE
    SIG_CYCLES(*top) += n;
    stale = true; /* a register changed behind the model's back */
#endif
    cycle += n;
    ctx->timeInc(2 * n);
  }

  void set_reset(bool on) override {
    top->rst = on;
    stale = true;
  }
  int irq() const override {
    return top->irq;
  }

  bool open_wave(const char *path) override {
    if constexpr (Waves) {
      wave.reset(new VerilatedFstC);
      top->trace(wave.get(), 99);
      wave_path = path;
      wave->open(path);
      return wave->isOpen();
    }
    return false;
  }

  int close_wave() override {
    if (!wave)
      return 0;
    wave->close();
    wave.reset();
    // The FST writer ignores its write errors: read the file back.
    void *r = fstReaderOpen(wave_path.c_str());
    int ok = r && fstReaderGetEndTime(r) == wave_end;
    if (r)
      fstReaderClose(r);
    return ok ? 0 : -1;
  }

  void finish() override {
    top->final();
    if (wave)
      wave->close();
  }
};

// A new instance of a model, waveform open when asked for; NULL on failure.
template <class Top, bool Waves>
hwprof_sim *make(const hwprof_sim_config *config, hwprof_sim_model model) {
  auto *s = new (std::nothrow) harness<Top, Waves>;
  if (!s)
    return nullptr;
  s->model = model;
  s->ctx.reset(new VerilatedContext);
  s->ctx->randReset(2); // registers without reset start random, not zero
  s->ctx->randSeed((int)(config->seed & 0x7FFFFFFF));
  s->rng = Rng(config->seed);
  if (config->wave_path)
    s->ctx->traceEverOn(true);
  s->top.reset(new Top{s->ctx.get(), "hwprof"});
  if (config->wave_path && !s->open_wave(config->wave_path)) {
    s->finish();
    delete s;
    return nullptr;
  }
  const char *no_skip = getenv("HWPROF_SIM_NO_SKIP");
  s->idle_skip = !no_skip || std::strcmp(no_skip, "1") != 0;
  s->hold_reset();
  return s;
}

} // namespace

extern "C" {

hwprof_sim *hwprof_sim_new(const hwprof_sim_config *config) {
  hwprof_sim_config defaults = {nullptr, 1, HWPROF_SIM_CHECKED};
  if (!config)
    config = &defaults;
#ifdef HWPROF_SIM_HAS_FAST
  if (config->model == HWPROF_SIM_FAST && !config->wave_path)
    return make<Vhwprof_fast, false>(config, HWPROF_SIM_FAST);
#endif
#ifdef HWPROF_SIM_NO_WAVES
  if (config->wave_path)
    return nullptr; // Verilated without --trace-fst (the netlists' libraries)
  return make<Vhwprof, false>(config, HWPROF_SIM_CHECKED);
#else
  return make<Vhwprof, true>(config, HWPROF_SIM_CHECKED);
#endif
}

hwprof_sim_model hwprof_sim_model_of(const hwprof_sim *s) {
  return s->model;
}

int hwprof_sim_close_wave(hwprof_sim *s) {
  return s->close_wave();
}

void hwprof_sim_free(hwprof_sim *s) {
  if (!s)
    return;
  s->finish();
  // Verilator 5.006's scopes unregister from the thread's current context (the one
  // made last), not from their own: freed out of the order they were made, a model
  // would lock a context already freed (bench hung so).  So the current context is
  // this model's while it goes, and none after (Verilator's default), never a freed one.
  Verilated::threadContextp(s->ctx.get());
  delete s;
  Verilated::threadContextp(nullptr);
}

unsigned hwprof_sim_reset(hwprof_sim *s) {
  unsigned abandoned = (unsigned)(s->writes.size() + s->awaiting_b.size());
  s->hold_reset();
  return abandoned;
}

void hwprof_sim_set_stalls(hwprof_sim *s, unsigned stall_pct, uint64_t seed) {
  s->stall_pct = stall_pct > 100 ? 100 : stall_pct;
  s->rng = Rng(seed);
}

void hwprof_sim_set_idle_skip(hwprof_sim *s, int on) {
  s->idle_skip = on != 0;
}

void hwprof_sim_set_timeout(hwprof_sim *s, uint64_t cycles) {
  s->timeout = cycles;
}

void hwprof_sim_step(hwprof_sim *s, uint64_t n) {
  s->step(n);
}

uint64_t hwprof_sim_cycle(const hwprof_sim *s) {
  return s->cycle;
}

int hwprof_sim_write(hwprof_sim *s, uint32_t addr, uint32_t data, unsigned strb,
                     hwprof_sim_xfer *x) {
  uint64_t start = s->cycle;
  int rc = s->drain();
  if (rc)
    return rc;
  s->writes.push_back(Write{addr, data, strb & 0xF, false});
  uint64_t want = s->b_seen + 1;
  while (s->b_seen < want) {
    if (s->cycle - start > s->timeout)
      return HWPROF_SIM_ETIMEDOUT;
    s->tick();
  }
  if (x) {
    x->cycles = s->cycle - start;
    x->resp = s->last_bresp;
  }
  return (int)s->last_bresp;
}

int hwprof_sim_read(hwprof_sim *s, uint32_t addr, uint32_t *data, hwprof_sim_xfer *x) {
  uint64_t start = s->cycle;
  int rc = s->drain();
  if (rc)
    return rc;
  s->rd_active = true;
  s->ar_done = s->r_done = false;
  s->ar_delay = s->draw_delay();
  s->rd_addr = addr;
  while (!s->r_done) {
    if (s->cycle - start > s->timeout) {
      s->rd_active = false;
      return HWPROF_SIM_ETIMEDOUT;
    }
    s->tick();
  }
  s->rd_active = false;
  if (data)
    *data = s->rd_data;
  if (x) {
    x->cycles = s->cycle - start;
    x->resp = s->rd_resp;
  }
  return (int)s->rd_resp;
}

int hwprof_sim_post(hwprof_sim *s, uint32_t addr, uint32_t data) {
  return hwprof_sim_post_strb(s, addr, data, 0xF);
}

int hwprof_sim_post_strb(hwprof_sim *s, uint32_t addr, uint32_t data, unsigned strb) {
  if (s->writes.size() >= kPostCapacity)
    return HWPROF_SIM_EBUSY;
  s->writes.push_back(Write{addr, data, strb & 0xF, true});
  return 0;
}

unsigned hwprof_sim_pending(const hwprof_sim *s) {
  return (unsigned)(s->writes.size() + s->awaiting_b.size());
}

int hwprof_sim_post_wait(hwprof_sim *s, uint32_t addr, uint32_t data) {
  while (hwprof_sim_post(s, addr, data) == HWPROF_SIM_EBUSY)
    s->tick();
  return 0;
}

int hwprof_sim_drain(hwprof_sim *s) {
  return s->drain();
}

void hwprof_sim_on_mem_write(hwprof_sim *s, hwprof_sim_mem_write_fn fn, void *ctx) {
  s->mem_write = fn;
  s->mem_ctx = ctx;
}

void hwprof_sim_set_mem_latency(hwprof_sim *s, unsigned cycles) {
  s->mem_latency = cycles;
}

uint64_t hwprof_sim_mem_writes(const hwprof_sim *s) {
  return s->mem_writes;
}

void hwprof_sim_on_accept(hwprof_sim *s, hwprof_sim_accept_fn fn, void *ctx) {
  s->on_accept = fn;
  s->on_accept_ctx = ctx;
}

uint64_t hwprof_sim_post_errors(const hwprof_sim *s) {
  return s->post_errors;
}

void hwprof_sim_post_error(const hwprof_sim *s, uint32_t *addr, uint32_t *data) {
  *addr = s->post_error_addr;
  *data = s->post_error_data;
}

uint64_t hwprof_sim_write_wait_cycles(const hwprof_sim *s) {
  return s->write_waits;
}

int hwprof_sim_irq(const hwprof_sim *s) {
  return s->irq();
}

uint64_t hwprof_sim_irq_rise_cycle(const hwprof_sim *s) {
  return s->irq_rise;
}

} // extern "C"
