"""A narrow screen's dock: one tab per sheet of side panels (``model.ui_state.SHEETS``).

Why: on a phone the board and the decision fill the screen, so the other panels — the class
cards, the players, what happened, the board in words — open one at a time as a sheet over the
board, one tap each, and the board and the decision never move for them (style.css). A tab
says when its sheet holds news the player has not opened yet: the digest of the others'
moves, or a strike to read.
"""

from __future__ import annotations

from model.ui_state import SHEETS
from text.catalogue import t

from render.escaping import esc

#: Each sheet's name in the catalogue (its tab, its title)
LABELS = {"cards": "dock.cards", "players": "dock.players", "history": "dock.history",
          "more": "dock.more"}
#: How this device reaches the others in an online game, in a word
WAYS = {"direct": "dock.way.direct", "relay": "dock.way.relay"}


def dock(open_sheet: str, news: frozenset[str] = frozenset(),
         offers: frozenset[str] = frozenset(), way: str = "") -> str:
    """The dock's tabs: ``open_sheet`` pressed, a mark on those in ``news``, and those in
    ``offers`` drawn as targets: the decision may be taken there, not on the board (a class
    card another player holds, R4.1, on a phone). ``way``: in an online game, how this
    device reaches the others ("direct" or "relay"), on the players' tab, where the online
    panel says more."""
    tabs = []
    for name in SHEETS:
        pressed = "true" if name == open_sheet else "false"
        mark = (f' <span class="dock-news">{esc(t("dock.news"))}</span>'
                if name in news and name != open_sheet else "")
        if name == "players" and way in WAYS and not mark:
            mark = f' <span class="dock-way" data-how="{way}">{esc(t(WAYS[way]))}</span>'
        if name in offers:
            mark += f'<span class="sr-only"> ({esc(t("dock.offers"))})</span>'
        cls = "btn dock-tab" + (" offers" if name in offers else "")
        tabs.append(f'<button type="button" class="{cls}" data-choice="sheet:{name}" '
                    f'aria-pressed="{pressed}" aria-controls="side">'
                    f'{esc(t(LABELS[name]))}{mark}</button>')
    return "".join(tabs)


def sheet_title(open_sheet: str) -> str:
    return t(LABELS[open_sheet]) if open_sheet in LABELS else ""
