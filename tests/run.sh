#!/usr/bin/env bash
# tests/run.sh - runs every test given (binaries and scripts), adds up their PASS/FAIL
# lines, prints the ten slowest tests with their seconds, and ends with
# "N passed, N failed".  A test that exits non-zero without printing a FAIL line (a
# crash, a failed RTL assertion) counts as one failed test.
#
#   tests/run.sh [-j N] TEST...
#
# -j N (or HWPROF_TEST_JOBS=N) runs up to N tests at once.  Each test's output is
# kept apart and printed whole when it ends, so the log reads as a serial run's does,
# in the order the tests finish.  Tests are started in the order given: give the
# longest first, so that the short ones fill the gaps beside them.
set -u
jobs=${HWPROF_TEST_JOBS:-1}
if [ "${1:-}" = -j ]; then
  jobs=${2:?-j needs a number}
  shift 2
fi
case $jobs in '' | *[!0-9]* | 0) echo "run.sh: -j takes a positive number, not '$jobs'" >&2; exit 2 ;; esac

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
t_all=$(date +%s)

# One test: its output to $dir/N.log, then "rc seconds" to $dir/N.done.
run_one() {
  local n=$1 t=$2 t0 rc
  t0=$(date +%s%N)
  "$t" >"$dir/$n.log" 2>&1
  rc=$?
  echo "$rc $(($(date +%s%N) - t0))" >"$dir/$n.done"
}

passed=0
failed=0
times=()
# Reports one finished test (its log, its counts) and forgets it.
report() {
  local n=$1 name=$2 rc ns p f
  read -r rc ns <"$dir/$n.done"
  echo "== $name"
  cat "$dir/$n.log"
  p=$(grep -c '^PASS: ' "$dir/$n.log")
  f=$(grep -c '^FAIL: ' "$dir/$n.log")
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "FAIL: $name exited with status $rc"
    f=1
  fi
  passed=$((passed + p))
  failed=$((failed + f))
  times+=("$((ns / 1000000000)).$(printf '%03d' $(((ns / 1000000) % 1000)))	$name")
  rm -f "$dir/$n.log" "$dir/$n.done"
}

names=()
running=()
n=0
for t in "$@"; do
  names[n]=${t#*/tests/}
  run_one "$n" "$t" &
  running+=("$n")
  n=$((n + 1))
  # At the limit: wait for one to end, report every one that has.
  while [ ${#running[@]} -ge "$jobs" ]; do
    wait -n 2>/dev/null || true
    still=()
    for r in "${running[@]}"; do
      if [ -e "$dir/$r.done" ]; then report "$r" "${names[r]}"; else still+=("$r"); fi
    done
    running=("${still[@]}")
  done
done
wait
for r in "${running[@]}"; do report "$r" "${names[r]}"; done

echo "== the ten slowest tests (seconds, of $(($(date +%s) - t_all)) s in all, $jobs at a time)"
printf '%s\n' "${times[@]}" | sort -t'	' -k1,1 -rn | head -n 10 |
  awk -F'\t' '{ printf "%9.1f  %s\n", $1, $2 }'
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
