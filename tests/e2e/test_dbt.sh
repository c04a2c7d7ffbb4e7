#!/usr/bin/env bash
# tests/e2e/test_dbt.sh - 'hwprof run' beyond guest output: bad executables are
# refused with a message naming the problem; an instruction the translator
# cannot execute and an unknown system call are reported as documented; the
# profiling modes store exactly once per block entry (hw) and count every entry
# (sw); a tiny code cache is flushed and refilled without changing the result;
# --dump lists MIPS and PowerPC side by side (and shows slt fused with its branch, and
# the state's words not loaded again where a register holds them);
# --event-trace writes the IP's event stream, each block's flags included; the stack
# pointer starts aligned whatever the arguments' and environment's length.  Prints
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

# --- bad executables (exit 2, the reason named)
prog=$G/exitcode-O2
head -c 1000 "$prog" >"$tmp/truncated"
mips-linux-gnu-gcc -O2 -o "$tmp/dynamic" tests/guest/exitcode.c
printf 'hello' >"$tmp/notelf"
# be32 FILE OFFSET: the big-endian word there; put FILE OFFSET BYTES (octal escapes)
be32() { od -An -tu1 -j"$2" -N4 "$1" | awk '{print $1*16777216+$2*65536+$3*256+$4}'; }
put() { printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null; }
# e_machine 62 (x86-64) in an otherwise good MIPS executable
cp "$prog" "$tmp/machine62" && put "$tmp/machine62" 18 '\000\076'
# the first PT_LOAD's file size made larger than its memory size
cp "$prog" "$tmp/badseg"
phoff=$(be32 "$prog" 28)
ph=$phoff
while [ "$(be32 "$prog" "$ph")" -ne 1 ]; do ph=$((ph + 32)); done
put "$tmp/badseg" $((ph + 16)) '\177\377\377\377'
# ELFCLASS64, and EI_DATA little-endian
cp "$prog" "$tmp/class64" && put "$tmp/class64" 4 '\002'
cp "$prog" "$tmp/little" && put "$tmp/little" 5 '\001'
expect elf_not_elf 2 'not an ELF file' "$HW" run "$tmp/notelf"
expect elf_missing 2 'No such file' "$HW" run "$tmp/nonexistent"
expect elf_class64 2 'wrong ELF class 2' "$HW" run "$tmp/class64"
expect elf_little_endian 2 'wrong endianness' "$HW" run "$tmp/little"
expect elf_wrong_machine 2 'wrong machine 62' "$HW" run "$tmp/machine62"
expect elf_host_binary 2 'wrong ELF class 2' "$HW" run "$HW"
expect elf_powerpc 2 'wrong machine 20' "$HW" run "$B/firmware/selftest.elf"
expect elf_dynamic 2 'dynamic.*link with -static' "$HW" run "$tmp/dynamic"
# A board with less RAM than the translator needs (its code cache, its structures and a
# run's spill ring: dbt/dbt.h) is refused, naming both sizes.
expect board_ram_too_small 2 "board's RAM \[0, \+0xe000000\) must start at 0 and hold 0xe400000 bytes" \
  "$HW" run --dtb "$B/dtb/board-smallram.dtb" "$prog"
expect elf_truncated 2 'truncated' "$HW" run "$tmp/truncated"
expect elf_bad_segment 2 'file size .* exceeds memory size' "$HW" run "$tmp/badseg"
expect run_no_program 2 'no PROGRAM' "$HW" run
expect run_bad_profile 2 'none, hw, sw or all' "$HW" run --profile xyz "$prog"
expect run_help 0 'usage: hwprof run' "$HW" run --help

# --- what the translator cannot do
expect unimpl_prints_first 125 '^unimpl: before$' \
  "$HW" run "$G/dbt/unimpl"
expect unimpl_message 125 'cannot execute the instruction at pc 0x[0-9a-f]+: 40086000 \(mfc0' \
  "$HW" run "$G/dbt/unimpl"
expect board_fault_names_guest_block 126 \
  "1-byte store to the hwprof IP at offset 0x18 \\(pc 0x[0-9a-f]+\\): word access only, in the guest's block at pc 0x4" \
  "$HW" run "$G/dbt/ipbyte"
# --- a guest that overwrites the translator's memory (no --confine: it can) is told
# what it did, the run ends with its reports, and hwprof does not crash
expect guest_writes_cct_pointer 126 \
  "the guest wrote the translator's state at 0xc001f1c: the sw packet ring's next free word is 0xffffff00" \
  "$HW" run --profile sw --cct --json "$tmp/cctptr.json" "$G/dbt/cctptr"
if python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$tmp/cctptr.json" 2>/dev/null; then
  echo "PASS: guest_writes_cct_pointer_reports_written"
else
  echo "FAIL: guest_writes_cct_pointer_reports_written (no JSON report at $tmp/cctptr.json)"
  fails=$((fails + 1))
fi
expect guest_writes_cct_pointer_all 126 "the guest wrote the translator's state at 0xc001f1c" \
  "$HW" run --profile all --cct "$G/dbt/cctptr"
expect guest_writes_cct_pointer_hw_unused 0 'exited with status 0' \
  "$HW" run --profile hw --cct "$G/dbt/cctptr"
# (--caches off: with the caches, the board may first catch the guest's store into
# code as a fetch of a line the data cache holds newer bytes of, which it also ends)
expect guest_writes_fpu_exit_word 126 \
  "the guest wrote the translator's memory: the runtime was led to address 0xfffffff0, outside the board's RAM" \
  "$HW" run --caches off "$G/dbt/fpword"
# --- the stack pointer at the start: aligned, whatever the arguments' and environment's
# length (so that they do not move the program's stack in the data cache)
expect stack_aligned_short 0 '^sp: 00000000' env -i A=x "$HW" run "$G/dbt/stackalign"
expect stack_aligned_long 0 '^sp: 00000000' env -i A="$(printf '%0300d' 0)" B=y "$HW" run \
  "$G/dbt/stackalign" "$(printf '%0100d' 0)" z
expect stack_argc 0 '^argc: 00000003' "$HW" run "$G/dbt/stackalign" a b
expect nosys_enosys 0 '^v0: 00000059' "$HW" run "$G/dbt/nosys"
"$HW" run "$G/dbt/nosys" >"$out" 2>&1
if [ "$(grep -c 'unsupported system call 4999' "$out")" -eq 1 ] && grep -q '^a3: 00000001' "$out"; then
  echo "PASS: nosys_reported_once"
else
  echo "FAIL: nosys_reported_once"
  fails=$((fails + 1))
fi
expect nosys_strict 126 'unsupported system call 4999 \(--strict\) at pc' \
  "$HW" run --strict "$G/dbt/nosys"

# --- profiling: one store per block entry (hw), counters equal to entries (sw)
for p in sort-O2 recursion-O0; do
  expect "profile_hw_one_store_per_block_$p" 0 'profile stores +([0-9]+) to the IP for \1 block entries \(one each\)' \
    "$HW" run --profile hw --stats "$G/$p"
  expect "profile_sw_counts_every_entry_$p" 0 'sw counters +[0-9]+ in ([0-9]+) blocks; \1 equal to the block entries' \
    "$HW" run --profile sw --stats "$G/$p"
done
# the same blocks in every mode: the runtime's block counts do not depend on it
for p in none hw sw; do
  "$HW" run --profile $p --stats "$G/strings-O2" 2>&1 >/dev/null | grep -E '^hwprof: (guest instructions|blocks executed) ' >"$tmp/blocks-$p"
done
if cmp -s "$tmp/blocks-none" "$tmp/blocks-hw" && cmp -s "$tmp/blocks-none" "$tmp/blocks-sw"; then
  echo "PASS: profile_same_blocks_every_mode"
else
  echo "FAIL: profile_same_blocks_every_mode"
  fails=$((fails + 1))
fi

# --- a 4 KiB code cache: refilled many times (setjmp: some 300 refills, longjmp
# across them), same output as qemu-mips
qemu-mips "$G/setjmp-O2" >"$tmp/q" 2>/dev/null
"$HW" run --code-cache 4096 --stats "$G/setjmp-O2" >"$tmp/h" 2>"$tmp/e"
if cmp -s "$tmp/q" "$tmp/h" && grep -qE '\(.* distinct, [1-9][0-9]{2,} refills' "$tmp/e"; then
  echo "PASS: code_cache_refill"
else
  echo "FAIL: code_cache_refill"
  grep refills "$tmp/e"
  fails=$((fails + 1))
fi
# --- memory over code-cache refills: the board renews Unicorn's emulator every 256 KiB
# of replaced code, which frees the translations of the code the refills replaced
# (sim/vboard.c, renew).  The peak stays flat from ~900 refills to ~5,300 (without it:
# 490 MB against 41), and the run is the same as one that never renews
# (HWPROF_RENEW_BYTES=000000: the guest's environment keeps its length).  The runtime
# on the host: the renewals are Unicorn's, the same with the translator on the board,
# and the board's refills are checked above.
expect "HWPROF_RENEW_BYTES must be a byte count" 2 \
  'HWPROF_RENEW_BYTES=4k: not a whole number from 0 to 18446744073709551615' \
  env HWPROF_RENEW_BYTES=4k "$HW" run "$G/printf-O2"
peak() { sed -n 's/.*host memory *\([0-9.]*\) MB peak resident.*/\1/p' "$1"; }
renewals() { sed -n 's/.*emulator renewed \([0-9]*\) times.*/\1/p' "$1"; }
HWPROF_RENEW_BYTES=262144 "$HW" run --runtime host --code-cache 16384 --stats "$G/printf-O2" \
  >/dev/null 2>"$tmp/m1"
HWPROF_RENEW_BYTES=262144 "$HW" run --runtime host --code-cache 4096 --stats --json "$tmp/m2.json" \
  "$G/printf-O2" >/dev/null 2>"$tmp/m2"
HWPROF_RENEW_BYTES=000000 "$HW" run --runtime host --code-cache 4096 --stats --json "$tmp/m3.json" \
  "$G/printf-O2" >/dev/null 2>"$tmp/m3"
same_run=$(python3 -c '
import json, sys
def core(p):
    d = json.load(open(p))
    return {k: v for k, v in d.items() if not k.endswith("_ms")}
print(core(sys.argv[1]) == core(sys.argv[2]))' "$tmp/m2.json" "$tmp/m3.json")
p1=$(peak "$tmp/m1") p2=$(peak "$tmp/m2") n2=$(renewals "$tmp/m2") n3=$(renewals "$tmp/m3")
if [ -n "$p1" ] && [ -n "$p2" ] && [ "${n2:-0}" -ge 10 ] && [ "$n3" = 0 ] && [ "$same_run" = True ] &&
  awk -v a="$p1" -v b="$p2" 'BEGIN { exit !(b <= 1.25 * a) }'; then
  echo "PASS: code_cache_refill_memory_flat ($p1 MB at $(grep -o '[0-9]* refills' "$tmp/m1"), $p2 MB at $(grep -o '[0-9]* refills' "$tmp/m2"), $n2 renewals; $(peak "$tmp/m3") MB without them)"
else
  echo "FAIL: code_cache_refill_memory_flat (peaks $p1 and $p2 MB, renewals ${n2:-?}/${n3:-?}, same run: $same_run)"
  fails=$((fails + 1))
fi
# one-instruction blocks: same output
qemu-mips "$G/printf-O2" >"$tmp/q" 2>/dev/null
"$HW" run --max-block 1 "$G/printf-O2" >"$tmp/h" 2>/dev/null
if cmp -s "$tmp/q" "$tmp/h"; then echo "PASS: max_block_1"; else echo "FAIL: max_block_1"; fails=$((fails + 1)); fi

# --- the event stream (--event-trace): one word per block entry, as the CPU stored
# it: per address (the word without its flags), exactly the runtime's count of that
# block's entries; the flags (bits 1:0) say how the block ends, checked against a
# decoder of the block's last branch written here, from the ELF file; and the IP
# replayed on it agrees with its model.
"$HW" run --quiet --profile all --json "$tmp/ev.json" --event-trace "$tmp/ev.trace" \
  "$G/recursion-O2" >/dev/null 2>&1
if python3 - "$tmp/ev.json" "$tmp/ev.trace" "$G/recursion-O2" <<'PY'; then
import collections, json, re, struct, sys
j = json.load(open(sys.argv[1]))
words = open(sys.argv[2]).read().split()
elf = open(sys.argv[3], "rb").read()
assert words and all(re.fullmatch("[0-9a-f]{8}", w) for w in words), "not one hex word a line"
assert len(words) == j["ip"]["events"] == j["blocks_executed"], (len(words), j["ip"]["events"])
phoff, phentsize, phnum = struct.unpack(">I", elf[28:32])[0], *struct.unpack(">HH", elf[42:46])
segs = [struct.unpack(">IIIII", elf[o:o + 20]) for o in range(phoff, phoff + phnum * phentsize, phentsize)]
def word(a):  # the instruction at address a
    for typ, off, vaddr, _, filesz in segs:
        if typ == 1 and vaddr <= a < vaddr + filesz:
            return struct.unpack(">I", elf[off + a - vaddr:off + a - vaddr + 4])[0]
    raise KeyError(hex(a))
def branch(w):  # None: not a branch; else its flags
    op, rs, rt, rd, fn = w >> 26, (w >> 21) & 31, (w >> 16) & 31, (w >> 11) & 31, w & 63
    if op == 0 and fn in (8, 9):  # jr, jalr
        return 2 if fn == 9 and rd else (3 if rs == 31 else 1)
    if op == 3:  # jal
        return 2
    if op == 1 and rt in (0x10, 0x11, 0x12, 0x13):  # bltzal, bgezal and -likely
        return 0 if rs == 0 and rt in (0x10, 0x12) else 2
    if op in (2, 4, 5, 20, 21) or (op in (6, 7, 22, 23) and rt == 0):
        return 0
    if (op == 1 and rt in (0, 1, 2, 3)) or (op == 17 and rs == 8):
        return 0
    return None
want, flags = {}, {}
for b in j["blocks"]:
    pc = int(b["pc"], 16)
    want[pc] = b["count"]
    f = branch(word(pc + 4 * (b["insns"] - 2))) if b["insns"] >= 2 else None
    flags[pc] = f or 0
seen = collections.Counter(int(w, 16) for w in words)
by_pc = collections.Counter()
for w, n in seen.items():
    by_pc[w & ~3] += n
    assert w & 3 == flags[w & ~3], "block %#x: flags %d, its end says %d" % (w & ~3, w & 3, flags[w & ~3])
assert by_pc == want, "the stream's counts differ from the block entries"
kinds = collections.Counter()
for w, n in seen.items():
    kinds[w & 3] += n
assert kinds[1] and kinds[2] and kinds[3], kinds  # indirect jumps, calls, returns all seen
PY
  echo "PASS: event_trace_is_the_block_entries_with_their_flags"
else
  echo "FAIL: event_trace_is_the_block_entries_with_their_flags"
  fails=$((fails + 1))
fi
expect event_trace_replays 0 'reference model: agrees' "$HW" ip --trace "$tmp/ev.trace"
# The probes (one byte store into the EVENT window by default, addi + stw to EVENT
# with --hw-probe word) deliver the same stream, word for word, and the window's
# takes fewer instructions and cycles.
"$HW" run --quiet --profile all --hw-probe word --event-trace "$tmp/ev-word.trace" \
  "$G/recursion-O2" >/dev/null 2>&1
expect event_trace_same_with_word_probe 0 'identical' \
  sh -c 'cmp "$1" "$2" && echo identical' sh "$tmp/ev.trace" "$tmp/ev-word.trace"
probe_cycles() {
  "$HW" run --quiet --stats --profile hw --hw-probe "$1" "$G/recursion-O2" 2>&1 >/dev/null |
    sed -n 's/.*simulated CPU cycles *\([0-9]*\).*/\1/p'
}
window_cycles=$(probe_cycles window)
word_cycles=$(probe_cycles word)
expect hw_probe_window_fewer_cycles 0 'fewer' sh -c \
  '[ "$1" -gt 0 ] && [ "$1" -lt "$2" ] && echo "fewer: $1 against $2"' sh \
  "${window_cycles:-0}" "${word_cycles:-0}"
expect hw_probe_bad 2 'window or word' "$HW" run --hw-probe dword "$G/exitcode-O2"
expect event_trace_unwritable 2 'cannot write /nonexistent/x.trace' \
  "$HW" run --profile hw --event-trace /nonexistent/x.trace "$G/exitcode-O2"

# --- the dump: both sides disassembled
expect dump_side_by_side 7 'addiu \$sp, \$sp, -0x[0-9a-f]+ +\| [0-9a-f]{8}  [0-9a-f]{8}  (addi|stwu?|lwz|lis) ' \
  "$HW" run --dump - "$G/exitcode-O2"
# Set-on-less-than and its branch (dbt/liveness.c; the guest's output is test_guest's):
# in tests/guest/asm/sltbranch.S the branch tests cr6 in place of the register 56 times
# (bc on cr6), and the register is set (mfcr) only where its value is live: the 15
# cases that read it, and __show's sltiu (in two blocks).
"$HW" run --quiet --dump "$tmp/slt.dump" "$G/asm/sltbranch" >/dev/null 2>&1
expect slt_fused_and_dead 0 '^fused 56, set 17$' python3 -c '
import re, sys
d = open(sys.argv[1]).read()
print("fused %d, set %d" % (len(re.findall(r"  b[a-z]* cr6, ", d)), len(re.findall(r"  mfcr r0", d))))' \
  "$tmp/slt.dump"
# ... and the conditional moves that test it (tests/guest/asm/sltmove.S): each slt of a
# block compares into a field of its own (cr6 down to cr2), and a movz or movn tests the
# field (a bc over its move) in 31 of the 32 moves -- 34 in the dump, the min/max loop's
# three translated twice (its head is a block of its own too); the one that does not is
# the sixth slt's victim, a cmpwi on the register.  38 bc test a field: the moves, the
# two branches on an slt, and __show's (twice).  10 registers are set: the 8 cases that
# read the value otherwise (as a move's source or destination, between, after, past a
# load that can fault) and __show's sltiu (twice).
"$HW" run --quiet --dump "$tmp/sltmove.dump" "$G/asm/sltmove" >/dev/null 2>&1
expect slt_moves_fused 0 '^moves 34, fields 38, set 10, unfused 1$' python3 -c '
import re, sys
d = open(sys.argv[1]).read()
print("moves %d, fields %d, set %d, unfused %d" % (
    len(re.findall(r"  b(?:ge|lt) cr[2-6], 0x[0-9a-f]+\n[^\n]*  (?:mr|stw) ", d)),
    len(re.findall(r"  b[a-z]* cr[2-6], ", d)), len(re.findall(r"  mfcr r0", d)),
    len(re.findall(r"  cmpwi cr1, r[0-9]+, 0\n[^\n]*  b[a-z]+ cr1, 0x[0-9a-f]+\n[^\n]*  (?:mr|stw) ", d))))' \
  "$tmp/sltmove.dump"
# The words of the MIPS registers in the state read from the host register that still
# holds them (dbt/held.c; the guest's output is test_guest's): in tests/guest/asm/held.S
# the translation loads $t7, $t8, HI and LO 38 times where it would load them 96 times
# (the rest are an mr, or nothing), and stores them all 51 times, as before.
"$HW" run --quiet --dump "$tmp/held.dump" "$G/asm/held" >/dev/null 2>&1
expect held_words_not_loaded_again 0 '^loaded 38, stored 51$' python3 -c '
import re, sys
d = open(sys.argv[1]).read()
at = r"-0x(1c4|1a0|180|17c)\(r1\)"  # $t7, $t8, HI, LO
print("loaded %d, stored %d" % (len(re.findall(r"  lwz r\d+, " + at, d)),
                                len(re.findall(r"  stw r\d+, " + at, d))))' "$tmp/held.dump"

# A branch on a register against zero tests what the ALU instruction that set it
# recorded (dbt/cr0.c), in superblocks: tests/guest/asm/cr0.S runs every case three
# times, and with --superblocks --threshold 1 the third pass runs in superblocks, whose
# output must stay qemu-mips's (test_guest checks the plain run), with alignment checks
# (their andi.) too.  Each way the translator could get it wrong is a case there
# whose result changes (checked by breaking each: cr0 written between by an andi, a
# check or the FPU helper's gate, the register written between, an andi or a load in
# the delay slot, and a member's branch that tests cr0 followed by one that would patch
# its delay slot's word).  Plain blocks do not do it: in the unprofiled run no branch
# tests cr0 and 74 compare; with superblocks 74 test cr0 (the cases' copies in them;
# 104 compare, in the blocks the first passes ran and where cr0 cannot serve), and in
# the second loop's superblock (threshold 50), whose counter is set in
# one member and tested in the next, 3 of its 4 copies of the test carry cr0 from the
# member before (the head's compares).
"$HW" run --quiet --dump "$tmp/cr0.dump" "$G/asm/cr0" >/dev/null 2>&1
"$HW" run --quiet --profile hw --superblocks --threshold 1 --dump "$tmp/cr0sb1.dump" "$G/asm/cr0" \
  >/dev/null 2>&1
cr0_count() {
  python3 -c '
import re, sys
d = open(sys.argv[1]).read()
print("fused %d, compared %d" % (len(re.findall(r"  b(?!l )[a-z]+[-+]? 0x", d)),
                                  len(re.findall(r"  cmpwi cr7, r[0-9]+, 0\n", d))))' "$1"
}
expect cr0_not_in_blocks 0 '^fused 0, compared 74$' cr0_count "$tmp/cr0.dump"
expect cr0_in_superblocks 0 '^fused 74, compared 104$' cr0_count "$tmp/cr0sb1.dump"
expect cr0_superblocks 0 '^PASS: ' \
  tests/guest/compare.sh "$HW run --profile hw --superblocks --threshold 1" "$G/asm/cr0"
expect cr0_unaligned_trap 0 '^PASS: ' \
  tests/guest/compare.sh "$HW run --unaligned trap --profile hw --superblocks --threshold 1" "$G/asm/cr0"
expect cr0_host_sw 0 '^PASS: ' \
  tests/guest/compare.sh "$HW run --runtime host --profile sw --superblocks --threshold 1" "$G/asm/cr0"
"$HW" run --quiet --profile hw --superblocks --threshold 50 --dump "$tmp/cr0sb.dump" "$G/asm/cr0" \
  >/dev/null 2>&1
expect cr0_carried 0 '^members 3 of 4$' python3 -c '
import re, sys
for sb in open(sys.argv[1]).read().split("\nsuperblock ")[1:]:
    if "loops to" not in sb.split("\n")[0] or "bgtz $a3" not in sb:
        continue
    tests = [b for b in sb.split("\nblock ") if "bgtz $a3" in b]
    fused = [b for b in tests if re.search(r"  b(le|gt)[-+]? 0x", b)]
    print("members %d of %d" % (len(fused), len(tests)))' "$tmp/cr0sb.dump"

# --- the board's caches (sim/vcache.c; the micro-benchmarks are test_caches):
# the translator's code-cache writes must be made visible to instruction fetch
# (dcbst, icbi), and leaving either out is caught by the board; caches change
# the cycles, never what runs or what is counted.
expect cache_sync_without_dcbst 126 'written without a dcbst\), in the guest.s block at pc 0x' \
  "$HW" run --omit-cache-sync dcbst "$G/recursion-O2"
expect cache_sync_without_icbi 126 'not invalidated \(no icbi\), in the guest.s block at pc 0x' \
  "$HW" run --omit-cache-sync icbi "$G/recursion-O2"
expect cache_sync_without_icbi_refills 126 'no icbi' \
  "$HW" run --omit-cache-sync icbi --code-cache 4096 --profile hw "$G/printf-O2"
expect cache_sync_bad 2 'dcbst, icbi or both' "$HW" run --omit-cache-sync all "$G/exitcode-O2"
# Where the fetch misses fall (dbt/window.c): superblocks' lines, plain blocks',
# out-of-line code's, the runtime's image's on the board and its stubs' add up to the
# misses; none in superblocks without them; none in the image with the runtime on the
# host; nothing without the caches.
"$HW" run --quiet --json "$tmp/ic1.json" "$G/printf-O2" >/dev/null 2>&1
"$HW" run --quiet --profile hw --superblocks --threshold 50 --json "$tmp/ic2.json" \
  "$G/printf-O2" >/dev/null 2>&1
"$HW" run --quiet --caches off --json "$tmp/ic3.json" "$G/printf-O2" >/dev/null 2>&1
"$HW" run --quiet --runtime host --json "$tmp/ic4.json" "$G/printf-O2" >/dev/null 2>&1
expect icache_misses_by_place 0 checked python3 -c '
import json, sys
a, b, c, h = (json.load(open(f)) for f in sys.argv[1:])
for j in (a, b, h):
    m = j["icache"]["misses_in"]
    assert sum(m.values()) == j["icache"]["misses"] > 0, j["icache"]
    assert m["blocks"] > 0 and m["out_of_line"] > 0 and m["runtime"] > 0, m
    assert (m["runtime_image"] > 0) == (j is not h), m
assert a["icache"]["misses_in"]["superblocks"] == 0 and b["icache"]["misses_in"]["superblocks"] > 0
assert len(b["superblocks"]) > 0 and c["icache"] is None
print("checked")' "$tmp/ic1.json" "$tmp/ic2.json" "$tmp/ic3.json" "$tmp/ic4.json"
expect icache_misses_by_place_stats 7 'fetch misses in +[0-9]+ superblocks. lines \([0-9.]+ %\), [0-9]+ plain blocks' \
  "$HW" run --stats "$G/exitcode-O2"
expect caches_default_on 0 'instruction cache +16 KB 2-way, 32-byte lines.*' \
  "$HW" run --quiet --stats "$G/recursion-O2"
expect caches_off 0 'caches +off \(--caches off\): every fetch and access hits' \
  "$HW" run --quiet --stats --caches off "$G/recursion-O2"
expect caches_bad 2 "--caches is on or off, not 'no'" "$HW" run --caches no "$G/exitcode-O2"
for c in on off; do
  "$HW" run --quiet --stats --profile all --threshold 200 --superblocks --caches $c \
    --csv "$tmp/caches-$c.csv" "$G/recursion-O2" >/dev/null 2>"$tmp/caches-$c.err"
done
expect caches_change_cycles_not_counts 0 'same counts, more cycles' sh -c '
  cmp "$1.csv" "$2.csv" || exit 1
  on=$(sed -n "s/.*simulated CPU cycles *\([0-9]*\).*/\1/p" "$1.err")
  off=$(sed -n "s/.*simulated CPU cycles *\([0-9]*\).*/\1/p" "$2.err")
  [ "${on:-0}" -gt "${off:-0}" ] && echo "same counts, more cycles: $on against $off"' sh \
  "$tmp/caches-on" "$tmp/caches-off"

exit $((fails > 0))
