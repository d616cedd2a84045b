"""A short, bounded fuzz run inside the suite; `make fuzz` runs the long one."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from judge.__main__ import main
from judge.cases import load_cases
from judge.fairness import judge_fairness
from judge.grading import grade
from judge.run.session import IsolatedRunner

from .conftest import SOLUTIONS, broken_compiler

WALKER = """
class Solution:
    def findSecretWord(self, words, master):
        for word in words:  # no filtering: as many guesses as the secret's position
            if master.guess(word) == 6:
                return
"""


def default_case_set() -> list[tuple[str, str]]:
    """What `grade` would grade here with no --cases: each case's file and name."""
    import argparse

    from judge.cli.running import selected_cases

    args = argparse.Namespace(cases=None, relaxed=False, all_secrets=False, case=None,
                              shard=None)
    return [(c.source, c.name) for c in selected_cases(args)[0]]


@pytest.mark.slow
def test_finds_shrinks_and_writes_a_fair_failing_case(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """In a folder of its own, as a user runs it: the find goes to fuzz-finds/, said so, and
    what `grade` grades by default there is what it graded before."""
    walker = tmp_path / "walker.py"
    walker.write_text(WALKER)
    monkeypatch.chdir(tmp_path)
    before = default_case_set()
    # The search stops at its first find (about 2 s on a quiet machine, so 300 s is only a
    # ceiling); five seconds of shrinking are hundreds of shrink steps, busy machine or not.
    code = main(["fuzz", str(walker), "--allowed", "10", "--search-seconds", "300",
                 "--shrink-seconds", "5", "--search-seed", "3"])
    assert code == 1
    printed = capsys.readouterr().out
    out = tmp_path / "fuzz-finds"
    assert "lists tried" in printed and "wrote fuzz-finds/" in printed
    assert "written to fuzz-finds/" in printed.splitlines()[0]
    assert default_case_set() == before
    first_find = int(re.search(r"found after [0-9.]+ s: (\d+) words", printed)[1])  # type: ignore[index]
    (case,) = load_cases([out])  # LeetCode's constraints hold
    assert "walker.py" in case.note and "--search-seed 3" in case.note and "fair" in case.note
    assert judge_fairness(case).verdict == "fair"
    (result,) = grade(IsolatedRunner(walker), "walker", [case]).results
    assert result.verdict == "WA" and result.guesses > 10
    assert len(case.words) < first_find  # shrunk


def test_a_find_replays_a_random_solutions_game_under_the_search_seed(tmp_path: Path) -> None:
    # The search plays each secret of a list under its seed; the case written for the worst
    # of them, graded with that seed (as the command line says to), is the same game.
    from judge.fuzz import Find, Fuzzer, reproducer, write_reproducer

    solution = SOLUTIONS / "random_guess.py"
    words = ("acckzz", "ccbazz", "eiowzz", "abcczz", "gaming", "hazard", "icicle", "jigsaw",
             "kettle", "lagoon", "mantle", "nectar")
    fuzzer = Fuzzer(solution, 10, budget=60, shrink_budget=5, report=lambda line: None)
    played = fuzzer.play_every_secret(words, 7)
    worst = max(played, key=lambda r: len(r.transcript))
    find = Find(words, worst, upper=4, upper_by="minimax", seconds_to_first=0.0)
    path = write_reproducer(reproducer(find, solution, 10, 7), tmp_path)
    assert path.name == "found-random_guess-s7-12w.json"
    (case,) = load_cases([path])
    (again,) = grade(IsolatedRunner(solution), "random", [case], seed=7).results
    assert again.transcript == worst.transcript and case.name == worst.name


def test_nothing_found_exits_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["fuzz", str(SOLUTIONS / "strongest.py"), "--search-seconds", "2",
                 "--out", str(tmp_path)])
    assert code == 0 and "nothing found" in capsys.readouterr().out
    assert not list(tmp_path.iterdir())


def test_bad_fuzz_arguments(tmp_path: Path) -> None:
    assert main(["fuzz", str(tmp_path / "missing.py")]) == 2
    assert main(["fuzz", str(SOLUTIONS / "strongest.py"), "--allowed", "3"]) == 2


def test_a_file_that_does_not_load_is_refused_before_any_search(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every list beats a file that never loads: a 'find' would say nothing of it. Its name,
    hostile or not, reaches the terminal escaped."""
    broken = tmp_path / "\x1b[2Jbroken.py"
    broken.write_text("class Solution:\n    def findSecretWord(self, words, master):\n"
                      "        return (\n")
    assert main(["fuzz", str(broken), "--search-seconds", "60", "--no-sandbox",
                 "--out", str(tmp_path / "finds")]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and not (tmp_path / "finds").exists()
    assert captured.err.splitlines()[-1].startswith(
        f"python -m judge fuzz: error: {tmp_path}/\\x1b[2Jbroken.py: CE: SyntaxError: '(' was "
        "never closed")
    assert "\x1b" not in captured.err


def test_a_judge_error_is_no_find(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The judge's own failure (JE: a compiler that builds nothing, say) is not a list the
    solution loses: before the search, one line and exit 2; during it, said and not a find."""
    from judge.fuzz import Fuzzer
    from judge.result import CaseResult

    broken_compiler(tmp_path / "bin", monkeypatch)
    solution = tmp_path / "mine.cpp"
    solution.write_text("class Solution {};\n")
    assert main(["fuzz", str(solution), "--search-seconds", "60", "--out",
                 str(tmp_path / "finds")]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and not (tmp_path / "finds").exists()
    assert captured.err.splitlines()[-1].startswith(
        f"python -m judge fuzz: error: {solution}: JE: JudgeError: the g++ build fails the "
        "judge's own harness"), captured.err

    said: list[str] = []
    fuzzer = Fuzzer(SOLUTIONS / "first_candidate.py", 10, budget=60, shrink_budget=5,
                    report=said.append)
    words = ("acckzz", "ccbazz", "eiowzz", "abcczz")
    failed = [CaseResult(f"l@{w}", "JE", "JudgeError: the worker could not start", 0, 10, 0.0,
                         w) for w in words]
    monkeypatch.setattr(fuzzer, "play_every_secret", lambda words, seed: failed)
    fuzzer.start = time.monotonic()
    assert fuzzer.examine(words, 1) is None
    assert said == ["  the judge failed on a list of 4 words (JE, not counted): JudgeError: "
                    "the worker could not start"]
