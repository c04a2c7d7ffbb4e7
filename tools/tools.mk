# tools/ - the user-facing hwprof program and the IP benchmark.

HWPROF    := $(BUILD)/hwprof
TOOL_OBJS := $(BUILD)/tools/hwprof.o $(BUILD)/tools/ipdemo.o $(BUILD)/tools/ipstream.o \
             $(BUILD)/tools/trace.o $(BUILD)/tools/vp.o $(BUILD)/tools/run.o \
             $(BUILD)/tools/profile.o $(BUILD)/tools/compare.o $(BUILD)/tools/bench.o \
             $(BUILD)/sim/vboard.o $(BUILD)/sim/hwprof_sim_bus.o $(DBT_OBJS)

$(HWPROF): $(TOOL_OBJS) $(BUILD)/libhwprof.a $(BUILD)/libhwprof_model.a $(SIM_LIB) | $(DTBS)
	$(CXX) -o $@ $(filter %.o %.a,$^) -lunicorn $(FDT_LDLIBS) $(DBT_LDLIBS) $(SIM_LDLIBS)

# The TCG plugin that counts each instruction qemu-mips executes ('hwprof compare').
QEMU_COUNT := $(BUILD)/qemu-count.so
$(QEMU_COUNT): tools/qemu_count.c
	@mkdir -p $(@D)
	$(CC) -O2 -Wall -Wextra -Werror -shared -fPIC -o $@ $<

all: $(HWPROF) $(QEMU_COUNT)

# The main job, until the SPEC-like workloads land: the IP on traces, then a MIPS
# program through the translator with hardware profiling.
demo: $(HWPROF) $(BUILD)/guest/recursion-O2
	$(HWPROF) ip --trace loop --events 200000 --top 4
	$(HWPROF) ip --trace random --events 1000000 --distinct 2000 --threshold 500
	$(HWPROF) run --profile hw --stats $(BUILD)/guest/recursion-O2

# The translator's figures over the -O2 guest programs (profiling off).
.PHONY: bench-dbt
bench-dbt: $(HWPROF) $(GUEST_C_BINS)
	@BUILD=$(BUILD) tools/bench_dbt.sh $(filter %-O2,$(GUEST_C_BINS))

# bench_ip is linked once per configuration in IP_BENCH_CONFIGS (one per hash kind).
$(foreach c,$(IP_BENCH_CONFIGS),$(eval \
  $(BUILD)/bench/$(c)/bench_ip: $(BUILD)/tools/bench_ip.o $(BUILD)/tools/ipstream.o \
      $(BUILD)/tools/trace.o $(BUILD)/libhwprof_model.a $(BUILD)/sim/$(c)/libhwprof_sim.a ; \
	@mkdir -p $$(@D) && $(CXX) -o $$@ $$^ $(SIM_LDLIBS)))

BENCH_IP_BINS := $(foreach c,$(IP_BENCH_CONFIGS),$(BUILD)/bench/$(c)/bench_ip)

bench-ip: $(BENCH_IP_BINS)
	@$(BUILD)/bench/default/bench_ip --throughput
	@for c in $(IP_BENCH_CONFIGS); do $(BUILD)/bench/$$c/bench_ip --probes || exit 1; done

# The virtual board's figures: the cost of one profiling store, the interrupt latency,
# and co-simulation speed for one store every N instructions.
.PHONY: bench-vp
bench-vp: $(HWPROF) $(FIRMWARE) $(STORELOOPS)
	@BUILD=$(BUILD) tools/bench_vp.sh $(STORELOOP_N)
