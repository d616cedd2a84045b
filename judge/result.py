"""Plain data that every layer shares: how a run ended, one case's result, a whole report."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from judge.verdicts import VERDICTS, Verdict


@dataclass
class Outcome:
    """How one run of findSecretWord ended, before the Master's rules judge it."""

    verdict: Verdict | None  # None: it returned normally and the Master decides
    detail: str = ""
    output: str = ""
    seconds: float = 0.0
    stopped: bool = False


@dataclass
class CaseResult:
    name: str
    verdict: Verdict
    message: str
    guesses: int
    allowed: int
    time_s: float
    secret: str
    transcript: list[tuple[str, int]] = field(default_factory=list)
    detail: str = ""
    output: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "verdict": self.verdict, "message": self.message,
                "guesses": self.guesses, "allowed": self.allowed,
                "time_s": round(self.time_s, 4), "secret": self.secret,
                "transcript": [list(t) for t in self.transcript],
                "detail": self.detail, "output": self.output}


# The headline figures of a report, each with the one label that the text, the JSON
# ("labels") and the HTML give it. The worst case is per guess limit: 26 guesses under a limit
# of 30 and 8 under a limit of 10 are not one scale.
FIGURES = {
    "accepted": "accepted",
    "mean_guesses": "mean guesses over accepted cases",
    "mean_guesses_played": "mean guesses over games played",
    "worst_by_limit": "most guesses in a game, per guess limit",
}


def worst_by_limit(results: list[CaseResult]) -> list[dict[str, Any]]:
    """For each guess limit, the game played to the end (AC or WA) that took most guesses."""
    by_limit: dict[int, list[CaseResult]] = {}
    for r in results:
        if r.verdict in ("AC", "WA"):
            by_limit.setdefault(r.allowed, []).append(r)
    worst = []
    for allowed, games in sorted(by_limit.items()):
        most = max(games, key=lambda r: r.guesses)
        worst.append({"allowed": allowed, "guesses": most.guesses, "case": most.name,
                      "games": len(games)})
    return worst


@dataclass
class Report:
    solution: str
    results: list[CaseResult]
    order_seed: int | None = None  # the order the cases were played in, for a replay
    shard: tuple[int, int] | None = None  # (K, N): the K-th of N slices of the cases
    provenance: dict[str, Any] | None = None  # how the run was made (the command line's)
    label: str = ""  # the name reports show: the shortest path that tells it from the others
    rank: int | None = None  # its place among the solutions compared (see `ranked`)

    @property
    def name(self) -> str:
        return self.label or self.solution.replace("\\", "/").rsplit("/", 1)[-1]

    def played_guesses(self) -> list[int]:
        """Guesses of the games that ran to the end, accepted or not: what a leaderboard
        compares."""
        return [r.guesses for r in self.results if r.verdict in ("AC", "WA")]

    def summary(self) -> dict[str, Any]:
        accepted = [r.guesses for r in self.results if r.verdict == "AC"]
        played = self.played_guesses()
        verdicts = Counter(r.verdict for r in self.results)
        return {
            "cases": len(self.results),
            "accepted": len(accepted),
            "verdicts": {v: verdicts[v] for v in VERDICTS if verdicts[v]},
            "worst_guesses": max(accepted, default=None),
            "mean_guesses": round(statistics.fmean(accepted), 4) if accepted else None,
            "worst_guesses_played": max(played, default=None),
            "mean_guesses_played": round(statistics.fmean(played), 4) if played else None,
            "worst_by_limit": worst_by_limit(self.results),
            "guess_distribution": dict(sorted(Counter(r.guesses for r in self.results).items())),
            "time_s": round(sum(r.time_s for r in self.results), 3),
        }

    def failed_alike(self) -> CaseResult | None:
        """The result every case shares where none could run: the file did not load (CE), or
        the judge failed the same way on each of several cases (JE: a compiler that builds
        nothing); None otherwise. Said once, not a row a case."""
        first = self.results[0] if self.results else None
        if first is None or first.verdict not in ("CE", "JE") or \
                (first.verdict == "JE" and len(self.results) == 1):
            return None
        same = all(r.verdict == first.verdict and (r.verdict == "CE" or r.message == first.message)
                   for r in self.results)
        return first if same else None

    @property
    def all_accepted(self) -> bool:
        return bool(self.results) and all(r.verdict == "AC" for r in self.results)

    def to_json(self) -> dict[str, Any]:
        data = {"solution": self.solution, "order_seed": self.order_seed,
                "summary": self.summary(), "labels": FIGURES,
                "cases": [r.to_json() for r in self.results]}
        if self.rank is not None:
            data = {"rank": self.rank, "label": self.name, **data}
        if self.provenance is not None:
            data["provenance"] = self.provenance
        return data if self.shard is None else {**data, "shard": list(self.shard)}


# The one order of a leaderboard, the same in every output: most cases accepted first, then
# the fewest guesses on average over the games played, then the fewest in the worst game.
# Time is left out: it measures the machine's load as much as the solution. Equal solutions
# share a rank, listed by name.
RANKING = ("accepted cases (more first), then mean guesses over games played, then most "
           "guesses in a game (fewer first); equal solutions share a rank")


def ranking_key(report: Report) -> tuple[float, ...]:
    s = report.summary()
    inf = math.inf
    mean = s["mean_guesses_played"]
    worst = s["worst_guesses_played"]
    return (-s["accepted"], inf if mean is None else mean, inf if worst is None else worst)


def ranked(reports: list[Report]) -> list[Report]:
    """The reports best first, each with its rank."""
    ordered = sorted(reports, key=lambda r: (ranking_key(r), r.name))
    for place, report in enumerate(ordered, 1):
        before = ordered[place - 2] if place > 1 else None
        tied = before is not None and ranking_key(before) == ranking_key(report)
        report.rank = before.rank if tied and before is not None else place
    return ordered
