#!/usr/bin/env bash
# tests/e2e/test_runtime.sh - the translator on the board (--runtime board, checked;
# dbt/onboard.c, firmware/xlate.h): the PPC405 build of the translator core emits the
# host's PowerPC code byte for byte (--runtime checked translates every block and
# superblock on the board, then on the host in the same place, and stops the run at
# the first byte, insn_of entry, result or far word that differs) on every workload
# and every -O2 C and assembly guest program, all profiles and superblocks on, and Lua
# (thousands of far event words given on the board); the dispatcher's lookups and
# patches, made on the board in every board run (firmware/dispatch.c), and its path
# recorder's paths (firmware/record.c) agree with the host's in all of these runs (the
# runtime stops the run where they do not); a run on the board counts every block as
# the host's run does and costs the cycles it reports; the heads the board chooses
# (firmware/heads.c) are the runtime's, with a plan's superblocks too; a translator, a
# dispatcher, a recorder or a choice of heads that differs is caught; a missing image is
# a clear error.
# Prints PASS/FAIL lines for tests/run.sh.
set -u
B=${BUILD:-build}
HW=$B/hwprof
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$tmp/out
fails=0

. tests/e2e/expect.sh

# --- the same bytes: every workload (both profiles' probes, superblocks at a low
# threshold, so that many are formed on the board) ...
for w in "$B"/workloads/*; do
  name=$(basename "$w")
  expect "runtime: $name test, checked, all profiles, superblocks at 200" 0 \
    '"runtime":\{"where":"checked","translate_cycles":[1-9][0-9]*,"superblock_cycles":[1-9]' \
    "$HW" run --quiet --runtime checked --profile all --threshold 200 --superblocks --json /dev/stdout \
    "$w" test
done
# ... and the guest programs, their output as qemu-mips's (tests/guest/compare.sh).
for g in "$B"/guest/*-O2 "$B"/guest/asm/*; do
  [ -x "$g" ] || continue
  if tests/guest/compare.sh "$HW run --runtime checked --profile all --threshold 50 --superblocks" \
    "$g" >"$out" 2>&1; then
    echo "PASS: runtime: checked: $(head -1 "$out" | sed 's/^PASS: //')"
  else
    echo "FAIL: runtime: checked: $(basename "$g")"
    sed 's/^/    /' "$out" | head -20
    fails=$((fails + 1))
  fi
done

# ... and Lua on a short script: thousands of blocks beyond r5's reach, each given a far
# event word by the translator on the board, in the board's table (translate.h).
expect "runtime: lua compare.lua, checked, hw, superblocks: far words on the board" 0 \
  'far event words +[1-9][0-9]{3,} blocks' \
  bash -c "cd tests/real && '$(cd "$B" && pwd -P)/hwprof' run --quiet --stats --runtime checked \
    --profile hw --superblocks --threshold 500 '$(cd "$B" && pwd -P)/real/lua' compare.lua >/dev/null"

# --- counts: the board's run and the host's count every block the same (both
# profiles, superblocks formed), and the board's costs what it says it does.
g=$B/workloads/gzip
for rt in host board; do
  "$HW" run --quiet --runtime $rt --profile all --superblocks --threshold 500 --json "$tmp/$rt.json" "$g" test \
    >/dev/null 2>"$tmp/$rt.err" || echo "(the $rt run exited $?)" >>"$tmp/$rt.err"
done
if python3 - "$tmp/host.json" "$tmp/board.json" >"$out" 2>&1 <<'EOF'; then
import json, sys
h, b = (json.load(open(p)) for p in sys.argv[1:3])
key = lambda j: {x["pc"]: (x["count"], x["hw"], x["sw"]) for x in j["blocks"]}
kh, kb = key(h), key(b)
assert kh == kb, "block counts differ: %d blocks against %d, e.g. %s" % (
    len(kh), len(kb), next((p for p in kh if kh[p] != kb.get(p)), None))
assert all(c == hw == sw for c, hw, sw in kh.values()), "hw, sw and entries differ"
for k in ("guest_insns", "blocks_executed", "distinct_blocks", "exit_status"):
    assert h[k] == b[k], "%s: %s against %s" % (k, h[k], b[k])
r = b["runtime"]
assert h["runtime"]["calls"] == 0 and r["calls"] > 0, "calls on the board: %s" % r
assert r["translate_cycles"] > 0 and r["superblock_cycles"] > 0, r
assert h["runtime"]["dispatch_calls"] == 0 and r["dispatch_calls"] > r["calls"], r
assert r["dispatch_cycles"] > 50 * r["dispatch_calls"], r
assert b["cycles"] > h["cycles"] + r["translate_cycles"] // 2, (b["cycles"], h["cycles"], r)
print("%d blocks, counts equal; cycles %d on the board (translating %d, superblocks %d, "
      "dispatcher %d) against %d" % (len(kh), b["cycles"], r["translate_cycles"],
                                      r["superblock_cycles"], r["dispatch_cycles"], h["cycles"]))
EOF
  echo "PASS: runtime: gzip on the board and on the host: $(tail -1 "$out")"
else
  echo "FAIL: runtime: gzip on the board and on the host"
  sed 's/^/    /' "$out" "$tmp/host.err" "$tmp/board.err" | tail -20
  fails=$((fails + 1))
fi
# Where the runtime's cycles go (--runtime-profile, sim/vboard_prof.c, tools/rtprof.c): the
# image's functions add up to the cycles of the board's calls (exactly without an
# interrupt; with one, the handler's entry, which the board charges at a block boundary,
# is not in a function), and profiling changes no cycle of the run.
for m in none hw; do
  sb=$([ $m = hw ] && echo --superblocks)
  # shellcheck disable=SC2086 # $sb is one option or none
  "$HW" run --quiet --profile $m $sb --json "$tmp/rp-$m.json" "$g" test >/dev/null 2>&1
  # shellcheck disable=SC2086
  "$HW" run --quiet --profile $m $sb --runtime-profile "$tmp/rp-$m.txt" --json "$tmp/rpp-$m.json" \
    "$g" test >/dev/null 2>&1
done
expect "runtime: --runtime-profile: the image's functions are the board's calls' cycles" 0 \
  'none [1-9][0-9]* = [1-9][0-9]*, hw\+sb [1-9][0-9]* of [1-9][0-9]*' python3 -c '
import json, re, sys
out = []
for m, name in (("none", "none"), ("hw", "hw+sb")):
    plain, prof = (json.load(open(sys.argv[1] + "/%s-%s.json" % (k, m))) for k in ("rp", "rpp"))
    assert plain["cycles"] == prof["cycles"], ("profiling moved the run", plain["cycles"], prof["cycles"])
    text = open(sys.argv[1] + "/rp-%s.txt" % m).read().splitlines()
    run, image = map(int, re.search(r"the run (\d+) cycles; the image (\d+)", text[2]).groups())
    assert run == prof["cycles"], (run, prof["cycles"])
    rows = [l.split() for l in text[4:]]
    names = {r[0] for r in rows}
    assert {"dbt_translate", "xlate_dispatch"} <= names, sorted(names)[:20]
    assert sum(int(r[-6]) for r in rows) == image, "the functions do not add up to the image"
    r = prof["runtime"]
    calls = r["translate_cycles"] + r["superblock_cycles"] + r["dispatch_cycles"]
    if m == "none":
        assert image == calls and r["irq_cycles"] == 0, (image, calls, r)
        out.append("none %d = %d" % (image, calls))
    else:
        assert calls < image <= calls + r["irq_cycles"], (image, calls, r["irq_cycles"])
        out.append("hw+sb %d of %d" % (image, calls + r["irq_cycles"]))
print(", ".join(out))
' "$tmp"
expect "runtime: --runtime-profile needs the runtime on the board" 2 \
  'runtime-profile needs --runtime board or checked' \
  "$HW" run --quiet --runtime host --runtime-profile /dev/null "$g" test
# A 64 KiB code cache, refilled three times: the dispatcher on the board starts a new
# generation of its map at each flush, and counts, as the host's run does, every block.
# host_and_board NAME PROGRAM OPTIONS...: PROGRAM (test size) on the host and on the board
# with the options given: $tmp/NAME-host.json and $tmp/NAME-board.json.
host_and_board() {
  local name=$1 prog=$2 rt
  shift 2
  for rt in host board; do
    "$HW" run --quiet --runtime $rt "$@" --json "$tmp/$name-$rt.json" "$prog" test >/dev/null 2>&1
  done
}
host_and_board cc "$g" --code-cache 65536 --profile hw --superblocks --threshold 200
expect "runtime: gzip in a 64 KiB cache: refills on the board, every block counted as on the host" 0 \
  'same counts, [1-9][0-9]* refills, [1-9][0-9]* requests' python3 -c '
import json, sys
h, b = (json.load(open(p)) for p in sys.argv[1:3])
key = lambda j: {x["pc"]: x["count"] for x in j["blocks"]}
assert h["exit_status"] == b["exit_status"] == 0 and key(h) == key(b)
print("same counts, %d refills, %d requests" % (b["runtime"]["refills"], b["runtime"]["dispatch_calls"]))
' "$tmp/cc-host.json" "$tmp/cc-board.json"
# crafty's indirect jumps: one whose target's translation flushed the cache has its
# jump-table entry filled in the new generation on the board too (the board's request is
# made again), as the host fills it.
host_and_board ccind "$B/workloads/crafty" --code-cache 65536 --profile hw --superblocks --threshold 500
expect "runtime: crafty in a 64 KiB cache: indirect jumps across a flush, counted as on the host" \
  0 'same counts, [1-9][0-9]* refills' python3 -c '
import json, sys
h, b = (json.load(open(p)) for p in sys.argv[1:3])
key = lambda j: {x["pc"]: x["count"] for x in j["blocks"]}
assert h["exit_status"] == b["exit_status"] == 0 and key(h) == key(b)
assert b["runtime"]["refills"] == h["runtime"]["refills"] > 0
print("same counts, %d refills" % b["runtime"]["refills"])
' "$tmp/ccind-host.json" "$tmp/ccind-board.json"
# The sw profile's periodic scan runs on the board (firmware/swscan.c): its superblocks and
# counts are the host's, and its cycles are the run's (superblocks').
host_and_board sw "$g" --profile sw --superblocks --threshold 500
expect "runtime: gzip sw+sb: the counters' scan on the board finds the host's heads" 0 \
  'same counts, [1-9][0-9]* superblocks' python3 -c '
import json, sys
h, b = (json.load(open(p)) for p in sys.argv[1:3])
key = lambda j: {x["pc"]: x["count"] for x in j["blocks"]}
assert h["exit_status"] == b["exit_status"] == 0 and key(h) == key(b)
assert len(h["superblocks"]) == len(b["superblocks"]) > 0, (len(h["superblocks"]), len(b["superblocks"]))
sb = b["cycles_by"]["superblocks"] - b["runtime"]["superblock_cycles"]
assert sb > h["cycles_by"]["superblocks"], (sb, h["cycles_by"]["superblocks"])
print("same counts, %d superblocks" % len(b["superblocks"]))
' "$tmp/sw-host.json" "$tmp/sw-board.json"
# The choice of heads on the board (firmware/heads.c) with a plan's superblocks formed
# before the run (--superblocks-from) and more recorded: the plan's members are members
# on the board too, and in the sw profile its words are counters; every crossing's head
# is checked against the runtime's.
"$HW" run --quiet --profile hw --superblocks --threshold 50 --json "$tmp/plan.json" \
  "$B/guest/sort-O2" >/dev/null
for p in hw sw; do
  expect "runtime: a plan's superblocks and recorded ones, $p: heads chosen on the board" 0 \
    'superblocks +[1-9][0-9]* formed' "$HW" run --quiet --stats --profile $p --superblocks \
    --threshold 50 --superblocks-from "$tmp/plan.json" "$B/guest/sort-O2"
done
# The IP's interrupt handler drains the hot FIFO and the spill ring on the board
# (firmware/irq.c): SQLite evicts thousands of entries from the IP's table, whose records
# the board counts in its own table (grown from 4,096 slots), and the run counts every
# block as the host's run and the sw profile do; the drains' cycles are the run's.
abs=$(cd "$B" && pwd -P)
for rt in host board; do
  (cd "$tmp" && HOME=$tmp LC_ALL=C "$abs/hwprof" run --quiet --runtime $rt --profile all \
    --threshold 100 --json "$tmp/sq-$rt.json" "$abs/real/sqlite3" <"$OLDPWD/tests/real/compare.sql" \
    >/dev/null 2>&1)
done
expect "runtime: sqlite3: the spill ring drained on the board, every block counted as on the host" 0 \
  'same counts, [1-9][0-9]{3,} blocks spilled, [1-9][0-9]* drains on the board' python3 -c '
import json, sys
h, b = (json.load(open(p)) for p in sys.argv[1:3])
key = lambda j: {x["pc"]: (x["count"], x["hw"], x["sw"]) for x in j["blocks"]}
assert h["exit_status"] == b["exit_status"] == 0 and key(h) == key(b), "counts differ"
assert all(c == hw == sw for c, hw, sw in key(b).values()), "hw, sw and entries differ"
assert b["ip"]["blocks_spilled"] > 4096 * 3 // 4, b["ip"]  # the board table grew
assert h["runtime"]["irq_calls"] == 0 and b["runtime"]["irq_calls"] >= b["ip"]["interrupts"] > 0
assert b["cycles_by"]["irq"] >= b["runtime"]["irq_cycles"] > 50 * b["runtime"]["irq_calls"], b
print("same counts, %d blocks spilled, %d drains on the board" % (b["ip"]["blocks_spilled"],
      b["runtime"]["irq_calls"]))
' "$tmp/sq-host.json" "$tmp/sq-board.json"
# Without a threshold nothing needs the spill ring's records before readout (dbt/hwside.c):
# the ring is 4 MiB and the board counts it only once it is three quarters full, which
# compare.sql's evictions do not fill; with a ring of 256 words (HWPROF_SPILL_WORDS) the
# board counts it at every mark.  Either way every block's count is exact (hw = sw), and
# the first run's are the run's above (the second's guest reads other times from its clock:
# its cycles differ).
# sq_rings NAME [OPTION...]: compare.sql on the board, all profiles, with the default ring
# and with one of 256 words, into $tmp/sq-NAME-default.json and sq-NAME-256.json (the
# variable only where set: it is in the guest's environment).
sq_rings() {
  local name=$1 w
  shift
  for w in default 256; do
    (cd "$tmp" && HOME=$tmp LC_ALL=C $([ $w = default ] || echo env HWPROF_SPILL_WORDS=$w) \
      "$abs/hwprof" run --quiet --runtime board --profile all "$@" \
      --json "$tmp/sq-$name-$w.json" "$abs/real/sqlite3" <"$OLDPWD/tests/real/compare.sql" \
      >/dev/null 2>&1)
  done
}
sq_rings lazy
expect "runtime: sqlite3 without a threshold: the ring counted at readout, or on the board at its mark" 0 \
  'same counts, [1-9][0-9]{3,} blocks spilled; [0-9]+ interrupts, [1-9][0-9]* with a ring of 256 words' \
  python3 -c '
import json, sys
h, d, s = (json.load(open(p)) for p in sys.argv[1:4])
key = lambda j: {x["pc"]: (x["count"], x["hw"], x["sw"]) for x in j["blocks"]}
assert d["exit_status"] == s["exit_status"] == 0 and key(d) == key(h), "counts differ"
assert all(c == hw == sw for j in (d, s) for c, hw, sw in key(j).values()), "hw, sw, entries"
assert min(d["ip"]["blocks_spilled"], s["ip"]["blocks_spilled"]) > 4096 * 3 // 4, (d["ip"], s["ip"])
assert s["ip"]["interrupts"] > d["ip"]["interrupts"], (s["ip"], d["ip"])
assert s["cycles_by"]["irq"] > d["cycles_by"]["irq"], (s["cycles_by"], d["cycles_by"])
print("same counts, %d blocks spilled; %d interrupts, %d with a ring of 256 words" % (
      d["ip"]["blocks_spilled"], d["ip"]["interrupts"], s["ip"]["interrupts"]))
' "$tmp/sq-board.json" "$tmp/sq-lazy-default.json" "$tmp/sq-lazy-256.json"
# With a threshold the set-associative IP (the default) still places every hot block on
# chip, where it crosses: the ring is counted at its mark as without one (a block whose
# count the sets split crosses in the ring's table when that is counted).  Every block
# reported hot reached the threshold, every count is exact, and a ring of 256 words costs
# the handler more than the 4 MiB one.
sq_rings hot --threshold 100
expect "runtime: sqlite3 with a threshold and sets: the ring counted at its mark, the crossings reported" 0 \
  'exact, [1-9][0-9]{3,} blocks spilled, [1-9][0-9]* hot; handler [0-9]+ cycles, [1-9][0-9]* with a ring of 256 words' \
  python3 -c '
import json, sys
d, s = (json.load(open(p)) for p in sys.argv[1:3])
for j in (d, s):
    assert j["exit_status"] == 0 and j["ip"]["ways"] > 0, j["ip"]
    assert all(x["count"] == x["hw"] == x["sw"] for x in j["blocks"]), "hw, sw, entries"
    count = {x["pc"]: x["count"] for x in j["blocks"]}
    hot = [h["pc"] for h in j["ip"]["hot"]]
    assert hot and all(count.get(pc, 0) >= 100 for pc in hot), "a block reported hot below 100"
assert d["ip"]["blocks_spilled"] > 4096 * 3 // 4, d["ip"]
assert s["cycles_by"]["irq"] > d["cycles_by"]["irq"], (s["cycles_by"], d["cycles_by"])
print("exact, %d blocks spilled, %d hot; handler %d cycles, %d with a ring of 256 words" % (
      d["ip"]["blocks_spilled"], len(d["ip"]["hot"]), d["cycles_by"]["irq"], s["cycles_by"]["irq"]))
' "$tmp/sq-hot-default.json" "$tmp/sq-hot-256.json"
expect "runtime: HWPROF_SPILL_WORDS must be a power of two" 126 \
  'HWPROF_SPILL_WORDS=100: not a power of two from 64 to 1048576' \
  env HWPROF_SPILL_WORDS=100 "$HW" run --quiet --profile hw "$g" test
expect "runtime: HWPROF_SPILL_WORDS must be a number in range" 126 \
  'HWPROF_SPILL_WORDS=32: not a whole number from 64 to 1048576' \
  env HWPROF_SPILL_WORDS=32 "$HW" run --quiet --profile hw "$g" test
expect "runtime: --stats says what the interrupt handler cost on the board" 0 \
  'interrupt handler +[0-9]+ interrupts, [0-9]+ cycles \([0-9.]+ %\): on the board [1-9][0-9]* requests' \
  "$HW" run --quiet --stats --runtime board --profile hw --threshold 200 "$g" test
# The call/return packets are queued for the tree's builder on the board too
# (firmware/cctq.c): the IP's, taken out of its ring by the interrupt handler, and the sw
# probes', whose full ring the dispatcher empties.  crafty in all mode (both streams in one
# run): its calling-context tree is the host run's, folded line for line (every --cct run
# also checks both streams' trees against the runtime's, exit status 2), the queueing's
# cycles are the run's, and each interrupt takes a quarter ring (the board's
# acknowledgement reaches the IP before the line is sampled again: no interrupt finds the
# ring empty).
for rt in host board; do
  "$HW" run --quiet --runtime $rt --profile all --cct --folded "$tmp/cct-$rt.folded" \
    --json "$tmp/cct-$rt.json" "$B/workloads/crafty" test >/dev/null 2>&1
done
expect "runtime: crafty --cct, all: both streams' packets queued on the board, the host's tree" 0 \
  'same tree, [1-9][0-9]* packets, [1-9][0-9]* interrupts' python3 -c '
import json, sys
h, b = (json.load(open(p)) for p in sys.argv[1:3])
assert h["exit_status"] == b["exit_status"] == 0
assert open(sys.argv[3]).read() == open(sys.argv[4]).read(), "the folded trees differ"
assert h["cct"]["contexts"] == b["cct"]["contexts"] and h["cct"]["packets"] == b["cct"]["packets"]
n, irqs = b["cct"]["packets"], b["ip"]["interrupts"]
assert 0 < irqs <= n // 1024 + 1, (irqs, n)  # IRQ_CCT at a quarter of 16,384 words
r = b["runtime"]
assert r["irq_calls"] >= irqs and r["irq_cycles"] > 20 * n, r  # the IP packets copied
assert r["dispatch_calls"] > r["calls"] + n // 4096, r  # and the sw ring drains (4,096 each)
assert b["cycles_by"]["irq"] >= r["irq_cycles"] > 50 * h["cycles_by"]["irq"], (r, h["cycles_by"])
print("same tree, %d packets, %d interrupts" % (n, irqs))
' "$tmp/cct-host.json" "$tmp/cct-board.json" "$tmp/cct-host.folded" "$tmp/cct-board.folded"
# A guest fault while the IP's packets are drained on the board: the runtime settles the
# IP there (the fault set aside meanwhile), and the guest dies of it as on the host.
expect "runtime: a guest's SIGSEGV with --cct, hw on the board" 139 \
  'guest terminated by SIGSEGV \(11\) at pc 0x[0-9a-f]+ \(an access to unmapped memory\)' \
  "$HW" run --quiet --runtime board --profile hw --cct "$B/guest/asm/traps_segv"
# The same translations in the same order: the dumps of the two runs (no superblocks,
# whose forming depends on when the IP's interrupt comes) are the same.
for rt in host board; do
  "$HW" run --quiet --runtime $rt --profile hw --dump "$tmp/$rt.dump" "$g" test >/dev/null 2>&1
done
same_bytes "runtime: gzip's --dump on the board as on the host" "$tmp/host.dump" "$tmp/board.dump"
expect "runtime: --stats says what the translator cost" 0 \
  'translator on board +[0-9]+ calls, [0-9]+ cycles \([0-9.]+ %\) translating blocks' \
  "$HW" run --quiet --stats --runtime board "$g" test
expect "runtime: --stats says what the dispatcher cost on the board" 0 \
  'dispatcher on board +[0-9]+ requests, [0-9]+ cycles' \
  "$HW" run --quiet --stats --runtime board "$g" test

# --- a translator that differs from the host's in one bit is caught at its first
# block, so is a dispatcher that patches a chained branch one word off, a path
# recorder whose paths go on elsewhere at its first superblock, a choice of heads
# one word off at its first threshold crossing, a probe region's plan with its first
# two members swapped at the first region, and a side exit's prediction from the
# counts left unmade (tests/guest/asm/predict.S) at the runtime's patch; a missing image is an
# error, and so is an image built for another interface (its interface word, xlate.h's
# XLATE_ABI_AT, left out: an image older than the word, or a stale build's): hwprof
# finds each beside itself.
mkdir -p "$tmp/wrong/firmware" "$tmp/wrongchain/firmware" "$tmp/wrongrecord/firmware" \
  "$tmp/wrongheads/firmware" "$tmp/wrongplan/firmware" "$tmp/wrongpredict/firmware" \
  "$tmp/none/firmware" "$tmp/stale/firmware"
for d in wrong wrongchain wrongrecord wrongheads wrongplan wrongpredict none stale; do
  cp "$HW" "$tmp/$d/hwprof"
  ln -s "$(cd "$B" && pwd)/dtb" "$tmp/$d/dtb"
  cp "$B/firmware/fpcost.elf" "$tmp/$d/firmware/"
done
cp "$B/firmware/xlate-wrong.elf" "$tmp/wrong/firmware/xlate.elf"
expect "runtime: checked finds a translator that differs" 126 \
  "board's translation of the block at 0x[0-9a-f]+ differs from the host's in its code" \
  "$tmp/wrong/hwprof" run --runtime checked "$B/guest/sort-O2"
cp "$B/firmware/xlate-wrongchain.elf" "$tmp/wrongchain/firmware/xlate.elf"
expect "runtime: a board run finds a dispatcher that patches another word" 126 \
  "the dispatcher on the board wrote 0x[0-9a-f]+ at 0x[0-9a-f]+ for guest pc 0x[0-9a-f]+, the runtime 0x[0-9a-f]+" \
  "$tmp/wrongchain/hwprof" run --runtime board "$B/guest/sort-O2"
cp "$B/firmware/xlate-wrongrecord.elf" "$tmp/wrongrecord/firmware/xlate.elf"
expect "runtime: a board run finds a path recorder that records another path" 126 \
  "the path recorder on the board completed a path from guest pc 0x[0-9a-f]+ that is not the runtime's" \
  "$tmp/wrongrecord/hwprof" run --runtime board --profile hw --superblocks --threshold 50 \
  "$B/guest/sort-O2"
cp "$B/firmware/xlate-wrongheads.elf" "$tmp/wrongheads/firmware/xlate.elf"
expect "runtime: a board run finds a choice of heads that makes another block pending" 126 \
  "the choice of superblock heads on the board made no pending head at the crossing of word 0x[0-9a-f]+, the runtime 0x[0-9a-f]+" \
  "$tmp/wrongheads/hwprof" run --runtime board --profile hw --superblocks --threshold 50 \
  "$B/guest/sort-O2"
cp "$B/firmware/xlate-wrongpredict.elf" "$tmp/wrongpredict/firmware/xlate.elf"
expect "runtime: a board run finds a side exit's prediction left unmade" 126 \
  "the dispatcher on the board wrote 0x[0-9a-f]+ at 0x[0-9a-f]+ for guest pc 0x[0-9a-f]+, the runtime 0x[0-9a-f]+" \
  "$tmp/wrongpredict/hwprof" run --runtime board --profile hw --superblocks --threshold 100 \
  --sb-budget 0 "$B/guest/asm/predict"
cp "$B/firmware/xlate-wrongplan.elf" "$tmp/wrongplan/firmware/xlate.elf"
expect "runtime: a board run finds a probe region's plan in another order" 126 \
  "the region's plan on the board differs from the runtime's at place 0 of the members' order \(the runtime's member there: guest pc 0x[0-9a-f]+\)" \
  "$tmp/wrongplan/hwprof" run --runtime board --profile hw --regions --threshold 10 \
  "$B/guest/sort-O2"
expect "runtime: no translator image" 2 'firmware/xlate.elf.*(No such file|cannot)' \
  "$tmp/none/hwprof" run --runtime board "$B/guest/sort-O2"
powerpc-linux-gnu-objcopy --remove-section .xlate_abi "$B/firmware/xlate.elf" \
  "$tmp/stale/firmware/xlate.elf" 2>/dev/null
expect "runtime: an image built for another interface" 2 \
  "xlate.elf is not this hwprof's translator image: it was built for interface 0x00000000, this hwprof for 0x[0-9a-f]{8} \\(a stale build: run make\\)" \
  "$tmp/stale/hwprof" run --runtime board "$B/guest/sort-O2"
expect "runtime: ... which the host runtime does not load" 0 'exited with status 0' \
  "$tmp/stale/hwprof" run --runtime host "$B/guest/sort-O2"
expect "runtime: the board is the default" 0 '"runtime":\{"where":"board","translate_cycles":[1-9]' \
  "$HW" run --quiet --json /dev/stdout "$B/guest/sort-O2"
expect "runtime: --runtime takes host, board or checked" 2 \
  "--runtime is host, board or checked, not 'fpga'" "$HW" run --runtime fpga "$g" test
echo "runtime: $fails failed"
[ "$fails" -eq 0 ]
