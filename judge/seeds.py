"""The seeds' own solutions, cut out of the seed documents (`../shared/seeds/`) when they are
there: the project never copies them, it reads them where they lie.

Each is graded unchanged. What a seed leaves out, LeetCode's environment gives: seed 001 (C++)
has no includes and no Master, seed 000 (Kotlin) no Master; seed 003 (JavaScript) needs none.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

SEEDS_DIRECTORY = Path(__file__).resolve().parent.parent.parent / "shared" / "seeds"


@dataclass(frozen=True)
class Original:
    seed: str  # the seed document's file name
    language: str
    extension: str
    first: str  # the solution's first line starts with this
    last: str | None  # and its last line is exactly this (None: the document's last line)
    port: str  # the Python port in solutions/ (for P8079, in solutions/wc2022/)
    title: str  # what it is, for a reader who cannot open the seed document


ORIGINALS = (
    Original("001_21c0cc4238f9a466.txt", "cpp", ".cpp", "class Solution {", "};", "minimax_cpp",
             "the C++ minimax write-up"),
    Original("003_846b77a1caed7841.txt", "javascript", ".js", "var findSecretWord", "};",
             "minimax_js", "the JavaScript minimax write-up"),
    Original("000_1a3a3685d9f7e5eb.txt", "kotlin", ".kt", "class Solution {", "}",
             "minimax_kotlin", "the Kotlin minimax write-up"),
)


# Seed 004's C++ for P8079, from its first line (the contest header's include, commented out)
# to the end of the document.
WC2022_ORIGINAL = Original("004_95120cf109bcec94.txt", "cpp", ".cpp", '// #include"word.h"', None,
                           "entropy", "the C++ entropy write-up for P8079")
# Each seed by the number its document starts with, named by what it is.
WRITE_UPS = {o.seed[:3]: o.title for o in (*ORIGINALS, WC2022_ORIGINAL)}


def lines_between(text: str, first: str, last: str | None) -> str:
    """The lines from the one starting with `first` to the next that is exactly `last` (or to
    the end)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(first))
    end = len(lines) - 1 if last is None else next(
        i for i in range(start + 1, len(lines)) if lines[i].rstrip() == last)
    return "\n".join(lines[start:end + 1]) + "\n"


def write_original(original: Original, directory: Path,
                   seeds: Path = SEEDS_DIRECTORY) -> Path:
    """The seed's solution as a file of its language in `directory`."""
    text = (seeds / original.seed).read_text(encoding="utf-8")
    path = directory / f"seed_{original.seed[:3]}_original{original.extension}"
    path.write_text(lines_between(text, original.first, original.last), encoding="utf-8")
    return path
