#!/usr/bin/env bash
# tests/e2e/test_randprog.sh - 1,000 seeded random MIPS programs (tests/e2e/mipsgen.c),
# each under qemu-mips and under the translator (hw profiling on, so the
# profiling store is exercised too): final registers, HI/LO and a memory
# checksum must agree.  RANDPROG_COUNT / RANDPROG_SEED override the defaults;
# HWPROF_SOAK=K (make soak) runs K times as many, from seed 1001 on (programs the
# suite's run has not seen).
set -u
B=${BUILD:-build}
soak=${HWPROF_SOAK:-1}
case $soak in '' | *[!0-9]* | 0) soak=1 ;; esac
if [ "$soak" -gt 1 ]; then count=$((1000 * soak)) first=1001; else count=1000 first=1; fi
MIPSGEN=$B/tests/mipsgen exec tests/e2e/randprog.sh --count "${RANDPROG_COUNT:-$count}" \
  --seed "${RANDPROG_SEED:-$first}" "$B/hwprof" run --profile hw
