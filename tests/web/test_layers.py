"""The glue's layers (docs/architecture.md), checked on its source: each package imports only
the ones below it, the glue decides no rule, only the browser edge talks to the browser, the
store is the only caller of the update function and the painter the only renderer."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from conftest import WEB

#: What each package may import of the others (the engine, ``rattus``, and the standard
#: library: any). Bottom first: text → model → render → control → online → browser; main.py: all.
MAY_IMPORT = {
    "text": set(),
    "model": {"text"},
    "render": {"model", "text"},
    "control": {"model", "text", "render"},
    "online": {"model", "text"},
    "browser": {"model", "text", "render", "control", "online"},
}
PACKAGES = set(MAY_IMPORT)
BROWSER = {"pyscript", "pyodide", "js"}


def sources() -> dict[str, str]:
    """Every module of the glue by its path under web/ (``control/update.py``)."""
    return {p.relative_to(WEB).as_posix(): p.read_text() for p in sorted(WEB.rglob("*.py"))
            if "__pycache__" not in p.parts}


def imported(text: str) -> set[str]:
    """The top-level names a module imports (anywhere in it: late imports count)."""
    names = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def imports_of(text: str) -> set[str]:
    """Every module a module imports, dotted (``from control import keys`` gives
    ``control.keys``)."""
    names = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names |= {f"{node.module}.{a.name}" for a in node.names}
    return names


def test_the_glue_is_in_packages_by_layer() -> None:
    loose = sorted(path for path in sources() if "/" not in path)
    assert loose == ["main.py"]
    assert {path.split("/")[0] for path in sources() if "/" in path} == PACKAGES


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_each_package_imports_only_the_ones_below_it(package: str) -> None:
    wrong = {path: sorted((imported(text) & PACKAGES) - MAY_IMPORT[package] - {package})
             for path, text in sources().items() if path.startswith(package + "/")}
    assert {path: names for path, names in wrong.items() if names} == {}


def test_only_the_browser_edge_imports_the_browser() -> None:
    talking = {path for path, text in sources().items() if imported(text) & BROWSER}
    assert talking and all(path == "main.py" or path.startswith("browser/")
                           for path in talking)


def test_the_glue_compares_no_phase_name_and_walks_no_neighbours() -> None:
    """What is pending comes from the view's ``decision``; which regions a piece can reach,
    from ``plague_reach`` and the legal actions (the glue decides no rule)."""
    offending = {name: line.strip() for name, text in sources().items()
                 for line in text.splitlines()
                 if re.search(r'phase"?\]?\s*(==|!=|\bin\b)|\["neighbours"\]', line)}
    assert offending == {}


def test_only_the_store_calls_the_update_function() -> None:
    callers = {path for path, text in sources().items()
               if "control.update.update" in imports_of(text)
               or re.search(r"\bupdate\.update\(", text)}
    assert callers == {"control/store.py"}


def test_only_the_painter_renders_a_frame() -> None:
    painting = {path for path, text in sources().items() if "render.frame" in imports_of(text)}
    assert painting == {"browser/paint.py"}


def test_no_session_changes_outside_the_store() -> None:
    """The session changes only in the store's effects (control/store.py): no other module
    applies an action, undoes one, confirms a pass screen, notes, renames or retells."""
    pattern = re.compile(r"\b(session|s|self\._session)\.(apply|undo|confirm_pass|note|rename|"
                         r"retell)\(|\.config\.pace_ms\s*=[^=]")
    changing = {path for path, text in sources().items() if pattern.search(text)}
    assert changing == {"control/store.py"}


def test_every_module_is_in_the_architecture_doc() -> None:
    doc = (Path(WEB).parent / "docs" / "architecture.md").read_text()
    missing = sorted(path for path in sources()
                     if not path.endswith("__init__.py") and f"`{path}`" not in doc
                     and f"web/{path}" not in doc)
    assert missing == []
