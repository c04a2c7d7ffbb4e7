# tests/fuzz/ - fuzzing harnesses for the ELF loader, the board's device-tree probe,
# the MIPS decoder/translator, and a guest scribbling over the translator's memory
# (fuzz.h).
#
# make fuzz                  each harness under libFuzzer (clang; AddressSanitizer
#                            and UndefinedBehaviorSanitizer) for FUZZ_SECONDS (60)
#                            from its corpus in tests/fuzz/corpus/NAME/; what it
#                            finds new goes to $(BUILD)/fuzz/NAME/new/, a crashing
#                            input to $(BUILD)/fuzz/NAME/ (and the target fails)
# the test suite             replay-NAME: every corpus file through the harness,
#                            built with gcc and the same two sanitizers

FUZZ_NAMES   := elf dtb translate scribble
FUZZ_SECONDS ?= 60
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=undefined
# The code under test, compiled again with the sanitizers (the Verilated IP and the
# libraries are not): the translator and the guest, the board, the driver.
FUZZ_SRCS    := $(wildcard common/*.c dbt/*.c) cct/cct.c $(wildcard sim/vboard*.c) sim/vcache.c sim/hwprof_sim_bus.c \
                $(filter-out driver/hwprof_uio.c,$(wildcard driver/*.c))
FUZZ_LDLIBS  := $(SIM_LIB) -lunicorn $(FDT_LDLIBS) $(DBT_LDLIBS) $(SIM_LDLIBS) -lstdc++
FUZZ_CFLAGS  := -std=gnu99 -O1 -g -fno-omit-frame-pointer -Icommon -Idriver -Isim -Idbt -Icct -Itests/fuzz \
                -DHWPROF_BUILD='"$(BUILD)"' -DXLATE_ABI=$(XLATE_ABI)

# Replay builds (gcc): objects under $(BUILD)/fuzz/replay/.
FUZZ_REPLAY_OBJS := $(patsubst %.c,$(BUILD)/fuzz/replay/%.o,$(FUZZ_SRCS))
$(BUILD)/fuzz/replay/dbt/onboard.o $(BUILD)/fuzz/lf/dbt/onboard.o: $(XLATE_ABI_HDRS)
FUZZ_REPLAYS     := $(foreach n,$(FUZZ_NAMES),$(BUILD)/fuzz/replay-$(n))

$(BUILD)/fuzz/replay/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(FUZZ_CFLAGS) $(FUZZ_SAN) -frounding-math -MMD -MP -c $< -o $@

$(BUILD)/fuzz/replay-%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c tests/fuzz/fuzz.h \
                        $(FUZZ_REPLAY_OBJS) $(SIM_LIB)
	$(CC) $(FUZZ_CFLAGS) $(FUZZ_SAN) -o $@ tests/fuzz/fuzz_$*.c tests/fuzz/replay.c \
	  $(FUZZ_REPLAY_OBJS) $(FUZZ_LDLIBS)

# libFuzzer builds (clang): objects under $(BUILD)/fuzz/lf/.
FUZZ_LF_OBJS := $(patsubst %.c,$(BUILD)/fuzz/lf/%.o,$(FUZZ_SRCS))

$(BUILD)/fuzz/lf/%.o: %.c
	@mkdir -p $(@D)
	clang $(FUZZ_CFLAGS) -Wno-typedef-redefinition $(FUZZ_SAN) -fsanitize=fuzzer-no-link \
	  -frounding-math -MMD -MP -c $< -o $@

$(BUILD)/fuzz/fuzz-%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(FUZZ_LF_OBJS) $(SIM_LIB)
	clang $(FUZZ_CFLAGS) -Wno-typedef-redefinition $(FUZZ_SAN) -fsanitize=fuzzer -o $@ \
	  tests/fuzz/fuzz_$*.c \
	  $(FUZZ_LF_OBJS) $(FUZZ_LDLIBS)

.PHONY: fuzz
fuzz: $(foreach n,$(FUZZ_NAMES),$(BUILD)/fuzz/fuzz-$(n)) $(DTBS)
	@set -e; for n in $(FUZZ_NAMES); do \
	  mkdir -p $(BUILD)/fuzz/$$n/new; \
	  echo "fuzz: $$n for $(FUZZ_SECONDS) s (corpus tests/fuzz/corpus/$$n)"; \
	  ASAN_OPTIONS=detect_leaks=0 $(BUILD)/fuzz/fuzz-$$n -max_total_time=$(FUZZ_SECONDS) \
	    -artifact_prefix=$(BUILD)/fuzz/$$n/ -print_final_stats=1 \
	    $(BUILD)/fuzz/$$n/new tests/fuzz/corpus/$$n 2>&1 | \
	    grep -E '^(#[0-9]+ *DONE|stat::number_of_executed_units|stat::peak_rss|==|SUMMARY|fuzz:|Test unit written)' \
	    || true; \
	  if ls $(BUILD)/fuzz/$$n/crash-* $(BUILD)/fuzz/$$n/leak-* $(BUILD)/fuzz/$$n/timeout-* \
	       >/dev/null 2>&1; then echo "fuzz: $$n FAILED: see $(BUILD)/fuzz/$$n/"; exit 1; fi; \
	done; echo "fuzz: no harness failed"

# The scribble harness runs a guest of its own on the board (its table linked at
# 0x00500000), with the device tree and the soft-float image.
$(BUILD)/fuzz/scribble: tests/fuzz/scribble.S tests/guest/asm/common.h
	@mkdir -p $(@D)
	$(MIPS_CC) -nostdlib -static -Wl,-e,__start -Wl,--section-start=.scribble=0x00500000 \
	  $(GUEST_ASFLAGS) $< -o $@
$(BUILD)/fuzz/replay-scribble $(BUILD)/fuzz/fuzz-scribble: $(BUILD)/fuzz/scribble $(FPCOST) $(DTBS)

.SECONDARY: $(FUZZ_REPLAY_OBJS) $(FUZZ_LF_OBJS)
-include $(FUZZ_REPLAY_OBJS:.o=.d)
