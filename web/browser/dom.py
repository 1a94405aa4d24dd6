"""Small DOM helpers: with main.py and the controller (browser/app.py and its helper modules), the
only code that talks to the browser.

Why strings: a render builds each panel as one HTML/SVG string and sets it with a single call;
crossing the Python↔JS bridge once per panel keeps an action's re-render far below 100 ms.
"""

from __future__ import annotations

import re

from pyodide.ffi import create_proxy
from pyscript import document, window

_proxies: list = []  # the page's own event listeners, kept alive as long as the page


def listen(node, kind: str, handler, capture: bool = False) -> None:
    """``handler`` called at each ``kind`` event on ``node`` (``capture``: on its way down,
    for an event that does not bubble, such as a scroll)."""
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    node.addEventListener(kind, proxy, capture)


def js(value):
    """A DOM result as Python sees it: JS ``null``/``undefined`` become None (Pyodide 0.28+
    hands ``null`` over as ``JsNull``, which ``is None`` does not catch)."""
    if value is None or type(value).__name__ in ("JsNull", "JsUndefined"):
        return None
    return value


def by_id(element_id: str):
    return js(document.getElementById(element_id))


def query(selector: str, root=None):
    return js((root or document).querySelector(selector))


def closest(node, selector: str):
    return js(node.closest(selector))


def attr(node, name: str) -> str | None:
    return js(node.getAttribute(name))


def set_html(element_id: str, html: str, grows: bool = False) -> bool:
    """Replace an element's content, but only if it changed (keeps focus and saves work);
    True if it did. For an element that ``grows`` (the log), content only added at its end
    is added, not written again: the lines already there are not parsed and laid out anew.
    (Only for an element no other write reaches: one inside another panel, or filled in by
    the page's scripts, would get the addition on top of what that write left.)"""
    old = _last.get(element_id)
    if old == html:
        return False
    node = by_id(element_id)
    if node is None:
        return False
    added = appended(old, html) if grows and old is not None else None
    inner = node
    for _ in range(added[0] if added else 0):
        inner = js(getattr(inner, "lastElementChild", None))
        if inner is None:
            break
    if added is not None and inner is not None:
        inner.insertAdjacentHTML("beforeend", added[1])
    else:
        node.innerHTML = html
    _last[element_id] = html
    return True


def keep_focused(element_id: str, html: str, key: str) -> bool:
    """Write ``html`` into ``element_id`` around its focused element, which stays in place
    (web/index.html ``rattusKeepFocused``), if the new markup has it again (its ``data-key``
    ``key``) and it stays focusable; True if it did. Why: the focus given to the new node
    after the writes would have the browser lay the whole page out there and then."""
    node = by_id(element_id)
    if node is None or not write_around_focus(node, html, key):
        return False
    _last[element_id] = html
    return True


def write_around_focus(node, html: str, key: str) -> bool:
    """``html`` into ``node`` around its focused element (see :func:`keep_focused`)."""
    keep = getattr(window, "rattusKeepFocused", None)
    return keep is not None and bool(keep(node, html, key))


def written(element_id: str) -> str | None:
    """What :func:`set_html` last wrote into ``element_id`` (None: nothing yet)."""
    return _last.get(element_id)


def appended(old: str, new: str) -> tuple[int, str] | None:
    """If ``new`` is ``old`` with markup added at its end, or just inside some of its closing
    tags: how many closing tags (counted from the end) it goes inside, and the markup added;
    else None."""
    if len(new) > len(old) and new.startswith(old):
        return 0, new[len(old):]
    closing = _CLOSING_TAIL.search(old)
    if closing is None:
        return None
    tags = _CLOSING_TAG.findall(closing.group(0))
    for depth in range(1, len(tags) + 1):
        tail = "".join(tags[-depth:])
        head = old[:len(old) - len(tail)]
        if (len(new) > len(old) and new.endswith(tail) and new.startswith(head)
                and not new.startswith("</", len(head))):
            return depth, new[len(head):len(new) - len(tail)]
    return None


_CLOSING_TAIL = re.compile(r"(?:</[a-zA-Z][\w-]*>)+$")
_CLOSING_TAG = re.compile(r"</[a-zA-Z][\w-]*>")


def in_view(node) -> bool:
    """Whether the page draws ``node`` now (not in a closed sheet of a narrow screen, nor
    hidden): ``checkVisibility`` where the browser has it."""
    check = getattr(node, "checkVisibility", None)
    return True if check is None else bool(check())


def set_text(element_id: str, text: str) -> None:
    """An element's text, written only when it differs from what the page shows (read back:
    the page's own scripts write some of these elements too)."""
    node = by_id(element_id)
    if node is not None and node.textContent != text:
        node.textContent = text


def show(element_id: str, visible: bool = True) -> None:
    """Show or hide an element; a write only when it changes (each write costs a restyle)."""
    if _shown.get(element_id) == visible:
        return
    node = by_id(element_id)
    if node is not None:
        node.hidden = not visible
        _shown[element_id] = visible


def replace_address(search: str, fragment: str = "") -> None:
    """The page's address with ``search`` (``"?a=1"`` or ``""``) and ``fragment`` in place of
    its own, without a new history entry. Written as a whole URL: a path of the page's own
    (a hand-typed ``//``) would otherwise be read as another host's, and refused."""
    url = window.URL.new(str(window.location.href))
    url.search, url.hash = search, fragment
    window.history.replaceState(None, "", url.href)


def now_ms() -> float:
    return window.performance.now()


def reduced_motion() -> bool:
    try:
        return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    except Exception:  # noqa: BLE001 - an old browser: animate
        return False


def focused_key() -> str | None:
    """The ``data-key`` of the focused element, to give focus back after a re-render."""
    node = js(document.activeElement)
    if node is None or not hasattr(node, "getAttribute"):
        return None
    return attr(node, "data-key")


def refocus(key: str | None) -> None:
    if not key:
        return
    active = js(document.activeElement)
    if active is not None and hasattr(active, "getAttribute") and \
            attr(active, "data-key") == key:
        return
    node = query(f'[data-key="{key}"]')
    if node is not None:
        focus_in_place(node)


def focus_in_place(node) -> None:
    """Focus ``node`` without scrolling it into view: the focus put back after a render
    (where it was, or where it goes when its element went away) must not move the page under
    the player."""
    node.focus(window.JSON.parse('{"preventScroll": true}'))


_last: dict[str, str] = {}
_shown: dict[str, bool] = {}


async def fetch_bytes(path: str) -> bytes:
    """A file of the site, whole (a language's catalogue); OSError if it is not there."""
    response = await window.fetch(path)
    if not response.ok:
        raise OSError(f"{path}: HTTP {response.status}")
    return bytes((await response.arrayBuffer()).to_py())
