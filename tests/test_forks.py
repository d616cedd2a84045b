"""The judge's tidying of a sandbox from outside (judge/run/forks.py), on real sandboxes."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from judge.run.confine import SETPRIV, WORKER_USER, read_only_bind
from judge.run.forks import empty_from_outside, state_of
from judge.run.process import descendants

from .conftest import needs_bubblewrap

# A toolchain the sandbox shows under /tmp, as it shows a virtual environment made there.
TOOLCHAIN = "/tmp/checkout/.venv/bin"
PATIENCE_SECONDS = 30.0
WRITES = "touch /tmp/note; mkdir -p /tmp/d/e; touch /tmp/d/e/f /tmp/checkout/left; kill -STOP $$"


def sandboxed(as_worker: bool) -> Iterator[int]:
    """A shell in a sandbox like a worker's, stopped once it has written to its /tmp: its
    pid, as the judge finds a worker's process."""
    identity = [SETPRIV, f"--reuid={WORKER_USER}", f"--regid={WORKER_USER}", "--clear-groups",
                "--"] if as_worker else []
    process = subprocess.Popen(
        [shutil.which("bwrap") or "bwrap", "--unshare-pid", "--die-with-parent",
         "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64",
         "/lib64", "--symlink", "usr/bin", "/bin", "--proc", "/proc", "--dev", "/dev",
         "--perms", "1777", "--tmpfs", "/tmp", *read_only_bind("/usr/bin", TOOLCHAIN),
         *identity, "/bin/sh", "-c", WRITES])
    try:
        deadline = time.monotonic() + PATIENCE_SECONDS
        while time.monotonic() < deadline:
            stopped = [pid for pid in descendants(process.pid) if state_of(pid) == "T"]
            if stopped:
                yield stopped[0]
                return
            time.sleep(0.01)
        pytest.fail("the sandboxed shell never stopped")
    finally:
        process.kill()
        process.wait()


@pytest.fixture
def root_only() -> None:
    if os.geteuid() != 0:
        pytest.skip("a sandbox without a user namespace needs root")


@needs_bubblewrap
def test_what_the_worker_wrote_goes_and_the_folders_to_the_sandboxs_mounts_stay(
        root_only: None) -> None:
    """A checkout under /tmp is shown there: the folders leading to it are bubblewrap's, out of
    the worker's reach, and are left; everything else the worker wrote is removed. (They
    were counted as a file the judge could not remove: every case then started a worker.)"""
    for pid in sandboxed(as_worker=True):
        root = Path(f"/proc/{pid}/root")
        assert (root / "tmp/note").exists() and not (root / "tmp/checkout/left").exists()
        assert empty_from_outside(pid, ["/tmp"]) == ""
        assert sorted(p.name for p in (root / "tmp").iterdir()) == ["checkout"]
        assert (root / TOOLCHAIN.lstrip("/") / "sh").exists()


@needs_bubblewrap
def test_folders_the_worker_could_rename_or_retime_are_not_left(root_only: None) -> None:
    """Run as the folders' owner, the worker could carry a secret in their names or times:
    the judge then says it could not empty /tmp, and the worker is not played from."""
    for pid in sandboxed(as_worker=False):
        assert empty_from_outside(pid, ["/tmp"]) == \
            "a folder in /tmp that the judge could not remove"
