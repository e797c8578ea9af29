#!/usr/bin/env python3
"""Import cycles between the source files of each crate in crates/*/src.

Every file of a crate (its lib.rs, main.rs or src/bin/*.rs and the
modules they declare, `mod x;` as x.rs, x/mod.rs or a parent file's x/
directory) is read for the paths it names in code: `use` declarations
(with their `{...}` trees, `self`, `as` and globs) and paths written in
expressions, types and impls (`super::flow::Body`, `crate::x::Y`,
`chase::Lead::new`, a child module's or an imported module's name
followed by `::`). Comments and string literals are skipped, so doc links
do not count. Each path is resolved as rustc would, following
re-exports (`pub use`) and glob imports to the file that defines the
item, and gives an edge from the file that names it to that file. A
module named on its own (`use super::grapple;`) is no edge; what is used
through it is. `mod x;` is no edge either: declaring a child is not
using it. Test modules count like any code.

The graph's strongly connected components of two files or more are the
cycles: each is printed with the edges that close it (file:line, the
path as written). `--max-lines N` also lists the files with more than N
lines outside `#[cfg(test)]` modules.

Usage: scripts/module-cycles.py [--crate NAME]... [--max-lines N] [REPO]
Exit status: 0 no cycle (and no file over the limit), 1 otherwise, 2 usage.
"""

import argparse
import os
import re
import sys
from collections import defaultdict

KEYWORDS_ITEM = {"fn", "struct", "enum", "trait", "type", "const", "static", "union"}


def tokenize(text):
    """Tokens (kind, value, line) of Rust source, comments and literals skipped."""
    tokens = []
    i, n, line = 0, len(text), 1
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    line += text[i] == "\n"
                    i += 1
        elif re.match(r'(b?r#*")', text[i : i + 260]) and (c in "rb"):
            m = re.match(r'b?r(#*)"', text[i:])
            close = '"' + m.group(1)
            j = text.find(close, i + m.end())
            j = n if j < 0 else j + len(close)
            line += text.count("\n", i, j)
            i = j
        elif c == '"' or (c == "b" and text.startswith('b"', i)):
            j = i + (2 if c == "b" else 1)
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            line += text.count("\n", i, j)
            i = j + 1
        elif c == "'" or (c == "b" and text.startswith("b'", i)):
            j = i + (2 if c == "b" else 1)
            if j < n and text[j] == "\\":
                k = text.find("'", j + 2)
                i = k + 1
            elif j + 1 < n and text[j + 1] == "'":
                i = j + 2
            else:
                # A lifetime or a label.
                m = re.match(r"[A-Za-z_][A-Za-z0-9_]*", text[j:])
                i = j + (m.end() if m else 0)
        elif c.isalpha() or c == "_":
            m = re.match(r"[A-Za-z_][A-Za-z0-9_]*", text[i:])
            word = m.group(0)
            if word.startswith("r#"):
                word = word[2:]
            tokens.append(("id", word, line))
            i += m.end()
        elif c.isdigit():
            m = re.match(r"[0-9][0-9A-Za-z_.]*", text[i:])
            i += m.end()
        elif text.startswith("::", i):
            tokens.append(("p", "::", line))
            i += 2
        else:
            tokens.append(("p", c, line))
            i += 1
    return tokens


class Module:
    def __init__(self, name, parent, file, dir_for_children):
        self.name = name
        self.parent = parent
        self.file = file
        # Where `mod x;` finds x.rs or x/mod.rs.
        self.dir = dir_for_children
        self.children = {}
        self.defs = set()
        self.imports = {}  # name -> (path segments)
        self.globs = []  # path segments
        self.paths = []  # (segments, line, in a use) named in code or use
        self.bare = {}  # name -> first line, names used without a path
        self.crate_root = None

    def root(self):
        m = self
        while m.parent is not None:
            m = m.parent
        return m


def parse_use_tree(tokens, i, prefix, out):
    """Parses a use tree from tokens[i]; appends (segments, alias, glob)."""
    segs = list(prefix)
    while i < len(tokens):
        kind, val, _ = tokens[i]
        if val == "{":
            i += 1
            while tokens[i][1] != "}":
                i = parse_use_tree(tokens, i, segs, out)
                if tokens[i][1] == ",":
                    i += 1
            return i + 1
        if val == "*":
            out.append((segs, None, True))
            return i + 1
        if val == "::":
            i += 1
            continue
        if kind != "id":
            return i
        if val == "self" and prefix and len(segs) == len(prefix):
            # `{self, ...}`: the prefix itself.
            i += 1
            if tokens[i][1] == "as":
                out.append((segs, tokens[i + 1][1], False))
                return i + 2
            out.append((segs, None, False))
            return i
        segs = segs + [val]
        i += 1
        if tokens[i][1] == "as":
            out.append((segs, tokens[i + 1][1], False))
            return i + 2
        if tokens[i][1] != "::":
            out.append((segs, None, False))
            return i
    return i


def parse_file(path, module, files, crate_dir):
    """Reads `path` into `module` (inline modules become its children)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    files[path] = text
    tokens = tokenize(text)
    depth = 0
    scopes = [(module, 0)]
    i = 0
    while i < len(tokens):
        kind, val, line = tokens[i]
        cur, base = scopes[-1]
        if kind == "p" and val == "{":
            depth += 1
        elif kind == "p" and val == "}":
            depth -= 1
            if depth < base and len(scopes) > 1:
                scopes.pop()
        elif kind == "id" and val == "mod" and i + 2 < len(tokens) and tokens[i + 1][0] == "id":
            name = tokens[i + 1][1]
            after = tokens[i + 2][1]
            if after == ";":
                child = file_module(name, cur, files, crate_dir)
                if child is not None:
                    cur.children[name] = child
                i += 3
                continue
            if after == "{":
                child = Module(name, cur, cur.file, os.path.join(cur.dir, name))
                cur.children[name] = child
                depth += 1
                scopes.append((child, depth))
                i += 3
                continue
        elif kind == "id" and val == "use" and (i == 0 or tokens[i - 1][1] != "::"):
            j = i + 1
            if tokens[j][1] == "::":
                j += 1
            trees = []
            j = parse_use_tree(tokens, j, [], trees)
            for segs, alias, glob in trees:
                if not segs:
                    continue
                if glob:
                    cur.globs.append(segs)
                else:
                    name = alias or segs[-1]
                    if name != "_":
                        cur.imports[name] = segs
                cur.paths.append((segs, line, True))
            while j < len(tokens) and tokens[j][1] != ";":
                j += 1
            i = j + 1
            continue
        elif kind == "id" and val in KEYWORDS_ITEM and depth == base:
            if i + 1 < len(tokens) and tokens[i + 1][0] == "id":
                cur.defs.add(tokens[i + 1][1])
        elif kind == "id" and val == "macro_rules" and depth == base:
            if i + 2 < len(tokens) and tokens[i + 2][0] == "id":
                cur.defs.add(tokens[i + 2][1])
        elif kind == "id" and (i == 0 or tokens[i - 1][1] not in ("::", ".")):
            if i + 1 < len(tokens) and tokens[i + 1][1] == "::" and val != "Self":
                segs = [val]
                j = i + 1
                while j + 1 < len(tokens) and tokens[j][1] == "::" and tokens[j + 1][0] == "id":
                    segs.append(tokens[j + 1][1])
                    j += 2
                cur.paths.append((segs, line, False))
                i = j
                continue
            # A name alone: it counts when only a glob import brings it.
            cur.bare.setdefault(val, line)
        i += 1


def file_module(name, parent, files, crate_dir):
    for cand in (
        os.path.join(parent.dir, name + ".rs"),
        os.path.join(parent.dir, name, "mod.rs"),
    ):
        if os.path.isfile(cand):
            m = Module(name, parent, cand, os.path.join(parent.dir, name))
            parse_file(cand, m, files, crate_dir)
            return m
    return None


def crate_roots(src):
    roots = []
    for name in ("lib.rs", "main.rs"):
        p = os.path.join(src, name)
        if os.path.isfile(p):
            roots.append(p)
    bin_dir = os.path.join(src, "bin")
    if os.path.isdir(bin_dir):
        for f in sorted(os.listdir(bin_dir)):
            if f.endswith(".rs"):
                roots.append(os.path.join(bin_dir, f))
    return roots


def lookup(mod, name, seen):
    """What `name` is in `mod`: ('mod', Module), ('item', file) or None."""
    key = (id(mod), name)
    if key in seen:
        return None
    seen = seen | {key}
    if name in mod.children:
        return ("mod", mod.children[name])
    if name in mod.imports:
        return resolve(mod, mod.imports[name], seen)
    if name in mod.defs:
        return ("item", mod.file)
    for g in mod.globs:
        r = resolve(mod, g, seen)
        if r and r[0] == "mod":
            found = lookup(r[1], name, seen)
            if found:
                return found
    return None


def resolve(mod, segs, seen=frozenset()):
    """Resolves a path named in `mod`: ('mod', Module), ('item', file) or None."""
    first, rest = segs[0], segs[1:]
    if first == "crate":
        cur = mod.root()
    elif first == "super":
        cur = mod.parent
        while rest and rest[0] == "super" and cur is not None:
            cur, rest = cur.parent, rest[1:]
        if cur is None:
            return None
    elif first == "self":
        cur = mod
    else:
        r = lookup(mod, first, seen)
        if r is None or r[0] == "item":
            return r
        cur = r[1]
    for seg in rest:
        if seg == "self":
            continue
        r = lookup(cur, seg, seen)
        if r is None:
            # An item rustc finds there and this reading does not (a
            # variant, a macro): it is that module's.
            return ("item", cur.file)
        if r[0] == "item":
            return r
        cur = r[1]
    return ("mod", cur)


def all_modules(mod):
    yield mod
    for c in mod.children.values():
        yield from all_modules(c)


def test_free_lines(text):
    """Lines of `text` outside `#[cfg(test)]` items."""
    lines = text.split("\n")
    count, i = 0, 0
    while i < len(lines):
        if lines[i].strip() == "#[cfg(test)]":
            # Skip the item: to its closing brace at the same indent, or
            # its `;`.
            indent = len(lines[i]) - len(lines[i].lstrip())
            j = i + 1
            if lines[j].rstrip().endswith(";"):
                i = j + 1
                continue
            while j < len(lines) and not (
                lines[j].startswith(" " * indent + "}")
                and len(lines[j]) - len(lines[j].lstrip()) == indent
            ):
                j += 1
            i = j + 1
            continue
        count += 1
        i += 1
    # A file's last newline is no line.
    return count - (1 if text.endswith("\n") else 0)


def sccs(graph, nodes):
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
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
            strong(v)
    return out


def shortest_cycle(graph, comp):
    """A shortest cycle through the component's first file."""
    start = comp[0]
    inside = set(comp)
    prev = {start: None}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph[v]):
            if w not in inside:
                continue
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if w not in prev:
                prev[w] = v
                queue.append(w)
    return comp


def check_crate(crate_dir, max_lines):
    src = os.path.join(crate_dir, "src")
    files = {}
    roots = []
    for r in crate_roots(src):
        m = Module("crate", None, r, src)
        parse_file(r, m, files, src)
        roots.append(m)
    graph = defaultdict(dict)
    nodes = set(files)
    for root in roots:
        for mod in all_modules(root):
            for segs, line, _ in mod.paths:
                r = resolve(mod, segs)
                if r is None or r[0] != "item":
                    continue
                target = r[1]
                if target != mod.file and target not in graph[mod.file]:
                    graph[mod.file][target] = (line, "::".join(segs))
            for name, line in mod.bare.items():
                if not mod.globs or name in mod.children or name in mod.imports:
                    continue
                if name in mod.defs:
                    continue
                r = lookup(mod, name, frozenset())
                if r and r[0] == "item" and r[1] != mod.file and r[1] not in graph[mod.file]:
                    graph[mod.file][r[1]] = (line, name + " (by a glob import)")
    rel = lambda p: os.path.relpath(p, src)
    comps = [c for c in sccs(graph, nodes) if len(c) > 1]
    edges = sum(len(v) for v in graph.values())
    name = os.path.relpath(crate_dir)
    status = "no cycle" if not comps else f"{len(comps)} cycle(s)"
    print(f"{name}: {len(files)} files, {edges} edges between files, {status}")
    for comp in comps:
        cycle = shortest_cycle(graph, comp)
        print(f"  cycle among {len(comp)} files: {' '.join(rel(f) for f in comp)}")
        print(f"    e.g. {' -> '.join(rel(f) for f in cycle)}")
        for a in comp:
            for b in sorted(graph[a]):
                if b in comp:
                    line, path = graph[a][b]
                    print(f"    {rel(a)}:{line} -> {rel(b)}  ({path})")
    long = []
    if max_lines is not None:
        for f in sorted(files):
            n = test_free_lines(files[f])
            if n > max_lines:
                long.append((f, n))
        for f, n in long:
            print(f"  {rel(f)}: {n} lines outside tests (over {max_lines})")
    return bool(comps) or bool(long)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("repo", nargs="?", default=os.path.join(os.path.dirname(__file__), ".."))
    ap.add_argument("--crate", action="append", help="only crates/NAME (repeatable)")
    ap.add_argument("--max-lines", type=int, help="also list files longer than this outside tests")
    args = ap.parse_args()
    crates = os.path.join(args.repo, "crates")
    if not os.path.isdir(crates):
        print(f"{crates}: no such directory", file=sys.stderr)
        return 2
    names = args.crate or sorted(
        d for d in os.listdir(crates) if os.path.isdir(os.path.join(crates, d, "src"))
    )
    failed = False
    for d in names:
        path = os.path.join(crates, d)
        if not os.path.isdir(os.path.join(path, "src")):
            print(f"{path}: no such crate", file=sys.stderr)
            return 2
        failed |= check_crate(path, args.max_lines)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
