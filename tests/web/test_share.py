"""Replay links (web/model/share_link.py): a finished game travels as ``#replay=<token>``
and opens as the same game — same players, same moves, same result — on any copy of the page; a
damaged or foreign link says so (a catalogue key, never a crash); an unfinished game gives no
link, since its seed would reveal the faces still hidden (RULES R8.2)."""

from __future__ import annotations

import base64
import random
import string

import pytest
from glue import config
from model import share_link
from model.game_config import Seat
from model.session import Session
from model.share_link import ShareError
from text.catalogue import EN, t


def finished(n: int, seed: int, names=None, game_seed: int | None = None) -> Session:
    """A game played to its end by random legal actions from a fixed seed."""
    cfg = config(n, seed if game_seed is None else game_seed)
    if names:
        for seat, name in zip(cfg.seats, names):
            seat.name = name
    s = Session(cfg)
    rng = random.Random(seed)
    while not s.game.is_over:
        s.apply(rng.choice(s.game.legal_actions()))
    return s


@pytest.fixture(scope="module")
def games() -> dict[int, Session]:
    return {n: finished(n, seed=10 + n) for n in (2, 3, 4)}


def opened(token: str) -> ShareError:
    with pytest.raises(ShareError) as err:
        share_link.decode(token)
    assert err.value.key in EN, err.value.key
    words = t(err.value.key, **err.value.details)
    assert "{" not in err.value.message and words in err.value.message
    return err.value


# -- a link opens the same game ---------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_finished_game_opens_as_the_same_game(games, n) -> None:
    s = games[n]
    cfg, game = share_link.decode(share_link.encode(s))
    assert game.history == s.game.history
    assert game.is_over and game.scores() == s.game.scores()
    assert game.winner() == s.game.winner()
    assert (cfg.seed, cfg.start, cfg.players) == (s.config.seed, s.config.start, n)
    assert [(x.name, x.colour, x.kind) for x in cfg.seats] == \
        [(x.name, x.colour, x.kind) for x in s.config.seats]


def test_the_replay_of_a_link_tells_the_game_as_it_was_told(games) -> None:
    """The same names in the same log lines: the replay shows who did what."""
    s = games[4]
    shared = Session(*share_link.decode(share_link.encode(s)))
    shared.rebuild()
    s.rebuild()
    assert shared.log == s.log and shared.names == s.names


def test_the_token_is_short_and_url_safe(games) -> None:
    for n, s in games.items():
        token = share_link.encode(s)
        assert set(token) <= set(string.ascii_letters + string.digits + "-_"), token
        # seed, names, colours and every action: about a character per action or less
        assert len(token) <= 40 + len(s.game.history), (n, len(token))
    assert share_link.link(games[2]).startswith("#replay=")
    assert share_link.token_of(share_link.link(games[2])) == share_link.encode(games[2])
    assert share_link.token_of("#other") is None


def test_the_start_player_any_names_and_any_seed_travel() -> None:
    s = finished(3, seed=4, names=["Zoë", "李小龙", "A <b> & \"c\""], game_seed=-123456789)
    s.config.seats[1] = Seat("李小龙", "purple", "hard")
    cfg, game = share_link.decode(share_link.encode(s))
    assert [x.name for x in cfg.seats] == ["Zoë", "李小龙", "A <b> & \"c\""]
    assert cfg.seats[1].colour == "purple" and cfg.seats[1].kind == "hard"
    assert cfg.seed == -123456789 and game.history == s.game.history
    big = finished(2, seed=6, game_seed=2**62 + 3)
    assert share_link.decode(share_link.encode(big))[1].history == big.game.history
    later = Session(config(4, seed=8, start=2))
    rng = random.Random(8)
    while not later.game.is_over:
        later.apply(rng.choice(later.game.legal_actions()))
    cfg, game = share_link.decode(share_link.encode(later))
    assert cfg.start == 2 and game.history == later.game.history


# -- no link for an unfinished game -----------------------------------------------------------
def test_an_unfinished_game_gives_no_link(games) -> None:
    """Its seed would reveal the faces of the tokens still face down (R8.2)."""
    s = Session(config(2, seed=3))
    with pytest.raises(ValueError):
        share_link.encode(s)
    rng = random.Random(3)
    for _ in range(40):
        s.apply(rng.choice(s.game.legal_actions()))
    with pytest.raises(ValueError):
        share_link.encode(s)


class _NotOver:
    """A running game that claims to be over: how a hand-made link to one would look."""

    def __init__(self, game):
        self._game = game

    is_over = True

    def __getattr__(self, name):
        return getattr(self._game, name)


def test_a_link_to_an_unfinished_game_is_refused() -> None:
    s = Session(config(2, seed=3))
    rng = random.Random(3)
    for _ in range(40):
        s.apply(rng.choice(s.game.legal_actions()))
    s.game = _NotOver(s.game)
    assert opened(share_link.encode(s)).key == "err.share.unfinished"


# -- damaged and foreign links ----------------------------------------------------------------
def test_an_empty_a_foreign_and_an_overlong_link_say_so() -> None:
    assert opened("").key == "err.share.empty"
    assert opened("#replay=").key == "err.share.empty"
    assert opened("hello world!").key == "err.share.foreign"
    assert opened("AAAA").key == "err.share.foreign"  # no Rattus mark
    assert opened("A" * (share_link.MAX_TOKEN + 1)).key == "err.share.too_long"
    for thing in (None, 42, b"oQAK", ["x"]):
        assert opened(thing).key == "err.share.foreign"


def test_a_link_of_another_format_version_says_so(games) -> None:
    raw = bytearray(base64.urlsafe_b64decode(share_link.encode(games[2]) + "=="))
    raw[0] = share_link.MAGIC | (share_link.VERSION + 1)
    err = opened(base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("="))
    assert err.key == "err.share.version" and err.details["supported"] == share_link.VERSION


def test_every_cut_of_a_link_is_refused(games) -> None:
    """A link cut short when copied (a chat program, a line break) never opens another game."""
    token = share_link.encode(games[3])
    for end in range(len(token)):
        opened(token[:end])


def test_a_changed_bit_or_letter_is_refused(games) -> None:
    token = share_link.encode(games[4])
    raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    rng = random.Random(1)
    for i in range(len(raw)):
        flipped = bytearray(raw)
        flipped[i] ^= 1 << rng.randrange(8)
        opened(base64.urlsafe_b64encode(bytes(flipped)).decode().rstrip("="))
    letters = string.ascii_letters + string.digits + "-_"
    for _ in range(200):
        i = rng.randrange(len(token))
        other = rng.choice(letters.replace(token[i], ""))
        opened(token[:i] + other + token[i + 1:])


def test_random_bytes_and_text_never_crash() -> None:
    rng = random.Random(2)
    for _ in range(500):
        raw = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 120)))
        if rng.random() < 0.5:  # with the Rattus mark, to reach the deeper checks
            raw = bytes([share_link.MAGIC | share_link.VERSION]) + raw
        opened(base64.urlsafe_b64encode(raw).decode().rstrip("="))
    for _ in range(200):
        opened("".join(rng.choice(string.printable) for _ in range(rng.randrange(1, 60))))


def test_a_link_with_moves_after_the_end_is_refused(games) -> None:
    """More decisions than the game had (a byte added to the moves) is no game."""
    token = share_link.encode(games[2])
    raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    longer = raw[:-4] + b"\x07" + raw[-4:]
    assert opened(base64.urlsafe_b64encode(longer).decode().rstrip("=")).key == \
        "err.share.damaged"
