"""The lesson's prepared position (web/model/lesson.py): how it was found, and how it plays.

Why a tool: the lesson starts late in a game so that a new player meets the ending within
it — the supply of rat tokens runs out (R7.1), the final round (R7.2), the final plague on
every region (R7.3). The moves that lead there are kept as notation in web/model/lesson.py;
this script finds such a position again (``--find``) and measures the one kept: it plays the
lesson many times with a player who clicks at random against the lesson's Easy computer
player, and prints how many of those lessons end with the supply run out, and after how many
regular turns of the player. A script that prints figures, not a test.

Run: ``.venv/bin/python tools/lesson_position.py [--games 200] [--find SEED_FROM SEED_TO]``.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

from model import lesson  # noqa: E402

import rattus  # noqa: E402
from rattus.bots import make_bot  # noqa: E402

#: The supply at the start of the lesson: about two turns of the player before it runs out.
SUPPLY = 5


def _game_so_far(g: rattus.Game, rng: random.Random) -> rattus.Action:
    """One move of the game before the lesson: cards now and then, few cubes, the plague
    piece to a region with many rats (so the supply goes down)."""
    legal = g.legal_actions()
    v = g.view(None)
    kinds: dict[str, list] = collections.defaultdict(list)
    for a in legal:
        kinds[a.kind].append(a)
    if len(legal) == 1:
        return legal[0]
    if v["decision"]["kind"] != "turn":
        return rng.choice(legal)
    turn = v["turn"]
    if kinds["take"] and not turn["took_card"] and rng.random() < 0.35:
        return rng.choice(kinds["take"])
    if kinds["place"] and not turn["placed"] and rng.random() < 0.7:
        return rng.choice([a for a in kinds["place"] if a.args[1] <= 2] or kinds["place"])
    if kinds["plague"]:
        def rats(a):
            return len(v["board"][a.args[0]]["tokens"])
        best = max(rats(a) for a in kinds["plague"])
        return rng.choice([a for a in kinds["plague"] if rats(a) == best])
    return rng.choice(legal)


def find(seed: int) -> list[str] | None:
    """The moves from ``seed`` to the player's turn with :data:`SUPPLY` tokens left, if the
    position suits a lesson: the player holds 2-3 cards, has cubes under rats in 3 regions or
    more, room for new rats, and every move of the plague piece spreads."""
    g, rng = rattus.new_game(2, seed=seed), random.Random(seed)
    while not g.is_over:
        v = g.view(0)
        if v["decision"]["kind"] == "turn" and v["decision"]["seat"] == 0 and not (
                v["turn"]["took_card"] or v["turn"]["placed"] or v["turn"]["used"]):
            if v["supply"] < SUPPLY:
                return None
            if v["supply"] == SUPPLY:
                rats = {r: len(v["board"][r]["tokens"]) for r in v["regions"]}
                held = [c for c, s in v["cards"].items() if s == 0]
                under = [r for r in v["regions"] if v["board"][r]["cubes"][0] and rats[r]]
                ok = (2 <= len(held) <= 3 and len(under) >= 3 and sum(rats.values()) <= 19
                      and min(v["reserve"]) >= 6
                      and all(rats[r] for r in v["neighbours"][v["plague"]]))
                return g.history if ok else None
        g.apply(_game_so_far(g, rng))
    return None


def play_out(games: int) -> None:
    """The kept lesson played ``games`` times by a random player against the Easy bot."""
    turns: collections.Counter = collections.Counter()
    ran_out, actions = 0, []
    start = lesson.position()
    for i in range(games):
        g, rng = start.clone(), random.Random(i)
        bot = make_bot("easy", seed=i)
        n = 0
        actions.append(0)
        while not g.is_over:
            v = g.view(None)
            if g.current_player == lesson.YOU:
                if lesson.turn_begins(v):
                    n += 1
                g.apply(rng.choice(g.legal_actions()))
                actions[-1] += 1
            else:
                legal = g.legal_actions()
                g.apply(legal[0] if len(legal) == 1 else bot.choose(g.view(g.current_player),
                                                                    legal))
        turns[n] += 1
        ran_out += g.view(None)["supply"] == 0
    print(f"lesson: seed {lesson.SEED}, {len(lesson.MOVES)} moves, supply "
          f"{start.view(None)['supply']} at the start")
    print(f"{games} lessons played by a random player against Easy:")
    print(f"  ended with the supply run out (R7.1a): {ran_out}/{games}")
    print("  regular turns of the player before the end: "
          + ", ".join(f"{k}: {v}" for k, v in sorted(turns.items())))
    actions.sort()
    print(f"  actions of the player: median {actions[len(actions) // 2]}, "
          f"90th percentile {actions[len(actions) * 9 // 10]}, most {actions[-1]}")
    words = _note_words()
    print(f"  the notes (English): {words} words, about {words / 200:.1f} min of reading "
          f"at 200 words a minute")


def _note_words() -> int:
    """The words of every lesson note a lesson shows (control/coach.py's NOTES)."""
    from control import coach
    from text.catalogue import EN

    keys = [k for k in EN if k.startswith("coach.") and not k.endswith(".touch")
            and k.split(".")[1] in coach.NOTES and k not in ("coach.ending.1", "coach.risk.none")]
    return sum(len(EN[k].split()) for k in keys)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--find", type=int, nargs=2, metavar=("FROM", "TO"))
    args = parser.parse_args()
    if args.find:
        for seed in range(*args.find):
            moves = find(seed)
            if moves is not None:
                print(seed, moves)
        return
    play_out(args.games)


if __name__ == "__main__":
    main()
