"""Build the deployable static site into ``dist/``.

What lands in ``dist/``:

* every file under ``web/`` (recursively: the page, its Python glue, CSS, the map, ...);
* the engine: ``rattus/**/*.py`` copied to ``dist/rattus/...``;
* ``pyscript.json``, generated from the template ``web/pyscript.json`` with a ``files`` entry for
  every engine module and every ``web/*.py`` module other than ``main.py``, so that PyScript fetches
  them into the Pyodide file system before ``main.py`` runs;
* the runtime, vendored from ``node_modules`` (exact versions in ``package-lock.json``):
  ``vendor/pyodide/`` (only the files Pyodide needs to boot) and ``vendor/pyscript/`` (the
  ``@pyscript/core`` bundle without source maps) and ``vendor/panzoom/`` (``@panzoom/panzoom``'s
  minified build and its licence: pinch-zoom and pan of the map on touch screens);
* the translations (issue 13): ``web/locale/<lang>.po`` compiled to ``locale/<lang>.mo`` (by
  ``tools/i18n.py``, which refuses an incomplete catalogue), fetched by the page for the language
  in use only (web/language.py); the PO sources stay out of the site. ``index.html``'s first
  script gets, for every language, the texts it shows before Python runs (``boot.*`` and every
  key its elements name);
* ``.nojekyll``, so that GitHub Pages serves the files as they are;
* ``LICENSE.txt`` and ``NOTICE.txt`` (the credits for the vendored runtime and the map data).

The build then checks that nothing in ``dist/`` would make the page reach another host: the config
must point ``interpreter`` at the local ``pyodide.mjs`` (without it PyScript silently uses a CDN),
and our own files must not name any http(s) URL that a browser would fetch.

Run: ``python tools/build.py [--out dist]`` with the dev dependencies (Babel, for the
translations: ``make build`` uses the project's virtualenv).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
ENGINE = ROOT / "rattus"
NODE_MODULES = ROOT / "node_modules"

sys.path.insert(0, str(ROOT / "tools"))
import i18n  # noqa: E402  (tools/i18n.py: the translations, with Babel)

INTERPRETER = "./vendor/pyodide/pyodide.mjs"

#: What Pyodide 314 reads when it boots (the ``indexURL`` directory): the ES module loader, the
#: Emscripten glue (``.asm.mjs`` since 0.28), the WebAssembly binary, the standard library and the
#: package lock file (read at boot even when no package is loaded).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

#: URLs that appear in our own files and that a browser never fetches (XML namespaces).
HARMLESS_URLS = re.compile(r"^https?://www\.w3\.org/")
URL_RE = re.compile(r"""https?://[^\s"'`)<>\\]+""")


def fail(message: str) -> None:
    print(f"build: error: {message}", file=sys.stderr)
    sys.exit(1)


#: Files of ``web/`` that are sources of the build, not parts of the site.
SOURCES_ONLY = (".po", ".pot", ".md")


def copy_web(out: Path) -> None:
    for src in sorted(WEB.rglob("*")):
        if (src.is_dir() or "__pycache__" in src.parts or src.name == "pyscript.json"
                or src.suffix in SOURCES_ONLY):
            continue
        dst = out / src.relative_to(WEB)
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)


def copy_engine(out: Path) -> list[str]:
    """Copy the engine's modules; return their paths relative to the site root."""
    modules = []
    for src in sorted(ENGINE.rglob("*.py")):
        if "__pycache__" in src.parts:
            continue
        rel = src.relative_to(ROOT).as_posix()
        dst = out / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)
        modules.append(rel)
    if "rattus/__init__.py" not in modules:
        fail("rattus/__init__.py not found")
    return modules


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


def write_config(out: Path, engine_modules: list[str]) -> dict:
    template = WEB / "pyscript.json"
    config = json.loads(template.read_text(encoding="utf-8"))
    if config.get("interpreter") != INTERPRETER:
        fail(f'{template}: "interpreter" must be "{INTERPRETER}" (else PyScript uses a CDN)')
    for key in ("packages", "js_modules"):
        if config.get(key):
            fail(
                f'{template}: "{key}" would be fetched from a CDN; the site must be self-contained'
            )
    glue = sorted(p.name for p in WEB.glob("*.py") if p.name != "main.py")
    files = dict(config.get("files", {}))
    for rel in [*engine_modules, *glue]:
        files[f"./{rel}"] = rel
    config["files"] = files
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
    # @pyscript/core: core.js, core.css and every chunk they may import at run time (the bundle's
    # chunks are loaded lazily by feature, so all of them are kept); never the source maps.
    dst = out / "vendor" / "pyscript"
    dst.mkdir(parents=True, exist_ok=True)
    for src in sorted(pyscript.iterdir()):
        if src.is_file() and src.suffix in (".js", ".css") and src.name != "service-worker.js":
            shutil.copy2(src, dst / src.name)
    missing = [n for n in imported_chunks(dst) if not (dst / n).is_file()]
    if missing:
        fail(f"@pyscript/core chunks not vendored: {missing}")
    # @panzoom/panzoom: one UMD file that defines window.Panzoom, and its MIT licence
    panzoom = NODE_MODULES / "@panzoom" / "panzoom"
    dst = out / "vendor" / "panzoom"
    dst.mkdir(parents=True, exist_ok=True)
    for src, name in ((panzoom / "dist" / "panzoom.min.js", "panzoom.min.js"),
                      (panzoom / "MIT-License.txt", "LICENSE.txt")):
        if not src.is_file():
            fail(f"{src.relative_to(ROOT)} is missing: run `npm ci` (or `make setup`)")
        shutil.copy2(src, dst / name)


def imported_chunks(folder: Path) -> set[str]:
    """Names of the relative modules that the vendored PyScript files import."""
    names = set()
    for path in folder.glob("*.js"):
        for match in re.finditer(
            r"""(?:from|import)\s*\(?\s*["']\./([\w.-]+)["']""", path.read_text(encoding="utf-8")
        ):
            names.add(match.group(1))
    return names


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
        summary = fill(tmp, draft)
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
    modules = copy_engine(out)
    config = write_config(out, modules)
    vendor(out)
    (out / ".nojekyll").write_text("", encoding="utf-8")
    for name in ("LICENSE", "NOTICE"):  # the credits travel with the vendored runtime
        shutil.copy2(ROOT / name, out / f"{name}.txt")
    check_no_remote_urls(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    return (
        f"{len(modules)} engine modules, {len(config['files'])} files in pyscript.json, "
        f"{size / 1e6:.1f} MB; catalogues (bytes): "
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
