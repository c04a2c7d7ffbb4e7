# hwprof - top-level build.  Everything is built out of tree, in $(BUILD).
#
#   make            the hwprof tool and the default simulator library
#   make test       build and run the test suite, TEST_JOBS tests at a time (it prints the
#                   ten slowest and ends with "N passed, N failed"; docs/testing.md)
#   make soak       longer runs of the suite's checks (SOAK=K, default 4; docs/testing.md)
#   make lint       verilator -Wall on the RTL; all C with warnings as errors
#   make formal     the IP's formal proofs (part of make test)
#   make bench-ip   replay event traces through the RTL, print throughput figures
#   make demo       the main job: the SPEC-like suite at test size (bench, compare)
#   make bench-train the same at train size
#   make clean      remove $(BUILD)
#
# Dependencies are Debian packages; scripts/install-deps.sh installs them.

BUILD     ?= build
CC        ?= cc
CXX       ?= c++
VERILATOR ?= verilator
CFLAGS    ?= -O2 -g
CXXFLAGS  ?= -O2 -g
WARN      := -Wall -Wextra -Werror
C_FLAGS   := -std=c99 $(WARN) $(CFLAGS) -Icommon -Idriver -Isim -Idbt -Inative -Icct -Itests/unit
CXX_FLAGS := -std=c++17 $(WARN) $(CXXFLAGS)
NPROC     := $(shell nproc 2>/dev/null || echo 1)

.PHONY: all test lint bench-ip demo clean format workloads
all:

# Make expands a rule's prerequisites when it reads the rule, so a fragment must come
# after every fragment whose variables its rules name as prerequisites: common/, the RTL, the
# driver, the simulator, the firmware and the translator; then the guest programs
# (the workloads and the test guests, which the tools' demo and benchmark targets
# run); then the tools, synthesis and the tests.  'make lint-make' (and the test
# suite) fail on any variable that is used before it is defined.
include common/common.mk
include rtl/rtl.mk
include formal/formal.mk
include driver/driver.mk
include sim/sim.mk
include firmware/firmware.mk
include dbt/dbt.mk
include native/native.mk
include cct/cct.mk
include workloads/workloads.mk
include tests/guest/guest.mk
include tools/tools.mk
include syn/syn.mk
include tools/ipcfg.mk
include sim/systemc/systemc.mk
include tests/fuzz/fuzz.mk
include tests/tests.mk

$(BUILD)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(C_FLAGS) -MMD -MP -c $< -o $@

# Our compiler's dependency files (not Verilator's, which name generated sources, nor
# anything in the unpacked sources of tests/real/real.mk).
-include $(shell find $(BUILD) -path '$(BUILD)/real' -prune -o -name '*.d' -not -path '*/obj/*' -print \
  2>/dev/null)
# They are never remade: without this empty rule make would look for one, and make's
# built-in link rule (% from %.o) would build build/firmware/fault1.d from a
# "fault1.d.o" (the rule for fault%.o) whenever driver/hwprof_regs.h is newer.
$(BUILD)/%.d: ;

C_SOURCES := $(wildcard common/*.[ch] driver/*.[ch] sim/*.[ch] sim/*.cpp sim/systemc/*.[ch]* tools/*.[ch] \
               tools/qemu_count/*.[ch] \
               tests/unit/*.[ch] tests/unit/*.cpp tests/e2e/*.c tests/fuzz/*.[ch] tests/outside/*.c \
               syn/*.c firmware/*.[ch] dbt/*.[ch] native/*.[ch] cct/*.[ch] workloads/*.c \
               tests/native/*.[ch])

lint: lint-rtl lint-c lint-format lint-make

# Reads the whole Makefile with --warn-undefined-variables and fails on any warning:
# a prerequisite list that names a variable defined only in a later fragment is
# empty when make reads it (and the target is then run without what it needs).
.PHONY: lint-make lint-make-parse
lint-make:
	@out=$$($(MAKE) --no-print-directory -n --warn-undefined-variables lint-make-parse 2>&1 | \
	  grep 'warning:'); \
	if [ -n "$$out" ]; then printf '%s\n' "$$out" >&2; \
	  echo "lint-make: variables used before they are defined (see above)" >&2; exit 1; fi; \
	echo "lint-make: every variable is defined before it is used"
lint-make-parse: ;

.PHONY: lint-format
lint-format:
	clang-format --dry-run -Werror $(C_SOURCES)

clean:
	rm -rf $(BUILD)

format:
	clang-format -i $(C_SOURCES)
