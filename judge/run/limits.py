"""What bounds a worker: the limits themselves, and how each is enforced.

Time is CPU time, as problemtools and DMOJ count it: the CPU seconds of the worker and every
process below it, so a busy machine does not turn an honest solution into TLE. The wall clock
is only a backstop, at `WALL_BACKSTOP` times the limit, for a solution that sleeps or blocks.
Memory enforcement sits behind `MemoryEnforcer` so that another way (a cgroup, a watchdog that
sums the process tree) is one more class here, chosen without touching the session.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

WALL_BACKSTOP = 3.0
# How often the CPU time of a worker's process tree is read while the judge waits on it.
CPU_CHECK_SECONDS = 0.05


@dataclass(frozen=True)
class Limits:
    time_seconds: float = 5.0  # CPU seconds per case
    memory_mb: int = 512
    output_bytes: int = 16 * 1024


class Clock:
    """One wait's time: CPU seconds of a process tree, and a wall-clock backstop.

    `cpu_used` reads the tree's CPU seconds so far; what it read at the start is the zero.
    A clock with no CPU limit is a plain wall-clock deadline (loading a file, say).
    """

    def __init__(self, cpu_limit: float | None, wall_limit: float,
                 cpu_used: Callable[[], float] = lambda: 0.0) -> None:
        self.cpu_limit, self.wall_limit, self._cpu_used = cpu_limit, wall_limit, cpu_used
        self.start = time.monotonic()
        self.wall_deadline = self.start + wall_limit
        self.cpu_start = cpu_used() if cpu_limit is not None else 0.0
        self._checked = self.start
        self.fired: Literal["cpu", "wall"] | None = None

    @classmethod
    def for_case(cls, cpu_limit: float, cpu_used: Callable[[], float]) -> Clock:
        return cls(cpu_limit, cpu_limit * WALL_BACKSTOP, cpu_used)

    def cpu_seconds(self) -> float:
        return self._cpu_used() - self.cpu_start

    def wall_seconds(self) -> float:
        return time.monotonic() - self.start

    def cut_wall(self, seconds: float) -> None:
        """End the wait at most `seconds` from now, whatever the CPU limit still allows."""
        self.wall_deadline = min(self.wall_deadline, time.monotonic() + seconds)

    def wait(self) -> float | None:
        """How long to wait before looking again; None once a limit has passed (see `fired`)."""
        now = time.monotonic()
        if now >= self.wall_deadline:
            self.fired = "wall"
            return None
        wait = self.wall_deadline - now
        if self.cpu_limit is not None:
            if now - self._checked >= CPU_CHECK_SECONDS:
                self._checked = now
                if self.cpu_seconds() >= self.cpu_limit:
                    self.fired = "cpu"
                    return None
            wait = min(wait, CPU_CHECK_SECONDS)
        return wait

    def verdict_detail(self) -> str:
        """Which limit fired, in a candidate's words."""
        if self.fired == "cpu":
            return f"more than {self.cpu_limit:g} s of CPU time"
        if self.cpu_limit is None:
            return f"no answer within {self.wall_limit:g} s"
        return (f"no return within {self.wall_limit:g} s of wall-clock time (the backstop, "
                f"{WALL_BACKSTOP:g}x the CPU limit): it slept or waited, using "
                f"{self.cpu_seconds():.2f} s of CPU")


class MemoryEnforcer(Protocol):
    @property
    def name(self) -> str: ...

    def harness_memory_mb(self, limits: Limits) -> int:
        """The address-space cap the harness applies to itself as it starts (0: none)."""
        ...


@dataclass(frozen=True)
class AddressSpaceLimit:
    """RLIMIT_AS, set by the harness on its own process: per process, inherited by children."""

    name: str = "rlimit"

    def harness_memory_mb(self, limits: Limits) -> int:
        return limits.memory_mb


DEFAULT_LIMITS = Limits()
DEFAULT_MEMORY_ENFORCER = AddressSpaceLimit()
