from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from judge.analysis.engine import (
    METRICS,
    best_guess,
    guesses_per_secret,
    match_matrix,
    reply_counts,
)
from judge.master import FixedSecret, Master
from judge.rules import match, partition_counts

from .strategies import word_lists


@given(st.integers(1, 8).flatmap(lambda n: word_lists(1, 25, alphabet="abcd", length=n)))
def test_matrix_is_the_plain_definition(listed: list[str]) -> None:
    matrix = match_matrix(listed)
    assert matrix.tolist() == [[match(a, b) for b in listed] for a in listed]


@given(word_lists(1, 30, alphabet="abc"), st.data())
def test_reply_counts_are_the_plain_partition_counts(listed: list[str],
                                                      data: st.DataObject) -> None:
    chosen = data.draw(st.lists(st.integers(0, len(listed) - 1), min_size=1, unique=True))
    candidates = np.array(sorted(chosen))
    counts = reply_counts(match_matrix(listed), candidates)
    for g, guess in enumerate(listed):
        plain = partition_counts(guess, [listed[c] for c in candidates])
        assert counts[g].tolist() == [plain.get(r, 0) for r in range(7)]


def test_minimax_over_candidates_picks_the_first_best_like_the_seeds() -> None:
    words = ["abcdef", "aaaaaa", "aaaabb", "aabbbb", "bbbbbb"]
    matrix = match_matrix(words)
    assert best_guess(matrix, np.arange(5), METRICS["minimax"], "candidates") == 1


def test_ties_prefer_a_candidate() -> None:
    words = ["zzzzzz", "aaaaaa", "aaaaab"]  # zzzzzz is no candidate and splits as well
    matrix = match_matrix(words)
    assert best_guess(matrix, np.array([1, 2]), METRICS["minimax"], "all") == 1


def play_one(words: list[str], secret: str, metric: str, pool: str) -> int:
    """One game played guess by guess through the Master, for comparison."""
    matrix = match_matrix(words)
    master = Master(words, FixedSecret(secret), 10, cap=1000)
    candidates = np.arange(len(words))
    while True:
        guess = best_guess(matrix, candidates, METRICS[metric], pool)  # type: ignore[arg-type]
        reply = master.guess(words[guess])
        if reply == 6:
            return master.calls
        candidates = candidates[matrix[guess, candidates] == reply]


@given(word_lists(1, 40, alphabet="abcd"), st.sampled_from(sorted(METRICS)),
       st.sampled_from(["all", "candidates"]))
def test_every_secret_play_out_agrees_with_single_games(listed: list[str], metric: str,
                                                         pool: str) -> None:
    used = guesses_per_secret(match_matrix(listed), METRICS[metric], pool)  # type: ignore[arg-type]
    assert used.tolist() == [play_one(listed, s, metric, pool) for s in listed]


def test_the_handwritten_outside_candidate_case_shows_what_it_says() -> None:
    from judge.cases import load_cases

    from .conftest import CASES

    (case,) = load_cases([CASES / "handwritten" / "outside-candidate-guess.json"])
    matrix = match_matrix(case.words)
    everyone = guesses_per_secret(matrix, METRICS["minimax"], "all")
    candidates_only = guesses_per_secret(matrix, METRICS["minimax"], "candidates")
    assert everyone.max() == 3 and candidates_only.max() == 4
    assert candidates_only[case.words.index(case.secret)] == 4
