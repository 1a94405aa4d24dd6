"""The page's key names, shared by what draws them and what acts on them: the ``data-key`` of
each place on the map the arrow keys stop at, and the shortcut keys (drawn in How to play,
bound by the page). One table for both, so the help never lists a key the page ignores."""

from __future__ import annotations


def region_key(name: str) -> str:
    """The ``data-key`` of a region's path (browser/map_view.py)."""
    return f"reg-{name}"


def token_key(name: str, slot: int) -> str:
    """The ``data-key`` of a rat token (render/board.py)."""
    return f"tok-{name}-{slot}"


#: The page's shortcut keys (shown in How to play, and as ``aria-keyshortcuts``): a key and
#: what it does — focus a part of the page, or press a toolbar button (``data-choice``).
SHORTCUTS: dict[str, tuple[str, str]] = {
    "m": ("focus", "map"),
    "d": ("focus", "decision"),
    "c": ("focus", "cards"),
    "u": ("choice", "undo"),
    "l": ("choice", "toggle-log"),
    "p": ("focus", "pace"),
    "h": ("choice", "toggle-rules"),
    "?": ("choice", "toggle-rules"),
    "b": ("focus", "board"),
}
