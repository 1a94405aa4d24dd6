"""web/model/save_file.py on CPython, without a browser: the envelope round-trips, and every kind of
bad file is refused with a catalogue key (never another exception).
"""

from __future__ import annotations

import json
import random

import pytest
from model import save_file
from model.game_config import Config, Seat
from model.save_file import SaveError
from text.catalogue import CATALOGUE

import rattus


def played(players=3, seed=7, moves=40) -> rattus.Game:
    game = rattus.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def config(n=3) -> Config:
    seats = [Seat("Ann", "red"), Seat("Bob", "blue", "easy"), Seat("Cy", "green", "hard"),
             Seat("Di", "yellow")][:n]
    return Config(seats=seats, seed=7, pace_ms=0)


def envelope(game=None, **changes) -> dict:
    game = game or played()
    out = save_file.dump(config(game.num_players), game)
    out.update(changes)
    return out


def refused(data) -> SaveError:
    with pytest.raises(SaveError) as info:
        save_file.load(data)
    assert info.value.key in CATALOGUE, info.value.key
    return info.value


def test_round_trip_text_bytes_and_object() -> None:
    game = played()
    text = save_file.dumps(config(), game, {"screen_seat": 0, "pass_to": None})
    for data in (text, text.encode(), "\ufeff" + text, json.loads(text)):
        loaded = save_file.load(data)
        assert loaded.game.to_json() == game.to_json()
        assert [(s.name, s.colour, s.kind) for s in loaded.config.seats] == [
            ("Ann", "red", "human"), ("Bob", "blue", "easy"), ("Cy", "green", "hard")]
        assert loaded.config.pace_ms == 0 and loaded.config.seed == 7


def test_resume_part_is_checked_not_trusted() -> None:
    game = played()  # Ann (0) is the only human; current seat is whoever
    ok = save_file.load(envelope(game, resume={"screen_seat": 0, "pass_to": None,
                                              "results_closed": True}))
    assert ok.resume == {"screen_seat": 0, "pass_to": None, "results_closed": True}
    for bad in ({"screen_seat": 1, "pass_to": None},  # a bot's seat
                {"screen_seat": "0", "pass_to": None}, {"screen_seat": 0, "pass_to": 5},
                {"screen_seat": True, "pass_to": None}, [], "x"):
        assert save_file.load(envelope(game, resume=bad)).resume == {}


def test_bare_engine_save_gets_default_seats() -> None:
    game = played(2)
    loaded = save_file.load(game.to_json())
    assert [s.name for s in loaded.config.seats] == ["Player 1", "Player 2"]


@pytest.mark.parametrize(("data", "key"), [
    ("", "err.save.empty"),
    ("   \n", "err.save.empty"),
    (b"\xff\xfe\x00garbage", "err.save.not_text"),
    ("this is not json", "err.save.not_json"),
    ('{"format": "rattus-savefile", "version": 1, "game": {', "err.save.not_json"),
    ("[" * 100000, "err.save.not_json"),
    ("x" * (save_file.MAX_BYTES + 1), "err.save.too_big"),
    ("[1, 2, 3]", "err.save.foreign"),
    ('{"hello": "world"}', "err.save.foreign"),
    ('"rattus"', "err.save.foreign"),
])
def test_not_a_save(data, key) -> None:
    assert refused(data).key == key


def test_truncated_save() -> None:
    text = save_file.dumps(config(), played())
    for cut in (1, len(text) // 3, len(text) - 1):
        assert refused(text[:cut]).key == "err.save.not_json"


@pytest.mark.parametrize("version", [2, 0, "1", True, None, 1.0 + 1e-9])
def test_wrong_version(version) -> None:
    assert refused(envelope(version=version)).key == "err.save.version"


@pytest.mark.parametrize("seats", [
    None, [], "Ann,Bob,Cy",
    [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}],  # 2 for 3 players
    [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "red"},
     {"name": "Cy", "colour": "green"}],  # a shared colour
    [{"name": "", "colour": "red"}, {"name": "Bob", "colour": "blue"},
     {"name": "Cy", "colour": "green"}],
    [{"name": "A" * 41, "colour": "red"}, {"name": "Bob", "colour": "blue"},
     {"name": "Cy", "colour": "green"}],
    [{"name": "Ann\n", "colour": "red"}, {"name": "Bob", "colour": "blue"},
     {"name": "Cy", "colour": "green"}],
    [{"name": 7, "colour": "red"}, {"name": "Bob", "colour": "blue"},
     {"name": "Cy", "colour": "green"}],
    [{"name": "Ann", "colour": "pink"}, {"name": "Bob", "colour": "blue"},
     {"name": "Cy", "colour": "green"}],
    [{"name": "Ann", "colour": "red", "kind": "god"}, {"name": "Bob", "colour": "blue"},
     {"name": "Cy", "colour": "green"}],
    [1, 2, 3],
])
def test_bad_seats(seats) -> None:
    assert refused(envelope(seats=seats)).key == "err.save.seats"


@pytest.mark.parametrize("pace", [-1, 60_001, "fast", True, 1.5])
def test_bad_pace(pace) -> None:
    assert refused(envelope(pace_ms=pace)).key == "err.save.field"


def test_game_missing_or_seedless() -> None:
    env = envelope()
    env["game"] = None
    assert refused(env).key == "err.save.field"
    env = envelope()
    env["game"]["seed"] = None  # a seedless save cannot be checked against its history
    assert refused(env).key == "err.save.no_seed"


def test_impossible_counts_give_the_engine_message() -> None:
    env = envelope()
    env["game"]["palace"][0] = 20  # and cubes on the board: more than the 20 owned
    problem = refused(env)
    assert problem.key == "err.save.game" and "R1.2" in problem.details["detail"]


def test_duplicate_token_id_breaks_conservation() -> None:
    env = envelope()
    rats = env["game"]["rats"]
    region = next(r for r, ids in rats.items() if ids)
    env["game"]["supply"][0] = rats[region][0]
    problem = refused(env)
    assert problem.key == "err.save.game"


def test_swapped_hidden_face_is_refused_by_the_history() -> None:
    env = envelope()
    g = env["game"]
    known = {i for k in g["knowledge"] for i in k}
    region, slot = next((r, i) for r, ids in g["rats"].items() for i, x in enumerate(ids)
                        if x not in known)
    g["rats"][region][slot], g["supply"][0] = g["supply"][0], g["rats"][region][slot]
    problem = refused(env)  # conservation holds; only the replay sees it
    assert problem.key == "err.save.game"
    assert "edited" in problem.details["detail"]


def test_messages_read_well() -> None:
    from text.catalogue import t
    problem = refused("")
    text = t("err.import", name="x.json", reason=t(problem.key, **problem.details))
    assert text == "Could not open “x.json”: the file is empty. The current game is unchanged."
