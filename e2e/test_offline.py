"""Offline play and updates that lose nothing (docs/architecture.md: *Loading, offline,
updates*), with the service worker (sw.js) allowed — the other e2e tests block it.

* After one visit, a reload with the network off becomes ready from the worker's cache and
  resumes the same game (the engine's complete state, and what the page shows).
* A changed build served at the same address is noticed: the page offers "New version —
  reload"; taking it reloads into the new build (its cache, the old one deleted) and resumes
  the same game.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest
from conftest import DIST, READY_TIMEOUT_MS, ROOT
from playwright.sync_api import Page, expect
from uidriver import perform

import rattus

sys.path.insert(0, str(ROOT / "tools"))
import build  # noqa: E402  (tools/build.py: writes the worker of a changed build)
import serve  # noqa: E402

#: What these tests check is a first visit's start: its downloads, its progress, its imports.
pytestmark = pytest.mark.first_visit

SEED = 12
GAME = f"players=2&seed={SEED}&names=Ann,Bob&pace=0"
WORKER_ACTIVE = """async () => {
  await window.rattusWorker;
  const registration = await navigator.serviceWorker.ready;
  return registration.active.state;
}"""
CACHES = "caches.keys()"


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "service_workers": "allow"}


def state(page: Page) -> str:
    return page.evaluate("window.rattusGameJson()")


def seen(page: Page) -> dict:
    return {"status": page.locator("#status").inner_text(),
            "bar": page.locator("#bar").inner_text(),
            "log": page.locator("#log").inner_text(),
            "players": page.locator("#players").inner_text()}


def wait_ready(page: Page) -> None:
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)


def start_game(page: Page, url: str) -> None:
    """A two-player game with the setup played (four placements): a game in progress."""
    page.goto(url + "?" + GAME)
    wait_ready(page)
    assert page.evaluate("window.rattusPythonStart") == "fresh"  # a first visit: no snapshot
    game = rattus.new_game(players=2, seed=SEED)
    for _ in range(4):
        perform(page, game, game.legal_actions()[0])
    assert page.evaluate(WORKER_ACTIVE) in ("activating", "activated")


def test_after_one_visit_the_game_plays_offline(page: Page, site_url: str, guard) -> None:
    start_game(page, site_url)
    before_state, before = state(page), seen(page)
    page.context.set_offline(True)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url.split("?")[0]))
    try:
        page.reload()
        wait_ready(page)
        assert page.evaluate("navigator.onLine") is False
        assert page.evaluate("!!navigator.serviceWorker.controller")  # served by the worker
        # the packed downloads, which the worker keeps unpacked (web/sw.js): the plain files
        for name in build.pack.PACKED:
            assert any(url.endswith("/" + name) for url in asked), (name, asked)
        assert not [url for url in asked if url.endswith(build.pack.SUFFIX)], asked
        # nothing was downloaded, so no figures were shown (they said 13.7 / 13.7 MB)
        assert page.locator("body").get_attribute("data-progress") is None
        # Python started from the build's memory snapshot (web/runtime.mjs)
        assert page.evaluate("window.rattusPythonStart") == "snapshot"
        assert state(page) == before_state
        assert seen(page) == before
        expect(page.locator("#load-error")).to_be_hidden()
        # the game goes on offline: the next move is taken and shown
        game = rattus.Game.from_json(before_state)
        perform(page, game, game.legal_actions()[0])
        assert state(page) == game.to_json()
    finally:
        page.context.set_offline(False)


def test_a_snapshot_that_fails_only_means_the_ordinary_start(page: Page, tmp_path,
                                                            guard) -> None:
    """web/runtime.mjs: a damaged Python snapshot is said in a warning, and Python starts the
    ordinary way: the reload still resumes the game."""
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    (site / "pyodide-snapshot.bin").write_bytes(b"not a snapshot")
    build.write_worker(site)
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    with serve.start(site) as url:
        start_game(page, url)
        before_state = state(page)
        page.reload()
        wait_ready(page)
        assert page.evaluate("!!navigator.serviceWorker.controller")
        assert page.evaluate("window.rattusPythonStart") == "fresh"
        assert any("without its snapshot" in w for w in warnings)
        assert state(page) == before_state


def test_a_new_build_is_offered_and_the_game_survives_it(page: Page, tmp_path, guard) -> None:
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    with serve.start(site) as url:
        start_game(page, url)
        old_caches = page.evaluate(CACHES)
        assert len(old_caches) == 1
        expect(page.locator("#update")).to_be_hidden()
        # a new deploy at the same address: one file changed, so a new worker (a new build name)
        style = site / "style.css"
        style.write_text(style.read_text(encoding="utf-8") + "\n/* deploy 2 */\n",
                         encoding="utf-8")
        new_build = build.write_worker(site)
        assert not old_caches[0].endswith(new_build)
        before_state, before = state(page), seen(page)
        page.reload()  # a visit after the deploy: the browser fetches sw.js and finds it new
        wait_ready(page)
        offer = page.locator("#update")
        expect(offer).to_be_visible(timeout=60_000)
        expect(offer).to_contain_text("New version — reload")
        assert state(page) == before_state  # the old version still plays the game meanwhile
        with page.expect_navigation(timeout=60_000):
            offer.locator('[data-choice="update-reload"]').click()
        wait_ready(page)
        assert state(page) == before_state
        assert seen(page) == before
        expect(page.locator("#update")).to_be_hidden()
        assert page.evaluate(CACHES) == [old_caches[0].rsplit(" ", 1)[0] + " " + new_build]
        served = page.evaluate("fetch('style.css').then((r) => r.text())")
        assert served.rstrip().endswith("/* deploy 2 */")


def worker_build(site) -> str:
    return re.search(r'const BUILD = "(\w+)";', (site / "sw.js").read_text()).group(1)


def test_the_build_name_changes_with_the_site_and_only_then(tmp_path) -> None:
    """Returning players are offered an update when a deploy changed something, and never
    for a rebuild of the same sources (the archive is reproducible); the worker precaches
    every file of the site, so nothing is missing offline."""
    first, second = tmp_path / "first", tmp_path / "second"
    for out in (first, second):  # (a process of its own: the build draws the icons with
        # Playwright's sync API, which refuses to run in a worker whose earlier test left
        # Playwright's event loop running)
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--out", str(out)],
                       check=True, capture_output=True)
    assert (first / "sw.js").read_bytes() == (second / "sw.js").read_bytes()
    listed = set(re.findall(r'^  "\./([^"]*)",$', (first / "sw.js").read_text(), re.M))
    files = {p.relative_to(first).as_posix() for p in first.rglob("*")
             if p.is_file() and p.name not in ("sw.js", ".nojekyll")}
    # "" : the page at the site's folder address; not the plain copies of the packed files
    # (the page asks for their .zst: tools/pack.py)
    assert listed == files - set(build.pack.PACKED) | {""}
    assert {"app.zip.zst", "index.html", "vendor/pyodide/pyodide.asm.wasm.zst",
            "manifest.webmanifest", "icons/icon-512.png"} <= listed
    (second / "manifest.webmanifest").write_text("{}", encoding="utf-8")
    assert build.write_worker(second) != worker_build(first)


def test_chromium_finds_the_site_installable(page: Page, site_url: str, guard) -> None:
    """The manifest (name, standalone, icons 192 and 512 px, a maskable one) is read by the
    browser without a complaint, and the browser would offer to install the game."""
    page.goto(site_url)
    wait_ready(page)
    page.evaluate(WORKER_ACTIVE)
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    app = manifest["manifest"]
    assert (app["name"], app["display"], app["startUrl"]) == ("Rattus", "kStandalone", site_url)
    assert {(i["sizes"], i["url"].rsplit("/", 1)[-1]) for i in app["icons"]} == {
        ("192x192", "icon-192.png"), ("512x512", "icon-512.png"),
        ("512x512", "icon-maskable-512.png")}
    for icon in app["icons"]:  # each is there, a PNG of its size
        png = page.request.get(icon["url"]).body()
        side = int(icon["sizes"].split("x")[0])
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert int.from_bytes(png[16:20], "big") == int.from_bytes(png[20:24], "big") == side
    # the maskable icon keeps its drawing in the safe zone (the central circle of 80 %): a
    # launcher's round or squircle mask never clips the rat (the tour found its tail cut)
    outside = page.evaluate("""async () => {
      const img = new Image();
      img.src = "icons/icon-maskable-512.png";
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 512;
      const g = canvas.getContext("2d");
      g.drawImage(img, 0, 0);
      const px = g.getImageData(0, 0, 512, 512).data, bg = px.slice(0, 3);
      let count = 0;
      for (let y = 0; y < 512; y++) for (let x = 0; x < 512; x++) {
        if (Math.hypot(x + 0.5 - 256, y + 0.5 - 256) <= 0.4 * 512) continue;
        const i = 4 * (512 * y + x);
        const off = Math.abs(px[i] - bg[0]) + Math.abs(px[i + 1] - bg[1])
          + Math.abs(px[i + 2] - bg[2]);
        if (off > 24) count++;
      }
      return count;
    }""")
    assert outside == 0, f"{outside} pixels of the drawing outside the maskable safe zone"
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's contexts are private windows, where nothing installs; nothing else may be said
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
