"""The page's transitions: ``step(ui, session, event) -> ui``, touching no DOM.

Why pure steps: a click, a bot's move, a timer tick or a file read arrives here as one event
tuple, and the next :class:`ui.Ui` comes back; the dispatcher (app.py) then autosaves,
renders and schedules the bots — once, for every event. So a transition can be tested on
CPython (tests/web/), and no handler has to remember to render or to wake the bots.

The session is the game model: a move applies an action to it (the engine decides if it is
legal), an undo takes one back. Rule questions go to the engine: the legal actions (offer.py),
``Game.why_not`` for a refused click, the view's ``decision`` for what is pending.

Events (``(name, *args)``):

* ``("target", what, value)`` a region, rat token, class card or the plague piece clicked;
* ``("choice", value, fields)`` a ``data-choice`` button (``fields``: the new-game dialog's
  inputs when it is open) — see :data:`PAGE_CHOICES` and :data:`MOVE_CHOICES`;
* ``("replay_goto", step)``; ``("bot_move", seat, action)``; ``("strike_step",)``,
  ``("strike_done",)``;
* ``("attach", session, note, resume)`` a game put on the page (new, resumed, from a file);
  ``("file", name, size, text)``; ``("file_unreadable", name, detail)``; ``("exported", name)``;
  ``("ask", question)``; ``("show_dialog", problem)``; ``("start", config)``;
  ``("draft", fields)`` the dialog's fields changed; ``("pace", name)``;
  ``("language", code)``; ``("language_ready", code, ok, former default names)``;
  ``("storage_refused",)``;
  ``("problem", text)``; ``("failed", detail)``; ``("hint_ready", step, action, reason, details)``;
  ``("update_ready",)`` a new version of the site is installed and waits (sw.js).
* ``("resume", session, resume, elsewhere, note)`` a kept game put on the page;
* "Your games" (games.py): ``("games_listed", entries, elsewhere, tz_minutes)``,
  ``("delete_game", id, summary)``; ``("elsewhere", why)`` this tab's game is played in
  another tab.
"""

from __future__ import annotations

from dataclasses import replace as _replace

import coach
import dialog
import games
import hint_words
import howto
import keeping
import language
import offer as offers
import replay_controls
import welcome
from messages import CATALOGUE, card, join_or, region, t, tn
from pace import PACES
from setup_config import renamed_defaults
from ui import Pick, Story, Ui


def step(ui: Ui, session, event: tuple) -> Ui:
    handler = EVENTS.get(event[0])
    if handler is None:
        raise ValueError(f"unknown event {event[0]!r}")
    ui = handler(ui, session, *event[1:])
    if ui.coach is None or any(e[0] == "use" for e in ui.effects):
        return ui  # no lesson, or a new game about to replace ``session``
    return coach.update(ui, session)


# -- who may act -------------------------------------------------------------------------
def human_turn(session) -> bool:
    s = session
    return (s is not None and not s.game.is_over and s.pass_to is None
            and not s.is_bot(s.current) and s.viewer == s.current)


def current_offer(ui: Ui, session, view: dict | None = None) -> offers.Offer:
    """What the player at the screen may click now (nothing when it is not their move);
    ``view``: the viewer's view, when the caller has it already."""
    if ui.replay is not None or ui.elsewhere or not human_turn(session):
        return offers.Offer()
    s = session
    return offers.offer(s.game.legal_actions(), view or s.game.view(s.viewer), ui.pick,
                        s.names[s.current])


def why_cannot_act(ui: Ui, session) -> str | None:
    """None if the player at the screen may pick a move now; else the notice to show ("" when
    no game is on, or a dialog or question covers the board)."""
    s = session
    if s is None or ui.screen == "new-game" or ui.question is not None:
        return ""
    if ui.replay is not None:
        return t("why.replay")
    if ui.elsewhere:
        return t("why.elsewhere")
    if ui.busy:
        return t("why.busy")
    if s.game.is_over:
        return t("why.game_over")
    if s.pass_to is not None:
        return t("why.pass_first", name=s.names[s.pass_to])
    if not human_turn(s):
        return t("why.not_your_turn", name=s.names[s.current])
    return None


def _blocked(ui: Ui, session) -> Ui | None:
    why = why_cannot_act(ui, session)
    if why is None:
        return None
    return ui.say(why) if why else ui


# -- moves -------------------------------------------------------------------------------
def on_target(ui: Ui, session, what: str, value) -> Ui:
    """A click on the board or a card: apply the action it completes, narrow the pick, or
    say the engine's reason why not."""
    blocked = _blocked(ui, session)
    if blocked is not None:
        return blocked
    if isinstance(value, list):
        value = tuple(value)
    o = current_offer(ui, session)
    if what == "plague":
        if o.plague_clickable and ui.pick.mode in (None, "plague"):  # pick up / put down
            return ui.but(pick=Pick() if ui.pick.mode == "plague" else Pick("plague"), notice="")
        what, value = "region", session.game.view(None)["plague"]  # else: the piece's region
    if what == "token" and value not in o.tokens and value[0] in o.regions:
        what, value = "region", value[0]  # a token outside a token mode: its region
    table = {"region": o.regions, "token": o.tokens, "card": o.cards}.get(what, {})
    if value in table:
        action = table[value]
        if action is not None:
            return act(ui, session, action)
        return ui.but(pick=offers.step(ui.pick, what, value), notice="")
    view = session.game.view(session.viewer)
    return refuse(ui, session, offers.stands_for(ui.pick, view["decision"], what, value))


def refuse(ui: Ui, session, meant: str) -> Ui:
    """Say why a click does nothing: a catalogue key, or the engine's reason for the action
    the click meant (``Game.why_not``)."""
    if meant.startswith("why."):
        return ui.say(t(meant))
    refusal = session.game.why_not(meant)
    if refusal is None:  # cannot happen: every legal action is offered
        return ui.say(t("why.not_now"))
    return ui.say(refusal_text(refusal))


def refusal_text(refusal: dict) -> str:
    """The engine's refusal in the catalogue's words; its numbers come from the refusal's
    details (the game's own, ``{max_rats}``…, the catalogue fills in: messages.NUMBERS)."""
    details = dict(refusal["details"])
    for k in ("region", "to"):
        if isinstance(details.get(k), str):
            details[k] = region(details[k])
    if "card" in details:
        details["card"] = card(details["card"])
    key = "why." + refusal["reason"]
    if key + ".n" in CATALOGUE:  # a sentence about a number of cubes: its plural form
        n = details.get("count")
        if n is None:  # the counts allowed: in the page's words, the plural of the largest
            counts = details.get("counts") or [2]
            details["counts"] = join_or([str(c) for c in counts])
            n = max(counts)
        return tn(key, int(n), **details)
    return t(key, **details)


def act(ui: Ui, session, action) -> Ui:
    """Apply one action (a human's or a bot's); a strike it caused is told step by step."""
    events = session.apply(action)
    ui = ui.but(pick=Pick(), notice="", notice_is_news=False, hint=None)
    story = Story.from_events(events)
    if story is None:
        return ui.but(story=_off_map(ui.story))
    animate = session.config.pace_ms > 0 and ui.motion
    # a strike before a bot's move waits until the player at the screen has seen it
    hold = (session.config.pace_ms > 0 and bool(session.humans) and not session.game.is_over
            and session.is_bot(session.current))
    story = _replace(story, on_map=True, upto=0 if animate else len(story.items), hold=hold)
    ui = ui.but(story=story)
    if animate:
        ui = ui.but(busy=True).asking(("tell_strike",))
    return ui


def _off_map(story: Story) -> Story:
    return _replace(story, on_map=False) if story.on_map else story


def on_strike_step(ui: Ui, session) -> Ui:
    return ui.but(story=_replace(ui.story, upto=min(ui.story.upto + 1, len(ui.story.items))))


def on_strike_done(ui: Ui, session) -> Ui:
    return ui.but(busy=False, story=_replace(ui.story, upto=len(ui.story.items)))


def on_bot_move(ui: Ui, session, seat: int, action) -> Ui:
    """A bot's chosen move: applied only if it is still that bot's decision."""
    s = session
    if (s is None or s.game.is_over or s.current != seat or not s.is_bot(seat) or ui.busy
            or ui.paused):
        return ui
    return act(ui.but(go=False), s, action)


def story_seen(ui: Ui, session) -> Ui:
    """"Continue" after a strike: the bots may go on."""
    return ui.but(story=_replace(ui.story, hold=False))


def bot_next(ui: Ui, session) -> Ui:
    """"Next" (step by step): the bot to play makes one move."""
    return ui.but(go=True)


def on_pace(ui: Ui, session, name: str) -> Ui:
    """The pace chosen in the toolbar: for this game and the next ones (remembered)."""
    if name not in PACES:
        return ui
    if session is not None:
        session.config.pace_ms = PACES[name]
    return ui.but(pace_ms=PACES[name], stepping=name == "step",
                  go=False).asking(("remember_pace", name))


# -- the move being picked ------------------------------------------------------------------
def toggle_mode(ui: Ui, session, mode: str) -> Ui:
    """An ability's or the plague piece's button: enter that mode, or leave it."""
    if not any(b.choice == "mode:" + mode for b in current_offer(ui, session).buttons):
        return ui.say(t("why.not_now"))  # a stale button: the mode is not offered now
    return ui.but(pick=Pick() if ui.pick.mode == mode else Pick(mode), notice="")


def cancel_pick(ui: Ui, session) -> Ui:
    return ui.but(pick=Pick(), notice="")


MOVE_CHOICES = {"cancel": cancel_pick}
MOVE_PREFIXED = (("mode:", toggle_mode),)


# -- the page's controls ---------------------------------------------------------------------
def ask_hint(ui: Ui, session) -> Ui:
    """What the Hard bot would do here (issue 16): searched off this step (the dispatcher
    runs the search in slices), shown when it is ready, if the position is still the same."""
    blocked = _blocked(ui, session)
    if blocked is not None:
        return blocked
    if ui.hinting:
        return ui
    return ui.but(hinting=True).news(t("hint.thinking")).asking(("think_hint",))


def on_hint_ready(ui: Ui, session, step: int, action: str, reason: str, details: dict) -> Ui:
    """The hint arrived: highlighted on the board, said in words (``reason`` is a key of
    ``rattus.bots.hint``, worded by hint_words.py), and noted in the log."""
    ui = ui.but(hinting=False)
    if session is None or len(session.game.history) != step or not human_turn(session):
        return ui.news("")  # the position moved on meanwhile: the hint is stale
    sentence = hint_words.sentence(reason, details, session.names)
    session.note({"kind": "hint", "seat": session.current, "reason": reason,
                  "details": details})
    return ui.but(hint={"action": action, "sentence": sentence, "step": step},
                  pick=Pick()).news(  # the hint is for the position, not a pick under way
        t("hint.text", sentence=sentence))


def on_language(ui: Ui, session, code: str) -> Ui:
    """Another language (issue 13): the dispatcher loads its catalogue and the page renders
    again in it; the game, the screen and any pick under way stay as they are."""
    if code not in language.NAMES:
        return ui.news(t("err.language", code=code))
    return ui.asking(("use_language", code))


def on_language_ready(ui: Ui, session, code: str, ok: bool, before: tuple = ()) -> Ui:
    """The language is in use (the page renders in it), or its catalogue could not be had.
    Players still called by the former language's default names (``before``) take the new
    language's, in the game and in the new-game dialog's draft."""
    if not ok:
        return ui.news(t("err.language_load", code=code))
    if session is not None:
        session.rename(renamed_defaults(session.config.seats, before))
    draft = ui.draft
    seats = renamed_defaults(draft.config.seats, before)
    if seats != draft.config.seats:
        ui = ui.but(draft=_replace(draft, config=_replace(draft.config, seats=seats),
                                   shown=None))
    return ui


def open_analysis(ui: Ui, session) -> Ui:
    """The post-game analysis (analysis.py), over the results; only for a finished game."""
    if session is None or not session.game.is_over:
        return ui
    return ui.but(screen="analysis")


def close_analysis(ui: Ui, session) -> Ui:
    return ui.but(screen=None)


def share_link(ui: Ui, session) -> Ui:
    """A finished game's replay link (share.py); an unfinished one has none (it would show
    hidden faces)."""
    if session is None or not session.game.is_over:
        return ui
    return ui.asking(("share_link",))


def on_shared(ui: Ui, session, url: str) -> Ui:
    return ui.news(t("note.shared", url=url))


def on_open_shared(ui: Ui, session, new) -> Ui:
    """A replay link opened: its game on the page, straight into its replay."""
    ui = on_attach(ui, session, new, t("note.shared_opened"))
    return ui.asking(("then", ("choice", "replay-enter:0", None)))


def toggle_odds(ui: Ui, session) -> Ui:
    return ui.but(odds=not ui.odds)


def toggle_log(ui: Ui, session) -> Ui:
    """Show or hide the log; shown, it is brought into view (it may sit below the fold)."""
    ui = ui.but(show_log=not ui.show_log)
    return ui.asking(("reveal", "log")) if ui.show_log else ui


def open_help(ui: Ui, session, section: str = "goal") -> Ui:
    """How to play, over whatever is on the screen (closing it returns there exactly)."""
    section = section if section in howto.anchor_ids() else "goal"
    return ui.but(help=section).asking(("reveal", f"help-{section}", True))


def toggle_rules(ui: Ui, session) -> Ui:
    return ui.but(help=None) if ui.help is not None else open_help(ui, session)


def close_rules(ui: Ui, session) -> Ui:
    return ui.but(help=None)


def close_results(ui: Ui, session) -> Ui:
    return ui.but(results_closed=True)


def pass_ready(ui: Ui, session) -> Ui | None:
    """The next player is at the screen (no game, or a replay open: not the pass's)."""
    if session is None or ui.replay is not None:
        return None
    if ui.elsewhere:
        return ui.say(t("why.elsewhere"))
    session.confirm_pass()
    return ui.but(pick=Pick(), notice="")


def on_update_ready(ui: Ui, session) -> Ui:
    """A new deploy is installed and waits: the page offers to reload into it (never by
    itself, in the middle of a move)."""
    return ui.but(update_ready=True)


def update_reload(ui: Ui, session) -> Ui:
    """"New version — reload": the app saves the game, then lets the new version take over
    and reloads; the reload resumes the game from that save (main.py)."""
    return ui.but(effects=(*ui.effects, ("update",))) if ui.update_ready else ui


PAGE_CHOICES = {
    "update-reload": update_reload,
    "toggle-log": toggle_log,
    "toggle-odds": toggle_odds,
    "analysis": open_analysis,
    "close-analysis": close_analysis,
    "share": share_link,
    "hint": ask_hint,
    "toggle-rules": toggle_rules,
    "close-rules": close_rules,
    "close-results": close_results,
    "pass-ready": pass_ready,
    "story-seen": story_seen,
    "bot-next": bot_next,
    "help": toggle_rules,
    "coach-ok": coach.dismiss,
    "coach-leave": coach.leave,
    **welcome.CHOICES,
    **games.CHOICES,
    **dialog.CHOICES,
    **keeping.CHOICES,
    **replay_controls.CHOICES,
}
PAGE_PREFIXED = (dialog.PREFIXED + games.PREFIXED + replay_controls.PREFIXED
                 + (("help:", open_help),))


def on_choice(ui: Ui, session, value: str, fields: dict | None = None) -> Ui:
    """A ``data-choice`` button. The page's own controls work at any time (a handler that
    returns None does not apply now: the value is then taken as a move choice); a move
    choice only when the player at the screen may act and the offer holds it."""
    if ui.screen == "new-game" and fields is not None:
        ui = dialog.read_fields(ui, fields)
    handled = _run(PAGE_CHOICES, PAGE_PREFIXED, value, ui, session)
    if handled is not None:
        return handled
    blocked = _blocked(ui, session)
    if blocked is not None:
        return blocked
    handled = _run(MOVE_CHOICES, MOVE_PREFIXED, value, ui, session)
    if handled is not None:
        return handled
    for button in current_offer(ui, session).buttons:
        if button.choice == value and button.action is not None:
            return act(ui, session, button.action)
    return ui.say(t("why.not_now"))


def _run(exact: dict, prefixed: tuple, value: str, ui: Ui, session) -> Ui | None:
    handler = exact.get(value)
    if handler is not None:
        return handler(ui, session)
    for prefix, handler in prefixed:
        if value.startswith(prefix):
            return handler(ui, session, value[len(prefix):])
    return None


# -- games coming and going ----------------------------------------------------------------
def on_attach(ui: Ui, session, new, note: str = "", resume: dict | None = None) -> Ui:
    """Make ``new`` the game on the page (new, resumed or opened from a file): a fresh board,
    the last strike told again, the dialog and any replay closed."""
    if ui.pace_ms is not None:
        new.config.pace_ms = ui.pace_ms
    story = Story()
    if new.last_strike is not None:
        at, events = new.last_strike
        story = _replace(Story.from_events(events), on_map=at == len(new.game.history))
    return Ui(show_log=ui.show_log, odds=ui.odds, pace_ms=ui.pace_ms, stepping=ui.stepping,
              motion=ui.motion, story=story, help=ui.help,
              draft=ui.draft, results_closed=bool((resume or {}).get("results_closed")),
              effects=ui.effects + (("use", new), ("side_top",))).news(note)


def on_resume(ui: Ui, session, new, resume: dict | None, elsewhere: bool,
              note: str | None = "") -> Ui:
    """A kept game on the page (at start, from "Your games", taken over from another tab):
    as :func:`on_attach`; ``elsewhere``: another tab plays it, this one only shows it.
    ``note`` None: the same game, followed as the other tab plays it (the notice stays)."""
    attached = on_attach(ui, session, new, note or "", resume)
    if not elsewhere:
        return attached
    if note is None:  # (the side column stays where the player scrolled it)
        return attached.but(elsewhere=True, notice=ui.notice, notice_is_news=ui.notice_is_news,
                            effects=tuple(e for e in attached.effects if e[0] != "side_top"))
    return games.on_elsewhere(attached, new, "open")


def on_start(ui: Ui, session, config) -> Ui:
    from session import Session

    return on_attach(ui, session, Session(config))


def on_lesson(ui: Ui, session, config) -> Ui:
    """The guided first game: a new game with the coach (coach.py)."""
    from session import Session

    new = Session(config)
    return coach.update(on_attach(ui, session, new).but(coach=coach.Coach()), new)


def on_ask(ui: Ui, session, question) -> Ui:
    return ui.but(question=question)


def on_storage_refused(ui: Ui, session) -> Ui:
    """The browser refused to keep the game (full, switched off): the game plays on in the
    page, the player is told to save it to a file, and replacing it now asks first."""
    return ui.but(unkept=True).say(t("err.storage_write"))


def on_problem(ui: Ui, session, text: str) -> Ui:
    return ui.say(text)


def on_failed(ui: Ui, session, detail: str) -> Ui:
    return ui.but(busy=False).say(t("err.internal", detail=detail))


EVENTS = {
    "target": on_target,
    "choice": on_choice,
    "bot_move": on_bot_move,
    "strike_step": on_strike_step,
    "strike_done": on_strike_done,
    "attach": on_attach,
    "resume": on_resume,
    "start": on_start,
    "lesson": on_lesson,
    "show_welcome": welcome.show,
    "ask": on_ask,
    "storage_refused": on_storage_refused,
    "failed": on_failed,
    "problem": on_problem,
    "hint_ready": on_hint_ready,
    "update_ready": on_update_ready,
    "shared": on_shared,
    "open_shared": on_open_shared,
    "replay_goto": replay_controls.goto,
    "show_dialog": dialog.show,
    "show_dialog_kept": dialog.back_to_dialog,
    "draft": dialog.on_draft,
    "pace": on_pace,
    "language": on_language,
    "language_ready": on_language_ready,
    "file": keeping.on_file,
    "file_unreadable": keeping.on_file_unreadable,
    "exported": keeping.on_exported,
    "games_listed": games.on_listed,
    "delete_game": games.on_delete,
    "elsewhere": games.on_elsewhere,
}
