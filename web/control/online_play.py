"""The update function's part of an online game (docs/online.md): the room's news, a guest's
table taking the host's state, the host's refusals in words, and the online controls.

Why here, beside the update function: on a guest's page a click is worked out exactly as on a
local seat's (model/targets.py, from the legal actions the host sent) — but the action goes to
the host (``SendAction``) instead of the store applying it, and a refused click asks the host
why (``AskWhy``): the guest holds no engine game to ask. Everything else of the page reads
the guest's table through ``SeatTable`` and needs nothing from here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from model import page_events as ev
from model import shown_turn
from model.game_config import Config, Seat, unnamed
from model.ice_servers import read_ice
from model.ui_state import Model, Pick, Question, Story, Ui, waits_at_table
from model.values import replace
from text.catalogue import t

from control import new_game_dialog

#: The refusals a guest's page words itself (the rest: "could not read").
WORDED = frozenset({"not-your-turn", "no-seat", "bad-secret", "no-game", "seat-taken", "site",
                    "taken", "stale", "not-started", "computer"})
#: The refusals that stop this device playing until the player does something ("taken": the
#: host told this device that another one took its seat).
STOPPING = frozenset({"seat-taken", "taken", "site", "bad-secret", "no-seat"})


def is_guest(session) -> bool:
    """The game on the page lives on a host's page (a remote table)."""
    return session is not None and not session.holds_game


#: The page's controls that read a guest's table (through ``SeatTable``); the others (new
#: game, files, "Your games", the replay of a game in progress) see no game on a guest's
#: page: the game is the host's to save, undo or replay.
GUEST_READS = frozenset({"hint", "show-turn", "plan-next", "plan-all", "plan-close",
                         "analysis", "close-analysis", "story-seen", "undo",
                         "toggle-rules", "close-rules", "close-results", "open-results",
                         "help", "coach-ok", "online-take-seat"})


def page_table(session, choice: str):
    """The game a page control is given: on a guest's page, its table only for the controls
    that read one (:data:`GUEST_READS`, the ``help:`` sections), else none."""
    if not is_guest(session) or choice in GUEST_READS or choice.startswith("help:"):
        return session
    if choice.split(":")[0] in AFTER_THE_END:  # once over: the whole game the host sent
        return session.finished()
    return None


def send(ui: Ui, action) -> tuple[Ui, ev.Effects]:
    """A guest's action: to the host; the pick is done (the host's answer comes as a state,
    or as a refusal said in the notice line)."""
    return (ui.but(pick=Pick(), notice="", notice_is_news=False, hint=None, done=None,
                   plan=shown_turn.after(ui.plan, action)),
            (ev.SendAction(str(action)),))


def ask_why(ui: Ui, meant: str) -> tuple[Ui, ev.Effects]:
    return ui, (ev.AskWhy(meant),)


def on_status(m: Model, e: ev.OnlineStatus) -> Model:
    """The room's news; at the host's table, the game starts by itself once every friend
    is here and named (docs/online.md, "The table")."""
    ui = m.ui.but(online=e.online)
    return m.but(ui=ui if m.held is None else start_if_all_here(ui, m.held))


def start_if_all_here(ui: Ui, s, seats=None) -> Ui:
    """At the host's table, the game starts by itself once every friend's device is here
    and every friend has a name (``seats``: the seats as they are about to be, a name just
    given). Asked when who is here changes, and when a friend names itself."""
    online, seats = ui.online, s.seats if seats is None else seats
    if (online is not None and online.role == "host" and waits_at_table(ui, s)
            and all(online.is_connected(seat) and not unnamed(seats[seat], seat)
                    for seat in s.remote)):
        return ui.but(started=True).news(t("online.table.all_here"))
    return ui


def on_table_news(m: Model, e: ev.TableNews) -> Model:
    """The host's player is told: a seat moved to another device, or the friend of a seat
    the computer plays came back (the panel then offers to give it back)."""
    s = m.held
    if s is None or not 0 <= e.seat < len(s.seats):
        return m
    name = s.names[e.seat]
    if e.kind == "moved":
        return m.but(ui=m.ui.news(t("online.table.moved", name=name)))
    if e.kind == "back" and s.is_bot(e.seat):
        return m.but(ui=m.ui.news(t("online.table.back", name=name)))
    return m


def start_table(ui: Ui, session) -> Ui:
    """The host's Start: the game begins with whoever is here (a friend not here yet joins
    when they come; the host may give their seat to the computer)."""
    if not waits_at_table(ui, session):
        return ui
    return ui.but(started=True).news(t("online.table.started"))


def at_table_refusal(ui: Ui, session) -> str | None:
    """Why nobody acts yet: the table waits for the host's Start (the host's page), or for
    the host to start (a guest's page)."""
    if waits_at_table(ui, session):
        return t("online.table.press_start")
    if is_guest(session) and getattr(session, "waiting", False):
        return t("online.table.wait_for", name=host_name(session))
    return None


def host_name(table) -> str:
    """Who hosts: the first seat played at the host's screen (else the first seat)."""
    seats = table.seats
    return next((s.name for s in seats if s.kind == "human"), seats[0].name if seats else "")


#: The page's controls a guest cannot use while the game lives on the host's page, and
#: why (the whole game, which only the host holds, comes when it is over).
AFTER_THE_END = ("export", "replay-enter")


def guest_cannot(session, choice: str) -> str | None:
    """Why a guest's page does not do ``choice`` now (saving, the replay, a log line before
    the game is over): said, never silent."""
    if not is_guest(session) or session.finished() is not None:
        return None
    if choice.split(":")[0] in AFTER_THE_END:
        return t("online.guest.after_end", name=host_name(session))
    return None


def leave_first(ui: Ui, session) -> Ui | tuple[Ui, ev.Effects] | None:
    """New game on a guest's page: leaving the online seat is asked first (once the game is
    over, it is left at once)."""
    if not is_guest(session):
        return None
    if session.is_over:
        return ui, (ev.Then(ev.LeaveTable()),)
    seat = session.viewer
    what = (t("online.leave.seat", name=session.names[seat]) if seat is not None
            and seat < len(session.names) else t("online.leave.watch"))
    return ui.but(question=Question(what, t("online.leave.yes"), t("btn.confirm_back"),
                                    on_yes=ev.LeaveTable()))


def on_leave_table(m: Model, e: ev.LeaveTable) -> tuple[Model, ev.Effects]:
    """The guest left its seat: the room closes on this page, the new-game dialog opens."""
    ui = Ui(help=m.ui.help, draft=m.ui.draft)
    return m.but(session=None, ui=new_game_dialog.show(ui, None)), (ev.LeaveRoom(),)


def on_guest_state(m: Model, e: ev.GuestState) -> Model:
    """The host's state reached this guest: the first one puts the game on the page (a fresh
    screen, as a game attached); later ones tell a strike the host's move caused."""
    ui, online = m.ui, m.ui.online
    if online is not None:
        online = replace(online, joined=True, host_here=True, problem="")
    if m.session is not e.table:
        fresh = Ui(help=ui.help, draft=ui.draft, online=online)
        return m.but(ui=fresh, session=e.table)
    ui = ui.but(online=online)
    if e.table.given_back:  # (the computer played this seat a while)
        ui = ui.news(t("online.given_back_you", name=host_name(e.table)))
    if not e.moved:
        return m.but(ui=ui)
    story = Story.from_events(e.events) if e.events else None
    if story is None:
        off = replace(ui.story, on_map=False) if ui.story.on_map else ui.story
        return m.but(ui=ui.but(story=off, pick=Pick()))
    shown = replace(story, on_map=True, upto=len(story.items))
    return m.but(ui=ui.but(story=shown, pick=Pick()))


def on_guest_refused(m: Model, e: ev.GuestRefused, refusal_text: Callable[[dict], str]) -> Model:
    """The host refused: said in this page's words (an illegal action with the engine's
    reason, as a local refusal is); a refusal that stops this device playing (the seat is
    taken, another version of the site) is kept in the room's state, with its way out."""
    ui = m.ui
    if e.reason == "illegal" and e.why is not None:
        return m.but(ui=ui.say(refusal_text(e.why)))
    text = t("online.refused." + (e.reason if e.reason in WORDED else "unreadable"))
    if e.reason == "seat-taken" and ui.online is not None:  # asked at once, in view
        ui = ui.but(online=replace(ui.online, problem=e.reason, joined=False),
                    question=Question(t("online.take.ask"), t("online.take_seat"),
                                      t("online.take.watch"), on_yes=ev.TakeSeatConfirmed()))
        return m.but(ui=ui.say(text))
    if e.reason in STOPPING and ui.online is not None:
        ui = ui.but(online=replace(ui.online, problem=e.reason, joined=False))
    return m.but(ui=ui.say(text))


# -- the online controls (data-choice) --------------------------------------------------------
def name_me(ui: Ui, session, fields: dict) -> tuple[Ui, ev.Effects] | Ui:
    """A guest's own name for its seat: the host renames the seat (every device and the log
    say it), and this browser remembers it for the next invitation."""
    name = " ".join(str(fields.get("name", "")).split())[:24]
    if not is_guest(session) or session.viewer is None:
        return ui
    if not name:  # (said, not silent: the table waits for a name or the host's Start)
        return ui.say(t("online.table.name_empty", name=host_name(session)))
    return ui.news(""), (ev.NameMe(name),)



def keep_turn(ui: Ui, fields: dict) -> tuple[Ui, ev.Effects] | Ui:
    """The TURN servers this device keeps for its online games (docs/online.md): one that
    cannot be read is said and nothing is kept; an empty field keeps none."""
    text = str(fields.get("turn", "")).strip()[:2000]
    good, bad = read_ice(text)
    if bad:
        return ui.say(t("online.turn.bad", server=bad[0][:120]))
    return ui.news(t("online.turn.kept" if good else "online.turn.cleared")), (
        ev.KeepTurn(",".join(good)),)


def take_seat(ui: Ui, session) -> Ui | None:
    """"Play it here": asked first — the other device holding the seat stops playing it."""
    if ui.online is None or ui.online.role != "guest":
        return None
    return ui.but(question=Question(t("online.take.ask"), t("online.take_seat"),
                                    t("online.take.watch"), on_yes=ev.TakeSeatConfirmed()))


def on_take_confirmed(m: Model, e: ev.TakeSeatConfirmed) -> tuple[Model, ev.Effects] | Model:
    """Yes: this device takes its seat over from the one that holds it."""
    ui = m.ui
    if ui.online is None or ui.online.role != "guest":
        return m
    return m.but(ui=ui.but(online=replace(ui.online, problem=""), notice="")), (ev.TakeSeat(),)


def _link(ui: Ui, seat_text: str) -> str | None:
    if ui.online is None:
        return None
    if seat_text == "w":
        return ui.online.watch or None
    return next((link for seat, link in ui.online.invitations if str(seat) == seat_text), None)


def copy_link(ui: Ui, session, seat_text: str) -> tuple[Ui, ev.Effects] | Ui:
    link = _link(ui, seat_text)
    if link is None:
        return ui
    return ui, (ev.CopyText(link, t("online.copied")),)


def share_link(ui: Ui, session, seat_text: str) -> tuple[Ui, ev.Effects] | Ui:
    link = _link(ui, seat_text)
    if link is None:
        return ui
    return ui, (ev.ShareText(link, t("online.share_title")),)


def computer_for(ui: Ui, session, seat_text: str) -> Ui:
    """The computer (Normal) for a friend's seat, absent or here (a friend who must leave):
    asked first — the friend's link still works, the friend watches, and the host may give
    the seat back (:func:`give_back`)."""
    if (session is None or not session.holds_game or not seat_text.isdigit()
            or int(seat_text) not in session.remote):
        return ui
    seat = int(seat_text)
    name = session.names[seat]
    here = ui.online is not None and ui.online.is_connected(seat)
    return ui.but(question=Question(t("online.computer.ask_here" if here else
                                      "online.computer.ask", name=name),
                                    t("online.computer", name=name), t("btn.confirm_back"),
                                    on_yes=ev.GiveSeat(seat, "normal")))


def retry(ui: Ui, session) -> tuple[Ui, ev.Effects] | None:
    """"Try again": a guest's page opens its room anew (docs/online.md, "Joining")."""
    if ui.online is None or ui.online.role != "guest":
        return None
    return ui.but(online=replace(ui.online, slow=False)), (ev.RetryJoin(),)


def give_back(ui: Ui, session, seat_text: str) -> Ui | tuple[Ui, ev.Effects]:
    """"Give the seat back to Bo": the friend plays it again from their device."""
    if (session is None or not session.holds_game or not seat_text.isdigit()
            or int(seat_text) not in session.played_by or not session.is_bot(int(seat_text))):
        return ui
    return ui, (ev.Then(ev.GiveSeat(int(seat_text), "friend")),)


def on_give_seat(m: Model, e: ev.GiveSeat) -> Model | tuple[Model, ev.Effects]:
    """A friend's seat to the computer, or back to the friend: the seats change in the
    store's effect (model/session.py notes who played it from which turn)."""
    s = m.held
    if s is None or not 0 <= e.seat < len(s.seats) or s.game.is_over:
        return m
    seat = s.seats[e.seat]
    giving = e.kind != "friend"
    if giving != seat.is_friend or (not giving and e.seat not in s.played_by):
        return m  # (already done, or not a friend's seat)
    seats = [replace(x, kind=e.kind) if i == e.seat else x for i, x in enumerate(s.seats)]
    here = m.ui.online is not None and m.ui.online.is_connected(e.seat)
    key = ("online.computer_now" if giving else "online.given_back" if here
           else "online.given_back_away")  # (true either way: it waits for the friend's device)
    return m.but(ui=m.ui.news(t(key, name=seat.name))), (ev.RenameSeats(tuple(seats)),)


def show_again(ui: Ui, session, seat_text: str) -> Ui:
    """The host's toggle: a taken seat's QR code and link shown again (to hand them to a
    friend whose device went away), or hidden again."""
    if ui.online is None or ui.online.role != "host" or not seat_text.isdigit():
        return ui
    seat = int(seat_text)
    shown = ui.online.shown_again
    shown = shown - {seat} if seat in shown else shown | {seat}
    return ui.but(online=replace(ui.online, shown_again=shown))


def rematch(ui: Ui, session) -> Ui | tuple[Ui, ev.Effects]:
    """"Rematch": a new game at the same table — the same seats, the friends' seats played
    by the friends again (a seat given to the computer too), the same room and links; every
    device follows (browser/online_room.py sends ``rematch``)."""
    if session is None or not session.holds_game or not (session.remote or session.played_by):
        return ui
    friends = session.remote | set(session.played_by)
    seats = [Seat(x.name, x.colour, "friend" if i in friends else x.kind)
             for i, x in enumerate(session.seats)]
    start = (session.config.start + 1) % len(seats)  # (the next player begins)
    config = Config(seats, start=start, pace_ms=session.config.pace_ms,
                    extra={"table": session.table or session.slot})
    return ui.but(screen=None), (ev.Then(ev.StartGame(config)),)


CHOICES: dict[str, Callable[..., Any]] = {"online-take-seat": take_seat,
                                          "online-start": start_table,
                                          "online-rematch": rematch,
                                          "online-retry": retry}
PREFIXED: tuple[tuple[str, Callable[..., Any]], ...] = (
    ("online-copy:", copy_link), ("online-share:", share_link),
    ("online-computer:", computer_for), ("online-back:", give_back),
    ("online-show:", show_again))
