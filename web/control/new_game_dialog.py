"""The new-game dialog's transitions: players, colours, kinds, who starts and the seed.

Why a draft in the UI state (ui.Draft): the dialog edits a :class:`Config` apart from the game
in progress, which it only replaces once the draft is valid — and, if that game is under way,
once the player has said so (a ui.Question). The page's fields are rebuilt on every render,
so every event from the dialog carries what its fields hold (``fields``, read by the
dispatcher) and :func:`read_fields` folds it into the draft first: nothing typed is lost.
"""

from __future__ import annotations

from model import page_events as ev
from model.game_config import (
    COLOURS,
    DEFAULT_COLOURS,
    KINDS,
    Config,
    Seat,
    default_friend_name,
    named_for_kind,
    resolve_start,
)
from model.ui_state import Draft, Question, Ui
from model.values import replace
from text.catalogue import t

from control import questions, replay_controls


def show(ui: Ui, session, problem: str = "") -> Ui:
    """Open the dialog, set up like the game on the page (a new seed), saying ``problem``."""
    ui = replay_controls.leave(ui, session)
    draft = ui.draft
    if session is not None:
        cfg = session.config
        draft = Draft(Config([Seat(s.name, s.colour, s.kind) for s in cfg.seats],
                             start=cfg.start, seed=None))
    return ui.but(screen="new-game", draft=replace(draft, problem=problem))


#: A draft's mark: the dialog is "Play with friends online" (a table for friends' devices).
ONLINE = "online"


def friends(ui: Ui, session) -> Ui:
    """The dialog set for playing with friends online: you and two friends, each friend's
    seat on their own device (the names optional: a friend may give theirs on joining)."""
    ui = replay_controls.leave(ui, session)
    seats = [Seat(t("player.you"), "red"), Seat("", "blue", "friend"),
             Seat("", "green", "friend")]
    return ui.but(screen="new-game", draft=Draft(Config(seats, extra={ONLINE: True})))


def cancel(ui: Ui, session) -> Ui:
    return ui.but(screen=None, draft=replace(ui.draft, problem=""))


def read_fields(ui: Ui, fields: dict) -> Ui:
    """The draft updated with the dialog's fields: ``name.<i>``, ``colour.<i>``,
    ``kind.<i>``, ``start`` and ``seed`` (as the page holds them)."""
    old = ui.draft.config
    seats = []
    for i, seat in enumerate(old.seats):
        name = fields.get(f"name.{i}")
        seats.append(Seat(seat.name if name is None else name.strip(),
                          fields.get(f"colour.{i}", seat.colour),
                          fields.get(f"kind.{i}", seat.kind)))
    # (a seat the page named, given to a person or a computer: named for it)
    seats = [replace(seat, name=named_for_kind(seats, i)) for i, seat in enumerate(seats)]
    extra = dict(old.extra)
    if "start" in fields:
        extra["start_choice"] = fields["start"]
    if "seed" in fields:
        extra["seed_text"] = fields["seed"].strip()
    cfg = Config(seats, start=old.start, seed=old.seed, pace_ms=old.pace_ms, extra=extra)
    return ui.but(draft=replace(ui.draft, config=cfg, shown=cfg))


def on_draft(ui: Ui, session, fields: dict | None) -> Ui:
    """A seat's field changed: the draft follows (the start-player list shows the names)."""
    if fields is None or ui.screen != "new-game":
        return ui
    shown = ui.draft.shown or ui.draft.config
    return ui.but(draft=replace(read_fields(ui, fields).draft, shown=shown))


def resize(ui: Ui, session, players: str) -> Ui:
    """``players`` players (the choice's digit): keep the first seats as typed, add new ones in
    unused colours."""
    n = int(players)
    cfg = ui.draft.config
    seats = list(cfg.seats[:n])
    used = {s.colour for s in seats}
    while len(seats) < n:
        colour = next(c for c in (*DEFAULT_COLOURS, *COLOURS) if c not in used)
        used.add(colour)
        seats.append(_new_seat(seats, colour))
    extra = dict(cfg.extra)
    if extra.get("start_choice", "0") not in ("random", *map(str, range(n))):
        extra["start_choice"] = "0"
    start = cfg.start if cfg.start < n else 0
    config = Config(seats, start=start, seed=cfg.seed, pace_ms=cfg.pace_ms, extra=extra)
    return ui.but(draft=Draft(config, ""))


def _new_seat(seats: list[Seat], colour: str) -> Seat:
    """The seat a "more players" adds: in a game against the computer (every seat but one a
    computer) one more computer player of the same strength, named as the others are; else
    a player at this screen."""
    if any(s.is_friend for s in seats):  # a table online: one more friend
        return Seat("", colour, "friend")
    bots = [s for s in seats if s.is_bot]
    if bots and len(bots) >= len(seats) - 1:
        return Seat(t("player.computer_n", n=len(bots) + 1), colour, bots[-1].kind)
    return Seat(t("player.default", n=len(seats) + 1), colour)


def start(ui: Ui, session) -> Ui | tuple[Ui, ev.Effects]:
    """Start the game the draft describes, or say what is wrong with it."""
    cfg = _friends_named(ui.draft.config)
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
        return ui.but(draft=replace(ui.draft, problem=problem))
    choice = cfg.extra.get("start_choice", "0")
    first = resolve_start(choice if choice == "random" else int(choice), len(cfg.seats), seed)
    seats = [Seat(s.name, s.colour, s.kind if s.kind in KINDS else "human") for s in cfg.seats]
    config = Config(seats=seats, start=first, seed=seed)
    if questions.must_ask(ui, session):
        return ui.but(question=Question(
            t("confirm.new_game", summary=session.summary()), t("btn.confirm_new"),
            t("btn.confirm_back"), on_yes=ev.StartGame(config), on_no=ev.BackToDialog()))
    return ui, (ev.Then(ev.StartGame(config)),)


def _friends_named(cfg: Config) -> Config:
    """A friend's seat left unnamed is "Friend 2" (the friend may name it on joining)."""
    seats = [Seat(s.name or default_friend_name(i), s.colour, s.kind)
             if s.is_friend else s for i, s in enumerate(cfg.seats)]
    return replace(cfg, seats=seats)


def back_to_dialog(ui: Ui, session) -> Ui:
    """"No" to replacing the game: the dialog again, as it was."""
    return ui.but(screen="new-game")


CHOICES = {
    "dlg-start": start,
    "dlg-cancel": cancel,
    "new-game": lambda ui, session: show(ui, session),
    "dlg-friends": friends,
}
PREFIXED = (("dlg-players:", resize),)
