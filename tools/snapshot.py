"""A Pyodide memory snapshot of the page's Python, made at build time, for a quicker reload.

Why: a page that starts Pyodide spends most of its start in Python's own start-up (1.1–1.8 s of
a 1.3–2.2 s load on the benchmark machine), the same work at every visit. Pyodide can instead
restore a copy of the WebAssembly memory taken after that start-up (``loadPyodide`` options
``_makeSnapshot`` / ``_loadSnapshot``, the mechanism Cloudflare's Python Workers use): a
restore takes about a quarter of the time. The copy here is taken once Python has started,
the page's archive (``app.zip``) has been unpacked the way PyScript unpacks it, and every
module of the page that imports without the page (the engine, the pure glue modules, the
standard library they use) has been imported; the modules that need the page (``pyscript``,
``js``, the DOM) are refused while it is taken, so that the copy holds no reference to anything
of the browser. ``web/runtime.mjs`` restores it and then reseeds ``random`` and re-reads the
time zone, the two things of the copy that must not be the build machine's.

The snapshot is only as good as its match with ``pyodide.asm.wasm``, ``stdlib.zip`` and
``app.zip``: it is made by the vendored Pyodide in the e2e tests' Chromium from the built ones
(Python's import system keeps the standard library archive's directory), cached in
``.cache/snapshot`` under a hash of those files, and written gzip-compressed (31 MB of memory,
6 MB compressed) as ``pyodide-snapshot.bin``. The service worker precaches it with the rest
of the build, and the page uses it only when that worker serves the page (so the files all
come from one build and the first visit never downloads it). Where it fits in the page's
load: docs/architecture.md, *Loading, offline, updates*.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import chromium  # noqa: E402
import serve  # noqa: E402

NAME = "pyodide-snapshot.bin"
#: Standard modules the page imports at start besides those Pyodide imports itself.
STDLIB = ("gettext", "hmac", "html", "html.entities", "secrets", "urllib.parse", "zipfile")

MAKER = """<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body>
<script type="module">
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
try {
  const py = await loadPyodide({_makeSnapshot: true, stdLibURL: "./stdlib.zip"});
  const zip = await (await fetch("./app.zip")).arrayBuffer();
  py.unpackArchive(zip, "zip", {extractDir: "."});  // as PyScript's "files": {"./app.zip": "./*"}
  const imported = py.runPython(`
import importlib, importlib.abc, os, random, sys

class _Refuse(importlib.abc.MetaPathFinder):
    # the modules of the browser: a module that needs them is left for the page to import
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in ("js", "pyscript", "pyodide_js", "_pyscript", "polyscript"):
            raise ImportError(f"{name}: not in the snapshot")
        return None

sys.meta_path.insert(0, _Refuse())
done = []
def ours():
    # the glue's modules: main.py and the packages by layer (web/text, model, ...)
    for folder, _dirs, files in sorted(os.walk(".")):
        package = folder[2:].replace("/", ".")
        if package.partition(".")[0] in ("", "rattus", "pyscript") and package:
            continue
        if package and not {"__init__.py", "__init__.pyc"} & set(files):
            continue
        for f in sorted(files):  # app.zip's modules are bytecode (x.pyc), PyScript's sources
            stem, dot, suffix = f.rpartition(".")
            if dot and suffix in ("py", "pyc"):
                yield (package if stem == "__init__" else f"{package}.{stem}".lstrip("."))

for name in [*__STDLIB__, "rattus", *ours()]:
    if name == "main":
        continue
    try:
        importlib.import_module(name)
    except ImportError:
        continue
    done.append(name)
del sys.meta_path[0]
random.seed(0)  # reseeded by the page (web/runtime.mjs); fixed here for a steadier build
",".join(done)
`);
  const bytes = py.makeMemorySnapshot();
  const packed = new Response(new Blob([bytes]).stream().pipeThrough(
    new CompressionStream("gzip")));
  const buffer = new Uint8Array(await packed.arrayBuffer());
  let text = "";
  for (let i = 0; i < buffer.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, buffer.subarray(i, i + 0x8000));
  }
  window.snapshot = {data: btoa(text), imported, size: bytes.length};
} catch (e) {
  window.snapshot = {error: String(e && e.stack || e)};
}
</script></body></html>
"""


def make(site: Path) -> tuple[bytes, str, int]:
    """The gzip-compressed snapshot for the built ``site`` (its vendored Pyodide, stdlib.zip
    and app.zip), the modules it holds, and its uncompressed size."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sys.exit("build: error: the Python snapshot is made with Playwright's Chromium: run "
                 "`make setup` and build with .venv/bin/python (or `make build`)")
    with tempfile.TemporaryDirectory(prefix="rattus-snapshot-") as tmp:
        folder = Path(tmp)
        (folder / "index.html").write_text(
            MAKER.replace("__STDLIB__", json.dumps(list(STDLIB))), encoding="utf-8")
        (folder / "vendor").symlink_to(site / "vendor", target_is_directory=True)
        for name in ("app.zip", "stdlib.zip"):
            (folder / name).symlink_to(site / name)
        with serve.start(folder) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(**chromium.launch_args())
            page = browser.new_page()
            page.goto(url)
            page.wait_for_function("window.snapshot", timeout=120_000)
            result = page.evaluate("window.snapshot")
            browser.close()
    if "error" in result:
        raise RuntimeError(f"making the Python snapshot failed: {result['error']}")
    return base64.b64decode(result["data"]), result["imported"], result["size"]


def key(site: Path) -> str:
    """What the snapshot of ``site`` is made from: a hash of the files it depends on and of
    the way it is made. Its bytes are not reproducible (a few timestamps and random states
    of Python's start-up differ from one making to the next), so the build names the site
    by this key, not by the snapshot's bytes (tools/build.py ``write_worker``)."""
    digest = hashlib.sha256(MAKER.encode() + repr(STDLIB).encode())
    for rel in ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.mjs",
                "vendor/pyodide/pyodide.mjs", "stdlib.zip", "app.zip"):
        digest.update(rel.encode() + b"\0" + (site / rel).read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def write(site: Path, cache: Path) -> str:
    """Put the snapshot for ``site`` into it as :data:`NAME` (made once per Pyodide,
    stdlib.zip and app.zip, then cached); return a summary."""
    cached = cache / key(site)
    if not (cached / NAME).is_file():
        data, imported, size = make(site)
        tmp = cache / f".{cached.name}.tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        (tmp / NAME).write_bytes(data)
        (tmp / "modules.txt").write_text(f"{size}\n{imported}\n", encoding="utf-8")
        shutil.rmtree(cached, ignore_errors=True)
        tmp.rename(cached)
    shutil.copy2(cached / NAME, site / NAME)
    size_line, imported = (cached / "modules.txt").read_text(encoding="utf-8").splitlines()[:2]
    return (f"snapshot {int(size_line) / 1e6:.0f} MB ({(site / NAME).stat().st_size / 1e6:.1f} MB "
            f"packed), {len(imported.split(','))} modules")
