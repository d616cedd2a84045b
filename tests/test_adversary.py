"""The adaptive adversary through the whole judge."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.cases import Case, every_secret, load_cases
from judge.grading import grade
from judge.run.session import IsolatedRunner

from .conftest import CASES, SOLUTIONS

# Seconds a test (workers, compilers, searches): `make quick` leaves this module out.
pytestmark = pytest.mark.slow

DETERMINISTIC = ["minimax_cpp", "entropy", "minimax_all", "first_candidate", "strongest"]


@pytest.mark.parametrize("name", DETERMINISTIC)
def test_replaying_the_adversarys_secret_gives_the_same_game(name: str) -> None:
    cases = load_cases([CASES / "handwritten" / "random-100-a.json",
                        CASES / "handwritten" / "pairs-of-twins.json"])
    path = SOLUTIONS / f"{name}.py"
    adversarial = grade(IsolatedRunner(path), name, cases, adversary=True)
    replayed = [Case(c.name, r.secret, c.words, c.allowed_guesses)
                for c, r in zip(cases, adversarial.results, strict=True)]
    fixed = grade(IsolatedRunner(path), name, replayed)
    every = grade(IsolatedRunner(path), name, every_secret(cases))
    for case, adv, fix in zip(cases, adversarial.results, fixed.results, strict=True):
        assert adv.transcript == fix.transcript
        assert adv.transcript[-1] == (adv.secret, 6)
        worst = max(r.guesses for r in every.results if r.name.startswith(case.name + "@"))
        assert adv.guesses <= worst


def test_the_adversary_forces_the_worst_case_of_walking_the_list(tmp_path: Path) -> None:
    words = tuple(c * 6 for c in "abcdefghij")
    report = grade(IsolatedRunner(SOLUTIONS / "first_candidate.py"), "first",
                   [Case("disjoint", "aaaaaa", words, 10)], adversary=True)
    (result,) = report.results
    assert result.guesses == 10 and result.secret == "jjjjjj" and result.verdict == "AC"
