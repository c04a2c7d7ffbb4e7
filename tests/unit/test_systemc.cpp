// test_systemc.cpp - the SystemC TLM-2.0 model of the IP (sim/systemc/hwprof_tlm.h)
// under randomized traffic, against the C reference model.
//
// An initiator issues blocking, loosely-timed transactions: EVENT writes over a pool
// of SPCs, threshold changes, table clears, ENABLE toggles, hot-FIFO pops, bad
// accesses.  Transactions complete in order, so the model is driven in bus order.
// At the end every table entry, the statistics the model predicts, lookups and the
// hot SPCs are compared, and the interrupt signal must have risen.  Then the spill
// ring: keys that share one home overflow the probe window (or the set's ways), and
// the IP's write master must put exactly the model's ring words (missed SPCs, or the
// records of evicted entries), in order, into a memory bound to its `mem` socket.
// Seed: HWPROF_SEED.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "hwprof_model.h"
#include "hwprof_tlm.h"

using namespace sc_core;

static int failures;
static int checks_failed_here;
#define EXPECT(cond, ...)                                                                          \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      if (++checks_failed_here <= 10) {                                                            \
        std::fprintf(stderr, "%s:%d: %s: ", __FILE__, __LINE__, #cond);                            \
        std::fprintf(stderr, __VA_ARGS__);                                                         \
        std::fprintf(stderr, "\n");                                                                \
      }                                                                                            \
    }                                                                                              \
  } while (0)

static void result(const char *name) {
  std::printf("%s: %s\n", checks_failed_here ? "FAIL" : "PASS", name);
  failures += checks_failed_here != 0;
  checks_failed_here = 0;
}

// The memory behind the IP's write master: the spill ring's words, 4-byte writes only.
struct memory : sc_module {
  static constexpr uint64_t kBase = 0x10000000u, kBytes = 0x1000u;
  tlm_utils::simple_target_socket<memory> socket;
  std::vector<uint32_t> words = std::vector<uint32_t>(kBytes / 4);
  uint64_t bad = 0;

  memory(sc_module_name n) : sc_module(n), socket("socket") {
    socket.register_b_transport(this, &memory::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload &p, sc_time &) {
    uint64_t a = p.get_address();
    if (!p.is_write() || p.get_data_length() != 4 || a < kBase || a - kBase >= kBytes || (a & 3)) {
      bad++;
      p.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      return;
    }
    std::memcpy(&words[(a - kBase) / 4], p.get_data_ptr(), 4);
    p.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

struct initiator : sc_module {
  tlm_utils::simple_initiator_socket<initiator> socket;
  sc_in<bool> irq;
  uint64_t rng;
  hwprof_model model;
  std::vector<hwprof_model_entry> table;
  std::vector<uint32_t> fired, popped, spilled;
  memory *mem = nullptr;
  int irq_rises = 0;
  bool irq_was = false;
  sc_time delay = SC_ZERO_TIME;

  SC_HAS_PROCESS(initiator);
  initiator(sc_module_name n, uint64_t seed) : sc_module(n), socket("socket"), rng(seed) {
    hwprof_model_params p = HWPROF_MODEL_DEFAULTS;
    table.resize(1u << p.index_bits);
    hwprof_model_init(&model, &p, table.data(), table.size());
    model.on_hot = [](void *ctx, uint32_t spc) {
      static_cast<initiator *>(ctx)->fired.push_back(spc);
    };
    model.on_hot_ctx = this;
    model.on_spill = [](void *ctx, uint32_t spc) {
      static_cast<initiator *>(ctx)->spilled.push_back(spc);
    };
    model.on_spill_ctx = this;
    SC_THREAD(run);
    SC_METHOD(watch_irq);
    sensitive << irq;
    dont_initialize();
  }

  uint64_t rand() {
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 0x2545F4914F6CDD1Dull;
  }

  void watch_irq() {
    if (irq.read() && !irq_was)
      irq_rises++;
    irq_was = irq.read();
  }

  tlm::tlm_response_status access(tlm::tlm_command cmd, uint32_t addr, uint32_t &v,
                                  unsigned len = 4) {
    tlm::tlm_generic_payload p;
    unsigned char buf[8] = {0};
    std::memcpy(buf, &v, 4);
    p.set_command(cmd);
    p.set_address(addr);
    p.set_data_ptr(buf);
    p.set_data_length(len);
    p.set_streaming_width(len);
    p.set_byte_enable_ptr(nullptr);
    p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    socket->b_transport(p, delay);
    if (delay > sc_time(1, SC_US)) { // let time pass now and then (quantum)
      wait(delay);
      delay = SC_ZERO_TIME;
    }
    std::memcpy(&v, buf, 4);
    return p.get_response_status();
  }

  void wr(uint32_t addr, uint32_t v) {
    EXPECT(access(tlm::TLM_WRITE_COMMAND, addr, v) == tlm::TLM_OK_RESPONSE, "write %#x", addr);
  }
  uint32_t rd(uint32_t addr) {
    uint32_t v = 0;
    EXPECT(access(tlm::TLM_READ_COMMAND, addr, v) == tlm::TLM_OK_RESPONSE, "read %#x", addr);
    return v;
  }

  void pop_hot() {
    while (rd(HWPROF_STATUS_OFFSET) & HWPROF_STATUS_HOT_PENDING)
      popped.push_back(rd(HWPROF_HOT_POP_OFFSET));
    wr(HWPROF_IRQ_STATUS_OFFSET, HWPROF_IRQ_MASK);
  }

  void run() {
    uint32_t pool[500];
    for (auto &s : pool)
      s = 0x00400000u + 4u * static_cast<uint32_t>(rand() % 20000);
    bool enabled = true;
    wr(HWPROF_IRQ_ENABLE_OFFSET, HWPROF_IRQ_HOT);
    wr(HWPROF_EVENT_ORIGIN_OFFSET, 0x400000u);
    wr(HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE);
    uint32_t thr = 40;
    wr(HWPROF_THRESHOLD_OFFSET, thr);
    hwprof_model_set_threshold(&model, thr);
    for (int i = 0; i < 200000; i++) {
      unsigned r = static_cast<unsigned>(rand() % 10000);
      if (r < 9900) {
        uint32_t spc = pool[rand() % 500] | static_cast<uint32_t>(rand() % 4);
        if (rand() % 2) { // a byte into the EVENT window (origin 0x400000), or EVENT
          uint32_t v = 0xA5;
          EXPECT(access(tlm::TLM_WRITE_COMMAND, HWPROF_EVENT_WINDOW_OFFSET + spc - 0x400000u, v,
                        1) == tlm::TLM_OK_RESPONSE,
                 "window store %#x", spc);
        } else
          wr(HWPROF_EVENT_OFFSET, spc);
        if (enabled)
          hwprof_model_event(&model, spc);
        else
          hwprof_model_ignore(&model);
      } else if (r < 9910) {
        thr = static_cast<uint32_t>(rand() % 200);
        wr(HWPROF_THRESHOLD_OFFSET, thr);
        hwprof_model_set_threshold(&model, thr);
      } else if (r < 9912) {
        wr(HWPROF_CTRL_OFFSET, (enabled ? HWPROF_CTRL_ENABLE : 0) | HWPROF_CTRL_CLEAR);
        hwprof_model_clear(&model, 1, 0);
      } else if (r < 9918) { // a system call: 3 sites x 3 numbers
        uint32_t site = 0x400000u + 4u * static_cast<uint32_t>(rand() % 3);
        uint32_t number = 4000u + static_cast<uint32_t>(rand() % 3);
        wr(HWPROF_SYSCALL_SITE_OFFSET, site);
        wr(HWPROF_SYSCALL_OFFSET, number);
        if (enabled)
          hwprof_model_syscall(&model, site, number);
      } else if (r < 9920) {
        enabled = !enabled;
        wr(HWPROF_CTRL_OFFSET, enabled ? HWPROF_CTRL_ENABLE : 0);
      } else if (r < 9990) {
        pop_hot();
      } else {
        // Bad accesses get an error response and change nothing.
        uint32_t v = 1;
        EXPECT(access(tlm::TLM_WRITE_COMMAND, HWPROF_ID_OFFSET, v) ==
                   tlm::TLM_GENERIC_ERROR_RESPONSE,
               "write to ID");
        EXPECT(access(tlm::TLM_READ_COMMAND, HWPROF_STATUS_OFFSET + 1, v) ==
                   tlm::TLM_ADDRESS_ERROR_RESPONSE,
               "unaligned read");
        EXPECT(access(tlm::TLM_READ_COMMAND, HWPROF_STATUS_OFFSET, v, 2) ==
                   tlm::TLM_ADDRESS_ERROR_RESPONSE,
               "2-byte read");
      }
    }
    wr(HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE);
    if (!wait_idle()) {
      result("systemc_random_traffic");
      sc_stop();
      return;
    }
    wait(sc_time(1, SC_US));
    pop_hot();
    result("systemc_random_traffic");

    for (uint32_t i = 0; i < model.entries; i++) {
      uint32_t k = rd(HWPROF_TABLE_OFFSET + 8 * i), c = rd(HWPROF_TABLE_OFFSET + 8 * i + 4);
      EXPECT(k == model.table[i].key && c == model.table[i].count,
             "entry %u = {%#x, %u}, model {%#x, %u}", i, k, c, model.table[i].key,
             model.table[i].count);
    }
    EXPECT(rd(HWPROF_STAT_EVENTS_OFFSET) == model.st.events, "events");
    EXPECT(rd(HWPROF_STAT_IGNORED_OFFSET) == model.st.ignored, "ignored");
    EXPECT(rd(HWPROF_STAT_PROBES_OFFSET) == model.st.probes, "probes");
    EXPECT(rd(HWPROF_STAT_OCCUPIED_OFFSET) == model.occupied, "occupied");
    EXPECT(rd(HWPROF_STAT_HOT_OFFSET) == model.st.hot, "hot");
    EXPECT(rd(HWPROF_STAT_SYSCALLS_OFFSET) == model.st.syscalls && model.st.syscalls > 30,
           "system calls: %u, model %u", rd(HWPROF_STAT_SYSCALLS_OFFSET), model.st.syscalls);
    EXPECT(rd(HWPROF_SYSCALL_USED_OFFSET) == model.sys_used, "system-call entries");
    /* The edge table (a quarter of the events above end in an indirect jump). */
    EXPECT(rd(HWPROF_STAT_EDGES_OFFSET) == model.st.edges && model.st.edges > 100,
           "edges: %u, model %u", rd(HWPROF_STAT_EDGES_OFFSET), model.st.edges);
    EXPECT(rd(HWPROF_STAT_EDGE_LOST_OFFSET) == model.st.edge_lost, "edges lost");
    EXPECT(rd(HWPROF_EDGE_USED_OFFSET) == model.edge_used, "edge entries");
    for (uint32_t i = 0; i < (1u << model.p.edge_bits); i++) {
      uint32_t a = HWPROF_EDGE_TABLE_OFFSET + HWPROF_EDGE_ENTRY_BYTES * i;
      const hwprof_model_edge_entry &e = model.edge[i];
      EXPECT(rd(a + 8) == e.count && (!e.count || (rd(a) == e.src && rd(a + 4) == e.dst)),
             "edge entry %u", i);
    }
    for (uint32_t i = 0; i < model.sys_used; i++) {
      uint32_t a = HWPROF_SYSCALL_TABLE_OFFSET + HWPROF_SYSCALL_ENTRY_BYTES * i;
      EXPECT(rd(a) == model.sys[i].site && rd(a + 4) == model.sys[i].number &&
                 rd(a + 8) == model.sys[i].count,
             "system-call entry %u", i);
    }
    for (int i = 0; i < 50; i++) {
      uint32_t spc = pool[rand() % 500];
      wr(HWPROF_LOOKUP_KEY_OFFSET, spc);
      EXPECT(rd(HWPROF_LOOKUP_COUNT_OFFSET) == hwprof_model_lookup(&model, spc), "lookup");
    }
    result("systemc_end_state_matches_model");

    uint32_t lost = rd(HWPROF_STAT_HOT_LOST_OFFSET);
    EXPECT(hwprof_model_hot_missing(fired.data(), fired.size(), popped.data(), popped.size()) ==
               lost,
           "the hot SPCs popped are not the model's crossings in order, less the %u lost", lost);
    EXPECT(popped.size() + lost == fired.size(), "%zu popped + %u lost != %zu crossings",
           popped.size(), lost, fired.size());
    EXPECT(fired.size() > 10, "only %zu crossings", fired.size());
    EXPECT(irq_rises > 0, "the interrupt signal never rose");
    std::printf("  %zu crossings, %zu popped, %u lost, %d interrupt edges, %.1f us simulated\n",
                fired.size(), popped.size(), lost, irq_rises, sc_time_stamp().to_seconds() * 1e6);
    result("systemc_hot_spcs_and_interrupt");
    spill_ring();
    sc_stop();
  }

  // Waits for STATUS.IDLE; false, with a failed check, after 100,000 reads: an IP that
  // never becomes idle (one waiting for a full ring to drain, say) fails the test
  // instead of hanging it, and the caller stops, since the reads that follow would wait
  // for the stuck core too.
  bool wait_idle() {
    for (int i = 0; i < 100000; i++)
      if (rd(HWPROF_STATUS_OFFSET) & HWPROF_STATUS_IDLE)
        return true;
    EXPECT(0, "the IP never became idle (STATUS %#x)", rd(HWPROF_STATUS_OFFSET));
    return false;
  }

  void spill_ring() {
    wr(HWPROF_THRESHOLD_OFFSET, 0);
    hwprof_model_set_threshold(&model, 0);
    wr(HWPROF_CTRL_OFFSET, HWPROF_CTRL_ENABLE | HWPROF_CTRL_CLEAR);
    hwprof_model_clear(&model, 1, 0);
    if (!wait_idle()) {
      result("systemc_spill_ring_through_mem_socket");
      return;
    }
    const uint32_t ring_words = 64;
    wr(HWPROF_SPILL_BASE_OFFSET, static_cast<uint32_t>(memory::kBase));
    wr(HWPROF_SPILL_SIZE_OFFSET, ring_words);
    hwprof_model_set_spill(&model, 1);
    // Keys with one home: with the linear table 40 that share a slot (the probe window
    // holds MAX_PROBE of them, the rest spill as SPCs); with sets 12 that share a set
    // (its ways hold 4 or so, every other event evicts one as a two-word record).  Two
    // rounds of them fit the ring either way, which nothing drains here.
    const uint32_t home = hwprof_model_home(&model.p, 0x00400000u);
    const size_t nkeys = model.p.ways ? model.p.ways + 8 : 40;
    std::vector<uint32_t> keys;
    for (uint32_t k = 0x00400000u; keys.size() < nkeys; k += 4)
      if (hwprof_model_home(&model.p, k) == home)
        keys.push_back(k);
    for (int round = 0; round < 2; round++)
      for (uint32_t k : keys) {
        uint32_t w = k | static_cast<uint32_t>(rand() % 4);
        wr(HWPROF_EVENT_OFFSET, w);
        hwprof_model_event(&model, w);
      }
    if (!wait_idle()) {
      result("systemc_spill_ring_through_mem_socket");
      return;
    }
    uint32_t head = rd(HWPROF_SPILL_HEAD_OFFSET);
    EXPECT(!spilled.empty() && spilled.size() <= ring_words, "the model spilled %zu",
           spilled.size());
    EXPECT(head == spilled.size(), "SPILL_HEAD %u, the model spilled %zu", head, spilled.size());
    EXPECT(rd(HWPROF_STAT_SPILLED_OFFSET) == model.st.spilled &&
               rd(HWPROF_STAT_EVICTED_OFFSET) == model.st.evicted &&
               spilled.size() == model.st.spilled + 2u * model.st.evicted,
           "STAT_SPILLED %u, STAT_EVICTED %u, model %u, %u, %zu ring words",
           rd(HWPROF_STAT_SPILLED_OFFSET), rd(HWPROF_STAT_EVICTED_OFFSET), model.st.spilled,
           model.st.evicted, spilled.size());
    EXPECT(rd(HWPROF_STAT_SPILL_ERR_OFFSET) == 0, "spill errors");
    EXPECT(mem->bad == 0, "%llu bad memory accesses", static_cast<unsigned long long>(mem->bad));
    for (size_t i = 0; i < spilled.size() && i < ring_words; i++)
      EXPECT(mem->words[i] == spilled[i], "ring word %zu = %#x, the model's miss %#x", i,
             mem->words[i], spilled[i]);
    for (uint32_t k : keys) {
      wr(HWPROF_LOOKUP_KEY_OFFSET, k);
      EXPECT(rd(HWPROF_LOOKUP_COUNT_OFFSET) == hwprof_model_lookup(&model, k), "lookup %#x", k);
    }
    std::printf("  %zu words (%u SPCs, %u evicted entries) spilled to the ring through the mem "
                "socket\n",
                spilled.size(), model.st.spilled, model.st.evicted);
    result("systemc_spill_ring_through_mem_socket");
  }
};

int sc_main(int, char *[]) {
  const char *e = std::getenv("HWPROF_SEED");
  uint64_t seed = e ? std::strtoull(e, nullptr, 0) : 0x5EED2026ull;
  sc_signal<bool> irq("irq");
  hwprof_tlm ip("ip", sc_time(10, SC_NS));
  initiator cpu("cpu", seed);
  memory mem("mem");
  cpu.mem = &mem;
  cpu.socket.bind(ip.socket);
  ip.mem.bind(mem.socket);
  ip.irq(irq);
  cpu.irq(irq);
  sc_start();
  if (failures)
    std::fprintf(stderr, "seed %#llx\n", static_cast<unsigned long long>(seed));
  return failures ? 1 : 0;
}
