"""The effects the browser runs for the store: a table from an effect's class to a function.

Why here: these need the browser (a timer, the clipboard, a download, the file chooser, a
catalogue fetched, a search in slices, the address bar); the effects on the session are the
store's own (control/store.py). What comes back — the strike's next token, a language in use,
a hint found, a file saved — comes back as an event, so the store stays the one place where
the state changes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from urllib.parse import parse_qs, urlencode

from model import page_events as ev
from model import save_file, share_link
from model.game_config import default_names
from model.pace import reveal_ms
from model.session import Session
from model.ui_state import Model
from pyscript import window
from text import language

from browser import dom, page_labels, storage
from browser.autosave import Autosave
from browser.bots_runner import bot_seed, run_sliced

#: The hint's search: a fixed number of Hard's iterations (reproducible); the time is a guard.
HINT_ITERATIONS = 150
HINT_GUARD_S = 30.0


class BrowserEffects:
    def __init__(self, model: Callable[[], Model], dispatch: Callable[[ev.Event], None],
                 autosave: Autosave, reveal: Callable[[str, bool], None]):
        self.model = model
        self.dispatch = dispatch
        self.autosave = autosave
        self.reveal = reveal

    def table(self) -> dict[type, Callable]:
        return {
            ev.TellStrike: lambda _e: self._soon(self._tell_strike()),
            ev.Download: lambda _e: self._download(),
            ev.PickFile: lambda _e: self._pick_file(),
            ev.UseLanguage: lambda e: self._soon(self._use_language(e.code)),
            ev.RememberPace: self._remember_pace,
            ev.SideTop: lambda _e: self._side_top(),
            ev.ShareLink: lambda _e: self._share(),
            ev.ThinkHint: lambda _e: self._soon(self._think_hint()),
            ev.ThinkTurn: lambda _e: self._soon(self._think_turn()),
            ev.Reveal: lambda e: self.reveal(e.key, e.top),
            ev.ReloadForUpdate: lambda _e: self._reload_for_update(),
        }

    @staticmethod
    def _soon(job) -> None:
        asyncio.ensure_future(job)

    def _session(self) -> Session:
        session = self.model().held
        if session is None:
            raise ValueError("no game on the page")
        return session

    async def _tell_strike(self) -> None:
        """Reveal the struck tokens one by one, at the pace chosen (model/pace.py)."""
        model = self.model()
        n = len(model.ui.story.items)
        delay = reveal_ms(self._session().config.pace_ms, n) / 1000
        for _ in range(n):
            self.dispatch(ev.StrikeStep())
            await asyncio.sleep(delay)
        self.dispatch(ev.StrikeDone())

    def _download(self) -> None:
        s = self._session()
        stamp = str(window.Date.new().toISOString())[:16].replace(":", "")
        name = f"rattus-{stamp}-{len(s.game.history)}.json"
        window.rattusDownload(name, save_file.dumps(s.config, s.game))
        self.dispatch(ev.Exported(name))

    @staticmethod
    def _pick_file() -> None:
        node = dom.by_id("import-file")
        if node is not None:
            node.click()

    def _remember_pace(self, effect: ev.RememberPace) -> None:
        storage.write(effect.name, storage.PACE_KEY)
        drop_from_address("pace")  # the choice replaces the address's

    @staticmethod
    def _side_top() -> None:
        side = dom.by_id("side")
        if side is not None:
            side.scrollTop = 0

    def _share(self) -> None:
        """The finished game's replay link: to the clipboard where the browser allows, and
        in the notice in any case (to copy by hand)."""
        url = (str(window.location.origin) + str(window.location.pathname)
               + share_link.link(self._session()))
        try:
            window.navigator.clipboard.writeText(url)
        except Exception:  # noqa: BLE001 - no clipboard here: the notice shows the link
            pass
        self.dispatch(ev.Shared(url))

    def _reload_for_update(self) -> None:
        """Save first (whatever the last autosave held), then let the new version reload."""
        self.autosave.save_now()
        window.rattusApplyUpdate()

    async def _use_language(self, code: str) -> None:
        """Speak ``code``: fetch its catalogue (text/language.py), remember the choice for the
        next visit, word the page's fixed parts and the log again, then render the rest."""
        where = language.path(code)
        before = default_names()  # the former language's, for renaming
        try:
            catalogue = None if where is None else await dom.fetch_bytes(where)
            ok = language.use(code, catalogue)
        except Exception:  # noqa: BLE001 - offline, or the file is gone: say so, keep going
            ok = False
        if ok:
            storage.write(code, language.KEY)
            drop_from_address("lang")  # the choice replaces the address's
            page_labels.label()
        self.dispatch(ev.LanguageReady(code, ok, before))

    async def _think_hint(self) -> None:
        """The Hard bot's choice for the player at the screen, searched in slices (the page
        answers meanwhile) with a fixed number of iterations: the same hint every time for
        the same position and seed, as ``rattus.bots.hint`` gives on CPython."""
        s = self.model().session  # (a guest's table too: its view and legal actions)
        if s is None:
            return
        step = s.step
        try:
            from rattus.bots import make_bot  # on first use: the first load does without
            from rattus.bots.hint import explain

            seat = s.viewer
            if seat is None:  # nobody at the screen (a pass screen came meanwhile): no hint
                raise ValueError("no player at the screen to hint")
            view, legal = s.view(), s.legal()
            seed = bot_seed(s, seat) if s.holds_game else seat
            search = make_bot("hard", seed=seed, time_budget=HINT_GUARD_S,
                              iterations=HINT_ITERATIONS).start(view, legal)
            action = await run_sliced(search, HINT_GUARD_S)
            reason, details = explain(view, action, search)
        except Exception as exc:  # noqa: BLE001 - a hint must never break the page
            self.dispatch(ev.Failed(f"{type(exc).__name__}: {exc}"))
            return
        self.dispatch(ev.HintReady(step, str(action), reason, details))

    async def _think_turn(self) -> None:
        """"Show my turn": the whole turn the Hard bot would play for the player at the
        screen, in the time of one hint — the hint's own search (the same seed and
        iterations, in slices), then the turn's later decisions from that search's tree on
        a copy made from the seat's view (``rattus.bots.hint.plan_from``, R8)."""
        s = self.model().session
        if s is None:
            return
        step = s.step
        try:
            from rattus.bots import make_bot
            from rattus.bots.hint import plan_from

            seat = s.viewer
            if seat is None:
                raise ValueError("no player at the screen to show a turn")
            view, legal = s.view(), s.legal()
            seed = bot_seed(s, seat) if s.holds_game else seat
            bot = make_bot("hard", seed=seed, time_budget=HINT_GUARD_S,
                           iterations=HINT_ITERATIONS, plan_turn=True)
            search = bot.start(view, legal)
            first = await run_sliced(search, HINT_GUARD_S)
            steps = plan_from(bot, view, legal, first, search)
        except Exception as exc:  # noqa: BLE001 - a hint must never break the page
            self.dispatch(ev.Failed(f"{type(exc).__name__}: {exc}"))
            return
        self.dispatch(ev.TurnReady(step, seat, tuple(str(a) for a, _, _ in steps),
                                   tuple((r, d) for _, r, d in steps)))


def drop_from_address(name: str) -> None:
    """Remove ``name`` from the address's query: a choice made in the page replaces it."""
    query = parse_qs(str(window.location.search or "").lstrip("?"))
    if query.pop(name, None) is not None:
        dom.replace_address(f"?{urlencode(query, doseq=True)}" if query else "",
                            str(window.location.hash or ""))
