# tests/e2e/mipsgen.mk - the random MIPS32 program generator of the translator's
# differential test (tests/e2e/randprog.sh).  The includer defines BUILD, CC, CFLAGS.

$(BUILD)/tests/mipsgen: tests/e2e/mipsgen.c tests/e2e/mipsgen.mk
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ tests/e2e/mipsgen.c
