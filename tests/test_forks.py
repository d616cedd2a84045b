"""The judge's tidying of a sandbox from outside (judge/run/forks.py), on real sandboxes."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from judge.harness.launch import Launch
from judge.run.confine import SETPRIV, Bubblewrap
from judge.run.forks import empty_from_outside, state_of
from judge.run.process import descendants

from .conftest import needs_bubblewrap

PATIENCE_SECONDS = 30.0
WRITES = ("touch /tmp/note; mkdir -p /tmp/d/e; touch /tmp/d/e/f {toolchain}/../left; "
          "kill -STOP $$")

# These tests remove files: see conftest's in_a_folder_of_its_own.
pytestmark = pytest.mark.usefixtures("in_a_folder_of_its_own")


def sandboxed(toolchain: Path, as_worker: bool) -> Iterator[int]:
    """A shell in a worker's sandbox, with a toolchain under /tmp (as a virtual environment
    made there is shown), stopped once it has written to its /tmp: its pid, as the judge
    finds a worker's process. Without `as_worker` it stays root, the folders' owner."""
    command = Bubblewrap().command(Launch(
        argv=("/bin/sh", "-c", WRITES.format(toolchain=toolchain)), toolchain=(str(toolchain),)))
    argv = list(command.argv)
    if not as_worker:  # the same sandbox, without the setpriv that makes the worker nobody
        start = argv.index(SETPRIV)
        del argv[start:argv.index("--", start) + 1]
    process = subprocess.Popen(argv, env=dict(command.env), pass_fds=command.pass_fds)
    command.close()
    try:
        deadline = time.monotonic() + PATIENCE_SECONDS
        while time.monotonic() < deadline:
            stopped = [pid for pid in descendants(process.pid) if state_of(pid) == "T"]
            if stopped:
                yield stopped[0]
                return
            if process.poll() is not None:  # bubblewrap refused its command line
                pytest.fail(f"the sandbox ended with status {process.returncode}")
            time.sleep(0.01)
        pytest.fail("the sandboxed shell never stopped")
    finally:
        process.kill()
        process.wait()


@pytest.fixture
def root_only(tmp_path: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("a sandbox without a user namespace needs root")
    if tmp_path.parts[1] != "tmp":
        pytest.skip("the test's toolchain must be under /tmp, where the sandbox has its own")


@needs_bubblewrap
def test_what_the_worker_wrote_goes_and_the_folders_to_the_sandboxs_mounts_stay(
        root_only: None, tmp_path: Path) -> None:
    """A checkout under /tmp is shown there: the folders leading to it are bubblewrap's, out of
    the worker's reach, and are left; everything else the worker wrote is removed. (They
    were counted as a file the judge could not remove: every case then started a worker.)"""
    toolchain = tmp_path / "checkout" / ".venv"
    toolchain.mkdir(parents=True)
    (toolchain / "python").write_text("")
    for pid in sandboxed(toolchain, as_worker=True):
        root = Path(f"/proc/{pid}/root")
        inside = root / str(toolchain).lstrip("/")
        assert (root / "tmp/note").exists() and not (inside.parent / "left").exists()
        assert empty_from_outside(pid, ["/tmp"]) == ""
        assert sorted(p.name for p in (root / "tmp").iterdir()) == [tmp_path.parts[2]]
        assert (inside / "python").exists()


@needs_bubblewrap
def test_folders_the_worker_could_rename_or_retime_are_not_left(root_only: None,
                                                               tmp_path: Path) -> None:
    """Run as the folders' owner, the worker could carry a secret in their names or times:
    the judge then says it could not empty /tmp, and the worker is not played from."""
    toolchain = tmp_path / "checkout" / ".venv"
    toolchain.mkdir(parents=True)
    for pid in sandboxed(toolchain, as_worker=False):
        assert empty_from_outside(pid, ["/tmp"]) == \
            "a folder in /tmp that the judge could not remove"
