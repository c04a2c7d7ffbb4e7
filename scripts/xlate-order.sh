#!/usr/bin/env bash
# scripts/xlate-order.sh - lays out the runtime's image on the board (firmware/xlate.elf)
# by its own profile: writes firmware/xlate-order.ld, the order of its functions in
# its code, densest first (the instructions a function runs per byte of its code),
# which firmware/xlate.ld includes.
#
#   scripts/xlate-order.sh [BUILD]      (default build; run make first)
#
# The translator, the dispatcher and the interrupt handler run between two stretches of
# the guest's code, and each call finds most of its lines evicted from the PPC405's
# 16 KB instruction cache.  Placed densest first, the code a call runs lies in fewer
# lines that do not evict one another, and the calls miss less (docs/translator.md,
# "What a translation costs on the board").  By instructions alone (the order before
# 2026-11-30) a big function run once a block (tr_terminate, 2.8 KB) came before small
# ones run at every word, and pushed them past the first 16 KB: densest first the
# translator took 3 % fewer cycles on the suite.
#
# The profile: `hwprof run --runtime-profile` (PowerPC instructions by function) on
# crafty unprofiled, crafty, gzip and parser hw with superblocks, and gzip sw with
# superblocks, at test size; each run's share of its image's instructions, added up.
# Instructions do not depend on where the code lies, so the order does not depend on
# the order it was made with.  A function missing from the list (new, or never run in
# these runs) follows the listed ones, in the order of the object files; a name that no
# longer exists matches nothing.  Run it again when the runtime's code changes much,
# then make, and re-record tests/golden (the cycles change).
set -euo pipefail
B=${1:-build}
HW=$B/hwprof
[ -x "$HW" ] || {
  echo "xlate-order.sh: $HW not found: run make first" >&2
  exit 2
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
runs=("none crafty" "hw crafty" "hw gzip" "hw parser" "sw gzip")
for r in "${runs[@]}"; do
  # shellcheck disable=SC2086 # a run: its profile and its workload
  set -- $r
  sb=$([ "$1" = none ] || echo --superblocks)
  # shellcheck disable=SC2086 # $sb is one option or none
  env -i "$HW" run --quiet --profile "$1" $sb --runtime-profile "$tmp/$1-$2.txt" \
    "$B/workloads/$2" test >/dev/null
done
out=firmware/xlate-order.ld
powerpc-linux-gnu-nm -S "$B/firmware/xlate.elf" | awk 'NF == 4' >"$tmp/sizes"
python3 - "$tmp/sizes" "$tmp"/*.txt >"$out.new" <<'EOF'
import collections, re, sys
share = collections.Counter()
for path in sys.argv[2:]:
    lines = open(path).read().splitlines()
    total = int(re.search(r"(\d+) PowerPC instructions", lines[2]).group(1))
    for line in lines[4:]:
        name, cols = line.split()[0], line.split()[-6:]
        if not name.startswith("("):   # (no symbol)
            share[name] += int(cols[3]) / total
size = collections.Counter()
for line in open(sys.argv[1]).read().splitlines():   # nm -S: address size type name
    f = line.split()
    size[f[3]] += int(f[1], 16)
dens = {n: share[n] / max(size[n], 4) for n in share}
print("/* firmware/xlate-order.ld - written by scripts/xlate-order.sh: the runtime image's")
print(" * functions, most instructions run per byte first (firmware/xlate.ld includes it). */")
for name, _ in sorted(dens.items(), key=lambda kv: (-kv[1], kv[0])):
    if name != "_start" and not name.startswith("_restgpr"):  # (xlate.ld places them)
        print("*(.text.%s .text.%s.*)" % (name, name))
EOF
mv "$out.new" "$out"
echo "xlate-order.sh: $out: $(grep -c '^\*' "$out") functions"
