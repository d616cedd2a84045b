"""compare --per-list: each solution's worst case on each list, beside the list's optimum."""

from __future__ import annotations

import pytest

from judge.__main__ import main
from judge.cases import Case
from judge.report.per_list import Optimum, list_name, per_list_rows, per_list_table
from judge.result import CaseResult, Report

from .conftest import CASES, SOLUTIONS

WORDS_A = ("aaaaaa", "aaaabb", "bbbbbb")
WORDS_B = ("cccccc", "dddddd")


def result(name: str, guesses: int, verdict: str = "AC") -> CaseResult:
    return CaseResult(name, verdict, "", guesses, 10, 0.0, "aaaaaa")  # type: ignore[arg-type]


def test_rows_take_each_lists_worst_case_and_flag_a_failure() -> None:
    cases = [Case("a@1", "aaaaaa", WORDS_A, 10), Case("a@2", "bbbbbb", WORDS_A, 10),
             Case("b", "cccccc", WORDS_B, 10)]
    good = Report("good.py", [result("a@1", 1), result("a@2", 3), result("b", 2)])
    bad = Report("bad.py", [result("a@1", 2), result("a@2", 11, "WA"), result("b", 1)])
    rows = per_list_rows(cases, [good, bad])
    assert [(r.name, r.cases, r.worst) for r in rows] == [
        ("a", 2, ((3, True), (11, False))), ("b", 1, ((2, True), (1, True)))]
    table = per_list_table(rows, [good, bad], {WORDS_A: Optimum(2, 2, True),
                                               WORDS_B: Optimum(1, 2, False)})
    assert "11!" in table and "1..2" in table
    first = table.splitlines()[1].split()
    assert first == ["a", "3", "2", "2", "3", "11!"]


def test_columns_are_named_as_the_leaderboard_names_them_and_long_names_are_not_cut() -> None:
    """A class's files, ann/solution.py and ben/solution.py, are two columns of their own
    names; a list's long name is shown whole; a file that never ran has '-', not a count."""
    long = "outside-candidate-guess-and-more"
    cases = [Case(long, "aaaaaa", WORDS_A, 10)]
    ann = Report("class/ann/solution.py", [result(long, 2)])
    ben = Report("class/ben/solution.py", [result(long, 0, "CE")])
    cy = Report("class/cy/solution.cpp", [result(long, 4, "JE")])  # the judge's, mid-game
    ann.label, ben.label, cy.label = "ann/solution.py", "ben/solution.py", "cy/solution.cpp"
    reports = [ann, ben, cy]
    table = per_list_table(per_list_rows(cases, reports), reports, {}).splitlines()
    assert table[0].split()[-3:] == ["ann/solution.py", "ben/solution.py", "cy/solution.cpp"]
    assert table[1].split() == [long, "3", "1", "-", "2", "-", "-"]


def test_a_list_is_named_by_what_its_cases_share() -> None:
    assert list_name([Case("bench01@abc", "aaaaaa", WORDS_A, 10),
                      Case("bench01@xyz", "bbbbbb", WORDS_A, 10)]) == "bench01"
    assert list_name([Case("one", "aaaaaa", WORDS_A, 10),
                      Case("two", "bbbbbb", WORDS_A, 10)]) == "one"


def test_compare_per_list_prints_the_optimum_beside_each_worst_case(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", str(SOLUTIONS / "minimax_cpp.py"), str(SOLUTIONS / "strongest.py"),
                 "--cases", str(CASES / "handwritten"), "--per-list", "--in-process", "-q"]) == 0
    out = capsys.readouterr().out
    table = out[out.index("list "):]
    row = next(line for line in table.splitlines() if line.startswith("pairs-of-twins"))
    # Pairs of twins: four pairs over two letters; the optimum is proven in well under a second.
    words, _, optimum, cpp, strongest = row.split()[1:]
    assert words == "8"
    assert int(optimum) <= int(cpp.rstrip("!")) and int(optimum) <= int(strongest.rstrip("!"))
