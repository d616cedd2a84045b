"""The per-list view of a comparison: each solution's worst case on each word list, beside
the list's proven optimum, so that how far a strategy is from the best possible is one look."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from judge.cases import Case
from judge.report.text import shortened
from judge.result import Report
from judge.safetext import safe


@dataclass(frozen=True)
class Optimum:
    """What `optimal` proved about a list: the optimum when `proven`, else bounds."""

    lower: int
    upper: int
    proven: bool

    def __str__(self) -> str:
        return str(self.upper) if self.proven else f"{self.lower}..{self.upper}"


# Verdicts whose guesses say nothing of the solution: its game never started (CE, SC), or the
# judge failed (JE), perhaps mid-game.
NEVER_RAN = frozenset({"CE", "SC", "JE"})


@dataclass(frozen=True)
class ListRow:
    name: str
    words: tuple[str, ...]
    cases: int
    # Per solution: the most guesses any of the list's cases took (None: none ran, every one
    # a compile error or short-circuited), and whether all were AC.
    worst: tuple[tuple[int | None, bool], ...]


def list_name(cases: Sequence[Case]) -> str:
    """The list's name: what its cases' names share before an '@' (the benchmark's
    `bench01@secret`), else the first case's name."""
    first = cases[0].name
    stem = first.split("@", 1)[0]
    return stem if all(c.name.split("@", 1)[0] == stem for c in cases) else first


def cases_by_list(cases: Sequence[Case]) -> dict[tuple[str, ...], list[Case]]:
    """The cases grouped by word list, the lists in the order they first appear."""
    by_list: dict[tuple[str, ...], list[Case]] = {}
    for case in cases:
        by_list.setdefault(case.words, []).append(case)
    return by_list


def per_list_rows(cases: Sequence[Case], reports: Sequence[Report]) -> list[ListRow]:
    """One row per distinct word list, in the order the lists first appear among the cases."""
    by_list = cases_by_list(cases)
    results = [{r.name: r for r in report.results} for report in reports]
    rows = []
    for words, listed in by_list.items():
        worst = []
        for found in results:
            mine = [found[c.name] for c in listed if c.name in found]
            ran = [r.guesses for r in mine if r.verdict not in NEVER_RAN]
            worst.append((max(ran, default=0) if ran or not mine else None,
                          all(r.verdict == "AC" for r in mine)))
        rows.append(ListRow(list_name(listed), words, len(listed), tuple(worst)))
    return rows


def worst_cell(worst: int | None, accepted: bool) -> str:
    return "-" if worst is None else f"{worst}{'' if accepted else '!'}"


def per_list_table(rows: Sequence[ListRow], reports: Sequence[Report],
                   optima: Mapping[tuple[str, ...], Optimum]) -> str:
    """The table: a list per line, its optimum, then each solution's worst case ('!': some
    case of the list was not accepted)."""
    # The leaderboard's names: in a class, ann/solution.py and ben/solution.py, not two
    # solution.py columns.
    names = [shortened(safe(r.name), 40) for r in reports]
    widths = [max(len(n), 4) for n in names]
    lists = [shortened(safe(row.name), 36) for row in rows]
    width = max([4, *map(len, lists)])
    header = f"{'list':<{width}} {'words':>5} {'cases':>5} {'optimum':>8}  " + "  ".join(
        f"{n:>{w}}" for n, w in zip(names, widths, strict=True))
    lines = [header]
    for row, name in zip(rows, lists, strict=True):
        optimum = optima.get(row.words)
        cells = "  ".join(f"{worst_cell(worst, accepted):>{w}}"
                          for (worst, accepted), w in zip(row.worst, widths, strict=True))
        lines.append(f"{name:<{width}} {len(row.words):>5} {row.cases:>5} "
                     f"{str(optimum) if optimum else '-':>8}  {cells}")
    lines.append("each solution's most guesses over the list's cases that ran ('!': one was not "
                 "accepted; '-': none ran); against the optimum, a worst case over every "
                 "secret, only when every secret ran (--all-secrets, or the benchmark); optimum: "
                 "proven by `optimal` (a..b: bounds, its time ran out)")
    return "\n".join(lines)
