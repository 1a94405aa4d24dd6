"""Your games: the games kept in this browser, one slot each, and the screen that lists them.

Why a list: one autosave slot meant that a new game, or a second tab, overwrote the game in
progress. Now every game has its own slot (an id; browser/storage.py keeps the save under that id)
and an entry in an index, :class:`Entry`: when it was last saved, who plays, how far it has come
(the engine's turn count, R4) and whether it is over (R7.3) — enough to recognise a game
without loading it. A tab remembers the slot of its game (browser/storage.py, ``sessionStorage``),
so a reload resumes that game; a new tab takes the most recent game that no other tab has open
(:func:`for_new_tab`).

This module is pure: the index's text in and out (:func:`parse_index`, :func:`dump_index`),
an entry made from a game (:func:`entry_of`), and the screen's transitions. Reading and
writing the storage are effects the dispatcher runs (browser/app.py): ``("list_games",)``,
``("resume_game", id)``, ``("delete_game", id)``, ``("take_over",)``.
"""

from __future__ import annotations

import json

from model import page_events as ev
from model.ui_state import Entry, Listing, Pick, Question, Ui
from text.catalogue import t

import rattus

INDEX_VERSION = 1
MAX_NAMES = 4


def entry_of(slot: str, config, game: rattus.Game, updated: float) -> Entry:
    """The list's entry for ``game`` played by ``config.seats``, saved at ``updated``."""
    view = game.view(None)
    winner = view["winner"]
    return Entry(slot, float(updated), tuple(s.name for s in config.seats),
                 tuple(s.is_bot for s in config.seats), int(view["turn"]["number"]),
                 len(game.history), game.is_over,
                 None if winner is None else config.seats[winner].name)


def parse_index(text: str | None) -> list[Entry] | None:
    """The entries of the index's text; [] if there is none, None if it is damaged (then
    browser/storage.py rebuilds it from the saves themselves). A bad entry is dropped, never
    trusted."""
    if text is None:
        return []
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("version") != INDEX_VERSION or not isinstance(
            data.get("games"), list):
        return None
    out, seen = [], set()
    for item in data["games"]:
        entry = _entry(item)
        if entry is not None and entry.id not in seen:
            seen.add(entry.id)
            out.append(entry)
    return out


def _entry(item) -> Entry | None:
    if not isinstance(item, dict):
        return None
    slot, names, bots = item.get("id"), item.get("names"), item.get("bots")
    updated, turn, moves = (_number(item.get(k)) for k in ("updated", "turn", "moves"))
    if not (isinstance(slot, str) and valid_id(slot) and isinstance(names, list)
            and 1 <= len(names) <= MAX_NAMES and all(isinstance(n, str) for n in names)
            and isinstance(bots, list) and len(bots) == len(names)
            and all(isinstance(b, bool) for b in bots)
            and updated is not None and turn is not None and moves is not None
            and isinstance(item.get("over"), bool)
            and (item.get("winner") is None or isinstance(item.get("winner"), str))):
        return None
    return Entry(slot, float(updated), tuple(names), tuple(bots), int(turn), int(moves),
                 item["over"], item.get("winner"))


def _number(value) -> float | None:
    """A JSON number (not a bool: JSON's true is not 1), else None."""
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def valid_id(slot: str) -> bool:
    """A slot id as persist.new_id makes them: short, letters, digits and dashes."""
    return 0 < len(slot) <= 40 and all(c.isalnum() or c == "-" for c in slot)


def dump_index(entries) -> str:
    return json.dumps({"version": INDEX_VERSION,
                       "games": [e.to_json() for e in newest_first(entries)]},
                      separators=(",", ":"), ensure_ascii=False)


def newest_first(entries) -> list[Entry]:
    return sorted(entries, key=lambda e: (-e.updated, e.id))


def with_entry(entries, entry: Entry) -> list[Entry]:
    """The index with ``entry`` added or replacing its slot's old one."""
    return newest_first([e for e in entries if e.id != entry.id] + [entry])


def without(entries, slot: str) -> list[Entry]:
    return [e for e in entries if e.id != slot]


def for_new_tab(entries, elsewhere) -> str | None:
    """The game a new tab opens: the most recently saved one still in play that no other tab
    has open; None (the welcome, which leads to "Your games") if there is none — a finished
    game is not a game to come back to (a reload still shows its results: the tab keeps it)."""
    return next((e.id for e in newest_first(entries)
                 if e.id not in elsewhere and not e.over), None)


def summary(entry: Entry) -> str:
    return t("save.summary", names=", ".join(entry.names), moves=entry.moves)


# -- the screen's transitions -----------------------------------------------------------------
def show(ui: Ui, session) -> tuple[Ui, ev.Effects]:
    """"Your games" (toolbar or welcome): the dispatcher reads the list (``games_listed``)."""
    return ui, (ev.ListGames(),)


def on_listed(ui: Ui, session, entries, elsewhere, tz_minutes: int = 0, joined=()) -> Ui:
    """The list as read from storage; the screen opens (or is brought up to date).
    ``joined``: the online games this browser joined as a guest, to rejoin."""
    return ui.but(screen="games", games=Listing(tuple(newest_first(entries)),
                                                frozenset(elsewhere), int(tz_minutes),
                                                tuple(joined)))


def rejoin(ui: Ui, session, index: str) -> Ui | tuple[Ui, ev.Effects]:
    """Rejoin an online game joined before: its invitation opens in this tab."""
    joined = ui.games.joined if ui.games is not None else ()
    if not index.isdigit() or int(index) >= len(joined):
        return ui.say(t("err.games.gone"))
    return ui, (ev.OpenLink(joined[int(index)].link),)


def close(ui: Ui, session) -> Ui:
    """Back to the game on the page, or to the welcome when there is none."""
    return ui.but(screen=None if session is not None else "welcome", games=None)


def resume(ui: Ui, session, slot: str) -> Ui | tuple[Ui, ev.Effects]:
    """Resume a kept game (the one on the page: just close the list)."""
    if session is not None and getattr(session, "slot", None) == slot:
        return close(ui, session)
    if ui.games is None or all(e.id != slot for e in ui.games.entries):
        return ui.say(t("err.games.gone"))
    return ui, (ev.ResumeGame(slot),)


def delete(ui: Ui, session, slot: str) -> Ui:
    """Delete asks first (a deleted game cannot come back). Neither the game on the page nor
    one open in another tab can be deleted: that tab would only save it again."""
    entry = _entry_in(ui, slot)
    if entry is None or ui.games is None:
        return ui.say(t("err.games.gone"))
    if session is not None and getattr(session, "slot", None) == slot:
        return ui.say(t("why.games.here"))
    if slot in ui.games.elsewhere:
        return ui.say(t("why.games.elsewhere"))
    return ui.but(question=Question(t("confirm.delete", summary=summary(entry)),
                                    t("btn.delete_yes"), t("btn.delete_no"),
                                    on_yes=ev.DeleteGame(slot, summary(entry)),
                                    on_no=ev.Choice("games")))


def on_delete(ui: Ui, session, slot: str, what: str) -> tuple[Ui, ev.Effects]:
    """Confirmed: the dispatcher deletes the slot and lists the games again."""
    return ui.news(t("note.deleted", summary=what)), (ev.DeleteKept(slot),)


def _entry_in(ui: Ui, slot: str) -> Entry | None:
    if ui.games is None:
        return None
    return next((e for e in ui.games.entries if e.id == slot), None)


# -- two tabs, one game ---------------------------------------------------------------------------
def on_elsewhere(ui: Ui, session, why: str) -> Ui:
    """This tab's game is played in another tab: ``"open"`` (it was open there when this tab
    opened it) or ``"taken"`` (the other tab took it over). This tab stops saving and
    playing; the status line and the decision bar say so, and a take-over is news as well
    (a notice). "Play it here" takes it back (``take_over``)."""
    if session is None:
        return ui
    return shown_elsewhere(ui, why)


def shown_elsewhere(ui: Ui, why: str) -> Ui:
    """The screen of a game another tab plays: shown, not played."""
    shown = ui.but(elsewhere=True, pick=Pick())
    return shown.say(t("note.elsewhere.taken")) if why == "taken" else shown


def take_over(ui: Ui, session) -> Ui | tuple[Ui, ev.Effects]:
    """"Play it here": the dispatcher reads the game's latest save (the other tab may have
    played on), makes this tab its player, and tells the other tab to stop."""
    if session is None or not ui.elsewhere:
        return ui
    return ui, (ev.TakeOver(),)


CHOICES = {"games": show, "games-close": close, "take-over": take_over}
PREFIXED = (("resume:", resume), ("delete:", delete), ("rejoin:", rejoin))
