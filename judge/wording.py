"""Counts and durations in words: "1 guess", "2 guesses", "37 ms", "15.1 s"."""

from __future__ import annotations


def plural(noun: str) -> str:
    """The noun's plural, for the nouns the judge counts (guess, word, round, link, file)."""
    return f"{noun}es" if noun.endswith(("s", "sh", "ch", "x")) else f"{noun}s"


def counted(count: int, noun: str) -> str:
    """The count and the noun in the number it takes: 1 guess, 0 guesses, 2 words."""
    return f"{count} {noun if count == 1 else plural(noun)}"


def duration(seconds: float) -> str:
    """A time as a reader compares them: milliseconds under a second (to a tenth of a second,
    a class of quick files read 0.0 s and 0.1 s alike), else seconds to a tenth."""
    return f"{seconds * 1000:.0f} ms" if seconds < 0.9995 else f"{seconds:.1f} s"
