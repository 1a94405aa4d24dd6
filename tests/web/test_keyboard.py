"""Accessibility: keyboard play, dialogs and focus, the board as text, strikes read
out, and players told apart without colour — on CPython (the page's own listeners on the fake
page of fakepage.py, and the pure glue). Whole games by keyboard alone: e2e/test_keyboard.py."""

from __future__ import annotations

import re

import fakepage  # first: puts the fake pyscript / pyodide.ffi modules in place
import pytest
from browser import dom
from browser.app import App
from control import keys, update
from fakepage import Element, by_id, document, fire
from glue import (
    card,
    choice,
    frame,
    new_session,
    offer,
    overlay,
    region,
    run,
    token,
    turn_start,
)
from model import keymap
from model import page_events as ev
from model.game_config import COLOURS, Seat, contrast, ink_on, marks
from model.ui_state import Model
from render import board, board_layout, how_to_play, pieces
from render import panels as panels
from test_bots_and_strikes import striking
from text.catalogue import t

import rattus

REGION_XY = {keymap.region_key(r): board_layout.TALL.name_at(r) for r in rattus.REGIONS}


@pytest.fixture(autouse=True)
def fresh_page():
    fakepage.reset()


def path(name: str) -> Element:
    return document.querySelector(f'.region[data-region="{name}"]')


def tab_stops() -> list[str]:
    """The map's elements in the Tab order (tabindex 0)."""
    return [n.getAttribute("data-region") for n in document.descendants()
            if n.getAttribute("tabindex") == "0"]


def attached(session) -> App:
    app = App(by_id("map"))
    app.bind()
    app.dispatch(ev.Attach(session, "", None))
    return app


def arrow_graph(stops: dict) -> dict[str, set[str]]:
    return {s: {keys.move(stops, s, k) for k in keys.DIRECTIONS} - {None} for s in stops}


def reachable(graph: dict, start: str) -> set[str]:
    seen, todo = {start}, [start]
    while todo:
        for nxt in graph[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


# -- the arrow keys follow the map ------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_arrow_keys_reach_every_region_in_play_from_every_other(players: int) -> None:
    view = rattus.new_game(players=players, seed=1).view(None)
    stops = {k: xy for k, xy in REGION_XY.items() if k[4:] in view["regions"]}
    graph = arrow_graph(stops)
    for start in stops:
        assert reachable(graph, start) == set(stops), start


def test_each_arrow_goes_the_way_it_points_on_the_map() -> None:
    for start, (x0, y0) in REGION_XY.items():
        for key, (dx, dy) in keys.DIRECTIONS.items():
            to = keys.move(REGION_XY, start, key)
            if to is not None:
                x, y = REGION_XY[to]
                assert (x - x0) * dx + (y - y0) * dy > abs((x - x0) * dy - (y - y0) * dx) * 0.3
    # what a player looking at the board expects
    assert keys.move(REGION_XY, "reg-Anglia", "ArrowDown") == "reg-Gallia"
    assert keys.move(REGION_XY, "reg-Gallia", "ArrowDown") == "reg-Hispania"
    assert keys.move(REGION_XY, "reg-Hispania", "ArrowUp") == "reg-Gallia"
    assert keys.move(REGION_XY, "reg-Gallia", "ArrowRight") == "reg-Italia"  # (its pile east)
    assert keys.move(REGION_XY, "reg-Germania", "ArrowUp") == "reg-Scandia"
    assert keys.move(REGION_XY, "reg-Hispania", "ArrowLeft") is None  # the edge: stays


def test_when_tokens_are_wanted_down_reaches_them_and_left_right_go_along() -> None:
    """The Monk's pick (R6.2): the rat tokens are the targets, and stops of the arrows."""
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, card("Monk"), choice("mode:Monk"))
    here = s.game.view(None)["plague"]
    stops, targets = board.stops(s.game.view(0), offer(ui, s), board_layout.TALL)
    wanted = {keymap.token_key(r, slot) for r, slot in offer(ui, s).tokens}
    assert wanted and wanted <= set(targets) and wanted <= set(stops)
    assert not set(targets) - wanted  # the regions are not targets now
    below = keys.move(stops, keymap.region_key(here), "ArrowDown")
    assert below == keymap.token_key(here, 1)
    assert keys.move(stops, below, "ArrowUp") == keymap.region_key(here)
    # a region holding two tokens side by side in its pile: Right/Left go from one to the other
    ui, s, _ = run(ui, s, token(here, 1), region(home))
    stops2, _ = board.stops(s.game.view(0), offer(ui, s), board_layout.TALL)
    stops2.update({keymap.token_key(home, i): board.token_xy(board_layout.TALL, home, i)
                   for i in (1, 2)})
    assert keys.move(stops2, keymap.token_key(home, 1), "ArrowRight") == \
        keymap.token_key(home, 2)
    assert keys.move(stops2, keymap.token_key(home, 2), "ArrowLeft") == \
        keymap.token_key(home, 1)


# -- the map is one Tab stop ------------------------------------------------------------------
def test_the_map_is_one_tab_stop_on_the_first_target_and_arrows_move_it() -> None:
    s = new_session(2)
    attached(s)
    first = next(r for r in s.game.view(0)["regions"]
                 if r in {a.args[0] for a in s.game.legal_actions()})
    assert tab_stops() == [first]
    start = path(first)
    start.focus()
    fire("focusin", start)
    key, to = next((k, keys.move(REGION_XY, f"reg-{first}", k)) for k in keys.DIRECTIONS
                   if keys.move({k2: v for k2, v in REGION_XY.items()
                                   if k2[4:] in s.game.view(0)["regions"]},
                                  f"reg-{first}", k))
    event = fire("keydown", start, key=key)
    assert event.prevented  # the page does not scroll
    assert document.activeElement.getAttribute("data-key") == to
    assert tab_stops() == [to[4:]]  # Tab now comes back here
    assert len(s.game.history) == 0  # moving is not acting


def test_a_card_taken_keeps_the_focus_and_its_panel_is_written_around_it() -> None:
    """The focused card is drawn again (taken): the panel is written around it and the focus
    never leaves it (given to a new node after the writes, it would have the browser lay the
    page out within the click)."""
    _ui, s, _home = turn_start()
    app = attached(s)
    cards = by_id("cards")
    card = Element("div", data_card="King", data_key="card-King", role="button", tabindex="0")
    cards.add(card)
    card.focus()
    blurred: list[int] = []
    card.blur = lambda: blurred.append(1)  # type: ignore[method-assign]
    app.dispatch(ev.Target("card", "King"))
    assert s.game.history[-1] == "take King"
    assert document.activeElement is card and card.parent is cards and not blurred
    assert cards.innerHTML == dom.written("cards") and 'data-key="card-King"' in cards.innerHTML


def test_a_rat_token_drawn_again_keeps_the_focus_and_its_layer_is_written_around_it() -> None:
    """The Monk's mode makes the rat tokens targets: the focused token's layer is drawn anew
    with it in it, and the focus stays on it, as on a card."""
    _ui, s, _home = turn_start()
    app = attached(s)
    app.dispatch(ev.Target("card", "Monk"))
    here = s.game.view(None)["plague"]
    layer = by_id(f"layer-region-{here}")
    key = keymap.token_key(here, 1)
    assert f'data-key="{key}"' in app.map._layer_html[f"region-{here}"]
    node = Element("g", class_="token", data_key=key, tabindex="-1")
    layer.add(node)
    node.focus()
    blurred: list[int] = []
    node.blur = lambda: blurred.append(1)  # type: ignore[method-assign]
    app.dispatch(ev.Choice("mode:Monk"))
    assert document.activeElement is node and node.parent is layer and not blurred
    assert layer.innerHTML == app.map._layer_html[f"region-{here}"]
    assert "target" in layer.innerHTML


def test_a_button_gone_hands_the_focus_to_the_map_before_the_panels_are_written(
        monkeypatch) -> None:
    """Cancel pressed: it is not drawn again, so the focus goes to the map's Tab stop, as when
    a focused element is painted away (Focus.lost) — before any panel is written, while the
    page is still laid out."""
    _ui, s, _home = turn_start()
    app = attached(s)
    app.dispatch(ev.Choice("mode:plague"))
    assert 'data-key="btn-cancel"' in dom.written("bar")
    cancel = Element("button", data_choice="cancel", data_key="btn-cancel")
    by_id("bar").add(cancel)
    cancel.focus()
    focused_at_writes = []
    write = dom.set_html

    def spy(key: str, html: str, grows: bool = False) -> bool:
        wrote = write(key, html, grows)
        if wrote:
            focused_at_writes.append(document.activeElement)
            by_id(key).children = []  # its old nodes gone, as in the browser
        return wrote

    monkeypatch.setattr(dom, "set_html", spy)
    app.dispatch(ev.Choice("cancel"))
    stop = document.activeElement
    assert stop.getAttribute("data-key") == app.map.last and stop.tagName == "PATH"
    assert stop.getAttribute("tabindex") == "0"  # the map's one Tab stop
    assert focused_at_writes and all(node is stop for node in focused_at_writes)


def test_enter_on_a_region_that_cannot_be_chosen_says_why_and_changes_nothing() -> None:
    """The plague piece moves to a neighbour (R4.3): Enter on a region further away gets the
    engine's reason (Game.why_not), as a click does, and changes nothing."""
    ui, s, home = turn_start()
    app = attached(s)
    app.dispatch(choice("mode:plague"))
    here = s.game.view(None)["plague"]
    far = next(r for r in s.game.view(0)["regions"]
               if r != here and r not in s.game.view(None)["neighbours"][here])
    assert far not in offer(app.ui, s).regions
    before = (len(s.game.history), s.game.to_json())
    event = fire("keydown", path(far), key="Enter")
    assert event.prevented and (len(s.game.history), s.game.to_json()) == before
    why = update.refusal_text(s.game.why_not(f"plague {far}"))
    notice = by_id("notice")
    assert not notice.hidden and notice.textContent == why


# -- dialogs take the focus, keep it, close with Escape and give it back -------------------------
def help_dialog() -> tuple[Element, Element]:
    close = Element("button", data_choice="close-rules")
    link = Element("button", data_help="goal")
    by_id("help").add(Element(class_="dialog").add(close, link))
    return close, link


def test_how_to_play_takes_the_focus_keeps_it_and_escape_gives_it_back() -> None:
    app = attached(new_session(2))
    close, link = help_dialog()
    rules = document.querySelector('#toolbar [data-choice="toggle-rules"]')
    rules.focus()
    app.dispatch(ev.Choice("toggle-rules"))
    assert app.ui.help is not None and document.activeElement is close
    link.focus()  # Tab from the last control comes back to the first, and the reverse
    event = fire("keydown", link, key="Tab")
    assert event.prevented and document.activeElement is close
    event = fire("keydown", close, key="Tab", shift=True)
    assert event.prevented and document.activeElement is link
    fire("keydown", link, key="Escape")
    assert app.ui.help is None
    assert document.activeElement is rules


def test_escape_answers_a_question_with_its_safe_choice() -> None:
    from model.ui_state import Question

    s = new_session(2)
    app = attached(s)
    asked = []
    no = Element("button", data_choice="confirm-no")
    by_id("screen").add(Element(class_="dialog").add(no))
    app.dispatch(ev.Ask(Question("Sure?", "Yes", "No", ev.Problem("yes said"),
                                  ev.Problem("no said"))))
    assert document.activeElement is no
    fire("keydown", no, key="Escape")
    asked.append(app.ui.notice)
    assert app.ui.question is None and asked == ["no said"]


# -- shortcut keys ------------------------------------------------------------------------------
def test_shortcut_keys_work_outside_text_fields_and_are_documented() -> None:
    ui, s, home = turn_start()
    app = attached(s)
    shown = app.model.prefs.show_log
    fire("keydown", document.body, key="l")
    assert app.model.prefs.show_log is not shown
    field = Element("input")
    by_id("app").add(field)
    fire("keydown", field, key="l")  # typing a name is not a shortcut
    assert app.model.prefs.show_log is not shown
    app.dispatch(card("King"))
    assert s.game.history[-1] == "take King"
    fire("keydown", document.body, key="u")
    assert s.game.history[-1] != "take King"  # undone
    fire("keydown", document.body, key="h")
    assert app.ui.help is not None
    # How to play lists every key, and the buttons announce theirs
    text = how_to_play.panel(s.config.seats)
    for key in keymap.SHORTCUTS:
        assert f"<kbd>{key.upper()}</kbd>" in text or key == "?"
    html = (fakepage_html := (__import__("pathlib").Path(fakepage.__file__).parents[2]
                              / "web" / "index.html").read_text())
    for choice_name, key in (("undo", "U"), ("toggle-log", "L"), ("toggle-rules", "H")):
        button = re.search(rf'<button[^>]*data-choice="{choice_name}"[^>]*>', fakepage_html)
        assert button and f'aria-keyshortcuts="{key}' in button[0]
    assert 'id="pace"' in html and 'aria-keyshortcuts="P"' in html


# -- screen readers: the board as text, strikes read out ---------------------------------------
def test_the_board_as_text_says_each_regions_rats_cubes_and_the_plague_piece() -> None:
    ui, s, home = turn_start()
    f = frame(ui, s)
    html = f.html["board-text"]
    view = s.game.view(0)
    for r in view["regions"]:
        row = re.search(rf'<tr data-region="{r}">(.*?)</tr>', html)[1]
        n = len(view["board"][r]["tokens"])
        assert (t("aria.rats.1") if n == 1 else t("aria.rats.n", n=n)) in row
        for p, c in enumerate(view["board"][r]["cubes"]):
            said = t("board.cubes_of", name=s.names[p], mark=marks(s.config.seats)[p], count=c)
            assert (said in row) == (c > 0)
        assert (t("board.plague_here") in row) == (r == view["plague"])
    assert t("board.palace", cubes="").split("{")[0] in html


def test_the_board_as_text_shows_only_the_faces_this_seat_knows() -> None:
    """The Witch's holder sees the face she looked at (R6.6); the other seat does not (R8)."""
    ui, s, home = turn_start()
    here = s.game.view(None)["plague"]
    ui, s, _ = run(ui, s, card("Witch"), choice("mode:Witch"), token(here, 1))
    face = s.game.view(0)["board"][here]["tokens"][0]
    assert face is not None
    mine = panels.board_text(s.game.view(0), s.config.seats)
    theirs = panels.board_text(s.game.view(1), s.config.seats)
    words = t("board.known", slot=1, threshold=face["threshold"],
              symbols=__import__("text.catalogue").catalogue.symbols(face["symbols"]))
    assert words in mine and words not in theirs and "threshold" not in theirs


def test_a_strike_is_read_out_token_by_token_as_it_is_told() -> None:
    ui, s, _ = striking(pace_ms=300)
    app = App(by_id("map"))
    app.store.model = Model(ui=ui, session=s)  # the position, as the store would hold it
    app.painter(app.model)
    assert by_id("announce").innerHTML == ""  # nothing told yet
    app.dispatch(ev.StrikeStep())
    first = by_id("announce").innerHTML
    assert first.count("<p>") == 1 and any(
        t(k) in first for k in ("strike.outbreak", "strike.reached", "strike.nothing"))
    app.dispatch(ev.StrikeStep())
    both = by_id("announce").innerHTML
    assert both.count("<p>") == 2 and both.startswith(first)  # added to, not rewritten
    app.dispatch(ev.StrikeDone())
    assert by_id("announce").innerHTML == both  # not read a second time


# -- players told apart without colour; contrast ----------------------------------------------
def test_each_player_has_a_shape_of_their_own_on_the_board_and_in_the_panels() -> None:
    """Players are told apart by colour and by a shape (never by a letter, which a token's
    symbols used too: "A" all, "B" the Merchant)."""
    seats = [Seat("Ann", "red"), Seat("Bob", "blue"), Seat("Cy", "green"), Seat("Di", "yellow")]
    shapes = {pieces.shape_path(p, 20) for p in range(4)}
    assert len(shapes) == 4
    ui, s, home = turn_start()
    f = frame(ui, s)
    for p in range(len(s.config.seats)):
        shape = pieces.shape_path(p, 15)
        assert shape in f.html["players"]  # the players' panel: the board's piece by the name
        assert pieces.shape_path(p, board_layout.PIECE - 2) in overlay(f)  # the players' table
    cubes = board._cubes(board_layout.TALL, "Gallia", [2, 0, 11, 1], seats)
    assert ">2<" in cubes and ">11<" in cubes and "seat-1" not in cubes


def test_each_loss_on_the_board_is_in_the_losers_colour_and_shape() -> None:
    """R5.5: a strike's losses under each player's column, each in that player's colour and
    shape (told apart without colour), flat with a red rim on a dark one: a loss, and whose,
    read on any hatch (a yellow loss on a target's yellow hatch by its dark rim)."""
    seats = [Seat("Ann", "red"), Seat("Bob", "blue"), Seat("Cy", "green"), Seat("Di", "yellow")]
    drawn = board._losses(board_layout.TALL, "Gallia", {0: 1, 2: 3, 3: 12}, seats)
    marks_ = re.findall(r'<g class="loss-mark seat-(\d)" style="--fill:([^;]+);--ink:([^"]+)">'
                        r'<path class="rim" [^>]*/><path class="shape" d="([^"]+)".*?>'
                        r'(\u2212\d+)</text>', drawn)
    assert [(int(p), fill, ink, text) for p, fill, ink, _d, text in marks_] == [
        (p, COLOURS[seats[p].colour], ink_on(seats[p].colour), f"\u2212{n}")
        for p, n in ((0, 1), (2, 3), (3, 12))]
    assert len({d for *_, d, _text in marks_}) == 3  # three seats, three shapes
    css = (__import__("pathlib").Path(board.__file__).parents[1] / "style.css").read_text()
    assert ".board .loss-mark .shape { fill: var(--fill); stroke: #a0150e;" in css
    assert ".board .loss-mark .rim { fill: none; stroke: #2a2118; stroke-width: 4; }" in css
    assert "fill: var(--ink)" in css  # "−n" in the ink that contrasts with the colour


@pytest.mark.parametrize("colour", sorted(COLOURS))
def test_writing_on_a_players_colour_meets_aa_contrast(colour: str) -> None:
    assert contrast(ink_on(colour), COLOURS[colour]) >= 4.5


#: Text on the map (SVG, which axe does not check) and its background, as style.css and
#: board.py draw them: (what, text colour, background colour).
MAP_TEXT = [
    ("region name", "#3b2d1a", "#f5ebd2"),
    ("region name, target", "#7a3d00", "#fff3bf"),
    ("region name, out of play", "#4f4a42", "#d9d3c4"),
    ("'not in play' note", "#403c34", "#d9d3c4"),
    ("'2 steps' mark", "#5a2c00", "#ffffff"),
    ("Knight's neutral cubes mark", "#ffffff", "#6d6a63"),
    ("token threshold", "#2a2118", "#f7ecd0"),
    ("revealed token, outbreak", "#2a2118", "#f6c9c2"),
    ("odds, on their halo", "#2a2118", "#fffaf0"),
    ("others' odds, on their halo", "#4a3d28", "#fffaf0"),
    ("players' table", "#2a2118", "#efe3c4"),
    ("players' table, the player to move", "#2a2118", "#fff6d8"),
    ("supply, running low", "#a0150e", "#efe3c4"),
    ("supply's label", "#4a3d28", "#efe3c4"),
]


@pytest.mark.parametrize("what,fg,bg", MAP_TEXT, ids=[m[0] for m in MAP_TEXT])
def test_map_text_meets_aa_contrast(what: str, fg: str, bg: str) -> None:
    css = (__import__("pathlib").Path(board.__file__).parents[1] / "style.css").read_text()
    assert fg.lower() in css.lower() or fg in ("#ffffff",), f"{what}: {fg} no longer drawn"
    assert contrast(fg, bg) >= 4.5, what


def test_every_dialog_but_the_welcome_closes_with_escape() -> None:
    """Each dialog (Your games included) has a safe choice Escape presses; the
    welcome alone waits for a choice."""
    from control import keys

    assert set(keys.DIALOGS) - {"welcome"} == set(keys.ESCAPE) - {"help"}


def test_escape_on_the_board_cancels_a_choice_half_made_as_cancel_does() -> None:
    """"Move the plague piece" pressed, its region still to choose: Escape takes the choice
    back and moves nothing, as the decision's Cancel does; with nothing half made it does
    nothing."""
    ui, s, home = turn_start()
    app = attached(s)
    app.dispatch(choice("mode:plague"))
    assert app.ui.pick.mode == "plague"
    assert 'data-choice="cancel"' in by_id("bar").innerHTML
    by_id("bar").add(Element("button", data_choice="cancel"))  # (the fake page parses no HTML)
    before = list(s.game.history)
    event = fire("keydown", document.body, key="Escape")
    assert event.prevented
    assert app.ui.pick.mode is None and s.game.history == before
    by_id("bar").children.clear()  # the page draws no Cancel now
    event = fire("keydown", document.body, key="Escape")  # nothing to cancel
    assert not event.prevented and s.game.history == before
