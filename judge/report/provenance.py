"""How a run was made, said in a few named lines, the same in every report that says it (the
HTML page, the gradebooks): the judge, when, the command, the cases, the limits, the sandbox,
how each case started afresh.

A report read back from a file may hold anything under its provenance: every value is
checked for its type here, and the caller escapes the text for its format.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from judge.result import RANKING, Report
from judge.safetext import safe


def provenance_of(reports: Sequence[Report]) -> dict[str, Any]:
    return next((r.provenance for r in reports if r.provenance), {}) or {}


def command_text(made: dict[str, Any]) -> str:
    command = made.get("command")
    return (" ".join(map(str, command)) if isinstance(command, list)
            else "(not recorded)" if command is None else str(command))


def shards_of(made: dict[str, Any]) -> list[dict[str, Any]]:
    """The shards a merged run was joined from (merge keeps each one's command and date)."""
    shards = made.get("merged_from")
    return shards if isinstance(shards, list) and all(isinstance(s, dict) for s in shards) \
        else []


def when_and_how(made: dict[str, Any]) -> list[tuple[str, str]]:
    """The date and the command; for a merged run, its shards' dates and the first's command."""
    shards = shards_of(made)
    if not shards:
        return [("date", str(made.get("date", "?"))), ("command", command_text(made))]
    dates = sorted(str(s.get("date")) for s in shards)
    when = dates[0] if dates[0] == dates[-1] else f"{dates[0]} to {dates[-1]}"
    return [("date", f"merged from {len(shards)} shards made {when}"),
            ("command", f"{command_text(shards[0])} (the first shard's)")]


def made_by_items(made: dict[str, Any]) -> list[tuple[str, str]]:
    """The judge, the date and the command: the first lines of every report's provenance."""
    return [("judge", f"guess-judge {made.get('judge', '?')}"), *when_and_how(made)]


def number(value: object) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) \
        else None


def limits_text(limits: object) -> str:
    """The limits in words: '5 s of CPU a case, 512 MiB, ...'."""
    if not isinstance(limits, dict):
        return str(limits)
    time_s, memory = number(limits.get("time_s")), number(limits.get("memory_mb"))
    fail_fast, whole = number(limits.get("fail_fast")), number(limits.get("solution_s"))
    return ", ".join([
        f"{time_s:g} s of CPU a case" if time_s is not None else "time limit not recorded",
        f"{memory:g} MiB" if memory else "no memory limit",
        f"a solution stopped after {fail_fast:g} time limits" if fail_fast
        else "every case run",
        f"{whole:g} s for all of a solution's cases" if whole else "no limit on a whole run"])


def selection_text(selection: object) -> str:
    """Which cases of the files were played, in the flags that chose them."""
    if not isinstance(selection, dict):
        return str(selection)
    chosen = [flag for key, flag in (("all_secrets", "--all-secrets"), ("relaxed", "--relaxed"),
                                     ("adversary", "--adversary")) if selection.get(key) is True]
    if isinstance(selection.get("case"), str):
        chosen.append(f"--case {selection['case']}")
    return " ".join(chosen) if chosen else "every case of the files"


def sandbox_text(made: dict[str, Any]) -> str:
    if made.get("in_process") is True:
        return "none: run inside the judge (--in-process)"
    sandbox = made.get("sandbox")
    return "bubblewrap" if sandbox is True else "none: run as the user" if sandbox is False \
        else str(sandbox)


# The provenance's "fresh_state": where each case of a list that others share plays.
FORKED, NEW_PROCESS, UNCHECKED = "fork", "process", "process, forks unchecked"
FRESH_STATES = {
    FORKED: "in a fork of the list's warm state, after its warm-up games",
    NEW_PROCESS: "in a new process of its own, as this language's harness does not fork",
    UNCHECKED: "in a new process of its own, with no warm-up games: the judge could not check "
               "forks where it ran (docs/how-to.md)",
}
SHARED_LIST_CASES = "each case of a list that others share plays "


def fresh_state_way(made: dict[str, Any]) -> str:
    if made.get("in_process") is True:
        return "inside the judge, its state its own (--in-process)"
    way = made.get("fresh_state")
    return FRESH_STATES.get(way, str(way)) if isinstance(way, str) else "(not recorded)"


def fresh_state_text(made: dict[str, Any]) -> str:
    return SHARED_LIST_CASES + fresh_state_way(made)


def fresh_states_text(reports: Sequence[Report]) -> str:
    """How each case started afresh; where the solutions differ (a Java file among Python
    files), each way with the solutions that took it."""
    named: dict[str, list[str]] = {}
    for report in reports:
        named.setdefault(fresh_state_way(report.provenance or {}), []).append(report.name)
    if len(named) <= 1:
        return fresh_state_text(provenance_of(reports))
    return SHARED_LIST_CASES + "; ".join(f"{way} ({', '.join(names)})"
                                         for way, names in named.items())


def seed_text(made: dict[str, Any]) -> str:
    """The seed of the solutions' random numbers: as asked (--seed), or drawn for the run."""
    asked, drawn = made.get("seed"), made.get("run_seed")
    if asked is not None:
        return str(asked)
    if drawn is not None:
        return f"{drawn}, drawn for this run"
    return "not set"


def provenance_items(reports: Sequence[Report]) -> list[tuple[str, str]]:
    """The run, said in a few named lines: who made it, how, on what."""
    made = provenance_of(reports)
    found = made.get("cases")
    cases: dict[str, Any] = found if isinstance(found, dict) else {}
    listed = cases.get("paths")
    paths: list[Any] = listed if isinstance(listed, list) else []
    items = [*made_by_items(made),
             ("cases", f"{', '.join(map(str, paths))} "
                       f"({cases.get('count', '?')} cases, sha256 {cases.get('digest', '?')})"),
             ("selection", selection_text(made.get("selection"))),
             ("seed", seed_text(made)),
             ("limits", limits_text(made.get("limits"))), ("sandbox", sandbox_text(made)),
             ("fresh state", fresh_states_text(reports)), ("ranking", RANKING)]
    unread = made.get("not_graded")
    if isinstance(unread, list) and unread:
        items.append(("not graded", "; ".join(map(str, unread))))
    return [(key, safe(value, limit=2000)) for key, value in items]


def provenance_lines(reports: Sequence[Report]) -> list[str]:
    return [f"{key}: {value}" for key, value in provenance_items(reports)]
