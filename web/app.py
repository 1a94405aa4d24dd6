"""The controller: turns clicks into engine actions and re-renders from the view.

Flow: a click (or Enter/Space on a focused target) reaches one of two delegated listeners
(the SVG root, the panel container); :meth:`App.handle` finds what was clicked through its
data attributes and compares it with the current :class:`controls.Offer` — computed from
``game.legal_actions()`` only. A match applies the action (or narrows a multi-step pick); a
miss is refused with the engine's own reason. The glue decides no rule.
"""

from __future__ import annotations

import asyncio

import controls
import dom
import render_panels as panels
from bots_runner import BotRunner
from controls import Offer, Pick
from messages import card, region, t
from pyodide.ffi import create_proxy
from pyscript import document, window
from render_map import MapView
from session import Session
from setup_config import COLOURS, DEFAULT_COLOURS, KINDS, Config, Seat, default_seats

import rattus

#: The whole strike sequence is told within this time (tests must not wait long).
STRIKE_BUDGET_MS = 1200
STRIKE_STEP_MS = 350


class App:
    def __init__(self, svg, anchors: dict):
        self.session: Session | None = None
        self.pick = Pick()
        self.offer = Offer()
        self.map = MapView(svg, anchors, rattus.REGIONS)
        self.svg = svg
        self.busy = False
        self.screen: str | None = None  # "new-game", "rules", "results" (None: the board)
        self.results_closed = False
        self.show_log = True
        self.story: list[dict] = []
        self.story_regions: list[str] = []
        self.story_final = False
        self.story_neutral = False
        self.story_upto = 0
        self.story_on_map = False
        self.notice = ""
        self.dialog_config = Config(default_seats(2))
        self.dialog_problem = ""
        self.pace_ms: int | None = None
        self.bots = BotRunner(self)
        self._proxies = []

    # -- wiring ------------------------------------------------------------------------
    def bind(self) -> None:
        """One delegated click and keydown listener on the SVG root and on the panel
        container (proxies kept alive on the app)."""
        click = create_proxy(self._on_click)
        key = create_proxy(self._on_key)
        self._proxies += [click, key]
        for node in (self.svg, dom.by_id("app")):
            node.addEventListener("click", click)
            node.addEventListener("keydown", key)

    def _on_click(self, event) -> None:
        try:
            target = event.target
            if event.currentTarget == self.svg:
                # handled here only: a re-render may detach the target before the event
                # bubbles on to the panel container's listener
                event.stopPropagation()
            elif dom.closest(target, "svg#map") is not None:
                return
            node = dom.closest(target, "[data-choice],[data-card],[data-slot],[data-plague],"
                                       "[data-region]")
            if node is None:
                return
            self.handle_node(node)
        except Exception as exc:  # noqa: BLE001 - never let a click break the page
            self.fail(exc)

    def _on_key(self, event) -> None:
        if event.key not in ("Enter", " "):
            return
        target = event.target
        if target.tagName in ("BUTTON", "INPUT", "SELECT", "TEXTAREA"):
            return  # native controls handle their own keys
        if event.currentTarget != self.svg and dom.closest(target, "svg#map") is not None:
            return
        if dom.attr(target, "role") == "button":
            if event.currentTarget == self.svg:
                event.stopPropagation()
            event.preventDefault()
            self._on_click(event)

    def handle_node(self, node) -> None:
        def get(name):
            return dom.attr(node, name)

        if get("data-choice") is not None:
            self.choice(get("data-choice"))
        elif get("data-card") is not None:
            self.click_target("card", get("data-card"))
        elif get("data-slot") is not None:
            self.click_target("token", (get("data-region"), int(get("data-slot"))))
        elif get("data-plague") is not None:
            self.click_target("plague", None)
        elif get("data-region") is not None:
            self.click_target("region", get("data-region"))

    # -- starting games ----------------------------------------------------------------------
    def start(self, config: Config) -> None:
        if self.pace_ms is not None:
            config.pace_ms = self.pace_ms
        self.session = Session(config)
        self.pick, self.notice, self.screen = Pick(), "", None
        self.results_closed = False
        self.story, self.story_upto, self.story_on_map = [], 0, False
        self.render()
        self.bots.kick()

    def show_dialog(self, problem: str = "") -> None:
        if self.session is not None:
            cfg = self.session.config
            self.dialog_config = Config([Seat(s.name, s.colour, s.kind) for s in cfg.seats],
                                        start=cfg.start, seed=None)
        self.dialog_problem = problem
        self.screen = "new-game"
        self.render()

    def _read_dialog(self) -> Config:
        cfg = self.dialog_config
        for i, seat in enumerate(cfg.seats):
            for field in ("name", "colour", "kind"):
                node = dom.query(f'[data-field="{field}"][data-seat="{i}"]')
                if node is not None:
                    setattr(seat, field, node.value.strip() if field == "name" else node.value)
        start = dom.query('[data-field="start"]')
        seed = dom.query('[data-field="seed"]')
        cfg.extra["start_choice"] = start.value if start is not None else "0"
        cfg.extra["seed_text"] = seed.value.strip() if seed is not None else ""
        return cfg

    def _resize_dialog(self, n: int) -> None:
        cfg = self._read_dialog()
        seats = cfg.seats[:n]
        used = {s.colour for s in seats}
        while len(seats) < n:
            colour = next(c for c in (*DEFAULT_COLOURS, *COLOURS) if c not in used)
            used.add(colour)
            seats.append(Seat(t("player.default", n=len(seats) + 1), colour))
        cfg.seats = seats
        if cfg.start >= n:
            cfg.start = 0
        if cfg.extra.get("start_choice", "0") not in ("random", *map(str, range(n))):
            cfg.extra["start_choice"] = "0"
        self.dialog_problem = ""
        self.render()

    def _start_from_dialog(self) -> None:
        from setup_config import resolve_start

        cfg = self._read_dialog()
        problem = ""
        if any(not s.name for s in cfg.seats):
            problem = t("dlg.err.names")
        elif len({s.colour for s in cfg.seats}) != len(cfg.seats):
            problem = t("dlg.err.colours")
        seed = None
        text = cfg.extra.get("seed_text", "")
        if text:
            if text.lstrip("-").isdigit():
                seed = int(text)
            else:
                problem = problem or t("dlg.err.seed")
        if problem:
            self.dialog_problem = problem
            self.render()
            return
        choice = cfg.extra.get("start_choice", "0")
        start = resolve_start(choice if choice == "random" else int(choice),
                              len(cfg.seats), seed)
        seats = [Seat(s.name, s.colour, s.kind if s.kind in KINDS else "human")
                 for s in cfg.seats]
        self.start(Config(seats=seats, start=start, seed=seed))

    # -- input ---------------------------------------------------------------------------
    def human_turn(self) -> bool:
        s = self.session
        return (s is not None and not s.game.is_over and s.pass_to is None
                and not s.is_bot(s.current) and s.viewer == s.current)

    def choice(self, value: str) -> None:
        s = self.session
        if value.startswith("dlg-players:"):
            self._resize_dialog(int(value.split(":")[1]))
            return
        if value == "dlg-start":
            self._start_from_dialog()
            return
        if value == "new-game":
            self.show_dialog()
            return
        if value == "toggle-log":
            self.show_log = not self.show_log
            self.render()
            return
        if value == "toggle-rules":
            self.screen = None if self.screen == "rules" else "rules"
            self.render()
            return
        if value == "close-rules":
            self.screen = None
            self.render()
            return
        if value == "close-results":
            self.results_closed = True
            self.render()
            return
        if value == "pass-ready" and s is not None:
            s.confirm_pass()
            self.pick, self.notice = Pick(), ""
            self.render()
            return
        if not self._may_act():
            return
        if value.startswith("mode:"):
            mode = value.split(":", 1)[1]
            self.pick = Pick() if self.pick.mode == mode else Pick(mode)
            self.notice = ""
            self.render()
            return
        if value == "cancel":
            self.pick, self.notice = Pick(), ""
            self.render()
            return
        for button in self.offer.buttons:
            if button.choice == value and button.action is not None:
                self.act(button.action)
                return
        self.refuse("why.not_now")

    def _may_act(self) -> bool:
        s = self.session
        if s is None or self.screen in ("new-game",):
            return False
        if self.busy:
            self.notice = t("why.busy")
            self.render()
            return False
        if s.game.is_over:
            self.refuse("why.game_over")
            return False
        if not self.human_turn():
            self.notice = t("why.not_your_turn", name=s.names[s.current])
            self.render()
            return False
        return True

    def click_target(self, what: str, value) -> None:
        if not self._may_act():
            return
        o = self.offer
        if what == "plague":
            if o.plague_clickable:
                self.pick = Pick() if self.pick.mode == "plague" else Pick("plague")
                self.notice = ""
                self.render()
                return
            what, value = "region", self.session.game.view(None)["plague"]
        if what == "token" and value not in o.tokens and value[0] in o.regions:
            what, value = "region", value[0]  # a token outside a token mode: its region
        table = {"region": o.regions, "token": o.tokens, "card": o.cards}[what]
        if value in table:
            action = table[value]
            if action is not None:
                self.act(action)
            else:
                self.pick = controls.step(self.pick, what, value)
                self.notice = ""
                self.render()
            return
        view = self.session.game.view(self.session.viewer)
        self.refuse(controls.probe(self.pick, view, view["phase"], what, value))

    def refuse(self, probe: str) -> None:
        """Say why a click does nothing: the engine's reason for the action it stood for."""
        game = self.session.game if self.session else None
        if probe.startswith("why.") or game is None:
            self.notice = t(probe)
        elif game.is_legal(probe):  # cannot happen: every legal action is offered
            self.notice = t("why.not_now")
        else:
            try:
                game.apply(probe)
                self.notice = t("why.not_now")  # unreachable: is_legal said no
            except rattus.IllegalAction as exc:
                details = dict(exc.details)
                for k in ("region", "to"):
                    if k in details:
                        details[k] = region(details[k])
                if "card" in details:
                    details["card"] = card(details["card"])
                self.notice = t("why." + exc.reason, **details)
        self.render()

    # -- applying --------------------------------------------------------------------------
    def act(self, action) -> None:
        """Apply one action (human or bot), re-render, then tell the strike if there was one."""
        t0 = dom.now_ms()
        s = self.session
        events = s.apply(action)
        self.pick, self.notice = Pick(), ""
        story, regions = panels.strike_story(events)
        animate = False
        if story:
            self.story, self.story_regions = story, regions
            self.story_final = any(e["kind"] == "final_plague" for e in events)
            self.story_neutral = any(e["kind"] == "strike" and e.get("neutral") for e in events)
            self.story_on_map = True
            animate = self.pace() > 0 and not dom.reduced_motion()
            self.story_upto = 0 if animate else len(story)
        else:
            self.story_on_map = False
        if animate:
            self.busy = True
        self.render()
        window.rattusTimings.push(dom.now_ms() - t0)
        if animate:
            asyncio.ensure_future(self._tell_strike())
        else:
            self.bots.kick()

    def pace(self) -> int:
        return self.session.config.pace_ms if self.session else 0

    async def _tell_strike(self) -> None:
        """Reveal the struck tokens one by one (short steps; the whole ≤ STRIKE_BUDGET_MS)."""
        try:
            n = len(self.story)
            delay = min(STRIKE_STEP_MS, STRIKE_BUDGET_MS // max(n, 1)) / 1000
            for i in range(n):
                self.story_upto = i + 1
                self.render()
                await asyncio.sleep(delay)
        except Exception as exc:  # noqa: BLE001
            self.fail(exc)
        finally:
            self.busy = False
            self.story_upto = len(self.story)
            self.render()
            self.bots.kick()

    # -- rendering -------------------------------------------------------------------------
    def render(self) -> None:
        focus = dom.focused_key()
        s = self.session
        body = document.body
        if s is None:
            self._render_screen()
            body.dataset.screen = self.screen or "board"
            return
        game = s.game
        view = game.view(s.viewer)
        seats = s.config.seats
        current = s.current
        if self.human_turn():
            self.offer = controls.offer(game.legal_actions(), view, self.pick,
                                        s.names[current])
            status = self.offer.status
        else:
            self.offer = Offer()
            if game.is_over:
                status = t("status.over", name=s.names[view["winner"]])
            elif s.pass_to is not None:
                status = t("status.pass", name=s.names[s.pass_to])
            else:
                status = t("status.bot", name=s.names[current])
        o = self.offer
        upto = self.story_upto if self.busy else len(self.story)
        self.map.render(view, o, seats, self.story if self.story_on_map else None, upto)
        dom.set_html("players", panels.players(view, seats, game.is_over))
        dom.set_html("cards", panels.cards(view, seats, o))
        if s.pass_to is not None:  # the pass prompt sits in the bar: the board stays in sight
            dom.set_html("bar", panels.pass_screen(s.names[s.pass_to]))
        else:
            dom.set_html("bar", panels.buttons(o))
        dom.set_text("status", status)
        dom.set_text("notice", self.notice)
        dom.show("notice", bool(self.notice))
        dom.set_html("strike", panels.strike_panel(self.story, self.story_regions, seats, upto,
                                                    self.story_final, self.story_neutral))
        dom.show("strike", bool(self.story))
        if self.show_log:
            dom.set_html("log", panels.log(s.log))
        dom.show("log", self.show_log)
        viewer = s.viewer
        dom.set_text("viewer", t("ui.you_are", name=s.names[viewer]) if viewer is not None
                     else t("ui.spectator"))
        self._render_screen()
        ds = body.dataset
        ds.actions = str(len(game.history))
        ds.phase = game.phase
        ds.current = "" if current is None else str(current)
        ds.viewer = "" if viewer is None else str(viewer)
        ds.busy = "1" if self.busy else ""
        ds.mode = self.pick.mode or ""
        dom.refocus(focus)

    def _render_screen(self) -> None:
        s = self.session
        screen, html = None, ""
        if self.screen == "new-game":
            screen = "new-game"
            html = panels.new_game_dialog(self.dialog_config, self.dialog_problem)
        elif self.screen == "rules":
            screen, html = "rules", panels.rules_panel()
        elif s is not None and s.game.is_over and not self.results_closed and not self.busy:
            screen, html = "results", panels.results(s.game.view(None), s.config.seats)
        dom.set_html("screen", html)
        dom.show("screen", screen is not None)
        if screen is None and s is not None and s.pass_to is not None:
            screen = "pass"  # shown in the decision bar over the public view
        document.body.dataset.screen = screen or "board"
        if screen == "new-game":
            node = dom.query('[data-screen="new-game"] input')
            if node is not None and document.activeElement == document.body:
                node.focus()

    def fail(self, exc: Exception) -> None:
        """An unexpected error: say so on the page (and in the console) instead of freezing."""
        import traceback

        window.console.warn("".join(traceback.format_exception(exc)))
        self.busy = False
        self.notice = t("err.internal", detail=f"{type(exc).__name__}: {exc}")
        dom.set_text("notice", self.notice)
        dom.show("notice", True)
