"""make mutation runs each mutant's tests quickest first (tests/conftest.py)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from .conftest import MUTANT_VARIABLE, MUTATION_STATISTICS, pytest_collection_modifyitems


@dataclass
class Item:
    nodeid: str


def ordered(names: list[str]) -> list[str]:
    items: list[Any] = [Item(n) for n in names]
    pytest_collection_modifyitems(items)
    return [i.nodeid for i in items]


def test_a_mutants_tests_run_quickest_first(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / MUTATION_STATISTICS).write_text(json.dumps(
        {"duration_by_test": {"t::slow": 9.0, "t::quick": 0.1, "t::middle": 2.0}}))
    names = ["t::slow", "t::middle", "t::new", "t::quick"]
    monkeypatch.setenv(MUTANT_VARIABLE, "judge.rules.x_match__mutmut_3")
    assert ordered(names) == ["t::new", "t::quick", "t::middle", "t::slow"]
    # mutmut's own runs (its statistics, a forced failure), and every other run: as collected.
    for name in ("stats", "fail", ""):
        monkeypatch.setenv(MUTANT_VARIABLE, name)
        assert ordered(names) == names
    monkeypatch.delenv(MUTANT_VARIABLE)
    assert ordered(names) == names
    monkeypatch.setenv(MUTANT_VARIABLE, "judge.rules.x_match__mutmut_3")
    (tmp_path / MUTATION_STATISTICS).unlink()
    assert ordered(names) == names
