"""A narrow screen's sheets (render/dock.py, style.css): the side panels open one at a time over
the board from the dock, one tap each, and close again — the board and the decision never move
for them.
"""

from __future__ import annotations

from glue import card, choice, find, frame, offer, overlay, run, turn_start
from model.ui_state import SHEETS, Model, Prefs, Ui
from render import dock
from text.catalogue import t


def test_a_tab_opens_its_sheet_and_the_same_tab_closes_it() -> None:
    ui, s, _home = turn_start()
    for name in SHEETS:
        opened, s, _ = run(ui, s, choice(f"sheet:{name}"))
        f = frame(opened, s)
        assert f.data["sheet"] == name
        assert f.text["sheet-title"] == t(dock.LABELS[name])
        assert f'data-choice="sheet:{name}" aria-pressed="true"' in f.html["dock"]
        closed, s, _ = run(opened, s, choice(f"sheet:{name}"))
        assert frame(closed, s).data["sheet"] == ""


def test_back_to_the_board_closes_the_sheet_and_another_tab_swaps_it() -> None:
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, choice("sheet:cards"), choice("sheet:history"))
    assert frame(ui, s).data["sheet"] == "history"
    ui, s, _ = run(ui, s, choice("sheet-close"))
    assert frame(ui, s).data["sheet"] == ""


def test_a_hand_edited_sheet_name_opens_nothing() -> None:
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, choice("sheet:cards"), choice("sheet:<script>"))
    assert frame(ui, s).data["sheet"] == ""


def test_r4_1_a_card_taken_from_the_cards_sheet_brings_the_board_back() -> None:
    """R4.1: taking a class card is a move; the player then sees the board it changed."""
    ui, s, _home = turn_start()
    name = next(iter(offer(ui, s).cards))
    ui, s, _ = run(ui, s, choice("sheet:cards"), card(name))
    assert frame(ui, s).data["sheet"] == ""
    assert s.game.view(0)["cards"][name] == 0


def test_the_history_tab_says_when_it_holds_news() -> None:
    """The others' moves since this player's last turn wait behind the History tab: marked."""
    ui = Ui()
    s = find(lambda s: bool(frame(Ui(), s).html["digest"]), n=3)
    f = frame(ui, s)
    assert 'class="dock-news"' in f.html["dock"].split('data-choice="sheet:history"')[1] \
        .split("</button>")[0]
    opened, s, _ = run(ui, s, choice("sheet:history"))
    assert 'class="dock-news"' not in frame(opened, s).html["dock"]  # (read now)



def test_r4_1_a_card_another_player_holds_is_taken_from_the_cards_sheet_on_a_phone() -> None:
    """R4.1: a class card may be taken from another player. On a phone (the tall board) its
    icon in the players' table is no finger's target, so the Cards tab is marked instead, and
    the card is taken there; a desktop's wide board takes it by a click on the icon too."""
    def held_offer(s) -> str | None:
        view = s.game.view(s.game.current_player)
        cards = offer(Ui(), s).cards if s.pass_to is None else {}
        return next((c for c in cards if view["cards"][c] not in (None, s.game.current_player)),
                    None)

    s = find(lambda s: held_offer(s) is not None)
    held = held_offer(s)
    tall = frame(Ui(), s)
    tab = tall.html["dock"].split('data-choice="sheet:cards"')[0].rsplit("<button", 1)[1]
    assert "offers" in tab
    assert f'data-take="{held}"' not in overlay(tall)
    wide = frame(Model(prefs=Prefs(board="wide"), ui=Ui()), s)
    assert "offers" not in wide.html["dock"]
    assert f'data-take="{held}"' in overlay(wide)
