# dbt/ - the MIPS32 -> PowerPC 405 binary translator, in layers (dbt/README.md):
# the translator (translate.c, no host-OS assumptions); the guest's OS (loader.c,
# guest_syms.c, guest_log.c, syscall.c, guest_fs.c, guest_socket.c, guest_clock.c, process.c,
# guest_signal.c, guest_rlimit.c, guest_mem.c, and syscost.c, a call's kernel cycles); the
# code-cache core (cache.c, with util.c, cycles.c, where the cycles go, window.c, onboard.c,
# where the translator runs, ondispatch.c, the dispatcher's work on the board, onregion.c,
# the probe regions' former's, dump.c, fault.c); the features, each registering its hooks (hwside.c with onirq.c, its
# interrupt handler's drains on the board, sysprof.c, edgeprof.c, cctsrc.c, superblock.c
# with onrecord.c, its path recorder on the board, and sbcount.c, region.c with regionplan.c, its plan, sigframe.c, fpgate.c with fpcost.c and fpu.c, confine.c); the
# dispatcher (dispatch.c) and the public face (dbt.c).

DBT_OBJS := $(addprefix $(BUILD)/dbt/,translate.o held.o words.o insn.o insn_alu.o insn_mem.o insn_fpu.o checks.o decode.o liveness.o cr0.o branch.o probes.o \
              loader.o guest_syms.o guest_log.o guest_mem.o syscall.o guest_fs.o guest_socket.o \
              guest_clock.o process.o guest_signal.o guest_rlimit.o syscost.o \
              util.o cycles.o window.o onboard.o ondispatch.o onregion.o cache.o dump.o fault.o \
              hwside.o onirq.o sysprof.o edgeprof.o cctsrc.o superblock.o onrecord.o sbcount.o \
              region.o regionplan.o \
              sigframe.o \
              fpgate.o fpcost.o fpu.o confine.o \
              dispatch.o dbt.o)
DBT_LDLIBS := -lcapstone -lm

# The translator image's interface word (firmware/firmware.mk), checked at load.
$(BUILD)/dbt/onboard.o: C_FLAGS += -DXLATE_ABI=$(XLATE_ABI)
$(BUILD)/dbt/onboard.o: $(XLATE_ABI_HDRS)

# The guest's rounding mode is set at run time: keep the compiler from folding
# or reordering floating point across fesetround.
$(BUILD)/dbt/fpu.o: C_FLAGS += -frounding-math
