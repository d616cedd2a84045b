"""The worker's Python is LeetCode's: its prelude, its packages, its Python 3, and replays."""

from __future__ import annotations

import builtins
import json
import operator
import random
import typing
from pathlib import Path

import pytest

from judge.__main__ import main
from judge.cases import Case
from judge.grading import grade
from judge.harness.python.worker import (
    PRELUDE_MODULES,
    PRELUDE_STAR_IMPORTS,
    PYTHON2_HINT,
    leetcode_prelude,
)
from judge.run.limits import Limits
from judge.run.session import IsolatedRunner

from .conftest import BOTH_MODES

SUBMISSIONS = Path(__file__).parent / "submissions"
WORDS = ("gaming", "hazard", "icicle", "jigsaw", "kettle", "lagoon", "mantle", "nectar")
CASES = [Case(f"secret-{w}", w, WORDS, 10) for w in WORDS]


def test_every_prelude_module_is_there_by_name() -> None:
    names = leetcode_prelude()
    for module in (*PRELUDE_STAR_IMPORTS[:-2], *PRELUDE_MODULES):
        assert type(names[module]) is type(json), module


def test_a_later_star_import_wins_as_on_leetcode() -> None:
    names = leetcode_prelude()
    assert names["sub"] is operator.sub            # operator after re
    assert names["pow"] is builtins.pow            # builtins after math
    assert names["compile"] is builtins.compile    # builtins after re
    assert names["Counter"] is typing.Counter      # typing after collections
    assert names["random"] is random               # the module, not random.random
    assert names["choice"] == random.choice and names["maxsize"] > 0 and names["inf"] > 0


@pytest.mark.parametrize("sandbox", BOTH_MODES)
def test_python2_code_is_rejected_with_a_hint(sandbox: bool) -> None:
    for path, verdict in [(SUBMISSIONS / "CE" / "python2_print.py", "CE"),
                          (SUBMISSIONS / "RTE" / "python2_xrange.py", "RTE")]:
        report = grade(IsolatedRunner(path, Limits(), sandbox), path.name, CASES[:1])
        (result,) = report.results
        assert result.verdict == verdict
        assert result.detail.rstrip().endswith(PYTHON2_HINT), result.detail
    # The table still names the exception, not the hint.
    assert result.message == "NameError: name 'xrange' is not defined"


def test_python3_errors_get_no_python2_hint() -> None:
    path = SUBMISSIONS / "RTE" / "raises.py"
    (result,) = grade(IsolatedRunner(path), path.name, CASES[:1]).results
    assert PYTHON2_HINT not in result.detail


SET_ORDER = """
class Solution:
    def findSecretWord(self, words, master):
        for word in set(words):          # the order of a set of strings follows their hashes
            if master.guess(word) == 6:
                return
"""


def transcripts(solution: Path, report: Path, seed: str) -> list[object]:
    assert main(["grade", str(solution), "--cases", str(report.parent / "cases.json"),
                 "--seed", seed, "--json", str(report), "-q"]) in (0, 1)
    return [c["transcript"] for c in json.loads(report.read_text())["cases"]]


def test_one_seed_replays_a_hash_order_solution_exactly(tmp_path: Path) -> None:
    solution = tmp_path / "set_order.py"
    solution.write_text(SET_ORDER)
    (tmp_path / "cases.json").write_text(json.dumps(
        [{"name": c.name, "secret": c.secret, "words": list(c.words), "allowedGuesses": 10}
         for c in CASES]))
    first = transcripts(solution, tmp_path / "a.json", "5")
    assert transcripts(solution, tmp_path / "b.json", "5") == first
    # The seed really reaches the hashing: other seeds give other orders.
    others = [transcripts(solution, tmp_path / f"{s}.json", s) for s in ("6", "7", "8")]
    assert any(other != first for other in others)
