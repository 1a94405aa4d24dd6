"""The big downloads of a first visit, gzip-compressed at build time (``x`` → ``x.gz``).

Why: on a phone network the bytes are the load. A static host compresses text on the fly at
a fast level (gzip 6), compresses ``.wasm`` or not (GitHub Pages does, not every host), and
never compresses a ``.zip``, whose members are deflated one by one (no file helps compress
another). So the build writes, for each file of :data:`PACKED`, a ``.gz`` made by Zopfli (the
densest gzip there is, slow to make, as fast as any gzip to read): the WebAssembly, and
``stdlib.zip`` and ``app.zip`` with their members *stored* (tools/build.py, tools/stdlib.py),
so that the one gzip stream spans all of them. A host sends a ``.gz`` as it is
(``application/gzip``, no ``Content-Encoding``); the page's first script (web/index.html)
asks for the ``.gz`` wherever Pyodide or PyScript ask for the file, counts its bytes as they
arrive (the progress bar: bytes on the wire) and unpacks it as it goes
(``DecompressionStream``), so the WebAssembly still compiles while it arrives.

The plain files stay in ``dist/`` (the build's own tools read them: tools/snapshot.py, the
e2e tests; a browser without ``DecompressionStream`` asks for them), but the service worker
does not precache them (tools/build.py :func:`write_worker`). Compressing takes seconds to
half a minute per file, so each result is cached in ``.cache/packed`` under a hash of the file.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "packed"

#: The files shipped packed, as the page names them (relative to the site's root).
PACKED = ("vendor/pyodide/pyodide.asm.wasm", "stdlib.zip", "app.zip")
SUFFIX = ".gz"
#: Zopfli's passes: more gain a few bytes on 10 MB for many more seconds.
ITERATIONS = 5


def gzipped(data: bytes) -> bytes:
    """``data`` as a gzip stream by Zopfli (no name, no date: the same bytes every time),
    cached."""
    try:
        import zopfli.gzip  # type: ignore[import-untyped]
    except ImportError as exc:  # a dev dependency (pyproject.toml)
        raise SystemExit("build: error: the Python package zopfli is missing: run "
                         "`make setup`") from exc
    digest = hashlib.sha256(f"zopfli {ITERATIONS}\0".encode() + data).hexdigest()[:24]
    cached = CACHE / f"{digest}{SUFFIX}"
    if not cached.is_file():
        packed = zopfli.gzip.compress(data, numiterations=ITERATIONS)
        CACHE.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_name(f".{cached.name}.{os.getpid()}")
        tmp.write_bytes(packed)
        tmp.replace(cached)
    return cached.read_bytes()


def write(out: Path) -> dict[str, int]:
    """Write ``out/<file>.gz`` for each file of :data:`PACKED`; the packed sizes by file."""
    sizes = {}
    for rel in PACKED:
        packed = gzipped((out / rel).read_bytes())
        (out / (rel + SUFFIX)).write_bytes(packed)
        sizes[rel] = len(packed)
    return sizes


def is_plain(rel: str) -> bool:
    """Whether ``rel`` is a file the page asks for as its ``.gz`` (not to precache)."""
    return rel in PACKED
