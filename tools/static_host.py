"""A local server that compresses as static hosts do, for the load benchmark's network mode.

GitHub Pages (and most CDNs) gzip text on the fly: HTML, CSS, JavaScript (``.js``, ``.mjs``),
JSON, SVG, the web app manifest, plain text — and, on GitHub Pages, ``application/wasm`` too,
though not every host does (hence ``gzip_wasm``). Zip archives, PNGs and other binaries are
sent as they are. The MIME types are tools/serve.py's; connections are kept alive (HTTP/1.1, so
Chromium opens up to 6 per host, where GitHub Pages speaks HTTP/2 over one). Each file is
compressed once (level 6, as gzip's default) and kept, as a CDN keeps it. Standard library only.
"""

from __future__ import annotations

import email.utils
import functools
import gzip
import http.server
import io
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO

import serve

#: MIME types sent gzipped (besides every ``text/*``).
COMPRESSED_TYPES = frozenset({
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "application/xml",
    "image/svg+xml",
})
WASM_TYPE = "application/wasm"

_cache: dict[tuple[str, int, int], bytes] = {}
_cache_lock = threading.Lock()


def compressed(path: str) -> bytes:
    """The file's gzip encoding, made once per version of the file."""
    stat = os.stat(path)
    key = (path, stat.st_mtime_ns, stat.st_size)
    with _cache_lock:
        body = _cache.get(key)
    if body is None:
        body = gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)
        with _cache_lock:
            _cache[key] = body
    return body


class CompressingHandler(serve.QuietSiteHandler):
    """tools/serve.py's MIME types, with a static host's gzip (when the client accepts it) and
    caching: ``max-age=600`` as GitHub Pages sends, ETag and Last-Modified, 304 when unchanged."""

    protocol_version = "HTTP/1.1"
    gzip_wasm = True

    def compressible(self, content_type: str) -> bool:
        base = content_type.split(";")[0].strip()
        return (base.startswith("text/") or base in COMPRESSED_TYPES
                or (self.gzip_wasm and base == WASM_TYPE))

    def end_headers(self) -> None:
        # GitHub Pages' caching: fresh for 10 minutes, then revalidated (ETag, Last-Modified)
        self.send_header("Cache-Control", "max-age=600")
        http.server.SimpleHTTPRequestHandler.end_headers(self)

    def send_head(self) -> BinaryIO | None:
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return super().send_head()  # a redirect, a 404
        content_type = self.guess_type(path)
        compressible = self.compressible(content_type)
        gzipped = compressible and "gzip" in self.headers.get("Accept-Encoding", "")
        stat = os.stat(path)
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{"-gzip" if gzipped else ""}"'
        headers = [("ETag", etag), ("Last-Modified", self.date_time_string(int(stat.st_mtime)))]
        if compressible:
            headers.append(("Vary", "Accept-Encoding"))
        if self.not_modified(etag, stat.st_mtime):
            self.send_response(304)
            for name, value in headers:
                self.send_header(name, value)
            self.end_headers()
            return None
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        for name, value in headers:
            self.send_header(name, value)
        if gzipped:
            body = compressed(path)
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)
        self.send_header("Content-Length", str(stat.st_size))
        self.end_headers()
        return open(path, "rb")  # noqa: SIM115 - closed by do_GET

    def not_modified(self, etag: str, mtime: float) -> bool:
        """A conditional request that the file still matches (If-None-Match first)."""
        if (match := self.headers.get("If-None-Match")) is not None:
            return etag in (tag.strip() for tag in match.split(","))
        since = self.headers.get("If-Modified-Since")
        if since is None:
            return False
        try:
            return int(mtime) <= email.utils.parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError):
            return False


class RawWasmHandler(CompressingHandler):
    """A host that sends ``.wasm`` uncompressed (text still gzipped)."""

    gzip_wasm = False


class ProjectSiteHandler(CompressingHandler):
    """GitHub Pages' *project site*: the site under ``/<repo>/`` (``site_path``), nothing
    outside it (404), ``/<repo>`` redirected to ``/<repo>/`` as Pages does."""

    site_path = "/"

    def translate_path(self, path: str) -> str:
        prefix = self.site_path.rstrip("/")
        bare = path.split("?", 1)[0].split("#", 1)[0]
        if bare != prefix and not bare.startswith(prefix + "/"):
            return os.path.join(self.directory, "outside-the-project-site")  # no such file: 404
        return super().translate_path(path[len(prefix):])


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a browser context closed
            super().handle_error(request, client_address)


@contextmanager
def start(directory: Path, gzip_wasm: bool = True, site_path: str = "/") -> Iterator[str]:
    """Serve ``directory`` in a background thread; yield its base URL (ending in ``/``): the
    host's root, or with ``site_path`` (``"/<repo>/"``) the project site's address."""
    base: type[CompressingHandler] = CompressingHandler if gzip_wasm else RawWasmHandler
    if site_path != "/":
        base = type("ProjectSite", (ProjectSiteHandler, base), {"site_path": site_path})
    handler = functools.partial(base, directory=str(directory))
    with serve.serving(Server(("127.0.0.1", 0), handler)) as url:
        yield url.rstrip("/") + site_path
