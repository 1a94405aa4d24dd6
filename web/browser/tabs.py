"""The other tabs: which games they play, and telling them which one this tab plays.

Why: two tabs saving one game would overwrite each other's moves without a word. The
messages between tabs (a BroadcastChannel) are handled by web/tabs.js, which starts asking at
page load, so the answers are in before Python is; this module is its Python face for the
dispatcher (browser/app.py) and the start (main.py). Without it (an old browser, the CPython tests'
fake page unless a test puts one there) every game counts as open nowhere else.
"""

from __future__ import annotations

from pyodide.ffi import create_proxy
from pyscript import window

_proxies: list = []


def _tabs():
    return getattr(window, "rattusTabs", None)


def elsewhere() -> set[str]:
    """The ids of the games other tabs play now."""
    tabs = _tabs()
    if tabs is None:
        return set()
    try:
        return {str(g) for g in tabs.elsewhere()}
    except Exception:  # noqa: BLE001 - no tabs known: every game is this tab's to open
        return set()


def play(slot: str | None, take: bool = False) -> None:
    """This tab plays ``slot`` now (None: none); ``take``: a tab playing it must stop."""
    tabs = _tabs()
    if tabs is not None:
        tabs.play(slot, take)


def on_lost(callback) -> None:
    """``callback(slot, why)`` when another tab plays this tab's game: ``"taken"`` (taken
    over there) or ``"open"`` (two tabs started it at once; the other one had it first)."""
    tabs = _tabs()
    if tabs is not None:
        proxy = create_proxy(lambda slot, why: callback(str(slot), str(why)))
        _proxies.append(proxy)  # kept alive as long as the page
        tabs.onLost(proxy)
