"""Builds are bounded: what a compiler prints, what it writes, its /tmp, and the cache."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from judge.harness.launch import Build
from judge.run import build as building
from judge.run.build import LARGEST_BUILT_FILE_MB, CompileError, built_program, evict, size_of
from judge.run.confine import Bubblewrap, Unconfined

from .conftest import arguments_of, needs_bubblewrap

PATH = {"PATH": "/usr/bin:/bin"}


def cached(root: Path) -> list[Path]:
    return [p for p in root.iterdir() if not p.name.startswith("building-")]


def test_a_flood_of_compiler_output_is_never_stored(tmp_path: Path) -> None:
    """90 MB of errors from a 600-byte file once stayed in the cache for good."""
    flood = Build(files={}, steps=(("sh", "-c", "yes 'error: again' | head -c 50000000; "
                                               "exit 1"),), env=PATH)
    error = built_program(flood, Unconfined(), root=tmp_path)
    assert isinstance(error, CompileError)
    assert sum(size_of(p) for p in cached(tmp_path)) < 100_000


def test_a_build_that_writes_a_huge_file_is_a_compile_error(tmp_path: Path) -> None:
    size = (LARGEST_BUILT_FILE_MB + 8) << 20
    huge = Build(files={}, steps=(("sh", "-c", f"head -c {size} /dev/zero > program"),),
                 env=PATH)
    error = built_program(huge, Unconfined(), root=tmp_path)
    assert isinstance(error, CompileError), error
    assert f"larger than {LARGEST_BUILT_FILE_MB} MiB" in error.message
    assert sum(size_of(p) for p in cached(tmp_path)) < 100_000


def test_the_cache_keeps_the_most_recently_used_builds(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(building.CACHE_SIZE_VARIABLE, "1")  # one MiB: about one build of these
    monkeypatch.setattr(building, "RECENTLY_USED_SECONDS", 0.0)

    def made(tag: str) -> Path:
        step = ("sh", "-c", f"head -c 700000 /dev/zero > program; echo {tag} > tag")
        result = built_program(Build(files={}, steps=(step,), env=PATH), Unconfined(),
                               root=tmp_path)
        assert isinstance(result, Path)
        return result

    first = made("a")
    second = made("b")
    assert not first.exists() and second.exists()  # over a MiB: the older one went
    again = made("b")
    assert again == second  # a hit builds nothing
    os.utime(second, (1, 1))  # long unused ...
    third = made("c")
    assert third.exists() and not second.exists()


def test_eviction_spares_recent_builds_and_the_one_in_hand(tmp_path: Path) -> None:
    keep = tmp_path / "keep"
    keep.mkdir()
    (keep / "program").write_bytes(b"x" * 2_000_000)
    other = tmp_path / "other"
    other.mkdir()
    (other / "program").write_bytes(b"x" * 10)
    assert evict(tmp_path, 1, keep) == []  # used just now: another judge may be running it
    os.utime(other, (1, 1))
    assert evict(tmp_path, 1, keep) == [other]
    assert keep.exists()


@needs_bubblewrap
def test_the_compile_sandboxs_tmp_has_a_size(tmp_path: Path) -> None:
    fills = Build(files={}, steps=(("sh", "-c", "head -c 16000000 /dev/zero > /tmp/fill"),),
                  env=PATH)
    error = built_program(fills, Bubblewrap(tmp_mb=8), root=tmp_path)
    assert isinstance(error, CompileError) and "No space left" in error.message
    assert isinstance(built_program(fills, Bubblewrap(tmp_mb=64), root=tmp_path / "b"), Path)


def test_a_builds_processes_are_held_to_one_memory_limit_together(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two processes of 48 MiB each pass a 64 MiB limit together, not one alone: the limit is
    the build's whole tree (a memory cgroup), as for a run."""
    from judge.run.limits import cgroup_enforcer

    if cgroup_enforcer() is None:
        pytest.skip("the judge may make no memory cgroup here")
    monkeypatch.setattr(building, "BUILD_MEMORY_MB", 64)

    def hold(together: int) -> str:
        # Each process holds its 48 MiB until `together` of them hold theirs (a file each in
        # the build's folder), so on a starved machine they still overlap; a minute at most.
        return ("python3 -c 'import os, time; b = bytearray(48 << 20); "
                "open(f\"held-{os.getpid()}\", \"w\").close(); end = time.time() + 60\n"
                f"while sum(n.startswith(\"held-\") for n in os.listdir()) < {together} "
                "and time.time() < end: time.sleep(0.05)'")

    alone = Build(files={}, steps=(("sh", "-c", hold(1)),), env=PATH)
    assert isinstance(built_program(alone, Unconfined(), root=tmp_path / "a"), Path)
    together = Build(files={}, steps=(("sh", "-c", f"{hold(2)} & {hold(2)}; wait"),), env=PATH)
    error = built_program(together, Unconfined(), root=tmp_path / "b")
    assert isinstance(error, CompileError), error
    assert "used more than 64 MiB together" in error.message


def test_a_build_step_runs_nothing_until_its_memory_is_watched(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The step is in its cgroup before it runs: a process it starts at once, adopted late,
    would keep outside the limit what it had allocated."""
    from judge.run.limits import Limits, NoWatch
    from judge.run.process import HOLD

    seen: list[list[str]] = []

    class Enforcer:
        def watch(self, pid: int, limits: Limits) -> NoWatch:
            seen.append(arguments_of(pid))  # still held
            return NoWatch()

    monkeypatch.setattr(building, "cgroup_enforcer", Enforcer)
    step = ("sh", "-c", "touch started")
    build = Build(files={}, steps=(step,), env=PATH)
    assert isinstance(built_program(build, Unconfined(), root=tmp_path / "b"), Path)
    (arguments,) = seen
    assert arguments[:len(HOLD)] == list(HOLD)
