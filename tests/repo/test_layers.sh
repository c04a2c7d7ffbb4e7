#!/usr/bin/env bash
# tests/repo/test_layers.sh - the C code's layers: no circle of calls between the files
# of common/, dbt/, native/, sim/, cct/, driver/ and tools/, each folder alone and all of
# them together, nor in the firmware or the unit tests with their helpers
# (scripts/layers.py, from the objects' symbols), and no circle of #include.  A file calls only
# the files below it; a layer above is reached only through hooks (dbt/runtime.h).
# Prints PASS/FAIL for run.sh.
set -u
B=${BUILD:-build}
fails=0
check() {
  local name=$1 out
  shift
  if out=$(scripts/layers.py "$@"); then
    echo "PASS: layers: $name: ${out##*$'\n'}"
  else
    echo "FAIL: layers: $name"
    echo "$out" | sed 's/^/    /'
    fails=$((fails + 1))
  fi
}
for d in common dbt native sim cct driver tools; do
  check "$d/" "$B/$d"
done
check "all of them together" "$B/common" "$B/dbt" "$B/native" "$B/sim" "$B/cct" "$B/driver" \
  "$B/tools"
check "firmware/" "$B/firmware" "$B/firmware/xlate" # (the runtime image's own objects)
check "tests/unit/" "$B/tests" "$B/tests/default"
# ... nor of #include between the sources, anywhere in the C code.
check "includes" --includes common driver sim sim/systemc dbt native cct tools tools/qemu_count \
  firmware tests/unit tests/native tests/fuzz syn

# The check itself finds a circle: two objects that call each other.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/o"
printf 'void b(void);\nvoid a(void) { b(); }\n' >"$tmp/a.c"
printf 'void a(void);\nvoid b(void) { a(); }\n' >"$tmp/b.c"
cc -c "$tmp/a.c" -o "$tmp/o/a.o" && cc -c "$tmp/b.c" -o "$tmp/o/b.o"
out=$(scripts/layers.py "$tmp/o")
if grep -q 'circle of 2 files: o/a o/b' <<<"$out"; then
  echo "PASS: layers: a circle is found"
else
  echo "FAIL: layers: a circle of two files was not found"
  fails=$((fails + 1))
fi
# ... and two headers that include each other.
mkdir -p "$tmp/inc"
printf '#include "b.h"\n' >"$tmp/inc/a.h"
printf '#include "a.h"\n' >"$tmp/inc/b.h"
out=$(scripts/layers.py --includes "$tmp/inc")
if grep -q "circle of 2 files: $tmp/inc/a.h $tmp/inc/b.h" <<<"$out"; then
  echo "PASS: layers: an include circle is found"
else
  echo "FAIL: layers: an include circle of two headers was not found"
  fails=$((fails + 1))
fi
echo "layers: $fails failed"
[ "$fails" -eq 0 ]
