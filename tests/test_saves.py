"""Saves (docs/state-format.md): corrupt and hand-edited files give InvalidState with a clear
message, never another exception; a random mutation of a valid save's JSON tree either loads or
raises InvalidState."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scenario import PROPERTY, Scenario, random_state, setup_game

import rattus
from rattus.serialize import check_nesting


def valid_save(players=4, seed=3, steps=30) -> dict:
    return json.loads(random_state(players, seed, steps).to_json())


def invalid(data, *words):
    """Loading ``data`` raises InvalidState whose message contains every word."""
    with pytest.raises(rattus.InvalidState) as info:
        rattus.Game.from_json(data)
    message = str(info.value)
    for word in words:
        assert word.lower() in message.lower(), f"{word!r} not in {message!r}"
    return message


def edited(**changes) -> str:
    save = valid_save()
    for path, value in changes.items():
        node = save
        keys = path.split("__")
        for k in keys[:-1]:
            node = node[int(k)] if isinstance(node, list) else node[k]
        node[keys[-1]] = value
    return json.dumps(save)


def test_a_valid_save_loads_from_text_bytes_and_dict():
    text = json.dumps(valid_save(), separators=(",", ":"))
    for data in (text, text.encode(), json.loads(text)):
        assert rattus.Game.from_json(data).to_json() == text


def test_not_json():
    invalid("{'players': 2}", "not valid JSON")
    invalid("hello", "JSON")


def test_empty():
    invalid("", "empty")
    invalid("   \n", "empty")
    invalid(b"", "empty")


def test_truncated():
    text = json.dumps(valid_save())
    for cut in (1, len(text) // 3, len(text) // 2, len(text) - 1):
        invalid(text[:cut], "truncated")


def test_bytes_that_are_not_utf8():
    invalid(b"\xff\xfe{\x00", "UTF-8")
    invalid(json.dumps(valid_save()).encode("utf-16"), "UTF-8")


def test_a_list_instead_of_an_object():
    invalid("[1, 2, 3]", "expected an object", "list")
    invalid("42", "expected an object")
    invalid("null", "expected an object")


def test_not_a_rattus_save():
    invalid("{}", "format")
    invalid(json.dumps({"format": "chess-game", "version": 1}), "format")


def test_unknown_version():
    invalid(edited(version=2), "version 2")
    invalid(edited(version="1"), "version", "whole number")


def test_missing_field():
    save = valid_save()
    del save["cubes"]
    invalid(json.dumps(save), "missing field", "cubes")


@pytest.mark.parametrize("field,value,words", [
    ("players", 5, ("players", "out of range")),
    ("players", "4", ("players", "whole number")),
    ("players", True, ("players", "whole number")),
    ("phase", "lunch", ("phase", "lunch")),
    ("current_player", 4, ("current_player", "out of range")),
    ("current_player", 1.0, ("current_player", "whole number")),
    ("palace", [0, 0, 0], ("palace", "entries")),
    ("palace", {"0": 1}, ("palace", "list")),
    ("plague", "Atlantis", ("plague", "Atlantis")),
    ("cards", [], ("cards", "object")),
    ("turn__took_card", "no", ("took_card", "true or false")),
    ("turn__used", ["Jester"], ("used", "Jester")),
    ("turn__witch_stage", 3, ("witch_stage", "out of range")),
    ("knowledge", [[], []], ("knowledge", "entries")),
    ("history", [1, 2], ("history",)),
    ("undo_block", "never", ("undo_block",)),
])
def test_wrong_types_and_values(field, value, words):
    invalid(edited(**{field: value}), *words)


def test_impossible_cube_counts():
    """R1.2: a player owns 20 cubes."""
    invalid(edited(cubes__Gallia=[21, 0, 0, 0]), "Gallia", "out of range")
    invalid(edited(cubes__Gallia=[-1, 0, 0, 0]), "out of range")
    save = valid_save()
    for region in ("Gallia", "Italia", "Anglia"):
        save["cubes"][region][1] = 8
    invalid(json.dumps(save), "seat 1", "more than the 20", "R1.2")
    invalid(edited(palace=[0, 21, 0, 0]), "palace", "out of range")


def test_four_rats_in_a_region():
    """R5.2: at most three rat tokens in a region."""
    save = valid_save()
    while len(save["rats"]["Gallia"]) < 4:
        save["rats"]["Gallia"].append(save["supply"].pop())
    invalid(json.dumps(save), "Gallia", "entries")


def test_a_region_not_in_play():
    """R2.1: a 2-player game has no Russia."""
    save = valid_save(players=2)
    save["cubes"]["Russia"] = [0, 0]
    invalid(json.dumps(save), "Russia", "not in play")
    save = valid_save(players=2)
    save["plague"] = "Russia"
    invalid(json.dumps(save), "plague", "Russia")
    save = valid_save(players=2)
    save["rats"]["Atlantis"] = []
    invalid(json.dumps(save), "unknown region", "Atlantis")


def test_duplicated_token_id():
    """R1.3: each of the 49 tokens is in one place only."""
    save = valid_save()
    save["supply"].append(save["supply"][0])
    invalid(json.dumps(save), "both in", "R1.3")
    save = valid_save()
    save["supply"].pop()
    invalid(json.dumps(save), "missing", "R1.3")
    invalid(edited(supply=[99]), "out of range")


def test_setup_removals():
    """R3.3: 12/6/0 normal tokens removed unseen."""
    save = valid_save(players=2)
    save["supply"].append(save["removed"].pop())
    invalid(json.dumps(save), "removed", "R3.3")


def test_incoherent_phase():
    save = valid_save()
    save["phase"] = "spread"
    invalid(json.dumps(save), "spread")
    save = valid_save()
    save["last_regular"] = 1
    invalid(json.dumps(save), "last_regular")
    save = valid_save()
    save["phase"] = "final"
    invalid(json.dumps(save), "last_regular")


def test_knowledge_only_of_face_down_tokens():
    """R6.6: what a Witch saw is a token face down on the board."""
    save = valid_save()
    save["knowledge"][0] = [save["supply"][0]]
    invalid(json.dumps(save), "knows a token")


def test_spread_phase_needs_a_token_to_draw_and_a_place_for_it():
    """R5.1/R5.2: a save in phase 'spread' whose supply is empty (or whose plague region has no
    room around it) could never be played on; it is not a valid game."""
    g = (Scenario(4).plague("Gallia").rats(Hispania=["1 P B", "1 M C"]).supply_size(2).game())
    g.apply("plague Hispania")
    save = json.loads(g.to_json())
    assert save["phase"] == "spread"
    save["revealed"] += save["supply"]
    save["supply"] = []
    invalid(json.dumps(save), "spread", "supply")


def test_setup_placements_need_cubes_in_the_reserve():
    """R3.5 with R1.2: a setup placement still due takes 2 cubes from the reserve."""
    save = json.loads(rattus.new_game(2, seed=1).to_json())
    save["cubes"]["Gallia"] = [19, 0]
    invalid(json.dumps(save), "seat 0", "reserve", "R3.5")


# -- random mutations of the JSON tree --------------------------------------------------------

LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.integers(),
                   st.floats(allow_nan=True), st.text(max_size=8),
                   st.sampled_from(["Gallia", "Russia", "King", "turn", "final", "spread",
                                    "over", "neutral", "setup"]),
                   st.lists(st.integers(-1, 50), max_size=5), st.just({}), st.just([]))


def paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, prefix + (i,))


def mutate(save, data):
    save = copy.deepcopy(save)
    for _ in range(data.draw(st.integers(1, 4))):
        all_paths = [p for p in paths(save) if p]
        path = data.draw(st.sampled_from(all_paths))
        parent = save
        for k in path[:-1]:
            parent = parent[k]
        how = data.draw(st.sampled_from(["replace", "delete", "swap", "nudge"]))
        key = path[-1]
        if how == "delete":
            del parent[key]
        elif how == "swap":
            other = data.draw(st.sampled_from(all_paths))
            node = save
            for k in other[:-1]:
                node = node[k] if isinstance(node, (dict, list)) else None
                if node is None:
                    break
            if isinstance(node, (dict, list)):
                try:
                    parent[key] = copy.deepcopy(node[other[-1]])
                except (KeyError, IndexError, TypeError):
                    pass
        elif how == "nudge" and isinstance(parent[key], int) and not isinstance(parent[key], bool):
            parent[key] += data.draw(st.sampled_from([-1, 1]))
        else:
            parent[key] = data.draw(LEAVES)
    return save


SAVES = {n: [valid_save(n, seed=s, steps=k) for s, k in ((1, 0), (2, 25), (3, 80), (4, 100_000))]
         for n in (2, 3, 4)}


@PROPERTY
@given(players=st.sampled_from([2, 3, 4]), which=st.integers(0, 3), data=st.data())
def test_mutated_saves_load_or_raise_invalid_state(players, which, data):
    """A randomly edited save either loads — and is then a game that can be played on, into
    a state that is still valid — or raises InvalidState; never another exception."""
    save = mutate(SAVES[players][which], data)
    as_text = data.draw(st.booleans())
    try:
        g = rattus.Game.from_json(json.dumps(save) if as_text else save)
    except rattus.InvalidState as e:
        assert str(e)
        return
    # A state that loads is one the engine can carry on with.
    g.view(None)
    for seat in range(g.num_players):
        g.view(seat)
    g.to_json()
    legal = g.legal_actions()
    assert legal or g.is_over
    if legal:
        after = g.clone()
        after.apply(data.draw(st.sampled_from(legal)))
        rattus.Game.from_json(after.to_json())  # and stays a valid game


@PROPERTY
@given(text=st.one_of(st.text(max_size=60), st.binary(max_size=60)))
def test_random_text_and_bytes_raise_invalid_state(text):
    with pytest.raises(rattus.InvalidState):
        rattus.Game.from_json(text)


def test_deeply_nested_json():
    """Refused before parsing: in Pyodide ~20000 nested brackets would overflow the stack."""
    invalid("[" * 100_000 + "]" * 100_000, "nested")
    invalid('{"format": ' + "[" * 5000 + "]" * 5000 + "}", "nested")
    invalid(b"{" * 30_000, "nested")
    invalid('{"format": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}',
            "format")  # brackets inside a string do not count


def test_a_scenario_save_is_valid():
    g = setup_game(3, seed=2)
    assert rattus.Game.from_json(g.to_json()).view(0) == g.view(0)


def test_a_swapped_hidden_face_is_refused():
    """R8.2: a save edited to swap two face-down tokens keeps every count right, but the
    position no longer follows from its seed and history, so it is refused."""
    g = setup_game(3, seed=5)
    save = json.loads(g.to_json())
    region = save["plague"]
    save["rats"][region][0], save["supply"][-1] = save["supply"][-1], save["rats"][region][0]
    with pytest.raises(rattus.InvalidState, match="edited"):
        rattus.Game.from_json(json.dumps(save))


def test_a_history_that_is_not_legal_is_refused():
    g = setup_game(2, seed=5)
    save = json.loads(g.to_json())
    save["history"][0] = "setup Russia"
    with pytest.raises(rattus.InvalidState, match="history action 1"):
        rattus.Game.from_json(json.dumps(save))


def test_an_edited_position_before_any_action_is_refused():
    """A seeded save with no history yet must still be the seed's own setup (R3)."""
    save = json.loads(rattus.new_game(2, seed=5).to_json())
    save["cubes"]["Anglia"][1] = 6
    with pytest.raises(rattus.InvalidState, match="edited"):
        rattus.Game.from_json(json.dumps(save))


def test_cards_missing_from_a_save_are_beside_the_board():
    save = json.loads(rattus.new_game(2, seed=5).to_json())
    save["seed"], save["history"] = None, []
    del save["cards"]["Witch"]
    assert rattus.Game.from_json(json.dumps(save)).view(0)["cards"]["Witch"] is None


# -- the one JSON nesting guard (rattus.serialize.check_nesting; web/savefile.py uses it) -----

def test_check_nesting_counts_levels_of_text_outside_strings():
    """A limit of n lets n levels through and refuses n + 1; brackets in strings, escaped
    quotes included, do not count."""
    check_nesting("[" * 64 + "]" * 64)
    with pytest.raises(rattus.InvalidState, match="nested more than 64 levels"):
        check_nesting("[" * 65 + "]" * 65)
    check_nesting('[[{"a": "[[[[\\"[[[["}]]', limit=3)
    with pytest.raises(rattus.InvalidState, match="more than 2 levels"):
        check_nesting('[[{"a": "\\\\"}]]', limit=2)  # an escaped backslash ends the string
    check_nesting(b"[[]]", limit=2)


def test_check_nesting_walks_a_parsed_object_without_recursion():
    deep: list = []
    for _ in range(3_000):  # past CPython's recursion limit; far deeper overflows Pyodide's
        deep = [deep]       # stack when the test's own objects are freed
    with pytest.raises(rattus.InvalidState, match="nested"):
        check_nesting(deep)
    check_nesting({"a": [{"b": [1, 2]}], "c": "x"}, limit=4)
    with pytest.raises(rattus.InvalidState):
        check_nesting({"a": [{"b": [[1]]}]}, limit=4)
    with pytest.raises(rattus.InvalidState, match="nested"):
        rattus.Game.from_json({"format": deep})  # an object handed to from_json, too
