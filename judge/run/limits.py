"""What bounds a worker: the limits themselves, and how each is enforced.

Enforcement sits behind `MemoryEnforcer` so that another way (a cgroup, a watchdog that sums
the process tree) is one more class here, chosen without touching the session.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class Limits:
    time_seconds: float = 5.0
    memory_mb: int = 512
    output_bytes: int = 16 * 1024


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
