"""The log of a game as a table tells it, and the "since your last turn" digest read from it:
:class:`TableLog`.

Why apart from the session: the page keeps the log as the public events it tells (one per
line, each with the number of actions it follows) and the seat that took each action; a
page that plays a seat from another device (online/remote_table.py) receives exactly those
from the host and words them in its own language. Both read the digest and a move's lines
from these four lists with the same code, so both tell a turn the same way.
"""

from __future__ import annotations

from text.narrate import narrate_one

#: The events a "since your last turn" digest tells (the rest is in the log), and those of
#: them that are a seat's own doing (not news to that seat; its cubes lost are).
DIGEST = frozenset({"card_taken", "cubes_placed", "plague_moved", "rat_spread",
                    "spread_stopped", "strike", "no_strike", "token_revealed", "cube_killed",
                    "final_round", "final_plague", "monk", "witch_swap", "king", "merchant"})
DONE_BY = frozenset({"card_taken", "cubes_placed", "plague_moved", "rat_spread", "monk",
                     "witch_swap", "king", "merchant"})


class TableLog:
    """The log's lists and what is read from them; the class that holds them sets them and
    names the players (:attr:`names`) and the actions so far (:attr:`step`)."""

    log: list[str]  # the log lines, as told to everyone
    log_steps: list[int]  # per log line: the number of actions it follows
    log_events: list[dict]  # per log line: the (public) event it tells
    actors: list[int]  # per action of the history: the seat that took it

    @property
    def names(self) -> list[str]:
        raise NotImplementedError

    @property
    def step(self) -> int:
        raise NotImplementedError

    def retell(self) -> None:
        """Word every log line again from its event: after a change of language."""
        self.log = [narrate_one(e, self.names) or "" for e in self.log_events]

    def lines_of(self, step: int) -> list[str]:
        """The log lines of the move that made ``step`` actions (what undo takes back); the
        page's own notes (a hint) are not the move's."""
        return [x for x, k, e in zip(self.log, self.log_steps, self.log_events, strict=True)
                if k == step and not e.get("note")]

    def last_move_text(self) -> str:
        """What the last move did, in the log's words (what undo would take back, what a step
        of the step-by-step pace did): its lines without the next turn's heading, which is
        no doing of that move."""
        return " ".join(x for x, k, e in zip(self.log, self.log_steps, self.log_events,
                                             strict=True)
                        if k == self.step and not e.get("note") and e["kind"] != "turn")

    def since_last_turn(self, seat: int) -> list[tuple[int, str]]:
        """What the others did since ``seat`` last acted, as (step, log line): cards taken,
        the plague's moves and spreads, and every strike with each cube lost (R5). Empty once
        ``seat`` has acted this turn (the digest is for the start of a turn)."""
        if not self.actors or self.actors[-1] == seat:
            return []
        first = self._first_line_since(seat)
        return [(self.log_steps[i], self.log[i]) for i in range(first, len(self.log))
                if self.log_events[i]["kind"] in DIGEST
                and not (self.log_events[i]["kind"] in DONE_BY
                         and self.log_events[i].get("seat") == seat)]

    def last_actor(self) -> int | None:
        """The seat that took the last action (None before the first)."""
        return self.actors[-1] if self.actors else None

    def taken_from(self, seat: int) -> list[tuple[str, int]]:
        """The class cards others took from ``seat`` since it last acted (R4.1), as (card,
        taker): the first news of a "since your last turn"."""
        return [(e["card"], e["seat"]) for e in self.log_events[self._first_line_since(seat):]
                if e["kind"] == "card_taken" and e.get("from_seat") == seat]

    def lost_since_last_turn(self, seat: int) -> int:
        """The cubes ``seat`` lost since it last acted (R5.5): the digest's first line."""
        return sum(1 for e in self.log_events[self._first_line_since(seat):]
                   if e["kind"] == "cube_killed" and e.get("seat") == seat)

    def newest_strike(self) -> tuple[int, list[dict]] | None:
        """The newest strike told in the log — (its step, that move's public events), the
        strike's and its tokens' and kills' among them — or None before the first: what "Last
        strike" shows. Read from the log, not kept beside it, so it is the newest on every
        page alike, a guest's too, which may have heard of two moves of the host at once
        (R5.3–R5.5, R7.3). Looked for from the end (it runs on every render)."""
        events, steps = self.log_events, self.log_steps
        i = len(events)
        while i and events[i - 1]["kind"] != "token_revealed":
            i -= 1
        if not i:
            return None
        step = steps[i - 1]
        first = i - 1
        while first and steps[first - 1] == step:
            first -= 1
        last = i
        while last < len(steps) and steps[last] == step:
            last += 1
        return step, [e for e in events[first:last] if not e.get("note")]

    def _first_line_since(self, seat: int) -> int:
        """The first log line after ``seat``'s last action, both looked for from the end: this
        runs on every render, and must not walk the whole game."""
        last = len(self.actors)
        while last and self.actors[last - 1] != seat:
            last -= 1
        first = len(self.log_steps)
        while first and self.log_steps[first - 1] > last:
            first -= 1
        return first

