#!/usr/bin/env python3
"""bench_simulated.py FILE - prints the simulated figures of a 'hwprof bench --json'
report: everything but its host times (each run's seconds, the ratios of them, the
host time of forming superblocks), which vary from run to run.  Two benches of the
same workloads that must agree in every cycle and count (tests/e2e/test_ip_models.sh:
the fast and checked IP models; test_workloads.sh: one workload at a time and several)
give the same text.
"""
import json
import sys

d = json.load(open(sys.argv[1]))
d.pop("geomean_host_ratio")
for w in d["workloads"]:
    w.pop("host_s")
    w.pop("superblock_host_ms")
print(json.dumps(d, indent=1, sort_keys=True))
