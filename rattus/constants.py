"""The numbers of the game, each once, with the rule that fixes it (RULES.md).

Why one module: a number the rulebook states (20 cubes, 3 rats a region…) was retyped in the
rules, the parser, the save checks, the refusal texts and the bots; here it is written once,
and a UI takes it from ``view(seat)["limits"]`` instead of retyping it in a sentence.
Data that is not a single number (the board, the token faces) has its own module
(``board.py``, ``tokens.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (the shapes are for the type checker: rattus/shapes.py)
    from .shapes import Limits


MIN_PLAYERS = 2  # R1.2 (up to 4 colours), R2.1 (regions for 2, 3 and 4 players)
MAX_PLAYERS = 4  # R1.2
CUBES_PER_PLAYER = 20  # R1.2: reserve + board + palace = 20
TOKENS_TOTAL = 49  # R1.3: 12 starting + 37 normal rat tokens
STARTING_TOKENS = 12  # R1.3
REMOVED_AT_SETUP = {2: 12, 3: 6, 4: 0}  # R3.3: normal tokens removed unseen, by player count
SETUP_CUBES = 2  # R3.5: cubes per setup placement
SETUP_PLACEMENTS = 2  # R3.5: each player places twice (A B C D D C B A)
MAX_RATS = 3  # R5.2: rat tokens in one region, always (so a token's slot is 1..3)
SPREAD_MAX = 2  # R5.1: tokens drawn when the plague region holds 2 or 3 rats
KNIGHT_STEPS = 2  # R6.3: the Knight moves the plague piece up to two steps
NEUTRAL_CUBES = 2  # R6.3: the Knight's plague piece counts as two neutral cubes
PEASANT_EXTRA = 1  # R6.4: one cube more than the rats allow
MERCHANT_MAX = 3  # R6.5: the Merchant moves one, two or three cubes
WITCH_LOOKS = 2  # R6.6: a first look, then an optional second one
FINAL_PEASANT_CUBES = 1  # R7.2: the Peasant's placement in a final turn


def limits() -> Limits:
    """The numbers a UI's sentences need, JSON-ready (``view(seat)["limits"]``)."""
    return {
        "cubes": CUBES_PER_PLAYER,
        "max_rats": MAX_RATS,
        "setup_cubes": SETUP_CUBES,
        "knight_steps": KNIGHT_STEPS,
        "neutral_cubes": NEUTRAL_CUBES,
        "merchant_max": MERCHANT_MAX,
        "spread_max": SPREAD_MAX,
    }
