# tests/real/real.mk - real programs from Debian 12's own source packages, built as
# static MIPS32 glibc programs for the translator (tests/e2e/test_real.sh):
#
#   $(BUILD)/real/lua       Lua 5.4's interpreter (source package lua5.4): the 'posix'
#                           platform of its Makefile (LUA_USE_POSIX: no readline,
#                           no dlopen)
#   $(BUILD)/real/sqlite3   the SQLite 3 shell (sqlite3): the amalgamation, generated
#                           on the host (configure, tclsh), with SQLITE_THREADSAFE=0
#                           and SQLITE_OMIT_LOAD_EXTENSION, no readline
#   $(BUILD)/real/bzip2     bzip2's command-line program (bzip2): its Makefile's sources
#
# 'make real' builds the three.  scripts/fetch-sources.sh downloads and unpacks the
# sources into $(BUILD)/real/src/ (apt-get source with a private apt configuration;
# Debian's patches are not applied: none is needed to build).  Everything at -O2 with
# MIPS_CC, each program's own warning and feature flags kept; about 45 s of compiling
# at -j2 on the development machine, most of it SQLite's amalgamation.
# The includer defines BUILD, CC and MIPS_CC.

REAL_DIR    := $(BUILD)/real
REAL_SRC    := $(REAL_DIR)/src
REAL_OBJ    := $(REAL_DIR)/obj
REAL_CFLAGS := -O2
REAL_BINS   := $(REAL_DIR)/lua $(REAL_DIR)/sqlite3 $(REAL_DIR)/bzip2
REAL_PKGS   := lua5.4 sqlite3 bzip2

.PHONY: real
real: $(REAL_BINS)

# One run of the script for the three (it skips what is already unpacked); each
# package's .fetched holds its Debian version.
$(foreach p,$(REAL_PKGS),$(REAL_SRC)/$(p)/.fetched) &:
	scripts/fetch-sources.sh --dir $(REAL_DIR) $(REAL_PKGS)

# Lua: src/Makefile's CORE_O and LIB_O, and lua.c; its CFLAGS for 'make posix', and
# a fixed string-hash seed through Lua's own configuration macro luai_makeseed
# (lstate.c; by default it mixes time(NULL) with a stack address): a run's control
# flow then does not depend on the clock or the stack, so qemu-mips and hwprof run
# the same blocks the same number of times, as 'hwprof compare' checks.
LUA_NAMES := lapi lcode lctype ldebug ldo ldump lfunc lgc llex lmem lobject lopcodes lparser \
             lstate lstring ltable ltm lundump lvm lzio lauxlib lbaselib lcorolib ldblib liolib \
             lmathlib loadlib loslib lstrlib ltablib lutf8lib linit lua
LUA_OBJS  := $(patsubst %,$(REAL_OBJ)/lua/%.o,$(LUA_NAMES))

$(LUA_OBJS): $(REAL_OBJ)/lua/%.o: $(REAL_SRC)/lua5.4/.fetched tests/real/real.mk
	@mkdir -p $(@D)
	$(MIPS_CC) -std=gnu99 $(REAL_CFLAGS) -Wall -Wextra -DLUA_COMPAT_5_3 -DLUA_USE_POSIX \
	  '-Dluai_makeseed(L)=0x2545f491u' -c $(REAL_SRC)/lua5.4/src/$*.c -o $@

$(REAL_DIR)/lua: $(LUA_OBJS)
	$(MIPS_CC) -static -o $@ $^ -lm

# bzip2: the Makefile's OBJS and bzip2.c, its CFLAGS without -g.
BZIP2_NAMES := blocksort huffman crctable randtable compress decompress bzlib bzip2
BZIP2_OBJS  := $(patsubst %,$(REAL_OBJ)/bzip2/%.o,$(BZIP2_NAMES))

$(BZIP2_OBJS): $(REAL_OBJ)/bzip2/%.o: $(REAL_SRC)/bzip2/.fetched tests/real/real.mk
	@mkdir -p $(@D)
	$(MIPS_CC) $(REAL_CFLAGS) -Wall -Winline -D_FILE_OFFSET_BITS=64 -c $(REAL_SRC)/bzip2/$*.c -o $@

$(REAL_DIR)/bzip2: $(BZIP2_OBJS)
	$(MIPS_CC) -static -o $@ $^

# SQLite: the amalgamation (sqlite3.c) and the shell (shell.c) are generated from the
# canonical sources by their own build, configured for the host out of tree (it
# builds lemon and mkkeywordhash with CC and runs tclsh); then both are compiled for
# MIPS.  The shell's getpwuid (only used when HOME is unset) draws the linker's
# warning about static NSS.
SQLITE_GEN  := $(REAL_DIR)/sqlite3-gen
SQLITE_DEFS := -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION

$(SQLITE_GEN)/sqlite3.c $(SQLITE_GEN)/shell.c &: $(REAL_SRC)/sqlite3/.fetched tests/real/real.mk
	rm -rf $(SQLITE_GEN)
	mkdir -p $(SQLITE_GEN)
	cd $(SQLITE_GEN) && CC='$(CC)' $(abspath $(REAL_SRC))/sqlite3/configure --disable-tcl \
	  --disable-readline --disable-editline --disable-load-extension --disable-threadsafe \
	  >configure.log 2>&1 || { cat configure.log; echo "real.mk: SQLite's configure failed" >&2; exit 1; }
	$(MAKE) -C $(SQLITE_GEN) sqlite3.c shell.c

$(REAL_OBJ)/sqlite3/sqlite3.o: $(SQLITE_GEN)/sqlite3.c tests/real/real.mk
	@mkdir -p $(@D)
	$(MIPS_CC) $(REAL_CFLAGS) $(SQLITE_DEFS) -c $(SQLITE_GEN)/sqlite3.c -o $@

$(REAL_OBJ)/sqlite3/shell.o: $(SQLITE_GEN)/shell.c $(SQLITE_GEN)/sqlite3.c tests/real/real.mk
	@mkdir -p $(@D)
	$(MIPS_CC) $(REAL_CFLAGS) $(SQLITE_DEFS) -I$(SQLITE_GEN) -c $(SQLITE_GEN)/shell.c -o $@

$(REAL_DIR)/sqlite3: $(REAL_OBJ)/sqlite3/sqlite3.o $(REAL_OBJ)/sqlite3/shell.o
	$(MIPS_CC) -static -o $@ $^ -lm
