# firmware/ - PPC405 bare-metal firmware for the virtual board (and real boards),
# built with Debian's powerpc-linux-gnu-gcc.  The driver core (driver/hwprof.c) is
# the same source the host tools use.

FW_CC     := powerpc-linux-gnu-gcc
FW_BASE   := -mcpu=405 -msoft-float -mno-sdata -ffreestanding -fno-builtin -nostdlib -std=c99 \
             $(WARN) -Idriver -Ifirmware
FW_CFLAGS := $(FW_BASE) -O2
FW_OBJS   := $(BUILD)/firmware/crt0.o $(BUILD)/firmware/fw.o $(BUILD)/firmware/mem.o \
             $(BUILD)/firmware/hwprof.o
FIRMWARE  := $(BUILD)/firmware/selftest.elf

$(BUILD)/firmware/%.o: firmware/%.c firmware/fw.h driver/hwprof.h driver/hwprof_regs.h
	@mkdir -p $(@D)
	$(FW_CC) $(FW_CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/firmware/hwprof.o $(BUILD)/firmware/hwprof_spill.o $(BUILD)/firmware/hwprof_edges.o \
$(BUILD)/firmware/hwprof_cct.o: $(BUILD)/firmware/%.o: driver/%.c \
    driver/hwprof.h driver/hwprof_regs.h
	@mkdir -p $(@D)
	$(FW_CC) $(FW_CFLAGS) -MMD -MP -c $< -o $@

# The self-test finds keys that collide under the IP's hash with the model's hash
# (driver/hwprof_model*.c, freestanding like the driver core).
FW_MODEL := $(addprefix $(BUILD)/firmware/,hwprof_model.o hwprof_model_edge.o hwprof_model_cct.o)
$(FW_MODEL): $(BUILD)/firmware/%.o: driver/%.c driver/hwprof_model.h driver/hwprof_regs.h
	@mkdir -p $(@D)
	$(FW_CC) $(FW_CFLAGS) -MMD -MP -c $< -o $@
$(FIRMWARE): $(FW_MODEL)

$(BUILD)/firmware/crt0.o: firmware/crt0.S
	@mkdir -p $(@D)
	$(FW_CC) -mcpu=405 -c $< -o $@

$(BUILD)/firmware/%.elf: $(BUILD)/firmware/%.o $(FW_OBJS) firmware/link.ld
	$(FW_CC) -mcpu=405 -nostdlib -static -no-pie -Wl,--build-id=none \
	  -Wl,--no-warn-rwx-segments -T firmware/link.ld -Wl,-Map=$(@:.elf=.map) \
	  -o $@ $(FW_OBJS) $(filter $(FW_MODEL),$^) $< -lgcc

# Firmware that faults on purpose, for the board's tests (firmware/faults.c).
FAULT_FIRMWARE := $(foreach n,1 2 3,$(BUILD)/firmware/fault$(n).elf)

$(BUILD)/firmware/fault%.o: firmware/faults.c firmware/fw.h driver/hwprof_regs.h
	@mkdir -p $(@D)
	$(FW_CC) $(FW_CFLAGS) -MMD -MP -DFAULT=$* -c $< -o $@

# Store loops for make bench-vp: one store every N instructions, to the IP or to RAM.
STORELOOP_N := 4 8 16
STORELOOPS  := $(foreach n,$(STORELOOP_N),$(BUILD)/firmware/storeloop-ip-$(n).elf \
                 $(BUILD)/firmware/storeloop-ram-$(n).elf)

$(BUILD)/firmware/storeloop-ip-%.o: firmware/storeloop.c firmware/fw.h driver/hwprof_regs.h
	@mkdir -p $(@D)
	$(FW_CC) $(FW_CFLAGS) -MMD -MP -DEVERY=$* -DTARGET_IP=1 -c $< -o $@

$(BUILD)/firmware/storeloop-ram-%.o: firmware/storeloop.c firmware/fw.h driver/hwprof_regs.h
	@mkdir -p $(@D)
	$(FW_CC) $(FW_CFLAGS) -MMD -MP -DEVERY=$* -DTARGET_IP=0 -c $< -o $@

all: $(FIRMWARE)

.SECONDARY: $(FW_OBJS) $(BUILD)/firmware/selftest.o $(foreach n,1 2 3,$(BUILD)/firmware/fault$(n).o) \
            $(STORELOOPS:.elf=.o)

# The soft-float image (firmware/fpcost.c): the code a PPC405 without an FPU runs
# for floating point, measured by the translator to charge its FPU helper
# (dbt/fpcost.c).  The routines are gcc's soft-fp, from the sources in Debian's
# gcc-12-source package, built for the 405 with -msoft-float and the rs6000
# sfp-machine.h, as libgcc's soft-float multilib builds them (the cross
# compiler's own libgcc is hard-float: its __adddf3 is an fadd).
GCC_SRC_TAR  ?= $(firstword $(wildcard /usr/src/gcc-12/gcc-*.tar.xz))
SOFTFP       := $(BUILD)/softfp
SOFTFP_FNS   := adddf3 addsf3 subdf3 subsf3 muldf3 mulsf3 divdf3 divsf3 ledf2 lesf2 unorddf2 \
                unordsf2 extendsfdf2 truncdfsf2 fixsfsi fixdfsi fixsfdi fixdfdi floatsisf \
                floatsidf floatdisf floatdidf
SOFTFP_OBJS  := $(patsubst %,$(SOFTFP)/%.o,$(SOFTFP_FNS)) $(SOFTFP)/fpcost_sfp.o
SOFTFP_FLAGS := -mcpu=405 -msoft-float -mno-sdata -O2 -I$(SOFTFP)/libgcc/config/rs6000 \
                -I$(SOFTFP)/libgcc/soft-fp -I$(SOFTFP)/include
FPCOST       := $(BUILD)/firmware/fpcost.elf

$(SOFTFP)/.extracted:
	@test -n "$(GCC_SRC_TAR)" || { echo "no /usr/src/gcc-12/gcc-*.tar.xz: apt-get install gcc-12-source" >&2; exit 1; }
	@mkdir -p $(SOFTFP)
	tar -xJf $(GCC_SRC_TAR) -C $(SOFTFP) --strip-components=1 --wildcards \
	  '*/libgcc/soft-fp/*' '*/libgcc/config/rs6000/sfp-machine.h' '*/include/longlong.h'
	@touch $@

$(SOFTFP)/%.o: $(SOFTFP)/.extracted
	$(FW_CC) $(SOFTFP_FLAGS) -MMD -MP -c $(SOFTFP)/libgcc/soft-fp/$*.c -o $@

$(SOFTFP)/fpcost_sfp.o: firmware/fpcost_sfp.c $(SOFTFP)/.extracted
	$(FW_CC) $(SOFTFP_FLAGS) -MMD -MP -c $< -o $@

$(BUILD)/firmware/fpcost.o: firmware/fpcost.c firmware/fpcost.h
	@mkdir -p $(@D)
	$(FW_CC) $(FW_CFLAGS) -MMD -MP -c $< -o $@

$(FPCOST): $(BUILD)/firmware/fpcost_entry.o $(BUILD)/firmware/fpcost.o $(SOFTFP_OBJS) firmware/link.ld
	$(FW_CC) -mcpu=405 -nostdlib -static -no-pie -Wl,--build-id=none \
	  -Wl,--no-warn-rwx-segments -T firmware/link.ld -o $@ $(filter %.o,$^) -lgcc

$(BUILD)/firmware/fpcost_entry.o: firmware/fpcost_entry.S
	@mkdir -p $(@D)
	$(FW_CC) -mcpu=405 -c $< -o $@

all: $(FPCOST)

# The translator on the board (firmware/xlate.h): the translator core's sources,
# the same the host links (dbt/dbt.mk), built for the 405 beside the request's
# handler, the dispatcher's side (firmware/dispatch.c) with the superblock former's
# path recorder (firmware/record.c) and choice of heads (firmware/heads.c), the sw profile's scan (firmware/swscan.c), the
# IP's interrupt handler (firmware/irq.c, with the driver's core, spill ring, edge
# table and packet ring) and the call/return packets' queue (firmware/cctq.c), linked
# at XLATE_BASE.
XLATE_CORE := translate held words insn insn_alu insn_mem insn_fpu checks decode liveness cr0 branch probes
# Built for size (-Os): the image runs between stretches of the guest's code and finds
# its lines evicted from the 16 KB instruction cache; at -O2 it is 2.7 times the size
# and a translation costs a quarter more cycles (crafty 10.98 M against 8.83 M;
# docs/translator.md, "What a translation costs on the board").  A section a function,
# so that xlate.ld can order them.  Its objects are its own (firmware/xlate/), apart
# from the other images' -O2 ones.
XLATE_OPT    ?= -Os
XLATE_CFLAGS := $(FW_BASE) $(XLATE_OPT) -ffunction-sections -Idbt -Icommon
# The interface word (xlate.h, XLATE_ABI_AT): a digest of the headers the image and the
# runtime share (the request, the translator core's structures, the IP's registers),
# given to both; every object that takes the word depends on those headers, so a
# change rebuilds both sides, and a stale image is refused at load.
XLATE_ABI_HDRS := firmware/xlate.h dbt/translate.h dbt/regionplan.h driver/hwprof_regs.h
XLATE_ABI      := 0x$(shell cat $(XLATE_ABI_HDRS) | sha256sum | cut -c1-8)
XLATE_DIR  := $(BUILD)/firmware/xlate
XLATE_OWN  := $(addprefix $(XLATE_DIR)/,xlate.o dispatch.o swscan.o irq.o cctq.o record.o \
                heads.o map.o mem.o)
XLATE_DRV  := $(addprefix $(XLATE_DIR)/,hwprof.o hwprof_spill.o hwprof_edges.o hwprof_cct.o)
# The probe regions' former and its plan, in late/: their code goes apart, at
# XLATE_LATE (xlate.ld).
XLATE_LATE := $(XLATE_DIR)/late/regions.o $(XLATE_DIR)/late/regionplan.o
XLATE_BASE_OBJS := $(BUILD)/firmware/xlate_entry.o $(XLATE_DIR)/mem.o \
                   $(patsubst %,$(XLATE_DIR)/%.o,$(XLATE_CORE)) $(XLATE_DRV) \
                   $(addprefix $(XLATE_DIR)/,swscan.o irq.o cctq.o map.o)
XLATE_OBJS := $(XLATE_BASE_OBJS) $(addprefix $(XLATE_DIR)/,xlate.o dispatch.o record.o heads.o) \
              $(XLATE_LATE)
XLATE      := $(BUILD)/firmware/xlate.elf
# The image's layout: its functions in the order of scripts/xlate-order.sh's profile.
XLATE_LDS  := firmware/xlate.ld firmware/xlate-order.ld
XLATE_LINK  = $(FW_CC) -mcpu=405 -nostdlib -static -no-pie -Wl,--build-id=none \
                -Wl,--no-warn-rwx-segments -T firmware/xlate.ld

$(XLATE_DIR)/%.o: dbt/%.c
	@mkdir -p $(@D)
	$(FW_CC) $(XLATE_CFLAGS) -MMD -MP -c $< -o $@

$(XLATE_DIR)/xlate.o $(XLATE_DIR)/xlate-wrong.o: XLATE_CFLAGS += -DXLATE_ABI=$(XLATE_ABI)
$(XLATE_DIR)/xlate.o $(XLATE_DIR)/xlate-wrong.o: $(XLATE_ABI_HDRS)

$(XLATE_OWN): $(XLATE_DIR)/%.o: firmware/%.c
	@mkdir -p $(@D)
	$(FW_CC) $(XLATE_CFLAGS) -MMD -MP -c $< -o $@
$(XLATE_DIR)/late/regions.o: firmware/regions.c
	@mkdir -p $(@D)
	$(FW_CC) $(XLATE_CFLAGS) -MMD -MP -c $< -o $@
$(XLATE_DIR)/late/regionplan.o: dbt/regionplan.c
	@mkdir -p $(@D)
	$(FW_CC) $(XLATE_CFLAGS) -MMD -MP -c $< -o $@
$(XLATE_DRV): $(XLATE_DIR)/%.o: driver/%.c driver/hwprof.h driver/hwprof_regs.h
	@mkdir -p $(@D)
	$(FW_CC) $(XLATE_CFLAGS) -MMD -MP -c $< -o $@

# ... and six that differ from the host's, for the tests that the runtime finds it
# (tests/e2e/test_runtime.sh): every translation in one bit (--runtime checked), every
# chaining patch in one (any board run), every path recorded in where it goes on, the
# choice of heads in taking superblocks' members, a probe region's plan in the order of
# its first two members, and a side exit's prediction from the counts left unmade.
XLATE_WRONG        := $(BUILD)/firmware/xlate-wrong.elf
XLATE_WRONG_CHAIN  := $(BUILD)/firmware/xlate-wrongchain.elf
XLATE_WRONG_RECORD := $(BUILD)/firmware/xlate-wrongrecord.elf
XLATE_WRONG_HEADS  := $(BUILD)/firmware/xlate-wrongheads.elf
XLATE_WRONG_PLAN   := $(BUILD)/firmware/xlate-wrongplan.elf
XLATE_WRONG_PREDICT := $(BUILD)/firmware/xlate-wrongpredict.elf
$(XLATE_DIR)/xlate-wrong.o: firmware/xlate.c
	@mkdir -p $(@D)
	$(FW_CC) $(XLATE_CFLAGS) -DXLATE_WRONG -MMD -MP -c $< -o $@
$(XLATE_DIR)/dispatch-wrongchain.o: firmware/dispatch.c
	@mkdir -p $(@D)
	$(FW_CC) $(XLATE_CFLAGS) -DXLATE_WRONG_CHAIN -MMD -MP -c $< -o $@
$(XLATE_DIR)/record-wrong.o: firmware/record.c
	@mkdir -p $(@D)
	$(FW_CC) $(XLATE_CFLAGS) -DXLATE_WRONG_RECORD -MMD -MP -c $< -o $@
$(XLATE_DIR)/heads-wrong.o: firmware/heads.c
	@mkdir -p $(@D)
	$(FW_CC) $(XLATE_CFLAGS) -DXLATE_WRONG_HEADS -MMD -MP -c $< -o $@
$(XLATE_DIR)/heads-wrongpredict.o: firmware/heads.c
	@mkdir -p $(@D)
	$(FW_CC) $(XLATE_CFLAGS) -DXLATE_WRONG_PREDICT -MMD -MP -c $< -o $@

$(XLATE_DIR)/late-wrong/regions.o: firmware/regions.c
	@mkdir -p $(@D)
	$(FW_CC) $(XLATE_CFLAGS) -DXLATE_WRONG_PLAN -MMD -MP -c $< -o $@

$(XLATE_WRONG): $(XLATE_BASE_OBJS) $(XLATE_DIR)/xlate-wrong.o $(XLATE_DIR)/dispatch.o \
                $(XLATE_DIR)/record.o $(XLATE_DIR)/heads.o $(XLATE_LATE) $(XLATE_LDS)
	$(XLATE_LINK) -o $@ $(filter %.o,$^) -lgcc
$(XLATE_WRONG_CHAIN): $(XLATE_BASE_OBJS) $(XLATE_DIR)/xlate.o \
                      $(XLATE_DIR)/dispatch-wrongchain.o $(XLATE_DIR)/record.o \
                      $(XLATE_DIR)/heads.o $(XLATE_LATE) $(XLATE_LDS)
	$(XLATE_LINK) -o $@ $(filter %.o,$^) -lgcc
$(XLATE_WRONG_RECORD): $(XLATE_BASE_OBJS) $(XLATE_DIR)/xlate.o $(XLATE_DIR)/dispatch.o \
                       $(XLATE_DIR)/record-wrong.o $(XLATE_DIR)/heads.o $(XLATE_LATE) $(XLATE_LDS)
	$(XLATE_LINK) -o $@ $(filter %.o,$^) -lgcc
$(XLATE_WRONG_HEADS): $(XLATE_BASE_OBJS) $(XLATE_DIR)/xlate.o $(XLATE_DIR)/dispatch.o \
                      $(XLATE_DIR)/record.o $(XLATE_DIR)/heads-wrong.o $(XLATE_LATE) $(XLATE_LDS)
	$(XLATE_LINK) -o $@ $(filter %.o,$^) -lgcc
$(XLATE_WRONG_PREDICT): $(XLATE_BASE_OBJS) $(XLATE_DIR)/xlate.o $(XLATE_DIR)/dispatch.o \
                        $(XLATE_DIR)/record.o $(XLATE_DIR)/heads-wrongpredict.o $(XLATE_LATE) \
                        $(XLATE_LDS)
	$(XLATE_LINK) -o $@ $(filter %.o,$^) -lgcc
$(XLATE_WRONG_PLAN): $(XLATE_BASE_OBJS) $(XLATE_DIR)/xlate.o $(XLATE_DIR)/dispatch.o \
                     $(XLATE_DIR)/record.o $(XLATE_DIR)/heads.o $(XLATE_DIR)/late-wrong/regions.o \
                     $(XLATE_DIR)/late/regionplan.o $(XLATE_LDS)
	$(XLATE_LINK) -o $@ $(filter %.o,$^) -lgcc

$(BUILD)/firmware/xlate_entry.o: firmware/xlate_entry.S
	@mkdir -p $(@D)
	$(FW_CC) -mcpu=405 -c $< -o $@

$(XLATE): $(XLATE_OBJS) $(XLATE_LDS)
	$(XLATE_LINK) -Wl,-Map=$(@:.elf=.map) -o $@ $(XLATE_OBJS) -lgcc

all: $(XLATE)
