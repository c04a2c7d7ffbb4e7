#!/usr/bin/env python3
"""probe-placement.py - how many probes a hw run would need if block counts were
derived from fewer of them: a measurement for the next step of the hw profile
(docs/benchmarks.md, "Large programs: ... fewer probes").

    build/hwprof run --profile hw --all-edges --json run.json --dump run.dump PROG ...
    scripts/probe-placement.py [--tree-from early.json] run.json run.dump

Reads every pair of blocks the IP counted (--all-edges: src, dst, the branch's site
and its count), the blocks' counts and, from the dump, the MIPS instruction at each
site.  Reports:

* the edges' traversals by kind (the branch at the site: conditional taken or
  fallen through, direct jump, indirect jump, none; "-back" where the target does not
  lie above the source block);
* the simple rule: no probe at a block's head; counted are indirect edges, backward
  edges, edges through the runtime and the taken side of every conditional branch;
  derived, in address order, the rest.  Probes executed, and probe words in the
  blocks entered 1,000 times or more (today one a block);
* the bound of Ball and Larus (1994): the edges off a maximum spanning tree of the
  run's own graph, the tree chosen with its final counts.  Indirect edges meet at one
  node (an indirect jump's target is entered through the jump table, so its entries
  are counted together at the target); the first block's entry and the last one's
  exit are edges of a node of their own that the runtime counts, never in the tree.
  Then every block's count is derived from the chords' counts alone (flow
  conservation, leaves first) and compared with the IP's.  A mismatch, or block
  counts that the edge counts do not add up to, is an error (exit status 1).

Counts of blocks that superblocks replaced, and runs that lost events, are not what
this reads: use a hw run without superblocks.
"""
import json
import re
import sys

INDIRECT = {'jr', 'jalr', 'jr.hb', 'jalr.hb'}
COND = {'beq', 'bne', 'blez', 'bgtz', 'bltz', 'bgez', 'beqz', 'bnez', 'beql', 'bnel',
        'blezl', 'bgtzl', 'bltzl', 'bgezl', 'bltzal', 'bgezal', 'bltzall', 'bgezall',
        'bc1t', 'bc1f', 'bc1tl', 'bc1fl'}
UNCOND = {'j', 'jal', 'b', 'bal'}
HOT = 1000
IND, RT = 'indirect', 'runtime'  # the graph's two nodes that are not blocks


def read(path, how):
    try:
        with open(path) as f:
            return how(f)
    except (OSError, ValueError) as err:
        sys.exit(f'probe-placement: {err}')


def load_run(json_path):
    """A hw run's blocks {pc: count} and edges [(src, dst, site, count)]."""
    run = read(json_path, json.load)
    if not run.get('edges', {}).get('all'):
        sys.exit(f'probe-placement: {json_path}: not a run with --all-edges')
    if run['edges'].get('hw_lost'):
        sys.exit(f'probe-placement: {json_path}: the IP lost edge events')
    counts = {int(b['pc'], 16): b['hw'] for b in run['blocks']}
    edges = [(int(e['src'], 16), int(e['dst'], 16), int(e['site'], 16), e['hw'])
             for e in run['edges']['list']]
    return counts, edges


def load_dump(dump_path):
    """The MIPS mnemonic at each address the dump shows."""
    mnemonic = {}
    for line in read(dump_path, lambda f: f.read().splitlines()):
        m = re.match(r'  ([0-9a-f]{8})  [0-9a-f]{8}  (\S+)', line)
        if m:
            mnemonic[int(m.group(1), 16)] = m.group(2)
    return mnemonic


def kind_of(src, dst, site, mnemonic):
    m = mnemonic.get(site)
    if m is None:
        sys.exit(f'probe-placement: no instruction at 0x{site:08x} in the dump')
    if m in INDIRECT:
        return 'indirect'
    if m in COND:
        k = 'cond-fall' if dst == site + 8 else 'cond-taken'
    elif m in UNCOND:
        k = 'jump'
    elif m in ('syscall', 'break') or m.startswith('t'):
        return 'runtime'
    else:
        k = 'fall'  # a block cut at a branch target or at its length limit
    return k + '-back' if dst <= src else k


def simple_rule(counts, edges, mnemonic):
    kinds, cond_blocks, counted_targets = {}, set(), set()
    for src, dst, site, n in edges:
        k = kind_of(src, dst, site, mnemonic)
        kinds[k] = kinds.get(k, 0) + n
        if k.startswith('cond'):
            cond_blocks.add(src)
        if k in ('indirect', 'runtime') or k.endswith('-back'):
            counted_targets.add(dst)
    total = sum(kinds.values())
    print('edge traversals by kind:')
    for k, v in sorted(kinds.items(), key=lambda x: -x[1]):
        print(f'  {k:16s} {v:12d} {100 * v / total:6.2f} %')
    probed = sum(v for k, v in kinds.items()
                 if k in ('indirect', 'runtime', 'cond-taken') or k.endswith('-back'))
    hot = [a for a, c in counts.items() if c >= HOT]
    words = sum((a in cond_blocks) + (a in counted_targets) for a in hot)
    entries = sum(counts.values())
    print(f'simple rule: {probed} probes executed ({100 * probed / entries:.1f} % of '
          f'{entries} block entries); {words} probe words in the {len(hot)} blocks entered '
          f'{HOT:,} times or more (today {len(hot)})')


def graph(edges, mnemonic):
    """The run's edges as a graph whose indirect jumps meet at one node: {(u, v): count},
    and the traversals into and out of each block."""
    w, into, outof = {}, {}, {}

    def add(u, v, n):
        w[(u, v)] = w.get((u, v), 0) + n

    for src, dst, site, n in edges:
        if kind_of(src, dst, site, mnemonic) == 'indirect':
            add(src, IND, n)
            add(IND, dst, n)
        else:
            add(src, dst, n)
        outof[src] = outof.get(src, 0) + n
        into[dst] = into.get(dst, 0) + n
    return w, into, outof


def spanning_tree(counts, edges, mnemonic, early=None):
    w, into, outof = graph(edges, mnemonic)
    # The tree's weights: this run's counts, or an earlier stretch's (--tree-from),
    # where an edge it did not take weighs nothing.
    weight = w if early is None else graph(early, mnemonic)[0]
    # Every block entered after another is an edge's: what the edges leave
    # unexplained is the first block's entry and the last one's exit, once each.
    runtime = {}
    for b, c in counts.items():
        for u, v, n, what in ((RT, b, c - into.get(b, 0), 'entered'),
                              (b, RT, c - outof.get(b, 0), 'left')):
            if n:
                runtime[(u, v)] = n
            if n not in (0, 1):
                print(f'probe-placement: block 0x{b:08x}: counted {c} times, {what} '
                      f'{c - n} times along the edges: the block and edge counts disagree',
                      file=sys.stderr)
                return 1
    if len(runtime) != 2:
        where = ', '.join(f'0x{(v if u == RT else u):08x} ({"entered" if u == RT else "left"})'
                          for u, v in sorted(runtime, key=str))
        print(f'probe-placement: {len(runtime)} entries and exits no edge explains, not 2 '
              f'(the first and the last): {where}', file=sys.stderr)
        return 1
    parent = {}

    def root(x):
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    tree = set()
    for (u, v) in sorted(w, key=lambda k: -weight.get(k, 0)):
        a, b = root(u), root(v)
        if a != b:
            parent[a] = b
            tree.add((u, v))
    chords = {k: n for k, n in w.items() if k not in tree}
    chords.update(runtime)  # counted by the runtime, never in the tree
    # Derive the tree's edges from the chords alone: at a node with one unknown
    # edge, that edge carries the difference of what is known to go in and out.
    known = dict(chords)
    unknown = {}
    for (u, v) in tree:
        unknown.setdefault(u, set()).add((u, v))
        unknown.setdefault(v, set()).add((u, v))
    flow = {}
    for (u, v), n in known.items():
        flow[u] = flow.get(u, 0) - n
        flow[v] = flow.get(v, 0) + n
    leaves = [x for x, s in unknown.items() if len(s) == 1]
    while leaves:
        x = leaves.pop()
        if len(unknown[x]) != 1:
            continue
        (u, v), = unknown[x]
        n = flow.get(x, 0) if u == x else -flow.get(x, 0)  # what x must send or take
        known[(u, v)] = n
        flow[u] = flow.get(u, 0) - n
        flow[v] = flow.get(v, 0) + n
        for y in (u, v):
            unknown[y].discard((u, v))
            if len(unknown[y]) == 1:
                leaves.append(y)
    derived = {}
    for (u, v), n in known.items():
        if v not in (IND, RT):
            derived[v] = derived.get(v, 0) + n
    wrong = [b for b, c in counts.items() if derived.get(b, 0) != c]
    entries = sum(counts.values())
    executed = sum(n for (u, v), n in chords.items() if (u, v) not in runtime)
    hot = sum(1 for k, n in chords.items() if k not in runtime and n >= HOT)
    print(f'spanning tree: {len(w)} edges, {len(tree)} in the tree, {len(chords) - len(runtime)} '
          f'chords probed ({executed} probes executed, {100 * executed / entries:.1f} % of block '
          f'entries; {hot} of them traversed {HOT:,} times or more)')
    if wrong:
        b = wrong[0]
        print(f'probe-placement: {len(wrong)} blocks derived wrong, the first 0x{b:08x}: '
              f'{derived.get(b, 0)} against {counts[b]}', file=sys.stderr)
        return 1
    print(f'derived from the chords: all {len(counts)} block counts equal the IP\'s')
    return 0


def main():
    usage = __doc__.strip().split('\n\n')[1]
    args = sys.argv[1:]
    if args in (['-h'], ['--help']):
        print(__doc__.strip())
        return 0
    early = None
    if len(args) == 4 and args[0] == '--tree-from':
        early = load_run(args[1])[1]
        args = args[2:]
    if len(args) != 2:
        print(f'usage:\n{usage}', file=sys.stderr)
        return 2
    counts, edges = load_run(args[0])
    mnemonic = load_dump(args[1])
    simple_rule(counts, edges, mnemonic)
    return spanning_tree(counts, edges, mnemonic, early)


if __name__ == '__main__':
    sys.exit(main())
