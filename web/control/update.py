"""The update function: ``update(model, event) -> (model, effects)``, touching no DOM and
changing no session.

Why pure: a click, a bot's move, a timer tick or a file read arrives here as one event
(model/page_events.py) and the next :class:`Model` comes back with the effects to run; the
store (control/store.py) runs them, then its subscribers autosave, paint and wake the bots —
once, for every event. So every step can be tested on CPython (tests/web/), and no handler
has to remember to render, save or wake the bots.

The session is read here, never changed: applying a move, taking one back, a pass screen
confirmed, a hint noted in the log, players renamed are effects (``ApplyAction``,
``TakeBack``, …) that the store runs on it, the one place the game changes. Rule questions go
to the engine: the legal actions (model/targets.py), ``Game.why_not`` for a refused click, the
view's ``decision`` for what is pending.

Each event class has one handler (:data:`HANDLERS`); a handler returns the next UI state or
model, with or without effects (:func:`_settled` makes it ``(model, effects)``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from model import motions, shown_turn
from model import page_events as ev
from model import targets as offers
from model.game_config import renamed_defaults
from model.pace import PACES
from model.turn import current_offer, human_turn, why_cannot_act
from model.ui_state import SHEETS, Coach, Done, Model, Pick, Story, Ui
from model.values import replace as _replace
from render import how_to_play
from render.board_layout import SCREENS
from text import hint_words, language
from text.catalogue import CATALOGUE, card, join_or, region, t, tn

from control import (
    coach,
    kept_games,
    new_game_dialog,
    online_play,
    questions,
    replay_controls,
    save_files,
    turn_plan,
    undo,
    welcome,
)

#: What a handler may return: the next UI state or model, alone or with effects.
Result = Ui | Model | tuple[Ui | Model, ev.Effects]


def update(model: Model, event: ev.Event) -> tuple[Model, ev.Effects]:
    """The next model and the effects to run, for one event. An unknown event is a bug of
    the page (ValueError): the store says so and changes nothing."""
    handler = HANDLERS.get(type(event))
    if handler is None:
        raise ValueError(f"unknown event {event!r}")
    after, effects = _settled(model, handler(model, event))
    ui = after.ui
    if ui.coach is None or isinstance(event, (ev.Attach, ev.Resume, ev.OpenShared)):
        return after, effects  # no lesson, or a new game (its attach asked the coach)
    return after.but(ui=coach.update(ui, after.session)), effects


def _settled(model: Model, result: Result) -> tuple[Model, ev.Effects]:
    effects: ev.Effects = ()
    if isinstance(result, tuple):
        result, effects = result
    if isinstance(result, Ui):
        result = model.but(ui=result)
    return result, effects


def _blocked(ui: Ui, session) -> Ui | None:
    why = why_cannot_act(ui, session)
    if why is None:
        why = online_play.at_table_refusal(ui, session)  # the online table waits
    if why is None:
        return None
    return ui.say(why) if why else ui


# -- moves -------------------------------------------------------------------------------
def on_target(m: Model, e: ev.Target) -> Result:
    """A click on the board or a card: apply the action it completes, narrow the pick, or
    say the engine's reason why not."""
    ui, session = m.ui, m.session
    blocked = _blocked(ui, session)
    if blocked is not None:
        return blocked
    if session is None:  # (no game on the page: _blocked returned the ui as it is already)
        return ui
    what, value = e.what, e.value
    if isinstance(value, list):
        value = tuple(value)
    if ui.done is not None and what in BOARD_TARGETS:  # the click after one that acted alone
        if guarded(ui.done, session.step, what, value, e.at):
            return ui.but(done=_replace(ui.done, spent=True)).news(
                t("done.held", done=ui.done.text))
        ui = ui.but(done=None)
    o = current_offer(ui, session)
    if what == "plague":
        if o.plague_clickable and ui.pick.mode in (None, "plague"):  # pick up / put down
            return ui.but(pick=Pick() if ui.pick.mode == "plague" else Pick("plague"), notice="")
        what, value = "region", session.view()["plague"]  # else: the piece's region
    if what == "token" and value not in o.tokens and value[0] in o.regions:
        what, value = "region", value[0]  # a token outside a token mode: its region
    table = {"region": o.regions, "token": o.tokens, "card": o.cards}.get(what, {})
    if value in table:
        if what == "card":  # (taken from the cards' sheet on a phone: the board shows again)
            ui = ui.but(sheet="")
        action = table[value]
        if action is not None:
            sent = online_play.send(ui, action) if online_play.is_guest(session) else act(
                ui, action)
            why = o.auto.get((what, value))
            if why is None:
                return sent
            after, effects = sent
            done = done_by_itself(why, action, session.step, e.at)
            return after.but(done=done).news(done.text), effects
        return ui.but(pick=offers.step(ui.pick, what, value), notice="")
    view = session.view()
    return refuse(ui, session, offers.stands_for(ui.pick, view["decision"], what, value))


#: The board's targets: a click on them after an action completed by itself is guarded.
BOARD_TARGETS = ("region", "token", "plague")
#: How long after a click that completed the Monk's or the Merchant's move by itself any
#: click on the board is taken as aimed at the step that was not asked (the destination, a
#: finger already on its way), ms …
GUARD_MS = 2000
#: … and a click on the destination the page chose: longer, that click means the finished
#: move (the player looked for the region to click), not the next decision, ms.
AIMED_MS = 10000
#: After cubes placed at a click (one count, R4.2) nothing on the board was left unasked:
#: only a double click's second click is held (it would move the plague piece, R4.3), ms.
DOUBLE_MS = 700


def done_by_itself(why: str, action, step: int, at: float | None) -> Done:
    """What a click completed by itself (``why``: model/targets.py ``Offer.auto``), said as
    done and why no other step was asked: the place (R4.2), the Monk's move (R6.2, R5.2),
    the Merchant's (R6.5)."""
    args = action.args
    if why == "place":
        text = tn("done.place", int(args[1]), region=region(args[0]))
        return Done(text=text, step=step, soon_ms=DOUBLE_MS, at=at)
    if why == "monk":
        where = args[2]
        text = t("done.monk", region=region(args[0]), to=region(where))
    else:
        where, n = args[1], int(args[2])
        words = {"region": region(args[0]), "to": region(where)}
        text = (tn("done.merchant_count", n, **words) if why == "merchant_count"
                else tn("done.merchant_move", n, **words))
    # (the Merchant's count: the click was on the destination itself, a second one there
    # is a double click, or the next decision)
    aimed = None if why == "merchant_count" else where
    return Done(text=text, step=step, soon_ms=GUARD_MS, aimed=aimed, aimed_ms=AIMED_MS, at=at)


def guarded(done: Done, step: int, what: str, value, at: float | None) -> bool:
    """Whether a click on the board, the first after one that completed an action by itself
    (``done``), is held back rather than read as the next decision: while the game has not
    moved on, a click soon after it (``done.soon_ms``), or a click on the destination the
    page chose (within AIMED_MS; a key's always) — the player aimed it at the step the page
    did not ask."""
    if step - done.step not in (0, 1) or done.spent:  # (0: a host not yet answered)
        return False
    since = None if at is None or done.at is None else at - done.at
    if since is not None and 0 <= since < done.soon_ms:
        return True
    where = value[0] if what == "token" else value if what == "region" else None
    return (done.aimed is not None and where == done.aimed
            and (since is None or since < done.aimed_ms))


def refuse(ui: Ui, session, meant: str) -> Result:
    """Say why a click does nothing: a catalogue key, or the engine's reason for the action
    the click meant (``Game.why_not``)."""
    if meant.startswith("why."):
        return ui.say(t(meant))
    if online_play.is_guest(session):  # the host's engine says why
        return online_play.ask_why(ui, meant)
    refusal = session.game.why_not(meant)
    if refusal is None:  # cannot happen: every legal action is offered
        return ui.say(t("why.not_now"))
    return ui.say(refusal_text(refusal))


def refusal_text(refusal: dict) -> str:
    """The engine's refusal in the catalogue's words; its numbers come from the refusal's
    details (the game's own, ``{max_rats}``…, the catalogue fills in: text/catalogue.py)."""
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


def act(ui: Ui, action, others: bool = False) -> tuple[Ui, ev.Effects]:
    """One action (a human's or a bot's): the store applies it, then tells what it did
    (:func:`on_applied`). ``others``: a computer's or another device's move, which leaves
    the page's news in place (a seat moved to another device is still read after it)."""
    kept = others and ui.notice_is_news
    return (ui.but(pick=Pick(), notice=ui.notice if kept else "", notice_is_news=kept,
                   hint=None, done=None,
                   plan=shown_turn.after(ui.plan, action)),
            (ev.ApplyAction(action),))


def on_applied(m: Model, e: ev.ActionApplied) -> Result:
    """The action is applied: a strike it caused is told step by step (R5.3–R5.5); while
    the whole turn of "Show my turn" is played, its next step follows."""
    told = _told(m, e)
    ui, effects = told if isinstance(told, tuple) else (told, ())
    assert isinstance(ui, Ui)
    ui, more = turn_plan.follow_on(m.but(ui=ui))
    return (ui, (*effects, *more)) if effects or more else ui


def _told(m: Model, e: ev.ActionApplied) -> Result:
    ui, session = m.ui, m.session
    ui = ui.but(acted=motions.acted(e.events))
    story = Story.from_events(e.events)
    if story is None or session is None:
        return ui.but(story=_off_map(ui.story))
    animate = session.pace_ms > 0 and m.prefs.motion
    # a strike before a bot's move waits until the player at the screen has seen it (the
    # host's bots do not wait for a guest's page: it tells the strike by itself)
    # (the final plague, likewise, before the results cover the board — but not in the
    # lesson, whose own note of the final plague waits for the player)
    held = m.held
    hold = (held is not None and held.pace_ms > 0 and bool(held.humans)
            and (held.is_bot(held.current) if not held.is_over
                 else story.final and ui.coach is None))
    story = _replace(story, on_map=True, upto=0 if animate else len(story.items), hold=hold)
    ui = ui.but(story=story)
    if animate:
        return ui.but(busy=True), (ev.TellStrike(),)
    return ui


def _off_map(story: Story) -> Story:
    return _replace(story, on_map=False) if story.on_map else story


def on_strike_step(m: Model, e: ev.StrikeStep) -> Result:
    story = m.ui.story
    return m.ui.but(story=_replace(story, upto=min(story.upto + 1, len(story.items))))


def on_strike_done(m: Model, e: ev.StrikeDone) -> Result:
    return m.ui.but(busy=False, story=_replace(m.ui.story, upto=len(m.ui.story.items)))


def on_bot_move(m: Model, e: ev.BotMove) -> Result:
    """A bot's chosen move: applied only if it is still that bot's decision."""
    s, ui = m.held, m.ui
    if (s is None or s.game.is_over or s.current != e.seat or not s.is_bot(e.seat) or ui.busy
            or m.paused):
        return ui
    return act(ui.but(go=False), e.action, others=True)


def on_remote_move(m: Model, e: ev.RemoteMove) -> Result:
    """A move from another device (online/host.py checked it): applied if that seat is still
    to act — a move the host's page itself made in between wins."""
    s, ui = m.held, m.ui
    if s is None or s.game.is_over or s.current != e.seat or s.is_bot(e.seat):
        return ui
    return act(ui, e.action, others=True)


def on_remote_name(m: Model, e: ev.RemoteName) -> Result:
    """A guest named itself as it took its seat: the game's seats are renamed (the log
    says the new name, the autosave keeps it)."""
    s = m.held
    if s is None or not 0 <= e.seat < len(s.seats) or s.is_bot(e.seat):
        return m
    seats = [_replace(x, name=e.name) if i == e.seat else x for i, x in enumerate(s.seats)]
    # (the last friend's name: the table may start now)
    return m.but(ui=online_play.start_if_all_here(m.ui, s, seats)), (ev.RenameSeats(tuple(seats)),)


def story_seen(ui: Ui, session) -> Ui:
    """"Continue" after a strike: the bots may go on."""
    return ui.but(story=_replace(ui.story, hold=False))


def bot_next(ui: Ui, session) -> Ui:
    """"Next" (step by step): the bot to play makes one move."""
    return ui.but(go=True)


def on_pace(m: Model, e: ev.PaceChosen) -> Result:
    """The pace chosen in the toolbar: for this game and the next ones (remembered)."""
    if e.name not in PACES:
        return m
    ms = PACES[e.name]
    effects: ev.Effects = (ev.RememberPace(e.name),)
    if m.session is not None:
        effects = (ev.SetGamePace(ms), *effects)
    return m.but(prefs=m.prefs.but(pace_ms=ms, stepping=e.name == "step"),
                 ui=m.ui.but(go=False)), effects


def on_address_pace(m: Model, e: ev.AddressPace) -> Result:
    return m.but(prefs=m.prefs.but(pace_ms=e.pace_ms))


# -- the move being picked ------------------------------------------------------------------
def toggle_mode(ui: Ui, session, mode: str) -> Ui:
    """An ability's or the plague piece's button: enter that mode, or leave it."""
    if not any(b.choice == "mode:" + mode for b in current_offer(ui, session).buttons):
        return ui.say(t("why.not_now"))  # a stale button: the mode is not offered now
    return ui.but(pick=Pick() if ui.pick.mode == mode else Pick(mode), notice="")


def cancel_pick(ui: Ui, session) -> Ui:
    return ui.but(pick=Pick(), notice="")


MOVE_CHOICES: dict[str, Callable[..., Any]] = {"cancel": cancel_pick}
MOVE_PREFIXED: tuple[tuple[str, Callable[..., Any]], ...] = (("mode:", toggle_mode),)


# -- the page's controls ---------------------------------------------------------------------
def ask_hint(ui: Ui, session) -> Result:
    """What the Hard bot would do here: searched off this step (the browser runs the search
    in slices), shown when it is ready, if the position is still the same."""
    blocked = _blocked(ui, session)
    if blocked is not None:
        return blocked
    if ui.hinting:
        return ui
    return ui.but(hinting=True, plan=None).news(t("hint.thinking")), (ev.ThinkHint(),)


def show_turn(ui: Ui, session) -> Result:
    """"Show my turn": the whole turn Hard would play (control/turn_plan.py)."""
    return turn_plan.ask(ui.but(hint=None), session, _blocked(ui, session))


def plan_step(ui: Ui, session, whole: bool = False) -> Result:
    """Play the shown turn's next step (``whole``: and the ones after it, as each is
    applied — on a guest's page one step a click, the host applying it)."""
    blocked = _blocked(ui, session)
    if blocked is not None:
        return blocked
    action = turn_plan.next_action(ui, session)
    if action is None:
        return ui.but(plan=None).say(t("plan.stale"))
    if online_play.is_guest(session):
        return online_play.send(ui, action)
    return act(turn_plan.auto(ui) if whole else ui, action)


def on_hint_ready(m: Model, e: ev.HintReady) -> Result:
    """The hint arrived: highlighted on the board, said in words (``reason`` is a key of
    ``rattus.bots.hint``, worded by text/hint_words.py), and noted in the log."""
    ui, session = m.ui.but(hinting=False), m.session
    if session is None or session.step != e.step or not human_turn(session):
        return ui.news("")  # the position moved on meanwhile: the hint is stale
    sentence = hint_words.sentence(e.reason, e.details, session.names)
    note = ev.NoteInLog({"kind": "hint", "seat": session.current, "reason": e.reason,
                         "details": e.details})
    return ui.but(hint={"action": e.action, "sentence": sentence, "step": e.step},
                  pick=Pick()).news(  # the hint is for the position, not a pick under way
        t("hint.text", sentence=sentence)), (note,) if m.held is not None else ()


def on_language(m: Model, e: ev.LanguageChosen) -> Result:
    """Another language: the browser loads its catalogue and the page renders again in it;
    the game, the screen and any pick under way stay as they are."""
    if e.code not in language.NAMES:
        return m.ui.news(t("err.language", code=e.code))
    return m, (ev.UseLanguage(e.code),)


def on_language_ready(m: Model, e: ev.LanguageReady) -> Result:
    """The language is in use (the page renders in it), or its catalogue could not be had.
    Players still called by the former language's default names (``before``) take the new
    language's, in the game and in the new-game dialog's draft."""
    ui, session = m.ui, m.session
    if not e.ok:
        return ui.news(t("err.language_load", code=e.code))
    effects: ev.Effects = ()
    if session is not None:  # the log in the new words, and the default names renamed
        seats = renamed_defaults(session.seats, e.before)
        effects = (ev.RetellLog(),)
        if [s.name for s in seats] != session.names and m.held is not None:  # (the host's)
            effects = (*effects, ev.RenameSeats(tuple(seats)))
    draft = ui.draft
    seats = renamed_defaults(draft.config.seats, e.before)
    if seats != draft.config.seats:
        ui = ui.but(draft=_replace(draft, config=_replace(draft.config, seats=seats),
                                   shown=None))
    return ui, effects


def open_analysis(ui: Ui, session) -> Ui:
    """The post-game analysis (render/analysis.py), over the results; only for a finished
    game."""
    if session is None or not session.game.is_over:
        return ui
    return ui.but(screen="analysis")


def close_analysis(ui: Ui, session) -> Ui:
    return ui.but(screen=None)


def share_link(ui: Ui, session) -> Result:
    """A finished game's replay link (model/share_link.py); an unfinished one has none (it
    would show hidden faces)."""
    if session is None or not session.game.is_over:
        return ui
    return ui, (ev.ShareLink(),)


def on_shared(m: Model, e: ev.Shared) -> Result:
    return m.ui.news(t("note.shared", url=e.url))


def on_open_shared(m: Model, e: ev.OpenShared) -> Result:
    """A replay link opened: its game on the page, straight into its replay."""
    after, effects = _settled(m, on_attach(m, ev.Attach(e.session, t("note.shared_opened"))))
    return after, (*effects, ev.Then(ev.Choice("replay-enter:0")))


def toggle_odds(m: Model) -> Result:
    return m.but(prefs=m.prefs.but(odds=not m.prefs.odds))


def toggle_turn_alert(m: Model) -> Result:
    """An online game: a sound and a vibration when this device's turn comes, or not (the
    tab's title says it always)."""
    return m.but(prefs=m.prefs.but(turn_alert=not m.prefs.turn_alert))


def toggle_log(m: Model) -> Result:
    """Show or hide the log; shown, it is brought into view (it may sit below the fold)."""
    shown = not m.prefs.show_log
    after = m.but(prefs=m.prefs.but(show_log=shown))
    return (after, (ev.Reveal("log"),)) if shown else after


def open_help(ui: Ui, session, section: str = "goal") -> Result:
    """How to play, over whatever is on the screen (closing it returns there exactly)."""
    section = section if section in how_to_play.anchor_ids() else "goal"
    return ui.but(help=section), (ev.Reveal(f"help-{section}", True),)


def toggle_rules(ui: Ui, session) -> Result:
    return ui.but(help=None) if ui.help is not None else open_help(ui, session)


def on_show_help(m: Model, e: ev.ShowHelp) -> Result:
    """How to play kept open as the page found it (no scrolling: the reader is in it)."""
    return m.ui.but(help=e.section if e.section in how_to_play.anchor_ids() else "goal")


def open_sheet(ui: Ui, session, name: str) -> Ui:
    """A narrow screen's dock: the sheet of those panels over the board; its tab again, or
    "Back to the board", closes it."""
    if name not in SHEETS or name == ui.sheet:
        return ui.but(sheet="")
    return ui.but(sheet=name)


def close_sheet(ui: Ui, session) -> Ui:
    return ui.but(sheet="")


def close_rules(ui: Ui, session) -> Ui:
    return ui.but(help=None)


def close_results(ui: Ui, session) -> Ui:
    return ui.but(results_closed=True)


def open_results(ui: Ui, session) -> Ui:
    """The results again, once closed (the bar offers them while the game over stays on
    the page: a host's Rematch is there)."""
    return ui.but(results_closed=False)


def pass_ready(ui: Ui, session) -> Result | None:
    """The next player is at the screen (no game, or a replay open: not the pass's)."""
    if session is None or ui.replay is not None:
        return None
    if ui.elsewhere:
        return ui.say(t("why.elsewhere"))
    effects: ev.Effects = (ev.ConfirmPass(),) if session.pass_to is not None else ()
    return ui.but(pick=Pick(), notice=""), effects


def on_update_ready(m: Model, e: ev.UpdateReady) -> Result:
    """A new deploy is installed and waits: the page offers to reload into it (never by
    itself, in the middle of a move)."""
    return m.but(prefs=m.prefs.but(update_ready=True))


def on_board_fits(m: Model, e: ev.BoardFits) -> Result:
    """The screen wants the board for another screen: the page draws it so, whole."""
    if e.board not in SCREENS or e.board == m.prefs.board:
        return m
    return m.but(prefs=m.prefs.but(board=e.board))


def update_reload(m: Model) -> Result:
    """"New version — reload": the browser saves the game, then lets the new version take
    over and reloads; the reload resumes the game from that save (main.py)."""
    return (m, (ev.ReloadForUpdate(),)) if m.prefs.update_ready else m


#: The choices that change what outlives a game: they take the whole model.
PREFS_CHOICES: dict[str, Callable[[Model], Result]] = {
    "update-reload": update_reload,
    "toggle-log": toggle_log,
    "toggle-odds": toggle_odds,
    "toggle-turn-alert": toggle_turn_alert,
}
#: The page's own controls: each takes the screen's state and the session (only read).
PAGE_CHOICES: dict[str, Callable[..., Any]] = {
    "analysis": open_analysis,
    "close-analysis": close_analysis,
    "share": share_link,
    "hint": ask_hint,
    "show-turn": show_turn,
    "plan-next": plan_step,
    "plan-all": lambda ui, session: plan_step(ui, session, whole=True),
    "plan-close": turn_plan.close,
    "toggle-rules": toggle_rules,
    "close-rules": close_rules,
    "sheet-close": close_sheet,
    "close-results": close_results,
    "open-results": open_results,
    "pass-ready": pass_ready,
    "story-seen": story_seen,
    "bot-next": bot_next,
    "help": toggle_rules,
    "coach-ok": coach.dismiss,
    "coach-leave": coach.leave,
    # (a tap on a refusal or news puts it away: on a phone it lies over the board)
    "notice-close": lambda ui, session: ui.but(notice="", notice_is_news=False),
    **welcome.CHOICES,
    **kept_games.CHOICES,
    **new_game_dialog.CHOICES,
    **questions.CHOICES,
    **save_files.CHOICES,
    **undo.CHOICES,
    **replay_controls.CHOICES,
    **online_play.CHOICES,
}
PAGE_PREFIXED: tuple[tuple[str, Callable[..., Any]], ...] = (
    new_game_dialog.PREFIXED + kept_games.PREFIXED + replay_controls.PREFIXED
    + online_play.PREFIXED + (("help:", open_help), ("coach-ok:", coach.dismiss),
                              ("sheet:", open_sheet)))


def on_choice(m: Model, e: ev.Choice) -> Result:
    """A ``data-choice`` button. The page's own controls work at any time (a handler that
    returns None does not apply now: the value is then taken as a move choice); a move
    choice only when the player at the screen may act and the offer holds it."""
    value, ui, session = e.value, m.ui, m.session
    if value in PREFS_CHOICES:
        return PREFS_CHOICES[value](m)
    if value == "online-name":
        return online_play.name_me(ui, session, e.fields or {})
    if value == "online-turn":
        return online_play.keep_turn(ui, e.fields or {})
    if ui.screen == "new-game" and e.fields is not None:
        ui = new_game_dialog.read_fields(ui, e.fields)
    cannot = online_play.guest_cannot(session, value)  # (a guest's page: said, not silent)
    if cannot is not None:
        return ui.say(cannot)
    if value == "new-game":
        leaving = online_play.leave_first(ui, session)
        if leaving is not None:
            return leaving
    handled = _run(PAGE_CHOICES, PAGE_PREFIXED, value, ui,
                   online_play.page_table(session, value))
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
            if online_play.is_guest(session):
                return online_play.send(ui, button.action)
            return act(ui, button.action)
    return ui.say(t("why.not_now"))


def _run(exact: dict, prefixed: tuple, value: str, ui: Ui, session) -> Result | None:
    handler = exact.get(value)
    if handler is not None:
        return handler(ui, session)
    for prefix, handler in prefixed:
        if value.startswith(prefix):
            return handler(ui, session, value[len(prefix):])
    return None


# -- games coming and going ----------------------------------------------------------------
def on_attach(m: Model, e: ev.Attach) -> Result:
    """Make ``e.session`` the game on the page (new, resumed or opened from a file): a fresh
    screen (the preferences stay: they are not the screen's), the last strike told again,
    the dialog and any replay closed."""
    new, ui = e.session, m.ui
    kept = Coach.from_json((e.resume or {}).get("lesson"))  # a lesson resumed after a reload
    story = Story()
    if new.last_strike is not None:
        at, events = new.last_strike
        told = Story.from_events(events)
        if told is not None:
            story = _replace(told, on_map=at == len(new.game.history))
    fresh = Ui(story=story, help=ui.help, draft=ui.draft,
               results_closed=bool((e.resume or {}).get("results_closed")),
               coach=Coach() if e.lesson else kept).news(e.note)
    if fresh.coach is not None and (e.lesson or fresh.coach.note is None):
        fresh = coach.update(fresh, new)  # (a lesson resumed shows the note it showed)
    effects: ev.Effects = (ev.SideTop(),)
    if m.prefs.pace_ms is not None:
        effects = (ev.SetGamePace(m.prefs.pace_ms), *effects)
    return m.but(ui=fresh, session=new), effects


def on_resume(m: Model, e: ev.Resume) -> Result:
    """A kept game on the page (at start, from "Your games", taken over from another tab):
    as :func:`on_attach`; ``elsewhere``: another tab plays it, this one only shows it.
    ``note`` None: the same game, followed as the other tab plays it (the notice stays)."""
    attached, effects = _settled(m, on_attach(m, ev.Attach(e.session, e.note or "", e.resume)))
    if not e.elsewhere:
        return attached, effects
    if e.note is None:  # (the side column stays where the player scrolled it)
        ui = attached.ui.but(elsewhere=True, notice=m.ui.notice,
                             notice_is_news=m.ui.notice_is_news)
        return attached.but(ui=ui), tuple(x for x in effects if not isinstance(x, ev.SideTop))
    return attached.but(ui=kept_games.shown_elsewhere(attached.ui, "open")), effects


def on_start(m: Model, e: ev.StartGame) -> Result:
    """A new game (the lesson too): the store makes its session, then attaches it."""
    return m, (ev.MakeGame(e.config, e.lesson),)


def on_ask(m: Model, e: ev.Ask) -> Result:
    return m.ui.but(question=e.question)


def on_storage_refused(m: Model, e: ev.StorageRefused) -> Result:
    """The browser refused to keep the game (full, switched off): the game plays on in the
    page, the player is told to save it to a file, and replacing it now asks first."""
    return m.ui.but(unkept=True).say(t("err.storage_write"))


def on_problem(m: Model, e: ev.Problem) -> Result:
    return m.ui.say(e.text)


def on_failed(m: Model, e: ev.Failed) -> Result:
    return m.ui.but(busy=False).say(t("err.internal", detail=e.detail))


def _screen(handler: Callable[..., Any], *fields: str) -> Callable[[Model, Any], Result]:
    """A helper module's handler ``(ui, session, *fields)`` as an event's handler."""
    def handle(m: Model, e: Any) -> Result:
        return handler(m.ui, m.session, *(getattr(e, f) for f in fields))
    return handle


HANDLERS: dict[type, Callable[[Model, Any], Result]] = {
    ev.Target: on_target,
    ev.Choice: on_choice,
    ev.BotMove: on_bot_move,
    ev.RemoteMove: on_remote_move,
    ev.RemoteName: on_remote_name,
    ev.OnlineStatus: online_play.on_status,
    ev.TableNews: online_play.on_table_news,
    ev.GiveSeat: online_play.on_give_seat,
    ev.TakeSeatConfirmed: online_play.on_take_confirmed,
    ev.LeaveTable: online_play.on_leave_table,
    ev.Said: lambda m, e: m.ui.news(e.text),
    ev.GuestState: online_play.on_guest_state,
    ev.GuestRefused: lambda m, e: online_play.on_guest_refused(m, e, refusal_text),
    ev.ActionApplied: on_applied,
    ev.StrikeStep: on_strike_step,
    ev.StrikeDone: on_strike_done,
    ev.Attach: on_attach,
    ev.Resume: on_resume,
    ev.StartGame: on_start,
    ev.ShowWelcome: _screen(welcome.show),
    ev.ShowHelp: on_show_help,
    ev.Ask: on_ask,
    ev.StorageRefused: on_storage_refused,
    ev.Failed: on_failed,
    ev.Problem: on_problem,
    ev.HintReady: on_hint_ready,
    ev.TurnReady: turn_plan.on_ready,
    ev.UpdateReady: on_update_ready,
    ev.BoardFits: on_board_fits,
    ev.Shared: on_shared,
    ev.OpenShared: on_open_shared,
    ev.ReplayGoto: _screen(replay_controls.goto, "step"),
    ev.ShowDialog: _screen(new_game_dialog.show, "problem"),
    ev.BackToDialog: _screen(new_game_dialog.back_to_dialog),
    ev.DraftChanged: _screen(new_game_dialog.on_draft, "fields"),
    ev.PaceChosen: on_pace,
    ev.AddressPace: on_address_pace,
    ev.LanguageChosen: on_language,
    ev.LanguageReady: on_language_ready,
    ev.FileRead: _screen(save_files.on_file, "name", "size", "text"),
    ev.FileUnreadable: _screen(save_files.on_file_unreadable, "name", "detail"),
    ev.Exported: _screen(save_files.on_exported, "name"),
    ev.GamesListed: _screen(kept_games.on_listed, "entries", "elsewhere", "tz_minutes",
                            "joined"),
    ev.DeleteGame: _screen(kept_games.on_delete, "slot", "summary"),
    ev.Elsewhere: _screen(kept_games.on_elsewhere, "why"),
}
