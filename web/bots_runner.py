"""Computer players in the page: take the bots' turns at a visible pace, without freezing it.

The bots themselves live in the engine package (``rattus.bots``: ``make_bot(level, seed=None,
time_budget=None)``, ``bot.choose(view, legal)``, and for a long search an incremental
``bot.start(view, legal)`` → ``search.step()`` … ``search.best()``). A bot sees only its seat's
view (R8.4). Everything runs on the main thread, so a search is run in slices with
``await asyncio.sleep(0)`` between them: clicks, the log and the rules panel keep answering.
"""

from __future__ import annotations

import asyncio
import time

from pyscript import window

from rattus.bots import make_bot as _make_bot

#: Hard's time per decision (seconds); the search is cut into slices of SLICE seconds.
HARD_BUDGET_S = 1.5
SLICE_S = 0.012


def make_bot(level: str, seed=None):
    return _make_bot(level, seed=seed, time_budget=HARD_BUDGET_S if level == "hard" else None)


class BotRunner:
    def __init__(self, app):
        self.app = app
        self.running = False
        self.bots: dict = {}
        self.session = None
        #: Seconds each bot decision took (the last ones), for the benchmark.
        self.think_times: list[float] = []

    def kick(self) -> None:
        """Start the bot loop if a bot is to play and it is not running yet."""
        s = self.app.session
        if self.running or s is None or s.game.is_over or not s.is_bot(s.current):
            return
        self.running = True
        asyncio.ensure_future(self._run())

    def _bot(self, s, seat: int):
        if self.session is not s:
            self.session, self.bots = s, {}
        bot = self.bots.get(seat)
        if bot is None:
            seed = None if s.config.seed is None else s.config.seed * 10 + seat
            bot = self.bots[seat] = make_bot(s.config.seats[seat].kind, seed)
        return bot

    async def _run(self) -> None:
        app = self.app
        s = app.session
        try:
            while True:
                if app.session is not s or s.game.is_over or not s.is_bot(s.current):
                    break
                if app.busy or app.paused():  # a strike being told, a replay, a question
                    await asyncio.sleep(0.02)
                    continue
                await asyncio.sleep(s.config.pace_ms / 1000)
                if app.session is not s or app.busy or app.paused():
                    continue
                seat = s.current
                action = await self._choose(s, seat)
                if app.session is not s or s.current != seat:
                    continue
                while app.paused() and app.session is s:  # the replay opened meanwhile
                    await asyncio.sleep(0.05)
                if app.session is not s or s.current != seat:
                    continue
                app.act(action)
                await asyncio.sleep(0)
        except Exception as exc:  # noqa: BLE001
            app.fail(exc)
        finally:
            self.running = False
            if app.session is not s:
                self.kick()  # a new game was started meanwhile

    async def _choose(self, s, seat: int):
        game = s.game
        view = game.view(seat)
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        bot = self._bot(s, seat)
        t0 = time.perf_counter()
        if hasattr(bot, "start"):
            # slices of SLICE_S seconds; step() says True once the search is finished
            search = bot.start(view, legal)
            deadline = t0 + HARD_BUDGET_S + 0.5  # a guard: the bot has its own budget
            while not search.step(seconds=SLICE_S) and time.perf_counter() < deadline:
                await asyncio.sleep(0)  # let the page answer input between slices
            action = search.best()
        else:
            action = bot.choose(view, legal)
            await asyncio.sleep(0)
        self.think_times = (self.think_times + [time.perf_counter() - t0])[-200:]
        window.rattusBotTimes.push(round((time.perf_counter() - t0) * 1000, 1))
        return action
