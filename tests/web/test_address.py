"""A game from the address (``?players=3&bots=0,normal,normal&pace=…``): the pace by its
number or by the name the toolbar shows; a pace that is neither is refused with a message."""

from __future__ import annotations

import pytest
from model.game_config import BadQuery, from_query, query_pace, unnamed
from model.pace import PACES
from text.catalogue import t


@pytest.mark.parametrize("name", ["slow", "normal", "fast", "instant"])
def test_the_pace_may_be_given_by_its_name(name: str) -> None:
    assert query_pace(f"?players=3&pace={name}") == PACES[name]
    assert from_query(f"?players=3&bots=0,normal,normal&pace={name}").pace_ms == PACES[name]


@pytest.mark.parametrize("bad", ["quick", "-5", "60001", "step"])
def test_a_pace_that_is_no_number_of_ms_nor_a_name_is_refused(bad: str) -> None:
    assert query_pace(f"?pace={bad}") is None
    with pytest.raises(BadQuery):
        from_query(f"?players=3&pace={bad}")


def test_an_empty_name_in_the_address_leaves_its_seat_unnamed() -> None:
    """``names=Ann,,``: Ann, and two friends nobody named ("Friend 2", "Friend 3": each asked
    for a name on joining)."""
    config = from_query("?players=3&names=Ann,,&bots=human,friend,friend")
    assert config is not None
    assert [s.name for s in config.seats] == ["Ann", "Friend 2", "Friend 3"]
    assert [unnamed(s, i) for i, s in enumerate(config.seats)] == [False, True, True]


def test_names_that_do_not_fit_the_players_say_how_many_are_given() -> None:
    with pytest.raises(BadQuery) as said:
        from_query("?players=3&names=Ann,Bo")
    assert str(said.value) == t("err.url.names", n=3, given=2)
