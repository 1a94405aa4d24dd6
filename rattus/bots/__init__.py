"""Computer opponents (docs/bots.md: how they decide, how strong they are).

Every bot decides from a seat's view (``Game.view(seat)``, RULES R8) and the legal actions,
never from the true state:

    from rattus.bots import make_bot
    bot = make_bot("normal", seed=1)
    action = bot.choose(game.view(game.current_player), game.legal_actions())

Levels: ``easy`` (sensible-random), ``normal`` (one-ply search with a static evaluation),
``hard`` (Information-Set MCTS over determinisations, with a time budget). The Hard bot also
searches in slices (``bot.start(view, legal)``, ``search.step(seconds=...)``,
``search.best()``) so that a browser can yield to its event loop while it thinks; it answers
at once when the decision is forced or its choices are alike, and stops early once its best
choice cannot be overtaken in the time left.

A hint for a human (``hint.py``): ``hint(view, legal, seed=..., budget=...)`` gives
``(action, reason_key, details)``: what Hard with that seed and budget would do, and why;
``describe(reason_key, details)`` words it in English.
Standard library only; no threads or processes.
"""

from __future__ import annotations

from .base import Bot, Search
from .easy import EasyBot
from .hint import REASONS, describe, explain, hint
from .normal import NormalBot

LEVELS = ("easy", "normal", "hard")


def make_bot(level: str, seed: int | None = None, time_budget: float | None = None,
             **options) -> Bot:
    """A bot of ``level`` ("easy", "normal" or "hard"). ``time_budget`` is the Hard bot's
    seconds per decision (default 1.0); ``options`` go to the bot's class (e.g.
    ``iterations=`` to cap the Hard bot's search, for reproducible tests)."""
    level = str(level).lower()
    if level == "easy":
        return EasyBot(seed, time_budget, **options)
    if level == "normal":
        return NormalBot(seed, time_budget, **options)
    if level == "hard":
        from .hard import HardBot
        return HardBot(seed, time_budget, **options)
    raise ValueError(f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}")


__all__ = ["LEVELS", "REASONS", "Bot", "EasyBot", "NormalBot", "Search", "describe", "explain",
           "hint", "make_bot"]
