#!/usr/bin/env bash
# scripts/fresh-check.sh - proves the README's two commands on a brand-new minimal
# Debian 12, the way a new user (or a new CI machine) meets the project.
#
#   scripts/fresh-check.sh [--keep] [--rev REV] [--only main|test] [--command CMD]
#
# 1. A minimal Debian 12 root: debootstrap --variant=minbase bookworm, made once and
#    kept as a tarball in the cache ($HWPROF_FRESH_CACHE, default /var/tmp/hwprof-fresh);
#    every run unpacks a new copy of it, with this machine's apt sources.
# 2. The commit under test (HEAD, or --rev REV) is cloned into it as /root/hwprof, and
#    the checkout's ../shared, when there is one, is copied beside it (/root/shared).
#    Uncommitted changes are not part of the check.
# 3. The README's two commands, read from its "Two commands" block, run inside the
#    root (chroot) exactly as written, one after the other: the main job, then the
#    test suite.  --only main / --only test runs one of them; --command CMD runs CMD.
#
# The output ends with the test runner's "N passed, N failed" line from inside the
# root.  The exit status is that of the first inner command that fails (0 when all
# pass).  It needs root (debootstrap, chroot, mount) and this machine's Debian mirror;
# without them it says why and exits 2: it never passes without having run.
# Downloaded packages are kept in the cache, so a later run installs the same .deb
# files again without downloading them; nothing else carries over between runs.
# --keep leaves the root in place (its path is printed) for a look inside.
set -euo pipefail

usage() {
  sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"
  exit "${1:-0}"
}
die() {
  echo "fresh-check: $*" >&2
  exit 2
}

keep=0
rev=HEAD
only=""
command=""
while [ $# -gt 0 ]; do
  case $1 in
    --keep) keep=1 ;;
    --rev) rev=${2:?--rev needs a revision}; shift ;;
    --only) only=${2:?--only needs main or test}; shift ;;
    --command) command=${2:?--command needs a command}; shift ;;
    -h | --help) usage 0 ;;
    *) echo "fresh-check: unknown argument '$1'" >&2; usage 2 >&2 ;;
  esac
  shift
done
case $only in "" | main | test) ;; *) die "--only takes main or test, not '$only'" ;; esac

top=$(git -C "$(dirname "$0")" rev-parse --show-toplevel) || die "not inside a git checkout"
commit=$(git -C "$top" rev-parse --verify "$rev^{commit}") || die "no commit '$rev'"

# The README's two commands: the non-empty lines of the first ```sh block under
# "## Two commands", without their comments.  At this commit, not the work tree's.
readme_commands() {
  git -C "$top" show "$commit:README.md" | awk '
    /^## Two commands/ { section = 1; next }
    section && /^## / { exit }
    section && /^```sh/ { block = 1; next }
    block && /^```/ { exit }
    block { sub(/[ \t]+#.*$/, ""); if ($0 != "") print }'
}
mapfile -t readme < <(readme_commands)
[ ${#readme[@]} -eq 2 ] ||
  die "README.md at ${commit:0:12}: its \"Two commands\" block has ${#readme[@]} commands, not 2"
if [ -n "$command" ]; then
  commands=("$command")
elif [ "$only" = main ]; then
  commands=("${readme[0]}")
elif [ "$only" = test ]; then
  commands=("${readme[1]}")
else
  commands=("${readme[@]}")
fi

[ "$(id -u)" -eq 0 ] ||
  die "cannot create a Debian root: debootstrap, chroot and mount need root (running as $(id -un))"
if ! command -v debootstrap >/dev/null; then
  echo "fresh-check: installing debootstrap"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    --no-install-recommends debootstrap >/dev/null; } || die "cannot install debootstrap"
fi

# This machine's Debian mirror: a deb822 .sources file, or a classic sources.list.
mirror=${HWPROF_MIRROR:-}
[ -n "$mirror" ] || mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/*.sources \
  2>/dev/null | head -n 1 || true)
[ -n "$mirror" ] || mirror=$(awk '$1 == "deb" { print $2; exit }' /etc/apt/sources.list \
  /etc/apt/sources.list.d/*.list 2>/dev/null || true)
[ -n "$mirror" ] || die "no Debian mirror in /etc/apt (set HWPROF_MIRROR=URL)"

cache=${HWPROF_FRESH_CACHE:-/var/tmp/hwprof-fresh}
mkdir -p "$cache/archives/partial"
base=$cache/bookworm-minbase.tar
t_start=$(date +%s)

# The base root, once (under a lock: two checks may start together).
exec 9>"$cache/lock"
flock 9
if [ ! -s "$base" ]; then
  echo "fresh-check: debootstrap --variant=minbase bookworm $mirror (once; cached in $base)"
  mk=$(mktemp -d "$cache/debootstrap.XXXXXX")
  if ! debootstrap --variant=minbase bookworm "$mk" "$mirror" >"$cache/debootstrap.log" 2>&1; then
    tail -n 20 "$cache/debootstrap.log" >&2
    rm -rf --one-file-system "$mk"
    die "debootstrap failed (log: $cache/debootstrap.log)"
  fi
  tar -C "$mk" -cf "$base.part" . && mv "$base.part" "$base"
  rm -rf --one-file-system "$mk"
fi
flock -u 9

root=$(mktemp -d "$cache/root.XXXXXX")
mounted=()
cleanup() {
  local m
  for m in "${mounted[@]}"; do umount -l "$m" 2>/dev/null || true; done
  if [ $keep -eq 1 ]; then
    echo "fresh-check: root kept at $root" >&2
  else
    # Nothing is mounted any more; --one-file-system all the same.
    rm -rf --one-file-system "$root"
  fi
}
trap cleanup EXIT
tar -C "$root" -xf "$base"
chmod 755 "$root" # its /, as on a machine (mktemp -d made it 0700: no user but root got in)
cp /etc/resolv.conf "$root/etc/" 2>/dev/null || true
if ls /etc/apt/sources.list.d/*.sources >/dev/null 2>&1; then
  rm -f "$root/etc/apt/sources.list"
  cp /etc/apt/sources.list.d/*.sources "$root/etc/apt/sources.list.d/"
elif [ -f /etc/apt/sources.list ]; then
  cp /etc/apt/sources.list "$root/etc/apt/sources.list"
fi

git clone -q --no-hardlinks "$top" "$root/root/hwprof"
git -C "$root/root/hwprof" checkout -q --detach "$commit"
[ -d "$top/../shared" ] && cp -a "$top/../shared" "$root/root/shared"
[ -z "$(git -C "$top" status --porcelain --untracked-files=no)" ] || [ "$rev" != HEAD ] ||
  echo "fresh-check: note: the work tree has uncommitted changes; they are not checked"

mount -t proc proc "$root/proc" || die "cannot mount /proc in $root"
mounted=("$root/proc")
mount --bind "$cache/archives" "$root/var/cache/apt/archives" ||
  die "cannot bind the package cache into $root"
mounted=("$root/var/cache/apt/archives" "${mounted[@]}")

echo "fresh-check: $(git -C "$top" log -1 --format='%h %s' "$commit" | cut -c1-90)"
echo "fresh-check: a fresh minimal Debian 12 root at $root"
rc=0
timings=()
log=$(mktemp)
for c in "${commands[@]}"; do
  echo "fresh-check: \$ $c"
  t0=$(date +%s)
  env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    LANG=C.UTF-8 TERM=dumb ${CI:+CI="$CI"} \
    chroot "$root" /bin/bash -c "cd /root/hwprof && $c" </dev/null 2>&1 | tee "$log" || rc=$?
  timings+=("$(($(date +%s) - t0)) s: $c")
  [ "$rc" -eq 0 ] || break
done

echo "fresh-check: total $(($(date +%s) - t_start)) s (base root cached: $base)"
for t in "${timings[@]}"; do echo "fresh-check:   $t"; done
if [ "$rc" -ne 0 ]; then
  echo "fresh-check: FAILED with exit status $rc inside the fresh root"
else
  echo "fresh-check: every command passed on a fresh Debian 12 root"
fi
# The test runner's closing line, from inside the root, ends the output.
grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1 || true
rm -f "$log"
exit "$rc"
