"""P8079's rules as pure functions.

gold[k]: the guess's letter k equals the answer's letter k. silver[k]: not gold, and the guess's
letter k equals the answer's letter at some position that is not gold; copies are not
counted, so every non-gold copy of such a letter is silver. Points by guesses used: 1 -> 150,
2 -> 120, 3 -> 100, 4 -> 90, 5 -> 85, not found (or a guess outside the dictionary) -> 0. The
final score is min(100, total points / rounds).
"""

from __future__ import annotations

GREY, SILVER, GOLD = 0, 1, 2
Feedback = tuple[int, ...]
GUESSES = 5
POINTS: dict[int | None, int] = {1: 150, 2: 120, 3: 100, 4: 90, 5: 85}  # None: not found


def feedback(guess: str, answer: str) -> Feedback:
    """
    >>> feedback("eerie", "there")
    (1, 1, 1, 0, 2)
    """
    gold = [g == a for g, a in zip(guess, answer, strict=True)]  # one length, or ValueError
    open_letters = {a for a, is_gold in zip(answer, gold, strict=False) if not is_gold}
    return tuple(GOLD if is_gold else SILVER if g in open_letters else GREY
                 for g, is_gold in zip(guess, gold, strict=False))


def as_flags(reply: Feedback) -> tuple[list[bool], list[bool]]:
    return [r == GOLD for r in reply], [r == SILVER for r in reply]


def pattern(reply: Feedback) -> int:
    """Base 3, first position most significant: all gold is 242 for five letters."""
    value = 0
    for r in reply:
        value = value * 3 + r
    return value


def round_points(guesses_used: int | None) -> int:
    """Points of a round found in `guesses_used` guesses; None when not found."""
    return POINTS.get(guesses_used, 0)


def final_score(total_points: int, rounds: int) -> float:
    return min(100.0, total_points / rounds) if rounds else 0.0
