#!/usr/bin/env bash
# compare.sh - run one MIPS guest program under qemu-mips and under the
# translator, and compare what they did.
#
#   tests/guest/compare.sh TRANSLATOR_CMD BIN [ARGS...]
#
# TRANSLATOR_CMD is a command prefix, split on blanks (e.g.
# "build/hwprof run --profile none"); the translator runs as
# "$TRANSLATOR_CMD /abs/path/BIN ARGS...".  Each run happens in a fresh
# temporary directory of its own (so files the program creates cannot clash),
# with stdin from /dev/null.  Words of TRANSLATOR_CMD that contain a "/" and
# name an existing file are made absolute first, since the run is elsewhere.
#
# Compared: stdout, stderr without each tool's own diagnostics (lines starting
# with "qemu: " or "hwprof: ", e.g. "qemu: uncaught target signal 8 ..."), and
# the exit status, where death by signal N counts as 128+N (as a shell shows
# it; qemu-mips kills itself with the guest's signal).
#
# Prints "PASS: NAME" or "FAIL: NAME" followed by both exit statuses and the
# first lines of a unified diff of each stream that differs.  NAME is BIN
# relative to the build directory ($BUILD, default "build"; otherwise the part
# from ".../guest/" on), then the arguments (quoted where a shell would need it).  Exit status 0 on PASS, 1 on FAIL,
# 2 on a usage error.
#
# Environment: QEMU_MIPS (default qemu-mips), BUILD, COMPARE_TIMEOUT (seconds
# per run, default 120; a run that times out has status 124).

set -u

usage() {
  echo "usage: $0 TRANSLATOR_CMD BIN [ARGS...]" >&2
  exit 2
}

[ $# -ge 2 ] || usage
translator_cmd=$1
bin=$2
shift 2

qemu=${QEMU_MIPS:-qemu-mips}
build_dir=${BUILD:-build}
time_limit=${COMPARE_TIMEOUT:-120}
diff_lines=20

if [ ! -f "$bin" ]; then
  echo "$0: $bin: no such file" >&2
  exit 2
fi
bin_abs=$(cd "$(dirname "$bin")" && pwd -P)/$(basename "$bin")

# The name: BIN relative to the build directory, then the arguments.
name=
if [ -d "$build_dir" ]; then
  build_abs=$(cd "$build_dir" && pwd -P)
  case $bin_abs in
  "$build_abs"/*) name=${bin_abs#"$build_abs"/} ;;
  esac
fi
if [ -z "$name" ]; then
  case $bin_abs in
  */guest/*) name=guest/${bin_abs##*/guest/} ;;
  *) name=$bin ;;
  esac
fi
for arg in "$@"; do
  name="$name $(printf '%q' "$arg")"
done

# The translator command as words, with existing relative paths made absolute.
read -r -a tcmd <<<"$translator_cmd"
if [ ${#tcmd[@]} -eq 0 ]; then
  usage
fi
for i in "${!tcmd[@]}"; do
  word=${tcmd[$i]}
  case $word in
  /*) ;;
  */*)
    if [ -e "$word" ]; then
      tcmd[i]=$(cd "$(dirname "$word")" && pwd -P)/$(basename "$word")
    fi
    ;;
  esac
done

work=$(mktemp -d "${TMPDIR:-/tmp}/guest-compare.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
# Leave through the EXIT trap on these too (e.g. SIGPIPE from "| head").
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 141' PIPE
trap 'exit 143' TERM
mkdir "$work/qemu" "$work/qemu.run" "$work/translator" "$work/translator.run"

# run DIR CMD...: run CMD in DIR.run with stdin from /dev/null, stdout and
# stderr to DIR/out and DIR/err, and the exit status to DIR/status.
run() {
  local dir=$1 status=0
  shift
  ulimit -c 0
  # The group's stderr is /dev/null so that bash's own "Segmentation fault"
  # report of a killed child does not reach our output.
  {
    (cd "$dir.run" && exec timeout -k 5 "$time_limit" "$@" <"/dev/null" \
      >"$dir/out" 2>"$dir/err")
  } 2>/dev/null || status=$?
  echo "$status" >"$dir/status"
  # Drop each tool's own diagnostics.
  grep -v -e '^qemu: ' -e '^hwprof: ' "$dir/err" >"$dir/err.filtered" || true
}

run "$work/qemu" "$qemu" "$bin_abs" "$@"
run "$work/translator" "${tcmd[@]}" "$bin_abs" "$@"

q_status=$(cat "$work/qemu/status")
t_status=$(cat "$work/translator/status")

same=1
[ "$q_status" = "$t_status" ] || same=0
cmp -s "$work/qemu/out" "$work/translator/out" || same=0
cmp -s "$work/qemu/err.filtered" "$work/translator/err.filtered" || same=0

if [ $same -eq 1 ]; then
  echo "PASS: $name"
  exit 0
fi

echo "FAIL: $name"
echo "  exit status: qemu $q_status, translator $t_status"
show_diff() { # STREAM QEMU_FILE TRANSLATOR_FILE
  if ! cmp -s "$2" "$3"; then
    diff -u --label "qemu $1" --label "translator $1" "$2" "$3" | head -n "$diff_lines" |
      sed 's/^/  /'
  fi
}
show_diff stdout "$work/qemu/out" "$work/translator/out"
show_diff stderr "$work/qemu/err.filtered" "$work/translator/err.filtered"
exit 1
