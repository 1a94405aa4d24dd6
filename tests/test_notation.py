"""The action notation (docs/notation.md): every kind round-trips; bad text raises
IllegalAction (reason ``bad_notation``), never another exception."""

import pytest
from scenario import Scenario

import rattus
from rattus.actions import Action

EXAMPLES = {
    "setup Gallia": Action("setup", "Gallia"),
    "take King": Action("take", "King"),
    "place Gallia 3": Action("place", "Gallia", 3),
    "king Gallia": Action("king", "Gallia"),
    "monk Gallia/2 Hispania": Action("monk", "Gallia", 2, "Hispania"),
    "merchant Gallia Italia 2": Action("merchant", "Gallia", "Italia", 2),
    "witch Gallia/1": Action("witch", "Gallia", 1),
    "witch swap": Action("witch", "swap"),
    "witch done": Action("witch", "done"),
    "plague Hispania": Action("plague", "Hispania"),
    "neutral yes": Action("neutral", "yes"),
    "neutral no": Action("neutral", "no"),
    "spread Italia": Action("spread", "Italia"),
    "end": Action("end"),
}


@pytest.mark.parametrize("text,action", EXAMPLES.items())
def test_every_kind_round_trips(text, action):
    assert rattus.parse_action(text) == action
    assert str(action) == text
    assert rattus.parse_action(str(action)) is action  # interned


@pytest.mark.parametrize("text,action", [
    ("  PLACE   gallia 3 ", Action("place", "Gallia", 3)),
    ("Monk GALLIA/2 hispania", Action("monk", "Gallia", 2, "Hispania")),
    ("take knight", Action("take", "Knight")),
    ("Witch SWAP", Action("witch", "swap")),
    ("neutral YES", Action("neutral", "yes")),
])
def test_case_and_spaces_do_not_matter(text, action):
    assert rattus.parse_action(text) == action


@pytest.mark.parametrize("text", [
    "", "   ", "fly Gallia", "take", "take Jester", "place Gallia", "place Gallia 0",
    "place Gallia 21", "place Gallia -1", "place Gallia 1.5", "place Gallia ²", "place Gallia ①",
    "place Gallia ٣", "monk Gallia Hispania", "monk Gallia/0 Italia", "monk Gallia/4 Italia",
    "monk Gallia/² Italia", "monk /1 Italia", "witch Gallia", "witch Gallia/", "witch maybe",
    "merchant Gallia Italia 4", "merchant Gallia Italia", "neutral maybe", "end now",
    "plague Atlantis", "plague", "setup Gallia Italia", "spread",
])
def test_bad_notation_raises_illegal_action(text):
    with pytest.raises(rattus.IllegalAction) as info:
        rattus.parse_action(text)
    assert info.value.reason == "bad_notation" and str(info.value)


@pytest.mark.parametrize("value", [None, 3, 2.5, b"end", ["end"], {"kind": "end"}])
def test_non_text_raises_illegal_action(value):
    with pytest.raises(rattus.IllegalAction):
        rattus.parse_action(value)


def test_apply_takes_text_or_action_and_bad_text_changes_nothing():
    g = Scenario(4).plague("Gallia").game()
    before = g.to_json()
    with pytest.raises(rattus.IllegalAction):
        g.apply("place Gallia ²")
    assert g.to_json() == before
    g.apply(Action("take", "King"))
    g.apply("plague Italia")
    assert g.history == ["take King", "plague Italia"]


def test_slots_number_tokens_oldest_first():
    """Slots count a region's tokens from 1, oldest first — the reveal order (R5.3 Ruling)."""
    g = (Scenario(4).plague("Anglia").cards(Witch=0)
         .rats(Gallia=["1 P B", "2 M K R", "3 M B C"]).game())
    (event,) = g.apply("witch Gallia/3")
    assert event["face"] == {"threshold": 3, "symbols": ["M", "B", "C"]}


@pytest.mark.parametrize("kind,args", [
    ("place", ("Anglia", True)), ("place", ("Anglia", 1.0)), ("merchant", ("Anglia",)),
    ("fly", ()), ("end", ("now",)),
])
def test_a_malformed_action_is_refused_and_poisons_nothing(kind, args):
    """An Action built by hand with the wrong shape is an IllegalAction, and the real action
    it resembles stays as it was (actions are interned)."""
    with pytest.raises(rattus.IllegalAction, match="malformed"):
        rattus.Action(kind, *args)
    assert str(rattus.Action("place", "Anglia", 1)) == "place Anglia 1"
