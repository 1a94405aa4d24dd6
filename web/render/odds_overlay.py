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
from render.escaping import esc
from render.pieces import icon_html

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


def key() -> str:
    """What the shades and numbers mean, beside the board while Odds is on (a new player
    saw red regions and did not know why): a swatch per shade, by the cubes the player can
    expect to lose (:data:`LEVELS`), and the two numbers of a region's badge."""
    edges = LEVELS[1:]
    def cubes(x: float) -> str:  # 0.15, 0.5, 1 (the fewest digits that say it)
        return decimal(x, 2).rstrip("0").rstrip(t("num.decimal_point"))

    labels = [t("odds.key.upto", cubes=cubes(e)) for e in edges]
    labels.append(t("odds.key.more", cubes=cubes(edges[-1])))
    swatches = "".join(f'<span class="odds-swatch"><i class="risk-{i}" aria-hidden="true"></i>'
                       f'{esc(label)}</span>' for i, label in enumerate(labels, 1))
    return (f'<b>{esc(t("odds.key.title"))}</b> {esc(t("odds.key.shade"))} {swatches} '
            f'<span class="odds-badges">{icon_html("you")} {esc(t("odds.key.mine"))} '
            f'{icon_html("others")} {esc(t("odds.key.others"))}</span>')
