# tests/guest/ - MIPS32 guest programs for checking the binary translator (dbt/)
# against qemu-mips (tests/guest/compare.sh runs one program both ways).
#
#   tests/guest/*.c       C programs, static glibc, each built at -O0, -O2 and -Os:
#                         $(BUILD)/guest/NAME-O0, NAME-O2, NAME-Os
#   tests/guest/asm/*.S   hand-written MIPS32r2 assembly without libc (own __start):
#                         $(BUILD)/guest/asm/NAME  (tests/guest/asm/*.h: shared macros)
#
# Included by the top-level Makefile ($(BUILD) is the build directory); it can also
# be used alone:  make -f tests/guest/guest.mk guest BUILD=/tmp/gbuild
# Needs the cross compiler of Debian's gcc-mips-linux-gnu package.

BUILD        ?= build
MIPS_CC      ?= mips-linux-gnu-gcc
GUEST_OPTS   := O0 O2 Os
GUEST_CFLAGS := -Wall -std=gnu99
# --fatal-warnings: e.g. a macro expanding to two instructions in a delay slot.
GUEST_ASFLAGS := -Wa,--fatal-warnings

GUEST_C_SRCS   := $(wildcard tests/guest/*.c)
GUEST_ASM_SRCS := $(wildcard tests/guest/asm/*.S)
GUEST_C_BINS   := $(foreach o,$(GUEST_OPTS),$(patsubst tests/guest/%.c,$(BUILD)/guest/%-$(o),$(GUEST_C_SRCS)))
GUEST_ASM_BINS := $(patsubst tests/guest/asm/%.S,$(BUILD)/guest/asm/%,$(GUEST_ASM_SRCS))
GUEST_BINS     := $(GUEST_C_BINS) $(GUEST_ASM_BINS)

.PHONY: guest
guest: $(GUEST_BINS)

# $(call guest_c,OPT): build every C program at -OPT.
define guest_c
$(BUILD)/guest/%-$(1): tests/guest/%.c tests/guest/guest.mk
	@mkdir -p $$(@D)
	$(MIPS_CC) -static -$(1) $(GUEST_CFLAGS) $$< -o $$@ -lm
endef

$(foreach o,$(GUEST_OPTS),$(eval $(call guest_c,$(o))))

$(BUILD)/guest/asm/%: tests/guest/asm/%.S $(wildcard tests/guest/asm/*.h) tests/guest/guest.mk
	@mkdir -p $(@D)
	$(MIPS_CC) -nostdlib -static -Wl,-e,__start $(GUEST_ASFLAGS) $< -o $@
