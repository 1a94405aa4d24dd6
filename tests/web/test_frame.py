"""The whole page as ``page.frame(ui, session)`` draws it: the status line for each situation,
the toolbar, the body's data attributes, and — RULES R8 — no face-down token's face on the
screen of anyone who does not know it.
"""

from __future__ import annotations

import re
from pathlib import Path

from glue import (
    card,
    choice,
    decision,
    everything,
    find,
    frame,
    neighbours,
    new_session,
    offer,
    overlay,
    play,
    region,
    run,
    token,
    turn_start,
)
from model import page_events as ev
from model.ui_state import Model, Ui
from model.values import replace
from render.escaping import esc
from text.catalogue import card as card_name
from text.catalogue import region as region_name
from text.catalogue import symbols, t

KNOWN_FACE = '<text class="thr"'  # how the map draws a face-down token whose face is known


# -- the status line ------------------------------------------------------------------------------
def test_without_a_game_the_status_invites_a_new_one() -> None:
    f = frame(Ui(), None)
    assert f.text["status"] == t("status.new_game")
    # nothing to explain behind the new-game dialog (no "Nothing to undo yet.")
    assert f.undo == {"disabled": True, "reason": "start", "text": ""}
    assert f.disabled == {"export": True, "replay-enter": True, "hint": True, "show-turn": True}


def test_at_the_start_of_a_turn_the_status_lists_the_phases_then_the_plague() -> None:
    """R4: phases A and B in either order, then C, which ends the turn — never "or"."""
    ui, s, _home = turn_start()
    assert frame(ui, s).text["status"] == (
        "Ann: take a class card and place cubes in a highlighted region, then move the plague "
        "piece (ends your turn).")


def test_the_status_names_the_abilities_of_the_cards_held() -> None:
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, card("Merchant"))
    status = frame(ui, s).text["status"]
    assert t("status.opt.abilities", cards=card_name("Merchant")) in status
    assert t("status.opt.take") not in status  # one card a turn (R4.1)


def test_the_status_on_a_bots_turn() -> None:
    ui, s = Ui(), new_session(2, seed=1, kinds=["human", "easy"])
    ui, s, _ = run(ui, s, region("Gallia"))
    assert frame(ui, s).text["status"] == t("status.bot", name=t("games.bot", name="Bob"))


def test_a_computer_called_computer_is_not_said_to_be_a_computer_twice() -> None:
    """A computer keeps the page's own name ("Computer 1"): the status says it as it is,
    not "Computer 1 (computer)"; a name a player gave a computer is marked as one."""
    ui, s = Ui(), new_session(2, seed=1, kinds=["human", "easy"])
    s.rename([s.seats[0], replace(s.seats[1], name=t("player.computer_n", n=1))])
    ui, s, _ = run(ui, s, region("Gallia"))
    assert frame(ui, s).text["status"] == t("status.bot", name=t("player.computer_n", n=1))


def test_the_status_when_the_game_is_over() -> None:
    s = find(lambda s: s.game.is_over, max_actions=6000)
    f = frame(Ui(), s)
    assert f.text["status"] == t("status.over", name=s.names[s.game.winner()])
    assert f.data["screen"] == "results"
    assert f.data["current"] == ""
    ui, s, _ = run(Ui(), s, choice("close-results"))
    assert frame(ui, s).data["screen"] == "board"


# -- the toolbar and the body's data attributes ------------------------------------------------
def test_the_toolbar_says_why_undo_is_not_possible() -> None:
    ui, s, _home = turn_start()
    f = frame(ui, s)
    assert f.undo == {"disabled": True, "reason": "turn", "text": t("undo.why.turn")}
    assert f.disabled == {"export": False, "replay-enter": False, "hint": False,
                          "show-turn": False}  # my turn


def test_the_toolbar_says_what_undo_would_take_back() -> None:
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, card("Knight"))
    f = frame(ui, s)
    assert f.undo == {"disabled": False, "reason": "",
                      "text": t("undo.ok", what=t("log.card_taken", name="Ann",
                                                  card="Knight"))}


def test_the_data_attributes_follow_the_game() -> None:
    ui, s, _home = turn_start()
    f = frame(ui, s)
    assert f.data["actions"] == str(len(s.game.history)) == "4"
    assert f.data["phase"] == s.game.phase == "turn"
    assert f.data["current"] == "0" and f.data["viewer"] == "0"
    assert f.data["mode"] == "" and f.data["screen"] == "board" and f.data["busy"] == ""
    ui, s, _ = run(ui, s, choice("mode:plague"))
    assert frame(ui, s).data["mode"] == "plague"


def test_how_to_play_opens_over_the_screen_and_closing_restores_it() -> None:
    """How to play lies over whatever is on the screen; closing it gives back
    exactly that screen (here: the board in the middle of a pick)."""
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, choice("mode:plague"))
    before = frame(ui, s)
    ui, s, _ = run(ui, s, choice("toggle-rules"))
    shown = frame(ui, s)
    assert shown.shown["help"] and 'data-screen="rules"' in shown.html["help"]
    assert shown.data["screen"] == "board" and shown.data["help"] == "goal"
    ui, s, _ = run(ui, s, choice("close-rules"))
    after = frame(ui, s)
    assert not after.shown["help"] and after.data["mode"] == "plague"
    assert after.html == {**before.html, "help": ""}


def test_the_log_can_be_hidden() -> None:
    ui, s, _home = turn_start()
    assert frame(ui, s).shown["log"]
    m, s, _ = run(Model(ui=ui), s, choice("toggle-log"))  # (a preference: in the Model)
    assert not frame(m, s).shown["log"] and "log" not in frame(m, s).html


def test_targets_are_marked_on_the_map() -> None:
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, card("Knight"), choice("mode:plague"))
    f = frame(ui, s)
    states, drawn = f.map[0], overlay(f)
    far = offer(ui, s).far
    assert far
    for r in offer(ui, s).regions:
        assert "target" in states[r][0].split()
        assert ("far" in states[r][0].split()) == (r in far)
    assert drawn.count('class="far-mark"') == len(far)
    assert t("map.far", n=2) in drawn


def test_the_knights_steps_read_as_a_route_not_a_count() -> None:
    """R6.3: a destination two steps away is tagged with footprints and the number on a
    pale, dashed tag — not a solid disc with a number, which is how a count is drawn (the
    players' pieces, the Knight's neutral cubes); its words stay the region's name and the
    tag's title."""
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, card("Knight"), choice("mode:plague"))
    f = frame(ui, s)
    states = f.map[0]
    far = sorted(offer(ui, s).far)
    marks = re.findall(r'<g class="far-mark"[^>]*>(.*?)</g>', overlay(f))
    assert len(marks) == len(far)
    for mark in marks:
        assert "<circle" not in mark and "<rect" in mark and 'href="#ico-steps"' in mark
        assert mark.startswith(f"<title>{t('map.far', n=2)}</title>") and ">2</text>" in mark
    for r in far:
        assert t("aria.target_far", n=2) in states[r][1]
    css = (Path(__file__).resolve().parents[2] / "web" / "style.css").read_text()
    assert ".board .far-mark rect { fill: #ffffff; stroke: #8a4300; stroke-width: 1.4;\n" \
        "  stroke-dasharray: 3 2; }" in css


def test_a_notice_is_shown_and_news_is_told_apart() -> None:
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, region("Russia"))
    f = frame(ui, s)
    assert f.shown["notice"] and f.text["notice"] == ui.notice and not f.notice_is_news


def test_a_tap_on_a_notice_puts_it_away_and_changes_nothing_else() -> None:
    """On a phone a refusal or news lies over the board: a tap on it (its ``data-choice``)
    takes it away, and the game is as it was."""
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, region("Russia"))
    before = s.game.to_json()
    assert ui.notice
    ui, s, _ = run(ui, s, ev.Choice("notice-close"))
    assert not ui.notice and not frame(ui, s).shown["notice"] and s.game.to_json() == before
    page = (Path(__file__).resolve().parents[2] / "web" / "index.html").read_text()
    assert '<p id="notice" role="alert" data-choice="notice-close" hidden></p>' in page


# -- hidden information (R8) ---------------------------------------------------------------------
def witch_looked():
    """Ann's Witch looks at a rat token (R6.6); she then moves the plague piece elsewhere, and
    Bob's turn comes: returns ``(ui, session, face, (region, slot))``."""
    ui, s, home = turn_start()
    here = s.game.view(None)["plague"]
    looked = next(r for r in sorted(s.game.view(None)["regions"])
                  if r not in (home, here))
    ui, s, _ = run(ui, s, card("Witch"), choice("mode:Witch"), token(looked, 1))
    face = s.game.view(0)["board"][looked]["tokens"][0]
    assert face is not None and s.game.view(0)["knows"] == 1
    ui, s, _ = run(ui, s, choice("witch:done"))
    return ui, s, face, (looked, 1), home


def known_face_texts(face: dict, where: tuple) -> list[str]:
    """How a known face would show on the map: its threshold text and its accessible name."""
    r, slot = where
    return [KNOWN_FACE,
            t("token.aria_known", slot=slot, region=r, threshold=face["threshold"],
              symbols=symbols(face["symbols"]))]


def test_r6_6_while_the_witch_decides_the_status_says_the_face_she_saw() -> None:
    """R6.6: swap or keep is decided on what the Witch saw; a phone's board shows a face's
    threshold alone, so the status box says the whole face (its symbols) under the question,
    and no more once the Witch is done."""
    ui, s, home = turn_start()
    here = s.game.view(None)["plague"]
    looked = next(r for r in sorted(s.game.view(None)["regions"]) if r not in (home, here))
    ui, s, _ = run(ui, s, card("Witch"), choice("mode:Witch"), token(looked, 1))
    face = s.game.view(0)["board"][looked]["tokens"][0]
    said = t("known.token", region=region_name(looked), slot=1, threshold=face["threshold"],
             symbols=symbols(face["symbols"]))
    assert said in frame(ui, s).text["status-note"]
    ui, s, _ = run(ui, s, choice("witch:done"))
    assert said not in frame(ui, s).text["status-note"]


def test_the_witchs_holder_sees_the_face_she_looked_at() -> None:
    ui, s, face, where, _home = witch_looked()
    page = everything(frame(ui, s))
    for text in known_face_texts(face, where):
        assert text in page  # (so the checks below look for the right thing)


def test_the_pass_screen_shows_no_face_the_witch_saw() -> None:
    ui, s, face, where, home = witch_looked()
    ui, s, _ = run(ui, s, choice("mode:plague"))
    target = next(r for r in sorted(offer(ui, s).regions) if r != where[0])
    ui, s, _ = run(ui, s, region(target))
    while decision(s)["kind"] == "spread":
        ui, s, _ = run(ui, s, region(sorted(offer(ui, s).regions)[0]))
    assert s.pass_to == 1
    f = frame(ui, s)
    assert f.data["screen"] == "pass"
    page = everything(f)
    for text in known_face_texts(face, where):
        assert text not in page


def test_the_next_player_does_not_see_the_face_the_witch_saw() -> None:
    ui, s, face, where, _home = witch_looked()
    ui, s, _ = run(ui, s, choice("mode:plague"))
    target = next(r for r in sorted(offer(ui, s).regions) if r != where[0])
    ui, s, _ = run(ui, s, region(target))
    while decision(s)["kind"] == "spread":
        ui, s, _ = run(ui, s, region(sorted(offer(ui, s).regions)[0]))
    ui, s, _ = run(ui, s, choice("pass-ready"))
    assert s.viewer == 1
    assert s.game.view(0)["knows"] == 1  # Ann still knows it: nothing was revealed
    page = everything(frame(ui, s))
    for text in known_face_texts(face, where):
        assert text not in page
    ui, s, _ = run(ui, s, choice("mode:plague"))  # nor in any of Bob's modes
    assert KNOWN_FACE not in everything(frame(ui, s))


def test_the_replay_shows_no_face_the_witch_saw() -> None:
    ui, s, face, where, _home = witch_looked()
    ui, s, _ = run(ui, s, choice("replay-enter"))
    page = everything(frame(ui, s))
    for text in known_face_texts(face, where):
        assert text not in page


def test_a_bot_with_the_witch_shows_nothing_to_the_human() -> None:
    ui, s, home = turn_start(kinds=["easy", "human"])
    looked = next(r for r in sorted(s.game.view(None)["regions"]) if r != home)
    for action in ("take Witch", f"witch {looked}/1", "witch done"):
        ui, s, _ = run(ui, s, ev.BotMove(0, action))
    face = s.game.view(0)["board"][looked]["tokens"][0]
    assert face is not None
    page = everything(frame(ui, s))
    assert s.viewer == 1
    for text in known_face_texts(face, (looked, 1)):
        assert text not in page


def test_the_log_never_names_a_face_the_witch_saw() -> None:
    ui, s, face, where, _home = witch_looked()
    log = frame(ui, s).html["log"]
    assert esc(t("log.witch_look", name="Ann", region=where[0])) in log
    assert not re.search(rf"{face['threshold']}\+ ", log)


def test_over_whole_games_each_frame_shows_exactly_the_faces_its_viewer_knows() -> None:
    import random

    from glue import hand_over

    for seed in (3, 11):
        s, rng, ui = new_session(3, seed=seed), random.Random(seed), Ui()
        shown_somewhere = False
        while not s.game.is_over:
            for _ in range(2):  # before and after the pass screen, if one shows
                f = frame(ui, s)
                viewer = s.viewer
                known = 0 if viewer is None else sum(
                    face is not None for b in s.game.view(viewer)["board"].values()
                    for face in b["tokens"])
                assert overlay(f).count(KNOWN_FACE) == known, (seed, s.game.history[-1:])
                shown_somewhere |= known > 0
                hand_over(s)
            s.apply(rng.choice(s.game.legal_actions()))
        assert shown_somewhere  # the Witch was used: the check saw faces


def test_over_whole_games_a_frame_drawn_from_what_was_kept_is_the_frame_drawn_anew() -> None:
    """The page keeps what it drew while what it draws stays the same (a region, a card, a
    row of the board in words, the log's lines): over whole games of 3 and 4 players, with
    their strikes (R5), the Witch's looks (R6.6) and the final plague (R7.3), every frame
    drawn with what was kept equals the frame drawn from nothing."""
    import random

    from glue import forget_kept, hand_over

    for players, seed in ((3, 4), (4, 9)):
        s, rng, ui = new_session(players, seed=seed), random.Random(seed), Ui()
        while not s.game.is_over:
            hand_over(s)
            kept = frame(ui, s)
            forget_kept()
            assert kept == frame(ui, s), (players, seed, s.game.history[-1:])
            s.apply(rng.choice(s.game.legal_actions()))


def test_once_the_cubes_are_placed_a_click_on_a_neighbour_moves_the_plague() -> None:
    """R4.3: with phase B done, a region clicked can only mean the plague piece: its
    neighbours are targets at once, and a click there moves it (no button first)."""
    ui, s, home = turn_start()
    play(s, f"place {home} 1")
    here = s.game.view(None)["plague"]
    dest = sorted(neighbours(s, here))[0]
    ui, s, _ = run(ui, s, ev.Attach(s, "", None), region(dest))
    assert str(s.game.history[-1]) == f"plague {dest}"
