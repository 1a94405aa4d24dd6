"""The plague piece is acted out along a way it could have gone (R4.3, R6.3): one step to a
neighbour, or two steps through a region that neighbours both ends — never across the sea
between regions that are not linked (R2.2)."""

from __future__ import annotations

import random

import pytest
from model.motions import acted
from render import board_layout as L
from render import motion_paths

import rattus
from rattus.board import neighbours


class _Seat:
    colour = "#c0392b"


def _plague_moves(players: int, seed: int, lay: L.Arrangement = L.TALL):
    """Every plague move of a random game, with its path on the board."""
    game = rattus.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    seats = [_Seat() for _ in range(players)]
    while not game.is_over:
        events = game.apply(rng.choice(game.legal_actions()))
        view = game.view(None)
        moved = [e for e in acted(events) if e["kind"] == "plague_moved"]
        drawn = motion_paths.paths(moved, view, seats, lay)
        yield from zip(moved, drawn)


@pytest.mark.parametrize("lay", [L.TALL, L.WIDE], ids=["tall", "wide"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_plague_piece_travels_step_by_step_between_neighbours(players: int,
                                                                 lay: L.Arrangement) -> None:
    """R6.3: the Knight's two steps are shown as two steps, each to a neighbouring region."""
    nbrs = neighbours(players)
    at = {lay.side_at(r, 0): r for r in nbrs}
    two_steps = 0
    for seed in range(6):
        for event, motion in _plague_moves(players, seed, lay):
            way = [at[p] for p in motion["path"]]
            assert way[0] == event["region"] and way[-1] == event["to"]
            assert len(way) == event["steps"] + 1, (event, way)
            for a, b in zip(way, way[1:]):
                assert b in nbrs[a], (event, way)
            two_steps += event["steps"] == 2
    assert two_steps > 0  # the Knight's two steps were among the moves
