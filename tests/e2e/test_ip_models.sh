#!/usr/bin/env bash
# tests/e2e/test_ip_models.sh - the simulation's shortcuts change no figure
# (sim/hwprof_sim.h).  The board's two Verilated models of the IP, the fast one (no
# assertions, no tracing; the default) and the checked one (the RTL's assertions,
# waveforms), give the same run, figure for figure: 'hwprof bench' runs one workload in
# all nine modes on each (hw, hw+sb with the hot interrupt, the CCT's packet ring, ...),
# the fast model skipping the IP's idle cycles and the checked one evaluating every cycle
# (HWPROF_SIM_NO_SKIP=1, as a netlist runs), and the two JSON tables must be identical
# once the host times, which are not simulated, are taken out.  And the differential
# test's streams, with random bus stalls, end in the same cycle with the same figures
# whether idle cycles are skipped or not.  Prints PASS/FAIL lines for tests/run.sh.
set -u
B=${BUILD:-build}
HW=$B/hwprof
tmp=$(mktemp -d)
out=$tmp/out
trap 'rm -rf "$tmp"' EXIT
fails=0

. tests/e2e/expect.sh

# (Both runs have HWPROF_SIM_NO_SKIP in their environment, so that the guests' are
# the same size.)
for m in fast checked; do
  no_skip=0
  [ "$m" = checked ] && no_skip=1
  HWPROF_SIM_NO_SKIP=$no_skip expect "bench_gzip_ip_model_$m" 0 'Host time of each run' \
    "$HW" bench --ip-model "$m" --json "$tmp/$m.json" gzip
done
if tests/e2e/bench_simulated.py "$tmp/fast.json" >"$tmp/fast.txt" &&
  tests/e2e/bench_simulated.py "$tmp/checked.json" >"$tmp/checked.txt" &&
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

# The differential test's figures (events, cycles, what the streams reached), the RTL
# skipping idle cycles and not; the netlist's run (HWPROF_DIFF_EVENTS=20000,
# HWPROF_DIFF_ROUNDS=3) ends with the same figures.
diff_run() {
  HWPROF_SIM_NO_SKIP=$1 HWPROF_DIFF_EVENTS=20000 HWPROF_DIFF_ROUNDS=3 \
    "$B/tests/default/test_ip_diff" >"$tmp/diff$1.out" 2>&1 || return 1
  grep -E '^  [0-9]+ events in|^  edges:|^  call/return' "$tmp/diff$1.out"
}
if diff_run 0 >"$tmp/skip.txt" && diff_run 1 >"$tmp/noskip.txt" && [ -s "$tmp/skip.txt" ] &&
  diff "$tmp/noskip.txt" "$tmp/skip.txt" >"$tmp/diff"; then
  echo "PASS: idle_skip_exact_with_stalls"
else
  echo "FAIL: idle_skip_exact_with_stalls (test_ip_diff's figures differ, or it failed)"
  cat "$tmp/diff" "$tmp/diff0.out" "$tmp/diff1.out" 2>/dev/null | grep -v '^PASS' | head -20 |
    sed 's/^/    /'
  fails=$((fails + 1))
fi

expect ip_model_bad_value 2 "--ip-model is fast or checked, not 'slow'" \
  "$HW" run --ip-model slow "$B/workloads/gzip" test
expect ip_model_in_help 0 '--ip-model MODEL' "$HW" run --help

echo "test_ip_models: $fails failed"
[ "$fails" -eq 0 ]
