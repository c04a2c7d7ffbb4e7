#!/usr/bin/env bash
# tests/e2e/test_regions.sh - probe regions (--regions, dbt/region.c): the hot blocks
# translated again with fewer probes, their counts derived at readout.  On guest
# programs that loop, sort, recurse, switch through jump tables, call through
# pointers, longjmp and trap inside hot code (the run leaves a member mid-way), and on
# two workloads, every block's hw count and every indirect edge's equal those of a
# plain hw run of the same build (which the other tests hold to the sw profile and to
# qemu-mips), and the runtime's own count of each block's entries, also when the code
# cache is refilled under the regions; the IP takes fewer
# events than there are block entries, exactly block entries - derived + the regions'
# events, and loses none; a derived way mostly enters the member laid right after
# its own; what the option cannot be combined with is refused.  Prints
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

# same NAME THRESHOLD PROGRAM [ARGS]: a plain hw run and one with --regions at
# THRESHOLD (low for the small programs, so that they form regions), compared; both
# runs with the options in $OPTS and the runtime $RUNTIME (default host; with board
# and checked the board forms the regions, and the regions' run must have spent
# cycles there), and with REFILL=1 the regions' run must have refilled the code cache
# (the regions dropped with it) and found no room for one at least.
same() {
  local name=$1 thr=$2 rt=${RUNTIME:-host}
  shift 2
  # (RUNTIME=... same: the variables the call sets are in the environment, and so in the
  # guest's; left out, so that every run's guest starts with the same stack)
  local HW="env -u RUNTIME -u OPTS -u REFILL $HW"
  # shellcheck disable=SC2086 # (the options are words)
  $HW run --quiet --runtime "$rt" --profile hw ${OPTS:-} --json "$tmp/$name-plain.json" "$@" \
    >/dev/null 2>&1
  # shellcheck disable=SC2086
  $HW run --quiet --runtime "$rt" --profile hw ${OPTS:-} --regions --threshold "$thr" \
    --json "$tmp/$name-rg.json" "$@" >/dev/null 2>"$tmp/$name-rg.err"
  expect "regions_$name" 0 '^equal' python3 - "$tmp/$name-plain.json" "$tmp/$name-rg.json" \
    "${REFILL:-0}" "$rt" "$tmp/$name-rg.err" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
if sys.argv[3] == "1":
    assert b["runtime"]["refills"] >= 1 and b["regions"]["dropped"] >= 1, (b["runtime"], b["regions"])
assert b["runtime"]["where"] == sys.argv[4], (b["runtime"]["where"], open(sys.argv[5]).read())
assert (b["regions"]["board_cycles"] > 0) == (sys.argv[4] != "host"), b["regions"]
assert a["exit_status"] == b["exit_status"], (a["exit_status"], b["exit_status"])
plain = {x["pc"]: x["hw"] for x in a["blocks"]}
rg = {x["pc"]: (x["hw"], x["count"]) for x in b["blocks"]}
assert set(plain) == set(rg), set(plain) ^ set(rg)
bad = [(pc, plain[pc], rg[pc]) for pc in plain if not plain[pc] == rg[pc][0] == rg[pc][1]]
assert not bad, ("blocks whose count differs (plain hw, regions hw and runtime)", bad[:5])
edges = lambda j: [(e["src"], e["dst"], e["hw"]) for e in j["edges"]["list"]]
assert edges(a) == edges(b), "the indirect edges differ"
r, ip = b["regions"], b["ip"]
entries = sum(x["count"] for x in b["blocks"])
assert r["formed"] >= 1 and r["derived_ways"] >= 1, r
assert 1 <= r["adjacent"] <= r["derived_ways"], r
assert ip["events_lost"] == 0 and b["edges"]["hw_lost"] == 0, ip
assert ip["events"] == entries - r["block_entries"] + r["events"], (ip["events"], entries, r)
assert ip["events"] < entries, (ip["events"], entries)
print("equal: %d blocks, %d edges; %d IP events for %d block entries; %d regions, %d members" %
      (len(plain), len(edges(a)), ip["events"], entries, r["formed"], r["members"]))
PY
}

same hotloops 10 "$G/hotloops-O2"
same sort 10 "$G/sort-O2"
same switch 10 "$G/switch-O2"
same recursion 10 "$G/recursion-O0"
same callctx 10 "$G/callctx-O2"
same setjmp 10 "$G/setjmp-O2"
same sbtrap 10 "$G/sbtrap-O2"
same strings 10 "$G/strings-O2"
same gzip 500 "$B/workloads/gzip" test
same coremark 500 "$B/workloads/coremark" test
# A small code cache: refilled while regions form, some not formed for want of room
# (strings in 48 KiB: in 64 KiB whether one finds no room is a draw of the guest's
# environment, since regions are formed again at three times as many hot blocks).
OPTS="--code-cache 49152" REFILL=1 same strings_refill 10 "$G/strings-O2"
OPTS="--code-cache 65536" REFILL=1 same gzip_refill 10 "$B/workloads/gzip" test

# The runtime on the board (the default) forms them with the board's CPU, each step
# checked against the runtime's own (--runtime checked: every member's translation too),
# and counts as the host's: the programs that leave members mid-way, and a workload,
# refilled too.
RUNTIME=board same setjmp_board 10 "$G/setjmp-O2"
RUNTIME=board same sbtrap_board 10 "$G/sbtrap-O2"
RUNTIME=checked same switch_checked 10 "$G/switch-O2"
RUNTIME=board same gzip_board 500 "$B/workloads/gzip" test
RUNTIME=checked same gzip_checked 500 "$B/workloads/gzip" test
RUNTIME=board OPTS="--code-cache 65536" REFILL=1 same gzip_board_refill 10 "$B/workloads/gzip" test
# ... the same run with the board's runtime as with the checked one, cycle for cycle
# (the host's checks take none), and the same regions as the host's runtime forms.
expect regions_board_same 0 '^same' python3 - "$tmp/gzip-rg.json" "$tmp/gzip_board-rg.json" \
  "$tmp/gzip_checked-rg.json" <<'PY'
import json, sys
h, b, c = (json.load(open(p)) for p in sys.argv[1:4])
assert b["cycles"] == c["cycles"] and b["regions"] == c["regions"], (b["regions"], c["regions"])
keep = ("formed", "dropped", "members", "derived_ways", "adjacent")
assert {k: h["regions"][k] for k in keep} == {k: b["regions"][k] for k in keep}, (h["regions"], b["regions"])
print("same: %d cycles, %d of them forming %d regions (%d members) on the board" %
      (b["cycles"], b["regions"]["board_cycles"], b["regions"]["formed"], b["regions"]["members"]))
PY

# Where the members go: each derived way's member right before the member it enters
# (chains, hottest first), so that the way runs straight into the next cache lines.
# Members enter the same member by several derived ways only now and then in gzip's
# hot code, and a window's end cuts a chain rarely: nine in ten ways are adjacent.
expect regions_layout 0 '^laid' python3 - "$tmp/gzip-rg.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["regions"]
assert r["derived_ways"] >= 20 and 10 * r["adjacent"] >= 9 * r["derived_ways"], r
print("laid out: %d of %d derived ways into the next member" % (r["adjacent"], r["derived_ways"]))
PY

# --member-probes: the regions' code with every member's probe kept, for comparison:
# the same counts, every block entry an event.  (Run through env as `same` runs the plain
# one, so that the guest's environment, `_` included, is the same in both.)
env -u RUNTIME -u OPTS -u REFILL "$HW" run --quiet --runtime host --profile hw --regions --member-probes \
  --json "$tmp/gzip-keep.json" "$B/workloads/gzip" test >/dev/null 2>&1
expect regions_member_probes 0 '^kept' python3 - "$tmp/gzip-plain.json" "$tmp/gzip-keep.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert [(x["pc"], x["hw"]) for x in a["blocks"]] == [(x["pc"], x["hw"]) for x in b["blocks"]]
r, ip = b["regions"], b["ip"]
entries = sum(x["count"] for x in b["blocks"])
assert r["formed"] >= 1 and r["derived_ways"] == 0, r
assert ip["events"] == entries, (ip["events"], entries)
print("kept: %d members, %d events for %d entries" % (r["members"], ip["events"], entries))
PY

# What the regions cannot be combined with (yet), each said.
for bad in "--profile sw|--profile hw" \
  "--profile all|--profile hw" "--superblocks|no superblocks" "--all-edges|no superblocks" \
  "--cct|no superblocks"; do
  opt=${bad%%|*}
  want=${bad#*|}
  args="--runtime host --profile hw"
  case $opt in --profile*) args="--runtime host" ;; esac
  # shellcheck disable=SC2086 # (the options are words)
  expect "regions_refused_${opt//[- ]/_}" 2 "probe regions need $want" \
    "$HW" run --quiet --regions $args $opt "$G/sort-O2"
done

exit $((fails > 0))
