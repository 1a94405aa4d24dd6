"""The end of the game seen coming (R7): the low supply and the moves that empty it, the final
round's banner, and what each player stands to lose in the final plague.

Why its own module: new players were surprised by the end — the move that emptied the
supply ended the game, and the final plague then struck every region and hit the cards they
held. Everything here is read from a seat's view: the engine says how many rat tokens each
plague move would draw and which moves empty the supply (``decision.spread_draws``,
``decision.empties_supply``), who still plays (``final_queue``), and the odds of each strike
(``rattus.strike_odds``, from that seat's view only, R8); this module only words them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.turn import still_to_play
from text.catalogue import card, decimal, join_and, join_or, region, t, tn

import rattus
from rattus import CARDS
from render.escaping import esc
from render.panels import swatch

if TYPE_CHECKING:
    from model.seat_view import SeatTable

    from rattus.shapes import View


def low_supply(view: View) -> bool:
    """Few enough rat tokens left that a round of spreads could take them all (R5.1: at most
    ``spread_max`` a spread, one spread a turn), or a move open now empties the supply."""
    n = view["supply"]
    return (0 < n <= view["limits"]["spread_max"] * view["players"]
            or bool(view["decision"].get("empties_supply")))


def supply_note(view: View) -> str | None:
    """The status line's word on the supply while it is low: how many tokens are left and
    which moves now would empty it, so that the game ends after this turn (R7.1a)."""
    if view["winner"] is not None or view["last_regular"] is not None or not low_supply(view):
        return None
    n, d = view["supply"], view["decision"]
    if d["kind"] == "spread" and d["spread_left"] >= n:
        return tn("ending.spread_empties", n)
    ending = d.get("empties_supply") or []
    if ending and len(ending) == len(d["plague_reach"]):  # every move of the piece does
        return tn("ending.all_empty", n)
    if ending:
        return tn("ending.moves_empty", n, regions=join_or([region(r) for r in ending]))
    return tn("ending.low", n)


def cubes_note(view: View) -> str | None:
    """The status line's word on the player's reserve when it may run out this turn: a
    regular turn that ends with all 20 of the player's cubes on the board ends the game
    (R7.1b) — a placement that takes the last cubes says so (the engine's
    ``empties_reserve``), as does a reserve already empty (unless a strike this turn sends
    cubes back, R5.5)."""
    d, seat = view["decision"], view["decision"]["seat"]
    if (view["winner"] is not None or view["last_regular"] is not None
            or d["kind"] != "turn" or seat is None):
        return None
    left = view["reserve"][seat]
    if left == 0:
        return t("ending.cubes_out")
    return tn("ending.cubes_last", left) if d.get("empties_reserve") else None


def supply_label(view: View) -> str | None:
    """The supply box's short warning (render/board.py): a move open now empties it."""
    if view["decision"].get("empties_supply") and view["last_regular"] is None:
        return t("map.supply_ends")
    return None


def final_losses(view: View) -> tuple[list[float], dict[str, list[float]]]:
    """What each seat may expect to lose if the final plague struck now (R7.3): per seat the
    expected cubes lost over every region in play, and per region its share — from the odds
    of the seat whose view this is (``rattus.strike_odds``: that seat's knowledge only). The
    Knight's neutral cubes count where the piece stands once declared (R7.2's Ruling)."""
    total = [0.0] * view["players"]
    per_region: dict[str, list[float]] = {}
    for r in view["regions"]:
        neutral = bool(view["turn"]["neutral"]) and r == view["plague"]
        odds = rattus.strike_odds(view, r, neutral)
        if odds["p_loss"] == 0:
            continue
        per_region[r] = list(odds["expected_loss"])
        total = [a + b for a, b in zip(total, odds["expected_loss"], strict=True)]
    return total, per_region


_cache: dict = {}


def cached_losses(table: SeatTable, view: View):
    """:func:`final_losses` once per position and viewer (a render must stay cheap)."""
    key = (id(table), table.step, view["seat"], getattr(table, "version", 0))
    if key not in _cache:
        _cache.clear()
        _cache[key] = final_losses(view)
    return _cache[key]


def final_reason(table: SeatTable) -> tuple[str, int] | None:
    """Why the game is ending, as the engine's ``final_round`` event said (R7.1): its
    reason and the last regular turn's player; None before the final round."""
    for e in reversed(table.log_events):
        if e["kind"] == "final_round":
            return e.get("reason", "supply"), e["last_player"]
    return None


def banner(table: SeatTable, view: View) -> str:
    """The final round's banner (R7.2, R7.3): why the game ends, who still plays and what
    each may do with the cards held, that the final plague then strikes every region and
    that every card held is a target of its symbol, and what each stands to lose."""
    if view["last_regular"] is None or view["winner"] is not None:
        return ""
    seats = table.seats
    names = [s.name for s in seats]
    why = final_reason(table)
    reason, last = why if why is not None else ("supply", view["last_regular"])
    head = t("ending.why." + reason, name=names[last])
    rows = []
    for p in still_to_play(view):
        held = [c for c in CARDS if view["cards"][c] == p]
        can = (join_and([t("ending.may." + c) for c in held]) if held
               else t("ending.may.nothing"))
        now = ' class="now"' if p == view["current_player"] else ""
        rows.append(f'<li{now} data-seat="{p}">{swatch(p, seats[p].colour)}'
                    f'<b>{esc(names[p])}</b>: {esc(can)}</li>')
    total, per_region = cached_losses(table, view)
    risk_rows = []
    for p, seat in enumerate(seats):
        held = [card(c) for c in CARDS if view["cards"][c] == p]
        worst = max(per_region, key=lambda r: per_region[r][p], default=None)
        where = (t("ending.most_in", region=region(worst))
                 if worst is not None and per_region[worst][p] > 0 else "")
        risk_rows.append(
            f'<tr data-seat="{p}"><th scope="row">{swatch(p, seat.colour)}{esc(seat.name)}</th>'
            f'<td data-loss="{p}">{esc(t("ending.loss", cubes=decimal(total[p])))}</td>'
            f'<td>{esc(", ".join(held) if held else t("panel.no_cards"))}</td>'
            f'<td>{esc(where)}</td></tr>')
    return (f'<h2>{esc(t("ending.title"))}</h2><p class="ending-why">{esc(head)}</p>'
            f'<p>{esc(t("ending.still"))}</p><ol class="ending-queue">{"".join(rows)}</ol>'
            f'<p class="ending-plague">{esc(t("ending.plague"))}</p>'
            f'<table class="ending-odds" data-odds="final"><caption>'
            f'{esc(t("ending.odds"))}</caption><thead><tr>'
            f'<th scope="col">{esc(t("res.col.player"))}</th>'
            f'<th scope="col">{esc(t("ending.col.loss"))}</th>'
            f'<th scope="col">{esc(t("panel.cards_held"))}</th>'
            f'<th scope="col">{esc(t("ending.col.where"))}</th></tr>'
            f'</thead><tbody>{"".join(risk_rows)}</tbody></table>')
