"""Hypothesis strategies that build valid inputs directly (map, not filter)."""

from __future__ import annotations

from hypothesis import strategies as st

from judge.cases import Case

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
