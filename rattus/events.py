"""Events: what happened inside ``Game.apply``, for a UI to narrate and animate.

An event is a JSON-ready dict with a ``kind`` (``"token_revealed"``, ``"cube_killed"``…).
An event that carries a private fact (the Witch's look, R6.6) names the only seat that may
see it in ``private_to``; :meth:`Event.visible_to` gives what any other seat may see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Unpack, overload

if TYPE_CHECKING:  # (the shapes are for the type checker: rattus/shapes.py)
    from . import shapes


#: Every kind of event, with its fields (seat numbers are ints, regions their names).
EVENT_KINDS: dict[str, str] = {
    "setup_placed": "seat, region, count — 2 cubes placed during setup (R3.5)",
    "card_taken": "seat, card, from_seat (None: from beside the board) (R4.1)",
    "cubes_placed": "seat, region, count (R4.2; R6.4; R7.2 Peasant)",
    "king": "seat, region — one cube moved into the palace (R6.1)",
    "monk": "seat, region, slot, to — a rat token moved (R6.2)",
    "merchant": "seat, region, to, count — cubes moved (R6.5)",
    "witch_look": "seat, region, slot, look (1 or 2), face (private_to: seat) (R6.6)",
    "witch_swap": "seat, a: [region, slot], b: [region, slot] (R6.6)",
    "witch_done": "seat (R6.6)",
    "plague_moved": "seat, region (from), to, steps (1, or 2 with the Knight) (R4.3, R6.3, R7.2)",
    "rat_spread": "seat, region, left — a token drawn from the supply onto region (R5.1)",
    "spread_stopped": "region, undrawn, reason ('supply' or 'full') (R5.2)",
    "neutral": "seat, declared, count (neutral cubes: 2 if declared, else 0) (R6.3)",
    "strike": "region, cubes (players'), neutral (neutral cubes counted: 2 or 0) (R5.3)",
    "no_strike": "region, reason ('no rats' or 'no cubes') (R5.3)",
    "token_revealed": "region, face, cubes (neutral included), threshold, outbreak (R5.4)",
    "cube_killed": "seat, region, symbol — back to the reserve (R5.5)",
    "turn": "seat, final — the seat's turn begins (R3.6, R7.2)",
    "final_round": "last_player, order, reason ('supply': no rat token left; 'cubes': the "
                   "last player has all 20 cubes out) (R7.1, R7.2)",
    "final_plague": "regions (R7.3)",
    "game_over": "scores, winner, tied, tiebreak (R7.4)",
}


class Event(dict):
    """A dict with a ``kind``; see :data:`EVENT_KINDS` for the fields of each kind, and
    ``shapes.EVENT_SHAPES`` for their types: the overloads below let mypy check that each
    ``Event(kind, ...)`` gives exactly its kind's fields."""

    __slots__ = ()

    @overload
    def __init__(self, kind: Literal["setup_placed"],
                 **fields: Unpack[shapes.SetupPlacedFields]) -> None: ...
    @overload
    def __init__(self, kind: Literal["card_taken"],
                 **fields: Unpack[shapes.CardTakenFields]) -> None: ...
    @overload
    def __init__(self, kind: Literal["cubes_placed"],
                 **fields: Unpack[shapes.CubesPlacedFields]) -> None: ...
    @overload
    def __init__(self, kind: Literal["king"],
                 **fields: Unpack[shapes.KingFields]) -> None: ...
    @overload
    def __init__(self, kind: Literal["monk"],
                 **fields: Unpack[shapes.MonkFields]) -> None: ...
    @overload
    def __init__(self, kind: Literal["merchant"],
                 **fields: Unpack[shapes.MerchantFields]) -> None: ...
    @overload
    def __init__(self, kind: Literal["witch_look"],
                 **fields: Unpack[shapes.WitchLookFields]) -> None: ...
    @overload
    def __init__(self, kind: Literal["witch_swap"],
                 **fields: Unpack[shapes.WitchSwapFields]) -> None: ...
    @overload
    def __init__(self, kind: Literal["witch_done"],
                 **fields: Unpack[shapes.WitchDoneFields]) -> None: ...
    @overload
    def __init__(self, kind: Literal["plague_moved"],
                 **fields: Unpack[shapes.PlagueMovedFields]) -> None: ...
    @overload
    def __init__(self, kind: Literal["rat_spread"],
                 **fields: Unpack[shapes.RatSpreadFields]) -> None: ...
    @overload
    def __init__(self, kind: Literal["spread_stopped"],
                 **fields: Unpack[shapes.SpreadStoppedFields]) -> None: ...
    @overload
    def __init__(self, kind: Literal["neutral"],
                 **fields: Unpack[shapes.NeutralFields]) -> None: ...
    @overload
    def __init__(self, kind: Literal["strike"],
                 **fields: Unpack[shapes.StrikeFields]) -> None: ...
    @overload
    def __init__(self, kind: Literal["no_strike"],
                 **fields: Unpack[shapes.NoStrikeFields]) -> None: ...
    @overload
    def __init__(self, kind: Literal["token_revealed"],
                 **fields: Unpack[shapes.TokenRevealedFields]) -> None: ...
    @overload
    def __init__(self, kind: Literal["cube_killed"],
                 **fields: Unpack[shapes.CubeKilledFields]) -> None: ...
    @overload
    def __init__(self, kind: Literal["turn"],
                 **fields: Unpack[shapes.TurnFields]) -> None: ...
    @overload
    def __init__(self, kind: Literal["final_round"],
                 **fields: Unpack[shapes.FinalRoundFields]) -> None: ...
    @overload
    def __init__(self, kind: Literal["final_plague"],
                 **fields: Unpack[shapes.FinalPlagueFields]) -> None: ...
    @overload
    def __init__(self, kind: Literal["game_over"],
                 **fields: Unpack[shapes.GameOverFields]) -> None: ...

    def __init__(self, kind: str, **fields: Any) -> None:
        super().__init__(kind=kind, **fields)

    @property
    def kind(self) -> str:
        return self["kind"]

    def visible_to(self, seat: int | None) -> dict[str, Any]:
        """The event as ``seat`` may see it: private facts of other seats removed (R8.3)."""
        private_to = self.get("private_to")
        if private_to is None or private_to == seat:
            return dict(self)
        return {k: v for k, v in self.items() if k not in ("face", "private_to")}
