"""Cases x solution -> results: play each case through a runner and judge it by LeetCode's rules."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from judge.cases import Case
from judge.master import Adversary, FixedSecret, Master, SecretKeeper
from judge.result import CaseResult, Outcome, Report
from judge.run.session import Runner
from judge.verdicts import MEANING, WRONG_ANSWER_TEXT, Verdict


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
