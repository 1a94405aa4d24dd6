"""The big downloads of a first visit, xz-compressed at build time (``x`` → ``x.xz``).

Why: on a phone network the bytes are the load. A static host compresses text on the fly at
a fast level (gzip 6), compresses ``.wasm`` or not (GitHub Pages does, not every host), and
never compresses a ``.zip``, whose members are deflated one by one (no file helps compress
another). So the build writes, for each file of :data:`PACKED`, an ``.xz`` (LZMA2 at its
densest preset, by Python's own ``lzma``): the WebAssembly, and ``stdlib.zip`` and ``app.zip``
with their members *stored* (tools/build.py, tools/stdlib.py), so that one stream spans many
of them. LZMA2 packs them 23 % smaller than the densest gzip (Zopfli: 4,617 kB → 3,561 kB,
about 5 s less on slow 4G), and no browser unpacks it by itself: the page's first script
(web/index.html) asks for the ``.xz`` wherever Pyodide or PyScript ask for the file, counts
its bytes as they arrive (the progress bar: bytes on the wire) and has workers unpack it as it
goes (web/unxz.js, with the vendored decoder ``xz-decompress``, xz-embedded built to
WebAssembly, 9 kB on the wire: tools/build.py), so that the WebAssembly still compiles while
it arrives. LZMA unpacks at some 30 MB/s: on a fast line that, not the download, is the wait,
so a big file is packed in parts (:data:`PART_BYTES`), independent xz streams one after the
other (still one valid ``.xz``), that two workers unpack side by side. A
host sends an ``.xz`` as it is (``application/x-xz``, no ``Content-Encoding``).

The plain files stay in ``dist/`` (the build's own tools read them: tools/snapshot.py, the
e2e tests; a browser that cannot run the decoder asks for them), but the service worker never
downloads them: it precaches the ``.xz`` and stores each unpacked under the plain name once,
for the pages it serves, which ask for the plain files (web/sw.js, tools/build.py
:func:`write_worker`). Compressing takes seconds to half a
minute per file, so each result is cached in ``.cache/packed`` under a hash of the file.
"""

from __future__ import annotations

import hashlib
import lzma
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "packed"

#: The files shipped packed, as the page names them (relative to the site's root).
PACKED = ("vendor/pyodide/pyodide.asm.wasm", "stdlib.zip", "app.zip")
SUFFIX = ".xz"
#: LZMA2 at preset 9 extreme (its dictionary is cut to the file's size by the decoder's
#: needs: xz-embedded allocates what the header says); ``pb=0``, as these files have no
#: 4-byte structure to align on, gains a few kB; CRC32, which xz-embedded checks.
FILTERS = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "pb": 0}]
CHECK = lzma.CHECK_CRC32
#: A file is packed as independent xz streams of at most this many bytes unpacked each (the
#: WebAssembly: two), so that the page unpacks them at once on two cores (web/unxz.js): LZMA
#: unpacks at some 30 MB/s, so on a fast line the unpacking, not the download, is the wait.
#: Two streams cost 0.6 % more bytes than one (15 kB), four 3.5 %.
PART_BYTES = 6_000_000


def packed(data: bytes) -> bytes:
    """``data`` as an xz stream (no name, no date: the same bytes every time), cached."""
    digest = hashlib.sha256(f"xz {FILTERS} {CHECK}\0".encode() + data).hexdigest()[:24]
    cached = CACHE / f"{digest}{SUFFIX}"
    if not cached.is_file():
        result = lzma.compress(data, format=lzma.FORMAT_XZ, check=CHECK, filters=FILTERS)
        CACHE.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_name(f".{cached.name}.{os.getpid()}")
        tmp.write_bytes(result)
        tmp.replace(cached)
    return cached.read_bytes()


def parts(data: bytes) -> list[bytes]:
    """``data`` cut into :func:`part_count` pieces of equal size, each packed on its own."""
    step = -(-len(data) // part_count(len(data)))
    return [packed(data[at:at + step]) for at in range(0, len(data), step)] or [packed(data)]


def part_count(size: int) -> int:
    """How many streams a file of ``size`` bytes is packed in: one per :data:`PART_BYTES`."""
    return max(1, -(-size // PART_BYTES))


def part_sizes(out: Path, rel: str) -> list[int]:
    """The sizes of ``out/<rel>.xz``'s streams, in order (their sum: the file's size)."""
    return [len(part) for part in parts((out / rel).read_bytes())]


def write(out: Path) -> dict[str, int]:
    """Write ``out/<file>.xz`` for each file of :data:`PACKED`: its parts' xz streams one after
    the other (still one valid ``.xz`` file); the packed sizes by file."""
    sizes = {}
    for rel in PACKED:
        result = b"".join(parts((out / rel).read_bytes()))
        (out / (rel + SUFFIX)).write_bytes(result)
        sizes[rel] = len(result)
    return sizes


def is_plain(rel: str) -> bool:
    """Whether ``rel`` is a file the page asks for as its ``.xz`` (not to precache)."""
    return rel in PACKED
