"""What bounds a worker: the limits themselves, and how each is enforced.

Time is CPU time, as problemtools and DMOJ count it: the CPU seconds of the worker and every
process below it, so a busy machine does not turn an honest solution into TLE. The wall clock
is only a backstop, at `WALL_BACKSTOP` times the limit, for a solution that sleeps or blocks.
Memory enforcement sits behind `MemoryEnforcer` so that another way (a cgroup, a watchdog that
sums the process tree) is one more class here, chosen without touching the session.
"""

from __future__ import annotations

import contextlib
import functools
import os
import secrets
import signal
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol

WALL_BACKSTOP = 3.0
# How often the CPU time of a worker's process tree is read while the judge waits on it.
CPU_CHECK_SECONDS = 0.05


@dataclass(frozen=True)
class Limits:
    time_seconds: float = 5.0  # CPU seconds per case
    memory_mb: int = 512
    output_bytes: int = 16 * 1024
    # The wall clock stops a case at this many times its CPU limit. Tests that must tell the
    # two limits apart on a loaded machine raise it, so only the CPU limit can fire.
    wall_backstop: float = WALL_BACKSTOP


class Clock:
    """One wait's time: CPU seconds of a process tree, and a wall-clock backstop.

    `cpu_used` reads the tree's CPU seconds so far; what it read at the start is the zero,
    unless `cpu_from` gives the zero (0.0: every second the tree has used counts). A clock
    with no CPU limit is a plain wall-clock deadline.
    """

    def __init__(self, cpu_limit: float | None, wall_limit: float,
                 cpu_used: Callable[[], float] = lambda: 0.0,
                 backstop: float = WALL_BACKSTOP, cpu_from: float | None = None) -> None:
        self.cpu_limit, self.wall_limit, self._cpu_used = cpu_limit, wall_limit, cpu_used
        self.backstop = backstop  # what the wall limit is, in CPU limits, for the verdict
        self.start = time.monotonic()
        self.wall_deadline = self.start + wall_limit
        self.cpu_start = 0.0 if cpu_limit is None else \
            cpu_used() if cpu_from is None else cpu_from
        self._checked = self.start
        self.fired: Literal["cpu", "wall"] | None = None

    @classmethod
    def for_case(cls, cpu_limit: float, cpu_used: Callable[[], float],
                 backstop: float = WALL_BACKSTOP) -> Clock:
        return cls(cpu_limit, cpu_limit * backstop, cpu_used, backstop)

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
                if self.past_cpu_limit():
                    return None
            wait = min(wait, CPU_CHECK_SECONDS)
        return wait

    def past_cpu_limit(self) -> bool:
        """Whether the CPU limit has passed, read now (then it has fired); `wait` reads it once
        a check interval."""
        if self.cpu_limit is None or self.cpu_seconds() < self.cpu_limit:
            return False
        self.fired = "cpu"
        return True

    def verdict_detail(self) -> str:
        """Which limit fired, in a candidate's words."""
        if self.fired == "cpu":
            return f"more than {self.cpu_limit:g} s of CPU time"
        if self.cpu_limit is None:
            return f"no answer within {self.wall_limit:g} s"
        return (f"no return within {self.wall_limit:g} s of wall-clock time (the backstop, "
                f"{self.backstop:g}x the CPU limit): it slept or waited, using "
                f"{max(self.cpu_seconds(), 0.0):.2f} s of CPU")


class MemoryWatch(Protocol):
    """One worker's memory, watched over its whole life."""

    def kills(self) -> int:
        """How many of the worker's processes the kernel has killed for memory so far."""
        ...

    def adopt(self, pids: Iterable[int]) -> None:
        """Bound these processes too (a sandbox's own forks, made before the watch began)."""
        ...

    def members(self) -> set[int]:
        """Every process bounded now, wherever it has moved in the process tree."""
        ...

    def poll(self, tree: Callable[[], set[int]]) -> bool:
        """Called while the judge waits on the worker (`tree` lists its processes): whether a
        process was killed for memory since the last poll. A watch that enforces by itself,
        with no help from the kernel, measures and kills here."""
        ...

    def release(self) -> None: ...


class MemoryEnforcer(Protocol):
    @property
    def name(self) -> str: ...

    def harness_memory_mb(self, limits: Limits) -> int:
        """The address-space cap the harness applies to itself as it starts (0: none)."""
        ...

    def watch(self, pid: int, limits: Limits) -> MemoryWatch:
        """Start bounding the process `pid` and everything it will start."""
        ...


class NoWatch:
    def kills(self) -> int:
        return 0

    def adopt(self, pids: Iterable[int]) -> None:
        pass

    def members(self) -> set[int]:
        return set()

    def poll(self, tree: Callable[[], set[int]]) -> bool:
        return False

    def release(self) -> None:
        pass


CGROUP_MEMORY = Path("/sys/fs/cgroup/memory")


def own_memory_cgroup(cgroups: Path = Path("/proc/self/cgroup")) -> Path | None:
    """This process's cgroup v1 memory directory, where the judge may make sub-groups."""
    try:
        lines = cgroups.read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if "memory" in controllers.split(","):
            return CGROUP_MEMORY / path.lstrip("/")
    return None


RELEASE_SECONDS = 0.5


class CgroupWatch:
    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.seen = 0  # the count survives the cgroup, which is gone once released
        self.checked = 0.0

    def kills(self) -> int:
        try:
            for line in (self.directory / "memory.oom_control").read_text().splitlines():
                if line.startswith("oom_kill "):
                    self.seen = int(line.split()[1])
        except (OSError, ValueError):
            pass
        return self.seen

    def adopt(self, pids: Iterable[int]) -> None:
        # Only those outside: on cgroup v1 every write to cgroup.procs waits about 10 ms for
        # the kernel (an RCU grace period), even for a process that is in the group already.
        inside = self.members()
        for pid in pids:
            if pid in inside:
                continue
            try:
                (self.directory / "cgroup.procs").write_text(str(pid))
            except OSError:
                continue  # gone already

    def poll(self, tree: Callable[[], set[int]]) -> bool:
        # The kernel enforces the limit; the judge only notices, at most every 50 ms.
        now = time.monotonic()
        if now - self.checked < CPU_CHECK_SECONDS:
            return False
        self.checked = now
        before = self.seen
        return self.kills() > before

    def members(self) -> set[int]:
        # A process that left the tree (a double fork, setsid, no subreaper) is still here.
        try:
            return {int(p) for p in (self.directory / "cgroup.procs").read_text().split()}
        except (OSError, ValueError):
            return set()

    def release(self) -> None:
        self.kills()
        # The processes are killed by now, but a sandbox's may still be ending (the kernel
        # ends a PID namespace's processes after its first), and their memory charges may take
        # a moment to leave: tried again soon, then less often, for half a second in all.
        waited = 0.0
        while True:
            try:
                self.directory.rmdir()
                return
            except FileNotFoundError:
                return
            except OSError:
                if waited >= RELEASE_SECONDS:
                    return
                pause = min(0.01, 0.001 + waited / 4)
                time.sleep(pause)
                waited += pause


@dataclass(frozen=True)
class TreeMemoryLimit:
    """A memory cgroup (v1) per worker: the whole process tree counts, files it writes to a
    tmpfs too, and the kernel kills at the limit. RLIMIT_AS stays as well, per process, so
    that a single allocation too large still fails as MemoryError and is reported precisely.
    """

    root: Path
    name: str = "cgroup"

    def harness_memory_mb(self, limits: Limits) -> int:
        return limits.memory_mb

    def watch(self, pid: int, limits: Limits) -> MemoryWatch:
        if limits.memory_mb <= 0:
            return NoWatch()
        # Process ids come round again (pid_max may be 32768), and a cgroup whose charges
        # would not leave is given up on: a name of its own for every worker, so that no
        # leftover ever stands where a worker's cgroup must be made.
        directory = self.root / f"guess-judge-{os.getpid()}-{pid}-{secrets.token_hex(8)}"
        try:
            directory.mkdir()
        except OSError:
            return NoWatch()
        try:
            limit = str(limits.memory_mb << 20)
            (directory / "memory.limit_in_bytes").write_text(limit)
            swap = directory / "memory.memsw.limit_in_bytes"
            if swap.exists():  # no swapping past the limit either
                swap.write_text(limit)
            (directory / "cgroup.procs").write_text(str(pid))
        except OSError:
            CgroupWatch(directory).release()
            return NoWatch()
        return CgroupWatch(directory)


def proportional_bytes(pid: int) -> int:
    """A process's proportional set size: shared pages split among the processes sharing
    them, so that a forked tree is not counted twice over."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) << 10
    except (OSError, ValueError, IndexError):
        pass
    return 0


def tmpfs_bytes(pid: int) -> int:
    """What the files in the /tmp that `pid` sees hold, when that /tmp is a sandbox's own (while
    the sandbox starts, its processes still see the judge's /tmp: that is not counted)."""
    # One descriptor for the check and the count: while bubblewrap pivots into the sandbox
    # the path can change under us, and a count of the host's disk (seen once, mid-pivot)
    # must never pass for the sandbox's memory.
    try:
        directory = os.open(f"/proc/{pid}/root/tmp", os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return 0
    try:
        if os.fstat(directory).st_dev in {os.stat("/tmp").st_dev, os.stat("/").st_dev}:
            return 0
        stats = os.fstatvfs(directory)
    except OSError:
        return 0
    finally:
        os.close(directory)
    return (stats.f_blocks - stats.f_bfree) * stats.f_frsize


class WatchdogWatch(NoWatch):
    """Sums the tree's memory (and its sandbox's /tmp) while the judge waits, and kills the
    whole tree past the limit: the fallback where no memory cgroup can be made."""

    def __init__(self, root: int, limit_bytes: int, sandboxed: bool) -> None:
        self.root, self.limit, self.sandboxed = root, limit_bytes, sandboxed
        self.killed, self.checked = 0, 0.0

    def kills(self) -> int:
        return self.killed

    def poll(self, tree: Callable[[], set[int]]) -> bool:
        now = time.monotonic()
        if now - self.checked < CPU_CHECK_SECONDS:
            return False
        self.checked = now
        processes = tree()
        used = sum(proportional_bytes(p) for p in processes)
        inside = processes - {self.root}  # the root is bubblewrap itself, outside its sandbox
        if self.sandboxed and inside:
            used += tmpfs_bytes(min(inside))
        if used <= self.limit:
            return False
        self.killed += 1
        for pid in processes:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        return True


@dataclass(frozen=True)
class TreeWatchdog:
    """The tree's proportional memory, summed by the judge every 50 ms (see WatchdogWatch)."""

    sandboxed: bool = False
    name: str = "watchdog"

    def harness_memory_mb(self, limits: Limits) -> int:
        return limits.memory_mb

    def watch(self, pid: int, limits: Limits) -> MemoryWatch:
        if limits.memory_mb <= 0:
            return NoWatch()
        return WatchdogWatch(pid, limits.memory_mb << 20, self.sandboxed)


def tree_memory_enforcer(sandboxed: bool = False) -> MemoryEnforcer:
    """The cgroup limit where this machine lets the judge make memory cgroups, else the
    judge's own watchdog over the tree's memory."""
    return cgroup_enforcer() or TreeWatchdog(sandboxed)


def judge_of(cgroup: str) -> int | None:
    """The process id of the judge that made a cgroup of this name, None if not the judge's."""
    parts = cgroup.split("-")  # guess-judge-JUDGE-WORKER-HEX, guess-judge-probe-JUDGE-HEX
    if len(parts) != 5 or parts[:2] != ["guess", "judge"]:
        return None
    number = parts[3] if parts[2] == "probe" else parts[2]
    return int(number) if number.isascii() and number.isdigit() else None


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_leftover_cgroups(root: Path) -> int:
    """Remove the cgroups that judges gone before their end left (killed outright, which no
    judge can clean up after); how many went. One whose judge lives is its, and a group with
    processes in it cannot be removed: both are left."""
    removed = 0
    try:
        entries = list(root.iterdir())
    except OSError:
        return 0
    for entry in entries:
        judge = judge_of(entry.name)
        if judge is None or judge == os.getpid() or alive(judge):
            continue
        with contextlib.suppress(OSError):
            entry.rmdir()
            removed += 1
    return removed


@functools.cache
def cgroup_enforcer() -> MemoryEnforcer | None:
    """The cgroup limit where this machine lets the judge make memory cgroups, else RLIMIT_AS
    alone (per process: a submission that forks can then use the limit once per process)."""
    root = own_memory_cgroup()
    if root is not None:
        probe = root / f"guess-judge-probe-{os.getpid()}-{secrets.token_hex(8)}"
        try:
            probe.mkdir()
            probe.rmdir()
            remove_leftover_cgroups(root)
            return TreeMemoryLimit(root)
        except OSError:
            pass
    return None


DEFAULT_LIMITS = Limits()
