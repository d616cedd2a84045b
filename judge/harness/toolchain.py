"""What compiled harnesses share: finding a tool, asking its version, their common answers."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from pathlib import Path

from judge.harness.launch import Frame

# A compiler's environment: the tools it calls are found on this PATH, and it needs no more.
BUILD_ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/tmp"}
RUN_ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}


def tool(name: str) -> str | None:
    """The real path of a program on PATH (a sandbox shows /usr, not /etc/alternatives)."""
    found = shutil.which(name)
    return os.path.realpath(found) if found else None


@functools.cache
def version(program: str, flag: str = "--version") -> str:
    """The first line a program prints about its version: part of a build's cache key."""
    try:
        done = subprocess.run([program, flag], capture_output=True, timeout=60, check=False,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    lines = (done.stdout + done.stderr).decode("utf-8", "replace").splitlines()
    return lines[0] if lines else ""


def source_files(directory: Path, *names: str) -> dict[str, bytes]:
    return {name: (directory / name).read_bytes() for name in names}


def no_stack_dump(output: str) -> tuple[str, list[Frame]]:
    """For harnesses that do not dump a stack on a time-out (yet): the output as it is."""
    return output, []


def install_hint(program: str, package: str) -> str:
    return f"'{program}' is not installed (on Debian: apt-get install {package}; `make test` " \
           f"installs it where it may)"
