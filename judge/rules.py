"""The game of LeetCode 843 as pure functions: a guess is answered by its match count."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

Word = str
Reply = int  # positions where guess and secret agree; -1 for a word not in the list

WORD_LENGTH = 6
NOT_A_WORD: Reply = -1
# The longest guess a harness sends as a string (the same in each language's harness): no case
# has longer words, and anything longer, or no string, is answered -1 and shown cut to this.
LONGEST_WORD = 64


def match(guess: Word, secret: Word) -> Reply:
    """Number of positions where `guess` and `secret` hold the same letter.

    >>> match("acckzz", "ccbazz")
    3
    """
    return sum(a == b for a, b in zip(guess, secret, strict=True))


def consistent_secrets(candidates: Iterable[Word], guess: Word, reply: Reply) -> list[Word]:
    """The candidates that would have given `reply` to `guess`, in their original order."""
    return [c for c in candidates if match(guess, c) == reply]


def partition_counts(guess: Word, candidates: Iterable[Word]) -> Counter[Reply]:
    """How many candidates give each reply to `guess`.

    >>> sorted(partition_counts("aaaaaa", ["aaaaab", "aaaabb", "bbbbbb"]).items())
    [(0, 1), (4, 1), (5, 1)]
    """
    return Counter(match(guess, c) for c in candidates)
