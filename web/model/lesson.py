"""The lesson's game ("Learn to play"): a real game, prepared to be near its end.

Why prepared: a new player should meet, within a five-minute lesson, what decides a game —
the supply of rat tokens running out (R7.1), the final round (R7.2) and the final plague on
every region (R7.3) — and an ordinary game from its setup takes far longer. So the lesson
starts from a position of a two-player game (seed :data:`SEED`) reached by :data:`MOVES`,
played again from notation by the engine; it is a game like any other (saved, resumed, taken
back, replayed from its seed). From here the supply holds 5 tokens: about two turns of the
player, whatever they choose (tools/lesson_position.py finds the position and measures it).

The player ("you", seat :data:`YOU`) holds the Peasant, the Monk and the King, so the lesson
can show why cards held at the end are a risk; the computer player holds the Merchant, the
Knight and the Witch. Chosen so that a player who follows the hint wins (the hint's search
and the computer's are seeded from the lesson's seed, so that path is one game, checked by
``tests/web/test_lesson.py``), while a player who clicks at random mostly loses.
"""

from __future__ import annotations

import rattus
from model.game_config import Config, Seat

SEED = 246
#: The seat of the player who learns; the other is an Easy computer player.
YOU = 0
#: The game so far, in the engine's notation (found by tools/lesson_position.py --find).
MOVES = (
    "setup Anglia", "setup Polonia", "setup Italia", "setup Scandia", "place Gallia 1",
    "take Witch", "plague Gallia", "spread Germania", "place Polonia 1", "take Merchant",
    "plague Germania", "spread Scandia", "spread Scandia", "take Peasant", "place Italia 2",
    "plague Scandia", "spread Polonia", "spread Polonia", "place Anglia 1", "plague Polonia",
    "spread Scandia", "spread Scandia", "plague Scandia", "spread Anglia", "spread Anglia",
    "place Germania 2", "plague Anglia", "spread Gallia", "spread Gallia", "place Polonia 1",
    "plague Scandia", "spread Polonia", "spread Anglia", "take Knight", "place Gallia 2",
    "plague Germania", "spread Italia", "spread Gallia", "neutral no", "place Hispania 2",
    "take King", "plague Scandia", "spread Anglia", "spread Polonia", "plague Gallia",
    "spread Anglia", "spread Hispania", "neutral no", "place Gallia 2", "plague Anglia",
    "spread Gallia", "place Polonia 2", "plague Scandia", "spread Germania", "spread Anglia",
    "take Monk", "place Italia 2", "plague Anglia", "take Witch", "place Hispania 2",
    "plague Scandia", "spread Polonia", "spread Germania",
)


def config(you: str, bot: str) -> Config:
    """The lesson's seats: the player (red) against one Easy computer player (blue)."""
    return Config([Seat(you, "red"), Seat(bot, "blue", "easy")], start=0, seed=SEED)


def position() -> rattus.Game:
    """The game at the start of the lesson: :data:`MOVES` applied to the seeded set-up."""
    game = rattus.new_game(2, seed=SEED, start_player=0)
    for move in MOVES:
        game.apply(move)
    return game


def turn_begins(view) -> bool:
    """A regular turn of the seat to act has just begun: nothing of it done yet (R4)."""
    decision, turn = view["decision"], view["turn"]
    return (decision["kind"] == "turn" and view["last_regular"] is None
            and not (turn["took_card"] or turn["placed"] or turn["used"]))
