# tests/ - the suite, by kind (tests/README.md): unit/ (C: the model, the driver,
# the RTL's registers and the differential test against the model, one set of
# binaries per IP configuration in IP_TEST_CONFIGS; the caches, the code-cache
# core, the CCT builder, the SystemC model), e2e/ (scripts over hwprof and the
# programs in guest/, dbt/, outside/, dts/), fuzz/, repo/ (the build, the layers,
# the docs), and run.sh, the runner.

MODEL_LIB := $(BUILD)/libhwprof_model.a

# The unit tests' sources are in tests/unit/, their objects and binaries in
# $(BUILD)/tests/.
$(BUILD)/tests/%.o: tests/unit/%.c
	@mkdir -p $(@D)
	$(CC) $(C_FLAGS) -MMD -MP -c $< -o $@

IP_TESTS  := test_ip_regs test_ip_diff

$(BUILD)/tests/test_model: $(BUILD)/tests/test_model.o $(BUILD)/tests/check.o $(MODEL_LIB)
	$(CC) -o $@ $^

# $(call ip_tests,CONFIG): the IP test binaries for one configuration.
define ip_tests
$(BUILD)/tests/$(1)/%.o: tests/unit/%.c tests/unit/ip_util.h tests/unit/check.h sim/hwprof_sim.h \
                         driver/hwprof_regs.h driver/hwprof_model.h tests/tests.mk
	@mkdir -p $$(@D)
	$(CC) $(C_FLAGS) -MMD -MP -DHWPROF_IP_PARAMS='"$(strip $(IPCFG_$(1)))"' -c $$< -o $$@

$(BUILD)/tests/$(1)/%: $(BUILD)/tests/$(1)/%.o $(BUILD)/tests/$(1)/ip_util.o $(BUILD)/tests/check.o \
                       $(MODEL_LIB) $(BUILD)/sim/$(1)/libhwprof_sim.a
	$(CXX) -o $$@ $$^ $(SIM_LDLIBS)
endef

$(foreach c,$(IP_TEST_CONFIGS),$(eval $(call ip_tests,$(c))))

# The differential test over each post-synthesis netlist: a shorter run, since a
# gate-level simulation is slower and cannot skip idle cycles.
define netlist_tests
$(BUILD)/tests/netlist-$(1)/%.o: tests/unit/%.c tests/unit/ip_util.h tests/unit/check.h sim/hwprof_sim.h \
                                 driver/hwprof_regs.h driver/hwprof_model.h tests/tests.mk
	@mkdir -p $$(@D)
	$(CC) $(C_FLAGS) -MMD -MP -DHWPROF_IP_PARAMS='"$(strip $(IPCFG_$(1)))"' -DHWPROF_NETLIST \
	  -DHWPROF_DIFF_DEFAULT_EVENTS=20000 -c $$< -o $$@

$(BUILD)/tests/netlist-$(1)/%: $(BUILD)/tests/netlist-$(1)/%.o \
    $(BUILD)/tests/netlist-$(1)/ip_util.o $(BUILD)/tests/check.o $(MODEL_LIB) \
    $(BUILD)/sim/netlist-$(1)/libhwprof_sim.a
	$(CXX) -o $$@ $$^ $(SIM_LDLIBS)
endef

$(foreach c,$(IP_NETLIST_CONFIGS),$(eval $(call netlist_tests,$(c))))

# libhwprof over the default simulated IP, the device trees, and the UIO backend.
$(BUILD)/tests/test_driver.o: tests/unit/test_driver.c tests/unit/ip_util.h tests/unit/check.h driver/hwprof.h \
                              driver/hwprof_fdt.h driver/hwprof_uio.h sim/hwprof_sim_bus.h
	@mkdir -p $(@D)
	$(CC) $(C_FLAGS) -MMD -MP -DHWPROF_IP_PARAMS='""' -DHWPROF_DTB_DIR='"$(BUILD)/dtb"' -c $< -o $@

$(BUILD)/tests/test_driver: $(BUILD)/tests/test_driver.o $(BUILD)/tests/default/ip_util.o $(BUILD)/tests/check.o \
    $(BUILD)/sim/hwprof_sim_bus.o $(BUILD)/libhwprof.a $(MODEL_LIB) $(SIM_LIB) | $(DTBS)
	$(CXX) -o $@ $(filter %.o %.a,$^) $(FDT_LDLIBS) $(SIM_LDLIBS)

# The board's caches, by micro-benchmarks on the board (sim/vcache.c, sim/vboard.c).
$(BUILD)/tests/test_caches.o: tests/unit/test_caches.c tests/unit/check.h sim/vboard.h sim/vcache.h
	@mkdir -p $(@D)
	$(CC) $(C_FLAGS) -MMD -MP -DHWPROF_DTB_DIR='"$(BUILD)/dtb"' -c $< -o $@
$(BUILD)/tests/test_caches: $(BUILD)/tests/test_caches.o $(BUILD)/tests/check.o $(VBOARD_OBJS) $(COMMON_OBJS) \
    $(BUILD)/libhwprof.a $(MODEL_LIB) $(SIM_LIB) | $(DTBS)
	$(CXX) -o $@ $(filter %.o %.a,$^) -lunicorn $(FDT_LDLIBS) $(SIM_LDLIBS)

# The translator's code-cache core (dbt/cache.c), called directly on the board
# with a small guest program loaded.
$(BUILD)/tests/test_cache.o: tests/unit/test_cache.c tests/unit/check.h dbt/runtime.h dbt/dbt.h
	@mkdir -p $(@D)
	$(CC) $(C_FLAGS) -MMD -MP -DHWPROF_DTB_DIR='"$(BUILD)/dtb"' \
	  -DHWPROF_GUEST='"$(BUILD)/guest/asm/branch"' -c $< -o $@
$(BUILD)/tests/test_cache: $(BUILD)/tests/test_cache.o $(BUILD)/tests/check.o $(DBT_OBJS) $(CCT_OBJS) \
    $(COMMON_OBJS) $(VBOARD_OBJS) $(BUILD)/libhwprof.a $(MODEL_LIB) $(SIM_LIB) | $(DTBS) \
    $(BUILD)/guest/asm/branch
	$(CXX) -o $@ $(filter %.o %.a,$^) -lunicorn $(FDT_LDLIBS) $(DBT_LDLIBS) $(SIM_LDLIBS)

# Calling-context trees: hand-worked trees, and the parallel builder against the
# sequential one (cct/cct.c).
$(BUILD)/tests/test_cct: $(BUILD)/tests/test_cct.o $(BUILD)/tests/check.o $(CCT_OBJS)
	$(CC) -o $@ $^ $(CCT_LDLIBS)

# A probe region's plan (dbt/regionplan.c): hand-worked regions and random ones against
# the plan's rules.
$(BUILD)/tests/test_regionplan: $(BUILD)/tests/test_regionplan.o $(BUILD)/tests/check.o \
    $(BUILD)/dbt/regionplan.o
	$(CC) -o $@ $^

TEST_BINS := $(BUILD)/tests/test_model $(BUILD)/tests/test_driver $(BUILD)/tests/test_systemc \
             $(BUILD)/tests/test_caches $(BUILD)/tests/test_cct $(BUILD)/tests/test_cache \
             $(BUILD)/tests/test_regionplan \
             $(foreach c,$(IP_TEST_CONFIGS),$(addprefix $(BUILD)/tests/$(c)/,$(IP_TESTS))) \
             $(foreach c,$(IP_NETLIST_CONFIGS),$(BUILD)/tests/netlist-$(c)/test_ip_diff)

.PRECIOUS: $(BUILD)/tests/%.o $(foreach c,$(IP_TEST_CONFIGS),$(BUILD)/tests/$(c)/%.o) \
           $(foreach c,$(IP_NETLIST_CONFIGS),$(BUILD)/tests/netlist-$(c)/%.o)

# The translator's tests: guest programs (tests/guest/guest.mk, included by the top
# Makefile before the tools), the runtime's own (tests/dbt/*.S), and the random
# program generator (tests/e2e/mipsgen.mk).
include tests/e2e/mipsgen.mk
# Real programs from Debian's source packages (make real; tests/e2e/test_real.sh).
include tests/real/real.mk
# PPC32 programs for hwprof native (tests/native/native.mk).
include tests/native/native.mk
DBT_TEST_BINS := $(patsubst tests/dbt/%.S,$(BUILD)/guest/dbt/%,$(wildcard tests/dbt/*.S))

$(BUILD)/guest/dbt/%: tests/dbt/%.S tests/guest/asm/common.h
	@mkdir -p $(@D)
	$(MIPS_CC) -nostdlib -static -Wl,-e,__start $(GUEST_ASFLAGS) $< -o $@

# Programs from outside the suite's habits (tests/outside/: stdin, signals, clocks,
# MIPS16e code), for tests/e2e/test_outside.sh.
OUTSIDE_BINS := $(patsubst tests/outside/%.c,$(BUILD)/guest/outside/%,$(wildcard tests/outside/*.c)) \
                $(patsubst tests/outside/%.S,$(BUILD)/guest/outside/%,$(wildcard tests/outside/*.S)) \
                $(BUILD)/guest/outside/ownfiles

# A program of two C files, main's first (tests/outside/ownfiles/): own code by object file.
$(BUILD)/guest/outside/ownfiles: tests/outside/ownfiles/core_main.c tests/outside/ownfiles/core_list_join.c
	@mkdir -p $(@D)
	$(MIPS_CC) -static -O2 $(GUEST_CFLAGS) $^ -o $@

$(BUILD)/guest/outside/%: tests/outside/%.c
	@mkdir -p $(@D)
	$(MIPS_CC) -static -O2 $(GUEST_CFLAGS) $< -o $@ -lm

$(BUILD)/guest/outside/%: tests/outside/%.S
	@mkdir -p $(@D)
	$(MIPS_CC) -nostdlib -static -Wl,-e,__start $(GUEST_ASFLAGS) $< -o $@

DBT_TESTS := tests/e2e/test_dbt.sh tests/e2e/test_guest.sh tests/e2e/test_randprog.sh tests/e2e/test_workloads.sh \
             tests/e2e/test_superblocks.sh tests/e2e/test_syscalls.sh tests/e2e/test_edges.sh \
             tests/e2e/test_outside.sh tests/e2e/test_reports.sh tests/fuzz/test_fuzz.sh tests/e2e/test_cct.sh \
             tests/repo/test_layers.sh tests/e2e/test_ip_models.sh tests/e2e/test_linux.sh tests/e2e/test_real.sh \
             tests/e2e/test_sweep.sh tests/e2e/test_counts_ip.sh tests/e2e/test_native.sh \
             tests/native/test_fpu.sh tests/e2e/test_runtime.sh tests/e2e/test_cycles.sh \
             tests/e2e/test_regions.sh

# Everything the tests run, and the tests themselves in the order the runner starts
# them: TEST_JOBS at a time (default: one per core), the longest first, so that the
# short ones fill the gaps beside them (the runner prints the ten slowest at the end;
# keep this order by those figures).  tests/repo/test_build.sh checks what the build made
# and runs first.
TEST_JOBS ?= $(NPROC)
TEST_PREREQS := $(TEST_BINS) $(HWPROF) $(FIRMWARE) $(FAULT_FIRMWARE) $(XLATE_WRONG) $(XLATE_WRONG_CHAIN) \
                $(XLATE_WRONG_RECORD) $(XLATE_WRONG_HEADS) $(XLATE_WRONG_PLAN) \
                $(XLATE_WRONG_PREDICT) $(DTBS) $(GUEST_BINS) \
                $(DBT_TEST_BINS) $(OUTSIDE_BINS) $(BUILD)/tests/mipsgen $(WORKLOADS) \
                $(QEMU_COUNT) $(BUILD)/tools/bench_ip.o $(FUZZ_REPLAYS) $(REAL_BINS) \
                $(NATIVE_WORKLOADS) $(NATIVE_TEST_BINS)
IP_DIFF_TESTS := $(foreach c,$(IP_NETLIST_CONFIGS),$(BUILD)/tests/netlist-$(c)/test_ip_diff) \
                 $(foreach c,$(IP_TEST_CONFIGS),$(BUILD)/tests/$(c)/test_ip_diff)
SLOW_TESTS := formal/run.sh tests/e2e/test_superblocks.sh tests/e2e/test_runtime.sh \
              tests/e2e/test_workloads.sh tests/e2e/test_real.sh tests/e2e/test_outside.sh \
              $(BUILD)/tests/big/test_ip_diff tests/e2e/test_regions.sh tests/repo/test_docs.sh \
              tests/e2e/test_ip_models.sh tests/e2e/test_cct.sh tests/e2e/test_randprog.sh \
              tests/e2e/test_guest.sh tests/e2e/test_dbt.sh
TEST_ORDER := tests/repo/test_build.sh $(SLOW_TESTS) \
              $(filter-out $(SLOW_TESTS),$(IP_DIFF_TESTS) $(DBT_TESTS) tests/e2e/test_vp.sh \
                $(filter-out $(IP_DIFF_TESTS),$(TEST_BINS)))

test: $(TEST_PREREQS)
	BUILD=$(BUILD) tests/run.sh -j $(TEST_JOBS) $(TEST_ORDER)

# make soak: larger runs of checks that make test makes (docs/testing.md): SOAK times
# the differential test's events, SOAK x 1,000 random programs (seeds the suite does
# not use), the netlists' runs likewise longer, and the docs' slow commands (the suite
# at train size through bench and compare, the benchmarks, synthesis, fuzzing).
SOAK ?= 4
.PHONY: soak
soak: $(TEST_PREREQS)
	BUILD=$(BUILD) HWPROF_SOAK=$(SOAK) tests/run.sh -j $(TEST_JOBS) $(IP_DIFF_TESTS) \
	  tests/e2e/test_randprog.sh tests/repo/test_docs.sh

lint-c: lint-driver $(TEST_BINS) $(HWPROF) $(NETDEPTH) $(BUILD)/tools/bench_ip.o

# The sweep through a single-node Slurm this test starts (not in 'make test': a bare
# chroot cannot run slurmd; tests/e2e/test_sweep_slurm.sh says why).
.PHONY: test-slurm
test-slurm: $(HWPROF) $(WORKLOADS)
	BUILD=$(BUILD) tests/run.sh tests/e2e/test_sweep_slurm.sh
