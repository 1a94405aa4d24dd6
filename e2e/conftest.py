"""Fixtures for the end-to-end tests: the built site (``dist/``) in a real Chromium.

* The system Chromium (``/usr/bin/chromium``) is used when it exists, else Playwright's own.
* ``site_url`` serves ``dist/`` (or the build ``RATTUS_DIST`` names, e.g. one built with
  ``tools/build.py --out``) on a free local port (the server of ``tools/serve.py``); the
  ``base_url`` of pytest-playwright is set to it, so ``page.goto("./")`` works.
* Every ``page`` is guarded: a request to a host other than localhost is blocked and fails the
  test, and so does any console error or uncaught page error. ``guard`` exposes what was seen.
* ``open_game(page, query="")`` opens the game and waits until ``<body data-ready>`` is set.
* Service workers are blocked (``browser_context_args``): each test starts from the network,
  as it always did; ``test_offline.py`` allows them for its own tests.
* Every page starts Python as a returning visitor's page does, from the build's memory snapshot
  (``returning_visitor``: about a third of the CPU of a first visit's start, on a suite that
  starts some 300 pages); the tests of a first visit's start, its downloads and what it
  imports are marked ``first_visit`` and start the ordinary way.
* On failure a screenshot goes to ``e2e/artifacts/``.
* ``make test-e2e`` runs the tests on every core (pytest-xdist): everything here is per worker
  (its Chromium, its server and relays on ports the OS gives), and no test depends on another.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Route

ROOT = Path(__file__).resolve().parent.parent
#: The built site the tests load: ``dist/``, or another build named by ``RATTUS_DIST``
DIST = Path(os.environ.get("RATTUS_DIST") or ROOT / "dist").resolve()
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1"}
READY_TIMEOUT_MS = 90_000

sys.path.insert(0, str(ROOT / "tools"))
import chromium  # noqa: E402  (tools/chromium.py: the same launch options as tools/bench_load.py)
import relay as nostr_relay  # noqa: E402  (tools/relay.py: a real relay for online play)
import serve  # noqa: E402  (tools/serve.py: the same server as `make play`)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, **chromium.launch_args()}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """No service worker (sw.js): a test's page loads what ``dist/`` holds now, never a copy
    an earlier visit cached, and a test does not wait for precaching."""
    return {**browser_context_args, "service_workers": "block"}


#: Set before the page's own scripts run: web/runtime.mjs then starts Python from the
#: snapshot, as for a page the service worker serves (which the tests block).
RETURNING_VISITOR = "window.rattusReturningVisitor = true;"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "first_visit: pages start Python the ordinary way, as on a first visit")


@pytest.fixture(autouse=True)
def returning_visitor(request: pytest.FixtureRequest,
                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Every browser context a test opens (``page``, ``devices``, its own) gets
    :data:`RETURNING_VISITOR`, unless the test is marked ``first_visit``."""
    if request.node.get_closest_marker("first_visit"):
        return
    new_context = Browser.new_context

    def returning(self: Browser, *args, **kwargs) -> BrowserContext:
        context = new_context(self, *args, **kwargs)
        context.add_init_script(RETURNING_VISITOR)
        return context

    monkeypatch.setattr(Browser, "new_context", returning)


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """Base URL (ending in ``/``) of ``dist/`` served on a free local port."""
    if not (DIST / "index.html").is_file():
        pytest.fail("dist/index.html is missing: run `make build` first (make test does)")
    with serve.start(DIST) as url:
        yield url


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:
    return site_url


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True
    return parts.hostname in LOCAL_HOSTS


@dataclass
class Guard:
    """What a page did that a self-contained site must not do."""

    requests: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def attach(self, context: BrowserContext) -> None:
        context.route("**/*", self._route)
        context.on("console", self._console)
        context.on("weberror", lambda error: self.page_errors.append(str(error.error)))

    def _route(self, route: Route) -> None:
        url = route.request.url
        self.requests.append(url)
        if is_local(url):
            route.continue_()
        else:
            self.foreign.append(url)
            route.abort("blockedbyclient")

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(f"{message.text} ({message.location.get('url', '')})")

    def problems(self) -> list[str]:
        return (
            [f"request to a non-local host: {u}" for u in self.foreign]
            + [f"console error: {m}" for m in self.console_errors]
            + [f"page error: {m}" for m in self.page_errors]
        )


@pytest.fixture
def guard() -> Guard:
    return Guard()


@pytest.fixture(scope="module")
def relay() -> Iterator[str]:
    """A real Nostr relay on this machine (tools/relay.py) for the online tests: one per
    test file."""
    with nostr_relay.start() as url:
        yield url


@pytest.fixture
def devices(browser: Browser, site_url: str, guard: Guard):
    """``devices()``: a new browser context (another device), guarded like ``page``."""
    contexts = []

    def open_device() -> Page:
        context = browser.new_context(base_url=site_url, service_workers="block")
        guard.attach(context)
        contexts.append(context)
        return context.new_page()

    yield open_device
    for context in contexts:
        context.close()



@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator:
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator:
    """Fail a test whose page misbehaved (see :class:`Guard`), even if its assertions held."""
    guard = getattr(item, "funcargs", {}).get("guard")
    try:
        result = yield
    except BaseException:
        if isinstance(guard, Guard) and guard.problems():
            print("the page also misbehaved:\n  " + "\n  ".join(guard.problems()))
        raise
    if isinstance(guard, Guard) and guard.problems():
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(guard.problems()), pytrace=False)
    return result


@pytest.fixture
def page(page: Page, guard: Guard, request: pytest.FixtureRequest) -> Iterator[Page]:
    """The pytest-playwright page, guarded (see :class:`Guard`); a screenshot on failure."""
    guard.attach(page.context)
    yield page
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        name = re.sub(r"[^\w.-]+", "_", request.node.nodeid)
        try:
            page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
        except Exception as exc:  # noqa: BLE001 - a screenshot must not hide the failure
            print(f"screenshot failed: {exc}")


def _open_game(page: Page, query: str = "") -> Page:
    """Open the game (``query`` like ``"players=3&seed=42"``) and wait until it is ready."""
    query = query.lstrip("?")
    page.goto("./" + (f"?{query}" if query else ""))
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    return page


@pytest.fixture
def open_game() -> Callable[..., Page]:
    """``open_game(page, query="")``: navigate to the game and wait for ``body[data-ready]``."""
    return _open_game


def hold_runtime(page: Page) -> Callable[[], None]:
    """Hold back Python's WebAssembly (asked for twice at start: the page's preload and
    Pyodide's own request), so that a test sees the page while Python loads; returns
    ``release``, which lets it through and waits for the game to be ready."""
    held: list[Route] = []
    released = False

    def hold(route: Route) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    def release() -> None:
        nonlocal released
        for _ in range(100):  # the first request reaches the handler (it is asked for at once)
            if held:
                break
            page.wait_for_timeout(50)
        released = True
        for route in held:
            route.continue_()
        page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)

    page.route("**/pyodide.asm.wasm*", hold)  # the page asks for its .zst (tools/pack.py)
    return release
