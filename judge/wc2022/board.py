"""Several P8079 solutions side by side, on the same answers.

The official score is capped at 100, so the table compares raw points a round, with the mean
number of guesses of the rounds found, how many rounds took each number of guesses, the
rounds lost, and the time.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from pathlib import Path

from judge.wc2022.game import Match


def points_per_round(match: Match) -> float:
    return match.total / len(match.rounds) if match.rounds else 0.0


def match_table(matches: Sequence[Match]) -> str:
    header = (f"{'solution':<22} {'points/round':>12} {'score':>6} {'mean':>5} {'lost':>4} "
              f"{'CPU':>7} {'wall':>7}  guesses used")
    rows = [header]
    for match in matches:
        found = [len(r.guesses) for r in match.rounds if r.ended == "found"]
        mean = f"{statistics.fmean(found):.3f}" if found else "-"
        used = " ".join(f"{k}:{found.count(k)}" for k in sorted(set(found)))
        lost = len(match.rounds) - len(found)
        rows.append(f"{Path(match.solution).name:<22} {points_per_round(match):>12.2f} "
                    f"{match.score:>6.2f} {mean:>5} {lost:>4} {match.cpu_seconds:>6.1f}s "
                    f"{match.seconds:>6.1f}s  {used}")
    return "\n".join(rows)
