"""Reports of shards (`--shard K/N`) joined into the report of one run.

A shard's JSON report is a file the user hands back, so it is read as hostile: every field is
checked, and what is wrong is said in one line naming the file.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from judge.cases import Case, CaseError, case_set_digest, load_cases, selected
from judge.master import runaway_cap
from judge.reading import RepeatedField, UnreadableFile, fields_once, read_text_bounded
from judge.result import CaseResult, Report
from judge.rules import NOT_A_WORD, match
from judge.safetext import quoted, safe, shown
from judge.verdicts import VERDICTS

# Bytes: a shard of every secret of 2,000 lists is a few MB; parsing JSON takes about twenty
# times its size in memory, so this keeps a merge well within a laptop's.
LARGEST_REPORT = 64 << 20
LONGEST_CASE_SECONDS = 24 * 3600.0  # the longest time limit the judge takes, and then some
# What shards of one run must share: everything that decides the results but the slice.
# Each with what a refusal calls a difference in it ("was made with ...").
SHARED_PROVENANCE = {"judge": "another judge version", "cases": "another case set",
                     "selection": "another selection of cases", "seed": "another --seed",
                     "limits": "other limits", "sandbox": "another sandbox setting",
                     "in_process": "another --in-process setting",
                     "language": "another --language"}
# What each solution's shards must share, though solutions may differ in it (a Java file starts
# its cases in new processes where a Python file forks); each with what a refusal says.
SHARED_BY_A_SOLUTIONS_SHARDS = {
    "solution_sha256": "graded another version of the file than the other shards",
    "fresh_state": "started the cases of shared lists afresh in another way than the other "
                   "shards (see each one's provenance): not one run"}


class ReportProblem(ValueError):
    """A report that cannot be merged; the message names the file and what is wrong."""


def shard_of(cases: Sequence[Any], shard: int, shards: int) -> list[Any]:
    """The `shard`-th (from 1) of `shards` contiguous slices, as even as can be: cases of one
    list stay together as far as the slicing allows, so warm-up games are not played twice."""
    if not 1 <= shard <= shards:
        raise ValueError(f"shard {shard} of {shards} does not exist")
    return list(cases[(shard - 1) * len(cases) // shards:shard * len(cases) // shards])


MOST_SHARDS = 999_999  # far more than machines; a number of six digits at most


def parse_shard(text: str) -> tuple[int, int]:
    """'K/N' with 1 <= K <= N, as --shard takes it."""
    k, slash, n = text.partition("/")
    if not (slash and all(x.isascii() and x.isdigit() for x in (k, n))):
        raise ValueError(f"takes K/N, such as 2/5, not {quoted(text)}")
    if len(n.lstrip("0")) > len(str(MOST_SHARDS)) or int(n) > MOST_SHARDS:
        raise ValueError(f"N must be at most {MOST_SHARDS:,}, not {safe(n)}")
    if len(k.lstrip("0")) > len(n.lstrip("0")) or not 1 <= int(k) <= int(n):
        raise ValueError(f"K must be 1..N, not {safe(text)}")
    return int(k), int(n)


def _seed(data: dict[str, Any], name: str, where: str) -> int | None:
    """A seed a report names, an integer, or None where it names none."""
    value = data.get(name)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise ReportProblem(f"{where}: '{name}' is not an integer")
    return value


def _field(data: dict[str, Any], name: str, kinds: type | tuple[type, ...], where: str) -> Any:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, kinds):
        raise ReportProblem(f"{where}: '{name}' is missing or of the wrong type")
    return value


def _number(data: dict[str, Any], name: str, low: float, high: float, where: str) -> Any:
    """A number in [low, high]: NaN, infinities and 400-digit integers are not numbers here
    (Python compares a 400-digit integer with a float exactly)."""
    value = _field(data, name, (int, float), where)
    if not low <= value <= high:  # false for NaN too
        raise ReportProblem(f"{where}: '{name}' is out of range ({low:g} to {high:g})")
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
    allowed = _number(data, "allowed", 1, 10_000, where)
    if not isinstance(allowed, int):
        raise ReportProblem(f"{where}: 'allowed' is not a whole number")
    guesses = _number(data, "guesses", 0, runaway_cap(allowed) + 1, where)
    if not isinstance(guesses, int):
        raise ReportProblem(f"{where}: 'guesses' is not a whole number")
    return CaseResult(name=_field(data, "name", str, where), verdict=verdict,
                      message=_field(data, "message", str, where),
                      guesses=guesses, allowed=allowed,
                      time_s=float(_number(data, "time_s", 0, LONGEST_CASE_SECONDS, where)),
                      secret=_field(data, "secret", str, where), transcript=pairs,
                      detail=_field(data, "detail", str, where),
                      output=_field(data, "output", str, where))


def shard_report(data: object, where: str) -> tuple[Report, int, int]:
    """One solution's report from a shard's JSON, with its shard number and count."""
    if not isinstance(data, dict):
        raise ReportProblem(f"{where}: a report is not an object")
    shard = data.get("shard")
    if not (isinstance(shard, list) and len(shard) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in shard)):
        raise ReportProblem(f"{where}: not a shard's report (made without --shard K/N)")
    if not 1 <= shard[0] <= shard[1] <= 1_000_000:
        raise ReportProblem(f"{where}: shard {shard[0]}/{shard[1]} does not exist")
    seed = _seed(data, "order_seed", where)
    cases = _field(data, "cases", list, where)
    provenance = data.get("provenance")
    if not isinstance(provenance, dict) or not all(k in provenance for k in SHARED_PROVENANCE):
        raise ReportProblem(f"{where}: the report does not say how it was made (no "
                            "provenance): it cannot be checked, so it is not merged")
    _seed(provenance, "run_seed", where)  # printed for a replay: --seed takes an integer
    if provenance.get("shard") != shard:
        raise ReportProblem(f"{where}: says it is shard {shard[0]}/{shard[1]} but was made "
                            f"as {shown(provenance.get('shard'))}")
    results = [case_result(c, f"{where}, case {i + 1}") for i, c in enumerate(cases)]
    label = data.get("label")
    report = Report(_field(data, "solution", str, where), results, seed,
                    provenance=provenance, label=label if isinstance(label, str) else "")
    return report, shard[0], shard[1]


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def read_reports(path: Path) -> list[tuple[Report, int, int]]:
    """The reports in one shard's JSON file: an object (grade) or a list (compare)."""
    try:
        text = read_text_bounded(path, LARGEST_REPORT)
    except UnreadableFile as e:
        raise ReportProblem(f"{path}: {e}") from e
    try:
        data = json.loads(text, parse_constant=_no_constant, object_pairs_hook=fields_once)
    except RepeatedField as e:
        raise ReportProblem(f"{path}: {e}") from e
    except (ValueError, RecursionError) as e:  # deep nesting raises RecursionError
        raise ReportProblem(f"{path}: not JSON: {e}") from e
    documents = data if isinstance(data, list) else [data]
    return [shard_report(d, str(path)) for d in documents]


def merge(shards: Iterable[tuple[Report, int, int]],
          cases_at: Sequence[Path] | None = None) -> list[Report]:
    """Each solution's shards joined in shard order: every shard of 1..N once, cut in one N,
    all made the same way (their provenance), each case's result replayed against the case
    (read again from the case files, or from `cases_at`). The order seed is kept where every
    shard was played with the same one (--order-seed); otherwise the merged report has none,
    and each shard's report keeps its own."""
    by_solution: dict[str, dict[int, Report]] = {}
    counts: set[int] = set()
    first: dict[str, Any] | None = None
    kept: dict[tuple[str, str], object] = {}  # (solution, key): its first shard's value
    for report, shard, total in shards:
        made = report.provenance or {}
        if first is None:
            first = made
        for key, label in SHARED_PROVENANCE.items():
            if made.get(key) != first.get(key):
                raise ReportProblem(f"{report.solution}: shard {shard}/{total} was made with "
                                    f"{label} than the others: not one run")
        for key, label in SHARED_BY_A_SOLUTIONS_SHARDS.items():
            if made.get(key) != kept.setdefault((report.solution, key), made.get(key)):
                raise ReportProblem(f"{report.solution}: shard {shard}/{total} {label}")
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
    assert first is not None
    expected = run_cases(first, cases_at)
    merged = []
    for solution, parts in by_solution.items():
        missing = sorted(set(range(1, total + 1)) - set(parts))
        if missing:
            raise ReportProblem(f"{solution}: shard {missing[0]} of {total} is missing")
        for shard in range(1, total + 1):
            verify(parts[shard], shard_of(expected, shard, total), first,
                   f"{solution}, shard {shard}/{total}")
        seeds = {part.order_seed for part in parts.values()}
        results = [r for shard in range(1, total + 1) for r in parts[shard].results]
        # The run is the shards': each one's command, date and drawn seed is kept, not the
        # first's alone; the run's seed is the shards' where they all drew the same.
        run_seeds = {(part.provenance or {}).get("run_seed") for part in parts.values()}
        provenance = {**(parts[1].provenance or {}), "shard": None, "merged_from": [
            {"shard": f"{k}/{total}", **{key: (parts[k].provenance or {}).get(key)
                                         for key in ("command", "date", "run_seed")}}
            for k in range(1, total + 1)]}
        if len(run_seeds) > 1:
            provenance["run_seed"] = None
        merged.append(Report(solution, results, seeds.pop() if len(seeds) == 1 else None,
                             provenance=provenance, label=parts[1].label))
    return merged


def run_cases(provenance: dict[str, Any], cases_at: Sequence[Path] | None) -> list[Case]:
    """The cases the run played, in order, chosen as it chose them from its case files."""
    made = provenance.get("cases")
    selection = provenance.get("selection")
    if not isinstance(made, dict) or not isinstance(selection, dict):
        raise ReportProblem("the shards' provenance does not name their cases")
    paths = cases_at or [Path(p) for p in made.get("paths", []) if isinstance(p, str)]
    if not paths:
        raise ReportProblem("the shards do not say where their case files are: name them with "
                            "--cases")
    try:
        cases = load_cases(paths, relaxed=bool(selection.get("relaxed")))
    except CaseError as e:
        raise ReportProblem(f"the run's case files cannot be read to check the shards: "
                            f"{e.problems[0]} (name where they are with --cases)") from e
    if case_set_digest(cases) != made.get("digest"):
        raise ReportProblem(f"the case files at {', '.join(map(str, paths))} are not the ones "
                            "the shards were graded on (their content differs)")
    name = selection.get("case")
    return selected(cases, bool(selection.get("all_secrets")),
                    name if isinstance(name, str) else None)


def verify(report: Report, cases: Sequence[Case], provenance: dict[str, Any],
           where: str) -> None:
    """Each result is what its case allows: the same case, every reply the match count
    against the secret, and AC or WA as the guesses and the limit decide."""
    if [r.name for r in report.results] != [c.name for c in cases]:
        raise ReportProblem(f"{where}: its cases are not the ones this slice of the run holds")
    adversary = bool((provenance.get("selection") or {}).get("adversary"))
    for result, case in zip(report.results, cases, strict=True):
        problem = result_problem(result, case, adversary)
        if problem:
            raise ReportProblem(f"{where}, case {result.name[:80]!r}: {problem}")


def result_problem(result: CaseResult, case: Case, adversary: bool) -> str | None:
    if result.allowed != case.allowed_guesses:
        return f"limit {result.allowed}, but the case allows {case.allowed_guesses}"
    if (result.secret != case.secret) if not adversary else (result.secret not in case.words):
        return "its secret is not the case's"
    listed = set(case.words)
    for step, (word, reply) in enumerate(result.transcript, 1):
        truth = match(word, result.secret) if word in listed else NOT_A_WORD
        if reply != truth:
            return f"guess {step} was answered {reply}, but {truth} is the true reply"
    calls = len(result.transcript)
    if result.guesses not in (calls, calls + 1):  # one more: the call stopped at the cap
        return f"{result.guesses} guesses, but its transcript holds {calls}"
    found = any(word == result.secret for word, _ in result.transcript)
    accepted = found and result.guesses <= result.allowed
    if result.verdict == "AC" and not accepted:
        return "AC, but the secret was not found within the limit"
    if result.verdict == "WA" and accepted:
        return "WA, but the secret was found within the limit"
    return None
