#!/usr/bin/env bash
# tests/e2e/test_vp.sh - 'hwprof vp': the self-test firmware passes on the virtual board,
# and every bad input or bad access stops with a message naming it and the documented
# exit status.  Prints PASS/FAIL lines for tests/run.sh.
set -u
B=${BUILD:-build}
HW=$B/hwprof
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fails=0

. tests/e2e/expect.sh

expect vp_selftest_passes 0 '^PASS$' \
  "$HW" vp --firmware "$B/firmware/selftest.elf" --dtb "$B/dtb/ml300-virtual.dtb"
expect vp_default_dtb 0 'interrupts: 1' \
  "$HW" vp --firmware "$B/firmware/selftest.elf" --stats
expect vp_cycle_limit 126 'cycle limit 5000 reached' \
  "$HW" vp --firmware "$B/firmware/selftest.elf" --max-cycles 5000
expect vp_not_elf 2 'not an ELF file' "$HW" vp --firmware tests/run.sh
expect vp_host_elf 2 'not a 32-bit ELF' "$HW" vp --firmware "$HW"
expect vp_no_firmware 2 'cannot read|No such file' "$HW" vp --firmware /nonexistent.elf
expect vp_missing_option 2 'firmware is required' "$HW" vp
expect vp_dtb_mismatch 2 'hwprof,index-bits = <10>, but the simulated RTL was built with 12' \
  "$HW" vp --firmware "$B/firmware/selftest.elf" --dtb "$B/dtb/board-mismatch.dtb"
expect vp_dtb_overlap 2 'overlaps' \
  "$HW" vp --firmware "$B/firmware/selftest.elf" --dtb "$B/dtb/board-overlap.dtb"
expect vp_dtb_no_clock 2 'cpu@0 needs a one-cell "clock-frequency"' \
  "$HW" vp --firmware "$B/firmware/selftest.elf" --dtb "$B/dtb/board-noclock.dtb"
expect vp_dtb_no_ip 2 'no enabled node' \
  "$HW" vp --firmware "$B/firmware/selftest.elf" --dtb "$B/dtb/board-noip.dtb"
expect vp_fault_unmapped 125 'store to unmapped address 0x90000000 \(pc 0x' \
  "$HW" vp --firmware "$B/firmware/fault1.elf"
expect vp_fault_byte_store 125 '1-byte store to the hwprof IP at offset 0x18' \
  "$HW" vp --firmware "$B/firmware/fault2.elf"
expect vp_fault_slverr 125 'store of 0x1 to hwprof IP offset 0 answered SLVERR' \
  "$HW" vp --firmware "$B/firmware/fault3.elf"

# Numeric options, every command: digits only (no sign: strtoull would read "-5" as
# 2^64 - 5), nothing wraps or is clamped, a range error names the option and its limits.
p=$B/guest/exitcode-O2
expect opt_ip_distinct_negative 2 "hwprof ip: --distinct wants a decimal number, not '-5'" \
  "$HW" ip --distinct -5
expect opt_ip_distinct_wraps 2 "hwprof ip: --distinct is 1\.\.1000000, not '4294967296'" \
  "$HW" ip --distinct 4294967296
expect opt_ip_events_zero 2 "hwprof ip: --events is 1\.\.100000000, not '0'" "$HW" ip --events 0
expect opt_ip_seed_overflow 2 "hwprof ip: --seed is 0\.\.18446744073709551615, not '99999999999999999999'" \
  "$HW" ip --seed 99999999999999999999
expect opt_ip_plus_sign 2 "hwprof ip: --top wants a decimal number, not '\+5'" "$HW" ip --top +5
expect opt_run_top_negative 2 "hwprof run: --top wants a decimal number, not '-3'" "$HW" run --top -3 "$p"
expect opt_run_max_cycles_negative 2 "hwprof run: --max-cycles wants a decimal number, not '-1'" \
  "$HW" run --max-cycles -1 "$p"
expect opt_run_threshold_range 2 "hwprof run: --threshold is 0\.\.4294967295, not '4294967296'" \
  "$HW" run --threshold 4294967296 "$p"
expect opt_run_code_cache_negative 2 "hwprof run: --code-cache wants a decimal number, not '-5'" \
  "$HW" run --code-cache -5 "$p"
expect opt_run_code_cache_range 2 "hwprof run: --code-cache is 4096\.\.16711680, not '4294967296'" \
  "$HW" run --code-cache 4294967296 "$p"
expect opt_run_top_range 2 "hwprof run: --top is 0\.\.100000, not '100001'" "$HW" run --top 100001 "$p"
expect opt_compare_show_range 2 "hwprof compare: --show is 0\.\.100000, not '100001'" \
  "$HW" compare --show 100001 "$p"
expect opt_vp_max_cycles_blank 2 "hwprof vp: --max-cycles wants a decimal number, not ' 5'" \
  "$HW" vp --max-cycles ' 5'
expect ip_trace_not_text 2 "/dev/zero:1: a NUL byte: not a text trace" "$HW" ip --trace /dev/zero
"$HW" bench --dtb "$out.none.dtb" >"$out" 2>&1
if [ $? -eq 2 ] && [ "$(grep -c "cannot read the device tree $out.none.dtb" "$out")" -eq 1 ]; then
  echo "PASS: bench_bad_dtb_once"
else
  echo "FAIL: bench_bad_dtb_once (want exit 2 and the message once, before any run)"
  sed 's/^/    /' "$out" | tail -5
  fails=$((fails + 1))
fi
expect opt_run_hex_refused 2 "hwprof run: --max-block wants a decimal number, not '0x10'" \
  "$HW" run --quiet --max-block 0x10 "$p" 0
expect opt_run_leading_zero_decimal 0 'exit 0' "$HW" run --quiet --max-block 08 "$p" 0
expect opt_ip_leading_zero_is_ten 0 '^top 10 blocks:' "$HW" ip --events 1000 --distinct 50 --top 010

# Messages name the file and the real cause.
: >"$out.empty"
expect msg_dtb_empty 2 "cannot read the device tree $out.empty: the file is empty" \
  "$HW" vp --firmware "$B/firmware/selftest.elf" --dtb "$out.empty"
expect msg_dtb_directory 2 "cannot read the device tree $B/dtb: it is a directory" \
  "$HW" vp --firmware "$B/firmware/selftest.elf" --dtb "$B/dtb"
expect msg_run_directory 2 "$B/guest: it is a directory" "$HW" run "$B/guest"
rm -f "$out.empty"
expect msg_dtb_clock_zero 2 "/cpus/cpu@0's \"clock-frequency\" is 0" \
  "$HW" vp --firmware "$B/firmware/selftest.elf" --dtb "$B/dtb/board-clock0.dtb"
[ "$fails" -eq 0 ]
