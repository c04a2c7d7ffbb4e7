#!/usr/bin/env bash
# tests/e2e/test_guest.sh - every guest test program (tests/guest: C with static
# glibc at -O0/-O2/-Os, hand-written assembly) under qemu-mips and under the
# translator: stdout, stderr and exit status must be identical
# (tests/guest/compare.sh).  Profiling off for all of them; the -O2 C programs
# again with hw and with sw profiling, which must not change what the guest does.
set -u
B=${BUILD:-build}
export BUILD=$B
fails=0
cmp1() { # cmp1 TRANSLATOR_CMD BIN [ARGS...]
  tests/guest/compare.sh "$@" || fails=$((fails + 1))
}
for bin in "$B"/guest/*-O? "$B"/guest/*-Os "$B"/guest/asm/*; do
  [ -x "$bin" ] || continue
  case $(basename "$bin") in
  exitcode-*) cmp1 "$B/hwprof run" "$bin" 42 "two words" x ;;
  *) cmp1 "$B/hwprof run" "$bin" ;;
  esac
done
for mode in hw sw; do
  for bin in "$B"/guest/*-O2; do
    cmp1 "$B/hwprof run --profile $mode" "$bin"
  done
done
exit $((fails > 0))
