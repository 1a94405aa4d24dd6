""""Show my turn" (rattus.bots.hint.show_turn): the whole turn Hard would play, from one
search, equals the turn Hard plays with the same seed (``plan_turn``: one search a turn)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import rattus
from rattus.bots import make_bot
from rattus.bots.hard import turn_of
from rattus.bots.hint import hint, show_turn

ITERATIONS = 40


def turn_starts(count: int, seed: int) -> Iterator[rattus.Game]:
    """Positions where a seat begins its decisions (a regular turn, a setup placement or a
    final turn, R3.5, R4, R7.2), from seeded random games of 2–4 players."""
    rng = random.Random(seed)
    found = 0
    while True:
        game = rattus.new_game(players=2 + found % 3, seed=rng.randrange(10**6))
        before = None
        while not game.is_over:
            seat = game.current_player
            if seat != before and len(game.legal_actions()) > 1 and rng.random() < 0.15:
                yield game.clone()
                found += 1
                if found >= count:
                    return
            before = seat
            game.apply(rng.choice(game.legal_actions()))


def hards_turn(game: rattus.Game, seed: int) -> list[str]:
    """The turn the Hard bot of ``seed`` plays on the real game, each decision from its
    seat's view, until another seat is to act or its Witch looks at a token."""
    seat = game.current_player
    bot = make_bot("hard", seed=seed, iterations=ITERATIONS, plan_turn=True)
    played: list[str] = []
    start = game.view(seat)["turn"]["number"], len(game.view(seat)["setup_queue"])
    while not game.is_over and game.current_player == seat:
        view = game.view(seat)
        if (view["turn"]["number"], len(view["setup_queue"])) != start:
            break
        action = bot.choose(view, game.legal_actions())
        played.append(str(action))
        game.apply(action)
        if action.kind == "witch" and len(action.args) > 1 and isinstance(action.args[1], int):
            break
    return played


def test_show_my_turn_is_the_turn_hard_plays_with_the_same_seed() -> None:
    kinds: set[str] = set()
    lengths = []
    for k, game in enumerate(turn_starts(30, seed=7)):
        seat = game.current_player
        view, legal = game.view(seat), game.legal_actions()
        steps = show_turn(view, legal, seed=k, iterations=ITERATIONS)
        assert [str(a) for a, _, _ in steps] == hards_turn(game.clone(), k)
        kinds.update(a.kind for a, _, _ in steps)
        lengths.append(len(steps))
    assert max(lengths) >= 4 and {"take", "place", "plague"} <= kinds


def test_its_first_step_is_the_hint() -> None:
    """One search for the turn: the hint's own (same view, seed and iterations)."""
    for k, game in enumerate(turn_starts(8, seed=3)):
        view, legal = game.view(game.current_player), game.legal_actions()
        first, reason, details = show_turn(view, legal, seed=k, iterations=ITERATIONS)[0]
        assert (first, reason, details) == hint(view, legal, seed=k, iterations=ITERATIONS)


def test_it_reads_the_seats_view_only() -> None:
    """R8: two games that differ only in what the seat cannot see (the supply's order, the
    faces face down) give the same turn."""
    for k, game in enumerate(turn_starts(6, seed=11)):
        seat = game.current_player
        view, legal = game.view(seat), game.legal_actions()
        other = rattus.bots.determinize.determinize(view, random.Random(99))
        assert other.view(seat) == view
        assert show_turn(view, legal, seed=k, iterations=ITERATIONS) == \
            show_turn(other.view(seat), other.legal_actions(), seed=k, iterations=ITERATIONS)


def test_each_step_is_legal_in_turn_and_the_turn_ends_it() -> None:
    for k, game in enumerate(turn_starts(10, seed=5)):
        seat = game.current_player
        turn = turn_of(game.view(seat))
        steps = show_turn(game.view(seat), game.legal_actions(), seed=k,
                          iterations=ITERATIONS)
        for action, _, _ in steps:
            assert game.current_player == seat and action in game.legal_actions()
            game.apply(action)
        last = steps[-1][0]
        assert (game.is_over or game.current_player != seat or last.kind == "witch"
                or turn_of(game.view(seat)) != turn)  # the next decision is another turn's
