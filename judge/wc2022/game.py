"""Plays P8079 rounds against a solution file with the contest's entry points:

    def init(num_scramble: int, scramble: str) -> None
    def guess(num_testcase: int, remaining_guesses: int, initial_letter: str,
              gold: list[bool], silver: list[bool]) -> str

`scramble` is the dictionary as one string, five letters a word, in the dictionary's order.
The solution runs in the judge's process: this variant has no worker yet, so grade only
code you trust.
"""

from __future__ import annotations

import random
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.wc2022.rules import (
    GOLD,
    GUESSES,
    Feedback,
    as_flags,
    feedback,
    final_score,
    round_points,
)

ENGLISH5 = Path(__file__).resolve().parent.parent / "data" / "english5.txt"
CONTEST_DICTIONARY = Path(__file__).resolve().parents[3] / "shared" / "data" / \
    "wc2022-dictionary.txt"


class EntryPointError(Exception):
    """The file has no usable init and guess: the variant's CE."""


@dataclass
class Round:
    number: int
    answer: str
    guesses: list[tuple[str, Feedback]] = field(default_factory=list)
    points: int = 0
    ended: str = "out of guesses"  # found | not a word | raised | out of guesses

    def to_json(self) -> dict[str, Any]:
        return {"round": self.number, "answer": self.answer, "points": self.points,
                "ended": self.ended, "guesses": [[w, list(f)] for w, f in self.guesses]}


@dataclass
class Match:
    solution: str
    dictionary: str
    rounds: list[Round]
    seconds: float

    @property
    def total(self) -> int:
        return sum(r.points for r in self.rounds)

    @property
    def score(self) -> float:
        return final_score(self.total, len(self.rounds))

    def summary(self) -> dict[str, Any]:
        used = Counter(len(r.guesses) if r.ended == "found" else r.ended for r in self.rounds)
        return {"solution": self.solution, "dictionary": self.dictionary,
                "rounds": len(self.rounds), "total_points": self.total,
                "score": round(self.score, 3), "seconds": round(self.seconds, 3),
                "outcomes": {str(k): v for k, v in sorted(used.items(), key=str)}}


def read_dictionary(path: Path) -> list[str]:
    words = path.read_text(encoding="ascii").split()
    bad = [w for w in words if len(w) != 5 or not w.isalpha() or not w.islower()]
    if bad or not words:
        raise ValueError(f"{path}: not a list of five-letter lowercase words ({bad[:3]})")
    return words


GuessFunction = Callable[[int, int, str, list[bool], list[bool]], object]


def load_entry_points(path: Path) -> tuple[Callable[[int, str], object], GuessFunction]:
    namespace: dict[str, Any] = {"__name__": "wc2022_solution", "__file__": str(path)}
    try:
        exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), namespace)
    except Exception as e:
        raise EntryPointError(f"{path}: cannot be loaded: {type(e).__name__}: {e}") from e
    init, guess = namespace.get("init"), namespace.get("guess")
    if not callable(init) or not callable(guess):
        raise EntryPointError(f"{path}: must define functions init and guess")
    return init, guess


def play_round(guess: GuessFunction, number: int, answer: str, valid: set[str]) -> Round:
    played = Round(number, answer)
    gold, silver = [False] * 5, [False] * 5
    for remaining in range(GUESSES, 0, -1):
        try:
            word = guess(number, remaining, answer[0], list(gold), list(silver))
        except Exception:
            played.ended = "raised: " + traceback.format_exc().strip().splitlines()[-1]
            return played
        if not isinstance(word, str) or word not in valid:
            played.guesses.append((repr(word), ()))
            played.ended = "not a word"
            return played
        reply = feedback(word, answer)
        played.guesses.append((word, reply))
        if all(r == GOLD for r in reply):
            played.ended = "found"
            played.points = round_points(len(played.guesses))
            return played
        gold, silver = as_flags(reply)
    return played


def play(solution: Path, dictionary: Sequence[str], rounds: int, seed: int,
         dictionary_name: str = "",
         on_round: Callable[[Round], None] | None = None) -> Match:
    init, guess = load_entry_points(solution)
    start = time.perf_counter()
    init(len(dictionary), "".join(dictionary))
    rng = random.Random(seed)
    valid = set(dictionary)
    played = []
    for number in range(1, rounds + 1):
        result = play_round(guess, number, rng.choice(dictionary), valid)
        if on_round is not None:
            on_round(result)
        played.append(result)
    return Match(str(solution), dictionary_name, played, time.perf_counter() - start)
