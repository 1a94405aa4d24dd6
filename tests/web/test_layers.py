"""The glue's layers (docs/architecture.md), checked on its source: the glue decides no rule
and only the browser edge talks to the browser."""

from __future__ import annotations

import ast
import re

from conftest import WEB

#: The browser edge: the only modules that may import the browser (pyscript, pyodide).
EDGE = {"app.py", "main.py", "chrome.py", "dom.py", "map_view.py", "persist.py", "bots_runner.py",
        "tabs.py", "phone.py"}


def sources() -> dict[str, str]:
    return {p.name: p.read_text() for p in WEB.glob("*.py")}


def imported(text: str) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_only_the_browser_edge_imports_the_browser() -> None:
    talking = {name for name, text in sources().items()
               if imported(text) & {"pyscript", "pyodide", "js"}}
    assert talking <= EDGE


def test_the_glue_compares_no_phase_name_and_walks_no_neighbours() -> None:
    """What is pending comes from the view's ``decision``; which regions a piece can reach,
    from ``plague_reach`` and the legal actions (DESIGN: the glue decides no rule)."""
    offending = {name: line.strip() for name, text in sources().items()
                 for line in text.splitlines()
                 if re.search(r'phase"?\]?\s*(==|!=|\bin\b)|\["neighbours"\]', line)}
    assert offending == {}


def test_no_transition_renders_and_only_the_dispatcher_renders() -> None:
    calls = {name: text.count(".render()") for name, text in sources().items()}
    assert {name: n for name, n in calls.items() if n} == {"app.py": 1}
