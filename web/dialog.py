"""The new-game dialog: players, colours, kinds, who starts and the seed, read from the page.

Why its own object: the dialog keeps a draft :class:`Config` (and the problem it shows) apart
from the game in progress, which it only replaces once the draft is valid — and, if that game
is under way, once the player has said so (:meth:`keeping.Keeper.ask`). The draft lives here
between renders because the page's fields are rebuilt on every render: each change of the
player count first reads what was typed, so nothing typed is lost.
"""

from __future__ import annotations

import dom
from messages import t
from setup_config import COLOURS, DEFAULT_COLOURS, KINDS, Config, Seat, default_seats


class NewGameDialog:
    """The dialog's draft and problem; the app renders them (render_panels.new_game_dialog)."""

    def __init__(self, app):
        self.app = app
        self.config = Config(default_seats(2))
        self.problem = ""

    def show(self, problem: str = "") -> None:
        """Open the dialog, set up like the game on the page (a new seed), saying ``problem``."""
        app = self.app
        app.replay_controls.leave(render=False)
        if app.session is not None:
            cfg = app.session.config
            self.config = Config([Seat(s.name, s.colour, s.kind) for s in cfg.seats],
                                 start=cfg.start, seed=None)
        self.problem = problem
        app.screen = "new-game"
        app.render()

    def cancel(self) -> None:
        self.app.screen, self.problem = None, ""
        self.app.render()

    def read(self) -> Config:
        """The draft, updated with what the page's fields hold now."""
        cfg = self.config
        for i, seat in enumerate(cfg.seats):
            for field in ("name", "colour", "kind"):
                node = dom.query(f'[data-field="{field}"][data-seat="{i}"]')
                if node is not None:
                    setattr(seat, field, node.value.strip() if field == "name" else node.value)
        start = dom.query('[data-field="start"]')
        seed = dom.query('[data-field="seed"]')
        cfg.extra["start_choice"] = start.value if start is not None else "0"
        cfg.extra["seed_text"] = seed.value.strip() if seed is not None else ""
        return cfg

    def resize(self, n: int) -> None:
        """``n`` players: keep the first seats as typed, add new ones in unused colours."""
        cfg = self.read()
        seats = cfg.seats[:n]
        used = {s.colour for s in seats}
        while len(seats) < n:
            colour = next(c for c in (*DEFAULT_COLOURS, *COLOURS) if c not in used)
            used.add(colour)
            seats.append(Seat(t("player.default", n=len(seats) + 1), colour))
        cfg.seats = seats
        if cfg.start >= n:
            cfg.start = 0
        if cfg.extra.get("start_choice", "0") not in ("random", *map(str, range(n))):
            cfg.extra["start_choice"] = "0"
        self.problem = ""
        self.app.render()

    def start(self) -> None:
        """Start the game the dialog describes, or say what is wrong with it."""
        from setup_config import resolve_start

        app = self.app
        cfg = self.read()
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
            self.problem = problem
            app.render()
            return
        choice = cfg.extra.get("start_choice", "0")
        start = resolve_start(choice if choice == "random" else int(choice),
                              len(cfg.seats), seed)
        seats = [Seat(s.name, s.colour, s.kind if s.kind in KINDS else "human")
                 for s in cfg.seats]
        config = Config(seats=seats, start=start, seed=seed)
        if app.keeper.in_progress():
            def back():
                app.screen = "new-game"

            app.keeper.ask(t("confirm.new_game", summary=app.keeper.summary()),
                           t("btn.confirm_new"), t("btn.confirm_back"),
                           lambda: app.start(config), back)
            return
        app.start(config)
