#!/usr/bin/env bash
# tests/test_vp.sh - 'hwprof vp': the self-test firmware passes on the virtual board,
# and every bad input or bad access stops with a message naming it and the documented
# exit status.  Prints PASS/FAIL lines for tests/run.sh.
set -u
B=${BUILD:-build}
HW=$B/hwprof
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fails=0

. tests/expect.sh

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
expect vp_dtb_mismatch 2 'hwprof,index-bits = <10>, but the simulated RTL was built with 13' \
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
[ "$fails" -eq 0 ]
