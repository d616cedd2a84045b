from __future__ import annotations

import numpy as np
import pytest

from judge.__main__ import main
from judge.analysis.engine import match_matrix
from judge.experiments import (
    expected_distribution,
    first,
    match_distribution,
    play_filtering,
    seed000,
    seed003,
)


def test_match_distribution_counts_every_other_word() -> None:
    matrix = match_matrix(["aaaaaa", "aaaaab", "bbbbbb", "abbbbb"])
    assert match_distribution(matrix, 0) == [1, 1, 0, 0, 0, 1, 0]


def test_binomial_expectation_matches_the_seeds_estimate() -> None:
    expected = expected_distribution(9999)
    assert round(expected[0] / 9999, 5) == 0.79031
    assert sum(expected) == pytest.approx(9999)


def test_filtering_play_finds_every_secret() -> None:
    import random

    words = ["aaaaaa", "aaaaab", "bbbbbb", "abbbbb", "cccccc"]
    matrix = match_matrix(words)
    rng = random.Random(0)
    assert [play_filtering(matrix, s, first, rng) for s in range(5)] == [1, 2, 2, 2, 3]


def test_reports_put_the_seed_beside_the_measurement() -> None:
    text = seed000(words=1500, games=30)
    assert "write-up   7971, 1834, 180, 14, 1, 0, 0" in text and "measured" in text
    assert "first candidate" in text and "random candidate" in text
    assert text == seed000(words=1500, games=30)  # seeded: the same every run
    assert "generally 6-10 guesses" in seed003(lists=3, words=60)


def test_experiment_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["experiment", "minimax-worst-case"]) == 0
    assert "worst cases" in capsys.readouterr().out
    assert main(["experiment", "seed003"]) == 0  # the old name still works
    assert main(["experiment", "seed999"]) == 2


def test_matrix_row_excludes_the_word_itself() -> None:
    matrix = match_matrix(["abcdef", "abcdeg"])
    assert np.sum(match_distribution(matrix, 1)) == 1
