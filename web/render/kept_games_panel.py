"""Drawing "Your games" (control/kept_games.py) and the bar of a tab whose game is played elsewhere.

Why apart from render/panels.py: one screen, one job — a list a player scans to recognise a
game (when it was last played, who plays, how far it has come, whether it is over) with its
two actions, and the notice that keeps two tabs from overwriting one game.
"""

from __future__ import annotations

import time

from text.catalogue import t

from render.escaping import esc


def when(updated: float, tz_minutes: int) -> str:
    """The last save in the browser's local time (Pyodide's clock knows no time zone)."""
    return time.strftime("%Y-%m-%d %H:%M", time.gmtime(updated + tz_minutes * 60))


def progress(entry) -> str:
    """Where the game stands, in the rulebook's terms: setup (R3), a turn (R4), over (R7)."""
    if entry.over:
        return (t("games.over_won", name=entry.winner) if entry.winner is not None
                else t("games.over"))
    if entry.turn == 0:
        return t("games.setup", moves=entry.moves)
    return t("games.turn", turn=entry.turn, moves=entry.moves)


def players(entry) -> str:
    return ", ".join(t("games.bot", name=n) if bot else n
                     for n, bot in zip(entry.names, entry.bots, strict=True))


def listing(listing, here: str | None) -> str:
    """The dialog: one row per kept game, newest first; ``here``: the slot of this tab's
    game (it cannot be deleted from here, nor can a game open in another tab)."""
    rows = []
    for e in listing.entries:
        status = "over" if e.over else "playing"
        where = ("here" if e.id == here else
                 "elsewhere" if e.id in listing.elsewhere else "")
        tag = (f' <span class="games-where">'
               f'{esc(t("games.where.here" if where == "here" else "games.where.elsewhere"))}'
               f'</span>' if where else "")
        state = t("games.status.over" if e.over else "games.status.playing")
        label = players(e)
        saved = t("games.saved", when=when(e.updated, listing.tz_minutes))
        delete = ""
        if not where:
            delete = (f'<button type="button" class="btn" data-choice="delete:{esc(e.id)}" '
                      f'aria-label="{esc(t("games.delete_aria", names=label))}">'
                      f'{esc(t("btn.delete"))}</button>')
        if where == "here":  # this tab's own game: the button only closes the list
            text = aria = t("btn.back_to_game")
        else:
            text, aria = t("btn.resume"), t("games.resume_aria", names=label)
        resume = (f'<button type="button" class="btn primary" data-choice="resume:{esc(e.id)}"'
                  f' aria-label="{esc(aria)}">{esc(text)}</button>')
        rows.append(
            f'<li class="games-row" data-game="{esc(e.id)}" data-status="{status}" '
            f'data-where="{where}"><div class="games-what"><div><b>{esc(label)}</b>{tag}</div>'
            f'<span class="games-state">{esc(state)} · {esc(progress(e))}</span>'
            f'<span class="games-when">{esc(saved)}</span></div>'
            f'<div class="games-actions">{resume}{delete}</div></li>')
    body = (f'<ul class="games-list">{"".join(rows)}</ul>' if rows else
            f'<p class="games-empty">{esc(t("games.empty"))}</p>') + joined(listing)
    return (f'<div class="dialog games" role="dialog" aria-modal="true" '
            f'aria-labelledby="games-title" data-screen="games">'
            f'<h2 id="games-title">{esc(t("games.title"))}</h2>'
            f'<p class="games-intro">{esc(t("games.intro"))}</p>{body}'
            f'<div class="dialog-buttons"><button type="button" class="btn" '
            f'data-choice="games-close" data-key="games-close">{esc(t("btn.close"))}</button>'
            f'</div></div>')


def joined(listing) -> str:
    """The online games this browser joined as a guest (docs/online.md), each to rejoin:
    the game lives on its host's device, so only its link is kept here."""
    if not listing.joined:
        return ""
    rows = []
    for i, j in enumerate(listing.joined):
        names = ", ".join(j.names)
        role = (t("games.you_play", name=j.names[j.seat])
                if j.seat is not None and j.seat < len(j.names) else t("games.watching"))
        saved = t("games.saved", when=when(j.updated, listing.tz_minutes))
        rows.append(
            f'<li class="games-row" data-joined="{i}"><div class="games-what">'
            f'<div><b>{esc(names)}</b></div><span class="games-state">{esc(role)}</span>'
            f'<span class="games-when">{esc(saved)}</span></div><div class="games-actions">'
            f'<button type="button" class="btn primary" data-choice="rejoin:{i}" '
            f'aria-label="{esc(t("games.rejoin_aria", names=names))}">'
            f'{esc(t("btn.rejoin"))}</button></div></li>')
    return (f'<h3 class="games-online">{esc(t("games.online_title"))}</h3>'
            f'<ul class="games-list">{"".join(rows)}</ul>')


def elsewhere_bar() -> str:
    """The decision bar of a tab whose game is played in another tab."""
    return (f'<div class="pass-prompt elsewhere" role="group" data-screen="elsewhere">'
            f'<span>{esc(t("ui.elsewhere"))}</span> '
            f'<button type="button" class="btn primary" data-choice="take-over" '
            f'data-key="take-over">{esc(t("btn.take_over"))}</button> '
            f'<button type="button" class="btn" data-choice="games" data-key="elsewhere-games">'
            f'{esc(t("btn.games"))}</button></div>')
