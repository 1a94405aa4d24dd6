"""Every module the page imports comes from what the build shipped, and none is missing.

The build ships Python's standard library as the bytecode of the modules the page may import
and nothing else (tools/stdlib.py, tools/stdlib_imports.py), and our modules as bytecode only
(tools/build.py ``app.zip``). A module the search missed would be an ImportError in front of a
player, so these tests do what a player does — a game with bots to its end, its analysis and
replay link, the hint, a save file exported and opened, every language, a later visit started
from the snapshot — and then ask the page (``rattusModules()``, web/main.py) for every module
in ``sys.modules`` with where it came from, and for every import that no finder could satisfy:

* a standard module comes from ``stdlib.zip`` as bytecode, or is built in or frozen;
* one of ours from app.zip's bytecode; only PyScript's own package is a source (it writes it);
* no import of a module that Pyodide's standard library or our sources have failed.

``RATTUS_E2E_SITE=<folder>`` runs them against another build (a changed copy of ``dist/``: one
module taken out of its ``stdlib.zip`` or ``app.zip`` must fail them).
"""

from __future__ import annotations

import json
import os
import re
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import DIST, READY_TIMEOUT_MS, ROOT
from playwright.sync_api import Page, expect
from uidriver import pass_if_asked, perform

import rattus

sys.path.insert(0, str(ROOT / "tools"))
import serve  # noqa: E402  (tools/serve.py)

#: What these tests check is a first visit's start: its downloads, its progress, its imports.
pytestmark = pytest.mark.first_visit

SITE = Path(os.environ.get("RATTUS_E2E_SITE") or DIST)
VENDORED = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
STDLIB_AT = "/lib/python314.zip/"  # where the page's Python finds stdlib.zip
APP_AT = "/home/pyodide/"  # where PyScript unpacks app.zip
LANGUAGES = ("es", "de", "da", "en")
WORKER_ACTIVE = """async () => {
  await window.rattusWorker;
  return (await navigator.serviceWorker.ready).active.state;
}"""


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    """The service worker allowed (the other tests block it): a later visit starts from the
    build's snapshot, as a player's does."""
    return {**browser_context_args, "service_workers": "allow"}


@pytest.fixture
def url() -> Iterator[str]:
    """The site (``dist/``, or ``RATTUS_E2E_SITE``) served on a port of its own: this test's
    service worker and caches are its own."""
    with serve.start(SITE) as served:
        yield served


def _names(members: list[str], suffix: str) -> set[str]:
    """Module names of the archive members that end with ``suffix`` (packages by their
    ``__init__``), outside ``__pycache__``."""
    return {m.removesuffix(suffix).removesuffix("/__init__").replace("/", ".")
            for m in members if m.endswith(suffix) and "__pycache__" not in m}


with zipfile.ZipFile(VENDORED) as _zf:
    STANDARD = _names(_zf.namelist(), ".py")  # every module of Pyodide's standard library
OURS = {p.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".").removesuffix(".__init__")
        for p in (ROOT / "rattus").rglob("*.py")} | {
        p.relative_to(ROOT / "web").with_suffix("").as_posix().replace("/", ".")
        .removesuffix(".__init__") for p in (ROOT / "web").rglob("*.py")}


def check_modules(page: Page) -> dict[str, str]:
    """Assert that every module the page has imported came from what was shipped and that no
    import of a standard module, or of ours, failed; the modules by name, with their origin."""
    with zipfile.ZipFile(SITE / "stdlib.zip") as zf:
        shipped_stdlib = _names(zf.namelist(), ".pyc")
    with zipfile.ZipFile(SITE / "app.zip") as zf:
        app_members = set(zf.namelist())
    seen = json.loads(page.evaluate("rattusModules()"))
    wrong = []
    for name, origin in sorted(seen["modules"].items()):
        if origin in ("built-in", "frozen"):
            continue
        if origin.startswith(STDLIB_AT):
            good = origin.endswith(".pyc") and name in shipped_stdlib
        elif origin.startswith(APP_AT):
            where = origin.removeprefix(APP_AT)
            good = (where.endswith(".pyc") and where in app_members) or (
                name.partition(".")[0] == "pyscript" and where.startswith("pyscript/"))
        else:  # a JavaScript module (js, pyodide_js, _pyscript...) or a namespace: not Python's
            good = name not in STANDARD and name not in OURS
        if not good:
            wrong.append(f"{name}: {origin}")
    missing = [n for n in seen["unfound"] if n in STANDARD or n in OURS]
    assert not wrong, f"modules not from what the build shipped: {wrong}"
    assert not missing, f"imports that failed (not shipped): {missing}"
    return seen["modules"]


def ready(page: Page) -> None:
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)


def test_the_hint_a_save_file_and_every_language(page: Page, url: str, guard) -> None:
    """A game between two humans: the setup, the hint, the game saved to a file and opened
    again, the page in every language."""
    seed = 9
    page.goto(f"{url}?players=2&seed={seed}&names=Ann,Bob&pace=0")
    ready(page)
    game = rattus.new_game(players=2, seed=seed)
    while game.phase == "setup":
        perform(page, game, game.legal_actions()[0])
    pass_if_asked(page)
    page.locator('#toolbar [data-choice="hint"]').click()
    expect(page.locator("#notice")).to_contain_text("Hint", timeout=60_000)
    with page.expect_download() as info:
        page.locator('#toolbar [data-choice="export"]').click()
    text = Path(info.value.path()).read_bytes()
    page.set_input_files("#import-file", files=[{
        "name": "saved.json", "mimeType": "application/json", "buffer": text}])
    expect(page.locator("#notice")).to_contain_text("saved.json")
    for lang in LANGUAGES:
        page.select_option("#lang", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
    pass_if_asked(page)
    perform(page, game, game.legal_actions()[0])  # and the game goes on
    modules = check_modules(page)
    assert {"main", "rattus.bots.hint", "rattus.bots.hard", "gettext", "zipfile"} <= set(modules)


def test_bots_to_the_end_the_replay_link_and_a_later_visit(page: Page, url: str,
                                                          guard) -> None:
    """Three bots play a game to its results; the analysis, the replay link opened and
    stepped through; then a later visit, which starts Python from the build's snapshot, and a
    bot game there."""
    page.goto(f"{url}?players=3&seed=31&names=Ann,Bob,Cy&bots=easy,normal,hard&pace=0")
    ready(page)
    results = page.locator('.dialog[data-screen="results"]')
    expect(results).to_be_visible(timeout=180_000)
    results.locator('[data-choice="analysis"]').click()
    expect(page.locator('.dialog[data-screen="analysis"] svg.analysis-chart')).to_be_visible()
    page.locator('[data-choice="close-analysis"]').click()
    results.locator('[data-choice="share"]').click()
    notice = page.locator("#notice")
    expect(notice).to_contain_text("#replay=")
    link = re.search(r"(http\S+#replay=[\w-]+)", notice.inner_text())
    assert link is not None
    total = len(json.loads(page.evaluate("rattusGameJson()"))["history"])
    check_modules(page)
    assert page.evaluate(WORKER_ACTIVE) in ("activating", "activated")

    page.goto("about:blank")  # (a new fragment alone would not load the page again)
    page.goto(link.group(1))
    ready(page)
    expect(page.locator("body")).to_have_attribute("data-screen", "replay")
    for choice, step in (("replay:forward", 1), ("replay:forward", 2), ("replay:back", 1),
                         (f"replay:{total}", total), ("replay:0", 0), (f"replay:{total}", total)):
        page.locator(f'[data-choice="{choice}"]').click()
        expect(page.locator("body")).to_have_attribute("data-replay-step", str(step))
    page.locator('[data-choice="replay-leave"]').click()
    expect(results).to_be_visible()
    check_modules(page)

    page.goto(f"{url}?players=2&seed=4&names=Ann,Bob&bots=normal,hard&pace=0")
    ready(page)
    assert page.evaluate("window.rattusPythonStart") == "snapshot"  # a later visit
    expect(results).to_be_visible(timeout=180_000)
    check_modules(page)
