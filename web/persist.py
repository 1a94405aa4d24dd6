"""The autosave: the game in progress kept in the browser's ``localStorage``.

Why: a family game at one screen gets interrupted (a closed tab, a sleeping laptop, a reload);
the page must never lose it. After every change (an action, an undo, a pass-screen
confirmation) the whole save-file envelope (savefile.py) is written under :data:`KEY`, with a
``resume`` part saying who sits at the screen, so a reload comes back to the same seat and the
same screen. Saving everything each time keeps one format and one validation for files and
storage; a game is a few kilobytes.

Storage may be missing, full or switched off (private modes): then the page plays on and says
once that it cannot keep the game. Content that does not load (damaged, from another
version) is moved aside to :data:`ASIDE` rather than deleted, and never logged as a console
error.
"""

from __future__ import annotations

import savefile
from dom import js
from pyscript import window

KEY = "rattus.autosave"
PACE_KEY = "rattus.pace"  # the pace chosen in the toolbar (pace.py), for every game
ASIDE = "rattus.autosave.damaged"


def _storage():
    try:
        return js(window.localStorage)
    except Exception:  # noqa: BLE001 - storage switched off: a SecurityError on access
        return None


def read(key: str = KEY) -> str | None:
    """The autosave's text (or another key's), or None if there is none (or no storage)."""
    store = _storage()
    if store is None:
        return None
    try:
        value = js(store.getItem(key))
    except Exception:  # noqa: BLE001
        return None
    return None if value is None else str(value)


def write(text: str, key: str = KEY) -> bool:
    """Store ``text``; False if the browser refused (full, switched off)."""
    store = _storage()
    if store is None:
        return False
    try:
        store.setItem(key, text)
    except Exception:  # noqa: BLE001 - QuotaExceededError and the like
        return False
    return True


def save(session, ui: dict | None = None) -> bool:
    """Write the session, with who sits at the screen and ``ui`` (what else the page shows)."""
    resume = {**session.resume_state(), **(ui or {})}
    return write(savefile.dumps(session.config, session.game, resume))


def load() -> tuple[savefile.Loaded | None, savefile.SaveError | None]:
    """The saved game, checked like an imported file: ``(loaded, None)``, ``(None, None)`` if
    nothing is saved, or ``(None, problem)`` — then the bad content has been set aside."""
    text = read()
    if text is None:
        return None, None
    try:
        return savefile.load(text), None
    except savefile.SaveError as problem:
        set_aside(text)
        return None, problem


def set_aside(text: str) -> None:
    """Keep damaged content under :data:`ASIDE` (for a later version, or a bug report) and
    free the autosave slot."""
    store = _storage()
    if store is None:
        return
    try:
        store.setItem(ASIDE, text)
        store.removeItem(KEY)
    except Exception:  # noqa: BLE001 - too big to keep twice: at least free the slot
        try:
            store.removeItem(KEY)
        except Exception:  # noqa: BLE001
            pass
