"""The whole page as a pure function of the model: :func:`frame`.

Why a frame: rendering decides what every part of the page shows — the map, the panels, the
status and notice lines, the toolbar, the dialog on top, the body's data attributes — from the
model alone, as strings and flags; the painter (browser/paint.py) writes the frame to the DOM,
only what changed. So what a player sees after any event is checkable on CPython.

The game is read through what the seat at the screen may know (model/seat_view.py): its view
(``Game.view``, R8), the legal actions when it is to act, the log. The board is the public
view while a pass screen shows, bots play, or the replay is open.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from model import shown_turn
from model.game_config import computer_label, default_seats
from model.pace import DEFAULT, PACES, motion_ms, name_of
from model.seat_view import SeatTable
from model.targets import Offer
from model.turn import current_offer, human_turn
from model.ui_state import Model, Pick, Prefs, Story, Ui, waits_at_table
from model.values import replace
from text.catalogue import join_and, region, t

import rattus
from render import (
    analysis,
    board,
    dock,
    ending,
    how_to_play,
    kept_games_panel,
    motion_paths,
    odds_overlay,
    online_table,
    presence,
)
from render import panels as panels
from render.board_layout import ARRANGEMENTS, SCREENS, Arrangement, board_name

if TYPE_CHECKING:
    from model.replay import Replay

    from rattus.shapes import View

#: Seats to draw the legend of How to play with before any game is on.
DEMO_SEATS = default_seats(2)


@dataclass
class Frame:
    html: dict = field(default_factory=dict)  # element id -> inner HTML
    text: dict = field(default_factory=dict)  # element id -> text
    shown: dict = field(default_factory=dict)  # element id -> visible
    data: dict = field(default_factory=dict)  # body data-* attributes
    #: the dock's tabs that hold news, and those where the decision may be taken (dock.dock)
    dock_marks: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
    map: tuple | None = None  # (region path states, overlay SVG), see board.draw
    board: str = "tall"  # the board's arrangement (render/board_layout.py), drawn whole anew
    #: What to act out on the board now (render/motion_paths.py) under a key, so that each is
    #: played once: (key, [motion], milliseconds each); None: nothing moves.
    motion: tuple | None = None
    notice_is_news: bool = False
    undo: dict = field(default_factory=dict)  # the Undo button: disabled, reason, text
    disabled: dict = field(default_factory=dict)  # toolbar choice -> disabled
    focus: str | None = None  # a selector to focus if nothing is (a dialog's safe choice)
    pressed: dict = field(default_factory=dict)  # toolbar toggle -> pressed
    pace: str = ""  # the pace shown in the toolbar's choice
    scroll_log_to_current: bool = False  # the replay: its move's lines in the middle
    stops: dict = field(default_factory=dict)  # the arrow keys' places (board.stops)
    stop_targets: list = field(default_factory=list)  # … the decision's targets among them
    announce: tuple | None = None  # (the strike's key, its sentences told so far): read out


#: No click guarded (model/ui_state.py ``Done.marks``).
NO_GUARD = {"guardUntil": "", "guardAimed": "", "aimedUntil": ""}


def frame(model: Model, all_regions=rattus.REGIONS) -> Frame:
    f = Frame()
    ui, prefs, table = model.ui, model.prefs, model.session
    # the board in the arrangement the screen wants, framed to the game's regions in play
    # (R2.1); the body says which screen's (style.css)
    screen = prefs.board if prefs.board in SCREENS else "tall"
    f.data["board"] = screen
    f.board = board_name(screen, len(table.seats) if table else 4)
    _toolbar(f, ui, prefs, table)
    f.text["notice"] = ui.notice
    f.shown["notice"] = bool(ui.notice)
    f.notice_is_news = ui.notice_is_news
    f.html["update"] = panels.update_offer() if prefs.update_ready else ""
    f.shown["update"] = prefs.update_ready
    f.html["online"] = online_table.online(ui.online, table.seats if table else [],
                                     prefs.turn_alert) if ui.online is not None else ""
    f.data["turnAlert"] = "1" if ui.online is not None and prefs.turn_alert else ""
    f.shown["online"] = ui.online is not None
    f.html["plan"], f.shown["plan"] = "", False  # ("Show my turn": a live turn's, below)
    f.text["status-note"] = ""  # (the end seen coming: a live turn's, below)
    f.data["strike"] = f.data["strikeStrip"] = ""  # (a strike told: a live game's, below)
    f.data["planActions"] = ""
    f.data.update(ui.done.marks() if ui.done is not None else NO_GUARD)
    # a narrow screen: the sheet open over the board, and the dock's tabs (render/dock.py)
    f.data["sheet"] = ui.sheet
    f.text["sheet-title"] = dock.sheet_title(ui.sheet)
    if table is not None and ui.replay is not None:
        _replay(f, ui.replay, prefs, table, all_regions, ARRANGEMENTS[f.board])
    elif table is not None:
        _live(f, ui, prefs, table, all_regions, ARRANGEMENTS[f.board])
    else:
        f.text["status"] = (presence.joining(ui.online) if ui.online is not None
                            else t("status.new_game"))
        if ui.online is not None:  # (in the bar too: a phone shows no side panel)
            f.html["bar"] = presence.retry_button(ui.online, key=False)
    f.html["dock"] = dock.dock(ui.sheet, *f.dock_marks, way=_way(ui.online))
    _screen(f, ui, table)
    return f


def _live(f: Frame, ui: Ui, prefs: Prefs, s: SeatTable, all_regions, lay: Arrangement) -> None:
    view = s.view()
    seats = s.seats
    o = current_offer(ui, s, view)
    # a hint is for the position as it stands: a pick under way (a mode, a region asked
    # about) leaves its first click behind, so the mark would point at something else
    hint = ui.hint if ui.hint is not None and ui.hint["step"] == s.step and ui.pick == Pick() \
        else None
    if hint is not None:
        o.hint = hint_target(hint["action"])
    f.data["hintAction"] = hint["action"] if hint is not None else ""  # (its notation: tests)
    # "Show my turn": its next step is marked as a hint is, the steps listed beside the board
    plan = shown_turn.current(ui.plan, s)
    if plan is not None and ui.pick == Pick():
        o.hint = hint_target(plan["steps"][plan["at"]][0])
    f.html["plan"] = panels.shown_turn(plan, s.names) if plan is not None else ""
    f.shown["plan"] = plan is not None
    f.data["planActions"] = (";".join(step[0] for step in plan["steps"][plan["at"]:])
                             if plan is not None else "")  # (the steps still to play: tests)
    story = ui.story
    waiting = None  # what the bots wait for: the player has seen the strike, or "Next"
    mover = s.names[s.current] if s.current is not None else ""  # ("": the game is over)
    computer = computer_label(mover)  # (as a computer's turn says it)
    telling = ui.busy and story.on_map and bool(story.items)
    if telling:  # a strike being told: nothing to click on the board until it is told
        o = Offer(hint=o.hint)
    if ui.elsewhere:  # played in another tab: this one only shows it
        status = t("status.elsewhere")
    elif telling and not (s.is_over and story.final):
        status = t("status.striking", regions=join_and([region(r) for r in story.regions]))
    elif human_turn(s):
        status = o.status
        # the end seen coming (R7.1a, R7.1b): a line of its own under the status line
        # and while the Witch decides, what it saw (R6.6: a phone's board shows a face's
        # threshold alone)
        seen = panels.known_faces(view) if view["decision"]["kind"] == "witch" else []
        f.text["status-note"] = " ".join(
            note for note in ("; ".join(seen), ending.supply_note(view), ending.cubes_note(view))
            if note)
    elif s.is_over and ui.busy and story.final:  # the end is being told (R7.3)
        status = t("status.final_plague")
    elif s.is_over and story.hold:  # the final plague told: seen before the results
        waiting = "story-seen"
        status = t("status.final_seen")
    elif view["winner"] is not None:  # over: the view names the winner (null while it runs)
        winner = view["winner"]  # (a friend's seat the computer played: said so)
        status = t("status.over", name=panels.played_name(
            s.seats[winner], getattr(s, "played_by", {}).get(winner)))
    elif s.pass_to is not None:
        status = t("status.pass", name=s.names[s.pass_to])
    elif ui.busy and story.items:  # a strike is being told: say so, whoever plays next
        status = t("status.striking", regions=join_and([region(r) for r in story.regions]))
    elif story.hold:
        waiting = "story-seen"
        status = t("status.seen", regions=join_and([region(r) for r in story.regions]),
                   name=mover)
    elif ui.coach is not None and ui.coach.holds_bots and s.is_bot(s.current):
        waiting = f"coach-ok:{ui.coach.note}"  # (the lesson: the computer waits until its
        # note is read)
        status = t("status.lesson_read", name=mover)
    elif prefs.stepping and not ui.go and not ui.busy:
        waiting = "bot-next"
        # step by step: each step says what the move before it did (the log's lines of that
        # move, the engine's events narrated), then who plays next
        what = s.last_move_text() if s.step else ""
        status = (t("status.bot_next_after", what=what, name=computer) if what
                  else t("status.bot_next", name=computer))
    elif s.current is not None and not s.is_bot(s.current):  # online: a human elsewhere
        status = presence.waiting_on(ui.online, s.current, mover) or t("status.remote",
                                                                       name=mover)
    elif view["last_regular"] is not None:  # the final round (R7.2): said, not only logged
        status = t("status.bot_final", name=computer)
    elif s.step and s.is_bot(s.last_actor()):  # a computer's move: said, as its turn goes on
        status = t("status.bot_after", what=s.last_move_text(), name=computer)
    else:
        status = t("status.bot", name=computer)
    online = ui.online
    if (online is not None and online.role == "guest" and not s.is_over
            and (not online.host_here or online.problem)):
        status = presence.host_away(online) if not online.problem else t(
            "online.refused." + online.problem)
    table_said = _table_status(ui, s)
    if table_said:
        status = table_said
    f.data["yourTurn"] = "1" if online is not None and human_turn(s) else ""
    upto = story.upto if ui.busy else len(story.items)
    shaded = odds_overlay.cached(s, view) if prefs.odds and s.viewer is not None else None
    f.html["odds-key"] = odds_overlay.key() if shaded is not None else ""
    f.shown["odds-key"] = shaded is not None
    # a card just taken (R4.1, R6): marked new in its taker's row
    taken = frozenset(e["card"] for e in ui.acted if e["kind"] == "card_taken")
    f.map = board.draw(all_regions, view, o, seats, story if story.on_map else None, upto,
                       telling=ui.busy, risks=shaded, lay=lay, taken=taken)
    f.stops, f.stop_targets = board.stops(view, o, lay)
    f.motion = _motion(ui, prefs, s, view, story, upto, lay)
    f.html["board-text"] = panels.board_text(view, seats)
    if story.on_map and story.items:  # read out token by token as it is told
        f.announce = (f"{s.step}:{','.join(story.regions)}",
                      panels.strike_sentences(story, seats, upto))
    f.html["players"] = panels.players(view, seats, s.is_over,
                                       online.connected if online is not None else None,
                                       you=s.viewer, online=online)
    f.html["cards"] = panels.cards(view, seats, o)
    if ui.elsewhere:
        f.html["bar"] = kept_games_panel.elsewhere_bar()
    elif s.pass_to is not None:  # the pass prompt sits in the bar: the board stays in sight
        # how much the next player knows, as a count only: no face leaves that seat's view
        f.html["bar"] = panels.pass_screen(s.names[s.pass_to], s.pass_knows())
    elif waiting is not None:
        f.html["bar"] = panels.wait_button(waiting)
    elif s.is_over and ui.results_closed and not ui.busy:  # the results, and the rematch
        f.html["bar"] = panels.after_results(online.role if online is not None else "")
    else:
        f.html["bar"] = panels.buttons(o)
    me = s.viewer if human_turn(s) else None  # the digest is for the player to move
    digest = s.since_last_turn(me) if me is not None else []
    lost = s.lost_since_last_turn(me) if me is not None and digest else 0
    f.html["digest"] = panels.digest(digest, lost)
    f.shown["digest"] = bool(digest)
    # … and in short in the status box (a phone's: its side panels are sheets), what changed
    # for the player: a card taken from them first, then the cubes they lost
    taken_from_me = s.taken_from(me) if me is not None and digest else []
    f.text["status-digest"] = (panels.digest_short(taken_from_me, lost, s.names)
                               if taken_from_me or lost else "")
    f.html["ending"] = ending.banner(s, view)  # the final round (R7.2, R7.3)
    f.shown["ending"] = bool(f.html["ending"])
    f.html["known"] = panels.known(view) if view["knows"] else ""
    f.shown["known"] = bool(view["knows"])
    done = ui.done
    if done is not None and ui.notice == (t("done.held", done=done.text) if done.spent
                                          else done.text):
        # what a click did by itself leads the status line, in the first screen (on a phone
        # the notice line is under the map), said once (the notice line stays hidden)
        status = f"{ui.notice} {status}"
        f.shown["notice"] = False
    f.text["status"] = status
    f.html["status-help"] = panels.help_button(_help_for(ui, view) if human_turn(s) else None)
    f.html["coach"] = (panels.coach_note(ui.coach.note, view, s.viewer,
                                         [seat.name for seat in seats], ui.pick.mode)
                       if ui.coach is not None else "")
    f.shown["coach"] = ui.coach is not None
    note = ui.coach.note if ui.coach is not None else None
    # the thing to click pulses (style.css); "now": the line of what to do between notes
    now = ui.coach is not None and note is None and 'data-now="' in f.html["coach"]
    # (the lesson over, its summary in the results: its bar gives a phone's status back, as
    # between two notes)
    f.data["coach"] = "now" if now or note == "end" else (note or "").split(".")[0]
    f.data["coachNote"] = note or ""
    # "Last strike": the strike being told, else the newest in the log (never an older one)
    shown = story if story.on_map and story.items else newest_strike(s) or story
    f.html["strike"] = panels.strike_panel(shown, seats, upto if shown is story
                                           else len(shown.items))
    f.shown["strike"] = bool(shown.items)
    # a strike being told, or waiting to be seen, tops the side panel (style.css): the status
    # line sends the player there
    f.data["strike"] = ("held" if waiting == "story-seen" else
                        "told" if story.on_map and story.items else "")
    # … and on a phone, a strip at the board's foot while it is told and until it is seen
    # (style.css), unless a sheet is open: not once the player's turn goes on (the supply is
    # under it)
    f.data["strikeStrip"] = "1" if (telling or waiting == "story-seen") and not ui.sheet else ""
    if prefs.show_log:
        f.html["log"] = panels.log(s.log)  # its box keeps the newest line in view (CSS)
    f.shown["log"] = prefs.show_log
    viewer = s.viewer
    f.text["viewer"] = (t("ui.you_are", name=s.names[viewer]) if viewer is not None
                        else t("ui.spectator"))
    current = s.current
    # the dock's marks: the others' moves since this player's last turn, a strike waiting to
    # be seen; a card another player holds that may be taken from the cards' sheet alone
    f.dock_marks = (
        frozenset(("history",) if digest or waiting == "story-seen" else ()),
        frozenset(("cards",) if not lay.held_cards_targets and any(
            view["cards"][c] is not None for c in o.cards) else ()))
    f.data.update(replayStep="", replayStrike="", actions=str(s.step), phase=s.phase,
                  current="" if current is None else str(current),
                  viewer="" if viewer is None else str(viewer), busy="1" if ui.busy else "",
                  mode=ui.pick.mode or "")


_newest: dict = {}


def newest_strike(table: SeatTable) -> Story | None:
    """The newest strike in the table's log as a told story (R5.3–R5.5, R7.3), read once per
    length of the log."""
    key = (id(table), len(table.log), table.step)
    if key not in _newest:
        _newest.clear()
        found = table.newest_strike()
        _newest[key] = Story.from_events(found[1]) if found is not None else None
    return _newest[key]


_analysis: dict = {}


def analysis_panel(session) -> str:
    """The post-game analysis of a finished game (``SeatTable.finished``), computed once (it
    replays the game)."""
    key = (id(session), len(session.game.history))
    if key not in _analysis:
        _analysis.clear()
        _analysis[key] = analysis.panel(analysis.analyse(session), session.config.seats)
    return _analysis[key]


def hint_target(action: str) -> tuple[str, object]:
    """What to highlight for a hinted action: its first click (a region, a token, a card or
    a button), as a player would make it."""
    a = rattus.parse_action(action)
    kind, args = a.kind, a.args
    if kind == "take":
        return ("card", args[0])
    if kind in ("monk", "witch") and len(args) >= 2 and isinstance(args[1], int):
        return ("token", (args[0], args[1]))
    if kind in ("setup", "place", "spread", "plague", "king", "merchant"):
        return ("region", args[0])
    return ("choice", f"{kind}:{args[0]}" if args else kind)


def _motion(ui: Ui, prefs: Prefs, s: SeatTable, view: View, story: Story, upto: int,
            lay: Arrangement):
    """The changes to act out: the last action's (its key the step), then at a strike being
    told the cubes each revealed token cost (its key the step and the token). None at instant
    pace or with reduced motion: then nothing moves."""
    if not prefs.motion or s.pace_ms <= 0:
        return None
    duration = motion_ms(s.pace_ms)
    if ui.busy and story.on_map and upto:
        return (f"{s.step}:{upto}", motion_paths.kills(story.items[upto - 1], s.seats, lay),
                duration)
    return (f"{s.step}:0", motion_paths.paths(ui.acted, view, s.seats, lay), duration)


def _help_for(ui: Ui, view: View) -> str:
    """The part of How to play that explains the decision in front of the player."""
    return how_to_play.FOR_DECISION.get(ui.pick.mode or view["decision"]["kind"], "turn")


def _way(online) -> str:
    """How this device reaches the others, in one word for the dock: a guest its way to the
    host; the host "relay" if any friend's device is reached through the relays."""
    if online is None:
        return ""
    if not online.direct:
        return "relay"
    ways = (online.way,) if online.role == "guest" else online.ways
    return "relay" if "relay" in ways else "direct" if "direct" in ways else ""


def _replay(f: Frame, r: Replay, prefs: Prefs, s: SeatTable, all_regions,
            lay: Arrangement) -> None:
    """A past position, public view only (the cursor ``r``, model/replay.py, replays the
    history); the live game is not touched."""
    view = r.view()
    seats = s.seats
    story = Story.from_events(r.public_events) or Story()
    if r.strike is not None and r.strike in story.regions:  # a moment: that strike alone
        mine = story.neutral_region == r.strike  # (the Knight's cubes: in this region?)
        story = replace(story, regions=(r.strike,),
                        items=tuple(i for i in story.items if i["region"] == r.strike),
                        neutral=story.neutral if mine else 0,
                        neutral_region=story.neutral_region if mine else None)
    f.map = board.draw(all_regions, view, Offer(), seats,
                       story if story.items else None, len(story.items), lay=lay)
    f.stops, f.stop_targets = board.stops(view, Offer(), lay)
    f.html["board-text"] = panels.board_text(view, seats)
    f.html["players"] = panels.players(view, seats, r.position.is_over, you=s.viewer)
    f.html["cards"] = panels.cards(view, seats, Offer())
    f.html["bar"] = panels.replay_bar(r.step, r.total, s.is_over)
    if r.step == 0:
        status = t("status.replay_start", total=r.total)
    elif r.strike is not None and r.strike in story.regions:  # the strike it was opened at
        status = t("status.replay", step=r.step, total=r.total,
                   what=t("replay.strike", region=region(r.strike)))
    else:  # the move's first log line (the log below marks all of them)
        lines = s.lines_of(r.step)
        status = t("status.replay", step=r.step, total=r.total,
                   what=lines[0] if lines else r.action)
    f.text["status"] = status
    f.html["strike"] = panels.strike_panel(story, seats, len(story.items))
    f.shown["strike"] = bool(story.items)
    if prefs.show_log:
        f.html["log"] = panels.log(s.log, s.log_steps, r.step)
        f.scroll_log_to_current = True
    f.shown["log"] = prefs.show_log
    f.text["viewer"] = t("ui.replay_over" if s.is_over else "ui.replay_public")
    f.shown["digest"] = f.shown["known"] = f.shown["coach"] = f.shown["ending"] = False
    f.text["status-digest"] = ""
    f.shown["odds-key"] = False
    f.html["status-help"] = ""
    f.data.update(replayStep=str(r.step), mode="", coach="",
                  replayStrike=r.strike if r.strike in story.regions else "")


def _table_status(ui: Ui, s: SeatTable) -> str:
    """An online game's status before the start (the table), or while the computer plays
    this guest's seat (docs/online.md): said at the top of the page, in view."""
    if s.is_over or ui.online is None:
        return ""
    if waits_at_table(ui, s):
        return t("online.table.press_start")
    if not s.holds_game:
        host = _host_name(s)
        if getattr(s, "waiting", False):
            return online_table.waiting_for(s.seats, getattr(s, "here", []), host)
        if s.viewer is not None and s.is_bot(s.viewer):
            return t("online.computer_plays_you", name=host)
    return ""


def _host_name(s: SeatTable) -> str:
    return next((x.name for x in s.seats if x.kind == "human"),
                s.seats[0].name if s.seats else "")


def _toolbar(f: Frame, ui: Ui, prefs: Prefs, s: SeatTable | None) -> None:
    """Undo (disabled with the reason, visible and as its description), replay, export."""
    reason: str | None
    if s is None:
        reason = "start"
    elif ui.replay is not None:
        reason = "replay"
    elif ui.elsewhere:
        reason = "elsewhere"
    else:
        reason = s.undo_blocker
    if s is None or (reason is not None and ui.screen == "new-game"):
        text = ""  # nothing to explain behind the new-game dialog
    elif reason is None:
        what = s.last_move_text()
        text = t("undo.ok", what=what) if what else t("undo.ok_plain")
    else:
        text = t("undo.why." + reason)
    f.undo = {"disabled": reason is not None or ui.busy, "reason": reason or "", "text": text}
    # a guest's page holds the whole game (to save, to replay) once it is over
    unheld = s is not None and not s.holds_game and s.finished() is None
    f.disabled["export"] = s is None or ui.replay is not None or unheld
    f.disabled["replay-enter"] = (s is None or ui.replay is not None or ui.busy
                                  or not s.step or unheld)  # nothing to replay at move 0
    f.pressed["toggle-log"] = prefs.show_log
    f.pressed["toggle-odds"] = prefs.odds
    f.disabled["hint"] = (s is None or ui.hinting or ui.replay is not None or ui.elsewhere
                          or not human_turn(s))
    f.disabled["show-turn"] = f.disabled["hint"] or ui.planning
    f.pace = ("step" if prefs.stepping else
              name_of(s.pace_ms if s is not None else
                      prefs.pace_ms if prefs.pace_ms is not None else PACES[DEFAULT]))


def _screen(f: Frame, ui: Ui, s: SeatTable | None) -> None:
    """The dialog on top of the board, if any, and the body's ``data-screen``."""
    screen: str | None = None
    html = ""
    if ui.question is not None:
        q = ui.question
        screen = "confirm"
        html = panels.confirm(q.text, ("confirm-yes", q.yes), ("confirm-no", q.no))
    elif ui.screen == "new-game":
        screen = "new-game"
        draft = ui.draft
        html = panels.new_game_dialog(draft.shown or draft.config, draft.problem,
                                      can_cancel=s is not None)
    elif ui.screen == "welcome":
        screen, html = "welcome", panels.welcome()
    elif ui.screen == "games" and ui.games is not None:
        screen = "games"
        html = kept_games_panel.listing(ui.games, s.slot if s is not None else None)
    elif ui.screen == "analysis" and s is not None and s.finished() is not None:
        screen, html = "analysis", analysis_panel(s.finished())
    elif ui.online is not None and ui.online.role == "host" and waits_at_table(ui, s):
        screen, html = "table", online_table.table_host(ui.online, s.seats)  # type: ignore[union-attr]
    elif (s is not None and not s.holds_game and getattr(s, "waiting", False)
          and ui.replay is None):
        screen = "table"
        html = online_table.table_guest(s.seats, getattr(s, "here", []), s.viewer, _host_name(s))
    elif (s is not None and s.is_over and not ui.results_closed and not ui.busy
          and not ui.story.hold and ui.replay is None and not _lesson_note(ui, "final_plague")):
        online = ui.online
        role = "" if online is None else online.role  # (an online game: Rematch)
        if online is not None and role == "guest" and not online.host_here:
            role = "guest-alone"  # (a rematch needs the host's page)
        screen, html = "results", panels.results(  # (the lesson:
            s.public_view(), s.seats, getattr(s, "played_by", {}), role)
        if _lesson_note(ui, "end"):  # the board first, then the summary in the results)
            html = html.replace('<div class="dialog-buttons">', panels.lesson_summary()
                                + '<div class="dialog-buttons">', 1)
    if screen in ("welcome", "results", "analysis", "games", "table") and ui.notice:  # a dialog
        html = panels.with_notice(html, ui.notice, ui.notice_is_news)  # notice line: repeat it
    f.html["screen"] = html
    f.html["help"] = how_to_play.panel(s.seats if s is not None else DEMO_SEATS) \
        if ui.help is not None else ""
    f.shown["help"] = ui.help is not None
    if screen == "new-game":  # after the dialog: the names as typed (see ui.Draft)
        f.html["dlg-start"] = panels.start_options(ui.draft.config)
    f.shown["screen"] = screen is not None
    if screen is None and ui.replay is not None:
        screen = "replay"
    elif screen is None and s is not None and ui.elsewhere:
        screen = "elsewhere"  # played in another tab: said in the decision bar
    elif screen is None and s is not None and s.pass_to is not None:
        screen = "pass"  # shown in the decision bar over the public view
    f.data["screen"] = screen or "board"
    focus = {"new-game": '.dialog[data-screen="new-game"] input',  # (not the body's)
             "confirm": '[data-choice="confirm-no"]',
             "welcome": '[data-choice="quick-play"]',
             "games": '[data-choice="games-close"]',
             "table": "#table-title",
             # a long dialog opens at its top: its title takes the focus, not the first
             # moment's button halfway down (which the browser would scroll to)
             "analysis": "#analysis-title"}
    f.focus = focus.get(screen) if screen is not None else None
    if ui.help is not None:
        f.focus = '[data-choice="close-rules"]'
    f.data["help"] = ui.help or ""


def _lesson_note(ui, note: str) -> bool:
    return ui.coach is not None and ui.coach.note == note
