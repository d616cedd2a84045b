"""Counts in words: "1 guess", "2 guesses"."""

from __future__ import annotations


def plural(noun: str) -> str:
    """The noun's plural, for the nouns the judge counts (guess, word, round, link, file)."""
    return f"{noun}es" if noun.endswith(("s", "sh", "ch", "x")) else f"{noun}s"


def counted(count: int, noun: str) -> str:
    """The count and the noun in the number it takes: 1 guess, 0 guesses, 2 words."""
    return f"{count} {noun if count == 1 else plural(noun)}"
