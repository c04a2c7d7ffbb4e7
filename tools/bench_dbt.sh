#!/usr/bin/env bash
# tools/bench_dbt.sh PROGRAM... - the translator's figures, profiling off, per
# program: guest instructions, PowerPC instructions per guest instruction,
# simulated CPU cycles per guest instruction, dispatcher entries per million
# guest instructions, code size ratio (PowerPC bytes / MIPS bytes translated),
# FPU helper calls, and host wall time against qemu-mips on the same program.
# CACHES=off runs the board without its caches (hwprof run --caches off).
# A benchmark, not a test: it asserts nothing.
set -u
B=${BUILD:-build}
HW=$B/hwprof
CACHES=${CACHES:-on}
printf '%-16s %12s %8s %8s %10s %7s %8s %8s %8s %7s\n' program guest_insns ppc/insn \
  cyc/insn disp/Minsn code_x helpers wall_s qemu_s ratio
now() { date +%s.%N; }
for p in "$@"; do
  err=$(mktemp)
  t0=$(now)
  "$HW" run --quiet --stats --caches "$CACHES" "$p" >/dev/null 2>"$err" </dev/null
  t1=$(now)
  qemu-mips "$p" >/dev/null 2>&1 </dev/null
  t2=$(now)
  awk -v name="$(basename "$p")" -v t0="$t0" -v t1="$t1" -v t2="$t2" '
    /^hwprof: guest instructions/ { gi = $4 }
    /PowerPC instructions/ { ppc = $5; gsub(/\(/, "", ppc) }
    /simulated CPU cycles/ { cyc = $6; gsub(/\(/, "", cyc) }
    /dispatcher entries/ { d = $5; gsub(/\(/, "", d); h = $NF }
    /code size/ { x = $10; gsub(/[(x);]/, "", x) }
    END { wall = t1 - t0; qemu = t2 - t1
          printf "%-16s %12s %8s %8s %10s %7s %8s %8.3f %8.3f %7.1f\n", name, gi, ppc, cyc, d, x, h,
                 wall, qemu, (qemu > 0 ? wall / qemu : 0) }' "$err"
  rm -f "$err"
done
