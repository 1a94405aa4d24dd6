"""The controller: turns clicks into engine actions and re-renders from the view.

Flow: a click (or Enter/Space on a focused target) reaches one of two delegated listeners
(the SVG root, the panel container); :meth:`App.handle` finds what was clicked through its
data attributes and compares it with the current :class:`controls.Offer` — computed from
``game.legal_actions()`` only. A match applies the action (or narrows a multi-step pick); a
miss is refused with the engine's own reason. The glue decides no rule.

Why a coordinator with helpers: :class:`App` keeps the state that every part reads (the
session, the pick and offer, the screen, the notice, the replay cursor, the question asked)
and does the moves and the rendering; each other job is a small object that takes the app —
the new-game dialog (dialog.py), keeping games: autosave, undo, save files and asking before
a game is lost (keeping.py), the replay's controls (replay_controls.py), and what each
``data-choice`` button does (choices.py). A helper keeps only the state that is its own.
"""

from __future__ import annotations

import asyncio

import controls
import dom
import render_panels as panels
import savefile
from bots_runner import BotRunner
from choices import Choices
from controls import Offer, Pick
from dialog import NewGameDialog
from keeping import Keeper
from messages import card, region, t
from pyodide.ffi import create_proxy
from pyscript import document, window
from render_map import MapView
from replay import Replay
from replay_controls import ReplayControls
from session import Session
from setup_config import Config

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
        self.pace_ms: int | None = None
        self.bots = BotRunner(self)
        #: The past position shown instead of the live game (None: the live game).
        self.replay: Replay | None = None
        #: An "are you sure" step showing: text, buttons and what "yes"/"no" do.
        self.confirm: dict | None = None
        self.dialog = NewGameDialog(self)
        self.keeper = Keeper(self)
        self.replay_controls = ReplayControls(self)
        self.choices = Choices(self)
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
            self.choices.choose(get("data-choice"))
        elif get("data-step") is not None:
            self.replay_controls.goto(int(get("data-step")))
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
                self.replay_controls.goto(int(target.value))
            elif target.id == "import-file":
                files = target.files
                file = dom.js(files.item(0)) if files is not None and files.length else None
                if file is not None:
                    asyncio.ensure_future(self.keeper.import_file(file, target))
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
        session.on_change.append(self.keeper.autosave)
        self.keeper.storage_ok = True  # each game says once if it cannot be kept
        self.keeper.save()
        self.render()
        self.bots.kick()

    def resume(self, loaded: savefile.Loaded) -> None:
        """Continue the autosaved game: same seat at the screen, same screen."""
        self.attach(Session.from_loaded(loaded, resume=True), resume=loaded.resume)

    # -- what the page's entry point (main.py) asks for --------------------------------------
    def show_dialog(self, problem: str = "") -> None:
        self.dialog.show(problem)

    def in_progress(self) -> bool:
        return self.keeper.in_progress()

    def summary(self, session: Session | None = None) -> str:
        return self.keeper.summary(session)

    def ask(self, text: str, yes: str, no: str, on_yes, on_no=None) -> None:
        self.keeper.ask(text, yes, no, on_yes, on_no)

    def inform(self, text: str) -> None:
        """A notice that reports news (a file saved or opened, a move taken back): shown in
        the notice line but not styled as a refusal."""
        self.notice = self._info = text

    def paused(self) -> bool:
        """Bots wait while the replay or a question is on the screen."""
        return self.replay is not None or self.confirm is not None

    # -- input ---------------------------------------------------------------------------
    def human_turn(self) -> bool:
        s = self.session
        return (s is not None and not s.game.is_over and s.pass_to is None
                and not s.is_bot(s.current) and s.viewer == s.current)

    def may_act(self) -> bool:
        """Whether the player at the screen may pick a move now; if not, say why (unless no game
        is on, or a dialog or question covers the board)."""
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
        if not self.may_act():
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
            self.render_screen()
            return
        if self.replay is not None:
            self.replay_controls.render()
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
        self.render_notice()
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
        self.render_screen()
        ds.actions = str(len(game.history))
        ds.phase = game.phase
        ds.current = "" if current is None else str(current)
        ds.viewer = "" if viewer is None else str(viewer)
        ds.busy = "1" if self.busy else ""
        ds.mode = self.pick.mode or ""
        dom.refocus(focus)

    def render_notice(self) -> None:
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
                what = self.keeper.last_move_text()
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

    def render_screen(self) -> None:
        s = self.session
        screen, html = None, ""
        if self.confirm is not None:
            c = self.confirm
            screen = "confirm"
            html = panels.confirm(c["text"], ("confirm-yes", c["yes"]), ("confirm-no", c["no"]))
        elif self.screen == "new-game":
            screen = "new-game"
            html = panels.new_game_dialog(self.dialog.config, self.dialog.problem,
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
