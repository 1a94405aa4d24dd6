"""The rules of a turn: which actions are legal now (the single source of legality) and
what each one does (RULES R3–R7). Automatic consequences come back as events.
"""

from __future__ import annotations

from .action_tables import (  # every action, built once: looked up, never built here
    END,
    KING,
    MERCHANT,
    MONK,
    NEUTRAL_NO,
    NEUTRAL_YES,
    PLACE,
    PLAGUE,
    SETUP,
    SPREAD,
    TAKE,
    WITCH_DONE,
    WITCH_LOOK,
    WITCH_SWAP,
)
from .actions import Action
from .board import steps_from
from .cards import CARDS
from .constants import (
    FINAL_PEASANT_CUBES,
    KNIGHT_STEPS,
    MAX_RATS,
    MERCHANT_MAX,
    NEUTRAL_CUBES,
    PEASANT_EXTRA,
    SETUP_CUBES,
    SPREAD_MAX,
)
from .events import Event
from .plague import final_plague, ranking, scores, strike, strikes
from .state import State
from .tokens import TOKENS

# Actions that reveal nothing and stay within a turn: these may be undone (see Game.undo).
_UNDOABLE_KINDS = frozenset({"take", "place", "king", "monk", "merchant"})


# -- legality ------------------------------------------------------------------------------

# Where the plague piece may go, by (regions in play, start, steps): the board never changes.
_REACH: dict[tuple, tuple[str, ...]] = {}
_STEPS: dict[tuple, dict[str, int]] = {}


def legal_actions(s: State) -> list[Action]:
    """Every action the current player may take now, in a stable order."""
    phase = s.phase
    if phase == "over":
        return []
    if phase == "setup":
        return [SETUP[r] for r in s.regions]
    if phase == "spread":
        return [SPREAD[r] for r in spread_targets(s)]
    if phase == "neutral":
        return [NEUTRAL_YES, NEUTRAL_NO]
    if s.witch_stage:
        return _witch_continuations(s)
    seat, final = s.current, phase == "final"
    cards, used = s.cards, s.used
    actions: list[Action] = []
    if not final and not s.took_card:  # R4.1
        actions += [TAKE[c] for c in CARDS if cards.get(c) != seat]
    actions += _placements(s, seat, final)
    rats, cubes = s.rats, s.cubes
    if cards.get("King") == seat and "King" not in used:  # R6.1
        actions += [KING[r] for r in s.regions if cubes[r][seat] and not rats[r]]
    if cards.get("Monk") == seat and "Monk" not in used:  # R6.2
        for r in s.regions:
            tokens = rats[r]
            if tokens:
                targets = [n for n in s.nbrs[r] if len(rats[n]) < MAX_RATS]
                actions += [MONK[r, i, n]
                            for i in range(1, len(tokens) + 1) for n in targets]
    if cards.get("Merchant") == seat and "Merchant" not in used:  # R6.5
        for r in s.regions:
            own = cubes[r][seat]
            if own:
                actions += [MERCHANT[r, n, k]
                            for n in s.nbrs[r] for k in range(1, min(MERCHANT_MAX, own) + 1)]
    if cards.get("Witch") == seat and "Witch" not in used:  # R6.6
        actions += [WITCH_LOOK[r, i] for r in s.regions for i in range(1, len(rats[r]) + 1)]
    if final:
        knight = cards.get("Knight") == seat
        if knight and "Knight" not in used:  # R7.2: up to two steps, no spread, no strike
            actions += [PLAGUE[r] for r in plague_destinations(s, two_steps=True)]
        if knight and not s.neutral:  # R7.2 Ruling
            actions.append(NEUTRAL_YES)
        actions.append(END)
    else:  # R4.3, R6.3
        knight = cards.get("Knight") == seat
        actions += [PLAGUE[r] for r in plague_destinations(s, two_steps=knight)]
    return actions


def _ability_free(s: State, seat: int, card: str) -> bool:
    """The seat holds ``card`` and has not used it this turn (R6: once per turn)."""
    return s.holds(seat, card) and card not in s.used


def _placements(s: State, seat: int, final: bool) -> list[Action]:
    reserve = s.reserve(seat)
    if not reserve:
        return []
    if final:  # R7.2: the Peasant may place one cube in any region in play
        if _ability_free(s, seat, "Peasant"):
            return [PLACE[r, FINAL_PEASANT_CUBES] for r in s.regions]
        return []
    if s.placed:  # R4.2: at most once per turn
        return []
    peasant = s.cards.get("Peasant") == seat
    rats = s.rats
    actions = []
    for r in s.regions:
        n = len(rats[r])
        # R4.2 as many as rats (all that remain when fewer, Ruling); R6.4 one more
        k = n if n < reserve else reserve
        if k:
            actions.append(PLACE[r, k])
        if peasant:
            more = n + PEASANT_EXTRA if n + PEASANT_EXTRA < reserve else reserve
            if more != k:
                actions.append(PLACE[r, more])
    return actions


def plague_destinations(s: State, two_steps: bool) -> list[str]:
    """Where the plague piece may go: a neighbour in play, or with the Knight also a region
    two steps away; never the region it starts in (R4.3, R6.3 Ruling)."""
    key = (s.players, s.plague, two_steps)
    reach = _REACH.get(key)
    if reach is None:
        steps = steps_from(s.nbrs, s.plague, KNIGHT_STEPS if two_steps else 1)
        reach = _REACH[key] = tuple(r for r in s.regions if r in steps)
    return list(reach)


def _steps_to(s: State, to: str) -> int:
    """Steps of the plague piece from where it stands to ``to`` (1 or 2, R4.3, R6.3)."""
    key = (s.players, s.plague)
    steps = _STEPS.get(key)
    if steps is None:
        steps = _STEPS[key] = steps_from(s.nbrs, s.plague, KNIGHT_STEPS)
    return steps[to]


def spread_targets(s: State) -> list[str]:
    """Neighbours of the plague region that can take another rat token (R5.1, R5.2)."""
    rats = s.rats
    return [r for r in s.nbrs[s.plague] if len(rats[r]) < MAX_RATS]


def _witch_continuations(s: State) -> list[Action]:
    """After the Witch's first look: a second look or stop; after the second: swap or stop
    (R6.6). Swapping two tokens of one region would change nothing, so it is not offered."""
    done = WITCH_DONE
    if s.witch_stage == 1:
        first = s.witch_looks[-1]
        return [WITCH_LOOK[r, i + 1] for r in s.regions
                for i, t in enumerate(s.rats[r]) if t != first] + [done]
    a, b = (s.slot_of(t) for t in s.witch_looks[-2:])
    if a and b and a[0] != b[0]:
        return [WITCH_SWAP, done]
    return [done]


# -- effects -------------------------------------------------------------------------------

def apply(s: State, action: Action) -> list[Event]:
    """Apply a legal action (the caller has checked legality) and its consequences."""
    # Judged by the phase *before* the action: a regular turn's last plague move (or the
    # Knight's neutral choice) strikes (R5.3) and then starts the final round (R7.2), so the
    # phase after it is "final" although tokens were revealed.
    final_turn = s.phase == "final"
    events = _EFFECTS[action.kind](s, action.args)
    s.history.append(str(action))
    if not _undoable(action, final_turn):
        s.undo_floor = len(s.history)
        new_turn = s.phase == "setup" or any(e.kind == "turn" for e in events)
        s.undo_block = "turn" if new_turn else _block_reason(action)
    return events


def _undoable(action: Action, final_turn: bool) -> bool:
    if action.kind in _UNDOABLE_KINDS:
        return True
    if action.kind == "witch":
        return action.args[0] in ("swap", "done")  # a look reveals a face
    # R7.2: in a final turn the Knight's move and declaration reveal nothing (no strike)
    return final_turn and action.kind in ("plague", "neutral")


def _block_reason(action: Action) -> str:
    if action.kind == "witch":
        return "witch"
    if action.kind in ("plague", "spread", "neutral"):
        return "plague"
    return "turn"


def _setup(s: State, args) -> list[Event]:
    (region,) = args
    seat = s.current
    s.cubes[region][seat] += SETUP_CUBES
    events = [Event("setup_placed", seat=seat, region=region, count=SETUP_CUBES)]
    s.setup_queue.pop(0)
    if s.setup_queue:
        s.current = s.setup_queue[0]
    else:  # R3.6
        s.current = s.start_player
        events += _begin_turn(s)
    return events


def _take(s: State, args) -> list[Event]:
    (card,) = args
    before = s.cards.get(card)
    s.cards[card] = s.current
    s.took_card = True
    return [Event("card_taken", seat=s.current, card=card, from_seat=before)]


def _place(s: State, args) -> list[Event]:
    region, count = args
    s.cubes[region][s.current] += count
    if s.phase == "final":
        s.used.append("Peasant")
    else:
        s.placed = True
    return [Event("cubes_placed", seat=s.current, region=region, count=count)]


def _king(s: State, args) -> list[Event]:
    (region,) = args
    s.cubes[region][s.current] -= 1
    s.palace[s.current] += 1
    s.used.append("King")
    return [Event("king", seat=s.current, region=region)]


def _monk(s: State, args) -> list[Event]:
    region, slot, to = args
    s.rats[to].append(s.rats[region].pop(slot - 1))  # it arrives last in its new region
    s.used.append("Monk")
    return [Event("monk", seat=s.current, region=region, slot=slot, to=to)]


def _merchant(s: State, args) -> list[Event]:
    region, to, count = args
    s.cubes[region][s.current] -= count
    s.cubes[to][s.current] += count
    s.used.append("Merchant")
    return [Event("merchant", seat=s.current, region=region, to=to, count=count)]


def _witch(s: State, args) -> list[Event]:
    seat = s.current
    if args[0] == "done":
        s.witch_stage = 0
        return [Event("witch_done", seat=seat)]
    if args[0] == "swap":
        # R6.6 swaps the tokens' positions: each takes the other's place, and so its place
        # in the arrival order that R5.3 reveals by (unlike the Monk's token, which arrives).
        a, b = (s.slot_of(t) for t in s.witch_looks[-2:])
        assert a and b, "the swap is offered only while both lie face down (R6.6)"
        (ra, ia), (rb, ib) = a, b
        s.rats[ra][ia - 1], s.rats[rb][ib - 1] = s.rats[rb][ib - 1], s.rats[ra][ia - 1]
        s.witch_stage = 0
        return [Event("witch_swap", seat=seat, a=[ra, ia], b=[rb, ib])]
    region, slot = args
    token = s.rats[region][slot - 1]
    s.knowledge[seat].add(token)
    s.witch_looks.append(token)
    s.witch_stage += 1
    if s.witch_stage == 1:
        s.used.append("Witch")
    return [Event("witch_look", seat=seat, region=region, slot=slot, look=s.witch_stage,
                  face=TOKENS[token].face(), private_to=seat)]


def _plague(s: State, args) -> list[Event]:
    (to,) = args
    steps = _steps_to(s, to)
    events = [Event("plague_moved", seat=s.current, region=s.plague, to=to, steps=steps)]
    s.plague = to
    if s.phase == "final":  # R7.2: the Knight moves it; no spread, no strike
        s.used.append("Knight")
        return events
    rats = len(s.rats[to])  # R5.1: counted before anything else
    s.spread_left = min(rats, SPREAD_MAX)
    return events + _continue_plague(s)


def _spread(s: State, args) -> list[Event]:
    (region,) = args
    s.rats[region].append(s.supply.pop())
    s.spread_left -= 1
    events = [Event("rat_spread", seat=s.current, region=region, left=s.spread_left)]
    return events + _continue_plague(s)


def _continue_plague(s: State) -> list[Event]:
    """After the plague piece moved or a rat spread: the next spread, the Knight's choice of
    neutral cubes, or the strike and the end of the turn (R5)."""
    events: list[Event] = []
    if s.spread_left:
        reason = "supply" if not s.supply else "full" if not spread_targets(s) else None
        if reason is None:
            s.phase = "spread"
            return events
        events.append(Event("spread_stopped", region=s.plague, undrawn=s.spread_left,
                            reason=reason))  # R5.2 and its Ruling
        s.spread_left = 0
    s.phase = "turn"
    region = s.plague
    if strikes(s, region) and s.holds(s.current, "Knight"):
        s.phase = "neutral"  # R6.3: declared before the tokens are revealed
        return events
    return events + strike(s, region, s.neutral) + _end_regular_turn(s)


def _neutral(s: State, args) -> list[Event]:
    s.neutral = args[0] == "yes"
    events = [Event("neutral", seat=s.current, declared=s.neutral,
                    count=NEUTRAL_CUBES if s.neutral else 0)]
    if s.phase == "final":  # R7.2 Ruling: they count where the piece stands in R7.3
        return events
    s.phase = "turn"
    return events + strike(s, s.plague, s.neutral) + _end_regular_turn(s)


def _end_regular_turn(s: State) -> list[Event]:
    """R7.1: the game ends after this turn if the supply ran out or the player has all 20
    cubes on the board; then the final round (R7.2). Otherwise the next seat plays."""
    seat = s.current
    if s.supply and s.reserve(seat):
        s.current = (seat + 1) % s.players
        return _begin_turn(s)
    s.last_regular = seat
    s.final_queue = [(seat - i) % s.players for i in range(1, s.players)]  # counter-clockwise
    s.neutral = False
    reason = "supply" if not s.supply else "cubes"  # R7.1: which end came first
    events = [Event("final_round", last_player=seat, order=list(s.final_queue),
                    reason=reason)]
    return events + _begin_final_turn(s)


def _reset_turn(s: State) -> None:
    s.took_card = s.placed = False
    s.used = []
    s.witch_looks = []
    s.witch_stage = 0
    s.spread_left = 0


def _begin_turn(s: State) -> list[Event]:
    _reset_turn(s)
    s.neutral = False
    s.phase = "turn"
    s.turns += 1
    return [Event("turn", seat=s.current, final=False)]


def _begin_final_turn(s: State) -> list[Event]:
    _reset_turn(s)
    s.phase = "final"
    s.current = s.final_queue.pop(0)
    return [Event("turn", seat=s.current, final=True)]


def _end(s: State, args) -> list[Event]:
    if s.final_queue:
        return _begin_final_turn(s)
    events = final_plague(s)  # R7.3
    s.phase = "over"
    winner, tied = ranking(s)
    events.append(Event("game_over", scores=scores(s), winner=winner, tied=tied,
                        tiebreak=len(tied) > 1))
    return events


_EFFECTS = {
    "setup": _setup, "take": _take, "place": _place, "king": _king, "monk": _monk,
    "merchant": _merchant, "witch": _witch, "plague": _plague, "spread": _spread,
    "neutral": _neutral, "end": _end,
}
