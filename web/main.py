"""Entry point (PyScript runs this once Pyodide is up): load the map, bind the page, start.

Why so little here: everything testable lives in the other modules; this file only joins the
page (its static map preview and loading message) to the :class:`app.App` controller.
"""

import asyncio
import json

import dom
from messages import region, t
from pyscript import document, window
from setup_config import BadQuery, from_query, query_pace

import rattus


async def _fetch_text(path: str) -> str:
    response = await window.fetch(path)
    if not response.ok:
        raise OSError(f"{path}: HTTP {response.status}")
    return await response.text()


async def boot() -> None:
    try:
        dom.set_text("status", t("status.loading"))
        svg_text, anchors_text = await asyncio.gather(
            _fetch_text("map/europe.svg"), _fetch_text("map/anchors.json"))
    except Exception as exc:  # noqa: BLE001 - say it on the page
        window.rattusFail(t("err.map", detail=str(exc)))
        return
    from app import App  # imported late: the map must be in place first

    holder = dom.by_id("map-holder")
    start = svg_text.find("<svg")
    holder.innerHTML = svg_text[start:] if start >= 0 else svg_text
    svg = dom.query("svg", holder)
    app = App(svg, json.loads(anchors_text))
    app.bind()
    for choice, key in (("new-game", "btn.new_game"), ("toggle-log", "btn.log"),
                        ("toggle-rules", "btn.rules")):
        button = dom.query(f'#toolbar [data-choice="{choice}"]')
        if button is not None:
            button.textContent = t(key)
    dom.set_text("about", t("ui.about", version=rattus.__version__,
                            regions=", ".join(region(r) for r in rattus.REGIONS)))
    query = str(window.location.search or "")
    app.pace_ms = query_pace(query)
    try:
        config = from_query(query)
    except BadQuery as problem:
        app.show_dialog(t("err.url", problem=str(problem)))
    else:
        if config is None:
            app.show_dialog()
        else:
            app.start(config)
    document.body.dataset.ready = "1"


async def safe_boot() -> None:
    try:
        await boot()
    except Exception as exc:  # noqa: BLE001 - a clear message instead of a blank page
        window.rattusFail(t("err.internal", detail=f"{type(exc).__name__}: {exc}"))
        raise


asyncio.ensure_future(safe_boot())
