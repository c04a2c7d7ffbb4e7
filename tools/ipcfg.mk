# tools/ipcfg.mk - hwprof built for one more IP configuration, named by its parameters
# ('hwprof sweep' builds one per point of its grid):
#
#   make ipcfg IP_PARAMS="-GINDEX_BITS=10 -GFIFO_LOG2=6"
#   make ipcfg-synth IP_PARAMS="..." FAMILY=xc2vp
#
# $(BUILD)/ipcfg/KEY/ (KEY: the parameters sorted, "FIFO_LOG2-6+INDEX_BITS-10") holds
#   hwprof                 the tool linked with that IP's Verilated models (built in
#                          $(BUILD)/sim/cfg-KEY/ by sim/sim.mk's vlib, as the named
#                          configurations are);
#   dtb/ml300-virtual.dtb  the board with the IP node's parameters set to the build's
#                          (the driver refuses an IP that differs from its node);
#   workloads, firmware, qemu-count.so
#                          links to the main build's, which hwprof finds beside itself;
#   synth-FAMILY/          syn/synth.sh's output (report.json: LUTs, FFs, block RAMs,
#                          logic depth; Fmax for ice40), for ipcfg-synth.
# Each is remade when the RTL changes, like the named configurations' models: a result
# cached by its parameters is never stale.

# The IP's build parameters (rtl/hwprof_axil.v) and the device-tree property of each
# (firmware/boards/ml300-virtual.dts; CCT, STATS and SPILL have none).
IPCFG_NAMES := FIFO_LOG2 HOT_LOG2 INDEX_BITS HASH MAX_PROBE COUNT_WIDTH SYSCALL_BITS SLOT_CACHE \
               EDGE_BITS CCT STATS SPILL WAYS
IP_PARAMS   ?=
ipcfg_empty :=
ipcfg_space := $(ipcfg_empty) $(ipcfg_empty)
IPCFG_PAIRS := $(sort $(patsubst -G%,%,$(IP_PARAMS)))
IPCFG_KEY   := $(if $(IPCFG_PAIRS),$(subst $(ipcfg_space),+,$(subst =,-,$(IPCFG_PAIRS))),default)
IPCFG_DIR   := $(BUILD)/ipcfg/$(IPCFG_KEY)
IPCFG_BAD   := $(filter-out $(foreach n,$(IPCFG_NAMES),-G$(n)=%),$(IP_PARAMS))

# $(call ipcfg_number,TEXT): TEXT when it is digits only, else empty.
ipcfg_number = $(if $(strip $(subst 0,,$(subst 1,,$(subst 2,,$(subst 3,,$(subst 4,,$(subst 5,,$(subst 6,,\
  $(subst 7,,$(subst 8,,$(subst 9,,$(1)))))))))))),,$(1))

# Checked when read, before anything is built for a wrong name.
ifneq ($(filter ipcfg ipcfg-synth,$(MAKECMDGOALS)),)
$(if $(IPCFG_BAD),$(error IP_PARAMS: '$(IPCFG_BAD)' is not -GNAME=VALUE with NAME one of \
  $(IPCFG_NAMES)))
$(foreach p,$(IPCFG_PAIRS),$(if $(call ipcfg_number,$(word 2,$(subst =, ,$(p)))),,\
  $(error IP_PARAMS: -G$(p): the value is not a number)))
endif
ifneq ($(filter ipcfg,$(MAKECMDGOALS)),)
$(if $(IPCFG_PAIRS),,$(error IP_PARAMS names no parameter (-GNAME=VALUE, NAME one of \
  $(IPCFG_NAMES)); the default configuration is $(HWPROF)))
endif

.PHONY: ipcfg ipcfg-synth ipcfg-prereqs
ipcfg: $(IPCFG_DIR)/hwprof
ipcfg-synth: $(IPCFG_DIR)/synth-$(FAMILY)/report.json
# What every configuration's build and synthesis read, made once before them (hwprof
# sweep runs several of those makes at a time: none may build a shared file).
ipcfg-prereqs: $(HWPROF) $(NETDEPTH) $(FPCOST) $(XLATE) $(QEMU_COUNT) $(DTBS) $(TOOL_OBJS) \
               $(BUILD)/libhwprof.a $(BUILD)/libhwprof_model.a

ifneq ($(IPCFG_PAIRS),)
IPCFG_cfg-$(IPCFG_KEY) := $(IP_PARAMS)
$(eval $(call vlib,cfg-$(IPCFG_KEY),$(RTL_SRCS),$(VLT_RTL_FLAGS) $(IP_PARAMS),,fast))

$(IPCFG_DIR)/hwprof: $(TOOL_OBJS) $(BUILD)/libhwprof.a $(BUILD)/libhwprof_model.a \
                     $(BUILD)/sim/cfg-$(IPCFG_KEY)/libhwprof_sim.a $(IPCFG_DIR)/dtb/ml300-virtual.dtb \
                     | $(FPCOST) $(XLATE) $(QEMU_COUNT)
	$(HWPROF_LINK)
	ln -sfn ../../workloads $(IPCFG_DIR)/workloads
	ln -sfn ../../firmware $(IPCFG_DIR)/firmware
	ln -sfn ../../qemu-count.so $(IPCFG_DIR)/qemu-count.so

# The board's device tree with the IP node's parameters those of the build.
$(IPCFG_DIR)/dtb/ml300-virtual.dtb: firmware/boards/ml300-virtual.dts tools/ipcfg.mk
	@mkdir -p $(@D)
	@{ echo '/include/ "ml300-virtual.dts"'; echo '&hwprof0 {'; \
	  for p in $(IPCFG_PAIRS); do v=$${p#*=}; case $${p%%=*} in \
	    FIFO_LOG2) echo "hwprof,fifo-depth = <$$((1 << v))>;";; \
	    HOT_LOG2) echo "hwprof,hot-fifo-depth = <$$((1 << v))>;";; \
	    INDEX_BITS) echo "hwprof,index-bits = <$$v>;";; \
	    HASH) echo "hwprof,hash = <$$v>;";; \
	    MAX_PROBE) echo "hwprof,max-probe = <$$v>;";; \
	    COUNT_WIDTH) echo "hwprof,count-width = <$$v>;";; \
	    SYSCALL_BITS) echo "hwprof,syscall-entries = <$$((v ? 1 << v : 0))>;";; \
	    SLOT_CACHE) echo "hwprof,slot-cache = <$$v>;";; \
	    EDGE_BITS) echo "hwprof,edge-entries = <$$((v ? 1 << v : 0))>;";; \
	    WAYS) echo "hwprof,ways = <$$v>;";; \
	  esac; done; echo '};'; } >$(@D)/board.dts
	dtc -q -i firmware/boards -I dts -O dtb -o $@ $(@D)/board.dts
endif

# Synthesis of any configuration, the default one (no IP_PARAMS) included.
$(IPCFG_DIR)/synth-$(FAMILY)/report.json: $(RTL_SRCS) $(RTL_INCS) syn/synth.sh $(NETDEPTH)
	@mkdir -p $(@D)
	NETDEPTH=$(NETDEPTH) syn/synth.sh $(FAMILY) $(@D) $(SYNTH_PARAMS_$(FAMILY)) $(IP_PARAMS) \
	  >$(@D).log 2>&1 || { tail -20 $(@D).log >&2; exit 1; }
