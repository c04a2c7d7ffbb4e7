#!/bin/sh
# formal/run.sh - the IP's formal proofs (make formal; part of make test).
#
# Three proofs, each bounded model checking from reset (formal/prove.sh):
#   core   hwprof_core alone, every input free (formal/core_top.v): every accepted
#          event leaves stage C exactly once, counted, spilled or lost; the statistics
#          account for every event; the pipeline and its FIFOs never overrun.
#   spill  hwprof_spill alone (formal/spill_top.v) behind a memory that keeps the
#          AXI4 rules: the write master holds AW and W still until their handshakes,
#          writes each SPC it takes exactly once and never outside the ring.
#   ip     the whole IP (hwprof_axil) behind a bus master that keeps the AXI4-Lite
#          rules: every response answers one request and is held until taken, and
#          every property of the two above holds in the assembled IP; and the
#          system-call table (hwprof_syscall, 2 entries) places every record it
#          accepts exactly once, counted, appended or lost; and the edge table
#          (hwprof_edge, 2 entries) places every traversal it takes exactly once,
#          loses one only when every slot holds another edge, and never lets a bus
#          read into a compare; and the call/return packet ring (hwprof_cct: a second
#          hwprof_spill behind the write-master arbiter, hwprof_wrarb) keeps the same
#          master rules and writes each packet word it takes exactly once.
# core and spill are proved again for the set-associative table (core-sets: 8 sets of 2
# ways) and its two-word records (spill-rec).
# Small parameters (a 2-word FIFO, a 16-entry table, 3 probes, 4-bit counters) let the
# proofs reach the corners - a full FIFO, a full probe sequence, a saturated counter, a
# full ring - within the depth.
#
# Then ten mutants, each a one-line bug seeded into a copy of the RTL, which the
# proofs must catch: so a proof that passes has been shown able to fail.  Each
# counterexample is replayed on the word-level design and must name an assertion; on
# one of them yosys-smtbmc must name the same one.
#
#   FORMAL_DEPTH=N   override every proof's depth (defaults: core 28, spill 30, ip 24)
#   FORMAL_PDR=S     also try an unbounded proof (ABC's PDR) for S seconds each
#
# Prints PASS/FAIL lines for tests/run.sh.
set -u
B=${BUILD:-build}
out=$B/formal
fails=0
pdr=
[ -z "${FORMAL_PDR:-}" ] || pdr="--pdr $FORMAL_PDR"

LIB="rtl/hwprof_sdpram.v rtl/hwprof_lutram.v rtl/hwprof_fifo.v rtl/hwprof_hash.v"
CORE="$LIB rtl/hwprof_core.v"
IP="$CORE rtl/hwprof_spill.v rtl/hwprof_syscall.v rtl/hwprof_edge.v \
rtl/hwprof_cct.v rtl/hwprof_wrarb.v rtl/hwprof_ring_regs.v rtl/hwprof_axil_if.v \
rtl/hwprof_axil.v"
IP_PARAMS="-set FIFO_LOG2 1 -set HOT_LOG2 1 -set INDEX_BITS 4 -set HASH 0 -set MAX_PROBE 3 \
-set COUNT_WIDTH 4 -set SYSCALL_BITS 1 -set EDGE_BITS 1"

# The whole-IP mutants below seed bugs into the bus interface, the system-call table
# and the edge table: their proofs leave out the units those do not touch (the packet
# ring, the spill path, the statistics, the slot cache; the linear table), which
# makes each 3-4 times faster to build and to replay.
MUTANT_IP_PARAMS="$IP_PARAMS -set CCT 0 -set SPILL 0 -set STATS 0 -set SLOT_CACHE 0 -set WAYS 0"

prove() { # name top depth params files...
	n=$1 t=$2 d=${FORMAL_DEPTH:-$3} p=$4
	shift 4
	# shellcheck disable=SC2086 # $pdr is empty or two words
	formal/prove.sh $pdr "$n" "$t" "$d" "$out" "$p" "$@" || fails=$((fails + 1))
}

prove core core_top 28 "-set WAYS 0" $CORE formal/core_top.v
prove core-sets core_top 24 "-set WAYS 2" $CORE formal/core_top.v
prove spill spill_top 30 "" $LIB rtl/hwprof_spill.v formal/spill_top.v
prove spill-rec spill_top 30 "-set RECORDS 1" $LIB rtl/hwprof_spill.v formal/spill_top.v
prove ip hwprof_axil 24 "$IP_PARAMS" $IP
# The counts-only IP (sim/sim.mk's IPCFG_counts): the bus and the core with every
# optional unit left out.
prove ip-counts hwprof_axil 24 "-set FIFO_LOG2 1 -set HOT_LOG2 1 -set INDEX_BITS 4 -set HASH 0 \
-set MAX_PROBE 3 -set COUNT_WIDTH 4 -set SLOT_CACHE 0 -set SYSCALL_BITS 0 -set EDGE_BITS 0 \
-set CCT 0 -set STATS 0 -set SPILL 0 -set WAYS 0" $IP

# mutant NAME FILE SED-EXPRESSION PROOF TOP DEPTH PARAMS FILES...
mutant() {
	m=$1 f=$2 e=$3 n=$4 t=$5 d=$6 p=$7
	shift 7
	dir=$out/mutant-$m
	mkdir -p "$dir"
	sed "$e" "$f" >"$dir/$(basename "$f")"
	if cmp -s "$f" "$dir/$(basename "$f")"; then
		echo "FAIL: formal mutant $m: the seeded bug did not apply to $f"
		fails=$((fails + 1))
		return
	fi
	files=
	for x in "$@"; do
		if [ "$x" = "$f" ]; then files="$files $dir/$(basename "$f")"; else files="$files $x"; fi
	done
	# shellcheck disable=SC2086 # a list of files
	if formal/prove.sh "$m" "$t" "$d" "$dir" "$p" $files >"$dir/result" 2>&1; then
		echo "FAIL: formal mutant $m: the $n proof missed the seeded bug"
		fails=$((fails + 1))
	elif grep -q '^FAIL: .*an assertion fails' "$dir/result" &&
		grep -q 'Assert failed' "$dir/result" && [ -s "$dir/$m.vcd" ]; then
		echo "PASS: formal mutant $m: the $n proof catches it ($(grep -o 'fails [0-9]* cycles' "$dir/result"))"
	else
		echo "FAIL: formal mutant $m: the $n proof broke ($dir/result)"
		fails=$((fails + 1))
	fi
}

# An event that finds the spill path busy leaves stage C instead of waiting: lost.
# (With one probe the table has no room for a key sooner: caught at cycle 20 in 25 s,
# where the core proof's three probes take until cycle 27 and 110 s.)
mutant spill-wait rtl/hwprof_core.v \
	's/wire spill_wait = ev_nospace \&\& spill_on \&\& !spill_ready;/wire spill_wait = 1'"'"'b0;/' \
	core core_top 28 "-set MAX_PROBE 1" $CORE formal/core_top.v
# The master writes one word past the slot HEAD names: outside the ring at its end.
mutant ring-slot rtl/hwprof_spill.v \
	's/base + {(head\[29:0\] \& mask), 2.b00}/base + {(head[29:0] \& mask) + 30'"'"'d1, 2'"'"'b00}/' \
	spill spill_top 30 "" $LIB rtl/hwprof_spill.v formal/spill_top.v
# The master trusts the registered ring-full test in the cycle after HEAD moved: one
# write too many, over a slot software has not consumed.
mutant ring-moved rtl/hwprof_spill.v \
	's/ \&\& !ring_moved_q;/;/' \
	spill spill_top 30 "" $LIB rtl/hwprof_spill.v formal/spill_top.v
# An evicting event leaves stage C without being counted (the set-associative table).
mutant evict rtl/hwprof_core.v \
	's/wire counted    = ev_hit || ev_insert || ev_evict;/wire counted    = ev_hit || ev_insert;/' \
	core-sets core_top 24 "-set WAYS 2" $CORE formal/core_top.v
# HEAD passes one word of a two-word record, as if it were an SPC.
mutant record-head rtl/hwprof_spill.v \
	's/head <= head + (wr_second_q ? 32.d2 : 32.d1);/head <= head + 32'"'"'d1;/' \
	spill-rec spill_top 30 "-set RECORDS 1" $LIB rtl/hwprof_spill.v formal/spill_top.v
# The system-call table takes a record while it is still placing the last one.
mutant syscall-busy rtl/hwprof_syscall.v \
	's/assign rec_ready = idle;/assign rec_ready = 1'"'"'b1;/' \
	ip hwprof_axil 24 "$MUTANT_IP_PARAMS" $IP
# The slot cache's forward (an event right after one of the same key that needed
# probes) starts at the key's home slot instead of where C just found it.
mutant slot-forward rtl/hwprof_core.v \
	's/wire \[IB-1:0\] x_idx    = sc_fwd ? c_idx_q : sc_hit_idx;/wire [IB-1:0] x_idx    = sc_hit_idx;/' \
	core core_top 28 "" $CORE formal/core_top.v
# The edge table takes a bus read while it compares or clears (from reset on).
mutant edge-read rtl/hwprof_edge.v \
	's/assign rd_ready = at_rest;/assign rd_ready = 1'"'"'b1;/' \
	ip hwprof_axil 24 "$MUTANT_IP_PARAMS" $IP
# EDGE_HOT_SRC arms EDGE_HOT_DST's pop even when it found the edge hot FIFO empty.
mutant edge-src rtl/hwprof_axil.v \
	's/edge_src_read_q <= edge_hot_valid;/edge_src_read_q <= 1'"'"'b1;/' \
	ip hwprof_axil 24 "$MUTANT_IP_PARAMS" $IP
# The slave drops BVALID without waiting for BREADY.
mutant bready rtl/hwprof_axil_if.v \
	's/end else if (s_axil_bready) begin/end else begin/' \
	ip hwprof_axil 24 "$MUTANT_IP_PARAMS" $IP

# The two replays of a counterexample (formal/prove.sh) name the same assertion:
# Yosys's simulator, which the proofs use, and yosys-smtbmc, on one mutant's witness.
replays_agree() {
	dir=$out/mutant-$1
	yosys-smtbmc -s "${FORMAL_SOLVER:-cvc4}" --noprogress --aig "$dir/$1.aim:$dir/$1.aiw" \
		--aig-noheader "$dir/$1.smt2" >"$dir/smtbmc.log" 2>&1
	# The assertions' source spans: "Assert failed in TOP: SRC (NAME)" from yosys-smtbmc,
	# "  Assert failed: SRC (NAME)" from the simulator's replay.
	a=$(sed -n 's/.*Assert failed in [^:]*: \([^ ]*\) .*/\1/p' "$dir/smtbmc.log" | sort -u)
	b=$(sed -n 's/^  Assert failed: \([^ ]*\) .*/\1/p' "$dir/result" | sort -u)
	if [ -n "$a" ] && [ "$a" = "$b" ]; then
		echo "PASS: formal replay: yosys sim and yosys-smtbmc name the same assertion ($1: $a)"
	else
		echo "FAIL: formal replay: yosys-smtbmc names '$a', yosys sim '$b' ($dir)"
		fails=$((fails + 1))
	fi
}
replays_agree ring-slot

[ "$fails" -eq 0 ]
