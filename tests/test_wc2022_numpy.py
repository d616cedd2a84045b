"""The vectorised P8079 solution makes exactly the guesses of the seed's port, step by step."""

from __future__ import annotations

import importlib.util
import random
import string
from pathlib import Path
from types import ModuleType

import pytest

from judge.wc2022.game import CONTEST_DICTIONARY, ENGLISH5, play, read_dictionary
from judge.wc2022.rules import GUESSES, as_flags, feedback

from .conftest import SOLUTIONS, in_whole

PORT = SOLUTIONS / "wc2022" / "entropy.py"
FAST = SOLUTIONS / "wc2022" / "entropy_numpy.py"


def fresh(path: Path) -> ModuleType:
    """The solution file loaded anew: its module state is the state of one contest run."""
    spec = importlib.util.spec_from_file_location(f"wc2022_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def guesses(path: Path, words: list[str], answers: list[str]) -> list[list[str]]:
    """Every guess of every round, driven as the judge drives the entry points."""
    solution = fresh(path)
    solution.init(len(words), "".join(words))
    played = []
    for number, answer in enumerate(answers, 1):
        gold, silver = [False] * 5, [False] * 5
        round_guesses = []
        for remaining in range(GUESSES, 0, -1):
            word = solution.guess(number, remaining, answer[0], gold, silver)
            round_guesses.append(word)
            if word == answer:
                break
            gold, silver = as_flags(feedback(word, answer))
        played.append(round_guesses)
    return played


def one_per_letter(words: list[str], extra: int, seed: int) -> list[str]:
    """An answer for every initial letter the dictionary has, then `extra` at random."""
    rng = random.Random(seed)
    firsts = sorted({w[0] for w in words})
    answers = [rng.choice([w for w in words if w[0] == letter]) for letter in firsts]
    return answers + rng.sample(words, extra)


def tie_heavy_dictionary(seed: int, alphabet: str, size: int) -> list[str]:
    """Words over a few letters: many words split the answers alike, so ties decide."""
    rng = random.Random(seed)
    words: set[str] = set()
    while len(words) < size:
        words.add("".join(rng.choice(alphabet) for _ in range(5)))
    return sorted(words, key=lambda w: rng.random())


@pytest.mark.parametrize(("seed", "alphabet"), [(1, "abc"), (2, "abcde"), (3, "aeirst"),
                                                (4, string.ascii_lowercase[:9])])
def test_same_guesses_on_tie_heavy_dictionaries(seed: int, alphabet: str) -> None:
    words = tie_heavy_dictionary(seed, alphabet, 150)
    answers = one_per_letter(words, extra=20, seed=seed)
    assert guesses(FAST, words, answers) == guesses(PORT, words, answers)


@pytest.mark.slow
def test_same_guesses_on_the_free_english_list() -> None:
    words = read_dictionary(ENGLISH5)
    # The port computes the opening of each letter anew on this list (about 1.5 s a letter),
    # so a handful of letters; the contest dictionary below covers every letter.
    rng = random.Random(5)
    answers = [rng.choice([w for w in words if w[0] == c]) for c in "sqxbe"]
    answers += rng.sample([w for w in words if w[0] in "sqxbe"], 4)
    assert guesses(FAST, words, answers) == guesses(PORT, words, answers)


@pytest.mark.slow
@pytest.mark.benchmark
@pytest.mark.skipif(not CONTEST_DICTIONARY.exists(),
                    reason="the WC2022 dictionary is only in ../shared/data, not in the repo")
def test_same_guesses_on_the_contest_dictionary_every_letter() -> None:
    words = read_dictionary(CONTEST_DICTIONARY)
    answers = one_per_letter(words, extra=0, seed=6)
    if not in_whole():
        answers = answers[::4]  # a letter in four in make test; every letter in make long
    assert guesses(FAST, words, answers) == guesses(PORT, words, answers)


def test_the_fast_solution_runs_in_the_judges_worker() -> None:
    match = play(FAST, read_dictionary(ENGLISH5), 3, 11)
    assert [r.ended for r in match.rounds] == ["found"] * 3
