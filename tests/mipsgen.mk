# tests/mipsgen.mk - the random MIPS32 program generator of the translator's
# differential test (tests/randprog.sh).  The includer defines BUILD, CC, CFLAGS.

$(BUILD)/tests/mipsgen: tests/mipsgen.c tests/mipsgen.mk
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ tests/mipsgen.c
