#!/usr/bin/env bash
# tests/test_superblocks.sh - superblocks formed from the IP's hot blocks
# (dbt/superblock.c): with them, every program still behaves as under qemu-mips,
# and every block count stays exact (hw = sw = the runtime's own count of entries,
# and equal to qemu-mips's per-instruction counts on the program's own code);
# superblocks are really formed, loop back to their heads, and run in fewer
# simulated cycles than the same blocks without them.  Prints PASS/FAIL lines for
# tests/run.sh.
set -u
B=${BUILD:-build}
HW=$B/hwprof
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$tmp/out
fails=0

. tests/expect.sh

# --- every workload, and every C guest program at -O2: hw vs sw vs qemu-mips with
# superblocks formed at a low threshold (many of them, cold paths included).
for w in "$B"/workloads/*; do
  name=$(basename "$w")
  expect "superblocks: compare $name test" 0 'result +every difference accounted for' \
    "$HW" compare --superblocks 500 --json "$tmp/$name.json" "$w" test
  expect "superblocks: $name own code equal to qemu-mips" 0 '"own_differ":0,' \
    cat "$tmp/$name.json"
done
for g in "$B"/guest/*-O2; do
  expect "superblocks: compare $(basename "$g")" 0 'result +every difference accounted for' \
    "$HW" compare --superblocks 50 "$g"
done

# --- they are formed, and the per-block figures of the run agree with each other
p=$B/workloads/gzip
expect "superblocks: formed in a run" 0 'superblocks +[1-9][0-9]* formed' \
  "$HW" run --profile all --threshold 1000 --superblocks --stats --json "$tmp/sb.json" "$p" test
check_counts() {
  python3 - "$tmp/sb.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
blocks = j["blocks"]
assert all(b["hw"] == b["sw"] == b["count"] for b in blocks), "hw, sw and entries differ"
assert sum(b["count"] * b["insns"] for b in blocks) == j["guest_insns"]
assert j["ip"]["events"] == j["blocks_executed"] and j["ip"]["events_lost"] == 0
print("counts exact: %d blocks" % len(blocks))
PY
}
expect "superblocks: hw = sw = entries" 0 'counts exact' check_counts

# The dump shows each superblock and its members; a loop's superblock branches
# back to its own head.
expect "superblocks: run with --dump" 0 '' \
  "$HW" run --profile hw --threshold 1000 --superblocks --quiet --dump "$tmp/dump" \
  "$B/guest/sort-O2"
expect "superblocks: the dump shows one looping to its head" 0 '^superblock 0x.*loops to' \
  cat "$tmp/dump"

# --- fewer simulated cycles than the same run without them (both hw profiled).
cycles() { "$HW" run --stats "$@" 2>&1 >/dev/null | awk '/simulated CPU cycles/ { print $5 }'; }
c0=$(cycles --profile hw --threshold 1000 "$p" test)
c1=$(cycles --profile hw --threshold 1000 --superblocks "$p" test)
if [ -n "$c0" ] && [ -n "$c1" ] && [ "$c1" -lt "$c0" ]; then
  echo "PASS: superblocks: fewer cycles ($c1 against $c0)"
else
  echo "FAIL: superblocks: cycles with them '$c1', without '$c0'"
  fails=$((fails + 1))
fi

# --- usage
expect "superblocks: need a threshold" 2 'needs --threshold' \
  "$HW" run --profile hw --superblocks "$p" test
expect "superblocks: compare needs a threshold" 2 'threshold, 1..' \
  "$HW" compare --superblocks 0 "$p" test

[ "$fails" -eq 0 ]
