"""`optimal --objective mean`: the least average number of guesses, proven, with its tree."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge.__main__ import main
from judge.analysis.certify import CHECKED_UP_TO
from judge.analysis.mean import (
    NEVER,
    MeanSolver,
    greedy_tree,
    least_totals,
    least_totals_within,
    solve_mean,
)
from judge.analysis.optimal import solve
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


def brute_force_least_totals_within(size: int, room: list[int], guesses: int | None
                                    ) -> list[int]:
    """least_totals_within by trying every split of every size, level by level."""

    def splits(words: int, groups: list[int]) -> Iterator[list[int]]:
        if not groups:
            if words == 0:
                yield []
            return
        for first in range(min(words, groups[0]) + 1):
            for rest in splits(words - first, groups[1:]):
                yield [first, *rest]

    @cache
    def least(s: int, left: int | None) -> int:
        if s <= 1:
            return s
        if left is not None and left <= 1:
            return NEVER
        below = None if left is None else left - 1
        best = min((sum(least(b, below) for b in split) for split in splits(s - 1, room)),
                   default=NEVER)
        return min(s + best, NEVER)

    return [least(s, guesses) for s in range(size + 1)]


@given(st.integers(0, 9), st.lists(st.integers(0, 9), min_size=1, max_size=6),
       st.sampled_from([None, 1, 2, 3, 4]))
def test_the_least_totals_within_a_room_are_those_of_every_split(
        size: int, room: list[int], guesses: int | None) -> None:
    assert least_totals_within(size, room, guesses) == brute_force_least_totals_within(
        size, room, guesses)


@given(word_lists(2, 8, alphabet="abc", length=4), st.sampled_from([None, 2, 3]),
       st.data())
def test_a_sets_bound_is_never_above_its_least_total(
        listed: list[str], cap: int | None, data: st.DataObject) -> None:
    solver = MeanSolver(listed, deadline=float("inf"), max_guesses=cap)
    chosen = data.draw(st.sets(st.sampled_from(listed), min_size=1))
    candidates = sum(1 << listed.index(w) for w in chosen)
    least = brute_force_least_total(listed, cap, secrets=chosen)
    assert solver.bound(candidates, cap) <= (NEVER if least is None else least)


def test_the_least_total_on_forty_random_lists_of_ten_is_the_brute_force_one() -> None:
    rng = random.Random(843)
    for _ in range(40):
        words = sorted({"".join(rng.choice("abcd") for _ in range(4)) for _ in range(10)})
        free = solve_mean(words, time_limit=600)
        assert free.proven and free.lower == brute_force_least_total(words), words
        worst = solve(words).upper
        for cap in (worst, worst + 1):
            for uncapped in (None, free):  # alone, and bounded below by the search without
                result = solve_mean(words, time_limit=600, max_guesses=cap, uncapped=uncapped)
                assert result.proven, words
                assert result.lower == brute_force_least_total(words, cap), (words, cap)


def test_a_tree_without_a_cap_that_meets_the_cap_is_the_capped_answer() -> None:
    words = ["aab", "abb", "acd", "baa", "bab", "bbc", "cac", "ccb"]  # least 20, in 4 guesses
    free = solve_mean(words, time_limit=60)
    assert free.proven and free.upper == 20
    within_four = solve_mean(words, time_limit=60, max_guesses=4, uncapped=free)
    assert within_four.tree is free.tree and within_four.sets_searched == 0
    within_three = solve_mean(words, time_limit=60, max_guesses=3, uncapped=free)
    assert within_three.proven and within_three.upper == 21
    with pytest.raises(ValueError, match="another list"):
        solve_mean(words[1:], time_limit=60, max_guesses=3, uncapped=free)


def test_a_lower_bound_too_high_is_caught_by_the_independent_check(
        monkeypatch: pytest.MonkeyPatch) -> None:
    words = ["aab", "abb", "acd", "baa", "bab", "bbc", "cac", "ccb"]  # least total 20
    assert len(words) <= CHECKED_UP_TO
    sound = MeanSolver.lower_bounds

    def two_too_many(solver: MeanSolver, sets: list[int], guesses: int | None) -> list[int]:
        """A planted bug: every set of three words or more claimed to cost two more."""
        return [bound + 2 if candidates.bit_count() >= 3 and bound < NEVER else bound
                for candidates, bound in zip(sets, sound(solver, sets, guesses), strict=True)]

    monkeypatch.setattr(MeanSolver, "lower_bounds", two_too_many)
    with pytest.raises(AssertionError, match="lower bound 21 is above the least total, 20"):
        solve_mean(words, time_limit=60)


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


def test_the_bound_made_once_time_has_run_out_searches_no_more() -> None:
    # solve_mean makes it in its handler of OutOfTime: a search there would raise it again.
    words = random_words(random.Random(60), 60)
    cap = solve(words, time_limit=120).upper
    solver = MeanSolver(words, time.monotonic() + 600, cap)
    assert greedy_tree(solver, solver.top, cap) is not None
    solver.deadline = 0.0  # time has run out
    assert least_totals(60, 6)[60] <= solver.learned_bound(solver.top, cap) < NEVER


def test_optimal_command_with_the_mean(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = tmp_path / "three.txt"
    case.write_text('"aaaaaa"\n["aaaaaa", "aaaabb", "bbbbbb"]\n10\n')
    out = tmp_path / "mean.json"
    assert main(["optimal", str(case), "--objective", "mean", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "optimal mean 1.667 guesses (5 in total over 3 secrets," in printed, printed
    (data,) = json.loads(out.read_text())
    assert data["proven"] and data["total_upper"] == 5 and data["tree"]["guess"] in case.read_text()
    assert main(["optimal", str(case), "--objective", "mean", "--max-guesses", "1"]) == 0
    assert "no strategy finds every secret within 1 guess" in capsys.readouterr().out
    for wrong in ("0", "many"):
        assert main(["optimal", str(case), "--objective", "mean", "--max-guesses", wrong]) == 2
    assert "must be a positive whole number or none, not many" in capsys.readouterr().err
    assert main(["optimal", str(case), "--max-guesses", "3"]) == 2  # only with the mean


def test_the_mean_is_capped_by_the_optimal_worst_case_unless_told_otherwise(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The least mean here (20 guesses over 8 secrets) needs 4 guesses for some secret, one more
    # than the optimal worst case, 3; never more than 3 costs one guess more in total.
    words = ["aab", "abb", "acd", "baa", "bab", "bbc", "cac", "ccb"]
    case = tmp_path / "eight.txt"
    case.write_text(f'"aab"\n{json.dumps(words)}\n10\n')
    out = tmp_path / "mean.json"
    assert main(["optimal", str(case), "--objective", "mean", "--json", str(out)]) == 0
    assert ("optimal mean 2.625 guesses (21 in total over 8 secrets, never more than the optimal "
            "worst case of 3;") in capsys.readouterr().out
    (capped,) = json.loads(out.read_text())
    assert capped["max_guesses"] == 3 and capped["max_guesses_from"] == "the optimal worst case"
    assert main(["optimal", str(case), "--objective", "mean", "--max-guesses", "none",
                 "--json", str(out)]) == 0
    assert "optimal mean 2.500 guesses (20 in total over 8 secrets;" in capsys.readouterr().out
    (free,) = json.loads(out.read_text())
    assert free["max_guesses"] is None and free["max_guesses_from"] == "none"
