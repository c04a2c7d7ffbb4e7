#!/usr/bin/env bash
# tests/e2e/test_ip_models.sh - the board's two Verilated models of the IP (sim/hwprof_sim.h):
# the fast one (no assertions, no tracing; the default) and the checked one (the RTL's
# assertions, waveforms) give the same run, figure for figure.  'hwprof bench' runs one
# workload in all nine modes on each (hw, hw+sb with the hot interrupt, the CCT's packet
# ring, ...), and the two JSON tables must be identical once the host times, which are
# not simulated, are taken out.  Prints PASS/FAIL lines for tests/run.sh.
set -u
B=${BUILD:-build}
HW=$B/hwprof
tmp=$(mktemp -d)
out=$tmp/out
trap 'rm -rf "$tmp"' EXIT
fails=0

. tests/e2e/expect.sh

# The simulated figures of a bench JSON: everything but the host times.
simulated() {
  python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
d.pop("geomean_host_ratio")
for w in d["workloads"]:
    w.pop("host_s")
    w.pop("superblock_host_ms")
print(json.dumps(d, indent=1, sort_keys=True))' "$1"
}

for m in fast checked; do
  expect "bench_gzip_ip_model_$m" 0 'Host time of each run' \
    "$HW" bench --ip-model "$m" --json "$tmp/$m.json" gzip
done
if simulated "$tmp/fast.json" >"$tmp/fast.txt" && simulated "$tmp/checked.json" >"$tmp/checked.txt" &&
  diff "$tmp/checked.txt" "$tmp/fast.txt" >"$tmp/diff"; then
  echo "PASS: ip_models_same_figures"
else
  echo "FAIL: ip_models_same_figures (the fast model's bench differs from the checked one's)"
  head -20 "$tmp/diff" | sed 's/^/    /'
  fails=$((fails + 1))
fi
# The figures are real: cycles in every mode, the IP's counts equal to sw's.
if python3 -c '
import json, sys
w = json.load(open(sys.argv[1]))["workloads"][0]
assert w["ok"] and w["hw_equals_sw"] and w["hw_sb_equals_sw"], w
assert all(c > 0 for c in w["cycles"].values()), w["cycles"]
assert w["cycles"]["hw"] > w["cycles"]["none"] and w["superblocks"] > 0, w
assert w["host_s"]["hw"] > 0 and w["host_s"]["none"] > 0, w["host_s"]' "$tmp/fast.json"; then
  echo "PASS: ip_models_figures_real"
else
  echo "FAIL: ip_models_figures_real"
  fails=$((fails + 1))
fi

expect ip_model_bad_value 2 "--ip-model is fast or checked, not 'slow'" \
  "$HW" run --ip-model slow "$B/workloads/gzip" test
expect ip_model_in_help 0 '--ip-model MODEL' "$HW" run --help

echo "test_ip_models: $fails failed"
[ "$fails" -eq 0 ]
