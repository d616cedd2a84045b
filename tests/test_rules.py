from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

import judge.rules
import judge.safetext
from judge.rules import consistent_secrets, match, partition_counts

from .strategies import word_lists, words


def test_doctests() -> None:
    assert doctest.testmod(judge.rules).failed == 0
    assert doctest.testmod(judge.safetext).failed == 0


def test_match_counts_equal_positions() -> None:
    assert match("acckzz", "ccbazz") == 3
    assert match("acckzz", "acckzz") == 6
    assert match("abcdef", "bcdefa") == 0


@given(words(), words())
def test_match_is_symmetric_and_bounded(a: str, b: str) -> None:
    assert match(a, b) == match(b, a)
    assert 0 <= match(a, b) <= 6
    assert match(a, a) == 6


@given(word_lists(2, 30), st.data())
def test_filtering_never_drops_the_secret(listed: list[str], data: st.DataObject) -> None:
    secret = data.draw(st.sampled_from(listed))
    candidates = listed
    for guess in data.draw(st.lists(st.sampled_from(listed), max_size=5)):
        candidates = consistent_secrets(candidates, guess, match(guess, secret))
        assert secret in candidates


@given(word_lists(1, 30), words())
def test_partition_counts_cover_every_candidate(listed: list[str], guess: str) -> None:
    counts = partition_counts(guess, listed)
    assert sum(counts.values()) == len(listed)
    assert all(0 <= reply <= 6 for reply in counts)


def test_words_of_different_lengths_are_refused_not_matched_on_their_common_part() -> None:
    """The Master answers -1 for anything not in the list before it matches, so this never
    happens in a game; a caller that tried would get an error, not a count of a prefix."""
    with pytest.raises(ValueError):
        match("abcdef", "abcdefg")
