"""Loading dropped-in files: LeetCode's prelude, both signatures, a new Solution per case."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.cases import Case
from judge.grading import grade
from judge.harness.python.worker import LoadError, leetcode_prelude, load_solution_class
from judge.master import Master
from judge.run.inprocess import InProcessRunner
from judge.run.session import IsolatedRunner

CASE = Case("c", "ccbazz", ("acckzz", "ccbazz", "eiowzz", "abcczz"), 10)


def solution_file(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "solution.py"
    path.write_text(body)
    return path


def test_prelude_has_leetcodes_names() -> None:
    names = leetcode_prelude()
    for name in ("List", "Optional", "Dict", "Counter", "defaultdict", "deque", "heapq",
                 "heappush", "bisect", "bisect_left", "itertools", "permutations", "functools",
                 "lru_cache", "cache", "math", "sqrt", "inf", "random", "collections", "string"):
        assert name in names, name


WALKER = """
class Solution:
    created = 0
    def __init__(self):
        type(self).created += 1
        self.calls = 0
    def findSecretWord(self, {param}, master):
        self.calls += 1
        assert self.calls == 1, "the same Solution was used twice"
        for w in {param}:
            if master.guess(w) == 6:
                return
"""


@pytest.mark.parametrize("param", ["words", "wordlist"])
@pytest.mark.parametrize("isolated", [True, False])
def test_both_signatures_and_a_new_solution_per_case(tmp_path: Path, param: str,
                                                     isolated: bool) -> None:
    path = solution_file(tmp_path, WALKER.format(param=param))
    runner = IsolatedRunner(path) if isolated else InProcessRunner(path)
    report = grade(runner, "walker", [CASE] * 3)
    assert [r.verdict for r in report.results] == ["AC"] * 3
    assert [r.guesses for r in report.results] == [2] * 3


def test_mutating_the_words_does_not_reach_the_judge(tmp_path: Path) -> None:
    path = solution_file(tmp_path, """
class Solution:
    def findSecretWord(self, words, master):
        words[:] = ["zzzzzz"] * len(words)
        master.guess("ccbazz")
""")
    for runner in (IsolatedRunner(path), InProcessRunner(path)):
        (result,) = grade(runner, "mutator", [CASE]).results
        assert result.verdict == "AC"


def test_load_errors_are_compile_errors(tmp_path: Path) -> None:
    for body, message in [("class Solution:\n  findSecretWord = 3\n", "no method"),
                          ("x = 1/0\n", "ZeroDivisionError"),
                          ("Solution = 3\n", "no class Solution")]:
        with pytest.raises(LoadError, match=message):
            load_solution_class(str(solution_file(tmp_path, body)), Master)


def test_in_process_reports_runtime_errors(tmp_path: Path) -> None:
    path = solution_file(tmp_path, "class Solution:\n  def findSecretWord(s, w, m):\n    1/0\n")
    (result,) = grade(InProcessRunner(path), "x", [CASE]).results
    assert result.verdict == "RTE" and "ZeroDivisionError" in result.message
    path = solution_file(tmp_path, "class Solution:\n  def findSecretWord(s, w):\n    pass\n")
    (result,) = grade(InProcessRunner(path), "x", [CASE]).results
    assert result.verdict == "CE"
