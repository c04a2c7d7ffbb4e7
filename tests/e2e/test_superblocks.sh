#!/usr/bin/env bash
# tests/e2e/test_superblocks.sh - superblocks formed from the IP's hot blocks
# (dbt/superblock.c): with them, every program still behaves as under qemu-mips,
# and every block count stays exact (hw = sw = the runtime's own count of entries,
# and equal to qemu-mips's per-instruction counts on the program's own code);
# superblocks are really formed, loop back to their heads, and their code runs in
# fewer simulated cycles than the same blocks' unprofiled, and with fewer stores to
# the IP and instructions than the blocks' profiled.  Prints PASS/FAIL lines for
# tests/run.sh.
set -u
B=${BUILD:-build}
HW=$B/hwprof
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$tmp/out
fails=0

. tests/e2e/expect.sh

# --- every workload, and every C guest program at -O2: hw vs sw vs qemu-mips with
# superblocks formed at a low threshold (many of them, cold paths included).
for w in "$B"/workloads/*; do
  name=$(basename "$w")
  expect "superblocks: compare $name test" 0 'result +every difference accounted for' \
    "$HW" compare --superblocks 500 --json "$tmp/$name.json" "$w" test
  expect "superblocks: $name own code equal to qemu-mips" 0 '"own_differ":0,' \
    cat "$tmp/$name.json"
done
# Members with their own probes (--member-probes) count the same.
expect "superblocks: compare gzip test, members probed" 0 'result +every difference accounted for' \
  "$HW" compare --superblocks 500 --member-probes "$B/workloads/gzip" test
# A guest that dies inside a superblock (sbtrap.c: a trap, or with an argument a
# fault, on pass 3000 of a hot loop): the members after the fault were not entered
# on that pass, and the derived counts say so (hw = sw = entries).
for how in "" fault; do
  expect "superblocks: the run dies inside one${how:+ ($how)}" 0 'result +every difference accounted' \
    "$HW" compare --superblocks 50 "$B/guest/sbtrap-O2" $how
done
# The guest programs: each compares without superblocks, every difference accounted
# for (its calling contexts' functions too: the oracle's check of every -O2 guest's
# tree, for tests/e2e/test_cct.sh, which checks the other builds'), and superblocks
# change nothing that compare sees (its one-line summary is the same with them).  The
# runtime on the host, the fast check, for the suite's time: the workloads above ran on
# the board, and tests/e2e/test_runtime.sh runs every guest program with superblocks
# there (--runtime checked).
contexts() { # the plain run's calling contexts against qemu-mips's, from its JSON
  python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))["qemu"]
if not j.get("counted", True):
    print("not counted: the guest died")
else:
    assert j["cct_functions"] > 0 and j["cct_unaccounted"] == 0, j
    print("%d functions, 0 not accounted for" % j["cct_functions"])' "$1"
}
for g in "$B"/guest/*-O2; do
  name=$(basename "$g") cx=
  "$HW" compare --brief --runtime host --json "$tmp/plain.json" "$g" >"$tmp/plain" 2>&1
  rc0=$?
  "$HW" compare --brief --runtime host --superblocks 50 "$g" >"$tmp/sb" 2>&1
  rc1=$?
  if [ "$rc0" -eq 0 ] && [ "$rc1" -eq 0 ] && cmp -s "$tmp/plain" "$tmp/sb" &&
    grep -q ' identical ok$' "$tmp/plain" && cx=$(contexts "$tmp/plain.json" 2>&1); then
    echo "PASS: superblocks: compare $name ok, the same with them ($(tr -s ' ' <"$tmp/sb"); contexts vs qemu: $cx)"
  else
    echo "FAIL: superblocks: compare $name: exit $rc1 against $rc0 without superblocks ${cx:-}"
    cat "$tmp/plain" "$tmp/sb"
    fails=$((fails + 1))
  fi
done

# The simulated CPU cycles of a run.
cycles() { "$HW" run --stats "$@" 2>&1 >/dev/null | awk '/simulated CPU cycles/ { print $5 }'; }

# --- they are formed, and the per-block figures of the run agree with each other
p=$B/workloads/gzip
expect "superblocks: formed in a run" 0 'superblocks +[1-9][0-9]* formed' \
  "$HW" run --profile all --threshold 1000 --superblocks --stats --json "$tmp/sb.json" "$p" test
check_counts() {
  python3 - "$1" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
blocks = j["blocks"]
assert all(b["hw"] == b["sw"] == b["count"] for b in blocks), "hw, sw and entries differ"
assert sum(b["count"] * b["insns"] for b in blocks) == j["guest_insns"]
ip = j["ip"]
# Derived counts: the IP saw where the superblocks' passes left (and their indirect
# entries) instead of their members, far fewer events than the entries derived.
assert ip["derived_entries"] > 0 and ip["superblock_events"] < ip["derived_entries"], ip
assert ip["events"] == j["blocks_executed"] - ip["derived_entries"] + ip["superblock_events"]
assert ip["events_lost"] == 0
assert 0 < j["superblock_insns"] <= j["guest_insns"] and j["superblock_host_ms"] > 0
print("counts exact: %d blocks" % len(blocks))
PY
}
expect "superblocks: hw = sw = entries" 0 'counts exact' check_counts "$tmp/sb.json"
# A small code cache, refilled dozens of times: superblocks formed, flushed and
# formed again, each with words and counters of its own; the counts stay exact.
expect "superblocks: formed across cache refills" 0 'refills of the cache' \
  "$HW" run --profile all --threshold 50 --superblocks --code-cache 8192 --stats --json \
  "$tmp/refill.json" "$p" test
expect "superblocks: hw = sw = entries across refills" 0 'counts exact' \
  check_counts "$tmp/refill.json"

# sw: no IP; the counters are scanned for hot blocks.  sw = entries on every block.
expect "superblocks: sw profile" 0 'superblocks +[1-9][0-9]* formed' \
  "$HW" run --profile sw --threshold 1000 --superblocks --stats --json "$tmp/sw.json" "$p" test
check_sw() {
  python3 - "$tmp/sw.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["superblocks"], "no superblocks"
assert all(b["sw"] == b["count"] for b in j["blocks"]), "sw counters and entries differ"
print("sw counts exact")
PY
}
expect "superblocks: sw = entries" 0 'sw counts exact' check_sw
expect "superblocks: sw threshold needs them" 2 'or sw with --superblocks' \
  "$HW" run --profile sw --threshold 1000 "$p" test

# --- offline reuse: the same superblocks, formed from the report before the run
expect "superblocks-from: a profiled run" 0 'superblocks +[1-9][0-9]* formed' \
  "$HW" run --profile all --superblocks-from "$tmp/sb.json" --stats --json "$tmp/pgo.json" "$p" test
# Its host time: forming them before the run is the runtime's, in the total that the
# summary's parts come out of (it was not, and "else in the runtime" went below zero).
cp "$out" "$tmp/pgo.out"
expect "superblocks-from: the runtime's host time holds its parts" 0 \
  'host time, not cycles .* ms forming superblocks, .* [0-9]{1,7}\.[0-9] ms else in the runtime' \
  grep 'host time' "$tmp/pgo.out"
expect "superblocks-from: hw = sw = entries" 0 'counts exact' check_counts "$tmp/pgo.json"
same_superblocks() {
  python3 - "$tmp/sb.json" "$tmp/pgo.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert a["superblocks"] == b["superblocks"], "other superblocks"
assert [x["count"] for x in a["blocks"]] == [x["count"] for x in b["blocks"]], "other counts"
print("same superblocks: %d" % len(b["superblocks"]))
PY
}
expect "superblocks-from: the same superblocks, the same counts" 0 'same superblocks' \
  same_superblocks
# The superblocks' code is faster than the blocks': with the runtime on the host (on the
# board, at test size, forming them costs more than they save: the bench's speed-up).
c2=$(cycles --runtime host --profile none "$p" test)
c3=$(cycles --runtime host --profile none --superblocks-from "$tmp/sb.json" "$p" test)
if [ -n "$c2" ] && [ -n "$c3" ] && [ "$c3" -lt "$c2" ]; then
  echo "PASS: superblocks-from: fewer cycles unprofiled ($c3 against $c2)"
else
  echo "FAIL: superblocks-from: cycles with them '$c3', without '$c2'"
  fails=$((fails + 1))
fi
echo '{"superblocks":[{"blocks":["0x00000010"],"next":"0x00000010"}]}' >"$tmp/bad1.json"
expect "superblocks-from: a block outside the text" 2 'block 0x10 is not in the program' \
  "$HW" run --superblocks-from "$tmp/bad1.json" "$p" test
echo '{"superblocks":[{"blocks":["0x00400002"],"next":"0x00400002"}]}' >"$tmp/bad3.json"
expect "superblocks-from: a misaligned block" 2 'block 0x400002 is not word-aligned' \
  "$HW" run --superblocks-from "$tmp/bad3.json" "$p" test
echo '{"superblocks":[{"blocks":"0x400000"}]}' >"$tmp/bad2.json"
expect "superblocks-from: a malformed list" 2 'superblock 1: wants "blocks"' \
  "$HW" run --superblocks-from "$tmp/bad2.json" "$p" test
expect "superblocks-from: not JSON" 2 'not JSON' \
  "$HW" run --superblocks-from tests/run.sh "$p" test
expect "superblocks-from: no file" 2 'No such file' \
  "$HW" run --superblocks-from "$tmp/none.json" "$p" test

# A hot block that never runs again (the first loop of hotloops.c turns hot on its
# last pass) holds up no other: the second loop gets its superblock.
# The second loop's head is the last block to turn hot; it must head a superblock
# (libc's start-up code may add others: how many depends on the environment's size).
"$HW" run --profile hw --threshold 1000 --superblocks --quiet --json "$tmp/hotloops.json" \
  "$B/guest/hotloops-O2" >/dev/null 2>&1
tr -d '\n ' <"$tmp/hotloops.json" >"$tmp/hotloops.flat"
last_hot=$(grep -o '"hot":\[[^]]*\]' "$tmp/hotloops.flat" | grep -o '"pc":"0x[0-9a-f]*"' | tail -1 |
  cut -d'"' -f4)
expect "superblocks: a hot block that never runs again holds up none" 0 \
  "\"superblocks\":\\[.*\"head\":\"${last_hot:-none}\"" cat "$tmp/hotloops.flat"

# The dump shows each superblock and its members; a loop's superblock branches
# back to its own head.
expect "superblocks: run with --dump" 0 '' \
  "$HW" run --profile hw --threshold 1000 --superblocks --quiet --dump "$tmp/dump" \
  "$B/guest/sort-O2"
expect "superblocks: the dump shows one looping to its head" 0 '^superblock 0x.*loops to' \
  cat "$tmp/dump"
# A loop whose last member's conditional branch goes back to the head ends in that
# branch itself, a bc back to the head's body after the end's probe (dbt/branch.c,
# loop_back), not in a side exit for the loop's exit and a b back.
loop_backs() {
  python3 - "$tmp/dump" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().split("\n")
back = plain = 0
for i, l in enumerate(lines):
    m = re.match(r"superblock 0x[0-9a-f]+: (\d+) blocks at .*loops to", l)
    if not m:
        continue
    body = re.match(r"block 0x[0-9a-f]+: .* at 0x([0-9a-f]+)", lines[i + 1]).group(1)
    code, members = [], 0
    for k in lines[i + 1:]:
        if k.startswith("block "):
            members += 1
        if k.startswith("superblock ") or members > int(m.group(1)) or k.startswith("  out of"):
            break
        code.append(k.split("|")[-1].split()[2:] if "|" in k else [])
    ops = [" ".join(c) for c in code if c]
    target = "0x%x" % int(body, 16)
    bc = [j for j, o in enumerate(ops) if re.match(r"b(eq|ne|lt|ge|gt|le)[+-]? cr\d, " + target + "$", o)]
    if bc:
        assert re.match(r"stb r0, .*\(r5\)", ops[bc[-1] - 1]), "no end probe before %s" % ops[bc[-1]]
        assert ops[bc[-1] + 1].startswith("b 0x"), "no exit after the branch back"
        back += 1
    elif ops and ops[-1] == "b " + target:
        plain += 1
assert back, "no loop's branch goes back itself"
print("%d loops branch back by their own bc, %d by a b" % (back, plain))
PY
}
expect "superblocks: a loop's last branch goes back to its head itself" 0 'by their own bc' loop_backs

# --- the code-growth budget (superblock.c): with none, no loop is unrolled and no
# path runs through an earlier superblock's head; with plenty, loops are unrolled;
# counts exact either way.  The default is an eighth of the board's 16 KB
# instruction cache, no limit with the caches off.
expect "superblocks: --sb-budget 0" 0 'budget 0\)' \
  "$HW" run --profile all --superblocks --sb-budget 0 --stats --json "$tmp/b0.json" "$p" test
expect "superblocks: --sb-budget 0, hw = sw = entries" 0 'counts exact' check_counts "$tmp/b0.json"
"$HW" run --profile hw --superblocks --sb-budget 1000000 --quiet --json "$tmp/bbig.json" "$p" test \
  >/dev/null 2>&1
check_budget() {
  python3 - "$tmp/b0.json" "$tmp/bbig.json" <<'PY'
import json, sys
none, big = (json.load(open(f)) for f in sys.argv[1:3])
heads = set()
for s in none["superblocks"]:
    b = s["blocks"]
    assert len(set(b)) == len(b), "unrolled with no budget: %s" % s["head"]
    assert not heads & set(b[1:]), "through an earlier head with no budget: %s" % s["head"]
    heads.add(s["head"])
assert none["superblock_budget"] == 0 and none["superblock_bytes"] > 0
assert any(len(set(s["blocks"])) < len(s["blocks"]) for s in big["superblocks"]), "none unrolled"
assert big["superblock_dup_bytes"] > none["superblock_dup_bytes"], "no more duplication"
assert big["superblock_budget"] == 1000000
print("budget kept: %d superblocks, %d and %d bytes duplicated" % (
    len(none["superblocks"]), none["superblock_dup_bytes"], big["superblock_dup_bytes"]))
PY
}
expect "superblocks: the budget limits duplication" 0 'budget kept' check_budget
# Once the budget is spent a path ends at a member of another superblock too, which heads
# one of its own (tests/guest/asm/tail.S: a loop whose second phase goes another way into
# the first phase's tail): with none, the second phase's path ends at the tail, and the
# tail heads a superblock; with plenty, the second phase's superblock copies it.
budgets() { # NAME PROG: $tmp/NAME0.json and NAME1000000.json, no budget and plenty
  for b in 0 1000000; do
    "$HW" run --profile hw --superblocks --sb-budget $b --quiet --json "$tmp/$1$b.json" \
      "$2" >/dev/null 2>&1
  done
}
budgets tail "$B/guest/asm/tail"
check_tail() {
  python3 - "$tmp/tail0.json" "$tmp/tail1000000.json" <<'PY'
import json, sys
def shape(f):
    sbs = json.load(open(f))["superblocks"]
    members = [set(s["blocks"]) - {s["head"]} for s in sbs]
    headed = [s["head"] for s in sbs if any(s["head"] in m for m in members)]
    shared = {b for i, m in enumerate(members) for b in m if any(
        b in set(t["blocks"]) for j, t in enumerate(sbs) if j != i)}
    return sbs, headed, shared
none, headed0, _ = shape(sys.argv[1])
big, headed1, shared1 = shape(sys.argv[2])
assert len(none) == 3 and headed0, "no budget: the tail heads its own: %s" % none
assert not headed1 and shared1, "plenty: the tail copied, heading none: %s" % big
print("the common tail: its own superblock with no budget, copied with plenty")
PY
}
expect "superblocks: a path ends at another superblock's member once the budget is spent" 0 \
  'its own superblock with no budget' check_tail
# A path stays in its function: it ends after a call or a return, whatever the budget
# (tests/guest/shared.c: a function called from two loops heads a superblock of its own,
# and no superblock has blocks of both).
budgets shared "$B/guest/shared-O2"
check_shared() {
  python3 - "$tmp/shared0.json" "$tmp/shared1000000.json" <<'PY'
import json, sys
for f in sys.argv[1:3]:
    d = json.load(open(f))
    fn = {b["pc"]: b["function"] for b in d["blocks"]}
    paths = [[fn.get(b) for b in s["blocks"]] for s in d["superblocks"]]
    assert ["mix"] in [p[:1] for p in paths], "mix heads none: %s" % paths
    assert all(len(set(p)) == 1 for p in paths), "a path leaves its function: %s" % paths
    assert sum(p[0] == "main" for p in paths) >= 2, "a loop without its superblock: %s" % paths
print("the shared function: its own superblock, no path through a call or a return")
PY
}
expect "superblocks: a path ends after a call or a return" 0 \
  'no path through a call or a return' check_shared
expect "superblocks: the default budget, an eighth of the instruction cache" 0 \
  'superblock code .* duplicated \(budget 2048\)' \
  "$HW" run --profile hw --superblocks --stats --quiet "$p" test
expect "superblocks: no budget with the caches off" 0 'duplicated \(no limit\)' \
  "$HW" run --profile hw --superblocks --caches off --stats --quiet "$p" test
expect "superblocks: --sb-budget takes bytes" 2 'sb-budget' \
  "$HW" run --profile hw --superblocks --sb-budget lots "$p" test

# --- what they save, both runs hw profiled, the runtime on the host (whose work is not in
# the cycles): fewer stores to the IP (the members' counts derived) and fewer PowerPC
# instructions (no chain branch between members).  Not fewer cycles on gzip at test size
# since plain blocks' branches are predicted as the guest's code goes (2026-11-30):
# superblocks: the bench at train size, docs/superblocks.md.
saved() { # "stores instructions" of a run
  "$HW" run --stats "$@" 2>&1 >/dev/null |
    awk '/profile stores/ { s = $4 } /PowerPC instructions/ { i = $4 } END { print s, i }'
}
read -r s0 i0 <<<"$(saved --runtime host --profile hw --threshold 1000 "$p" test)"
read -r s1 i1 <<<"$(saved --runtime host --profile hw --threshold 1000 --superblocks "$p" test)"
if [ -n "$i0" ] && [ -n "$i1" ] && [ "$s1" -lt "$s0" ] && [ "$i1" -lt "$i0" ]; then
  echo "PASS: superblocks: fewer stores to the IP ($s1 against $s0) and instructions ($i1 against $i0)"
else
  echo "FAIL: superblocks: stores to the IP '$s1' against '$s0', instructions '$i1' against '$i0'"
  fails=$((fails + 1))
fi

# --- the state's words held in registers (dbt/held.c, tests/guest/asm/held.S) inside
# superblocks too: every path made one at threshold 1, members falling into members
# (what is held carries on), its loop's back edge to the body (where nothing is).
expect "superblocks: the state's words held, the output qemu-mips's" 0 \
  'result +every difference accounted for' \
  "$HW" compare --superblocks 1 "$B/guest/asm/held"

# --- side exits predicted from the counts (tests/guest/asm/predict.S): of its two loops'
# side exits that turn hot, the one taken more often than the path went on past it is
# predicted taken from then on, the other keeps its prediction; the same on the board and
# on the host, the output qemu-mips's, the counts exact (what the flips save is
# measured by the bench: docs/superblocks.md).
g=$B/guest/asm/predict
for rt in board host; do
  for prof in hw all; do
    expect "superblocks: side exits predicted from the counts ($rt, $prof)" 0 \
      'superblock side exits +2 turned hot, 1 of them taken more often than the path went on' \
      "$HW" run --runtime "$rt" --stats --quiet --profile "$prof" --superblocks --threshold 100 \
      --sb-budget 0 --json "$tmp/predict-$rt.json" "$g"
  done
  expect "superblocks: predicted side exits, hw = sw = entries ($rt)" 0 'counts exact' \
    check_counts "$tmp/predict-$rt.json"
done
expect "superblocks: predicted side exits, the output qemu-mips's" 0 \
  'result +every difference accounted for' \
  "$HW" compare --superblocks 100 "$g"
same_predictions() {
  python3 - "$tmp/predict-board.json" "$tmp/predict-host.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
for k in ("superblock_exits_hot", "superblock_exits_taken"):
    assert a[k] == b[k], (k, a[k], b[k])
print("the same predictions: %d hot, %d taken" % (a["superblock_exits_hot"], a["superblock_exits_taken"]))
PY
}
expect "superblocks: predicted side exits, the board's = the host's" 0 'the same predictions' \
  same_predictions

# --- usage
expect "superblocks: the default threshold" 0 'superblocks +[1-9][0-9]* formed' \
  "$HW" run --profile hw --superblocks --stats --quiet "$p" test
expect "superblocks: need a profile" 2 'needs --profile hw, sw or all' \
  "$HW" run --superblocks "$p" test
expect "superblocks: compare needs a threshold" 2 'superblocks is 1\.\.4294967295' \
  "$HW" compare --superblocks 0 "$p" test

[ "$fails" -eq 0 ]
