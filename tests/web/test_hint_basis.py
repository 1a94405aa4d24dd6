"""A hint about face-down rat tokens says what it knows (R8): its claim on the odds is
followed by what it rests on — how many of the tokens concerned lie face down, how many
faces the player has not seen, how many of those the supply holds, what its Witch saw —
and never by a face the player cannot know (rattus/bots/hint.py ``ON_FACES``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from text import hint_words, language

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
i18n = pytest.importorskip("i18n")

NAMES = ["Ann", "Bob"]
SAFE = {"gain": 0.1, "region": "Gallia", "count": 2, "rats": 2}


def test_unlikely_to_strike_says_it_judges_face_down_tokens() -> None:
    words = hint_words.sentence("safe_place", {**SAFE, "hidden": 2, "known": 0,
                                               "unseen": 40, "supply": 12}, NAMES)
    assert words == ("Place 2 cubes in Gallia: the rats there are unlikely to strike hard. "
                     "From what you have seen: 2 rat tokens there lie face down, and each "
                     "could be any of the 40 faces you have not seen (12 of those are still "
                     "in the supply).")


def test_one_face_down_and_one_the_witch_saw() -> None:
    words = hint_words.sentence("safe_place", {**SAFE, "hidden": 1, "known": 1,
                                               "unseen": 40, "supply": 12}, NAMES)
    assert "1 rat token there lies face down, and it could be any of the 40 faces" in words
    assert words.endswith("Your Witch saw 1 more there.")


def test_every_face_known_says_so() -> None:
    words = hint_words.sentence("plague_least_harm", {"region": "Gallia", "hidden": 0,
                                                      "known": 2, "unseen": 40,
                                                      "supply": 12}, NAMES)
    assert words.endswith("You know every face there: your Witch saw them.")


def test_a_claim_on_no_hidden_face_and_a_hint_kept_from_before_say_nothing_more() -> None:
    plain = "Place 2 cubes in Gallia: the rats there are unlikely to strike hard."
    assert hint_words.sentence("safe_place", SAFE, NAMES) == plain  # a log line from before
    assert hint_words.sentence("safe_place", {**SAFE, "hidden": 0, "known": 0, "unseen": 9,
                                              "supply": 3}, NAMES) == plain


@pytest.mark.parametrize("lang,words", [
    ("es", "Por lo que has visto: 2 fichas de rata"),
    ("de", "Nach dem, was du gesehen hast: 2 Rattenplättchen"),
    ("da", "Ud fra det, du har set: 2 rottebrikker"),
])
def test_in_every_language(tmp_path, lang: str, words: str) -> None:
    i18n.compile_to(tmp_path)
    assert language.use(lang, (tmp_path / f"{lang}.mo").read_bytes())
    try:
        said = hint_words.sentence("safe_place", {**SAFE, "hidden": 2, "known": 0,
                                                  "unseen": 40, "supply": 12}, NAMES)
        assert words in said and "40" in said and "12" in said
    finally:
        language.use("en")
