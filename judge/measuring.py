"""What `make bench`'s measurements share, with nothing heavier than the standard library: a
measurement that runs in a process of its own (judge/fork_floor.py) stays as small as a
Python worker, where judge/bench.py brings NumPy."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from judge.cases import Case, load_cases

BENCHMARK = Path(__file__).resolve().parent.parent / "cases" / "benchmark"

Timer = Callable[[Callable[[], object]], float]


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def interleaved(actions: dict[str, Callable[[], object]], timer: Timer = timed,
                repeats: int = 3) -> dict[str, float]:
    """The least time of each action over `repeats` rounds, the actions taking turns within
    each round: a machine that slows down or speeds up during the runs (a shared VM does, by
    tens of percent) then weighs on every action alike, and the least time is the run it
    disturbed least."""
    times: dict[str, list[float]] = {name: [] for name in actions}
    for _ in range(repeats):
        for name, action in actions.items():
            times[name].append(timer(action))
    return {name: min(spent) for name, spent in times.items()}


def first_benchmark_lists(lists: int) -> list[Case]:
    """The cases of benchmark lists 1 to `lists` (bench01 ... bench20), read from their files
    alone: a process that forks each case (judge/fork_floor.py) holds no other list's words."""
    return load_cases([BENCHMARK / f"bench{number:02d}.json" for number in range(1, lists + 1)])
