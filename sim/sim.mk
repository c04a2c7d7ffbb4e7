# sim/ - Verilator builds of the IP, one per named parameter set, each wrapped in the
# C API of sim/hwprof_sim.h as $(BUILD)/sim/<config>/libhwprof_sim.a.  The same API is
# also built over Yosys's post-synthesis netlist of some configurations
# ($(BUILD)/sim/netlist-<config>/), to show that the netlist behaves like the RTL.

VERILATOR_ROOT := $(shell $(VERILATOR) --getenv VERILATOR_ROOT 2>/dev/null)
VLT_INC        := -isystem $(VERILATOR_ROOT)/include -isystem $(VERILATOR_ROOT)/include/vltstd
VLT_GLOBAL     := verilated.o verilated_dpi.o verilated_fst_c.o verilated_threads.o
VLT_RTL_FLAGS  := --assert -DHWPROF_ASSERT -Irtl
# A gate-level netlist: Yosys's cell library, and the few signals the harness reads
# (hwprof_sim.cpp) kept visible (sim/netlist.vlt), nothing else public.  Without
# -fno-const-bit-op-tree, Verilator 5.006 simulates the netlist wrongly: the edge
# table's index came out bit for bit inverted (test_ip_diff over the netlist fails at
# the first edge-table readout; --public-flat-rw, which made every net public, hid it
# and cost 17 times the time: 53 s against 3.1 s for the same 473,018 cycles).
VLT_NET_FLAGS  := -Wno-fatal -Wno-lint -Wno-style -Wno-UNOPTFLAT -fno-const-bit-op-tree
YOSYS_SIMCELLS := $(firstword $(wildcard /usr/share/yosys/simcells.v /usr/local/share/yosys/simcells.v) /usr/share/yosys/simcells.v)
SIM_LDLIBS     := -lz -pthread

# Named parameter sets.  The test suite runs every one in IP_TEST_CONFIGS (and the
# netlist of each in IP_NETLIST_CONFIGS); the benchmark builds one per hash kind.
IPCFG_default :=
# The default has the set-associative table (4 ways); tiny, narrow and big the
# linear-probe one (WAYS=0), its probes and slot cache.
IPCFG_tiny    := -GFIFO_LOG2=1 -GHOT_LOG2=1 -GINDEX_BITS=4 -GHASH=0 -GMAX_PROBE=16 \
                 -GCOUNT_WIDTH=8 -GSYSCALL_BITS=1 -GEDGE_BITS=1 -GWAYS=0
IPCFG_narrow  := -GFIFO_LOG2=1 -GHOT_LOG2=2 -GINDEX_BITS=12 -GHASH=2 -GMAX_PROBE=4 \
                 -GCOUNT_WIDTH=12 -GSYSCALL_BITS=2 -GSLOT_CACHE=0 -GEDGE_BITS=3 -GCCT=0 -GWAYS=0
IPCFG_big     := -GFIFO_LOG2=9 -GHOT_LOG2=6 -GINDEX_BITS=16 -GHASH=3 -GMAX_PROBE=64 \
                 -GSYSCALL_BITS=8 -GSLOT_CACHE=8 -GEDGE_BITS=10 -GWAYS=0
# The counts-only IP (make synth PRESET=counts): the counter table and its hot FIFO, no
# other unit, only the statistics of losses.  Without a spill path nothing can be
# evicted, so its table is the linear one, which fills further before it loses.
IPCFG_counts  := -GCCT=0 -GSYSCALL_BITS=0 -GEDGE_BITS=0 -GSLOT_CACHE=0 -GSTATS=0 -GSPILL=0 -GWAYS=0
# The set-associative table, small enough that a random stream evicts all the time.
IPCFG_sets    := -GWAYS=8 -GINDEX_BITS=6 -GFIFO_LOG2=2 -GHOT_LOG2=2 -GCOUNT_WIDTH=10 \
                 -GSYSCALL_BITS=2 -GEDGE_BITS=2
IPCFG_hash0   := -GHASH=0
IPCFG_hash2   := -GHASH=2
IPCFG_hash1   := -GHASH=1
IP_TEST_CONFIGS    := default tiny narrow big counts sets
IP_BENCH_CONFIGS   := default hash0 hash1 hash2
IP_NETLIST_CONFIGS := default narrow sets counts

# Verilator's flags for every model, and the fast model's (hwprof_sim.cpp): the same RTL
# without its assertions and without tracing.  Chosen by measurement (docs/benchmarks.md,
# "Host speed"): the assertions were a third of a hw run's time; -O3 and --x-assign fast
# as for the checked model; the model's C++ at -O2 (-O3, -O1 and -march=native were no
# faster, -Os and Verilator's -fno-dfg slower).
VLT_BASE_FLAGS := --cc -O3 --x-assign fast --x-initial unique --top-module $(RTL_TOP)
VLT_FLAGS      := $(VLT_BASE_FLAGS) --trace-fst --prefix Vhwprof
VLT_FAST_FLAGS := $(VLT_BASE_FLAGS) --prefix Vhwprof_fast -Irtl
# The gate-level netlists' models (only test_ip_diff runs them, and never asks for a
# waveform): no tracing, and their C++ at -O1.  Tracing every net was two fifths of
# their source; without it and at -O1 the four build in 233 s of CPU instead of 476 s,
# and their tests run as long as at -O2 (docs/testing.md, "The budget").
VLT_NOWAVE_FLAGS    := $(VLT_BASE_FLAGS) --prefix Vhwprof
NETLIST_OPT         := -O1

# $(call vlib,DIR,SOURCES,VERILATOR_FLAGS,CXX_DEFINES,FAST,NOWAVES,OPT):
# $(BUILD)/sim/DIR/libhwprof_sim.a, the checked model (Vhwprof, in obj/) and, when FAST is
# "fast", the fast one too (Vhwprof_fast, in fast/).  NOWAVES, when not empty: the checked
# model is Verilated without --trace-fst (CXX_DEFINES must then have
# -DHWPROF_SIM_NO_WAVES); OPT: its C++'s optimisation (empty: -O2).  Every argument is
# given, empty or not, so that 'make lint-make' finds none undefined.
define vlib
$(BUILD)/sim/$(1)/obj/Vhwprof.mk: $(2) $(RTL_INCS) sim/sim.mk
	@rm -rf $(BUILD)/sim/$(1)/obj && mkdir -p $(BUILD)/sim/$(1)/obj
	$(VERILATOR) $(if $(6),$(VLT_NOWAVE_FLAGS),$(VLT_FLAGS)) $(3) -Mdir $(BUILD)/sim/$(1)/obj $(2)

$(if $(5),
$(BUILD)/sim/$(1)/fast/Vhwprof_fast.mk: $(2) $(RTL_INCS) sim/sim.mk
	@rm -rf $(BUILD)/sim/$(1)/fast && mkdir -p $(BUILD)/sim/$(1)/fast
	$(VERILATOR) $(VLT_FAST_FLAGS) $(IPCFG_$(1)) -Mdir $(BUILD)/sim/$(1)/fast $(2)
)

$(BUILD)/sim/$(1)/libhwprof_sim.a: $(BUILD)/sim/$(1)/obj/Vhwprof.mk sim/hwprof_sim.cpp \
                                   sim/hwprof_sim.h $(if $(5),$(BUILD)/sim/$(1)/fast/Vhwprof_fast.mk)
	+$(MAKE) -s -C $(BUILD)/sim/$(1)/obj -f Vhwprof.mk CXX="$(CXX)" OPT_FAST=$(or $(7),-O2) \
	  OPT_GLOBAL=-O2 Vhwprof__ALL.a $(VLT_GLOBAL)
	$(if $(5),+$(MAKE) -s -C $(BUILD)/sim/$(1)/fast -f Vhwprof_fast.mk CXX="$(CXX)" OPT_FAST=-O2 \
	  OPT_GLOBAL=-O2 Vhwprof_fast__ALL.a)
	$(CXX) -std=c++17 $(CXXFLAGS) -Wall -Wextra -Werror $(4) -Isim -Idriver \
	  -isystem $(BUILD)/sim/$(1)/obj $(if $(5),-DHWPROF_SIM_HAS_FAST -isystem $(BUILD)/sim/$(1)/fast) \
	  $(VLT_INC) -c sim/hwprof_sim.cpp -o $(BUILD)/sim/$(1)/hwprof_sim.o
	rm -f $$@
	cd $(BUILD)/sim/$(1)/obj && ar x Vhwprof__ALL.a
	$(if $(5),cd $(BUILD)/sim/$(1)/fast && ar x Vhwprof_fast__ALL.a)
	ar rcs $$@ $(BUILD)/sim/$(1)/hwprof_sim.o \
	  $(if $(5),$$$$(ar t $(BUILD)/sim/$(1)/fast/Vhwprof_fast__ALL.a | sed 's|^|$(BUILD)/sim/$(1)/fast/|')) \
	  $$$$(ar t $(BUILD)/sim/$(1)/obj/Vhwprof__ALL.a | sed 's|^|$(BUILD)/sim/$(1)/obj/|') \
	  $(addprefix $(BUILD)/sim/$(1)/obj/,$(VLT_GLOBAL))
endef

# The default configuration's library (the board's, SIM_LIB) has both models.
$(foreach c,$(sort $(IP_TEST_CONFIGS) $(IP_BENCH_CONFIGS)),$(eval \
  $(call vlib,$(c),$(RTL_SRCS),$(VLT_RTL_FLAGS) $(IPCFG_$(c)),,$(if $(filter default,$(c)),fast),,)))

$(foreach c,$(IP_NETLIST_CONFIGS),$(eval \
  $(call vlib,netlist-$(c),sim/netlist.vlt $(BUILD)/netlist/$(c)/netlist.v $(YOSYS_SIMCELLS),$(VLT_NET_FLAGS),\
    -DHWPROF_SIM_NETLIST -DHWPROF_SIM_NO_WAVES,,nowaves,$(NETLIST_OPT))))

SIM_LIB := $(BUILD)/sim/default/libhwprof_sim.a
all: $(SIM_LIB)

# The virtual board (vboard.h): set-up, the block hook and the run (vboard.c), its
# time, cycle model and caches (vboard_timing.c, vcache.c), the devices on its bus
# (vboard_dev.c), the device tree (vboard_dt.c), firmware loading and its symbols
# (vboard_elf.c), the profile of a range of code (vboard_prof.c).
VBOARD_OBJS := $(addprefix $(BUILD)/sim/,vboard.o vboard_timing.o vboard_dev.o vboard_dt.o \
                 vboard_elf.o vboard_prof.o vcache.o hwprof_sim_bus.o)
