"""LeetCode 843's Master with its exact rules, over a fixed secret or an adaptive adversary."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from judge.rules import LONGEST_WORD, NOT_A_WORD, Reply, Word, match
from judge.safetext import safe
from judge.verdicts import ACCEPTED_TEXT, WRONG_ANSWER_TEXT, Verdict


class GuessBudgetExhausted(BaseException):
    """Raised into a runaway solution. A BaseException so `except Exception` cannot swallow it."""


def runaway_cap(allowed_guesses: int) -> int:
    """Calls after which a run is stopped: far above any honest need, small enough to end fast."""
    return 10 * allowed_guesses + 100


def shown_guess(guess: object) -> str:
    """A guess as a transcript keeps it, the same whether the file ran in a worker or in the
    judge's process: a string a harness sends whole (LONGEST_WORD characters at most) as it
    is, anything else as its repr, cut as a harness cuts it, or as its type where repr fails
    (an int of 5,000 digits, a __repr__ that raises); made safe and cut again as the judge
    takes what a worker sent."""
    if not (isinstance(guess, str) and len(guess) <= LONGEST_WORD):
        try:
            guess = repr(guess)[:LONGEST_WORD]
        except Exception:
            guess = f"<{type(guess).__name__}>"
    return safe(guess)[:LONGEST_WORD]


class SecretKeeper(Protocol):
    """Answers guesses that are words of the list; the Master handles everything else."""

    def reply(self, guess: Word) -> Reply: ...

    def secret(self) -> Word:
        """The secret, or for an adversary a word consistent with every reply so far."""
        ...


@dataclass
class FixedSecret:
    word: Word

    def reply(self, guess: Word) -> Reply:
        return match(guess, self.word)

    def secret(self) -> Word:
        return self.word


class Adversary:
    """Keeps every word consistent with its replies and answers with the largest group.

    Ties go to the smallest reply, so a full match is given only when no other reply remains:
    the adversary commits to a secret only when one word is left and it is guessed.
    """

    def __init__(self, words: Sequence[Word]) -> None:
        self.candidates: list[Word] = list(words)

    def reply(self, guess: Word) -> Reply:
        groups = Counter(match(guess, c) for c in self.candidates)
        chosen = min(groups, key=lambda r: (-groups[r], r))
        self.candidates = [c for c in self.candidates if match(guess, c) == chosen]
        return chosen

    def secret(self) -> Word:
        return self.candidates[0]


@dataclass
class Master:
    """Every call counts, valid or not, also after the secret was found."""

    words: Sequence[Word]
    keeper: SecretKeeper
    allowed_guesses: int
    cap: int = 0
    calls: int = 0
    found: bool = False
    transcript: list[tuple[str, Reply]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._word_set = frozenset(self.words)
        self.cap = self.cap or runaway_cap(self.allowed_guesses)

    @property
    def runaway(self) -> bool:
        return self.calls > self.cap

    def guess(self, word: object) -> Reply:
        self.calls += 1
        if self.runaway:
            raise GuessBudgetExhausted(f"more than {self.cap} calls to Master.guess")
        if isinstance(word, str) and word in self._word_set:
            reply = self.keeper.reply(word)
            self.found = self.found or reply == len(word)
            self.transcript.append((word, reply))  # a word of the list is safe as it is
        else:
            reply = NOT_A_WORD
            self.transcript.append((shown_guess(word), reply))
        return reply

    def verdict(self) -> tuple[Verdict, str]:
        """LeetCode's verdict once the solution has returned."""
        if self.found and self.calls <= self.allowed_guesses:
            return "AC", ACCEPTED_TEXT
        return "WA", WRONG_ANSWER_TEXT

    def secret(self) -> Word:
        return self.keeper.secret()
