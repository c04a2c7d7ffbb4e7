#!/usr/bin/env bash
# syn/sweep.sh - resources of the IP for INDEX_BITS x FIFO depth on xc2vp and xc7,
# written as a Markdown table into a Markdown page (docs/synthesis.md) between the sweep markers.
#
#   syn/sweep.sh OUTDIR PAGE.md
#
# A Virtex-II Pro configuration "fits" a part when its LUTs, flip-flops and
# RAMB16s are within the part's: XC2VP7 has 4,928 slices (9,856 LUT4s and
# flip-flops) and 44 RAMB16s; XC2VP30 has 13,696 slices (27,392) and 136.
set -euo pipefail
out=${1:?usage: syn/sweep.sh OUTDIR PAGE.md}
readme=${2:?usage: syn/sweep.sh OUTDIR PAGE.md}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"

field() { sed -n "s/.*\"$2\": \\([0-9]*\\).*/\\1/p" "$1"; }
text() { sed -n "s/.*\"$2\": \"\\([^\"]*\\)\".*/\\1/p" "$1"; }

table=$out/table.md
{
  echo "| family | INDEX_BITS | FIFO | LUTs | FFs | block RAMs | logic depth | fits |"
  echo "|---|---|---|---|---|---|---|---|"
} >"$table"
for family in xc2vp xc7; do
  for ib in 8 10 12 13 14 16; do
    for fl in 4 9; do
      dir=$out/$family-i$ib-f$fl
      "$here/synth.sh" "$family" "$dir" -GINDEX_BITS=$ib -GFIFO_LOG2=$fl >&2
      r=$dir/report.json
      luts=$(field "$r" luts); ffs=$(field "$r" ffs); brams=$(field "$r" brams)
      fits="—"
      if [ "$family" = xc2vp ]; then
        fits=""
        for part in "XC2VP7 9856 44" "XC2VP30 27392 136"; do
          set -- $part
          if [ "$luts" -le "$2" ] && [ "$ffs" -le "$2" ] && [ "$brams" -le "$3" ]; then
            fits="$fits${fits:+, }$1"
          fi
        done
        fits=${fits:-none}
      fi
      printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$family" "$ib" "$((1 << fl))" \
        "$luts" "$ffs" "$(text "$r" bram_cells)" "$(field "$r" logic_depth)" "$fits" >>"$table"
    done
  done
done

# Replace what stands between the markers in the page.
begin='<!-- synth-sweep begin -->'
end='<!-- synth-sweep end -->'
grep -q "$begin" "$readme" || { echo "sweep.sh: no '$begin' marker in $readme" >&2; exit 1; }
awk -v b="$begin" -v e="$end" -v t="$table" '
  $0 == b {print; while ((getline line < t) > 0) print line; skip = 1; next}
  $0 == e {skip = 0}
  !skip' "$readme" >"$readme.tmp" && mv "$readme.tmp" "$readme"
cat "$table"
