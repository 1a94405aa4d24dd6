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
from model.ice_servers import read_ice
from model.ui_state import Model, Pick, Story, Ui
from model.values import replace
from text.catalogue import t

#: The refusals a guest's page words itself (the rest: "could not read").
WORDED = frozenset({"not-your-turn", "no-seat", "bad-secret", "no-game", "seat-taken", "site",
                    "taken"})
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
                         "toggle-rules", "close-rules", "close-results", "help", "coach-ok",
                         "online-take-seat"})


def page_table(session, choice: str):
    """The game a page control is given: on a guest's page, its table only for the controls
    that read one (:data:`GUEST_READS`, the ``help:`` sections), else none."""
    if not is_guest(session) or choice in GUEST_READS or choice.startswith("help:"):
        return session
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
    return m.but(ui=m.ui.but(online=e.online))


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
    if e.reason in STOPPING and ui.online is not None:
        ui = ui.but(online=replace(ui.online, problem=e.reason, joined=False))
    return m.but(ui=ui.say(text))


# -- the online controls (data-choice) --------------------------------------------------------
def name_me(ui: Ui, session, fields: dict) -> tuple[Ui, ev.Effects] | Ui:
    """A guest's own name for its seat: the host renames the seat (every device and the log
    say it), and this browser remembers it for the next invitation."""
    name = " ".join(str(fields.get("name", "")).split())[:24]
    if not is_guest(session) or session.viewer is None or not name:
        return ui
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


def take_seat(ui: Ui, session) -> tuple[Ui, ev.Effects] | None:
    """"Play it here": this device takes its seat over from the one that holds it."""
    if ui.online is None or ui.online.role != "guest":
        return None
    return ui.but(online=replace(ui.online, problem=""), notice=""), (ev.TakeSeat(),)


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


def computer_for(ui: Ui, session, seat_text: str) -> tuple[Ui, ev.Effects] | Ui:
    """The host plays an absent friend's seat by the computer (Normal) from now on."""
    if (session is None or not session.holds_game or not seat_text.isdigit()
            or int(seat_text) not in session.remote):
        return ui
    seat = int(seat_text)
    if ui.online is not None and seat < len(ui.online.connected) and ui.online.connected[seat]:
        return ui.say(t("online.still_here", name=session.names[seat]))
    seats = [replace(s, kind="normal") if i == seat else s for i, s in enumerate(session.seats)]
    return ui.news(t("online.computer_now", name=session.names[seat])), (
        ev.RenameSeats(tuple(seats)),)


CHOICES: dict[str, Callable[..., Any]] = {"online-take-seat": take_seat}
PREFIXED: tuple[tuple[str, Callable[..., Any]], ...] = (
    ("online-copy:", copy_link), ("online-share:", share_link),
    ("online-computer:", computer_for))
