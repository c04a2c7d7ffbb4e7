#!/usr/bin/env bash
# syn/synth.sh - synthesize the hwprof IP for one FPGA family with Yosys.
#
#   syn/synth.sh FAMILY OUTDIR [-GNAME=VALUE ...]
#
# FAMILY: xc2vp (Virtex-II Pro), xc4v, xc5v, xc7 (Yosys synth_xilinx), or ice40
# (synth_ice40, then placed and routed with nextpnr-ice40 on an HX8K).
# Writes to OUTDIR:
#   netlist.json, netlist.edif (Xilinx families), synth.log, report.json
#   and for ice40 also pnr.json (the netlist placed: constant outputs get no pin,
#   pins.txt lists them), pnr.log, pnr.asc, and the achieved Fmax in report.json.
#
# report.json: {"family", "params", "luts", "ffs", "brams", "dsps", "lutram",
# "logic_depth", "logic_depth_reg", "critical_path", "cells": {type: count},
# "fmax_mhz" (ice40 only)}.  logic_depth is the logic levels on the longest path
# between registers, block RAMs and ports, a run of carry cells counting as one
# level (syn/netdepth.c); logic_depth_reg leaves out paths from input ports;
# critical_path lists the cells of that register-to-register path.
#
# Xilinx families use synth_xilinx -nowidelut: on this design Yosys's MUXF7/8
# wide-LUT packing gave more LUTs and deeper paths.  NETDEPTH names the netdepth
# binary (default: build/syn/netdepth beside this script's repository).
#
# Fails (exit 1) when any latch is inferred, when the counter table is not in
# block RAM, when an event FIFO of 64 entries or more is not in block RAM, or when
# any memory is built from flip-flops.
set -euo pipefail

family=${1:?usage: syn/synth.sh FAMILY OUTDIR [-GNAME=VALUE ...]}
out=${2:?usage: syn/synth.sh FAMILY OUTDIR [-GNAME=VALUE ...]}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
rtl=$here/../rtl
# Every Verilog file of the IP: rtl/ holds the IP and nothing else (a list here went
# stale once, when the spill master was added).
srcs=$(echo "$rtl"/*.v)

# -GNAME=VALUE -> chparam -set NAME VALUE
chparam=""
params_json=""
for g in "$@"; do
  case "$g" in
    -G*=*) kv=${g#-G}; k=${kv%%=*}; v=${kv#*=}
           chparam="$chparam chparam -set $k $v hwprof_axil;"
           params_json="$params_json${params_json:+, }\"$k\": $v" ;;
    *) echo "synth.sh: not a -GNAME=VALUE parameter: $g" >&2; exit 2 ;;
  esac
done

case "$family" in
  xc2vp|xc4v|xc5v|xc7)
    synth="synth_xilinx -family $family -top hwprof_axil -flatten -nowidelut"
    write="write_json $out/netlist.json; write_edif -pvector bra $out/netlist.edif"
    bram_re='^RAMB'
    lut_re='^LUT[1-6]$'
    ff_re='^FD'
    dsp_re='^(DSP|MULT18X18)'
    lutram_re='^(RAM[0-9]+[XM]|RAM[0-9]+X1[SD]|SRL)'
    bram_map='via \$__XILINX_BLOCKRAM'
    defines=''
    ;;
  ice40)
    synth="synth_ice40 -top hwprof_axil"
    write="write_json $out/netlist.json"
    bram_re='^SB_RAM40_4K'
    lut_re='^SB_LUT4$'
    ff_re='^SB_DFF'
    dsp_re='^SB_MAC16'
    lutram_re='^$'
    bram_map='via \$__ICE40_RAM4K'
    defines='-DHWPROF_NO_LUTRAM' # no LUT RAM: hwprof_lutram's memories go to EBR
    ;;
  *)
    echo "synth.sh: unknown family '$family' (xc2vp, xc4v, xc5v, xc7, ice40)" >&2
    exit 2 ;;
esac

netdepth=${NETDEPTH:-$here/../build/syn/netdepth}
if [ ! -x "$netdepth" ]; then
  echo "synth.sh: $netdepth not built (make $netdepth)" >&2
  exit 2
fi

mkdir -p "$out"
log=$out/synth.log
yosys -q -l "$log" -p "read_verilog -defer $defines $srcs; $chparam hierarchy -top hwprof_axil;
  $synth; tee -o $out/stat.txt stat; $write" \
  >/dev/null 2>"$out/yosys.stderr" || { cat "$out/yosys.stderr" >&2; echo "synth.sh: yosys failed, see $log" >&2; exit 1; }

# Cell counts from 'stat': lines "     CELLTYPE     N".
cells=$(awk '/Number of cells/ {on=1; next} on && NF==2 && $2 ~ /^[0-9]+$/ {print $1, $2} on && NF==0 {if (seen) exit} {seen=on}' "$out/stat.txt")
count() { awk -v re="$1" '$1 ~ re {n += $2} END {print n+0}' <<<"$cells"; }
luts=$(count "$lut_re")
ffs=$(count "$ff_re")
brams=$(count "$bram_re")
dsps=$(count "$dsp_re")
lutram=$(count "$lutram_re")
"$netdepth" "$out/netlist.json" hwprof_axil >"$out/depth.txt"
"$netdepth" --reg "$out/netlist.json" hwprof_axil >"$out/depth_reg.txt"
depth=$(sed -n 's/^logic_depth: //p' "$out/depth.txt")
depth_reg=$(sed -n 's/^logic_depth: //p' "$out/depth_reg.txt")
path=$(sed -n 's/^path: //p' "$out/depth_reg.txt")
cells_json=$(awk '{printf "%s\"%s\": %s", (NR>1 ? ", " : ""), $1, $2}' <<<"$cells")

fail=0
if awk '$1 ~ /^(LD|\$_DLATCH|\$dlatch|\$_SR_|\$sr)/ {found=1} END {exit !found}' <<<"$cells"; then
  echo "synth.sh: $family: latch inferred:" >&2
  grep -E '^(LD|\$_DLATCH|\$dlatch)' <<<"$cells" >&2
  fail=1
fi
if ! grep -q "mapping memory hwprof_axil.u_core.u_table.mem $bram_map" "$log"; then
  echo "synth.sh: $family: the counter table is not in block RAM:" >&2
  grep "u_table.mem" "$log" | head -3 >&2 || true
  fail=1
fi
# The event FIFO: block RAM from 64 entries up; a smaller one may use LUT RAM (a whole
# block RAM for 16 words would be waste), never flip-flops (checked below).
fifo_log2=9
for g in "$@"; do case "$g" in -GFIFO_LOG2=*) fifo_log2=${g#-GFIFO_LOG2=} ;; esac; done
if [ "$fifo_log2" -ge 6 ] &&
   ! grep -q "mapping memory hwprof_axil.u_core.u_event_fifo.g_bram.u_mem.mem $bram_map" "$log"; then
  echo "synth.sh: $family: the event FIFO (2^$fifo_log2 entries) is not in block RAM:" >&2
  grep "u_event_fifo.g_bram.u_mem.mem" "$log" | head -3 >&2 || true
  fail=1
fi

# Any memory left unmapped by memory_libmap becomes flip-flops in memory_map.
if grep -q "^Mapping memory " "$log"; then
  echo "synth.sh: $family: a memory was built from flip-flops:" >&2
  grep "^Mapping memory " "$log" | head -3 >&2
  fail=1
fi

fmax=""
if [ "$family" = ice40 ]; then
  # Place and route on an HX8K (7,680 logic cells, 32 EBRs), asking for 100 MHz
  # so that nextpnr optimises timing; the achieved figure is what it reports.
  # The IP has 228 ports and the HX8K's largest package 206 I/Os.  Outputs that the
  # netlist drives with constants only (the write master's AWLEN, AWSIZE, AWBURST,
  # AWCACHE, AWPROT, WSTRB, WLAST and AWADDR[1:0]) need no pin: a board ties them
  # inside the FPGA.  They are dropped from the placed netlist, and nothing else is.
  python3 - "$out/netlist.json" "$out/pnr.json" <<'PY' >"$out/pins.txt"
import json, sys
net = json.load(open(sys.argv[1]))
top = net["modules"]["hwprof_axil"]
tied = [name for name, port in top["ports"].items()
        if port["direction"] == "output" and all(b in ("0", "1") for b in port["bits"])]
for name in tied:
    del top["ports"][name]
json.dump(net, open(sys.argv[2], "w"))
print("constant outputs without a pin:", " ".join(sorted(tied)))
PY
  if nextpnr-ice40 --hx8k --package ct256 --json "$out/pnr.json" --asc "$out/pnr.asc" \
       --freq 100 --seed 1 --timing-allow-fail >"$out/pnr.log" 2>&1; then
    fmax=$(sed -n "s/.*Max frequency for clock '[^']*clk[^']*': \([0-9.]*\) MHz.*/\1/p" \
             "$out/pnr.log" | tail -1)
  fi
  if [ -z "$fmax" ]; then
    echo "synth.sh: ice40: place and route failed, see $out/pnr.log" >&2
    tail -5 "$out/pnr.log" >&2
    fail=1
  fi
fi

{
  printf '{"family": "%s", "params": {%s}, "luts": %s, "ffs": %s, "brams": %s, ' \
    "$family" "$params_json" "$luts" "$ffs" "$brams"
  printf '"dsps": %s, "lutram": %s, "logic_depth": %s, "logic_depth_reg": %s, ' \
    "$dsps" "$lutram" "${depth:-null}" "${depth_reg:-null}"
  printf '"critical_path": "%s", "bram_cells": "%s"' "$path" \
    "$(awk -v re="$bram_re" '$1 ~ re {printf "%s%s:%s", (n++ ? " " : ""), $1, $2}' <<<"$cells")"
  [ -n "$fmax" ] && printf ', "fmax_mhz": %s' "$fmax"
  printf ', "cells": {%s}}\n' "$cells_json"
} >"$out/report.json"

echo "$family $*: luts $luts ffs $ffs brams $brams dsps $dsps lutram $lutram" \
  "depth $depth (reg-to-reg $depth_reg)${fmax:+ fmax ${fmax} MHz}"
exit $fail
