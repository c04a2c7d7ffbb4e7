#!/usr/bin/env bash
# tests/e2e/test_native.sh - 'hwprof native': static PPC32 Linux programs straight on
# the board (native/), against qemu-ppc as the oracle: -cpu 440epx, the one qemu-ppc
# CPU with both an FPU (Debian's PPC32 glibc has FP instructions) and the 405's
# dlmzb (gcc -mcpu=405 inlines string code with it).  The suite's workloads built for
# the PPC405 print what qemu-ppc prints and exit 0; dlmzb, which the board executes
# itself, gives qemu's results; tests/native/sys.c's system calls
# answer as qemu-ppc's do, exit status included; the FP instructions run and are
# charged (the workloads' glibc has them; tests/native/test_fpu.sh checks each
# instruction's bits); a run repeats cycle for cycle; the caches show in the cycles;
# abort() ends the run with 128 + SIGABRT; bad programs (MIPS, dynamically linked,
# linked outside the board's program range, missing) exit 2 naming what is wrong.
# Prints PASS/FAIL lines for tests/run.sh.
set -u
B=${BUILD:-build}
QEMU=(qemu-ppc -cpu 440epx)
H=$B/hwprof
N=$B/guest/ppc405
tmp=$(mktemp -d)
out=$tmp/out
trap 'rm -rf "$tmp"' EXIT
fails=0

. tests/e2e/expect.sh

# The suite at test size: the same output as qemu-ppc's, FP instructions emulated.
for w in "$B"/workloads-ppc405/*; do
  name=$(basename "$w")
  "${QEMU[@]}" "$w" test >"$tmp/$name.qemu" 2>&1
  "$H" native "$w" test >"$tmp/$name.native" 2>"$tmp/$name.summary"
  rc=$?
  if [ "$rc" -eq 0 ] && cmp -s "$tmp/$name.qemu" "$tmp/$name.native"; then
    echo "PASS: native_$name (same output as qemu-ppc)"
  else
    echo "FAIL: native_$name (exit $rc)"
    diff "$tmp/$name.qemu" "$tmp/$name.native" | head -5 | sed 's/^/    /'
    tail -3 "$tmp/$name.summary" | sed 's/^/    /'
    fails=$((fails + 1))
  fi
done
# (glibc's setjmp and printf's number formatting run FP instructions in every program)
fp=$(sed -n 's/^hwprof: FP instructions emulated \([0-9]*\), \([0-9]*\) cycles.*/\1 \2/p' \
  "$tmp/gzip.summary")
if [ -n "$fp" ] && [ "${fp% *}" -gt 0 ] && [ "${fp#* }" -gt "${fp% *}" ]; then
  echo "PASS: native_fp_charged ($fp)"
else
  echo "FAIL: native_fp_charged (FP instructions and cycles: '$fp')"
  fails=$((fails + 1))
fi
cycles() { sed -n 's/^hwprof: PowerPC instructions [0-9]*, cycles \([0-9]*\).*/\1/p' "$1"; }
"$H" native "$B/workloads-ppc405/gzip" test >"$tmp/again.out" 2>"$tmp/again"
if [ -n "$(cycles "$tmp/gzip.summary")" ] && [ "$(cycles "$tmp/gzip.summary")" = "$(cycles "$tmp/again")" ]; then
  echo "PASS: native_repeats ($(cycles "$tmp/again") cycles twice)"
else
  echo "FAIL: native_repeats ($(cycles "$tmp/gzip.summary") then $(cycles "$tmp/again"))"
  fails=$((fails + 1))
fi
"$H" native --caches off "$B/workloads-ppc405/gzip" test >"$tmp/off.out" 2>"$tmp/off"
if [ "$(cycles "$tmp/off")" -lt "$(cycles "$tmp/again")" ] &&
  grep -q 'instruction cache: [0-9]* lookups, 0 misses' "$tmp/off"; then
  echo "PASS: native_caches ($(cycles "$tmp/off") cycles off, $(cycles "$tmp/again") on)"
else
  echo "FAIL: native_caches"
  cat "$tmp/off" | sed 's/^/    /'
  fails=$((fails + 1))
fi

"${QEMU[@]}" "$N/dlmzb" >"$tmp/dlmzb.qemu" 2>&1
"$H" native --quiet "$N/dlmzb" >"$tmp/dlmzb.native" 2>&1
same_bytes native_dlmzb "$tmp/dlmzb.qemu" "$tmp/dlmzb.native"

# System calls: the answers qemu-ppc gives, and the exit status.
"${QEMU[@]}" "$N/sys" "$tmp" 3 >"$tmp/sys.qemu" 2>&1
qrc=$?
"$H" native --quiet "$N/sys" "$tmp" 3 >"$tmp/sys.native" 2>"$tmp/sys.err"
rc=$?
if [ "$qrc" -eq 3 ] && [ "$rc" -eq 3 ] && cmp -s "$tmp/sys.qemu" "$tmp/sys.native"; then
  echo "PASS: native_syscalls (as qemu-ppc's, exit status 3)"
else
  echo "FAIL: native_syscalls (exit $rc, qemu-ppc $qrc)"
  diff "$tmp/sys.qemu" "$tmp/sys.native" | head -10 | sed 's/^/    /'
  fails=$((fails + 1))
fi
expect native_unknown_syscall_reported 0 'unsupported PPC32 system call 4000 at pc 0x[0-9a-f]+: -ENOSYS' \
  cat "$tmp/sys.err"
expect native_abort 134 'sent itself signal 6' "$H" native --quiet "$N/abort"
expect native_summary 0 'hwprof: native run: exited with status 0' "$H" native "$N/sys" "$tmp"

# Bad programs: exit 2, naming what is wrong.
expect native_mips_elf 2 'not a PowerPC ELF' "$H" native "$B/workloads/gzip" test
expect native_missing 2 'native: .*nothere' "$H" native "$tmp/nothere"
expect native_dynamic 2 'dynamically linked program.*build it -static' "$H" native "$N/dynamic"
expect native_high_link 2 'segment 0 \[0x10000000, .*link it with -Wl,-Ttext-segment=0x400000' \
  "$H" native "$N/highlink"
expect native_no_program 2 'no program given' "$H" native
expect native_help 0 'usage: hwprof native' "$H" native --help

echo "native: $fails failed"
[ "$fails" -eq 0 ]
