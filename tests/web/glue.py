"""Small builders for the glue tests: sessions, events, and a stand-in for the dispatcher.

The page's dispatcher (web/app.py) runs in the browser only; :func:`run` does on CPython what
it does with an event: ``transitions.step``, then the effects a transition asks for —
``("use", session)`` makes that session the game on the page, ``("then", event)`` steps again
— and hands back every other effect (a download, a file chooser, a strike to tell) for the
test to look at.

Positions are reached the way players reach them: legal actions applied to a seeded game
(:func:`turn_start` places the setup cubes where a test wants them; :func:`find` plays random
legal actions from a fixed seed until a wanted situation comes up).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import page
import transitions
from session import Session
from setup_config import Config, Seat
from ui import Ui

import rattus

WEB = Path(__file__).resolve().parents[2] / "web"
ANCHORS = json.loads((WEB / "map" / "anchors.json").read_text(encoding="utf-8"))
NAMES = ("Ann", "Bob", "Cy", "Di")
COLOURS = ("red", "blue", "green", "yellow")


# -- sessions --------------------------------------------------------------------------------
def config(n: int = 2, seed: int | None = 1, kinds=None, start: int = 0,
           pace_ms: int = 0) -> Config:
    kinds = kinds or ["human"] * n
    seats = [Seat(NAMES[i], COLOURS[i], kinds[i]) for i in range(n)]
    return Config(seats=seats, start=start, seed=seed, pace_ms=pace_ms)


def new_session(n: int = 2, seed: int | None = 1, kinds=None, start: int = 0,
                pace_ms: int = 0) -> Session:
    return Session(config(n, seed, kinds, start, pace_ms))


def hand_over(s: Session) -> Session:
    """The player named on a pass screen takes the device (if one shows)."""
    if s.pass_to is not None:
        s.confirm_pass()
    return s


def play(s: Session, action) -> Session:
    """Apply ``action`` (notation or Action) as its player would, past any pass screen."""
    hand_over(s)
    s.apply(action)
    return hand_over(s)


def neighbours(s: Session, region: str) -> list[str]:
    return s.game.view(None)["neighbours"][region]


def turn_start(n: int = 2, seed: int = 1, kinds=None, pace_ms: int = 0):
    """Ann's first turn after setup (R3.5). Ann put her 4 setup cubes into ``home``, a
    neighbour of the plague piece; the others put theirs into one region away from both.
    Every region still holds its one starting rat token (R3.2).
    Returns ``(Ui(), session, home)``."""
    s = new_session(n, seed, kinds, pace_ms=pace_ms)
    plague = s.game.view(None)["plague"]
    home = sorted(neighbours(s, plague))[0]
    away = next(r for r in sorted(s.game.view(None)["regions"])
                if r not in (home, plague) and r not in neighbours(s, home))
    order = list(range(n)) + list(reversed(range(n)))  # A B … B A (R3.5)
    for seat in order:
        assert s.game.current_player == seat
        play(s, f"setup {home if seat == 0 else away}")
    assert s.game.current_player == 0 and decision(s)["kind"] == "turn"
    return Ui(), s, home


def find(wanted, n: int = 2, seeds=range(1, 40), kinds=None, max_actions: int = 3000,
         pace_ms: int = 0) -> Session:
    """A session where ``wanted(session)`` holds, reached by random legal actions from fixed
    seeds (the same position every run). Pass screens are confirmed on the way."""
    for seed in seeds:
        s = new_session(n, seed, kinds, pace_ms=pace_ms)
        rng = random.Random(seed)
        for _ in range(max_actions):
            hand_over(s)
            if wanted(s):
                return s
            if s.game.is_over:
                break
            s.apply(rng.choice(s.game.legal_actions()))
    raise AssertionError("no seed reached the wanted position")


def decision(s: Session) -> dict:
    return s.game.view(None)["decision"]


def legal(s: Session) -> set[str]:
    return {str(a) for a in s.game.legal_actions()}


def after(s: Session, action: str) -> rattus.Game:
    """A copy of the game with ``action`` applied (to look ahead; the session is untouched)."""
    g = s.game.clone()
    g.apply(action)
    return g


# -- events, as the page sends them ----------------------------------------------------------
def region(name: str) -> tuple:
    return ("target", "region", name)


def card(name: str) -> tuple:
    return ("target", "card", name)


def token(region_name: str, slot: int) -> tuple:
    return ("target", "token", (region_name, slot))


PLAGUE_PIECE = ("target", "plague", None)


def choice(value: str, fields: dict | None = None) -> tuple:
    return ("choice", value, fields)


# -- the dispatcher, without a browser -------------------------------------------------------
def run(ui: Ui, session, *events):
    """Dispatch ``events`` one after another as web/app.py does; returns
    ``(ui, session, other_effects)`` — the effects the test itself must look at."""
    others: list[tuple] = []
    for event in events:
        ui, session = _dispatch(ui, session, event, others)
    return ui, session, tuple(others)


def _dispatch(ui: Ui, session, event: tuple, others: list):
    ui = transitions.step(ui, session, event)
    effects, ui = ui.effects, ui.but(effects=())
    for effect in effects:
        if effect[0] == "use":
            session = effect[1]
        elif effect[0] == "then":
            ui, session = _dispatch(ui, session, effect[1], others)
        else:
            others.append(effect)
    return ui, session


def offer(ui: Ui, s: Session):
    """What the player at the screen may click now."""
    return transitions.current_offer(ui, s)


def buttons(ui: Ui, s: Session) -> list[str]:
    return [b.choice for b in offer(ui, s).buttons]


# -- the page ---------------------------------------------------------------------------------
def frame(ui: Ui, s):
    return page.frame(ui, s, ANCHORS, rattus.REGIONS)


def everything(f) -> str:
    """All the markup and text a frame puts on the page (map overlay and labels included)."""
    parts = list(f.html.values()) + list(f.text.values())
    if f.map is not None:
        states, overlay = f.map
        parts.append(overlay)
        parts.extend(aria for _cls, aria, _in_play in states.values())
    parts.append(f.undo.get("text", ""))
    return "\n".join(parts)
