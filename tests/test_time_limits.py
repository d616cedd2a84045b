"""Time is CPU time over the worker's whole process tree, with the wall clock as a backstop."""

from __future__ import annotations

import itertools
import re
import time
from pathlib import Path

import pytest

from judge.cases import Case
from judge.grading import grade
from judge.run import limits
from judge.run.limits import CPU_CHECK_SECONDS, WALL_BACKSTOP, Clock, Limits
from judge.run.process import descendants, tree_cpu_seconds
from judge.run.session import IsolatedRunner

from .conftest import BOTH_MODES

# Seconds a test (workers, compilers, searches): `make quick` leaves this module out.
pytestmark = pytest.mark.slow

SUBMISSIONS = Path(__file__).parent / "submissions"
CASE = Case("c", "mantle", ("gaming", "hazard", "icicle", "mantle"), 10)

# A one-second CPU limit whose wall backstop cannot fire first, however loaded the machine:
# the tests that check the CPU limit fired must not depend on getting a third of a core.
ONLY_CPU = Limits(time_seconds=1.0, wall_backstop=60.0)


def test_a_clock_fires_on_cpu_time_before_the_wall() -> None:
    clock = Clock(cpu_limit=0.5, wall_limit=60.0, cpu_used=itertools.count(0.0, 0.2).__next__)
    while clock.wait() is not None:
        pass
    assert clock.fired == "cpu" and clock.verdict_detail() == "more than 0.5 s of CPU time"


def test_a_clock_fires_on_the_wall_when_no_cpu_is_used() -> None:
    clock = Clock(cpu_limit=60.0, wall_limit=0.2, cpu_used=lambda: 3.0)
    give_up = time.monotonic() + 20.0  # a hundred times the wall limit: a clock that never fires
    while clock.wait() is not None and time.monotonic() < give_up:
        pass
    assert clock.fired == "wall" and "backstop" in clock.verdict_detail()
    assert "using 0.00 s of CPU" in clock.verdict_detail()


def test_the_backstop_is_a_multiple_of_the_cpu_limit() -> None:
    clock = Clock.for_case(2.0, lambda: 0.0)
    assert clock.wall_limit == 2.0 * WALL_BACKSTOP
    wider = Clock.for_case(2.0, lambda: 0.0, backstop=30.0)
    assert wider.wall_limit == 60.0


def test_the_backstop_named_in_the_verdict_is_the_one_in_force() -> None:
    clock = Clock.for_case(0.01, lambda: 0.0, backstop=20.0)
    while clock.wait() is not None:
        pass
    assert clock.fired == "wall" and "(the backstop, 20x the CPU limit)" in clock.verdict_detail()


class FakeTime:
    """time.monotonic for a Clock, moved by hand; and a CPU counter beside it."""

    def __init__(self) -> None:
        self.now, self.cpu, self.reads = 0.0, 7.0, 0  # steps of 0.025 s add up exactly

    def monotonic(self) -> float:
        return self.now

    def cpu_used(self) -> float:
        self.reads += 1
        return self.cpu


@pytest.fixture
def fake_time(monkeypatch: pytest.MonkeyPatch) -> FakeTime:
    fake = FakeTime()
    monkeypatch.setattr(limits.time, "monotonic", fake.monotonic)
    return fake


def test_a_clock_counts_cpu_from_its_start_and_reads_it_once_a_check_interval(
        fake_time: FakeTime) -> None:
    clock = Clock(cpu_limit=1.0, wall_limit=10.0, cpu_used=fake_time.cpu_used)
    assert clock.cpu_seconds() == 0.0  # 7 s used before it started are not the case's
    fake_time.cpu = 7.99
    reads = fake_time.reads
    fake_time.now += CPU_CHECK_SECONDS / 2
    assert clock.wait() == CPU_CHECK_SECONDS and fake_time.reads == reads  # not read yet
    fake_time.now += CPU_CHECK_SECONDS / 2
    assert clock.wait() == CPU_CHECK_SECONDS and fake_time.reads == reads + 1  # 0.99 s: under
    fake_time.cpu = 8.0
    assert clock.wait() == CPU_CHECK_SECONDS and clock.fired is None  # read a moment ago
    fake_time.now += CPU_CHECK_SECONDS
    assert clock.wait() is None and clock.fired == "cpu"  # exactly the limit has passed


def test_a_clock_given_its_cpu_zero_counts_what_was_used_before_its_start(
        fake_time: FakeTime) -> None:
    """A spare worker loads before its case takes it: its loading clock counts from 0, so
    that the CPU it spent loading before then counts against it."""
    fake_time.cpu = 7.0
    clock = Clock(cpu_limit=10.0, wall_limit=30.0, cpu_used=fake_time.cpu_used, cpu_from=0.0)
    assert clock.cpu_seconds() == 7.0
    fake_time.cpu, fake_time.now = 10.0, fake_time.now + CPU_CHECK_SECONDS
    assert clock.wait() is None and clock.fired == "cpu"


def test_a_clock_without_a_cpu_limit_waits_for_its_wall_deadline_only(
        fake_time: FakeTime) -> None:
    clock = Clock(cpu_limit=None, wall_limit=2.0, cpu_used=fake_time.cpu_used)
    assert fake_time.reads == 0 and clock.wait() == 2.0
    fake_time.now += 1.5
    assert clock.wait() == 0.5
    fake_time.now += 0.5
    assert clock.wait() is None and clock.fired == "wall"
    assert clock.verdict_detail() == "no answer within 2 s"


def test_the_wall_can_be_cut_short_but_never_lengthened(fake_time: FakeTime) -> None:
    fake_time.now = 64.0  # a clock's times are from its own start
    clock = Clock(cpu_limit=None, wall_limit=10.0)
    clock.cut_wall(20.0)
    assert clock.wait() == 10.0
    clock.cut_wall(0.25)
    assert clock.wait() == 0.25
    fake_time.now += 0.25
    assert clock.wait() is None and clock.fired == "wall"
    assert clock.wall_seconds() == 0.25


def test_cpu_time_of_a_process_tree_is_read_from_proc() -> None:
    import os

    here = tree_cpu_seconds(os.getpid(), descendants(os.getpid()))
    sum(range(3_000_000))  # some CPU
    assert tree_cpu_seconds(os.getpid(), descendants(os.getpid())) > here


@pytest.mark.parametrize("sandbox", BOTH_MODES)
def test_a_spinning_solution_is_stopped_by_its_cpu_time(sandbox: bool) -> None:
    path = SUBMISSIONS / "TLE" / "infinite_loop.py"
    (result,) = grade(IsolatedRunner(path, ONLY_CPU, sandbox), "x", [CASE]).results
    assert result.verdict == "TLE" and result.message.startswith("more than 1 s of CPU time")


@pytest.mark.parametrize("sandbox", BOTH_MODES)
def test_a_sleeping_solution_is_stopped_by_the_wall_backstop(sandbox: bool) -> None:
    path = SUBMISSIONS / "TLE" / "sleeps.py"
    (result,) = grade(IsolatedRunner(path, Limits(time_seconds=0.5), sandbox), "x", [CASE]).results
    assert result.verdict == "TLE" and "wall-clock time (the backstop" in result.message


@pytest.mark.parametrize("backstop", [2.0, 7.0])
def test_a_cases_clock_keeps_the_backstop_of_its_limits(backstop: float) -> None:
    """Not the default multiple: `--wall-backstop` reaches the clock of every case."""
    path = SUBMISSIONS / "TLE" / "sleeps.py"
    limits = Limits(time_seconds=0.2, wall_backstop=backstop)
    (result,) = grade(IsolatedRunner(path, limits), "x", [CASE]).results
    assert result.verdict == "TLE", result.message
    assert f"no return within {0.2 * backstop:g} s of wall-clock time (the backstop, " \
        f"{backstop:g}x the CPU limit)" in result.message


WORKS_THEN_SLEEPS = """
import time


class Solution:
    def findSecretWord(self, words, master):
        # CPU first (a tenth of its limit, counted from the call: loading the file may have
        # used that much already on a busy machine), then no more
        start = time.process_time()
        while time.process_time() - start < 0.1:
            pass
        time.sleep(3600)
"""


@pytest.mark.parametrize("sandbox", BOTH_MODES)
def test_a_wall_clock_time_out_says_how_much_cpu_the_case_used(sandbox: bool,
                                                                tmp_path: Path) -> None:
    """Read before its processes are killed: after, the tree is gone and would read 0."""
    path = tmp_path / "works_then_sleeps.py"
    path.write_text(WORKS_THEN_SLEEPS)
    (result,) = grade(IsolatedRunner(path, Limits(time_seconds=1.0), sandbox), "x",
                      [CASE]).results
    assert result.verdict == "TLE" and "wall-clock time (the backstop" in result.message
    used = float(re.search(r"using ([0-9.]+) s of CPU", result.message)[1])  # type: ignore[index]
    assert 0.05 <= used < 1.0, result.message  # not the 0.00 of a tree already killed


@pytest.mark.parametrize("sandbox", BOTH_MODES)
@pytest.mark.parametrize("spinner", ["child_spins.py", "children_spin_in_turn.py"])
def test_a_childs_cpu_time_counts_against_the_case(spinner: str, sandbox: bool) -> None:
    """The parent only waits; a child spins, or many in turn, each reaped when it ends. The
    CPU limit fires, not the wall backstop."""
    path = SUBMISSIONS / "TLE" / spinner
    (result,) = grade(IsolatedRunner(path, ONLY_CPU, sandbox), "x", [CASE]).results
    assert result.verdict == "TLE" and result.message.startswith("more than 1 s of CPU time")
