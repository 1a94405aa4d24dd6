"""Python bytecode made by the page's own Python, for the build (tools/build.py, tools/stdlib.py).

Why: the page's Python (Pyodide 314 in the browser) would otherwise compile every module it
imports from source at every start — the largest cost of a first load after the runtime's
download. The build compiles them once with the same Python (``tools/compile_pyc.mjs``: Pyodide
under Node), so the page imports ready bytecode. Compiling takes seconds, so the result is
cached in ``.cache/pyc`` under a hash of the sources and of the Pyodide release.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"


class CompileError(RuntimeError):
    """The page's Python refused a source, or Node/Pyodide is missing."""


def node(script: str, *args: str, given: str = "") -> str:
    """Run ``tools/<script>`` with Node, ``given`` on its standard input; its output, or a
    :class:`CompileError` that says what went wrong."""
    try:
        done = subprocess.run(["node", str(ROOT / "tools" / script), *args], input=given,
                              capture_output=True, text=True, encoding="utf-8")
    except OSError as exc:
        raise CompileError(f"Node could not run tools/{script} ({exc}): run `make setup`") \
            from exc
    if done.returncode != 0:
        raise CompileError(f"tools/{script} failed:\n{done.stdout}{done.stderr}")
    return done.stdout


def compiled(tag: str, wanted: dict[str, bytes], at: str = "") -> Path:
    """Compile the sources ``wanted`` (by relative path) with the page's own Python
    (tools/compile_pyc.mjs), named as in the folder ``at`` if given (see there), without
    column ranges and without the docstrings of modules and functions; the folder of their
    ``__pycache__`` files (``x/__pycache__/y.cpython-314.pyc``, unchecked-hash: used as they
    are), cached in ``.cache/pyc`` under a hash of the sources."""
    digest = hashlib.sha256(tag.encode() + b"\0" + at.encode() + b"\0"
                            + (ROOT / "tools" / "compile_pyc.mjs").read_bytes()
                            + (NODE_MODULES / "pyodide" / "package.json").read_bytes())
    for name, text in sorted(wanted.items()):
        digest.update(name.encode() + b"\0" + text + b"\0")
    cached = ROOT / ".cache" / "pyc" / f"{tag}-{digest.hexdigest()[:16]}"
    if not cached.is_dir():
        tmp = cached.with_name(f".{cached.name}.tmp-{os.getpid()}")
        shutil.rmtree(tmp, ignore_errors=True)
        for name, text in wanted.items():
            (tmp / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp / name).write_bytes(text)
        try:
            node("compile_pyc.mjs", str(tmp), at)
        except CompileError:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        for name in wanted:
            (tmp / name).unlink()
        try:
            tmp.rename(cached)
        except OSError:  # another build cached the same sources meanwhile
            shutil.rmtree(tmp, ignore_errors=True)
    if sum(1 for _ in cached.rglob("*.pyc")) != len(wanted):
        raise CompileError(f"{len(wanted)} {tag} modules but a different number compiled in "
                           f"{cached}")
    return cached


def by_source(cached: Path) -> dict[str, bytes]:
    """The bytecode in a :func:`compiled` folder by its source's relative path
    (``x/__pycache__/y.cpython-314.pyc`` is ``x/y.py``'s)."""
    out = {}
    for path in sorted(cached.rglob("*.pyc")):
        rel = path.relative_to(cached)
        out[(rel.parent.parent / (rel.name.split(".")[0] + ".py")).as_posix()] = path.read_bytes()
    return out


def files(cached: Path) -> dict[str, bytes]:
    """The bytecode in a :func:`compiled` folder by its own relative path
    (``x/__pycache__/y.cpython-314.pyc``), to ship next to the sources."""
    return {p.relative_to(cached).as_posix(): p.read_bytes() for p in sorted(cached.rglob("*.pyc"))}
