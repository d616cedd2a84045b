"""Counts in words: one guess, two guesses."""

from __future__ import annotations

import pytest

from judge.wording import counted, plural


@pytest.mark.parametrize(("count", "noun", "said"), [
    (1, "guess", "1 guess"), (0, "guess", "0 guesses"), (11, "guess", "11 guesses"),
    (1, "word", "1 word"), (2, "word", "2 words"), (1, "round", "1 round"),
    (3, "symbolic link", "3 symbolic links"), (2, "match", "2 matches"), (2, "box", "2 boxes"),
])
def test_a_count_takes_the_number_of_its_noun(count: int, noun: str, said: str) -> None:
    assert counted(count, noun) == said
    assert plural(noun) == said.split(" ", 1)[1] or count == 1
