"""Serve the built site (``dist/``) on localhost with the right MIME types. Standard library only.

Run: ``python tools/serve.py [--port 8000] [--dir dist]``. The e2e tests and the load benchmark
import :func:`start` to run the same server in a thread on a free port.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types that Pyodide, ES modules, the service worker (``sw.js``:
    a JavaScript type, else the browser refuses to register it) and the web app manifest
    need."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".html": "text/html; charset=utf-8",
        ".js": "text/javascript; charset=utf-8",
        ".mjs": "text/javascript; charset=utf-8",
        ".css": "text/css; charset=utf-8",
        ".json": "application/json",
        ".py": "text/plain; charset=utf-8",
        ".svg": "image/svg+xml",
        ".png": "image/png",
        ".webmanifest": "application/manifest+json",
        ".wasm": "application/wasm",
        ".zip": "application/zip",
        ".whl": "application/zip",
    }
    quiet = False

    def end_headers(self) -> None:
        # Always revalidate, so that a rebuilt site is picked up on reload.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        if not self.quiet:
            super().log_message(format, *args)


class QuietSiteHandler(SiteHandler):
    quiet = True


def make_server(
    directory: Path, port: int = 0, host: str = "127.0.0.1", quiet: bool = False
) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(
        QuietSiteHandler if quiet else SiteHandler, directory=str(directory)
    )
    return http.server.ThreadingHTTPServer((host, port), handler)


@contextmanager
def start(directory: Path, port: int = 0, quiet: bool = True) -> Iterator[str]:
    """Serve ``directory`` in a background thread; yield its base URL (ending in ``/``)."""
    with serving(make_server(directory, port, quiet=quiet)) as url:
        yield url


@contextmanager
def serving(server: http.server.HTTPServer) -> Iterator[str]:
    """Run ``server`` in a background thread; yield its base URL (ending in ``/``)."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve the built site on localhost.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", type=Path, default=ROOT / "dist")
    parser.add_argument("--host", default="127.0.0.1")
    args = parser.parse_args()
    if not (args.dir / "index.html").is_file():
        parser.error(f"{args.dir}/index.html not found: run `make build` first")
    server = make_server(args.dir, args.port, args.host)
    shown = "localhost" if args.host in ("127.0.0.1", "localhost") else args.host
    print(
        f"Serving {args.dir} at http://{shown}:{server.server_address[1]}/ (Ctrl-C to stop)",
        flush=True,
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
