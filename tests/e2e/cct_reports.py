#!/usr/bin/env python3
"""cct_reports.py PREFIX - checks one run's calling-context reports against each
other (tests/e2e/test_cct.sh): PREFIX.json (hwprof run --json with --cct),
PREFIX.folded, PREFIX.svg, PREFIX.callgrind.

- JSON: every node's parent comes before it; self costs add up to the run's
  guest instructions and blocks; each node's inclusive cost is its self plus its
  children's inclusive; "functions" holds each function's inclusive count with
  recursion counted once (recomputed here from the nodes).
- Folded: the counts add up to the run's guest instructions; no chain is longer
  than 1,000 frames after the root; a line per chain.
- SVG: parses as XML; the root frame spans the width and says the run's count.
- Callgrind: the self costs add up to the summary; every calls= line is followed
  by a cost line; the inclusive cost of the calls to each function the JSON says
  was called from one context only equals that context's inclusive count.

Prints "reports agree: ..." and exits 0, or names the first disagreement, exit 1.
"""
import json
import re
import sys
import xml.etree.ElementTree as ET


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def main(prefix):
    j = json.load(open(prefix + ".json"))
    gi, blocks = j["guest_insns"], j["blocks_executed"]
    c = j["cct"]
    nodes = c["nodes"]
    if len(nodes) != c["contexts"]:
        fail("%d nodes, %d contexts" % (len(nodes), c["contexts"]))
    incl = [n["self_insns"] for n in nodes]
    for i in range(len(nodes) - 1, 0, -1):
        p = nodes[i]["parent"]
        if p >= i:
            fail("node %d's parent %d comes after it" % (i, p))
        incl[p] += incl[i]
    if sum(n["self_insns"] for n in nodes) != gi:
        fail("self instructions add up to %d, the run has %d" % (sum(n["self_insns"] for n in nodes), gi))
    if sum(n["self_blocks"] for n in nodes) != blocks:
        fail("self blocks do not add up to the run's %d" % blocks)
    for i, n in enumerate(nodes):
        if n["incl_insns"] != incl[i]:
            fail("node %d: inclusive %d, its subtree %d" % (i, n["incl_insns"], incl[i]))
    # per function, recursion once: a node counts when no ancestor has its callee
    depth = [0] * len(nodes)
    fn_incl, fn_calls = {}, {}
    kids = [[] for _ in nodes]
    for i in range(1, len(nodes)):
        kids[nodes[i]["parent"]].append(i)
    stack, onpath = [(0, False)], {}
    while stack:
        i, leaving = stack.pop()
        callee = nodes[i]["callee"]
        if leaving:
            onpath[callee] -= 1
            continue
        if i:
            fn_calls[callee] = fn_calls.get(callee, 0) + nodes[i]["calls"]
            if not onpath.get(callee):
                fn_incl[callee] = fn_incl.get(callee, 0) + nodes[i]["incl_insns"]
            onpath[callee] = onpath.get(callee, 0) + 1
            stack.append((i, True))
        stack.extend((k, False) for k in kids[i])
    got = {f["addr"]: (f["incl_insns"], f["calls"]) for f in c["functions"]}
    want = {a: (fn_incl[a], fn_calls[a]) for a in fn_incl}
    if got != want:
        bad = sorted(a for a in set(got) | set(want) if got.get(a) != want.get(a))
        fail("functions differ at %s: %s vs %s" % (bad[0], got.get(bad[0]), want.get(bad[0])))

    # folded
    total, longest, chains = 0, 0, set()
    for line in open(prefix + ".folded"):
        stack_, _, count = line.rstrip("\n").rpartition(" ")
        if stack_ in chains:
            fail("chain written twice: %s" % stack_[:80])
        chains.add(stack_)
        total += int(count)
        longest = max(longest, stack_.count(";"))
    if total != gi:
        fail("folded counts add up to %d, the run has %d" % (total, gi))
    if longest > 1000:
        fail("a folded chain of %d frames" % longest)

    # flame graph
    svg = ET.parse(prefix + ".svg").getroot()
    ns = "{http://www.w3.org/2000/svg}"
    frames = svg.findall(ns + "g")
    if not frames:
        fail("no frames in the flame graph")
    rects = [(float(g.find(ns + "rect").get("width")), g.find(ns + "title").text) for g in frames]
    widest = max(rects)
    if abs(widest[0] - 1180) > 0.01 or " (%d instructions, 100.00%%" % gi not in widest[1]:
        fail("the root frame is %r" % (widest,))

    # callgrind
    lines = open(prefix + ".callgrind").read().split("\n")
    summary = int(next(l for l in lines if l.startswith("summary:")).split()[1])
    if summary != gi:
        fail("callgrind summary %d" % summary)
    self_ir, call_ir, k, calls = 0, {}, 0, 0
    while k < len(lines):
        l = lines[k]
        if l.startswith("cfn="):
            cfn = l[4:]
            m = re.match(r"calls=(\d+) 0x[0-9a-f]+$", lines[k + 1])
            cost = re.match(r"0x[0-9a-f]+ (\d+) (\d+)$", lines[k + 2])
            if not m or not cost:
                fail("calls not followed by a cost line at line %d" % (k + 2))
            call_ir[cfn] = call_ir.get(cfn, 0) + int(cost.group(1))
            calls += int(m.group(1))
            k += 3
            continue
        m = re.match(r"0x[0-9a-f]+ (\d+) (\d+)$", l)
        if m:
            self_ir += int(m.group(1))
        k += 1
    if self_ir != gi:
        fail("callgrind self costs add up to %d" % self_ir)
    if calls != sum(n["calls"] for n in nodes[1:]):
        fail("callgrind has %d calls, the tree %d" % (calls, sum(n["calls"] for n in nodes[1:])))
    once = {}
    for n in nodes[1:]:
        once.setdefault(n["function"], []).append(n)
    checked = 0
    for name, ns_ in once.items():
        if len(ns_) == 1 and name in call_ir:
            if call_ir[name] != ns_[0]["incl_insns"]:
                fail("callgrind's calls to %s cost %d, the tree says %d" % (name, call_ir[name], ns_[0]["incl_insns"]))
            checked += 1
    cut = " (cut at 1000 frames)" if longest == 1000 else ""
    print("reports agree: %d contexts, %d functions, %d folded chains%s, %d flame frames, "
          "%d calls (%d callees' inclusive costs checked), %d guest instructions"
          % (len(nodes), len(got), len(chains), cut, len(frames), calls, checked, gi))


main(sys.argv[1])
