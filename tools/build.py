"""Build the deployable static site into ``dist/``.

What lands in ``dist/``:

* every file under ``web/`` (recursively: the page, CSS, the icons, ...) except the Python sources;
* ``app.zip``: every Python module — the engine ``rattus/**/*.py`` and the glue ``web/*.py``
  (``main.py`` included) — in one archive, so that the page makes one request for them instead
  of one per module; ``pyscript.json`` (generated from the template ``web/pyscript.json``) tells
  PyScript to unpack it (``"./app.zip": "./*"``) into the Pyodide file system before the page's
  ``import main`` runs. Each module is there as its bytecode only (``rattus/game.pyc``, which
  Python imports without a source), compiled by the page's own Python
  (``tools/compile_pyc.mjs``, Pyodide under Node), so the page does not compile them at start
  and does not download sources it would not read (a traceback shows no source lines).
  The archive is byte-for-byte reproducible (fixed dates and order, unchecked-hash ``.pyc``).
  It also carries PyScript's own ``pyscript`` package compiled (:func:`pyscript_bytecode`),
  which the page would otherwise compile at every start;
* ``stdlib.zip``: Python's standard library, the vendored Pyodide's with every module the page
  may import compiled (tools/stdlib.py; the vendored one has sources only, and compiling them
  was over half of a first start);
* ``runtime.mjs`` (PyScript's ``"interpreter"``): the vendored Pyodide's ``loadPyodide``, started
  by ``index.html`` first thing, and from ``pyodide-snapshot.bin`` when the service worker serves
  the page: a memory snapshot of Python with the engine and the pure glue imported, made by
  ``tools/snapshot.py`` in Chromium (cached in ``.cache/snapshot``), so that a visit after the
  first skips Python's start-up;
* the runtime, vendored from ``node_modules`` (exact versions in ``package-lock.json``):
  ``vendor/pyodide/`` (only the files Pyodide needs to boot, its standard library aside) and
  ``vendor/pyscript/`` (only the ``@pyscript/core`` files the page loads: see
  :data:`PYSCRIPT_KEEP`);
* the installable app: ``manifest.webmanifest`` and its icons ``icons/*.png``, rendered from the
  one drawing ``web/icon.svg`` by the Chromium of the e2e tests (tools/icons.py);
* ``sw.js``, the service worker (template ``web/sw.js``) with this build's name (a hash of every
  other file's content) and the list of files it precaches (the whole site), so that the game
  plays offline after one visit and a new deploy is a new worker (the page offers to reload);
* ``vendor/panzoom/`` (``@panzoom/panzoom``'s minified build and its licence: pinch-zoom and
  pan of the map on touch screens);
* ``vendor/zstd/`` (``zstddec``, Zstandard's decoder built to WebAssembly: the decoder of the
  ``.zst`` downloads, tools/pack.py, as a classic script for the workers that import it);
* the translations (docs/translating.md): ``web/locale/<lang>.po`` compiled to
  ``locale/<lang>.mo`` (by ``tools/i18n.py``, which refuses an incomplete catalogue), fetched
  by the page for the language in use only (web/text/language.py); the PO sources stay out of the
  site. ``index.html``'s first script gets, for every language, the texts it shows before
  Python runs (``boot.*`` and every key its elements name);
* ``.nojekyll``, so that GitHub Pages serves the files as they are;
* ``LICENSE.txt`` and ``NOTICE.txt`` (the credits for the vendored runtime).

The build then checks that nothing in ``dist/`` would make the page reach another host: the config
must point ``interpreter`` at the local ``pyodide.mjs`` (without it PyScript silently uses a CDN),
and our own files must not name any http(s) URL that a browser would fetch.

Run: ``python tools/build.py [--out dist]`` with the dev dependencies (``make build`` uses the
project's virtualenv): Babel for the translations; Playwright and Chromium for the icons (once
per drawing, cached in ``.cache/icons``) and the snapshot (``.cache/snapshot``); Node for the
bytecode (``.cache/pyc``) and the search for the standard modules the page imports
(``.cache/stdlib``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
ENGINE = ROOT / "rattus"
NODE_MODULES = ROOT / "node_modules"

sys.path.insert(0, str(ROOT / "tools"))
import first_screen  # noqa: E402  (tools/first_screen.py: the page before Python runs)
import i18n  # noqa: E402  (tools/i18n.py: the translations, with Babel)
import icons  # noqa: E402  (tools/icons.py: the app's icons, with Chromium)
import pack  # noqa: E402  (tools/pack.py: the big downloads zstd-packed)
import pyc  # noqa: E402  (tools/pyc.py: bytecode by the page's own Python, cached)
import snapshot  # noqa: E402  (tools/snapshot.py: Python's memory snapshot, with Chromium)
import stdlib  # noqa: E402  (tools/stdlib.py: the standard library, its modules compiled)

#: The packed downloads' decoder (tools/pack.py), as web/unpack.js and web/sw.js import it.
ZSTD_DECODER = "zstddec.js"
#: The one export of zstddec's module, which its classic-script copy makes a global instead:
#: the service worker and the page's unpacking workers load it with importScripts (a module
#: service worker is new in Firefox, 147).
ZSTD_EXPORT = "export { ZSTDDecoder };"
#: PyScript's "interpreter": our module (web/runtime.mjs) around the vendored Pyodide's.
INTERPRETER = "./runtime.mjs"
VENDORED_PYODIDE = "./vendor/pyodide/pyodide.mjs"
APP_ARCHIVE = "app.zip"
WORKER = "sw.js"
#: Where the worker template takes this build's name and the files to precache.
WORKER_BUILD, WORKER_FILES = '"__BUILD__"', "[/* __FILES__ */]"
WORKER_PACKED = "{/* __PACKED__ */}"
#: The packed downloads' types, as the service worker stores them unpacked (by suffix).
PLAIN_TYPES = {".wasm": "application/wasm", ".zip": "application/zip"}
#: A fixed date for every archive member (zip cannot say 1970): the same sources, the same bytes.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)

#: The @pyscript/core files the page loads: the entry, its stylesheet, the core chunk (the
#: interpreter glue) and the ``error`` plugin (it shows a Python error on the page).
PYSCRIPT_KEEP = re.compile(r"^(core\.js|core\.css|core-[\w-]+\.js|error-[\w-]+\.js)$")
#: The chunks PyScript imports only for features this page does not use, by name prefix. The
#: plugins among them are switched off in ``web/pyscript.json`` (``"plugins": ["!name"]``),
#: else PyScript would import each at start; the rest are imported only by a feature.
PYSCRIPT_UNUSED = {
    "deprecations-manager": "plugin: notices about deprecated PyScript syntax",
    "donkey": "plugin: a worker-based REPL",
    "py-editor": "plugin: the <script type=py-editor> code editor",
    "py-game": "plugin: pygame-ce canvas",
    "py-terminal": "plugin: the <script terminal> terminal",
    "codemirror": "the editor's code view",
    "xterm": "the terminal's view",
    "toml": "a TOML config (ours is JSON)",
    "zip": "archives for MicroPython (Pyodide unpacks ours itself)",
    "pyodide_graph": "the package graph (no packages are loaded)",
    "mpy": "MicroPython",
    "index": "the worker-side bundle (no worker is used)",
    "storage": "pyscript.storage (unused)",
}

#: What Pyodide 314 reads when it boots from the ``indexURL`` directory: the ES module loader,
#: the Emscripten glue (``.asm.mjs`` since 0.28), the WebAssembly binary and the package lock
#: file (read at boot even when no package is loaded). Its standard library comes from
#: ``stdlib.zip`` instead (tools/stdlib.py: the same, with the modules the page imports compiled).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide-lock.json",
)

#: URLs that appear in our own files and that a browser never fetches (XML namespaces).
HARMLESS_URLS = re.compile(r"^https?://www\.w3\.org/")
URL_RE = re.compile(r"""https?://[^\s"'`)<>\\]+""")


def fail(message: str) -> NoReturn:
    print(f"build: error: {message}", file=sys.stderr)
    sys.exit(1)


#: Files of ``web/`` that are sources of the build, not parts of the site.
SOURCES_ONLY = (".po", ".pot", ".md")


def copy_web(out: Path) -> None:
    for src in sorted(WEB.rglob("*")):
        if (src.is_dir() or "__pycache__" in src.parts or src.name == "pyscript.json"
                or src.suffix in SOURCES_ONLY):
            continue
        if src.suffix == ".py" or src.name == WORKER:  # in app.zip; the worker: write_worker
            continue
        dst = out / src.relative_to(WEB)
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)


#: The engine's command-line tools (``python -m rattus.bench``...), which the page never
#: imports: left out of app.zip (a check below makes sure nothing of the page names them).
ENGINE_TOOLS = ("rattus/arena.py", "rattus/bench.py", "rattus/bench_odds.py")


def python_sources() -> dict[str, Path]:
    """Every Python module the page runs, by its path in the Pyodide file system."""
    sources = {}
    for src in sorted(ENGINE.rglob("*.py")):
        rel = src.relative_to(ROOT).as_posix()
        if "__pycache__" not in src.parts and rel not in ENGINE_TOOLS:
            sources[rel] = src
    if "rattus/__init__.py" not in sources:
        fail("rattus/__init__.py not found")
    for src in sorted(WEB.rglob("*.py")):  # main.py and the packages by layer
        if "__pycache__" not in src.parts:
            sources[src.relative_to(WEB).as_posix()] = src
    if "main.py" not in sources:
        fail("web/main.py not found")
    tools = re.compile(r"\b(?:rattus\.)?(?:" + "|".join(
        Path(t).stem for t in ENGINE_TOOLS) + r")\b")
    for name, src in sources.items():
        imported = [line for line in src.read_text(encoding="utf-8").splitlines()
                    if re.match(r"\s*(?:from|import)\s", line) and tools.search(line)]
        if imported:
            fail(f"{name} imports one of {ENGINE_TOOLS}, which app.zip leaves out: {imported}")
    return sources


#: Where PyScript unpacks app.zip on the page (Pyodide's working folder): the bytecode names
#: its modules' files there (``/home/pyodide/rattus/game.py``), as tracebacks show them.
APP_HOME = "/home/pyodide"


def bytecode(sources: dict[str, Path]) -> dict[str, bytes]:
    """The sources compiled by the page's own Python (tools/compile_pyc.mjs: Pyodide under
    Node), by the path of a sourceless module (``x/y.pyc``, which Python imports as it is,
    with no ``x/y.py`` beside it): the page imports them without compiling. Cached in
    ``.cache/pyc`` (tools/pyc.py)."""
    compiled = pyc.by_source(pyc.compiled("app", {name: src.read_bytes()
                                                 for name, src in sources.items()}, at=APP_HOME))
    return {name[:-3] + ".pyc": code for name, code in compiled.items()}


#: Where the vendored PyScript keeps the Python package ``pyscript`` that it writes into the
#: page's file system at every start: an object literal of file names and sources.
PYSCRIPT_PACKAGE = re.compile(r'\{pyscript:(\{"__init__\.py":)')
NODE_LITERAL = ('let s = ""; process.stdin.on("data", (d) => { s += d; }).on("end", () => '
                'process.stdout.write(JSON.stringify(eval("(" + s + ")"))));')


def pyscript_sources() -> dict[str, bytes]:
    """The ``pyscript`` package that PyScript writes as sources (``.py``) before the page's
    ``import main``, read from the vendored core chunk, by path (``pyscript/web.py``)."""
    chunks = sorted((NODE_MODULES / "@pyscript" / "core" / "dist").glob("core-*.js"))
    text = "".join(c.read_text(encoding="utf-8") for c in chunks if c.suffix == ".js")
    found = PYSCRIPT_PACKAGE.search(text)
    if found is None:
        fail("@pyscript/core: the sources of its Python package were not found (a new "
             "release? see PYSCRIPT_PACKAGE in tools/build.py)")
    start = depth = found.start(1)
    depth, i, quote = 0, start, None
    while True:  # the object literal's end: braces outside strings
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = None
        elif ch in "\"'`":
            quote = ch
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                break
        i += 1
    done = subprocess.run(["node", "-e", NODE_LITERAL], input=text[start:i + 1],
                          capture_output=True, text=True)
    if done.returncode != 0:
        fail(f"@pyscript/core: reading its Python package failed:\n{done.stderr}")
    files = json.loads(done.stdout)
    if not all(isinstance(v, str) for v in files.values()):
        fail("@pyscript/core: its Python package has sub-folders (see pyscript_sources)")
    return {f"pyscript/{n}": v.encode() for n, v in files.items()}


def pyscript_bytecode(package: dict[str, bytes]) -> dict[str, bytes]:
    """Bytecode for PyScript's package (:func:`pyscript_sources`), which the page would
    otherwise compile at every start, as unchecked-hash ``pyscript/__pycache__/*.pyc``: used
    next to the sources PyScript then writes."""
    return pyc.files(pyc.compiled("pyscript", package))


def write_archive(out: Path, sources: dict[str, Path], package: dict[str, bytes]) -> None:
    """All our Python modules in one zip (one request), as bytecode only (nothing on the page
    reads their sources: PyScript imports ``main``, tools/snapshot.py imports the modules it
    finds), and the bytecode of PyScript's ``package``; the same sources give the same bytes,
    so an unchanged build keeps its name (:func:`write_worker`)."""
    members = bytecode(sources)
    members.update(pyscript_bytecode(package))
    with zipfile.ZipFile(out / APP_ARCHIVE, "w", zipfile.ZIP_STORED) as zf:
        for name in sorted(members):  # stored: the site sends app.zip.zst (tools/pack.py)
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            zf.writestr(info, members[name])


def translate(out: Path, draft: bool = False) -> dict[str, int]:
    """Compile the catalogues into ``out/locale`` and give ``index.html`` its boot texts;
    bytes per language (``draft``: accept incomplete catalogues, see tools/i18n.py)."""
    sizes = i18n.compile_to(out / "locale", draft)
    page = out / "index.html"
    html = page.read_text(encoding="utf-8")
    keys = sorted({k for k in i18n.english() if k.startswith("boot.")}
                  | set(re.findall(r'data-(?:text|label|title|alt|aria)="([\w.]+)"', html)))
    texts = i18n.boot_texts(out / "locale", keys)
    marker = 'var BOOT_TEXTS = {"en": {}};'
    if marker not in html:
        fail("web/index.html has no BOOT_TEXTS line for the boot texts")
    html = html.replace(marker, "var BOOT_TEXTS = "
                        + json.dumps(texts, ensure_ascii=False, sort_keys=True) + ";")
    page.write_text(html, encoding="utf-8")
    return sizes


def write_config(out: Path) -> dict:
    template = WEB / "pyscript.json"
    config = json.loads(template.read_text(encoding="utf-8"))
    if config.get("interpreter") != INTERPRETER:
        fail(f'{template}: "interpreter" must be "{INTERPRETER}" (else PyScript uses a CDN)')
    if f'from "{VENDORED_PYODIDE}"' not in (WEB / INTERPRETER).read_text(encoding="utf-8"):
        fail(f"web/{INTERPRETER[2:]} must import the vendored {VENDORED_PYODIDE}")
    for key in ("packages", "js_modules"):
        if config.get(key):
            fail(
                f'{template}: "{key}" would be fetched from a CDN; the site must be self-contained'
            )
    config["files"] = {**config.get("files", {}), f"./{APP_ARCHIVE}": "./*"}
    off = {name.lstrip("!") for name in config.get("plugins", []) if name.startswith("!")}
    plugins = {n for n, why in PYSCRIPT_UNUSED.items() if why.startswith("plugin:")}
    if plugins - off:
        fail(f'{template}: "plugins" must switch off {sorted(plugins - off)} ("!name"): the '
             "page does not use them and PyScript would fetch each at start")
    page = (WEB / "index.html").read_text(encoding="utf-8")
    mpy = re.search(r"<mpy-config[^>]*>(.*?)</mpy-config>", page, re.S)
    if mpy is None or json.loads(mpy.group(1)).get("plugins") != config.get("plugins"):
        fail('web/index.html: <mpy-config> must switch off the same "plugins" as '
             f"{template} (PyScript starts them for each interpreter)")
    (out / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    return config


def vendor(out: Path) -> None:
    pyodide = NODE_MODULES / "pyodide"
    pyscript = NODE_MODULES / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not pyscript.is_dir():
        fail("node_modules is missing pyodide or @pyscript/core: run `npm ci` (or `make setup`)")
    dst = out / "vendor" / "pyodide"
    dst.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        if not (pyodide / name).is_file():
            fail(f"node_modules/pyodide/{name} is missing")
        shutil.copy2(pyodide / name, dst / name)
    write_lock(pyodide / LOCK, dst / LOCK)
    # @pyscript/core: only the files the page loads (PYSCRIPT_KEEP); never the source maps.
    dst = out / "vendor" / "pyscript"
    dst.mkdir(parents=True, exist_ok=True)
    for src in sorted(pyscript.iterdir()):
        if src.is_file() and PYSCRIPT_KEEP.match(src.name):
            shutil.copy2(src, dst / src.name)
    static, dynamic = imported_chunks(dst)
    missing = [n for n in static if not (dst / n).is_file()]
    if missing:
        fail(f"@pyscript/core chunks not vendored: {missing}")
    unknown = [n for n in dynamic if not (dst / n).is_file()
               and not any(n.startswith(prefix) for prefix in PYSCRIPT_UNUSED)]
    if unknown:  # a new PyScript release: decide whether the page needs them
        fail(f"@pyscript/core chunks neither vendored nor known to be unused: {unknown}")
    # @panzoom/panzoom: one UMD file that defines window.Panzoom, and its MIT licence
    panzoom = NODE_MODULES / "@panzoom" / "panzoom"
    dst = out / "vendor" / "panzoom"
    dst.mkdir(parents=True, exist_ok=True)
    for src, name in ((panzoom / "dist" / "panzoom.min.js", "panzoom.min.js"),
                      (panzoom / "MIT-License.txt", "LICENSE.txt")):
        if not src.is_file():
            fail(f"{src.relative_to(ROOT)} is missing: run `npm ci` (or `make setup`)")
        shutil.copy2(src, dst / name)
    vendor_trystero(out / "vendor" / "trystero")
    qrcode = NODE_MODULES / "qrcode-generator"
    dst = out / "vendor" / "qrcode"
    dst.mkdir(parents=True, exist_ok=True)
    if not (qrcode / "qrcode.js").is_file():  # (its MIT licence is in the file's header)
        fail("node_modules/qrcode-generator is missing: run `npm ci` (or `make setup`)")
    shutil.copy2(qrcode / "qrcode.js", dst / "qrcode.js")
    vendor_zstd(out / "vendor" / "zstd")


def vendor_zstd(dst: Path) -> None:
    """zstddec, the decoder of the packed downloads (tools/pack.py): its ES module, whose one
    export becomes a global (``self.ZSTDDecoder``) so that classic workers can import it, its
    WebAssembly inside; with its licences (MIT; Zstandard's BSD)."""
    package = NODE_MODULES / "zstddec"
    module = package / "dist" / "zstddec.mjs"
    if not module.is_file():
        fail("node_modules/zstddec is missing: run `npm ci` (or `make setup`)")
    text = module.read_text(encoding="utf-8")
    if text.count(ZSTD_EXPORT) != 1 or re.search(r"^\s*import\b|import\.meta", text, re.M):
        fail(f"{module}: expected one `{ZSTD_EXPORT}` and no imports (a new zstddec?)")
    dst.mkdir(parents=True, exist_ok=True)
    (dst / ZSTD_DECODER).write_text(
        "// zstddec (npm), MIT, by Don McCurdy, with Zstandard's decoder inside (BSD-3-Clause,\n"
        "// Facebook): see LICENSE. Its ES module as a classic script (tools/build.py).\n"
        + text.replace(ZSTD_EXPORT, "self.ZSTDDecoder = ZSTDDecoder;"), encoding="utf-8")
    shutil.copy2(package / "LICENSE", dst / "LICENSE")


#: Trystero (online play, docs/online.md): its Nostr strategy, the core it is built on and the
#: signature library it signs with, each module at its place under ``vendor/trystero/``; their
#: bare imports are written as relative paths (what a bundler would resolve), so the page
#: needs no import map. The page imports it only when a game goes online (web/online.js).
TRYSTERO = {  # npm package -> (its folder of modules, where they go, the file imported)
    "@trystero-p2p/nostr": ("dist", ".", "index.mjs"),
    "@trystero-p2p/core": ("dist", "core", "index.mjs"),
    "@noble/secp256k1": (".", "noble", "index.js"),
}
IMPORT_RE = re.compile(r"""(\bfrom\s*|\bimport\s*\(?\s*)(["'])([^"'./][^"']*)\2""")
#: Fixes to Trystero's modules, applied as they are copied (the build fails if the text is not
#: found: a new version must be looked at again). Each: (package, module, old, new).
#: - An offer kept ready in Trystero's pool (20 are made when a room opens) is renewed with
#:   an ICE restart when it is taken after 57 s; Chromium then loses its trickled candidates
#:   (or, without trickling, waits 15 s for a gathering that never ends): the peer it was
#:   made for never connects, and is not tried again until the offer expires. A host's page
#:   a minute old could then not be joined (docs/online.md, "Why joins hung"). An offer that
#:   old is dropped instead; the pool makes a fresh one in its place.
TRYSTERO_FIXES = (
    ("@trystero-p2p/core", "offer-pool.mjs",
     "\t\t\tthis.pooled.delete(peer);\n\t\t\tpeers.push(peer);\n",
     "\t\t\tthis.pooled.delete(peer);\n"
     "\t\t\tif (Date.now() - peer.created > offerTtl) {\n"
     "\t\t\t\tpeer.destroy();\n\t\t\t\tcontinue;\n\t\t\t}\n"
     "\t\t\tpeers.push(peer);\n"),
)


def vendor_trystero(dst: Path) -> None:
    """Copy Trystero's modules (no source maps, no types) and rewrite their bare imports."""
    places = {name: place for name, (_src, place, _main) in TRYSTERO.items()}
    for package, (folder, place, main) in TRYSTERO.items():
        src = NODE_MODULES / package / folder
        if not (src / main).is_file():
            fail(f"node_modules/{package} is missing: run `npm ci` (or `make setup`)")
        target = dst / place
        target.mkdir(parents=True, exist_ok=True)
        for module in sorted(src.glob("*.mjs" if main.endswith(".mjs") else "*.js")):
            text = module.read_text(encoding="utf-8")

            def relative(m: re.Match, place: str = place, package: str = package) -> str:
                name = m.group(3)
                if name not in TRYSTERO:
                    fail(f"vendor/trystero: {package} imports {name!r}, which is not vendored")
                there = Path(places[name]) / TRYSTERO[name][2]
                path = os.path.relpath(there, place).replace(os.sep, "/")
                path = path if path.startswith(".") else "./" + path
                return f"{m.group(1)}{m.group(2)}{path}{m.group(2)}"

            text = "".join(line if line.lstrip().startswith(("*", "//", "/*"))  # comments
                           else IMPORT_RE.sub(relative, line)
                           for line in text.splitlines(keepends=True))
            text = re.sub(r"\n//# sourceMappingURL=\S+\s*$", "\n", text)
            for fixed, name, old, new in TRYSTERO_FIXES:
                if (fixed, name) == (package, module.name):
                    if text.count(old) != 1:
                        fail(f"vendor/trystero: {package}/{name} changed: look at its fix again")
                    text = text.replace(old, new)
            (target / module.name).write_text(text, encoding="utf-8")
        shutil.copy2(NODE_MODULES / package / "LICENSE", target / "LICENSE.txt")


LOCK = "pyodide-lock.json"


def write_lock(vendored: Path, dst: Path) -> None:
    """Pyodide's package lock file without its packages: Pyodide reads it at boot (its
    ``info``: the Python and ABI of the release), but the page loads no package (the config
    may name none: :func:`write_config`), and the 357 packages' entries were 119 kB to
    download and parse for nothing."""
    lock = json.loads(vendored.read_text(encoding="utf-8"))
    if not isinstance(lock.get("info"), dict) or not isinstance(lock.get("packages"), dict):
        fail(f"{vendored.relative_to(ROOT)}: no info or packages (a new Pyodide? see write_lock)")
    dst.write_text(json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True) + "\n",
                   encoding="utf-8")


def imported_chunks(folder: Path) -> tuple[set[str], set[str]]:
    """Names of the relative modules that the vendored PyScript files import: at load
    (``from "./x.js"``) and on demand (``import("./x.js")``)."""
    static, dynamic = set(), set()
    for path in folder.glob("*.js"):
        text = path.read_text(encoding="utf-8")
        static |= set(re.findall(r"""(?:from|import)\s*["']\./([\w.-]+)["']""", text))
        dynamic |= set(re.findall(r"""import\s*\(\s*["']\./([\w.-]+)["']\s*\)""", text))
    return static, dynamic


def write_worker(out: Path) -> str:
    """Write ``sw.js`` from its template with this build's name and precache list: every file
    of the site (paths relative to the worker, so it works from any sub-path), ``./`` for the
    page itself; and the packed downloads it stores unpacked (tools/pack.py). The name is a
    hash of all those files' content: any change, a new worker. Returns the name. (Also used
    by the e2e test that serves a changed build.)"""
    template = (WEB / WORKER).read_text(encoding="utf-8")
    if any(marker not in template for marker in (WORKER_BUILD, WORKER_FILES, WORKER_PACKED)):
        fail(f"web/{WORKER}: the template must contain {WORKER_BUILD}, {WORKER_FILES} and "
             f"{WORKER_PACKED}")
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*")
                   if p.is_file() and p.name != WORKER and not p.name.startswith("."))
    files = [rel for rel in files if not pack.is_plain(rel)]  # the page asks for their .zst
    digest = hashlib.sha256()
    for rel in files:
        content = (snapshot.key(out).encode() if rel == snapshot.NAME  # made from the others
                   else (out / rel).read_bytes())
        digest.update(rel.encode() + b"\0" + content + b"\0")
    build_name = digest.hexdigest()[:16]
    listed = ",\n  ".join(json.dumps(f"./{rel}") for rel in ["", *files])
    text = template.replace(WORKER_BUILD, json.dumps(build_name))
    text = text.replace(WORKER_FILES, f"[\n  {listed},\n]")
    unpacked = {f"./{rel}": [f"./{rel}{pack.SUFFIX}", PLAIN_TYPES[Path(rel).suffix],
                             pack.part_sizes(out, rel)]
                for rel in pack.PACKED}
    text = text.replace(WORKER_PACKED, json.dumps(unpacked, indent=2))
    (out / WORKER).write_text(text, encoding="utf-8")
    return build_name


def preload_chunks(out: Path) -> None:
    """Name in index.html the PyScript chunks loaded at start (hashed names, so written by the
    build): the browser fetches them with core.js instead of after it."""
    page = out / "index.html"
    text = page.read_text(encoding="utf-8")
    marker = re.search(r"^( *)<!-- PYSCRIPT CHUNKS .*-->$", text, re.M)
    if marker is None:
        fail("web/index.html: the <!-- PYSCRIPT CHUNKS ... --> line is missing")
    chunks = sorted(p.name for p in (out / "vendor" / "pyscript").glob("*-*.js"))
    links = "\n".join(f'{marker.group(1)}<link rel="modulepreload" href="./vendor/pyscript/{c}">'
                      for c in chunks)
    page.write_text(text[:marker.start()] + links + text[marker.end():], encoding="utf-8")


def check_preloads(out: Path) -> None:
    """Every file the page asks for early (``<link rel=preload|modulepreload>``) exists: a
    wrong name would be a wasted download and a console warning."""
    page = (out / "index.html").read_text(encoding="utf-8")
    links = re.findall(r"""<link[^>]*rel="(?:preload|modulepreload|manifest)"[^>]*>""", page)
    hrefs = []
    for link in links:
        if (href := re.search(r'href="([^"]+)"', link)) is None:
            fail(f"index.html: {link} has no href")
        hrefs.append(href.group(1))
    missing = [h for h in hrefs if not (out / h).is_file()]
    if missing:
        fail(f"index.html asks early for files the build does not have: {missing}")


def check_no_remote_urls(out: Path) -> None:
    """Fail if one of our own files (not the vendored runtime) names a remote URL."""
    bad = []
    for path in sorted(out.rglob("*")):
        rel = path.relative_to(out)
        if not path.is_file() or rel.parts[0] == "vendor":
            continue
        if path.suffix not in (".html", ".js", ".mjs", ".css", ".json", ".svg", ".py", ".toml"):
            continue
        for url in URL_RE.findall(path.read_text(encoding="utf-8", errors="replace")):
            if not HARMLESS_URLS.match(url):
                bad.append(f"{rel}: {url}")
    if bad:
        fail("remote URLs in the site (it must be self-contained):\n  " + "\n  ".join(bad))


def build(out: Path, draft: bool = False) -> None:
    """Build into a fresh folder beside ``out``, then swap it in (so that two builds running at
    once in the same checkout, or a server reading ``out``, never see a half-deleted tree)."""
    tmp = out.parent / f".{out.name}.tmp-{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        try:
            summary = fill(tmp, draft)
        except pyc.CompileError as exc:  # the page's Python (tools/pyc.py) refused, or no Node
            fail(str(exc))
        swap_in(tmp, out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    shown = out.relative_to(ROOT) if out.is_relative_to(ROOT) else out
    print(f"build: wrote {shown} ({summary})")


def swap_in(new: Path, out: Path) -> None:
    olds = []
    for attempt in range(50):
        old = out.parent / f".{out.name}.old-{os.getpid()}-{attempt}"
        try:
            out.rename(old)
            olds.append(old)
        except FileNotFoundError:
            pass
        try:
            new.rename(out)
            break
        except OSError:  # another build put its tree there in between: move it away again
            time.sleep(0.1)
    else:
        fail(f"could not replace {out}")
    for old in olds:
        shutil.rmtree(old, ignore_errors=True)


def fill(out: Path, draft: bool = False) -> str:
    copy_web(out)
    languages = translate(out, draft)
    sources = python_sources()
    package = pyscript_sources()
    write_archive(out, sources, package)
    write_config(out)
    vendor(out)
    compiled_stdlib = stdlib.write(
        out, {**{name: src.read_bytes() for name, src in sources.items()}, **package}, ZIP_DATE)
    packed = pack.write(out)  # before the first screen, which gives the page their sizes
    drawn = first_screen.write(out)  # the board, the welcome, How to play, the downloads' sizes
    snapped = snapshot.write(out, ROOT / ".cache" / "snapshot")
    icons.write_app(WEB / "icon.svg", out, ROOT / ".cache" / "icons")
    (out / ".nojekyll").write_text("", encoding="utf-8")
    for name in ("LICENSE", "NOTICE"):  # the credits travel with the vendored runtime
        shutil.copy2(ROOT / name, out / f"{name}.txt")
    check_no_remote_urls(out)
    preload_chunks(out)
    check_preloads(out)
    build_name = write_worker(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    count = sum(1 for p in out.rglob("*") if p.is_file())
    return (
        f"{len(sources)} Python modules in {APP_ARCHIVE}, {count} files, {size / 1e6:.1f} MB, "
        f"build {build_name}; {compiled_stdlib}; packed (kB): "
        + ", ".join(f"{Path(rel).name} {n / 1e3:,.0f}" for rel, n in packed.items())
        + f"; {drawn}; {snapped}; catalogues (bytes): "
        + ", ".join(f"{lang} {n}" for lang, n in languages.items())
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    parser.add_argument("--draft-translations", action="store_true",
                        help="build even with incomplete translations (they show English)")
    args = parser.parse_args()
    build(args.out.resolve(), args.draft_translations)


if __name__ == "__main__":
    main()
