#!/usr/bin/env bash
# tests/e2e/test_sweep_slurm.sh - 'hwprof sweep --slurm' on a real Slurm: this test
# starts a single-node cluster of its own (munged with a key it makes, slurmctld and
# slurmd from Debian's slurm-wlm, a slurm.conf written here, on ports of its own, all
# in a temporary directory), runs a small sweep locally and the same sweep through a
# Slurm job array, joins the array's results with --collect, and checks that the two
# tables are the same but for the host times.  Needs root (the daemons' users), and a
# machine where slurmd can start: sysfs and a cgroup file system.  A bare chroot, such as
# scripts/fresh-check.sh's fresh root, has neither (slurmd stops: "No filesystem mounted
# on /sys/fs/cgroup", or with one mounted there "Hybrid mode is not supported"), so this
# test is not in 'make test': 'make test-slurm' runs it.
# Prints PASS/FAIL lines for tests/run.sh.
set -u
B=${BUILD:-build}
HW=$B/hwprof
tmp=$(mktemp -d)
out=$tmp/out
fails=0

. tests/e2e/expect.sh

stop() {
  for p in "$tmp"/slurmd.pid "$tmp"/slurmctld.pid "$tmp"/munge/pid; do
    [ -s "$p" ] && kill "$(cat "$p")" 2>/dev/null
  done
  sleep 1
  rm -rf "$tmp"
}
trap stop EXIT

for prog in munged slurmctld slurmd sbatch sinfo; do
  if ! command -v "$prog" >/dev/null && ! [ -x "/usr/sbin/$prog" ]; then
    echo "FAIL: slurm_installed ($prog is missing: scripts/install-deps.sh installs slurm-wlm)"
    echo "test_sweep_slurm: 1 failed"
    exit 1
  fi
done
PATH=$PATH:/usr/sbin

# The cluster: munge's key and socket, the controller and the node, here only (by
# address: a bare root has no /etc/hosts to name localhost).
mkdir -p "$tmp/munge" "$tmp/spool/ctld" "$tmp/spool/d"
chmod 700 "$tmp/munge"
head -c 1024 /dev/urandom >"$tmp/munge/key"
chmod 600 "$tmp/munge/key"
port=$((20000 + ($$ % 5000) * 2))
cat >"$tmp/slurm.conf" <<EOF
ClusterName=hwproftest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$tmp/munge/sock
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$tmp/spool/ctld
SlurmdSpoolDir=$tmp/spool/d
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=localhost NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$tmp/slurm.conf
munged --key-file="$tmp/munge/key" --socket="$tmp/munge/sock" --pid-file="$tmp/munge/pid" \
  --log-file="$tmp/munge/log" --seed-file="$tmp/munge/seed" --force >"$out" 2>&1 &&
  slurmctld -f "$SLURM_CONF" >>"$out" 2>&1 && slurmd -f "$SLURM_CONF" -N localhost >>"$out" 2>&1
up=0
for _ in $(seq 40); do
  if [ "$(timeout 5 sinfo -h -o %T 2>/dev/null)" = idle ]; then
    up=1
    break
  fi
  sleep 0.5
done
if [ $up = 1 ]; then
  echo "PASS: slurm_cluster_up"
else
  echo "FAIL: slurm_cluster_up (the node never became idle)"
  for f in "$out" "$tmp"/slurmctld.log "$tmp"/slurmd.log "$tmp"/munge/log; do
    echo "    == $f"
    tail -n 5 "$f" 2>/dev/null | sed "s/^/    /"
  done
  echo "test_sweep_slurm: 1 failed"
  exit 1
fi

grid=(--set INDEX_BITS=10,12 --workloads gzip --modes hw,sw --jobs 2)
expect sweep_local 0 'all complete' "$HW" sweep "${grid[@]}" --out "$tmp/local"
expect sweep_slurm_submits 0 'submitted 6 runs as Slurm job array [0-9]+' \
  "$HW" sweep "${grid[@]}" --out "$tmp/slurm" --slurm --sbatch=--wait
expect sweep_slurm_array_outputs 0 'slurm-[0-9]+_5.out' ls "$tmp/slurm/slurm"
expect sweep_collect 0 'all complete' "$HW" sweep "${grid[@]}" --out "$tmp/slurm" --collect
# The tables but their host times (not simulated).
simulated() {
  python3 -c '
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print({k: v for k, v in r.items() if not k.startswith("host_s")})' "$1"
}
simulated "$tmp/local/sweep.csv" >"$tmp/local.txt"
simulated "$tmp/slurm/sweep.csv" >"$tmp/slurm.txt"
same_bytes sweep_slurm_equals_local "$tmp/local.txt" "$tmp/slurm.txt"
expect sweep_slurm_resubmit_nothing 0 'nothing to submit' \
  "$HW" sweep "${grid[@]}" --out "$tmp/slurm" --slurm
expect sweep_collect_before_runs 1 'not done yet' \
  "$HW" sweep --set INDEX_BITS=10 --workloads mcf --out "$tmp/none" --collect --synth none
expect sweep_slurm_or_collect 2 'one or the other' \
  "$HW" sweep --out "$tmp/x" --slurm --collect
expect sweep_sbatch_needs_slurm 2 'sbatch is for --slurm' \
  "$HW" sweep --out "$tmp/x" --sbatch=--wait

echo "test_sweep_slurm: $fails failed"
[ "$fails" -eq 0 ]
