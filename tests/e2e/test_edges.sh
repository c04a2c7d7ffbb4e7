#!/usr/bin/env bash
# tests/e2e/test_edges.sh - indirect edges (IP 1.5): a count per (source block, target
# block) of each traversal of an indirect jump.  The IP's edge table (hw, all) and
# the sw profile's probes (sw, all) give the same edges, edge for edge, in every
# mode and in one run (all); a program with more edges at one jump than the sw
# probe has slots, and more than the IP's table holds (drained while it runs); the
# edge threshold marks and reports the hot ones; --all-edges makes every pair of
# blocks an edge (one fewer than the block entries); the interrupt handler's drains
# on the board (--runtime board) give the host's edges; qemu-mips's own count per
# (jump, target) agrees ('hwprof compare'); scripts/probe-placement.py derives every
# block's count from a spanning tree's chords; bad options are refused.  Prints
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

# check NAME JSON MODE EDGES TRAVERSALS: the JSON's edges, as MODE gives them.
check() {
  if python3 - "$2" "$3" "$4" "$5" <<'PY'; then
import json, sys
j = json.load(open(sys.argv[1]))
mode, edges, traversals = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
e = j["edges"]
rows = e["list"]
keys = [(r["src"], r["dst"]) for r in rows]
assert len(set(keys)) == len(keys), "an edge listed twice"
assert keys == sorted(keys, key=lambda k: (int(k[0], 16), int(k[1], 16))), "not sorted"
assert len(rows) == edges, (len(rows), edges)
for r in rows:
    assert ("hw" in r) == (mode in ("hw", "all")), (mode, r)
    assert ("sw" in r) == (mode in ("sw", "all")), (mode, r)
    if mode == "all":
        assert r["hw"] == r["sw"], ("the IP's count differs", r)
    n = r["sw"] if "sw" in r else r["hw"]
    assert n > 0, r
    assert r["hot"] == (e["threshold"] > 0 and n >= e["threshold"]), r
    assert int(r["site"], 16) >= int(r["src"], 16), r
    assert r["src_function"] and r["dst_function"], r
assert e["traversals"] == traversals, (e["traversals"], traversals)
assert sum(r.get("sw", r.get("hw")) for r in rows) == traversals
if mode in ("hw", "all"):
    assert e["hw_lost"] == 0 and e["hw_differ"] == 0, e
    # Each hot edge reported once during the run, by the IP or at a drain.
    assert e["hw_hot_reports"] + e["hw_hot_at_drain"] == e["hot"], e
    assert j["ip"]["lost_table"] == 0, j["ip"]
print("%d edges, %d traversals, %d hot" % (len(rows), traversals, e["hot"]))
PY
    echo "PASS: $1"
  else
    echo "FAIL: $1"
    fails=$((fails + 1))
  fi
}

# printf: the jump tables of vfprintf (80 edges, 3,190 traversals, as qemu-mips
# counts them below); switch: one jump with 300 targets (305 edges), three hot.
for m in hw sw all; do
  "$HW" run --quiet --profile "$m" --json "$tmp/printf-$m.json" "$G/printf-O2" >/dev/null 2>&1
  check "edges_printf_$m" "$tmp/printf-$m.json" "$m" 80 3190
  "$HW" run --quiet --profile "$m" --json "$tmp/switch-$m.json" "$G/switch-O2" >/dev/null 2>&1
  check "edges_switch_$m" "$tmp/switch-$m.json" "$m" 305 30006
done
# The three modes count the same edges.
expect edges_same_in_every_mode 0 'same' sh -c '
  for m in hw sw all; do
    python3 -c "import json,sys; print([(r[\"src\"], r[\"dst\"], r.get(\"sw\", r.get(\"hw\"))) for r in json.load(open(sys.argv[1]))[\"edges\"][\"list\"]])" "$1/switch-$m.json"
  done | uniq | wc -l | grep -qx 1 && echo same' sh "$tmp"
# More edges than the IP's table holds: drained while the program runs; more targets
# at one jump than the sw probe's slots: the rest counted by the runtime.
expect edges_table_drained 0 'drained' python3 -c '
import json, sys
e = json.load(open(sys.argv[1]))["edges"]
assert e["hw_drains"] >= 2, e["hw_drains"]
sites = {}
for r in e["list"]:
    sites[r["site"]] = sites.get(r["site"], 0) + 1
assert max(sites.values()) >= 300, max(sites.values())
print("drained %d times" % e["hw_drains"])' "$tmp/switch-all.json"
# The threshold: a low one makes many hot, reported once each during the run.
"$HW" run --quiet --profile hw --edge-threshold 20 --json "$tmp/thr.json" "$G/printf-O2" >/dev/null 2>&1
expect edges_threshold 0 'hot' python3 -c '
import json, sys
e = json.load(open(sys.argv[1]))["edges"]
assert e["threshold"] == 20 and e["hot"] == sum(r["hw"] >= 20 for r in e["list"]) > 5, e["hot"]
assert e["hw_hot_reports"] >= 1 and e["hw_hot_reports"] + e["hw_hot_at_drain"] == e["hot"], e
print("%d hot" % e["hot"])' "$tmp/thr.json"
"$HW" run --quiet --profile hw --edge-threshold 0 --json "$tmp/thr0.json" "$G/printf-O2" >/dev/null 2>&1
expect edges_threshold_off 0 'none hot' python3 -c '
import json, sys
e = json.load(open(sys.argv[1]))["edges"]
assert e["hot"] == 0 and e["hw_hot_reports"] == 0 and e["traversals"] == 3190, e
print("none hot")' "$tmp/thr0.json"
# --all-edges: every pair of blocks entered one after the other.
"$HW" run --quiet --profile hw --all-edges --json "$tmp/allpairs.json" "$G/switch-O0" >/dev/null 2>&1
expect edges_all_pairs 0 'every pair' python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
e = j["edges"]
assert e["all"] and e["hw_lost"] == 0, e
assert e["traversals"] == j["blocks_executed"] - 1, (e["traversals"], j["blocks_executed"])
print("every pair: %d" % e["traversals"])' "$tmp/allpairs.json"
# scripts/probe-placement.py: from every pair of blocks and the dump, the block counts
# derived from the chords of a spanning tree alone equal the IP's; a block count that
# the edges do not add up to, or a run without --all-edges, is refused.
"$HW" run --quiet --profile hw --all-edges --json "$tmp/place.json" --dump "$tmp/place.dump" \
  "$G/switch-O0" >/dev/null 2>&1
expect edges_placement_derived 0 'derived from the chords: all [0-9]+ block counts equal' \
  scripts/probe-placement.py "$tmp/place.json" "$tmp/place.dump"
python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
j["blocks"][len(j["blocks"]) // 2]["hw"] += 1
json.dump(j, open(sys.argv[2], "w"))' "$tmp/place.json" "$tmp/place-wrong.json"
expect edges_placement_disagree 1 'no edge explains, not 2' \
  scripts/probe-placement.py "$tmp/place-wrong.json" "$tmp/place.dump"
expect edges_placement_needs_all 1 'not a run with --all-edges' \
  scripts/probe-placement.py "$tmp/thr0.json" "$tmp/place.dump"
# --tree-from: the tree chosen with the counts of the same program stopped halfway.
half=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["cycles"] // 2)' \
  "$tmp/place.json")
"$HW" run --quiet --profile hw --all-edges --max-cycles "$half" --json "$tmp/place-half.json" \
  "$G/switch-O0" >/dev/null 2>&1
expect edges_placement_tree_from 0 'derived from the chords: all [0-9]+ block counts equal' \
  scripts/probe-placement.py --tree-from "$tmp/place-half.json" "$tmp/place.json" "$tmp/place.dump"
# With --runtime board the interrupt handler pops the hot edges and drains the table on
# the board (firmware/irq.c), into a table of its own that readout takes: the same
# edges, counts and hot marks as the host's handler gives, and the drains are the board's.
"$HW" run --quiet --runtime board --profile all --json "$tmp/switch-board.json" "$G/switch-O2" \
  >/dev/null 2>&1
check edges_switch_board "$tmp/switch-board.json" all 305 30006
"$HW" run --quiet --runtime board --profile hw --edge-threshold 20 --json "$tmp/thr-board.json" \
  "$G/printf-O2" >/dev/null 2>&1
"$HW" run --quiet --runtime board --profile hw --all-edges --json "$tmp/allpairs-board.json" \
  "$G/switch-O0" >/dev/null 2>&1
expect edges_board_as_host 0 'same edges' python3 -c '
import json, sys
t = sys.argv[1]
for name in ("switch-all", "thr", "allpairs"):
    h, b = (json.load(open("%s/%s.json" % (t, n))) for n in (name, name.replace("-all", "") + "-board"))
    eh, eb = h["edges"], b["edges"]
    assert eh["list"] == eb["list"], name
    assert eh["hot"] == eb["hot"] and eh["traversals"] == eb["traversals"], (name, eh, eb)
    assert eb["hw_hot_reports"] + eb["hw_hot_at_drain"] == eb["hot"], (name, eb)
    assert eb["hw_drains"] >= 2 or name == "thr", (name, eb)
    assert b["runtime"]["irq_calls"] >= b["ip"]["interrupts"] > 0, (name, b["runtime"])
print("same edges")' "$tmp"
# The summary.
expect edges_summary 0 'indirect edges +30006 traversals of 305 edges, 3 hot at 5000; the IP.s: 0 differ from sw, 0 lost, [0-9]+ drains while running' \
  "$HW" run --profile all "$G/switch-O2"
# Against qemu-mips: every (jump, target) pair's count, in 'hwprof compare'.
expect edges_compare_qemu 0 'edges vs qemu +305 \(jump, target\) pairs, 30006 traversals under qemu-mips; 0 differ in own code, 0 in library code' \
  "$HW" compare "$G/switch-O2"
# Bad options.
expect edges_threshold_negative 2 'not a number|--edge-threshold' "$HW" run --edge-threshold -1 "$G/printf-O2"
expect edges_threshold_too_big 2 '--edge-threshold is 0\.\.2147483647' "$HW" run --edge-threshold 2147483648 "$G/printf-O2"

exit $((fails > 0))
