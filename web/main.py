"""Entry point (PyScript runs this once Pyodide is up): load the map, bind the page, start.

Why so little here: everything testable lives in the other modules; this file only joins the
page (its static map preview and loading message) to the :class:`app.App` controller, and
decides which game the page opens with:

* a game autosaved in this browser is resumed (same seat, same screen);
* an address with game parameters (``?players=3&seed=42``) starts that game — but if a game in
  progress is saved, the page first asks which one to play (the saved one stays saved until
  the answer). The game parameters are then removed from the address (``pace`` stays), so
  that a reload resumes the game instead of starting it again;
* a saved game that cannot be loaded is set aside, and the new-game dialog says why.

Each of these is an event for the dispatcher (app.py), like a click.
"""

import asyncio
import json
from urllib.parse import parse_qs, urlencode

import chrome
import dom
import language
import messages
import persist
import phone
import share
from messages import t
from pace import PACES
from pyodide.ffi import create_proxy
from pyscript import document, window
from session import Session
from setup_config import BadQuery, from_query, query_pace
from ui import Question


async def _fetch_text(path: str) -> str:
    response = await window.fetch(path)
    if not response.ok:
        raise OSError(f"{path}: HTTP {response.status}")
    return await response.text()


async def _fetch_bytes(path: str) -> bytes:
    response = await window.fetch(path)
    if not response.ok:
        raise OSError(f"{path}: HTTP {response.status}")
    return bytes((await response.arrayBuffer()).to_py())


async def _speak(code: str) -> None:
    """Put the language the first script chose in use (English if its catalogue fails)."""
    where = language.path(code)
    try:
        ok = language.use(code, None if where is None else await _fetch_bytes(where))
    except Exception:  # noqa: BLE001 - a missing catalogue: the page in English, not blank
        ok = False
    if not ok:
        language.use("en")


async def boot() -> None:
    # the language's words and the map at once (the status already says "Loading…" in it)
    speaking = asyncio.ensure_future(
        _speak(language.wanted(str(document.documentElement.lang or "en"))))
    try:
        svg_text, anchors_text = await asyncio.gather(
            _fetch_text("map/europe.svg"), _fetch_text("map/anchors.json"))
    except Exception as exc:  # noqa: BLE001 - say it on the page
        await speaking
        window.rattusFail(t("err.map", detail=str(exc)))
        return
    await speaking
    from app import App  # imported late: the map must be in place first

    holder = dom.by_id("map-zoom")
    start = svg_text.find("<svg")
    holder.innerHTML = svg_text[start:] if start >= 0 else svg_text
    svg = dom.query("svg", holder)
    touch = phone.touch_screen()
    messages.use_touch(touch)  # "tap" rather than "click", from the first render on
    app = App(svg, json.loads(anchors_text))
    app.zoom = phone.MapZoom(svg) if touch else None
    app.bind()
    chrome.label()
    phone.bind_menu()
    # test hook: the live game's complete state (the same as the autosave holds)
    window.rattusGameJson = create_proxy(
        lambda: "" if app.session is None else app.session.game.to_json())
    query = str(window.location.search or "")
    address_pace = query_pace(query)  # the address's pace wins over the one remembered
    if address_pace is not None:
        app.ui = app.ui.but(pace_ms=address_pace)
    elif persist.read(persist.PACE_KEY) in PACES:
        app.dispatch(("pace", persist.read(persist.PACE_KEY)))
    saved, damaged = persist.load()
    problem = "" if damaged is None else t("err.storage",
                                           reason=t(damaged.key, **damaged.details))
    session = None
    if saved is not None:
        try:
            session = Session.from_loaded(saved, resume=True)
        except Exception as exc:  # noqa: BLE001 - cannot happen (checked), but never blank
            problem = t("err.storage", reason=f"{type(exc).__name__}: {exc}")
            persist.set_aside(persist.read() or "")
        else:
            app.dispatch(("attach", session, "", saved.resume))
    token = share.token_of(str(window.location.hash or ""))
    if token is not None:  # a shared replay: opened (asking first over a game in progress)
        _open_shared(app, token, session)
        document.body.dataset.ready = "1"
        return
    try:
        config = from_query(query)
    except BadQuery as bad:
        app.dispatch(("show_dialog", t("err.url", problem=str(bad))))
    else:
        if config is None:
            if session is None and problem:
                app.dispatch(("show_dialog", problem))
            elif session is None:  # a first visit: the welcome
                app.dispatch(("show_welcome",))
        else:
            _drop_game_params(query)
            if session is not None and session.in_progress:
                app.dispatch(("ask", Question(
                    t("confirm.url", summary=session.summary()), t("btn.url_game"),
                    t("btn.saved_game"), on_yes=("start", config))))
            else:
                app.dispatch(("start", config))
                if problem:
                    app.dispatch(("problem", problem))
    asked = parse_qs(query.lstrip("?")).get("lang")
    if asked and asked[-1] not in language.NAMES:  # a hand-edited address: say so, play on
        app.dispatch(("problem", t("err.language", code=asked[-1])))
    document.body.dataset.ready = "1"


def _open_shared(app, token: str, session) -> None:
    window.history.replaceState(None, "", str(window.location.pathname)
                                + str(window.location.search or ""))  # a reload resumes
    try:
        config, game = share.decode(token)
    except share.ShareError as bad:
        if session is None:
            app.dispatch(("show_welcome",))
        app.dispatch(("problem", bad.message))
        return
    shared = Session(config, game)
    shared.rebuild()
    if session is not None and session.in_progress:
        app.dispatch(("ask", Question(t("confirm.shared", summary=session.summary()),
                                      t("btn.open_shared"), t("btn.saved_game"),
                                      on_yes=("open_shared", shared))))
    else:
        app.dispatch(("open_shared", shared))


def _drop_game_params(query: str) -> None:
    """Remove the game parameters from the address (a reload then resumes the game); keep
    ``pace`` and ``lang``, which apply to every game."""
    kept = {k: v[-1] for k, v in parse_qs(query.lstrip("?")).items() if k in ("pace", "lang")}
    rest = f"?{urlencode(kept)}" if kept else ""
    url = str(window.location.pathname) + rest + str(window.location.hash or "")
    window.history.replaceState(None, "", url)


async def safe_boot() -> None:
    try:
        await boot()
    except Exception as exc:  # noqa: BLE001 - a clear message instead of a blank page
        window.rattusFail(t("err.internal", detail=f"{type(exc).__name__}: {exc}"))
        raise


asyncio.ensure_future(safe_boot())
