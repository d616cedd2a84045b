"""Harnesses by language, found from a submission's file extension (as DMOJ's executors are)."""

from __future__ import annotations

from pathlib import Path

from judge.harness.cpp import CPP
from judge.harness.java import JAVA, KOTLIN
from judge.harness.javascript import JAVASCRIPT
from judge.harness.launch import Game, Harness
from judge.harness.python import PYTHON

HARNESSES: tuple[Harness, ...] = (PYTHON, CPP, JAVA, JAVASCRIPT, KOTLIN)
GAME_NAMES = {"leetcode": "LeetCode 843", "wc2022": "P8079"}


class UnknownLanguage(Exception):
    """No harness runs this file, for this game, on this machine."""


def language_names() -> list[str]:
    return [h.name for h in HARNESSES]


def serving(game: Game) -> list[Harness]:
    """The harnesses of the languages that are judged for `game`."""
    return [h for h in HARNESSES if game in h.games]


def harness_named(name: str) -> Harness:
    for harness in HARNESSES:
        if harness.name == name.lower():
            return harness
    raise UnknownLanguage(f"no language '{name}' (known: {', '.join(language_names())})")


def harness_for(solution: Path, game: Game = "leetcode", language: str | None = None) -> Harness:
    """The harness for `solution`: by `language` when given, else by its file extension.

    Raises UnknownLanguage, with a message for the user, when none fits or the language's
    toolchain is missing here.
    """
    if language is not None:
        harness = harness_named(language)
    else:
        suffix = solution.suffix.lower()
        found = [h for h in HARNESSES if suffix in h.extensions]
        if not found:
            known = ", ".join(e for h in HARNESSES for e in h.extensions)
            what = f"no harness runs '{suffix}' files" if suffix else \
                "has no extension to tell its language by"
            raise UnknownLanguage(f"{solution}: {what} (known: {known}; or say which with "
                                  "--language)")
        harness = found[0]
    if game not in harness.games:
        served = " and ".join(GAME_NAMES[g] for g in harness.games)
        raise UnknownLanguage(f"{solution}: {harness.name} submissions are judged for "
                              f"{served} only, not {GAME_NAMES[game]}")
    missing = harness.missing()
    if missing is not None:
        raise UnknownLanguage(f"{solution}: {harness.name} is unavailable here: {missing}")
    return harness
