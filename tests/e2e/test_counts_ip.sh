#!/usr/bin/env bash
# tests/e2e/test_counts_ip.sh - the runtime and the tools on the counts-only IP (IP 1.7,
# every unit but the counter table left out: sim/sim.mk's IPCFG_counts, make synth
# PRESET=counts), built by make ipcfg as hwprof sweep builds it.  gzip runs with the hw
# profile and exits as it does on the default IP; the translated code stores nothing but
# the block events to the IP (no system-call records: the IP has no table, and a store
# there would answer SLVERR and stop the run); the report says which statistics are not
# built; hwprof compare finds every hw count equal to the sw one and every difference
# with qemu-mips accounted for, without the IP's system calls, edges or packets, which
# it says the IP does not have.
# Prints PASS/FAIL lines for tests/run.sh.
set -u
B=${BUILD:-build}
tmp=$(mktemp -d)
out=$tmp/out
trap 'rm -rf "$tmp"' EXIT
fails=0

. tests/e2e/expect.sh

params=$(sed -n 's/^IPCFG_counts *:= *//p' sim/sim.mk)
# The configuration's key, as tools/ipcfg.mk makes it.
# shellcheck disable=SC2086 # the parameters, one per word
key=$(printf '%s\n' $params | sed 's/^-G//' | LC_ALL=C sort | sed 's/=/-/' | paste -sd+)
HW=$B/ipcfg/$key/hwprof
if make -s BUILD="$B" ipcfg IP_PARAMS="$params" >"$tmp/make.out" 2>&1 && [ -x "$HW" ]; then
  echo "PASS: counts_ip_builds"
else
  echo "FAIL: counts_ip_builds ($HW)"
  tail -15 "$tmp/make.out" | sed 's/^/    /'
  exit 1
fi

# In the configuration's directory, as hwprof sweep runs it (workloads/ links to the
# build's, the device tree beside it describes this IP).
cd "$B/ipcfg/$key" || exit 1
expect counts_ip_run 0 'exited with status 0' ./hwprof run --profile hw --stats \
  --json "$tmp/run.json" workloads/gzip test
cp "$out" "$tmp/run.out"
expect counts_ip_no_syscall_stores 0 \
  'profile stores +[0-9]+ to the IP for [0-9]+ block entries \(one each\); 0 other stores' \
  grep 'profile stores' "$tmp/run.out"
expect counts_ip_stats_not_built 0 \
  'IP events +lost 0 .*the other statistics are not built \(STATS = 0\)' \
  grep 'IP events' "$tmp/run.out"
expect counts_ip_json 0 '^ok$' python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
ip = r["ip"]
ok = ip["stats_built"] is False and ip["events_lost"] == 0 and ip["entries"] == 4096
ok = ok and all("hw" not in s for s in r["syscalls"])
print("ok" if ok else ip)' "$tmp/run.json"

expect counts_ip_compare 0 'result +every difference accounted for' ./hwprof compare \
  workloads/gzip test
cp "$out" "$tmp/compare.out"
expect counts_ip_compare_hw_sw 0 '[0-9]+ blocks equal, 0 differ, 0 only in sw, 0 only in hw' \
  grep '^hw vs sw ' "$tmp/compare.out"
expect counts_ip_compare_units 0 'no hw records \(the IP has no system-call table\)' \
  grep '^system calls ' "$tmp/compare.out"
expect counts_ip_compare_edges 0 'no hw edges \(the IP has no edge table\)' \
  grep '^indirect edges ' "$tmp/compare.out"
expect counts_ip_compare_events 0 'not counted: the IP is built without its statistics' \
  grep '^IP events stored ' "$tmp/compare.out"

[ "$fails" -eq 0 ]
