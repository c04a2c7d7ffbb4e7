#!/usr/bin/env bash
# scripts/fetch-sources.sh - downloads and unpacks Debian's own source packages of
# the real programs the translator runs (tests/real/: Lua 5.4, the SQLite 3 shell,
# bzip2), without touching the system's apt configuration.
#
#   scripts/fetch-sources.sh [--dir DIR] [PACKAGE...]
#
# PACKAGE: source package names (default: lua5.4 sqlite3 bzip2).  DIR (default
# build/real) receives:
#   DIR/apt/      a private apt configuration: sources.list with one deb-src line per
#                 'deb' entry of this machine for its Debian release (the release
#                 itself, -updates and -security; component main), and its own index
#                 lists and cache.  The system's sources, lists and cache are only
#                 read, never written, so it works whether or not the machine has
#                 deb-src enabled, as root or not.
#   DIR/dl/       what 'apt-get source --download-only' fetched: the .dsc and its
#                 tarballs, each checked by apt against the release's signed index.
#   DIR/src/PKG/  the package unpacked by dpkg-source (which checks the tarballs
#                 against the .dsc) with Debian's patches NOT applied: the upstream
#                 code as in Debian's orig tarball, plus its debian/ folder.  The
#                 version is in DIR/src/PKG/.fetched.
# A package already unpacked is skipped; delete DIR/src/PKG to fetch it again.
# Needs apt-get and dpkg-source (dpkg-dev) and the network (Debian's mirror).
# FETCH_SOURCES_LIST=FILE uses FILE (one-line deb-src entries) instead of the
# lines derived from the machine's sources.
set -eu

die() {
  echo "fetch-sources: $*" >&2
  exit 1
}

dir=build/real
while [ $# -gt 0 ]; do
  case $1 in
  --dir)
    [ $# -ge 2 ] || die "--dir needs a directory"
    dir=$2
    shift 2
    ;;
  -h | --help)
    sed -n '2,/^set -eu/{/^set -eu/d;s/^# \{0,1\}//;p}' "$0"
    exit 0
    ;;
  -*) die "unknown option $1 (see --help)" ;;
  *) break ;;
  esac
done
[ $# -gt 0 ] || set -- lua5.4 sqlite3 bzip2

command -v apt-get >/dev/null || die "apt-get not found: this needs a Debian system"
command -v dpkg-source >/dev/null ||
  die "dpkg-source not found: run scripts/install-deps.sh (Debian package dpkg-dev)"

mkdir -p "$dir"
dir=$(cd "$dir" && pwd -P)
src=$dir/src
dl=$dir/dl
apt=$dir/apt

todo=()
for p in "$@"; do
  if [ -f "$src/$p/.fetched" ]; then
    echo "fetch-sources: $p $(cat "$src/$p/.fetched") already in $src/$p"
  else
    todo+=("$p")
  fi
done
[ ${#todo[@]} -gt 0 ] || exit 0

mkdir -p "$src" "$dl" "$apt/lists/partial" "$apt/cache" "$apt/sources.list.d"

# The deb-src lines: from FETCH_SOURCES_LIST, or one per 'deb' entry of this machine's
# apt sources (classic one-line .list files and deb822 .sources files, in the places
# apt-config names) whose suite is the release's codename, CODENAME-updates or
# CODENAME-security and whose components include main.
codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
[ -n "$codename" ] || die "no VERSION_CODENAME in /etc/os-release: which Debian release is this?"
list=$apt/sources.list
if [ -n "${FETCH_SOURCES_LIST:-}" ]; then
  [ -f "$FETCH_SOURCES_LIST" ] || die "FETCH_SOURCES_LIST=$FETCH_SOURCES_LIST: no such file"
  cp "$FETCH_SOURCES_LIST" "$list.new"
else
  eval "$(apt-config shell sys_list Dir::Etc::SourceList/f sys_parts Dir::Etc::SourceParts/d)"
  classic=()
  [ -f "${sys_list:-}" ] && classic+=("$sys_list")
  deb822=()
  for f in "${sys_parts:-/nonexistent}"*.list; do [ -f "$f" ] && classic+=("$f"); done
  for f in "${sys_parts:-/nonexistent}"*.sources; do [ -f "$f" ] && deb822+=("$f"); done
  {
    # deb [OPTIONS] URI SUITE COMPONENT...
    if [ ${#classic[@]} -gt 0 ]; then
      awk -v cn="$codename" '
        { sub(/#.*/, "") }
        $1 == "deb" {
          opts = ""; i = 2
          if ($2 ~ /^\[/) {
            while (i <= NF) { opts = opts (opts == "" ? "" : " ") $i; if ($i ~ /\]$/) { i++; break }; i++ }
          }
          uri = $i; suite = $(i + 1); main = 0
          for (j = i + 2; j <= NF; j++) if ($j == "main") main = 1
          if (main && (suite == cn || suite == cn "-updates" || suite == cn "-security"))
            print "deb-src" (opts == "" ? "" : " " opts) " " uri " " suite " main"
        }' "${classic[@]}"
    fi
    # deb822 stanzas: Types, URIs, Suites, Components, Signed-By (a file or
    # fingerprints on its own line; an inline key is left to apt's trusted keys),
    # Enabled.
    if [ ${#deb822[@]} -gt 0 ]; then
      awk -v cn="$codename" '
        function flush(   nu, ns, u, s, sb, k, m, c) {
          if (types ~ /(^| )deb( |$)/ && tolower(enabled) != "no") {
            m = 0; nc = split(comps, c, " ")
            for (k = 1; k <= nc; k++) if (c[k] == "main") m = 1
            sb = (signed != "" && signed !~ /BEGIN/) ? " [signed-by=" signed "]" : ""
            nu = split(uris, u, " "); ns = split(suites, s, " ")
            if (m) for (i = 1; i <= nu; i++) for (k = 1; k <= ns; k++)
              if (s[k] == cn || s[k] == cn "-updates" || s[k] == cn "-security")
                print "deb-src" sb " " u[i] " " s[k] " main"
          }
          types = uris = suites = comps = signed = enabled = ""
        }
        FNR == 1 { flush() }
        /^[ \t]*#/ { next }
        /^[ \t]*$/ { flush(); next }
        /^[^ \t]/ {
          key = tolower($1); sub(/:$/, "", key); val = $0; sub(/^[^:]*:[ \t]*/, "", val)
          if (key == "types") types = val
          else if (key == "uris") uris = val
          else if (key == "suites") suites = val
          else if (key == "components") comps = val
          else if (key == "signed-by") signed = val
          else if (key == "enabled") enabled = val
        }
        END { flush() }' "${deb822[@]}"
    fi
  } | awk '!seen[$0]++' >"$list.new"
  [ -s "$list.new" ] || die "no 'deb' entry for $codename (main) in $sys_list or ${sys_parts}*.{list,sources}:
  add one, or set FETCH_SOURCES_LIST to a file of deb-src lines"
fi

opts=(-o "Dir::Etc::SourceList=$list" -o "Dir::Etc::SourceParts=$apt/sources.list.d"
  -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o "Acquire::Languages=none")
# As root, apt downloads as the user _apt, who cannot write into a build folder;
# the files are checked against the signed index either way.
[ "$(id -u)" -ne 0 ] || opts+=(-o "APT::Sandbox::User=root")

# The index: fetched again when the lines changed or none is there yet.
if ! cmp -s "$list.new" "$list" || ! ls "$apt/lists/"*_Sources* >/dev/null 2>&1; then
  mv "$list.new" "$list"
  echo "fetch-sources: apt-get update with $list:"
  sed 's/^/  /' "$list"
  apt-get "${opts[@]}" -q update ||
    die "apt-get update failed for the deb-src lines in $list (see above)"
else
  rm -f "$list.new"
fi

for p in "${todo[@]}"; do
  # The .dsc apt picks (the highest version of the suites above).
  dsc=$(apt-get "${opts[@]}" -q --only-source source --print-uris "$p" 2>"$dl/$p.err" |
    awk '$2 ~ /\.dsc$/ { print $2 }') || true
  [ -n "$dsc" ] || die "apt knows no source package $p in $list: $(cat "$dl/$p.err")"
  rm -f "$dl/$p.err"
  echo "fetch-sources: $p: downloading $dsc and its files into $dl"
  (cd "$dl" && apt-get "${opts[@]}" -q --only-source source --download-only "$p") ||
    die "apt-get source --download-only $p failed (see above)"
  rm -rf "$src/$p.tmp"
  # dpkg-source checks every file against the .dsc's checksums.  It cannot check the
  # .dsc's own signature without the debian-keyring package; its warning about that
  # is dropped: apt checked the .dsc against the signed index.
  if ! dpkg-source --skip-patches --no-copy -x "$dl/$dsc" "$src/$p.tmp" >"$dl/$p.log" 2>&1; then
    cat "$dl/$p.log" >&2
    die "dpkg-source -x $dl/$dsc failed (see above)"
  fi
  version=${dsc#"${p}"_}
  echo "${version%.dsc}" >"$src/$p.tmp/.fetched"
  rm -rf "${src:?}/$p"
  mv "$src/$p.tmp" "$src/$p"
  echo "fetch-sources: $p $(cat "$src/$p/.fetched") unpacked in $src/$p (Debian's patches not applied)"
done
