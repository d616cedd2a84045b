"""Reports of shards (`--shard K/N`) joined into the report of one run.

A shard's JSON report is a file the user hands back, so it is read as hostile: every field is
checked, and what is wrong is said in one line naming the file.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from judge.result import CaseResult, Report
from judge.verdicts import VERDICTS

LARGEST_REPORT = 1 << 30  # bytes: far above any real report, far below what would hurt


class ReportProblem(ValueError):
    """A report that cannot be merged; the message names the file and what is wrong."""


def shard_of(cases: Sequence[Any], shard: int, shards: int) -> list[Any]:
    """The `shard`-th (from 1) of `shards` contiguous slices, as even as can be: cases of one
    list stay together as far as the slicing allows, so warm-up games are not played twice."""
    if not 1 <= shard <= shards:
        raise ValueError(f"shard {shard} of {shards} does not exist")
    return list(cases[(shard - 1) * len(cases) // shards:shard * len(cases) // shards])


def parse_shard(text: str) -> tuple[int, int]:
    """'K/N' with 1 <= K <= N, as --shard takes it."""
    k, slash, n = text.partition("/")
    if not (slash and all(x.isascii() and x.isdigit() and len(x) <= 6 for x in (k, n))):
        raise ValueError(f"--shard takes K/N, such as 2/5, not {text!r}")
    if not 1 <= int(k) <= int(n):
        raise ValueError(f"--shard {text}: K must be 1..N")
    return int(k), int(n)


def _field(data: dict[str, Any], name: str, kinds: type | tuple[type, ...], where: str) -> Any:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, kinds):
        raise ReportProblem(f"{where}: '{name}' is missing or of the wrong type")
    return value


def case_result(data: object, where: str) -> CaseResult:
    if not isinstance(data, dict):
        raise ReportProblem(f"{where}: a case is not an object")
    verdict = _field(data, "verdict", str, where)
    if verdict not in VERDICTS:
        raise ReportProblem(f"{where}: unknown verdict {verdict[:20]!r}")
    transcript = _field(data, "transcript", list, where)
    pairs = []
    for step in transcript:
        if not (isinstance(step, list) and len(step) == 2 and isinstance(step[0], str)
                and isinstance(step[1], int) and not isinstance(step[1], bool)):
            raise ReportProblem(f"{where}: a guess of the transcript is not [word, reply]")
        pairs.append((step[0], step[1]))
    return CaseResult(name=_field(data, "name", str, where), verdict=verdict,
                      message=_field(data, "message", str, where),
                      guesses=_field(data, "guesses", int, where),
                      allowed=_field(data, "allowed", int, where),
                      time_s=float(_field(data, "time_s", (int, float), where)),
                      secret=_field(data, "secret", str, where), transcript=pairs,
                      detail=_field(data, "detail", str, where),
                      output=_field(data, "output", str, where))


def shard_report(data: object, where: str) -> tuple[Report, int, int]:
    """One solution's report from a shard's JSON, with its shard number and count."""
    if not isinstance(data, dict):
        raise ReportProblem(f"{where}: a report is not an object")
    shard = data.get("shard")
    if not (isinstance(shard, list) and len(shard) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in shard)
            and 1 <= shard[0] <= shard[1]):
        raise ReportProblem(f"{where}: not a shard's report (made without --shard K/N)")
    seed = data.get("order_seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ReportProblem(f"{where}: 'order_seed' is not an integer")
    cases = _field(data, "cases", list, where)
    results = [case_result(c, f"{where}, case {i + 1}") for i, c in enumerate(cases)]
    return Report(_field(data, "solution", str, where), results, seed), shard[0], shard[1]


def read_reports(path: Path) -> list[tuple[Report, int, int]]:
    """The reports in one shard's JSON file: an object (grade) or a list (compare)."""
    try:
        if path.stat().st_size > LARGEST_REPORT:
            raise ReportProblem(f"{path}: larger than any report the judge writes")
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise ReportProblem(f"{path}: cannot be read: {e}") from e
    except (ValueError, RecursionError) as e:  # deep nesting raises RecursionError
        raise ReportProblem(f"{path}: not JSON: {e}") from e
    documents = data if isinstance(data, list) else [data]
    return [shard_report(d, str(path)) for d in documents]


def merge(shards: Iterable[tuple[Report, int, int]]) -> list[Report]:
    """Each solution's shards joined in shard order: every shard of 1..N once, cut in one N.
    The order seed is kept where every shard was played with the same one (--order-seed);
    otherwise the merged report has none, and each shard's report keeps its own."""
    by_solution: dict[str, dict[int, Report]] = {}
    counts: set[int] = set()
    for report, shard, total in shards:
        counts.add(total)
        parts = by_solution.setdefault(report.solution, {})
        if shard in parts:
            raise ReportProblem(f"{report.solution}: shard {shard} is given twice")
        parts[shard] = report
    if not by_solution:
        raise ReportProblem("no reports to merge")
    if len(counts) != 1:
        raise ReportProblem(f"the shards were cut in different numbers: {sorted(counts)}")
    (total,) = counts
    merged = []
    for solution, parts in by_solution.items():
        missing = sorted(set(range(1, total + 1)) - set(parts))
        if missing:
            raise ReportProblem(f"{solution}: shard {missing[0]} of {total} is missing")
        seeds = {part.order_seed for part in parts.values()}
        results = [r for shard in range(1, total + 1) for r in parts[shard].results]
        merged.append(Report(solution, results, seeds.pop() if len(seeds) == 1 else None))
    return merged
