"""``Game.from_view(view, deal)``: a complete game that agrees with what one seat may know
(RULES R8), the unseen tokens placed by a deal (rattus/worlds.py)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scenario import PROPERTY, random_state

import rattus
from rattus.tokens import TOKENS
from rattus.worlds import hidden_slots, unseen_tokens


def a_deal(view: dict, rng: random.Random) -> list[int]:
    """Unseen tokens shuffled, with normal ones last for the removed pile (R3.3)."""
    pool = unseen_tokens(view)
    normal = [t for t in pool if not TOKENS[t].starting]
    rng.shuffle(normal)
    cut = view["removed"]
    rest = normal[cut:] + [t for t in pool if TOKENS[t].starting]
    rng.shuffle(rest)
    return rest + normal[:cut]


@PROPERTY
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**31 - 1),
       steps=st.integers(0, 400))
def test_a_world_built_from_a_view_shows_that_view_again(players, seed, steps):
    """R8: the built game agrees with every fact of the view, the seat's Witch knowledge
    included; it is a valid save (R1.2, R1.3, R5.2) and has the same legal actions."""
    g = random_state(players, seed, steps)
    rng = random.Random(seed)
    seat = rng.choice([None, *range(players)])
    view = g.view(seat)
    world = rattus.Game.from_view(view, a_deal(view, rng))
    assert world.view(seat) == view
    assert rattus.Game.from_json(world.to_json()).to_json() == world.to_json()
    assert world.legal_actions() == g.legal_actions()
    assert world.seed is None and world.history == []


def test_the_deal_fills_the_hidden_slots_then_the_supply_then_the_removed():
    g = random_state(2, 4, 30)
    view = g.view(0)
    deal = a_deal(view, random.Random(1))
    world = rattus.Game.from_view(view, deal)
    save = world.to_json()
    slots = hidden_slots(view)
    data = json.loads(save)
    assert [data["rats"][r][i] for r, i in slots] == deal[:len(slots)]
    assert data["removed"] == deal[len(deal) - view["removed"]:]
    assert data["supply"] == deal[len(slots):len(deal) - view["removed"]]


def test_a_deal_that_does_not_fit_is_refused():
    view = random_state(2, 4, 30).view(1)
    deal = a_deal(view, random.Random(2))
    with pytest.raises(ValueError):
        rattus.Game.from_view(view, deal[1:])  # a token missing
    with pytest.raises(ValueError):
        rattus.Game.from_view(view, deal[:-1] + deal[:1])  # one twice
    starting = [t for t in deal if TOKENS[t].starting][0]
    swapped = [t for t in deal if t != starting] + [starting]
    with pytest.raises(ValueError, match="R3.3"):
        rattus.Game.from_view(view, swapped)  # a starting token among the removed
