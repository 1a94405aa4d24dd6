"""The app's icons, rendered at build time from one drawing (``web/icon.svg``).

Why Chromium: it is already needed for the e2e tests (``make setup``), it draws SVG exactly as
the browser shows it, and it needs no native library beyond itself (cairosvg would need
libcairo). Each icon that ``manifest.webmanifest`` lists is rendered at its size: ``any`` with
rounded corners (as launchers show an icon that has no mask), ``maskable`` full-bleed (the
drawing keeps its rat inside the central 80 % circle, the maskable safe zone). The PNGs are
cached in ``.cache/icons`` under a hash of the drawing, so only a changed drawing launches
Chromium.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import chromium  # noqa: E402

MANIFEST = "manifest.webmanifest"
CORNER = 0.18  # an ``any`` icon's corner radius, as a share of its side


def wanted(out: Path) -> list[tuple[str, int, bool]]:
    """``(path, size, maskable)`` for every PNG icon the built manifest lists."""
    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    icons = []
    for icon in manifest["icons"]:
        width, _, height = icon["sizes"].partition("x")
        if width != height or icon.get("type") != "image/png":
            raise ValueError(f"{MANIFEST}: only square PNG icons are made: {icon}")
        icons.append((icon["src"], int(width), icon.get("purpose") == "maskable"))
    return icons


def render(svg: bytes, icons: list[tuple[str, int, bool]], folder: Path) -> None:
    """Draw ``svg`` once per icon into ``folder`` (same relative paths) with Chromium."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sys.exit("build: error: the icons are drawn with Playwright's Chromium: run `make setup` "
                 "and build with .venv/bin/python (or `make build`)")
    source = "data:image/svg+xml;base64," + base64.b64encode(svg).decode()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(**chromium.launch_args())
        for rel, size, maskable in icons:
            page = browser.new_page(viewport={"width": size, "height": size})
            radius = 0 if maskable else round(size * CORNER)
            page.set_content(
                '<html><body style="margin:0;background:transparent">'
                f'<img src="{source}" style="display:block;width:{size}px;height:{size}px;'
                f'border-radius:{radius}px"></body></html>')
            page.wait_for_function("document.images[0].complete")
            target = folder / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(target), omit_background=True)
            page.close()
        browser.close()


def write_app(svg_path: Path, out: Path, cache: Path) -> list[str]:
    """Put every icon the manifest in ``out`` lists into ``out``; return their paths."""
    svg = svg_path.read_bytes()
    icons = wanted(out)
    key = hashlib.sha256(svg + json.dumps(icons).encode()).hexdigest()[:16]
    cached = cache / key
    if not all((cached / rel).is_file() for rel, _, _ in icons):
        tmp = cache / f".{key}.tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        render(svg, icons, tmp)
        shutil.rmtree(cached, ignore_errors=True)
        tmp.rename(cached)
    for rel, _, _ in icons:
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(cached / rel, out / rel)
    return [rel for rel, _, _ in icons]
