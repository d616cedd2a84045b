from __future__ import annotations

import json
import string
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given

from judge.__main__ import main
from judge.analysis.engine import match_matrix
from judge.cases import Case, load_cases
from judge.fairness import judge_fairness, lower_bound

from .conftest import CASES
from .strategies import brute_force_optimum, word_lists

ONE_APART = tuple(c * 6 for c in string.ascii_lowercase)


@given(word_lists(1, 9, alphabet="abc"))
def test_bounds_hold_around_the_true_optimum(listed: list[str]) -> None:
    report = judge_fairness(Case("t", listed[0], tuple(listed), 10))
    assert report.lower <= brute_force_optimum(listed) <= report.upper


def test_26_words_one_letter_apart_is_unfair() -> None:
    report = judge_fairness(Case("aaaaaa..zzzzzz", "zzzzzz", ONE_APART, 10))
    assert report.verdict == "unfair" and report.lower == 26 and report.meets_constraints


def test_fair_and_unknown() -> None:
    (example,) = load_cases([CASES / "examples" / "example1.txt"])
    assert judge_fairness(example).verdict == "fair"
    (hundred,) = load_cases([CASES / "handwritten" / "random-100-a.json"])
    # Without the optimal solver's time-limited proof, the bounds do not depend on speed.
    report = judge_fairness(Case("tight", hundred.secret, hundred.words, 7), exact_seconds=0)
    assert report.lower <= 7 < report.upper and report.verdict == "unknown"


def test_constraints_are_reported_not_enforced() -> None:
    report = judge_fairness(Case("long", "abcdefg", ("abcdefg", "bcdefga"), 5))
    assert not report.meets_constraints and report.verdict == "fair"
    assert any("allowedGuesses" in p for p in report.problems)


def test_lower_bound_of_a_single_word_and_of_nothing() -> None:
    matrix = match_matrix(["abcdef"])
    assert lower_bound(matrix, np.array([0])) == 1
    assert lower_bound(matrix, np.array([], dtype=np.intp)) == 0


@pytest.mark.slow
def test_every_shipped_list_is_fair() -> None:
    lists = {c.words: c for c in load_cases([CASES])}
    for case in lists.values():
        # The engine's play-outs prove it, with no time-limited search: a busy machine cannot
        # change the answer.
        assert judge_fairness(case, exact_seconds=0).verdict == "fair", case.name


def test_check_command_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "unfair.json"
    path.write_text(json.dumps(Case("one-apart", "zzzzzz", ONE_APART, 10).to_json()))
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "unfair" in out and " 26 " in out
    # Every guess rules out only itself: the solver proves 26 at once, and says so plainly.
    assert "unfair (the optimum, proven by the optimal solver)" in out
    long = tmp_path / "long.json"
    long.write_text(json.dumps(Case("x" * 40 + "-end", "zzzzzz", ONE_APART, 30).to_json()))
    main(["check", str(long)])
    assert "…" + "x" * 27 + "-end " in capsys.readouterr().out  # cut where names differ least
    assert main(["check", str(CASES / "examples")]) == 0
    assert main(["check", str(path) + ".missing"]) == 2
