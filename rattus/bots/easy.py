"""The Easy bot: legal moves with a little sense, otherwise random.

It places its cubes where the most rats allow, does not move the plague into its own cubes
when it can avoid it, spreads rats away from its cubes, saves a cube with the King when it
can, and otherwise picks at random (now and then it takes a card).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from .base import Bot, acting_seat

if TYPE_CHECKING:  # (the shapes are for the type checker: rattus/shapes.py)
    from ..shapes import View


class EasyBot(Bot):
    level = "easy"

    def decide(self, view: View, legal: list[Action]) -> Action:
        rng = self.rng
        seat = acting_seat(view)
        board = view["board"]
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)

        def mine(region: str) -> int:
            return board[region]["cubes"][seat]

        def others(region: str) -> int:
            return sum(board[region]["cubes"]) - mine(region)

        if "setup" in by_kind:
            return rng.choice(by_kind["setup"])
        if "spread" in by_kind:
            options = by_kind["spread"]
            low = min(mine(a.args[0]) for a in options)
            return rng.choice([a for a in options if mine(a.args[0]) == low])
        if "neutral" in by_kind and view["phase"] == "neutral":
            region = view["plague"]
            yes = others(region) > mine(region)
            return Action("neutral", "yes" if yes else "no")
        if "witch" in by_kind and view["turn"]["witch_stage"]:
            return Action("witch", "done")
        if "king" in by_kind:
            return rng.choice(by_kind["king"])
        if "take" in by_kind and rng.random() < 0.25:
            return rng.choice(by_kind["take"])
        if "place" in by_kind:
            options = by_kind["place"]
            if view["phase"] == "final":
                return rng.choice(options)
            most = max(a.args[1] for a in options)
            return rng.choice([a for a in options if a.args[1] == most])
        if "plague" in by_kind and view["phase"] != "final":
            options = by_kind["plague"]
            safe = [a for a in options if not mine(a.args[0])]
            return rng.choice(safe or options)
        if "end" in by_kind:
            return Action("end")
        return rng.choice(legal)
