"""The Python harness: `worker.py`, run by the base interpreter in isolated mode."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

from judge.harness.launch import Channel, Game, Launch, Mounted

WORKER_FILE = Path(__file__).with_name("worker.py")


def python_executable() -> str:
    """The base interpreter: the worker needs only the standard library."""
    return os.path.realpath(getattr(sys, "_base_executable", sys.executable))


def python_prefix() -> str:
    return os.path.realpath(sys.base_prefix)


@dataclass(frozen=True)
class PythonHarness:
    name: str = "python"
    extensions: tuple[str, ...] = (".py",)

    def launch(self, solution: Path, game: Game, channel: Channel, memory_mb: int) -> Launch:
        return Launch(
            argv=(python_executable(), "-I", "-S",
                  Mounted(WORKER_FILE, "/judge/worker.py"),
                  Mounted(solution.resolve(), "/submission/solution.py"),
                  str(channel.read_fd), str(channel.write_fd), str(memory_mb), game),
            toolchain=(python_prefix(),),
            env={"PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0", "LANG": "C.UTF-8"})


PYTHON = PythonHarness()
