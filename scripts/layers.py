#!/usr/bin/env python3
"""scripts/layers.py - the call graph between the C files of a folder, from their
objects' symbols (nm): file A calls file B when A's object uses a symbol B's
defines.  Prints every circle (a strongly connected set of two or more files) and
exits 1 when there is one; --graph prints every edge too.  With --includes the
folders are source folders and the graph is of #include "...": file A includes
file B (B found beside A, else in another folder given).

  scripts/layers.py build/dbt build/tools      one or more folders of .o files
  scripts/layers.py --includes dbt sim tools   one or more folders of sources
"""
import re
import subprocess
import sys
from pathlib import Path


def symbols(obj):
    out = subprocess.run(["nm", "-P", str(obj)], capture_output=True, text=True, check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        f = line.split()
        if len(f) < 2:
            continue
        name, kind = f[0], f[1]
        if kind == "U":
            used.add(name)
        elif kind in "TDBRCVWGS" and kind.isupper():
            defined.add(name)
    return defined, used


def sccs(nodes, edges):
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def calls(dirs):
    """Files (objects) and the files each calls."""
    objs = {}
    for d in dirs:
        for o in sorted(Path(d).glob("*.o")):
            objs[f"{Path(d).name}/{o.stem}"] = symbols(o)
    owner = {}
    for name, (defined, _) in objs.items():
        for s in defined:
            owner[s] = name
    edges = {}
    for name, (_, used) in objs.items():
        for s in used:
            if s in owner and owner[s] != name:
                edges.setdefault(name, set()).add(owner[s])
    return objs, edges


def includes(dirs):
    """Source files and the files each includes."""
    srcs = [f for d in dirs for f in sorted(Path(d).iterdir()) if f.suffix in (".c", ".h", ".cpp")]
    by_name = {}
    for f in srcs:
        by_name.setdefault(f.name, []).append(f)
    edges = {}
    for f in srcs:
        for inc in re.findall(r'^\s*#\s*include\s+"([^"]+)"', f.read_text(errors="replace"), re.M):
            found = [g for g in by_name.get(Path(inc).name, []) if g != f]
            beside = [g for g in found if g.parent == f.parent]
            if beside or found:
                edges.setdefault(str(f), set()).add(str((beside or found)[0]))
    return {str(f): None for f in srcs}, edges


def main(argv):
    graph = "--graph" in argv
    dirs = [a for a in argv if not a.startswith("--")]
    if not dirs:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    objs, edges = includes(dirs) if "--includes" in argv else calls(dirs)
    what = "includes" if "--includes" in argv else "calls"
    if graph:
        for a in sorted(edges):
            print(f"{a} -> {', '.join(sorted(edges[a]))}")
    circles = [c for c in sccs(objs, edges) if len(c) > 1]
    for c in circles:
        print(f"circle of {len(c)} files: {' '.join(c)}")
    print(f"{len(objs)} files, {sum(len(e) for e in edges.values())} {what} between them, "
          f"{len(circles)} circles")
    return 1 if circles else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
