"""The dispatcher: the one place where the page's input, state and output meet.

Every input becomes an event (see transitions.py): a click or Enter/Space on the map or a
panel (two delegated listeners), a changed field, a file read, a bot's chosen move, a tick of
the strike being told. :meth:`App.dispatch` runs the one loop

    event → transition (pure) → effects → autosave → render → schedule the bots

so that no handler renders, saves or wakes the bots by itself. The state is two values: the
UI state (ui.Ui) and the session (the game, session.py). Rendering is page.frame(ui, session),
written to the DOM here, only where it changed.
"""

from __future__ import annotations

import asyncio
from urllib.parse import parse_qs, urlencode

import chrome
import dom
import keynav
import language
import page
import persist
import savefile
import setup_config
import share
import tabs
import transitions
from bots_runner import BotRunner, bot_seed, run_sliced
from map_view import MapView
from markup import esc
from messages import t
from pace import reveal_ms
from pyodide.ffi import create_proxy
from pyscript import document, window
from session import Session
from ui import Ui

import rattus

#: The hint's search: a fixed number of Hard's iterations (reproducible); the time is a guard.
HINT_ITERATIONS = 150
HINT_GUARD_S = 30.0

#: Elements a click may land in, by the data attribute that says what was clicked.
TARGETS = "[data-choice],[data-card],[data-slot],[data-plague],[data-region],[data-step]"


class App:
    def __init__(self, svg, anchors: dict):
        self.ui = Ui(motion=not dom.reduced_motion())
        self.session = None
        self.svg = svg
        self.anchors = anchors
        self.map = MapView(svg, anchors, rattus.REGIONS)
        self.bots = BotRunner(lambda: (self.ui, self.session), self.dispatch)
        self._saved = None  # (session, version, results_closed) last written to storage
        self._playing = None  # the slot this tab told the other tabs it plays (tabs.py)
        self._remembered = None  # the slot this tab's sessionStorage holds (persist.py)
        self._taking = False  # "Play it here": the next game this tab plays is taken over
        self._storage_ok = True
        self._proxies = []
        self._dispatching = False
        self._reveal = None  # an element to bring into view after the next render
        self._queue: list[tuple] = []
        self._layers: list[tuple[str, object]] = []  # open dialogs, each with where to return
        self._announced: tuple[str | None, int] = (None, 0)  # the strike read out, how far
        self.zoom = None  # a touch screen: the map's zoom and taps near targets (phone.py)

    # -- the loop ---------------------------------------------------------------------------
    def dispatch(self, event: tuple) -> None:
        """Run one event through the loop. An event raised while another runs (a field's
        ``change`` fires when a render removes the focused field) waits its turn; a dialog
        draft raised so is dropped (the running event read the fields already)."""
        if self._dispatching:
            if event[0] != "draft":
                self._queue.append(event)
            return
        self._dispatching = True
        try:
            self._dispatch(event)
            while self._queue:
                self._dispatch(self._queue.pop(0))
        finally:
            self._dispatching = False
        self._reveal = None  # an element to bring into view after the next render

    def _dispatch(self, event: tuple) -> None:
        t0 = dom.now_ms()
        try:
            before = self._moves()
            ui = transitions.step(self.ui, self.session, event)
            effects = ui.effects
            self.ui = ui.but(effects=()) if effects else ui
            for effect in effects:
                self._run(effect)
            self._autosave()
            self._tell_tabs()
            self.render()
        except Exception as exc:  # noqa: BLE001 - never let one event break the page
            self.fail(exc)
            return
        if before is not None and self._moves() == (before[0], before[1] + 1):
            window.rattusTimings.push(dom.now_ms() - t0)  # an applied action: for bench_ui
        self.bots.kick()

    def _moves(self) -> tuple | None:
        """The game on the page and its number of actions (an event that adds one applied
        an action: its time goes to ``window.rattusTimings``)."""
        s = self.session
        return None if s is None else (s, len(s.game.history))

    def _run(self, effect: tuple) -> None:
        kind = effect[0]
        if kind == "use":
            self.session, self._storage_ok = effect[1], True  # each game says once
            if self.session.slot is not None:  # just read from storage: nothing to write
                self._saved = (self.session, self.session.version, self.ui.results_closed)
        elif kind == "list_games":
            self._list_games()
        elif kind == "resume_game":
            self._resume_game(effect[1])
        elif kind == "delete_game":
            persist.delete(effect[1])
            self._list_games()
        elif kind == "take_over":
            self._take_over()
        elif kind == "then":
            ui = transitions.step(self.ui, self.session, effect[1])
            self.ui = ui.but(effects=())
            for more in ui.effects:
                self._run(more)
        elif kind == "tell_strike":
            asyncio.ensure_future(self._tell_strike())
        elif kind == "download":
            self._download()
        elif kind == "use_language":
            asyncio.ensure_future(self._use_language(effect[1]))
        elif kind == "remember_pace":
            persist.write(effect[1], persist.PACE_KEY)
            self._drop_from_address("pace")  # the choice replaces the address's
        elif kind == "side_top":  # a new game: its side column from the top
            side = dom.by_id("side")
            if side is not None:
                side.scrollTop = 0
        elif kind == "share_link":
            self._share()
        elif kind == "think_hint":
            asyncio.ensure_future(self._think_hint())
        elif kind == "reveal":  # after this render: scroll the element into view (its top
            self._reveal = (effect[1], len(effect) > 2 and effect[2])  # edge, or its bottom)
        elif kind == "update":  # save first (whatever the last autosave held), then reload
            self._saved = None
            self._autosave()
            window.rattusApplyUpdate()
        elif kind == "pick_file":
            node = dom.by_id("import-file")
            if node is not None:
                node.click()

    def _autosave(self) -> None:
        s = self.session
        if s is None or self.ui.elsewhere:  # another tab plays it: its saves, not ours
            return
        ui = self.ui
        # the replay hides the results while it is open: a reload brings back what was before
        closed = ui.results_closed_before if ui.replay is not None else ui.results_closed
        key = (s, s.version, closed)
        if key == self._saved:
            return
        self._saved = key
        if not persist.save(s, {"results_closed": closed}) and self._storage_ok:
            self._storage_ok = False  # say it once
            self.ui = transitions.step(self.ui, s, ("storage_refused",))

    def _tell_tabs(self) -> None:
        """Tell the other tabs which game this one plays (none while it only shows a game
        another tab plays), and remember this tab's game for a reload (sessionStorage)."""
        s = self.session
        shown = s.slot if s is not None else None
        playing = shown if not self.ui.elsewhere else None
        if playing != self._playing:
            self._playing = playing
            tabs.play(playing, self._taking)  # taken over: the tab that played it stops
            self._taking = False
        if shown is not None and shown != self._remembered:
            self._remembered = shown
            persist.remember_tab(shown)

    # -- your games (games.py) ------------------------------------------------------------
    def _list_games(self) -> None:
        offset = -int(window.Date.new().getTimezoneOffset())
        self.dispatch(("games_listed", persist.entries(), tabs.elsewhere(), offset))

    def _resume_game(self, slot: str) -> None:
        """A kept game on the page; told so if another tab plays it (then only shown)."""
        loaded, problem = persist.load(slot)
        if loaded is None:
            self.dispatch(("problem", t("err.games.gone") if problem is None else
                           t("err.storage", reason=t(problem.key, **problem.details))))
            self._list_games()
            return
        self.dispatch(("resume", self.resumed(loaded, slot), loaded.resume,
                       slot in tabs.elsewhere()))

    @staticmethod
    def resumed(loaded, slot: str) -> Session:
        session = Session.from_loaded(loaded, resume=True)
        session.slot = slot
        return session

    def _take_over(self) -> None:
        """"Play it here": the game's latest save (the other tab may have played on) becomes
        this tab's, and the tab that played it is told to stop."""
        s = self.session
        loaded, _problem = persist.load(s.slot)
        self._taking = True  # said to the other tabs once this tab plays it (_tell_tabs)
        if loaded is None:  # deleted meanwhile: the game on the page is kept again
            self._saved = None
            self.dispatch(("resume", s, None, False, t("note.took_over")))
        else:
            self.dispatch(("resume", self.resumed(loaded, s.slot), loaded.resume, False,
                           t("note.took_over")))

    def _on_lost(self, slot: str, why: str) -> None:
        """Another tab plays this tab's game now: this one stops saving it (games.py)."""
        if self.session is not None and self.session.slot == slot:
            self._playing = None
            self.dispatch(("elsewhere", why))

    def _on_storage(self, event) -> None:
        """Another tab wrote to the storage: a game this tab only shows follows that tab's
        moves; an open "Your games" list is brought up to date."""
        key = str(event.key or "")
        s, ui = self.session, self.ui
        if ui.screen == "games" and ui.question is None and key == persist.INDEX:
            self._list_games()
        elif (s is not None and ui.elsewhere and key == persist.PREFIX + str(s.slot)
              and ui.screen is None and ui.question is None and ui.replay is None):
            loaded, _problem = persist.load(s.slot)
            if loaded is not None:
                self.dispatch(("resume", self.resumed(loaded, s.slot), loaded.resume, True,
                               None))

    async def _tell_strike(self) -> None:
        """Reveal the struck tokens one by one, at the pace chosen (pace.reveal_ms)."""
        n = len(self.ui.story.items)
        delay = reveal_ms(self.session.config.pace_ms, n) / 1000
        for _ in range(n):
            self.dispatch(("strike_step",))
            await asyncio.sleep(delay)
        self.dispatch(("strike_done",))

    @staticmethod
    def _drop_from_address(name: str) -> None:
        """Remove ``name`` from the address's query: a choice made in the page replaces it."""
        query = parse_qs(str(window.location.search or "").lstrip("?"))
        if query.pop(name, None) is not None:
            rest = f"?{urlencode(query, doseq=True)}" if query else ""
            window.history.replaceState(None, "", str(window.location.pathname) + rest
                                        + str(window.location.hash or ""))

    async def _use_language(self, code: str) -> None:
        """Speak ``code``: fetch its catalogue (language.py), remember the choice for the next
        visit, word the page's fixed parts and the log again, then render the rest."""
        where = language.path(code)
        before = setup_config.default_names()  # the former language's, for renaming
        try:
            catalogue = None if where is None else await dom.fetch_bytes(where)
            ok = language.use(code, catalogue)
        except Exception:  # noqa: BLE001 - offline, or the file is gone: say so, keep going
            ok = False
        if ok:
            persist.write(code, language.KEY)
            self._drop_from_address("lang")  # the choice replaces the address's
            chrome.label()
            if self.session is not None:
                self.session.retell()
        self.dispatch(("language_ready", code, ok, before))

    async def _think_hint(self) -> None:
        """The Hard bot's choice for the player at the screen, searched in slices (the page
        answers meanwhile) with a fixed number of iterations: the same hint every time for
        the same position and seed, as ``rattus.bots.hint`` gives on CPython."""
        s = self.session
        step = len(s.game.history)
        try:
            from rattus.bots import make_bot  # on first use: the first load does without
            from rattus.bots.hint import explain

            view, legal = s.game.view(s.viewer), s.game.legal_actions()
            search = make_bot("hard", seed=bot_seed(s, s.viewer), time_budget=HINT_GUARD_S,
                              iterations=HINT_ITERATIONS).start(view, legal)
            action = await run_sliced(search, HINT_GUARD_S)
            reason, details = explain(view, action, search)
        except Exception as exc:  # noqa: BLE001 - a hint must never break the page
            self.dispatch(("failed", f"{type(exc).__name__}: {exc}"))
            return
        self.dispatch(("hint_ready", step, str(action), reason, details))

    def _share(self) -> None:
        """The finished game's replay link: to the clipboard where the browser allows, and
        in the notice in any case (to copy by hand)."""
        url = (str(window.location.origin) + str(window.location.pathname)
               + share.link(self.session))
        try:
            window.navigator.clipboard.writeText(url)
        except Exception:  # noqa: BLE001 - no clipboard here: the notice shows the link
            pass
        self.ui = transitions.step(self.ui, self.session, ("shared", url))

    def _download(self) -> None:
        s = self.session
        stamp = str(window.Date.new().toISOString())[:16].replace(":", "")
        name = f"rattus-{stamp}-{len(s.game.history)}.json"
        window.rattusDownload(name, savefile.dumps(s.config, s.game))
        self.ui = transitions.step(self.ui, s, ("exported", name))

    def fail(self, exc: Exception) -> None:
        """An unexpected error: say so on the page (and in the console) instead of freezing."""
        import traceback

        window.console.warn("".join(traceback.format_exception(exc)))
        self.ui = transitions.step(self.ui, self.session,
                                   ("failed", f"{type(exc).__name__}: {exc}"))
        dom.set_text("notice", self.ui.notice)
        dom.show("notice", True)

    # -- input ------------------------------------------------------------------------------
    def bind(self) -> None:
        """One delegated click and keydown listener on the SVG root and on the panel
        container, and one change listener (proxies kept alive on the app)."""
        click = create_proxy(self._on_click)
        key = create_proxy(self._on_key)
        change = create_proxy(self._on_change)
        escape = create_proxy(self._on_document_key)
        focusin = create_proxy(self._on_map_focus)
        self._proxies += [click, key, change, escape, focusin]
        document.addEventListener("keydown", escape)
        pointer = create_proxy(self._on_pointer)
        self._proxies.append(pointer)
        document.addEventListener("pointerdown", pointer, True)
        storage = create_proxy(self._on_storage)
        self._proxies.append(storage)
        window.addEventListener("storage", storage)
        tabs.on_lost(self._on_lost)
        self.svg.addEventListener("focusin", focusin)
        for node in (self.svg, dom.by_id("app")):
            node.addEventListener("click", click)
            node.addEventListener("keydown", key)
        # the import file input (in the toolbar) and the replay slider
        dom.by_id("app").addEventListener("change", change)

    def _on_click(self, event) -> None:
        target = event.target
        if event.currentTarget == self.svg:
            # handled here only: a re-render may detach the target before the event
            # bubbles on to the panel container's listener
            event.stopPropagation()
        elif dom.closest(target, "svg#map") is not None:
            return
        node = dom.closest(target, TARGETS)
        if self.zoom is not None and event.currentTarget == self.svg:
            node = self.zoom.resolve(event, node)  # a tap near a target takes it
        if node is not None:
            self.dispatch(self._event_for(node))

    def _event_for(self, node) -> tuple:
        """The event a clicked element stands for, read from its data attributes."""
        def get(name):
            return dom.attr(node, name)

        if get("data-choice") is not None:
            return ("choice", get("data-choice"), self._dialog_fields())
        if get("data-step") is not None:
            return ("replay_goto", int(get("data-step")))
        if get("data-card") is not None:
            return ("target", "card", get("data-card"))
        if get("data-slot") is not None:
            return ("target", "token", (get("data-region"), int(get("data-slot"))))
        if get("data-plague") is not None:
            return ("target", "plague", None)
        return ("target", "region", get("data-region"))

    def _dialog_fields(self) -> dict | None:
        """What the new-game dialog's fields hold, if it is open."""
        if self.ui.screen != "new-game":
            return None
        fields = {}
        names = [(f"{field}.{i}", f'[data-field="{field}"][data-seat="{i}"]')
                 for i in range(len(self.ui.draft.config.seats))
                 for field in ("name", "colour", "kind")]
        for key, selector in (*names, ("start", '[data-field="start"]'),
                              ("seed", '[data-field="seed"]')):
            node = dom.query(f'[data-screen="new-game"] {selector}')
            if node is not None:
                fields[key] = str(node.value)
        return fields

    @staticmethod
    def _on_pointer(_event) -> None:
        """A mouse or a finger: the focus the page moves by itself after a tap (a dialog
        closed, a target gone) is not drawn on the map, where it would look like a choice
        (style.css); a key pressed draws it again."""
        document.body.dataset.input = "pointer"

    def _on_document_key(self, event) -> None:
        """Keys for the whole page: in a dialog, Tab stays inside it and Escape closes it
        (keynav.ESCAPE); elsewhere the shortcut keys (keynav.SHORTCUTS)."""
        key = str(event.key)
        document.body.dataset.input = "keys"  # the map's focus outline shows again (CSS)
        top = self._layers[-1][0] if self._layers else None
        if top is not None:
            if key == "Escape" and top in keynav.ESCAPE:
                node = dom.query(f'{self._layer_selector(top)} '
                                 f'[data-choice="{keynav.ESCAPE[top]}"]')
                if node is not None:
                    event.preventDefault()
                    self.dispatch(("choice", keynav.ESCAPE[top], self._dialog_fields()))
            elif key == "Tab":
                self._trap_tab(event, top)
            elif key in ("?", "h") and not self._typing(event):  # How to play, over any
                self.dispatch(("choice", "toggle-rules", None))
            return
        if (event.ctrlKey or event.altKey or event.metaKey or self._typing(event)
                or key not in keynav.SHORTCUTS):
            return
        kind, what = keynav.SHORTCUTS[key]
        event.preventDefault()
        if kind == "choice":
            node = dom.query(f'#toolbar [data-choice="{what}"]')
            if what == "undo" and node is not None and node.disabled:
                self.dispatch(("choice", what, None))  # says why not (keeping.undo)
            elif node is not None and not node.disabled:
                self.dispatch(("choice", what, None))
        elif what == "map":
            self.map.focus_stop()
        elif what == "cards":
            node = dom.query("#cards [data-card].target") or dom.query("#cards [data-card]")
            if node is not None:
                node.focus()
        elif what == "decision":
            nodes = document.querySelectorAll("#bar button")
            enabled = [n for n in (nodes.item(i) for i in range(nodes.length)) if not n.disabled]
            if enabled:
                enabled[0].focus()
        elif what == "pace":
            node = dom.by_id("pace")
            if node is not None:
                node.focus()
        elif what == "board":
            box, title = dom.by_id("board-text-toggle"), dom.by_id("board-text-title")
            if box is not None and title is not None:
                box.open = True
                title.focus()

    @staticmethod
    def _typing(event) -> bool:
        return str(event.target.tagName) in ("INPUT", "SELECT", "TEXTAREA")

    @staticmethod
    def _layer_selector(layer: str) -> str:
        return "#help .dialog" if layer == "help" else "#screen .dialog"

    def _focusables(self, layer: str) -> list:
        box = dom.query(self._layer_selector(layer))
        if box is None:
            return []
        nodes = box.querySelectorAll('button,a[href],input,select,textarea,[tabindex="0"]')
        return [n for n in (nodes.item(i) for i in range(nodes.length))
                if not getattr(n, "disabled", False) and n.getClientRects().length]

    def _trap_tab(self, event, layer: str) -> None:
        """Tab and Shift+Tab cycle within the dialog on top (a focus trap)."""
        nodes = self._focusables(layer)
        if not nodes:
            return
        active = dom.js(document.activeElement)
        box = dom.query(self._layer_selector(layer))
        first, last = nodes[0], nodes[-1]
        if active is None or not box.contains(active):
            event.preventDefault()
            (last if event.shiftKey else first).focus()
        elif event.shiftKey and active == first:
            event.preventDefault()
            last.focus()
        elif not event.shiftKey and active == last:
            event.preventDefault()
            first.focus()

    def _on_map_focus(self, event) -> None:
        """A stop of the map focused (by Tab, an arrow, a click): it becomes the map's Tab
        stop, where the focus comes back to."""
        key = dom.attr(event.target, "data-key")
        if key is not None and key in self.map.stops:
            self.map.last = key
            self.map.rove(self.map.stops, [])

    def _on_key(self, event) -> None:
        target = event.target
        if event.key in keynav.DIRECTIONS and event.currentTarget == self.svg:
            event.stopPropagation()
            if self.map.arrow(dom.attr(target, "data-key"), str(event.key)):
                event.preventDefault()  # (and no scrolling)
            return
        if event.key in keynav.DIRECTIONS and self._arrow_in_group(target, str(event.key)):
            event.preventDefault()
            return
        if event.key not in ("Enter", " "):
            return
        if target.tagName in ("BUTTON", "INPUT", "SELECT", "TEXTAREA"):
            return  # native controls handle their own keys
        if event.currentTarget != self.svg and dom.closest(target, "svg#map") is not None:
            return
        if dom.attr(target, "role") == "button":
            if event.currentTarget == self.svg:
                event.stopPropagation()
            event.preventDefault()
            self._on_click(event)

    @staticmethod
    def _arrow_in_group(target, key: str) -> bool:
        """Arrow keys among the decision's buttons and among the class cards, where the eye
        goes (the map's geometry, keynav.move, on their boxes): True if the focus moved."""
        group = dom.closest(target, "#bar, #cards")
        if group is None or str(target.tagName) in ("INPUT", "SELECT", "TEXTAREA"):
            return False
        found = group.querySelectorAll('button:not([disabled]), [role="button"][tabindex="0"]')
        nodes = [found.item(i) for i in range(found.length)]
        stops = {}
        for i, node in enumerate(nodes):
            box = node.getBoundingClientRect()
            if box.width and box.height:
                stops[str(i)] = (box.left + box.width / 2, box.top + box.height / 2)
        at = next((str(i) for i, node in enumerate(nodes) if node == target), None)
        to = keynav.move(stops, at, key) if at is not None else None
        if to is None:
            return False
        nodes[int(to)].focus()
        return True

    def _on_change(self, event) -> None:
        target = event.target
        if target.id == "pace":
            self.dispatch(("pace", str(target.value)))
        elif target.id == "lang":
            self.dispatch(("language", str(target.value)))
        elif dom.attr(target, "data-seat") is not None:  # a seat's name, colour or kind
            self.dispatch(("draft", self._dialog_fields()))  # (the start list shows names)
        elif dom.attr(target, "data-field") == "replay":
            self.dispatch(("replay_goto", int(target.value)))
        elif target.id == "import-file":
            files = target.files
            file = dom.js(files.item(0)) if files is not None and files.length else None
            if file is not None:
                asyncio.ensure_future(self._read_file(file, target))

    async def _read_file(self, file, node) -> None:
        name = str(file.name)
        try:
            size = int(file.size)
            text = "" if size > savefile.MAX_BYTES else str(await file.text())
        except Exception as exc:  # noqa: BLE001 - an unreadable file: say so, change nothing
            self.dispatch(("file_unreadable", name, f"{type(exc).__name__}: {exc}"))
            return
        finally:
            node.value = ""  # the same file can be chosen again
        self.dispatch(("file", name, size, text))

    # -- output -----------------------------------------------------------------------------
    def render(self) -> None:
        focus = dom.focused_key()
        active = dom.js(document.activeElement)
        f = page.frame(self.ui, self.session, self.anchors, rattus.REGIONS)
        if f.map is not None:
            self.map.apply(*f.map)
            self.map.rove(f.stops, f.stop_targets)
        changed = {key for key, html in f.html.items() if dom.set_html(key, html)}
        for key, text in f.text.items():
            dom.set_text(key, text)
        for key, shown in f.shown.items():
            dom.show(key, shown)
        notice = dom.by_id("notice")
        cls = "info" if f.notice_is_news else ""
        if notice is not None and notice.className != cls:
            notice.className = cls
        self._toolbar(f)
        if f.scroll_log_to_current and "log" in changed:
            here, lines = dom.query("#log li.at"), dom.query("#log .log-box")
            if here is not None and lines is not None:  # the log only, not the side panel
                lines.scrollTop = here.offsetTop - lines.offsetTop - lines.clientHeight // 2
        ds = document.body.dataset
        note = f.data.get("coachNote")
        if note and note != str(getattr(ds, "coachNote", "") or ""):  # (a missing data key
            window.rattusCoachLog.push(f"{note} {getattr(ds, 'actions', '')}")  # is no attr)
        was_striking = str(getattr(ds, "strike", "") or "")
        for key, value in f.data.items():
            setattr(ds, key, value)
        self._announce(f.announce)
        opened = self._dialog_focus(f, active)
        if f.focus is not None and not opened:  # keyboard users land in the dialog
            node = dom.query(f.focus)
            if node is not None and document.activeElement == document.body:
                node.focus()
        if not opened:
            dom.refocus(focus)
            if (dom.js(document.activeElement) in (None, document.body)
                    and active not in (None, document.body)):
                self._focus_lost()
        self._strike_in_sight(was_striking, f.data.get("strike", ""))
        if self.zoom is not None:  # a touch screen: zoom to the rat tokens a decision wants
            self.zoom.follow()
        if self._reveal is not None:
            (key, top), self._reveal = self._reveal, None
            node = dom.by_id(key)
            if node is not None:
                node.scrollIntoView(top)  # the log: its bottom edge, the newest lines

    @staticmethod
    def _strike_in_sight(before: str, now: str) -> None:
        """A new strike tops the side panel (style.css): scroll it there, the phone's sheet
        included. Once it waits to be seen, a keyboard player's focus goes from the map to
        Continue (it would otherwise take a shortcut to get there)."""
        if now and not before:
            side = dom.by_id("side")
            if side is not None:
                side.scrollTop = 0
        if now == "held" and before != "held":
            here = dom.js(document.activeElement)
            if here is None or here == document.body or dom.closest(here, "#map") is not None:
                seen = dom.query('[data-choice="story-seen"]')
                if seen is not None:
                    seen.focus()

    def _dialog_focus(self, f: page.Frame, active) -> bool:
        """Dialogs take the focus and give it back: a dialog that opens takes it (its safe
        choice, else its first control); one that closes returns it where it was before it
        opened. True if a dialog opened (the focus is set)."""
        names = keynav.open_layers(f.data.get("screen"), bool(f.data.get("help")))
        old = self._layers
        k = 0
        while k < min(len(old), len(names)) and old[k][0] == names[k]:
            k += 1
        back = old[k][1] if k < len(old) else None  # where the lowest closed one came from
        layers = old[:k]
        for name in names[k:]:
            layers.append((name, back if back is not None else active))
            back = None
        self._layers = layers
        if len(names) > k:  # a dialog opened
            node = dom.query(f.focus) if f.focus else None
            if node is None:
                nodes = self._focusables(names[-1])
                node = nodes[0] if nodes else None
            if node is not None:
                node.focus()
            return True
        if k < len(old):  # a dialog closed: the focus back where it was
            if back is not None and back.isConnected and back != document.body:
                back.focus()
            else:
                self._focus_lost()
        return False

    def _announce(self, announce: tuple | None) -> None:
        """The strike's sentences into the live region (#announce), only the new ones added:
        a screen reader reads each token as it is told, once."""
        node = dom.by_id("announce")
        if node is None or announce is None:
            return
        key, lines = announce
        done_key, done = self._announced
        if key != done_key:
            node.innerHTML = ""
            done = 0
        for line in lines[done:]:
            node.insertAdjacentHTML("beforeend", f"<p>{esc(line)}</p>")
        self._announced = (key, max(done, len(lines)))

    def _focus_lost(self) -> None:
        """The focused element went away in a render (a count button once chosen, a token
        moved): the focus goes to the map's stop, else the decision's first button."""
        if self._layers:
            nodes = self._focusables(self._layers[-1][0])
            if nodes:
                nodes[0].focus()
            return
        if not self.map.focus_stop():
            node = dom.query("#bar button")
            if node is not None:
                node.focus()

    @staticmethod
    def _toolbar(f: page.Frame) -> None:
        undo = dom.query('#toolbar [data-choice="undo"]')
        if undo is not None:
            if (bool(undo.disabled), str(undo.title)) != (f.undo["disabled"], f.undo["text"]):
                undo.disabled = f.undo["disabled"]  # (each write restyles: only changes)
                undo.title = f.undo["text"]
                undo.dataset.reason = f.undo["reason"]
            dom.set_text("undo-why", f.undo["text"])
            why = dom.by_id("undo-why")  # two lines at most: the whole reason on hover
            if why is not None and str(why.title) != f.undo["text"]:
                why.title = f.undo["text"]
        for choice, disabled in f.disabled.items():
            node = dom.query(f'#toolbar [data-choice="{choice}"]')
            if node is not None and bool(node.disabled) != disabled:
                node.disabled = disabled
        pace = dom.by_id("pace")
        if pace is not None and f.pace and str(pace.value) != f.pace:
            pace.value = f.pace
        for choice, pressed in f.pressed.items():
            node = dom.query(f'#toolbar [data-choice="{choice}"]')
            value = "true" if pressed else "false"
            if node is not None and dom.attr(node, "aria-pressed") != value:
                node.setAttribute("aria-pressed", value)
