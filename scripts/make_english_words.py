"""Regenerates judge/data/english6.txt and english5.txt from Debian's `scowl` package
(apt-get install scowl).

english6.txt serves LeetCode 843; english5.txt is a free dictionary for the P8079 variant,
whose contest dictionary cannot be shipped. Each keeps the words of that many lowercase
letters a-z from SCOWL's English word lists up to size 50 (the common words; proper names and
abbreviations are in other SCOWL files and are not read), sorted and without repeats. SCOWL's
copyright notice is kept beside the lists, as its licence asks:
judge/data/SCOWL-COPYRIGHT.txt is a copy of /usr/share/doc/scowl/copyright.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

SCOWL = Path("/usr/share/dict/scowl")
SIZES = (10, 20, 35, 40, 50)
OUT = Path(__file__).resolve().parent.parent / "judge" / "data"


def main() -> int:
    sources = [SCOWL / f"english-words.{size}" for size in SIZES]
    if not all(p.exists() for p in sources):
        print(f"missing {SCOWL}/english-words.*: apt-get install scowl", file=sys.stderr)
        return 2
    text = " ".join(p.read_text(encoding="utf-8", errors="replace") for p in sources)
    for length in (6, 5):
        words = {w for w in text.split() if re.fullmatch(f"[a-z]{{{length}}}", w)}
        out = OUT / f"english{length}.txt"
        out.write_text("\n".join(sorted(words)) + "\n", encoding="ascii")
        print(f"{len(words)} words written to {out}")
    shutil.copyfile("/usr/share/doc/scowl/copyright", OUT / "SCOWL-COPYRIGHT.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
