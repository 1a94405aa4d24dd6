"""Rattus: the rules engine of the board game, in pure Python (standard library only).

    >>> import rattus
    >>> g = rattus.new_game(players=3, seed=7)
    >>> g.apply("setup Gallia")[0].kind
    'setup_placed'

The public API is what this module exports and the methods of :class:`Game`; see
docs/notation.md for the action notation, docs/view.md for the view and the events,
docs/state-format.md for saves.
"""

from . import constants
from .actions import Action, parse_action
from .board import REGIONS, neighbours, regions_in_play
from .cards import CARDS
from .errors import IllegalAction, InvalidState
from .events import Event
from .game import Game, new_game
from .odds import strike_odds
from .tokens import TOKENS

__version__ = "0.1.0"

__all__ = [
    "Action", "CARDS", "Event", "Game", "IllegalAction", "InvalidState", "REGIONS", "TOKENS",
    "__version__", "constants", "neighbours", "new_game", "parse_action", "regions_in_play",
    "strike_odds",
]
