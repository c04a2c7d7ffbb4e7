# dbt/ - the MIPS32 -> PowerPC 405 binary translator: the core (translate.c, no
# host-OS assumptions), the runtime on the virtual board (dbt.c, superblock.c, sbcount.c for counts derived
# in superblocks, and
# hwside.c for the profiling IP, sysprof.c for system-call records, edgeprof.c for
# indirect edges), the guest process (loader.c, syscall.c, guest_clock.c, process.c,
# signal.c), confine.c for --confine's pages off the bus, and the
# FPU helper (fpu.c; fpgate.c runs it inside the run, charged as fpcost.c measures);
# cctsrc.c, the call and return packets of --cct (cct/).

DBT_OBJS := $(BUILD)/dbt/translate.o $(BUILD)/dbt/dbt.o $(BUILD)/dbt/hwside.o \
            $(BUILD)/dbt/superblock.o $(BUILD)/dbt/sbcount.o $(BUILD)/dbt/loader.o $(BUILD)/dbt/syscall.o \
            $(BUILD)/dbt/fpu.o $(BUILD)/dbt/sysprof.o $(BUILD)/dbt/edgeprof.o \
            $(BUILD)/dbt/guest_clock.o $(BUILD)/dbt/fpgate.o $(BUILD)/dbt/fpcost.o \
            $(BUILD)/dbt/process.o $(BUILD)/dbt/signal.o $(BUILD)/dbt/cctsrc.o \
            $(BUILD)/dbt/confine.o
DBT_LDLIBS := -lcapstone -lm

# The guest's rounding mode is set at run time: keep the compiler from folding
# or reordering floating point across fesetround.
$(BUILD)/dbt/fpu.o: C_FLAGS += -frounding-math
