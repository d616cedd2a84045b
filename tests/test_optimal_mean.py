"""`optimal --objective mean`: the least average number of guesses, proven, with its tree."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge.__main__ import main
from judge.analysis.mean import NEVER, least_totals, solve_mean
from judge.cases import Case
from judge.generate import random_words
from judge.grading import grade
from judge.rules import match
from judge.run.inprocess import InProcessRunner

from .conftest import SOLUTIONS
from .strategies import brute_force_least_total, word_lists


@given(word_lists(1, 8, alphabet="abc", length=4), st.sampled_from([None, 2, 3, 4]))
def test_the_least_total_is_the_brute_force_one(listed: list[str], cap: int | None) -> None:
    result = solve_mean(listed, time_limit=60, max_guesses=cap)
    expected = brute_force_least_total(listed, cap)
    if expected is None:
        assert result.proven and result.upper >= NEVER and result.tree is None
        return
    assert result.proven and result.lower == result.upper == expected
    assert result.tree is not None
    used = [result.tree.guesses_for(w, match) for w in listed]
    assert sum(used) == expected and (cap is None or max(used) <= cap)


def test_the_level_bound_is_a_perfect_six_way_tree() -> None:
    # 1 word at depth 1, 6 at depth 2, 36 at depth 3: 1 + 12 + 3 * 3 for ten secrets.
    assert least_totals(10, 6)[1:] == [1, 3, 5, 7, 9, 11, 13, 16, 19, 22]


@pytest.mark.parametrize("size", [30, 60])
def test_random_lists_of_thirty_and_sixty_are_proven(size: int) -> None:
    words = random_words(random.Random(size), size)
    result = solve_mean(words, time_limit=600)  # seconds on a quiet machine; a wide margin
    assert result.proven and result.tree is not None
    assert sum(result.tree.guesses_for(w, match) for w in words) == result.upper
    # No reference solution can do better on average than the optimum.
    played = grade(InProcessRunner(SOLUTIONS / "strongest.py"), "strongest",
                   [Case(f"s-{w}", w, tuple(words), 30) for w in words])
    assert sum(r.guesses for r in played.results) >= result.upper


def test_a_cap_raises_the_mean_or_leaves_it() -> None:
    words = random_words(random.Random(30), 30)
    free = solve_mean(words, time_limit=600)
    assert free.tree is not None
    deepest = max(free.tree.guesses_for(w, match) for w in words)
    tight = solve_mean(words, time_limit=600, max_guesses=deepest - 1)
    assert tight.proven and (tight.upper >= free.upper or tight.upper >= NEVER)


def test_a_hundred_words_in_little_time_gives_proven_bounds() -> None:
    words = random_words(random.Random(100), 100)
    result = solve_mean(words, time_limit=1.0)
    assert least_totals(100, 6)[100] <= result.lower <= result.upper < NEVER
    assert result.tree is not None
    assert sum(result.tree.guesses_for(w, match) for w in words) == result.upper


def test_optimal_command_with_the_mean(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = tmp_path / "three.txt"
    case.write_text('"aaaaaa"\n["aaaaaa", "aaaabb", "bbbbbb"]\n10\n')
    out = tmp_path / "mean.json"
    assert main(["optimal", str(case), "--objective", "mean", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "optimal mean 1.667 guesses (5 in total over 3 secrets;" in printed, printed
    (data,) = json.loads(out.read_text())
    assert data["proven"] and data["total_upper"] == 5 and data["tree"]["guess"] in case.read_text()
    assert main(["optimal", str(case), "--objective", "mean", "--max-guesses", "1"]) == 0
    assert "no strategy finds every secret within 1 guess" in capsys.readouterr().out
    assert main(["optimal", str(case), "--max-guesses", "0"]) == 2
    assert main(["optimal", str(case), "--max-guesses", "3"]) == 2  # only with the mean
