"""A game from the address (``?players=3&bots=0,normal,normal&pace=…``): the pace by its
number or by the name the toolbar shows; a pace that is neither is refused with a message."""

from __future__ import annotations

import pytest
from model.game_config import BadQuery, from_query, query_pace
from model.pace import PACES


@pytest.mark.parametrize("name", ["slow", "normal", "fast", "instant"])
def test_the_pace_may_be_given_by_its_name(name: str) -> None:
    assert query_pace(f"?players=3&pace={name}") == PACES[name]
    assert from_query(f"?players=3&bots=0,normal,normal&pace={name}").pace_ms == PACES[name]


@pytest.mark.parametrize("bad", ["quick", "-5", "60001", "step"])
def test_a_pace_that_is_no_number_of_ms_nor_a_name_is_refused(bad: str) -> None:
    assert query_pace(f"?pace={bad}") is None
    with pytest.raises(BadQuery):
        from_query(f"?players=3&pace={bad}")
