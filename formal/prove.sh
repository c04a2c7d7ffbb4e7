#!/bin/sh
# formal/prove.sh - one proof of the IP's properties with Yosys, ABC and yosys-smtbmc.
#
#   formal/prove.sh [--pdr SECONDS] NAME TOP DEPTH OUTDIR "CHPARAMS" RTL...
#
# Yosys reads the RTL and the harness with `read_verilog -formal -DFORMAL
# -DHWPROF_ASSERT`, so every `HWPROF_CHECK in the RTL (rtl/hwprof_check.vh) becomes an
# assertion and every `HWPROF_ENV an assumption; CHPARAMS ("-set INDEX_BITS 4 ...",
# may be empty) sets the top's parameters.  The design is written twice: as an AIGER
# circuit (memories mapped to flip-flops, uninitialised flip-flops free, assumptions
# as constraints) and as SMT-LIB2.
#
# Bounded model checking runs on the AIGER circuit with ABC's bmc3 (bit-level SAT,
# yosys-abc ships with yosys): no state reachable within DEPTH cycles of reset breaks
# an assertion.  Word-level SMT engines take far longer on this design (yosys-smtbmc
# with cvc4: depth 8 of the spill proof in 4 s, depth 12 not within 5 minutes; z3
# 4.8 not depth 8 within 2 minutes; Debian's boolector 1.5 rejects yosys-smtbmc's
# input).
#
# A counterexample is replayed on the word-level design (written as OUTDIR/NAME.il
# beside the SMT-LIB2 model), which names the failing assertion and writes
# OUTDIR/NAME.vcd: by Yosys's simulator (sim -r, ABC's witness through the AIGER map),
# in a second or less; or, with FORMAL_REPLAY=smtbmc, by yosys-smtbmc on the SMT-LIB2
# model (as SymbiYosys does; the solver FORMAL_SOLVER, default cvc4), 20-60 s on the
# whole IP.  formal/run.sh checks that both name the same assertion.
#
# With --pdr SECONDS, ABC's PDR (IC3) then tries an unbounded proof for at most that
# long: "proved" means the assertions hold in every reachable state at every depth,
# "undecided" that it did not close in time.
#
# Prints "PASS: formal NAME ..." or "FAIL: formal NAME ..." (tests/run.sh counts them).
set -eu

pdr=0
if [ "${1:-}" = --pdr ]; then
	pdr=$2
	shift 2
fi
if [ $# -lt 6 ]; then
	echo "usage: formal/prove.sh [--pdr SECONDS] NAME TOP DEPTH OUTDIR \"CHPARAMS\" RTL..." >&2
	exit 2
fi
name=$1 top=$2 depth=$3 out=$4 params=$5
shift 5
for tool in yosys yosys-abc yosys-smtbmc; do
	command -v $tool >/dev/null || {
		echo "prove.sh: $tool not found (scripts/install-deps.sh installs yosys)" >&2
		exit 2
	}
done

mkdir -p "$out"
base=$out/$name
chparam=
[ -z "$params" ] || chparam="chparam $params $top;"
if ! yosys -q -l "$base.yosys.log" -p "read_verilog -formal -DFORMAL -DHWPROF_ASSERT -I rtl $*; \
  $chparam prep -top $top; memory_map; opt -fast; flatten; delete -output; async2sync; \
  dffunmap; write_rtlil $base.il; write_smt2 -stbv $base.smt2; \
  chformal -assume -early; opt_clean; techmap; opt -fast; dffunmap; abc -g AND -fast; \
  opt_clean; dffunmap; write_aiger -I -B -zinit -map $base.aim $base.aig" >/dev/null; then
	echo "FAIL: formal $name: yosys could not read the design ($base.yosys.log)"
	exit 1
fi

start=$(date +%s)
yosys-abc -c "read_aiger $base.aig; fold; strash; bmc3 -F $depth; write_cex -a $base.aiw" \
	>"$base.bmc.log" 2>&1 || true
secs=$(($(date +%s) - start))
if grep -q "No output asserted in $depth frames" "$base.bmc.log"; then
	result="PASS: formal $name: no assertion fails within $depth cycles of reset (${secs} s)"
elif grep -q 'was asserted in frame' "$base.bmc.log"; then
	frame=$(sed -n 's/.*was asserted in frame \([0-9]*\).*/\1/p' "$base.bmc.log")
	echo "FAIL: formal $name: an assertion fails $frame cycles after reset ($base.vcd)"
	if [ "${FORMAL_REPLAY:-sim}" = smtbmc ]; then
		yosys-smtbmc -s "${FORMAL_SOLVER:-cvc4}" --noprogress --aig "$base.aim:$base.aiw" \
			--aig-noheader --dump-vcd "$base.vcd" "$base.smt2" >"$base.cex.log" 2>&1 || true
		grep -E 'Assert failed|Assumptions are unsatisfiable' "$base.cex.log" |
			sed 's/^## *[0-9:]* */  /'
	else
		# "Warning: Assert NAME (SRC) failed." at each failing step, once per assertion here.
		yosys -q -l "$base.cex.log" -p "read_rtlil $base.il; sim -clock clk -zinit \
		  -r $base.aiw -map $base.aim -vcd $base.vcd" >/dev/null 2>&1 || true
		sed -n 's/^Warning: Assert \([^ ]*\) (\(.*\)) failed\.$/  Assert failed: \2 (\1)/p' \
			"$base.cex.log" | sort -u
	fi
	exit 1
else
	echo "FAIL: formal $name: ABC gave no verdict ($base.bmc.log)"
	exit 1
fi

if [ "$pdr" -gt 0 ]; then
	start=$(date +%s)
	yosys-abc -c "read_aiger $base.aig; fold; strash; pdr -T $pdr" >"$base.pdr.log" 2>&1 || true
	secs=$(($(date +%s) - start))
	if grep -q 'Property proved' "$base.pdr.log"; then
		result="$result; PDR: proved at every depth (${secs} s)"
	elif grep -q 'was asserted in frame' "$base.pdr.log"; then
		echo "FAIL: formal $name: PDR found a counterexample ($base.pdr.log)"
		exit 1
	else
		frames=$(sed -n 's/.*timeout.* in frame \([0-9]*\).*/\1/p' "$base.pdr.log")
		result="$result; PDR: undecided after ${secs} s (frame ${frames:-?})"
	fi
fi
echo "$result"
