"""Why an action is refused: the words for a player, with a stable key for a UI.

Legality itself is decided by ``rules.legal_actions`` alone; this module only finds the first
reason, in the order a player would look, that an action is not among them. ``Game.apply``
(which raises it) and ``Game.why_not`` (which returns it) both ask :func:`refusal`, so the two
always give the same reason, details and words.

An action may be *partial*: its kind and only its first arguments (``place Gallia``, ``monk
Gallia/1``, ``merchant Gallia``…), meaning "some action that starts like this". It is refused
only when no legal action starts with those arguments (``actions.parse_partial``).
"""

from __future__ import annotations

from .actions import Action, notation
from .board import REGIONS
from .constants import MAX_RATS, NEUTRAL_CUBES, SETUP_CUBES
from .errors import IllegalAction
from .state import State


def refusal(s: State, kind: str, args: tuple, legal: list[Action]) -> dict | None:
    """None when some action of ``legal`` is ``kind`` with arguments starting with ``args``;
    otherwise the refusal, JSON-ready: ``{"reason": key, "details": {...}, "message": text}``.
    ``legal`` is ``rules.legal_actions(s)`` (the single source of legality)."""
    n = len(args)
    for a in legal:
        if a.kind == kind and a.args[:n] == args:
            return None
    reason, details = _why(s, kind, args, legal)
    words = {k: " or ".join(map(str, v)) if isinstance(v, list) else v
             for k, v in details.items()}
    text = _REASON_TEXT[reason].format(action=notation(kind, args), **words)
    return {"reason": reason, "details": details, "message": text}


def explain(s: State, action: Action, legal: list[Action]) -> IllegalAction:
    """An :class:`IllegalAction` that says, in a player's terms, why ``action`` (not among
    ``legal``) is not legal: ``reason`` (a stable key a UI can translate) and ``details``."""
    found = refusal(s, action.kind, action.args, legal)
    if found is None:
        raise ValueError(f"{action} is legal: nothing to explain")
    return IllegalAction(found["message"], found["reason"], found["details"])


def _why(s: State, kind: str, args: tuple, legal: list[Action]) -> tuple[str, dict]:
    """The first reason, in the order a player would look, that no action ``kind`` starting
    with ``args`` is legal now."""
    seat = s.current
    for r in args:
        if r in REGIONS and r not in s.rats:
            return "not_in_play", {"region": r}
    if s.phase == "over":
        return "game_over", {}
    pending = s.phase if s.phase in ("setup", "spread", "neutral") else None
    if pending and kind != pending:
        return f"{pending}_pending", {}
    if s.witch_stage and kind != "witch":
        return "witch_pending", {}
    final = s.phase == "final"
    if final and (kind in ("take", "spread") or kind == "place" and not s.holds(seat, "Peasant")):
        return "final_round", {}
    if not final and kind == "end":
        return "turn_ends_with_plague", {}
    card = _ABILITY_CARD.get(kind)
    if final and kind in _FINAL_ABILITY_CARD:
        card = _FINAL_ABILITY_CARD[kind]
    if card and not (kind == "witch" and s.witch_stage):
        if not s.holds(seat, card):
            return "no_card", {"card": card}
        if card in s.used:
            return "ability_used", {"card": card}
    explain_kind = _WHY_BY_KIND.get(kind)
    return explain_kind(s, args, legal) if explain_kind else ("not_now", {})


_ABILITY_CARD = {"king": "King", "monk": "Monk", "merchant": "Merchant", "witch": "Witch"}
_FINAL_ABILITY_CARD = {"plague": "Knight", "place": "Peasant"}  # R7.2 exceptions


def _why_take(s: State, args, legal) -> tuple[str, dict]:
    if s.took_card:
        return "card_taken", {}
    return "card_held", {"card": args[0]}


def _why_place(s: State, args, legal) -> tuple[str, dict]:
    region = args[0]
    if s.placed:
        return "placed", {}
    if not s.reserve(s.current):
        return "reserve_empty", {}
    counts = [a.args[1] for a in legal if a.kind == "place" and a.args[0] == region]
    if not counts:
        return "no_rats", {"region": region}
    return "wrong_count", {"region": region, "counts": sorted(counts)}  # a UI words the list


def _why_king(s: State, args, legal) -> tuple[str, dict]:
    if s.rats[args[0]]:
        return "region_has_rats", {"region": args[0]}
    return "no_cube_there", {"region": args[0]}


def _why_monk(s: State, args, legal) -> tuple[str, dict]:
    region, slot = args[:2]
    if slot > len(s.rats[region]):
        return "no_token", {"region": region, "slot": slot}
    if len(args) == 2:  # partial: no neighbour of the region has room (R6.2, R5.2)
        return "neighbours_full", {"region": region}
    to = args[2]
    if to not in s.nbrs[region]:
        return "not_neighbour", {"region": region, "to": to}
    return "region_full", {"region": to}


def _why_merchant(s: State, args, legal) -> tuple[str, dict]:
    region = args[0]
    if len(args) > 1 and args[1] not in s.nbrs[region]:
        return "not_neighbour", {"region": region, "to": args[1]}
    if len(args) < 3:  # partial: any count would do, so there is no cube at all (R6.5)
        return "no_cube_there", {"region": region}
    return "too_few_cubes", {"region": region, "count": args[2]}


def _why_witch(s: State, args, legal) -> tuple[str, dict]:
    if len(args) == 2 and args[1] > len(s.rats[args[0]]):
        return "no_token", {"region": args[0], "slot": args[1]}
    return "not_now", {}


def _why_plague(s: State, args, legal) -> tuple[str, dict]:
    if args[0] == s.plague:
        return "plague_stay", {}
    return "plague_too_far", {"region": args[0]}


def _why_spread(s: State, args, legal) -> tuple[str, dict]:
    if args[0] not in s.nbrs[s.plague]:
        return "not_neighbour", {"region": s.plague, "to": args[0]}
    return "region_full", {"region": args[0]}


_WHY_BY_KIND = {
    "take": _why_take, "place": _why_place, "king": _why_king, "monk": _why_monk,
    "merchant": _why_merchant, "witch": _why_witch, "plague": _why_plague,
    "spread": _why_spread,
}


#: Every reason key with its English text (``details`` fill the braces).
_REASON_TEXT = {
    "not_in_play": "{region} is not in play in this game",
    "game_over": "the game is over",
    "setup_pending": f"during setup each player only places {SETUP_CUBES} cubes in a region",
    "spread_pending": "first place the rat tokens that the plague spreads",
    "neutral_pending": "first say whether the Knight's plague piece counts as"
                       f" {NEUTRAL_CUBES} cubes",
    "witch_pending": "first finish the Witch: look at a second token, swap, or stop",
    "final_round": "in the final round only the abilities of cards held may be used",
    "turn_ends_with_plague": "a regular turn ends by moving the plague piece",
    "no_card": "you do not hold the {card}",
    "ability_used": "the {card} has already been used this turn",
    "card_taken": "you have already taken a class card this turn",
    "card_held": "you already hold the {card}",
    "placed": "you have already placed cubes this turn",
    "reserve_empty": "your reserve is empty",
    "no_rats": "{region} has no rat tokens, so it takes no cubes",
    "wrong_count": "you may place {counts} cube(s) in {region} now",
    "region_has_rats": "the King only saves a cube from a region without rat tokens",
    "no_cube_there": "you have no cube in {region}",
    "not_neighbour": "{to} is not a neighbour of {region}",
    "no_token": "{region} has no rat token number {slot}",
    "region_full": f"{{region}} already holds {MAX_RATS} rat tokens",
    "neighbours_full": f"every neighbour of {{region}} already holds {MAX_RATS} rat tokens",
    "too_few_cubes": "you do not have {count} cubes in {region}",
    "plague_stay": "the plague piece must leave its region",
    "plague_too_far": "the plague piece cannot reach {region} this turn",
    "not_now": "{action} is not possible now",
}

#: Every reason key ``refusal`` may give, and ``bad_notation`` for text that does not parse.
REASONS: tuple[str, ...] = ("bad_notation", *_REASON_TEXT)
