"""The built site as GitHub Pages publishes it (README: *Publishing on GitHub Pages*): a project
site, under ``https://<user>.github.io/<repo>/``, gzipped and cached as Pages does
(tools/static_host.py), with nothing served outside ``/<repo>/``.

The other e2e tests serve ``dist/`` at a host's root, where a path written from the root
(``/sw.js``) would work by chance; here it would miss. The service worker is allowed, as for a
visitor: its scope is the project's folder, and a reload offline resumes the game.
"""

from __future__ import annotations

import sys
from urllib.parse import urlsplit

import pytest
from conftest import DIST, READY_TIMEOUT_MS, ROOT
from playwright.sync_api import Page, Response
from uidriver import perform

import rattus

sys.path.insert(0, str(ROOT / "tools"))
import static_host  # noqa: E402  (tools/static_host.py: a static host like GitHub Pages)

#: The repository's name, as Pages puts it in the address.
PROJECT = "/rattus-in-the-browser/"
SEED = 5
GAME = f"players=2&seed={SEED}&names=Ann,Bob&pace=0"

#: A visitor's first visit, then a reload offline (served by the service worker).
pytestmark = pytest.mark.first_visit


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "service_workers": "allow"}


def wait_ready(page: Page) -> None:
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)


def test_the_game_plays_from_a_project_sites_sub_path(page: Page, guard) -> None:
    responses: list[Response] = []
    page.on("response", lambda response: responses.append(response))
    with static_host.start(DIST, site_path=PROJECT) as url:
        # the address as a player may type it, without its last slash: Pages redirects
        page.goto(url.rstrip("/") + "?" + GAME)
        wait_ready(page)
        assert urlsplit(page.url).path == PROJECT  # redirected into the folder
        game = rattus.new_game(players=2, seed=SEED)
        for _ in range(4):  # the setup's placements: a game in progress
            perform(page, game, game.legal_actions()[0])

        # every file the page asked for lies under the project's folder, and was there
        paths = [urlsplit(r.url).path for r in responses if urlsplit(r.url).scheme == "http"]
        assert paths[0] == PROJECT.rstrip("/")  # the address typed, redirected (301)
        assert all(p.startswith(PROJECT) for p in paths[1:]), paths
        missing = [(r.url, r.status) for r in responses if r.status >= 400]
        assert missing == []

        # the service worker serves the project's folder (not the host's root)...
        scope = page.evaluate(
            "window.rattusWorker.then(() => navigator.serviceWorker.ready).then(r => r.scope)")
        assert scope == url
        # ...and the browser would install the game at its address
        cdp = page.context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == []
        assert manifest["manifest"]["startUrl"] == url
        assert manifest["manifest"]["scope"] == url

        saved = page.evaluate("window.rattusGameJson()")
        assert saved == game.to_json()
        page.context.set_offline(True)
        try:
            page.reload()
            wait_ready(page)
            assert page.evaluate("!!navigator.serviceWorker.controller")
            assert page.evaluate("window.rattusGameJson()") == saved
            perform(page, game, game.legal_actions()[0])  # the game goes on offline
            assert page.evaluate("window.rattusGameJson()") == game.to_json()
        finally:
            page.context.set_offline(False)
