"""Your games in the browser's ``localStorage``: one slot per game, an index, and the tab's game.

Why: a family game at one screen gets interrupted (a closed tab, a sleeping laptop, a reload);
the page must never lose it — and a second game, or a second tab, must not overwrite the
first. After every change (an action, an undo, a pass-screen confirmation) the whole save-file
envelope (save_file.py) is written under the game's own key, ``PREFIX + id``, with a ``resume``
part saying who sits at the screen, so a reload comes back to the same seat and the same
screen; the index (:data:`INDEX`, kept_games.py's entries) says when each game was last saved, who
plays and how far it has come, so "Your games" lists them without loading each one. Saving
everything each time keeps one format and one validation for files and storage; a game is a
few kilobytes.

Each tab remembers the id of its game in ``sessionStorage`` (:data:`TAB_KEY`), which survives
a reload of that tab but not a new tab: a reload resumes the tab's own game.

The single slot of earlier versions (:data:`OLD_KEY`) becomes one game of the list
(:func:`migrate`). Storage may be missing, full or switched off (private modes): then the page
plays on and says that it cannot keep the game. Content that does not load (damaged, from
another version) is moved aside to :data:`ASIDE` rather than deleted, and never logged as a
console error.
"""

from __future__ import annotations

import secrets
import time

from control import kept_games
from model import save_file
from pyscript import window

from browser.dom import js

INDEX = "rattus.games"  # kept_games.py's index of the kept games
PREFIX = "rattus.game."  # + a game's id: its save-file envelope
TAB_KEY = "rattus.tab.game"  # sessionStorage: the id of this tab's game
OLD_KEY = "rattus.autosave"  # the single slot of earlier versions (migrated)
PACE_KEY = "rattus.pace"  # the pace chosen in the toolbar (model/pace.py), for every game
ASIDE = "rattus.autosave.damaged"


def _storage(which: str = "localStorage"):
    try:
        return js(getattr(window, which))
    except Exception:  # noqa: BLE001 - storage switched off: a SecurityError on access
        return None


def available() -> bool:
    """Can the page read its storage at all (False: switched off, or a sandbox)?"""
    store = _storage()
    if store is None:
        return False
    try:
        store.getItem(INDEX)
    except Exception:  # noqa: BLE001
        return False
    return True


def read(key: str, which: str = "localStorage") -> str | None:
    """A key's text, or None if there is none (or no storage)."""
    store = _storage(which)
    if store is None:
        return None
    try:
        value = js(store.getItem(key))
    except Exception:  # noqa: BLE001
        return None
    return None if value is None else str(value)


def write(text: str, key: str, which: str = "localStorage") -> bool:
    """Store ``text``; False if the browser refused (full, switched off)."""
    store = _storage(which)
    if store is None:
        return False
    try:
        store.setItem(key, text)
    except Exception:  # noqa: BLE001 - QuotaExceededError and the like
        return False
    return True


def remove(key: str, which: str = "localStorage") -> None:
    store = _storage(which)
    if store is None:
        return
    try:
        store.removeItem(key)
    except Exception:  # noqa: BLE001
        pass


def new_id() -> str:
    """A new game's id: the time (so ids sort roughly by age) and a random part (two tabs
    starting a game in the same millisecond still get two slots)."""
    return f"{int(time.time() * 1000):x}-{secrets.token_hex(3)}"


# -- the index -----------------------------------------------------------------------------------
def entries() -> list[kept_games.Entry]:
    """The kept games (kept_games.Entry), newest first. A damaged or missing index is rebuilt
    from the saves themselves."""
    text = read(INDEX)
    found = kept_games.parse_index(text)
    if found is None or (text is None and _slots()):
        found = _rebuild()
    return kept_games.newest_first(found)


def _slots() -> list[str]:
    """The ids of the saves in storage (their keys), whatever the index says."""
    store = _storage()
    if store is None:
        return []
    try:
        keys = [str(store.key(i)) for i in range(int(store.length))]
    except Exception:  # noqa: BLE001
        return []
    return [k[len(PREFIX):] for k in keys
            if k.startswith(PREFIX) and kept_games.valid_id(k[len(PREFIX):])]


def _rebuild() -> list[kept_games.Entry]:
    out = []
    for slot in _slots():
        loaded, _problem = load(slot)
        if loaded is not None:
            out.append(kept_games.entry_of(slot, loaded.config, loaded.game, _saved_at(slot)))
    write(kept_games.dump_index(out), INDEX)
    return out


def _saved_at(slot: str) -> float:
    """When a save without an index entry was made: its id's time part (see new_id)."""
    try:
        return int(slot.split("-")[0], 16) / 1000
    except ValueError:
        return 0.0


# -- one game --------------------------------------------------------------------------------------
def claim_slot(session) -> None:
    """A game never saved gets its slot (its id), before its first save is written."""
    if session.slot is None:
        session.slot = new_id()


def save(session, ui: dict | None = None) -> bool:
    """Write the session under its slot (a new one for a game never saved), with who sits at
    the screen and ``ui`` (what else the page shows), and its entry in the index. False if
    the browser refused: then the index is left as it was."""
    claim_slot(session)
    known = entries()  # (read first: a save without its entry yet would look orphaned)
    resume = {**session.resume_state(), **(ui or {})}
    if not write(save_file.dumps(session.config, session.game, resume), PREFIX + session.slot):
        return False
    entry = kept_games.entry_of(session.slot, session.config, session.game, time.time())
    return write(kept_games.dump_index(kept_games.with_entry(known, entry)), INDEX)


def load(slot: str) -> tuple[save_file.Loaded | None, save_file.SaveError | None]:
    """A kept game, checked like an imported file: ``(loaded, None)``, ``(None, None)`` if
    the slot is empty, or ``(None, problem)`` — then the bad content has been set aside."""
    text = read(PREFIX + slot)
    if text is None:
        return None, None
    try:
        return save_file.load(text), None
    except save_file.SaveError as problem:
        set_aside(slot, text)
        return None, problem


def delete(slot: str) -> None:
    """Forget a game: its save and its entry."""
    remove(PREFIX + slot)
    write(kept_games.dump_index(kept_games.without(entries(), slot)), INDEX)


def set_aside(slot: str, text: str) -> None:
    """Keep damaged content under :data:`ASIDE` (for a later version, or a bug report) and
    free its slot."""
    write(text, ASIDE)  # too big to keep twice: at least the slot is freed
    remove(PREFIX + slot)
    found = kept_games.parse_index(read(INDEX))
    if found:
        write(kept_games.dump_index(kept_games.without(found, slot)), INDEX)


def migrate() -> save_file.SaveError | None:
    """The single autosave of earlier versions becomes a game of the list (the most recent:
    the next tab opens it); damaged, it is set aside and the problem returned."""
    text = read(OLD_KEY)
    if text is None:
        return None
    try:
        loaded = save_file.load(text)
    except save_file.SaveError as problem:
        write(text, ASIDE)
        remove(OLD_KEY)
        return problem
    slot, known = new_id(), entries()
    entry = kept_games.entry_of(slot, loaded.config, loaded.game, time.time())
    if write(text, PREFIX + slot) and write(
            kept_games.dump_index(kept_games.with_entry(known, entry)), INDEX):
        remove(OLD_KEY)  # moved: only now can the old slot go
    return None


# -- this tab's game ------------------------------------------------------------------------------
def tab_slot() -> str | None:
    """The id of the game this tab had (before a reload), if any."""
    slot = read(TAB_KEY, "sessionStorage")
    return slot if slot is not None and kept_games.valid_id(slot) else None


def remember_tab(slot: str | None) -> None:
    if slot is None:
        remove(TAB_KEY, "sessionStorage")
    else:
        write(slot, TAB_KEY, "sessionStorage")
