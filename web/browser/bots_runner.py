"""Computer players in the page: take the bots' turns at a visible pace, without freezing it.

The bots themselves live in the engine package (``rattus.bots``: ``make_bot(level, seed=None,
time_budget=None)``, ``bot.choose(view, legal)``, and for a long search an incremental
``bot.start(view, legal)`` → ``search.step()`` … ``search.best()``). A bot sees only its seat's
view (R8.4). Everything runs on the main thread, so a search is run in slices with
``await asyncio.sleep(0)`` between them: clicks, the log and the rules panel keep answering.

Time where it matters: a forced decision, or one whose choices are all alike, is
taken at once; a Hard search stops as soon as its best choice cannot be overtaken; and a Hard
bot's whole turn has TURN_BUDGET_S, each decision at most HARD_BUDGET_S of it (the first ones,
where the turn is planned, get the most). Every decision's wall time goes to
``window.rattusBotTimes`` (ms, searched decisions) and ``window.rattusBotLog`` ("seat level ms
reason" strings, every decision) for ``tools/bench_bots_browser.py``.

A hint for the human (browser/app.py's ``_think_hint``) is searched the same way, with
:func:`run_sliced` and :func:`bot_seed`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from model import page_events as ev
from model.pace import bot_pause_ms
from model.ui_state import Model
from pyscript import window

#: Hard's most time per decision and per turn (seconds, in Pyodide: ~2.5× CPython's time for
#: the same search); the search is cut into slices of SLICE_S seconds.
HARD_BUDGET_S = 0.75
TURN_BUDGET_S = 1.0
MIN_BUDGET_S = 0.2
SLICE_S = 0.012


def _bots():
    """The engine's bots, imported on first use (a bot seated, a hint asked): a game between
    people never loads them, and the first load does not wait for them."""
    import rattus.bots

    return rattus.bots


def _make_bot(level: str, **options):
    return _bots().make_bot(level, **options)


def make_bot(level: str, seed=None):
    if level == "hard":
        return _make_bot(level, seed=seed, time_budget=HARD_BUDGET_S,
                         turn_budget=TURN_BUDGET_S, min_budget=MIN_BUDGET_S)
    return _make_bot(level, seed=seed)


def bot_seed(s, seat: int):
    """The seed of a seat's bot (and of its hint): from the game's seed."""
    return None if s.config.seed is None else s.config.seed * 10 + seat


def _log(seat: int, level: str, ms: float, reason: str) -> None:
    """One decision in ``window.rattusBotLog`` (created on first use; absent in tests)."""
    try:
        log = getattr(window, "rattusBotLog", None)
        if log is None:
            log = window.rattusBotLog = window.Array.new()
        log.push(f"{seat} {level} {ms} {reason}")
    except AttributeError:
        pass


async def run_sliced(search, budget: float):
    """Run a bot's search in slices, yielding to the page between them; its best action."""
    deadline = time.perf_counter() + budget + 1.0  # a guard: the search has its own budget
    while not search.step(seconds=SLICE_S) and time.perf_counter() < deadline:
        await asyncio.sleep(0)  # let the page answer input between slices
    return search.best()


class BotRunner:
    """Plays the bots' turns: reads the page's model through ``model()`` and hands each chosen
    move to ``dispatch`` as a ``BotMove`` event — it changes nothing itself, so the move goes
    through the store like a click. A subscriber of the store (:meth:`kick`)."""

    def __init__(self, model: Callable[[], Model], dispatch: Callable[[ev.Event], None]):
        self.model = model
        self.dispatch = dispatch
        self.running = False
        self.bots: dict = {}
        self.session = None

    def kick(self, _model: Model | None = None) -> None:
        """Start the bot loop if a bot is to play and it is not running yet."""
        s = self.model().held
        if self.running or s is None or s.game.is_over or not s.is_bot(s.current):
            return
        self.running = True
        asyncio.ensure_future(self._run())

    def _bot(self, s, seat: int):
        if self.session is not s:
            self.session, self.bots = s, {}
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = make_bot(s.config.seats[seat].kind, bot_seed(s, seat))
        return bot

    def _waiting(self, s) -> bool:
        """A strike being told, the replay or a question: the bots wait."""
        model = self.model()
        return model.ui.busy or model.paused

    async def _run(self) -> None:
        s = self.model().held
        try:
            while s is not None:  # (kick starts the loop only with a game on the page)
                if self.model().session is not s or s.game.is_over or not s.is_bot(s.current):
                    break
                if self._waiting(s):
                    await asyncio.sleep(0.02)
                    continue
                await asyncio.sleep(bot_pause_ms(s.config.pace_ms) / 1000)
                if self.model().session is not s or self._waiting(s):
                    continue
                seat = s.current
                if seat is None:  # the game is over
                    break
                action = await self._choose(s, seat)
                while self.model().session is s and self._waiting(s):  # e.g. the replay opened
                    await asyncio.sleep(0.05)
                if self.model().session is not s or s.current != seat:
                    continue
                self.dispatch(ev.BotMove(seat, action))
                await asyncio.sleep(0)
        except Exception as exc:  # noqa: BLE001
            self.dispatch(ev.Failed(f"{type(exc).__name__}: {exc}"))
        finally:
            self.running = False
            if self.model().session is not s:
                self.kick()  # a new game was started meanwhile

    async def _choose(self, s, seat: int):
        game = s.game
        view = game.view(seat)
        legal = game.legal_actions()
        level = s.config.seats[seat].kind
        if len(legal) == 1:
            _log(seat, level, 0, "forced")
            return legal[0]
        bot = self._bot(s, seat)
        t0 = time.perf_counter()
        search = bot.start(view, legal)
        if search.done:  # decided at once (Easy, Normal; Hard's instant decisions)
            action = search.best()
            await asyncio.sleep(0)
        else:
            action = await run_sliced(search, HARD_BUDGET_S)
        ms = round((time.perf_counter() - t0) * 1000, 1)
        window.rattusBotTimes.push(ms)
        _log(seat, level, ms, getattr(search, "reason", "decided"))
        return action
