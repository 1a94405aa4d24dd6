"""Following the game in the glue: the digest of what others did, what the Witch
saw, the pass screen's words, and a click on the plague piece during a pick."""

from __future__ import annotations

from control.update import current_offer
from glue import card, choice, find, frame, new_session, overlay, play, run, turn_start
from model import page_events as ev
from model.ui_state import Ui
from text.catalogue import card as card_name
from text.catalogue import t, tn


def test_the_digest_tells_a_human_every_cube_the_bot_turn_cost() -> None:
    """R5.5: each cube lost is one line, whoever lost it; the human's own moves are not news."""
    s = find(lambda s: s.actors and s.actors[-1] == 1 and s.current == 0
             and any(e["kind"] == "cube_killed" for e in s.log_events[-12:]),
             kinds=["human", "easy"])
    lines = s.since_last_turn(0)
    last_mine = max(i + 1 for i, a in enumerate(s.actors) if a == 0)
    killed = [e for e, step in zip(s.log_events, s.log_steps, strict=True)
              if step > last_mine and e["kind"] == "cube_killed"]
    assert killed and sum(" loses a cube in " in line for _, line in lines) == len(killed)
    assert all(step > last_mine for step, _ in lines)
    html = frame(Ui(), s).html["digest"]
    assert html.count('data-choice="replay-enter:') == len(lines)  # each line: the replay


def test_the_digest_is_gone_once_the_human_has_moved() -> None:
    s = find(lambda s: s.actors and s.actors[-1] == 1 and s.current == 0
             and s.game.view(0)["decision"]["kind"] == "turn", kinds=["human", "easy"])
    assert s.since_last_turn(0)
    take = next(a for a in s.game.legal_actions() if a.kind in ("take", "plague"))
    play(s, take)
    assert s.since_last_turn(0) == [] and not frame(Ui(), s).shown.get("digest")


def test_r4_1_a_card_a_computer_took_from_the_human_is_the_short_digests_first_news() -> None:
    """R4.1: a computer took a class card the human held; at the human's next turn the status
    box's "since your last turn" (a phone's: its panels are sheets) says so first, before the
    cubes lost (R5.5)."""
    s = find(lambda s: s.actors and s.actors[-1] == 1 and s.current == 0
             and any(e["kind"] == "card_taken" and e.get("from_seat") == 0
                     for e in s.log_events[-12:]), kinds=["human", "easy"])
    taken = s.taken_from(0)
    assert taken and all(taker == 1 for _, taker in taken)
    line = frame(Ui(), s).text["status-digest"]
    first = t("digest.took_yours", name=s.names[1], card=card_name(taken[0][0]))
    assert line.startswith(t("digest.short", what=first))
    lost = s.lost_since_last_turn(0)
    assert line.endswith(tn("digest.short_lost", lost) if lost else first)
    play(s, next(a for a in s.game.legal_actions()))  # the human moves: no news any more
    assert frame(Ui(), s).text["status-digest"] == ""


def test_what_the_witch_saw_is_listed_for_her_holder_only() -> None:
    """R6.6, R8.3: the panel lists the face for Ann; Bob's screen shows no such panel."""
    ui, s, _ = turn_start()
    ui, s, _ = run(ui, s, card("Witch"), choice("mode:Witch"))
    token = next(iter(current_offer(ui, s).tokens))
    ui, s, _ = run(ui, s, ev.Target("token", token), choice("witch:done"))
    mine = frame(ui, s)
    assert mine.shown["known"] and t("panel.known") in mine.html["known"]
    face = s.game.view(0)["board"][token[0]]["tokens"][token[1] - 1]
    assert f"threshold {face['threshold']}" in mine.html["known"]


def test_the_pass_screen_asks_to_look_away_only_from_a_secret() -> None:
    s = new_session(2, seed=3)
    while s.pass_to is None:
        s.apply(s.game.legal_actions()[0])
    knows = s.game.view(s.pass_to)["knows"]
    bar = frame(Ui(), s).html["bar"]
    assert ("look away" in bar) == bool(knows)
    ui, s, _ = run(Ui(), s, ev.Target("region", "Gallia"))
    assert ui.notice == t("why.pass_first", name=s.names[s.pass_to])


def test_a_click_on_the_plague_piece_during_an_ability_stands_for_its_region() -> None:
    """The piece sits on a region: during the Merchant's pick, a click on it is a click on
    that region (R6.5: Ann has no cube there to move), not a silent switch to moving the
    plague."""
    ui, s, _ = turn_start()
    ui, s, _ = run(ui, s, card("Merchant"), choice("mode:Merchant"))
    assert ui.pick.mode == "Merchant"
    ui, s, _ = run(ui, s, ev.Target("plague"))
    assert ui.pick.mode == "Merchant"
    assert ui.notice == t("why.no_cube_there", region=s.game.view(None)["plague"])


def test_the_cubes_a_strike_costs_show_where_they_were_lost() -> None:
    """R5.5: each cube lost shows as "−n" at its region while the strike is told, one mark
    per token revealed so far (the telling's ``upto``)."""
    from model.ui_state import Story
    from model.values import replace

    s = find(lambda s: s.last_strike is not None
             and any(e["kind"] == "cube_killed" for e in s.last_strike[1]))
    story = replace(Story.from_events(s.last_strike[1]), on_map=True)
    ui = Ui(story=story, busy=True)
    first_kill = next(i for i, item in enumerate(story.items) if item["kills"])
    before = replace(story, upto=first_kill)
    assert 'class="loss"' not in overlay(frame(ui.but(story=before), s))
    shown = overlay(frame(ui.but(story=replace(story, upto=first_kill + 1)), s))
    by_seat: dict[int, int] = {}
    for seat, _symbol in story.items[first_kill]["kills"]:
        by_seat[seat] = by_seat.get(seat, 0) + 1
    assert shown.count('class="loss"') == len(by_seat)
    assert all(f"−{n}</text>" in shown for n in by_seat.values())
