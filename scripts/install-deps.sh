#!/usr/bin/env bash
# scripts/install-deps.sh - installs the Debian packages hwprof builds with.
#
# Safe to run again: it installs only what is missing.  Needs root or sudo.
#
# Every package that the build, the tests or the main job use is named here, even
# where another package would pull it in: the install runs with
# --no-install-recommends, and a minimal Debian 12 root has none of them.  Some of
# them are only Recommends of the package that needs them (marked "R:" below), so
# naming them is the only way to get them.  scripts/fresh-check.sh proves the list
# on a fresh root.
#   gcc g++ make         C and C++ compilers, make
#   libc6-dev            host C library headers (R: of gcc)
#   binutils             ar (the build's static libraries)
#   verilator zlib1g-dev the RTL simulator (and zlib for its FST waveforms)
#   yosys                synthesis, the post-synthesis netlist the tests simulate, and the
#                        formal proofs (yosys-abc's BMC, yosys-smtbmc's counterexamples)
#   cvc4                 the SMT solver yosys-smtbmc replays a failed proof's witness with
#   nextpnr-ice40        place and route for the iCE40 timing figure (make synth)
#   libcjson-dev         syn/netdepth.c reads Yosys's JSON netlists
#   device-tree-compiler libfdt-dev   the board's device tree (dtc) and the driver's probe
#   libunicorn-dev       the virtual board's PowerPC 405 CPU
#   gcc-powerpc-linux-gnu   the PPC405 firmware (bare metal, -mcpu=405, its libgcc)
#   libc6-dev-powerpc-cross static glibc for the suite built for the PPC405, run natively on
#                        the board ('hwprof native', the bench's floor; R: of the compiler)
#   gcc-12-source xz-utils  gcc's soft-fp routines (from its source tarball, unpacked
#                        with tar -J) built for the 405 with -msoft-float: what the
#                        translator charges the guest's floating point as
#   libsystemc-dev       the SystemC TLM-2.0 model of the IP (sim/systemc/; R: of verilator)
#   clang-format         'make format' and the format check in 'make lint'
#   gcc-mips-linux-gnu   the MIPS guest programs the translator runs
#   libc6-dev-mips-cross static glibc for those programs (R: of gcc-mips-linux-gnu)
#   qemu-user            qemu-mips, the reference the translator is checked against, and
#                        qemu-ppc, the reference for the native runs
#   libcapstone-dev      disassembly of MIPS and PowerPC in the translator's reports
#   python3              the tests read the JSON reports with its json module
#   clang libclang-rt-14-dev   'make fuzz': libFuzzer (its runtime is in the latter) with
#                        AddressSanitizer and UndefinedBehaviorSanitizer
#   dpkg-dev bzip2       'make real': scripts/fetch-sources.sh unpacks Debian's source
#                        packages with dpkg-source (bzip2's is a .tar.bz2)
#   tcl                  'make real': tclsh generates SQLite's amalgamation
#   slurm-wlm slurmctld slurmd slurm-client munge
#                        'hwprof sweep --slurm' submits its runs as a Slurm job array;
#                        its test starts a single-node Slurm of its own
set -euo pipefail

packages=(gcc g++ make libc6-dev binutils verilator zlib1g-dev yosys cvc4 nextpnr-ice40
  libcjson-dev libsystemc-dev device-tree-compiler libfdt-dev libunicorn-dev
  gcc-powerpc-linux-gnu libc6-dev-powerpc-cross gcc-12-source xz-utils clang-format gcc-mips-linux-gnu libc6-dev-mips-cross qemu-user
  libcapstone-dev python3 clang libclang-rt-14-dev dpkg-dev bzip2 tcl
  slurm-wlm slurmctld slurmd slurm-client munge)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
