"""The lesson ("Learn to play", control/coach.py, model/lesson.py): a game prepared near its
end, and its notes — which note at which moment, each once — through the real store.

The player's moves go in as the page's clicks (e2e/uipaths.py: the same paths as the e2e
tests), the computer player's as ``BotMove`` with the lesson's own Easy bot; a note is read
as the player would: the one on screen after each event.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from control import coach
from control.store import Store
from glue import BROWSER_EFFECTS
from model import lesson, save_file
from model import page_events as ev
from model.session import Session
from model.turn import still_to_play
from model.ui_state import Coach, Model, Prefs
from render import frame as page_frame
from render import panels

import rattus
from rattus.bots import make_bot

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "e2e"))
from uipaths import clicks_for  # noqa: E402  (pure Python: the page's clicks for an action)


class Lesson:
    """The lesson on a page without a browser: the store, and every note as it appeared."""

    def __init__(self) -> None:
        self.store = Store(Model(prefs=Prefs(pace_ms=0)))
        self.store.run_effects({cls: (lambda _e: None) for cls in BROWSER_EFFECTS})
        self.shown: list[str] = []  # each note as it appeared, in order
        self.bot = make_bot("easy", seed=lesson.SEED * 10 + 1)
        self.send(ev.Choice("learn"))

    @property
    def ui(self):
        return self.store.model.ui

    @property
    def session(self) -> Session:
        s = self.store.model.session
        assert isinstance(s, Session)
        return s

    @property
    def note(self) -> str | None:
        return None if self.ui.coach is None else self.ui.coach.note

    @property
    def view(self):
        return self.session.game.view(lesson.YOU)

    def send(self, event: ev.Event) -> None:
        self.store.dispatch(event)
        note = self.note
        if note is not None and (not self.shown or self.shown[-1] != note):
            self.shown.append(note)

    def got_it(self) -> None:
        self.send(ev.Choice("coach-ok"))

    def read_all(self) -> list[str]:
        """"Got it" on every note showing now; the notes read."""
        read = []
        while self.note is not None and self.note not in read:
            read.append(self.note)
            self.got_it()
        return read

    def move(self, action) -> None:
        """The player's action, clicked as on the page."""
        game = self.session.game
        action = rattus.parse_action(action) if isinstance(action, str) else action
        for what, value in clicks_for(game, action):
            self.send(ev.Choice(value) if what == "choice" else ev.Target(what, value))

    def bot_plays(self) -> None:
        """The computer player's moves until the player is to act or the game is over."""
        game = self.session.game
        while not game.is_over and game.current_player != lesson.YOU \
                and not self.store.model.paused:
            legal = game.legal_actions()
            action = legal[0] if len(legal) == 1 else self.bot.choose(
                game.view(game.current_player), legal)
            self.send(ev.BotMove(game.current_player, action))


def plague_move(game) -> rattus.Action:
    """A move of the plague piece that spreads (R5.1: new rat tokens to place), the first
    such; the first move if none does."""
    moves = [a for a in game.legal_actions() if a.kind == "plague"]

    def spreads(a: rattus.Action) -> bool:
        after = game.clone()
        after.apply(a)
        return after.view(None)["decision"]["kind"] == "spread"
    return next((a for a in moves if spreads(a)), moves[0])


def finish_turn(lesson_: Lesson) -> None:
    """The player ends the turn: the plague piece moved, each spread placed (R4.3, R5.1)."""
    game = lesson_.session.game
    lesson_.move(plague_move(game))
    while not game.is_over and game.current_player == lesson.YOU and \
            game.view(None)["decision"]["kind"] in ("spread", "neutral"):
        lesson_.move(game.legal_actions()[0])


# -- the prepared game -------------------------------------------------------------------
def test_the_lesson_starts_near_the_end_of_a_game_with_the_player_to_move() -> None:
    """R7.1: the supply nearly empty; R4: the player's regular turn, nothing done yet."""
    les = Lesson()
    view = les.view
    assert les.session.game.history == list(lesson.MOVES)
    assert view["supply"] == 5
    assert lesson.turn_begins(view) and view["decision"]["seat"] == lesson.YOU
    assert [c for c, seat in view["cards"].items() if seat == lesson.YOU] == \
        ["Peasant", "Monk", "King"]
    assert les.session.log  # the game so far is in the log
    assert les.session.config.seats[1].kind == "easy"


def test_the_lessons_game_is_a_game_from_its_seed_like_any_other() -> None:
    """A save of the lesson replays from its seed (Game.from_json checks it)."""
    game = lesson.position()
    again = rattus.Game.from_json(game.to_json())
    assert again.history == list(lesson.MOVES) and again.view(0) == game.view(0)


#: The page's hint: Hard with a fixed number of iterations (web/browser/effects.py), seeded by
#: the seat's bot seed (browser/bots_runner.py: the game's seed × 10 + the seat).
HINT_ITERATIONS = 150


def test_r7_4_a_player_who_follows_every_hint_wins_the_lesson() -> None:
    """The lesson ends with the final plague (R7.3) and a score (R7.4): a new player who
    asks for the hint at every decision and plays it wins — the hint's advice, put to the
    test of the lesson's own end (the computer's moves and the hint's search are seeded, so
    this is the one game that player plays)."""
    les = Lesson()
    game = les.session.game
    while not game.is_over:
        les.read_all()
        if game.current_player == lesson.YOU:
            s = les.session
            search = make_bot("hard", seed=lesson.SEED * 10 + lesson.YOU, time_budget=60,
                              iterations=HINT_ITERATIONS)
            les.move(search.choose(s.view(), s.legal()))
        else:
            les.bot_plays()
    assert game.view(None)["supply"] == 0  # it ended as the lesson says it will (R7.1a)
    assert game.winner() == lesson.YOU, game.scores()


# -- the notes at their moments ------------------------------------------------------------
def test_the_first_turn_tells_the_ending_ahead_then_the_turn_then_the_odds() -> None:
    """The ending first (R7.1: the supply runs out), then a turn's parts (R4), then Odds."""
    les = Lesson()
    assert les.note == "ending"
    assert les.read_all() == ["ending", "turn", "odds"]
    assert les.note is None and les.ui.coach is not None  # the lesson's bar stays


def test_the_ending_note_says_how_many_rat_tokens_the_supply_holds() -> None:
    les = Lesson()
    f = page_frame.frame(les.store.model, rattus.REGIONS)
    assert 'data-note="ending"' in f.html["coach"] and "only 5 rat tokens" in f.html["coach"]
    assert f.data["coach"] == "ending"  # the supply box pulses (style.css)


def test_the_odds_note_points_at_the_odds_button_and_names_it() -> None:
    les = Lesson()
    les.got_it()
    les.got_it()
    f = page_frame.frame(les.store.model, rattus.REGIONS)
    assert les.note == "odds" and f.data["coach"] == "odds"
    assert "“Odds”" in f.html["coach"]


def test_picking_up_the_plague_piece_tells_the_plague_note_at_once() -> None:
    """The moment of a click wins over the turn's notes still unread (R4.3)."""
    les = Lesson()
    les.send(ev.Choice("mode:plague"))
    assert les.note == "plague"


def test_a_spread_and_a_strike_of_the_players_turn_are_told_at_their_moment() -> None:
    """R5.1 the spread to place, then R5.3 the strike it causes (the one before the lesson
    is not told again)."""
    les = Lesson()
    les.read_all()
    game = les.session.game
    les.move(plague_move(game))
    assert game.view(None)["decision"]["kind"] == "spread"
    assert les.note == "spread"
    les.got_it()
    struck_before = les.session.last_strike
    while game.view(None)["decision"]["kind"] == "spread":
        les.move(game.legal_actions()[0])
    if les.session.last_strike != struck_before:  # this lesson's plague struck
        assert "strike" in les.shown
    assert "strike" not in les.shown[:les.shown.index("spread")]


def test_the_next_turn_tells_the_cards_risk_then_the_hint() -> None:
    """Before the end: the cards held are a risk in the final plague (R5.5, R7.3)."""
    les = Lesson()
    les.read_all()
    finish_turn(les)
    les.read_all()
    les.bot_plays()
    game = les.session.game
    assert not game.is_over and game.view(None)["last_regular"] is None  # (this lesson)
    assert les.note == "risk"
    f = page_frame.frame(les.store.model, rattus.REGIONS)
    assert "Peasant, Monk, King" in f.html["coach"]
    les.got_it()
    assert les.note == "hint"
    assert page_frame.frame(les.store.model, rattus.REGIONS).data["coach"] == "hint"


def play_to_the_end(les: Lesson, rng: random.Random, read: float = 1.0) -> None:
    """The lesson played out: random legal moves by the player, who reads a note ("Got it")
    with chance ``read`` — and always the one the computer player waits for (the bar's one
    button then)."""
    game = les.session.game
    while not game.is_over:
        if game.current_player != lesson.YOU:
            if les.store.model.paused:
                assert les.note == "final"
                les.got_it()
            les.bot_plays()
            continue
        if rng.random() < read:
            les.read_all()
        les.move(rng.choice(game.legal_actions()))


def test_the_final_round_then_the_final_plague_beside_the_board_then_the_summary() -> None:
    """R7.2 the final round, R7.3 the final plague: its note shows with the board in sight
    (the results wait), then the summary in the results, with a real game offered."""
    les = Lesson()
    play_to_the_end(les, random.Random(3))
    assert les.session.game.view(None)["supply"] == 0
    assert "final" in les.shown
    assert les.note == "final_plague"
    f = page_frame.frame(les.store.model, rattus.REGIONS)
    assert f.data["screen"] == "board" and 'data-note="final_plague"' in f.html["coach"]
    les.got_it()
    assert les.note == "end"
    f = page_frame.frame(les.store.model, rattus.REGIONS)
    assert f.data["screen"] == "results"
    assert 'data-note="end"' in f.html["screen"] and 'data-choice="quick-play"' in f.html["screen"]
    assert "data-note" not in f.html["coach"]  # the summary is said once, in the results
    # the lesson over, its bar gives a phone's status line back (style.css: "now"), which
    # says the game's end; a replay of the lesson says its step there too
    assert f.data["coach"] == "now"
    les.send(ev.Choice("replay-enter"))
    f = page_frame.frame(les.store.model, rattus.REGIONS)
    assert f.data["screen"] == "replay" and f.data["coach"] == "" and f.text["status"]
    les.send(ev.Choice("replay-leave"))
    les.send(ev.Choice("quick-play"))
    assert les.ui.coach is None and les.session.game.history == []  # a real game, no notes


@pytest.mark.parametrize("read", [1.0, 0.5, 0.0])
def test_over_many_lessons_each_note_shows_once_and_the_lesson_reaches_the_final_plague(
        read: float) -> None:
    """Whatever the player clicks, and whether they read the notes or not: no note twice,
    the ending told before the end, and every lesson ends with the final plague (R7.3)."""
    for seed in range(12):
        les = Lesson()
        play_to_the_end(les, random.Random(seed), read)
        les.read_all()
        shown = les.shown
        assert len(shown) == len(set(shown)), (seed, shown)
        assert set(shown) <= set(coach.NOTES)
        assert shown[0] == "ending"
        assert les.session.game.view(None)["supply"] == 0, seed  # R7.1a: the supply ran out
        assert shown[-2:] == ["final_plague", "end"], (seed, shown)
        assert "final" in shown and shown.index("final") < shown.index("final_plague")


# -- a reload keeps the lesson -------------------------------------------------------------
def reload(les: Lesson) -> Lesson:
    """What a reload does: the autosave's envelope (browser/autosave.py, storage.py) read
    back and resumed, on a fresh page."""
    s, ui = les.session, les.ui
    kept = {**s.resume_state(), "results_closed": ui.results_closed,
            "lesson": ui.coach.to_json()}
    text = save_file.dumps(s.config, s.game, kept)
    loaded = save_file.load(json.loads(text))
    again = Lesson.__new__(Lesson)
    again.store = Store(Model(prefs=Prefs(pace_ms=0)))
    again.store.run_effects({cls: (lambda _e: None) for cls in BROWSER_EFFECTS})
    again.shown, again.bot = list(les.shown), les.bot
    resumed = Session.from_loaded(loaded, resume=True)
    resumed.slot = "x"
    again.send(ev.Resume(resumed, loaded.resume, False))
    return again


def test_a_reload_mid_lesson_keeps_the_note_showing_and_the_notes_seen() -> None:
    les = Lesson()
    les.got_it()  # "ending" read; "turn" shows
    again = reload(les)
    assert again.ui.coach == les.ui.coach and again.note == "turn"
    assert again.read_all() == ["turn", "odds"]  # the lesson goes on, nothing again
    assert again.session.game.history == list(lesson.MOVES)


def test_a_reload_after_moves_goes_on_with_the_lessons_later_notes() -> None:
    les = Lesson()
    les.read_all()
    finish_turn(les)
    les.read_all()
    again = reload(les)
    again.bot_plays()
    assert again.note == "risk"
    assert len(again.shown) == len(set(again.shown))


def test_a_game_saved_without_a_lesson_resumes_without_one() -> None:
    les = Lesson()
    s = les.session
    text = save_file.dumps(s.config, s.game, {**s.resume_state(), "results_closed": False})
    loaded = save_file.load(text)
    store = Store(Model())
    store.run_effects({cls: (lambda _e: None) for cls in BROWSER_EFFECTS})
    store.dispatch(ev.Resume(Session.from_loaded(loaded, resume=True), loaded.resume, False))
    assert store.model.ui.coach is None


@pytest.mark.parametrize("bad", [None, [], {"seen": "ending"}, {"seen": [1]},
                                 {"seen": ["turn"], "note": "odds"}, {"seen": ["x" * 41]}])
def test_a_damaged_lesson_in_a_save_loses_the_notes_never_the_game(bad) -> None:
    assert Coach.from_json(bad) is None


def test_got_it_dismisses_the_note_it_was_under_never_one_that_came_in_its_place() -> None:
    """A computer's move can bring a new note (the final round's, R7.2) between the
    player's look at a note and the click on its "Got it": the click dismisses the note it
    was shown under, and the new note stays to be read."""
    les = Lesson()
    assert les.note == "ending"
    f = page_frame.frame(les.store.model, rattus.REGIONS)
    assert 'data-choice="coach-ok:ending"' in f.html["coach"]
    les.send(ev.Choice("coach-ok:ending"))
    assert les.note == "turn"
    les.send(ev.Choice("coach-ok:ending"))  # a second click, meant for the note before
    assert les.note == "turn"
    les.send(ev.Choice("coach-ok:turn"))
    assert les.note == "odds"


def test_the_computer_waits_for_the_final_rounds_note_to_be_read() -> None:
    """R7.2: when the supply runs out on the player's turn, the computer's final turn would
    end the game at once; it waits, with "Got it" in the decision bar, until it is read."""
    for seed in range(40):
        les = Lesson()
        game = les.session.game
        rng = random.Random(seed)
        while not game.is_over and game.view(None)["last_regular"] is None:
            if game.current_player != lesson.YOU:
                les.bot_plays()
                continue
            les.move(rng.choice(game.legal_actions()))
        if game.is_over or game.view(None)["last_regular"] != lesson.YOU:
            continue  # the supply ran out on the computer's turn: nothing to wait for
        assert les.note == "final" and les.store.model.paused
        f = page_frame.frame(les.store.model, rattus.REGIONS)
        assert 'data-choice="coach-ok:final"' in f.html["bar"]
        assert "waits until you have read" in f.text["status"]
        les.bot_plays()
        assert not game.is_over  # the bot waited
        les.got_it()
        les.bot_plays()
        assert game.is_over
        return
    pytest.fail("no lesson ran out of the supply on the player's turn")


def test_leaving_the_lesson_keeps_the_game() -> None:
    les = Lesson()
    les.send(ev.Choice("coach-leave"))
    assert les.ui.coach is None and les.session.game.history == list(lesson.MOVES)


def test_a_note_stays_while_its_moment_lasts() -> None:
    """A pace chosen, a card taken: not a moment of their own, the note stays (R4.1)."""
    les = Lesson()
    les.send(ev.PaceChosen("fast"))
    assert les.note == "ending"
    les.got_it()
    les.move("take Merchant")
    assert les.note == "turn"


# -- between the notes, the panel says what to do now -----------------------------------------
def test_between_two_notes_the_panel_says_what_to_do_now() -> None:
    """After the first turn's notes, before the plague piece is picked up, and while the
    computer plays: never an empty panel, a line of what to do now (no "Got it": it follows
    the game, read from the view's decision and the pick)."""
    les = Lesson()
    les.read_all()  # ending, turn, odds read
    assert les.note is None

    def now() -> tuple[str, str]:
        f = page_frame.frame(les.store.model, rattus.REGIONS)
        html = f.html["coach"]
        assert 'data-now="' in html and 'data-choice="coach-ok' not in html
        assert f.data["coach"] == "now"  # on a phone the sheet shows it (style.css)
        return html.split('data-now="')[1].split('"')[0], html

    key, html = now()
    assert key == "turn" and "“Move the plague piece”" in html
    les.move("take Merchant")
    assert les.note is None and now()[0] == "turn"
    les.send(ev.Choice("mode:plague"))
    les.read_all()  # the plague note, at its moment
    assert now()[0] == "plague"
    les.send(ev.Choice("mode:plague"))  # the piece put down again: the turn goes on
    assert now()[0] == "turn"
    finish_turn(les)
    les.read_all()
    game = les.session.game
    if not game.is_over and game.current_player != lesson.YOU:
        key, html = now()
        assert key == "wait" and les.session.config.seats[1].name in html


def test_the_spread_note_says_how_many_rat_tokens_come_from_the_supply() -> None:
    """R5.1: 1 rat token in the plague region brings 1, 2 or 3 bring 2, from the supply;
    R5.2: at most 3 per region. The rules' numbers on hover, as the results' tie rule has
    them."""
    les = Lesson()
    les.read_all()
    les.move(plague_move(les.session.game))
    assert les.note == "spread"
    html = page_frame.frame(les.store.model, rattus.REGIONS).html["coach"]
    assert "from the supply — 1 if the plague region holds 1 rat token, 2 if it holds 2 or " \
        "3" in html and "at most 3 per region" in html
    assert 'data-note="spread" title="Rules R5.1, R5.2"' in html


def test_the_final_rounds_note_names_who_still_plays_in_their_order() -> None:
    """R7.2: every player but the last regular turn's has one final turn, counter-clockwise
    from the one before the last: the note names them in that order (the view's queue)."""
    game = lesson.position()
    rng = random.Random(5)
    while game.view(None)["last_regular"] is None:
        game.apply(rng.choice(game.legal_actions()))
    view = game.view(lesson.YOU)
    names = ["Ann", "Bob"]
    words = panels.coach_words("final", view, lesson.YOU, names)
    order = [names[p] for p in still_to_play(view)]
    assert order and names[view["last_regular"]] not in order
    assert words.endswith(f"In this order, the other way round the table: {', '.join(order)}.")
    summary = panels.lesson_summary()
    assert "one last turn for each other player, the other way round the table" in summary
