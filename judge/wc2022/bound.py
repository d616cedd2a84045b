"""An upper bound on the points a round any P8079 player can expect, answers uniform over the
dictionary: how far a solution is from the best possible, and whether a target can be met.

Within one initial letter's answers A, a player's first guess g splits A into classes by
reply. For a class c, whatever the second guess h: at most one answer is found at guess 2 (h,
if it is in c), at most one per reply class of h over the rest at guess 3, the others at
guess 4 at best. So c scores at most

    90 |c| + max over h of (20 [h in c] + 10 (the number of replies h gets over c)),

and the letter at most 150 [g in A] plus that sum over g's classes, for the best g. Every
dictionary word is tried as g and h; a g is dropped as soon as its classes evaluated so far
(largest first), with every class left counted as if found by guess 3, cannot beat the best g.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from judge.wc2022.rules import GOLD, POINTS, SILVER

ALL_GOLD = 242
REPLIES = 243
ROWS = 1024  # guesses whose patterns are computed at a time, to bound the memory used
Patterns = npt.NDArray[np.uint8]


def as_letters(words: Sequence[str]) -> npt.NDArray[np.uint8]:
    return np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8).reshape(len(words), 5)


def pattern_matrix(guesses: Sequence[str], answers: Sequence[str]) -> Patterns:
    """[i, j]: rules.pattern(rules.feedback(guesses[i], answers[j])), for all pairs at once."""
    answer = as_letters(answers)[None, :, :]
    result = np.empty((len(guesses), len(answers)), dtype=np.uint8)
    every_guess = as_letters(guesses)
    for start in range(0, len(guesses), ROWS):
        guess = every_guess[start:start + ROWS, None, :]
        gold = guess == answer
        value = np.zeros(gold.shape[:2], dtype=np.uint8)
        for i in range(5):
            silver = np.zeros(gold.shape[:2], dtype=bool)
            for j in range(5):
                silver |= ~gold[:, :, j] & (guess[:, :, i] == answer[:, :, j])
            value = value * 3 + np.where(gold[:, :, i], GOLD,
                                         np.where(silver, SILVER, 0)).astype(np.uint8)
        result[start:start + ROWS] = value
    return result


def replies_over(block: Patterns) -> npt.NDArray[np.int64]:
    """The number of distinct replies in each row of `block`."""
    rows, columns = block.shape
    if columns < 20:  # sorting a few columns is cheaper than marking 243 a row
        ordered = np.sort(block, axis=1)
        changes: npt.NDArray[np.int64] = (ordered[:, 1:] != ordered[:, :-1]).sum(axis=1)
        return 1 + changes
    seen = np.zeros(rows * REPLIES, dtype=bool)
    seen[(block + (np.arange(rows, dtype=np.int64) * REPLIES)[:, None]).ravel()] = True
    distinct: npt.NDArray[np.int64] = seen.reshape(rows, REPLIES).sum(axis=1)
    return distinct


@dataclass(frozen=True)
class LetterBound:
    letter: str
    answers: int
    points: int  # the bound on the total over the letter's answers, each played once
    opening: str  # the first guess that reaches it
    openings_in_full: int  # first guesses whose every class was evaluated

    @property
    def per_round(self) -> float:
        return self.points / self.answers


def letter_bound(words: Sequence[str], letter: str) -> LetterBound:
    answers = [w for w in words if w[0] == letter]
    if not answers:
        raise ValueError(f"no word starts with {letter!r}")
    patterns = pattern_matrix(words, answers)
    in_letter = np.array([w[0] == letter for w in words])
    answer_rows = np.flatnonzero(in_letter)

    def class_bound(columns: npt.NDArray[np.int64]) -> int:
        """Every answer of the class at guess 4, plus what guesses 2 and 3 can gain on that."""
        in_class = np.zeros(len(words), dtype=np.int64)
        in_class[answer_rows[columns]] = 1
        gain = (POINTS[2] - POINTS[4]) * in_class + \
            (POINTS[3] - POINTS[4]) * (replies_over(patterns[:, columns]) - in_class)
        return POINTS[4] * len(columns) + int(gain.max())

    def optimistic(size: int) -> int:
        """At least class_bound: one answer found at guess 2, the others at guess 3."""
        return POINTS[3] * size + (POINTS[2] - POINTS[3])

    best, best_opening, in_full = -1, -1, 0
    for opening in first_guess_order(patterns).tolist():
        replies, of_answer, sizes = np.unique(patterns[opening], return_inverse=True,
                                              return_counts=True)
        points = POINTS[1] * int(in_letter[opening])
        classes = [k for k in np.argsort(-sizes, kind="stable").tolist()
                   if replies[k] != ALL_GOLD]
        left = sum(optimistic(int(sizes[k])) for k in classes)
        for k in classes:
            if points + left <= best:
                break
            left -= optimistic(int(sizes[k]))
            points += class_bound(np.flatnonzero(of_answer == k))
        else:
            in_full += 1
            if points > best:
                best, best_opening = points, opening
    return LetterBound(letter, len(answers), best, words[best_opening], in_full)


def first_guess_order(patterns: Patterns) -> npt.NDArray[np.int64]:
    """Guesses by the entropy of their replies, highest first: a good bound early prunes more."""
    rows, answers = patterns.shape
    counts = np.bincount((patterns + (np.arange(rows, dtype=np.int64) * REPLIES)[:, None])
                         .ravel(), minlength=rows * REPLIES).reshape(rows, REPLIES) / answers
    entropy = -(counts * np.log2(np.where(counts > 0, counts, 1.0))).sum(axis=1)
    return np.argsort(-entropy, kind="stable")


def dictionary_bound(words: Sequence[str], letters: Collection[str] | None = None,
                     on_letter: Callable[[LetterBound], None] | None = None) -> list[LetterBound]:
    """The bound of each initial letter in `letters` (default: all), the largest letters first
    (they take longest)."""
    wanted = {w[0] for w in words} if letters is None else set(letters)
    bounds = []
    for letter in sorted(wanted, key=lambda c: (-sum(w[0] == c for w in words), c)):
        bounds.append(letter_bound(words, letter))
        if on_letter is not None:
            on_letter(bounds[-1])
    return bounds


def per_round(bounds: Sequence[LetterBound]) -> float:
    """The bound on the points a round, answers uniform over the whole dictionary."""
    return sum(b.points for b in bounds) / sum(b.answers for b in bounds)
