"""The board in the arrangement its screen wants, a card seen changing hands, and a strike's
tokens drawn gone once told.

The page asks the browser once at start and on every change whether the screen is a landscape
desktop (``WIDE_QUERY``): the model keeps the answer (``Prefs.board``), the frame draws the
board in that arrangement (render/board_layout.py) and says it on the body (style.css keys on
``data-board``), and the painter draws the whole board anew when it changes. The first screen
(tools/first_screen.py) holds both arrangements and lets CSS show the one the screen wants.
"""

from __future__ import annotations

import gzip
import re
import sys
from pathlib import Path

import fakepage  # first: puts the fake pyscript / pyodide.ffi modules in place
import pytest
from browser.app import App
from fakepage import by_id, document, window
from glue import card, config, frame, new_session, overlay, region, run, turn_start
from model import page_events as ev
from model.targets import Offer
from model.ui_state import Model, Prefs, Story
from model.values import replace
from render import board, europe_real, motion_paths
from render import board_layout as L

import rattus

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def fresh_page():
    fakepage.reset()


# -- choosing the arrangement -----------------------------------------------------------------
def test_the_board_is_drawn_in_the_arrangement_the_model_holds() -> None:
    """A landscape desktop screen gets the WIDE board, every other screen the TALL one, each
    framed to the game's regions in play (R2.1: a 2-player game's board); the body says
    which screen's (style.css), and the regions lie where that arrangement puts them."""
    ui, s, _home = turn_start()
    players = len(s.seats)
    for screen in L.SCREENS:
        lay = L.ARRANGEMENTS[L.board_name(screen, players)]
        f = frame(Model(prefs=Prefs(board=screen), ui=ui), s)
        assert f.board == lay.name and f.data["board"] == screen
        x, y = lay.name_at("Polonia")
        assert f'data-region="Polonia" x="{x:.1f}" y="{y:.1f}"' in f.map[1]["names"]
        assert f.stops["reg-Polonia"] == (x, y)  # the arrow keys follow the drawing


def test_a_change_of_screen_changes_the_arrangement_and_nothing_else() -> None:
    """``BoardFits``: the arrangement the screen now wants; a name the page does not know
    changes nothing."""
    ui, s, _home = turn_start()
    m, s, effects = run(Model(ui=ui), s, ev.BoardFits("wide"))
    assert m.prefs.board == "wide" and effects == () and m.ui == ui
    m, s, _ = run(m, s, ev.BoardFits("sideways"))
    assert m.prefs.board == "wide"
    m, s, _ = run(m, s, ev.BoardFits("tall"))
    assert m.prefs.board == "tall"


def test_the_page_asks_the_screen_at_start_and_draws_the_board_anew_when_it_changes() -> None:
    """The browser edge: ``WIDE_QUERY`` answered at start; a new answer redraws the board's
    skeleton in the other arrangement (its size, its tiles) and every layer with it."""
    window.wide = True
    app = App(by_id("map"))
    assert app.model.prefs.board == "wide"
    app.dispatch(ev.Attach(new_session(4), "", None))
    svg = by_id("map")
    assert svg.getAttribute("viewBox") == f"0 0 {L.WIDE.width} {L.WIDE.height}"
    assert svg.getAttribute("data-board") == "wide" and document.body.dataset.board == "wide"
    assert 'data-board' not in svg.innerHTML and europe_real.LAND["wide"]["Russia"] in \
        svg.innerHTML
    app.dispatch(ev.BoardFits("tall"))
    assert svg.getAttribute("viewBox") == f"0 0 {L.TALL.width} {L.TALL.height}"
    assert document.body.dataset.board == "tall"
    # the page sizes the board's box by the drawing's shape (style.css --aspect)
    assert svg.style.properties["--aspect"] == f"{L.TALL.width / L.TALL.height:.4f}"
    assert app.map.arrangement == "tall"
    # a 2-player game: the board framed to its regions in play (R2.1), on the same screen
    app.dispatch(ev.Attach(new_session(2), "", None))
    assert app.map.arrangement == svg.getAttribute("data-board") == "tall-2"
    assert document.body.dataset.board == "tall"
    assert europe_real.LAND["tall-2"]["Anglia"] in svg.innerHTML


def test_a_piles_plate_is_drawn_as_its_region_is() -> None:
    """The plates lie over all the lands (a pile may stand on a neighbour's land), so the map
    view gives each its region's state: out of play (R2.1: a 2-player game's dark regions),
    a target, chosen; both arrangements, and again when the board is drawn anew."""
    window.wide = True
    app = App(by_id("map"))
    app.dispatch(ev.Attach(new_session(2), "", None))
    for screen in ("wide", "tall"):
        app.dispatch(ev.BoardFits(screen))
        svg = by_id("map")
        states = {}
        for r in rattus.REGIONS:
            land = svg.querySelector(f'.region[data-region="{r}"]').getAttribute("class")
            plate = svg.querySelector(f'.pile[data-region="{r}"]').getAttribute("class")
            assert plate == "pile" + land.removeprefix("region"), (screen, r)
            states[r] = plate.split()
        assert sum("out" in c for c in states.values()) == 4
        assert any("target" in c for c in states.values())


def test_the_query_lives_in_one_python_place_and_the_first_screen_uses_it() -> None:
    """The first screen draws both arrangements: the TALL one is the map Python takes over
    (one ``#map``, one of each region's ids), the WIDE one its map and piles only, and a
    media query on ``WIDE_QUERY`` shows the one the screen wants; a few kB in all (the
    desktop's Europe as it is, its shallows, rose, rivers, peaks and the piles' plates off
    their land: under 8.5 kB as the server sends it, gzipped; bench_load's slow 4G sends
    8.5 kB in 43 ms)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import first_screen

    drawn = first_screen.board_drawings()
    assert f"@media {L.WIDE_QUERY}" in drawn
    assert drawn.count('id="map"') == 1 and drawn.count('id="region-Russia"') == 1
    assert f'viewBox="0 0 {L.TALL.width} {L.TALL.height}"' in drawn
    assert f'viewBox="0 0 {L.WIDE.width} {L.WIDE.height}"' in drawn
    sketch = drawn[drawn.index('class="board first-sketch"'):]
    assert "<defs" not in sketch and sketch.count('class="region"') == len(rattus.REGIONS)
    assert len(gzip.compress(sketch.encode())) < 8500


# -- a card changing hands (R4.1) -------------------------------------------------------------
def _holding(seat_of: dict[str, int | None]) -> dict:
    return {"cards": {c: seat_of.get(c) for c in rattus.CARDS}, "board": {}}


@pytest.mark.parametrize("lay", [L.TALL, L.WIDE], ids=["tall", "wide"])
def test_a_card_taken_from_another_player_flies_from_their_row_to_the_takers(
        lay: L.Arrangement) -> None:
    """R4.1: a card taken from another player travels from its place in the giver's row of
    the players' table (among the cards they still hold) to its place in the taker's row,
    drawn at least 28 units large on its way (a 12-unit icon is not seen on a phone)."""
    seats = config(3).seats
    view = _holding({"Peasant": 0, "Monk": 0, "Witch": 1, "King": 1})  # after: Ann took Monk
    moves = motion_paths.paths(({"kind": "card_taken", "seat": 0, "card": "Monk",
                                 "from_seat": 1},), view, seats, lay)
    (move,) = moves
    start, end = move["path"][0], move["path"][-1]
    # the giver held Monk, Witch, King: Monk the first of three; Ann now Peasant, Monk
    x, y = lay.held_card_at(1, 0)
    assert start == (x + L.HELD_CARD / 2, y + L.HELD_CARD / 2)
    x, y = lay.held_card_at(0, 1)
    assert end == (x + L.HELD_CARD / 2, y + L.HELD_CARD / 2)
    assert max(move["scale"]) * motion_paths.CARD_FLIGHT * motion_paths.CARD_ICON >= 28
    assert len(move["scale"]) == len(move["path"])


def test_a_card_taken_from_beside_the_board_flies_from_its_place_in_the_supply_box() -> None:
    """R4.1: from beside the board, the card starts where its icon was, in the supply box."""
    view = _holding({"Knight": 1})
    (move,) = motion_paths.paths(({"kind": "card_taken", "seat": 1, "card": "Knight",
                                   "from_seat": None},), view, config(2).seats, L.WIDE)
    x, y = L.WIDE.free_cards_at(rattus.CARDS.index("Knight"))
    assert move["path"][0] == (x + L.FREE_CARD_HIT / 2, y + L.FREE_CARD_HIT / 2)
    box = L.WIDE.supply
    assert box.x < move["path"][0][0] < box.x + box.w


def test_the_card_just_taken_is_marked_new_in_its_takers_row_until_the_next_action() -> None:
    """R4.1: the taker's row of the players' table rings the card just taken, where its
    flight lands; the next action leaves it a card like the others."""
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, card("King"))
    assert s.game.view(None)["cards"]["King"] == 0
    table = frame(ui, s).map[1]["table"]
    assert re.search(r'class="held-card[^"]* new" data-piece="card-King"', table)
    assert table.count("new-ring") == 1
    placed = next(a for a in s.game.legal_actions() if a.kind == "place")
    ui, s, _ = run(ui, s, region(placed.args[0]), *(
        [ev.Choice(f"count:{placed.args[1]}")] if len(
            [a for a in s.game.legal_actions() if a.kind == "place"
             and a.args[0] == placed.args[0]]) > 1 else []))
    assert "new-ring" not in overlay(frame(ui, s))


# -- a strike's tokens, once told (R5.3, R5.4) ------------------------------------------------
def _a_strike(left: int = 0, costly: bool = False):
    """A game and the story of a move that struck with two tokens revealed or more, and
    ``left`` tokens or more still face down in the region after it (R5.3); ``costly``: one
    of them broke out and cost a cube (R5.5)."""
    import random

    for seed in range(1, 200):
        game = rattus.new_game(players=3, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            events = game.apply(rng.choice(game.legal_actions()))
            story = Story.from_events(events)
            if (story is not None and len(story.items) >= 2 and not story.final
                    and len(game.view(None)["board"][story.regions[0]]["tokens"]) >= left
                    and (not costly or any(i["outbreak"] and i["kills"] for i in story.items))):
                return game, replace(story, on_map=True)
    raise AssertionError("no strike found")


def test_a_strikes_tokens_are_drawn_gone_once_the_strike_is_told() -> None:
    """R5.4: a revealed token leaves the game. While the strike is told its tokens turn face
    up one by one; once told they are drawn gone (greyed, crossed out), never like a rat
    token on the board, and the tokens drawn as on the board are the view's alone; one that
    broke out and cost a cube (R5.5) stays red once gone: the map shows where it cost."""
    game, story = _a_strike(costly=True)
    view, seats = game.view(None), config(3).seats
    struck = story.regions[0]
    n = len(story.items)
    for lay in (L.TALL, L.WIDE):
        _, telling = board.draw(rattus.REGIONS, view, Offer(), seats, story, n - 1,
                                telling=True, lay=lay)
        assert telling[f"region-{struck}"].count('class="revealed') == n - 1
        assert "gone" not in telling[f"region-{struck}"]
        _, told = board.draw(rattus.REGIONS, view, Offer(), seats, story, n, lay=lay)
        layer = told[f"region-{struck}"]
        assert layer.count('class="revealed') == n
        assert layer.count('class="revealed') == len(re.findall(r'class="revealed[^"]* gone"',
                                                               layer))
        assert layer.count("gone-cross") == n
        live = re.findall(r'<g class="token[ "]', layer)
        assert len(live) == len(view["board"][struck]["tokens"])
        for part in layer.split('<g class="revealed')[1:]:  # a revealed one: no rat's back
            assert 'class="back"' not in part.split('<g class="token')[0]
        # one that broke out and cost a cube stays red once gone: where the strike cost
        costly = sum(1 for item in story.items if item["outbreak"] and item["kills"])
        assert costly and len(re.findall(r'class="revealed outbreak[^"]* gone"', layer)) == costly
    css = (Path(board.__file__).parents[1] / "style.css").read_text(encoding="utf-8")
    assert ".board .revealed.gone.outbreak .front { fill: #f3d6d0; stroke: #a22; }" in css


def test_style_css_keys_a_landscape_layout_on_the_same_query() -> None:
    """style.css's layout for a landscape desktop (another's part) and the page's choice of
    the WIDE board must agree: any media query of style.css that asks for an aspect ratio is
    ``WIDE_QUERY`` itself (a board drawn WIDE in a layout made for TALL, or the reverse, would
    be cut or lost in its box)."""
    css = (ROOT / "web" / "style.css").read_text(encoding="utf-8")
    for query in re.findall(r"@media([^{]*aspect-ratio[^{]*)\{", css):
        assert " ".join(query.split()) in (L.WIDE_QUERY, f"not all and {L.WIDE_QUERY}"), query


def test_while_a_strike_is_told_its_tokens_turn_over_where_they_lie() -> None:
    """R5.3: the tokens are revealed one at a time, oldest first; those still to turn stay
    face down in their rows (no target, not counted as the view's), and the tokens the strike
    leaves on the board keep their rows from the first token told to the last: nothing
    jumps."""
    game, story = _a_strike(left=1)
    view, seats = game.view(None), config(3).seats
    struck = story.regions[0]
    here = [i for i in story.items if i["region"] == struck]
    places = set()
    for upto in range(len(story.items) + 1):
        _, layers = board.draw(rattus.REGIONS, view, Offer(), seats, story, upto,
                               telling=upto < len(story.items), lay=L.WIDE)
        layer = layers[f"region-{struck}"]
        turned = layer.count('class="revealed')
        assert turned + layer.count('class="waiting"') == len(here)
        assert 'class="waiting"' not in layer or "gone" not in layer
        places.add(tuple(re.findall(r'<g class="token[^>]*transform="([^"]+)"', layer)))
    assert len(places) == 1 and places != {()}  # the live tokens never moved
