"""The upper bound on P8079 points: its patterns are the rules', no player beats it (the best
possible one found by exhaustive search included), and pruning openings changes nothing."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from judge.__main__ import main
from judge.wc2022.bound import (
    dictionary_bound,
    first_guess_order,
    letter_bound,
    pattern_matrix,
    per_round,
    replies_over,
)
from judge.wc2022.game import ENGLISH5, read_dictionary
from judge.wc2022.rules import GUESSES, POINTS, feedback, pattern

from .conftest import SOLUTIONS
from .test_wc2022_numpy import fresh


def random_words(seed: int, alphabet: str, initials: str, count: int) -> list[str]:
    rng = random.Random(seed)
    words: set[str] = set()
    while len(words) < count:
        words.add(rng.choice(initials) + "".join(rng.choice(alphabet) for _ in range(4)))
    return sorted(words)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_pattern_matrix_is_the_rules_feedback(seed: int) -> None:
    words = random_words(seed, "aabcde", "abc", 40)  # repeated letters: silver's hard cases
    matrix = pattern_matrix(words, words[::-1])
    assert [[int(v) for v in row] for row in matrix] == [
        [pattern(feedback(g, a)) for a in words[::-1]] for g in words]


def test_replies_are_counted_alike_for_a_few_answers_and_many() -> None:
    words = random_words(7, "abcdef", "ab", 60)
    matrix = pattern_matrix(words, words)
    for columns in (3, 19, 20, 60):  # below 20 columns by sorting, from 20 by marking
        assert replies_over(matrix[:, :columns]).tolist() == [
            len(set(row.tolist())) for row in matrix[:, :columns]]


def test_a_letter_without_words_is_refused() -> None:
    with pytest.raises(ValueError, match="no word starts with 'z'"):
        letter_bound(["abcde", "bcdea"], "z")


def best_total(words: list[str], letter: str) -> int:
    """The most points any player scores over the letter's answers, each played once: every
    dictionary word tried at every step, to the fifth guess."""

    @cache
    def best(answers: frozenset[str], guess_number: int) -> int:
        if guess_number > GUESSES:
            return 0
        options = []
        for guess in words:
            classes: dict[tuple[int, ...], set[str]] = {}
            for answer in answers:
                classes.setdefault(feedback(guess, answer), set()).add(answer)
            if len(classes) == 1 and guess not in answers:
                continue  # learns nothing: never better than a guess that does
            options.append(sum(POINTS[guess_number] if members == {guess} else
                               best(frozenset(members), guess_number + 1)
                               for members in classes.values()))
        return max(options, default=0)

    return best(frozenset(w for w in words if w[0] == letter), 1)


def bound_by_its_definition(words: list[str], letter: str) -> int:
    """The docstring's bound, computed word by word with the rules' feedback."""
    answers = [w for w in words if w[0] == letter]
    totals = []
    for opening in words:
        classes: dict[tuple[int, ...], list[str]] = {}
        for answer in answers:
            if answer != opening:
                classes.setdefault(feedback(opening, answer), []).append(answer)
        totals.append(150 * (opening in answers) + sum(
            90 * len(c) + max(20 * (h in c) + 10 * len({feedback(h, a) for a in c})
                              for h in words)
            for c in classes.values()))
    return max(totals)


@pytest.mark.parametrize(("seed", "alphabet"), [(4, "abcd"), (5, "abcde"), (6, "aabbcdef")])
def test_no_player_beats_the_bound_and_pruning_changes_nothing(seed: int,
                                                               alphabet: str) -> None:
    words = random_words(seed, alphabet, "ab", 24)
    for letter in "ab":
        bound = letter_bound(words, letter)
        assert bound.points == bound_by_its_definition(words, letter)
        assert best_total(words, letter) <= bound.points
        assert bound.answers == sum(w[0] == letter for w in words)


def test_the_bound_is_met_when_the_opening_leaves_single_answers() -> None:
    # "bcdee" is an answer, and its replies tell the three other answers apart: 150 points,
    # then 120 for each. Nothing scores more, and the bound says so.
    words = ["aaaaa", "abcde", "bcdee", "bdcee", "bedce", "becde"]
    bound = letter_bound(words, "b")
    assert bound.points == best_total(words, "b") == 150 + 3 * 120
    assert bound.opening == "bcdee"


def test_the_points_player_stays_under_the_bound_and_meets_it_on_small_letters() -> None:
    words = read_dictionary(ENGLISH5)
    player = fresh(SOLUTIONS / "wc2022" / "expected_points.py")
    player.init(len(words), "".join(words))
    bounds = dictionary_bound(words, "xzq")
    assert [b.letter for b in bounds] == ["q", "z", "x"]  # the largest first: 31, 12, 2 words
    planned = [player.Letter(b.letter).best_plan()[1]  # type: ignore[attr-defined]
               for b in bounds]
    assert all(p <= b.points for p, b in zip(planned, bounds, strict=True))
    assert planned == [b.points for b in bounds]  # measured: optimal on these three letters
    assert per_round(bounds) == sum(planned) / sum(b.answers for b in bounds)


def test_the_bound_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["wc2022-bound", "--dictionary", str(ENGLISH5), "--letters", "zx"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].split()[:2] == ["z", "12"] and out[2].split()[:2] == ["x", "2"]
    assert "135.000 a round" in out[2]  # two answers: one at 1, the other at 2
    assert out[-1].startswith("at most ") and "over these 14 answers" in out[-1]
    for letters in ("Q", "", "zz\x1b[2J"):
        assert main(["wc2022-bound", "--dictionary", str(ENGLISH5), "--letters", letters]) == 2
        err = capsys.readouterr().err
        assert err.startswith("python -m judge wc2022-bound: error: --letters")
        assert "\x1b" not in err and len(err.splitlines()) == 1
    bad = tmp_path / "bad.txt"
    bad.write_text("hello\nWORLD\n")
    assert main(["wc2022-bound", "--dictionary", str(bad)]) == 2
    assert "not a list of five-letter" in capsys.readouterr().err


def entropy(guess: str, answers: list[str]) -> float:
    sizes = Counter(feedback(guess, a) for a in answers).values()
    return -sum(n / len(answers) * math.log2(n / len(answers)) for n in sizes)


@pytest.mark.parametrize(("seed", "alphabet"), [(4, "abcd"), (6, "aabbcdef")])
def test_openings_are_tried_by_entropy_and_pruned_only_when_they_cannot_beat_the_best(
        seed: int, alphabet: str) -> None:
    # An opening is evaluated in full unless, before its last (smallest) class, the exact
    # bounds so far plus that class at its most (one answer at guess 2, the rest at guess 3)
    # could not beat the best opening before it; the bound's opening is the first best.
    words = random_words(seed, alphabet, "ab", 24)
    for letter in "ab":
        answers = [w for w in words if w[0] == letter]
        order = first_guess_order(pattern_matrix(words, answers)).tolist()
        assert sorted(order) == list(range(len(words)))
        entropies = [entropy(words[i], answers) for i in order]
        assert all(a >= b - 1e-9 for a, b in itertools.pairwise(entropies))
        best, best_opening, in_full = -1, "", 0
        for opening in (words[i] for i in order):
            classes: dict[int, list[str]] = {}
            for answer in answers:
                if answer != opening:
                    classes.setdefault(pattern(feedback(opening, answer)), []).append(answer)
            by_size = sorted(classes.items(), key=lambda kv: (-len(kv[1]), kv[0]))
            exact = [90 * len(c) + max(20 * (h in c) + 10 * len({feedback(h, a) for a in c})
                                       for h in words) for _, c in by_size]
            total = 150 * (opening in answers) + sum(exact)
            if not by_size or total - exact[-1] + 100 * len(by_size[-1][1]) + 20 > best:
                in_full += 1
                if total > best:
                    best, best_opening = total, opening
        bound = letter_bound(words, letter)
        assert (bound.points, bound.opening, bound.openings_in_full) == (
            best, best_opening, in_full)


def test_an_openings_largest_classes_are_bounded_first_where_they_prune_the_most() -> None:
    # Measured on the English list's j (56 answers): with the largest classes first, two
    # openings are evaluated in full; with the smallest first, four. The bound is the same.
    bound = letter_bound(read_dictionary(ENGLISH5), "j")
    assert (bound.points, bound.openings_in_full) == (6150, 2)


def test_the_dictionarys_bound_has_every_initial_letter_unless_told_which() -> None:
    words = random_words(8, "abcd", "abc", 20)
    assert sorted(b.letter for b in dictionary_bound(words)) == ["a", "b", "c"]
    assert [b.letter for b in dictionary_bound(words, "ca")] == sorted(
        "ca", key=lambda c: (-sum(w[0] == c for w in words), c))
