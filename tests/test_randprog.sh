#!/usr/bin/env bash
# tests/test_randprog.sh - 1,000 seeded random MIPS programs (tests/mipsgen.c),
# each under qemu-mips and under the translator (hw profiling on, so the
# profiling store is exercised too): final registers, HI/LO and a memory
# checksum must agree.  RANDPROG_COUNT / RANDPROG_SEED override the defaults.
set -u
B=${BUILD:-build}
MIPSGEN=$B/tests/mipsgen exec tests/randprog.sh --count "${RANDPROG_COUNT:-1000}" \
  --seed "${RANDPROG_SEED:-1}" "$B/hwprof" run --profile hw
