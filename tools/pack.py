"""The big downloads of a first visit, zstd-compressed at build time (``x`` → ``x.zst``).

Why: on a phone network the bytes are the load. A static host compresses text on the fly at
a fast level (gzip 6), compresses ``.wasm`` or not (GitHub Pages does, not every host), and
never compresses a ``.zip``, whose members are deflated one by one (no file helps compress
another). So the build writes, for each file of :data:`PACKED`, a ``.zst`` (Zstandard at its
densest level, by the ``zstandard`` package): the WebAssembly, and ``stdlib.zip`` and
``app.zip`` with their members *stored* (tools/build.py, tools/stdlib.py), so that one frame
spans many of them. No browser unpacks zstd by itself (Chromium's DecompressionStream knows
gzip and deflate only): the page's first script (web/index.html) asks for the ``.zst``
wherever Pyodide or PyScript ask for the file, counts its bytes as they arrive (the progress
bar: bytes on the wire) and has workers unpack it (web/unpack.js, with the vendored decoder
``zstddec``, Zstandard's own decoder built to WebAssembly, 30 kB on the wire: tools/build.py).

Why zstd, not the denser xz (LZMA2) the site shipped before: on two cores the page's start is
work for the processor, and LZMA unpacks at some 40 MB/s, zstd at some 300: xz's 13.7 MB of
plain bytes cost the workers about 340 ms, zstd's about 45, and the page was playable 120–200
ms sooner on localhost (medians of 10 side by side), for 10 % more bytes (3,581 → 3,926 kB:
about 1.7 s on slow 4G, where the page stays well inside its goals).

A frame is unpacked once all its bytes are in, so a big file is packed in parts
(:data:`PART_BYTES`), independent frames one after the other (still one valid ``.zst``): the
WebAssembly still compiles while its later parts arrive, and two workers unpack parts side by
side. A host sends a ``.zst`` as it is (no ``Content-Encoding``).

The plain files stay in ``dist/`` (the build's own tools read them: tools/snapshot.py, the
e2e tests; a browser that cannot run the decoder asks for them), but the service worker never
downloads them: it precaches the ``.zst`` and stores each unpacked under the plain name once,
for the pages it serves, which ask for the plain files (web/sw.js, tools/build.py
:func:`write_worker`). Compressing takes seconds per file, so each result is cached in
``.cache/packed`` under a hash of the file.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import zstandard

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "packed"

#: The files shipped packed, as the page names them (relative to the site's root).
PACKED = ("vendor/pyodide/pyodide.asm.wasm", "stdlib.zip", "app.zip")
SUFFIX = ".zst"
#: Zstandard's densest standard level; each frame says its unpacked size (the decoder's
#: buffer) and ends with a checksum, which the decoder checks (a garbled download is said).
LEVEL = 19
#: A file is packed as independent frames of at most this many bytes unpacked each (the
#: WebAssembly: three): a part is unpacked once its last byte is in, so the compiler's wait
#: after the last byte is one part's. Three parts cost 0.9 % more bytes than one (26 kB).
PART_BYTES = 3_500_000


def packed(data: bytes) -> bytes:
    """``data`` as one zstd frame (no dictionary, no date: the same bytes every time), cached."""
    digest = hashlib.sha256(f"zstd {LEVEL} checksum\0".encode() + data).hexdigest()[:24]
    cached = CACHE / f"{digest}{SUFFIX}"
    if not cached.is_file():
        compressor = zstandard.ZstdCompressor(level=LEVEL, write_checksum=True,
                                              write_content_size=True)
        result = compressor.compress(data)
        CACHE.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_name(f".{cached.name}.{os.getpid()}")
        tmp.write_bytes(result)
        tmp.replace(cached)
    return cached.read_bytes()


def pieces(data: bytes) -> list[bytes]:
    """``data`` cut into :func:`part_count` pieces of equal size (the last one may be shorter)."""
    step = -(-len(data) // part_count(len(data)))
    return [data[at:at + step] for at in range(0, len(data), step)] or [data]


def part_count(size: int) -> int:
    """How many frames a file of ``size`` bytes is packed in: one per :data:`PART_BYTES`."""
    return max(1, -(-size // PART_BYTES))


def part_sizes(out: Path, rel: str) -> list[list[int]]:
    """``out/<rel>.zst``'s frames in order, each as [its size, its size unpacked]: the page
    routes each frame's bytes to a worker and checks what it unpacks to."""
    return [[len(packed(piece)), len(piece)] for piece in pieces((out / rel).read_bytes())]


def write(out: Path) -> dict[str, int]:
    """Write ``out/<file>.zst`` for each file of :data:`PACKED`: its parts' frames one after
    the other (still one valid ``.zst`` file); the packed sizes by file."""
    sizes = {}
    for rel in PACKED:
        result = b"".join(packed(piece) for piece in pieces((out / rel).read_bytes()))
        (out / (rel + SUFFIX)).write_bytes(result)
        sizes[rel] = len(result)
    return sizes


def is_plain(rel: str) -> bool:
    """Whether ``rel`` is a file the page asks for as its ``.zst`` (not to precache)."""
    return rel in PACKED
