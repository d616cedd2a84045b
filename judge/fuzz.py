"""Hypothesis searches for fair word lists on which a solution takes too many guesses.

Each example is a list of six-letter words (LeetCode's constraints). The solution plays every
word of it as the secret; `target()` steers the search toward more guesses. A list counts as a
find only when the solution exceeds the limit (or fails otherwise) while the list is fair: the
fairness check's upper bound is within the limit, so some strategy always wins. Hypothesis
then shrinks it to a small reproducer, which is written as a case file.
"""

from __future__ import annotations

import datetime
import string
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, seed, settings, target
from hypothesis import strategies as st

from judge.cases import Case, cases_to_json
from judge.fairness import judge_fairness
from judge.grading import grade
from judge.result import CaseResult
from judge.rules import WORD_LENGTH
from judge.run.limits import Limits
from judge.run.session import IsolatedRunner
from judge.safetext import safe

WORDS = st.text(alphabet=string.ascii_lowercase, min_size=6, max_size=6)
LISTS = st.lists(WORDS, min_size=2, max_size=100, unique=True)
REPORT_EVERY_SECONDS = 10.0


class FairListBroken(Exception):
    """The property that fails: a fair list the solution does not always win."""


@dataclass
class Find:
    words: tuple[str, ...]
    worst: CaseResult
    upper: int
    upper_by: str
    seconds_to_first: float


@dataclass
class Progress:
    examples: int = 0
    worst: int = 0
    first_find: float | None = None


class Fuzzer:
    def __init__(self, solution: Path, allowed: int, budget: float, shrink_budget: float,
                 report: Callable[[str], None] = print, sandbox: bool = False,
                 language: str | None = None) -> None:
        self.solution, self.allowed = solution, allowed
        self.budget, self.shrink_budget = budget, shrink_budget
        self.report = report
        self.progress = Progress()
        self.verdicts: dict[tuple[str, ...], Find | None] = {}
        self.runner = IsolatedRunner(solution, Limits(time_seconds=5.0), sandbox=sandbox,
                                     language=language)
        self.start = self.last_report = 0.0

    def load_error(self) -> CaseResult | None:
        """The solution's compile error, found on a list of one word (or the judge's failure to
        build it, JE); None if it loads. A file that never loads loses every list, and no list
        found that way says anything."""
        word = "a" * WORD_LENGTH
        (result,) = grade(self.runner, str(self.solution),
                          [Case("loads", word, (word,), self.allowed)]).results
        if result.verdict not in ("CE", "JE"):
            return None
        self.runner.close()  # no search follows
        return result

    def play_every_secret(self, words: tuple[str, ...], seed_value: int) -> list[CaseResult]:
        # LIST@SECRET, the name a find's reproducer keeps: grading it with the same --seed
        # draws a random solution's numbers as the search drew them.
        name = list_name(self.solution, seed_value, len(words))
        cases = [Case(f"{name}@{w}", w, words, self.allowed) for w in words]
        return grade(self.runner, str(self.solution), cases, seed=seed_value,
                     order_seed=seed_value).results

    def examine(self, words: tuple[str, ...], seed_value: int) -> Find | None:
        if words in self.verdicts:
            return self.verdicts[words]
        elapsed = time.monotonic() - self.start
        first_find = self.progress.first_find
        searching = first_find is None
        deadline = self.budget if first_find is None else first_find + self.shrink_budget
        if elapsed > deadline:
            return None  # out of time: unseen lists are not examined any more
        results = self.play_every_secret(words, seed_value)
        if failed := next((r for r in results if r.verdict == "JE"), None):
            # The judge's failure is no list the solution loses: said, and not a find.
            self.report(f"  the judge failed on a list of {len(words)} words (JE, not counted): "
                        f"{safe(failed.message)}")
            self.verdicts[words] = None
            return None
        worst = max(results, key=lambda r: (r.verdict != "AC", r.guesses))
        self.progress.examples += 1
        self.progress.worst = max(self.progress.worst, worst.guesses)
        target(float(worst.guesses), label="guesses in the worst case")
        find = None
        if worst.verdict != "AC":
            fairness = judge_fairness(Case("probe", words[0], words, self.allowed))
            if fairness.verdict == "fair":
                find = Find(words, worst, fairness.upper, fairness.upper_by, elapsed)
                if searching:
                    self.progress.first_find = elapsed
                    self.report(f"  found after {elapsed:.1f} s: {len(words)} words, "
                                f"{worst.guesses} guesses; shrinking ...")
        if elapsed - self.last_report >= REPORT_EVERY_SECONDS:
            self.last_report = elapsed
            left = max(deadline - elapsed, 0.0)
            self.report(f"  {self.progress.examples} lists tried, worst so far "
                        f"{self.progress.worst} guesses, {elapsed:.0f} s"
                        f", at most {left:.0f} s of {'search' if searching else 'shrinking'} left")
        self.verdicts[words] = find
        return find

    def run(self, seed_value: int) -> Find | None:
        self.start = time.monotonic()
        smallest: list[Find] = []

        @seed(seed_value)
        @settings(max_examples=100_000, deadline=None, database=None, derandomize=False,
                  phases=[Phase.generate, Phase.target, Phase.shrink],
                  suppress_health_check=list(HealthCheck), report_multiple_bugs=False)
        @given(LISTS)
        def probe(listed: list[str]) -> None:
            find = self.examine(tuple(listed), seed_value)
            if find is not None:
                if not smallest or len(find.words) <= len(smallest[0].words):
                    smallest[:] = [find]
                raise FairListBroken
            if time.monotonic() - self.start > self.budget and not smallest:
                raise _OutOfBudget

        try:
            with self.runner:
                probe()
        except FairListBroken:
            pass
        except _OutOfBudget:
            return None
        return smallest[0] if smallest else None


class _OutOfBudget(BaseException):
    """Ends the search when the budget is spent and nothing was found; not an Exception, so
    Hypothesis does not treat it as a failing example to shrink."""


def reproducer(find: Find, solution: Path, allowed: int, seed_value: int) -> Case:
    worst = find.worst
    today = datetime.date.today().isoformat()
    note = (f"found by python -m judge fuzz {solution.name} --allowed {allowed} --search-seed "
            f"{seed_value} on {today}: {solution.name} needs {worst.guesses} guesses "
            f"({worst.verdict}) for secret {worst.secret!r}; fair: {find.upper_by} always "
            f"wins within {find.upper}")
    # The name the search played it under (list@secret), as its seed is drawn from it.
    return Case(worst.name, worst.secret, find.words, allowed, note)


def list_name(solution: Path, seed_value: int, size: int) -> str:
    """A found list's name: whose find, with which search seed, how many words."""
    return f"found-{solution.stem}-s{seed_value}-{size}w"


def write_reproducer(case: Case, out: Path) -> Path:
    from judge.report.files import write_atomically

    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{case.name.rpartition('@')[0] or case.name}.json"  # the list's name
    write_atomically(path, cases_to_json([case]))
    return path
