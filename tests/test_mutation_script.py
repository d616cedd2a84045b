"""make mutation skips a listed equivalent mutant only while its function is unchanged."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from .conftest import ROOT, load_script


@pytest.fixture
def mutation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    module = load_script("mutation")
    monkeypatch.setattr(module, "RECORD", tmp_path / "record.json")
    monkeypatch.setattr(module, "version", lambda _: "3.8.1")
    yield module


MATCH = "judge.rules.x_match"
CLOCK = "judge.run.limits.xǁClockǁ__init__"


def test_a_mutant_belongs_to_the_function_its_name_starts_with(mutation: ModuleType) -> None:
    assert mutation.function_of(f"{MATCH}__mutmut_3") == MATCH
    assert mutation.function_of(f"{CLOCK}__mutmut_10") == CLOCK


def test_only_listed_mutants_of_unchanged_functions_are_settled(mutation: ModuleType) -> None:
    listed = [f"{MATCH}__mutmut_3", f"{MATCH}__mutmut_5", f"{CLOCK}__mutmut_10"]
    hashes = {MATCH: "aaa", CLOCK: "bbb"}
    assert mutation.settled(listed, hashes, {MATCH: "aaa", CLOCK: "bbb"}) == set(listed)
    # The clock changed since: its mutant may have been renumbered, so it is tried again.
    assert mutation.settled(listed, hashes, {MATCH: "aaa", CLOCK: "old"}) == set(listed[:2])
    assert mutation.settled(listed, hashes, {MATCH: "aaa"}) == set(listed[:2])
    # A function mutmut no longer mutates is not taken as unchanged.
    assert mutation.settled(listed, {CLOCK: "bbb"}, {MATCH: "aaa", CLOCK: "bbb"}) == {listed[2]}
    assert mutation.settled(listed, hashes, {}) == set()


def test_a_function_is_recorded_only_when_every_listed_mutant_of_it_survived(
        mutation: ModuleType) -> None:
    listed = [f"{MATCH}__mutmut_3", f"{MATCH}__mutmut_5", f"{CLOCK}__mutmut_10"]
    hashes = {MATCH: "aaa", CLOCK: "bbb"}
    survived = dict.fromkeys(listed, "survived")
    assert mutation.recordable(listed, survived, hashes) == hashes
    for other in ("killed", "timeout", "no tests", "not checked"):
        assert mutation.recordable(listed, {**survived, listed[1]: other}, hashes) == {CLOCK: "bbb"}
    # A listed mutant mutmut did not make (numbered past the function's last) is no survivor.
    made = {n: survived[n] for n in listed[1:]}
    assert mutation.recordable(listed, made, hashes) == {CLOCK: "bbb"}
    assert mutation.recordable(listed, survived, {CLOCK: "bbb"}) == {CLOCK: "bbb"}


def test_the_record_replaces_the_groups_tried_and_keeps_the_others(mutation: ModuleType) -> None:
    assert mutation.read_record() == {}
    mutation.write_record({MATCH: "aaa", CLOCK: "bbb"}, replaced=[])
    assert mutation.read_record() == {MATCH: "aaa", CLOCK: "bbb"}
    # The clock's group tried again, its listed mutants no longer all surviving.
    mutation.write_record({}, replaced=[CLOCK])
    assert mutation.read_record() == {MATCH: "aaa"}


@pytest.mark.parametrize("text", [
    "", "not json", "[]", '{"functions": {"judge.rules.x_match": "aaa"}}',
    '{"mutmut": "3.7.0", "functions": {"judge.rules.x_match": "aaa"}}',
    '{"mutmut": "3.8.1", "functions": []}',
])
def test_a_record_of_another_mutmut_or_unreadable_settles_nothing(
        mutation: ModuleType, text: str) -> None:
    mutation.RECORD.write_text(text)
    assert mutation.read_record() == {}


def test_the_shipped_record_names_only_functions_with_listed_mutants(mutation: ModuleType) -> None:
    shipped = json.loads((ROOT / "scripts" / "mutation-equivalents.json").read_text())
    listed = {mutation.function_of(name) for name in mutation.EQUIVALENT}
    assert set(shipped["functions"]) <= listed
