"""Hypothesis strategies that build valid inputs directly (map, not filter)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache

from hypothesis import strategies as st

from judge.analysis.engine import match_matrix
from judge.cases import Case
from judge.rules import match

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def words(length: int = 6, alphabet: str = LETTERS) -> st.SearchStrategy[str]:
    return st.text(alphabet=alphabet, min_size=length, max_size=length)


def word_lists(min_size: int = 1, max_size: int = 100, alphabet: str = LETTERS,
               length: int = 6) -> st.SearchStrategy[list[str]]:
    return st.lists(words(length, alphabet), min_size=min_size, max_size=max_size, unique=True)


@st.composite
def cases(draw: st.DrawFn, max_words: int = 100, alphabet: str = LETTERS) -> Case:
    """A valid LeetCode case: the secret is drawn from the list, never filtered for."""
    listed = draw(word_lists(1, max_words, alphabet))
    secret = draw(st.sampled_from(listed))
    return Case("drawn", secret, tuple(listed), draw(st.integers(10, 30)))


def brute_force_optimum(words: list[str]) -> int:
    """Fewest guesses that always find the secret, by trying every guess everywhere."""
    return brute_force_fewest(words)(frozenset(range(len(words))))


def brute_force_fewest(words: list[str]) -> Callable[[frozenset[int]], int]:
    """Fewest guesses that always find a secret among the given words (their indices), every
    word of the list a guess, by trying every guess everywhere; cached across calls."""
    matrix = match_matrix(words).tolist()

    @cache
    def solve(candidates: frozenset[int]) -> int:
        if len(candidates) <= 1:
            return len(candidates)
        best = len(candidates)
        for guess in range(len(words)):
            groups: dict[int, set[int]] = {}
            for c in candidates:
                if c != guess:
                    groups.setdefault(matrix[guess][c], set()).add(c)
            if len(groups) == 1 and len(next(iter(groups.values()))) == len(candidates):
                continue
            best = min(best, 1 + max((solve(frozenset(g)) for g in groups.values()), default=0))
        return best

    return solve


def brute_force_least_total(words: list[str], cap: int | None = None,
                            secrets: Iterable[str] | None = None) -> int | None:
    """Fewest guesses in total over every secret (each found by the same strategy), trying
    every guess everywhere; None when no strategy finds every secret within `cap` guesses.
    The secrets are the words of the list, or `secrets` among them."""
    never = 1 << 40

    @cache
    def total(candidates: frozenset[str], left: int | None) -> int:
        if not candidates:
            return 0
        if left is not None and left <= 0:
            return never
        best = never
        for guess in words:
            groups: dict[int, set[str]] = {}
            for c in candidates:
                if c != guess:
                    groups.setdefault(match(guess, c), set()).add(c)
            if any(len(g) == len(candidates) for g in groups.values()):
                continue  # learns nothing
            below = None if left is None else left - 1
            best = min(best, len(candidates) + sum(total(frozenset(g), below)
                                                   for g in groups.values()))
        return best

    found = total(frozenset(words if secrets is None else secrets), cap)
    return None if found >= never else found
