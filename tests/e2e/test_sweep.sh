#!/usr/bin/env bash
# tests/e2e/test_sweep.sh - 'hwprof sweep' (tools/sweep.c) and the builds it runs
# (tools/ipcfg.mk): a two-configuration sweep of gzip (the default IP and one with a
# 1,024-entry table, too small for gzip's 1,403 blocks) gives one row per point whose
# figures are those of the same runs made by hand; the small table evicts more and loses
# nothing, and costs fewer block RAMs; a sweep run again runs nothing, and one whose
# run was interrupted runs only that run; a configuration that cannot be built fails
# its points, naming the build, while the others complete; bad usage exits 2.
# Prints PASS/FAIL lines for tests/run.sh.
set -u
B=${BUILD:-build}
HW=$B/hwprof
tmp=$(mktemp -d)
out=$tmp/out
trap 'rm -rf "$tmp"' EXIT
fails=0

. tests/e2e/expect.sh

# check NAME PYTHON-EXPRESSION: a check over the sweep's table (rows: a list of dicts
# from sweep.csv; run(key): a run's JSON in runs/).
check() {
  if python3 - "$tmp/s" "$2" >"$tmp/check" 2>&1 <<'EOF'; then
import csv, json, sys, xml.dom.minidom
d = sys.argv[1]
rows = list(csv.DictReader(open(d + "/sweep.csv")))
row = {r["config"]: r for r in rows}
def run(key):
    return json.load(open(d + "/runs/" + key + ".json"))
ok = eval("(" + sys.argv[2] + ")")
print(ok)
sys.exit(0 if ok is True else 1)
EOF
    echo "PASS: $1"
  else
    echo "FAIL: $1 ($2)"
    sed 's/^/    /' "$tmp/check" | tail -8
    fails=$((fails + 1))
  fi
}

sweep=("$HW" sweep --set INDEX_BITS=10,12 --workloads gzip --out "$tmp/s" --jobs 2)
expect sweep_runs 0 'all complete' "${sweep[@]}"
cp "$out" "$tmp/sweep.out"
expect sweep_table 0 'INDEX_BITS-10 +gzip' cat "$tmp/sweep.out"
check sweep_two_rows 'len(rows) == 2 and set(row) == {"default", "INDEX_BITS-10"}'
check sweep_columns 'all(c in rows[0] for c in ("INDEX_BITS", "workload", "luts_xc2vp",
  "brams_xc2vp", "overhead_pct_hw", "events_lost", "events_spilled", "entries_evicted",
  "cpu_stall_cycles",
  "cycles_none", "cycles_hw", "host_s_hw", "error"))'
check sweep_ran_each_ip 'row["default"]["table_entries"] == "4096" and
  row["INDEX_BITS-10"]["table_entries"] == "1024" and row["INDEX_BITS-10"]["INDEX_BITS"] == "10"'
check sweep_overhead_is_cycles 'all(abs(float(r["overhead_pct_hw"]) -
  (int(r["cycles_hw"]) / int(r["cycles_none"]) - 1) * 100) < 1e-3 for r in rows)'
check sweep_small_table_evicts 'int(row["INDEX_BITS-10"]["entries_evicted"]) >
  int(row["default"]["entries_evicted"]) and all(r["events_spilled"] == "0" and
  r["events_lost"] == "0" for r in rows)'
check sweep_small_table_fewer_brams \
  'int(row["INDEX_BITS-10"]["brams_xc2vp"]) < int(row["default"]["brams_xc2vp"])'
check sweep_points_json 'all(json.load(open(d + "/points/" + k + ".t3000.on.gzip.test.json"))
  ["cycles_hw"] == int(row[k]["cycles_hw"]) for k in row)'

# The same runs by hand: the default build's hwprof, and the one make ipcfg built, as
# the sweep runs them (the guest's stack holds its path and environment; its stdout's
# buffer is as large as /dev/null says).
(cd "$B" && env -i PATH=/usr/bin:/bin ./hwprof run --quiet --profile hw --json "$tmp/hw.json" \
  workloads/gzip test && env -i PATH=/usr/bin:/bin ipcfg/INDEX_BITS-10/hwprof run --quiet \
  --profile none --json "$tmp/none10.json" workloads/gzip test) >/dev/null 2>&1
check sweep_equals_run_by_hand 'int(row["default"]["cycles_hw"]) ==
  json.load(open(d + "/../hw.json"))["cycles"] and int(row["INDEX_BITS-10"]["cycles_none"]) ==
  json.load(open(d + "/../none10.json"))["cycles"]'

check sweep_plots_are_svg 'all(xml.dom.minidom.parse(d + "/" + f) for f in ("luts-overhead.svg",
  "brams-overhead.svg", "luts-spilled.svg")) and "XC2VP7" in open(d + "/luts-overhead.svg").read()'

# Resumed: nothing to run again, the same table; one run's mark removed: only it runs.
cp "$tmp/s/sweep.csv" "$tmp/first.csv"
expect sweep_resumes_done 0 '4 runs \(4 done before\)' "${sweep[@]}"
same_bytes sweep_resumed_same_table "$tmp/first.csv" "$tmp/s/sweep.csv"
rm "$tmp/s/runs/INDEX_BITS-10.hw.on.gzip.test.done"
expect sweep_resumes_interrupted 0 '4 runs \(3 done before\)' "${sweep[@]}"
check sweep_rerun_same_cycles 'row["INDEX_BITS-10"]["cycles_hw"] ==
  list(csv.DictReader(open(d + "/../first.csv")))[0]["cycles_hw"]'

# A configuration that cannot be built (the table smaller than MAX_PROBE): its point
# fails naming the build, the other completes, the exit status is 1.
expect sweep_bad_config 1 'build of the IP INDEX_BITS-3' \
  "$HW" sweep --set INDEX_BITS=3,12 --workloads gzip --out "$tmp/s" --synth none
check sweep_bad_config_row 'row["INDEX_BITS-3"]["error"] != "" and
  row["INDEX_BITS-3"]["cycles_hw"] == "" and row["default"]["error"] == ""'

expect sweep_unknown_parameter 2 "not 'FOO=1'" "$HW" sweep --set FOO=1 --out "$tmp/x"
expect sweep_repeated_value 2 'lists 10 twice' "$HW" sweep --set INDEX_BITS=10,10 --out "$tmp/x"
expect sweep_unknown_workload 2 "no workload 'nosuch'" "$HW" sweep --workloads nosuch --out "$tmp/x"
expect sweep_needs_out 2 'out DIR is needed' "$HW" sweep --workloads gzip
expect sweep_threshold_needs_sb 2 "threshold is hw\+sb's" \
  "$HW" sweep --set threshold=100 --out "$tmp/x"
expect sweep_unknown_family 2 "no 'xc9'" "$HW" sweep --synth xc9 --out "$tmp/x"
expect ipcfg_unknown_parameter 2 "'-GFOO=1' is not -GNAME=VALUE" \
  make -s --no-print-directory BUILD="$B" ipcfg IP_PARAMS=-GFOO=1

echo "test_sweep: $fails failed"
[ "$fails" -eq 0 ]
