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

.PHONY: workloads
workloads: $(WORKLOADS)
