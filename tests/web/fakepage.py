"""A stand-in for the browser, so the browser edge (web/browser/app.py, browser/dom.py,
browser/map_view.py, browser/storage.py, browser/bots_runner.py) runs on CPython.

Why: those modules import ``pyscript`` (``document``, ``window``) and ``pyodide.ffi``, which
exist only inside PyScript, so until now only e2e/ (Chromium) exercised the dispatcher's own
work — effects, autosave, writing the frame to the DOM, the bots' loop. Importing this module
puts small fake ``pyscript`` and ``pyodide.ffi`` modules into ``sys.modules`` (no real ones
exist on CPython; the pure glue modules never import them, so other tests are unaffected).

The fake page is the skeleton of web/index.html: elements by id, the toolbar's buttons, and
an inline SVG board with one ``.region`` (its land) and one ``.pile`` (its plate) per region.
One permissive :class:`Element` serves for every node (the document too). It does not parse
HTML: ``innerHTML`` is kept as a string; a test that needs a node the page would have
rendered adds it with :meth:`Element.add`.
Selectors: tags, ``#id``, ``.class``, ``[attr]``, ``[attr="value"]``, compounds of these,
descendants (``"A B"``) and lists (``"A,B"``) — what the edge asks for.

The ``window`` and ``document`` objects are created once (the edge binds them at import);
:func:`reset` gives every test a fresh page in them.
"""

from __future__ import annotations

import json
import re
import sys
import time
import types

import rattus

_SIMPLE = re.compile(r'([a-zA-Z][\w-]*)|#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:="([^"]*)")?\]')


class Style:
    """An element's inline style: the custom properties the edge sets (the board's aspect)."""

    def __init__(self) -> None:
        self.properties: dict[str, str] = {}

    def setProperty(self, name: str, value: str) -> None:  # noqa: N802 - the DOM's name
        self.properties[name] = str(value)


class Element:
    """A DOM node: the properties the edge reads and writes, a parent and children."""

    def __init__(self, tag: str = "div", id: str = "", **attrs):
        self.tagName = tag.upper()
        self.attrs = {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items()}
        if id:
            self.attrs["id"] = id
        self.parent = None
        self.children: list[Element] = []
        self.innerHTML = self.textContent = self.title = self.value = ""
        self.hidden = self.disabled = False
        self.dataset = types.SimpleNamespace()
        self.style = Style()
        self.listeners: dict[str, list] = {}
        self.clicks = 0  # click() calls (the file input)
        self.files = None
        self.scrollTop = self.offsetTop = self.clientHeight = 0

    def __repr__(self) -> str:
        return f"<{self.tagName} {self.attrs}>"

    # -- attributes ----------------------------------------------------------------------------
    id = property(lambda self: self.attrs.get("id", ""))
    className = property(lambda self: self.attrs.get("class", ""),
                         lambda self, value: self.attrs.__setitem__("class", str(value)))

    def getAttribute(self, name: str):
        return self.attrs.get(name)

    def setAttribute(self, name: str, value) -> None:
        self.attrs[name] = str(value)

    def removeAttribute(self, name: str) -> None:
        self.attrs.pop(name, None)

    # -- the tree ------------------------------------------------------------------------------
    def add(self, *children: Element) -> Element:
        for child in children:
            child.parent = self
            self.children.append(child)
        return self

    def descendants(self):
        for child in self.children:
            yield child
            yield from child.descendants()

    def matches(self, selector: str) -> bool:
        return any(_matches(self, part.split()) for part in selector.split(","))

    def querySelector(self, selector: str):
        return next((n for n in self.descendants() if n.matches(selector)), None)

    def querySelectorAll(self, selector: str) -> NodeList:
        # (the new-game dialog's fields are not modelled: innerHTML is not parsed)
        return NodeList(n for n in self.descendants() if n.matches(selector))

    def contains(self, other) -> bool:
        while other is not None:
            if other is self:
                return True
            other = other.parent
        return False

    @property
    def isConnected(self) -> bool:  # noqa: N802 - the DOM's name
        return document.contains(self)

    def getClientRects(self) -> NodeList:  # noqa: N802 - the DOM's name
        """One box, unless the node or an ancestor is hidden (then it takes no space)."""
        node = self
        while node is not None:
            if node.hidden:
                return NodeList()
            node = node.parent
        return NodeList([self])

    def getElementById(self, element_id: str):
        return next((n for n in self.descendants() if n.id == element_id), None)

    def closest(self, selector: str):
        node = self
        while node is not None and not node.matches(selector):
            node = node.parent
        return node

    def insertAdjacentHTML(self, where: str, html: str) -> None:
        self.innerHTML += html
        made = re.fullmatch(r'<(\w+) id="([\w-]+)"></\1>', html)
        if made:  # an empty element with an id (the map's overlay group) becomes a node
            self.add(Element(made[1], id=made[2]))

    # -- behaviour -----------------------------------------------------------------------------
    def click(self) -> None:
        self.clicks += 1

    def focus(self, options=None) -> None:
        document.activeElement = self

    def blur(self) -> None:
        if document.activeElement is self:
            document.activeElement = document.body

    def scrollIntoView(self, align_to_top=True) -> None:  # noqa: N802 - the DOM's name
        self.scrolled_into_view = getattr(self, "scrolled_into_view", 0) + 1

    def addEventListener(self, kind: str, listener, _capture=False) -> None:  # noqa: N802
        self.listeners.setdefault(kind, []).append(listener)


def _matches(node: Element, compounds: list[str]) -> bool:
    """``compounds`` (a descendant selector split on spaces): the last one matches ``node``,
    the others its ancestors, in order."""
    if not compounds or not _matches_one(node, compounds[-1]):
        return False
    rest, up = compounds[:-1], node.parent
    while rest and up is not None:
        if _matches_one(up, rest[-1]):
            rest = rest[:-1]
        up = up.parent
    return not rest


def _matches_one(node: Element, compound: str) -> bool:
    found = list(_SIMPLE.finditer(compound))
    assert "".join(m[0] for m in found) == compound, f"selector not modelled: {compound!r}"
    for tag, id_, cls, attr, value in (m.groups() for m in found):
        if tag and node.tagName.lower() != tag.lower():
            return False
        if id_ and node.id != id_:
            return False
        if cls and cls not in node.className.split():
            return False
        if attr and (node.getAttribute(attr) is None
                     or value is not None and node.getAttribute(attr) != value):
            return False
    return True


class NodeList(list):
    """``querySelectorAll``'s answer: ``length`` and ``item(i)`` as in the DOM."""

    length = property(len)

    def item(self, i: int):
        return self[i]


#: The fake page's clock: the last event's time and the step to the next one (ms).
CLOCK = [0.0, 60_000.0]


class Event:
    """A DOM event as the edge's listeners read it. Its ``timeStamp`` (ms) moves on a
    minute an event (:data:`CLOCK`): a player far slower than any guard of the page's."""

    def __init__(self, target: Element, key: str = "", shift: bool = False, kind: str = ""):
        self.target, self.key, self.type = target, key, kind
        CLOCK[0] += CLOCK[1]
        self.timeStamp = CLOCK[0]
        self.shiftKey = shift
        self.ctrlKey = self.altKey = self.metaKey = False
        self.currentTarget = None
        self.stopped = self.prevented = False

    def stopPropagation(self) -> None:
        self.stopped = True

    def preventDefault(self) -> None:
        self.prevented = True


def fire(kind: str, target: Element, key: str = "", shift: bool = False) -> Event:
    """Dispatch an event at ``target``; it bubbles up to the document unless stopped."""
    event = Event(target, key, shift, kind)
    node = target
    while node is not None and not event.stopped:
        event.currentTarget = node
        for listener in node.listeners.get(kind, []):
            listener(event)
        node = node.parent
    return event


class Storage:
    """``localStorage``; with ``refuse`` set, ``setItem`` raises like a full storage."""

    def __init__(self):
        self.items: dict[str, str] = {}
        self.writes: list[str] = []  # the keys of accepted setItem calls, in order
        self.refuse = False

    def getItem(self, key: str):
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if self.refuse:
            raise OSError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = str(value)
        self.writes.append(key)

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, i: int):
        keys = list(self.items)
        return keys[i] if 0 <= i < len(keys) else None


class Tabs:
    """web/tabs.js's ``window.rattusTabs``: the games other tabs play (``others``, set by a
    test), what this tab said it plays (``said``: (game, take) in order), and the callback
    the page gave for a game lost to another tab (:meth:`lose` calls it)."""

    def __init__(self, *others: str):
        self.others = list(others)
        self.said: list[tuple] = []
        self.lost = None

    def elsewhere(self) -> list[str]:
        return list(self.others)

    def play(self, game, take=False) -> None:
        self.said.append((game, take))

    def onLost(self, callback) -> None:  # noqa: N802 - the JS name
        self.lost = callback

    def lose(self, game: str, why: str) -> None:
        self.others.append(game)
        self.lost(game, why)


class JsArray(list):
    def push(self, value) -> None:
        self.append(value)


def _page() -> Element:
    """web/index.html's elements that the edge touches, and the map as main.py inlines it."""
    toolbar = Element(id="toolbar").add(
        *(Element("button", data_choice=c) for c in (
            "new-game", "undo", "replay-enter", "export", "import", "toggle-log",
            "hint", "show-turn", "toggle-rules")),
        Element("span", id="undo-why"), Element("input", id="import-file", type="file"))
    svg = Element("svg", id="map").add(
        Element("defs"),
        *(Element("path", class_="region", data_region=r) for r in rattus.REGIONS),
        *(Element("rect", class_="pile", data_region=r) for r in rattus.REGIONS))
    app = Element(id="app").add(
        toolbar, *(Element(id=i) for i in ("status", "notice", "update", "bar", "viewer",
                                           "players", "strike", "cards", "log", "screen",
                                           "about", "help", "announce", "board-text",
                                           "plan")),
        Element(id="map-holder").add(svg))
    return Element("body").add(app)


def _keep_focused(panel: Element, html: str, key: str) -> bool:
    """web/index.html's ``rattusKeepFocused``: the panel's markup written, its focused
    element kept (the fake parses no HTML: the element stays a child, as it would), if the
    markup has that element again, focusable."""
    focused = document.activeElement
    found = re.search(rf'<\w+[^>]*\bdata-key="{re.escape(key)}"[^>]*>', html)
    if (focused is panel or not panel.contains(focused) or found is None
            or re.search(r"\s(disabled|hidden|inert)[\s=>]", found[0])):
        return False
    panel.innerHTML = html
    panel.children = [c for c in panel.children if c.contains(focused)]
    return True


def _parse(text: str):
    value = json.loads(text)
    return JsArray(value) if isinstance(value, list) else value


#: the ``pyscript`` module's two objects (filled in by :func:`reset`)
document = Element("#document")
window = types.SimpleNamespace(JSON=types.SimpleNamespace(parse=_parse))


def reset() -> None:
    """A fresh page: the skeleton, nothing focused, empty storage, no timings or downloads."""
    document.children = []
    document.body = _page()
    document.add(document.body)
    document.activeElement = document.body
    window.performance = types.SimpleNamespace(now=lambda: time.perf_counter() * 1000)
    window.reduced_motion = False
    window.wide = False  # the screen answers WIDE_QUERY (render/board_layout.py)
    window.matchMedia = lambda query: types.SimpleNamespace(
        matches=window.wide if "aspect-ratio" in query else window.reduced_motion)
    window.rattusTimings, window.rattusBotTimes = JsArray(), JsArray()
    window.rattusFrameAfter = lambda t0: None  # (no frames drawn here)
    window.rattusCoachLog = JsArray()
    window.localStorage = Storage()
    window.sessionStorage = Storage()
    window.listeners = {}
    window.addEventListener = lambda kind, f: window.listeners.setdefault(kind, []).append(f)
    window.rattusKeepFocused = _keep_focused
    window.idle = []  # the callbacks waiting for the page to be idle (run by settle)
    window.requestIdleCallback = lambda f, _options=None: window.idle.append(f)
    document.visibilityState = "visible"
    document.listeners = {}
    if hasattr(window, "rattusTabs"):
        del window.rattusTabs  # no other tab, unless a test puts a Tabs there
    window.warnings = []
    window.console = types.SimpleNamespace(warn=window.warnings.append)
    window.Date = types.SimpleNamespace(new=lambda: types.SimpleNamespace(
        toISOString=lambda: "2025-03-14T09:26:53.589Z", getTimezoneOffset=lambda: -60))
    window.location = types.SimpleNamespace(search="", hash="", origin="http://localhost",
                                            pathname="/")
    window.downloads = []
    window.rattusDownload = lambda name, text: window.downloads.append((name, text))
    window.updates = []  # each time the page let a new version take over: the games kept then
    window.rattusApplyUpdate = lambda: window.updates.append(
        {k: v for k, v in window.localStorage.items.items() if k.startswith("rattus.game.")})
    dom = sys.modules.get("browser.dom")
    if dom is not None:
        dom._last.clear()  # what dom.set_html / dom.show last wrote, per id: the old
        dom._shown.clear()  # page's, not this one's


def settle() -> None:
    """The page idle after a task: what waited for that runs (the autosave's write)."""
    while window.idle:
        window.idle.pop(0)(None)


def by_id(element_id: str) -> Element:
    return document.getElementById(element_id)


def install() -> None:
    """Put the fake ``pyscript`` and ``pyodide.ffi`` modules into ``sys.modules``."""
    pyscript = types.ModuleType("pyscript")
    pyscript.document, pyscript.window = document, window
    pyodide = types.ModuleType("pyodide")
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda f: f
    ffi.to_js = lambda value, **_options: value
    pyodide.ffi = ffi
    sys.modules.update({"pyscript": pyscript, "pyodide": pyodide, "pyodide.ffi": ffi})


reset()
install()
