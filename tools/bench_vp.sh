#!/usr/bin/env bash
# tools/bench_vp.sh N... - figures of the virtual board (a benchmark: it prints, it
# does not judge).  For each N, a loop of 200,000 iterations issues one store every N
# PowerPC instructions, once to the IP's EVENT register and once to RAM:
#   vp_store_cost_cycles_nN   extra CPU cycles per store to the IP (vs. to RAM)
#   vp_cpu_cycles_per_s_nN    simulated CPU cycles per host second (IP loop)
#   vp_stores_per_s_nN        profiling stores per host second
# and from the self-test firmware: vp_irq_latency_cycles (line rising to the
# handler's first instruction).  CACHES=off: the board without its caches.
set -euo pipefail
B=${BUILD:-build}
CACHES=${CACHES:-on}
stat() { sed -n "s/^$1: //p" "$2"; }
for n in "$@"; do
  ip=$(mktemp) ram=$(mktemp)
  "$B/hwprof" vp --caches "$CACHES" --firmware "$B/firmware/storeloop-ip-$n.elf" --stats \
    2>"$ip" >/dev/null
  "$B/hwprof" vp --caches "$CACHES" --firmware "$B/firmware/storeloop-ram-$n.elf" --stats \
    2>"$ram" >/dev/null
  ci=$(stat cpu_cycles "$ip"); cr=$(stat cpu_cycles "$ram"); st=$(stat ip_stores "$ip")
  w=$(stat wall_s "$ip")
  awk -v n="$n" -v ci="$ci" -v cr="$cr" -v st="$st" -v w="$w" 'BEGIN {
    printf "vp_store_cost_cycles_n%s: %.3f\n", n, (ci - cr) / (st - 1)
    printf "vp_cpu_cycles_per_s_n%s: %.0f\n", n, ci / w
    printf "vp_stores_per_s_n%s: %.0f\n", n, st / w }'
  rm -f "$ip" "$ram"
done
s=$(mktemp)
"$B/hwprof" vp --caches "$CACHES" --firmware "$B/firmware/selftest.elf" --stats 2>"$s" >/dev/null
echo "vp_irq_latency_cycles: $(stat irq_latency_max "$s")"
rm -f "$s"
