# tests/e2e/expect.sh - sourced by the shell tests: one command, its exit status and
# its output checked (expect); two files' bytes compared (same_bytes).  The caller sets $out (a scratch file) and fails=0.
#
# expect NAME STATUS PATTERN COMMAND...: the command exits with STATUS and its
# output (stdout and stderr) matches the extended regular expression PATTERN.
# Prints "PASS: NAME", or "FAIL: NAME" with the tail of the output (and counts
# it in $fails).
expect() {
  local name=$1 want=$2 pattern=$3
  shift 3
  "$@" >"$out" 2>&1
  local rc=$?
  if [ "$rc" -eq "$want" ] && grep -qE -- "$pattern" "$out"; then
    echo "PASS: $name"
  else
    echo "FAIL: $name (exit $rc, want $want; output must match '$pattern')"
    sed 's/^/    /' "$out" | tail -15
    fails=$((fails + 1))
  fi
}

# same_bytes NAME WANT GOT: the file GOT holds WANT's bytes.  Prints "PASS: NAME", or
# "FAIL: NAME" with the start of the difference (and counts it in $fails).
same_bytes() {
  if cmp -s "$2" "$3"; then
    echo "PASS: $1"
  else
    echo "FAIL: $1"
    diff "$2" "$3" | head -10
    fails=$((fails + 1))
  fi
}
