"""Plays P8079 rounds against a solution file with the contest's entry points:

    def init(num_scramble: int, scramble: str) -> None
    def guess(num_testcase: int, remaining_guesses: int, initial_letter: str,
              gold: list[bool], silver: list[bool]) -> str

`scramble` is the dictionary as one string, five letters a word, in the dictionary's order.
The solution runs in a worker process, as for LeetCode 843: `--sandbox`, time and memory
limits apply, and the answer never leaves the judge.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from judge.run.limits import Limits
from judge.run.process import Worker
from judge.run.session import WorkerOwner
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


INIT_SECONDS = 60.0


# How a round ended: a closed set, as verdicts are. Only "found" scores points.
RoundEnd = Literal["found", "out of guesses", "not a word", "raised", "time limit", "died"]
ROUND_ENDS: tuple[RoundEnd, ...] = ("found", "out of guesses", "not a word", "raised",
                                    "time limit", "died")
# What one call of the solution's guess gave: a word, or how the call failed.
CallResult = Literal["word", "not a word", "raised", "time limit", "died"]


class EntryPointError(Exception):
    """The file has no usable init and guess: the variant's CE."""


@dataclass
class Round:
    number: int
    answer: str
    guesses: list[tuple[str, Feedback]] = field(default_factory=list)
    points: int = 0
    ended: RoundEnd = "out of guesses"
    detail: str = ""  # what failed, for a round that ended otherwise than found or out of guesses

    def to_json(self) -> dict[str, Any]:
        return {"round": self.number, "answer": self.answer, "points": self.points,
                "ended": self.ended, "detail": self.detail,
                "guesses": [[w, list(f)] for w, f in self.guesses]}


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


class EntryPoints(WorkerOwner):
    """The solution's `init` and `guess`, run in a worker process: the answer stays here.

    A guess that runs out of time, or a worker that dies, costs that round; the next round
    gets a new worker, and `init` is called again before it.
    """

    game = "wc2022"

    def __init__(self, solution: Path, dictionary: Sequence[str], limits: Limits,
                 sandbox: bool) -> None:
        super().__init__(solution, limits, sandbox)
        self.dictionary = dictionary

    def ready(self) -> Worker:
        if self._worker is not None:
            return self._worker
        worker = self.start_worker()
        if isinstance(worker, str):
            raise EntryPointError(f"{self.solution}: {worker}")
        worker.send({"op": "init", "n": len(self.dictionary),
                     "scramble": "".join(self.dictionary)})
        message = worker.receive(time.monotonic() + INIT_SECONDS)
        if not message or message.get("op") != "done":
            worker.kill()
            why = "took too long" if message is None else (message.get("error") or "died")
            raise EntryPointError(f"{self.solution}: init failed: {why}")
        self._worker = worker
        return worker

    def guess(self, number: int, remaining: int, letter: str, gold: list[bool],
              silver: list[bool]) -> tuple[CallResult, str]:
        """("word", w), ("not a word", repr) or (how the call failed, detail)."""
        worker = self.ready()
        worker.send({"op": "guess", "args": [number, remaining, letter, gold, silver]})
        message = worker.receive(time.monotonic() + self.limits.time_seconds)
        if message and message.get("op") == "word":
            if "word" in message:
                return "word", str(message["word"])
            return "not a word", str(message.get("bad"))
        self.close()
        if message is None:
            return "time limit", f"no word within {self.limits.time_seconds:g} s"
        if message.get("op") == "raised":
            return "raised", str(message.get("error", "")).strip().splitlines()[-1]
        return "died", worker.death()


def play_round(entry: EntryPoints, number: int, answer: str, valid: set[str]) -> Round:
    played = Round(number, answer)
    gold, silver = [False] * 5, [False] * 5
    for remaining in range(GUESSES, 0, -1):
        kind, word = entry.guess(number, remaining, answer[0], list(gold), list(silver))
        if kind != "word" or word not in valid:
            played.guesses.append((word if kind == "word" else f"<{kind}>", ()))
            played.ended = "not a word" if kind == "word" or kind == "not a word" else kind
            played.detail = word
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
         dictionary_name: str = "", on_round: Callable[[Round], None] | None = None,
         limits: Limits | None = None, sandbox: bool = False) -> Match:
    start = time.perf_counter()
    rng = random.Random(seed)
    valid = set(dictionary)
    played = []
    with EntryPoints(solution, dictionary, limits or Limits(), sandbox) as entry:
        entry.ready()
        for number in range(1, rounds + 1):
            result = play_round(entry, number, rng.choice(dictionary), valid)
            if on_round is not None:
                on_round(result)
            played.append(result)
    return Match(str(solution), dictionary_name, played, time.perf_counter() - start)
