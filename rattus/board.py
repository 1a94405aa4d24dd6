"""The board of Rattus: its regions, their tiers, and their neighbours (RULES R2).

The published game does not print its neighbour graph, so this module holds the
project's reconstruction (RULES R2, R2.2) in one place: an owner of the physical
box who finds a difference corrects it here and nowhere else.
"""

from __future__ import annotations

from .constants import MAX_PLAYERS, MIN_PLAYERS

#: The 12 regions in board order, with their tier (R2): light regions are always
#: in play, middle ones from 3 players, dark ones with 4.
REGION_TIERS: dict[str, str] = {
    "Anglia": "light",
    "Scandia": "light",
    "Gallia": "light",
    "Hispania": "light",
    "Germania": "light",
    "Italia": "light",
    "Polonia": "light",
    "Hungaria": "light",
    "Bulgaria": "middle",
    "Turcia": "middle",
    "Tartaria": "dark",
    "Russia": "dark",
}

REGIONS: tuple[str, ...] = tuple(REGION_TIERS)

#: Neighbour pairs (R2.2); ``True`` marks a sea link, drawn as an arrow on the board.
NEIGHBOUR_PAIRS: dict[tuple[str, str], bool] = {
    ("Anglia", "Gallia"): True,
    ("Anglia", "Scandia"): True,
    ("Scandia", "Germania"): False,
    ("Scandia", "Polonia"): True,
    ("Scandia", "Russia"): False,
    ("Gallia", "Hispania"): False,
    ("Gallia", "Germania"): False,
    ("Gallia", "Italia"): False,
    ("Hispania", "Italia"): True,
    ("Germania", "Italia"): False,
    ("Germania", "Polonia"): False,
    ("Germania", "Hungaria"): False,
    ("Italia", "Hungaria"): False,
    ("Italia", "Bulgaria"): True,
    ("Polonia", "Hungaria"): False,
    ("Polonia", "Russia"): False,
    ("Polonia", "Tartaria"): False,
    ("Hungaria", "Tartaria"): False,
    ("Hungaria", "Bulgaria"): False,
    ("Bulgaria", "Tartaria"): False,
    ("Bulgaria", "Turcia"): False,
    ("Turcia", "Tartaria"): True,
    ("Russia", "Tartaria"): False,
}

_TIERS_IN_PLAY: dict[int, tuple[str, ...]] = {
    2: ("light",),
    3: ("light", "middle"),
    4: ("light", "middle", "dark"),
}

def regions_in_play(players: int) -> tuple[str, ...]:
    """The regions used with ``players`` players, in board order (R2.1)."""
    if players not in _TIERS_IN_PLAY:
        raise ValueError(f"Rattus is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    tiers = _TIERS_IN_PLAY[players]
    return tuple(r for r in REGIONS if REGION_TIERS[r] in tiers)


def neighbours(players: int) -> dict[str, tuple[str, ...]]:
    """Each region in play mapped to its neighbours in play (R2.1: regions out of play
    are nobody's neighbours), in board order."""
    in_play = set(regions_in_play(players))
    result: dict[str, list[str]] = {r: [] for r in regions_in_play(players)}
    for a, b in NEIGHBOUR_PAIRS:
        if a in in_play and b in in_play:
            result[a].append(b)
            result[b].append(a)
    order = {r: i for i, r in enumerate(REGIONS)}
    return {r: tuple(sorted(ns, key=order.__getitem__)) for r, ns in result.items()}



def steps_from(nbrs: dict[str, tuple[str, ...]], start: str, limit: int) -> dict[str, int]:
    """Each region reachable from ``start`` in 1..``limit`` steps, with its fewest steps (the
    plague piece's move, R4.3, and the Knight's, R6.3). ``start`` itself is not included: a
    move never ends where it began (R6.3 Ruling)."""
    found: dict[str, int] = {}
    frontier = [start]
    for step in range(1, limit + 1):
        nxt = []
        for region in frontier:
            for n in nbrs[region]:
                if n != start and n not in found:
                    found[n] = step
                    nxt.append(n)
        frontier = nxt
    return found
