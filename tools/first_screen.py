"""The page's first screen, drawn at build time: the board, the welcome and How to play as
static HTML, so that a visitor sees the game before any Python runs.

Why at build time: on a phone network the runtime takes tens of seconds to arrive, and a page
that shows only "Loading" for that long looks broken. The glue renders pure strings
(web/render/), so the build runs the same code on CPython: the board's drawing goes into
``index.html`` (main.py takes it over instead of drawing it), and for every language
and both kinds of screen (mouse, touch: "click" or "tap") the welcome and How to play as
markup in ``<script type="text/html">`` elements, which the page's first script puts on the
screen in the visitor's language (web/index.html). Not ``<template>``: the browser builds a
template's content as it reads the page, sixteen drawings of which a visitor sees one or two
(224 kB of the page's 276), where a script's text is only read. What Python then paints is
the same markup, so nothing jumps.

The files a first visit downloads are listed with their sizes for the page's progress bar
(bytes received of bytes expected, on the wire): for the files the build packed
(tools/pack.py), the size of the ``.zst`` the page asks for instead, and of the plain file
(what a browser that cannot unpack asks for).
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pack

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"

#: Where index.html takes each part (the build fails if a marker is missing).
MAP_MARKER = "<!-- FIRST SCREEN: MAP -->"
TEMPLATES_MARKER = "<!-- FIRST SCREEN: TEMPLATES -->"
DOWNLOADS_MARKER = "var DOWNLOADS = {};"
STORAGE_MARKER = "var STORAGE_KEYS = {};"

#: The big files of a first visit, whose bytes the progress bar counts (the page's own fetch
#: of each goes through its counting ``fetch``).
DOWNLOADS = ("vendor/pyodide/pyodide.asm.wasm", "stdlib.zip", "app.zip",
             "vendor/pyodide/pyodide-lock.json", "pyscript.json")


def _glue():
    """The glue's modules, imported from web/ as PyScript loads them (plain package names)."""
    if str(WEB) not in sys.path:
        sys.path.insert(0, str(WEB))
    from model.ui_state import Model, Ui
    from render import board, frame
    from text import catalogue, language

    import rattus

    return Model, Ui, frame, board, catalogue, language, rattus


def constant(module: Path, name: str) -> str:
    """The string ``name = "..."`` that ``module`` assigns at its top level, read without
    importing it (web/browser/ needs the browser)."""
    for node in ast.parse(module.read_text(encoding="utf-8")).body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id == name
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            return node.value.value
    raise SystemExit(f"first screen: {module.relative_to(ROOT)} has no {name} = \"...\"")


def storage_keys() -> dict[str, str]:
    """The ``localStorage`` keys that the first script reads before Python runs, from where
    Python names them: the index of the kept games (a returning player gets no welcome) and
    the language chosen in the page; this tab's game (its board: 2 or 3 players')."""
    return {"games": constant(WEB / "browser" / "storage.py", "INDEX"),
            "tab": constant(WEB / "browser" / "storage.py", "TAB_KEY"),
            "lang": constant(WEB / "text" / "language.py", "KEY")}


def screens(locale: Path) -> dict[str, dict[str, str]]:
    """Per language and kind of screen (``en``, ``en.touch``, …): the welcome's and How to
    play's markup, as the page's frame draws them."""
    Model, Ui, frame, _board, catalogue, language, rattus = _glue()
    out: dict[str, dict[str, str]] = {}
    try:
        for code in language.NAMES:
            where = language.path(code)
            if not language.use(code, None if where is None else (locale / f"{code}.mo")
                                .read_bytes()):
                raise SystemExit(f"first screen: the {code} catalogue does not load")
            for touch in (False, True):
                catalogue.use_touch(touch)
                welcome = frame.frame(Model(ui=Ui(screen="welcome")))
                help_open = frame.frame(Model(ui=Ui(help="goal")))
                out[code + (".touch" if touch else "")] = {
                    "welcome": welcome.html["screen"], "help": help_open.html["help"],
                    "status": welcome.text["status"]}
    finally:
        catalogue.use_touch(False)
        language.use("en")
    return out


def board_drawings() -> str:
    """The board for the first screen, in both arrangements (render/board_layout.py): the
    tall one is the map Python takes over (``#map``), the wide one only its map; a media
    query on ``WIDE_QUERY`` shows the one the screen wants, as the page will draw it (so
    nothing jumps when Python takes over: browser/map_view.py drops the other). The same
    query gives ``#app`` the shown board's aspect, ``--board-aspect``: a desktop's map
    column takes the board's width for the height it has (style.css)."""
    board = _glue()[3]
    from render import board_layout as layout

    css = (f'<style>#map-zoom>.first-sketch{{display:none}}'
           f'#app{{--board-aspect:{board.aspect(layout.TALL)}}}'
           f'@media {layout.WIDE_QUERY}{{#map-zoom>svg.first{{display:none}}'
           f'#map-zoom>.first-sketch{{display:block}}'
           f'#app{{--board-aspect:{board.aspect(layout.WIDE)}}}}}</style>')
    return (css + board.skeleton(layout.TALL, first=True)
            + board.first_sketch(layout.WIDE))


def framed_boards() -> str:
    """The boards of a game of 2 or 3 players (framed to the regions in play, R2.1), as
    script text that the page's first script puts in place of the 4-player ones when the
    game it comes back to (or its address) has that many players: what the map's ``<svg>``
    holds (with its view box) for the tall one, the whole sketch for the wide one. Only read
    if wanted: a script's text is not drawn."""
    board = _glue()[3]
    from render import board_layout as layout

    out = []
    for players in (2, 3):
        tall = layout.ARRANGEMENTS[layout.board_name("tall", players)]
        wide = layout.ARRANGEMENTS[layout.board_name("wide", players)]
        out.append(f'<script type="text/html" id="first-board-{tall.name}" '
                   f'data-view="0 0 {tall.width:g} {tall.height:g}" '
                   f'data-aspect="{board.aspect(tall)}">'
                   f'{_script_safe(board.skeleton_inside(tall))}</script>')
        out.append(f'<script type="text/html" id="first-board-{wide.name}">'
                   f'{_script_safe(board.first_sketch(wide))}</script>')
    return "\n".join(out)


def _script_safe(markup: str) -> str:
    """``markup`` as a script element's text: it must not end the element, nor open a comment
    that would change how the browser reads the rest (the drawings have neither)."""
    if "</script" in markup.lower() or "<!--" in markup:
        raise SystemExit("first screen: a drawing holds '</script' or '<!--'")
    return markup


def write(out: Path) -> str:
    """Put the first screen into ``out/index.html``; a summary for the build's line."""
    page = out / "index.html"
    text = page.read_text(encoding="utf-8")
    for marker in (MAP_MARKER, TEMPLATES_MARKER, DOWNLOADS_MARKER, STORAGE_MARKER):
        if marker not in text:
            raise SystemExit(f"web/index.html: the marker {marker!r} is missing")
    svg = board_drawings()
    drawn = screens(out / "locale")
    templates = "\n".join(
        f'<script type="text/html" id="first-{part}-{key}">{_script_safe(markup)}</script>'
        for key, parts in sorted(drawn.items()) for part, markup in sorted(parts.items())
        if part != "status")
    text = text.replace(MAP_MARKER, svg.strip())
    text = text.replace(TEMPLATES_MARKER, templates + "\n" + framed_boards())
    sizes: dict[str, list] = {}
    # [bytes on the wire, the packed file or null, the plain file's, its parts: [packed, plain]]
    for path in DOWNLOADS:
        plain = (out / path).stat().st_size
        if pack.is_plain(path):
            name = path + pack.SUFFIX
            sizes[path] = [(out / name).stat().st_size, name, plain, pack.part_sizes(out, path)]
        else:
            sizes[path] = [plain, None]
    text = text.replace(DOWNLOADS_MARKER, "var DOWNLOADS = " + json.dumps(sizes) + ";")
    text = text.replace(STORAGE_MARKER, "var STORAGE_KEYS = " + json.dumps(storage_keys()) + ";")
    page.write_text(text, encoding="utf-8")
    weight = len(text.encode())
    return (f"first screen: {len(drawn)} languages×screens in index.html "
            f"({weight / 1000:.0f} kB; {sum(size[0] for size in sizes.values()) // 1000} kB "
            "counted by the progress bar)")
