"""How a run was made, in words (judge/report/provenance.py): the same in every report, and
never a Python repr or a traceback whatever a report file claims."""

from __future__ import annotations

from typing import Any

import pytest

from judge.report.provenance import (
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


@pytest.mark.parametrize("made", [
    {}, {"limits": "fast", "selection": [1], "cases": "many", "command": 7},
    {"limits": {"time_s": True, "memory_mb": "x", "fail_fast": None}, "cases": {"paths": "a"}},
    {"merged_from": [{"date": None, "command": {"a": 1}}], "seed": 10 ** 400},
    {"run_seed": "\x1b[2J\ud800", "seed": None},
    {"judge": "\x1b[31m", "date": "\ud800"}])
def test_whatever_a_report_claims_its_provenance_is_said_in_one_piece(made: Any) -> None:
    items = dict(provenance_items([Report("s.py", [], None, provenance=made or {"x": 1})]))
    assert list(items) == ["judge", "date", "command", "cases", "selection", "seed", "limits",
                           "sandbox", "ranking"]
    assert all("\x1b" not in value and "\ud800" not in value for value in items.values())
