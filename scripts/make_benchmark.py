"""Writes cases/benchmark/: 20 lists of 100 uniformly random six-letter words, each list played
once for every word as the secret, limit 10 (2,000 games). Run from the repository root:

    python scripts/make_benchmark.py

Same output byte for byte on every run: the seeds below are the benchmark's definition.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from judge.generate import random_list_cases

LISTS, WORDS, ALLOWED, FIRST_SEED = 20, 100, 10, 843_000


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "cases/benchmark")
    out.mkdir(parents=True, exist_ok=True)
    for i in range(LISTS):
        name = f"bench{i + 1:02d}"
        cases = random_list_cases(name, FIRST_SEED + i, WORDS, ALLOWED, every_secret=True)
        # One case a line: a reviewer sees one changed secret as one changed line.
        lines = ",\n".join(json.dumps(c.to_json(), separators=(",", ":")) for c in cases)
        (out / f"{name}.json").write_text(f"[\n{lines}\n]\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
