"""The shapes of the dicts the engine hands out, as ``TypedDict``s, so that mypy checks both
the code that builds them and the code that reads them: the view (``Game.view(seat)``) and
the events (``Game.apply``).

``docs/view.md`` is the reference for every key (its meaning, its rule, who may see it);
these classes follow it key for key, and ``tests/test_shapes.py`` holds real games' views and
events to them. At run time they are plain dicts: nothing here exists beyond type checking
and the key sets the test reads.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

#: A place on the board as JSON writes it, ``[region, slot]`` (slot from 1): a list, whose two
#: items are a region name and a slot number, so its items are typed ``Any``.
Place = list[Any]


class Face(TypedDict):
    """A rat token's face as the players see it once revealed or looked at (R1.3, R5.4)."""

    threshold: int
    symbols: list[str]


# -- the view (docs/view.md, "Keys") --------------------------------------------------------

class RegionView(TypedDict):
    """``view["board"][region]``: see docs/view.md, ``board``."""

    tokens: list[Face | None]  # oldest first; a face only if this seat's Witch saw it (R8.3)
    cubes: list[int]  # per seat
    starting: list[bool]  # parallel to tokens: placed there at setup (R3.2)


class TurnView(TypedDict):
    """``view["turn"]``: see docs/view.md, ``turn.*``."""

    number: int
    took_card: bool
    placed: bool
    used: list[str]
    witch_looks: list[Place | None]
    witch_stage: int
    spread_left: int
    neutral: bool


class Decision(TypedDict):
    """``view["decision"]``: the pending decision; see docs/view.md, ``decision``."""

    kind: str  # a phase name (state.PHASES) or "witch"
    seat: int | None
    private: bool
    plague_reach: dict[str, int]
    spread_left: int
    witch_stage: int
    spread_draws: dict[str, int]
    empties_supply: list[str]
    empties_reserve: bool


class Limits(TypedDict):
    """``view["limits"]``: the game's numbers (``rattus.constants``); docs/view.md, ``limits``."""

    cubes: int
    max_rats: int
    setup_cubes: int
    knight_steps: int
    neutral_cubes: int
    merchant_max: int
    spread_max: int


class View(TypedDict):
    """What one seat may know (R8): ``Game.view(seat)``. Every key is in docs/view.md."""

    seat: int | None
    players: int
    start_player: int
    phase: str
    current_player: int | None
    regions: list[str]
    neighbours: dict[str, list[str]]
    board: dict[str, RegionView]
    palace: list[int]
    reserve: list[int]
    on_board: list[int]
    cards: dict[str, int | None]
    plague: str
    supply: int
    removed: int
    revealed: list[Face]
    turn: TurnView
    setup_queue: list[int]
    last_regular: int | None
    final_queue: list[int]
    scores: list[int]
    winner: int | None
    tied: list[int]
    decision: Decision
    knows: int
    limits: Limits


# -- the events (docs/view.md, "Events"; rattus/events.py) ----------------------------------
# Each kind twice: its fields (what ``Event(kind, **fields)`` takes, checked by mypy through
# the overloads in events.py), and the whole event, the fields with their ``kind``.

class SetupPlacedFields(TypedDict):
    seat: int
    region: str
    count: int


class SetupPlaced(SetupPlacedFields):
    """2 cubes placed during setup (R3.5)."""

    kind: Literal["setup_placed"]


class CardTakenFields(TypedDict):
    seat: int
    card: str
    from_seat: int | None  # None: from beside the board


class CardTaken(CardTakenFields):
    """A class card taken (R4.1)."""

    kind: Literal["card_taken"]


class CubesPlacedFields(TypedDict):
    seat: int
    region: str
    count: int


class CubesPlaced(CubesPlacedFields):
    """Cubes placed (R4.2; R6.4; R7.2 Peasant)."""

    kind: Literal["cubes_placed"]


class KingFields(TypedDict):
    seat: int
    region: str


class King(KingFields):
    """One cube moved into the palace (R6.1)."""

    kind: Literal["king"]


class MonkFields(TypedDict):
    seat: int
    region: str
    slot: int
    to: str


class Monk(MonkFields):
    """A rat token moved (R6.2)."""

    kind: Literal["monk"]


class MerchantFields(TypedDict):
    seat: int
    region: str
    to: str
    count: int


class Merchant(MerchantFields):
    """Cubes moved (R6.5)."""

    kind: Literal["merchant"]


class WitchLookFields(TypedDict):
    seat: int
    region: str
    slot: int
    look: int  # 1 or 2
    face: Face  # private: Event.visible_to strips it for other seats (R8.3)
    private_to: int


class WitchLook(WitchLookFields):
    """The Witch looks at a token (R6.6)."""

    kind: Literal["witch_look"]


class WitchSwapFields(TypedDict):
    seat: int
    a: Place
    b: Place


class WitchSwap(WitchSwapFields):
    """The two tokens the Witch looked at swap places (R6.6)."""

    kind: Literal["witch_swap"]


class WitchDoneFields(TypedDict):
    seat: int


class WitchDone(WitchDoneFields):
    """The Witch's use ends without a swap (R6.6)."""

    kind: Literal["witch_done"]


class PlagueMovedFields(TypedDict):
    seat: int
    region: str  # from
    to: str
    steps: int  # 1, or 2 with the Knight


class PlagueMoved(PlagueMovedFields):
    """The plague piece moved (R4.3, R6.3, R7.2)."""

    kind: Literal["plague_moved"]


class RatSpreadFields(TypedDict):
    seat: int
    region: str
    left: int


class RatSpread(RatSpreadFields):
    """A token drawn from the supply onto a region (R5.1)."""

    kind: Literal["rat_spread"]


class SpreadStoppedFields(TypedDict):
    region: str
    undrawn: int
    reason: str  # "supply" or "full"


class SpreadStopped(SpreadStoppedFields):
    """The spread stops early (R5.2)."""

    kind: Literal["spread_stopped"]


class NeutralFields(TypedDict):
    seat: int
    declared: bool
    count: int  # neutral cubes: 2 if declared, else 0


class Neutral(NeutralFields):
    """The Knight's neutral cubes declared or not (R6.3, R7.2)."""

    kind: Literal["neutral"]


class StrikeFields(TypedDict):
    region: str
    cubes: int  # players' cubes
    neutral: int  # neutral cubes counted: 2 or 0


class Strike(StrikeFields):
    """The plague strikes a region (R5.3)."""

    kind: Literal["strike"]


class NoStrikeFields(TypedDict):
    region: str
    reason: str  # "no rats" or "no cubes"


class NoStrike(NoStrikeFields):
    """The plague does not strike (R5.3)."""

    kind: Literal["no_strike"]


class TokenRevealedFields(TypedDict):
    region: str
    face: Face
    cubes: int  # neutral included
    threshold: int
    outbreak: bool


class TokenRevealed(TokenRevealedFields):
    """A rat token revealed (R5.4)."""

    kind: Literal["token_revealed"]


class CubeKilledFields(TypedDict):
    seat: int
    region: str
    symbol: str


class CubeKilled(CubeKilledFields):
    """One cube back to the reserve (R5.5)."""

    kind: Literal["cube_killed"]


class TurnFields(TypedDict):
    seat: int
    final: bool


class Turn(TurnFields):
    """A seat's turn begins (R3.6, R7.2)."""

    kind: Literal["turn"]


class FinalRoundFields(TypedDict):
    last_player: int
    order: list[int]
    reason: str  # "supply" or "cubes"


class FinalRound(FinalRoundFields):
    """The final round begins (R7.1, R7.2)."""

    kind: Literal["final_round"]


class FinalPlagueFields(TypedDict):
    regions: list[str]


class FinalPlague(FinalPlagueFields):
    """The plague strikes every region (R7.3)."""

    kind: Literal["final_plague"]


class GameOverFields(TypedDict):
    scores: list[int]
    winner: int
    tied: list[int]
    tiebreak: bool


class GameOver(GameOverFields):
    """The game is over (R7.4)."""

    kind: Literal["game_over"]


#: Any event as ``Game.apply`` returns it; ``event["kind"]`` tells mypy which.
AnyEvent = (
    SetupPlaced | CardTaken | CubesPlaced | King | Monk | Merchant | WitchLook | WitchSwap
    | WitchDone | PlagueMoved | RatSpread | SpreadStopped | Neutral | Strike | NoStrike
    | TokenRevealed | CubeKilled | Turn | FinalRound | FinalPlague | GameOver
)

#: The shape of each kind of event, by kind (the kinds of ``events.EVENT_KINDS``).
EVENT_SHAPES: dict[str, type] = {
    "setup_placed": SetupPlaced, "card_taken": CardTaken, "cubes_placed": CubesPlaced,
    "king": King, "monk": Monk, "merchant": Merchant, "witch_look": WitchLook,
    "witch_swap": WitchSwap, "witch_done": WitchDone, "plague_moved": PlagueMoved,
    "rat_spread": RatSpread, "spread_stopped": SpreadStopped, "neutral": Neutral,
    "strike": Strike, "no_strike": NoStrike, "token_revealed": TokenRevealed,
    "cube_killed": CubeKilled, "turn": Turn, "final_round": FinalRound,
    "final_plague": FinalPlague, "game_over": GameOver,
}
