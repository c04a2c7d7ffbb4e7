#!/usr/bin/env bash
# tests/e2e/test_real.sh - real programs built from Debian's own source packages
# (tests/real/real.mk, 'make real'): Lua 5.4 on tests/real/exercise.lua, the SQLite
# 3 shell on tests/real/exercise.sql (a database file, a journal, a CSV import, a
# backup), and bzip2 as its own 'make test' runs it (its sample files against the
# reference outputs) and on a file (-k, -t, -dc, the errors of an existing output
# and a truncated input).  Each runs under qemu-mips and under 'hwprof run
# --profile none' (bzip2 -k also under --profile hw), each in a scratch directory
# of its own with the same inputs; per step the stdout, the stderr without each
# tool's own lines and the exit status must be identical, and so must every file
# the steps leave (bytes, and bzip2's output's mode and time).  The reference runs
# are checked against what the programs must print, and no system call may be
# refused ('hwprof: unsupported' lines), but SQLite's shared mapping of the database
# it writes (tests/real/mmap.sql), which must be refused and said so: the runtime's
# mapping of a file is a copy, and this one would miss the writes.
#
# Then 'hwprof compare' must pass on a short run of each (tests/real/compare.lua,
# compare.sql on a database file, bzip2 -c), and 'hwprof bench --program' must run
# Lua with its own arguments and give the probe's cost per block.
#
# REAL_PROFILES="none hw" runs them under more profiles (hw takes minutes).  Prints
# PASS/FAIL lines for tests/run.sh.
set -u
B=${BUILD:-build}
HW=$B/hwprof
R=$B/real
T=tests/real
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$tmp/out
fails=0

. tests/e2e/expect.sh

fail() {
  echo "FAIL: $1"
  fails=$((fails + 1))
}

missing=""
for f in "$HW" "$R/lua" "$R/sqlite3" "$R/bzip2" "$R/src/bzip2/sample1.ref"; do
  [ -e "$f" ] || missing="$missing $f"
done
if [ -n "$missing" ]; then
  fail "real programs built (missing:$missing; run 'make real')"
  echo "$fails failed"
  exit 1
fi
HW=$(cd "$(dirname "$HW")" && pwd -P)/hwprof
R=$(cd "$R" && pwd -P)
T=$(pwd -P)/$T
# The same environment for every run: no ~/.sqliterc, no locale.
mkdir "$tmp/home"
export HOME=$tmp/home LC_ALL=C
unset SQLITE_TMPDIR

# step NAME STDIN COMMAND...: runs COMMAND in the current directory with STDIN
# (a file, or - for none), keeping its stdout, stderr and status in $log/NAME.*.
# COMMAND starts with "guest", which is the runner's prefix ($runner).
guest() { "${runner[@]}" "$@"; }
step() {
  local name=$1 in=$2
  shift 2
  [ "$in" != - ] || in=/dev/null
  "$@" <"$in" >"$log/$name.out" 2>"$log/$name.err"
  echo $? >"$log/$name.status"
}

# The programs' sequences, run in a directory holding their inputs.
seq_lua() {
  cp "$T/exercise.lua" .
  step lua - guest "$R/lua" exercise.lua
}
seq_sqlite() {
  step sqlite "$T/exercise.sql" guest "$R/sqlite3" -bail test.db
  step sqlite-reopen - guest "$R/sqlite3" -bail backup.db \
    'SELECT count(*), round(sum(amount), 2) FROM orders; PRAGMA integrity_check;'
}
seq_mmap() {
  step mmap "$T/mmap.sql" guest "$R/sqlite3" -bail t.db
  step mmap-saved - guest "$R/sqlite3" -bail saved.db 'SELECT count(*) FROM t;'
}
seq_bzip2() {
  local s=$R/src/bzip2
  cp "$s"/sample[123].ref "$s"/sample[123].bz2 .
  cp "$s/sample2.ref" file.txt
  chmod 640 file.txt
  touch -d '2001-02-03 04:05:06 UTC' file.txt
  head -c 30000 "$s/sample2.bz2" >truncated.bz2
  step k - guest "$R/bzip2" -k file.txt
  step t - guest "$R/bzip2" -t file.txt.bz2
  step dc - guest "$R/bzip2" -dc file.txt.bz2
  step k-again - guest "$R/bzip2" -k file.txt
  step t-truncated - guest "$R/bzip2" -t truncated.bz2
  # bzip2's own 'make test'
  step rb1 sample1.ref guest "$R/bzip2" -1
  step rb2 sample2.ref guest "$R/bzip2" -2
  step rb3 sample3.ref guest "$R/bzip2" -3
  step tst1 sample1.bz2 guest "$R/bzip2" -d
  step tst2 sample2.bz2 guest "$R/bzip2" -d
  step tst3 sample3.bz2 guest "$R/bzip2" -ds
  stat -c '%a %Y' file.txt file.txt.bz2 >"$log/modes"
}
seq_bzip2_hw() {
  cp "$R/src/bzip2/sample2.ref" file.txt
  step k - guest "$R/bzip2" -k file.txt
}

# run PROGRAM RUNNER: the sequence seq_PROGRAM in $tmp/PROGRAM/RUNNER.dir, logs in
# $tmp/PROGRAM/RUNNER.log; RUNNER is qemu or a profile mode.
run() {
  local prog=$1 how=$2
  log=$tmp/$prog/$how.log
  mkdir -p "$log" "$tmp/$prog/$how.dir"
  if [ "$how" = qemu ]; then
    runner=(qemu-mips)
  else
    runner=("$HW" run --quiet --profile "$how")
  fi
  (cd "$tmp/$prog/$how.dir" && "seq_$prog")
}

# same PROGRAM RUNNER: RUNNER's steps and files are qemu-mips's.
same() {
  local prog=$1 how=$2 d=$tmp/$1 f name diffs=""
  for f in "$d/qemu.log"/*.err "$d/$how.log"/*.err; do
    grep -v -e '^qemu: ' -e '^hwprof: ' "$f" >"$f.own"
  done
  for f in "$d/qemu.log"/*; do
    name=${f##*/}
    case $name in *.err) continue ;; esac
    cmp -s "$f" "$d/$how.log/$name" || diffs="$diffs $name"
  done
  if ! diff -rq "$d/qemu.dir" "$d/$how.dir" >"$tmp/dirdiff"; then
    # "Files Q/NAME and H/NAME differ", "Only in DIR: NAME"
    diffs="$diffs files:$(sed -e "s|^Files $d/qemu.dir/\([^ ]*\) and .*|\1|" \
      -e "s|^Only in $d/\([^:]*\): |\1/|" "$tmp/dirdiff" | paste -sd, -)"
  fi
  if [ -z "$diffs" ]; then
    echo "PASS: $prog under hwprof ($how): outputs, statuses and files as under qemu-mips"
  else
    fail "$prog under hwprof ($how): outputs, statuses and files as under qemu-mips (differ:$diffs)"
    for f in "$d/qemu.log"/*.out "$d/qemu.log"/*.own; do
      name=${f##*/}
      cmp -s "$f" "$d/$how.log/$name" || diff "$f" "$d/$how.log/$name" | head -5 | sed "s/^/    $name: /"
    done
  fi
  # The refusals, each named by its line: none, but the one a program expects
  # (refused_PROGRAM, a pattern), which must then be there.
  local allowed
  allowed=$(eval echo "\${refused_$prog:-}")
  grep -h '^hwprof: unsupported' "$d/$how.log"/*.err >"$tmp/refused"
  if [ -n "$allowed" ]; then
    if grep -q -- "$allowed" "$tmp/refused"; then
      echo "PASS: $prog under hwprof ($how): refused as expected and said so"
    else
      fail "$prog under hwprof ($how): refused as expected and said so ('$allowed')"
    fi
    grep -v -- "$allowed" "$tmp/refused" >"$tmp/refused.rest"
    mv "$tmp/refused.rest" "$tmp/refused"
  fi
  if [ -s "$tmp/refused" ]; then
    fail "$prog under hwprof ($how): no other system call refused"
    sort -u "$tmp/refused" | sed 's/^/    /'
  else
    echo "PASS: $prog under hwprof ($how): no other system call refused"
  fi
}
# SQLite's memory-mapped I/O maps the database it writes: the runtime refuses that
# mapping (its copy would miss the writes) and SQLite reads and writes instead.
refused_mmap='^hwprof: unsupported shared mapping of a file open for writing in system call 4210 (mmap2)'


# status PROGRAM STEP WANT: the step's exit status under qemu-mips.
status_is() {
  expect "$1 under qemu-mips: $2 exits with $3" 0 "^$3\$" cat "$tmp/$1/qemu.log/$2.status"
}

programs="lua sqlite bzip2 mmap"
for p in $programs; do
  run "$p" qemu
done

# --- the reference: what the programs must do under qemu-mips
L=$tmp/lua/qemu.log
status_is lua lua 0
expect "lua: strings, closures, coroutines, files and a 900 KB buffer" 0 \
  '^big file:	899972	true$' cat "$L/lua.out"
expect "lua: os.rename, then the old name is gone" 0 \
  '^rename:	nil	out.txt: No such file or directory$' cat "$L/lua.out"
L=$tmp/sqlite/qemu.log
status_is sqlite sqlite 0
expect "sqlite: 5,000 orders inserted in a transaction" 0 '^5000\|250025\.0\|0\.02\|99\.99$' \
  cat "$L/sqlite.out"
expect "sqlite: a window function's ranks and running totals" 0 \
  '^Oslo\|customer-126\|919\.75\|3\|2769\.75$' cat "$L/sqlite.out"
expect "sqlite: the backup read back by another process" 0 '^4500\|250000\.0 ok$' \
  sh -c 'paste -sd" " "$1"' sh "$L/sqlite-reopen.out"
D=$tmp/bzip2/qemu.dir
L=$tmp/bzip2/qemu.log
for i in 1 2 3; do
  same_bytes "bzip2 -$i: sample$i.bz2, bzip2's reference output" "$D/sample$i.bz2" "$L/rb$i.out"
  same_bytes "bzip2 -d: sample$i.ref" "$D/sample$i.ref" "$L/tst$i.out"
done
same_bytes "bzip2 -k, -t, -dc: the file back, the original kept" "$D/file.txt" "$L/dc.out"
expect "bzip2 -k: the output has the input's mode and time" 0 '^640 981173106 640 981173106$' \
  sh -c 'paste -sd" " "$1"' sh "$L/modes"
status_is bzip2 k-again 1
expect "bzip2 -k again: the output exists" 0 'Output file file.txt.bz2 already exists' cat "$L/k-again.err"
status_is bzip2 t-truncated 2
expect "bzip2 -t: a truncated file" 0 'file ends unexpectedly' cat "$L/t-truncated.err"
expect "sqlite, mmap: the backup holds the row" 0 '^1$' cat "$tmp/mmap/qemu.log/mmap-saved.out"

# --- under hwprof: the same steps, outputs and files
for p in $programs; do
  for m in ${REAL_PROFILES:-none}; do
    run "$p" "$m"
    same "$p" "$m"
  done
done
case " ${REAL_PROFILES:-none} " in
*" hw "*) ;;
*)
  run bzip2_hw qemu
  run bzip2_hw hw
  same bzip2_hw hw
  ;;
esac

# --- hwprof compare passes on correct runs of each (--profile all against qemu-mips's
# counts, system calls, edges and contexts): a short Lua run with os.rename and a
# buffer grown by realloc, a SQLite session on a database file (it removes the file
# first: compare's two runs share the directory), bzip2 compressing to stdout.
mkdir "$tmp/compare"
compare_ok() {
  local name=$1
  shift
  expect "compare: $name, every difference accounted for" 0 \
    'guest output +identical.*result +every difference accounted for' \
    sh -c 'cd "$1" && shift && "$@" | tr "\n" " "' sh "$tmp/compare" "$@"
}
compare_ok lua "$HW" compare "$R/lua" "$T/compare.lua"
compare_ok "sqlite on a database file" sh -c '"$1" compare "$2" <"$3"' sh "$HW" "$R/sqlite3" \
  "$T/compare.sql"
cp "$R/src/bzip2/sample1.ref" "$tmp/compare/f.txt"
compare_ok "bzip2 -c" "$HW" compare "$R/bzip2" -c f.txt

# --- hwprof bench runs a program of the user's with its own arguments (--program),
# here alone (--programs-only): its rows say so, and the probe's cost per block (its
# own instructions' one store a block: 1 to 1.5 cycles, issue 42's bound), the
# events spilled, the entries evicted and the stall cycles are in the JSON (the default
# IP's table is set-associative: no probe cycles, nothing spilled, only evictions).
expect "bench --program: Lua with its own arguments, alone" 0 '^program 1 yes ok$' \
  sh -c 'cd "$1" && "$2" bench --programs-only --program "lua=$3 $4" --json bench.json \
    >/dev/null && python3 -c "
import json
j = json.load(open(\"bench.json\"))
w = j[\"workloads\"]
r = w[0]
assert r[\"events\"] == r[\"block_entries\"] > 0, r
cpb = (r[\"cycles\"][\"hw\"] - r[\"cycles\"][\"none\"]) / r[\"block_entries\"]
assert abs(cpb - r[\"probe_cycles_per_block\"]) < 1e-3 and cpb > 1, r
assert 1 <= r[\"probe_own_cycles_per_block\"] <= 1.5, r
assert r[\"events_lost\"] == 0 and r[\"events_spilled\"] == 0 and r[\"ip_probe_cycles\"] == 0, r
assert r[\"entries_evicted\"] > 0 and r[\"cpu_stall_cycles\"] >= 0, r
print(r[\"size\"], len(w), \"yes\" if r[\"hw_equals_sw\"] else \"NO\", \"ok\" if r[\"ok\"] else \"FAILED\")
"' sh "$tmp/compare" "$HW" "$R/lua" "$T/compare.lua"
expect "bench --program: a program that is not there" 2 \
  '^hwprof bench: --program x: cannot run /nonexistent/lua: No such file or directory$' \
  "$HW" bench --program 'x=/nonexistent/lua a.lua'
expect "bench --program: NAME=COMMAND or nothing" 2 '--program takes NAME=COMMAND' \
  "$HW" bench --program "$R/lua"
expect "bench --programs-only needs a --program" 2 'there is none' "$HW" bench --programs-only

echo "$fails failed"
[ "$fails" -eq 0 ]
