"""Which modules of the standard library the page may import: found statically, by the page's
own Python (tools/stdlib.py compiles them at build time; see there why).

Run by Pyodide under Node (``tools/pyodide_run.mjs``), not by the host's Python: the standard
library of Python 3.14 uses syntax an older Python cannot parse. Stdlib-only, no other tool.

    node tools/pyodide_run.mjs tools/stdlib_imports.py < OURS.json

prints, as JSON, where the standard library's archive is on the page (``archive``:
``/lib/python314.zip``) and its members the page may import (``members``); ``OURS.json``
holds our sources and PyScript's by path (``{"rattus/game.py": "..."}``).

The search: from the page's ``import main``, PyScript's package and Python's and Pyodide's
start-up, every import in our own sources wherever it is written (a function's import runs when
the page needs it), then, transitively, the imports of standard modules that run when they are
imported (module level, class bodies, ``if``/``try`` blocks; not function bodies, which may
never run, nor a branch that cannot run on the page, such as ``if sys.platform == "win32":``),
and the codecs the page looks up by name (:data:`CODECS`). Modules frozen into Python are left
out: they are never read from the archive.

The standard library's own function-level imports: followed everywhere, they would double the
archive (148 modules become 305: ``argparse`` from every module's ``_main()``, ``unittest``,
``multiprocessing``, ``pydoc``, ``email``... ), nearly all behind functions the page never
calls. So they are not followed; those the page does reach are listed (:data:`LAZY`), after a
look at each one the modules shipped import lazily. The archive has no sources
(tools/stdlib.py), so a module missed is an ``ImportError`` on the page: the e2e test
``e2e/test_modules.py`` plays what a player does and fails on any import of a standard module
that the archive did not have.
"""

from __future__ import annotations

import _imp
import ast
import json
import sys
import zipfile
from collections.abc import Iterator

#: What Python and Pyodide import before any code of the page runs: Python's start-up, and
#: Pyodide's packages (all their modules: which of them a start needs is Pyodide's business).
STARTUP = ("encodings", "encodings.utf_8", "site")
#: Codecs the page looks up by name, which imports their module (no import statement shows
#: it): zipfile's for the names in app.zip (written without the UTF-8 flag, being ASCII), and
#: the one web/model/save_file.py reads a save file with.
CODECS = ("encodings.cp437", "encodings.utf_8_sig")
#: Modules Python has frozen under other names (``_frozen_importlib``...): never read either.
FROZEN_AS = ("importlib._bootstrap", "importlib._bootstrap_external")
STARTUP_PACKAGES = ("_pyodide", "pyodide")
#: Modules of Pyodide's packages for what the page does not use, not taken for granted (still
#: shipped if anything imports them): the REPL (``pyodide.console``, which brings ``platform``
#: and ``rlcompleter``), ``pyfetch``/``pyxhr`` (``pyodide.http``: the page fetches through
#: JavaScript), Node's sockets (``pyodide._nodesock_transport``).
UNUSED_IN_PACKAGES = ("pyodide.console", "pyodide.http", "pyodide._nodesock_transport")
#: Imports in the Python that PyScript's JavaScript runs (not in its package's sources: the
#: files it unpacks, its ``_pyscript`` and worker glue).
PYSCRIPT_JS = ("asyncio", "base64", "binascii", "collections", "functools", "json", "pathlib")
#: The standard library's function-level imports that the page reaches (the search follows
#: only what runs on import, see above): ``ast.unparse``, which ``annotationlib`` calls for an
#: annotation it cannot evaluate (``dataclasses``, ``inspect``, ``typing`` ask it for theirs).
#: Left out, after a look at each one the shipped and the frozen modules import in a function:
#: ``importlib.metadata``, which the frozen ``importlib._bootstrap_external`` imports in
#: ``PathFinder.invalidate_caches()`` (web/runtime.mjs invalidates the folders' finders itself
#: after restoring the snapshot, instead of calling ``importlib.invalidate_caches()``);
#: ``importlib.readers`` (``importlib.resources``), ``_pyrepl``, ``pydoc`` and ``pkgutil``
#: (the REPL, ``help()``, ``runpy``), ``argparse``,
#: ``doctest``, ``getopt``, ``statistics`` (their ``_main()``/``_test()``); the Windows and
#: macOS ones (``asyncio.windows_events``, ``ctypes``, ``plistlib``); ``hashlib`` (``random``
#: takes the built-in ``_sha2`` first; ``hmac.new`` is never called); ``concurrent.futures``'
#: executors (no thread on the page); ``tarfile`` (Pyodide's packages: none); ``difflib``
#: (suggestions for a SyntaxError); ``tracemalloc`` (optional in ``warnings``); ``pickle``,
#: ``calendar``, ``urllib.request``, ``py_compile``, for features the page does not use.
LAZY = ("_ast_unparse",)


def imports_in(source: str | bytes, module: str = "", package: bool = False, *,
               everywhere: bool = True) -> set[str]:
    """Every module an import statement of ``source`` (the module ``module``, a ``package``
    or not) may load, with its parent packages; ``everywhere=False``: only the statements that
    run when the module is imported. ``from a import b`` counts ``a.b`` too (``b`` may be a
    module; a name that is not one is simply not found)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:  # a test file of the standard library, or another Python's syntax
        return set()
    found: set[str] = set()
    for node in _statements(tree, everywhere):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package that holds ``module``
                parts = module.split(".") if package else module.split(".")[:-1]
                if node.level > len(parts):  # above the top package: an error if it ran
                    continue
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
    return {".".join(name.split(".")[:i]) for name in found if name
            for i in range(1, name.count(".") + 2)}


def _statements(tree: ast.AST, everywhere: bool) -> Iterator[ast.AST]:
    """The nodes of ``tree``; unless ``everywhere``, only those that run when the module is
    imported: not the bodies of functions, nor the branch of an ``if`` that cannot run here
    (:func:`_known`: ``if __name__ == "__main__":``, ``if sys.platform == "win32":``)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if everywhere:
            todo.extend(ast.iter_child_nodes(node))
        elif isinstance(node, ast.If) and (known := _known(node.test)) is not None:
            todo.extend(node.body if known else node.orelse)
        elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))


#: What a few tests of the standard library read on the page: Pyodide is Emscripten, POSIX.
_HERE = {"__name__": "<module>", "sys.platform": "emscripten", "os.name": "posix"}


def _known(test: ast.expr) -> bool | None:
    """The value of an ``if`` test comparing :data:`_HERE`'s names with a string on the page,
    else None (both branches may run)."""
    if (isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute)
            and test.func.attr == "startswith" and len(test.args) == 1
            and isinstance(test.args[0], ast.Constant) and isinstance(test.args[0].value, str)
            and (value := _HERE.get(ast.unparse(test.func.value))) is not None):
        return value.startswith(test.args[0].value)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _known(test.operand)
        return None if inner is None else not inner
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return None
    value, other = _HERE.get(ast.unparse(test.left)), _constant(test.comparators[0])
    if value is None or other is None:
        return None
    if isinstance(test.ops[0], ast.Eq):
        return value == other
    if isinstance(test.ops[0], ast.NotEq):
        return value != other
    if isinstance(test.ops[0], (ast.In, ast.NotIn)) and isinstance(other, (str, tuple)):
        return (value in other) == isinstance(test.ops[0], ast.In)
    return None


def _constant(node: ast.expr) -> object:
    """A string, or a tuple of strings, written out; else None."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Tuple) and all(isinstance(e, ast.Constant) for e in node.elts):
        return tuple(e.value for e in node.elts if isinstance(e, ast.Constant))  # all are
    return None


def used(archive: zipfile.ZipFile, ours: dict[str, bytes]) -> list[str]:
    """The sources in the standard library ``archive`` that the page may import, by member
    name. From the page's ``import main``, PyScript's package and Python's and Pyodide's
    start-up (:data:`STARTUP`, :data:`STARTUP_PACKAGES`, :data:`PYSCRIPT_JS`): every import
    in ``ours`` (our modules and PyScript's, by path: ``rattus/game.py``) wherever it is
    written, and every import of a standard module that runs when it is imported, or that the
    page reaches in a function (:data:`LAZY`), transitively. Modules frozen
    into this Python (``os``, ``site``, ...) are left out: they are never read from the
    archive (run by the page's Python, that is the page's set)."""
    members = set(archive.namelist())
    ours_by_name = {_module_name(path): (path, text) for path, text in ours.items()}

    def source_of(module: str) -> str | None:
        path = module.replace(".", "/")
        for member in (f"{path}/__init__.py", f"{path}.py"):
            if member in members:
                return member
        return None

    todo = ["main", "pyscript", *STARTUP, *CODECS, *PYSCRIPT_JS, *LAZY]
    todo += [name for name in (_module_name(m) for m in members
                               if m.endswith(".py") and m.split("/")[0] in STARTUP_PACKAGES)
             if not any(name == unused or name.startswith(unused + ".")
                        for unused in UNUSED_IN_PACKAGES)]
    seen: set[str] = set()
    wanted: set[str] = set()
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        if module in ours_by_name:
            path, text = ours_by_name[module]
            todo.extend(imports_in(text, module, path.endswith("__init__.py")))
        elif (member := source_of(module)) is not None:
            if not (_imp.is_frozen(module) or module in FROZEN_AS):  # in Python itself
                wanted.add(member)
            todo.extend(imports_in(archive.read(member), module, member.endswith("__init__.py"),
                                   everywhere=False))
    return sorted(wanted)


def _module_name(path: str) -> str:
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


if __name__ == "__main__":
    # the standard library's archive where this Python (the page's) imports it from
    where = next(p for p in sys.path if p.endswith(".zip") and "python" in p)
    with zipfile.ZipFile(where) as archive:
        print(json.dumps({"archive": where, "members": used(archive, json.load(sys.stdin))}))
