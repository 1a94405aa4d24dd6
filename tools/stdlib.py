"""The page's standard library: the modules of Pyodide's that the page may import, as bytecode.

Why: the vendored Pyodide's ``python_stdlib.zip`` holds the sources of all 559 standard modules,
2.5 MB compressed, and every start compiles each one it imports (about 130 at start: Pyodide's
own packages, ``asyncio``, ``typing``, ``inspect``, ``re``, ``json``, ...); on the benchmark
machine that compile was more than half of a first load. ``stdlib.zip`` holds only the modules
the page may import, compiled at build time by the same Python (sourceless, unchecked-hash
``.pyc``, which ``zipimport`` takes as they are), stored for tools/pack.py to pack as one
stream: no source, and none of the modules the page never imports (``unittest``, ``email``,
``multiprocessing``, ``pydoc``, ...), so packed it is about a quarter of the vendored archive.
``web/runtime.mjs`` hands it to ``loadPyodide`` (``stdLibURL``); the vendored original is not
shipped. Where it fits in the page's load:
docs/architecture.md, *Loading, offline, updates*.

Which modules: those the page may import as it starts and plays, found statically by
tools/stdlib_imports.py (see there, also for the standard library's own function-level
imports). A missed module is an ``ImportError`` on the page: the e2e test
``test_modules.py`` plays what a player does (bots to the end, the hint, a save file, a replay
link, every language) and fails on any import the page tried and the archive did not have. An
extra module costs its bytecode. The compiled modules name their source where Python would
find it (``/lib/python314.zip/json/decoder.py``), but a traceback through them shows no source
lines: the archive has no sources.
"""

from __future__ import annotations

import hashlib
import json
import os
import zipfile
from pathlib import Path

import pyc

#: Where the page finds it (web/runtime.mjs ``STDLIB`` names the same file).
NAME = "stdlib.zip"
VENDORED = pyc.NODE_MODULES / "pyodide" / "python_stdlib.zip"
FINDER = Path(__file__).resolve().parent / "stdlib_imports.py"
RUNNER = Path(__file__).resolve().parent / "pyodide_run.mjs"


def used(ours: dict[str, bytes], members: set[str]) -> tuple[str, list[str]]:
    """Where the page's Python finds its standard library (``/lib/python314.zip``) and the
    ``members`` of it the page may import, found by that Python (tools/stdlib_imports.py:
    the search; 3.14's syntax needs 3.14) from ``ours`` (our sources and PyScript's, by path).
    Cached in ``.cache/stdlib`` under a hash of what it depends on."""
    given = json.dumps({path: text.decode("utf-8") for path, text in sorted(ours.items())})
    digest = hashlib.sha256(given.encode())
    for path in (FINDER, RUNNER, pyc.NODE_MODULES / "pyodide" / "package.json"):
        digest.update(b"\0" + path.read_bytes())
    cached = pyc.ROOT / ".cache" / "stdlib" / f"{digest.hexdigest()[:16]}.json"
    if not cached.is_file():
        found = pyc.node(RUNNER.name, str(FINDER), given=given)
        try:
            result = json.loads(found)
            good = (isinstance(result["archive"], str) and result["members"]
                    and set(result["members"]) <= members)
        except (ValueError, KeyError, TypeError):
            good = False
        if not good:
            raise pyc.CompileError("tools/stdlib_imports.py did not list members of the "
                                   f"standard library:\n{found[:2000]}")
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_name(f".{cached.name}.{os.getpid()}")
        tmp.write_text(found, encoding="utf-8")
        tmp.replace(cached)
    result = json.loads(cached.read_text(encoding="utf-8"))
    return result["archive"], result["members"]


def write(out: Path, ours: dict[str, bytes], date: tuple[int, int, int, int, int, int]) -> str:
    """Write ``out/stdlib.zip``: the bytecode of the standard modules the page may import
    (:func:`used`; ``ours``: our sources and PyScript's, by path), stored, with the folders
    that hold them, every member dated ``date`` (the same sources, the same bytes); no source
    and no other member of the vendored archive. Return a summary for the build's report."""
    with zipfile.ZipFile(VENDORED) as vendored:
        archive, wanted = used(ours, set(vendored.namelist()))
        bytecode = pyc.by_source(pyc.compiled(  # named as Python finds them: tracebacks
            "stdlib", {m: vendored.read(m) for m in wanted}, at=archive))
        folders = {"/".join(name.split("/")[:i]) + "/" for name in bytecode
                   for i in range(1, name.count("/") + 1)}
        # stored, not deflated: the site sends stdlib.zip.zst (tools/pack.py), one zstd frame
        # over all members, and zipimport reads a stored member without inflating it
        with zipfile.ZipFile(out / NAME, "w", zipfile.ZIP_STORED) as zf:
            for name in sorted(folders):
                member = zipfile.ZipInfo(name, date)
                member.external_attr = (0o40755 << 16) | 0x10  # a folder (MS-DOS flag too)
                zf.writestr(member, b"")
            for name in sorted(bytecode):  # x.py -> x.pyc, which zipimport imports sourceless
                member = zipfile.ZipInfo(name[:-3] + ".pyc", date)
                member.compress_type = zipfile.ZIP_STORED
                member.external_attr = 0o644 << 16
                zf.writestr(member, bytecode[name])
    size, vendored_size = (out / NAME).stat().st_size, VENDORED.stat().st_size
    return (f"{NAME}: {len(wanted)} standard modules compiled, no source "
            f"({size / 1e3:,.0f} kB, the vendored {vendored_size / 1e3:,.0f} kB)")
