# sim/ - Verilator builds of the IP, one per named parameter set, each wrapped in the
# C API of sim/hwprof_sim.h as $(BUILD)/sim/<config>/libhwprof_sim.a.

VERILATOR_ROOT := $(shell $(VERILATOR) --getenv VERILATOR_ROOT 2>/dev/null)
VLT_INC        := -isystem $(VERILATOR_ROOT)/include -isystem $(VERILATOR_ROOT)/include/vltstd
VLT_GLOBAL     := verilated.o verilated_dpi.o verilated_fst_c.o verilated_threads.o
VLT_FLAGS      := --cc -O3 --x-assign fast --x-initial unique --assert -DHWPROF_ASSERT \
                  --trace-fst --prefix Vhwprof --top-module $(RTL_TOP)
SIM_LDLIBS     := -lz -pthread

# Named parameter sets.  The test suite runs every one in IP_TEST_CONFIGS; the
# benchmark also builds one per hash kind.
IPCFG_default :=
IPCFG_tiny    := -GFIFO_LOG2=1 -GHOT_LOG2=1 -GINDEX_BITS=4 -GHASH=0 -GMAX_PROBE=16 \
                 -GCOUNT_WIDTH=8
IPCFG_narrow  := -GFIFO_LOG2=1 -GHOT_LOG2=2 -GINDEX_BITS=12 -GHASH=2 -GMAX_PROBE=4 \
                 -GCOUNT_WIDTH=12
IPCFG_big     := -GFIFO_LOG2=9 -GHOT_LOG2=6 -GINDEX_BITS=16 -GHASH=3 -GMAX_PROBE=64
IPCFG_hash0   := -GHASH=0
IPCFG_hash2   := -GHASH=2
IPCFG_hash3   := -GHASH=3
IP_TEST_CONFIGS  := default tiny narrow big
IP_BENCH_CONFIGS := default hash0 hash2 hash3

# $(call ip_config,NAME): rules for $(BUILD)/sim/NAME/libhwprof_sim.a
define ip_config
$(BUILD)/sim/$(1)/obj/Vhwprof.mk: $(RTL_SRCS) sim/sim.mk
	@rm -rf $(BUILD)/sim/$(1)/obj && mkdir -p $(BUILD)/sim/$(1)/obj
	$(VERILATOR) $(VLT_FLAGS) $(IPCFG_$(1)) -Mdir $(BUILD)/sim/$(1)/obj $(RTL_SRCS)

$(BUILD)/sim/$(1)/libhwprof_sim.a: $(BUILD)/sim/$(1)/obj/Vhwprof.mk sim/hwprof_sim.cpp \
                                   sim/hwprof_sim.h
	+$(MAKE) -s -C $(BUILD)/sim/$(1)/obj -f Vhwprof.mk CXX="$(CXX)" OPT_FAST=-O2 \
	  OPT_GLOBAL=-O2 Vhwprof__ALL.a $(VLT_GLOBAL)
	$(CXX) -std=c++17 $(CXXFLAGS) -Wall -Wextra -Werror -Isim -Idriver \
	  -isystem $(BUILD)/sim/$(1)/obj $(VLT_INC) -c sim/hwprof_sim.cpp -o $(BUILD)/sim/$(1)/hwprof_sim.o
	rm -f $$@
	ar rcs $$@ $(BUILD)/sim/$(1)/hwprof_sim.o $(BUILD)/sim/$(1)/obj/Vhwprof__ALL.o \
	  $(addprefix $(BUILD)/sim/$(1)/obj/,$(VLT_GLOBAL))
endef

$(foreach c,$(sort $(IP_TEST_CONFIGS) $(IP_BENCH_CONFIGS)),$(eval $(call ip_config,$(c))))

SIM_LIB := $(BUILD)/sim/default/libhwprof_sim.a
all: $(SIM_LIB)
