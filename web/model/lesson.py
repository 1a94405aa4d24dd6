"""The lesson's game ("Learn to play"): a real game, prepared to be near its end.

Why prepared: a new player should meet, within a five-minute lesson, what decides a game —
the supply of rat tokens running out (R7.1), the final round (R7.2) and the final plague on
every region (R7.3) — and an ordinary game from its setup takes far longer. So the lesson
starts from a position of a two-player game (seed :data:`SEED`) reached by :data:`MOVES`,
played again from notation by the engine; it is a game like any other (saved, resumed, taken
back, replayed from its seed). From here the supply holds 5 tokens: about two turns of the
player, whatever they choose (tools/lesson_position.py finds the position and measures it).

The player ("you", seat :data:`YOU`) holds the Monk, the Witch and the King, so the lesson
can show why cards held at the end are a risk; the computer player holds the Merchant and
the Knight.
"""

from __future__ import annotations

import rattus
from model.game_config import Config, Seat

SEED = 85
#: The seat of the player who learns; the other is an Easy computer player.
YOU = 0
#: The game so far, in the engine's notation (found by tools/lesson_position.py --find).
MOVES = (
    "setup Hispania", "setup Scandia", "setup Italia", "setup Hispania", "take Monk",
    "place Polonia 1", "plague Hispania", "spread Italia", "place Polonia 1", "plague Italia",
    "spread Hungaria", "spread Hungaria", "place Scandia 1", "plague Hungaria",
    "spread Germania", "spread Italia", "place Scandia 1", "take Witch", "plague Germania",
    "spread Gallia", "spread Scandia", "place Gallia 2", "plague Hungaria", "spread Germania",
    "spread Polonia", "take Merchant", "plague Germania", "spread Polonia", "spread Italia",
    "plague Polonia", "spread Scandia", "plague Scandia", "spread Polonia", "spread Anglia",
    "place Anglia 2", "plague Germania", "spread Gallia", "spread Scandia", "plague Gallia",
    "spread Hispania", "spread Italia", "place Gallia 2", "take King", "plague Italia",
    "spread Hispania", "spread Hispania", "take Knight", "place Polonia 1", "plague Scandia",
    "spread Anglia", "spread Polonia", "place Polonia 2", "take Witch", "plague Germania",
    "spread Italia", "spread Polonia", "place Italia 1", "plague Polonia", "neutral no",
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
