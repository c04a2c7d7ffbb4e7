#!/usr/bin/env bash
# tests/fuzz/test_fuzz.sh - every input of the fuzzing corpus (tests/fuzz/corpus/NAME/:
# the seeds and what 'make fuzz' found and kept) through its harness, built with
# AddressSanitizer and UndefinedBehaviorSanitizer (tests/fuzz/fuzz.h): the ELF
# loader, the board's device-tree probe, the MIPS decoder and translator, and a
# guest that writes over the translator's memory in every profile mode.  A
# crash, a sanitizer report or a broken property fails.  Prints PASS/FAIL lines
# for tests/run.sh.
set -u
B=${BUILD:-build}
fails=0
for n in elf dtb translate scribble; do
  if ! ASAN_OPTIONS=detect_leaks=1 "$B/fuzz/replay-$n" "$n" "tests/fuzz/corpus/$n" \
    2>"$B/fuzz/replay-$n.err"; then
    echo "FAIL: fuzz_${n}_corpus"
    tail -20 "$B/fuzz/replay-$n.err" | sed 's/^/    /'
    fails=$((fails + 1))
  fi
done
[ "$fails" -eq 0 ]
