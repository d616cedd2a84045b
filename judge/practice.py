"""Interactive practice: play a list yourself, ask for hints, see what the strategies would do.

`session` is a pure loop over input lines and an output function, so tests drive it directly;
`python -m judge play` connects it to the terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from judge.analysis.engine import METRICS, best_guess, match_matrix, reply_counts
from judge.analysis.optimal import best_next_guess
from judge.cases import Case
from judge.master import Adversary, FixedSecret, Master, SecretKeeper
from judge.rules import match

HELP = """type a word of the list to guess it, or:
  hint     the best guesses by minimax, entropy and expected size, with how each splits the
           words still possible (reply: how many words), and the optimal guess when it is quick
  words    the words still possible
  list     every word of the list
  give up  show the secret and stop
  help     this text"""
HINT_METRICS = ("minimax", "entropy", "expected")
SHOWN_WORDS = 40


@dataclass
class Game:
    case: Case
    master: Master
    candidates: list[int]

    @classmethod
    def start(cls, case: Case, adversary: bool) -> Game:
        keeper: SecretKeeper = Adversary(case.words) if adversary else FixedSecret(case.secret)
        master = Master(case.words, keeper, case.allowed_guesses)
        return cls(case, master, list(range(len(case.words))))


def split_text(counts: list[int]) -> str:
    return ", ".join(f"{reply}: {n}" for reply, n in enumerate(counts) if n)


def hints(game: Game) -> list[str]:
    """What each metric would guess next, and how that guess splits the candidates."""
    words = game.case.words
    matrix = match_matrix(words)
    candidates = np.array(game.candidates)
    lines = [f"{len(candidates)} words still possible"]
    for name in HINT_METRICS:
        guess = best_guess(matrix, candidates, METRICS[name], "all")
        counts = reply_counts(matrix, candidates, np.array([guess]))[0].tolist()
        possible = "" if guess in game.candidates else " (already ruled out)"
        lines.append(f"  {name:<9} {words[guess]}{possible}  splits as {split_text(counts)}")
    best = best_next_guess(words, game.candidates, time_limit=1.0)
    if best is None:
        lines.append("  optimal   (not found within a second)")
    else:
        guess, worst = best
        lines.append(f"  optimal   {words[guess]}  finds any of them within {worst} more "
                     f"guesses")
    return lines


def session(game: Game, lines: Iterable[str], say: Callable[[str], None]) -> bool:
    """Play until the secret is found, the player gives up, or the input ends.
    True when the game ends with LeetCode's AC."""
    words = game.case.words
    say(f"{len(words)} words of {len(words[0])} letters, {game.case.allowed_guesses} guesses "
        "allowed; type help for commands")
    for raw in lines:
        line = raw.strip().lower()
        if not line:
            continue
        if line == "help":
            say(HELP)
        elif line == "hint":
            for text in hints(game):
                say(text)
        elif line in ("words", "list"):
            shown = game.candidates if line == "words" else range(len(words))
            chosen = [words[i] for i in shown]
            more = f" ... and {len(chosen) - SHOWN_WORDS} more" if len(chosen) > SHOWN_WORDS else ""
            say(" ".join(chosen[:SHOWN_WORDS]) + more)
        elif line in ("give up", "quit"):
            say(f"the secret was {game.master.secret()}")
            return False
        else:
            reply = game.master.guess(line)
            if reply < 0:
                say(f"{line!r} is not in the list: -1 (it still counts as a guess)")
                continue
            if reply == len(line):
                verdict, text = game.master.verdict()
                say(f"{reply}: found in {game.master.calls} guesses. {verdict}: {text}")
                return verdict == "AC"
            game.candidates = [c for c in game.candidates
                               if words[c] != line and match(line, words[c]) == reply]
            say(f"{reply}: {len(game.candidates)} words still possible "
                f"({game.master.calls}/{game.case.allowed_guesses} guesses used)")
    say(f"the secret was {game.master.secret()}")
    return False
