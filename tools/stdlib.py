"""The page's standard library: Pyodide's, with the modules the page imports compiled.

Why: the vendored Pyodide's ``python_stdlib.zip`` holds sources only, so every start compiles
each standard module it imports from source: about 130 at start (Pyodide's own packages,
``asyncio``, ``typing``, ``inspect``, ``re``, ``json``, ...). On the benchmark machine that was
more than half of a first load (a bare Pyodide page took 2.0 s to start, 1.1 s of it compiling).
``stdlib.zip`` is the same archive with those modules replaced by their bytecode, compiled at
build time by the same Python (sourceless, unchecked-hash ``.pyc``, which ``zipimport`` takes as
they are); every other module stays a source, so the file grows by 0.8 MB, not by the 1.9 MB
it would if all were compiled. ``web/runtime.mjs`` hands it to ``loadPyodide``
(``stdLibURL``); the vendored original is not shipped. Where it fits in the page's load:
docs/architecture.md, *Loading, offline, updates*.

Which modules: those the page may import as it starts and plays, found statically by
tools/stdlib_imports.py (see there); an extra module costs its bytecode, a missed one its
compile when it is imported, which the e2e test
``test_load.py::test_the_page_compiles_no_standard_module`` catches. The compiled modules name
their source where Python finds them (``/lib/python314.zip/json/decoder.py``), but a traceback
through them shows no source lines: the archive no longer has their sources.
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
    """Write ``out/stdlib.zip``: the vendored standard library with the modules the page may
    import (:func:`used`; ``ours``: our sources and PyScript's, by path) as bytecode, every
    member dated ``date`` (the same sources, the same bytes); return a summary for the build's
    report."""
    with zipfile.ZipFile(VENDORED) as vendored:
        archive, wanted = used(ours, set(vendored.namelist()))
        bytecode = pyc.by_source(pyc.compiled(  # named as Python finds them: tracebacks
            "stdlib", {m: vendored.read(m) for m in wanted}, at=archive))
        with zipfile.ZipFile(out / NAME, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
            for info in vendored.infolist():
                name, data = info.filename, vendored.read(info)
                if name in bytecode:  # x.py -> x.pyc, which zipimport finds first
                    name, data = name[:-3] + ".pyc", bytecode[name]
                member = zipfile.ZipInfo(name, date)
                member.compress_type = zipfile.ZIP_DEFLATED
                member.external_attr = info.external_attr
                zf.writestr(member, data)
    grown = (out / NAME).stat().st_size - VENDORED.stat().st_size
    return f"{NAME}: {len(wanted)} standard modules compiled ({grown / 1e3:+,.0f} kB)"
