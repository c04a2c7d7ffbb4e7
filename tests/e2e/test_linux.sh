#!/usr/bin/env bash
# tests/e2e/test_linux.sh - Linux fidelity: the system calls a static glibc program
# makes give qemu-mips's results.  tests/outside/linuxcalls calls each (files,
# directories, metadata and times, fcntl's locks and flags, flock, fsync, readv,
# getdents64, poll and select, sockets, process groups, mremap through realloc)
# and prints every result; its output under hwprof must equal qemu-mips's line by
# line, in every profile mode.  The calls the runtime refuses (its "unsupported"
# lines) must be refused as documented, each reported once, and stop the run
# under --strict.  Prints PASS/FAIL for tests/run.sh.
set -u
B=${BUILD:-build}
HW=$B/hwprof
P=$B/guest/outside/linuxcalls
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$tmp/out
fails=0

. tests/e2e/expect.sh

qemu-mips "$P" "$tmp/q" refused >"$tmp/qemu.out" 2>"$tmp/qemu.err"
expect "linuxcalls under qemu-mips" 0 '^umask: 18$' cat "$tmp/qemu.out"
grep -v '^unsupported' "$tmp/qemu.out" >"$tmp/want"

expect "linuxcalls under qemu-mips: over 100 results" 0 '^ok$' \
  sh -c '[ "$(wc -l <"$1")" -gt 100 ] && echo ok' sh "$tmp/want"

for m in none hw sw; do
  "$HW" run --quiet --profile $m "$P" "$tmp/$m" refused >"$tmp/$m.out" 2>"$tmp/$m.err"
  echo "exit $?" >>"$tmp/$m.err"
  grep -v '^unsupported' "$tmp/$m.out" >"$tmp/got-$m"
  same_bytes "linuxcalls: every result as under qemu-mips ($m)" "$tmp/want" "$tmp/got-$m"
done

# The refused ones: fcntl's F_NOTIFY (EINVAL) and the old getdents (ENOSYS), each
# reported once on stderr although F_NOTIFY is called twice.
expect "linuxcalls: refusals as documented" 0 \
  '^unsupported fcntl F_NOTIFY: -1 EINVAL,unsupported fcntl F_NOTIFY again: -1 EINVAL,unsupported getdents \(the old one\): -1 ENOSYS$' \
  sh -c 'grep "^unsupported" "$1" | paste -sd,' sh "$tmp/none.out"
expect "linuxcalls: each refusal reported once" 0 '^1 1 exit 0$' sh -c '
  printf "%s %s %s\n" "$(grep -c "^hwprof: unsupported fcntl command 1026 in system call 4220 (fcntl64) at pc" "$1")" \
    "$(grep -c "^hwprof: unsupported system call 4141 (getdents) at pc .*: -ENOSYS$" "$1")" "$(tail -1 "$1")"' \
  sh "$tmp/none.err"
expect "linuxcalls: --strict stops at the first refusal" 126 \
  'unsupported fcntl command 1026 \(--strict\) at pc 0x' "$HW" run --quiet --strict "$P" "$tmp/strict" refused

# compare passes on the calls the runtime carries out.  The guest's chdir is hwprof's
# while it runs, and undone after: compare then starts qemu-mips on the program's
# relative path in the directory it was given (before, it ran qemu-mips in the
# guest's last directory, which wrote no counts).
expect "compare: linuxcalls passes, after the guest's chdir" 0 \
  'guest output +identical.*result +every difference accounted for' \
  sh -c '"$1" compare "$2" "$3" | tr "\n" " "' sh "$HW" "$P" "$tmp/compare"

# The README lists every call the runtime does not carry out: every o32 call Linux has
# (dbt/mips_syscalls.h) that no case label in dbt/ names.
expect "the README lists every system call not carried out" 0 '^listed [0-9]+$' python3 -c '
import glob, re, sys
calls = [n for n, _ in re.findall(r"X\((\w+), (\d+)\)", open("dbt/mips_syscalls.h").read())]
done = set()
for f in glob.glob("dbt/*.c"):
    done |= set(re.findall(r"case SYS_(\w+)\s*:", open(f).read()))
want = [n for n in calls if n not in done]
readme = open("README.md").read()
part = readme.split("<!-- unsupported system calls: begin -->")[1].split("<!-- unsupported system calls: end -->")[0]
got = re.findall(r"`(\w+)`", part)
if got != want:
    print("README lists", len(got), "code refuses", len(want))
    print("missing from the README:", sorted(set(want) - set(got)))
    print("carried out but listed:", sorted(set(got) - set(want)))
    sys.exit(1)
print("listed", len(got))'

echo "$fails failed"
[ "$fails" -eq 0 ]
