#!/usr/bin/env bash
# tests/e2e/test_syscalls.sh - system-call records (IP 1.4): a count per (call site,
# number).  The IP's records (hw, all: translated code stores the site and the
# number on its way to the runtime's system-call exit) equal the runtime's own
# count (the sw profile's records) pair for pair, with nothing lost, including a
# program with more pairs than the IP's table holds (it is drained at run time, by
# the host's handler or, with --runtime board, by the board's); each mode's JSON has the fields it should; the summary lists them.  qemu-mips's
# own count per pair is checked by 'hwprof compare' (test_workloads.sh and the
# guests below), but for the calls the runtime refuses as unsupported, which it
# reports apart (and its messages apart from the guest's output).  Prints
# PASS/FAIL for tests/run.sh.
set -u
B=${BUILD:-build}
HW=$B/hwprof
G=$B/guest
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$tmp/out
fails=0

. tests/e2e/expect.sh

# check NAME JSON MODE [PAIRS CALLS]: the JSON's system calls, as MODE gives them.
check() {
  if python3 - "$2" "$3" "${4:-}" "${5:-}" <<'PY'; then
import json, sys
j = json.load(open(sys.argv[1]))
mode, pairs, calls = sys.argv[2], sys.argv[3], sys.argv[4]
rows = j["syscalls"]
assert rows, "no system calls"
keys = [(r["site"], r["number"]) for r in rows]
assert len(set(keys)) == len(keys), "a pair listed twice"
total = sum(r["count"] for r in rows)
if pairs:
    assert len(rows) == int(pairs), (len(rows), pairs)
if calls:
    assert total == int(calls), (total, calls)
for r in rows:
    assert r["count"] > 0, r
    assert ("hw" in r) == (mode in ("hw", "all")), (mode, r)
    assert ("sw" in r) == (mode in ("sw", "all")), (mode, r)
    if "hw" in r:
        assert r["hw"] == r["count"], ("the IP's count differs", r)
    if "sw" in r:
        assert r["sw"] == r["count"], r
if mode in ("hw", "all"):
    ip = j["ip"]
    assert ip["syscalls_lost"] == 0, ip
    assert ip["syscalls_recorded"] == total, (ip["syscalls_recorded"], total)
names = {r["number"]: r["name"] for r in rows}
assert names.get(4246) == "exit_group", names
print("%d pairs, %d calls" % (len(rows), total))
PY
    echo "PASS: $1"
  else
    echo "FAIL: $1"
    fails=$((fails + 1))
  fi
}

for m in hw sw all; do
  "$HW" run --quiet --profile "$m" --json "$tmp/fileio-$m.json" "$G/fileio-O2" >/dev/null 2>&1
  check "syscalls_fileio_$m" "$tmp/fileio-$m.json" "$m"
done
# The three modes see the same pairs, in the same order.
expect syscalls_same_in_every_mode 0 'same' sh -c '
  for m in hw sw all; do
    python3 -c "import json,sys; print([(r[\"site\"], r[\"number\"], r[\"count\"]) for r in json.load(open(sys.argv[1]))[\"syscalls\"]])" "$1/fileio-$m.json"
  done | uniq | wc -l | grep -qx 1 && echo same' sh "$tmp"

# 40 sites x getpid 3 times, getuid once, exit_group: 42 pairs, more than the table's
# 32 entries, so the interrupt handler drains it while the program runs.
"$HW" run --quiet --profile all --json "$tmp/many.json" "$G/dbt/manysys" >/dev/null 2>&1
check syscalls_more_pairs_than_the_table "$tmp/many.json" all 42 122
expect syscalls_table_drained 0 'drained' python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
assert j["ip"]["interrupts"] >= 2, j["ip"]
assert all(r["count"] == 3 for r in j["syscalls"] if r["number"] == 4020)
print("drained: %d interrupts" % j["ip"]["interrupts"])' "$tmp/many.json"
# ... and with the interrupt handler's drains on the board (firmware/irq.c): the board
# drains the table into a list of its own, which readout takes: the same pairs.
"$HW" run --quiet --runtime board --profile all --json "$tmp/many-board.json" "$G/dbt/manysys" \
  >/dev/null 2>&1
check syscalls_drained_on_the_board "$tmp/many-board.json" all 42 122
expect syscalls_board_as_host 0 'same pairs' python3 -c '
import json, sys
h, b = (json.load(open(p)) for p in sys.argv[1:3])
rows = lambda j: [(r["site"], r["number"], r["count"], r["hw"]) for r in j["syscalls"]]
assert rows(h) == rows(b), (rows(h), rows(b))
assert b["ip"]["interrupts"] >= 2 and b["runtime"]["irq_calls"] >= b["ip"]["interrupts"], b
print("same pairs, %d drains on the board" % b["runtime"]["irq_calls"])' "$tmp/many.json" \
  "$tmp/many-board.json"
# An unknown system call is recorded too (the number as the guest made it).
"$HW" run --quiet --profile hw --json "$tmp/nosys.json" "$G/dbt/nosys" >/dev/null 2>&1
expect syscalls_unknown_number 0 'recorded' python3 -c '
import json, sys
r = [r for r in json.load(open(sys.argv[1]))["syscalls"] if r["number"] == 4999]
assert len(r) == 2 and all(x["count"] == 1 and x["hw"] == 1 and x["name"] is None for x in r), r
print("recorded")' "$tmp/nosys.json"
# The summary.
expect syscalls_summary 0 'system calls +122 at 42 \(site, number\) pairs; the IP.s records: 0 differ, 0 lost' \
  "$HW" run --profile all "$G/dbt/manysys"
# Against qemu-mips: every pair's count, in 'hwprof compare'.
expect syscalls_compare_qemu 0 'system calls vs qemu +42 pairs, 122 calls under qemu-mips; 0 pairs differ' \
  "$HW" compare "$G/dbt/manysys"
expect syscalls_compare_none_refused 0 '^refused by runtime +none$' "$HW" compare "$G/dbt/manysys"
# A call the runtime refuses as unsupported (-ENOSYS) is reported apart, not as a
# difference (issue 43): nosys's 4999, which qemu-mips's plugin never sees.
expect syscalls_compare_refused 0 \
  '^refused by runtime +4999 x2 \(qemu-mips: none\): unsupported here \(-ENOSYS\), not compared$' \
  "$HW" compare --json "$tmp/nosys-cmp.json" "$G/dbt/nosys"
cp "$out" "$tmp/nosys-cmp.txt"
expect syscalls_compare_refused_passes 0 '^result +every difference accounted for' \
  cat "$tmp/nosys-cmp.txt"
expect syscalls_compare_refused_json 0 \
  '"syscall_refused":\[\{"number":4999,"name":null,"here":2,"qemu":0\}\]' cat "$tmp/nosys-cmp.json"
# malloc's realloc calls mremap, which the runtime may refuse: its messages are
# not the guest's output, the refused calls not a difference; every number
# refused has its message.
expect syscalls_compare_malloc 0 '^result +every difference accounted for' \
  "$HW" compare --keep "$tmp/malloc" --json "$tmp/malloc.json" "$G/malloc-O2"
expect syscalls_compare_malloc_output 1 '^0$' grep -c '^hwprof:' "$tmp/malloc/hwprof.out"
expect syscalls_compare_malloc_refusals_named 0 'named' python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
for r in j["syscall_refused"]:
    want = "hwprof: unsupported system call %d (%s) at pc " % (r["number"], r["name"])
    assert any(m.startswith(want) for m in j["runtime_messages"]), (r, j["runtime_messages"])
    assert r["here"] > 0, r
print("named: %d refused" % len(j["syscall_refused"]))' "$tmp/malloc.json"

exit $((fails > 0))
