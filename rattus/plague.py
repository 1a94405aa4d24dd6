"""The plague strikes a region (RULES R5.3–R5.5) and the final scoring (R7.3, R7.4).

These are the automatic consequences of the players' decisions: no choice is made here.
"""

from __future__ import annotations

from .cards import ALL, MAJORITY, SYMBOL_CARD
from .constants import NEUTRAL_CUBES
from .events import Event
from .state import State
from .tokens import TOKENS


def strikes(s: State, region: str) -> bool:
    """Whether the plague strikes ``region``: it holds a rat token and a player cube (R5.3;
    the Knight's neutral cubes alone never start a strike)."""
    return bool(s.rats[region]) and any(s.cubes[region])


def strike(s: State, region: str, neutral: bool) -> list[Event]:
    """Reveal the region's rat tokens oldest first and apply each (R5.3–R5.5).

    Evaluation stops as soon as the region holds no rat tokens or no player cubes; the
    tokens not reached stay face down (R5.3). Neutral cubes never start a strike.
    """
    cubes = s.cubes[region]
    tokens = s.rats[region]
    if not tokens:
        return [Event("no_strike", region=region, reason="no rats")]
    if not any(cubes):
        return [Event("no_strike", region=region, reason="no cubes")]
    events = [Event("strike", region=region, cubes=sum(cubes),
                    neutral=NEUTRAL_CUBES if neutral else 0)]
    while tokens and any(cubes):
        token_id = tokens.pop(0)
        for known in s.knowledge:
            known.discard(token_id)
        s.revealed.append(token_id)
        token = TOKENS[token_id]
        n = sum(cubes) + (NEUTRAL_CUBES if neutral else 0)
        outbreak = n >= token.threshold  # R5.4
        events.append(Event("token_revealed", region=region, face=token.face(), cubes=n,
                            threshold=token.threshold, outbreak=outbreak))
        if outbreak:
            events.extend(_apply_symbols(s, region, token.symbols))
    return events


def _apply_symbols(s: State, region: str, symbols: tuple[str, ...]) -> list[Event]:
    """R5.5: each M against the cubes as they stand, then each A, then each class symbol.
    ``symbols`` is already in that order (tokens.py sorts it)."""
    cubes = s.cubes[region]
    events = []

    def kill(seat: int, symbol: str) -> None:
        cubes[seat] -= 1
        events.append(Event("cube_killed", seat=seat, region=region, symbol=symbol))

    for symbol in symbols:
        if symbol == MAJORITY:
            most = max(cubes)
            if most:
                for seat in [p for p, c in enumerate(cubes) if c == most]:
                    kill(seat, symbol)
        elif symbol == ALL:
            for seat in [p for p, c in enumerate(cubes) if c]:
                kill(seat, symbol)
        else:
            holder = s.cards.get(SYMBOL_CARD[symbol])
            if holder is not None and cubes[holder]:
                kill(holder, symbol)
    return events


def final_plague(s: State) -> list[Event]:
    """R7.3: the plague strikes every region in play, with no spread; the Knight's neutral
    cubes, if declared, count where the plague piece stands."""
    events = [Event("final_plague", regions=list(s.regions))]
    for region in s.regions:
        if strikes(s, region):
            events.extend(strike(s, region, s.neutral and region == s.plague))
    return events


def scores(s: State) -> list[int]:
    """R7.4: cubes in regions plus cubes in the palace, per seat."""
    return [s.on_board(p) + s.palace[p] for p in range(s.players)]


def next_turn_order(s: State) -> list[int]:
    """The seats clockwise from the one after the last regular turn's player (R7.4)."""
    last = s.last_regular if s.last_regular is not None else s.current
    return [(last + 1 + i) % s.players for i in range(s.players)]


def ranking(s: State) -> tuple[int, list[int]]:
    """The winner and the seats tied on the best score (R7.4's tie-break decides among them)."""
    points = scores(s)
    best = max(points)
    tied = [p for p in range(s.players) if points[p] == best]
    winner = next(p for p in next_turn_order(s) if p in tied)
    return winner, tied
