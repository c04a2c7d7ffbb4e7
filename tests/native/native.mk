# tests/native/ - PPC32 Linux programs for 'hwprof native' (tests/e2e/test_native.sh):
# the system calls (sys.c), abort (abort.c), and hello.c built the two ways the
# runtime refuses (dynamically linked; linked at the toolchain's default address);
# and the FP math emulation against qemu-ppc (test_fpu.sh): fpvec.c runs the cases of
# fpvec_cases.h under qemu-ppc, tests/unit/test_ppcfpu.c through native/ppcfpu.c.
NATIVE_TEST_BINS := $(addprefix $(BUILD)/guest/ppc405/,sys abort dynamic highlink fpvec dlmzb \
                      strings) $(BUILD)/tests/test_ppcfpu

# A guest test program built for the PPC405 too: the bench's floor in
# tests/e2e/test_workloads.sh.
$(BUILD)/guest/ppc405/strings: tests/guest/strings.c tests/native/native.mk
	@mkdir -p $(@D)
	$(PPC_LINUX_CC) $(NATIVE_CFLAGS) $< -o $@

$(BUILD)/guest/ppc405/fpvec: tests/native/fpvec_cases.h

$(BUILD)/tests/test_ppcfpu.o: tests/native/fpvec_cases.h native/ppcfpu.h
$(BUILD)/tests/test_ppcfpu: $(BUILD)/tests/test_ppcfpu.o $(BUILD)/tests/check.o $(BUILD)/native/ppcfpu.o
	$(CC) -o $@ $^ -lm

$(BUILD)/guest/ppc405/%: tests/native/%.c tests/native/native.mk
	@mkdir -p $(@D)
	$(PPC_LINUX_CC) $(NATIVE_CFLAGS) $< -o $@

$(BUILD)/guest/ppc405/dynamic: tests/native/hello.c tests/native/native.mk
	@mkdir -p $(@D)
	$(PPC_LINUX_CC) -mcpu=405 -mhard-float -O2 $< -o $@

$(BUILD)/guest/ppc405/highlink: tests/native/hello.c tests/native/native.mk
	@mkdir -p $(@D)
	$(PPC_LINUX_CC) -mcpu=405 -mhard-float -O2 -static $< -o $@
