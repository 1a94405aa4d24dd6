"""Painting: the frame of the model (render/frame.py) written to the DOM, only where it
changed — a subscriber of the store, the only code that renders.

Why only changes: every write restyles the page, and a panel written again loses its scroll
position and the focus inside it. What the frame cannot say as strings — the map's classes,
the live region read by screen readers, the toolbar's states, the focus — is done here.
"""

from __future__ import annotations

from control import keys
from model.ui_state import Model
from pyodide.ffi import create_proxy
from pyscript import document, window
from render import frame as page_frame
from render.board_layout import ARRANGEMENTS
from render.escaping import esc
from text.catalogue import t

import rattus
from browser import dom, strike_strip
from browser.focus import Focus
from browser.map_view import MapView
from browser.motion import Motion

#: The panels that grow at their end as the game goes on, and that no other write reaches:
#: their new part is added (browser/dom.py ``set_html``).
GROWING = frozenset({"log"})


class Painter:
    def __init__(self, map_view: MapView, focus: Focus):
        self.map = map_view
        self.focus = focus
        self.zoom = None  # a touch screen: browser/touch.py's MapZoom
        self.status_box = None  # a phone's status box of one height: browser/status_box.py
        self.motion: Motion | None = None  # the board's changes acted out (browser/motion.py)
        self._reveal: tuple[str, bool] | None = None  # scroll into view after the next paint
        self._announced: tuple[str | None, int] = (None, 0)  # the strike read out, how far
        self._data: dict[str, str] = {}  # the body's data attributes as last written
        self._tools: tuple | None = None  # the toolbar's states as last written
        self._your_turn = ""  # an online game: this device's turn, at the last paint
        self._first = True  # the first paint: the first screen's board is taken over
        self._written: set[str] = set()  # this paint's panels written around the focus
        # whether the side panel is scrolled away from its top (None: not known yet), kept by
        # its scroll events: a scroll position read or written after the frame's writes would
        # have the browser lay the page out there and then (_strike_in_sight)
        self._side_scrolled: bool | None = None
        side = dom.by_id("side")
        if side is not None:
            self._on_side_scroll = create_proxy(
                lambda _event: setattr(self, "_side_scrolled", float(side.scrollTop) > 0))
            side.addEventListener("scroll", self._on_side_scroll)

    def reveal_next(self, key: str, top: bool) -> None:
        """After the next paint, scroll the element ``key`` into view (its top edge, or its
        bottom: the log's newest lines)."""
        self._reveal = (key, top)

    def __call__(self, model: Model) -> None:
        focus = dom.focused_key()
        active = dom.js(document.activeElement)
        f = page_frame.frame(model, rattus.REGIONS)
        self._written = set()
        if (active is not None and active != document.body and self._doomed(active, f)
                and not self._keep_focused(active, focus, f)
                and not self._focus_ahead(focus, f)):
            active.blur()  # (see _doomed)
        self._arrange(f.board)
        if f.map is not None:
            self.map.apply(*f.map)
            if self.motion is not None:
                self.motion.play(f.motion)
            self.map.rove(f.stops, f.stop_targets)
        changed = self._written | {key for key, html in f.html.items()
                                   if dom.set_html(key, html, grows=key in GROWING)}
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
        ds, data = document.body.dataset, self._data
        note = f.data.get("coachNote")
        if note and note != data.get("coachNote", ""):
            window.rattusCoachLog.push(f"{note} {f.data.get('actions', data.get('actions'))}")
        was_striking = data.get("strike", "")
        sheet = f.data.get("sheet", "")
        if sheet and sheet != data.get("sheet", ""):  # a sheet opens at its top
            side = dom.by_id("side")
            if side is not None and float(side.scrollTop) > 0:
                side.scrollTop = 0
                self._side_scrolled = False
        for key, value in f.data.items():
            if data.get(key) != value:  # (each crossing into the page costs: only changes)
                setattr(ds, key, value)
                data[key] = value
        self._announce(f.announce)
        opened = self.focus.dialogs(f.data.get("screen"), bool(f.data.get("help")), f.focus,
                                    active)
        if f.focus is not None and not opened:  # keyboard users land in the dialog
            node = dom.query(f.focus)
            if node is not None and document.activeElement == document.body:
                node.focus()
        if not opened:
            dom.refocus(focus)
            if (dom.js(document.activeElement) in (None, document.body)
                    and active not in (None, document.body)):
                self.focus.lost()
        self._strike_in_sight(was_striking, f.data.get("strike", ""), "strike" in changed)
        if self.status_box is not None:
            self.status_box.after_paint()
        self._online(f.data.get("yourTurn", ""), bool(f.html.get("online")),
                     bool(f.data.get("turnAlert")))
        if self._reveal is not None:
            (key, top), self._reveal = self._reveal, None
            node = dom.by_id(key)
            if node is not None:
                node.scrollIntoView(top)

    def _arrange(self, name: str) -> None:
        """The board in the arrangement the frame wants: drawn anew, whole, when the screen
        changed shape (and the first screen's sketch of the other one dropped at the first
        paint)."""
        if self._first:
            self._first = False
            self.map.settle_first_screen()
        if name == self.map.arrangement:
            return
        self.map.arrange(ARRANGEMENTS[name])  # (a focus on the board is lost: see __call__)
        if self.motion is not None:
            self.motion.mount(self.map.svg)
        if self.zoom is not None:  # (a touch screen: the whole board, in its new shape)
            self.zoom.whole()

    def _doomed(self, active, f: page_frame.Frame) -> bool:
        """Whether the focused element is about to be written away (the button just clicked,
        in a panel drawn anew). It is let go of first, while the page is as the last frame
        left it: let go of in the middle of the writes, the browser would work out the
        styles of all that was written so far, and again after the rest."""
        for key, html in f.html.items():
            if dom.written(key) != html:
                node = dom.by_id(key)
                if node is not None and node.contains(active):
                    return True
        return f.map is not None and self.map.rewrites(active, f.map[1])

    def _keep_focused(self, active, key: str | None, f: page_frame.Frame) -> bool:
        """The focused element's panel (or map layer) is drawn anew with that element in it
        again (its ``data-key``: a card taken, a button pressed, a rat token looked at): it is
        written around it, and the focus stays on it (browser/dom.py ``keep_focused``). True
        if it was."""
        if not key:
            return False
        if f.map is not None and dom.closest(active, "svg#map") is not None:
            return self.map.keep_focused(active, key, f.map[1])
        panels = [panel for panel, html in f.html.items() if dom.written(panel) != html
                  and (node := dom.by_id(panel)) is not None and node.contains(active)]
        if len(panels) != 1 or not dom.keep_focused(panels[0], f.html[panels[0]], key):
            return False
        self._written.add(panels[0])
        return True

    def _focus_ahead(self, key: str | None, f: page_frame.Frame) -> bool:
        """The focused element is about to be written away and nothing drawn takes its place
        (its ``data-key``): the focus goes now where it would land after the writes — the
        map's Tab stop, as :meth:`Focus.lost` gives it — if that stop is drawn already and
        stays. True if it went. Why now: the page is still as the last frame laid it out;
        moved after the writes, the focus would have the browser lay the whole page out
        there and then, within the click."""
        if (f.map is None or f.focus is not None or self.focus.layers
                or keys.open_layers(f.data.get("screen"), bool(f.data.get("help")))):
            return False  # (a dialog: browser/focus.py places the focus)
        if key and self._drawn_again(key, f):
            return False  # (dom.refocus finds it there after the writes)
        stop = self.map.next_stop(f.stops, f.stop_targets)
        node = self.map.node(stop) if stop is not None else None
        if node is None or self.map.rewrites(node, f.map[1]):
            return False
        dom.focus_in_place(node)
        if dom.js(document.activeElement) != node:
            return False
        self.map.last = stop  # (as its focus event would, after the writes)
        return True

    @staticmethod
    def _drawn_again(key: str, f: page_frame.Frame) -> bool:
        """Whether an element with the ``data-key`` ``key`` is on the page after the frame's
        writes (drawn anew, or another one elsewhere)."""
        needle = f'data-key="{esc(key)}"'
        drawn = [*f.html.values(), *(f.map[1].values() if f.map is not None else ())]
        return (any(needle in html for html in drawn)
                or document.querySelectorAll(f'[data-key="{key}"]').length > 1)

    def _online(self, your_turn: str, invitations: bool, alert: bool) -> None:
        """An online game: the QR codes of the invitations drawn (web/online.js, once per
        link), and "your turn" in the tab's title, seen from another tab or window — and,
        if the player asked for it, heard and felt (a sound, a vibration) as it comes."""
        codes = document.querySelectorAll(  # (the side panel's, and the table's dialog)
            "#online .qr[data-qr], #screen .qr[data-qr]") if invitations else []
        for node in codes:
            text = str(node.dataset.qr)
            if str(getattr(node.dataset, "drawn", "") or "") != text:
                node.dataset.drawn = text
                window.rattusOnline.qr(text).then(
                    create_proxy(lambda svg, node=node: setattr(node, "innerHTML", svg)))
        base, mine = t("ui.title"), t("online.your_turn")
        title = f"{mine} — {base}" if your_turn else base
        if str(document.title) != title:  # (read back: a switch of language sets it too)
            document.title = title
        if alert and your_turn and not self._your_turn:
            window.rattusOnline.turnAlert()
        self._your_turn = your_turn

    def _strike_in_sight(self, before: str, now: str, told: bool) -> None:
        """A new strike tops the side panel (style.css): scroll it there, the phone's sheet
        included (unless it is there: the write would lay the page out); a phone's strip of
        its tokens shows the newest (``told``: a token more); once it waits to be seen, the
        first that cost a cube, and Continue takes the focus (browser/focus.py)."""
        if now and not before and self._side_scrolled is not False:
            side = dom.by_id("side")
            if side is not None:
                side.scrollTop = 0
                self._side_scrolled = False
        if now and told:
            strike_strip.show_the_newest()
        if now and (told or now != before):  # (its page buttons)
            strike_strip.mark_ends()
        if now == "held" and before != "held":
            strike_strip.show_the_cost()
            self.focus.to_continue()

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

    def _toolbar(self, f: page_frame.Frame) -> None:
        tools = (tuple(f.undo.items()), tuple(f.disabled.items()), f.pace,
                 tuple(f.pressed.items()))
        if tools == self._tools:  # (most moves change none of it)
            return
        self._tools = tools
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
