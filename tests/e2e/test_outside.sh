#!/usr/bin/env bash
# tests/e2e/test_outside.sh - programs that are not in the suite, as a new user runs
# them (tests/outside/): 'hwprof compare' gives qemu-mips the same stdin as the
# translated run, and compares statuses and outputs when the guest dies of a
# signal, with the runtime's own messages apart from the guest's output and
# --ignore-lines, own code by object file (--own) and address-dependent own code
# explained by a second qemu-mips run; the guest's clocks give the board's time (--clock board, the default:
# deterministic, and following the simulated cycles) or the host's; the
# CoreMark-like workload's score; a jump into MIPS16e code is named as such;
# 'hwprof bench' names every failing run and widens its first column; fork,
# pipes, wait, exec and system() work, threads are refused; code generated at
# run time runs; unaligned accesses trap (--unaligned trap) as under qemu-mips;
# signal handlers run; a guest's wild accesses fault (--confine on), also in the
# free pages of its own range, and cannot
# touch the profile.  Prints PASS/FAIL for run.sh.
set -u
B=${BUILD:-build}
HW=$B/hwprof
O=$B/guest/outside
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$tmp/out
fails=0

. tests/e2e/expect.sh

# --- compare with input on stdin: both runs read the same bytes (a file and a pipe)
seq 1 5000 >"$tmp/input"
want=$(qemu-mips "$O/readstdin" <"$tmp/input")
expect "compare: stdin from a file, output identical" 0 \
  'guest output +identical.*' "$HW" compare "$O/readstdin" <"$tmp/input"
expect "compare: the file reached the translated run whole" 0 "^${want}\$" \
  "$HW" run --quiet "$O/readstdin" <"$tmp/input"
compare_pipe() { seq 1 5000 | "$HW" compare --brief "$O/readstdin"; }
expect "compare: stdin from a pipe" 0 'identical ok$' compare_pipe
expect "compare: no stdin at all" 0 'identical ok$' "$HW" compare --brief "$O/readstdin" <&-

# --- compare when the guest dies of a signal (qemu-mips 7.2 then writes no counts)
expect "compare: SIGABRT in both, statuses and outputs compared" 0 \
  'exit status +134 \(qemu-mips: 134\).*' "$HW" compare "$O/abort"
cp "$out" "$tmp/abort.txt"
expect "compare: SIGABRT, outputs without qemu's note" 0 'guest output +identical' cat "$tmp/abort.txt"
expect "compare: SIGABRT, counts not compared and said so" 0 \
  'not counted: the guest died of signal 6 under qemu-mips' cat "$tmp/abort.txt"
# A stack past Linux's 8 MiB dies of SIGSEGV, as under qemu-mips, in every mode
# (before: it ran on into the pages below the stack, mmap's).
expect "deep stack: SIGSEGV as under qemu-mips" 0 \
  'exit status +139 \(qemu-mips: 139\).*' "$HW" compare "$O/deepstack"
cp "$out" "$tmp/deep.txt"
expect "deep stack: outputs identical" 0 'guest output +identical' cat "$tmp/deep.txt"
for m in none hw sw; do
  expect "deep stack: SIGSEGV, profile $m" 139 'guest terminated by SIGSEGV' \
    "$HW" run --quiet --profile "$m" "$O/deepstack"
done
expect "deep stack: a shallow one returns, the buffer below untouched" 0 \
  '0 bytes of the buffer overwritten' "$HW" run --quiet "$O/deepstack" 1000
# Resource limits as Linux answers them (qemu-mips keeps the stack's at 8 MiB
# whatever setrlimit says; Linux, and hwprof, report the lowered one).
"$HW" run --quiet "$O/rlimit" >"$out" 2>&1
if [ "$(tr '\n' '|' <"$out")" = 'stack 8388608|lower 0|stack 1048576|prlimit 1048576|soft above hard -1 EINVAL|resource 99 -1 EINVAL|' ]; then
  echo "PASS: rlimit: getrlimit, setrlimit, prlimit as Linux answers them"
else
  echo "FAIL: rlimit: getrlimit, setrlimit, prlimit as Linux answers them"
  sed 's/^/    /' "$out"
  fails=$((fails + 1))
fi
expect "compare: SIGSEGV from a load" 0 '- +- +- +- +identical ok$' \
  "$HW" compare --brief "$B/guest/asm/traps_segv"
printf '#!/bin/sh\necho "abort: running, sum 332833500"\nkill -KILL $$\n' >"$tmp/killedqemu"
chmod +x "$tmp/killedqemu"
expect "compare: a reference killed by another signal fails" 1 \
  'exit status +134 \(qemu-mips: 137\) DIFFERENT' "$HW" compare --qemu "$tmp/killedqemu" "$O/abort"
expect "compare: ... and its JSON says so" 1 '"qemu":\{"exit_status":137,"output_identical":false,"counted":false\}' \
  "$HW" compare --json - --qemu "$tmp/killedqemu" "$O/abort"

# --- the runtime's own messages are not the guest's output (issue 43): the guest
# prints a line like one of hwprof's and makes two calls no kernel has (one in a
# forked child); the runtime's two messages are reported apart, the guest's line
# is compared as its own.
expect "compare: runtime messages apart, a correct run passes" 0 \
  '^result +every difference accounted for' \
  "$HW" compare --keep "$tmp/self" --json "$tmp/self.json" "$O/selfnamed"
cp "$out" "$tmp/self.txt"
expect "compare: the runtime's two messages reported" 0 \
  '^runtime messages +2, apart from the guest.s output:' cat "$tmp/self.txt"
expect "compare: ... the forked child's too" 0 '^  hwprof: unsupported system call 4998 at pc' \
  cat "$tmp/self.txt"
expect "compare: ... in the JSON" 0 \
  '"runtime_messages":\["hwprof: unsupported system call 4999 at pc 0x[0-9a-f]+: -ENOSYS","hwprof: unsupported system call 4998' \
  cat "$tmp/self.json"
expect "compare: ... and not in the guest's output" 1 '^0$' grep -c 'system call 4998' "$tmp/self/hwprof.out"
expect "compare: the guest's own 'hwprof:' line is kept" 0 \
  '^hwprof: unsupported system call 4999 at pc 0x400000: -ENOSYS$' cat "$tmp/self/hwprof.out"
"$HW" run --quiet --messages "$tmp/run-msgs" "$O/selfnamed" >"$tmp/run-out" 2>&1
expect "run --messages FILE: stderr is the guest's alone" 0 '^1$' grep -c '^hwprof:' "$tmp/run-out"
expect "run --messages FILE: the messages in FILE, the forked child's too" 0 '^2$' \
  grep -c '^hwprof: unsupported system call 499[89] at pc 0x[0-9a-f]*: -ENOSYS$' "$tmp/run-msgs"
expect "run --messages FILE: not the guest's line" 1 '^0$' grep -c '0x400000' "$tmp/run-msgs"
# Own code is every function of the program's own object files (issue 43): a
# global function of a second C file (CoreMark's layout) is own, the C library's
# are not; --own names more.
"$HW" run --quiet --csv "$tmp/own.csv" "$O/ownfiles" >/dev/null 2>&1
own_of() { awk -F, -v f="$1" '$2 == f { print $8 }' "$tmp/own.csv" | sort -u; }
expect "own code: a global function of the program's second file" 0 '^1$' own_of core_bench_list
expect "own code: main" 0 '^1$' own_of main
expect "own code: not the C library's malloc" 0 '^0$' own_of __malloc
expect "own code: not crtstuff.c's" 0 '^0$' own_of frame_dummy
expect "compare: own code by object file, a correct run passes" 0 \
  '^own code +[0-9]+ instructions executed, 0 counts differ \(--own named [1-9][0-9]* functions\)' \
  "$HW" compare --own '*_malloc' --own printf "$O/ownfiles" 300
expect "compare: --own naming nothing is said" 0 "--own 'no_such_fn\*' names no function" \
  "$HW" compare --no-qemu --own 'no_such_fn*' "$O/ownfiles" 300

# An own-code difference that depends on an address is explained by a second
# qemu-mips run that differs from the first in the same function, and passes; one
# that qemu-mips repeats (here: a reference that adds 1 to main's first count in
# every run, as a translator's error would show against it) fails.
expect "compare: address-dependent own code explained by a second qemu run" 0 \
  '^own code +[0-9]+ instructions executed, [1-9][0-9]* counts differ; ([1-9][0-9]*) of them where qemu-mips differs from itself .*: address- or time-dependent$' \
  "$HW" compare --json "$tmp/seed.json" "$O/stackseed"
cp "$out" "$tmp/seed.txt"
expect "compare: ... and passes" 0 '^result +every difference accounted for' cat "$tmp/seed.txt"
expect "compare: ... the JSON says so" 0 '"second_run":true,"our_second_run":false,"own_varies":[1-9]' \
  cat "$tmp/seed.json"
# Our stack lies elsewhere than qemu-mips's, so an address may move across a boundary in
# our runs and not in qemu-mips's (Lua's string cache did, for one environment length):
# with a qemu-mips whose two runs see the same environment (the wrapper drops the second
# run's extra variable), only a second run of ours, its stack lower, shows the
# difference, and explains it.
printf '#!/bin/sh\nexec env -u HWPROF_COMPARE_RUN qemu-mips "$@"\n' >"$tmp/sameqemu"
chmod +x "$tmp/sameqemu"
expect "compare: address-dependent own code explained by a second run of ours" 0 \
  '^own code .* counts differ; ([1-9][0-9]*) of them where .* or ours does .*: address- or time-dependent$' \
  "$HW" compare --qemu "$tmp/sameqemu" --json "$tmp/seed2.json" "$O/stackseed"
cp "$out" "$tmp/seed2.txt"
expect "compare: ... the function is marked as ours varying" 0 '^  own +main .*varies between our runs' \
  cat "$tmp/seed2.txt"
expect "compare: ... and the JSON says so" 0 '"second_run":true,"our_second_run":true,"own_varies":[1-9]' \
  cat "$tmp/seed2.json"
main=$(awk -F, '$2 == "main" && $3 == 0 { sub(/^0x/, "", $1); print $1 }' "$tmp/own.csv")
printf '#!/bin/sh\nqemu-mips "$@"; rc=$?\nf=${2#*,out=}; f=${f%%%%,*}\nawk '"'"'$1 == "%s" { $2 = $2 + 1 } { print }'"'"' "$f" >"$f.x" && mv "$f.x" "$f"\nexit $rc\n' \
  "$main" >"$tmp/bumpqemu"
chmod +x "$tmp/bumpqemu"
expect "compare: an own-code difference both qemu-mips runs show fails" 1 \
  '^own code +[0-9]+ instructions executed, 1 counts differ; 0 of them where qemu-mips differs from itself .*the rest NOT accounted for$' \
  "$HW" compare --qemu "$tmp/bumpqemu" "$O/ownfiles" 300
expect "compare: a run whose own code matches makes no second run" 0 \
  '"second_run":false,"our_second_run":false,"own_varies":0' \
  "$HW" compare --json - "$O/ownfiles" 300

# A reference whose output differs fails; --ignore-lines leaves the line out on both
# sides and says so; a bad expression is refused.
printf '#!/bin/sh\nqemu-mips "$@"; rc=$?\necho "extra line at $(date +%%s)"\nexit $rc\n' >"$tmp/extraqemu"
chmod +x "$tmp/extraqemu"
expect "compare: an output that differs fails" 1 'DIFFERENT FAILED$' \
  "$HW" compare --brief --qemu "$tmp/extraqemu" "$O/selfnamed"
expect "compare: --ignore-lines leaves the line out" 0 \
  'guest output +identical \(132 bytes\); --ignore-lines left out 0 lines here, 1 under qemu-mips' \
  "$HW" compare --qemu "$tmp/extraqemu" --ignore-lines '^extra line at [0-9]+$' --ignore-lines '^nothing$' \
  "$O/selfnamed"
expect "compare: --ignore-lines on both sides" 0 \
  '"output_ignored_lines":\{"here":1,"qemu":2\}' \
  "$HW" compare --json - --qemu "$tmp/extraqemu" --ignore-lines '^extra line' --ignore-lines '^hwprof:' \
  "$O/selfnamed"
expect "compare: --ignore-lines, a bad expression" 2 "--ignore-lines 'x\(': " \
  "$HW" compare --ignore-lines 'x(' "$O/selfnamed"

# --- the guest's clocks, the runtime on the host: on the board its work is the board's time
# too, and the first call of each clock function, whose libc path is translated then, parts
# two readings by several ms (the tolerances below are 1 ms)
"$HW" run --runtime host --quiet "$O/clocks" >"$tmp/c1" 2>&1
"$HW" run --runtime host --quiet "$O/clocks" >"$tmp/c2" 2>&1
same() { cmp "$1" "$2" && echo same; }
expect "clock board: two runs read the same times" 0 '^same$' same "$tmp/c1" "$tmp/c2"
"$HW" run --runtime host --profile hw --json "$tmp/clocks.json" --quiet "$O/clocks" >"$tmp/c3" 2>&1
check_clocks() { # FILE MODE [JSON]: the readings as the board's time must be
  python3 - "$@" <<'PY'
import json, sys
r = {}
for line in open(sys.argv[1]):
    w = line.split()
    if len(w) == 3:
        r[(w[0], w[1])] = float(w[2])
    elif w[0] == "resolution":
        res = float(w[1])
mode = sys.argv[2]
if mode == "host":
    assert r[("start", "realtime")] > 1.6e9, "the host's time is after 2020"
    assert r[("slept", "monotonic")] - r[("worked", "monotonic")] >= 2.5, "the host slept"
    print("checked")
    sys.exit(0)
epoch = 946684800
assert res == 0.000000004, "one cycle at 300 MHz, rounded up to whole ns"
for when in ("start", "worked", "slept"):
    mono = r[(when, "monotonic")]
    assert abs(r[(when, "realtime")] - epoch - mono) < 1e-3, when + ": realtime = epoch + monotonic"
    for k in ("raw", "coarse", "boottime"):
        assert abs(r[(when, k)] - mono) < 1e-3, when + ": " + k
    assert abs(r[(when, "gettimeofday")] - epoch - mono) < 1e-3, when + ": gettimeofday"
    assert r[(when, "time")] == int(epoch + mono), when + ": time"
    assert abs(r[(when, "thread")] - r[(when, "cpu")]) < 1e-3, when + ": thread = process"
    assert abs(r[(when, "clock")] - r[(when, "cpu")]) < 1e-3, when + ": clock() = cpu"
assert r[("start", "monotonic")] < 0.002, "the board's time starts with the run"  # (start-up: 0.3 M cycles)
work = r[("worked", "cpu")] - r[("start", "cpu")]
assert 0.01 < work < 1, "the loop takes board time"
slept = r[("slept", "monotonic")] - r[("worked", "monotonic")]
assert 2.5 <= slept < 2.501, "sleep(2) + usleep(500000) pass on the board: %f" % slept
assert r[("slept", "cpu")] - r[("worked", "cpu")] < 0.001, "sleeping costs no CPU time"
assert abs(r[("slept", "times_up")] - r[("slept", "monotonic")]) < 0.011, "times() since start"
if len(sys.argv) > 3:  # the board's time is the run's cycles at 300 MHz
    j = json.load(open(sys.argv[3]))
    cyc = j["cycles"] / 300e6
    cpu = r[("slept", "cpu")]
    assert cpu <= cyc and cyc - cpu < 0.001, "cpu %f s, cycles %f s" % (cpu, cyc)
print('checked')
PY
}
expect "clock board: every clock follows the board's time" 0 checked check_clocks "$tmp/c1" board
expect "clock board: hw profiling's cycles show in the time, = cycles at 300 MHz" 0 checked \
  check_clocks "$tmp/c3" board "$tmp/clocks.json"
expect "clock board: hw slower than none" 0 checked \
  python3 -c "import sys; a,b=[float(l.split()[2]) for f in sys.argv[1:] for l in open(f) if l.startswith('slept cpu')]; assert b > a; print('checked')" \
  "$tmp/c1" "$tmp/c3"
"$HW" run --clock host --quiet "$O/clocks" >"$tmp/c4" 2>&1
expect "clock host: the host's time and real sleeps" 0 checked check_clocks "$tmp/c4" host
expect "clock: a bad value" 2 "--clock is board or host, not 'wall'" "$HW" run --clock wall "$O/clocks"
expect "clock: compare takes it" 2 "--clock is board or host" "$HW" compare --clock x "$O/clocks"
expect "clock: bench takes it" 2 "--clock is board or host" "$HW" bench --clock x

# --- the CoreMark-like workload: its score in board time, deterministic, lower when profiled
# (the runtime on the host, as the scores in docs/translator.md: on the board the
# translation before the timed loop is a quarter of the run)
cm=$B/workloads/coremark
expect "coremark: usage" 2 'usage: coremark' qemu-mips "$cm" test scores
"$HW" run --runtime host --json "$tmp/cm.json" --quiet "$cm" test score >"$tmp/cm1" 2>&1
"$HW" run --runtime host --quiet "$cm" test score >"$tmp/cm2" 2>&1
"$HW" run --runtime host --profile sw --quiet "$cm" test score >"$tmp/cm3" 2>&1
expect "coremark: the same score twice" 0 '^same$' same "$tmp/cm1" "$tmp/cm2"
check_score() {
  python3 - "$tmp/cm1" "$tmp/cm3" "$tmp/cm.json" <<'PY'
import json, re, sys
def score(f):
    t = open(f).read()
    m = re.search(r"coremark: (\d+) iterations.*\ncoremark: ([\d.]+) s; ([\d.]+) iterations/s", t)
    assert m, t
    return int(m.group(1)), float(m.group(2)), float(m.group(3))
n, secs, ips = score(sys.argv[1])
cyc = json.load(open(sys.argv[3]))["cycles"] / 300e6
assert 0.9 * cyc < secs < cyc, "the timed loop is most of the run: %f of %f s" % (secs, cyc)
assert abs(ips - n / secs) < 0.01 * ips
assert score(sys.argv[2])[2] < ips, "sw profiling lowers the score"
print('checked')
PY
}
expect "coremark: score = iterations / board seconds" 0 checked check_score
expect "coremark: compare (no score: output independent of the clock)" 0 \
  'result +every difference accounted for' "$HW" compare "$cm" test

# --- floating point: run at the FPU gate inside the run, charged as soft-float routines
# measured on the board (the run's JSON: "fp")
fft=$O/fft
expect "fp: an FFT gives qemu-mips's output and counts" 0 'result +every difference accounted for' \
  "$HW" compare "$fft" 8 2
"$HW" run --quiet --json "$tmp/fft1.json" "$fft" 9 1 >/dev/null 2>&1
"$HW" run --quiet --json "$tmp/fft2.json" "$fft" 9 1 >/dev/null 2>&1
"$HW" run --quiet --json "$tmp/nofp.json" "$O/readstdin" </dev/null >/dev/null 2>&1
check_fp() {
  python3 - "$tmp/fft1.json" "$tmp/fft2.json" "$tmp/nofp.json" <<'PY'
import json, sys
a, b, n = (json.load(open(f)) for f in sys.argv[1:])
fp, c = a["fp"], a["fp"]["costs"]
assert fp["insns"] > 10000 and fp["in_run"] >= fp["insns"] - 10, "FPU instructions run at the gate"
assert c["DIV_D"] > c["MUL_D"] > c["ADD_D"] > c["CMP_D"] > 0, "soft-float costs in a plausible order"
assert c["SQRT_D"] > c["DIV_D"] and c["MUL_D"] > c["MUL_S"], c
assert fp["cycles"] >= fp["insns"] * c["NOP"], "every FPU instruction pays at least the call"
assert fp["cycles"] < a["cycles"], "charged inside the run's cycles"
assert a["cycles"] == b["cycles"] and a["fp"] == b["fp"], "deterministic"
assert n["fp"]["insns"] == 0 and n["fp"]["cycles"] == 0, "no FP: nothing charged"
print("checked")
PY
}
expect "fp: charged per instruction from the measured soft-float table" 0 checked check_fp
expect "fp: the guest's FPU tests still match qemu-mips" 0 '^PASS' \
  tests/guest/compare.sh "$HW run" "$B/guest/asm/fpu"
expect "fp: a FP exception still reaches the guest (SIGFPE)" 0 '^PASS' \
  tests/guest/compare.sh "$HW run" "$B/guest/asm/fpu_nan"

# --- MIPS16e and microMIPS: named, exit 125
expect "mips16: a jump to an odd address names the ISA mode" 125 \
  'cannot execute the code at pc 0x[0-9a-f]*[13579bdf] \(twice_plus_one\): a jump to an odd address enters MIPS16e or microMIPS code' \
  "$HW" run "$O/mips16"
expect "mips16: qemu-mips runs it" 0 'mips16: 41' qemu-mips "$O/mips16"
expect "jalx: named" 125 'jalx enters MIPS16e or microMIPS code, and the translator runs MIPS32 code only' \
  "$HW" run "$O/jalx"

# --- processes (dbt/process.c): fork, pipes, wait statuses (a child's SIGSEGV, a
# kill), system(), in every profiling mode as under qemu-mips; exec of a MIPS
# program runs it translated (qemu-mips cannot without binfmt_misc); a thread is
# refused with ENOSYS and said so
qemu-mips "$O/forkexec" noexec >"$tmp/fork.want" 2>/dev/null
for m in none hw sw all; do
  expect "fork: as qemu-mips, profile $m" 0 "^$(head -1 "$tmp/fork.want")\$" \
    "$HW" run --quiet --profile "$m" --json "$tmp/fork-$m.json" "$O/forkexec" noexec
  sed -i '/^hwprof: guest terminated by SIGSEGV/d' "$out"
  if cmp -s "$out" "$tmp/fork.want" && python3 -c 'import json,sys; json.load(open(sys.argv[1]))' \
    "$tmp/fork-$m.json"; then
    echo "PASS: fork: whole output as qemu-mips's, one report, profile $m"
  else
    echo "FAIL: fork: whole output as qemu-mips's, one report, profile $m"
    diff "$tmp/fork.want" "$out" | head -5
    fails=$((fails + 1))
  fi
done
expect "fork: the parent's counts exact (hw = sw = entries)" 0 \
  'sw counters +[0-9]+ in ([0-9]+) blocks; \1 equal to the block entries, \1 equal to the IP' \
  "$HW" run --profile all "$O/forkexec" noexec
expect "fork: the child's SIGSEGV is named" 0 'guest terminated by SIGSEGV \(11\) at pc 0x' \
  "$HW" run --quiet "$O/forkexec" noexec
expect "exec: a MIPS program runs translated, with the guest's environment" 0 \
  "exec'd: argc=3 arg2 inherited" "$HW" run --quiet "$O/forkexec"
expect "exec: its exit status reaches the parent" 0 'child 4 \(exec\): exited 42' \
  "$HW" run --quiet "$O/forkexec"
expect "thread: refused with ENOSYS, named" 1 \
  'unsupported thread: clone with flags 0x[0-9a-f]+ \(threads are not supported\) in system call 4120 \(clone\) at pc 0x[0-9a-f]+: error 89' \
  "$HW" run --quiet "$O/thread"
expect "thread: the program sees the error" 1 'pthread_create: Function not implemented' \
  "$HW" run --quiet "$O/thread"

# --- code generated at run time: an mmap'ed PROT_EXEC buffer written, flushed
# (cacheflush) and called, rewritten and called again, a heap buffer made
# executable with mprotect; a jump into memory that is not executable is SIGSEGV,
# as under qemu-mips; the new code is profiled under its own addresses
qemu-mips "$O/jit" >"$tmp/jit.want" 2>/dev/null
for m in none hw all; do
  "$HW" run --quiet --profile "$m" "$O/jit" >"$tmp/jit-$m" 2>/dev/null
  same_bytes "jit: output as qemu-mips's, profile $m" "$tmp/jit.want" "$tmp/jit-$m"
done
expect "jit: each rewrite retranslated" 0 'refills of the cache, [3-9] of them for code the guest changed' \
  "$HW" run --quiet --stats "$O/jit"
jit_counts() {
  "$HW" run --quiet --profile all --superblocks --threshold 100 --json "$tmp/jit.json" "$O/jit" \
    >/dev/null 2>&1
  python3 - "$tmp/jit.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
b = {int(x["pc"], 16): x for x in j["blocks"]}
bad = [x for x in j["blocks"] if not x["count"] == x["hw"] == x["sw"]]
mm = b.get(0x04000000, {}).get("count")
print(f"mmap code entered {mm} times, {len(bad)} blocks differ, {len(j['superblocks'])} superblocks")
PY
}
expect "jit: the generated code's counts under its address, exact with superblocks" 0 \
  'mmap code entered 4002 times, 0 blocks differ, [1-9][0-9]* superblocks' jit_counts

# --- unaligned loads and stores: --unaligned trap raises SIGBUS exactly where
# qemu-mips does (lw, lh, lhu, sw, sh, lwc1, ldc1), also in superblocks; the
# default (allow) reads and writes them as MIPS Linux's fix-up does
qemu-mips "$O/unaligned" >"$tmp/ua.want" 2>/dev/null
for m in none all; do
  "$HW" run --quiet --unaligned trap --profile "$m" "$O/unaligned" >"$tmp/ua-$m" 2>/dev/null
  same_bytes "unaligned trap: as qemu-mips, profile $m" "$tmp/ua.want" "$tmp/ua-$m"
done
expect "unaligned trap: named as SIGBUS at the access" 0 'guest terminated by SIGBUS \(10\) at pc 0x' \
  "$HW" run --quiet --unaligned trap "$O/unaligned"
expect "unaligned allow (default): the bytes there, as the kernel's fix-up reads them" 0 \
  '^16909060$' "$HW" run --quiet "$O/unaligned"
expect "unaligned allow: no child died" 0 '^lw \+2: exit 0$' "$HW" run --quiet "$O/unaligned"
expect "unaligned: a bad mode is refused" 2 "--unaligned is allow or trap, not 'x'" \
  "$HW" run --unaligned x "$O/unaligned"
ua_sb() {
  local q h
  q=$(qemu-mips "$B/workloads/crafty" test)
  h=$("$HW" run --quiet --unaligned trap --profile all --superblocks --threshold 500 --json "$tmp/ua.json" \
    "$B/workloads/crafty" test 2>/dev/null)
  [ "$q" = "$h" ] && python3 - "$tmp/ua.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
bad = [b for b in j["blocks"] if not b["count"] == b["hw"] == b["sw"]]
print(f"same output, {len(j['superblocks'])} superblocks, {len(bad)} blocks differ")
PY
}
expect "unaligned trap: checks in superblocks, crafty as qemu-mips, counts exact" 0 \
  'same output, [1-9][0-9]* superblocks, 0 blocks differ' ua_sb

# --- signal handlers (dbt/guest_signal.c, dbt/sigframe.c): SIGSEGV left by siglongjmp, a division by
# zero, a break skipped through the context's pc, raise and kill with
# SA_SIGINFO, blocked then unblocked, SA_NODEFER, SA_RESETHAND, setitimer and
# alarm (the board's clock) interrupting loops and sigsuspend, SA_ONSTACK, then
# the default action: qemu-mips's output and status in every mode, with the
# counts exact when handlers interrupt superblocks
(qemu-mips "$O/signals" >"$tmp/sig.want") 2>/dev/null
sig_mode() { # MODE...: output as qemu-mips's, status 139, every block's counts equal
  "$HW" run --quiet "$@" --json "$tmp/sig.json" "$O/signals" >"$tmp/sig.got" 2>/dev/null
  local rc=$?
  cmp -s "$tmp/sig.want" "$tmp/sig.got" && [ "$rc" -eq 139 ] && python3 - "$tmp/sig.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
bad = [b for b in j["blocks"] if not b["count"] == b.get("hw", b["count"]) == b.get("sw", b["count"])]
print(f"as qemu-mips, {len(j['superblocks'])} superblocks, {len(bad)} blocks differ")
PY
}
expect "signals: handlers as under qemu-mips, profile none" 0 'as qemu-mips, 0 superblocks, 0 blocks differ' \
  sig_mode --profile none
expect "signals: profile all, counts exact" 0 'as qemu-mips, 0 superblocks, 0 blocks differ' \
  sig_mode --profile all
expect "signals: superblocks interrupted by handlers, counts exact (hw, sw)" 0 \
  'as qemu-mips, [1-9][0-9]* superblocks, 0 blocks differ' sig_mode --profile all --superblocks --threshold 20
expect "signals: the default action still ends it, named" 139 \
  'guest terminated by SIGSEGV \(11\)' "$HW" run --quiet "$O/signals"

# --- confinement (--confine on, dbt/translate.c check_confine): a guest's loads
# and stores to the IP's registers, the translator's stubs, state, counters and code,
# the RAM above, the guard past the stack, the top of the address space and the null
# page all fault as under qemu-mips (same signals, same si_addr, same output), and
# 100,000 forged EVENT stores leave the profile alone: every block's hw count equals
# its sw count and its entries, the IP stored exactly one event per block entry, and
# lost none.  In all mode, with superblocks too.
(qemu-mips "$O/confine" >"$tmp/confine.want") 2>/dev/null
(qemu-mips "$O/holes" </dev/null >"$tmp/holes.want") 2>/dev/null
confine_mode() { # PROGRAM MODE...: qemu-mips's output, status 0, the profile the program's own
  local prog=$1
  shift
  "$HW" run --quiet --unaligned trap --confine on "$@" --json "$tmp/conf.json" \
    "$O/$prog" </dev/null >"$tmp/conf.got" 2>/dev/null
  local rc=$?
  cmp -s "$tmp/$prog.want" "$tmp/conf.got" && [ "$rc" -eq 0 ] && python3 - "$tmp/conf.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
bad = [b for b in j["blocks"] if not b["count"] == b.get("hw", b["count"]) == b.get("sw", b["count"])]
entries = sum(b["count"] for b in j["blocks"])
ip = j["ip"]  # events: one per plain block entry, plus the superblocks' (their members derived)
ok = ip["events"] - ip["superblock_events"] + ip["derived_entries"] == entries and not ip["events_lost"]
print(f"as qemu-mips, {len(j['superblocks'])} superblocks, {len(bad)} blocks differ, "
      f"IP events {'= entries, lost 0' if ok else 'WRONG'}")
PY
}
expect "confine: wild accesses fault as under qemu-mips, forged events never reach the IP" 0 \
  'as qemu-mips, 0 superblocks, 0 blocks differ, IP events = entries, lost 0' \
  confine_mode confine --profile all
expect "confine: the same with superblocks" 0 \
  'as qemu-mips, [1-9][0-9]* superblocks, 0 blocks differ, IP events = entries, lost 0' \
  confine_mode confine --profile all --superblocks --threshold 50
expect "confine: a wild store's default action is SIGSEGV at the store" 139 \
  'guest terminated by SIGSEGV \(11\) at pc 0x' "$HW" run --quiet --confine on "$O/signals"
expect "confine: a context restored with a wild \$sp dies of SIGSEGV, as under qemu-mips" 139 \
  'guest terminated by SIGSEGV \(11\)' "$HW" run --quiet --confine on "$O/confine" wild-sp
# $gp from constants: the address of a word of the guest's own takes a store (the
# lui and addiu go unchecked), 0x0C100000 faults although its store is in the next
# block; the output and status are qemu-mips's (hwprof faults at the write of $gp,
# qemu-mips at the store).
wild_gp() {
  local want got
  want=$(qemu-mips "$O/confine" wild-gp 2>/dev/null; echo "status $?")
  got=$("$HW" run --quiet --confine on "$O/confine" wild-gp 2>/dev/null; echo "status $?")
  [ "$want" = "$got" ] && echo "as qemu-mips: ${got//$'\n'/ }"
}
expect "confine: \$gp from constants stores into the guest's word, dies of SIGSEGV past the limit" 0 \
  '^as qemu-mips: stored 7 through a constant \$gp status 139$' wild_gp
# The free pages of the guest's own range (past the heap, a page munmap gave back,
# below the program) are off the board's bus under --confine on (dbt/confine.c):
# loads and stores there fault as under qemu-mips, the pages it owns work, and
# system calls given such an address fail with EFAULT (also with confinement off,
# where the stores land).  The bus stays so over renewals of the CPU's emulator.
expect "confine: the guest's free pages fault as under qemu-mips, system calls get EFAULT" 0 \
  'as qemu-mips, 0 superblocks, 0 blocks differ, IP events = entries, lost 0' \
  confine_mode holes --profile all
holes_renewed() {
  HWPROF_RENEW_BYTES=4096 "$HW" run --stats --confine on --code-cache 4096 "$O/holes" \
    </dev/null >"$tmp/holes.got" 2>"$tmp/holes.stats"
  cmp -s "$tmp/holes.want" "$tmp/holes.got" && grep -o 'renewed [0-9]* times' "$tmp/holes.stats"
}
expect "confine: the same after the CPU's emulator is renewed" 0 'renewed [1-9][0-9]* times' \
  holes_renewed
expect "holes: without --confine the stores land, system calls still get EFAULT" 0 \
  'its second page, unmapped +store no fault.*its second page +write: -1 EFAULT' \
  sh -c '"$0" run --quiet "$1" </dev/null | tr "\n" " "' "$HW" "$O/holes"
# hwprof compare on guests whose faults and traps cut blocks short (handlers that
# leave by siglongjmp, children that die of signals): a cut block counts as entered,
# the instructions after the faulting one leave the per-instruction counts and the
# calling contexts of every view (the runtime's, the sw ring's, the IP's), and no
# call or return is taken from a block that never ended; the notes qemu-mips and
# hwprof print for a child's death are left out of the outputs.  Before, each of
# these reported FAILED.
for g in confine holes signals unaligned; do
  expect "compare: $g, blocks cut short by faults: every difference accounted for" 0 \
    '^result +every difference accounted for' sh -c '"$0" compare "$1" </dev/null' "$HW" "$O/$g"
done
expect "compare: confine with superblocks (members after a fault taken back)" 0 \
  '^result +every difference accounted for' "$HW" compare --superblocks 20 "$O/confine"
expect "confine: bad values refused" 2 "--confine is off or on, not 'yes'" \
  "$HW" run --confine yes "$O/confine"

# --- bench: every failing run named with its status; the first column fits the names
mkdir -p "$tmp/progs"
cp "$O/abort" "$tmp/progs/aborts"
cp "$O/readstdin" "$tmp/progs/a-program-with-a-long-name"
expect "bench: every failing mode and its status" 1 \
  'aborts +FAILED: profile none: guest raised signal 6; profile hw: guest raised signal 6; profile sw: guest raised signal 6; profile hw\+sb: guest raised signal 6; profile hw-word: guest raised signal 6' \
  "$HW" bench --dir "$tmp/progs" aborts </dev/null
"$HW" bench --dir "$tmp/progs" a-program-with-a-long-name </dev/null >"$tmp/bench" 2>&1
check_width() {
  python3 - "$tmp/bench" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().splitlines()
head = next(l for l in lines if l.startswith("workload"))
row = next(l for l in lines if l.startswith("a-program-with-a-long-name "))
geo = next(l for l in lines if l.startswith("geomean"))
ends = lambda l: [m.end() for m in re.finditer(r"\S+", l)]
assert ends(row)[1] == head.index("guest insns") + len("guest insns"), "guest insns"
assert ends(row)[2] == head.index("cycles none") + len("cycles none"), "cycles none"
assert ends(geo)[1] == head.index(" hw %") + len(" hw %"), "the geomean's hw %"
print('checked')
PY
}
expect "bench: the first column widens for a long name" 0 checked check_width

# getrandom's bytes are the same in every run, also the nine runs of one bench process
# (its generator's state was the process's: each run got other bytes, and the runs'
# outputs differed).
expect "bench: getrandom gives every run the same bytes" 0 'randbytes .* yes +yes' \
  "$HW" bench --programs-only --program "randbytes=$O/randbytes"

# Two at a time: a failing workload of the suite's beside two programs of one's own,
# which run one after the other (they share the directory and stdin); each row is its
# own, the failure named in its row.
"$HW" bench --jobs 2 --dir "$tmp/progs" --program "r1=$O/randbytes" --program "r2=$O/randbytes" \
  aborts </dev/null >"$tmp/bench2" 2>&1
echo "exit $?" >>"$tmp/bench2"
rows_of_two() {
  grep -E '^r1 .* yes +yes' "$tmp/bench2" && grep -E '^r2 .* yes +yes' "$tmp/bench2" &&
    grep -E '^aborts +FAILED: profile none: guest raised signal 6' "$tmp/bench2" &&
    grep -E 'bench: 3 of 3 done' "$tmp/bench2" && grep -x 'exit 1' "$tmp/bench2"
}
expect "bench: two at a time, a failing workload beside two programs" 0 'exit 1' rows_of_two

echo "outside: $fails failed"
[ "$fails" -eq 0 ]
