#!/usr/bin/env bash
# tests/repo/test_docs.sh - the commands the README and docs/ show still work.
#
#   tests/repo/test_docs.sh [--soak] [PAGE.md...]     (default: README.md, docs/**/*.md and
#                                                      each folder's README.md)
#
# Every fenced block must say what it holds.  The shell blocks come in three kinds:
#   ```sh        run here: every such block of a page, in page order, in one
#                `bash -e -o pipefail` from the repository root (with build/ being
#                $BUILD), after 'make test' has built everything; a block passes when
#                it and every block before it on its page exit 0
#   ```sh soak   slow ones (train-size runs, synthesis, fuzzing): run by --soak, or
#                with HWPROF_SOAK set (make soak), instead, the same way
#   ```sh ci     the README's two commands: CI runs them on a fresh root
#                (scripts/fresh-check.sh), not this test
# A bare ``` fence, or a shell block under another name (console, bash, shell), is a
# failure: such a block would be neither run nor shown as output.  Output goes in
# ```text blocks.  Every relative link must lead to a file, and every #anchor to a
# heading of the page it names.  Prints PASS/FAIL lines for tests/run.sh: per page,
# one for its fences and one for its links, and one per block run; a failing
# block's output is shown (its last 40 lines).
set -u
B=${BUILD:-build}
kind=sh
[ "${HWPROF_SOAK:-1}" = 1 ] || kind="sh soak"
if [ "${1:-}" = --soak ]; then
  kind="sh soak"
  shift
fi
top=$(cd "$(dirname "$0")/../.." && pwd)
B=$(cd "$B" 2>/dev/null && pwd) || { echo "FAIL: docs: no build directory '$B'"; exit 1; }
pages=("$@")
if [ ${#pages[@]} -eq 0 ]; then
  cd "$top" || exit 2
  mapfile -t pages < <(printf '%s\n' README.md; find docs -name '*.md' | sort; ls -- */README.md)
fi
fails=0

# The tree the blocks run in: the repository's entries, and build/ being $BUILD.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for f in "$top"/* "$top"/.[!.]*; do
  [ -e "$f" ] && [ "$(basename "$f")" != build ] && ln -s "$f" "$work/$(basename "$f")"
done
ln -s "$B" "$work/build"

for page in "${pages[@]}"; do
  case $page in /*) p=$page ;; *) p=$top/$page ;; esac
  [ -f "$p" ] || { echo "FAIL: docs $page: no such page"; fails=$((fails + 1)); continue; }
  # Fences: "LINE INFO" for each opening fence; blocks of the kind asked for, as one
  # script with a marker before and after each.
  bad=$(awk '/^```/ { if (!open) { info = substr($0, 4); sub(/[ \t]+$/, "", info);
                         if (info == "" || info ~ /^(console|bash|shell|shell-session|zsh)( |$)/)
                           printf "line %d: \"%s\" ", NR, $0 }
                       open = !open }' "$p")
  if [ -n "$bad" ]; then
    echo "FAIL: docs $page: fences without a kind (text, sh, sh soak, sh ci, c, ...): $bad"
    fails=$((fails + 1))
  else
    echo "PASS: docs $page: every fence says what it holds"
  fi
  # Its links: every file it links to exists, every #anchor is a heading there
  # (GitHub's anchors: the heading in lower case, punctuation dropped, spaces as -).
  broken=$(python3 - "$p" <<'PY'
import os, re, sys
def anchors(path):
    text = re.sub(r"```.*?```", "", open(path).read(), flags=re.S)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
            for h in re.findall(r"^#+ (.*)$", text, flags=re.M)}
page = sys.argv[1]
text = re.sub(r"```.*?```", "", open(page).read(), flags=re.S)
for target, anchor in re.findall(r"\]\(([^)#\s]*)(?:#([^)\s]*))?\)", text):
    if re.match(r"[a-z]+:", target):
        continue
    path = os.path.normpath(os.path.join(os.path.dirname(page), target)) if target else page
    if not os.path.exists(path):
        print("%s (no such file)" % target, end="; ")
    elif anchor and path.endswith(".md") and anchor not in anchors(path):
        print("%s#%s (no such heading)" % (target, anchor), end="; ")
PY
  )
  if [ -n "$broken" ]; then
    echo "FAIL: docs $page: broken links: $broken"
    fails=$((fails + 1))
  else
    echo "PASS: docs $page: every link leads somewhere"
  fi
  script=$work/.script.sh
  awk -v want="$kind" '
    /^```/ { if (!open) { open = 1; info = substr($0, 4); sub(/[ \t]+$/, "", info)
                          if (info == want) { run = 1; n++
                            printf "printf \"\\n@@begin %d %d\\n\"\n", n, NR } }
             else { open = 0; if (run) printf "printf \"\\n@@end %d\\n\"\n", n; run = 0 }
             next }
    run { print }' "$p" >"$script"
  total=$(grep -c '^printf "\\n@@begin' "$script")
  [ "$total" -gt 0 ] || continue
  log=$work/.log
  (cd "$work" && bash -e -o pipefail "$script") >"$log" 2>&1
  rc=$?
  for i in $(seq 1 "$total"); do
    line=$(sed -n "s/^printf \"\\\\n@@begin $i \([0-9]*\)\\\\n\"$/\1/p" "$script")
    first=$(awk -v s="$i" '$0 ~ "^printf \"\\\\n@@begin " s " " { getline; print; exit }' "$script")
    what="docs $page:${line:-?} block $i ($(printf '%s' "$first" | cut -c1-60))"
    if grep -q "^@@end $i$" "$log"; then
      echo "PASS: $what"
    elif grep -q "^@@begin $i " "$log"; then
      echo "FAIL: $what: exit status $rc; its output:"
      sed -n "/^@@begin $i /,\$p" "$log" | sed 1d | tail -n 40 | sed 's/^/    /'
      fails=$((fails + 1))
    else
      echo "FAIL: $what: not reached (an earlier block failed)"
      fails=$((fails + 1))
    fi
  done
done
[ "$fails" -eq 0 ]
