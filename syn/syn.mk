# syn/ - synthesis with Yosys (and place and route with nextpnr-ice40).
#
#   make synth [FAMILY=xc7] [PRESET=large|counts] [PARAMS="-GINDEX_BITS=10 ..."]   one family
#   make synth-all                                             every family
#   make synth-sweep                                           the resource table in docs/synthesis.md

FAMILY      ?= xc7
FAMILIES    := xc2vp xc4v xc5v xc7 ice40
NETDEPTH    := $(BUILD)/syn/netdepth
# An iCE40 HX8K has 32 EBRs and no LUT RAM: the default table (8192 x 65 bits) does
# not fit, nor, beside the edge path (15 EBRs: its table and two 16-word FIFOs) and
# the system-call table (5), a 1024-entry one or 32-bit counters; nor (33 EBRs) the
# call/return packet unit's ring FIFO beside the spill path's.
# The iCE40 has no multipliers either: the default hash (mult) built from LUTs took
# 5,365 LUTs and 47.3 MHz; low16_shr2 suits its 256-entry table.
SYNTH_PARAMS_ice40 := -GINDEX_BITS=8 -GFIFO_LOG2=8 -GCOUNT_WIDTH=24 -GCCT=0 -GHASH=1

# Named configurations beside the default (whose 4,096-entry table fits the ML300's
# XC2VP7 in half its block RAMs): large, the 8,192-entry table for parts with block RAM
# to spare (an XC2VP30 has 136 RAMB16s), the default until the sweep of 2026-11-26
# (docs/synthesis.md, "Fitting the ML300's XC2VP7"); counts, the counts-only IP
# (sim/sim.mk's IPCFG_counts, tested as the simulation configuration "counts"): the
# default table and hash with no other unit, about a quarter of the default's LUTs.
PRESET              ?=
SYNTH_PRESETS       := large counts
SYNTH_PRESET_large  := -GINDEX_BITS=13
SYNTH_PRESET_counts := $(IPCFG_counts)

$(NETDEPTH): syn/netdepth.c common/slurp.c common/slurp.h
	@mkdir -p $(@D)
	$(CC) -std=c99 -D_POSIX_C_SOURCE=200809L -Icommon $(WARN) $(CFLAGS) $(filter %.c,$^) -o $@ -lcjson

.PHONY: synth synth-all synth-sweep
synth: $(NETDEPTH)
	$(if $(filter-out $(SYNTH_PRESETS),$(PRESET)),$(error PRESET=$(PRESET): the presets are \
	  $(SYNTH_PRESETS)))
	NETDEPTH=$(NETDEPTH) syn/synth.sh $(FAMILY) $(BUILD)/synth/$(FAMILY)$(PRESET:%=-%) \
	  $(SYNTH_PARAMS_$(FAMILY)) $(SYNTH_PRESET_$(PRESET)) $(PARAMS)
	@cat $(BUILD)/synth/$(FAMILY)$(PRESET:%=-%)/report.json

synth-all: $(NETDEPTH)
	@for f in $(FAMILIES); do $(MAKE) -s synth FAMILY=$$f || exit 1; done

synth-sweep: $(NETDEPTH)
	NETDEPTH=$(NETDEPTH) syn/sweep.sh $(BUILD)/synth/sweep docs/synthesis.md

# The generic post-synthesis netlist of a configuration: Yosys's synth flow to gate
# cells ($_AND_, $_DFF_P_, ...; simulated with its simcells.v), memories kept as arrays
# rather than mapped to flip-flops.  Tests run the differential test over it.
# $(call netlist_rule,CONFIG)
define netlist_rule
$(BUILD)/netlist/$(1)/netlist.v: $(RTL_SRCS) syn/syn.mk
	@mkdir -p $$(@D)
	yosys -q -l $$(@D)/yosys.log -p "read_verilog -defer $(RTL_SRCS); \
	  $(foreach g,$(IPCFG_$(1)),chparam -set $(subst =, ,$(patsubst -G%,%,$(g))) $(RTL_TOP);) \
	  hierarchy -top $(RTL_TOP); synth -top $(RTL_TOP) -flatten -run begin:fine; \
	  opt -fast -full; techmap; opt -fast; abc -fast; opt -fast; check -assert; \
	  write_verilog -noexpr -noattr $$@"
endef

$(foreach c,$(IP_NETLIST_CONFIGS),$(eval $(call netlist_rule,$(c))))
