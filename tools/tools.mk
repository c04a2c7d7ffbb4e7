# tools/ - the user-facing hwprof program and the IP benchmark.

HWPROF    := $(BUILD)/hwprof
# In layers, from the bottom (each file calls only files before it here): files
# and options; the run (profile.c); each report's topic, then the reports (report.c);
# the commands; main (hwprof.c).
TOOL_OBJS := $(addprefix $(BUILD)/tools/,io.o options.o outfiles.o trace.o ipstream.o sbplan.o \
               profile.o cct_report.o syscalls.o edges.o report.o rtprof.o \
               ipdemo.o vp.o run.o nativerun.o compare_output.o compare_vary.o compare.o bench.o \
               jobs.o sweep_plot.o sweep_table.o sweep_task.o sweep.o hwprof.o) \
             $(VBOARD_OBJS) \
             $(NATIVE_OBJS) $(DBT_OBJS) $(CCT_OBJS) $(COMMON_OBJS)

# The sweep runs make in the source tree (tools/ipcfg.mk).
$(BUILD)/tools/sweep.o: C_FLAGS += -DHWPROF_SRCDIR='"$(CURDIR)"'

# (tools/ipcfg.mk links the same objects with another IP's library.)
HWPROF_LINK = $(CXX) -o $@ $(filter %.o %.a,$^) -lunicorn $(FDT_LDLIBS) $(DBT_LDLIBS) $(SIM_LDLIBS) \
                -lcjson
$(HWPROF): $(TOOL_OBJS) $(BUILD)/libhwprof.a $(BUILD)/libhwprof_model.a $(SIM_LIB) | $(DTBS) $(FPCOST) $(XLATE)
	$(HWPROF_LINK)

# The TCG plugin that counts each instruction qemu-mips executes ('hwprof compare').
QEMU_COUNT := $(BUILD)/qemu-count.so
# One file per oracle (tools/qemu_count/plugin.c says which) over plugin_abi.h.
QEMU_COUNT_SRCS := $(wildcard tools/qemu_count/*.c)
$(QEMU_COUNT): $(QEMU_COUNT_SRCS) $(wildcard tools/qemu_count/*.h)
	@mkdir -p $(@D)
	$(CC) -std=c99 -O2 -Wall -Wextra -Werror -shared -fPIC -fvisibility=hidden -o $@ \
	  $(QEMU_COUNT_SRCS)

all: $(HWPROF) $(QEMU_COUNT)

# The main job: the SPEC-like suite (workloads/) on the virtual board at test size:
# the overhead table with no, hw and sw profiling and the floor (the suite built for
# the PPC405, run natively) (JSON, CSV and an SVG chart in $(BUILD)/bench/), then hw
# vs sw vs qemu-mips for every workload.
# bench-train: the same at train size.  Both run SUITE_JOBS workloads at a time (default:
# the processors), the bench in its own processes (--jobs), the comparisons each into
# its file, printed in the suite's order once all have ended; any that failed fails
# the target.
SUITE_JOBS ?= $(NPROC)
COMPARE_HEADER := "workload      blocks   hw=sw lost-ev accounted own-ins differ lib-ins differ output    result"
define suite
	@mkdir -p $(BUILD)/bench/compare-$(1)
	$(HWPROF) bench --jobs $(SUITE_JOBS) --size $(1) --json $(BUILD)/bench/workloads-$(1).json \
	  --csv $(BUILD)/bench/workloads-$(1).csv --svg $(BUILD)/bench/overhead-$(1).svg
	@echo; echo "Counts: hw vs sw of one run, and against qemu-mips (hwprof compare --brief, $(1) size)"
	@echo; echo $(COMPARE_HEADER)
	@rm -f $(BUILD)/bench/compare-$(1)/*
	@printf '%s\n' $(WORKLOADS) | xargs -P $(SUITE_JOBS) -I{} sh -c \
	  '$(HWPROF) compare --brief {} $(1) >$(BUILD)/bench/compare-$(1)/$$(basename {}).txt 2>&1 || \
	   touch $(BUILD)/bench/compare-$(1)/$$(basename {}).failed'
	@for w in $(notdir $(WORKLOADS)); do cat $(BUILD)/bench/compare-$(1)/$$w.txt; done
	@f=$$(cd $(BUILD)/bench/compare-$(1) && ls *.failed 2>/dev/null); \
	  [ -z "$$f" ] || { echo "hwprof compare failed on:" $$(echo $$f | sed 's/\.failed//g'); exit 1; }
endef

.PHONY: demo bench-train demo-ip
demo: $(HWPROF) $(QEMU_COUNT) $(WORKLOADS) $(NATIVE_WORKLOADS)
	$(call suite,test)

bench-train: $(HWPROF) $(QEMU_COUNT) $(WORKLOADS) $(NATIVE_WORKLOADS)
	$(call suite,train)

# The IP alone on synthetic traces, and one small program with hw profiling.
demo-ip: $(HWPROF) $(BUILD)/guest/recursion-O2
	$(HWPROF) ip --trace loop --events 200000 --top 4
	$(HWPROF) ip --trace random --events 1000000 --distinct 2000 --threshold 500
	$(HWPROF) run --profile hw --top 3 $(BUILD)/guest/recursion-O2

# CACHES=off: bench-dbt and bench-vp on the board without its caches.
CACHES ?= on

# The translator's figures over the -O2 guest programs (profiling off).
.PHONY: bench-dbt
bench-dbt: $(HWPROF) $(GUEST_C_BINS)
	@BUILD=$(BUILD) CACHES=$(CACHES) tools/bench_dbt.sh $(filter %-O2,$(GUEST_C_BINS))

# bench_ip is linked once per configuration in IP_BENCH_CONFIGS (one per hash kind).
$(foreach c,$(IP_BENCH_CONFIGS),$(eval \
  $(BUILD)/bench/$(c)/bench_ip: $(BUILD)/tools/bench_ip.o $(BUILD)/tools/ipstream.o \
      $(BUILD)/tools/trace.o $(BUILD)/libhwprof_model.a $(BUILD)/sim/$(c)/libhwprof_sim.a ; \
	@mkdir -p $$(@D) && $(CXX) -o $$@ $$^ $(SIM_LDLIBS)))

BENCH_IP_BINS := $(foreach c,$(IP_BENCH_CONFIGS),$(BUILD)/bench/$(c)/bench_ip)

# The workloads' real event streams at test size, as the CPU stores them (about 30 MB
# of text each), replayed through every configuration.
BENCH_STREAMS := $(patsubst $(BUILD)/workloads/%,$(BUILD)/bench/streams/%.trace,$(WORKLOADS))

$(BUILD)/bench/streams/%.trace: $(BUILD)/workloads/% $(HWPROF)
	@mkdir -p $(@D)
	$(HWPROF) run --quiet --profile hw --event-trace $@.tmp $< test >/dev/null && mv $@.tmp $@

# An indirect-jump-heavy stream for the edge table: the switch guest (300 targets at one
# jump, one event in eight follows it).
BENCH_EDGE_STREAMS := $(BUILD)/bench/streams/switch.trace

$(BUILD)/bench/streams/switch.trace: $(BUILD)/guest/switch-O2 $(HWPROF)
	@mkdir -p $(@D)
	$(HWPROF) run --quiet --profile hw --event-trace $@.tmp $< >/dev/null && mv $@.tmp $@

bench-ip: $(BENCH_IP_BINS) $(BENCH_STREAMS) $(BENCH_EDGE_STREAMS)
	@$(BUILD)/bench/default/bench_ip --throughput
	@for c in $(IP_BENCH_CONFIGS); do $(BUILD)/bench/$$c/bench_ip --probes || exit 1; done
	@for c in $(IP_BENCH_CONFIGS); do \
	  $(BUILD)/bench/$$c/bench_ip --streams $(BENCH_STREAMS) || exit 1; done
	@$(BUILD)/bench/default/bench_ip --edge-streams $(BENCH_STREAMS) $(BENCH_EDGE_STREAMS)
	@$(BUILD)/bench/default/bench_ip --table-sweep $(BENCH_STREAMS)

# The virtual board's figures: the cost of one profiling store, the interrupt latency,
# and co-simulation speed for one store every N instructions.
.PHONY: bench-vp
bench-vp: $(HWPROF) $(FIRMWARE) $(STORELOOPS)
	@BUILD=$(BUILD) CACHES=$(CACHES) tools/bench_vp.sh $(STORELOOP_N)
