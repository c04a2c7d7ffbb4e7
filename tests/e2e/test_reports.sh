#!/usr/bin/env bash
# tests/e2e/test_reports.sh - report files are never lost and never overwrite an
# input: every output of run, compare, bench and ip is opened before anything
# runs (a bad path is refused, the guest never starts); an output that is the
# program, the device tree or another output is refused; a write failure names
# the file and its cause and makes the exit status non-zero; a run that cannot
# start leaves an earlier report as it was; SIGINT and SIGTERM stop 'hwprof run'
# at the next block with its reports written (130, 143), and a stop at any block
# (a signal, the cycle limit) leaves the counts exact, superblocks included.
# Prints PASS/FAIL for tests/run.sh.
set -u
B=${BUILD:-build}
HW=$B/hwprof
G=$B/guest
W=$B/workloads
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$tmp/out
fails=0

. tests/e2e/expect.sh

pass() { echo "PASS: $1"; }
fail() {
  echo "FAIL: $1${2:+ ($2)}"
  fails=$((fails + 1))
}

# A device whose every write fails with ENOSPC: /dev/full, or one made here
# (a root without it, as a minimal chroot can be).
full=/dev/full
if [ ! -c "$full" ]; then
  full=$tmp/full
  mknod "$full" c 1 7 || echo "no full device: /dev/full is missing and mknod failed"
fi

p=$G/printf-O2
cp "$p" "$tmp/prog"
cp "$B/dtb/ml300-virtual.dtb" "$tmp/board.dtb"

# --- outputs that are inputs or each other: refused, nothing overwritten
expect report_program_is_not_an_output 2 "--json $tmp/prog is the program \($tmp/prog\): not overwriting it" \
  "$HW" run --json "$tmp/prog" "$tmp/prog"
cmp -s "$p" "$tmp/prog" && pass report_program_intact || fail report_program_intact
expect report_dtb_is_not_an_output 2 "--csv $tmp/board.dtb is the device tree" \
  "$HW" run --dtb "$tmp/board.dtb" --csv "$tmp/board.dtb" "$p"
cmp -s "$B/dtb/ml300-virtual.dtb" "$tmp/board.dtb" && pass report_dtb_intact || fail report_dtb_intact
ln -s "$tmp/prog" "$tmp/prog-link"
expect report_program_through_a_link 2 "is the program" \
  "$HW" run --callgrind "$tmp/prog-link" "$tmp/prog"
expect report_two_options_one_file 2 "--json and --csv name the same file" \
  "$HW" run --json "$tmp/a" --csv "$tmp/./a" "$p"
expect compare_json_is_not_the_program 2 "--json $tmp/prog is the program" \
  "$HW" compare --no-qemu --json "$tmp/prog" "$tmp/prog"

# --- an output that cannot be opened: refused before the guest runs (its output
# never appears), for every command
expect report_unopenable_before_run 2 "cannot write $tmp/no/x.json \(--json\): No such file or directory" \
  "$HW" run --json "$tmp/no/x.json" "$p"
grep -q '\[int\]' "$out" && fail report_guest_never_started "the guest ran" ||
  pass report_guest_never_started
expect report_two_on_stdout 2 "--json and --csv would both write to standard output \('-'\), mixed" \
  "$HW" run --profile sw --json - --csv - "$p"
expect run_event_trace_needs_ip 2 "--event-trace needs --profile hw or all" \
  "$HW" run --profile sw --event-trace "$tmp/ev.trace" "$p"
if [ -e "$tmp/ev.trace" ]; then
  echo "FAIL: run_event_trace_needs_ip_writes_nothing"
  fails=$((fails + 1))
else
  echo "PASS: run_event_trace_needs_ip_writes_nothing"
fi
expect run_all_edges_needs_ip 2 "--all-edges needs --profile hw or all" "$HW" run --all-edges "$p"
expect report_directory 2 "cannot write $tmp \(--csv\): it is a directory" \
  "$HW" run --csv "$tmp" "$p"
# Every command's inputs, through links too: compare's plugin and qemu, bench's
# workloads (copies, so that a failure here overwrites nothing outside $tmp).
cp "$B/qemu-count.so" "$tmp/q.so"
ln -s "$tmp/q.so" "$tmp/q-link.so"
expect compare_json_is_the_plugin 2 "--json $tmp/q-link.so is the qemu plugin" \
  "$HW" compare --plugin "$tmp/q.so" --json "$tmp/q-link.so" "$G/exitcode-O2"
cp "$(command -v qemu-mips)" "$tmp/qemu-copy"
expect compare_json_is_qemu 2 "--json $tmp/qemu-copy is qemu-mips" \
  "$HW" compare --qemu "$tmp/qemu-copy" --json "$tmp/qemu-copy" "$G/exitcode-O2"
mkdir -p "$tmp/wl"
cp "$G/exitcode-O2" "$tmp/wl/hello"
expect bench_json_is_a_workload 2 "--json $tmp/wl/hello is a workload" \
  "$HW" bench --dir "$tmp/wl" --json "$tmp/wl/hello" hello
# A dangling link as a report path makes the file it names; the link stays.
ln -s "$tmp/made.json" "$tmp/dangling.json"
"$HW" run --quiet --profile sw --json "$tmp/dangling.json" "$G/exitcode-O2" >/dev/null 2>&1
if [ -L "$tmp/dangling.json" ] && [ -s "$tmp/made.json" ]; then
  echo "PASS: report_dangling_link_makes_its_target"
else
  echo "FAIL: report_dangling_link_makes_its_target"
  fails=$((fails + 1))
fi
# compare --keep's own files are not reports' to take.
mkdir -p "$tmp/kept"
expect compare_json_is_a_kept_file 2 "--json $tmp/kept/hwprof.out is a file --keep keeps" \
  "$HW" compare --no-qemu --keep "$tmp/kept" --json "$tmp/kept/hwprof.out" "$G/exitcode-O2"
# compare --keep makes its directory, parents too; one it cannot make is named.
expect compare_keep_makes_its_directory 0 'result +every difference accounted for' \
  "$HW" compare --no-qemu --keep "$tmp/new/deeper/kept" "$G/exitcode-O2"
[ -s "$tmp/new/deeper/kept/hwprof.out" ] && pass compare_keep_kept_the_output ||
  fail compare_keep_kept_the_output "$(ls -la "$tmp/new/deeper/kept" 2>&1)"
expect compare_keep_under_a_file 2 "cannot make the --keep directory $tmp/prog/kept: Not a directory" \
  "$HW" compare --no-qemu --keep "$tmp/prog/kept" "$G/exitcode-O2"
# A report file the user may not write is refused as the shell's '>' refuses it
# (root may write anything: then as nobody, when runuser is there; the reports are
# checked before the program or the board is read, so a copy of hwprof and of the
# program where nobody can reach them is all it takes: / and the temporary directory
# must let other users in, as on any machine.)
mkdir -p "$tmp/ro"
chmod 777 "$tmp/ro"
cp "$HW" "$G/exitcode-O2" "$tmp/ro/"
chmod 755 "$tmp" "$tmp/ro/hwprof" "$tmp/ro/exitcode-O2"
echo '{}' >"$tmp/ro/r.json"
chmod 444 "$tmp/ro/r.json"
as=()
[ "$(id -u)" -ne 0 ] || as=(runuser -u nobody --)
if [ "$(id -u)" -ne 0 ] || command -v runuser >/dev/null; then
  expect report_read_only_refused 2 "cannot write $tmp/ro/r.json \(--json\): Permission denied" \
    "${as[@]}" "$tmp/ro/hwprof" run --quiet --profile sw --json "$tmp/ro/r.json" \
    "$tmp/ro/exitcode-O2"
  if [ "$(cat "$tmp/ro/r.json")" = '{}' ]; then
    echo "PASS: report_read_only_untouched"
  else
    echo "FAIL: report_read_only_untouched"
    fails=$((fails + 1))
  fi
fi
# A plugin named without a slash is the file here, not a library qemu searches for.
cp "$B/qemu-count.so" "$tmp/plug.so"
hw_abs=$(cd "$(dirname "$HW")" && pwd)/$(basename "$HW")
expect compare_plugin_relative 0 'result +(all equal|every difference accounted for)' \
  sh -c 'cd "$1" && "$2" compare --plugin plug.so "$3"' - "$tmp" "$hw_abs" "$(pwd)/$G/exitcode-O2"
expect compare_json_unopenable 2 "hwprof compare: cannot write $tmp/no/c.json \(--json\)" \
  "$HW" compare --no-qemu --json "$tmp/no/c.json" "$p"
expect bench_json_unopenable 2 "hwprof bench: cannot write $tmp/no/b.json \(--json\)" \
  "$HW" bench --json "$tmp/no/b.json" gzip
grep -q 'workload' "$out" && fail bench_refused_before_running "a workload ran" ||
  pass bench_refused_before_running
expect ip_wave_unopenable 2 "hwprof ip: cannot write $tmp/no/w.fst \(--wave\)" \
  "$HW" ip --events 1000 --wave "$tmp/no/w.fst"

# --- write failures: each names the file and the cause; the status is non-zero
for o in json csv callgrind dump event-trace; do
  expect "report_write_fails_$o" 2 "hwprof run: cannot write $full \(--$o\): No space left on device" \
    "$HW" run --profile hw --quiet --"$o" "$full" "$p"
done
expect report_write_fails_keeps_guest_status 7 "cannot write $full \(--json\): No space left" \
  "$HW" run --quiet --json "$full" "$G/exitcode-O2"
expect compare_write_fails 2 "hwprof compare: cannot write $full \(--json\): No space left on device" \
  "$HW" compare --no-qemu --json "$full" "$G/exitcode-O2"
expect ip_wave_write_fails 2 "hwprof ip: cannot write $full \(--wave\): No space left on device" \
  "$HW" ip --events 20000 --wave "$full"
expect ip_wave_written 0 "reference model: agrees" "$HW" ip --events 20000 --wave "$tmp/w.fst"
[ "$(head -c 1 "$tmp/w.fst" | od -An -tx1 | tr -d ' ')" = 00 ] && pass ip_wave_is_fst ||
  fail ip_wave_is_fst "no FST header block"

# --- a run that cannot start leaves an earlier report, its mode and its link
echo earlier >"$tmp/keep.json"
chmod 640 "$tmp/keep.json"
ln -s "$tmp/keep.json" "$tmp/keep-link.json"
expect report_earlier_kept 2 "No such file or directory" \
  "$HW" run --json "$tmp/keep-link.json" "$tmp/nonexistent"
[ "$(cat "$tmp/keep.json")" = earlier ] && pass report_earlier_intact || fail report_earlier_intact
expect report_through_link 0 "" "$HW" run --quiet --json "$tmp/keep-link.json" "$p"
if [ -L "$tmp/keep-link.json" ] && grep -q '"program"' "$tmp/keep.json" &&
  [ "$(stat -c %a "$tmp/keep.json")" = 640 ] &&
  [ -z "$(find "$tmp" -name '.keep*')" ]; then
  pass report_replaces_target_keeps_link_and_mode
else
  fail report_replaces_target_keeps_link_and_mode "$(ls -la "$tmp")"
fi

# --- stopped at a block: by a signal to hwprof, or by the cycle limit.  The
# reports cover the blocks that ran, each counted exactly once by the runtime, the
# IP and the sw counters, inside superblocks too.
counts_exact() { # JSON: every block's count = hw = sw, and some ran
  python3 - "$1" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
bad = [b for b in j["blocks"] if b["count"] != b.get("hw") or b["count"] != b.get("sw")]
ran = sum(b["count"] for b in j["blocks"])
print(f"{len(j['blocks'])} blocks, {ran} entries, {len(bad)} differ, exit {j['exit_status']}")
sys.exit(0 if ran and not bad else 1)
PY
}
# The train-size runs below form superblocks at 500, not the default 3,000: formed early,
# so that the signals and the cycle limits stop the runs inside them.
# sig NAME SIGNAL STATUS: 'hwprof run' of gzip (train) signalled after a second
sig() {
  "$HW" run --profile all --superblocks --threshold 500 --json "$tmp/$1.json" "$W/gzip" train \
    >"$tmp/$1.out" 2>&1 &
  local pid=$! rc
  sleep 1
  kill -"$2" "$pid"
  wait "$pid"
  rc=$?
  if [ "$rc" -eq "$3" ] && grep -q "interrupted by SIG$2 .*after [0-9]* guest instructions" \
    "$tmp/$1.out" && grep -q "hwprof run: interrupted by SIG$2; the reports cover" "$tmp/$1.out" &&
    counts_exact "$tmp/$1.json"; then
    pass "$1"
  else
    fail "$1" "exit $rc, want $3: $(tail -3 "$tmp/$1.out")"
  fi
}
sig run_sigint_writes_reports INT 130
sig run_sigterm_writes_reports TERM 143
# A guest blocked reading its stdin (a pipe no one writes) is stopped too.
mkfifo "$tmp/fifo"
sleep 60 >"$tmp/fifo" &
holder=$!
"$HW" run --profile hw --json "$tmp/blocked.json" "$G/outside/readstdin" <"$tmp/fifo" \
  >"$tmp/blocked.out" 2>&1 &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
rc=$?
kill "$holder" 2>/dev/null
if [ "$rc" -eq 130 ] && grep -q '"exit_status":130' "$tmp/blocked.json"; then
  pass run_sigint_guest_blocked_in_read
else
  fail run_sigint_guest_blocked_in_read "exit $rc: $(tail -3 "$tmp/blocked.out")"
fi
for n in 20000000 33333333; do
  expect "run_cycle_limit_$n" 126 "cycle limit $n reached at guest pc 0x[0-9a-f]+, after" \
    "$HW" run --profile all --superblocks --threshold 500 --max-cycles "$n" --json "$tmp/limit.json" "$W/gzip" train
  counts_exact "$tmp/limit.json" >"$out" && pass "run_cycle_limit_${n}_counts_exact" ||
    fail "run_cycle_limit_${n}_counts_exact" "$(cat "$out")"
done
# Many stopping points, inside superblocks and beside their side exits' and traps'
# out-of-line code (a stop there once left derived counts one too high).
bad=""
for w in gzip twolf; do
  for n in 5000003 10500005 16000007 21500009 27000011 32500013 38000015; do
    "$HW" run --quiet --profile all --superblocks --threshold 500 --max-cycles "$n" --json "$tmp/l.json" \
      "$W/$w" train >/dev/null 2>&1
    counts_exact "$tmp/l.json" >"$out" || bad="$bad $w@$n"
  done
done
[ -z "$bad" ] && pass run_cycle_limits_many_counts_exact || fail run_cycle_limits_many_counts_exact "$bad"
sig run_sigterm_again_writes_reports TERM 143

[ "$fails" -eq 0 ]
