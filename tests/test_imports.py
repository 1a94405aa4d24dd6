"""How the engine's modules import one another, read from their sources with ``ast``.

- No cycle: a module that imports another which (directly or not) imports it back half-runs
  one of them, and ties them so neither can be read or changed alone. Imports inside
  functions count too: they only defer the cycle, they do not remove it.
- No private names across modules: a ``_name`` is its module's own business; what another
  module needs is public, named and documented where it is defined.

Only imports of ``rattus`` modules count. ``from package import name`` is an edge to the
submodule ``package.name`` when there is one, else to the package itself (its
``__init__``); the implicit import of a module's parent package is not counted (a package
always runs before its submodules, and that is not a cycle).
"""

from __future__ import annotations

import ast
from pathlib import Path

import rattus

ROOT = Path(rattus.__file__).parent


def _modules() -> dict[str, Path]:
    """Every module of the package by dotted name (``rattus.bots`` for its ``__init__``)."""
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = ("rattus", *path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _package_of(name: str) -> str:
    """The package that relative imports in module ``name`` start from."""
    return name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]


def _owner(dotted: str) -> str | None:
    """The longest rattus module that ``dotted`` names or lies in, None if outside rattus."""
    while dotted and dotted not in MODULES:
        dotted = dotted.rpartition(".")[0]
    return dotted or None


def _base(name: str, node: ast.ImportFrom) -> str:
    """The module a ``from … import`` in module ``name`` reads from, relative ones resolved."""
    if not node.level:
        return node.module or ""
    base = _package_of(name)
    for _ in range(node.level - 1):
        base = base.rpartition(".")[0]
    return f"{base}.{node.module}" if node.module else base


def _imports(name: str) -> list[tuple[str, str | None, str | None, int]]:
    """(imported module, the name taken from it or None, the local name bound to the module
    or None, line) for each rattus import of module ``name``, wherever it stands (module
    level, inside a function, under ``if``)."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"), str(MODULES[name]))
    found: list[tuple[str, str | None, str | None, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _owner(alias.name)
                if target:
                    found.append((target, None, alias.asname, node.lineno))
        elif isinstance(node, ast.ImportFrom):
            base = _base(name, node)
            target = _owner(base)
            if target is None:
                continue
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in MODULES:  # from . import rules: the module itself
                    found.append((sub, None, alias.asname or alias.name, node.lineno))
                else:
                    found.append((target, alias.name, None, node.lineno))
    return found


def _graph() -> dict[str, set[str]]:
    return {m: {t for t, _, _, _ in _imports(m) if t != m} for m in MODULES}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (as a path back to its start) through each strongly connected group of
    modules (Tarjan), so a failure names the modules to untie."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    cycles = []
    for group in groups:
        members, start = set(group), min(group)
        path, seen = [start], {start}
        while True:  # walk inside the group until back at the start
            step = sorted(w for w in graph[path[-1]] if w in members)
            nxt = start if start in step else next((w for w in step if w not in seen), step[0])
            path.append(nxt)
            if nxt == start or nxt in seen:
                break
            seen.add(nxt)
        cycles.append(path)
    return cycles


def test_the_walker_sees_the_imports():
    """The walker itself: it finds the modules and resolves relative imports (a check that
    found no import at all would pass for the wrong reason)."""
    assert {"rattus", "rattus.game", "rattus.view", "rattus.bots", "rattus.bots.hard"} <= set(
        MODULES)
    graph = _graph()
    assert "rattus.game" in graph["rattus"]  # from .game import Game, new_game
    assert "rattus.rules" in graph["rattus.game"]  # from . import rules
    assert "rattus.state" in graph["rattus.bots.hard"]  # from ..state import State
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]


def test_no_import_cycle_among_rattus_modules():
    cycles = _cycles(_graph())
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def test_no_module_takes_another_modules_private_names():
    """Neither ``from .rules import _KING`` nor ``rules._KING`` across modules."""
    taken = []
    for name, path in MODULES.items():
        imports = _imports(name)
        for target, imported, _, line in imports:
            if imported and _is_private(imported) and target != name:
                taken.append(f"{path.relative_to(ROOT.parent)}:{line}: {imported} of {target}")
        aliases = {local for _, _, local, _ in imports if local}
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and _is_private(node.attr)
                    and isinstance(node.value, ast.Name) and node.value.id in aliases):
                taken.append(f"{path.relative_to(ROOT.parent)}:{node.lineno}:"
                             f" {node.value.id}.{node.attr}")
    assert not taken, "private names used across modules:\n" + "\n".join(taken)
