#!/usr/bin/env bash
# tests/e2e/test_cct.sh - calling-context trees (hwprof run --cct, cct/): the tree
# built sequentially and in parallel is the same, and its instructions are the
# run's, in every profiling mode, through recursion 100,000 deep, setjmp/longjmp,
# tail calls and an exit from deep frames (tests/guest/callctx.c); its reports
# hold together: the folded stacks add up to the run's guest instructions and are
# cut at 1,000 frames, the flame graph is well-formed SVG, the Callgrind file's
# calls carry the callee's inclusive cost, the JSON's tree adds up.  Prints
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

# cct_check ARGS...: run --cct; the same tree both ways, holding the run's guest
# instructions.
cct_check() {
  "$HW" run --cct "$@" >/dev/null 2>"$out.cct"
  local rc=$? gi ti
  gi=$(sed -n 's/^hwprof: guest instructions *\([0-9]*\).*/\1/p' "$out.cct")
  ti=$(sed -n 's/.*; \([0-9]*\) guest instructions in them.*/\1/p' "$out.cct")
  if [ "$rc" -eq 0 ] && grep -q ': the same tree$' "$out.cct" && [ -n "$gi" ] && [ "$gi" = "$ti" ]
  then echo "the same tree, $ti guest instructions"; grep 'contexts' "$out.cct"
  else echo "rc $rc, guest instructions '$gi', in the tree '$ti'"; cat "$out.cct"; fi
}
expect cct_recursion 0 'the same tree, [0-9]+ guest' cct_check "$G/recursion-O2"
expect cct_setjmp 0 'the same tree, [0-9]+ guest' cct_check "$G/setjmp-O2"
expect cct_superblocks_hw 0 'the same tree, [0-9]+ guest' \
  cct_check --profile hw --threshold 200 --superblocks "$G/sort-O2"
expect cct_workload_sw 0 'the same tree, [0-9]+ guest' cct_check --profile sw "$B/workloads/crafty" test
# ... whose sw probes' packets give the runtime's tree too (the same run: see sw_check below)
expect cct_sw_crafty 0 "sw probes' packets [0-9]+ .*: the runtime's tree" grep -E 'sw probes' "$out.cct"
# 100,000 calls deep, plus main's and libc's frames; exit() 200 frames deep
for o in O0 O2; do
  expect "cct_deep_$o" 0 'the same tree, [0-9]+ guest.*' cct_check "$G/callctx-$o"
  expect "cct_deep_${o}_depth" 0 ' 10000[0-9] deep at most' cat "$out.cct"
done

# The sw probes' packets (inline code, a ring drained when full: 4,096 packets)
# give the runtime's tree: with superblocks, code-cache refills, longjmp, 100,000
# deep, the workloads.  The refills' program is callctx: 219,084 packets, the ring
# drained 53 times across 49 refills of a 4 KiB cache, in 1,705 translations.
sw_check() {
  "$HW" run --quiet --cct "$@" >/dev/null 2>"$out.sw"
  local rc=$?
  grep -E "sw probes|IP's packets" "$out.sw" | paste -sd' ' | grep . || cat "$out.sw"
  return $rc
}
expect cct_sw_deep 0 "sw probes' packets 2[0-9]{5} .*: the runtime's tree" \
  sw_check --profile sw "$G/callctx-O2"
expect cct_sw_setjmp 0 ": the runtime's tree" sw_check --profile sw "$G/setjmp-O0"
expect cct_sw_superblocks 0 ": the runtime's tree" \
  sw_check --profile sw --superblocks --threshold 200 "$G/sort-O2"
expect cct_sw_refills 0 "sw probes' packets 2[0-9]{5} .*: the runtime's tree" \
  sw_check --profile sw --code-cache 4096 "$G/callctx-O2"
expect cct_sw_parser 0 ": the runtime's tree" sw_check --profile sw "$B/workloads/parser" test
# The IP's packets (IP 1.6: a ring in board RAM written by the IP from the event
# stream, each probe carrying its block's instruction count as the event's weight)
# give it too; in all mode both streams come from one run, so hw and sw agree
both="sw probes' packets [0-9]+ .*: the runtime's tree.*IP's packets +[0-9]+ .*: the runtime's tree"
expect cct_hw_deep 0 "IP's packets +2[0-9]{5} .*: the runtime's tree" \
  sw_check --profile hw "$G/callctx-O2"
expect cct_hw_setjmp 0 "IP's packets .*: the runtime's tree" sw_check --profile hw "$G/setjmp-O0"
expect cct_hw_superblocks 0 "IP's packets .*: the runtime's tree" \
  sw_check --profile hw --superblocks --threshold 200 "$G/sort-O2"
expect cct_hw_refills 0 "IP's packets +2[0-9]{5} .*: the runtime's tree" \
  sw_check --profile hw --code-cache 4096 "$G/callctx-O2"
expect cct_all_superblocks_twolf 0 "$both" \
  sw_check --profile all --superblocks --threshold 500 "$B/workloads/twolf" test
# (every workload's tree from both rings, in all mode without superblocks: the compare
# of each in tests/e2e/test_workloads.sh)
# ... and leave the guest's behaviour alone (qemu-mips: the same output and status)
for g in callctx setjmp recursion printf switch; do
  tests/guest/compare.sh "$HW run --profile all --cct" "$G/$g-O2" || fails=$((fails + 1))
done

# reports PROGRAM ARGS...: every report of one run, checked by tests/e2e/cct_reports.py
reports() {
  "$HW" run --quiet --cct --json "$tmp/r.json" --folded "$tmp/r.folded" --flame "$tmp/r.svg" \
    --callgrind "$tmp/r.callgrind" "$@" >/dev/null 2>"$out.run" || { cat "$out.run"; return 1; }
  python3 tests/e2e/cct_reports.py "$tmp/r"
}
expect cct_reports_parser 0 'reports agree' reports "$B/workloads/parser" test
expect cct_reports_deep 0 'reports agree.*cut at 1000 frames' reports "$G/callctx-O2"
expect cct_reports_longjmp_sw 0 'reports agree' reports --profile sw "$G/setjmp-O0"
# The oracle: every function's calls and inclusive instructions against qemu-mips's
# own shadow stack (tools/qemu_count/cct.c, cct=), through 'hwprof compare' (the
# workloads: tests/e2e/test_workloads.sh)
# (compare's other checks may differ for reasons of their own: malloc-O2's mremap).
# The runtime on the host, the fast check, for the suite's time: the packets' drains on
# the board are tests/e2e/test_runtime.sh's, the runs above ran there.
vs_qemu() {
  "$HW" compare --runtime host "$@" >"$out.cmp" 2>&1
  grep -E '^(calling contexts|contexts vs qemu|vs qemu-mips) ' "$out.cmp" || cat "$out.cmp"
}
# (Every -O2 guest without arguments: tests/e2e/test_superblocks.sh's compares, whose
# JSON says so.)
for bin in "$G"/exitcode-O2 "$G"/callctx-O0 "$G"/callctx-Os; do
  args=()
  case $(basename "$bin") in exitcode-*) args=(42 "two words" x) ;; esac
  expect "cct_vs_qemu_$(basename "$bin")" 0 \
    'contexts vs qemu .*, 0 NOT accounted for|not counted: the guest died' \
    vs_qemu "$bin" "${args[@]}"
done
# --folded alone implies --cct
expect cct_folded_implies 7 'hwprof: calling contexts' \
  "$HW" run --quiet --folded "$tmp/f" "$G/exitcode-O2"

exit $((fails > 0))
