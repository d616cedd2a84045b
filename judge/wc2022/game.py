"""Plays P8079 rounds against a solution file with the contest's entry points:

    def init(num_scramble: int, scramble: str) -> None
    def guess(num_testcase: int, remaining_guesses: int, initial_letter: str,
              gold: list[bool], silver: list[bool]) -> str

`scramble` is the dictionary as one string, five letters a word, in the dictionary's order.
The solution runs in a worker process, as for LeetCode 843: `--sandbox`, time and memory
limits apply, and the answer never leaves the judge.
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from judge.reading import UnreadableFile, read_text_bounded
from judge.run.limits import Clock, Limits
from judge.run.process import Worker
from judge.run.session import WorkerOwner
from judge.safetext import shown
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


# The time model, after the contest's: one CPU budget for loading, init and the whole match,
# and a generous ceiling on each call, so that one runaway call cannot eat the whole budget.
INIT_SECONDS = 60.0  # CPU ceiling on loading the file and init
GUESS_SECONDS = 10.0  # CPU ceiling on one call of guess
MATCH_BASE_SECONDS, MATCH_SECONDS_PER_ROUND = 60.0, 1.0
DEFAULT_ROUNDS = 1000


def match_budget(rounds: int) -> float:
    """The default CPU budget of a match: loading and init, then one second a round."""
    return MATCH_BASE_SECONDS + MATCH_SECONDS_PER_ROUND * rounds


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
    cpu_seconds: float = 0.0  # the solution's, over every worker it had
    label: str = ""  # the name the command line's files tell it apart by (cli/submissions.py)

    @property
    def name(self) -> str:
        """How tables and pages name it: its label, else its file's name."""
        return self.label or Path(self.solution).name

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
                "cpu_seconds": round(self.cpu_seconds, 3),
                "outcomes": {str(k): v for k, v in sorted(used.items(), key=str)}}


def words_digest(words: Sequence[str]) -> str:
    """The sha256 of a dictionary's words, one a line: the file's own, where it is written so
    (`sha256sum` checks it), and the same for the same words however a file spaces them."""
    return hashlib.sha256("".join(f"{word}\n" for word in words).encode()).hexdigest()


# The contest's dictionary is 53 KB: far past that a file is no dictionary of five-letter words.
LARGEST_DICTIONARY = 16 << 20


def read_dictionary(path: Path) -> list[str]:
    """The words of a dictionary file, one or more a line; ValueError saying what is wrong."""
    try:
        words = read_text_bounded(path, LARGEST_DICTIONARY, encoding="ascii").split()
    except UnreadableFile as e:
        raise ValueError(f"{path}: {e}") from e
    if not words:
        raise ValueError(f"{path}: no words in it (a dictionary holds five-letter lowercase "
                         "words, one or more a line)")
    bad = [w for w in words if len(w) != 5 or not w.isalpha() or not w.islower()]
    if bad:
        more = f" and {len(bad) - 3:,} more" if len(bad) > 3 else ""
        raise ValueError(f"{path}: not a list of five-letter lowercase words: "
                         f"{', '.join(map(shown, bad[:3]))}{more}")
    # Answers are drawn uniformly from the dictionary: a word listed twice would be drawn twice
    # as often as the others.
    listed = Counter(words)
    if twice := next((w for w in words if listed[w] > 1), None):
        raise ValueError(f"{path}: {shown(twice)} is listed twice (a dictionary's words are "
                         "distinct)")
    return words


class EntryPoints(WorkerOwner):
    """The solution's `init` and `guess`, run in a worker process: the answer stays here.

    A guess that runs out of time, or a worker that dies, costs that round; the next round
    gets a new worker, and `init` is called again before it.
    """

    game = "wc2022"

    def __init__(self, solution: Path, dictionary: Sequence[str], limits: Limits,
                 sandbox: bool, match_seconds: float | None = None,
                 language: str | None = None) -> None:
        super().__init__(solution, limits, sandbox, language=language)
        self.dictionary = dictionary
        self.match_seconds = match_seconds
        self.spent = 0.0  # CPU seconds of the workers already retired

    def cpu_spent(self) -> float:
        """CPU seconds the solution has used in this match, over every worker it had."""
        live = self._worker.cpu_seconds() if self._worker is not None else 0.0
        return self.spent + live

    def budget_left(self) -> float:
        return math.inf if self.match_seconds is None else self.match_seconds - self.cpu_spent()

    def close(self) -> None:
        if self._worker is not None:
            self.spent += self._worker.cpu_seconds()  # read before the process is gone
        super().close()

    def _clock(self, worker: Worker, ceiling: float) -> Clock:
        # Loading a new worker spends CPU too: what is left of the budget may be below zero.
        return Clock.for_case(max(min(ceiling, self.budget_left()), 0.0), worker.cpu_seconds)

    def _why_out_of_time(self, clock: Clock) -> str:
        # With the budget spent, the budget was the limit: a clock of zero seconds fires on
        # the wall at once, and its own words would be "no return within 0 s".
        if self.budget_left() <= 0:
            return f"the match's CPU budget of {self.match_seconds:g} s is spent"
        return clock.verdict_detail()

    def ready(self) -> Worker:
        """The worker for the match's first round; EntryPointError if the file has no usable
        init and guess (no round has been played: the variant's CE)."""
        started = self._started()
        if isinstance(started, tuple):
            # A refusal is one line: the compiler's or loader's first, which says what and
            # where (the rest is the whole error, which a one-line account cannot hold).
            first = started[1].strip().splitlines()
            raise EntryPointError(f"{self.solution}: {first[0] if first else started[0]}")
        return started

    def _started(self) -> Worker | tuple[CallResult, str]:
        """The live worker, or a new one that has loaded the file and run init; or how that
        failed, as a call of guess fails."""
        if self._worker is not None:
            return self._worker
        worker = self.start_worker()
        if isinstance(worker, str):
            return "died", worker
        self._worker = worker  # from now on, loading included, its CPU counts in the budget
        worker.send({"op": "init", "n": len(self.dictionary),
                     "scramble": "".join(self.dictionary)})
        clock = self._clock(worker, INIT_SECONDS)
        message = worker.receive(clock)
        if message and message.get("op") == "done":
            return worker
        self.close()
        if message is None:
            return "time limit", f"init failed: {self._why_out_of_time(clock)}"
        if message.get("op") == "raised":
            return "raised", f"init failed: {last_line(message.get('error'))}"
        return "died", "init failed: died"

    def guess(self, number: int, remaining: int, letter: str, gold: list[bool],
              silver: list[bool]) -> tuple[CallResult, str]:
        """("word", w), ("not a word", repr) or (how the call failed, detail). A new worker
        for a later round runs init first; its failure is this call's."""
        if self.budget_left() <= 0:
            return "time limit", f"the match's CPU budget of {self.match_seconds:g} s is spent"
        worker = self._started()
        if isinstance(worker, tuple):
            return worker
        worker.send({"op": "guess", "args": [number, remaining, letter, gold, silver]})
        clock = self._clock(worker, self.limits.time_seconds)
        message = worker.receive(clock)
        if message and message.get("op") == "word":
            if "word" in message:
                return "word", str(message["word"])
            return "not a word", str(message.get("bad"))
        self.close()
        if message is None:
            return "time limit", self._why_out_of_time(clock)
        if message.get("op") == "raised":
            return "raised", last_line(message.get("error"))
        return "died", worker.death()


def last_line(error: object) -> str:
    """An exception's last line, where its type and message are."""
    lines = str(error or "").strip().splitlines()
    return lines[-1] if lines else "an exception"


def play_round(entry: EntryPoints, number: int, answer: str, valid: set[str]) -> Round:
    played = Round(number, answer)
    gold, silver = [False] * 5, [False] * 5
    for remaining in range(GUESSES, 0, -1):
        kind, word = entry.guess(number, remaining, answer[0], list(gold), list(silver))
        if kind != "word" or word not in valid:
            played.guesses.append((word if kind == "word" else f"<{kind}>", ()))
            played.ended = "not a word" if kind == "word" else kind  # (or "not a word")
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


def draw_answers(dictionary: Sequence[str], rounds: int, seed: int,
                 every_answer: bool = False) -> list[str]:
    """`rounds` answers drawn uniformly and independently, as the contest's rounds are; with
    `every_answer`, each word once in an order drawn from `seed` (and `rounds` is ignored),
    which measures exactly the points a round expected over uniform answers."""
    rng = random.Random(seed)
    if every_answer:
        answers = list(dictionary)
        rng.shuffle(answers)
        return answers
    return [rng.choice(dictionary) for _ in range(rounds)]


def play(solution: Path, dictionary: Sequence[str], rounds: int, seed: int,
         dictionary_name: str = "", on_round: Callable[[Round], None] | None = None,
         limits: Limits | None = None, sandbox: bool = False,
         match_seconds: float | None = None, every_answer: bool = False,
         order: int = 0, language: str | None = None) -> Match:
    """Play `rounds` rounds (with `every_answer`, one a word; see `draw_answers`).
    `limits.time_seconds` is the CPU ceiling of one call of guess; `match_seconds` the CPU
    budget of the whole match (None: `match_budget(rounds)`). Solutions compared in one
    command play the same answers, each in an order of its own (`order`, 0 for the order
    drawn): one that learns the answers from another learns them out of order."""
    start = time.perf_counter()
    answers = draw_answers(dictionary, rounds, seed, every_answer)
    if order:
        random.Random(f"{seed}:order {order}").shuffle(answers)
    rounds = len(answers)
    valid = set(dictionary)
    played = []
    budget = match_budget(rounds) if match_seconds is None else match_seconds
    with EntryPoints(solution, dictionary, limits or Limits(time_seconds=GUESS_SECONDS), sandbox,
                     budget, language) as entry:
        entry.ready()
        for number, answer in enumerate(answers, 1):
            result = play_round(entry, number, answer, valid)
            if on_round is not None:
                on_round(result)
            played.append(result)
        cpu = entry.cpu_spent()
    return Match(str(solution), dictionary_name, played, time.perf_counter() - start, cpu)
