"""The outbreak odds overlay in the glue: off by default; on, each region with a
possible strike carries the engine's odds for the player at the screen (R8: from that seat's
view only), as a shade, a badge and words."""

from __future__ import annotations

import re

from glue import choice, find, frame, overlay, run
from model import page_events as ev
from model.ui_state import Model, Ui

import rattus


def position():
    return find(lambda s: s.current == 0 and s.viewer == 0
                and s.game.view(0)["decision"]["kind"] == "turn" and len(s.game.history) > 12)


def test_the_overlay_is_off_until_asked_for() -> None:
    s = position()
    assert "risk-badge" not in overlay(frame(Ui(), s))


def test_each_badge_carries_the_engines_odds_for_the_viewer() -> None:
    s = position()
    m, s, _ = run(Model(), s, choice("toggle-odds"))  # (a preference: in the Model)
    f = frame(m, s)
    assert f.pressed["toggle-odds"]
    view = s.game.view(0)
    badges = dict((r, (float(m), float(p))) for r, m, p in re.findall(
        r'data-odds="(\w+)" data-region="\w+" data-mine="([\d.]+)" '
        r'data-p-loss="([\d.]+)"', overlay(f)))
    possible = {r for r in view["regions"]
                if view["board"][r]["tokens"] and any(view["board"][r]["cubes"])}
    def worth_a_badge(r: str) -> bool:  # you, or the others, can expect to lose something
        loss = rattus.strike_odds(view, r)["expected_loss"]
        return max(loss[0], sum(loss) - loss[0]) >= 0.05

    expected = {r for r in possible if worth_a_badge(r)}
    assert set(badges) == expected and expected
    for r, (mine, p_loss) in badges.items():
        odds = rattus.strike_odds(view, r)
        assert abs(mine - odds["expected_loss"][0]) < 1e-4
        assert abs(p_loss - odds["p_loss"]) < 1e-4
    states = f.map[0]
    assert all("risk-" in states[r][0] for r in possible)  # shaded
    assert all("If the plague struck" in states[r][1] for r in possible)  # screen readers


def test_a_badge_says_no_loss_as_0_never_as_a_negative_zero() -> None:
    """Each side of a badge (you, the others) is a loss "−0.3", or "0" where the expected
    loss rounds to no cube: a player read "−0.0" as a loss."""
    s = position()
    m, s, _ = run(Model(), s, choice("toggle-odds"))
    view = s.game.view(0)
    shown = re.findall(r'data-odds="(\w+)".*?<text class="odds mine"[^>]*>([^<]*)</text>.*?'
                       r'<text class="odds others"[^>]*>([^<]*)</text>', overlay(frame(m, s)))
    assert shown
    for r, mine, others in shown:
        loss = rattus.strike_odds(view, r)["expected_loss"]
        for text, x in ((mine, loss[0]), (others, sum(loss) - loss[0])):
            assert text == ("0" if x < 0.05 else f"\u2212{x:.1f}"), (r, text, x)


def test_with_odds_on_a_key_beside_the_board_says_what_each_shade_means() -> None:
    """Each shade the regions take is in the key, lightest first, with the loss it stands
    for (odds_overlay.LEVELS); the key goes with the overlay."""
    from render.odds_overlay import LEVELS

    s = position()
    assert frame(Ui(), s).shown["odds-key"] is False
    m, s, _ = run(Model(), s, choice("toggle-odds"))
    f = frame(m, s)
    assert f.shown["odds-key"]
    key = f.html["odds-key"]
    shades = re.findall(r'<i class="risk-(\d)"', key)
    assert shades == [str(i) for i in range(1, len(LEVELS) + 1)]
    used = {n for cls, _, _ in f.map[0].values() for n in re.findall(r"risk-(\d)", cls)} - {"0"}
    assert used and used <= set(shades)  # every shade on the board is explained
    assert "up to 0.15" in key and "more than 1" in key
    m, s, _ = run(m, s, choice("toggle-odds"))
    assert frame(m, s).shown["odds-key"] is False


def test_a_hint_is_highlighted_said_and_noted_in_the_log() -> None:
    """The hint arrives as an event (searched by the browser: browser/effects.py); it marks the
    thing to click, says why in the notice and leaves a line in the log; a move clears it."""
    from glue import turn_start

    ui, s, home = turn_start()
    ui, s, effects = run(ui, s, choice("hint"))
    assert ev.ThinkHint() in effects and ui.hinting
    ui, s, _ = run(ui, s, ev.HintReady(len(s.game.history), f"place {home} 1", "safe_place",
                                       {"region": home, "count": 1, "rats": 0}))
    f = frame(ui, s)
    said = f"Place 1 cube in {home}: the rats there are unlikely to strike hard."
    assert said in f.text["notice"]
    assert "hinted" in f.map[0][home][0]
    assert s.log[-1].endswith(said)
    picking, _s, _ = run(ui, s, choice("mode:plague"))  # a pick under way: no stale mark
    assert "hinted" not in frame(picking, s).map[0][home][0]
    assert "hinted" in frame(*run(picking, s, choice("cancel"))[:2]).map[0][home][0]
    ui, s, _ = run(ui, s, ev.Target("card", "King"))  # a move: the hint goes
    assert ui.hint is None and "hinted" not in frame(ui, s).map[0][home][0]


def test_a_hint_for_a_position_gone_by_is_dropped() -> None:
    from glue import turn_start

    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, choice("hint"))
    step = len(s.game.history)
    ui, s, _ = run(ui, s, ev.Target("card", "King"),
                   ev.HintReady(step, f"place {home} 1", "only_move", {}))
    assert ui.hint is None and not ui.hinting and "hint" not in s.log[-1]


def test_a_notice_is_repeated_inside_the_dialog_that_covers_it() -> None:
    """The results cover the notice line: a replay link is shown in the dialog."""
    s = find(lambda s: s.game.is_over)
    ui = Ui().news("Replay link: http://localhost/#replay=abc")
    html = frame(ui, s).html["screen"]
    assert 'data-screen="results"' in html and "#replay=abc" in html
