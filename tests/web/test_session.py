"""web/model/session.py and web/model/replay.py on CPython, without a browser: the log rebuilt from
the seed is the log as played, undo drops the lines of the move it takes back, a save restores
who sits at the screen, and the replay's positions are the engine's ``Game.at(step)``.
"""

from __future__ import annotations

import json
import random

from model.game_config import Config, Seat
from model.replay import Replay
from model.session import Session

import rattus


def hotseat(n: int = 3, seed: int = 8) -> Session:
    seats = [Seat(name, colour) for name, colour in
             zip(("Ann", "Bob", "Cy", "Di"), ("red", "blue", "green", "yellow"), strict=False)]
    return Session(Config(seats=seats[:n], seed=seed))


def play(s: Session, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        if s.game.is_over:
            return
        if s.pass_to is not None:
            s.confirm_pass()
        s.apply(rng.choice(s.game.legal_actions()))


def test_rebuilt_log_is_the_log_as_played() -> None:
    s = hotseat()
    play(s, 10_000, random.Random(1))
    assert s.game.is_over
    copy = Session.from_dict(json.dumps(s.to_dict()))
    assert copy.log == s.log and copy.log_steps == s.log_steps
    assert copy.last_strike == s.last_strike
    assert copy.game.to_json() == s.game.to_json()


def test_undo_takes_back_the_move_and_its_log_lines() -> None:
    s = hotseat(2, seed=12)
    for _ in range(4):
        s.apply(s.game.legal_actions()[0])
    assert s.undo_blocker == "turn"
    s.apply("take King")
    before = (s.game.to_json(), list(s.log))
    place = next(a for a in s.game.legal_actions() if a.kind == "place")
    s.apply(place)
    assert s.undo_blocker is None
    version = s.version
    assert s.undo() == str(place)
    assert (s.game.to_json(), s.log) == before
    assert s.version == version + 1  # the dispatcher saves the game again


def test_only_the_player_at_the_screen_undoes() -> None:
    seats = [Seat("Ann", "red"), Seat("Rat", "blue", "easy")]
    s = Session(Config(seats=seats, seed=3))
    s.apply(s.game.legal_actions()[0])  # Ann's setup; the bot is next
    s.apply(s.game.legal_actions()[0])
    s.apply(s.game.legal_actions()[0])
    s.apply(s.game.legal_actions()[0])  # Ann's turn
    s.apply("take King")
    assert s.undo_blocker is None
    plague = next(a for a in s.game.legal_actions() if a.kind == "plague")
    s.apply(plague)
    while s.game.phase == "spread":
        s.apply(s.game.legal_actions()[0])
    assert s.current == 1 and s.undo_blocker == "turn"
    s.apply(next(a for a in s.game.legal_actions() if a.kind == "take"))
    assert s.game.undo_blocker is None and s.undo_blocker == "not-yours"  # the bot's move


def test_the_screen_comes_back_with_the_save() -> None:
    s = hotseat(2, seed=12)
    play(s, 12, random.Random(4))
    while s.pass_to is None:  # play on until a hand-over shows
        s.apply(random.Random(5).choice(s.game.legal_actions()))
    resumed = Session.from_dict(s.to_dict(s.resume_state()), resume=True)
    assert (resumed.screen_seat, resumed.pass_to) == (s.screen_seat, s.pass_to)
    s.confirm_pass()
    resumed = Session.from_dict(s.to_dict(s.resume_state()), resume=True)
    assert (resumed.screen_seat, resumed.pass_to, resumed.viewer) == (
        s.screen_seat, None, s.current)
    opened = Session.from_dict(s.to_dict())  # a file: a fresh hand-over
    assert opened.pass_to == s.current and opened.viewer is None


def test_replay_positions_are_the_engines() -> None:
    game = rattus.new_game(3, seed=4)
    rng = random.Random(4)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    before = game.to_json()
    r = Replay(game, 0)
    for step in range(len(game.history) + 1):  # forward one by one (incremental)
        r.goto(step)
        assert r.view() == game.at(step).view(None)
    for step in (5, 3, 40, 0, len(game.history), 17):  # jumps
        r.goto(step)
        assert r.view() == game.at(step).view(None)
    r.goto(10_000)
    assert r.step == len(game.history)
    assert all("face" not in e for e in r.public_events if e["kind"] == "witch_look")
    assert game.to_json() == before  # the live game is only read
