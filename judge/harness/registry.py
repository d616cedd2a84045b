"""Harnesses by language, found from a submission's file extension (as DMOJ's executors are)."""

from __future__ import annotations

from pathlib import Path

from judge.harness.launch import Harness
from judge.harness.python import PYTHON

HARNESSES: tuple[Harness, ...] = (PYTHON,)


class UnknownLanguage(Exception):
    """No harness runs files with this extension."""


def harness_for(solution: Path) -> Harness:
    suffix = solution.suffix.lower()
    for harness in HARNESSES:
        if suffix in harness.extensions:
            return harness
    known = ", ".join(e for h in HARNESSES for e in h.extensions)
    raise UnknownLanguage(f"{solution}: no harness runs '{suffix or 'no extension'}' files "
                          f"(known: {known})")
