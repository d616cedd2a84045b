"""How a run was made, in words (judge/report/provenance.py): the same in every report, and
never a Python repr or a traceback whatever a report file claims."""

from __future__ import annotations

from typing import Any

import pytest

from judge.report.provenance import (
    fresh_state_text,
    limits_text,
    provenance_items,
    sandbox_text,
    seed_text,
    selection_text,
)
from judge.result import Report


def test_the_limits_and_the_selection_are_said_in_words() -> None:
    assert limits_text({"time_s": 5.0, "memory_mb": 512, "fail_fast": 3, "solution_s": None}) \
        == ("5 s of CPU a case, 512 MiB, a solution stopped after 3 time limits, "
            "no limit on a whole run")
    assert limits_text({"time_s": 0.5, "memory_mb": 0, "fail_fast": 0, "solution_s": 60}) \
        == ("0.5 s of CPU a case, no memory limit, every case run, "
            "60 s for all of a solution's cases")
    assert selection_text({"all_secrets": False, "case": None, "relaxed": False,
                           "adversary": False}) == "every case of the files"
    assert selection_text({"all_secrets": True, "case": "c1", "relaxed": False,
                           "adversary": True}) == "--all-secrets --adversary --case c1"
    assert seed_text({"seed": 5, "run_seed": 5}) == "5"
    assert seed_text({"seed": None, "run_seed": 77}) == "77, drawn for this run"
    assert seed_text({"seed": None, "run_seed": None}) == seed_text({}) == "not set"
    assert sandbox_text({"sandbox": True}) == "bubblewrap"
    assert sandbox_text({"sandbox": False, "in_process": True}).startswith("none: run inside")


def test_how_each_case_started_afresh_is_said_in_words() -> None:
    assert fresh_state_text({"fresh_state": "fork"}) == (
        "each case of a list that others share plays in a fork of the list's warm state, after "
        "its warm-up games")
    assert fresh_state_text({"fresh_state": "process"}).endswith(
        "plays in a new process of its own, as this language's harness does not fork")
    assert "the judge could not check forks where it ran" in fresh_state_text(
        {"fresh_state": "process, forks unchecked"})
    assert fresh_state_text({"fresh_state": None, "in_process": True}).endswith(
        "plays inside the judge, its state its own (--in-process)")
    assert fresh_state_text({}) == fresh_state_text({"fresh_state": 3})
    assert fresh_state_text({}).endswith("(not recorded)")
    assert fresh_state_text({"fresh_state": "anew"}).endswith(" anew")  # said as it was


def test_solutions_that_started_cases_afresh_in_different_ways_are_each_named() -> None:
    """A class's page says one provenance for all: a Java file among Python files started its
    cases in new processes, and the line says which file did."""
    def made(name: str, way: str) -> Report:
        return Report(name, [], None, provenance={"fresh_state": way})

    forked = fresh_state_text({"fresh_state": "fork"})
    assert dict(provenance_items([made("a.py", "fork"), made("b.py", "fork")]))[
        "fresh state"] == forked
    said = dict(provenance_items([made("a.py", "fork"), made("c.java", "process"),
                                  made("b.py", "fork")]))["fresh state"]
    assert said == ("each case of a list that others share plays in a fork of the list's warm "
                    "state, after its warm-up games (a.py, b.py); in a new process of its own, as "
                    "this language's harness does not fork (c.java)")


@pytest.mark.parametrize("made", [
    {}, {"limits": "fast", "selection": [1], "cases": "many", "command": 7},
    {"limits": {"time_s": True, "memory_mb": "x", "fail_fast": None}, "cases": {"paths": "a"}},
    {"merged_from": [{"date": None, "command": {"a": 1}}], "seed": 10 ** 400},
    {"run_seed": "\x1b[2J\ud800", "seed": None},
    {"judge": "\x1b[31m", "date": "\ud800"}, {"fresh_state": "\x1b[2J" * 5000},
    {"not_graded": "\x1b[2J"}, {"not_graded": []}, {"not_graded": {"a": 1}}])
def test_whatever_a_report_claims_its_provenance_is_said_in_one_piece(made: Any) -> None:
    items = dict(provenance_items([Report("s.py", [], None, provenance=made or {"x": 1})]))
    assert list(items) == ["judge", "date", "command", "cases", "selection", "seed", "limits",
                           "sandbox", "fresh state", "ranking"]
    assert all("\x1b" not in value and "\ud800" not in value for value in items.values())


def test_what_was_not_graded_is_said_where_there_is_any() -> None:
    """A gradebook read on its own says which of the folders' entries no row stands for (a
    link, an archive, a folder without a solution file): a report may claim anything there."""
    made = {"not_graded": ["class/ann (a symbolic link, not followed)", 7, "\x1b[2J\ud800"]}
    items = dict(provenance_items([Report("s.py", [], None, provenance=made)]))
    assert list(items)[-1] == "not graded"
    assert items["not graded"] == ("class/ann (a symbolic link, not followed); 7; "
                                   "\\x1b[2J\\ud800")
    long = {"not_graded": ["x" * 100] * 100}
    assert len(dict(provenance_items([Report("s.py", [], None, provenance=long)]))[
        "not graded"]) < 2100
