"""The players' panel says who is who: the seat at this screen is marked "you", and a
computer seat says its level (Easy, Normal, Hard) — in every language of the page."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from glue import choice, frame, new_session, run, turn_start
from model.ui_state import Ui
from test_undo_and_pass import end_turn
from text import language
from text.catalogue import t

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
i18n = pytest.importorskip("i18n")  # Babel: a dev dependency


def seats_in(panel: str) -> dict[int, str]:
    """Each seat's name row in the panel, as text."""
    rows = re.findall(r'data-seat="(\d)".*?<div class="pname">(.*?)</div>', panel)
    return {int(p): re.sub(r"<[^>]+>", "", row) for p, row in rows}


def test_the_seat_at_the_screen_is_marked_you() -> None:
    """One human against the computer: the human's seat, and no other, says "you"."""
    ui, s = Ui(), new_session(3, seed=2, kinds=["human", "easy", "hard"])
    panel = frame(ui, s).html["players"]
    assert panel.count("data-you=") == 1 and 'data-you="0"' in panel
    assert f'data-you="0">{t("player.you_tag")}<' in panel


def test_a_computer_seat_says_its_level() -> None:
    ui, s = Ui(), new_session(4, seed=2, kinds=["human", "easy", "normal", "hard"])
    rows = seats_in(frame(ui, s).html["players"])
    assert t("kind.easy") in rows[1] and t("kind.normal") in rows[2]
    assert t("kind.hard") in rows[3]
    assert not any(t(f"kind.{k}") in rows[0] for k in ("easy", "normal", "hard"))


def test_hotseat_you_is_the_player_at_the_screen_and_nobody_on_the_pass_screen() -> None:
    """Two humans on one screen (hotseat): "you" follows the player the screen is handed to;
    the pass screen, which shows the public view, marks nobody."""
    ui, s, _home = turn_start()
    assert 'data-you="0"' in frame(ui, s).html["players"]
    ui, s = end_turn(ui, s)
    assert s.pass_to == 1 and "data-you=" not in frame(ui, s).html["players"]
    ui, s, _ = run(ui, s, choice("pass-ready"))
    panel = frame(ui, s).html["players"]
    assert 'data-you="1"' in panel and panel.count("data-you=") == 1


@pytest.fixture(scope="module")
def compiled(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("locale")
    i18n.compile_to(folder)
    return folder


@pytest.mark.parametrize("lang,you,easy,hard", [
    ("en", "you", "Computer (easy)", "Computer (hard)"),
    ("es", "tú", "Ordenador (fácil)", "Ordenador (difícil)"),
    ("de", "du", "Computer (leicht)", "Computer (schwer)"),
    ("da", "dig", "Computer (let)", "Computer (svær)"),
])
def test_who_is_who_in_every_language(compiled, lang, you, easy, hard) -> None:
    if lang != "en":
        assert language.use(lang, (compiled / f"{lang}.mo").read_bytes())
    try:
        ui, s = Ui(), new_session(3, seed=2, kinds=["human", "easy", "hard"])
        panel = frame(ui, s).html["players"]
        rows = seats_in(panel)
        assert f'data-you="0">{you}<' in panel and easy in rows[1] and hard in rows[2]
    finally:
        language.use("en")
