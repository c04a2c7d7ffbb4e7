# workloads/ - the SPEC CINT2000-like guest programs (one C file each), built
# static for MIPS32 with Debian's cross compiler, as the SPEC-like suite that
# 'hwprof bench' and 'hwprof compare' run.  Each takes one argument, the size:
# test (10-50 million guest instructions) or train (200-500 million).

WORKLOAD_SRCS   := $(wildcard workloads/*.c)
WORKLOADS       := $(patsubst workloads/%.c,$(BUILD)/workloads/%,$(WORKLOAD_SRCS))
WORKLOAD_CFLAGS := -static -O2 -Wall -Wextra -Werror -std=gnu99

$(BUILD)/workloads/%: workloads/%.c workloads/workloads.mk
	@mkdir -p $(@D)
	$(MIPS_CC) $(WORKLOAD_CFLAGS) $< -o $@

# The same programs built for the board's own CPU ('hwprof native', the bench's
# floor), with Debian's PPC32 cross compiler and glibc: -mhard-float because that
# glibc is built for a CPU with an FPU (the FP instructions are emulated on the
# board, as a 405 Linux kernel does), linked at 0x400000, where the MIPS builds
# are, inside the board's RAM.
PPC_LINUX_CC     ?= powerpc-linux-gnu-gcc
NATIVE_WORKLOADS := $(patsubst workloads/%.c,$(BUILD)/workloads-ppc405/%,$(WORKLOAD_SRCS))
NATIVE_CFLAGS    := -mcpu=405 -mhard-float -Wl,-Ttext-segment=0x400000 $(WORKLOAD_CFLAGS)

$(BUILD)/workloads-ppc405/%: workloads/%.c workloads/workloads.mk
	@mkdir -p $(@D)
	$(PPC_LINUX_CC) $(NATIVE_CFLAGS) $< -o $@

.PHONY: workloads
workloads: $(WORKLOADS) $(NATIVE_WORKLOADS)
