"""The in-process runner (judge/run/inprocess.py): the baseline isolation is measured against
and the fast path for the judge's own solutions. Each way a game can end, as an Outcome."""

from __future__ import annotations

import itertools
import os
import random
from pathlib import Path

import pytest

from judge.master import FixedSecret, Master
from judge.randomness import Seeds
from judge.reading import solution_refused
from judge.run import inprocess
from judge.run.inprocess import InProcessRunner

WORDS = ("acckzz", "ccbazz", "eiowzz", "abcczz")


def master(cap: int = 0) -> Master:
    return Master(list(WORDS), FixedSecret("ccbazz"), 10, cap=cap)


@pytest.fixture
def ticking(monkeypatch: pytest.MonkeyPatch) -> None:
    """The performance counter moves half a second a reading: a game's time is exact."""
    ticks = itertools.count(100.0, 0.5)
    monkeypatch.setattr(inprocess.time, "perf_counter", lambda: next(ticks))


def runner(tmp_path: Path, body: str) -> InProcessRunner:
    path = tmp_path / "solution.py"
    path.write_text(body)
    return InProcessRunner(path)


def test_a_game_that_returns_is_left_to_the_master(tmp_path: Path, ticking: None) -> None:
    played = master()
    solution = runner(tmp_path, "class Solution:\n def findSecretWord(self, words, master):\n"
                                "  assert type(words) is list\n"
                                "  for w in words:\n   master.guess(w)\n")
    with solution as entered:
        assert entered is solution
        with solution.fresh_state_per_case([]):
            outcome = solution.play(played)
    assert (outcome.verdict, outcome.detail, outcome.stopped) == (None, "", False)
    assert outcome.seconds == 0.5  # one reading before the game, one after
    assert [w for w, _ in played.transcript] == list(WORDS)


def test_the_game_is_timed_by_the_performance_counter(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    ticks = iter([100.0, 100.25])
    monkeypatch.setattr(inprocess.time, "perf_counter", lambda: next(ticks))
    solution = runner(tmp_path, "class Solution:\n def findSecretWord(self, words, master):\n"
                                "  pass\n")
    assert solution.play(master()).seconds == 0.25


def test_a_solution_may_name_master_as_leetcodes_template_does(tmp_path: Path) -> None:
    solution = runner(tmp_path, "class Solution:\n"
                                " def findSecretWord(self, words: List[str], master: Master):\n"
                                "  assert isinstance(master, Master)\n"
                                "  master.guess(words[1])\n")
    played = master()
    assert solution.play(played).verdict is None
    assert played.found


def test_a_file_that_does_not_load_is_a_compile_error_at_every_case(tmp_path: Path) -> None:
    solution = runner(tmp_path, "x = 1/0\n")
    for _ in range(2):
        outcome = solution.play(master())
        assert outcome.verdict == "CE"
        assert "ZeroDivisionError" in outcome.detail


def test_a_file_the_judge_will_not_read_is_a_compile_error_that_says_why(tmp_path: Path) -> None:
    fifo = tmp_path / "solution.py"
    os.mkfifo(fifo)  # opened, it would wait for a writer forever
    outcome = InProcessRunner(fifo).play(master())
    assert outcome.verdict == "CE"
    assert outcome.detail == solution_refused(fifo) != ""


def test_the_seed_fixes_the_solutions_random_draws(tmp_path: Path) -> None:
    solution = runner(tmp_path, "import random\nclass Solution:\n"
                                " def findSecretWord(self, words, master):\n"
                                "  for _ in range(5):\n   master.guess(random.choice(words))\n")
    games = []
    for seed in (7, 7, 8):
        played = master()
        random.seed(1234)  # what ran before the case: the seed must override it
        solution.play(played, Seeds(seed, seed))
        games.append(played.transcript)
    assert games[0] == games[1] != games[2]
    random.seed(99)
    before = random.random()
    random.seed(99)
    solution.play(master())  # no seed: the generator is left as it was, and drawn from
    assert random.random() != before


def test_a_runaway_is_stopped_with_the_masters_message(tmp_path: Path) -> None:
    solution = runner(tmp_path, "class Solution:\n def findSecretWord(self, words, master):\n"
                                "  while True:\n   master.guess('zzzzzz')\n")
    played = master(cap=30)
    outcome = solution.play(played)
    assert (outcome.verdict, outcome.detail, outcome.stopped) == (
        None, "more than 30 calls to Master.guess", True)
    assert played.calls == 31


def test_running_out_of_memory_is_mle(tmp_path: Path, ticking: None) -> None:
    solution = runner(tmp_path, "class Solution:\n def findSecretWord(self, words, master):\n"
                                "  raise MemoryError('too big')\n")
    outcome = solution.play(master())
    assert (outcome.verdict, outcome.detail, outcome.stopped) == ("MLE", "MemoryError", False)
    assert outcome.seconds == 0.5


def test_an_exception_is_a_runtime_error_with_its_traceback(tmp_path: Path, ticking: None) -> None:
    solution = runner(tmp_path, "class Solution:\n def findSecretWord(self, words, master):\n"
                                "  master.guess(words[0])\n  raise KeyError('lost')\n")
    played = master()
    outcome = solution.play(played)
    assert outcome.verdict == "RTE" and outcome.stopped is False
    assert outcome.detail.startswith("Traceback (most recent call last):")
    assert outcome.detail.rstrip().endswith("KeyError: 'lost'")
    assert outcome.seconds == 0.5
    assert played.calls == 1
