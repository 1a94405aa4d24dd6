"""The controller: turns clicks into engine actions and re-renders from the view.

Flow: a click (or Enter/Space on a focused target) reaches one of two delegated listeners
(the SVG root, the panel container); :meth:`App.handle` finds what was clicked through its
data attributes and compares it with the current :class:`controls.Offer` — computed from
``game.legal_actions()`` only. A match applies the action (or narrows a multi-step pick); a
miss is refused with the engine's own reason. The glue decides no rule.

Keeping games (issue 6): every change is autosaved (persist.py) through the session's
``on_change`` hook; undo is ``Game.undo`` (via :meth:`Session.undo`); save files are the
savefile.py envelope, exported as a download and imported from the toolbar's file input; the
replay (replay.py) shows past positions in their public view while the live game waits (bots
pause, clicks on the board are refused). Anything that would replace a game in progress asks
first, in the page (:meth:`App.ask`), never with ``window.confirm``.
"""

from __future__ import annotations

import asyncio

import controls
import dom
import persist
import render_panels as panels
import savefile
from bots_runner import BotRunner
from controls import Offer, Pick
from messages import card, region, t
from pyodide.ffi import create_proxy
from pyscript import document, window
from render_map import MapView
from replay import Replay
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
        self._info = ""  # the notice is news, not a refusal, while it is this text
        self.dialog_config = Config(default_seats(2))
        self.dialog_problem = ""
        self.pace_ms: int | None = None
        self.bots = BotRunner(self)
        self.replay: Replay | None = None
        self._replay_results_closed = False
        #: An "are you sure" step showing: text, buttons and what "yes"/"no" do.
        self.confirm: dict | None = None
        self.storage_ok = True
        self._proxies = []

    # -- wiring ------------------------------------------------------------------------
    def bind(self) -> None:
        """One delegated click and keydown listener on the SVG root and on the panel
        container (proxies kept alive on the app)."""
        click = create_proxy(self._on_click)
        key = create_proxy(self._on_key)
        change = create_proxy(self._on_change)
        self._proxies += [click, key, change]
        for node in (self.svg, dom.by_id("app")):
            node.addEventListener("click", click)
            node.addEventListener("keydown", key)
        # the import file input (in the toolbar) and the replay slider
        dom.by_id("app").addEventListener("change", change)

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
                                       "[data-region],[data-step]")
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
        elif get("data-step") is not None:
            self.replay_goto(int(get("data-step")))
        elif get("data-card") is not None:
            self.click_target("card", get("data-card"))
        elif get("data-slot") is not None:
            self.click_target("token", (get("data-region"), int(get("data-slot"))))
        elif get("data-plague") is not None:
            self.click_target("plague", None)
        elif get("data-region") is not None:
            self.click_target("region", get("data-region"))

    def _on_change(self, event) -> None:
        try:
            target = event.target
            if dom.attr(target, "data-field") == "replay":
                self.replay_goto(int(target.value))
            elif target.id == "import-file":
                files = target.files
                file = dom.js(files.item(0)) if files is not None and files.length else None
                if file is not None:
                    asyncio.ensure_future(self._import(file, target))
        except Exception as exc:  # noqa: BLE001
            self.fail(exc)

    # -- starting games ----------------------------------------------------------------------
    def start(self, config: Config) -> None:
        self.attach(Session(config))

    def attach(self, session: Session, resume: dict | None = None, note: str = "") -> None:
        """Make ``session`` the game on the page (new, resumed or opened from a file), save
        it (the previous autosave is replaced here, after any question was answered), and let
        the bots play if it is their turn."""
        if self.pace_ms is not None:
            session.config.pace_ms = self.pace_ms
        self.session = session
        self.pick, self.screen = Pick(), None
        self.inform(note)
        self.replay, self.confirm, self.busy = None, None, False
        self.results_closed = bool((resume or {}).get("results_closed", False))
        self.story, self.story_regions, self.story_upto, self.story_on_map = [], [], 0, False
        if session.last_strike is not None:
            step, events = session.last_strike
            self._set_story(events)
            self.story_on_map = step == len(session.game.history)
        session.on_change.append(self._autosave)
        self.storage_ok = True  # each game says once if it cannot be kept
        self.save()
        self.render()
        self.bots.kick()

    def resume(self, loaded: savefile.Loaded) -> None:
        """Continue the autosaved game: same seat at the screen, same screen."""
        self.attach(Session.from_loaded(loaded, resume=True), resume=loaded.resume)

    # -- keeping games ---------------------------------------------------------------------
    def _autosave(self, session, action, events) -> None:
        if session is self.session:
            self.save()

    def save(self) -> None:
        s = self.session
        if s is None:
            return
        if not persist.save(s, {"results_closed": self.results_closed}) and self.storage_ok:
            self.storage_ok = False  # say it once
            self.notice = t("err.storage_write")

    def in_progress(self) -> bool:
        """A game that asking first protects: started (a move made) and not over."""
        s = self.session
        return s is not None and not s.game.is_over and len(s.game.history) > 0

    def summary(self, session: Session | None = None) -> str:
        s = session or self.session
        return t("save.summary", names=", ".join(s.names), moves=len(s.game.history))

    def ask(self, text: str, yes: str, no: str, on_yes, on_no=None) -> None:
        """An "are you sure" step in the page; ``yes``/``no`` are the button labels."""
        self.confirm = {"text": text, "yes": yes, "no": no, "on_yes": on_yes, "on_no": on_no}
        self.render()

    def _answer(self, yes: bool) -> None:
        asked, self.confirm = self.confirm, None
        if asked is None:
            return
        then = asked["on_yes"] if yes else asked["on_no"]
        if then is not None:
            then()
        self.render()
        self.bots.kick()

    def undo(self) -> None:
        s = self.session
        if s is None or self.replay is not None or self.busy:
            return
        blocker = s.undo_blocker
        if blocker is not None:
            self.notice = t("undo.why." + blocker)
            self.render()
            return
        what = self._last_move_text()
        s.undo()
        self.pick = Pick()
        self.inform(t("undo.done", action=what) if what else "")
        self.render()

    def _last_move_text(self) -> str:
        s = self.session
        step = len(s.game.history)
        lines = [x for x, k in zip(s.log, s.log_steps, strict=True) if k == step]
        return " ".join(lines)

    def export(self) -> None:
        """Download the game as a save file (the envelope of savefile.py)."""
        s = self.session
        if s is None:
            return
        stamp = str(window.Date.new().toISOString())[:16].replace(":", "")
        name = f"rattus-{stamp}-{len(s.game.history)}.json"
        window.rattusDownload(name, savefile.dumps(s.config, s.game))
        self.inform(t("note.exported", name=name))
        self.render()

    def inform(self, text: str) -> None:
        """A notice that reports news (a file saved or opened, a move taken back): shown in
        the notice line but not styled as a refusal."""
        self.notice = self._info = text

    def open_file_picker(self) -> None:
        node = dom.by_id("import-file")
        if node is not None:
            node.click()

    async def _import(self, file, node) -> None:
        """Check a chosen file; a bad one is refused with the reason and changes nothing."""
        name = str(file.name)
        try:
            if int(file.size) > savefile.MAX_BYTES:
                raise savefile.SaveError("err.save.too_big", limit=savefile.MAX_BYTES // 1000)
            text = str(await file.text())
            loaded = savefile.load(text)
            session = Session.from_loaded(loaded)
        except savefile.SaveError as problem:
            self._problem(t("err.import", name=name,
                            reason=t(problem.key, **problem.details)))
            return
        except Exception as exc:  # noqa: BLE001 - an unreadable file: say so, change nothing
            self._problem(t("err.import", name=name, reason=t(
                "err.save.damaged", detail=f"{type(exc).__name__}: {exc}")))
            return
        finally:
            node.value = ""  # the same file can be chosen again

        def go():
            self.attach(session, note=t("note.imported", name=name))

        if self.in_progress():
            self.ask(t("confirm.import", summary=self.summary(), name=name),
                     t("btn.open_file_game"), t("btn.keep_current"), go)
        else:
            go()

    def _problem(self, text: str) -> None:
        """Say a problem where it is seen: in the new-game dialog if it is open."""
        if self.screen == "new-game":
            self.dialog_problem = text
        else:
            self.notice = text
        self.render()

    # -- the replay ------------------------------------------------------------------------
    def replay_enter(self, step: int | None = None) -> None:
        s = self.session
        if s is None or self.replay is not None:
            return
        if self.busy:
            self.notice = t("replay.why.busy")
            self.render()
            return
        self.pick, self.notice, self.screen = Pick(), "", None
        self._replay_results_closed = self.results_closed
        self.results_closed = True
        self.replay = Replay(s.game, step)
        self.render()

    def replay_goto(self, step: int) -> None:
        if self.replay is None:
            return
        self.replay.goto(step)
        self.render()

    def replay_leave(self, render: bool = True) -> None:
        """Back to the live game, exactly as it was (it was only read)."""
        if self.replay is None:
            return
        self.replay = None
        self.results_closed = self._replay_results_closed
        self.notice = ""
        if render:
            self.render()
        self.bots.kick()

    def paused(self) -> bool:
        """Bots wait while the replay or a question is on the screen."""
        return self.replay is not None or self.confirm is not None

    def show_dialog(self, problem: str = "") -> None:
        self.replay_leave(render=False)
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
        config = Config(seats=seats, start=start, seed=seed)
        if self.in_progress():
            def back():
                self.screen = "new-game"

            self.ask(t("confirm.new_game", summary=self.summary()), t("btn.confirm_new"),
                     t("btn.confirm_back"), lambda: self.start(config), back)
            return
        self.start(config)

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
        if value in ("confirm-yes", "confirm-no"):
            self._answer(value == "confirm-yes")
            return
        if value == "dlg-cancel":
            self.screen, self.dialog_problem = None, ""
            self.render()
            return
        if value == "new-game":
            self.show_dialog()
            return
        if value == "import":
            self.open_file_picker()
            return
        if value == "export":
            self.export()
            return
        if value == "undo":
            self.undo()
            return
        if value.startswith("replay-enter"):
            self.replay_enter(int(value.split(":")[1]) if ":" in value else None)
            return
        if value == "replay-leave":
            self.replay_leave()
            return
        if value.startswith("replay:") and self.replay is not None:
            arg = value.split(":", 1)[1]
            r = self.replay
            self.replay_goto(r.step + 1 if arg == "forward" else
                             r.step - 1 if arg == "back" else int(arg))
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
            self.save()
            self.render()
            return
        if value == "pass-ready" and s is not None and self.replay is None:
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
        if s is None or self.screen in ("new-game",) or self.confirm is not None:
            return False
        if self.replay is not None:
            self.notice = t("why.replay")
            self.render()
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
        animate = False
        if self._set_story(events):
            self.story_on_map = True
            animate = self.pace() > 0 and not dom.reduced_motion()
            self.story_upto = 0 if animate else len(self.story)
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

    def _set_story(self, events) -> bool:
        """Keep the strike told by ``events`` (if any) for the strike panel and the map."""
        story, regions = panels.strike_story(events)
        if not story:
            return False
        self.story, self.story_regions = story, regions
        self.story_final = any(e["kind"] == "final_plague" for e in events)
        self.story_neutral = any(e["kind"] == "strike" and e.get("neutral") for e in events)
        self.story_upto = len(story)
        return True

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
        self._render_toolbar()
        if s is None:
            dom.set_text("status", t("status.new_game"))
            self._render_screen()
            return
        if self.replay is not None:
            self._render_replay()
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
        self._render_notice()
        dom.set_html("strike", panels.strike_panel(self.story, self.story_regions, seats, upto,
                                                    self.story_final, self.story_neutral))
        dom.show("strike", bool(self.story))
        if self.show_log:
            dom.set_html("log", panels.log(s.log))
        dom.show("log", self.show_log)
        ds = body.dataset
        ds.replayStep = ""
        viewer = s.viewer
        dom.set_text("viewer", t("ui.you_are", name=s.names[viewer]) if viewer is not None
                     else t("ui.spectator"))
        self._render_screen()
        ds.actions = str(len(game.history))
        ds.phase = game.phase
        ds.current = "" if current is None else str(current)
        ds.viewer = "" if viewer is None else str(viewer)
        ds.busy = "1" if self.busy else ""
        ds.mode = self.pick.mode or ""
        dom.refocus(focus)

    def _render_replay(self) -> None:
        """A past position, public view only; the live game is not touched."""
        s, r = self.session, self.replay
        view = r.view()
        seats = s.config.seats
        events = r.public_events
        story, regions = panels.strike_story(events)
        self.map.render(view, Offer(), seats, story or None, len(story))
        dom.set_html("players", panels.players(view, seats, r.position.is_over))
        dom.set_html("cards", panels.cards(view, seats, Offer()))
        dom.set_html("bar", panels.replay_bar(r.step, r.total, s.game.is_over))
        if r.step == 0:
            status = t("status.replay_start", total=r.total)
        else:
            # the move's first log line (the log below marks all of them)
            lines = [x for x, k in zip(s.log, s.log_steps, strict=True) if k == r.step]
            status = t("status.replay", step=r.step, total=r.total,
                       what=lines[0] if lines else r.action)
        dom.set_text("status", status)
        self._render_notice()
        final = any(e["kind"] == "final_plague" for e in events)
        neutral = any(e["kind"] == "strike" and e.get("neutral") for e in events)
        dom.set_html("strike", panels.strike_panel(story, regions, seats, len(story), final,
                                                    neutral))
        dom.show("strike", bool(story))
        if self.show_log:
            dom.set_html("log", panels.log(s.log, s.log_steps, r.step))
        dom.show("log", self.show_log)
        here, lines = dom.query("#log li.at"), dom.query("#log ol")
        if here is not None and lines is not None:  # scroll the log only, not the side panel
            lines.scrollTop = here.offsetTop - lines.offsetTop - lines.clientHeight // 2
        dom.set_text("viewer", t("ui.replay_public"))
        self._render_screen()
        ds = document.body.dataset
        ds.replayStep = str(r.step)
        ds.mode = ""

    def _render_notice(self) -> None:
        dom.set_text("notice", self.notice)
        dom.show("notice", bool(self.notice))
        node = dom.by_id("notice")
        if node is not None:
            node.className = "info" if self.notice and self.notice == self._info else ""

    def _render_toolbar(self) -> None:
        """Undo (disabled with the reason, visible and as its description), replay, export."""
        s = self.session
        undo = dom.query('#toolbar [data-choice="undo"]')
        if undo is not None:
            if s is None:
                reason = "start"
            elif self.replay is not None:
                reason = "replay"
            else:
                reason = s.undo_blocker
            if reason is None:
                what = self._last_move_text()
                text = t("undo.ok", what=what) if what else t("undo.ok_plain")
            else:
                text = t("undo.why." + reason)
            undo.disabled = reason is not None or self.busy
            undo.title = text
            undo.dataset.reason = reason or ""
            dom.set_text("undo-why", text)
        for choice in ("export", "replay-enter"):
            node = dom.query(f'#toolbar [data-choice="{choice}"]')
            if node is not None:
                node.disabled = s is None or self.replay is not None or (
                    choice == "replay-enter" and self.busy)

    def _render_screen(self) -> None:
        s = self.session
        screen, html = None, ""
        if self.confirm is not None:
            c = self.confirm
            screen = "confirm"
            html = panels.confirm(c["text"], ("confirm-yes", c["yes"]), ("confirm-no", c["no"]))
        elif self.screen == "new-game":
            screen = "new-game"
            html = panels.new_game_dialog(self.dialog_config, self.dialog_problem,
                                          can_cancel=s is not None)
        elif self.screen == "rules":
            screen, html = "rules", panels.rules_panel()
        elif (s is not None and s.game.is_over and not self.results_closed and not self.busy
              and self.replay is None):
            screen, html = "results", panels.results(s.game.view(None), s.config.seats)
        dom.set_html("screen", html)
        dom.show("screen", screen is not None)
        if screen is None and self.replay is not None:
            screen = "replay"
        elif screen is None and s is not None and s.pass_to is not None:
            screen = "pass"  # shown in the decision bar over the public view
        document.body.dataset.screen = screen or "board"
        first = {"new-game": '[data-screen="new-game"] input',
                 "confirm": '[data-choice="confirm-no"]'}.get(screen)
        if first is not None:  # keyboard users land in the dialog (the safe choice)
            node = dom.query(first)
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
