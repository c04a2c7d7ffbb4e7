#!/usr/bin/env bash
# tests/e2e/randprog.sh - differential test of a MIPS32 translator against qemu-mips
# over random programs from mipsgen (tests/e2e/mipsgen.c).
#
#   tests/e2e/randprog.sh [--count K] [--seed N] [--jobs J] TRANSLATOR_CMD...
#
# Generates the K programs of seeds N..N+K-1 (default 1000 from 1) with the
# mipsgen binary $MIPSGEN (default build/tests/mipsgen), assembles and links
# them with mips-linux-gnu-as/ld, runs each under qemu-mips and under
# "TRANSLATOR_CMD prog" (a command prefix, e.g. "build/hwprof run --profile none"),
# J programs at a time (default 2), and compares stdout and exit status.
#
# Prints "PASS: randprog K programs (seeds N..M)" when all agree; otherwise
# "FAIL: randprog seed S" with the first differing lines for each failing seed
# (at most 20), and keeps the failing programs (.S, qemu's and the translator's
# output) in a directory it names.  $RANDPROG_TIMEOUT bounds each run (seconds,
# default 20).
set -u

count=1000
seed=1
jobs=2

usage() {
  echo "usage: tests/e2e/randprog.sh [--count K] [--seed N] [--jobs J] TRANSLATOR_CMD..." >&2
  exit 2
}

while [ $# -gt 0 ]; do
  case $1 in
  --count | --seed | --jobs)
    [ $# -ge 2 ] || usage
    case $2 in '' | *[!0-9]*) usage ;; esac
    case $1 in
    --count) count=$2 ;;
    --seed) seed=$2 ;;
    --jobs) jobs=$2 ;;
    esac
    shift 2
    ;;
  --) shift; break ;;
  -*) usage ;;
  *) break ;;
  esac
done
if [ $# -lt 1 ] || [ "$count" -lt 1 ] || [ "$jobs" -lt 1 ]; then
  usage
fi
last=$((seed + count - 1))

mipsgen=${MIPSGEN:-build/tests/mipsgen}
if [ ! -x "$mipsgen" ]; then
  echo "FAIL: randprog: no mipsgen binary at $mipsgen (set MIPSGEN)"
  exit 1
fi
for tool in mips-linux-gnu-as mips-linux-gnu-ld qemu-mips timeout; do
  if ! command -v "$tool" >/dev/null; then
    echo "FAIL: randprog: $tool not found"
    exit 1
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/randprog.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT

if ! "$mipsgen" --seed "$seed" --count "$count" --outdir "$work"; then
  echo "FAIL: randprog: $mipsgen failed"
  exit 1
fi

export RP_WORK=$work RP_CMD="$*" RP_TIMEOUT=${RANDPROG_TIMEOUT:-20}

# worker SEED...: builds and runs the programs of the seeds given; a failing one
# leaves prog-SEED.fail with what went wrong.  Forks only to build and to run.
# shellcheck disable=SC2317  # run by xargs
worker() {
  local s p rc ref_rc ref out
  set -f # the translator command is split into words, but never globbed
  # bash's own reports ("Segmentation fault ...") of a crashed program
  exec 2>>"$RP_WORK/worker.log" </dev/null
  # the programs end in well under a second: a CPU limit instead of timeout(1)
  # for qemu-mips saves a fork per program
  ulimit -t "$RP_TIMEOUT"
  for s in "$@"; do
    p=$RP_WORK/prog-$s
    if ! mips-linux-gnu-as -EB -march=mips32r2 -o "$p.o" "$p.S" 2>"$p.log" ||
      ! mips-linux-gnu-ld -static -e __start -o "$p" "$p.o" 2>>"$p.log"; then
      { echo "  does not build:"; head -n 5 "$p.log"; } >"$p.fail"
      continue
    fi
    qemu-mips "$p" >"$p.ref" 2>/dev/null
    ref_rc=$?
    # shellcheck disable=SC2086
    timeout "$RP_TIMEOUT" $RP_CMD "$p" >"$p.out" 2>"$p.err"
    rc=$?
    ref='' out=''
    IFS= read -r -d '' ref <"$p.ref"
    IFS= read -r -d '' out <"$p.out"
    if [ "$ref_rc" -ne 0 ] || [[ $ref != *$'\nsum '* ]]; then
      echo "  qemu-mips itself fails (exit status $ref_rc): a generator bug" >"$p.fail"
    elif [ "$rc" -ne "$ref_rc" ] || [ "$out" != "$ref" ]; then
      {
        [ "$rc" -eq "$ref_rc" ] || echo "  exit status $rc, qemu-mips $ref_rc"
        diff "$p.ref" "$p.out" | grep '^[<>]' | head -n 6 | sed 's/^/  /'
        head -n 3 "$p.err" | sed 's/^/  stderr: /'
      } >"$p.fail"
    fi
  done
}
export -f worker

# batches of seeds, about 8 per job, so that a slow batch does not hold up the end
batch=$(((count + 8 * jobs - 1) / (8 * jobs)))
for ((s = seed; s <= last; s++)); do echo "$s"; done |
  xargs -n "$batch" -P "$jobs" bash -c 'worker "$@"' worker

shopt -s nullglob
fails=("$work"/prog-*.fail)
if [ ${#fails[@]} -eq 0 ]; then
  echo "PASS: randprog $count programs (seeds $seed..$last)"
  exit 0
fi

keep=$(mktemp -d "${TMPDIR:-/tmp}/randprog-fail.XXXXXX") || exit 1
shown=0
for s in $(for f in "${fails[@]}"; do f=${f##*/prog-}; echo "${f%.fail}"; done | sort -n); do
  p=$work/prog-$s
  cp "$p.S" "$keep/"
  [ ! -f "$p.ref" ] || cp "$p.ref" "$keep/prog-$s.qemu"
  [ ! -f "$p.out" ] || cp "$p.out" "$keep/prog-$s.out"
  if [ "$shown" -lt 20 ]; then
    echo "FAIL: randprog seed $s"
    cat "$p.fail"
    shown=$((shown + 1))
  fi
done
echo "randprog: ${#fails[@]} of $count programs failed; their sources are in $keep"
exit 1
