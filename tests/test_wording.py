"""Counts and durations in words: one guess, two guesses, 37 ms, 15.1 s."""

from __future__ import annotations

import pytest

from judge.wording import counted, duration, plural


@pytest.mark.parametrize(("count", "noun", "said"), [
    (1, "guess", "1 guess"), (0, "guess", "0 guesses"), (11, "guess", "11 guesses"),
    (1, "word", "1 word"), (2, "word", "2 words"), (1, "round", "1 round"),
    (3, "symbolic link", "3 symbolic links"), (2, "match", "2 matches"), (2, "box", "2 boxes"),
])
def test_a_count_takes_the_number_of_its_noun(count: int, noun: str, said: str) -> None:
    assert counted(count, noun) == said
    assert plural(noun) == said.split(" ", 1)[1] or count == 1


@pytest.mark.parametrize(("seconds", "said"), [
    (0.0, "0 ms"), (0.0372, "37 ms"), (0.9994, "999 ms"), (0.9996, "1.0 s"), (15.07, "15.1 s")])
def test_a_duration_is_milliseconds_under_a_second_else_seconds_to_a_tenth(
        seconds: float, said: str) -> None:
    # To a tenth of a second, a class of quick files read 0.0 s and 0.1 s alike.
    assert duration(seconds) == said

