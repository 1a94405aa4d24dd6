"""The board reads at a glance: nothing drawn over anything, in any position a game reaches.

The boxes of everything the board draws (names, rat tokens, faces, cube pieces, losses, odds,
the plague piece, the marks, the supply and the players' table) are taken from the drawn SVG
and checked pairwise, over random games of 2, 3 and 4 players played to their end, each
position seen by every seat (the Witch's knowledge), with the strike of its move shown (every
step of the final plague too), the odds of every region in their widest form, and every
region a target two steps away. Texts are sized at least 11 units and rat tokens 24, cube
pieces 19–20: the board is drawn about 1:1 on a 390 px phone (e2e/test_board_geometry.py
measures the page itself). Widths of texts are counted at 0.7 em a character, wider than DejaVu Sans
Bold, so a wide font still fits. Every check holds for both arrangements of the board
(render/board_layout.py): TALL, a phone's, and WIDE, a desktop screen's.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest
from glue import config, forget_kept, frame, offer, overlay, turn_start
from model.targets import Offer
from model.ui_state import Story
from model.values import replace
from render import board, pieces
from render import board_layout as L

import rattus

#: The board's two arrangements, each check run for both.
LAYS = pytest.mark.parametrize("lay", [L.TALL, L.WIDE], ids=["tall", "wide"])

#: Each kind of text on the board: (font size, bold): style.css's sizes.
TEXT = {"region-label": 12, "out-note": 11, "loss": 11, "odds": 11, "supply-count": 16,
        "box-label": 11, "table-count": 12}
EM = 0.7
SVG_NS = "http://www.w3.org/2000/svg"
TRANSLATE = re.compile(r"translate\(([-\d.]+) ([-\d.]+)\)")


def boxes(svg: str, lay: L.Arrangement = L.TALL
          ) -> list[tuple[str, tuple[float, float, float, float]]]:
    """(what, (x0, y0, x1, y1)) of each thing the overlay draws, in board units (its pieces'
    sizes: ``lay``'s pile)."""
    pile = lay.inside
    root = ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{svg}</g>')
    found: list = []

    def walk(node, dx: float, dy: float, inside: str) -> None:
        tag = node.tag.split("}")[-1]
        cls = node.get("class", "").split()
        m = TRANSLATE.search(node.get("transform", ""))
        x, y = (dx + float(m[1]), dy + float(m[2])) if m else (dx, dy)
        if inside:
            return
        if tag == "g" and ({"token", "waiting", "cube", "plague-piece", "far-mark",
                            "neutral-mark"} & set(cls) or "turn-over" in cls):
            r = {"cube": pile.piece / 2 + .5, "plague-piece": pile.plague_r,
                 "far-mark": 10.1, "neutral-mark": 10.1}.get(
                next((c for c in cls if c in ("cube", "plague-piece", "far-mark",
                                               "neutral-mark")), ""), pile.token_r)
            below = 1.6 if "cube" in cls else 0  # a piece's raised edge
            if "far-mark" in cls:  # a route's tag, wider than high
                found.append((f"far-mark@{x:.0f},{y:.0f}", (x - 11.5, y - 8.5, x + 11.5, y + 8.5)))
                return
            found.append((f"{cls[0]}@{x:.0f},{y:.0f}", (x - r, y - r, x + r, y + r + below)))
            return
        if tag == "g" and "loss-mark" in cls:  # the loser's shape with "−n" on it
            text = "".join(node.find(f"{{{SVG_NS}}}text").itertext())
            size = float(re.search(r"font-size:([\d.]+)", ET.tostring(node, "unicode"))[1])
            _row, width, height = pile.loss
            half = max(width / 2, len(text) * size * EM / 2)
            found.append((f"loss:{text}@{x:.0f},{y:.0f}",
                          (x - half, y - height / 2, x + half, y + height / 2)))
            return
        if tag == "g" and "piece" in cls:  # a piece in the players' table
            found.append((f"piece@{y:.0f}", (x - 9, y - 9, x + 9, y + 10.6)))
            return
        if tag == "use" and inside == "":
            ux, uy = float(node.get("x")), float(node.get("y"))
            size = float(node.get("width"))
            found.append((f"icon@{ux:.0f},{uy:.0f}", (ux, uy, ux + size, uy + size)))
            return
        if tag == "text":
            kind = next(c for c in cls if c in TEXT)
            size = TEXT[kind]
            tx, ty = x + float(node.get("x", 0)), y + float(node.get("y", 0))
            width = len("".join(node.itertext())) * size * EM
            x0 = tx - width / 2 if kind in ("loss", "table-count") else tx
            found.append((f"{kind}:{''.join(node.itertext())}",
                          (x0, ty - size * 0.8, x0 + width, ty + size * 0.22)))
            return
        for child in node:
            walk(child, x, y, "strip" if tag == "g" and {"face", "revealed"} & set(cls)
                 and child.tag.endswith("use") else "")

    walk(root, 0, 0, "")
    return found


def overlaps(found) -> list[str]:
    clashes = []
    for i, (a, (ax0, ay0, ax1, ay1)) in enumerate(found):
        for b, (bx0, by0, bx1, by1) in found[i + 1:]:
            w = min(ax1, bx1) - max(ax0, bx0)
            h = min(ay1, by1) - max(ay0, by0)
            if w > 0.3 and h > 0.3:
                clashes.append(f"{a} × {b}")
    return clashes


def widest_odds(view) -> dict:
    """Odds in every region in play, with the widest numbers the overlay prints ("9.9",
    "12")."""
    return {r: {"mine": 9.9, "others": 12.4, "level": 4, "p_loss": 1.0, "words": "odds"}
            for r in view["regions"]}


def everything_targeted(view):
    """The view with every region in play a two-step destination of the Knight (R6.3), but
    the plague's own (it may not stay where it is)."""
    reach = {r: 2 for r in view["regions"] if r != view["plague"]}
    return {**view, "decision": {**view["decision"], "plague_reach": reach}}


def positions(players: int, seed: int):
    """Each position of a random game to its end: (game, the events of the move made)."""
    game = rattus.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    events: list = []
    while True:
        yield game, events
        if game.is_over:
            return
        events = game.apply(rng.choice(game.legal_actions()))


@LAYS
@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (4, 7)])
def test_nothing_on_the_board_covers_anything_else(players: int, seed: int,
                                                   lay: L.Arrangement) -> None:
    """R5.2 (three rat tokens at most), R5.3–R5.5 (reveals and losses), R6.3 (two steps),
    R6.6 (the Witch's knowledge), R7.3 (the final plague): whatever a position holds has its
    own place on the board."""
    seats = config(players).seats
    checked = 0
    for game, events in positions(players, seed):
        story = Story.from_events(events)
        for seat in range(players):
            view = game.view(seat)
            if not (story or view["knows"] or seat == 0):
                continue
            far_view = everything_targeted(view)
            offer = Offer(regions={r: None for r in view["regions"]},
                          far=set(far_view["decision"]["plague_reach"]))
            taken = frozenset(c for c in rattus.CARDS if view["cards"][c] is not None)
            _, layers = board.draw(rattus.REGIONS, far_view, offer, seats,
                                   replace(story, on_map=True) if story else None,
                                   len(story.items) if story else None,
                                   risks=widest_odds(view), lay=lay, taken=taken)
            found = boxes("".join(layers.values()), lay)
            assert overlaps(found) == [], f"step {len(game.history)}, seat {seat}"
            checked += 1
    assert checked > 100


@LAYS
def test_every_thing_lies_in_its_tile_or_box(lay: L.Arrangement) -> None:
    """A region's things stay inside its tile: nothing reads as another region's. And each
    region's things are drawn in its own layer (the browser rewrites only the layers an
    action changed), the supply's and the table's in theirs."""
    game = next(g for g, _ in positions(4, 3) if sum(len(b["tokens"]) for b in
                                                    g.view(0)["board"].values()) > 20)
    view = game.view(0)
    far_view = everything_targeted(view)
    _, layers = board.draw(rattus.REGIONS, far_view,
                           Offer(far=set(far_view["decision"]["plague_reach"]),
                                 regions={r: None for r in view["regions"]}),
                           config(4).seats, risks=widest_odds(view), lay=lay)
    places = {f"region-{r}": lay.tile(r) for r in rattus.REGIONS}
    places |= {"supply": lay.supply, "table": lay.table}
    assert list(layers) == ["links", "supply", "table", "names",
                            *(f"region-{r}" for r in rattus.REGIONS)]
    for layer, svg in layers.items():
        if layer == "links":  # (drawn in the gaps between tiles)
            continue
        found = boxes(svg, lay)
        assert found, layer
        for what, (x0, y0, x1, y1) in found:
            assert any(b.x - 3 <= x0 and x1 <= b.x + b.w + 3 and b.y - 3 <= y0
                       and y1 <= b.y + b.h + 3
                       for b in (places.values() if layer == "names" else [places[layer]])), \
                (layer, what)


def test_pieces_and_texts_are_big_enough_for_a_phone() -> None:
    """At 1:1 on a 390 px phone: texts of 11 units at least; what a finger takes — a rat
    token, the plague piece, a class card beside the board — 28 units (24 px on a 360 px
    phone); cube pieces 17 and more, their counts 11."""
    assert min(TEXT.values()) >= 11
    phone = L.TALL.inside
    assert phone.token_r * 2 >= 28 and phone.plague_r * 2 >= 28 and phone.plague_hit >= 28
    assert L.FREE_CARD_HIT >= 28 and phone.piece >= 17 and L.PIECE >= 16
    assert all(lay.inside is phone for lay in L.ARRANGEMENTS.values() if lay.screen == "tall")
    assert L.TALL.width <= 390
    assert re.search(r'font-size:(1[1-9]|[2-9]\d)', pieces.piece(0, "red", phone.piece, 12))


@pytest.mark.parametrize("lay, shape", [(L.WIDE, (1.15, 1.35)), (L.TALL, (0.6, 0.66))],
                         ids=["wide", "tall"])
def test_each_board_has_its_screens_shape_and_holds_everything(lay, shape) -> None:
    """A desktop screen's board is wider than high (about 1.2 : 1), a phone's taller (390
    units wide, 1:1 on a 390 px phone); every pile, the supply box and the players' table
    lie inside it, none over another."""
    w, h = lay.width, lay.height
    assert shape[0] <= w / h <= shape[1]
    assert lay is not L.TALL or w == 390
    boxes_ = [lay.tile(r) for r in rattus.REGIONS] + [lay.supply, lay.table]
    for i, a in enumerate(boxes_):
        assert 0 <= a.x and a.x + a.w <= w and 0 <= a.y and a.y + a.h <= h, a
        for b in boxes_[i + 1:]:
            assert (min(a.x + a.w, b.x + b.w) - max(a.x, b.x) <= 0
                    or min(a.y + a.h, b.y + b.h) - max(a.y, b.y) <= 0), (a, b)


@LAYS
def test_sea_links_lie_between_piles_and_cross_none(lay: L.Arrangement) -> None:
    """R2.2's sea neighbours: each link between its two piles, over no pile, nor the supply
    or the table, and inside the board (land neighbours share a border instead:
    tests/web/test_europe_board.py)."""
    for (a, b), sea in rattus.board.NEIGHBOUR_PAIRS.items():
        if not sea:
            continue
        (x1, y1), (x2, y2) = lay.link_segment(a, b)
        assert (x2 - x1) ** 2 + (y2 - y1) ** 2 >= 16, (a, b)  # long enough to be seen
        along = [(x1 + (x2 - x1) * k / 40, y1 + (y2 - y1) * k / 40) for k in range(1, 40)]
        for box in [lay.tile(r) for r in rattus.REGIONS] + [lay.supply, lay.table]:
            assert not any(box.x < x < box.x + box.w and box.y < y < box.y + box.h
                           for x, y in along), (a, b, box)
        assert all(3 <= x <= lay.width - 3 and 3 <= y <= lay.height - 3 for x, y in along)


def test_a_card_the_player_may_take_is_a_target_on_the_board_too() -> None:
    """R4.1: a card beside the board or another player's may be taken; its icon on the board
    (the supply box, the holder's row) takes it as the card panel's card does."""
    ui, s, _home = turn_start()
    takeable = set(offer(ui, s).cards)
    drawn = overlay(frame(ui, s))
    assert takeable and all(f'data-take="{c}"' in drawn for c in takeable)
    assert drawn.count("data-take=") == len(takeable)


def test_a_card_beside_the_board_keeps_its_place_when_another_is_taken() -> None:
    """R4.1: each class card beside the board has a place of its own in the supply box; one
    taken leaves its place empty and the others stay where the player saw them."""
    ui, s, _home = turn_start()
    view = s.game.view(0)

    def places(cards: dict) -> dict[str, str]:
        drawn = board.draw(rattus.REGIONS, {**view, "cards": cards}, Offer(),
                           config(view["players"]).seats, lay=L.TALL)[1]["supply"]
        return dict(re.findall(r'data-piece="card-(\w+)".*?<circle class="hit" (cx="[\d.]+" '
                               r'cy="[\d.]+")', drawn))

    beside = places({c: None for c in rattus.CARDS})
    assert len(set(beside.values())) == len(rattus.CARDS)
    taken = rattus.CARDS[0]
    after = places({c: (0 if c == taken else None) for c in rattus.CARDS})
    assert taken not in after and after == {c: at for c, at in beside.items() if c != taken}


def _drawn_anew(*args, **kwargs):
    """The board drawn from nothing: nothing kept from an earlier drawing."""
    forget_kept()
    return board.draw(*args, **kwargs)


@pytest.mark.parametrize("players,seed", [(3, 2), (4, 7)])
def test_a_region_drawn_from_what_was_kept_is_the_region_drawn_anew(players: int,
                                                                     seed: int) -> None:
    """Each region's drawing is kept while what it draws stays the same (an action changes a
    region or two): over a whole game — strikes told token by token (R5.3–R5.5), the
    Witch's looks (R6.6), the Knight's targets (R6.3), every seat's view, the final plague
    (R7.3) — the board drawn with what was kept is the board drawn from nothing."""
    seats = config(players).seats
    for step, (game, events) in enumerate(positions(players, seed)):
        seat = step % players
        view = game.view(seat)
        story = Story.from_events(events)
        targeted = step % 2 == 1
        offer_now = (Offer(regions={r: None for r in view["regions"]},
                           far=set(view["regions"]) - {view["plague"]},
                           plague_clickable=True) if targeted else Offer())
        args = (rattus.REGIONS, everything_targeted(view) if targeted else view, offer_now,
                seats, replace(story, on_map=True) if story else None,
                len(story.items) if story else None)
        lay = (L.TALL, L.WIDE)[step % 3 == 0]  # (a switch of arrangement now and then)
        for upto in {len(story.items) if story else None, 1 if story else None}:
            kept = board.draw(*args[:5], upto, telling=bool(story), lay=lay)
            assert kept == _drawn_anew(*args[:5], upto, telling=bool(story), lay=lay), step


def test_a_region_is_drawn_anew_in_another_language() -> None:
    """What was kept is the drawing in one language: after a switch, every region's words
    (its rat tokens' names, the plague piece's) are the new language's."""
    import gettext

    from text import catalogue

    class Marked(gettext.NullTranslations):
        def pgettext(self, context, message):
            return "«" + message + "»"

    game = rattus.new_game(players=2, seed=5)
    view, seats = game.view(0), config(2).seats
    english = board.draw(rattus.REGIONS, view, Offer(), seats, lay=L.TALL)
    try:
        catalogue.install("xx", Marked())
        marked = board.draw(rattus.REGIONS, view, Offer(), seats, lay=L.TALL)
    finally:
        catalogue.install("en", None)
    tokens = [r for r in view["regions"] if view["board"][r]["tokens"]]
    assert tokens and all("«" in marked[1][f"region-{r}"] for r in tokens)
    assert all("«" not in english[1][f"region-{r}"] for r in tokens)
    assert all("«" in aria for _cls, aria, _in in marked[0].values())
    assert board.draw(rattus.REGIONS, view, Offer(), seats, lay=L.TALL) == english
