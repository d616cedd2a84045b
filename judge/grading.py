"""Cases x solution -> results -> summary, and the reports made of them (table, JSON)."""

from __future__ import annotations

import json
import os
import statistics
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from judge.cases import Case
from judge.master import Adversary, FixedSecret, Master, SecretKeeper
from judge.sandbox import Outcome
from judge.verdicts import MEANING, VERDICTS, WRONG_ANSWER_TEXT, Verdict


class Runner(Protocol):
    def play(self, master: Master, seed: int | None) -> Outcome: ...

    def __enter__(self) -> Runner: ...

    def __exit__(self, *exc: object) -> None: ...


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


def headline(verdict: Verdict, detail: str) -> str:
    """One line for the table: a traceback's last line, else the detail's first."""
    lines = detail.strip().splitlines()
    if not lines:
        return MEANING[verdict]
    return lines[-1] if lines[0].startswith("Traceback") else lines[0]


def judge_case(runner: Runner, case: Case, seed: int | None, adversary: bool) -> CaseResult:
    """Play one case; any failure of the judge itself becomes JE, never the submission's."""
    keeper: SecretKeeper = Adversary(case.words) if adversary else FixedSecret(case.secret)
    master = Master(case.words, keeper, case.allowed_guesses)
    try:
        outcome = runner.play(master, seed)
    except Exception as e:
        outcome = Outcome("JE", f"{type(e).__name__}: {e}")
    if outcome.verdict is not None:
        verdict, detail = outcome.verdict, outcome.detail
        message = headline(verdict, detail)
    elif outcome.stopped:
        verdict, message, detail = "WA", WRONG_ANSWER_TEXT, f"stopped: {outcome.detail}"
    else:
        (verdict, message), detail = master.verdict(), ""
    return CaseResult(case.name, verdict, message, master.calls, case.allowed_guesses,
                      outcome.seconds, master.secret(), list(master.transcript), detail,
                      outcome.output)


@dataclass
class Report:
    solution: str
    results: list[CaseResult]

    def summary(self) -> dict[str, Any]:
        accepted = [r.guesses for r in self.results if r.verdict == "AC"]
        # Games that ran to the end, accepted or not: what a leaderboard compares.
        played = [r.guesses for r in self.results if r.verdict in ("AC", "WA")]
        verdicts = Counter(r.verdict for r in self.results)
        return {
            "cases": len(self.results),
            "accepted": len(accepted),
            "verdicts": {v: verdicts[v] for v in VERDICTS if verdicts[v]},
            "worst_guesses": max(accepted, default=None),
            "mean_guesses": round(statistics.fmean(accepted), 4) if accepted else None,
            "worst_guesses_played": max(played, default=None),
            "mean_guesses_played": round(statistics.fmean(played), 4) if played else None,
            "guess_distribution": dict(sorted(Counter(r.guesses for r in self.results).items())),
            "time_s": round(sum(r.time_s for r in self.results), 3),
        }

    @property
    def all_accepted(self) -> bool:
        return bool(self.results) and all(r.verdict == "AC" for r in self.results)

    def to_json(self) -> dict[str, Any]:
        return {"solution": self.solution, "summary": self.summary(),
                "cases": [r.to_json() for r in self.results]}


def grade(runner: Runner, solution: str, cases: Iterable[Case], seed: int | None = None,
          adversary: bool = False,
          on_result: Callable[[CaseResult], None] | None = None) -> Report:
    results = []
    with runner:
        for case in cases:
            result = judge_case(runner, case, seed, adversary)
            if on_result is not None:
                on_result(result)
            results.append(result)
    return Report(solution, results)


ROW = "{name:<36} {verdict:<4} {guesses:>7} {time:>8}"


def table_header() -> str:
    return ROW.format(name="case", verdict="", guesses="guesses", time="time")


def table_row(result: CaseResult) -> str:
    name = result.name if len(result.name) <= 36 else "…" + result.name[-35:]
    row = ROW.format(name=name, verdict=result.verdict,
                     guesses=f"{result.guesses}/{result.allowed}",
                     time=f"{result.time_s * 1000:.0f} ms")
    if result.verdict != "AC":
        row += f"  {result.message}"
    return row


def summary_text(report: Report) -> str:
    s = report.summary()
    verdicts = ", ".join(f"{v} {n}" for v, n in s["verdicts"].items())
    text = f"{report.solution}: {s['accepted']}/{s['cases']} accepted ({verdicts})"
    if s["accepted"]:
        text += (f"; accepted cases: worst {s['worst_guesses']}, "
                 f"mean {s['mean_guesses']:.2f} guesses")
    return text


def transcript_text(result: CaseResult) -> str:
    lines = [f"case {result.name}: {result.verdict} {result.message}", f"secret: {result.secret}"]
    lines += [f"  {i:>3}. {word} -> {reply}" for i, (word, reply) in
              enumerate(result.transcript, 1)]
    if result.detail and result.detail != result.message:
        lines.append(result.detail)
    if result.output:
        lines.append("output:\n" + result.output)
    return "\n".join(lines)


def write_atomically(path: Path, text: str) -> None:
    """Write next to `path` and rename, so a failure never leaves half a report."""
    directory = path.parent if str(path.parent) else Path(".")
    fd, temporary = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def check_writable(path: Path) -> str | None:
    """Why a report cannot be written to `path`, or None; asked before any case runs."""
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        return f"{path}: directory {directory} does not exist"
    if path.is_dir():
        return f"{path}: is a directory"
    if not os.access(directory, os.W_OK):
        return f"{path}: directory {directory} is not writable"
    return None


def reports_json(reports: Sequence[Report]) -> str:
    data: object = reports[0].to_json() if len(reports) == 1 else [r.to_json() for r in reports]
    return json.dumps(data, indent=1) + "\n"
