#!/usr/bin/env bash
# tests/native/test_fpu.sh - the PPC405's FP math emulation (native/ppcfpu.c) against
# qemu-ppc, instruction by instruction.  tests/native/fpvec.c runs every case of
# tests/native/fpvec_cases.h under qemu-ppc; tests/unit/test_ppcfpu.c runs the same
# cases through ppc_fpu_exec; the outputs (a line a case: the word, its inputs, the
# result, FPSCR and CR after, memory for the stores) must be identical.  Two groups:
# base on qemu-ppc's default CPU (a 750), sqrt (fsqrt, fsqrts, which the 750 lacks) on
# a 7400.  Then the harness's checks of what qemu cannot show (test_ppcfpu --self:
# costs, faults, invalid forms, fre, enabled exceptions).  Prints PASS/FAIL lines for
# tests/run.sh.
set -u
B=${BUILD:-build}
PROG=${FPVEC:-$B/guest/ppc405/fpvec}
HOST=${TEST_PPCFPU:-$B/tests/test_ppcfpu}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

for bin in "$PROG" "$HOST"; do
  if [ ! -x "$bin" ]; then
    echo "FAIL: fpu ($bin is not built)"
    exit 1
  fi
done

# same GROUP QEMU...: the group under qemu (the command given) and through the emulator.
same() {
  local group=$1 qrc hrc n bad
  shift
  "$@" "$PROG" "$group" >"$tmp/$group.qemu" 2>&1
  qrc=$?
  "$HOST" "$group" >"$tmp/$group.emu" 2>&1
  hrc=$?
  n=$(wc -l <"$tmp/$group.qemu")
  if [ "$qrc" -eq 0 ] && [ "$hrc" -eq 0 ] && [ "$n" -gt 0 ] &&
    cmp -s "$tmp/$group.qemu" "$tmp/$group.emu"; then
    echo "PASS: fpu_$group ($n cases, each as $* gives it)"
  else
    bad=$(diff "$tmp/$group.qemu" "$tmp/$group.emu" | grep -c '^<')
    echo "FAIL: fpu_$group (exit $qrc under qemu, $hrc emulated; $bad of $n cases differ)"
    diff "$tmp/$group.qemu" "$tmp/$group.emu" | head -6 | cut -c1-300 | sed 's/^/    /'
    fails=$((fails + 1))
  fi
}

same base qemu-ppc
same sqrt qemu-ppc -cpu 7400
"$HOST" --self || fails=$((fails + 1))
exit $((fails > 0))
