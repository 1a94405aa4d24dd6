"""Small DOM helpers: with main.py and the controller (browser/app.py and its helper modules), the
only code that talks to the browser.

Why strings: a render builds each panel as one HTML/SVG string and sets it with a single call;
crossing the Python↔JS bridge once per panel keeps an action's re-render far below 100 ms.
"""

from __future__ import annotations

from pyscript import document, window


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


def set_html(element_id: str, html: str) -> bool:
    """Replace an element's content, but only if it changed (keeps focus and saves work);
    True if it did."""
    if _last.get(element_id) == html:
        return False
    node = by_id(element_id)
    if node is None:
        return False
    node.innerHTML = html
    _last[element_id] = html
    return True


def set_text(element_id: str, text: str) -> None:
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
        node.focus()


_last: dict[str, str] = {}
_shown: dict[str, bool] = {}


async def fetch_bytes(path: str) -> bytes:
    """A file of the site, whole (a language's catalogue); OSError if it is not there."""
    response = await window.fetch(path)
    if not response.ok:
        raise OSError(f"{path}: HTTP {response.status}")
    return bytes((await response.arrayBuffer()).to_py())
