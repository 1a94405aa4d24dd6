"""The outbreak odds overlay: each region's risk to the player at the screen.

Why its own module: the odds are the engine's (``rattus.strike_odds``, exact, from one seat's
view only — the Witch's looks of that seat included, nothing hidden), and this module only
turns them into what the map shows: a shade by the cubes the player can expect to lose if the
plague struck there now, and the numbers in words. In hotseat each human sees their own odds:
the view is the viewer's. The odds are computed once per position and viewer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from text.catalogue import decimal, region, t

import rattus

if TYPE_CHECKING:
    from rattus.shapes import View

#: Shades by the expected cubes lost (the player's own): none, low, medium, high, severe.
LEVELS = (0.0, 0.15, 0.5, 1.0)


def level(expected: float) -> int:
    return sum(expected > edge for edge in LEVELS)


def risks(view: View) -> dict[str, dict]:
    """Per region where a strike could cost a cube (the engine says so: ``p_loss`` > 0): the
    player's expected loss, the chance any cube dies, the others' expected loss, its shade
    level and its sentence."""
    seat = view["seat"]
    out = {}
    for r in view["regions"]:
        odds = rattus.strike_odds(view, r)
        if odds["p_loss"] == 0:
            continue
        mine = odds["expected_loss"][seat]
        others = sum(odds["expected_loss"]) - mine
        out[r] = {"mine": mine, "p_loss": odds["p_loss"], "others": others,
                  "level": level(mine),
                  "words": t("odds.words", region=region(r), p=round(odds["p_loss"] * 100),
                             mine=decimal(mine), others=decimal(others))}
    return out


_cache: dict = {}


def cached(table, view: View) -> dict[str, dict]:
    """:func:`risks` once per position and viewer (a render must stay cheap); ``table``: the
    game as the seat at the screen knows it (model/seat_view.py)."""
    key = (id(table), table.step, view["seat"], table.version)
    if key not in _cache:
        _cache.clear()
        _cache[key] = risks(view)
    return _cache[key]
