"""R3 Setup: the deal that starts a game, everything random in it decided by one seed.

Its own module so that what needs the deal — a new game (``game.new_game``), and the view
that tells which face-down tokens were placed at setup (``view.setup_tokens``, R3.2) — takes
it from here, and neither imports the other.
"""

from __future__ import annotations

import random

from .cards import CARDS
from .constants import REMOVED_AT_SETUP
from .state import State
from .tokens import NORMAL_IDS, STARTING_IDS


def deal(players: int, seed: int, start_player: int = 0) -> State:
    """The state before the first setup placement (R3.1–R3.5), drawn from ``random.Random(
    seed)``: the same seed gives the same deal, on CPython and in Pyodide alike. The
    arguments are checked by the caller (``game.new_game``)."""
    rng = random.Random(seed)
    s = State(players)  # R3.1: every cube in its reserve
    s.seed, s.start_player = seed, start_player
    starting = list(STARTING_IDS)
    rng.shuffle(starting)  # R3.2
    for region in s.regions:
        s.rats[region].append(starting.pop())
    normal = list(NORMAL_IDS)
    rng.shuffle(normal)  # R3.3
    cut = REMOVED_AT_SETUP[players]
    s.removed, supply = normal[:cut], normal[cut:] + starting
    rng.shuffle(supply)
    s.supply = supply
    s.plague = rng.choice(s.regions)  # R3.4
    s.cards = {c: None for c in CARDS}
    order = [(start_player + i) % players for i in range(players)]
    s.setup_queue = order + order[::-1]  # R3.5: A B C D D C B A
    s.current = s.setup_queue[0]
    s.phase = "setup"
    return s


_PLACED: dict[tuple[int, int], frozenset[int]] = {}


def placed_at_setup(players: int, seed: int) -> frozenset[int]:
    """The ids of the tokens the deal of ``seed`` places face down, one a region (R3.2):
    starting tokens (R1.3). The start player does not change them (R3.5 comes after).
    Remembered for the last seeds asked, as a view asks for every position."""
    key = (players, seed)
    ids = _PLACED.get(key)
    if ids is None:
        first = deal(players, seed)
        ids = frozenset(tokens[0] for tokens in first.rats.values())
        if len(_PLACED) > 256:
            _PLACED.clear()
        _PLACED[key] = ids
    return ids
