"""A fast rollout policy that works on a (determinised) State directly.

Used inside the Hard bot's simulations, where the state is a sample, not the truth. It builds
its actions itself (cheaper than enumerating every Monk and Merchant move) following the rules
of ``rules.legal_actions``; ``tests/test_bots.py`` checks that it only ever plays legal actions.

Sense, not strength: place cubes where the rats allow many (R4.2) without crowding, save a
cube with the King (R6.1), now and then take a card (R4.1), send the plague where rivals'
cubes and rats are (R4.3), spread rats onto rivals (R5.1), end final turns (R7.2).
"""

from __future__ import annotations

import random

from ..action_tables import (  # interned, prebuilt
    END,
    KING,
    NEUTRAL_NO,
    NEUTRAL_YES,
    PLACE,
    PLAGUE,
    SETUP,
    SPREAD,
    TAKE,
    WITCH_DONE,
)
from ..actions import Action
from ..cards import CARDS
from ..constants import PEASANT_EXTRA
from ..rules import plague_destinations, spread_targets
from ..state import State


def placement_options(s: State, seat: int) -> list[tuple[float, Action]]:
    """Regular placements (R4.2, R6.4) with a quick score."""
    reserve = s.reserve(seat)
    if not reserve or s.placed:
        return []
    peasant = s.cards.get("Peasant") == seat
    out = []
    for r in s.regions:
        k = len(s.rats[r])
        count = min(k + PEASANT_EXTRA if peasant else k, reserve)
        if count <= 0:
            continue
        cubes = s.cubes[r]
        total = sum(cubes) + count
        score = count - 0.09 * k * total - 0.15 * k * (max(cubes) > cubes[seat] + count)
        if r == s.plague:
            score -= 0.1 * k
        out.append((score, PLACE[r, count]))
    return out


def plague_score(s: State, seat: int, r: str) -> float:
    rats = len(s.rats[r])
    if not rats:
        return 0.0
    cubes = s.cubes[r]
    own = cubes[seat]
    return rats * (sum(cubes) - own - 1.6 * own)


def rollout_action(s: State, rng: random.Random) -> Action:
    """One sensible action for the current player of ``s`` (not over)."""
    phase = s.phase
    seat = s.current
    if phase == "setup":
        regions = s.regions
        low = min(sum(s.cubes[r]) for r in regions)
        return SETUP[rng.choice([r for r in regions if sum(s.cubes[r]) == low])]
    if phase == "spread":
        def onto_rivals(r: str) -> float:
            cubes = s.cubes[r]
            return sum(cubes) - 2.5 * cubes[seat] + rng.random()
        return SPREAD[max(spread_targets(s), key=onto_rivals)]  # the first best, as a loop
    if phase == "neutral":
        cubes = s.cubes[s.plague]
        return NEUTRAL_YES if sum(cubes) - cubes[seat] > cubes[seat] else NEUTRAL_NO
    if s.witch_stage:
        return WITCH_DONE
    if phase == "final":
        if s.cards.get("Peasant") == seat and "Peasant" not in s.used and s.reserve(seat):
            free = [r for r in s.regions if not s.rats[r]]
            if free:
                return PLACE[rng.choice(free), 1]
        return END
    # a regular turn (R4)
    if s.cards.get("King") == seat and "King" not in s.used:
        safe = [r for r in s.regions if s.cubes[r][seat] and not s.rats[r]]
        if safe:
            return KING[rng.choice(safe)]
    if not s.took_card and rng.random() < 0.12:
        cards = [c for c in CARDS if s.cards.get(c) != seat]
        if cards:  # a seat may hold all six (R4.1)
            return TAKE[rng.choice(cards)]
    if not s.placed:
        options = placement_options(s, seat)
        if options:
            top = max(options, key=lambda x: x[0] + 0.3 * rng.random())
            if top[0] > 0:
                return top[1]
    knight = s.cards.get("Knight") == seat
    dests = plague_destinations(s, knight)
    return PLAGUE[max(dests, key=lambda r: plague_score(s, seat, r) + 1.5 * rng.random())]
