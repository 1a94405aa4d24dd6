"""Small builders for the glue tests: sessions, events, and the page's store without a browser.

:func:`run` dispatches events through the real store (web/control/store.py): the update
function, then the effects on the session (an action applied, a new game made, ``Then``) as
the page runs them; every effect on the browser (a download, a file chooser, a strike to
tell) is handed back for the test to look at instead of being run.

Positions are reached the way players reach them: legal actions applied to a seeded game
(:func:`turn_start` places the setup cubes where a test wants them; :func:`find` plays random
legal actions from a fixed seed until a wanted situation comes up).
"""

from __future__ import annotations

import random
from pathlib import Path

from control.store import Store
from model import page_events as ev
from model.game_config import Config, Seat
from model.session import Session
from model.turn import current_offer
from model.ui_state import Model, Ui
from render import frame as page_frame

import rattus

WEB = Path(__file__).resolve().parents[2] / "web"
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
def region(name: str) -> ev.Target:
    return ev.Target("region", name)


def card(name: str) -> ev.Target:
    return ev.Target("card", name)


def token(region_name: str, slot: int) -> ev.Target:
    return ev.Target("token", (region_name, slot))


PLAGUE_PIECE = ev.Target("plague")


def choice(value: str, fields: dict | None = None) -> ev.Choice:
    return ev.Choice(value, fields)


# -- the store, without a browser ------------------------------------------------------------
#: The effects a page runs on the browser: recorded here, not run.
BROWSER_EFFECTS = tuple(
    cls for cls in vars(ev).values()
    if isinstance(cls, type) and issubclass(cls, ev.Effect) and cls is not ev.Effect
    and cls not in (ev.ApplyAction, ev.TakeBack, ev.ConfirmPass, ev.NoteInLog, ev.RetellLog,
                    ev.RenameSeats, ev.SetGamePace, ev.MakeGame, ev.Then))


def run(state: Ui | Model, session, *events):
    """Dispatch ``events`` one after another through the store; returns ``(state, session,
    browser_effects)``: the state as given (a Ui, or the whole Model when the test follows
    the preferences too), the game on the page, and the effects the test must look at."""
    model = state if isinstance(state, Model) else Model(ui=state)
    store = Store(model.but(session=session))
    others: list[ev.Effect] = []
    store.run_effects({cls: others.append for cls in BROWSER_EFFECTS})
    for event in events:
        store.dispatch(event)
    after = store.model
    return (after if isinstance(state, Model) else after.ui), after.session, tuple(others)


def model_of(state: Ui | Model, session) -> Model:
    return (state if isinstance(state, Model) else Model(ui=state)).but(session=session)


def offer(state: Ui | Model, s: Session):
    """What the player at the screen may click now."""
    return current_offer(state.ui if isinstance(state, Model) else state, s)


def buttons(ui: Ui | Model, s: Session) -> list[str]:
    return [b.choice for b in offer(ui, s).buttons]


# -- the page ---------------------------------------------------------------------------------
def frame(state: Ui | Model, s):
    return page_frame.frame(model_of(state, s), rattus.REGIONS)


def forget_kept() -> None:
    """Drop every drawing the render modules keep (their caches): the next frame is drawn
    from nothing."""
    from render import board, panels

    for kept in (board._region_layer, board._region_words, board._links_between,
                 panels._card, panels._board_row):
        kept.cache_clear()
    panels._LOG_KEPT[:] = [[], ""]


def overlay(f) -> str:
    """The board's overlay SVG of a frame, its layers in order (render/board.py ``draw``)."""
    return "".join(f.map[1].values()) if f.map is not None else ""


def everything(f) -> str:
    """All the markup and text a frame puts on the page (map overlay and labels included)."""
    parts = list(f.html.values()) + list(f.text.values())
    if f.map is not None:
        states, _layers = f.map
        parts.append(overlay(f))
        parts.extend(aria for _cls, aria, _in_play in states.values())
    parts.append(f.undo.get("text", ""))
    return "\n".join(parts)
