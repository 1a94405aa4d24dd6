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
    """Plays the bots' turns: reads the page's state through ``state()`` (the UI state and the
    session) and hands each chosen move to ``dispatch`` as a ``("bot_move", seat, action)``
    event — it changes nothing itself, so the move goes through the one loop like a click."""

    def __init__(self, state, dispatch):
        self.state = state
        self.dispatch = dispatch
        self.running = False
        self.bots: dict = {}
        self.session = None

    def kick(self) -> None:
        """Start the bot loop if a bot is to play and it is not running yet."""
        _, s = self.state()
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

    def _waiting(self, s) -> bool:
        """A strike being told, the replay or a question: the bots wait."""
        ui, _ = self.state()
        return ui.busy or ui.paused

    async def _run(self) -> None:
        _, s = self.state()
        try:
            while True:
                if self.state()[1] is not s or s.game.is_over or not s.is_bot(s.current):
                    break
                if self._waiting(s):
                    await asyncio.sleep(0.02)
                    continue
                await asyncio.sleep(s.config.pace_ms / 1000)
                if self.state()[1] is not s or self._waiting(s):
                    continue
                seat = s.current
                action = await self._choose(s, seat)
                while self.state()[1] is s and self._waiting(s):  # e.g. the replay opened
                    await asyncio.sleep(0.05)
                if self.state()[1] is not s or s.current != seat:
                    continue
                self.dispatch(("bot_move", seat, action))
                await asyncio.sleep(0)
        except Exception as exc:  # noqa: BLE001
            self.dispatch(("failed", f"{type(exc).__name__}: {exc}"))
        finally:
            self.running = False
            if self.state()[1] is not s:
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
        window.rattusBotTimes.push(round((time.perf_counter() - t0) * 1000, 1))
        return action
