#!/usr/bin/env bash
# tests/repo/test_build.sh - the build itself: every variable that a rule names is defined
# before make reads the rule (so no target runs without its prerequisites, whatever
# the order of the fragments), and the top-level targets that run programs list
# every program they run, and make test runs every test.  The prerequisites are read from make's own database
# (make -p), as make expanded them.  Prints PASS/FAIL lines for tests/run.sh.
set -u
# A make of its own, not a part of the make that runs the tests.
unset MAKEFLAGS MFLAGS MAKELEVEL
B=${BUILD:-build}
out=$(mktemp)
db=$(mktemp)
trap 'rm -f "$out" "$db"' EXIT
fails=0

. tests/e2e/expect.sh

expect make_no_undefined_variables 0 'every variable is defined before it is used' \
  make --no-print-directory -s lint-make

# The prerequisites of TARGET as make read them (make -p prints "TARGET: PREREQ...").
make --no-print-directory -pq BUILD="$B" lint-make-parse >"$db" 2>/dev/null
prereqs() { awk -v t="$1:" '$1 == t { $1 = ""; print; exit }' "$db"; }

# verdict NAME WHAT MISSING: PASS when nothing is missing, else FAIL naming it.
verdict() {
  if [ -z "$3" ]; then
    echo "PASS: $1"
  else
    echo "FAIL: $1: $2$3"
    fails=$((fails + 1))
  fi
}

# needs TARGET FILE...: TARGET's prerequisites name every FILE.
needs() {
  local target=$1 missing="" f
  shift
  local have=" $(prereqs "$target") "
  for f in "$@"; do
    case "$have" in *" $f "*) ;; *) missing="$missing $f" ;; esac
  done
  verdict "${target}_prerequisites" missing "$missing"
}

workloads=$(for f in workloads/*.c; do w=${f#workloads/}; echo "$B/workloads/${w%.c}"; done)
natives=$(for f in workloads/*.c; do w=${f#workloads/}; echo "$B/workloads-ppc405/${w%.c}"; done)
guests_o2=$(for f in tests/guest/*.c; do g=${f#tests/guest/}; echo "$B/guest/${g%.c}-O2"; done)
# shellcheck disable=SC2086 # the lists split into one file per word
{
  needs demo "$B/hwprof" "$B/qemu-count.so" $workloads $natives
  needs bench-train "$B/hwprof" "$B/qemu-count.so" $workloads $natives
  needs bench-dbt "$B/hwprof" $guests_o2
  needs test "$B/hwprof" "$B/qemu-count.so" $workloads $natives
  needs soak "$B/hwprof" "$B/qemu-count.so" $workloads
}

# Every test the repository holds is one that make test runs: each script and each unit
# test's binary (some built once per IP configuration) in TEST_ORDER.  Apart by design:
# tests/e2e/test_golden.sh pins one machine's figures; test_sweep_slurm.sh needs a
# Slurm it starts (make test-slurm); test_ppcfpu is run by tests/native/test_fpu.sh.
order=" $(awk '$1 == "TEST_ORDER" && $2 == ":=" { $1 = $2 = ""; print; exit }' "$db") "
missing=""
for f in tests/*/test_*.sh formal/run.sh tests/unit/test_*.c tests/unit/test_*.cpp; do
  case $f in
  tests/e2e/test_golden.sh | tests/e2e/test_sweep_slurm.sh | tests/unit/test_ppcfpu.c) continue ;;
  *.sh) want=" $f " ;;
  *) want="/$(basename "${f%.*}") " ;;
  esac
  case "$order" in *"$want"*) ;; *) missing="$missing $f" ;; esac
done
verdict make_test_runs_every_test "not in TEST_ORDER:" "$missing"

[ "$fails" -eq 0 ]
