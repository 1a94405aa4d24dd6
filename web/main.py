"""Entry point (PyScript runs this once Pyodide is up): load the map, bind the page, start.

Why so little here: everything testable lives in the other modules; this file only joins the
page (its static map preview and loading message) to the :class:`app.App` controller, and
decides which game the page opens with:

* this tab's game is resumed (same seat, same screen): the one it had before a reload
  (``sessionStorage``), else the most recently saved game no other tab plays (kept_games.py). A
  game another tab plays is only shown, and the tab says so (browser/tabs.py);
* an address with game parameters (``?players=3&seed=42``) starts that game in a new slot: the
  kept games stay in "Your games". The game parameters are then removed from the address
  (``pace`` stays), so that a reload resumes the game instead of starting it again;
* a shared replay (``#replay=…``) opens in a new slot, straight into its replay;
* a kept game that cannot be loaded is set aside, and the new-game dialog says why; the single
  autosave of earlier versions joins the list first (storage.migrate).

Each of these is an event for the dispatcher (browser/app.py), like a click.
"""

import asyncio
import json
import sys
from urllib.parse import parse_qs, urlencode

from browser import dom, page_labels, status_box, storage, tabs, touch
from control import kept_games
from model import page_events as ev
from model import share_link
from model.game_config import BadQuery, from_query, query_pace
from model.pace import PACES
from model.session import Session
from online import links
from pyodide.ffi import create_proxy
from pyscript import document, window
from render import board, board_layout
from text import catalogue, language
from text.catalogue import t

#: How to play's scrolling part (render/how_to_play.py, style.css .help-body).
HELP_SCROLLER = "#help .help-body"


async def _speak(code: str) -> None:
    """Put the language the first script chose in use (English if its catalogue fails)."""
    where = language.path(code)
    try:
        ok = language.use(code, None if where is None else await dom.fetch_bytes(where))
    except Exception:  # noqa: BLE001 - a missing catalogue: the page in English, not blank
        ok = False
    if not ok:
        language.use("en")


def _map():
    """The board on the page: drawn into index.html by the build (the first screen,
    tools/first_screen.py), else drawn now."""
    holder = dom.by_id("map-zoom")
    svg = dom.query("svg", holder)
    if svg is None:
        holder.innerHTML = board.skeleton(board_layout.TALL, t("ui.title"))  # (the painter
        # draws it anew in the arrangement the screen wants)
        svg = dom.query("svg", holder)
    return svg


async def boot() -> None:
    # the language's words and the map at once (the status already says "Loading…" in it)
    speaking = asyncio.ensure_future(
        _speak(language.wanted(str(document.documentElement.lang or "en"))))
    try:
        svg = _map()
    except Exception as exc:  # noqa: BLE001 - say it on the page
        await speaking
        window.rattusFail(t("err.map", detail=str(exc)))
        return
    await speaking
    from browser.app import App  # imported late: the map must be in place first

    on_touch = touch.touch_screen()
    catalogue.use_touch(on_touch)  # "tap" rather than "click", from the first render on
    app = App(svg)
    app.zoom = touch.MapZoom(svg) if on_touch else None
    app.painter.status_box = status_box.StatusBox()
    app.bind()
    page_labels.label()
    touch.bind_menu()
    # test hook: the live game's complete state (the same as the autosave holds)
    window.rattusGameJson = create_proxy(
        lambda: "" if app.session is None else app.session.game.to_json())
    window.rattusCompiledHere = create_proxy(_compiled_here)
    window.rattusModules = create_proxy(_modules)
    query = str(window.location.search or "")
    address_pace = query_pace(query)  # the address's pace wins over the one remembered
    if address_pace is not None:
        app.dispatch(ev.AddressPace(address_pace))
    elif (remembered := storage.read(storage.PACE_KEY)) is not None and remembered in PACES:
        app.dispatch(ev.PaceChosen(remembered))
    help_open = dom.by_id("help")
    read_to = 0.0  # how far How to play was read (Python writes it anew: it stays there)
    if help_open is not None and not help_open.hidden:  # opened before Python: it stays
        scroller = dom.query(HELP_SCROLLER)
        read_to = 0.0 if scroller is None else float(scroller.scrollTop)
        app.dispatch(ev.ShowHelp("goal"))
    _resume(app, query)
    asked = parse_qs(query.lstrip("?")).get("lang")
    if asked and asked[-1] not in language.NAMES:  # a hand-edited address: say so, play on
        app.dispatch(ev.Problem(t("err.language", code=asked[-1])))
    _ready(app)
    if read_to and (scroller := dom.query(HELP_SCROLLER)) is not None:
        scroller.scrollTop = read_to


def _compiled_here() -> str:
    """Test hook: the standard modules this page compiled from source, comma-separated.
    The build compiles every one the page imports (tools/stdlib.py), so this stays empty; a
    name here is a module that new code imports and the build's search missed."""
    return ",".join(sorted(
        name for name, module in list(sys.modules.items())
        if _origin(module).endswith(".py") and ".zip/" in _origin(module)))


def _origin(module) -> str:
    """Where a module was loaded from ("" when it does not say: a built-in one)."""
    return str(getattr(getattr(module, "__spec__", None), "origin", ""))


class _Unfound:
    """Test hook: the last of Python's finders, so asked only for a module that none of the
    others has; it notes the name (``rattusModules``), and the import fails as it would."""

    names: list[str] = []

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> None:
        self.names.append(fullname)


sys.meta_path.append(_Unfound())


def _modules() -> str:
    """Test hook: every module imported (its name and where it came from) and every import
    no finder could satisfy (:class:`_Unfound`), as JSON."""
    return json.dumps({"modules": {name: _origin(module)
                                   for name, module in list(sys.modules.items())},
                       "unfound": sorted(set(_Unfound.names))})


def _ready(app) -> None:
    """The game is on the page: say so, then start the service worker (index.html) — only now,
    so that its precaching never competes with the first load — which reports a new version
    waiting as an event (the page then offers to reload into it)."""
    document.body.dataset.ready = "1"
    drawn = document.querySelectorAll('script[id^="first-"]')  # (a static list)
    for i in range(drawn.length):  # the first screen's drawings: Python draws from now on
        drawn.item(i).remove()
    window.rattusStartWorker(create_proxy(lambda *_: app.dispatch(ev.UpdateReady())))


def _resume(app, query: str) -> None:
    """This tab's game, or the address's, or the welcome (see the module docstring)."""
    warning = "" if storage.available() else t("err.storage_read")
    old = storage.migrate()  # the single slot of earlier versions joins "Your games"
    damaged = "" if old is None else t("err.storage", reason=t(old.key, **old.details))
    invitation = links.read(str(window.location.hash or ""))
    if invitation is not None:  # a seat of a host's game (or watching it): nothing resumed
        app.online.join(invitation)
        if warning:
            app.dispatch(ev.Problem(warning))
        return
    if links.is_invitation(str(window.location.hash or "")):  # cut short: said, not ignored
        app.online.bad_link()
        return
    token = share_link.token_of(str(window.location.hash or ""))
    if token is not None:
        dom.replace_address(str(window.location.search or ""))  # a reload resumes
        try:
            shared_config, game = share_link.decode(token)
        except share_link.ShareError as bad:
            warning = bad.message
        else:  # a shared replay: a new slot, straight into its replay
            shared = Session(shared_config, game)
            shared.rebuild()
            app.dispatch(ev.OpenShared(shared))
            return
    bad_query: str | None = None
    try:
        config = from_query(query)
    except BadQuery as bad:
        config, bad_query = None, str(bad)
    if config is not None:  # a new game in a new slot: the kept ones stay kept
        _drop_game_params(query)
        app.dispatch(ev.StartGame(config))
        if damaged or warning:
            app.dispatch(ev.Problem(damaged or warning))
        return
    session, problem = _kept_game(app)  # this tab's game, or a free one
    damaged = problem or damaged
    if bad_query is not None:
        app.dispatch(ev.ShowDialog(t("err.url", problem=bad_query)))
    elif session is None and damaged:
        app.dispatch(ev.ShowDialog(damaged))
    elif session is None:  # a first visit, or every kept game open in other tabs
        app.dispatch(ev.ShowWelcome())
    if warning:
        app.dispatch(ev.Problem(warning))


def _kept_game(app):
    """Resume this tab's game (a reload: the same game, even if another tab has opened it
    since — then only shown), else the most recent one no other tab plays. Returns
    ``(session, problem)``; a kept game that does not load is set aside, and said."""
    elsewhere = tabs.elsewhere()
    slot = storage.tab_slot()
    if slot is None or storage.read(storage.PREFIX + slot) is None:  # (deleted since)
        slot = kept_games.for_new_tab(storage.entries(), elsewhere)
    if slot is None:
        return None, ""
    saved, damaged = storage.load(slot)
    if saved is None:
        return None, ("" if damaged is None else
                      t("err.storage", reason=t(damaged.key, **damaged.details)))
    try:
        session = app.resumed(saved, slot)
    except Exception as exc:  # noqa: BLE001 - cannot happen (checked), but never blank
        storage.set_aside(slot, storage.read(storage.PREFIX + slot) or "")
        return None, t("err.storage", reason=f"{type(exc).__name__}: {exc}")
    app.dispatch(ev.Resume(session, saved.resume, slot in elsewhere))
    return session, ""


def _drop_game_params(query: str) -> None:
    """Remove the game parameters from the address (a reload then resumes the game); keep
    ``pace`` and ``lang``, which apply to every game."""
    kept = {k: v[-1] for k, v in parse_qs(query.lstrip("?")).items()
            if k in ("pace", "lang", "relays", "ice")}
    dom.replace_address(f"?{urlencode(kept)}" if kept else "", str(window.location.hash or ""))


async def safe_boot() -> None:
    try:
        await boot()
    except Exception as exc:  # noqa: BLE001 - a clear message instead of a blank page
        window.rattusFail(t("err.internal", detail=f"{type(exc).__name__}: {exc}"))
        raise


asyncio.ensure_future(safe_boot())
