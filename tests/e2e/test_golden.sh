#!/usr/bin/env bash
# tests/e2e/test_golden.sh - the runtime's observable behaviour, pinned: every
# workload at test size in none, hw, sw, hw+sb, sw+sb and all+sb+cct, and the
# guest and outside programs that fault, trap, take signals, fork or change their
# code, each run once; for each run its exit status, simulated cycles and guest
# instructions in plain figures, and a digest of every report it writes (JSON,
# CSV, Callgrind, folded stacks, the --stats summary, the --dump of every
# translation).  tests/golden/runs.txt holds the figures a known-good build gave;
# a run that differs fails and names the figure or report that changed.
#
# It guards restructurings that must not change behaviour (issue 36), on one
# machine: the figures depend on the root the guest programs are built and run in
# (a fresh Debian root gave 11 fewer guest instructions for bzip2), so it is not
# part of make test; record them with the build before the change (HWPROF=, below)
# and compare with the build after it.  A change
# that means to alter behaviour (a new probe, a new cycle model) records the new
# figures with --record and says so in its commit:
#
#   tests/e2e/test_golden.sh            compare (PASS/FAIL lines for run.sh)
#   tests/e2e/test_golden.sh --record   rewrite tests/golden/runs.txt
#   HWPROF=DIR/hwprof tests/e2e/test_golden.sh --record   ... from another build's hwprof
#                                   (with its dtb/ and firmware/fpcost.elf beside it)
#
# Host times (ms, rates, the parallel tree's speedup) and the host's memory are
# not behaviour: they are masked before the digest.  The guest's stack holds its arguments and environment,
# and where they end moves every stack address and so the data cache's sets: each
# run gets the same environment (env -i), paths relative to the clone, and its
# files in $BUILD/golden/run.
set -u
B=${BUILD:-build}
HW=${HWPROF:-$B/hwprof}
GOLD=tests/golden/runs.txt
record=0
case "${1:-}" in
--record) record=1 ;;
"") ;;
*)
  echo "usage: tests/e2e/test_golden.sh [--record]" >&2
  exit 2
  ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

# The runs: NAME|OPTIONS|PROGRAM ARGS.  Every workload in every mode, with the
# translation dumped in the modes whose code differs; then programs that reach
# the rarer exits (traps, faults, signals, fork and exec, code the guest writes).
runs() {
  local w n
  for w in "$B"/workloads/*; do
    n=$(basename "$w")
    echo "$n none|--profile none --dump DUMP|$w test"
    echo "$n hw|--profile hw --dump DUMP|$w test"
    echo "$n sw|--profile sw --dump DUMP|$w test"
    echo "$n hw+sb|--profile hw --superblocks --dump DUMP|$w test"
    echo "$n sw+sb|--profile sw --superblocks|$w test"
    echo "$n all+sb+cct|--profile all --superblocks --cct --threshold 200 --edge-threshold 100|$w test"
  done
  for n in sbtrap setjmp callctx switch fileio; do
    echo "$n-O2 all+sb+cct|--profile all --superblocks --threshold 50 --cct --dump DUMP|$B/guest/$n-O2 TMP/f"
    echo "$n-O0 hw+sb|--profile hw --superblocks --threshold 50|$B/guest/$n-O0 TMP/f"
  done
  for n in traps_segv traps_teq traps_delayslot fpu; do
    echo "asm/$n all|--profile all --cct --dump DUMP|$B/guest/asm/$n"
  done
  for n in abort clocks forkexec holes jit signals unaligned; do
    echo "outside/$n all+sb+cct|--profile all --superblocks --threshold 50 --cct|$B/guest/outside/$n"
  done
  echo "outside/confine confine|--profile all --confine on --unaligned trap|$B/guest/outside/confine"
  echo "gzip small cache|--profile all --superblocks --code-cache 8192|$B/workloads/gzip test"
}

# Masks host times and memory: --stats's host lines, "1.2 ms", "134.8 M packets/s",
# "(1.28x)" of the parallel tree, "_ms": in JSON.
mask() {
  sed -E -e '/^hwprof: (host time|host memory|wall time) /d' \
    -e "s#$B/#B/#g" -e "s#B/golden/run#TMP#g" \
    -e 's/[0-9]+(\.[0-9]+)? ?(host )?(ns|us|µs|ms|s)\b/T/g' \
    -e 's/[0-9]+(\.[0-9]+)? ?[kMG]?[a-z ]*\/s\b/R/g' \
    -e 's/[0-9]+(\.[0-9]+)?x\)/X)/g' \
    -e 's/"([a-z_]*_(ms|ns))": ?[0-9.e+-]+/"\1":T/g' "$1"
}

digest() {
  if [ -s "$1" ]; then mask "$1" | sha256sum | cut -c1-16; else echo -; fi
}

one() {
  local name=$1 opts=$2 prog=$3 d=$B/golden/run
  rm -rf "$d" && mkdir -p "$d"
  # shellcheck disable=SC2086 # options and the program's arguments split on spaces
  env -i PATH=/usr/bin:/bin "$HW" run ${opts//DUMP/$d/dump} --stats --top 5 --json "$d/json" --csv "$d/csv" \
    --callgrind "$d/cg" $([[ $opts == *--cct* ]] && echo "--folded $d/folded") \
    ${prog//TMP/$d} </dev/null >"$d/stdout" 2>"$d/stderr"
  local rc=$?
  local f
  f=$(python3 - "$d/json" <<'PY'
import json, sys
try:
    j = json.load(open(sys.argv[1]))
    print("cycles=%s insns=%s blocks=%s" % (j["cycles"], j["guest_insns"], j["blocks_executed"]))
except Exception as e:
    print("cycles=? insns=? blocks=?")
PY
  )
  printf '%s | status=%s %s | stdout=%s stderr=%s json=%s csv=%s cg=%s folded=%s dump=%s\n' \
    "$name" "$rc" "$f" "$(digest "$d/stdout")" "$(digest "$d/stderr")" "$(digest "$d/json")" \
    "$(digest "$d/csv")" "$(digest "$d/cg")" "$(digest "$d/folded")" "$(digest "$d/dump")"
}

got=$tmp/runs.txt
: >"$got"
while IFS='|' read -r name opts prog; do
  one "$name" "$opts" "$prog" >>"$got"
done < <(runs)

if [ "$record" = 1 ]; then
  mkdir -p "$(dirname "$GOLD")"
  {
    echo "# tests/golden/runs.txt - written by tests/e2e/test_golden.sh --record; one run a line:"
    echo "# name | exit status, simulated cycles, guest instructions, blocks | digests of"
    echo "# its outputs and reports, host times masked (- : none written)"
    cat "$got"
  } >"$GOLD"
  echo "recorded $(wc -l <"$got") runs in $GOLD"
  exit 0
fi

if [ ! -f "$GOLD" ]; then
  echo "FAIL: golden: no $GOLD (tests/e2e/test_golden.sh --record writes it)"
  exit 1
fi
while IFS= read -r line; do
  name=${line%% | *}
  want=$(grep -F -- "$name | " "$GOLD" | head -1)
  if [ "$line" = "$want" ]; then
    echo "PASS: golden: $name"
    continue
  fi
  fails=$((fails + 1))
  if [ -z "$want" ]; then
    echo "FAIL: golden: $name has no recorded figures in $GOLD"
    continue
  fi
  diffs=""
  for field in $line; do
    case "$field" in *=*) ;; *) continue ;; esac
    w=$(tr ' ' '\n' <<<"$want" | grep -F -- "${field%%=*}=" | head -1)
    [ "$field" = "$w" ] || diffs="$diffs ${field%%=*} (${w#*=} -> ${field#*=})"
  done
  echo "FAIL: golden: $name differs:$diffs"
done <"$got"
n=$(grep -vc '^#' "$GOLD")
if [ "$n" != "$(wc -l <"$got")" ]; then
  echo "FAIL: golden: $GOLD has $n runs, this test ran $(wc -l <"$got")"
  fails=$((fails + 1))
fi
echo "golden: $fails failed"
[ "$fails" -eq 0 ]
