#!/usr/bin/env bash
# tests/run.sh - runs every test binary given, adds up their PASS/FAIL lines, and
# ends with "N passed, N failed".  A binary that exits non-zero without printing
# a FAIL line (a crash, a failed RTL assertion) counts as one failed test.
set -u
passed=0
failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for t in "$@"; do
  name=${t#*/tests/}
  echo "== $name"
  "$t" >"$log" 2>&1
  rc=$?
  cat "$log"
  p=$(grep -c '^PASS: ' "$log")
  f=$(grep -c '^FAIL: ' "$log")
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "FAIL: $name exited with status $rc"
    f=1
  fi
  passed=$((passed + p))
  failed=$((failed + f))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
